/**
 * The numeric readings of a host that is not an RFC 3986 IPv4address: the
 * WHATWG URL Standard's ("Host parsing": the ends in a number checker, the
 * IPv4 parser and the IPv4 number parser, followed step by step) and the
 * classic one of inet_aton(3), which resolvers (getaddrinfo) apply to a name
 * before they look it up: "a.b.c.d", "a.b.c", "a.b" or "a", each part decimal,
 * octal with a leading "0" or hexadecimal with "0x", the last part filling the
 * bytes the others leave.
 *
 * These are what an SSRF guard must know: RFC 3986 (3.2.2, 7.4) reads
 * "0x7f.1", "127.1" and "2130706433" as registered names, while a browser
 * and the C library read each as 127.0.0.1. Each part keeps its offset in
 * the host, so that a report can point at the part that is not dotted
 * decimal.
 */

/** 2^32: no IPv4 address is this large, and no part may be. */
const TOO_LARGE = 2 ** 32;

/** A part of a dotted host, as the IPv4 number parser reads it. */
export interface Ipv4Part {
  /** The part as written. */
  readonly text: string;
  /** Its offset in the host. */
  readonly start: number;
  /** 10, 8 (a leading "0"), 16 ("0x" or "0X"). */
  readonly radix: 8 | 10 | 16;
  /** Its value (at least 2^32 reads as 2^32), or undefined when it is no number in its radix. */
  readonly value: number | undefined;
}

/** The WHATWG IPv4 parser's result: an address, or the failure and the part it is at. */
export type WhatwgIpv4 =
  | { readonly ok: true; readonly value: number; readonly parts: readonly Ipv4Part[]; readonly trailingDot: boolean }
  | { readonly ok: false; readonly reason: 'too-many-parts' | 'non-numeric-part' | 'out-of-range-part'; readonly offset: number; readonly parts: readonly Ipv4Part[] };

/**
 * The IPv4 number parser (WHATWG URL, "Host parsing"), with where the part is:
 * "0x"/"0X" is hexadecimal (and "0x" alone is 0), a leading "0" octal, else
 * decimal; failure (value undefined) for an empty part or a digit outside the
 * radix. Linear in the part's length: the value stops growing at 2^32.
 */
export function ipv4Number(text: string, start = 0): Ipv4Part {
  let radix: 8 | 10 | 16 = 10;
  let digits = text;
  if (text.length >= 2 && (text.startsWith('0x') || text.startsWith('0X'))) {
    radix = 16;
    digits = text.slice(2);
  } else if (text.length >= 2 && text[0] === '0') {
    radix = 8;
    digits = text.slice(1);
  }
  if (text === '') return { text, start, radix, value: undefined };
  let value = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digitValue(digits.charCodeAt(i));
    if (d >= radix) return { text, start, radix, value: undefined };
    if (value < TOO_LARGE) value = Math.min(value * radix + d, TOO_LARGE);
  }
  return { text, start, radix, value };
}

/** The value of an ASCII hex digit, or 99 for anything else. */
function digitValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x57;
  return 99;
}

/** The host split on ".", each part with its offset ("strictly splitting": empty parts kept). */
function split(host: string): Array<{ text: string; start: number }> {
  const parts: Array<{ text: string; start: number }> = [];
  let start = 0;
  for (;;) {
    const dot = host.indexOf('.', start);
    parts.push({ text: host.slice(start, dot < 0 ? host.length : dot), start });
    if (dot < 0) return parts;
    start = dot + 1;
  }
}

export { endsInNumber } from '../core/ends-in-number';

/**
 * The IPv4 parser (WHATWG URL, "Host parsing"), for a host that ends in a
 * number: one final empty part (a trailing ".") is dropped; more than four
 * parts, a part that is no IPv4 number, a part but the last above 255, or a
 * last part of 256^(5 - parts) or more, is a failure.
 */
export function whatwgIpv4(host: string): WhatwgIpv4 {
  const raw = split(host);
  const trailingDot = raw.length > 1 && raw[raw.length - 1].text === '';
  if (trailingDot) raw.pop();
  const parts = raw.map((p) => ipv4Number(p.text, p.start));
  if (parts.length > 4) return { ok: false, reason: 'too-many-parts', offset: parts[4].start, parts };
  const bad = parts.find((p) => p.value === undefined);
  if (bad !== undefined) return { ok: false, reason: 'non-numeric-part', offset: bad.start, parts };
  const values = parts.map((p) => p.value as number);
  for (let k = 0; k < values.length - 1; k++) if (values[k] > 255) return { ok: false, reason: 'out-of-range-part', offset: parts[k].start, parts };
  const last = values[values.length - 1];
  if (last >= 256 ** (5 - values.length)) return { ok: false, reason: 'out-of-range-part', offset: parts[parts.length - 1].start, parts };
  let value = last;
  for (let k = 0; k < values.length - 1; k++) value += values[k] * 256 ** (3 - k);
  return { ok: true, value, parts, trailingDot };
}

/**
 * The address inet_aton(3) reads, or undefined when it reads none: one to
 * four parts separated by ".", none empty, each decimal, octal ("0" first) or
 * hexadecimal ("0x" or "0X" and at least one hex digit); every part but the
 * last at most 255, the last filling the remaining bytes (at most 2^32 - 1,
 * 2^24 - 1, 2^16 - 1 or 255 for one to four parts). No trailing ".": a
 * resolver looks "127.0.0.1." up as a name.
 */
export function inetAton(host: string): number | undefined {
  const parts = split(host);
  if (parts.length > 4) return undefined;
  const values: number[] = [];
  for (const { text } of parts) {
    if (!/^(?:0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)$/.test(text)) return undefined;
    const v = ipv4Number(text).value;
    if (v === undefined) return undefined;
    values.push(v);
  }
  const last = values[values.length - 1];
  if (values.slice(0, -1).some((v) => v > 255) || last >= 256 ** (5 - values.length)) return undefined;
  let value = last;
  for (let k = 0; k < values.length - 1; k++) value += values[k] * 256 ** (3 - k);
  return value;
}

/** An IPv4 address as dotted decimal (the WHATWG IPv4 serializer; RFC 3986's dotted form). */
export function formatIpv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join('.');
}
