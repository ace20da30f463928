/**
 * IPv6 addresses as values: an RFC 3986 IPv6address (3.2.2; RFC 4291 2.2's
 * text forms, with "::" and a dotted IPv4 tail) read into its eight 16-bit
 * pieces, and written back as the WHATWG URL Standard's IPv6 serializer
 * writes them ("Host serializing": lower-case hex, no leading zeros, the
 * first longest run of two or more zero pieces as "::"), which is also RFC
 * 5952 4's form except for the IPv4-mapped addresses that 5952 5 writes
 * with a dotted tail. Two spellings of one address compare equal by value.
 */
import { matches } from '../core/parse';

/** Eight 16-bit pieces. */
export type Ipv6Pieces = readonly number[];

/** The pieces of an RFC 3986 IPv6address (checked by its rule), or undefined when `text` is none. */
export function ipv6Pieces(text: string): Ipv6Pieces | undefined {
  if (text.length > 45 || !matches('IPv6address', text)) return undefined;
  const halves = text.split('::');
  const read = (part: string): number[] => {
    if (part === '') return [];
    const out: number[] = [];
    for (const group of part.split(':')) {
      if (group.includes('.')) {
        const [a, b, c, d] = group.split('.').map(Number);
        out.push((a << 8) | b, (c << 8) | d);
      } else {
        out.push(parseInt(group, 16));
      }
    }
    return out;
  };
  const head = read(halves[0]);
  if (halves.length === 1) return head;
  const tail = read(halves[1]);
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** The address in the WHATWG IPv6 serializer's form, without brackets. */
export function formatIpv6(pieces: Ipv6Pieces): string {
  // The first longest run of two or more zero pieces is compressed.
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (pieces[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && pieces[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = (from: number, to: number): string => pieces.slice(from, to).map((p) => p.toString(16)).join(':');
  if (bestStart < 0) return hex(0, 8);
  return `${hex(0, bestStart)}::${hex(bestStart + bestLength, 8)}`;
}

/** Whether two addresses are the same. */
export function sameIpv6(a: Ipv6Pieces, b: Ipv6Pieces): boolean {
  return a.every((p, i) => p === b[i]);
}
