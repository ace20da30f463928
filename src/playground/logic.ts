/**
 * The playground's logic, without the DOM: the state and its encoding in the
 * address's fragment, and what the page shows for a state (the components and
 * their coloured spans, or the error with its caret, expected items and rule
 * path; resolution, normalization, lint and IRI conversion). src/playground/main.ts
 * draws it; test/playground.test.ts tests it in Node, against the same library.
 *
 * Only the library's own functions are used: the page is built by esbuild from
 * the ES module build (scripts/site.ts), the one a browser bundle gets.
 */
import {
  REFERENCE_RULES,
  applyFixes,
  compareWithWhatwg,
  expandTemplate,
  explainNormalize,
  iriToUri,
  lint,
  matches,
  matchTemplate,
  resolve,
  rulesOf,
  tryParse,
  tryParseTemplate,
  uriToIri,
  type AnyUriRecord,
  type Diagnostic,
  type GrammarName,
  type NormalizeLevel,
  type NormalizeStep,
  type TemplatePart,
  type TemplateVariables,
  type UriComponentName,
  type UriSyntaxError,
  type WhatwgComparison,
  type WhatwgComponent,
  type WhatwgDifference,
} from '../index';
import { diagnose } from '../core/diagnose';
import { PARSED_GRAMMARS } from '../core/grammars';
import { COMPONENT_NAMES } from '../core/records';
import { toPegName } from '../core/rule-names';

export interface State {
  readonly input: string;
  readonly grammar: GrammarName;
  /** An ABNF rule name of the grammar: a reference rule is parsed, any other matched. */
  readonly rule: string;
  /** The base that the input is resolved against. */
  readonly base: string;
  readonly level: NormalizeLevel;
  /** The template tab (RFC 6570): a template, its variables as JSON, and a URI to match against it. */
  readonly template: string;
  readonly variables: string;
  readonly match: string;
}

export const DEFAULT_STATE: State = {
  input: 'http://user@example.com:8080/a/./b/../c?q=%7e#frag',
  grammar: 'rfc3986',
  rule: 'URI-reference',
  base: 'http://a/b/c/d;p?q',
  level: 'scheme',
  template: '/users/{id}{/path*}{?q,lang}',
  variables: '{"id": 42, "path": ["a", "b c"], "q": "caf\u00e9"}',
  match: '/users/7/docs?lang=en',
};

const KEYS = { input: 'i', grammar: 'g', rule: 'r', base: 'b', level: 'n', template: 't', variables: 'v', match: 'm' } as const;

/** Percent-encodes what a fragment cannot hold as itself, and "&", "=" and "%" (the separators). */
function encodePart(text: string): string {
  return encodeURIComponent(text).replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%40/g, '@').replace(/%3F/g, '?');
}

function decodePart(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined; // not well-formed: the value is dropped, the default kept
  }
}

/** The state as a fragment (without its "#"): only what differs from the defaults, input first. */
export function encodeState(state: State): string {
  const parts: string[] = [];
  for (const key of ['input', 'grammar', 'rule', 'base', 'level', 'template', 'variables', 'match'] as const) {
    if (key !== 'input' && state[key] === DEFAULT_STATE[key]) continue;
    if (key === 'rule' && state.rule === REFERENCE_RULES[state.grammar][0]) continue;
    parts.push(`${KEYS[key]}=${encodePart(state[key])}`);
  }
  return parts.join('&');
}

/** The state a fragment (with or without its "#") gives; what is missing, unknown or malformed is the default. */
export function decodeState(fragment: string): State {
  const values = new Map<string, string>();
  for (const part of fragment.replace(/^#/, '').split('&')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const value = decodePart(part.slice(at + 1));
    if (value !== undefined) values.set(part.slice(0, at), value);
  }
  const grammarValue = values.get(KEYS.grammar);
  const grammar = PARSED_GRAMMARS.find((g) => g === grammarValue) ?? DEFAULT_STATE.grammar;
  const ruleValue = values.get(KEYS.rule);
  const rule = ruleValue !== undefined && rulesOf(grammar).includes(ruleValue) ? ruleValue : REFERENCE_RULES[grammar][0];
  const levelValue = values.get(KEYS.level);
  return {
    input: values.get(KEYS.input) ?? DEFAULT_STATE.input,
    grammar,
    rule,
    base: values.get(KEYS.base) ?? DEFAULT_STATE.base,
    level: levelValue === 'syntax' ? 'syntax' : 'scheme',
    template: values.get(KEYS.template) ?? DEFAULT_STATE.template,
    variables: values.get(KEYS.variables) ?? DEFAULT_STATE.variables,
    match: values.get(KEYS.match) ?? DEFAULT_STATE.match,
  };
}

/** The components drawn in place: the ones that do not contain others (authority is userinfo, host, port). */
export const LEAF_COMPONENTS: readonly UriComponentName[] = COMPONENT_NAMES.filter((c) => c !== 'authority');

/** The table's rows, in the order of a URI. */
export const TABLE_COMPONENTS: readonly UriComponentName[] = COMPONENT_NAMES;

export interface Segment {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** The component this text is, or null for a delimiter (":", "//", "@", "?", "#"). */
  readonly component: UriComponentName | null;
}

/** The input cut into its leaf components and the delimiters between them, in order, covering it all. */
export function segments(input: string, record: AnyUriRecord): Segment[] {
  const spans = record.spans as Partial<Record<UriComponentName, readonly [number, number]>>;
  const parts = LEAF_COMPONENTS.flatMap((c) => {
    const span = spans[c];
    return span !== undefined && span[1] > span[0] ? [{ component: c, start: span[0], end: span[1] }] : [];
  }).sort((a, b) => a.start - b.start);
  const out: Segment[] = [];
  let at = 0;
  for (const p of parts) {
    if (p.start > at) out.push({ start: at, end: p.start, text: input.slice(at, p.start), component: null });
    out.push({ ...p, text: input.slice(p.start, p.end) });
    at = p.end;
  }
  if (at < input.length) out.push({ start: at, end: input.length, text: input.slice(at), component: null });
  return out;
}

export interface Row {
  readonly name: string;
  /** The text, or undefined when the component is absent. */
  readonly text: string | undefined;
  readonly span?: readonly [number, number];
}

/** The table beside the drawing: each component (absent ones too), then the kinds. */
export function componentRows(record: AnyUriRecord): Row[] {
  const r = record as unknown as Record<string, string | undefined> & { spans: Partial<Record<string, readonly [number, number]>> };
  const rows: Row[] = TABLE_COMPONENTS.map((c) => ({ name: c, text: r[c], span: r.spans[c] }));
  if ('opaque' in r && r.opaque !== undefined) rows.push({ name: 'opaque', text: r.opaque, span: r.spans.path });
  rows.push({ name: 'host kind', text: r.hostKind }, { name: 'path kind', text: r.pathKind });
  if ('authorityForm' in r) rows.push({ name: 'authority form', text: r.authorityForm });
  return rows;
}

export interface ErrorView {
  readonly message: string;
  readonly offset: number;
  readonly found: string | null;
  readonly expected: readonly string[];
  /** Outermost first. */
  readonly rulePath: readonly string[];
  /** The rule whose diagram is shown: the last of the rule path. */
  readonly innermost: string;
  /** The input cut at the offset: before, the character there ("" at the end), after. */
  readonly before: string;
  readonly at: string;
  readonly after: string;
}

function errorView(error: UriSyntaxError): ErrorView {
  const { input, offset } = error;
  const at = error.found ?? '';
  return {
    message: error.message,
    offset,
    found: error.found,
    expected: error.expected,
    rulePath: error.rulePath,
    innermost: error.rulePath[error.rulePath.length - 1] ?? error.rule,
    before: input.slice(0, offset),
    at,
    after: input.slice(offset + at.length),
  };
}

export type Verdict =
  | { readonly valid: true; readonly record?: AnyUriRecord; readonly segments?: readonly Segment[]; readonly rows?: readonly Row[] }
  | { readonly valid: false; readonly error: ErrorView };

/** Whether the input matches the state's rule: a reference rule is parsed (components), any other matched. */
export function verdict(state: State): Verdict {
  const { input, grammar, rule } = state;
  if ((REFERENCE_RULES[grammar] as readonly string[]).includes(rule)) {
    const result = tryParse(input, { grammar, rule } as Parameters<typeof tryParse>[1]);
    if (!result.ok) return { valid: false, error: errorView(result.error) };
    return { valid: true, record: result.value, segments: segments(input, result.value), rows: componentRows(result.value) };
  }
  if (matches(rule as Parameters<typeof matches>[0], input, { grammar })) return { valid: true };
  // matches() says no more than no: the diagnostic back end, from the rule, says where and why (as parse does).
  return { valid: false, error: errorView(diagnose(input, toPegName(rule), grammar)) };
}

export interface Outcome {
  readonly label: string;
  readonly value?: string;
  readonly error?: string;
}

function attempt(label: string, f: () => string): Outcome {
  try {
    return { label, value: f() };
  } catch (e) {
    return { label, error: e instanceof Error ? e.message : String(e) };
  }
}

/** The input resolved against the base: RFC 3986 strict, non-strict, and RFC 2396's algorithm, in the state's grammar. */
export function resolutions(state: State): Outcome[] {
  const { base, input, grammar } = state;
  return [
    attempt('RFC 3986 5.2 (strict)', () => resolve(base, input, { grammar })),
    attempt('RFC 3986 5.2 (non-strict)', () => resolve(base, input, { grammar, strict: false })),
    attempt('RFC 2396 5.2', () => resolve(base, input, { grammar, algorithm: 'rfc2396' })),
  ];
}

export type Normalization = { readonly result: string; readonly steps: readonly NormalizeStep[] } | { readonly error: string };

/** explainNormalize of the input (RFC 3986 and RFC 3987 only). */
export function normalization(state: State): Normalization {
  const grammar = state.grammar;
  if (grammar !== 'rfc3986' && grammar !== 'rfc3987') return { error: 'normalize works on RFC 3986 URIs and RFC 3987 IRIs' };
  try {
    return explainNormalize(state.input, { grammar, level: state.level });
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** lint's diagnostics (its rules are written for RFC 3986), or why there are none. */
export function diagnostics(state: State): Diagnostic[] | { readonly error: string } {
  if (state.grammar !== 'rfc3986') return { error: 'the lint rules are written for RFC 3986' };
  const rule = (REFERENCE_RULES.rfc3986 as readonly string[]).includes(state.rule) ? (state.rule as 'URI') : undefined;
  return lint(state.input, rule === undefined ? {} : { rule });
}

/** The input with one diagnostic's fix applied. */
export function applyFix(input: string, diagnostic: Diagnostic): string {
  return applyFixes(input, [diagnostic]);
}

/** IRI to URI and back (RFC 3987 3.1, 3.2): from an IRI, its URI and that URI's IRI; from a URI, its IRI and back. */
export function conversions(state: State): Outcome[] {
  const { input, grammar } = state;
  if (grammar === 'rfc2396') return [{ label: 'IRI to URI and back', error: 'RFC 3987 converts between RFC 3986 URIs and IRIs, not RFC 2396 URIs' }];
  if (grammar === 'rfc3987') {
    const toUri = attempt('IRI to URI (RFC 3987 3.1)', () => iriToUri(input));
    return [toUri, toUri.value === undefined ? { label: 'and back to an IRI (3.2)', error: 'no URI' } : attempt('and back to an IRI (3.2)', () => uriToIri(toUri.value!))];
  }
  const toIri = attempt('URI to IRI (RFC 3987 3.2)', () => uriToIri(input));
  return [toIri, toIri.value === undefined ? { label: 'and back to a URI (3.1)', error: 'no IRI' } : attempt('and back to a URI (3.1)', () => iriToUri(toIri.value!))];
}

/** One component as each standard reads it ("absent" when a side has none; "" when that side read nothing: invalid). */
export interface ReadingRow {
  readonly component: WhatwgComponent;
  readonly rfc3986: string | undefined;
  readonly whatwg: string | undefined;
  /** Whether a difference (not a note) is about this component. */
  readonly differs: boolean;
}

/** A difference or a note, and the input cut at its cause for a caret. */
export interface WhatwgEntry extends WhatwgDifference {
  readonly note: boolean;
  readonly before: string;
  readonly at: string;
  readonly after: string;
}

export type WhatwgView =
  | { readonly verdict: WhatwgComparison['verdict']; readonly rfc3986Error?: string; readonly whatwgError?: string; readonly rows: readonly ReadingRow[]; readonly entries: readonly WhatwgEntry[] }
  | { readonly error: string };

const WHATWG_COMPONENTS: readonly WhatwgComponent[] = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];

/**
 * The input read by RFC 3986 (or RFC 3987) and by the WHATWG URL Standard, as
 * this browser's URL reads it (compareWithWhatwg), against the base when the
 * input is a relative reference: both readings side by side, the verdict, and
 * each difference and note with the input cut at its cause.
 */
export function whatwgView(state: State): WhatwgView {
  if (state.grammar !== 'rfc3986' && state.grammar !== 'rfc3987') return { error: 'the comparison is with RFC 3986 and RFC 3987' };
  let c: WhatwgComparison;
  try {
    const relative = !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(state.input.trim());
    c = compareWithWhatwg(state.input, relative ? { grammar: state.grammar, base: state.base } : { grammar: state.grammar });
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  const r = c.rfc3986;
  const w = c.whatwg;
  const differs = new Set(c.differences.map((d) => d.component));
  const rows = WHATWG_COMPONENTS.map((k): ReadingRow => {
    const rfc3986 = r.valid ? (k === 'host' && r.host !== undefined && r.hostKind !== undefined ? `${r.host} (${r.hostKind})` : r[k]) : '';
    let whatwg: string | undefined = '';
    if (w.valid) {
      if (k === 'userinfo') whatwg = w.username === '' && w.password === '' ? undefined : w.password === '' ? w.username : `${w.username}:${w.password}`;
      else if (k === 'host') whatwg = w.host === undefined ? undefined : `${w.host}${w.hostKind === undefined ? '' : ` (${w.hostKind})`}`;
      else whatwg = w[k];
    }
    return { component: k, rfc3986, whatwg, differs: differs.has(k) };
  });
  const cut = (d: WhatwgDifference, note: boolean): WhatwgEntry => {
    const at = d.offset < 0 ? '' : String.fromCodePoint(state.input.codePointAt(d.offset) ?? 0x20);
    return { ...d, note, before: d.offset < 0 ? '' : state.input.slice(0, d.offset), at: d.offset >= state.input.length ? '' : at, after: d.offset < 0 ? state.input : state.input.slice(d.offset + at.length) };
  };
  return {
    verdict: c.verdict,
    ...(r.valid ? {} : { rfc3986Error: r.error.message }),
    ...(w.valid ? {} : { whatwgError: w.error.message }),
    rows,
    entries: [...c.differences.map((d) => cut(d, false)), ...c.notes.map((d) => cut(d, true))],
  };
}

/** The template tab (RFC 6570): the template's parts (or why it is none), its expansion with the variables, the variables matching the URI. */
export interface TemplateView {
  readonly parse: { readonly valid: true; readonly parts: readonly TemplatePart[]; readonly level: number } | { readonly valid: false; readonly error: ErrorView };
  readonly expansion: Outcome;
  readonly iri: Outcome;
  readonly match: Outcome;
}

export function templateView(state: State): TemplateView {
  const parsed = tryParseTemplate(state.template);
  const parse = parsed.ok ? ({ valid: true, parts: parsed.value.parts, level: parsed.value.level } as const) : ({ valid: false, error: errorView(parsed.error) } as const);
  const variables = (): TemplateVariables => {
    const value = JSON.parse(state.variables) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('the variables are a JSON object: {"name": value, ...}');
    return value as TemplateVariables;
  };
  return {
    parse,
    expansion: attempt('expanded (a URI)', () => expandTemplate(state.template, variables())),
    iri: attempt('expanded as an IRI', () => expandTemplate(state.template, variables(), { iri: true })),
    match: attempt('the URI matched', () => {
      const found = matchTemplate(state.template, state.match, { iri: true });
      return found === null ? 'no values of the template expand to it' : JSON.stringify(found);
    }),
  };
}
