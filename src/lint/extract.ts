/**
 * Finding URIs in running text (RFC 3986 Appendix C, "Delimiting a URI in
 * Context"): in angle brackets <...>, in double quotes "..." (and, for source
 * code and Markdown, single quotes and backquotes), or delimited by whitespace. Delimiters and the old "URL:" prefix are not part of the URI,
 * and whitespace inside delimiters (a URI broken across lines) is removed.
 *
 * Time is linear in the length of the text on any input: every pass moves
 * forward, and each candidate is validated once by the recognizer.
 */
import { recognizerOf } from '../core/grammars';

const matchAt = recognizerOf('rfc3986').matchAt;
import { isValid, matches } from '../core/parse';
import { checkOptions, describeValue, type OptionSpec } from '../core/options';

export interface ExtractedUri {
  /** The URI after Appendix C's clean-up: delimiters, the "URL:" prefix and embedded whitespace removed. */
  readonly uri: string;
  /** The [start, end) range of the raw text, delimiters included, in UTF-16 code units. */
  readonly start: number;
  readonly end: number;
  /** The raw text of that range. */
  readonly raw: string;
  readonly delimited: 'angle' | 'quote' | 'none';
  /** Whether `uri` is a valid RFC 3986 URI (a linter wants the invalid ones too). */
  readonly valid: boolean;
}

export interface ExtractOptions {
  /**
   * Which schemes start a URI in undelimited text: 'any' (any scheme), or a
   * list. The default takes any scheme followed by "//" and the schemes of
   * DEFAULT_OPAQUE_SCHEMES. Angle brackets and quotes take any scheme.
   */
  readonly schemes?: 'any' | readonly string[];
  /**
   * What quotes may hold: 'any' (default: any scheme, as Appendix C has it),
   * or 'uri-like' (prose: a scheme followed by "//", or one that undelimited
   * text takes), so that "note: this" or `mode: fast` is no URI.
   */
  readonly quotes?: 'any' | 'uri-like';
}

/** Schemes without "//" that are taken in undelimited text by default. */
export const DEFAULT_OPAQUE_SCHEMES: readonly string[] = ['mailto', 'urn', 'tel', 'news', 'sip', 'sips', 'data', 'geo', 'xmpp'];

const WHITESPACE = /\s/u;
const ALL_WHITESPACE = /\s+/gu;

/** Where a `scheme` (RFC 3986 3.1, matched by the generated recognizer) that begins at `at` ends, or -1. */
function schemeEnd(text: string, at: number): number {
  return matchAt(text, 'scheme', at);
}

/** The scheme at the start of `s`, when a ":" follows it; undefined otherwise. */
function leadingScheme(s: string): string | undefined {
  const end = schemeEnd(s, 0);
  return end > 0 && s.charCodeAt(end) === 0x3a ? s.slice(0, end) : undefined;
}

/** Delimited text without its leading whitespace and "URL:" prefix (with or without a space). */
function unprefixed(content: string): string {
  const stripped = content.trimStart();
  return /^url:/i.test(stripped) ? stripped.slice(4).trimStart() : stripped;
}

/** Per ASCII code unit, whether WHITESPACE holds it: read off the expression, not restated. */
const ASCII_WHITESPACE = Uint8Array.from({ length: 128 }, (_, c) => (WHITESPACE.test(String.fromCharCode(c)) ? 1 : 0));

/** Whether the code unit at `i` of `text` is in WHITESPACE, without a string per character for the ASCII ones (all but a few). */
function whitespaceAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c < 128 ? ASCII_WHITESPACE[c] === 1 : WHITESPACE.test(text[i]);
}

/** Sentence punctuation dropped from the end of an undelimited candidate: . , ; : ! ? ' " * */
const TRAILING_PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', "'", '"', '*'].map((c) => c.charCodeAt(0)));
/** Each closer's opener, as code units. */
const CLOSERS: ReadonlyMap<number, number> = new Map([')(', '][', '}{', '><'].map((p) => [p.charCodeAt(0), p.charCodeAt(1)]));

/** How many of each bracket (the closers and their openers) `text` has, by code unit. */
function bracketCounts(text: string): Map<number, number> {
  const count = new Map<number, number>();
  for (const [closer, opener] of CLOSERS) {
    count.set(closer, 0);
    count.set(opener, 0);
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const n = count.get(c);
    if (n !== undefined) count.set(c, n + 1);
  }
  return count;
}

/**
 * Ends an undelimited candidate at a ")" it does not open, then drops sentence punctuation from its end, and
 * closers that it does not open.
 * Each bracket kind is counted once (when a closer first ends it: most candidates end otherwise, and are not
 * counted), then kept up to date as characters are dropped: linear in the candidate's length however many
 * closers end it.
 */
function trimTrailing(whole: string): string {
  // A ")" that closes nothing opened before it ends the candidate, wherever it is: "[spec](https://a.example)-compatible"
  // is the link's URI and then text, not a host "a.example)-compatible" (")" is a sub-delim, so that would be valid).
  let cut = whole.length;
  if (whole.indexOf(')') >= 0) {
    let depth = 0;
    for (let i = 0; i < whole.length; i++) {
      const c = whole.charCodeAt(i);
      if (c === 0x28) depth++;
      else if (c === 0x29 && --depth < 0) {
        cut = i;
        break;
      }
    }
  }
  const candidate = cut < whole.length ? whole.slice(0, cut) : whole;
  let count: Map<number, number> | undefined;
  let end = candidate.length;
  while (end > 0) {
    const last = candidate.charCodeAt(end - 1);
    if (TRAILING_PUNCTUATION.has(last)) {
      end--;
      continue;
    }
    const opener = CLOSERS.get(last);
    if (opener === undefined) break;
    count ??= bracketCounts(candidate);
    const closers = count.get(last)!;
    if (closers <= count.get(opener)!) break;
    count.set(last, closers - 1);
    end--;
  }
  return end === candidate.length ? candidate : candidate.slice(0, end);
}

/** The offset of the first `ch` in [from, to) of `text`, or -1: never searches past `to`. */
function indexBefore(text: string, ch: string, from: number, to: number): number {
  const code = ch.charCodeAt(0);
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}

const EXTRACT_OPTIONS: OptionSpec = {
  schemes: (value) => {
    if (value === 'any') return undefined;
    if (!Array.isArray(value)) return `must be "any" or a list of schemes, got ${describeValue(value)}`;
    for (let i = 0; i < value.length; i++) {
      const s: unknown = value[i];
      if (typeof s !== 'string' || !matches('scheme', s)) return `must list schemes (RFC 3986 3.1: a letter, then letters, digits, "+", "-" or "."), got ${describeValue(s)} at index ${i}`;
    }
    return undefined;
  },
  quotes: (value) => (value === 'any' || value === 'uri-like' ? undefined : `must be "any" or "uri-like", got ${describeValue(value)}`),
};

/** A blank line: delimiters never pair across one (a paragraph break is no URI broken across lines). */
const BLANK_LINE = /\n[^\S\n]*\n/;

/** Finds every URI reference in `text`, in order (RFC 3986 Appendix C). */
export function extract(text: string, options: ExtractOptions = {}): ExtractedUri[] {
  if (typeof text !== 'string') throw new TypeError(`expected the text as a string, got ${typeof text}`);
  checkOptions('extract', options, EXTRACT_OPTIONS);
  const schemes = options.schemes ?? 'default';
  const listed = new Set(Array.isArray(schemes) ? schemes.map((s) => s.toLowerCase()) : DEFAULT_OPAQUE_SCHEMES);
  const found: ExtractedUri[] = [];
  // The regions taken so far, sorted, as offsets (no object per region): [takenStart[i], takenEnd[i]).
  let takenStart: number[] = [];
  let takenEnd: number[] = [];
  // Those taken by the current pass, in order, merged into the sorted ones after it.
  let addedStart: number[] = [];
  let addedEnd: number[] = [];

  const delimited = (start: number, end: number, kind: 'angle' | 'quote'): boolean => {
    const content = unprefixed(text.slice(start + 1, end - 1));
    // The scheme must be there before any whitespace is removed: "go to http://x" is no URI.
    const scheme = leadingScheme(content);
    if (scheme === undefined || BLANK_LINE.test(content) || content.charCodeAt(scheme.length + 1) === 0x3a) return false;
    if (kind === 'quote' && options.quotes === 'uri-like' && !content.startsWith('//', scheme.length + 1) && !listed.has(scheme.toLowerCase())) return false;
    // Appendix C: the whitespace of a URI broken across lines is ignored.
    const uri = content.replace(ALL_WHITESPACE, '');
    found.push({ uri, start, end, raw: text.slice(start, end), delimited: kind, valid: isValid(uri, { rule: 'URI' }) });
    addedStart.push(start);
    addedEnd.push(end);
    return true;
  };

  // 1. Angle brackets: the text between the last "<" before a ">" and that ">".
  let lastOpen = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<') lastOpen = i;
    else if (c === '>' && lastOpen >= 0) {
      delimited(lastOpen, i + 1, 'angle');
      lastOpen = -1;
    }
  }

  // The regions of a pass (each in order, none overlapping another) merged into the sorted ones.
  const mergeAdded = (): void => {
    if (addedStart.length === 0) return;
    const starts: number[] = [];
    const ends: number[] = [];
    let i = 0;
    let j = 0;
    while (i < takenStart.length || j < addedStart.length) {
      if (j >= addedStart.length || (i < takenStart.length && takenStart[i] <= addedStart[j])) {
        starts.push(takenStart[i]);
        ends.push(takenEnd[i++]);
      } else {
        starts.push(addedStart[j]);
        ends.push(addedEnd[j++]);
      }
    }
    takenStart = starts;
    takenEnd = ends;
    addedStart = [];
    addedEnd = [];
  };

  // Calls `each` with every gap between the regions taken so far, in order.
  const forEachGap = (each: (start: number, end: number) => void): void => {
    let at = 0;
    for (let i = 0; i < takenStart.length; i++) {
      if (takenStart[i] > at) each(at, takenStart[i]);
      at = Math.max(at, takenEnd[i]);
    }
    if (at < text.length) each(at, text.length);
  };

  // 2. Quotes, outside angle brackets: double quotes (Appendix C), and the single quotes and
  // backquotes that delimit strings in source code and Markdown. A quote pairs with the next
  // one of its kind; when their content is no URI, the closing one may open the next pair.
  mergeAdded();
  for (const quote of ['"', "'", '`']) {
    // Each search stops at the end of its gap: the gaps together are the text, so this is one pass.
    forEachGap((gapStart, gapEnd) => {
      let open = indexBefore(text, quote, gapStart, gapEnd);
      while (open >= 0) {
        const close = indexBefore(text, quote, open + 1, gapEnd);
        if (close < 0) break;
        open = delimited(open, close + 1, 'quote') ? indexBefore(text, quote, close + 1, gapEnd) : close;
      }
    });
    mergeAdded();
  }

  // 3. Undelimited: a scheme (as the options allow) up to the next whitespace, less trailing punctuation.
  forEachGap((gapStart, gapEnd) => {
    let k = gapStart;
    while (k < gapEnd) {
      const colon = schemeEnd(text, k);
      if (colon < 0) {
        k++;
        continue;
      }
      // The scheme rule is greedy: no scheme that begins inside [k, colon) ends anywhere else, so a
      // run of scheme characters without ":" after it is passed over whole (linear time).
      if (colon >= gapEnd || text.charCodeAt(colon) !== 0x3a) {
        k = colon;
        continue;
      }
      // "Data::Dump", "std::vector": a namespace (C++, Perl, Rust, Ruby, PHP), not a scheme and a path beginning with ":".
      if (text.charCodeAt(colon + 1) === 0x3a) {
        k = colon + 1;
        continue;
      }
      const start = k;
      const scheme = text.slice(start, colon).toLowerCase();
      const hierarchical = text.startsWith('//', colon + 1);
      const wanted = schemes === 'any' || listed.has(scheme) || (schemes === 'default' && hierarchical);
      if (!wanted) {
        k = colon + 1;
        continue;
      }
      let end = colon + 1;
      while (end < gapEnd && !whitespaceAt(text, end)) end++;
      // "URL:" was a prefix, not the scheme (Appendix C): take what follows it.
      let uriStart = start;
      if (scheme === 'url' && leadingScheme(text.slice(colon + 1, end)) !== undefined) uriStart = colon + 1;
      const uri = trimTrailing(text.slice(uriStart, end));
      if (uriStart === start || leadingScheme(uri) !== undefined) {
        const stop = uriStart + uri.length;
        // A "URL:" prefix right before the URI belongs to the raw text, not to the URI.
        const from = start - 4 >= gapStart && text.slice(start - 4, start).toLowerCase() === 'url:' ? start - 4 : start;
        found.push({ uri, start: from, end: stop, raw: text.slice(from, stop), delimited: 'none', valid: isValid(uri, { rule: 'URI' }) });
      }
      k = end;
    }
  });

  return found.sort((a, b) => a.start - b.start);
}
