/**
 * The inline directives (urigram-disable-next-line, urigram-disable-line,
 * urigram-disable, urigram-enable) in the comments of a text, and what they
 * switch off.
 */
import { LINT_RULES } from '../lint/lint';
import { lastAtOrBefore } from '../lint/sorted';
import { lineStarts } from '../lint/line-starts';

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
 *
 * This expression finds the marker and the directive; `codesEnd` and `endsComment` read the rest. Together
 * they find what the one expression
 *   /(?:^|(?<=[\s;)}>,]))(?:<!--|\/\/|\/\*|#|\{\/\*)[ \t]*urigram-(disable-next-line|disable-line|disable|enable)\b
 *    ((?:[ \t,]+[a-z][a-z0-9]*(?:-[a-z0-9]+)*)*)[ \t]*(?=-->|\*\/|[ \t]*--[ \t]|\r|$)/gm
 * finds, matches, captures and indices alike, without its backtracking frame per code and per hyphen part
 * (which overflows the stack near 8 M codes). Why the same:
 * - From a start, the head has one way to match: the markers begin with different characters (and "//"
 *   and "/*" differ in the second), and where "disable-line" or "disable-next-line" follows, the shorter
 *   "disable" leaves "-l" or "-n" next, which no code and no comment end can begin with.
 * - The codes: the expression takes as many codes as there are, each as long as it goes (its
 *   greedy loops), as `codesEnd` does. Backtracking to fewer or shorter ones leaves next a letter or digit,
 *   "-" and a letter or digit, or separators and then a letter: none of which "[ \t]*" and a comment end can
 *   take. And backtracking "[ \t]*" itself only leaves a space or tab next, where a comment end is found
 *   only by its " -- " alternative, which the greedy end already tried. So from a start there is a match
 *   exactly when the greedy reading ends a comment, with its end there.
 * - A failed start: no directive can start inside a head (no line ends there, and where the lookbehind
 *   holds, after a space or tab, a space, a tab or the "u" of "urigram-" follows, which begins no marker),
 *   so the search goes on after it. After a match it goes on at its end, as the one expression's does.
 */
const DIRECTIVE_HEAD = /(?:^|(?<=[\s;)}>,]))(?:<!--|\/\/|\/\*|#|\{\/\*)[ \t]*urigram-(disable-next-line|disable-line|disable|enable)\b/gm;

const isLowerOrDigit = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
const isSpaceOrTab = (c: number): boolean => c === 0x20 || c === 0x09;

/** The end of the codes from `i`: ([ \t,]+[a-z][a-z0-9]*(?:-[a-z0-9]+)*)*, each part as long as it goes. */
function codesEnd(text: string, i: number): number {
  for (;;) {
    let j = i;
    while (isSpaceOrTab(text.charCodeAt(j)) || text.charCodeAt(j) === 0x2c) j++;
    const c = text.charCodeAt(j);
    if (j === i || !(c >= 0x61 && c <= 0x7a)) return i;
    j++;
    while (isLowerOrDigit(text.charCodeAt(j))) j++;
    while (text.charCodeAt(j) === 0x2d && isLowerOrDigit(text.charCodeAt(j + 1))) {
      j += 2;
      while (isLowerOrDigit(text.charCodeAt(j))) j++;
    }
    i = j;
  }
}

/** Whether a comment ends at `i` (not a space or tab): "-->", "*\/", "-- " (a reason follows), or the end of a line. */
function endsComment(text: string, i: number): boolean {
  if (i >= text.length) return true;
  const c = text.charCodeAt(i);
  if (c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) return true;
  return text.startsWith('-->', i) || text.startsWith('*/', i) || (text.startsWith('--', i) && isSpaceOrTab(text.charCodeAt(i + 2)));
}

/** A directive in a text: where it starts and ends, its kind, and its codes as written. */
export interface DirectiveMatch {
  readonly index: number;
  readonly end: number;
  readonly kind: Directive['kind'];
  readonly codes: string;
}

/** The directives of a text, in order (see DIRECTIVE_HEAD). Linear: the codes are read once, and the search goes on past them or past the head. */
export function directiveMatches(text: string): DirectiveMatch[] {
  const out: DirectiveMatch[] = [];
  DIRECTIVE_HEAD.lastIndex = 0;
  for (let m = DIRECTIVE_HEAD.exec(text); m !== null; m = DIRECTIVE_HEAD.exec(text)) {
    const codesStart = DIRECTIVE_HEAD.lastIndex;
    const codesStop = codesEnd(text, codesStart);
    let end = codesStop;
    while (isSpaceOrTab(text.charCodeAt(end))) end++;
    if (!endsComment(text, end)) continue;
    out.push({ index: m.index, end, kind: m[1] as Directive['kind'], codes: text.slice(codesStart, codesStop) });
    DIRECTIVE_HEAD.lastIndex = end;
  }
  return out;
}

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
  for (const m of directiveMatches(text)) {
    const at = m.index;
    while (u < uris.length && uris[u].end <= at) u++;
    if (u < uris.length && uris[u].start <= at) continue;
    const lo = lastAtOrBefore(starts, at);
    const codes = m.codes.split(/[\s,]+/).filter((c) => c !== '');
    out.push({ kind: m.kind, line: lo + 1, codes });
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
