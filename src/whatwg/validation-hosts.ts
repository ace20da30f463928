/**
 * The URL Standard's host parser with its validation errors, positioned
 * (grammar/whatwg-url.bs, "Host parsing": the host parser, the
 * IPv4 parser, the IPv4 number parser, the IPv6 parser and the opaque-host
 * parser; "IDNA": the domain parser). Each step that names a validation
 * error reports it with an offset in the caller's input; what offset each
 * error carries is docs/whatwg-validity.md's table. Our own reading of the
 * Standard's steps; whatwgValidationErrors (./validation-errors) runs it.
 */
import { IdnaDomainTooLongError } from '../core/errors';
import { uts46 } from '../core/uts46';
import { formatIpv4, ipv4Number } from './ipv4';
import { formatIpv6 } from './ipv6';

/** The names of the Standard's validation error table, as written there (our copy: grammar/whatwg-url.bs). */
export type WhatwgValidationErrorName =
  | 'domain-to-ASCII'
  | 'domain-percent-encoded'
  | 'host-invalid-code-point'
  | 'IPv4-empty-part'
  | 'IPv4-too-few-parts'
  | 'IPv4-too-many-parts'
  | 'IPv4-non-numeric-part'
  | 'IPv4-non-decimal-part'
  | 'IPv4-out-of-range-part'
  | 'IPv6-unclosed'
  | 'IPv6-invalid-compression'
  | 'IPv6-too-many-pieces'
  | 'IPv6-multiple-compression'
  | 'IPv6-invalid-code-point'
  | 'IPv6-too-few-pieces'
  | 'IPv6-piece-leading-zero'
  | 'IPv4-in-IPv6-too-many-pieces'
  | 'IPv4-in-IPv6-invalid-code-point'
  | 'IPv4-in-IPv6-out-of-range-part'
  | 'IPv4-in-IPv6-too-few-parts'
  | 'invalid-URL-unit'
  | 'special-scheme-missing-following-solidus'
  | 'missing-scheme-non-relative-URL'
  | 'invalid-reverse-solidus'
  | 'invalid-credentials'
  | 'host-missing'
  | 'port-out-of-range'
  | 'port-invalid'
  | 'file-invalid-Windows-drive-letter'
  | 'file-invalid-Windows-drive-letter-host';

/** Every name of the table, in the table's order. */
export const WHATWG_VALIDATION_ERROR_NAMES: readonly WhatwgValidationErrorName[] = [
  'domain-to-ASCII',
  'domain-percent-encoded',
  'host-invalid-code-point',
  'IPv4-empty-part',
  'IPv4-too-few-parts',
  'IPv4-too-many-parts',
  'IPv4-non-numeric-part',
  'IPv4-non-decimal-part',
  'IPv4-out-of-range-part',
  'IPv6-unclosed',
  'IPv6-invalid-compression',
  'IPv6-too-many-pieces',
  'IPv6-multiple-compression',
  'IPv6-invalid-code-point',
  'IPv6-too-few-pieces',
  'IPv6-piece-leading-zero',
  'IPv4-in-IPv6-too-many-pieces',
  'IPv4-in-IPv6-invalid-code-point',
  'IPv4-in-IPv6-out-of-range-part',
  'IPv4-in-IPv6-too-few-parts',
  'invalid-URL-unit',
  'special-scheme-missing-following-solidus',
  'missing-scheme-non-relative-URL',
  'invalid-reverse-solidus',
  'invalid-credentials',
  'host-missing',
  'port-out-of-range',
  'port-invalid',
  'file-invalid-Windows-drive-letter',
  'file-invalid-Windows-drive-letter-host',
];

/** Records a validation error at an input offset. */
export type Report = (name: WhatwgValidationErrorName, offset: number) => void;


const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** "forbidden host code point" (Host miscellaneous). */
export function isForbiddenHost(c: number): boolean {
  return (
    c === 0 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x20 || c === 0x23 || c === 0x2f || c === 0x3a || c === 0x3c || c === 0x3e || c === 0x3f || c === 0x40 || c === 0x5b || c === 0x5c || c === 0x5d || c === 0x5e || c === 0x7c
  );
}

/** "forbidden domain code point": a forbidden host code point, a C0 control, "%" or U+007F. */
function isForbiddenDomain(c: number): boolean {
  return isForbiddenHost(c) || c <= 0x1f || c === 0x25 || c === 0x7f;
}

/** "URL code points" (URL writing): ASCII alphanumeric, !$&'()*+,-./:;=?@_~, and U+00A0 to U+10FFFD but surrogates and noncharacters. */
export function isUrlCodePoint(c: number): boolean {
  if (c < 0x80) {
    return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || "!$&'()*+,-./:;=?@_~".includes(String.fromCharCode(c));
  }
  if (c < 0xa0 || c > 0x10fffd) return false;
  if (c >= 0xd800 && c <= 0xdfff) return false;
  if (c >= 0xfdd0 && c <= 0xfdef) return false;
  return (c & 0xfffe) !== 0xfffe;
}

/** Whether `s` has a "%" at `i` followed by two ASCII hex digits (a percent-encoded byte). */
export function percentByteAt(s: string, i: number): boolean {
  return s.charCodeAt(i) === 0x25 && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2));
}

/** The UTF-8 bytes of a code point. */
export function utf8(c: number): number[] {
  if (c < 0x80) return [c];
  if (c >= 0xd800 && c <= 0xdfff) return [0xef, 0xbf, 0xbd]; // a lone surrogate: U+FFFD's bytes
  if (c < 0x800) return [0xc0 | (c >> 6), 0x80 | (c & 0x3f)];
  if (c < 0x10000) return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
  return [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
}

const HEX = '0123456789ABCDEF';

/** "UTF-8 percent-encode" a code point with a percent-encode set (given as a predicate on ASCII; every non-ASCII code point is in every set). */
export function percentEncode(c: number, inSet: (c: number) => boolean): string {
  if (c < 0x80 && !inSet(c)) return String.fromCharCode(c);
  if (c < 0x80) return `%${HEX[c >> 4]}${HEX[c & 15]}`;
  let out = '';
  for (const b of utf8(c)) out += `%${HEX[b >> 4]}${HEX[b & 15]}`;
  return out;
}

/** The C0 control percent-encode set, on ASCII: C0 controls and U+007F. */
export const C0_SET = (c: number): boolean => c <= 0x1f || c === 0x7f;

/**
 * "UTF-8 decode without BOM" of the percent-decoding of `s`: a byte sequence
 * that is not UTF-8 decodes to U+FFFD where it is not (a malformed sequence
 * gives one U+FFFD here, where the Encoding Standard may give several; the
 * domain parser refuses U+FFFD either way, so the result is the same).
 */
function percentDecodeUtf8(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (percentByteAt(s, i)) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
      continue;
    }
    const c = s.codePointAt(i) as number;
    if (c > 0xffff) i++;
    for (const b of utf8(c)) bytes.push(b);
  }
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) {
      out += '\uFFFD';
      i++;
      continue;
    }
    let c = need === 0 ? b : b & (0x3f >> need);
    let ok = i + need < bytes.length;
    for (let k = 1; ok && k <= need; k++) {
      const t = bytes[i + k];
      if ((t & 0xc0) !== 0x80) ok = false;
      else c = (c << 6) | (t & 0x3f);
    }
    // Overlong forms, surrogates and values over U+10FFFF are not UTF-8.
    if (ok && ((need === 2 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) || (need === 3 && (c < 0x10000 || c > 0x10ffff)))) ok = false;
    if (!ok) {
      out += '\uFFFD';
      i++;
      continue;
    }
    out += String.fromCodePoint(c);
    i += need + 1;
  }
  return out;
}

const isAscii = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
};

/**
 * The longest domain (in UTF-16 code units, after percent-decoding) that is
 * given to UTS 46 ToASCII (tr46): its Punycode encoding and decoding take
 * time quadratic in a label's length (1,024 distinct CJK code points: about
 * 16 ms on this project's machine, against 0.05 ms for a host of a few), so
 * a longer domain that needs it is refused with a RangeError, which is
 * docs/deviations.md's. An ASCII domain never needs it past 253 code units.
 */
export const MAX_IDNA_DOMAIN = 1024;

function toAscii(domain: string, strict: boolean, at: number): string | null {
  if (domain.length > MAX_IDNA_DOMAIN) throw new IdnaDomainTooLongError(at, domain.length, MAX_IDNA_DOMAIN);
  return uts46().toASCII(domain, { checkHyphens: strict, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: strict, transitionalProcessing: false, verifyDNSLength: strict, ignoreInvalidPunycode: false });
}

/**
 * "domain parser ToASCII" with beStrict true (UTS 46 ToASCII, CheckHyphens,
 * UseSTD3ASCIIRules and VerifyDnsLength set): whether it fails. An ASCII
 * domain is decided here by what those flags say of ASCII, which ToASCII
 * keeps as it is but for case: letters, digits and "-" only, no "-" first
 * or last or in the third and fourth places, labels of 1 to 63 (so no final
 * "." either: tr46 counts the empty label after it), 1 to 253 in all; only
 * one that passes and has an "xn--" label (at most 253 code units) goes to
 * tr46, to check what the label decodes to. Any other domain goes to tr46.
 */
function strictToAsciiFails(domain: string, at: number): boolean {
  if (!isAscii(domain)) return toAscii(domain, true, at) === null;
  const lower = domain.toLowerCase();
  if (lower.length === 0 || lower.length > 253) return true;
  let punycode = false;
  for (const label of lower.split('.')) {
    if (label.length === 0 || label.length > 63) return true;
    if (!/^[a-z0-9-]+$/.test(label)) return true;
    if (label.startsWith('-') || label.endsWith('-')) return true;
    if (label.startsWith('xn--')) punycode = true;
    else if (label.slice(2, 4) === '--') return true;
  }
  return punycode && toAscii(domain, true, at) === null;
}

/** The domain parser with beStrict false: the ASCII domain, or undefined (failure). */
function domainParser(domain: string, report: Report, at: number): string | undefined {
  if (strictToAsciiFails(domain, at)) report('domain-to-ASCII', at);
  let result: string | null;
  if (isAscii(domain)) result = domain.toLowerCase();
  else {
    result = toAscii(domain, false, at);
    if (result === null) return undefined;
  }
  if (result === '') return undefined;
  for (let i = 0; i < result.length; i++) if (isForbiddenDomain(result.charCodeAt(i))) return undefined;
  return result;
}

/** "ends in a number checker". */
function endsInANumber(input: string): boolean {
  const parts = input.split('.');
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
  const last = parts[parts.length - 1];
  if (last !== '' && /^[0-9]+$/.test(last)) return true;
  return ipv4Number(last).value !== undefined && /^0[xX]/.test(last);
}

/** The IPv4 parser; `at(i)` is the input offset of `input`'s i-th code unit. */
function ipv4Parser(input: string, report: Report, at: (i: number) => number): string | undefined {
  const parts: Array<{ text: string; start: number }> = [];
  let start = 0;
  for (;;) {
    const dot = input.indexOf('.', start);
    parts.push({ text: input.slice(start, dot < 0 ? input.length : dot), start });
    if (dot < 0) break;
    start = dot + 1;
  }
  if (parts[parts.length - 1].text === '') {
    report('IPv4-empty-part', at(input.length - 1));
    if (parts.length > 1) parts.pop();
  }
  if (parts.length < 4) report('IPv4-too-few-parts', at(0));
  if (parts.length > 4) {
    report('IPv4-too-many-parts', at(parts[4].start));
    return undefined;
  }
  const numbers: number[] = [];
  for (const part of parts) {
    const n = ipv4Number(part.text, part.start);
    if (n.value === undefined) {
      report('IPv4-non-numeric-part', at(part.start));
      return undefined;
    }
    if (n.radix !== 10) report('IPv4-non-decimal-part', at(part.start));
    numbers.push(n.value);
  }
  const over = numbers.findIndex((n) => n > 255);
  if (over >= 0) report('IPv4-out-of-range-part', at(parts[over].start));
  for (let k = 0; k < numbers.length - 1; k++) if (numbers[k] > 255) return undefined;
  const last = numbers[numbers.length - 1];
  if (last >= 256 ** (5 - numbers.length)) return undefined;
  let ipv4 = last;
  numbers.slice(0, -1).forEach((n, counter) => {
    ipv4 += n * 256 ** (3 - counter);
  });
  return formatIpv4(ipv4);
}

/** The IPv6 parser; `at(i)` is the input offset of `input`'s i-th code unit (at(input.length): where it ends). */
function ipv6Parser(input: string, report: Report, at: (i: number) => number): string | undefined {
  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  let pieceIndex = 0;
  let compress: number | null = null;
  let p = 0;
  const c = (): number => (p < input.length ? input.charCodeAt(p) : -1);
  const fail = (name: WhatwgValidationErrorName): undefined => {
    report(name, at(p));
    return undefined;
  };
  if (c() === 0x3a) {
    if (input.charCodeAt(p + 1) !== 0x3a) return fail('IPv6-invalid-compression');
    p += 2;
    pieceIndex++;
    compress = pieceIndex;
  }
  while (c() !== -1) {
    if (pieceIndex === 8) return fail('IPv6-too-many-pieces');
    if (c() === 0x3a) {
      if (compress !== null) return fail('IPv6-multiple-compression');
      p++;
      pieceIndex++;
      compress = pieceIndex;
      continue;
    }
    let value = 0;
    let length = 0;
    const pieceStart = p;
    while (length < 4 && isHex(c())) {
      value = value * 0x10 + parseInt(input[p], 16);
      p++;
      length++;
    }
    if (c() === 0x2e) {
      if (length === 0) return fail('IPv4-in-IPv6-invalid-code-point');
      p -= length;
      if (pieceIndex > 6) return fail('IPv4-in-IPv6-too-many-pieces');
      let numbersSeen = 0;
      while (c() !== -1) {
        let ipv4Piece: number | null = null;
        if (numbersSeen > 0) {
          if (c() === 0x2e && numbersSeen < 4) p++;
          else return fail('IPv4-in-IPv6-invalid-code-point');
        }
        if (!isDigit(c())) return fail('IPv4-in-IPv6-invalid-code-point');
        while (isDigit(c())) {
          const number = c() - 0x30;
          if (ipv4Piece === null) ipv4Piece = number;
          else if (ipv4Piece === 0) return fail('IPv4-in-IPv6-invalid-code-point');
          else ipv4Piece = ipv4Piece * 10 + number;
          if (ipv4Piece > 255) return fail('IPv4-in-IPv6-out-of-range-part');
          p++;
        }
        address[pieceIndex] = address[pieceIndex] * 0x100 + (ipv4Piece as number);
        numbersSeen++;
        if (numbersSeen === 2 || numbersSeen === 4) pieceIndex++;
      }
      if (numbersSeen !== 4) return fail('IPv4-in-IPv6-too-few-parts');
      break;
    } else if (c() === 0x3a) {
      p++;
      if (c() === -1) return fail('IPv6-invalid-code-point');
    } else if (c() !== -1) return fail('IPv6-invalid-code-point');
    if (length > 1 && value < 0x10 ** (length - 1)) report('IPv6-piece-leading-zero', at(pieceStart));
    address[pieceIndex] = value;
    pieceIndex++;
  }
  if (compress !== null) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex !== 0 && swaps > 0) {
      const t = address[pieceIndex];
      address[pieceIndex] = address[compress + swaps - 1];
      address[compress + swaps - 1] = t;
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex !== 8) return fail('IPv6-too-few-pieces');
  return `[${formatIpv6(address)}]`;
}

/** The opaque-host parser. */
function opaqueHostParser(input: string, report: Report, at: (i: number) => number): string | undefined {
  for (let i = 0; i < input.length; i++) {
    if (isForbiddenHost(input.charCodeAt(i))) {
      report('host-invalid-code-point', at(i));
      return undefined;
    }
  }
  let out = '';
  let notUnit = -1;
  let badPercent = -1;
  for (let i = 0; i < input.length; i++) {
    const c = input.codePointAt(i) as number;
    if (notUnit < 0 && !isUrlCodePoint(c) && c !== 0x25) notUnit = i;
    if (badPercent < 0 && c === 0x25 && !percentByteAt(input, i)) badPercent = i;
    out += percentEncode(c, C0_SET);
    if (c > 0xffff) i++;
  }
  if (notUnit >= 0) report('invalid-URL-unit', at(notUnit));
  if (badPercent >= 0) report('invalid-URL-unit', at(badPercent));
  return out;
}

/**
 * The host parser: the serialized host ("[...]" for IPv6, dotted decimal for
 * IPv4), or undefined for failure. `at(i)` is the input offset of `input`'s
 * i-th code unit, and at(input.length) where it ends.
 */
export function hostParser(input: string, isOpaque: boolean, report: Report, at: (i: number) => number): string | undefined {
  if (input.startsWith('[')) {
    if (!input.endsWith(']') || input.length < 2) {
      report('IPv6-unclosed', at(0));
      return undefined;
    }
    return ipv6Parser(input.slice(1, -1), report, (i) => at(i + 1));
  }
  if (isOpaque) return opaqueHostParser(input, report, at);
  for (let i = 0; i < input.length; i++) {
    if (percentByteAt(input, i)) {
      report('domain-percent-encoded', at(i));
      break;
    }
  }
  const domain = percentDecodeUtf8(input);
  const asciiDomain = domainParser(domain, report, at(0));
  if (asciiDomain === undefined) return undefined;
  if (endsInANumber(asciiDomain)) {
    // The IPv4 parser reads the ASCII domain; its offsets are the input's when that is the input lower-cased (no "%", no IDNA mapping), else the host's start.
    const same = asciiDomain === input.toLowerCase();
    return ipv4Parser(asciiDomain, report, same ? at : () => at(0));
  }
  return asciiDomain;
}
