/**
 * UTF-8, strictly (RFC 3629, the Unicode Standard's Table 3-7 of well-formed
 * byte sequences): no overlong forms, no surrogates, nothing above U+10FFFF.
 * Written here because TextDecoder's `fatal` mode says that a sequence is
 * ill-formed but not where, and an error here must say where.
 */
import { CodeUnitBuilder } from './code-units';

/**
 * Reads one well-formed UTF-8 sequence at `bytes[i]`. Returns the code point
 * and the sequence's length, or, when no well-formed sequence starts there, the
 * offset of the first byte that cannot continue one (`i` for a byte that
 * starts none, a later offset for a bad or missing continuation byte: `end`
 * when the bytes stop too early).
 */
export function readUtf8(bytes: ArrayLike<number>, i: number, end: number): { codePoint: number; length: number } | { invalidAt: number } {
  const b0 = bytes[i];
  if (b0 < 0x80) return { codePoint: b0, length: 1 };
  let length: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) length = 2;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    length = 3;
    if (b0 === 0xe0) lo = 0xa0; // no overlong three-byte forms
    if (b0 === 0xed) hi = 0x9f; // no surrogates
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    length = 4;
    if (b0 === 0xf0) lo = 0x90; // no overlong four-byte forms
    if (b0 === 0xf4) hi = 0x8f; // nothing above U+10FFFF
  } else {
    return { invalidAt: i }; // a continuation byte, C0, C1 or F5-FF
  }
  let codePoint = b0 & (0x7f >> length);
  for (let k = 1; k < length; k++) {
    if (i + k >= end) return { invalidAt: end };
    const b = bytes[i + k];
    if (b < (k === 1 ? lo : 0x80) || b > (k === 1 ? hi : 0xbf)) return { invalidAt: i + k };
    codePoint = (codePoint << 6) | (b & 0x3f);
  }
  return { codePoint, length };
}

/** The bytes as text, or the offset of the first byte that is not well-formed UTF-8. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { invalidAt: number; sequenceAt: number } {
  // Built as code units (code-units.ts): no array or string per character for the collector.
  const out = new CodeUnitBuilder(bytes.length);
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    if (b < 0x80) {
      out.push(b);
      i++;
      continue;
    }
    const r = readUtf8(bytes, i, bytes.length);
    // Where the sequence went wrong, and where it began (its lead byte: what a reader of the bytes looks for).
    if ('invalidAt' in r) return { invalidAt: r.invalidAt, sequenceAt: i };
    out.pushCodePoint(r.codePoint);
    i += r.length;
  }
  return { text: out.toString() };
}

/** The number of UTF-8 bytes of the first `offset` UTF-16 code units of `text` (which holds no lone surrogate before `offset`). */
export function utf8Length(text: string, offset: number): number {
  let n = 0;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < offset) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
