/**
 * Where a template's texts (its literals, the names of a named operator) are
 * in a URI, for the passes of match-passes.ts: for each text, a bit per
 * offset of the URI where it is written, found in one scan of the URI by
 * Knuth, Morris and Pratt's algorithm (the text's failure function, four
 * bytes per character, is made on the first match that looks for it and kept
 * with the automaton). A text of any length costs one scan, and each look
 * after it a bit: a template of a million literal characters matches in time
 * linear in both.
 *
 * An IRI (matchTemplate's `iri`) is scanned in its URI form, each character
 * above ASCII as the triplets of its UTF-8 (RFC 3987 3.1, upper-case hex), as
 * the template's literals are written (3.1): a literal "é" matches "é" and
 * "%C3%A9", and so does a literal "%C3%A9". A text matches only where it
 * begins and ends between two characters of the IRI.
 */

/** An IRI in its URI form, and the offsets of each in the other. */
export interface UriForm {
  /** The IRI with each character above ASCII as the triplets of its UTF-8. */
  readonly text: string;
  /** Per offset of the IRI (and its end), the offset in `text` where its character begins; -1 inside a surrogate pair. */
  readonly toForm: Int32Array;
  /** Per offset of `text` (and its end), the offset in the IRI of the character that begins there; -1 inside a character's triplets. */
  readonly fromForm: Int32Array;
}

/** The length of the URI form of `iri` (a valid one: no lone surrogate), without making it. */
export function uriFormLength(iri: string): number {
  let length = 0;
  for (let i = 0; i < iri.length; i++) {
    const c = iri.charCodeAt(i);
    if (c < 0x80) length++;
    else if (c < 0x800) length += 6;
    else if (c >= 0xd800 && c <= 0xdbff) {
      length += 12;
      i++;
    } else length += 9;
  }
  return length;
}

/** The URI form of `iri`, which has a character above ASCII and no lone surrogate (matchCompiled has checked). */
export function uriForm(iri: string): UriForm {
  const n = iri.length;
  const pieces: string[] = [];
  const toForm = new Int32Array(n + 1);
  const starts: number[] = [];
  let at = 0;
  let i = 0;
  while (i < n) {
    const runStart = i;
    while (i < n && iri.charCodeAt(i) < 0x80) {
      toForm[i] = at + (i - runStart);
      i++;
    }
    if (i > runStart) {
      pieces.push(iri.slice(runStart, i));
      for (let k = runStart; k < i; k++) starts.push(k);
      at += i - runStart;
    }
    if (i >= n) break;
    const width = iri.charCodeAt(i) >= 0xd800 && iri.charCodeAt(i) <= 0xdbff ? 2 : 1;
    const triplets = encodeURIComponent(iri.slice(i, i + width));
    toForm[i] = at;
    if (width === 2) toForm[i + 1] = -1;
    pieces.push(triplets);
    starts.push(i);
    for (let k = 1; k < triplets.length; k++) starts.push(-1);
    at += triplets.length;
    i += width;
  }
  toForm[n] = at;
  starts.push(n);
  return { text: pieces.join(''), toForm, fromForm: Int32Array.from(starts) };
}

/**
 * Sets, in `bits` from word `row`, the bit of each offset of the URI where
 * `text` is written (in `form`, when the URI is an IRI: at offsets where an
 * IRI's character begins, up to one where another begins or the IRI ends).
 */
export function findText(text: string, border: Int32Array, uri: string, form: UriForm | undefined, bits: Uint32Array, row: number): void {
  const s = form === undefined ? uri : form.text;
  const length = text.length;
  const first = text.charCodeAt(0);
  let k = 0;
  for (let j = 0; j < s.length; j++) {
    const c = s.charCodeAt(j);
    // Skip ahead to the text's first character while nothing of it is matched (the common case: the text is rare).
    if (k === 0 && c !== first) continue;
    while (k > 0 && c !== text.charCodeAt(k)) k = border[k - 1];
    if (c === text.charCodeAt(k)) k++;
    if (k < length) continue;
    const end = j + 1;
    let start = end - length;
    k = border[k - 1];
    if (form !== undefined) {
      start = form.fromForm[start];
      if (start < 0 || form.fromForm[end] < 0) continue;
    }
    bits[row + (start >>> 5)] |= 1 << (start & 31);
  }
}

/** The failure function of `text` (Knuth, Morris and Pratt): per prefix length k + 1, the length of its longest proper border. */
export function bordersOf(text: string): Int32Array {
  const border = new Int32Array(text.length);
  let k = 0;
  for (let i = 1; i < text.length; i++) {
    while (k > 0 && text.charCodeAt(i) !== text.charCodeAt(k)) k = border[k - 1];
    if (text.charCodeAt(i) === text.charCodeAt(k)) k++;
    border[i] = k;
  }
  return border;
}
