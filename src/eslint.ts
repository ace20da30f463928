/**
 * urigram/eslint: an ESLint plugin (flat config; ESLint 9 and 10) with the
 * rules `valid-uri`, `uri-warnings`, `package-json`, `no-parser-fallback`
 * (./whatwg/no-parser-fallback) and `valid-uri-template` (URI Templates,
 * RFC 6570, where a document says a string is one), and the configs
 * `recommended` and `strict`.
 *
 * ESLint gives every report of a rule the rule's own severity: a finding whose
 * text says "warning" would be an ESLint error. So the findings are split by
 * their lint severity over two rules that read the same options: `valid-uri`
 * and `uri-warnings` (the `severities` option says which a rule reports). The
 * recommended config turns on `valid-uri` for the errors, as an error, and
 * `uri-warnings` for the warnings, as a warning; a user who sets a rule's
 * severity maps its findings to it.
 *
 * `valid-uri` runs lint() (or, with grammar: 'rfc3987', the RFC 3987 parse
 * and lint() of the IRI's URI mapping) on string literals and template
 * literals without expressions in URI positions: the arguments of
 * `new URL()`, `URL.canParse()`, `URL.parse()`, `fetch()` and the callees of
 * the `callees` option; object properties (and assignments to members) whose
 * names match the `properties` pattern; JSX `href`, `src` and `action`.
 *
 * Each report covers exactly the characters of the source that the
 * diagnostic's range covers in the string's value: an offset into the value
 * is mapped through the literal's escapes (`\u0041`, `\\`, line
 * continuations, JSX character references). The normalization fixes, which
 * keep the URI equivalent (RFC 3986 section 6), are ESLint fixes; the others
 * (non-ascii, url-prefix), which change what the string says, suggestions; and
 * so is each of a finding's own suggestions (what the author probably meant),
 * never a fix.
 *
 * This module is an entry point of its own (package.json's exports); nothing
 * in the core imports it. It runs in ESLint, in Node: it is not in the ES
 * module build.
 */
import type { Rule, Linter } from 'eslint';
import type * as ESTree from 'estree';
import { lint, tryParse, percentEncode, LINT_GROUPS, LINT_PRESETS, LINT_RULES, type Diagnostic, type LintCode, type LintGroup, type Severity } from './index';
import noParserFallback from './whatwg/no-parser-fallback';
import { DEFAULT_TEMPLATE_PROPERTIES, isTemplatePlace, type JsonStep } from './template/places';
import { tryParseTemplate } from './template/parse';
import { shortMessage } from './short-message';

type UnitSeverity = 'off' | Severity;

/** The options of `urigram/valid-uri` (one object). */
interface Options {
  /** 'rfc3986' (default) or 'rfc3987', under which `rule` means IRI or IRI-reference. */
  readonly grammar?: 'rfc3986' | 'rfc3987';
  /** The rule each string must match (default 'URI-reference'). */
  readonly rule?: 'URI' | 'URI-reference';
  /** Lint codes, or the groups browser-accepted and normalization, switched off or given another severity (lint()'s `rules`). */
  readonly codes?: Partial<Readonly<Record<LintCode | LintGroup, UnitSeverity>>>;
  /** The least lint severity reported (default 'warning': info diagnostics, the normalization ones, are not). */
  readonly report?: Severity;
  /**
   * The lint severities this rule reports (default: those from `report` up, for valid-uri; ['warning'] for
   * uri-warnings). The recommended config gives valid-uri ['error'].
   */
  readonly severities?: readonly Severity[];
  /** The schemes allowed (compared case-insensitively); a URI with another scheme is reported. Default: any. */
  readonly schemes?: readonly string[];
  /** More callees whose first argument is a URI: 'open', 'axios.get', 'Request' (call or new). */
  readonly callees?: readonly string[];
  /** A regular expression (source text, flag u) for property names that hold a URI. */
  readonly properties?: string;
  /** JSX attribute names that hold a URI (default href, src, action). */
  readonly jsxAttributes?: readonly string[];
}

const SEVERITIES: readonly Severity[] = ['info', 'warning', 'error'];
const DEFAULT_PROPERTIES = /^(?:url|uri|URL|URI|href|src|endpoint|homepage)$|[a-z0-9_](?:Url|URL|Uri|URI)$/u;
const DEFAULT_JSX_ATTRIBUTES = ['href', 'src', 'action'];

/** Callees whose arguments at these positions are URIs: the reference and, for URL, its base. */
const BUILT_IN_CALLEES: Readonly<Record<string, readonly number[]>> = {
  URL: [0, 1],
  'URL.canParse': [0, 1],
  'URL.parse': [0, 1],
  fetch: [0],
};

/** Fixes that keep the URI equivalent to itself (RFC 3986 section 6.2.2, 6.2.3), the 'safe' ones of LINT_RULES: ESLint fixes. Others are suggestions. */
const EQUIVALENT_FIXES: ReadonlySet<LintCode> = new Set(
  (Object.entries(LINT_RULES) as [LintCode, { fix?: string }][]).filter(([, rule]) => rule.fix === 'safe').map(([code]) => code),
);
// ---------------------------------------------------------------------------
// From offsets in a string's value to offsets in its source text.

/**
 * Where each UTF-16 unit of a literal's value comes from in its source: the
 * [start, end) of the escape or character that produced it (relative to the
 * start of the literal's content), and which one (units of one escape share
 * it). `starts.length` is the value's length; `size` the content's.
 */
interface SourceMap {
  readonly starts: number[];
  readonly ends: number[];
  readonly piece: number[];
  readonly size: number;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v' };
const LINE_TERMINATORS = '\n\r\u2028\u2029';

class Builder {
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly piece: number[] = [];
  value = '';
  private pieces = 0;
  add(text: string, start: number, end: number): void {
    for (let k = 0; k < text.length; k++) {
      this.starts.push(start);
      this.ends.push(end);
      this.piece.push(this.pieces);
    }
    this.value += text;
    this.pieces++;
  }
}

/** The value of a JavaScript string (`template`: a template's cooked value) with where each unit came from; undefined when the raw text is not understood. */
function decodeJs(raw: string, template: boolean): Builder | undefined {
  const b = new Builder();
  let i = 0;
  while (i < raw.length) {
    const c = raw[i];
    if (c !== '\\') {
      // A template's CR LF and lone CR are LF in its value (ECMA-262 12.9.6).
      if (template && c === '\r') {
        const end = raw[i + 1] === '\n' ? i + 2 : i + 1;
        b.add('\n', i, end);
        i = end;
        continue;
      }
      const cp = raw.codePointAt(i) as number;
      const unit = cp > 0xffff ? 2 : 1;
      // The two halves of a pair are one character of the source, but two units: each its own piece is fine.
      for (let k = 0; k < unit; k++) b.add(raw[i + k], i + k, i + k + 1);
      i += unit;
      continue;
    }
    const n = raw[i + 1];
    if (n === undefined) return undefined;
    if (n in SIMPLE_ESCAPES) {
      b.add(SIMPLE_ESCAPES[n], i, i + 2);
      i += 2;
    } else if (n === '\r') {
      i += raw[i + 2] === '\n' ? 3 : 2; // a line continuation: nothing in the value
    } else if (LINE_TERMINATORS.includes(n)) {
      i += 2;
    } else if (n === 'x') {
      const hex = raw.slice(i + 2, i + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined;
      b.add(String.fromCharCode(parseInt(hex, 16)), i, i + 4);
      i += 4;
    } else if (n === 'u') {
      const m = /^u(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{4}))/.exec(raw.slice(i + 1, i + 16));
      if (m === null) return undefined;
      const cp = parseInt(m[1] ?? m[2], 16);
      if (cp > 0x10ffff) return undefined;
      b.add(String.fromCodePoint(cp), i, i + 1 + m[0].length);
      i += 1 + m[0].length;
    } else if (n >= '0' && n <= '7') {
      const m = /^(?:[0-3][0-7]{0,2}|[4-7][0-7]?)/.exec(raw.slice(i + 1, i + 4)) as RegExpExecArray;
      if (template && m[0] !== '0') return undefined; // no octal escapes in templates (their cooked value is undefined)
      if (m[0] === '0' && /[89]/.test(raw[i + 2] ?? '') && template) return undefined;
      b.add(String.fromCharCode(parseInt(m[0], 8)), i, i + 1 + m[0].length);
      i += 1 + m[0].length;
    } else {
      // Any other character stands for itself: \\, \', \", \`, \$, \8, \/ ...
      const cp = raw.codePointAt(i + 1) as number;
      const ch = String.fromCodePoint(cp);
      b.add(ch, i, i + 1 + ch.length);
      i += 1 + ch.length;
    }
  }
  return b;
}

const JSX_NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The value of a JSX attribute string: no backslash escapes, but character references (&amp; &#38; &#x26;). */
function decodeJsx(raw: string): Builder {
  const b = new Builder();
  let i = 0;
  while (i < raw.length) {
    const m = raw[i] === '&' ? /^&(?:#x([0-9a-fA-F]+)|#([0-9]+)|([a-zA-Z][a-zA-Z0-9]*));/.exec(raw.slice(i, i + 12)) : null;
    const cp = m === null ? undefined : m[1] !== undefined ? parseInt(m[1], 16) : m[2] !== undefined ? parseInt(m[2], 10) : undefined;
    const named = m?.[3] !== undefined ? JSX_NAMED[m[3]] : undefined;
    if (m !== null && ((cp !== undefined && cp <= 0x10ffff) || named !== undefined)) {
      b.add(named ?? String.fromCodePoint(cp as number), i, i + m[0].length);
      i += m[0].length;
    } else {
      b.add(raw[i], i, i + 1);
      i++;
    }
  }
  return b;
}

/** A string in a URI position: its value, where its content starts in the source, how it maps, how to write text into it. */
interface UriString {
  readonly node: ESTree.Node;
  readonly value: string;
  readonly contentStart: number;
  /** undefined when the literal's raw text did not decode to its value: reports then cover the whole literal, without fixes. */
  readonly map: SourceMap | undefined;
  /** The source text for a replacement of part of the value; undefined when it cannot be written there. */
  readonly encode: (text: string, followedBy: string) => string | undefined;
}

function encodeJs(quote: string): (text: string) => string {
  return (text) =>
    text.replace(/[\\\n\r\u2028\u2029'"\x00-\x1f\x7f]/g, (c) => {
      if (c === '\\') return '\\\\';
      if (c === "'" || c === '"') return c === quote ? `\\${c}` : c;
      if (c === '\n') return '\\n';
      if (c === '\r') return '\\r';
      return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    });
}

function encodeTemplate(text: string, followedBy: string): string {
  return text.replace(/[\\`\r\x00-\x09\x0b-\x1f\x7f]|\$(?=\{)|\$$/g, (c: string, at: number) => {
    if (c === '$') return at < text.length - 1 || followedBy.startsWith('{') ? '\\$' : c;
    if (c === '\\' || c === '`') return `\\${c}`;
    if (c === '\r') return '\\r';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

function uriString(node: ESTree.Node, text: string, jsx: boolean): UriString | undefined {
  const [start, end] = node.range as [number, number];
  if (node.type === 'Literal' && typeof node.value === 'string') {
    const raw = text.slice(start + 1, end - 1);
    const quote = text[start];
    const b = jsx ? decodeJsx(raw) : decodeJs(raw, false);
    const map = b !== undefined && b.value === node.value ? { starts: b.starts, ends: b.ends, piece: b.piece, size: raw.length } : undefined;
    const encode = jsx ? (t: string) => (t.includes(quote) || t.includes('&') ? undefined : t) : encodeJs(quote);
    return { node, value: node.value, contentStart: start + 1, map, encode };
  }
  if ((node as { type: string }).type === 'String') {
    // A JSON string (@eslint/json): its escapes are a subset of JavaScript's.
    const value = (node as unknown as { value: string }).value;
    const raw = text.slice(start + 1, end - 1);
    const b = decodeJs(raw, false);
    const map = b !== undefined && b.value === value ? { starts: b.starts, ends: b.ends, piece: b.piece, size: raw.length } : undefined;
    return { node, value, contentStart: start + 1, map, encode: encodeJs('"') };
  }
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    const cooked = node.quasis[0].value.cooked;
    if (typeof cooked !== 'string') return undefined;
    const raw = text.slice(start + 1, end - 1);
    const b = decodeJs(raw, true);
    const map = b !== undefined && b.value === cooked ? { starts: b.starts, ends: b.ends, piece: b.piece, size: raw.length } : undefined;
    return { node, value: cooked, contentStart: start + 1, map, encode: encodeTemplate };
  }
  return undefined;
}

/** The source range [start, end) (absolute) of the value's [from, to); exact: whole escapes. */
function sourceRange(s: UriString, from: number, to: number): [number, number] {
  const [nodeStart, nodeEnd] = s.node.range as [number, number];
  if (s.map === undefined) return [nodeStart, nodeEnd];
  const { starts, ends, size } = s.map;
  const at = (k: number): number => (k < starts.length ? starts[k] : size);
  const a = at(from);
  const b = to > from ? ends[to - 1] : a;
  return [s.contentStart + a, s.contentStart + b];
}

/** Whether [from, to) of the value begins and ends at the edges of whole escapes, so that its source can be replaced alone. */
function replaceable(s: UriString, from: number, to: number): boolean {
  if (s.map === undefined) return false;
  const { piece } = s.map;
  const edge = (k: number): boolean => k === 0 || k === piece.length || piece[k] !== piece[k - 1];
  return edge(from) && edge(to);
}

// ---------------------------------------------------------------------------
// What is wrong with one string.

interface Finding {
  readonly code: LintCode;
  readonly severity: Severity;
  readonly message: string;
  readonly section: string;
  readonly start: number;
  readonly end: number;
  readonly fix?: Diagnostic['fix'];
  readonly suggestions?: Diagnostic['suggestions'];
}

interface Settings {
  readonly grammar: 'rfc3986' | 'rfc3987';
  readonly rule: 'URI' | 'URI-reference';
  readonly codes: Options['codes'];
  /** The lint severities reported. */
  readonly severities: ReadonlySet<Severity>;
  readonly schemes: readonly string[] | undefined;
}

const isWhatwg = (d: Diagnostic): boolean => d.code === 'whatwg-host-differs' || d.code === 'whatwg-differs';

/**
 * lint() of an IRI: the RFC 3987 parse, then lint() of its URI mapping (each non-ASCII character percent-encoded), with
 * the ranges mapped back. The WHATWG rules' findings are lint()'s of the IRI as written (which compares an IRI as RFC
 * 3987 reads it, and reports a host UTS 46 maps to another name), for an IRI RFC 3987 refuses too: where a browser
 * goes with `http:\t//evil.example/` does not depend on the grammar the string is judged by.
 */
function lintIri(value: string, s: Settings): Diagnostic[] {
  const whatwg = lint(value, { rule: s.rule, rules: s.codes, schemes: s.schemes }).filter(isWhatwg);
  return [...lintIriSyntax(value, s).filter((d) => !isWhatwg(d)), ...whatwg].sort((a, b) => a.start - b.start || a.end - b.end);
}

function lintIriSyntax(value: string, s: Settings): Diagnostic[] {
  const rule = s.rule === 'URI' ? 'IRI' : 'IRI-reference';
  const parsed = tryParse(value, { grammar: 'rfc3987', rule });
  if (!parsed.ok) {
    const e = parsed.error;
    const severity = s.codes?.syntax ?? LINT_RULES.syntax.severity;
    if (severity === 'off') return [];
    return [{ code: 'syntax', severity, message: e.message, section: 'RFC 3987 2.2', start: e.offset, end: e.offset + (e.found?.length ?? 0) }];
  }
  // origin[k]: the value offset of the character that mapped unit k of the URI came from; edge[k]: whether k begins one.
  let mapped = '';
  const origin: number[] = [];
  const edge: boolean[] = [];
  for (let k = 0; k < value.length; ) {
    const cp = value.codePointAt(k) as number;
    const ch = String.fromCodePoint(cp);
    const out = cp < 0x80 ? ch : percentEncode(ch, 'fragment');
    for (let j = 0; j < out.length; j++) {
      origin.push(k);
      edge.push(j === 0);
    }
    mapped += out;
    k += ch.length;
  }
  origin.push(value.length);
  edge.push(true);
  const back = (k: number, end: boolean): number => {
    if (!end || edge[k]) return origin[k];
    const o = origin[k]; // inside an encoded character: its end
    return o + String.fromCodePoint(value.codePointAt(o) as number).length;
  };
  const expanded = (from: number, to: number): boolean => /[^\x00-\x7f]/.test(value.slice(back(from, false), back(to, true)));
  return lint(mapped, { rule: s.rule, rules: s.codes, schemes: s.schemes }).map((d) => {
    const start = back(d.start, false);
    const end = back(d.end, true);
    // A fix over an encoded character would write the character percent-encoded: another IRI. Dropped (a suggestion too).
    const mapsBack = (f: { start: number; end: number }): boolean => edge[f.start] && edge[f.end] && !expanded(f.start, f.end);
    const fix = d.fix && mapsBack(d.fix) ? { replacement: d.fix.replacement, start: origin[d.fix.start], end: origin[d.fix.end] } : undefined;
    const suggestions = d.suggestions?.filter(mapsBack).map((x) => ({ ...x, start: origin[x.start], end: origin[x.end] }));
    return { ...d, start, end, fix, suggestions: suggestions?.length ? suggestions : undefined };
  });
}

function findings(value: string, s: Settings): Finding[] {
  // The allowed schemes are lint's own option: a scheme outside them is its code disallowed-scheme, which `codes` can set.
  const diagnostics = s.grammar === 'rfc3987' ? lintIri(value, s) : lint(value, { rule: s.rule, rules: s.codes, schemes: s.schemes });
  return diagnostics.filter((d) => s.severities.has(d.severity));
}

// ---------------------------------------------------------------------------
// The rules.

/** The severities a rule reports when its options do not say: valid-uri all from `report` up, uri-warnings the warnings. */
type DefaultSeverities = 'from-report' | readonly Severity[];

function settingsOf(options: Options, rule: Settings['rule'], defaults: DefaultSeverities = 'from-report'): Settings {
  const least = SEVERITIES.indexOf(options.report ?? 'warning');
  const severities = options.severities ?? (defaults === 'from-report' ? SEVERITIES.slice(least) : defaults);
  return {
    grammar: options.grammar ?? 'rfc3986',
    rule: options.rule ?? rule,
    // A copy: lint() takes a plain object, and ESLint may hand over a clone made in another realm.
    codes: options.codes === undefined ? undefined : { ...options.codes },
    severities: new Set(severities),
    schemes: options.schemes,
  };
}

/** The parser's rule path of a string a URI rule refuses (for a report's data), by the rule's grammar and rule. */
function uriRulePath(value: string, settings: Settings): readonly string[] | undefined {
  const parsed = tryParse(value, settings.grammar === 'rfc3987' ? { grammar: 'rfc3987', rule: settings.rule === 'URI' ? 'IRI' : 'IRI-reference' } : { rule: settings.rule });
  return parsed.ok ? undefined : parsed.error.rulePath;
}

/**
 * Reports the findings on one string node (`findingsOf` its value), with fixes and suggestions, at exact source
 * ranges; a syntax error's rule path (`rulePathOf`) goes in the report's data.
 */
function reporter(context: Rule.RuleContext, findingsOf: (value: string) => readonly Finding[], rulePathOf: (value: string) => readonly string[] | undefined): (node: ESTree.Node | null | undefined, jsx?: boolean) => void {
  const sourceCode = context.sourceCode;
  const text = sourceCode.text;
  return (node: ESTree.Node | null | undefined, jsx = false): void => {
    if (node == null) return;
    const s = uriString(node, text, jsx);
    if (s === undefined) return;
    for (const f of findingsOf(s.value)) {
      const [a, b] = sourceRange(s, f.start, f.end);
      const loc = { start: sourceCode.getLocFromIndex(a), end: sourceCode.getLocFromIndex(b) };
      // The message short; the whole of it, the section and (for a syntax error) the parser's rule path in data, the rule's detail in its docs.
      // The whole report at most 120 characters: the message, then " (code)".
      const data: Record<string, string> = { message: shortMessage(f.message, 120 - f.code.length - 3), code: f.code, severity: f.severity, section: f.section, detail: f.message };
      if (f.code === 'syntax' || f.code === 'uri-template') {
        const path = rulePathOf(s.value);
        if (path !== undefined) data.rulePath = path.join(' > ');
      }
      let fix: Rule.ReportFixer | undefined;
      if (f.fix !== undefined && replaceable(s, f.fix.start, f.fix.end)) {
        const [fa, fb] = sourceRange(s, f.fix.start, f.fix.end);
        const replacement = s.encode(f.fix.replacement, text.slice(fb));
        if (replacement !== undefined) fix = (fixer) => fixer.replaceTextRange([fa, fb], replacement);
      }
      // The finding's own suggestions, each where it can be written in the source: ESLint suggestions, never its fix.
      const suggest: Rule.SuggestionReportDescriptor[] = [];
      for (const x of f.suggestions ?? []) {
        if (!replaceable(s, x.start, x.end)) continue;
        const [xa, xb] = sourceRange(s, x.start, x.end);
        const replacement = s.encode(x.replacement, text.slice(xb));
        if (replacement === undefined) continue;
        const message = `${x.message.charAt(0).toUpperCase()}${x.message.slice(1)}`;
        suggest.push({ messageId: 'suggestion', data: { message, before: JSON.stringify(s.value.slice(x.start, x.end)), after: JSON.stringify(x.replacement), code: f.code }, fix: (fixer) => fixer.replaceTextRange([xa, xb], replacement) });
      }
      if (fix !== undefined && !EQUIVALENT_FIXES.has(f.code as LintCode)) {
        const before = JSON.stringify(s.value.slice(f.fix!.start, f.fix!.end));
        context.report({ node, loc, messageId: 'diagnostic', data, suggest: [{ messageId: 'fix', data: { before, after: JSON.stringify(f.fix!.replacement), code: f.code }, fix }, ...suggest] });
      } else {
        context.report({ node, loc, messageId: 'diagnostic', data, fix, ...(suggest.length > 0 ? { suggest } : {}) });
      }
    }
  };
}


const severitySchema = { enum: ['off', 'error', 'warning', 'info'] };

/** The options of both rules, in ESLint's JSON schema. */
const COMMON_OPTIONS = {
  grammar: { enum: ['rfc3986', 'rfc3987'] },
  rule: { enum: ['URI', 'URI-reference'] },
  codes: { type: 'object', additionalProperties: false, properties: Object.fromEntries([...Object.keys(LINT_RULES), ...LINT_GROUPS].map((code) => [code, severitySchema])) },
  report: { enum: ['error', 'warning', 'info'] },
  severities: { type: 'array', items: { enum: ['error', 'warning', 'info'] }, uniqueItems: true, minItems: 1 },
  schemes: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9+.-]*$' }, uniqueItems: true },
};

const MESSAGES = {
  diagnostic: '{{message}} ({{code}})',
  notString: '{{field}} must be a URI, a string; it is {{type}}',
  fix: 'Replace {{before}} with {{after}} ({{code}})',
  suggestion: '{{message}}: {{before}} to {{after}} ({{code}})',
};

/** A property's name as written: an identifier (not computed) or a string literal; undefined otherwise. */
function propertyName(key: ESTree.Node, computed: boolean): string | undefined {
  if (!computed && key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

/** The listeners that check the value given to a property of a `wanted` name: `{ name: value }` and `x.name = value`. */
function namedValueListeners(wanted: (name: string) => boolean, check: (node: ESTree.Node) => void): Rule.RuleListener {
  return {
    Property(node: ESTree.Property) {
      if (node.kind !== 'init' || node.method || node.shorthand) return;
      const name = propertyName(node.key, node.computed);
      if (name !== undefined && wanted(name)) check(node.value);
    },
    AssignmentExpression(node: ESTree.AssignmentExpression) {
      if (node.operator !== '=' || node.left.type !== 'MemberExpression') return;
      const name = propertyName(node.left.property, node.left.computed);
      if (name !== undefined && wanted(name)) check(node.right);
    },
  };
}

/**
 * valid-uri and uri-warnings: one rule, the findings split by their lint severity (see the header), each
 * reporting the severities of its `severities` option (by default valid-uri those from `report` up,
 * uri-warnings the warnings).
 */
function uriRule(name: 'valid-uri' | 'uri-warnings', defaults: DefaultSeverities, description: string): Rule.RuleModule {
  return {
    meta: {
      type: name === 'valid-uri' ? 'problem' : 'suggestion',
      docs: {
        description,
        recommended: true,
        // Each finding's detail is its lint rule's section there (the message names the rule's code).
        url: 'https://unpkg.com/urigram/docs/lint-rules.md',
      },
      fixable: 'code',
      hasSuggestions: true,
      schema: [
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...COMMON_OPTIONS,
            callees: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true },
            properties: { type: 'string' },
            jsxAttributes: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true },
          },
        },
      ],
      messages: MESSAGES,
    },
    create(context) {
      const options = (context.options[0] ?? {}) as Options;
      const settings = settingsOf(options, 'URI-reference', defaults);
      let properties: RegExp;
      try {
        // redos-dynamic: the user's option properties, the user's expression (docs/eslint.md says so)
        properties = options.properties === undefined ? DEFAULT_PROPERTIES : new RegExp(options.properties, 'u');
      } catch (e) {
        throw new Error(`urigram/${name}: option properties is not a regular expression: ${(e as Error).message}`);
      }
      const callees = new Map<string, readonly number[]>(Object.entries(BUILT_IN_CALLEES));
      for (const name of options.callees ?? []) if (!callees.has(name)) callees.set(name, [0]);
      const jsxAttributes = new Set(options.jsxAttributes ?? DEFAULT_JSX_ATTRIBUTES);
      const check = reporter(context, (value) => findings(value, settings), (value) => uriRulePath(value, settings));

      function calleeName(callee: ESTree.Node): string | undefined {
        if (callee.type === 'Identifier') return callee.name;
        if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
          const object = calleeName(callee.object);
          return object === undefined ? undefined : `${object}.${callee.property.name}`;
        }
        return undefined;
      }

      function call(node: ESTree.CallExpression | ESTree.NewExpression): void {
        const name = calleeName(node.callee);
        if (name === undefined) return;
        const positions = callees.get(name) ?? callees.get(name.replace(/^(?:globalThis|window|self)\./, ''));
        if (positions !== undefined) for (const k of positions) check(node.arguments[k] as ESTree.Node | undefined);
      }

      return {
        CallExpression: call,
        NewExpression: call,
        ...namedValueListeners((name) => properties.test(name), check),
        JSXAttribute(node: ESTree.Node) {
          const attribute = node as unknown as { name: { type: string; name?: string }; value: ESTree.Node | { type: 'JSXExpressionContainer'; expression: ESTree.Node } | null };
          if (attribute.name.type !== 'JSXIdentifier' || !jsxAttributes.has(attribute.name.name as string) || attribute.value === null) return;
          const value = attribute.value;
          if (value.type === 'JSXExpressionContainer') check((value as { expression: ESTree.Node }).expression);
          else check(value as ESTree.Node, true);
        },
      } as Rule.RuleListener;
    },
  };
}

const validUri = uriRule('valid-uri', 'from-report', 'URI strings in URI positions (new URL, fetch, url properties, JSX href) must be valid RFC 3986 URI references (or IRIs): the findings of lint() at error level (with the recommended config)');
const uriWarnings = uriRule('uri-warnings', ['warning'], 'URI strings in URI positions: the findings of lint() at warning level (forms only browsers accept, security concerns), reported as ESLint warnings');

/** A JSON node of @eslint/json (momoa's), as far as package-json reads it. */
interface JsonNode {
  readonly type: string;
  readonly value?: unknown;
  readonly members?: ReadonlyArray<{ readonly name: { readonly type: string; readonly value?: string; readonly name?: string }; readonly value: JsonNode }>;
  readonly body?: JsonNode;
}

/** How a message names a JSON node's type. */
const JSON_TYPES: Readonly<Record<string, string>> = { Object: 'an object', Array: 'an array', Number: 'a number', Boolean: 'a boolean', Null: 'null' };

/** The value of a member of an object: the last of that name, as JSON.parse and npm read a key written twice. */
function member(object: JsonNode | undefined, name: string): JsonNode | undefined {
  if (object?.type !== 'Object') return undefined;
  const members = object.members ?? [];
  for (let k = members.length - 1; k >= 0; k--) {
    const m = members[k];
    if ((m.name.type === 'String' ? m.name.value : m.name.name) === name) return m.value;
  }
  return undefined;
}

/**
 * `package-json`: the URI fields of a package.json, in ESLint's JSON language
 * (@eslint/json, `language: 'json/json'`): `homepage`, `repository.url` and
 * `bugs.url` (or `bugs` as a string), each a URI (default rule 'URI'). Other
 * files than package.json are left alone.
 */
const packageJson: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'The URI fields of package.json (homepage, repository.url, bugs.url) must be valid RFC 3986 URIs' },
    fixable: 'code',
    hasSuggestions: true,
    schema: [{ type: 'object', additionalProperties: false, properties: COMMON_OPTIONS }],
    messages: MESSAGES,
  },
  create(context) {
    const settings = settingsOf((context.options[0] ?? {}) as Options, 'URI');
    const check = reporter(context, (value) => findings(value, settings), (value) => uriRulePath(value, settings));
    // A field that is there but no string (a number, null, an array) is no URI either: said, not passed over.
    const strings = (node: JsonNode | undefined, field: string): void => {
      if (node === undefined) return;
      if (node.type === 'String') check(node as unknown as ESTree.Node);
      else context.report({ node: node as unknown as ESTree.Node, messageId: 'notString', data: { field, type: JSON_TYPES[node.type] ?? node.type } });
    };
    return {
      Document(node: JsonNode) {
        if (context.filename.replace(/^.*[\\/]/, '') !== 'package.json') return;
        const root = node.body;
        strings(member(root, 'homepage'), 'homepage');
        // repository and bugs may be a string (a shorthand, a URL) or an object with a url; anything else is neither.
        const repository = member(root, 'repository');
        if (repository !== undefined && repository.type !== 'String' && repository.type !== 'Object') strings(repository, 'repository');
        else strings(member(repository, 'url'), 'repository.url');
        const bugs = member(root, 'bugs');
        // npm reads a "bugs" string that looks like an e-mail address (no ":") as { email }: not a URI to check.
        if (bugs?.type === 'String' && typeof bugs.value === 'string' && /^[^\s:@/]+@[^\s:@/]+$/.test(bugs.value)) return;
        if (bugs?.type === 'String' || (bugs !== undefined && bugs.type !== 'Object')) strings(bugs, 'bugs');
        else strings(member(bugs, 'url'), 'bugs.url');
      },
    } as unknown as Rule.RuleListener;
  },
};

/**
 * `valid-uri-template`: strings that a document marks as URI Templates (RFC
 * 6570) must be templates (src/template/places.ts): in JavaScript, the values
 * of properties (and assignments to members) named in `properties` (default
 * `uriTemplate`); in JSON (@eslint/json), members of those names, JSON
 * Hyper-Schema's `links[].href` and an OpenAPI document's `servers[].url`. The
 * report is parseTemplate's error, at the offending character.
 */
const validUriTemplate: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Strings a document marks as URI Templates (uriTemplate properties, JSON Hyper-Schema links[].href, OpenAPI servers[].url) must be valid RFC 6570 templates' },
    // Its findings are the uri-template rule's: suggestions when the registry says that rule has them.
    ...((LINT_RULES['uri-template'] as { hasSuggestions?: true }).hasSuggestions === true ? { hasSuggestions: true } : {}),
    schema: [{ type: 'object', additionalProperties: false, properties: { properties: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true } } }],
    messages: MESSAGES,
  },
  create(context) {
    const properties: ReadonlySet<string> = new Set(((context.options[0] ?? {}) as { properties?: readonly string[] }).properties ?? DEFAULT_TEMPLATE_PROPERTIES);
    const check = reporter(
      context,
      (value) => lint(value, { template: true }),
      (value) => {
        const parsed = tryParseTemplate(value);
        return parsed.ok ? undefined : parsed.error.rulePath;
      },
    );
    /** A JSON value at `path`: its strings at a template's place are checked, its objects and arrays walked. */
    const walk = (node: JsonNode | undefined, path: JsonStep[], openApi: boolean): void => {
      if (node === undefined) return;
      if (node.type === 'String') {
        if (isTemplatePlace(path, properties, openApi)) check(node as unknown as ESTree.Node);
      } else if (node.type === 'Object') {
        for (const m of node.members ?? []) walk(m.value, [...path, (m.name.type === 'String' ? m.name.value : m.name.name) as string], openApi);
      } else if (node.type === 'Array') {
        (node as unknown as { elements: Array<{ value: JsonNode }> }).elements.forEach((e, k) => walk(e.value, [...path, k], openApi));
      }
    };
    return {
      ...namedValueListeners((name) => properties.has(name), check),
      Document(node: JsonNode) {
        const root = node.body;
        walk(root, [], member(root, 'openapi') !== undefined || member(root, 'swagger') !== undefined);
      },
    } as unknown as Rule.RuleListener;
  },
};

/** Each finding at its own severity: the errors as ESLint errors, the warnings as ESLint warnings; and no parser fallback. */
const recommendedRules: Linter.RulesRecord = { 'urigram/valid-uri': ['error', { severities: ['error'] }], 'urigram/uri-warnings': 'warn', 'urigram/no-parser-fallback': 'error' };

const plugin = {
  meta: { name: 'urigram' },
  rules: { 'valid-uri': validUri, 'uri-warnings': uriWarnings, 'package-json': packageJson, 'no-parser-fallback': noParserFallback, 'valid-uri-template': validUriTemplate },
  configs: {} as { recommended: Linter.Config; strict: Linter.Config },
};
plugin.configs.recommended = { name: 'urigram/recommended', plugins: { urigram: plugin }, rules: recommendedRules };
// The strict preset of lint() (LINT_PRESETS.strict): every rule, whatwg-differs and the infos too, each at its own severity.
const strictCodes = { ...LINT_PRESETS.strict };
plugin.configs.strict = {
  name: 'urigram/strict',
  plugins: { urigram: plugin },
  rules: { ...recommendedRules, 'urigram/valid-uri': ['error', { severities: ['error'], codes: strictCodes }], 'urigram/uri-warnings': ['warn', { severities: ['warning', 'info'], codes: strictCodes }] },
};

// A namespace merged with the plugin: the way to export types from a module whose export is the plugin itself (`export =`, for require()).
// eslint-disable-next-line @typescript-eslint/no-namespace -- the only way to give an `export =` module its types (see above)
declare namespace plugin {
  /** The options of `urigram/valid-uri`. */
  export type ValidUriOptions = Options;
}

export = plugin;
