/**
 * Percent-encoded octets ("%" HEXDIG HEXDIG, RFC 3986 2.1): the one scanner
 * that percent-encoding, normalization, IRI mapping and lint share. What a
 * hex digit is and which octets are unreserved (2.3) are the grammar's
 * answers, asked once per ASCII character on first use.
 */
import { matches } from './parse';

// Built on first use: loading urigram to parse a URI should not pay for them.
/** For each ASCII code unit, its value as a HEXDIG, or -1 when it is not one. */
let hexTable: Int8Array | undefined;
/** For each ASCII code unit, 1 when it is an unreserved character. */
let unreservedTable: Uint8Array | undefined;

function hexValues(): Int8Array {
  hexTable = new Int8Array(128).fill(-1);
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    if (matches('HEXDIG', ch)) hexTable[c] = parseInt(ch, 16);
  }
  return hexTable;
}

/** Whether code unit `c` is a HEXDIG (NaN, what charCodeAt gives past the end of a string, is not). */
export function isHexDigit(c: number): boolean {
  return c < 128 && (hexTable ?? hexValues())[c] >= 0;
}

/** Whether `text` has a triplet "%XX" at offset `i`. */
export function isTripletAt(text: string, i: number): boolean {
  return text.charCodeAt(i) === 0x25 && isHexDigit(text.charCodeAt(i + 1)) && isHexDigit(text.charCodeAt(i + 2));
}

/** The octet of the triplet "%XX" at offset `i` of `text` (which isTripletAt). */
export function tripletOctet(text: string, i: number): number {
  const table = hexTable ?? hexValues();
  return (table[text.charCodeAt(i + 1)] << 4) | table[text.charCodeAt(i + 2)];
}

/** Whether the octet is an unreserved ASCII character (RFC 3986 2.3), by the grammar. */
export function isUnreservedOctet(octet: number): boolean {
  unreservedTable ??= Uint8Array.from({ length: 128 }, (_, k) => (matches('unreserved', String.fromCharCode(k)) ? 1 : 0));
  return octet < 0x80 && unreservedTable[octet] === 1;
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
