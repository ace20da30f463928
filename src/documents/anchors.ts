/**
 * What a fragment can name in a document (HTML's "indicated part"): the text
 * of each Markdown heading, in order, as it renders (its slug, by a style, is
 * ../lint/slugs'), and the explicit anchors: an `id` attribute of any element,
 * a `name` of an `a` element (HTML, "find a potential indicated element") in
 * HTML files, and a `name` of any element in the raw HTML of Markdown (GitHub,
 * where Markdown is read, finds a fragment's target by id or by name, so
 * `<h3 name="config">` is "#config" there). And an HTML document's base URL:
 * the `href` of its first `<base>` that has one (HTML, "document base URL").
 *
 * Markdown is parsed by markdown-it (the CommonMark parser ./markdown reads
 * links with) at block level; the inline rules run only on headings and on
 * what holds HTML. HTML through htmlparser2's tokenizer. Linear in the text.
 */
import MarkdownIt from 'markdown-it';
import { Tokenizer } from 'htmlparser2';
import { characterReference, decoded } from './found';
import { forEachAttribute } from './html';
import type { DocumentAnchors } from '../lint/links';

export type { DocumentAnchors } from '../lint/links';

type Token = ReturnType<MarkdownIt['parse']>[number];

let md: MarkdownIt | undefined;

/** markdown-it at block level: the inline rules are run by hand, where they are wanted. */
function blockParser(): MarkdownIt {
  if (md !== undefined) return md;
  md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
  // The text is normalized here (markdownAnchors), and only what a heading renders is read: no link is normalized.
  md.core.ruler.disable(['normalize', 'inline', 'linkify', 'replacements', 'smartquotes', 'text_join']);
  md.normalizeLink = (url: string) => url;
  md.normalizeLinkText = (url: string) => url;
  md.validateLink = () => true;
  return md;
}

/** The text a heading's inline tokens render (its textContent): text and code as they are, the rest's text. */
function textOf(tokens: readonly Token[]): string {
  let out = '';
  for (const t of tokens) {
    if (t.type === 'text' || t.type === 'text_special' || t.type === 'code_inline') out += t.content;
    else if (t.type === 'softbreak') out += '\n';
    // An image's alt text is an attribute, no text of the heading's; inline HTML is markup.
  }
  return out;
}

/** The heading texts and explicit anchors of a Markdown document. */
export function markdownAnchors(text: string): DocumentAnchors {
  const parser = blockParser();
  const env = {};
  // As markdown-it's normalize rule reads it: CR LF and CR as LF, NUL as U+FFFD.
  const src = /[\r\0]/.test(text) ? text.replace(/\r\n?/g, '\n').replace(/\0/g, '\ufffd') : text;
  const tokens = parser.parse(src, env);
  const headings: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'html_block') {
      htmlAnchors(t.content, ids, 'any');
      htmlHeadings(t.content, headings);
      continue;
    }
    if (t.type !== 'inline') continue;
    const heading = tokens[i - 1]?.type === 'heading_open';
    // Only a heading's text, and HTML that makes an anchor, matter here: another paragraph is not parsed inline.
    if (!heading && !(t.content.includes('<') && ANCHOR_ATTRIBUTE.test(t.content))) continue;
    const children: Token[] = [];
    parser.inline.parse(t.content, parser, env, children);
    if (heading) headings.push(textOf(children));
    for (const c of children) if (c.type === 'html_inline') htmlAnchors(c.content, ids, 'any');
  }
  return { headings, ids };
}

/** An attribute's value, [start, end) of the HTML, with its character references decoded. */
function valueOf(html: string, start: number, end: number): string {
  return decoded(html.slice(start, end), 0, false, characterReference).value;
}

/** A name of an attribute that makes an anchor, as a quick test before tokenizing. */
const ANCHOR_ATTRIBUTE = /(?:^|[\s"'/])(?:id|name)\s*=/i;

/**
 * Adds the explicit anchors of a piece of HTML to `ids`: every id, and the name of an `a` element ('a', as HTML
 * finds a fragment) or of any element ('any', as GitHub does in the Markdown it renders).
 */
function htmlAnchors(html: string, ids: string[], names: 'a' | 'any'): void {
  if (!ANCHOR_ATTRIBUTE.test(html)) return;
  forEachAttribute(html, (tagStart, tagEnd, name, valueStart, valueEnd) => {
    // An empty id or name names nothing (HTML: the fragment "" is the top of the document).
    if (valueStart < 0) return;
    if (!(name === 'id' || (name === 'name' && (names === 'any' || (tagEnd - tagStart === 1 && (html[tagStart] === 'a' || html[tagStart] === 'A')))))) return;
    const value = valueOf(html, valueStart, valueEnd);
    if (value !== '') ids.push(value);
  });
}

/** An h1 to h6 start tag, as a quick test before tokenizing. */
const HEADING_TAG = /<h[1-6][\s>/]/i;

/**
 * Adds the text of each h1 to h6 element of a piece of Markdown's raw HTML to `headings`, in order: GitHub gives
 * them anchors as it gives Markdown's headings (`<h2 align="center">Install</h2>` is "#install").
 */
function htmlHeadings(html: string, headings: string[]): void {
  if (!HEADING_TAG.test(html)) return;
  let level = '';
  let text = '';
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: false },
    {
      onopentagname(start, end) {
        const name = html.slice(start, end).toLowerCase();
        if (level === '' && /^h[1-6]$/.test(name)) {
          level = name;
          text = '';
        }
      },
      onclosetag(start, end) {
        if (level !== '' && html.slice(start, end).toLowerCase() === level) {
          headings.push(decoded(text, 0, false, characterReference).value);
          level = '';
        }
      },
      ontext(start, end) {
        if (level !== '') text += html.slice(start, end);
      },
      onattribname() {},
      onattribdata() {},
      onattribentity() {},
      onattribend() {},
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onopentagend() {},
      onprocessinginstruction() {},
      onselfclosingtag() {},
      ontextentity() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
}

/** The explicit anchors of an HTML document (it has no headings that make anchors of their own). */
export function htmlDocumentAnchors(text: string): DocumentAnchors {
  const ids: string[] = [];
  htmlAnchors(text, ids, 'a');
  return { headings: [], ids };
}

/** The href of the first `<base>` that has one, with the [start, end) of its value in the text; none without. */
export function baseHrefOf(text: string): { readonly href: string; readonly start: number; readonly end: number } | undefined {
  if (!/<base[\s/>]/i.test(text)) return undefined;
  let found: { href: string; start: number; end: number } | undefined;
  forEachAttribute(text, (tagStart, tagEnd, name, start, end) => {
    if (found === undefined && name === 'href' && start >= 0 && text.slice(tagStart, tagEnd).toLowerCase() === 'base') found = { href: valueOf(text, start, end).trim(), start, end };
  });
  return found;
}
