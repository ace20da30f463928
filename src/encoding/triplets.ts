/**
 * Percent-encoded octets ("%" HEXDIG HEXDIG, RFC 3986 2.1): the one scanner
 * that percent-encoding, normalization, IRI mapping and lint share. Which
 * octets are unreserved (2.3) is the grammar's answer, asked once per ASCII
 * character on first use. HEXDIG is ABNF's core rule (RFC 5234 B.1, "A" to
 * "F" case-insensitive as every ABNF string is), written out as ranges: the
 * test is on every "%" of every hot path, and a pure function of the code
 * unit is one V8 inlines (test/triplets.test.ts checks it against the grammar).
 */
import { matches } from '../core/parse';
import { CodeUnitBuilder } from './code-units';
import { readUtf8 } from './utf8';

/** For each ASCII code unit, 1 when it is an unreserved character: built on first use, so that loading urigram to parse a URI does not pay for it. */
let unreservedTable: Uint8Array | undefined;

/** Whether code unit `c` is a HEXDIG (NaN, what charCodeAt gives past the end of a string, is not). */
export function isHexDigit(c: number): boolean {
  if (c <= 0x39) return c >= 0x30;
  const lower = c | 0x20; // "A"-"F" (0x41-0x46) become "a"-"f" (0x61-0x66); no other code unit does
  return lower >= 0x61 && lower <= 0x66;
}

/**
 * `text` with its ASCII letters lower-cased, but for the hex digits of its triplets (which RFC 3986 6.2.2.1 wants
 * upper-case): a "%" that begins no triplet is a character like another. Other characters are kept, non-ASCII
 * letters too (RFC 3987 5.3.2.1 lowers no non-ASCII host). By code unit: a string and a callback per triplet cost a
 * host of a million triplets over 1 s per MB (`npm run fuzz`).
 */
export function lowerOutsideTriplets(text: string): string {
  let i = 0;
  while (i < text.length && !isUpperAsciiLetter(text.charCodeAt(i))) i++;
  if (i === text.length) return text;
  const out = new CodeUnitBuilder(text.length);
  out.pushRange(text, 0, i);
  // The scan above may have stopped on a triplet's hex digit: from that triplet's "%" on.
  if (i >= 1 && isTripletAt(text, i - 1)) out.pushRange(text, i, (i += 2));
  else if (i >= 2 && isTripletAt(text, i - 2)) out.pushRange(text, i, (i += 1));
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25 && isTripletAt(text, i)) {
      out.pushRange(text, i, i + 3);
      i += 2;
    } else out.push(isUpperAsciiLetter(c) ? c + 0x20 : c);
  }
  return out.toString();
}

const isUpperAsciiLetter = (c: number): boolean => c >= 0x41 && c <= 0x5a;

/** The value of the HEXDIG with code unit `c`: "0"-"9" are 0x30-0x39, and "A"-"F" and "a"-"f" are 0x41-0x46 and 0x61-0x66 (one bit apart). */
const hexValue = (c: number): number => (c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57);

/** Whether `text` has a triplet "%XX" at offset `i`. */
export function isTripletAt(text: string, i: number): boolean {
  return text.charCodeAt(i) === 0x25 && isHexDigit(text.charCodeAt(i + 1)) && isHexDigit(text.charCodeAt(i + 2));
}

/** The octet of the triplet "%XX" at offset `i` of `text` (which isTripletAt). */
export function tripletOctet(text: string, i: number): number {
  return (hexValue(text.charCodeAt(i + 1)) << 4) | hexValue(text.charCodeAt(i + 2));
}

/** Whether the octet is an unreserved ASCII character (RFC 3986 2.3), by the grammar. */
export function isUnreservedOctet(octet: number): boolean {
  unreservedTable ??= Uint8Array.from({ length: 128 }, (_, k) => (matches('unreserved', String.fromCharCode(k)) ? 1 : 0));
  return octet < 0x80 && unreservedTable[octet] === 1;
}

/** One string per distinct triplet, by its two hex digits' code units (ASCII: 7 bits each); made on first use. */
let tripletStrings: Array<string | undefined> | undefined;

/**
 * The triplet at offset `i` of `text` (which isTripletAt) as a string, with
 * its hex digits in upper case when `upper`: one string per distinct triplet,
 * shared, where a slice would be a new string each time. Normalization
 * explains each change it makes with the text before and after; in a URI of
 * a million characters of "%XX" those strings, a third of a million of each,
 * were a fifth to a third of what explainNormalize returned.
 */
export function tripletText(text: string, i: number, upper = false): string {
  let a = text.charCodeAt(i + 1);
  let b = text.charCodeAt(i + 2);
  // "a"-"f" to "A"-"F"; digits (0x30-0x39) and "A"-"F" stay.
  if (upper) {
    if (a >= 0x61) a -= 0x20;
    if (b >= 0x61) b -= 0x20;
  }
  tripletStrings ??= new Array<string | undefined>(1 << 14).fill(undefined);
  const key = (a << 7) | b;
  return (tripletStrings[key] ??= String.fromCharCode(0x25, a, b));
}

/** Whether the triplet at offset `i` of `text` writes a hex digit in lower case (RFC 3986 2.1 wants upper case). */
export function hasLowerHex(text: string, i: number): boolean {
  const a = text.charCodeAt(i + 1);
  const b = text.charCodeAt(i + 2);
  return (a >= 0x61 && a <= 0x66) || (b >= 0x61 && b <= 0x66);
}

/**
 * Calls `each` with the offset and the octet of every triplet that begins in
 * [from, to) of `text`, a parsed URI or component: there every "%" begins a
 * triplet, so the scan jumps from "%" to "%" (indexOf) and never rereads.
 */
export function forEachTriplet(text: string, from: number, to: number, each: (start: number, octet: number) => void): void {
  for (let i = text.indexOf('%', from); i >= 0 && i < to; i = text.indexOf('%', i + 3)) each(i, tripletOctet(text, i));
}

/**
 * Reads the run of triplets that follow one another from offset `at` of
 * `text` into `octets`, at most `octets.length` of them, and returns how many
 * it read: the run stops at the first "%" not followed by two HEXDIG, or at
 * any other character.
 */
export function readTripletRun(text: string, at: number, octets: Uint8Array): number {
  let count = 0;
  for (let i = at; count < octets.length && isTripletAt(text, i); i += 3) octets[count++] = tripletOctet(text, i);
  return count;
}

/** What readUtf8 makes of the octets of the triplets at one "%": a character and how many octets it took, or where they stop being UTF-8. */
export type TripletCharacter = ReturnType<typeof readUtf8>;

/** Scratch for tripletCharacterAt: one character's octets. */
const characterOctets = new Uint8Array(4);

/**
 * The character that the triplets at offset `at` of `text` make as UTF-8 (the
 * run that readTripletRun reads there, at most four): its code point and how
 * many triplets it takes, or where they stop being UTF-8 ({ invalidAt: 0 }
 * when no triplet begins at `at`). URI Templates count and decode a value's
 * characters by it (src/template/).
 */
export function tripletCharacterAt(text: string, at: number): TripletCharacter {
  const count = readTripletRun(text, at, characterOctets);
  return count === 0 ? { invalidAt: 0 } : readUtf8(characterOctets, 0, count);
}

/**
 * The one percent-decoding loop (percentDecode, uriToIri's RFC 3987 3.2
 * mapping, the values a URI Template's match reads back): `text` copied as it is, but at each "%", where `decodeAt` is
 * told the offset, how many triplets follow one another there (at most four,
 * one UTF-8 character's worth; 0 when the "%" begins no triplet), their
 * octets, and what readUtf8 reads in them. `decodeAt` writes what stands for
 * them into `out` and returns how many code units of `text` it took (at least
 * one), or throws. Built as code units (code-units.ts): no string per triplet.
 */
export function decodePercents(
  text: string,
  decodeAt: (out: CodeUnitBuilder, at: number, count: number, octets: Uint8Array, character: TripletCharacter) => number,
): string {
  if (text.indexOf('%') < 0) return text;
  const out = new CodeUnitBuilder(text.length);
  const octets = new Uint8Array(4);
  let i = 0;
  while (i < text.length) {
    const percent = text.indexOf('%', i);
    if (percent < 0) {
      out.pushRange(text, i, text.length);
      break;
    }
    out.pushRange(text, i, percent);
    const count = readTripletRun(text, percent, octets);
    const character: TripletCharacter = count === 0 ? { invalidAt: 0 } : readUtf8(octets, 0, count);
    i = percent + Math.max(1, decodeAt(out, percent, count, octets, character));
  }
  return out.toString();
}
