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
