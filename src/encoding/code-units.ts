/**
 * A string built from UTF-16 code units written into one typed array, and read
 * out in chunks at the end. The functions that rewrite a text piece by piece
 * (percent-encoding and decoding, IRI conversions, UTF-8 decoding, dot
 * segments) build their result here rather than by `+=` or an array of
 * pieces: a piece per character or segment is an object for the garbage
 * collector to copy and walk, and at a million characters those pieces outlive
 * the young generation, so the cost per character grew with the length (2 to
 * 4.6x from 10 k to 1 M characters). A typed array is one object whatever its
 * length: the cost per character stays flat.
 */

/** Code units per String.fromCharCode call: well under any engine's limit on arguments. */
const CHUNK = 8192;

/** The code units of the upper-case hex digits. */
const HEX_CODES: readonly number[] = Array.from('0123456789ABCDEF', (c) => c.charCodeAt(0));

export class CodeUnitBuilder {
  private units: Uint16Array;
  /** How many code units are written. */
  length = 0;

  /** `capacity`: the expected length in code units (it grows past it as needed). */
  constructor(capacity = 16) {
    this.units = new Uint16Array(Math.max(16, capacity));
  }

  private grow(needed: number): void {
    const bigger = new Uint16Array(Math.max(needed, this.units.length * 2));
    bigger.set(this.units.subarray(0, this.length));
    this.units = bigger;
  }

  /** Appends one code unit. */
  push(unit: number): void {
    if (this.length === this.units.length) this.grow(this.length + 1);
    this.units[this.length++] = unit;
  }

  /** Appends a code point: one code unit, or two (a surrogate pair) above U+FFFF. */
  pushCodePoint(cp: number): void {
    if (cp < 0x10000) {
      this.push(cp);
    } else {
      this.push(0xd800 + ((cp - 0x10000) >> 10));
      this.push(0xdc00 + ((cp - 0x10000) & 0x3ff));
    }
  }

  /** Appends the triplet "%XX" of an octet, with upper-case hex (RFC 3986 2.1). */
  pushTriplet(octet: number): void {
    this.push(0x25);
    this.push(HEX_CODES[octet >> 4]);
    this.push(HEX_CODES[octet & 15]);
  }

  /** Appends the triplets of the UTF-8 octets of code point `cp` (a Unicode scalar value). */
  pushUtf8Triplets(cp: number): void {
    if (cp < 0x80) {
      this.pushTriplet(cp);
    } else if (cp < 0x800) {
      this.pushTriplet(0xc0 | (cp >> 6));
      this.pushTriplet(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      this.pushTriplet(0xe0 | (cp >> 12));
      this.pushTriplet(0x80 | ((cp >> 6) & 0x3f));
      this.pushTriplet(0x80 | (cp & 0x3f));
    } else {
      this.pushTriplet(0xf0 | (cp >> 18));
      this.pushTriplet(0x80 | ((cp >> 12) & 0x3f));
      this.pushTriplet(0x80 | ((cp >> 6) & 0x3f));
      this.pushTriplet(0x80 | (cp & 0x3f));
    }
  }

  /** Appends the code units `text[from]` to `text[to - 1]`, as they are (lone surrogates included). */
  pushRange(text: string, from: number, to: number): void {
    if (to <= from) return;
    const end = this.length + (to - from);
    if (end > this.units.length) this.grow(end);
    const units = this.units;
    let n = this.length;
    for (let i = from; i < to; i++) units[n++] = text.charCodeAt(i);
    this.length = n;
  }

  /** Appends a whole string. */
  pushString(text: string): void {
    this.pushRange(text, 0, text.length);
  }

  /** The code unit at `i` (0 <= i < length). */
  at(i: number): number {
    return this.units[i];
  }

  /** Drops everything from `length` on. */
  truncate(length: number): void {
    if (length < this.length) this.length = Math.max(0, length);
  }

  /** The code units written, as a string. */
  toString(): string {
    const n = this.length;
    if (n <= CHUNK) return String.fromCharCode.apply(null, this.units.subarray(0, n) as unknown as number[]);
    let s = '';
    for (let at = 0; at < n; at += CHUNK) s += String.fromCharCode.apply(null, this.units.subarray(at, Math.min(n, at + CHUNK)) as unknown as number[]);
    return s;
  }
}

/** Up to this many replacements, replaceSpans joins strings (cheaper for a few); past it, it writes code units. */
const FEW_REPLACEMENTS = 64;

/**
 * `text` with the span [starts[k], ends[k]) replaced by `texts[k]` for each k, taken in the order
 * `order` gives (by default k = 0, 1, ...). The spans must be in bounds, in that order and not
 * overlapping: the caller checks. Many replacements (one per "%XX" or query parameter of a long
 * URI) are written into one typed array, for the reason this module exists.
 */
export function replaceSpans(text: string, starts: ArrayLike<number>, ends: ArrayLike<number>, texts: readonly string[], order?: readonly number[]): string {
  const n = starts.length;
  if (n <= FEW_REPLACEMENTS) {
    let joined = '';
    let at = 0;
    for (let i = 0; i < n; i++) {
      const k = order === undefined ? i : order[i];
      joined += text.slice(at, starts[k]) + texts[k];
      at = ends[k];
    }
    return joined + text.slice(at);
  }
  const out = new CodeUnitBuilder(text.length);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const k = order === undefined ? i : order[i];
    out.pushRange(text, at, starts[k]);
    out.pushString(texts[k]);
    at = ends[k];
  }
  out.pushRange(text, at, text.length);
  return out.toString();
}
