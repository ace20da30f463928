/**
 * Percent-decoding with the offsets kept (RFC 3986 2.1): the octets a span of
 * a URI stands for, each with the offset of the character or triplet it
 * comes from, so that a check made on the decoded text can point into the
 * URI. The span is one a grammar accepted: every "%" begins a triplet.
 */
import { isTripletAt, tripletOctet } from '../encoding/triplets';
import { readUtf8 } from '../encoding/utf8';

export interface Octets {
  /** The octets (a character that is not encoded is its code unit: the spans read here are ASCII). */
  readonly octets: number[];
  /** For each octet, the offset in the input of the character or triplet it comes from. */
  readonly at: number[];
  /** For each octet, whether it was percent-encoded. */
  readonly encoded: boolean[];
}

export function octetsOf(input: string, start: number, end: number): Octets {
  const octets: number[] = [];
  const at: number[] = [];
  const encoded: boolean[] = [];
  for (let i = start; i < end; ) {
    if (isTripletAt(input, i)) {
      octets.push(tripletOctet(input, i));
      at.push(i);
      encoded.push(true);
      i += 3;
    } else {
      octets.push(input.charCodeAt(i));
      at.push(i);
      encoded.push(false);
      i++;
    }
  }
  return { octets, at, encoded };
}

/**
 * The octets as text, UTF-8 decoded, with the input offset of each UTF-16
 * code unit of it (`at`); or, where the octets are not UTF-8, the input offset
 * where the first ill-formed sequence begins (`invalidAt`).
 */
export function utf8Text(o: Octets): { text: string; at: number[] } | { invalidAt: number } {
  let text = '';
  const at: number[] = [];
  for (let i = 0; i < o.octets.length; ) {
    const r = readUtf8(o.octets, i, o.octets.length);
    // Where the ill-formed sequence begins: the octet a reader of the URI looks at.
    if ('invalidAt' in r) return { invalidAt: o.at[i] };
    const ch = String.fromCodePoint(r.codePoint);
    text += ch;
    for (let k = 0; k < ch.length; k++) at.push(o.at[i]);
    i += r.length;
  }
  return { text, at };
}
