/**
 * The encodings of template expansion (RFC 6570 1.6, 3.1, 3.2.1) and their
 * inverses, for expansion and matching:
 *
 * - a literal is copied where the character is allowed in a URI (unreserved,
 *   reserved, or a pct-encoded triplet), and otherwise written as the triplets
 *   of its UTF-8 octets (3.1);
 * - a value is written with the operator's allowed set (Appendix A's
 *   "allow"): (U) unreserved only, or (U+R) unreserved, reserved and
 *   pct-encoded triplets; every other character as the triplets of its UTF-8
 *   octets, with upper-case hex (3.2.1, RFC 3986 2.1). A "%" that begins no
 *   triplet is "%25" in both (3.2.1);
 * - a prefix counts characters (code points), and never splits a triplet or
 *   the triplets of one UTF-8 character (2.4.1).
 *
 * Which ASCII characters are unreserved and reserved is RFC 3986's grammar's
 * answer (RFC 6570 1.5 imports the rules from it), asked once on first use.
 * With `iri`, a ucschar (RFC 3987 2.2) is written as itself: the result is an
 * IRI (RFC 6570 1.1: "a URI Template is also an IRI template").
 */
import { TemplateExpansionError } from '../core/errors';
import { matches } from '../core/parse';
import { decodePercents, isHexDigit, isTripletAt, isUnreservedOctet, tripletCharacterAt } from '../encoding/triplets';

/** Per ASCII code unit: 1 when a (U) expansion writes it as itself (unreserved). */
let U_TABLE: Uint8Array | undefined;
/** Per ASCII code unit: 1 when a (U+R) expansion writes it as itself (unreserved or reserved). */
let UR_TABLE: Uint8Array | undefined;

function tables(): void {
  U_TABLE = Uint8Array.from({ length: 128 }, (_, c) => (isUnreservedOctet(c) ? 1 : 0));
  UR_TABLE = Uint8Array.from({ length: 128 }, (_, c) => (isUnreservedOctet(c) || matches('reserved', String.fromCharCode(c)) ? 1 : 0));
}

/** The table of the unreserved ASCII characters (U). */
export function unreservedTable(): Uint8Array {
  if (U_TABLE === undefined) tables();
  return U_TABLE as Uint8Array;
}

/** The table of the unreserved and reserved ASCII characters (U+R). */
export function unreservedOrReservedTable(): Uint8Array {
  if (UR_TABLE === undefined) tables();
  return UR_TABLE as Uint8Array;
}

const HEX = '0123456789ABCDEF';
/** "%XX" of each octet, upper-case hex. */
const TRIPLETS: readonly string[] = Array.from({ length: 256 }, (_, b) => `%${HEX[b >> 4]}${HEX[b & 15]}`);

/**
 * Whether code point `c` is a ucschar (RFC 3987 2.2, which RFC 6570 1.5
 * imports): its ranges as the ABNF writes them (test/template.test.ts checks
 * this against the grammar's automaton of ucschar, code point by code point).
 */
export function isUcschar(c: number): boolean {
  if (c < 0x10000) return (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xf900 && c <= 0xfdcf) || (c >= 0xfdf0 && c <= 0xffef);
  if (c >= 0xe1000) return c <= 0xefffd;
  return c <= 0xdfffd && (c & 0xffff) <= 0xfffd;
}

/** A string that cannot be encoded: `offset` is the lone surrogate's, in `text`. */
export class LoneSurrogate {
  constructor(readonly offset: number) {}
}

/** The triplets of the UTF-8 octets of code point `cp`, above ASCII (a Unicode scalar value): the platform's encodeURIComponent writes exactly these, upper-case. */
function utf8Triplets(cp: number): string {
  return encodeURIComponent(String.fromCodePoint(cp));
}

/**
 * `text` encoded: each ASCII character that `allowed` marks as itself, "%XX"
 * triplets as they are when `keepTriplets` (U+R), ucschar as themselves when
 * `iri`, every other character as the triplets of its UTF-8 octets. Throws a
 * LoneSurrogate (which the caller turns into its own error) for a surrogate
 * that is not half of a pair.
 */
export function encodeText(text: string, allowed: Uint8Array, keepTriplets: boolean, iri: boolean): string {
  const n = text.length;
  let i = 0;
  // The common case: nothing to encode, and the value is its own expansion.
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 || allowed[c] === 0) break;
    i++;
  }
  if (i === n) return text;
  let out = '';
  let copyFrom = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (allowed[c] === 1) continue;
      if (c === 0x25 && keepTriplets && isTripletAt(text, i)) {
        i += 2;
        continue;
      }
      out += text.slice(copyFrom, i) + TRIPLETS[c];
      copyFrom = i + 1;
      continue;
    }
    let cp = c;
    let width = 1;
    if (c >= 0xd800 && c <= 0xdfff) {
      const low = text.charCodeAt(i + 1);
      if (c >= 0xdc00 || !(low >= 0xdc00 && low <= 0xdfff)) throw new LoneSurrogate(i);
      cp = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
      width = 2;
    }
    if (iri && isUcschar(cp)) {
      i += width - 1;
      continue;
    }
    out += text.slice(copyFrom, i) + utf8Triplets(cp);
    i += width - 1;
    copyFrom = i + 1;
  }
  return out + text.slice(copyFrom);
}

/** A template's literal text as expansion writes it (3.1): reserved and unreserved ASCII, and its triplets, as they are. */
export function encodeLiteral(text: string, iri: boolean): string {
  return encodeText(text, unreservedOrReservedTable(), true, iri);
}

/**
 * How many UTF-16 code units at `i` of `text` make one character of a value
 * as a prefix counts them (2.4.1): a code point (a surrogate pair is one);
 * under (U+R), where triplets pass through, the triplets of one well-formed
 * UTF-8 character, or one triplet that begins none.
 */
export function characterLength(text: string, i: number, triplets: boolean): number {
  const c = text.charCodeAt(i);
  if (triplets && c === 0x25 && isTripletAt(text, i)) {
    const r = tripletCharacterAt(text, i);
    return 'length' in r ? 3 * r.length : 3;
  }
  if (c >= 0xd800 && c <= 0xdbff) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return 2;
  }
  return 1;
}

/** The first `max` characters of `text`, as a prefix counts them (see characterLength). */
export function prefixOf(text: string, max: number, triplets: boolean): string {
  let i = 0;
  for (let count = 0; count < max && i < text.length; count++) i += characterLength(text, i, triplets);
  return i >= text.length ? text : text.slice(0, i);
}

/**
 * Decodes text that a (U) expansion wrote: every triplet is an octet of the
 * UTF-8 of a character (the matcher has checked that they are well-formed);
 * a triplet that begins no well-formed character is kept as it is.
 */
export function decodeAll(text: string): string {
  return decodePercents(text, (out, at, count, _octets, r) => {
    if (count > 0 && 'length' in r) {
      out.pushCodePoint(r.codePoint);
      return 3 * r.length;
    }
    // A "%" that begins no triplet, or a triplet that begins no well-formed character: kept as it is.
    const keep = count > 0 ? 3 : 1;
    out.pushRange(text, at, at + keep);
    return keep;
  });
}

/**
 * Decodes text that a (U+R) expansion wrote, into the value that writes it:
 * a triplet run that is the UTF-8 of a character is that character when the
 * expansion would have encoded it (neither unreserved nor reserved, and a
 * "%" that begins no triplet of the value); otherwise the triplets were the
 * value's own, passed through, and stay as they are.
 */
export function decodeEncodedOnly(text: string): string {
  const passes = unreservedOrReservedTable();
  return decodePercents(text, (out, at, count, _octets, r) => {
    if (count > 0 && 'length' in r) {
      const cp = r.codePoint;
      // "%25" is a "%" of the value only if it does not begin a triplet there, which would have passed through.
      if ((cp >= 0x80 || passes[cp] === 0) && !(cp === 0x25 && isHexDigit2(text, at + 3))) {
        out.pushCodePoint(cp);
        return 3 * r.length;
      }
    }
    const keep = count === 0 ? 1 : 'length' in r ? 3 * r.length : 3;
    out.pushRange(text, at, at + keep);
    return keep;
  });
}

/** Whether `text` has two HEXDIG at `i` (what follows a "%" that would begin a triplet). */
function isHexDigit2(text: string, i: number): boolean {
  return isHexDigit(text.charCodeAt(i)) && isHexDigit(text.charCodeAt(i + 1));
}

/** A value's text as an expansion writes it, or a TemplateExpansionError naming the variable when it holds a lone surrogate. */
export function encodeValue(text: string, allowReserved: boolean, iri: boolean, template: string, variable: string, offset: number): string {
  try {
    return allowReserved ? encodeText(text, unreservedOrReservedTable(), true, iri) : encodeText(text, unreservedTable(), false, iri);
  } catch (e) {
    if (!(e instanceof LoneSurrogate)) throw e;
    throw new TemplateExpansionError(template, variable, offset, `the value of ${JSON.stringify(variable)} holds a lone surrogate at offset ${e.offset}, which has no UTF-8 form to percent-encode (RFC 6570 1.6)`);
  }
}
