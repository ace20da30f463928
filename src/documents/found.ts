/**
 * The pieces every reader of ./index shares: a DocumentUri made once in its
 * final form, whitespace as Appendix C has it, and the decoding of character
 * references (and Markdown's backslash escapes) with each code unit's offset.
 */
import MarkdownIt from 'markdown-it';
import type { ExtractedUri } from '../lint/extract';
import { isValid } from '../core/parse';
import type { DocumentUri } from './types';

export function make(uri: string, start: number, end: number, kind: DocumentUri['kind'], offsets?: Uint32Array, code = false, found?: ExtractedUri): DocumentUri {
  const valid = isValid(uri);
  // Written out, not spread (a spread of a conditional object costs more than the rest): the same keys, in the same order.
  if (offsets) return found ? { uri, start, end, offsets, kind, code, valid, found } : { uri, start, end, offsets, kind, code, valid };
  return found ? { uri, start, end, kind, code, valid, found } : { uri, start, end, kind, code, valid };
}

/**
 * Whether [start, end) of a found URI is the text's own as written (a fix or a suggestion can replace it there): each
 * code unit the text's at its offset, one after the other, and nothing but whitespace Appendix C took out between the
 * last of them and what comes next. A code unit that an escape or a character reference stands for is at the offset
 * of its first character: "\\" in a string literal is one backslash written with two, "&amp;" one "&" written with
 * five, and neither can be replaced as if it were the one character. An empty span (an insertion) is as written where
 * the code unit before it is.
 */
export function writtenAsIs(text: string, found: DocumentUri, start: number, end: number): boolean {
  const map = found.offsets;
  if (map === undefined) return true;
  // An insertion: where the code unit before it ends must be a place in the text (not inside an escape).
  if (end <= start) return start === 0 || writtenAsIs(text, found, start - 1, start);
  for (let k = start; k < end; k++) if (map[k] !== map[start] + (k - start) || text[map[k]] !== found.uri[k]) return false;
  const next = end < found.uri.length ? map[end] : found.end;
  for (let o = map[end - 1] + 1; o < next; o++) if (!isWhitespace(text.charCodeAt(o))) return false;
  return true;
}

export const WHITESPACE = /\s/u;

/** Per ASCII code unit, whether WHITESPACE holds it: read off the expression, not restated. */
const ASCII_WHITESPACE = Uint8Array.from({ length: 128 }, (_, c) => (WHITESPACE.test(String.fromCharCode(c)) ? 1 : 0));

/** Whether a code unit is in WHITESPACE, without a string per character for the ASCII ones (all but a few). */
export function isWhitespace(c: number): boolean {
  return c < 128 ? ASCII_WHITESPACE[c] === 1 : WHITESPACE.test(String.fromCharCode(c));
}

const ENTITY = /&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/y;

/**
 * Decodes raw text at `base` of the file: character references (and, for
 * Markdown, backslash escapes of ASCII punctuation), with each decoded code
 * unit's offset. The offsets are undefined when nothing was decoded.
 */
export function decoded(raw: string, base: number, backslash: boolean, entity: (ref: string) => string): { value: string; offsets?: Uint32Array } {
  if (!raw.includes('&') && !(backslash && raw.includes('\\'))) return { value: raw };
  let value = '';
  const at: number[] = [];
  for (let i = 0; i < raw.length; ) {
    const c = raw[i];
    if (backslash && c === '\\' && i + 1 < raw.length && /[!-/:-@[-`{-~]/.test(raw[i + 1])) {
      value += raw[i + 1];
      at.push(base + i + 1);
      i += 2;
      continue;
    }
    if (c === '&') {
      ENTITY.lastIndex = i;
      const m = ENTITY.exec(raw);
      if (m) {
        const d = entity(m[0]);
        value += d;
        for (let k = 0; k < d.length; k++) at.push(base + i);
        i += m[0].length;
        continue;
      }
    }
    value += c;
    at.push(base + i);
    i++;
  }
  return { value, offsets: Uint32Array.from(at) };
}

/** markdown-it's helpers, for its decoding of character references (HTML's named and numeric ones): made when first needed. */
let utils: MarkdownIt['utils'] | undefined;

/** A character reference ("&amp;", "&#x2F;"), decoded as markdown-it decodes it (and as HTML does). */
export function characterReference(ref: string): string {
  utils ??= new MarkdownIt('zero').utils;
  return utils.unescapeAll(ref);
}

/**
 * The [start, end) of each character reference of `text` that markdown-it decodes in Markdown's text ("&amp;",
 * "&#47;"): a URI of the prose that reaches one is cut there (what the reference stands for is the rendered
 * text's, which the raw text does not show).
 */
export function characterReferenceHoles(text: string): Array<[number, number]> {
  const holes: Array<[number, number]> = [];
  if (!text.includes('&')) return holes;
  // redos-dynamic: ENTITY's text (checked as the literal above) with the flag g
  const all = new RegExp(ENTITY.source, 'g');
  for (let m = all.exec(text); m !== null; m = all.exec(text)) if (characterReference(m[0]) !== m[0]) holes.push([m.index, m.index + m[0].length]);
  return holes;
}
