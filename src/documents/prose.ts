/**
 * Prose: what ./extract (RFC 3986 Appendix C) finds in running text, one
 * paragraph at a time, with quotes taken only around URI-like text; and the
 * prose around the constructs a reader of another kind read otherwise.
 */
import { extract, type ExtractedUri } from '../lint/extract';
import { matches } from '../core/parse';
import { isWhitespace, make, WHITESPACE } from './found';
import type { DocumentUri } from './types';

/** A URI found by ./extract, as a DocumentUri: its first character past the delimiter and prefix, and its code units' offsets when it lost whitespace. */
function fromExtracted(found: ExtractedUri, base: number, code = false): DocumentUri {
  const { raw, uri } = found;
  const close = found.delimited === 'none' ? raw.length : raw.length - 1;
  let i = close;
  if (!WHITESPACE.test(raw)) {
    i = close - uri.length; // nothing lost: one native scan instead of a test per character
  } else {
    let left = uri.length;
    while (left > 0 && i > 0) {
      i--;
      if (!isWhitespace(raw.charCodeAt(i))) left--;
    }
  }
  const start = base + found.start + i;
  let offsets: Uint32Array | undefined;
  if (close - i !== uri.length) {
    offsets = new Uint32Array(uri.length);
    let k = 0;
    for (let j = i; k < uri.length && j < close; j++) if (!isWhitespace(raw.charCodeAt(j))) offsets[k++] = base + found.start + j;
  }
  const end = offsets && uri.length > 0 ? offsets[uri.length - 1] + 1 : start + uri.length;
  return make(uri, start, end, 'text', offsets, code, found);
}

const PROSE_OPTIONS = { quotes: 'uri-like' } as const;

/**
 * Whether delimited text has a space or tab in it and no line break: what /^[^\n\r]*[ \t][^\n\r]*$/ says,
 * without that expression's backtracking over every space when a line break follows (quadratic, issue 44 item 6).
 */
export function oneLineWithSpaces(text: string): boolean {
  return !/[\n\r]/.test(text) && /[ \t]/.test(text);
}

/**
 * A scheme (RFC 3986's rule) and ":" or "://" with nothing after them: in prose a mention of the scheme ("the
 * http:// and https:// transports", "a URL that begins with https://"), not a URI that anyone links to. Not
 * read (a link's destination or an attribute that says "http://" still is: there it is meant as a URI).
 */
export function isSchemeOnly(text: string): boolean {
  const colon = text.indexOf(':');
  const rest = text.slice(colon + 1);
  return colon > 0 && (rest === '' || rest === '//') && matches('scheme', text.slice(0, colon));
}

/**
 * The URIs of prose: ./extract, with quotes only around URI-like text, one
 * paragraph at a time (no delimiter pairs across a blank line, and a
 * paragraph without a ":" holds no URI). `masked` is a stretch of prose;
 * `base` is where it starts in the text. Quotes with spaces on one line are
 * a quotation, read inside, unless `joinedQuote` (given the content's
 * [start, end) in the text) says they hold one URI.
 */
export function proseUris(masked: string, base: number, code = false, joinedQuote?: (start: number, end: number) => boolean): DocumentUri[] {
  const out: DocumentUri[] = [];
  // The first ":" at or after the paragraph asked about (they come in order): each found once, so that
  // paragraphs without one do not each search the rest of the text.
  let colon = -1;
  const take = (from: number, to: number) => {
    if (colon < from) {
      const i = masked.indexOf(':', from);
      colon = i < 0 ? Infinity : i;
    }
    if (colon >= to) return;
    const piece = from === 0 && to === masked.length ? masked : masked.slice(from, to);
    for (const f of extract(piece, PROSE_OPTIONS)) {
      const inside = base + from + f.start + 1;
      // Quotes around words on one line ('"http://localhost:8080 unless you set PORT"') are a quotation, not a
      // URI broken across lines (Appendix C's reason to drop whitespace), unless the reader says the spaces are
      // not the text's (a masked escape) or are a value's (a string literal): the URI is read in them as in any
      // prose, and one that ends at a space before the closing quote is cut (what follows may be its rest).
      if (f.delimited === 'quote' && oneLineWithSpaces(f.raw) && joinedQuote?.(inside, inside + f.raw.length - 2) !== true) {
        const inner = f.raw.slice(1, -1);
        for (const g of extract(inner, PROSE_OPTIONS)) {
          if (isSchemeOnly(g.uri)) continue;
          const u = fromExtracted(g, inside, code);
          out.push(g.start + g.raw.length < inner.length ? { ...u, cut: true } : u);
        }
      } else if (!isSchemeOnly(f.uri)) out.push(fromExtracted(f, base + from, code));
    }
  };
  const blank = /\n[^\S\n]*\n/g;
  let at = 0;
  for (let m = blank.exec(masked); m !== null; m = blank.exec(masked)) {
    take(at, m.index + 1);
    at = m.index + m[0].length - 1;
    blank.lastIndex = at;
  }
  take(at, masked.length);
  return out;
}

/**
 * The URIs of the prose of `text`: what the [start, end) ranges (links,
 * code, HTML: read otherwise or not at all) leave, each stretch between them
 * read alone, so that no delimiter pairs across a construct.
 */
export function proseAround(text: string, ranges: Array<[number, number]>, code = false, joinedQuote?: (start: number, end: number) => boolean): DocumentUri[] {
  const out: DocumentUri[] = [];
  // As in proseUris: the next ":" found once, not searched for again by every stretch before it.
  let colon = -1;
  forEachGap(text.length, ranges, (from, to) => {
    if (colon < from) {
      const i = text.indexOf(':', from);
      colon = i < 0 ? Infinity : i;
    }
    if (colon >= to) return;
    for (const u of proseUris(text.slice(from, to), from, code, joinedQuote)) out.push(u);
  });
  return out;
}

/** Calls `each` with every non-empty [from, to) of [0, length) that no range covers, in order (the ranges are sorted in place). */
export function forEachGap(length: number, ranges: Array<[number, number]>, each: (from: number, to: number) => void): void {
  ranges.sort((a, b) => a[0] - b[0]);
  let at = 0;
  for (const [s, e] of ranges) {
    if (s > at) each(at, s);
    at = Math.max(at, e);
  }
  if (length > at) each(at, length);
}
