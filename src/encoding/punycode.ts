/**
 * Punycode decoding (RFC 3492 6.2, the decoding procedure, with the parameter
 * values of its section 5), for one label's part after "xn--": what lint needs
 * to tell a host that the URL parser only encoded ("bücher" is
 * "xn--bcher-kva") from one it mapped to other characters ("ｌｏｃａｌｈｏｓｔ"
 * is "localhost"). Written from the RFC's pseudocode; no library.
 */

// RFC 3492 5: the parameter values for Punycode.
const BASE = 36;
const TMIN = 1;
const TMAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;

/** RFC 3492 6.1: the bias adaptation function. */
function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  delta = firstTime ? Math.floor(delta / DAMP) : Math.floor(delta / 2);
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > ((BASE - TMIN) * TMAX) >> 1) {
    delta = Math.floor(delta / (BASE - TMIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - TMIN + 1) * delta) / (delta + SKEW));
}

/** RFC 3492 5: a basic code point's digit value (0-9 are 26-35, letters in either case 0-25), or -1. */
function digitOf(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 22;
  if (c >= 0x41 && c <= 0x5a) return c - 0x41;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61;
  return -1;
}

/**
 * The Unicode text that `encoded` (a label's Punycode, without "xn--") stands for, or undefined when it
 * is no valid Punycode (a non-basic code point, a bad digit, an overflow, a code point past U+10FFFF).
 * Linear in the output times the insertions, as RFC 3492 6.2 is; a label is at most 63 octets in DNS,
 * and a longer input is refused before any work (no caller needs one).
 */
export function punycodeDecode(encoded: string): string | undefined {
  if (encoded.length > 256) return undefined;
  const output: number[] = [];
  const delimiter = encoded.lastIndexOf('-');
  for (let j = 0; j < Math.max(delimiter, 0); j++) {
    const c = encoded.charCodeAt(j);
    if (c >= 0x80) return undefined;
    output.push(c);
  }
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  for (let at = delimiter > 0 ? delimiter + 1 : 0; at < encoded.length; ) {
    const oldi = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (at >= encoded.length) return undefined;
      const digit = digitOf(encoded.charCodeAt(at++));
      if (digit < 0) return undefined;
      i += digit * w;
      if (i > 0x7fffffff) return undefined;
      const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
      if (w > 0x7fffffff) return undefined;
    }
    bias = adapt(i - oldi, output.length + 1, oldi === 0);
    n += Math.floor(i / (output.length + 1));
    if (n > 0x10ffff) return undefined;
    i %= output.length + 1;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}
