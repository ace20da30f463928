/**
 * HTML, through htmlparser2's tokenizer: the URIs in the URI-valued
 * attributes, each at the exact range of its value.
 */
import { Tokenizer, QuoteType } from 'htmlparser2';
import { characterReference, decoded, make } from './found';
import type { DocumentUri } from './types';

/** Attributes whose value is a URI (HTML's URL-valued attributes), and srcset's list. */
const URI_ATTRIBUTES = new Set(['href', 'src', 'action', 'cite', 'formaction', 'poster', 'data', 'background', 'longdesc', 'manifest', 'codebase', 'classid', 'icon', 'profile', 'usemap', 'xmlns', 'itemtype', 'itemid', 'ping', 'archive', 'xlink:href', 'srcset', 'imagesrcset']);

/** A name of URI_ATTRIBUTES followed by "=" (case-insensitive). */
// redos-dynamic: an alternation of the fixed names of URI_ATTRIBUTES between one character and \s*=, each part begun by what the part before cannot end with
const URI_ATTRIBUTE_NAME = new RegExp(`(?:^|[\\s"'/])(?:${[...URI_ATTRIBUTES].join('|')})\\s*=`, 'i');

const ASCII_WHITESPACE = /[\t\n\f\r ]/;

/**
 * The [start, end) of each URL of a srcset value, as HTML's "parse a srcset attribute" reads it: candidates
 * separated by commas, each a URL (everything up to ASCII whitespace, less trailing commas, which end the
 * candidate) and its descriptors (up to a comma outside parentheses). A comma inside a URL is the URL's
 * ("data:image/gif;base64,R0lG..." is one URL).
 */
export function srcsetUrls(value: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let i = 0;
  const n = value.length;
  while (i < n) {
    while (i < n && (ASCII_WHITESPACE.test(value[i]) || value[i] === ',')) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !ASCII_WHITESPACE.test(value[i])) i++;
    let end = i;
    if (value[end - 1] === ',') {
      while (end > start && value[end - 1] === ',') end--;
    } else {
      // The descriptors, up to a comma that is not in parentheses.
      let depth = 0;
      while (i < n && !(value[i] === ',' && depth === 0)) {
        if (value[i] === '(') depth++;
        else if (value[i] === ')' && depth > 0) depth--;
        i++;
      }
      i++;
    }
    if (end > start) out.push([start, end]);
  }
  return out;
}

/**
 * Each attribute of each start tag of the HTML, in order, through htmlparser2's tokenizer: its tag's [start, end),
 * its name (lower case), and its value's [start, end) as written (-1, -1 when it has none: `<a download>`, `x=""`).
 */
export function forEachAttribute(html: string, each: (tagStart: number, tagEnd: number, name: string, valueStart: number, valueEnd: number) => void): void {
  let tagStart = -1;
  let tagEnd = -1;
  let name = '';
  let valueStart = -1;
  let valueEnd = -1;
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: false },
    {
      onopentagname(start, end) {
        tagStart = start;
        tagEnd = end;
      },
      onattribname(start, end) {
        name = html.slice(start, end).toLowerCase();
        valueStart = -1;
      },
      onattribdata(start, end) {
        if (valueStart < 0) valueStart = start;
        valueEnd = end;
      },
      onattribentity() {},
      onattribend(quote) {
        if (quote === QuoteType.NoValue || valueStart < 0) each(tagStart, tagEnd, name, -1, -1);
        else each(tagStart, tagEnd, name, valueStart, valueEnd);
      },
      oncdata() {},
      onclosetag() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onopentagend() {},
      onprocessinginstruction() {},
      onselfclosingtag() {},
      ontext() {},
      ontextentity() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
}

/** The URIs in the URI-valued attributes of the HTML in [from, to) of `text`. */
export function htmlUris(text: string, from: number, to: number): DocumentUri[] {
  const html = text.slice(from, to);
  const out: DocumentUri[] = [];
  // Most fragments (a closing tag, a <br>, a <div align=...>) have no URI attribute: no tokenizer for those.
  if (!URI_ATTRIBUTE_NAME.test(html)) return out;
  forEachAttribute(html, (tagStart, tagEnd, name, valueStart, valueEnd) => {
    if (valueStart < 0 || !URI_ATTRIBUTES.has(name)) return;
    const raw = html.slice(valueStart, valueEnd);
    const element = html.slice(tagStart, tagEnd).toLowerCase();
    const push = (start: number, end: number): void => {
      const { value, offsets } = decoded(raw.slice(start, end), from + valueStart + start, false, characterReference);
      out.push({ ...make(value, from + valueStart + start, from + valueStart + end, 'attribute', offsets), attribute: name, element });
    };
    if (name === 'srcset' || name === 'imagesrcset') {
      for (const [start, end] of srcsetUrls(raw)) push(start, end);
      return;
    }
    if (name === 'ping' || name === 'archive') {
      // A list of URLs separated by spaces.
      for (const m of raw.matchAll(/\S+/g)) push(m.index, m.index + m[0].length);
      return;
    }
    // Leading and trailing whitespace is stripped from a URL attribute (HTML "valid URL potentially surrounded by spaces").
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (body === '') return;
    const s = from + valueStart + lead;
    const { value, offsets } = decoded(body, s, false, characterReference);
    out.push({ ...make(value, s, s + body.length, 'attribute', offsets), attribute: name, element });
  });
  return out;
}
