/**
 * Where the WHATWG URL parser finds each part of a string, read off the text
 * by the standard's own steps ("URL parsing"), to say where the cause of a
 * difference is: which characters the basic URL parser removes before it
 * starts (leading and trailing C0 control or space, every ASCII tab or
 * newline), where the scheme ends, which slashes and backslashes it skips
 * before the authority of a special URL ("special authority ignore slashes
 * state"), and where the authority ends and splits into userinfo (at the last
 * "@", "authority state"), host and port ("host state"). This is analysis of
 * the text for offsets, not a second parser: what the URL is, is the
 * runtime's URL's answer (./runtime).
 *
 * RFC 3986's own split of any string, Appendix B's, is here too: where an
 * RFC 3986 reader that is lenient (as many are) takes the authority to be.
 */
import { isSpecial } from './runtime';

/** A [start, end) of the input, in UTF-16 code units. */
export interface InputSpan {
  readonly start: number;
  readonly end: number;
}

export interface WhatwgLayout {
  /** The string the state machine runs on: trimmed, tabs and newlines removed. */
  readonly text: string;
  /** The input offset of each code unit of `text` (and, at text.length, where the text ends in the input). */
  readonly at: (i: number) => number;
  /** The input offsets of the leading and trailing C0 control or space that are removed: [0, leadEnd) and [trailStart, length). */
  readonly leadEnd: number;
  readonly trailStart: number;
  /** The input offset of the first ASCII tab or newline inside, or -1. */
  readonly tabOrNewline: number;
  /** The scheme, lower-cased, when the text has one (an ASCII letter, then letters, digits, "+", "-", "."; then ":"). */
  readonly scheme: string | undefined;
  /** Whether the URL is special (its scheme, or a relative reference's base's). */
  readonly special: boolean;
  /** In `text`: the offset after "scheme:" (0 without a scheme). */
  readonly afterScheme: number;
  /** In `text`: the run of "/" (and "\" in a special URL) that precedes the authority or path. */
  readonly slashes: InputSpan;
  /** In `text`: the authority, when the parser reads one from the text; its userinfo ends at `userinfoEnd` (the last "@"), the port begins after `portColon`. */
  readonly authority: (InputSpan & { readonly userinfoEnd: number; readonly hostStart: number; readonly portColon: number }) | undefined;
  /** In `text`: the first backslash after the scheme of a special URL, or -1. */
  readonly backslash: number;
}

const isC0OrSpace = (c: number): boolean => c <= 0x20;
const isTabOrNewline = (c: number): boolean => c === 0x09 || c === 0x0a || c === 0x0d;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * The layout of `input` as the basic URL parser walks it, for a string
 * without a scheme against a base of scheme `baseScheme` (lower-case) when
 * given.
 */
export function whatwgLayout(input: string, baseScheme?: string): WhatwgLayout {
  let leadEnd = 0;
  while (leadEnd < input.length && isC0OrSpace(input.charCodeAt(leadEnd))) leadEnd++;
  let trailStart = input.length;
  while (trailStart > leadEnd && isC0OrSpace(input.charCodeAt(trailStart - 1))) trailStart--;
  let tabOrNewline = -1;
  for (let i = leadEnd; i < trailStart && tabOrNewline < 0; i++) if (isTabOrNewline(input.charCodeAt(i))) tabOrNewline = i;
  let text: string;
  let at: (i: number) => number;
  if (tabOrNewline < 0) {
    text = input.slice(leadEnd, trailStart);
    at = (i) => leadEnd + i;
  } else {
    const positions: number[] = [];
    const kept: string[] = [];
    for (let i = leadEnd; i < trailStart; i++) {
      if (isTabOrNewline(input.charCodeAt(i))) continue;
      positions.push(i);
      kept.push(input[i]);
    }
    positions.push(trailStart);
    text = kept.join('');
    at = (i) => positions[Math.min(i, positions.length - 1)];
  }
  const m = SCHEME.exec(text);
  const ownScheme = m === null ? undefined : m[0].slice(0, -1).toLowerCase();
  const scheme = ownScheme ?? baseScheme;
  const special = scheme !== undefined && isSpecial(scheme);
  const afterScheme = m === null ? 0 : m[0].length;
  const slash = (k: number): boolean => text[k] === '/' || (special && text[k] === '\\');
  let slashEnd = afterScheme;
  while (slashEnd < text.length && slash(slashEnd)) slashEnd++;
  const count = slashEnd - afterScheme;
  // Whether the parser reads an authority from the text (the states of "URL parsing" that lead to the authority state or the file host state).
  let hasAuthority: boolean;
  if (scheme === undefined) hasAuthority = false;
  else if (scheme === 'file') hasAuthority = count >= 2;
  // A special scheme that is the base's, or no scheme against a special base: the relative state, where two slashes (or backslashes) begin an authority.
  else if (special && (ownScheme === undefined || ownScheme === baseScheme)) hasAuthority = count >= 2;
  else if (special) hasAuthority = true; // special authority slashes state: any number of slashes, none included
  else hasAuthority = text.startsWith('//', afterScheme);
  let authority: WhatwgLayout['authority'];
  if (hasAuthority) {
    // A file URL's host begins after two slashes (file slash state, file host state); any other special one's after them all.
    const start = scheme === 'file' ? afterScheme + 2 : special ? slashEnd : afterScheme + 2;
    let end = start;
    while (end < text.length && !isDelimiter(text.charCodeAt(end), false) && !(special && text.charCodeAt(end) === 0x5c)) end++;
    const lastAt = scheme === 'file' ? -1 : text.lastIndexOf('@', end - 1);
    const hostStart = lastAt >= start ? lastAt + 1 : start;
    let portColon = -1;
    let inBrackets = false;
    for (let k = hostStart; k < end; k++) {
      if (text[k] === '[') inBrackets = true;
      else if (text[k] === ']') inBrackets = false;
      else if (text[k] === ':' && !inBrackets) {
        portColon = k;
        break;
      }
    }
    authority = { start, end, userinfoEnd: lastAt >= start ? lastAt : -1, hostStart, portColon };
  }
  const backslash = special ? text.indexOf('\\', afterScheme) : -1;
  return { text, at, leadEnd, trailStart, tabOrNewline, scheme, special, afterScheme, slashes: { start: afterScheme, end: slashEnd }, authority, backslash };
}

/** Whether a code unit is "/", "?" or "#" (or, with `colon`, ":"): compared as numbers, no string per character of a long input. */
function isDelimiter(c: number, colon: boolean): boolean {
  return c === 0x2f || c === 0x3f || c === 0x23 || (colon && c === 0x3a);
}

/** RFC 3986 Appendix B's split of any string: where the scheme ends (the ":") and the authority after "//" is, in input offsets. */
export function appendixB(input: string): { schemeEnd: number; authority: InputSpan | undefined } {
  let i = 0;
  while (i < input.length && !isDelimiter(input.charCodeAt(i), true)) i++;
  const schemeEnd = i > 0 && input.charCodeAt(i) === 0x3a ? i : -1;
  const rest = schemeEnd < 0 ? 0 : schemeEnd + 1;
  if (!input.startsWith('//', rest)) return { schemeEnd, authority: undefined };
  let end = rest + 2;
  while (end < input.length && !isDelimiter(input.charCodeAt(end), false)) end++;
  return { schemeEnd, authority: { start: rest + 2, end } };
}
