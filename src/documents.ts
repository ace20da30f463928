/**
 * Document-aware URI extraction: the URIs a document means, found by what
 * the document is. Markdown through markdown-it (a CommonMark parser): link
 * and image destinations, autolinks and reference definitions, code spans and
 * blocks skipped unless asked for, raw HTML as HTML, and the prose in between
 * by Appendix C (./extract) with quotes taken only when they hold something
 * URI-like. HTML through htmlparser2's tokenizer: the URI-valued attributes.
 * Source code: string literals, and the text of comments. Plain text: ./extract.
 *
 * Every URI comes with its exact place in the text: the [start, end) of the
 * text it was read from and, when the URI differs from that text (a backslash
 * escape, a character reference, a line break inside delimiters), the offset
 * of each of its code units. Also the inline directives
 * (urigram-disable-next-line, urigram-disable, urigram-enable) in comments.
 *
 * This module loads markdown-it and htmlparser2: it is an entry point of its
 * own (urigram/documents) and the command line's, never part of the core
 * bundle (src/index.ts does not import it). Time is linear in the text.
 */
import MarkdownIt from 'markdown-it';
import { Tokenizer, QuoteType } from 'htmlparser2';
import { extract, type ExtractedUri } from './lint/extract';
import { isValid } from './core/parse';
import { LINT_RULES } from './lint/lint';
import { lastAtOrBefore } from './lint/sorted';
import { lineStarts } from './lint/line-starts';
import { isTripletAt } from './encoding/triplets';

export type DocumentKind = 'markdown' | 'html' | 'source' | 'text';
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['markdown', 'html', 'source', 'text'];

export interface DocumentUri {
  /** The URI as the document means it: escapes and character references decoded, delimiters and line breaks gone. */
  readonly uri: string;
  /** The [start, end) of the text it was read from, in UTF-16 code units. */
  readonly start: number;
  readonly end: number;
  /** The offset in the text of each code unit of `uri`, when `uri` is not text.slice(start, end). */
  readonly offsets?: Uint32Array;
  /** What found it. */
  readonly kind: 'link' | 'image' | 'autolink' | 'definition' | 'attribute' | 'string' | 'text';
  /** Found in a code span or block (only with `code: true`). */
  readonly code: boolean;
  /** Whether `uri` is a valid RFC 3986 URI reference. */
  readonly valid: boolean;
  /** For kind "text": what ./extract found, with its delimiters. */
  readonly found?: ExtractedUri;
  /**
   * Source code: the URI runs on into an interpolation, a placeholder or an escape whose value the
   * reader does not know, so what the string holds past `end` is not known (lint leaves out what
   * reaches the URI's end: an empty path there may not be empty).
   */
  readonly cut?: boolean;
}

export interface DocumentOptions {
  /** What the text is (default: "text"). */
  readonly kind?: DocumentKind;
  /** Also the URIs in code spans and code blocks (Markdown), read as text. */
  readonly code?: boolean;
}

const EXTENSIONS: Readonly<Record<string, DocumentKind>> = {
  md: 'markdown', markdown: 'markdown', mdown: 'markdown', mkd: 'markdown', mdx: 'markdown',
  html: 'html', htm: 'html', xhtml: 'html', svg: 'html', xml: 'html', vue: 'html',
  js: 'source', mjs: 'source', cjs: 'source', jsx: 'source', ts: 'source', mts: 'source', cts: 'source', tsx: 'source',
  java: 'source', kt: 'source', scala: 'source', c: 'source', h: 'source', cc: 'source', cpp: 'source', hpp: 'source', cs: 'source',
  go: 'source', rs: 'source', swift: 'source', php: 'source', py: 'source', rb: 'source', sh: 'source', bash: 'source',
  pl: 'source', r: 'source', yaml: 'source', yml: 'source', toml: 'source', css: 'source', scss: 'source', less: 'source', kts: 'source',
};

/** The kind of a file by its name's extension; text when it has none that is known. */
export function kindOfFile(name: string): DocumentKind {
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  return (m && EXTENSIONS[m[1].toLowerCase()]) || 'text';
}

/** Comments of a source file: "#" for these, "//" and "/* *\/" for the rest. */
const HASH_COMMENTS = /\.(py|rb|sh|bash|pl|r|ya?ml|toml)$/i;

/** Finds the URIs of a document, in order of where they start. */
export function extractDocument(text: string, options: DocumentOptions & { name?: string } = {}): DocumentUri[] {
  if (typeof text !== 'string') throw new TypeError(`expected the text as a string, got ${typeof text}`);
  const kind = options.kind ?? 'text';
  if (!DOCUMENT_KINDS.includes(kind)) throw new TypeError(`unknown document kind ${JSON.stringify(kind)} (expected ${DOCUMENT_KINDS.join(', ')})`);
  let out: DocumentUri[];
  if (kind === 'markdown') out = markdownUris(text, options.code === true);
  else if (kind === 'html') out = htmlUris(text, 0, text.length);
  else if (kind === 'source') out = sourceUris(text, sourceLanguageOf(options.name ?? ''));
  else out = proseUris(text, 0);
  return out.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------- helpers

function make(uri: string, start: number, end: number, kind: DocumentUri['kind'], offsets?: Uint32Array, code = false, found?: ExtractedUri): DocumentUri {
  const valid = isValid(uri);
  // Written out, not spread (a spread of a conditional object costs more than the rest): the same keys, in the same order.
  if (offsets) return found ? { uri, start, end, offsets, kind, code, valid, found } : { uri, start, end, offsets, kind, code, valid };
  return found ? { uri, start, end, kind, code, valid, found } : { uri, start, end, kind, code, valid };
}

const WHITESPACE = /\s/u;

/** Per ASCII code unit, whether WHITESPACE holds it: read off the expression, not restated. */
const ASCII_WHITESPACE = Uint8Array.from({ length: 128 }, (_, c) => (WHITESPACE.test(String.fromCharCode(c)) ? 1 : 0));

/** Whether a code unit is in WHITESPACE, without a string per character for the ASCII ones (all but a few). */
function isWhitespace(c: number): boolean {
  return c < 128 ? ASCII_WHITESPACE[c] === 1 : WHITESPACE.test(String.fromCharCode(c));
}

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
 * The URIs of prose: ./extract, with quotes only around URI-like text, one
 * paragraph at a time (no delimiter pairs across a blank line, and a
 * paragraph without a ":" holds no URI). `masked` is a stretch of prose;
 * `base` is where it starts in the text.
 */
function proseUris(masked: string, base: number, code = false): DocumentUri[] {
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
    for (const f of extract(piece, PROSE_OPTIONS)) out.push(fromExtracted(f, base + from, code));
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
function proseAround(text: string, ranges: Array<[number, number]>, code = false): DocumentUri[] {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: DocumentUri[] = [];
  let at = 0;
  // As in proseUris: the next ":" found once, not searched for again by every stretch before it.
  let colon = -1;
  const visible = (from: number, to: number) => {
    if (to <= from) return;
    if (colon < from) {
      const i = text.indexOf(':', from);
      colon = i < 0 ? Infinity : i;
    }
    if (colon >= to) return;
    for (const u of proseUris(text.slice(from, to), from, code)) out.push(u);
  };
  for (const [s, e] of ranges) {
    if (s > at) visible(at, s);
    at = Math.max(at, e);
  }
  visible(at, text.length);
  return out;
}

const ENTITY = /&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/y;

/**
 * Decodes raw text at `base` of the file: character references (and, for
 * Markdown, backslash escapes of ASCII punctuation), with each decoded code
 * unit's offset. The offsets are undefined when nothing was decoded.
 */
function decoded(raw: string, base: number, backslash: boolean, entity: (ref: string) => string): { value: string; offsets?: Uint32Array } {
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

// ---------------------------------------------------------------- Markdown

/**
 * What a link, image or reference rule's call of parseLinkDestination found:
 * one frame per depth of nesting, reused (a link label is parsed with the
 * inline rules, which may try a link of their own inside it).
 */
class Frame {
  /** Whether a destination was parsed, and where: [start, end) of `src`, and its value. */
  found = false;
  start = 0;
  end = 0;
  str = '';
  src = '';
}

interface Capture {
  readonly kind: 'link' | 'image' | 'autolink' | 'code' | 'html';
  /** [start, end) of the construct, and of its destination, in the inline source. */
  readonly start: number;
  readonly end: number;
  /** [destStart, destEnd) of its destination; -1 when it has none here (a reference link, code, HTML). */
  readonly destStart: number;
  readonly destEnd: number;
}

/** A code block, an HTML block, or an inline token that holds links, images, autolinks, code spans or HTML. */
interface Block {
  readonly token: MarkdownIt.Token;
  /** Its first line: a table cell's is its row's. */
  readonly line: number;
  /** For an inline token: what it holds. */
  readonly captures?: Capture[];
}

/**
 * The inline rules left on, each with the characters it can begin at: "[" and "]" (a link and the end of its label),
 * "!" (an image), "<" (an autolink, inline HTML), "\\" (an escape), "`" (a code span). The reader checks that these
 * are the rules markdown-it has on, so that turning one more on cannot leave its characters out of INLINE_STOPS.
 */
const INLINE_RULES: Readonly<Record<string, string>> = { text: '', escape: '\\', backticks: '`', link: '[]', image: '!', autolink: '<', html_inline: '<' };

/** Where an inline construct that matters here can begin or a link label end, per ASCII code unit. */
const INLINE_STOPS = Uint8Array.from({ length: 128 }, (_, c) => (Object.values(INLINE_RULES).join('').includes(String.fromCharCode(c)) ? 1 : 0));

/** One parser, its rules wrapped to report where links, images, autolinks, code spans and inline HTML are. */
class MarkdownReader {
  private readonly md: ReturnType<typeof MarkdownIt>;
  /** frames[0 .. depth): the rules under way, innermost last. */
  private frames: Frame[] = [];
  private depth = 0;
  /** The block tokens that matter, in order, with the captures of the inline ones. */
  private blocks: Block[] = [];
  private current: Capture[] = [];
  definitions: Array<{ start: number; end: number; str: string; lines: [number, number] }> = [];

  constructor() {
    const md = new MarkdownIt('default', { html: true, linkify: false });
    // What does not change where links, images, autolinks, code and HTML are: off, for speed.
    md.disable(['linkify', 'replacements', 'smartquotes', 'text_join', 'strikethrough', 'emphasis', 'entity', 'newline', 'balance_pairs', 'fragments_join']);
    // The text it is given has no CR and no NUL (markdownUris read them as markdown-it does): nothing to normalize.
    md.core.ruler.disable('normalize');
    const on = (md.inline.ruler as unknown as { __rules__: Array<{ name: string; enabled: boolean }> }).__rules__.filter((r) => r.enabled).map((r) => r.name);
    if (on.join() !== Object.keys(INLINE_RULES).join()) throw new Error(`internal error: markdown-it's inline rules are ${on.join(', ')}, not those INLINE_STOPS is made for`);
    // The destinations as written: no normalization, and no scheme refused (a linter wants javascript: too).
    md.normalizeLink = (url: string) => url;
    md.normalizeLinkText = (url: string) => url;
    md.validateLink = () => true;
    this.md = md;
    const helpers = md.helpers as unknown as { parseLinkDestination: (s: string, start: number, max: number) => { ok: boolean; pos: number; str: string } };
    const parseDestination = helpers.parseLinkDestination;
    helpers.parseLinkDestination = (s, start, max) => {
      const r = parseDestination(s, start, max);
      if (r.ok && this.depth > 0) {
        const frame = this.frames[this.depth - 1];
        frame.found = true;
        frame.start = start;
        frame.end = r.pos;
        frame.str = r.str;
        frame.src = s;
      }
      return r;
    };
    type InlineRule = (state: { pos: number; src: string }, silent: boolean) => boolean;
    const inline = md.inline.ruler as unknown as { __rules__: Array<{ name: string; fn: InlineRule }>; at(name: string, fn: InlineRule): void };
    const original = (name: string) => inline.__rules__.find((r) => r.name === name)!.fn;
    // markdown-it's "text" rule stops at every character an inline rule might begin with (emphasis, entities,
    // line breaks, strikethrough, linkify's "@" and ":"), and there each rule is tried and fails when it is
    // off: with only escapes, code spans, links, images, autolinks and inline HTML on, a run of text ends
    // only where one of those can begin, or at the "]" a link label ends with. The same rules are tried at
    // the same places; what differs is that the characters where every rule failed are skipped in one step.
    // The text itself is not kept (only the captures are read, never the inline tokens).
    inline.at('text', (state) => {
      const src = state.src;
      const max = (state as unknown as { posMax: number }).posMax;
      let pos = state.pos;
      while (pos < max) {
        const c = src.charCodeAt(pos);
        if (c < 128 && INLINE_STOPS[c] === 1) break;
        pos++;
      }
      if (pos === state.pos) return false;
      state.pos = pos;
      return true;
    });
    for (const name of ['link', 'image'] as const) {
      const rule = original(name);
      // What markdown-it's rule looks at first: any other character is no link or image, and needs no frame.
      const first = name === 'link' ? 0x5b : 0x21;
      inline.at(name, (state, silent) => {
        if (state.src.charCodeAt(state.pos) !== first) return false;
        const start = state.pos;
        const frame = this.enter();
        let ok: boolean;
        try {
          ok = rule(state, silent);
        } finally {
          this.depth--;
        }
        if (ok && !silent) {
          const end = state.pos;
          // An inline destination: parsed after the label, and the link ends at its ")"; else a reference link.
          const inlineDest = frame.found && frame.start > start && frame.end < end && state.src.charCodeAt(end - 1) === 0x29 && frame.str !== '';
          this.current.push({ kind: name, start, end, destStart: inlineDest ? frame.start : -1, destEnd: inlineDest ? frame.end : -1 });
        }
        return ok;
      });
    }
    for (const [name, kind] of [['autolink', 'autolink'], ['backticks', 'code'], ['html_inline', 'html']] as const) {
      const rule = original(name);
      inline.at(name, (state, silent) => {
        const start = state.pos;
        const ok = rule(state, silent);
        if (ok && !silent) {
          const end = state.pos;
          const autolink = kind === 'autolink';
          this.current.push({ kind, start, end, destStart: autolink ? start + 1 : -1, destEnd: autolink ? end - 1 : -1 });
        }
        return ok;
      });
    }
    type BlockRule = (state: BlockState, startLine: number, endLine: number, silent: boolean) => boolean;
    const block = md.block.ruler as unknown as { __rules__: Array<{ name: string; fn: BlockRule; alt: string[] }>; at(name: string, fn: BlockRule, options?: { alt: string[] }): void };
    const reference = block.__rules__.find((r) => r.name === 'reference')!;
    const referenceRule = reference.fn;
    block.at(
      'reference',
      (state, startLine, endLine, silent) => {
        // A definition starts with "[" (markdown-it's rule looks first too): no frame for the other lines.
        if (state.src.charCodeAt(state.bMarks[startLine] + state.tShift[startLine]) !== 0x5b) return false;
        const frame = this.enter();
        let ok: boolean;
        try {
          ok = referenceRule(state, startLine, endLine, silent);
        } finally {
          this.depth--;
        }
        if (ok && !silent && frame.found) {
          const place = frame.src === state.src ? (p: number) => p : referencePlaces(state, startLine);
          this.definitions.push({ start: place(frame.start), end: place(frame.end), str: frame.str, lines: [startLine, state.line] });
        }
        return ok;
      },
      { alt: [...reference.alt] },
    );
    // markdown-it's core "inline" rule, and the walk over the block tokens, in one pass: the tokens that
    // matter here (code, HTML blocks, and the inline ones that hold a capture) are listed as it goes.
    const parseInline = md.inline.parse.bind(md.inline);
    const scratch: MarkdownIt.Token[] = [];
    type CoreRule = (state: { tokens: MarkdownIt.Token[]; md: unknown; env: unknown }) => void;
    (md.core.ruler as unknown as { at(name: string, fn: CoreRule): void }).at('inline', (state) => {
      const tokens = state.tokens;
      // A table cell's inline token has no lines of its own: its row's.
      let lastLine = 0;
      for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i];
        if (t.map) lastLine = t.map[0];
        if (t.type === 'inline') {
          // Only links, images, autolinks, code spans and HTML are wanted, and each needs one of these.
          if (!INLINE_MARKERS.test(t.content)) continue;
          this.current = [];
          // Only the captures are read, never the inline tokens: they go to a scratch list, garbage at once.
          try {
            parseInline(t.content, state.md as never, state.env, scratch);
          } finally {
            scratch.length = 0;
          }
          if (this.current.length > 0) this.blocks.push({ token: t, line: lastLine, captures: this.current });
        } else if ((t.type === 'code_block' || t.type === 'fence' || t.type === 'html_block') && t.map) {
          this.blocks.push({ token: t, line: lastLine });
        }
      }
    });
  }

  /** The frame of a rule that begins: the next depth's, cleared. */
  private enter(): Frame {
    const frame = (this.frames[this.depth] ??= new Frame());
    frame.found = false;
    frame.src = '';
    frame.str = '';
    this.depth++;
    return frame;
  }

  parse(src: string): Block[] {
    this.blocks = [];
    this.definitions = [];
    this.depth = 0;
    this.md.parse(src, {});
    return this.blocks;
  }

  /** A character reference, decoded as markdown-it decodes it. */
  entity(ref: string): string {
    return this.md.utils.unescapeAll(ref);
  }
}

interface BlockState {
  src: string;
  line: number;
  bMarks: number[];
  eMarks: number[];
  tShift: number[];
}

/**
 * Offsets in the text a reference definition was read from (markdown-it 14:
 * its lines from their first non-blank character, with their line breaks,
 * one after the other) as offsets in the source.
 */
function referencePlaces(state: BlockState, startLine: number): (p: number) => number {
  return (p) => {
    let line = startLine;
    for (;;) {
      const from = state.bMarks[line] + state.tShift[line];
      const length = state.eMarks[line] + 1 - from;
      if (p < length || line + 1 >= state.bMarks.length) return from + p;
      p -= length;
      line++;
    }
  };
}

let reader: MarkdownReader | undefined;

/** What an inline construct that matters here starts with: "[" (links, images), "<" (autolinks, HTML), "`" (code). */
const INLINE_MARKERS = /[[<`]/;

/** Whether `length` code units of `a` from `i` are those of `b` from `j`: a comparison without a string cut out for it. */
function sameText(a: string, i: number, b: string, j: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (a.charCodeAt(i + k) !== b.charCodeAt(j + k)) return false;
  return true;
}

/**
 * Where each line of an inline token's content is in the source: the content
 * is the token's source lines less their block prefixes (indentation,
 * blockquote markers, list markers, table pipes) and trimmed. Writes, for
 * each line k of the content, where it begins in the content (`lineOf[k]`)
 * and in the source (`placed[k]`); false when a line is not found. `cursor`
 * keeps, per line of the source, one past where the last token on it ended
 * (table cells share a line), 0 for none.
 */
function placeLines(content: string, firstLine: number, src: string, starts: readonly number[], cursor: Int32Array, lineOf: number[], placed: number[]): boolean {
  lineOf.length = 0;
  placed.length = 0;
  for (let k = 0, from0 = 0; ; k++) {
    const nl = content.indexOf('\n', from0);
    const last = nl < 0;
    const pieceEnd = last ? content.length : nl;
    const length = pieceEnd - from0;
    const line = firstLine + k;
    if (line >= starts.length) return false;
    const ls = starts[line];
    const le = line + 1 < starts.length ? starts[line + 1] - 1 : src.length;
    const from = cursor[line] > 0 ? cursor[line] - 1 : ls;
    let at: number;
    if (!last && le - length >= from && sameText(src, le - length, content, from0, length)) at = le - length;
    else if (le - from >= length && sameText(src, from, content, from0, length)) at = from; // the first place it can be: where indexOf would find it
    else {
      // Looked for on its line only: a piece that is not there (a table cell's "\|") costs the line, not the rest of the text.
      const i = le - from < length ? -1 : src.slice(from, le).indexOf(content.slice(from0, pieceEnd));
      if (i < 0) return false;
      at = from + i;
    }
    lineOf.push(from0);
    placed.push(at);
    cursor[line] = at + length + 1;
    if (last) return true;
    from0 = nl + 1;
  }
}

function markdownUris(original: string, withCode: boolean): DocumentUri[] {
  // markdown-it reads CR LF and CR as LF and NUL as U+FFFD: the same text, with a map back when it changed length.
  let src = original;
  let back: ((i: number) => number) | undefined;
  if (original.includes('\r')) {
    const map: number[] = [];
    let s = '';
    for (let i = 0; i < original.length; i++) {
      const c = original[i];
      if (c === '\r') {
        if (original[i + 1] === '\n') continue;
        s += '\n';
      } else s += c;
      map.push(i);
    }
    map.push(original.length);
    src = s;
    back = (i) => map[i];
  }
  if (src.includes('\0')) src = src.replace(/\0/g, '\ufffd');
  reader ??= new MarkdownReader();
  const blocks = reader.parse(src);
  const starts = lineStarts(src);
  const hidden: Array<[number, number]> = [];
  const blank = (start: number, end: number) => hidden.push([start, end]);
  const out: DocumentUri[] = [];
  // Per source line, one past where the last inline token placed on it ended; 0: none yet.
  const cursor = new Int32Array(starts.length);
  const lineStart = (line: number) => starts[line];
  const lineEnd = (line: number) => (line < starts.length ? starts[line] : src.length);
  const entity = (r: string) => reader!.entity(r);

  const destination = (kind: DocumentUri['kind'], start: number, end: number, angle: boolean) => {
    let s = start;
    let e = end;
    if (angle && src.charCodeAt(s) === 0x3c && src.charCodeAt(e - 1) === 0x3e) {
      s++;
      e--;
    }
    const { value, offsets } = decoded(src.slice(s, e), s, true, entity);
    if (value === '') return;
    out.push(make(value, s, e, kind, offsets));
  };

  // Per inline token, where its content's lines begin, in the content and in the source: reused.
  const lineOf: number[] = [];
  const placed: number[] = [];
  /** Content offset -> source offset, for the token placed last. */
  const at = (i: number): number => {
    const lo = lineOf.length === 1 ? 0 : lastAtOrBefore(lineOf, i);
    return placed[lo] + (i - lineOf[lo]);
  };

  const walk = (list: Block[]) => {
    for (let b = 0; b < list.length; b++) {
      const block = list[b];
      const t = block.token;
      const caps = block.captures;
      const type = t.type;
      if ((type === 'code_block' || type === 'fence') && t.map) {
        const s = lineStart(t.map[0]);
        const e = lineEnd(t.map[1]);
        if (withCode) for (const u of proseUris(src.slice(s, e), s, true)) out.push(u);
        blank(s, e);
      } else if (type === 'html_block' && t.map) {
        const s = lineStart(t.map[0]);
        const e = lineEnd(t.map[1]);
        for (const u of htmlUris(src, s, e)) out.push(u);
        blank(s, e);
      } else if (caps !== undefined) {
        if (!placeLines(t.content, t.map ? t.map[0] : block.line, src, starts, cursor, lineOf, placed)) continue;
        for (let k = 0; k < caps.length; k++) {
          const c = caps[k];
          if (c.kind === 'code') {
            if (withCode) for (const u of proseUris(src.slice(at(c.start), at(c.end)), at(c.start), true)) out.push(u);
          } else if (c.kind === 'html') {
            for (const u of htmlUris(src, at(c.start), at(c.end))) out.push(u);
          } else if (c.destStart >= 0) {
            destination(c.kind, at(c.destStart), at(c.destEnd), c.kind !== 'autolink');
          }
          // What a link or image covers is not prose (its text, when it holds a URI, is no link of its own).
          blank(at(c.start), at(c.end));
        }
      }
    }
  };
  walk(blocks);
  for (const d of reader.definitions) {
    destination('definition', d.start, d.end, true);
    blank(lineStart(d.lines[0]), lineEnd(d.lines[1]));
  }
  for (const u of proseAround(src, hidden)) out.push(u);
  if (back === undefined) return out;
  const b = back;
  // An end is just after its last code unit: mapped from that unit, so that a CR after it stays out.
  return out.map((u) => ({ ...u, start: b(u.start), end: u.end > u.start ? b(u.end - 1) + 1 : b(u.start), ...(u.offsets ? { offsets: u.offsets.map(b) } : {}) }));
}

// ---------------------------------------------------------------- HTML

/** Attributes whose value is a URI (HTML's URL-valued attributes), and srcset's list. */
const URI_ATTRIBUTES = new Set(['href', 'src', 'action', 'cite', 'formaction', 'poster', 'data', 'background', 'longdesc', 'manifest', 'codebase', 'classid', 'icon', 'profile', 'usemap', 'xmlns', 'itemtype', 'itemid', 'ping', 'archive', 'xlink:href', 'srcset', 'imagesrcset']);

/** A name of URI_ATTRIBUTES followed by "=" (case-insensitive). */
const URI_ATTRIBUTE_NAME = new RegExp(`(?:^|[\\s"'/])(?:${[...URI_ATTRIBUTES].join('|')})\\s*=`, 'i');

/** The URIs in the URI-valued attributes of the HTML in [from, to) of `text`. */
function htmlUris(text: string, from: number, to: number): DocumentUri[] {
  const html = text.slice(from, to);
  const out: DocumentUri[] = [];
  // Most fragments (a closing tag, a <br>, a <div align=...>) have no URI attribute: no tokenizer for those.
  if (!URI_ATTRIBUTE_NAME.test(html)) return out;
  let name = '';
  let valueStart = -1;
  let valueEnd = -1;
  reader ??= new MarkdownReader();
  const entity = (r: string) => reader!.entity(r);
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
              const { value, offsets } = decoded(m[0], from + valueStart + m.index, false, entity);
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
        const { value, offsets } = decoded(body, s, false, entity);
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

// ---------------------------------------------------------------- source code

/** What a code unit of a source file is to the prose reading (sourceUris' `keep`). */
// 0: hidden, code and quotes (as the array starts).
const PROSE = 1; // read: comments, the bodies of string literals
const HOLE = 2; // hidden, and a URI that reaches it is cut: an interpolation, a placeholder, an escape of a character a URI may hold
const STOP = 3; // hidden, and a URI ends there as it would in the string's value: an escape of whitespace or of a quote
const BODY = 4; // read, as PROSE: the body of a string literal (where a space in quotes is the value's, not a line wrapped)

/** Whether the prose reading sees a code unit marked `k`. */
const read = (k: number): boolean => k === PROSE || k === BODY;

/**
 * A backslash escape of a string literal, in the forms most languages share (\u{...}, \uXXXX, \UXXXXXXXX,
 * \xXX, octal, or a backslash and one character, a line break included). Only its extent and whether it
 * stands for whitespace or a quote matter: see hideEscapes.
 */
const ESCAPE = /\\(?:u\{[0-9A-Fa-f]{1,6}\}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|x[0-9A-Fa-f]{2}|[0-7]{1,3}|\r\n|[\s\S])/g;

/** The escapes whose character ends a URI in the string's value: a line break, a tab, a form feed, a quote. */
const ENDING_ESCAPE = /^\\[nrtfv"'`]$/;

/**
 * Hides the backslash escapes of a string literal's `body` (at `base` of the file) from the prose reading, as code is
 * hidden, without decoding them: that needs each language's rules (JavaScript's escapes are not those of
 * Python, PHP or Go). Read as written, "see http://a.example/\n" would be a URI with a backslash, which
 * no URI has: a syntax error that is not in the string's value. An escape of whitespace or a quote ends
 * the URI as its character would (STOP); any other (\x2F, \u00e9, a line continuation) stands for what
 * could go on with it, so the URI is cut there (HOLE): what is past it is not known.
 */
function hideEscapes(body: string, base: number, keep: Uint8Array): void {
  ESCAPE.lastIndex = 0;
  for (let m = ESCAPE.exec(body); m !== null; m = ESCAPE.exec(body)) keep.fill(ENDING_ESCAPE.test(m[0]) ? STOP : HOLE, base + m.index, base + m.index + m[0].length);
}

/** A "{...}" that is a placeholder, not text in braces (JSON, CSS, code): no space, quote or brace inside, and short. */
const PLACEHOLDER = /^\{[^{}\s"'`]{0,64}\}$/;

/**
 * A printf conversion: the common ones ("%s", "%d", "%-5.2f", "%v", Python's "%(name)s"), followed by no
 * letter or digit, so that "some%file" or a zone "%en1" stays to be reported. See printfConversions.
 */
const PRINTF = /%(?:\([A-Za-z_]\w*\))?[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:ll|l|z)?[sdiufxXvqrp%](?![A-Za-z0-9])/g;

/** Each printf conversion of `body` as [start, end), but none whose "%" begins a triplet ("%2f" is pct-encoded, RFC 3986 2.1). */
function* printfConversions(body: string): Generator<[number, number]> {
  if (!body.includes('%')) return;
  PRINTF.lastIndex = 0;
  for (let m = PRINTF.exec(body); m !== null; m = PRINTF.exec(body)) {
    if (isTripletAt(body, m.index)) PRINTF.lastIndex = m.index + 1;
    else yield [m.index, m.index + m[0].length];
  }
}

/**
 * Marks the holes of a string literal's `body` (at `base` of the file): interpolations ("${...}", "#{...}", Swift's
 * "\(...)" and "\#(...)"), placeholders ("{id}", "{}", "{0:N2}": an f-string's or format's field, a URI
 * Template's) and printf conversions ("%s" where "%" is no triplet). No URI holds a brace, and the
 * string's value holds what the program puts there: a URI that reaches a hole is cut at it. Braces are
 * matched in one pass with a stack; a brace that closes nothing, and braces around text (a JSON object,
 * a CSS rule), stay to be read.
 */
function hideHoles(body: string, base: number, keep: Uint8Array, swift: boolean): void {
  const open: number[] = [];
  for (let j = 0; j < body.length; j++) {
    const c = body.charCodeAt(j);
    if (c === 0x7b /* { */ || (swift && c === 0x28 /* ( */ && /\\#*$/.test(body.slice(Math.max(0, j - 8), j)))) {
      open.push(j);
    } else if (open.length > 0 && (c === 0x7d /* } */ ? body.charCodeAt(open[open.length - 1]) === 0x7b : swift && c === 0x29 /* ) */ && body.charCodeAt(open[open.length - 1]) === 0x28)) {
      const start = open.pop()!;
      const before = start > 0 ? body[start - 1] : '';
      if (c === 0x29) keep.fill(HOLE, base + body.lastIndexOf('\\', start), base + j + 1);
      else if (before === '$' || before === '#') keep.fill(HOLE, base + start - 1, base + j + 1);
      else if (PLACEHOLDER.test(body.slice(start, j + 1))) keep.fill(HOLE, base + start, base + j + 1);
    }
  }
  for (const [start, end] of printfConversions(body)) keep.fill(HOLE, base + start, base + end);
}

type Lang = 'py' | 'rs' | 'swift' | 'cs' | 'cpp' | 'go' | 'kt' | 'scala' | 'js' | 'php' | 'sh' | 'rb' | 'pl' | 'yaml' | 'css' | 'other';

/** The lexical forms of a source language that the reader tells apart, read off the file's name. */
interface SourceLanguage {
  /** The comments: "#" to the end of the line, "//" and "/* *\/", or both (PHP). */
  readonly comment: '#' | '//' | 'both';
  /** Which raw and verbatim string literals and which other quotes the language has (see stringAt). */
  readonly lang: Lang;
  /** A "..." literal may span lines (Rust, PHP, shell, Ruby, Perl, YAML); elsewhere a line break ends an unclosed one. */
  readonly multilineQuotes: boolean;
  /** What is outside comments and literals is read too (YAML's plain scalars, CSS's url(...)), not skipped as code. */
  readonly codeIsProse: boolean;
}

const LANGS: Readonly<Record<string, Lang>> = {
  py: 'py', rs: 'rs', swift: 'swift', cs: 'cs', c: 'cpp', h: 'cpp', cc: 'cpp', cpp: 'cpp', hpp: 'cpp', go: 'go', kt: 'kt', kts: 'kt', scala: 'scala',
  js: 'js', mjs: 'js', cjs: 'js', jsx: 'js', ts: 'js', mts: 'js', cts: 'js', tsx: 'js', php: 'php', sh: 'sh', bash: 'sh', rb: 'rb', pl: 'pl',
  yaml: 'yaml', yml: 'yaml', css: 'css', scss: 'css', less: 'css',
};

function sourceLanguageOf(name: string): SourceLanguage {
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  const ext = m ? m[1].toLowerCase() : '';
  const lang = Object.prototype.hasOwnProperty.call(LANGS, ext) ? LANGS[ext] : 'other';
  return {
    comment: HASH_COMMENTS.test(name) ? '#' : lang === 'php' ? 'both' : '//',
    lang,
    multilineQuotes: ['rs', 'php', 'sh', 'rb', 'pl', 'yaml'].includes(lang),
    codeIsProse: lang === 'yaml' || lang === 'css',
  };
}

/** A string literal's delimiters and how its body is read. */
interface StringForm {
  /** Where its body begins, and the text that ends it. */
  readonly bodyStart: number;
  readonly close: string;
  /** A backslash takes the next character with it while looking for the end (not in Go's or Rust's raw strings, nor in C#'s verbatim ones). */
  readonly skip: boolean;
  /** Backslash escapes are decoded in the body (hideEscapes). False: a backslash is itself, and the URI's. */
  readonly escapes: boolean;
  /** The body may span lines (otherwise a line break ends an unclosed literal). */
  readonly multiline: boolean;
  /** C#'s verbatim strings: a doubled quote is one quote, not the end. */
  readonly doubled: boolean;
}

/**
 * The string literal whose quote `quote` is at `at`, by the language's forms: Python's r"..." (raw,
 * but a backslash still keeps a quote from ending it), Rust's r"..." and r#"..."# (ended by the quote
 * and as many "#"), Swift's #"..."#, C#'s @"..." (verbatim: "" is a quote) and """...""" (as many
 * quotes as opened it), C++'s R"d(...)d", JavaScript's String.raw`...`, Go's backquotes, Kotlin's triple
 * quotes and Scala's (unless an interpolator other than raw is written before them), Scala's raw"...";
 * otherwise a quote, or three, closed by the same, where a backslash escapes.
 */
function stringAt(text: string, at: number, quote: string, language: SourceLanguage): StringForm {
  const { lang } = language;
  const triple = quote !== '`' && text.startsWith(quote + quote + quote, at);
  const q = triple ? quote + quote + quote : quote;
  const multiline = triple || quote === '`' || (quote === '"' && language.multilineQuotes);
  const plain = { bodyStart: at + q.length, close: q, skip: true, escapes: true, multiline, doubled: false };
  const before = text.slice(Math.max(0, at - 16), at);
  if (quote === '`') {
    if (lang === 'go') return { ...plain, skip: false, escapes: false };
    return /(?:^|[^\w.])String\.raw$/.test(before) ? { ...plain, escapes: false } : plain;
  }
  if (quote !== '"' && lang !== 'py') return plain;
  switch (lang) {
    case 'py':
      return /(?:^|[^\w])(?:[rR][bBfF]?|[bBfF][rR])$/.test(before) ? { ...plain, escapes: false } : plain;
    case 'rs': {
      const m = /(?:^|[^\w])b?r(#*)$/.exec(before);
      return m ? { ...plain, close: `"${m[1]}`, skip: false, escapes: false, multiline: true } : plain;
    }
    case 'swift': {
      const m = /(?:^|[^\w#])(#+)$/.exec(before);
      return m ? { ...plain, close: q + m[1], skip: false, escapes: false } : plain;
    }
    case 'cs': {
      // Verbatim first: @"""C:\a.exe"" /s" is a verbatim string that begins with a doubled quote.
      if (/(?:^|[^\w])(?:\$?@|@\$)$/.test(before)) return { ...plain, bodyStart: at + 1, close: '"', skip: false, escapes: false, multiline: true, doubled: true };
      if (!triple) return plain;
      // C# 11's raw string literals: three quotes or more, closed by as many; no escapes.
      let k = at;
      while (text[k] === '"') k++;
      return { ...plain, bodyStart: k, close: '"'.repeat(k - at), skip: false, escapes: false, multiline: true };
    }
    case 'cpp': {
      if (!/(?:^|[^\w])(?:u8|[uUL])?R$/.test(before)) return plain;
      const d = /^[^()\\\s"]{0,16}\(/.exec(text.slice(at + 1, at + 19));
      return d ? { ...plain, bodyStart: at + 1 + d[0].length, close: `)${d[0].slice(0, -1)}"`, skip: false, escapes: false, multiline: true } : plain;
    }
    case 'kt':
      return triple ? { ...plain, skip: false, escapes: false } : plain;
    case 'scala': {
      const prefix = /(?:^|[^\w])(\w*)$/.exec(before)?.[1] ?? '';
      if (prefix === 'raw') return { ...plain, escapes: false };
      return triple && prefix === '' ? { ...plain, skip: false, escapes: false } : plain;
    }
    default:
      return plain;
  }
}

/** A "'" that begins no literal: a Rust lifetime ('a, 'static) or a C++14 digit separator (1'000'000). */
function isBareApostrophe(text: string, at: number, lang: Lang): boolean {
  if (lang === 'rs') return /[A-Za-z_]/.test(text[at + 1] ?? '') && text[at + 2] !== "'";
  if (lang === 'cpp') return /[0-9A-Fa-f]/.test(text[at + 1] ?? '') && /(?:^|[^\w'])\d[\w']*$/.test(text.slice(Math.max(0, at - 32), at));
  return false;
}

/**
 * Where a JavaScript regular expression literal that begins at `at` ends (after its flags); -1 when the
 * "/" there is a division (a literal follows an operator, an opening bracket, a ",", ";", ":" or a
 * keyword such as return); minus the end of the line when nothing closes it there (an unescaped "/"
 * outside a class, on the same line).
 */
function regexEnd(text: string, at: number): number {
  let k = at - 1;
  while (k >= 0 && (text[k] === ' ' || text[k] === '\t')) k--;
  const before = k < 0 ? '\n' : text[k];
  if (!/[\n(,=:[!&|?{};+\-*%<>~^]/.test(before) && !/(?:^|[^\w$])(?:return|typeof|case|in|of|delete|void|throw|new|yield|await)$/.test(text.slice(Math.max(0, k - 10), k + 1))) return -1;
  let inClass = false;
  for (let j = at + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\n' || c === '\r') return -j;
    if (c === '\\') j++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      let e = j + 1;
      while (e < text.length && /[a-z]/.test(text[e])) e++;
      return e;
    }
  }
  return -text.length;
}

/**
 * String literals and comments of source code, in one pass: a string literal
 * that is one URI-like token is taken whole (kind "string"); the rest of the
 * literals and the comments are read as prose; code is skipped. A URI that
 * runs into a hole (an interpolation, a placeholder, an escape of what a URI
 * may hold) is marked `cut`; one that begins right after a hole is left out
 * (its scheme may be partly in the hole). A block comment's continuation "*"
 * (at the start of a line, as JSDoc writes them) is read as a space, so that
 * a URI wrapped inside <...> across its lines does not take it in.
 */
function sourceUris(text: string, language: SourceLanguage): DocumentUri[] {
  const keep = new Uint8Array(text.length);
  const out: DocumentUri[] = [];
  const n = text.length;
  const { comment, lang } = language;
  const hash = comment !== '//';
  const slashes = comment !== '#';
  const stars: number[] = [];
  // The next line break at or after where it was last looked for (so that a file of one-line comments is not searched to its end for each).
  let nextBreak = -1;
  const breakFrom = (k: number): number => {
    if (nextBreak < k) {
      nextBreak = text.indexOf('\n', k);
      if (nextBreak < 0) nextBreak = n;
    }
    return nextBreak;
  };
  // JavaScript: where a regular expression literal may begin again (after a line on which one did not close), and the last found.
  let noRegexBefore = 0;
  let regex = 0;
  let i = 0;
  while (i < n) {
    const c = text[i];
    if ((slashes && c === '/' && text[i + 1] === '/') || (hash && c === '#')) {
      const e = breakFrom(i);
      keep.fill(PROSE, i, e);
      i = e;
    } else if (slashes && c === '/' && text[i + 1] === '*') {
      let e = text.indexOf('*/', i + 2);
      e = e < 0 ? n : e + 2;
      keep.fill(PROSE, i, e);
      for (let l = breakFrom(i); l < e; l = breakFrom(l + 1)) {
        let k = l + 1;
        while (k < e && (text[k] === ' ' || text[k] === '\t')) k++;
        if (k < e && text[k] === '*' && text[k + 1] !== '/') stars.push(k);
      }
      i = e;
    } else if (lang === 'js' && c === '/' && i >= noRegexBefore && (regex = regexEnd(text, i)) !== -1) {
      if (regex > 0) i = regex;
      else {
        noRegexBefore = -regex; // no literal closes on this line: none is looked for again on it
        i++;
      }
    } else if ((c === '"' || c === "'" || c === '`') && !(c === "'" && isBareApostrophe(text, i, lang))) {
      const form = stringAt(text, i, c, language);
      const { close: closer, bodyStart } = form;
      let j = bodyStart;
      let close = -1;
      while (j < n) {
        const d = text[j];
        if (d === '\\' && form.skip) {
          // A backslash at the end of a CRLF line takes the whole line break (a continuation), not the CR alone.
          j += text[j + 1] === '\r' && text[j + 2] === '\n' ? 3 : 2;
          continue;
        }
        if (d === '\n' && !form.multiline) break;
        if (d === closer[0] && text.startsWith(closer, j)) {
          if (form.doubled && text[j + 1] === '"') {
            j += 2;
            continue;
          }
          close = j;
          break;
        }
        j++;
      }
      const end = close < 0 ? j : close;
      const body = text.slice(bodyStart, end);
      if (/^[A-Za-z][A-Za-z0-9+.-]*:\S*$/.test(body) && (/^[^:]+:\/\//.test(body) || /^(mailto|urn|tel|data|sip|sips|news|geo|xmpp):/i.test(body)) && !/[\\{]/.test(body) && printfConversions(body).next().done === true) {
        out.push(make(body, bodyStart, end, 'string'));
      } else {
        keep.fill(BODY, bodyStart, end);
        // Both read the body alone: a search for the next escape or "%" never runs on into the rest of the file.
        if (form.escapes && body.includes('\\')) hideEscapes(body, bodyStart, keep);
        if (/[{%]/.test(body) || (lang === 'swift' && body.includes('\\'))) hideHoles(body, bodyStart, keep, lang === 'swift');
      }
      i = close < 0 ? j : close + closer.length;
    } else {
      if (language.codeIsProse) keep[i] = PROSE;
      i++;
    }
  }
  const hidden: Array<[number, number]> = [];
  for (let k = 0; k < n; ) {
    if (read(keep[k])) {
      k++;
      continue;
    }
    const from = k;
    while (k < n && !read(keep[k])) k++;
    hidden.push([from, k]);
  }
  // The continuation stars read as spaces: the same length, so every offset stays; only a URI's text comes from the copy.
  let prose = text;
  if (stars.length > 0) {
    const parts: string[] = [];
    let from = 0;
    for (const k of stars) {
      parts.push(text.slice(from, k));
      from = k + 1;
    }
    parts.push(text.slice(from));
    prose = parts.join(' ');
  }
  const found = proseAround(prose, hidden);
  for (let f = 0; f < found.length; f++) {
    let u = found[f];
    // Right after a hole its scheme may be partly in the hole; after a line continuation ("\\" and a line break, nothing in the value) it begins.
    if (u.start > 0 && keep[u.start - 1] === HOLE && text[u.start - 1] !== '\n') continue;
    // Appendix C's delimiters take whitespace out of a URI wrapped over lines; in quotes on one line of a string
    // literal, a space is in the string's value ('{"home": "https://a.example/a b"}'): the URI is read as written.
    // (Angle brackets and comments are prose: "<ns0:tag />" and a wrapped <URI> are as Appendix C has them.)
    if (u.offsets !== undefined && u.found?.delimited === 'quote' && keep[u.start] === BODY && !text.slice(u.start, u.end).includes('\n')) {
      u = make(text.slice(u.start, u.end), u.start, u.end, 'text', undefined, false, u.found);
    }
    // Cut: the URI's token runs on, past what extract left off its end (a ":" or "." it took for punctuation), into a hole.
    const limit = f + 1 < found.length ? found[f + 1].start : n;
    let k = u.end;
    while (k < limit && read(keep[k]) && !isWhitespace(text.charCodeAt(k))) k++;
    out.push(k < limit && keep[k] === HOLE ? { ...u, cut: true } : u);
  }
  return out;
}

// ---------------------------------------------------------------- directives

export interface Directive {
  readonly kind: 'disable-next-line' | 'disable-line' | 'disable' | 'enable';
  /** The line (from 1) the directive is on. */
  readonly line: number;
  /** The rule codes it names; empty: all. */
  readonly codes: readonly string[];
}

/**
 * A directive: a comment's opening marker where a comment can begin (at the start of a line, or after
 * whitespace or one of ; ) } > , that end code or markup: not after a letter, a quote or a "/" of a URI
 * or a string), then the directive and its codes (words of letters and digits joined by single "-", so
 * that "-->" right after the last code ends the list), then the end of the comment: its closer ("-->",
 * "*\/"), or the end of the line, with an optional " -- reason". So "#urigram-disable" in a URI, a
 * string literal or a link title (followed by a quote or more text) is none.
 */
const DIRECTIVE = /(?:^|(?<=[\s;)}>,]))(?:<!--|\/\/|\/\*|#|\{\/\*)[ \t]*urigram-(disable-next-line|disable-line|disable|enable)\b((?:[ \t,]+[a-z][a-z0-9]*(?:-[a-z0-9]+)*)*)[ \t]*(?=-->|\*\/|[ \t]*--[ \t]|\r|$)/gm;

/**
 * The inline directives in the comments of a text: <!-- ... -->, // ..., /* ... *\/ or # ... . `uris`:
 * the spans of the URIs found in the text (in order of their start), inside which a marker is part of
 * the URI, not a comment: "http://a.example/docs#urigram-disable" switches nothing off.
 */
export function directives(text: string, uris: ReadonlyArray<{ readonly start: number; readonly end: number }> = []): Directive[] {
  const out: Directive[] = [];
  if (!text.includes('urigram-')) return out;
  const starts = lineStarts(text);
  let u = 0; // the first URI that does not end before the match (matches come in order, and so do the URIs)
  for (const m of text.matchAll(DIRECTIVE)) {
    const at = m.index!;
    while (u < uris.length && uris[u].end <= at) u++;
    if (u < uris.length && uris[u].start <= at) continue;
    const lo = lastAtOrBefore(starts, at);
    const codes = m[2].split(/[\s,]+/).filter((c) => c !== '');
    out.push({ kind: m[1] as Directive['kind'], line: lo + 1, codes });
  }
  return out;
}

/**
 * Whether a diagnostic of `code` on `line` is switched off by the directives
 * (in order of their lines). The state after each region directive is kept,
 * so that a question is a binary search, however many directives and
 * diagnostics a file has.
 */
export function suppressedBy(list: readonly Directive[]): (line: number, code: string) => boolean {
  if (list.length === 0) return () => false;
  interface State {
    readonly line: number;
    /** Every rule off, but for `except`; else the rules in `codes` off. */
    readonly all: boolean;
    readonly codes: ReadonlySet<string>;
    readonly except: ReadonlySet<string>;
  }
  const states: State[] = [];
  let all = false;
  let codes = new Set<string>();
  let except = new Set<string>();
  const single = new Map<number, Directive[]>();
  for (const d of list) {
    if (d.kind === 'disable-next-line' || d.kind === 'disable-line') {
      const target = d.kind === 'disable-line' ? d.line : d.line + 1;
      single.set(target, [...(single.get(target) ?? []), d]);
      continue;
    }
    if (d.codes.length === 0) {
      all = d.kind === 'disable';
      codes = new Set();
      except = new Set();
    } else {
      codes = new Set(codes);
      except = new Set(except);
      for (const c of d.codes) {
        // A code that names no rule changes nothing (and the sets stay as small as the rule list).
        if (!Object.prototype.hasOwnProperty.call(LINT_RULES, c)) continue;
        if (all) {
          if (d.kind === 'disable') except.delete(c);
          else except.add(c);
        } else if (d.kind === 'disable') codes.add(c);
        else codes.delete(c);
      }
    }
    states.push({ line: d.line, all, codes, except });
  }
  const stateLines = states.map((s) => s.line);
  return (line, code) => {
    const here = single.get(line);
    if (here?.some((d) => d.codes.length === 0 || d.codes.includes(code))) return true;
    // The last region directive on or before the line.
    if (states.length === 0 || states[0].line > line) return false;
    const s = states[lastAtOrBefore(stateLines, line)];
    return s.all ? !s.except.has(code) : s.codes.has(code);
  };
}
