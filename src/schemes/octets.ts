/**
 * Percent-decoding with the offsets kept (RFC 3986 2.1): the octets a span of
 * a URI stands for, each with the offset of the character or triplet it
 * comes from, so that a check made on the decoded text can point into the
 * URI. The span is one a grammar accepted: every "%" begins a triplet. Typed
 * arrays, sized once: a span may be a megabyte of an address or a body.
 */
import { CodeUnitBuilder } from '../encoding/code-units';
import { isTripletAt, tripletOctet } from '../encoding/triplets';
import { readUtf8 } from '../encoding/utf8';

export interface Octets {
  /** How many octets. */
  readonly length: number;
  /** The octets (a character that is not encoded is its code unit: the spans read here are ASCII). */
  readonly octets: Uint16Array;
  /** For each octet, the offset in the input of the character or triplet it comes from. */
  readonly at: Int32Array;
  /** For each octet, 1 when it was percent-encoded. */
  readonly encoded: Uint8Array;
}

export function octetsOf(input: string, start: number, end: number): Octets {
  const size = end - start;
  const octets = new Uint16Array(size);
  const at = new Int32Array(size);
  const encoded = new Uint8Array(size);
  let n = 0;
  for (let i = start; i < end; n++) {
    at[n] = i;
    if (input.charCodeAt(i) === 0x25 && isTripletAt(input, i)) {
      octets[n] = tripletOctet(input, i);
      encoded[n] = 1;
      i += 3;
    } else {
      octets[n] = input.charCodeAt(i);
      i++;
    }
  }
  return { length: n, octets: octets.subarray(0, n), at: at.subarray(0, n), encoded: encoded.subarray(0, n) };
}

/**
 * The octets as text, UTF-8 decoded, with the input offset of each UTF-16
 * code unit of it (`at`); or, where the octets are not UTF-8, the input offset
 * where the first ill-formed sequence begins (`invalidAt`).
 */
export function utf8Text(o: Octets): { text: string; at: Int32Array } | { invalidAt: number } {
  const out = new CodeUnitBuilder(o.length);
  const at = new Int32Array(o.length * 2);
  let units = 0;
  for (let i = 0; i < o.length; ) {
    const b = o.octets[i];
    if (b < 0x80) {
      out.push(b);
      at[units++] = o.at[i];
      i++;
      continue;
    }
    const r = readUtf8(o.octets, i, o.length);
    // Where the ill-formed sequence begins: the octet a reader of the URI looks at.
    if ('invalidAt' in r) return { invalidAt: o.at[i] };
    out.pushCodePoint(r.codePoint);
    at[units++] = o.at[i];
    if (r.codePoint > 0xffff) at[units++] = o.at[i];
    i += r.length;
  }
  return { text: out.toString(), at: at.subarray(0, units) };
}

/**
 * The span [start, end) of `input` decoded as UTF-8, with `offsetOf(k)`, the
 * input offset of the text's k-th code unit; or the offset where the first
 * ill-formed sequence begins. Without a "%" in the span (most addresses and
 * header fields, and a million of them in a hostile URI) the text is the
 * span itself, and nothing is allocated but it.
 */
export function decodedSpan(input: string, start: number, end: number): { text: string; offsetOf: (k: number) => number } | { invalidAt: number } {
  if (!hasPercent(input, start, end)) return { text: input.slice(start, end), offsetOf: (k) => start + k };
  const t = utf8Text(octetsOf(input, start, end));
  if ('invalidAt' in t) return t;
  const at = t.at;
  return { text: t.text, offsetOf: (k) => (k < at.length ? at[k] : end) };
}

/** Whether the span [start, end) of `input` has a "%": a look at the span alone (indexOf would search on to the end of the input, for each of a million spans). */
export function hasPercent(input: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (input.charCodeAt(i) === 0x25) return true;
  return false;
}
