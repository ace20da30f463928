/**
 * The URL Standard's valid URL string (4.3 "URL writing", 3.4 "Host
 * writing") as the grammar `whatwg-url` (grammar/whatwg-url.abnf) and its one
 * constraint: what isValid, check, parse and tryParse do with `{ grammar:
 * 'whatwg-url' }`, with or without `base`.
 *
 * - The base URL decides the start rule (the Standard's relative-URL string
 *   switches on its scheme; a base with an opaque path takes a fragment
 *   alone): none, only absolute-URL-with-fragment-string; a special scheme
 *   other than file, a file base, another base, or a base with an opaque path,
 *   one rule each (baseKindOf).
 * - The automaton of that rule decides everything but the host. A host that
 *   the grammar read as a valid-domain (not a valid IPv4-address string, not
 *   an IPv6 literal, not the opaque host of a non-special URL) must then be a
 *   valid domain (3.4): the domain parser with beStrict true (UTS 46 ToASCII,
 *   CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength,
 *   nontransitional) returns no failure, and its result does not end in a
 *   number. An all-ASCII host of letters, digits, "-" and "." with no "xn--"
 *   label is decided by UTS 46's label rules alone (validDomain's fast path);
 *   any other goes to tr46.
 * - parse's record is read off the accepted string by its delimiters
 *   (layoutOf): the grammar leaves one way to cut it.
 */
import { diagnose } from './diagnose';
import { UriSyntaxError } from './errors';
import { automataOf, type GrammarName } from './grammars';
import { describeValue, UriOptionError } from './options';
import { uts46 } from './uts46';
import { endsInNumber } from './ends-in-number';
import { toAbnfName } from './rule-names';

/** The grammar's name in grammar/registry.json. */
export const WHATWG_URL = 'whatwg-url';
const GRAMMAR = WHATWG_URL as GrammarName;

/** The kinds of base URL the Standard's relative-URL-with-fragment string tells apart. */
export type WhatwgBaseKind = 'special' | 'file' | 'other' | 'opaque';

/** The PEG start rule per kind of base; without a base, absolute-URL-with-fragment-string. */
const START_RULES: Readonly<Record<WhatwgBaseKind | 'none', string>> = {
  none: 'absolute_URL_with_fragment_string',
  special: 'valid_URL_string_special_base',
  file: 'valid_URL_string_file_base',
  other: 'valid_URL_string_other_base',
  opaque: 'valid_URL_string_opaque_base',
};

/** The ABNF rule per kind of base (for `rule` and messages). */
export const WHATWG_BASE_RULES: Readonly<Record<WhatwgBaseKind | 'none', string>> = {
  none: 'absolute-URL-with-fragment-string',
  special: 'valid-URL-string-special-base',
  file: 'valid-URL-string-file-base',
  other: 'valid-URL-string-other-base',
  opaque: 'valid-URL-string-opaque-base',
};

/** The special schemes other than file (URL Standard 4.1's table). */
const SPECIAL_NOT_FILE: ReadonlySet<string> = new Set(['ftp', 'http', 'https', 'ws', 'wss']);

type UrlLike = { readonly protocol: string; readonly href: string };
type UrlConstructor = new (input: string) => UrlLike;

/**
 * The kind of a base URL given as a string: the URL Standard's parser (the
 * runtime's `URL`) reads it; its scheme decides, and a URL that is not special
 * and whose serialization has no "/" after "scheme:" has an opaque path. A
 * UriOptionError when it is not a string or the parser fails on it.
 */
export function baseKindOf(base: unknown, fn: string): WhatwgBaseKind {
  if (typeof base !== 'string') throw new UriOptionError(fn, 'base', base, `option base must be a URL string, got ${describeValue(base)}`);
  const Url = (globalThis as { URL?: unknown }).URL as UrlConstructor | undefined;
  if (typeof Url !== 'function') throw new UriOptionError(fn, 'base', base, 'option base needs the global URL of the WHATWG URL Standard, which this runtime lacks');
  let url: UrlLike;
  try {
    url = new Url(base);
  } catch {
    throw new UriOptionError(fn, 'base', base, `option base ${JSON.stringify(base)} is not a URL: the URL Standard's parser fails on it (a base URL must be absolute)`);
  }
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'file') return 'file';
  if (SPECIAL_NOT_FILE.has(scheme)) return 'special';
  return url.href.charCodeAt(url.protocol.length) === 0x2f ? 'other' : 'opaque';
}

/** The PEG start rule for a kind of base (or none). */
export function whatwgStartRule(kind: WhatwgBaseKind | undefined): string {
  return START_RULES[kind ?? 'none'];
}

/** A host of the writing grammar, by the Standard's kinds ("Host representation"); 'empty' for file's and a non-special URL's empty host. */
export type WhatwgWritingHostKind = 'domain' | 'IPv4' | 'IPv6' | 'opaque' | 'empty';

/** Where the components of a valid URL string are, read off its delimiters. */
interface Layout {
  scheme?: [number, number];
  host?: [number, number];
  port?: [number, number];
  path: [number, number];
  query?: [number, number];
  fragment?: [number, number];
  /** The host's kind by the scheme that governs it (the input's, or the base's). */
  hostKind?: WhatwgWritingHostKind;
}

const isAlpha = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isSchemeCodePoint = (c: number): boolean => isAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;

/** Per ASCII code unit, 1 for an ASCII letter, digit or "-": what a label of an all-ASCII domain holds (one lookup a character on isValid's path). */
const LDH = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) LDH[c] = isAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d ? 1 : 0;

/** The offset of the ":" after a URL-scheme string at the start, or -1. */
function schemeEnd(input: string): number {
  if (input.length === 0 || !isAlpha(input.charCodeAt(0))) return -1;
  let i = 1;
  while (i < input.length && isSchemeCodePoint(input.charCodeAt(i))) i++;
  return input.charCodeAt(i) === 0x3a ? i : -1;
}

/** The first offset from `from` whose code unit is one of `stops` (ASCII), or the input's length. */
function until(input: string, from: number, stops: string): number {
  for (let i = from; i < input.length; i++) if (stops.includes(input[i])) return i;
  return input.length;
}

/** Where a host that starts at `from` ends: at "/", "?", "#", or (but for file) ":". */
function hostEnd(input: string, from: number, colon: boolean): number {
  for (let i = from; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x23 || (colon && c === 0x3a)) return i;
  }
  return input.length;
}

/** The code unit at i, ASCII letters in lower case. */
function lowerAt(input: string, i: number): number {
  return input.charCodeAt(i) | 0x20;
}

/** The kind of the scheme input[0, end) governs a host by: 'special' (not file), 'file' or 'other'; no string made. */
function schemeKind(input: string, end: number): WhatwgBaseKind {
  const at = (i: number): number => lowerAt(input, i);
  switch (end) {
    case 2:
      return at(0) === 0x77 && at(1) === 0x73 ? 'special' : 'other'; // ws
    case 3:
      return (at(0) === 0x66 && at(1) === 0x74 && at(2) === 0x70) || (at(0) === 0x77 && at(1) === 0x73 && at(2) === 0x73) ? 'special' : 'other'; // ftp, wss
    case 4:
      if (at(0) === 0x66 && at(1) === 0x69 && at(2) === 0x6c && at(3) === 0x65) return 'file';
      return at(0) === 0x68 && at(1) === 0x74 && at(2) === 0x74 && at(3) === 0x70 ? 'special' : 'other'; // http
    case 5:
      return at(0) === 0x68 && at(1) === 0x74 && at(2) === 0x74 && at(3) === 0x70 && at(4) === 0x73 ? 'special' : 'other'; // https
    default:
      return 'other';
  }
}

/**
 * The components of an input the grammar accepted, for the kind of base it
 * was read with: a scheme up to the first ":" when it starts with one (an
 * absolute-URL string; a relative one cannot), then "//" and a host (and a
 * port but for file), a path up to "?" or "#", a query up to "#", a fragment.
 */
function layoutOf(input: string, kind: WhatwgBaseKind | undefined): Layout {
  const colon = schemeEnd(input);
  let governing: WhatwgBaseKind | undefined = kind;
  let i = 0;
  const layout: Layout = { path: [0, 0] };
  if (colon >= 0) {
    layout.scheme = [0, colon];
    const scheme = input.slice(0, colon).toLowerCase();
    governing = scheme === 'file' ? 'file' : SPECIAL_NOT_FILE.has(scheme) ? 'special' : 'other';
    i = colon + 1;
  }
  if (input.startsWith('//', i) && governing !== 'opaque') {
    const start = i + 2;
    const end = input.charCodeAt(start) === 0x5b ? input.indexOf(']', start) + 1 : until(input, start, governing === 'file' ? '/?#' : ':/?#');
    layout.host = [start, end];
    layout.hostKind = hostKindOf(input, start, end, governing);
    i = end;
    if (input.charCodeAt(i) === 0x3a) {
      const portEnd = until(input, i + 1, '/?#');
      layout.port = [i + 1, portEnd];
      i = portEnd;
    }
  }
  const pathEnd = until(input, i, '?#');
  layout.path = [i, pathEnd];
  i = pathEnd;
  if (input.charCodeAt(i) === 0x3f) {
    const queryEnd = until(input, i + 1, '#');
    layout.query = [i + 1, queryEnd];
    i = queryEnd;
  }
  if (input.charCodeAt(i) === 0x23) layout.fragment = [i + 1, input.length];
  return layout;
}

let ipv4Test: ((text: string, start: number, end: number) => boolean) | undefined;

/** Whether text[start, end) is a valid IPv4-address string (the grammar's automaton of the rule). */
function ipv4At(text: string, start: number, end: number): boolean {
  return (ipv4Test ??= automataOf(GRAMMAR).spanTest('valid_IPv4_address_string'))(text, start, end);
}

/** The grammar's automata, taken once (a lookup per call was most of isValid's time past the automaton). */
let automata: ReturnType<typeof automataOf> | undefined;

function hostKindOf(input: string, start: number, end: number, governing: WhatwgBaseKind | undefined): WhatwgWritingHostKind {
  if (start === end) return 'empty';
  if (input.charCodeAt(start) === 0x5b) return 'IPv6';
  if (governing !== 'special' && governing !== 'file') return 'opaque';
  return ipv4At(input, start, end) ? 'IPv4' : 'domain';
}

/** UTS 46 ToASCII as the domain parser runs it with beStrict true (URL Standard 3.3, "domain parser ToASCII"). */
const STRICT = { checkHyphens: true, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: true, transitionalProcessing: false, verifyDNSLength: true, ignoreInvalidPunycode: false };

/**
 * The longest host text handed to UTS 46. A valid domain is at most 253
 * characters once mapped; a longer text is one only if nearly all of it is
 * code points UTS 46 maps to nothing (U+00AD, variation selectors), and
 * Punycode's encoder is quadratic in a label's length: past this length the
 * host is judged not valid without ToASCII (docs/deviations.md).
 */
export const MAX_DOMAIN_TEXT = 4096;

/**
 * Whether `host` is a valid domain (URL Standard 3.4): the domain parser with
 * beStrict true returns no failure and the result does not end in a number.
 * Fast path, one pass: an all-ASCII host of letters, digits, "-" and "."
 * without an "xn--" label maps to its lower case, and UTS 46 then asks only
 * that every label is 1 to 63 long (no empty label: VerifyDnsLength), does not
 * begin or end with "-", has no "--" in its third and fourth places
 * (CheckHyphens), and that the whole is at most 253 long. Any other host goes
 * to tr46 (an "xn--" label only when the rest passed: Punycode decides).
 */
export function isValidDomain(host: string): boolean {
  return validDomainAt(host, 0, host.length);
}

/** isValidDomain of text[from, to), read in place. */
function validDomainAt(text: string, from: number, to: number): boolean {
  const n = to - from;
  let ok = n > 0 && n <= 253;
  let punycode = false;
  let start = from;
  for (let i = from; i <= to; i++) {
    const c = i < to ? text.charCodeAt(i) : 0x2e;
    if (c !== 0x2e) {
      if (c < 0x80 && LDH[c] === 1) continue;
      return n <= MAX_DOMAIN_TEXT && byUts46(text.slice(from, to));
    }
    const len = i - start;
    if (len === 0 || len > 63 || text.charCodeAt(start) === 0x2d || text.charCodeAt(i - 1) === 0x2d) ok = false;
    else if (len >= 4 && text.charCodeAt(start + 2) === 0x2d && text.charCodeAt(start + 3) === 0x2d) {
      if ((text.charCodeAt(start) | 0x20) === 0x78 && (text.charCodeAt(start + 1) | 0x20) === 0x6e) punycode = true;
      else ok = false;
    }
    start = i + 1;
  }
  if (!ok) return false;
  return punycode ? byUts46(text.slice(from, to)) : !asciiEndsInNumber(text, from, to);
}

/** The domain parser with beStrict true (tr46), then the ends-in-a-number checker on its result. */
function byUts46(host: string): boolean {
  const result = uts46().toASCII(host, STRICT);
  return result !== null && result !== '' && !endsInNumber(result);
}

/**
 * The ends-in-a-number checker (3.5) on an ASCII host with no empty label:
 * its last label is all ASCII digits, or "0x"/"0X" and ASCII hex digits.
 */
function asciiEndsInNumber(host: string, from: number, to: number): boolean {
  let i = to - 1;
  let digits = true;
  for (; i >= from; i--) {
    const c = host.charCodeAt(i);
    if (c === 0x2e) break;
    if (!(c >= 0x30 && c <= 0x39)) digits = false;
  }
  if (digits) return true;
  // "0x" or "0X" and zero or more hex digits: the label's first two are "0x", the rest (already seen) hex.
  const first = i + 1;
  if (to - first < 2 || host.charCodeAt(first) !== 0x30 || (host.charCodeAt(first + 1) | 0x20) !== 0x78) return false;
  for (let j = first + 2; j < to; j++) {
    const c = host.charCodeAt(j) | 0x20;
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
}

/** The error for a host that the grammar takes and the constraint does not: at the host, in the grammar's rule valid-domain. */
function domainError(input: string, start: number, end: number, startRule: string): UriSyntaxError {
  const host = input.slice(start, end);
  const why = endsInNumberText(host)
    ? 'it ends in a number, and is not a valid IPv4-address string (four decimal numbers 0 to 255 without leading zeros)'
    : "UTS 46 ToASCII with the Standard's strict settings fails on it (CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength)";
  return new UriSyntaxError({
    input,
    grammar: GRAMMAR,
    rule: 'valid-domain',
    offset: start,
    found: host,
    expected: ['valid domain'],
    rulePath: [ruleOfStart(startRule), 'valid-host-string', 'valid-domain-string', 'valid-domain'],
    hint: `the host ${JSON.stringify(host)} is not a valid domain (URL Standard 3.4): ${why}`,
  });
}

function endsInNumberText(host: string): boolean {
  return /^[\x21-\x7e]*$/.test(host) && endsInNumber(host.toLowerCase());
}

function ruleOfStart(startRule: string): string {
  for (const [k, v] of Object.entries(START_RULES)) if (v === startRule) return WHATWG_BASE_RULES[k as WhatwgBaseKind | 'none'];
  return toAbnfName(startRule);
}

/** The start of the common case, no base and no rule: one array for every call (isValid's path allocates none). */
const NO_BASE: readonly [string, WhatwgBaseKind | undefined] = [START_RULES.none, undefined];

/**
 * The start rule and kind of base that the options ask for with `{ grammar:
 * 'whatwg-url' }`: `base` (a URL string) decides it, or `rule` names one of the
 * registry's rules; neither, absolute-URL-with-fragment-string. A
 * UriOptionError for both at once, or a base that is not a URL.
 */
export function whatwgStartOf(options: { readonly rule?: string; readonly base?: unknown }, fn: string): readonly [string, WhatwgBaseKind | undefined] {
  if (options.base !== undefined) {
    if (options.rule !== undefined) throw new UriOptionError(fn, 'rule', options.rule, `option rule and option base both choose the writing rule of the grammar 'whatwg-url': give one (base decides it by its kind)`);
    const kind = baseKindOf(options.base, fn);
    return [START_RULES[kind], kind];
  }
  if (options.rule === undefined) return NO_BASE;
  for (const [k, v] of Object.entries(WHATWG_BASE_RULES)) if (v === options.rule) return [START_RULES[k as WhatwgBaseKind | 'none'], k === 'none' ? undefined : (k as WhatwgBaseKind)];
  throw new UriOptionError(fn, 'rule', options.rule, `unknown rule ${JSON.stringify(options.rule)} for whatwg-url in option rule: expected one of ${Object.values(WHATWG_BASE_RULES).join(', ')}`);
}

/**
 * The fast path of the writing grammar: one regular expression of a common
 * subset of absolute-URL-with-fragment-string, most of the web's URLs: "http"
 * or "https" in any case, "//", a host of labels of ASCII letters and digits
 * with single "-" between them, separated by ".", the last beginning with a
 * letter (WHATWG_FAST_SHORT_HOST says why: a short one is a valid domain), a
 * port of at most four digits, path segments of ASCII URL code points and
 * percent-encodings that begin with dots then a character other than "." and
 * "%" (so never a single-dot or double-dot segment, nor one spelled with
 * "%2e"), a query and a fragment of ASCII URL code points and
 * percent-encodings. V8 runs it as native code in one pass, where the
 * automaton takes a table step per delimiter and a sticky expression per run.
 *
 * Trusted only because test/whatwg-fast-path.test.ts proves, by the product of
 * its automaton and the grammar's (fastCounterexample, scripts/compile-dfa.ts,
 * as RFC 3986's fast path is proven), that it accepts nothing the automaton of
 * any of the writing grammar's five start rules rejects; a match then takes the
 * same host check as the automaton's (the host a valid domain or IPv4 address),
 * which for a short host is its form alone (proven there too). On a miss the
 * automaton decides, as before (an IPv4 address, an A-label, a label with "--",
 * a trailing "." all miss).
 *
 * Linear: each character has one reading (every run's class excludes the
 * delimiter that ends it: "/", "%", "?", "#", ":"), but for the host's last
 * label, read twice (first as a label that "." must follow); the input is bounded all
 * the same (WHATWG_FAST_MAX_LENGTH), as RFC 3986's is, since a miss steps back
 * over the runs it matched.
 */
// redos-bound: tried only on inputs of at most WHATWG_FAST_MAX_LENGTH (1,024) code units, and deterministic but for the host's last label, read twice: each run's class excludes the delimiter after it
const WHATWG_FAST = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/(?:[0-9A-Za-z][0-9A-Za-z]*(?:\u002d[0-9A-Za-z][0-9A-Za-z]*)*\u002e)*[A-Za-z][0-9A-Za-z]*(?:\u002d[0-9A-Za-z][0-9A-Za-z]*)*(?::[0-9]?[0-9]?[0-9]?[0-9]?)?(?:\/(?:[\u002e]*[\u0021\u0024\u0026-\u002d0-9\u003a\u003b\u003d\u0040A-Z\u005fa-z\u007e][\u0021\u0024\u0026-\u002e0-9\u003a\u003b\u003d\u0040A-Z\u005fa-z\u007e]*(?:%[0-9A-Fa-f][0-9A-Fa-f][\u0021\u0024\u0026-\u002e0-9\u003a\u003b\u003d\u0040A-Z\u005fa-z\u007e]*)*)?)*(?:\?[\u0021\u0024\u0026-\u002f0-9\u003a\u003b\u003d\u003f\u0040A-Z\u005fa-z\u007e]*(?:%[0-9A-Fa-f][0-9A-Fa-f][\u0021\u0024\u0026-\u002f0-9\u003a\u003b\u003d\u003f\u0040A-Z\u005fa-z\u007e]*)*)?(?:#[\u0021\u0024\u0026-\u002f0-9\u003a\u003b\u003d\u003f\u0040A-Z\u005fa-z\u007e]*(?:%[0-9A-Fa-f][0-9A-Fa-f][\u0021\u0024\u0026-\u002f0-9\u003a\u003b\u003d\u003f\u0040A-Z\u005fa-z\u007e]*)*)?$/;

/**
 * The longest host of the fast path that is a valid domain for its form alone. The expression's host is labels
 * of ASCII letters and digits with single "-" between them, the last beginning with a letter: no label is
 * empty, begins or ends with "-", or has "--" (so none is an A-label, and CheckHyphens holds), and the last is
 * neither all digits nor "0x" and hex digits (the host does not end in a number). UTS 46 then asks only that
 * each label is at most 63 long and the whole at most 253 (validDomainAt's fast path), which any host of at
 * most 63 characters is. Proven by test/whatwg-fast-path.test.ts (fastObserverCounterexample: the expression's
 * hosts against those rules, up to this length).
 */
export const WHATWG_FAST_SHORT_HOST = 63;

/** The longest input the fast path is tried on (as RFC 3986's, src/core/backends.ts: past it a miss costs more than a match gains). */
const WHATWG_FAST_MAX_LENGTH = 1024;

/** The fast path's expression (for its proof, test/whatwg-fast-path.test.ts). */
export function whatwgFastPath(): RegExp {
  return WHATWG_FAST;
}

/**
 * The host check of an input the fast path matched: its scheme is "http" or
 * "https" (special, whatever the base), "//" follows, and the host, non-empty
 * and of ASCII letters, digits, "-" and ".", runs to the first ":", "/", "?"
 * or "#": whatwgValid's check of such a host, without reading the scheme again;
 * for a host of at most WHATWG_FAST_SHORT_HOST characters (nearly every one),
 * without reading the host either.
 */
function fastHostValid(input: string): boolean {
  const start = input.charCodeAt(4) === 0x3a ? 7 : 8;
  // The expression's host leaves only the lengths to check (WHATWG_FAST_SHORT_HOST): the first "/" from the host
  // on, or the end, is at or past the host's end (the host holds no "/"), so when it is within that many of the
  // host's start, the host is short enough without reading it (one native search, where a loop over the host
  // was most of isValid's time: V8 reads a substring of a file's text one code unit at a time slowly).
  if (input.length - start <= WHATWG_FAST_SHORT_HOST) return true;
  const slash = input.indexOf('/', start);
  if ((slash < 0 ? input.length : slash) - start <= WHATWG_FAST_SHORT_HOST) return true;
  // One pass to the host's end that also makes validDomainAt's label checks (its characters are all letters,
  // digits, "-" and "."): when they pass and no label is an A-label, the answer is asciiEndsInNumber's, as there.
  let ok = true;
  let punycode = false;
  let label = start;
  let i = start;
  for (; ; i++) {
    // A letter, digit or "-" goes on; the match leaves only "." (a label ends) and ":", "/", "?", "#" or the end (the host does).
    const c = i < input.length ? input.charCodeAt(i) : 0x2f;
    if (c >= 0x41 || (c >= 0x30 && c <= 0x39) || c === 0x2d) continue;
    const len = i - label;
    if (len === 0 || len > 63 || input.charCodeAt(label) === 0x2d || input.charCodeAt(i - 1) === 0x2d) ok = false;
    else if (len >= 4 && input.charCodeAt(label + 2) === 0x2d && input.charCodeAt(label + 3) === 0x2d) {
      if ((input.charCodeAt(label) | 0x20) === 0x78 && (input.charCodeAt(label + 1) | 0x20) === 0x6e) punycode = true;
      else ok = false;
    }
    if (c !== 0x2e) break;
    label = i + 1;
  }
  if (ok && !punycode && i - start <= 253 && !asciiEndsInNumber(input, start, i)) return true;
  return validDomainAt(input, start, i) || ipv4At(input, start, i);
}

/**
 * Whether `input` is a valid URL string for the start rule (and the kind of
 * base it stands for): the automaton, then, for a host of a special or file
 * URL that is not an IPv6 literal, a valid domain or a valid IPv4-address
 * string (the domain first: the common case needs no second automaton).
 */
export function whatwgValid(input: string, startRule: string, kind: WhatwgBaseKind | undefined): boolean {
  if (input.length <= WHATWG_FAST_MAX_LENGTH && WHATWG_FAST.test(input)) return fastHostValid(input);
  if (!(automata ??= automataOf(GRAMMAR)).accepts(input, startRule)) return false;
  const colon = schemeEnd(input);
  let governing = kind;
  let i = 0;
  if (colon >= 0) {
    governing = schemeKind(input, colon);
    i = colon + 1;
  }
  if ((governing !== 'special' && governing !== 'file') || input.charCodeAt(i) !== 0x2f || input.charCodeAt(i + 1) !== 0x2f) return true;
  const start = i + 2;
  if (input.charCodeAt(start) === 0x5b) return true;
  const end = hostEnd(input, start, governing !== 'file');
  if (start === end) return true;
  return validDomainAt(input, start, end) || ipv4At(input, start, end);
}

/** Why `input` is not a valid URL string (the grammar's error, or the host's), or undefined when it is one. */
export function whatwgCheck(input: string, startRule: string, kind: WhatwgBaseKind | undefined): UriSyntaxError | undefined {
  if (!automataOf(GRAMMAR).accepts(input, startRule)) return diagnose(input, startRule, GRAMMAR);
  const layout = layoutOf(input, kind);
  if (layout.hostKind === 'domain') {
    const [start, end] = layout.host as [number, number];
    if (!isValidDomain(input.slice(start, end))) return domainError(input, start, end, startRule);
  }
  return undefined;
}

/** The record of a valid URL string: each component as written (undefined when absent, "" when empty), and where. */
export interface WhatwgWritingRecord {
  readonly scheme: string | undefined;
  readonly host: string | undefined;
  readonly hostKind: WhatwgWritingHostKind | undefined;
  readonly port: string | undefined;
  readonly path: string;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
  /** The writing rule's start: the kind of base it was read with, or 'none'. */
  readonly base: WhatwgBaseKind | 'none';
  readonly spans: {
    readonly scheme?: readonly [number, number];
    readonly host?: readonly [number, number];
    readonly port?: readonly [number, number];
    readonly path: readonly [number, number];
    readonly query?: readonly [number, number];
    readonly fragment?: readonly [number, number];
  };
}

const slice = (input: string, span: readonly [number, number] | undefined): string | undefined => (span === undefined ? undefined : input.slice(span[0], span[1]));

/** The record of `input`, or its error. */
export function whatwgRecord(input: string, startRule: string, kind: WhatwgBaseKind | undefined): WhatwgWritingRecord | UriSyntaxError {
  const error = whatwgCheck(input, startRule, kind);
  if (error !== undefined) return error;
  const l = layoutOf(input, kind);
  const spans: WhatwgWritingRecord['spans'] = { ...(l.scheme && { scheme: l.scheme }), ...(l.host && { host: l.host }), ...(l.port && { port: l.port }), path: l.path, ...(l.query && { query: l.query }), ...(l.fragment && { fragment: l.fragment }) };
  return {
    scheme: slice(input, l.scheme),
    host: slice(input, l.host),
    hostKind: l.hostKind,
    port: slice(input, l.port),
    path: input.slice(l.path[0], l.path[1]),
    query: slice(input, l.query),
    fragment: slice(input, l.fragment),
    base: kind ?? 'none',
    spans,
  };
}

