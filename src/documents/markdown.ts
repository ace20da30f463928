/**
 * Markdown, through markdown-it (a CommonMark parser): link and image
 * destinations, autolinks and reference definitions, code spans and blocks
 * skipped unless asked for, raw HTML as HTML (./html), and the prose in
 * between (./prose).
 */
import MarkdownIt from 'markdown-it';
import { lastAtOrBefore } from '../lint/sorted';
import { lineStarts } from '../lint/line-starts';
import { characterReference, decoded, isWhitespace, make } from './found';
import { htmlUris } from './html';
import { LinkLabels, type LabelState } from './link-label';
import { forEachGap, proseAround, proseUris } from './prose';
import type { DocumentUri } from './types';

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
  /** An inline token of a table cell (where "\\|" is "|"). */
  readonly cell?: boolean;
}

/**
 * The inline rules left on, each with the characters it can begin at: "[" and "]" (a link and the end of its label),
 * "!" (an image), "<" (an autolink, inline HTML), "\\" (an escape), "`" (a code span). The reader checks that these
 * are the rules markdown-it has on, so that turning one more on cannot leave its characters out of INLINE_STOPS.
 */
const INLINE_RULES: Readonly<Record<string, string>> = { text: '', escape: '\\', backticks: '`', link: '[]', image: '!', autolink: '<', html_inline: '<' };

/** Where an inline construct that matters here can begin or a link label end, per ASCII code unit. */
const INLINE_STOPS = Uint8Array.from({ length: 128 }, (_, c) => (Object.values(INLINE_RULES).join('').includes(String.fromCharCode(c)) ? 1 : 0));

type InlineRule = (state: LabelState, silent: boolean) => boolean;
type BlockRule = (state: BlockState, startLine: number, endLine: number, silent: boolean) => boolean;
type CoreRule = (state: { tokens: MarkdownIt.Token[]; md: unknown; env: unknown }) => void;

/** One parser, its rules wrapped to report where links, images, autolinks, code spans and inline HTML are. */
class MarkdownReader {
  private readonly md: ReturnType<typeof MarkdownIt>;
  /** frames[0 .. depth): the rules under way, innermost last. */
  private frames: Frame[] = [];
  private depth = 0;
  /**
   * Where the source the inline rules read begins in the inline token's content: 0, but while an image's label is
   * parsed (markdown-it parses it as a string of its own, so a link or code span in it is placed in that string).
   */
  private base = 0;
  /** The block tokens that matter, in order, with the captures of the inline ones. */
  private blocks: Block[] = [];
  private current: Capture[] = [];
  definitions: Array<{ start: number; end: number; str: string; lines: [number, number] }> = [];
  /** The line of each row of a GFM table (its header row and body rows, not its delimiter row), in order. */
  rows: number[] = [];

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
    this.wrapHelpers();
    this.wrapInlineRules();
    this.wrapReferenceRule();
    this.wrapCoreInline();
  }

  /**
   * The helpers the link, image and reference rules call: parseLinkDestination, to learn where a destination
   * is (in the frame of the rule under way); parseLinkLabel, markdown-it's own with what each scan learns kept
   * for the next (./link-label), linear on runs of "[" and "![".
   */
  private wrapHelpers(): void {
    const helpers = this.md.helpers as unknown as {
      parseLinkDestination: (s: string, start: number, max: number) => { ok: boolean; pos: number; str: string };
      parseLinkLabel: (state: LabelState, start: number, disableNested: boolean) => number;
    };
    const labels = new LinkLabels();
    helpers.parseLinkLabel = (state, start, disableNested) => labels.labelEnd(state, start, disableNested);
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
  }

  /** Each inline rule that matters, wrapped to capture what it found; the text rule, to skip what none of them can begin. */
  private wrapInlineRules(): void {
    const inline = this.md.inline.ruler as unknown as { __rules__: Array<{ name: string; fn: InlineRule }>; at(name: string, fn: InlineRule): void };
    const original = (name: string) => inline.__rules__.find((r) => r.name === name)!.fn;
    // markdown-it's "text" rule stops at every character an inline rule might begin with (emphasis, entities,
    // line breaks, strikethrough, linkify's "@" and ":"), and there each rule is tried and fails when it is
    // off: with only escapes, code spans, links, images, autolinks and inline HTML on, a run of text ends
    // only where one of those can begin, or at the "]" a link label ends with. The same rules are tried at
    // the same places; what differs is that the characters where every rule failed are skipped in one step.
    // The text itself is not kept (only the captures are read, never the inline tokens).
    inline.at('text', (state) => {
      const src = state.src;
      const max = state.posMax;
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
        const base = this.base;
        // An image's label is parsed as a string of its own, from just after its "![": what is found there is placed from there.
        if (name === 'image' && !silent) this.base = base + start + 2;
        let ok: boolean;
        try {
          ok = rule(state, silent);
        } finally {
          this.depth--;
          this.base = base;
        }
        if (ok && !silent) {
          const end = state.pos;
          // An inline destination: parsed after the label, and the link ends at its ")"; else a reference link.
          const inlineDest = frame.found && frame.src === state.src && frame.start > start && frame.end < end && state.src.charCodeAt(end - 1) === 0x29 && frame.str !== '';
          this.current.push({ kind: name, start: base + start, end: base + end, destStart: inlineDest ? base + frame.start : -1, destEnd: inlineDest ? base + frame.end : -1 });
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
          const base = this.base;
          this.current.push({ kind, start: base + start, end: base + end, destStart: autolink ? base + start + 1 : -1, destEnd: autolink ? base + end - 1 : -1 });
        }
        return ok;
      });
    }
  }

  /** The reference rule, wrapped to keep each definition's destination and lines. */
  private wrapReferenceRule(): void {
    const block = this.md.block.ruler as unknown as { __rules__: Array<{ name: string; fn: BlockRule; alt: string[] }>; at(name: string, fn: BlockRule, options?: { alt: string[] }): void };
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
  }

  /**
   * markdown-it's core "inline" rule, and the walk over the block tokens, in one pass: the tokens that
   * matter here (code, HTML blocks, and the inline ones that hold a capture) are listed as it goes.
   */
  private wrapCoreInline(): void {
    const parseInline = this.md.inline.parse.bind(this.md.inline);
    const scratch: MarkdownIt.Token[] = [];
    (this.md.core.ruler as unknown as { at(name: string, fn: CoreRule): void }).at('inline', (state) => {
      const tokens = state.tokens;
      // A table cell's inline token has no lines of its own: its row's.
      let lastLine = 0;
      for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i];
        if (t.map) lastLine = t.map[0];
        if (t.type === 'tr_open' && t.map) this.rows.push(t.map[0]);
        if (t.type === 'inline') {
          // Only links, images, autolinks, code spans and HTML are wanted, and each needs one of these.
          if (!INLINE_MARKERS.test(t.content)) continue;
          this.current = [];
          this.base = 0;
          // Only the captures are read, never the inline tokens: they go to a scratch list, garbage at once.
          try {
            parseInline(t.content, state.md as never, state.env, scratch);
          } finally {
            scratch.length = 0;
          }
          if (this.current.length > 0) {
            const opener = i > 0 ? tokens[i - 1].type : '';
            this.blocks.push({ token: t, line: lastLine, captures: this.current, cell: opener === 'td_open' || opener === 'th_open' });
          }
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
    this.rows = [];
    this.depth = 0;
    this.md.parse(src, {});
    return this.blocks;
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
 * blockquote markers, list markers, table pipes) and trimmed; in a table
 * cell, each "\|" of the source is a "|" of the content (markdown-it's
 * escapedSplit). Writes the content's pieces that are contiguous in the
 * source, in order: where each begins in the content (`lineOf`) and in the
 * source (`placed`); false when a line is not found. `cursor` keeps, per
 * line of the source, one past where the last token on it ended (table cells
 * share a line), 0 for none.
 */
function placeLines(content: string, firstLine: number, cell: boolean, src: string, starts: readonly number[], cursor: Int32Array, lineOf: number[], placed: number[]): boolean {
  lineOf.length = 0;
  placed.length = 0;
  for (let k = 0, from0 = 0; ; k++) {
    const nl = content.indexOf('\n', from0);
    const last = nl < 0;
    const pieceEnd = last ? content.length : nl;
    const line = firstLine + k;
    if (line >= starts.length) return false;
    // A cell's pipes were escaped in the source: looked for as written there.
    const piece = content.slice(from0, pieceEnd);
    const pipes = cell && piece.includes('|');
    const written = pipes ? piece.replace(/\|/g, '\\|') : piece;
    const length = written.length;
    const ls = starts[line];
    const le = line + 1 < starts.length ? starts[line + 1] - 1 : src.length;
    const from = cursor[line] > 0 ? cursor[line] - 1 : ls;
    let at: number;
    if (!last && le - length >= from && sameText(src, le - length, written, 0, length)) at = le - length;
    else if (le - from >= length && sameText(src, from, written, 0, length)) at = from; // the first place it can be: where indexOf would find it
    else {
      // Looked for on its line only: a piece that is not there costs the line, not the rest of the text.
      const i = le - from < length ? -1 : src.slice(from, le).indexOf(written);
      if (i < 0) return false;
      at = from + i;
    }
    lineOf.push(from0);
    placed.push(at);
    if (pipes) {
      // Each "|" begins a piece of its own, one code unit further on in the source than in the content (its "\\").
      for (let q = piece.indexOf('|'), shift = 1; q >= 0; q = piece.indexOf('|', q + 1), shift++) {
        lineOf.push(from0 + q);
        placed.push(at + q + shift);
      }
    }
    cursor[line] = at + length + 1;
    if (last) return true;
    from0 = nl + 1;
  }
}

/** The text as markdown-it reads it (CR LF and CR as LF, NUL as U+FFFD), and the map back to the original's offsets when it changed length. */
function asMarkdownIt(original: string): { src: string; back?: (i: number) => number } {
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
  return { src, back };
}

/** A backslash escape of Markdown: a backslash and an ASCII punctuation character (CommonMark 2.4). */
const ESCAPABLE = /[!-/:-@[-`{-~]/;

/**
 * The prose as Appendix C reads it: each backslash of an escape a space (the same length: every offset stays).
 * The text rendered has no backslash there, so a URI is not reported at one: an undelimited URI ends before it
 * and is cut there (what the escaped character goes on with is not read), and one in quotes loses it as it loses
 * a line break. Returns the text itself when it has no escape.
 */
function unescapedProse(src: string, escapes: number[]): string {
  if (!src.includes('\\')) return src;
  const parts: string[] = [];
  let from = 0;
  for (let i = src.indexOf('\\'); i >= 0 && i + 1 < src.length; i = src.indexOf('\\', i + 1)) {
    if (!ESCAPABLE.test(src[i + 1])) continue;
    parts.push(src.slice(from, i));
    escapes.push(i);
    from = i + 1;
    i++; // the escaped character is itself, even a backslash
  }
  if (from === 0) return src;
  parts.push(src.slice(from));
  return parts.join(' ');
}

/** A destination that begins as a URI reference does: a scheme and ":", "/", "./", "../" or "#". */
const URI_LIKE_START = /^(?:[A-Za-z][A-Za-z0-9+.-]*:|\.{0,2}\/|#)/;

/**
 * `text` less a link title at its end ("...", '...' or (...), after whitespace) and the whitespace before it;
 * `text` itself when it ends in none. What `text.replace(/\s+(?:"[^"]*"|'[^']*'|\([^()]*\))$/, '')` gives,
 * without that expression's search from every whitespace character to the end (quadratic on a run of
 * spaces, issue 44 item 6): the last character says which title it can be, the title's opening is the
 * nearest delimiter before it, and the whitespace before that is read back once.
 */
export function withoutTrailingTitle(text: string): string {
  const last = text.length - 1;
  if (last < 1) return text;
  const close = text.charCodeAt(last);
  let open = -1;
  if (close === 0x22 /* " */ || close === 0x27 /* ' */) open = text.lastIndexOf(text[last], last - 1);
  else if (close === 0x29 /* ) */) {
    let j = last - 1;
    while (j >= 0 && text.charCodeAt(j) !== 0x28 && text.charCodeAt(j) !== 0x29) j--;
    if (j >= 0 && text.charCodeAt(j) === 0x28) open = j;
  }
  if (open < 0) return text;
  let start = open;
  while (start > 0 && isWhitespace(text.charCodeAt(start - 1))) start--;
  return start === open ? text : text.slice(0, start);
}

/**
 * Whether positions are inside sorted, disjoint ranges, asked at positions that never go back: one pointer that only
 * moves forward (linear over all the questions).
 */
class RangeCursor {
  private i = 0;
  constructor(private readonly ranges: ReadonlyArray<[number, number]>) {}
  /** The range that holds `at`, or undefined; `at` no smaller than at the last question. */
  holding(at: number): [number, number] | undefined {
    while (this.i < this.ranges.length && this.ranges[this.i][1] <= at) this.i++;
    const r = this.ranges[this.i];
    return r !== undefined && r[0] <= at ? r : undefined;
  }
  /** Where the first range that ends after `at` begins (at or after `at`'s range), or Infinity. */
  nextStart(at: number): number {
    while (this.i < this.ranges.length && this.ranges[this.i][1] <= at) this.i++;
    return this.i < this.ranges.length ? this.ranges[this.i][0] : Infinity;
  }
}

/**
 * The destinations of links that are no links because their destination holds whitespace: "[x](http://exa
 * mple.com/)" is text to markdown-it, and read as prose it would be the URI "http://exa", whose empty path a
 * fix would make "http://exa/ mple.com/". Found in the prose (outside `hidden`): a "](" after a "[", the
 * parenthesis closed on the same line (parentheses nested as in a destination, escapes skipped), holding,
 * less a title, text that begins as a URI reference does and has whitespace inside. The label may hold the
 * inline constructs of `transparent` (code spans, images, inline HTML, autolinks: "[`x`](http://exa mple.com/)",
 * "[![b](b.png)](http://a.example/b c)"), whose own "[" and "](" are not the label's; the destination holds none.
 * Each is one URI (kind "link") over its whole extent, whose whitespace lint reports as a syntax error; its range
 * is added to `hidden`. Linear: a search goes on after the parenthesis it closed, or after the line it did not,
 * and the questions of whether a place is in a construct are asked at places that only grow.
 */
function brokenDestinations(src: string, hidden: Array<[number, number]>, transparent: Array<[number, number]>, labels: ReadonlyArray<[number, number]>, out: DocumentUri[]): void {
  if (!src.includes('](')) return;
  transparent.sort((a, b) => a[0] - b[0]);
  // The prose between the constructs, and the labels of links (where an image whose destination holds whitespace is text:
  // "[![b](./screen shot.png)](https://a.example/)"), in order.
  const stretches: Array<[number, number]> = [];
  forEachGap(src.length, hidden, (from, to) => stretches.push([from, to]));
  if (labels.length > 0) {
    for (const l of labels) stretches.push(l);
    stretches.sort((a, b) => a[0] - b[0]);
  }
  const labelStarts = new Set(labels.map((l) => l[0]));
  const found: Array<[number, number]> = [];
  // The next "[" and "](" outside the transparent constructs, at or after where each was last looked for: asked at
  // positions that only grow, each found once.
  const opens = new RangeCursor(transparent);
  const pairs = new RangeCursor(transparent);
  let open = -1;
  let pair = -1;
  const next = (at: number, needle: string, from: number, cursor: RangeCursor): number => {
    if (at >= from) return at;
    let i = src.indexOf(needle, from);
    for (let r = i < 0 ? undefined : cursor.holding(i); r !== undefined; r = i < 0 ? undefined : cursor.holding(i)) i = src.indexOf(needle, r[1]);
    return i < 0 ? Infinity : i;
  };
  for (const [from, to] of stretches) {
    const label = labelStarts.has(from);
    // A "[" to open the label, in this stretch (one before a construct that is not transparent is not this label's).
    let labelFrom = from;
    for (let k = from; ; ) {
      pair = next(pair, '](', k, pairs);
      if (pair >= to) break;
      open = next(open, '[', labelFrom, opens);
      if (open >= pair) {
        k = pair + 1;
        continue;
      }
      // The destination holds no construct: it ends at the next one, as it ends at the stretch's end.
      const end = Math.min(to, pairs.nextStart(pair + 2));
      let depth = 1;
      let j = pair + 2;
      for (; j < end && depth > 0; j++) {
        const c = src.charCodeAt(j);
        if (c === 0x0a) break;
        if (c === 0x5c) j++;
        else if (c === 0x28) depth++;
        else if (c === 0x29) depth--;
      }
      if (depth > 0) {
        // Not closed on its line: neither is any "](" before the line's end.
        const nl = src.indexOf('\n', j);
        k = nl < 0 || nl >= to ? to : nl;
        labelFrom = k;
        continue;
      }
      const close = j - 1;
      const inner = src.slice(pair + 2, close);
      const lead = inner.length - inner.trimStart().length;
      const body = withoutTrailingTitle(inner.trim());
      if (/\s/.test(body) && URI_LIKE_START.test(body)) {
        const s = pair + 2 + lead;
        const { value, offsets } = decoded(body, s, true, characterReference);
        out.push(make(value, s, s + body.length, 'link', offsets));
        // In a link's label it is hidden already.
        if (!label) found.push([s, s + body.length]);
      }
      k = labelFrom = close + 1;
    }
  }
  for (const r of found) hidden.push(r);
}

/**
 * Hides the pipes that end the cells of a GFM table row, [start, end) of the source (GFM 0.29 4.10, "Tables": a
 * "|" not escaped by a backslash before it, as markdown-it's escapedSplit has it), so that the prose of each cell is
 * read alone: "| https://a.example/x|https://b.example/y |" holds two URIs, and "https://c.example/|" no pipe. An
 * escaped pipe ("\\|") is in its cell, an escape as any other in prose (the URI ends before it, cut).
 */
function hideCellPipes(src: string, start: number, end: number, hidden: Array<[number, number]>, pipes: Set<number>): void {
  for (let k = src.indexOf('|', start); k >= 0 && k < end; k = src.indexOf('|', k + 1)) {
    if (src.charCodeAt(k - 1) === 0x5c) continue;
    hidden.push([k, k + 1]);
    pipes.add(k);
  }
}

/**
 * Marks `cut` the URIs of the prose that may go on past their end: an undelimited one whose run of
 * characters other than whitespace reaches a construct read otherwise (a code span, a link, inline HTML
 * right after it: "http://a.example/`x`") or an escape. `hidden` is sorted, and so are the URIs. A table cell's
 * end (a pipe of `pipes`) ends a URI for certain: not cut.
 */
function cutAtConstructs(src: string, hidden: ReadonlyArray<[number, number]>, escapes: readonly number[], uris: DocumentUri[], pipes: ReadonlySet<number>): void {
  let h = 0;
  let x = 0;
  for (let k = 0; k < uris.length; k++) {
    const u = uris[k];
    if (u.found?.delimited !== 'none') continue;
    while (h < hidden.length && hidden[h][1] <= u.end) h++;
    while (x < escapes.length && escapes[x] < u.end) x++;
    const limit = Math.min(h < hidden.length ? hidden[h][0] : src.length, x < escapes.length ? escapes[x] : src.length);
    let j = u.end;
    while (j < limit && !isWhitespace(src.charCodeAt(j))) j++;
    if (j === limit && limit < src.length && !pipes.has(limit)) uris[k] = { ...u, cut: true };
  }
}

export function markdownUris(original: string, withCode: boolean): DocumentUri[] {
  const { src, back } = asMarkdownIt(original);
  reader ??= new MarkdownReader();
  const blocks = reader.parse(src);
  const hidden: Array<[number, number]> = [];
  // The inline constructs a link label may hold (code spans, images, inline HTML, autolinks): hidden from the prose too.
  const transparent: Array<[number, number]> = [];
  const labels: Array<[number, number]> = [];
  const out = constructUris(src, blocks, withCode, hidden, transparent, labels);
  const starts = lineStarts(src);
  for (const d of reader.definitions) {
    out.push(...destinationUris(src, 'definition', d.start, d.end, true));
    hidden.push([starts[d.lines[0]], d.lines[1] < starts.length ? starts[d.lines[1]] : src.length]);
  }
  brokenDestinations(src, hidden, transparent, labels, out);
  for (const r of transparent) hidden.push(r);
  const pipes = new Set<number>();
  for (const line of reader.rows) hideCellPipes(src, starts[line], line + 1 < starts.length ? starts[line + 1] : src.length, hidden, pipes);
  const escapes: number[] = [];
  // Quotes whose only spaces are masked escapes ("http://c.example/a\_b") hold one URI; real spaces make a quotation.
  const prose = proseAround(unescapedProse(src, escapes), hidden, false, (start, end) => !/[ \t]/.test(src.slice(start, end)));
  cutAtConstructs(src, hidden, escapes, prose, pipes);
  for (const u of prose) out.push(u);
  if (back === undefined) return out;
  const b = back;
  // An end is just after its last code unit: mapped from that unit, so that a CR after it stays out.
  return out.map((u) => ({ ...u, start: b(u.start), end: u.end > u.start ? b(u.end - 1) + 1 : b(u.start), ...(u.offsets ? { offsets: u.offsets.map(b) } : {}) }));
}

/** A link's, image's, autolink's or definition's destination, [start, end) of the source, decoded but an autolink's (without its angle brackets). */
function destinationUris(src: string, kind: DocumentUri['kind'], start: number, end: number, angle: boolean): DocumentUri[] {
  let s = start;
  let e = end;
  if (angle && src.charCodeAt(s) === 0x3c && src.charCodeAt(e - 1) === 0x3e) {
    s++;
    e--;
  }
  // An autolink is its text as written: CommonMark decodes neither backslash escapes nor entities in it.
  if (kind === 'autolink') return s === e ? [] : [make(src.slice(s, e), s, e, kind)];
  const { value, offsets } = decoded(src.slice(s, e), s, true, characterReference);
  return value === '' ? [] : [make(value, s, e, kind, offsets)];
}

/**
 * The URIs of the constructs markdown-it found (code blocks, HTML blocks, and the captures of the inline
 * tokens, each placed in the source), and their ranges added to `hidden`: what they cover is not prose.
 */
function constructUris(src: string, blocks: readonly Block[], withCode: boolean, hidden: Array<[number, number]>, transparent: Array<[number, number]>, labels: Array<[number, number]>): DocumentUri[] {
  const starts = lineStarts(src);
  const blank = (start: number, end: number) => hidden.push([start, end]);
  const out: DocumentUri[] = [];
  // Per source line, one past where the last inline token placed on it ended; 0: none yet.
  const cursor = new Int32Array(starts.length);
  const lineStart = (line: number) => starts[line];
  const lineEnd = (line: number) => (line < starts.length ? starts[line] : src.length);
  // Per inline token, where its content's pieces begin, in the content and in the source: reused.
  const lineOf: number[] = [];
  const placed: number[] = [];
  /** Content offset -> source offset, for the token placed last. */
  const at = (i: number): number => {
    const lo = lineOf.length === 1 ? 0 : lastAtOrBefore(lineOf, i);
    return placed[lo] + (i - lineOf[lo]);
  };
  for (const block of blocks) {
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
      const first = t.map ? t.map[0] : block.line;
      if (!placeLines(t.content, first, block.cell === true, src, starts, cursor, lineOf, placed)) {
        // Not found where it should be: its lines are read as nothing rather than as prose (a code span in them is no URI to report).
        blank(lineStart(first), lineEnd(t.map ? t.map[1] : first + 1));
        continue;
      }
      for (const c of caps) {
        if (c.kind === 'code') {
          if (withCode) for (const u of proseUris(src.slice(at(c.start), at(c.end)), at(c.start), true)) out.push(u);
        } else if (c.kind === 'html') {
          for (const u of htmlUris(src, at(c.start), at(c.end))) out.push(u);
        } else if (c.destStart >= 0) {
          out.push(...destinationUris(src, c.kind, at(c.destStart), at(c.destEnd), c.kind !== 'autolink'));
        }
        // What a link or image covers is not prose (its text, when it holds a URI, is no link of its own); what a link label may hold, transparent.
        if (c.kind === 'link') {
          blank(at(c.start), at(c.end));
          // An inline link's label: from after its "[" to the "](" before its destination (only whitespace between).
          const labelEnd = c.destStart >= 0 ? t.content.lastIndexOf('](', c.destStart) : -1;
          if (labelEnd > c.start) labels.push([at(c.start + 1), at(labelEnd)]);
        } else transparent.push([at(c.start), at(c.end)]);
      }
    }
  }
  return out;
}
