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
const URI_ATTRIBUTE_NAME = new RegExp(`(?:^|[\\s"'/])(?:${[...URI_ATTRIBUTES].join('|')})\\s*=`, 'i');

/** The URIs in the URI-valued attributes of the HTML in [from, to) of `text`. */
export function htmlUris(text: string, from: number, to: number): DocumentUri[] {
  const html = text.slice(from, to);
  const out: DocumentUri[] = [];
  // Most fragments (a closing tag, a <br>, a <div align=...>) have no URI attribute: no tokenizer for those.
  if (!URI_ATTRIBUTE_NAME.test(html)) return out;
  let name = '';
  let valueStart = -1;
  let valueEnd = -1;
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: false },
    {
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
        if (quote === QuoteType.NoValue || valueStart < 0 || !URI_ATTRIBUTES.has(name)) return;
        const raw = html.slice(valueStart, valueEnd);
        if (name === 'srcset' || name === 'imagesrcset' || name === 'ping' || name === 'archive') {
          // A list: URLs separated by commas (srcset) or spaces, each with an optional descriptor.
          const re = /[^\s,]+/g;
          let m: RegExpExecArray | null;
          let expectUrl = true;
          while ((m = re.exec(raw))) {
            if (expectUrl) {
              const { value, offsets } = decoded(m[0], from + valueStart + m.index, false, characterReference);
              out.push(make(value, from + valueStart + m.index, from + valueStart + m.index + m[0].length, 'attribute', offsets));
            }
            const next = raw[m.index + m[0].length];
            expectUrl = name !== 'srcset' && name !== 'imagesrcset' ? true : next === ',' || next === undefined;
          }
          return;
        }
        // Leading and trailing whitespace is stripped from a URL attribute (HTML "valid URL potentially surrounded by spaces").
        const lead = raw.length - raw.trimStart().length;
        const body = raw.trim();
        if (body === '') return;
        const s = from + valueStart + lead;
        const { value, offsets } = decoded(body, s, false, characterReference);
        out.push(make(value, s, s + body.length, 'attribute', offsets));
      },
      oncdata() {},
      onclosetag() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onopentagend() {},
      onopentagname() {},
      onprocessinginstruction() {},
      onselfclosingtag() {},
      ontext() {},
      ontextentity() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return out;
}
