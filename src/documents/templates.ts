/**
 * Template placeholders: the holes a template engine fills in when it renders a
 * file ("{{ page_url }}", "{% url 'home' %}", "<%= link %>", "<?= $url ?>",
 * "${base}"), and the placeholders documentation writes ("https://github.com/<owner>/x",
 * "/orgs/{org-slug}"). What a hole will hold is not known, so a URI is read up to the
 * first hole in it and no further: it is cut there (lint reports nothing that
 * reaches its end), and a URI that begins in a hole, or right after one (its
 * scheme may be partly in it), is not read at all. So
 * "https://github.com/{{ owner }}" is checked as "https://github.com/", and
 * "{{ url }}" not at all.
 *
 * Holes are found by their syntax, in every kind of document (a Markdown page
 * of a Jekyll site has Liquid in it as much as a .liquid file does), each syntax
 * one that can be turned off (the configuration's "templates").
 */
import { isValid } from '../core/parse';
import { isSchemeOnly } from './prose';
import { TEMPLATE_SYNTAXES, type DocumentUri, type TemplateSyntax } from './types';

/** A placeholder longer than this is taken for text that happens to hold an opener and, far off, a closer. */
const LONGEST = 4096;

interface Form {
  readonly syntax: TemplateSyntax;
  readonly open: string;
  readonly close: string;
}

const FORMS: readonly Form[] = [
  { syntax: 'mustache', open: '{{', close: '}}' },
  { syntax: 'jinja', open: '{%', close: '%}' },
  { syntax: 'jinja', open: '{#', close: '#}' },
  { syntax: 'erb', open: '<%', close: '%>' },
  { syntax: 'php', open: '<?', close: '?>' },
  { syntax: 'interpolation', open: '${', close: '}' },
  { syntax: 'interpolation', open: '#{', close: '}' },
];

/** Whether a code unit may be in a variable's name, as the expression below takes it: [A-Za-z0-9_%.]. */
function isVarChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x25 || c === 0x2e;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** The operators an expression may begin with. */
const OPERATORS = '+#./;?&=,!@|';

/**
 * The end of the variable list at `i` and its closing "}", or -1: [A-Za-z0-9_%.]+(?::[1-9][0-9]{0,3}|\*)?
 * joined by ",", then "}". Each step is forced (a name runs to the first character that cannot be in one,
 * a prefix's digits to the first non-digit), so there is nothing to backtrack to.
 */
function variableListEnd(text: string, i: number): number {
  for (;;) {
    const name = i;
    while (i < text.length && isVarChar(text.charCodeAt(i))) i++;
    if (i === name) return -1;
    const c = text.charCodeAt(i);
    if (c === 0x3a) {
      // ":" and a length of 1 to 4 digits, not beginning with 0
      if (!(text.charCodeAt(i + 1) >= 0x31 && text.charCodeAt(i + 1) <= 0x39)) return -1;
      i += 2;
      for (let d = 0; d < 3 && isDigit(text.charCodeAt(i)); d++) i++;
    } else if (c === 0x2a) i++;
    const next = text.charCodeAt(i);
    if (next === 0x7d) return i + 1;
    if (next !== 0x2c) return -1;
    i++;
  }
}

/**
 * An RFC 6570 expression (2.2) at the "{" at `at`: an operator, then variables, each with a prefix or explode
 * modifier, joined by ","; its end, or -1. Looked for at a "{" that begins no other form. It is what the
 * expression /\{[+#./;?&=,!@|]?[A-Za-z0-9_%.]+(?::[1-9][0-9]{0,3}|\*)?(?:,[A-Za-z0-9_%.]+(?::[1-9][0-9]{0,3}|\*)?)*\}/y
 * matches (that, with a backtracking frame per variable, overflows the stack near 8 M variables): none of
 * its parts but the last can hold a "}", so a match ends at the first "}" after `at` and the only question
 * is whether there is one. The operator is optional and "." is both an operator and a name's character, so
 * "{.a}" is tried with "." as the operator and then, as the expression backtracks to, as part of the name
 * ("{.}" has no operator). Linear over a text: the scan from a "{" stops at the first character that cannot
 * be in an expression, at or before the next "{".
 */
export function uriTemplateExpressionEnd(text: string, at: number): number {
  if (text.charCodeAt(at) !== 0x7b) return -1;
  if (OPERATORS.includes(text[at + 1] ?? '{')) {
    const end = variableListEnd(text, at + 2);
    if (end >= 0) return end;
  }
  return variableListEnd(text, at + 1);
}

/** The longest "<name>" or "{kebab-name}" placeholder, its brackets included. */
const PLACEHOLDER_LONGEST = 66;

/** A code unit of a placeholder's name: [A-Za-z0-9_.-]. */
function isNameChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2e || c === 0x2d;
}

/** A GUID (RFC 9562 4): 8-4-4-4-12 hexadecimal digits. */
const GUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** What may stand right before a "<name>" placeholder inside a URI: ":", "/", "@", "=", "?", "&", "#", "+", ",", ";", "~", ".", "-", "_". */
const BEFORE_ANGLE = ':/@=?&#+,;~.-_';

/** How far back the URI a "<name>" placeholder is in is looked for (its ":" or "/"): a constant, so that each "<" costs at most this. */
const ANGLE_REACH = 256;

/**
 * A documentation placeholder at `at`, its end or -1 (each scan stops after PLACEHOLDER_LONGEST code units: linear):
 * - "{kebab-name}": "{", a name of [A-Za-z0-9_.-] that begins with a letter or "_", "}" (what RFC 6570 does not
 *   take: "-" is no varchar), but a GUID, a value;
 * - "<name>", "<Your Name>": "<", words of [A-Za-z0-9_.-] that begin with a letter, one space between them, ">",
 *   and only inside a URI: right after one of BEFORE_ANGLE, in a run of text with no whitespace that holds a ":"
 *   or "/" before it ("https://github.com/<owner>/x", "mailto:<you>@example.com", "?key=<API key>"). An HTML
 *   tag has no such place ("Done.<br>" and "<b>http://a.example/</b>" hold none): a URI after it is read.
 */
export function placeholderEnd(text: string, at: number): number {
  const open = text.charCodeAt(at);
  if (open !== 0x7b && open !== 0x3c) return -1;
  const close = open === 0x7b ? 0x7d : 0x3e;
  const first = text.charCodeAt(at + 1);
  const letter = (first >= 0x61 && first <= 0x7a) || (first >= 0x41 && first <= 0x5a);
  if (!(letter || (open === 0x7b && first === 0x5f))) return -1;
  const stop = Math.min(text.length, at + PLACEHOLDER_LONGEST);
  let i = at + 2;
  for (; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (isNameChar(c)) continue;
    // One space between words of an angle placeholder: "<Your Name>".
    if (c === 0x20 && open === 0x3c && isNameChar(text.charCodeAt(i - 1)) && isNameChar(text.charCodeAt(i + 1))) continue;
    break;
  }
  if (i >= stop || text.charCodeAt(i) !== close) return -1;
  if (open === 0x3c && !inUri(text, at)) return -1;
  // A GUID in braces is a value ("?SEC={5B00AA02-CFA6-43A4-9CA3-6E0A11F4B7C3}", as ASP sites write them), not a name.
  if (open === 0x7b && GUID.test(text.slice(at + 1, i))) return -1;
  return i + 1;
}

/** Whether the "<" at `at` stands inside a URI: right after one of BEFORE_ANGLE, with a ":" or "/" in the text before it that has no whitespace (at most ANGLE_REACH back). */
function inUri(text: string, at: number): boolean {
  if (at === 0 || !BEFORE_ANGLE.includes(text[at - 1])) return false;
  const stop = Math.max(0, at - ANGLE_REACH);
  for (let k = at - 1; k >= stop; k--) {
    const c = text.charCodeAt(k);
    if (c === 0x3a || c === 0x2f) return true;
    if (c <= 0x20 || c === 0x3e || c === 0x22 || c === 0x27 || c === 0x28) return false;
  }
  return false;
}

/** The characters a placeholder can begin with. */
const OPENERS = /[{<$#]/g;

/**
 * The placeholders of `text` in the syntaxes asked for, as sorted, disjoint [start, end) ranges: an opener, and
 * the first closer of its form after it (no more than LONGEST characters on); an opener inside a placeholder is
 * part of it. Linear: per form, the next closer is looked for only past the last one found, and each opener
 * is looked at once.
 */
export function templateHoles(text: string, syntaxes: readonly TemplateSyntax[] = TEMPLATE_SYNTAXES): Array<[number, number]> {
  const holes: Array<[number, number]> = [];
  const forms = FORMS.filter((f) => syntaxes.includes(f.syntax) && text.includes(f.open));
  const expressions = syntaxes.includes('uri-template') && text.includes('{');
  const placeholders = syntaxes.includes('placeholder') && (text.includes('{') || text.includes('<'));
  if (forms.length === 0 && !expressions && !placeholders) return holes;
  // Per form, the first closer at or after where it was last looked for (-1: not looked for; Infinity: none).
  const closers = forms.map(() => -1);
  const closerFrom = (k: number, from: number): number => {
    if (closers[k] !== Infinity && closers[k] < from) {
      const i = text.indexOf(forms[k].close, from);
      closers[k] = i < 0 ? Infinity : i;
    }
    return closers[k];
  };
  OPENERS.lastIndex = 0;
  for (let m = OPENERS.exec(text); m !== null; m = OPENERS.exec(text)) {
    const at = m.index;
    for (let k = 0; k < forms.length; k++) {
      const form = forms[k];
      if (!text.startsWith(form.open, at)) continue;
      const close = closerFrom(k, at + form.open.length);
      if (close === Infinity || close - at > LONGEST) continue;
      let end = close + form.close.length;
      // Handlebars' "{{{ ... }}}": the third brace closes too.
      if (form.open === '{{' && text[at + 2] === '{' && text[end] === '}') end++;
      holes.push([at, end]);
      OPENERS.lastIndex = end;
      break;
    }
    if (expressions && OPENERS.lastIndex === at + 1 && text.charCodeAt(at) === 0x7b) {
      const end = uriTemplateExpressionEnd(text, at);
      if (end >= 0) {
        holes.push([at, end]);
        OPENERS.lastIndex = end;
      }
    }
    if (placeholders && OPENERS.lastIndex === at + 1) {
      const end = placeholderEnd(text, at);
      if (end >= 0) {
        holes.push([at, end]);
        OPENERS.lastIndex = end;
      }
    }
  }
  return holes;
}

/**
 * Elisions: three dots or more, or "…", written where a URI goes on ("https://github.com/.../issues",
 * "ssh://..."): what they stand for is not known, so they are holes as placeholders are. Not three dots
 * between two letters or digits: that is a URI's own ("https://github.com/a/b/compare/v1.0...v2.0", GitHub's
 * comparison of two commits).
 */
const ELISION = /(?<![A-Za-z0-9])\.{3,}|\.{3,}(?![A-Za-z0-9])|\u2026/g;

/** The elisions of `text`, as sorted, disjoint [start, end) ranges. */
export function elisionHoles(text: string): Array<[number, number]> {
  const holes: Array<[number, number]> = [];
  if (!text.includes('...') && !text.includes('\u2026')) return holes;
  ELISION.lastIndex = 0;
  for (let m = ELISION.exec(text); m !== null; m = ELISION.exec(text)) holes.push([m.index, m.index + m[0].length]);
  return holes;
}

/** Two lists of sorted, disjoint ranges as one (ranges that overlap or touch merged). */
export function mergeHoles(a: ReadonlyArray<[number, number]>, b: ReadonlyArray<[number, number]>): Array<[number, number]> {
  if (b.length === 0) return a as Array<[number, number]>;
  if (a.length === 0) return b as Array<[number, number]>;
  const out: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i][0] <= b[j][0]) ? a[i++] : b[j++];
    const last = out[out.length - 1];
    if (last !== undefined && next[0] <= last[1]) last[1] = Math.max(last[1], next[1]);
    else out.push([next[0], next[1]]);
  }
  return out;
}

/** The first hole that ends after `at` (holes sorted and disjoint): a binary search. */
function firstEndingAfter(holes: ReadonlyArray<[number, number]>, at: number): number {
  let lo = 0;
  let hi = holes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (holes[mid][1] <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The URIs read up to the holes: a URI that reaches a hole (its text in the document, by its offsets) is cut
 * before it; one that begins in a hole or right after one, or of which nothing is left, is left out.
 */
export function cutAtHoles(uris: readonly DocumentUri[], holes: ReadonlyArray<[number, number]>): DocumentUri[] {
  if (holes.length === 0) return uris as DocumentUri[];
  const out: DocumentUri[] = [];
  for (const u of uris) {
    const h = firstEndingAfter(holes, u.start);
    if (h > 0 && holes[h - 1][1] === u.start) continue; // right after a hole: its scheme may be in it
    if (h >= holes.length || holes[h][0] >= u.end) {
      out.push(u);
      continue;
    }
    const hole = holes[h][0];
    if (hole <= u.start) continue;
    // The code units of the URI before the hole: all of them up to the first whose place is in or past it.
    let keep = hole - u.start;
    if (u.offsets !== undefined) {
      keep = 0;
      while (keep < u.uri.length && u.offsets[keep] < hole) keep++;
    }
    if (keep === 0) continue;
    // Only a scheme before the hole ("ssh://..." , "{{ proto }}://"): nothing of a URI is known.
    if (isSchemeOnly(u.uri.slice(0, keep))) continue;
    out.push({ ...shortened(u, keep), cut: true });
  }
  return out;
}

/** The URI's first `keep` code units, with its end and offsets to match. */
export function shortened(u: DocumentUri, keep: number): DocumentUri {
  const uri = u.uri.slice(0, keep);
  const offsets = u.offsets?.subarray(0, keep);
  const end = offsets !== undefined ? (keep > 0 ? offsets[keep - 1] + 1 : u.start) : u.start + keep;
  return { ...u, uri, end, ...(offsets !== undefined ? { offsets } : {}), valid: isValid(uri) };
}
