/**
 * Parsing (RFC 3986 3, 4; RFC 3987 2.2; RFC 2396 3, 4; with `zoneId: true`,
 * RFC 6874 2): a thin layer over the back ends that scripts/generate.ts
 * builds from each grammar (the automata and the recognizer, backends.ts; the
 * diagnostic back end for a rejection, diagnose.ts). It records where each
 * component is and returns it exactly as written: no case change, no
 * decoding, no defaults.
 */
import { accepts, automatonRecord, matchesRule } from './backends';
import type { AnyUriRecord, Rfc2396Record, Rfc6874Record, UriRecord } from './records';
import { diagnose } from './diagnose';
import { processorError, reservedOperatorAt } from './reserved-operators';
import { UriSyntaxError } from './errors';
import { boolean, checkOptions, describeValue, hasOnlyOption, oneOf, recordOf, UriOptionError, type OptionCheck, type OptionSpec } from './options';
import { schemeCheckOf, schemeReferenceCheck } from './scheme-checks';
import type { SchemeComponents, SchemeOptions } from './scheme-types';
import { toPegName } from './rule-names';
import { whatwgCheck, whatwgRecord, whatwgStartOf, whatwgValid, type WhatwgBaseKind } from './writing';

/** The URL Standard's writing grammar (grammar/registry.json), which src/core/writing.ts reads: loaded on its first use. */
const WHATWG_URL = 'whatwg-url';

import {
  grammarEntry,
  GRAMMARS,
  isRuleOf,
  REFERENCE_RULES,
  ruleNameIn,
  variantOf,
  type GeneratedGrammar,
  type GrammarName,
  type IriRuleName,
  type ReferenceRuleName,
  type Rfc2396ReferenceRuleName,
  type Rfc2396RuleName,
  type Rfc2396OriginalRuleName,
  type Rfc3986RuleName,
  type Rfc3987RuleName,
  type Rfc6874RuleName,
  type Rfc6570RuleName,
  type RuleName,
  type UriRuleName,
} from './grammars';

export type { HostKind, PathKind, Rfc3986HostKind, Rfc2396HostKind, Rfc3986PathKind, Rfc2396PathKind, UriRecord, Rfc2396Record, Rfc6874Record, AnyUriRecord, UriComponentName, SpanTuple } from './records';

export interface ParseOptions {
  /**
   * The rule the whole input must match. The default is the grammar's
   * reference rule: `URI-reference` (RFC 3986 4.1, RFC 2396 4), `IRI-reference`
   * (RFC 3987 2.2).
   */
  readonly rule?: ReferenceRuleName;
  /** The grammar: 'rfc3986' (the default), 'rfc3987' (IRIs), 'rfc2396' (the obsolete URI grammar, with RFC 2732), or another of grammar/registry.json (GRAMMARS lists them). */
  readonly grammar?: GrammarName;
  /**
   * true: accept an IPv6 zone identifier in an IP-literal, `[fe80::a%25en1]`,
   * by RFC 6874 2, which replaces RFC 3986's IP-literal with
   * `"[" ( IPv6address / IPv6addrz / IPvFuture ) "]"`, `IPv6addrz = IPv6address
   * "%25" ZoneID`; the record then has `zone` (Rfc6874Record). A departure
   * from RFC 3986, off by default: RFC 9844 removed zone identifiers from URIs
   * again, and browsers reject them. With the RFC 3986 grammar only (RFC 6874
   * updates RFC 3986).
   */
  readonly zoneId?: boolean;
  /**
   * true: check the URI by its scheme's grammar too, where urigram has one
   * (mailto RFC 6068, urn RFC 8141, data RFC 2397, file RFC 8089, http and
   * https RFC 9110), and by the constraints its RFC states in prose: see
   * checkScheme() and docs/schemes.md. The error then names the scheme
   * grammar's rule, with an offset into the whole input; parse's record has
   * the scheme's components. An object is true with options:
   * `{ fileAppendixE: true }` takes RFC 8089's nonstandard forms for file
   * URIs. With the RFC 3986 grammar only (zoneId too).
   */
  readonly scheme?: boolean | SchemeOptions;
  /**
   * With `{ grammar: 'whatwg-url' }` only: the base URL (a URL string the URL
   * Standard's parser reads) that a relative-URL-with-fragment string is
   * relative to. Its kind (a special scheme other than file, file, another
   * scheme, an opaque path) decides the writing rule; without it only an
   * absolute-URL-with-fragment string is valid.
   */
  readonly base?: string;
}

/** A record parsed with `{ scheme: true }`: its scheme's components, where urigram reads them (undefined otherwise). */
export type SchemeRecord<R extends AnyUriRecord = UriRecord> = R & { readonly schemeComponents: SchemeComponents | undefined };

export interface Rfc3986ParseOptions extends ParseOptions {
  readonly rule?: UriRuleName;
  readonly grammar?: 'rfc3986';
}

/** RFC 3986 with RFC 6874's zone identifiers. */
export interface Rfc6874ParseOptions extends ParseOptions {
  readonly rule?: UriRuleName;
  readonly grammar?: 'rfc3986';
  readonly zoneId: true;
}

export interface Rfc3987ParseOptions extends ParseOptions {
  readonly rule?: IriRuleName;
  readonly grammar: 'rfc3987';
}

export interface Rfc2396ParseOptions extends ParseOptions {
  readonly rule?: Rfc2396ReferenceRuleName;
  readonly grammar: 'rfc2396';
}

export type ParseResult<R extends AnyUriRecord = UriRecord> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: UriSyntaxError };

function checkInput(input: unknown): asserts input is string {
  if (typeof input !== 'string') {
    throw new TypeError(`expected the URI as a string, got ${input === null ? 'null' : typeof input}`);
  }
}

/**
 * With `{ grammar: 'whatwg-url' }`: its start rule and kind of base (src/core/writing.ts), the options checked
 * (zoneId and scheme, RFC 3986's, refused).
 */
function whatwgStart(options: ParseOptions, fn: string): readonly [string, WhatwgBaseKind | undefined] {
  // { grammar: 'whatwg-url' } alone, the common shape, passes checkOptions (PARSE_OPTIONS's grammar takes it): its checks, less its lookups.
  if (!hasOnlyOption(options, 'grammar', WHATWG_URL)) checkOptions(fn, options, PARSE_OPTIONS);
  if (options.zoneId === true) zoneGrammar(options.grammar, true, fn);
  if (options.scheme !== undefined && options.scheme !== false) {
    throw new UriOptionError(fn, 'scheme', options.scheme, `option scheme checks a URI by RFC 3986 and then by its scheme's grammar: it takes the grammar 'rfc3986' (the default), not "whatwg-url"`);
  }
  return whatwgStartOf(options, fn);
}

/** Per grammar, its reference rules by ABNF name, to their PEG start rules. */
const START_RULES = new Map(
  (Object.keys(REFERENCE_RULES) as GrammarName[]).map((g) => [g, new Map<string, string>(REFERENCE_RULES[g].map((r) => [r, toPegName(r)]))] as const),
);
const RFC3986_URI_REFERENCE: [GeneratedGrammar, string] = ['rfc3986', 'URI_reference'];

/** Per grammar, the PEG start rule of its first reference rule, read from START_RULES once: a property read on the hot paths of normalize and resolve. */
const REFERENCE_START_RULES = Object.fromEntries([...START_RULES].map(([g, rules]) => [g, rules.get(REFERENCE_RULES[g][0]) as string])) as Record<GrammarName, string>;

/** The PEG start rule of a grammar's first reference rule (URI-reference, IRI-reference, ...): what parse() matches when no `rule` is given. */
export function referenceStartRule(grammar: GrammarName): string {
  return REFERENCE_START_RULES[grammar];
}

/** The `grammar` option, wherever a function takes all three grammars. */
export const GRAMMAR_OPTION = oneOf(GRAMMARS);

/** The `scheme` option: true or false, or the scheme checks' options (true with them). */
const schemeOption: OptionCheck = (value, fn, option) => (typeof value === 'boolean' ? undefined : recordOf(['fileAppendixE'], 'scheme options', boolean)(value, fn, option)?.replace('must be an object', 'must be true, false or an object'));

export const PARSE_OPTIONS: OptionSpec = {
  grammar: GRAMMAR_OPTION,
  rule: (value) => (typeof value === 'string' ? undefined : `must be the name of a reference rule, got ${describeValue(value)}`),
  zoneId: boolean,
  scheme: schemeOption,
  base: (value) => (typeof value === 'string' ? undefined : `must be a URL string, got ${describeValue(value)}`),
};

/** The scheme checks' options that `options.scheme` asks for, or undefined when it asks for none (checked by the caller). */
function schemeOptionsOf(options: ParseOptions | undefined, fn: string): SchemeOptions | undefined {
  const scheme = options?.scheme;
  if (scheme === undefined || scheme === false) return undefined;
  if ((options?.grammar ?? 'rfc3986') !== 'rfc3986') {
    throw new UriOptionError(fn, 'scheme', scheme, `option scheme checks a URI by RFC 3986 and then by its scheme's grammar: it takes the grammar 'rfc3986' (the default), not ${JSON.stringify(options?.grammar)}`);
  }
  return scheme === true ? {} : scheme;
}

/** The record with its scheme's components, or the scheme check's error. */
function withScheme(input: string, record: AnyUriRecord, scheme: SchemeOptions): SchemeRecord<AnyUriRecord> | UriSyntaxError {
  const c = schemeCheckOf(input, record as UriRecord, scheme);
  return c.error ?? { ...record, schemeComponents: c.components };
}

/**
 * The grammar `zoneId: true` selects in place of `grammar` ('rfc6874', RFC
 * 3986 with RFC 6874's IP-literal), or `grammar` itself; a UriOptionError
 * when zoneId is asked of another grammar than RFC 3986. For the functions
 * that take both options (the options themselves checked by the caller).
 */
export function zoneGrammar(grammar: GrammarName | undefined, zoneId: boolean | undefined, fn: string): GeneratedGrammar {
  const g = grammar ?? 'rfc3986';
  if (zoneId !== true) return g;
  const variant = variantOf(g, 'zoneId');
  if (variant === undefined) {
    throw new UriOptionError(fn, 'zoneId', zoneId, `option zoneId is RFC 6874's update of RFC 3986, and takes the grammar 'rfc3986' (the default), not ${JSON.stringify(g)}`);
  }
  return variant;
}

/**
 * The grammar and the PEG start rule that `options` ask for (checked: a
 * UriOptionError for an unknown option, grammar, or a rule the grammar has no
 * reference rule of that name). `fn` names the function for the error.
 */
export function startRuleOf(options: ParseOptions | undefined, fn: string): [GeneratedGrammar, string] {
  if (options === undefined) return RFC3986_URI_REFERENCE; // the common case: no option to check, no lookup
  const found = referenceRuleOf(options, fn);
  if ((fn === 'parse' || fn === 'tryParse') && grammarEntry(found[0]).records === 'none') {
    const grammar = (options as ParseOptions).grammar as GrammarName;
    throw new UriOptionError(fn, 'grammar', grammar, `the grammar ${JSON.stringify(grammar)} has no URI record to parse into: isValid and matches take it`);
  }
  return found;
}

function referenceRuleOf(options: ParseOptions | undefined, fn: string): [GeneratedGrammar, string] {
  if (options === undefined) return RFC3986_URI_REFERENCE; // the common case, without a lookup
  checkOptions(fn, options, PARSE_OPTIONS);
  const grammar = options.grammar ?? 'rfc3986';
  if (options.base !== undefined && grammar !== WHATWG_URL) {
    throw new UriOptionError(fn, 'base', options.base, `option base takes the grammar 'whatwg-url', not ${JSON.stringify(grammar)}`);
  }
  const generated = zoneGrammar(grammar, options.zoneId, fn);
  const rules = REFERENCE_RULES[grammar];
  const rule = options.rule ?? rules[0];
  const start = (START_RULES.get(grammar) as Map<string, string>).get(rule);
  if (start === undefined) {
    throw new UriOptionError(fn, 'rule', rule, `unknown rule ${JSON.stringify(rule)} for ${grammar} in option rule: expected one of ${rules.join(', ')}`);
  }
  return [generated, start];
}

const MATCHES_OPTIONS: OptionSpec = { grammar: GRAMMAR_OPTION, zoneId: boolean };

function explain(input: string, grammar: GeneratedGrammar, startRule: string): UriSyntaxError {
  return grammar === 'rfc6874' ? diagnoseZone(input, startRule) : diagnose(input, startRule, grammar);
}

/** V8's (and Node's) limit on the frames an Error records; other engines ignore it. */
const errorClass = Error as { stackTraceLimit?: number };

/**
 * f's result, with no stack recorded for the errors it makes: for errors that are data (tryParse's, a finding's, a
 * command's line about one input), never shown by their stack; with one, building such an error cost several times
 * what finding it does (V8 records the stack when the error is made). An engine without the limit, or with a frozen
 * Error (node --frozen-intrinsics, SES's lockdown), keeps the stacks.
 */
export function withoutStacks<T>(f: () => T): T {
  const limit = errorClass.stackTraceLimit;
  if (typeof limit !== 'number') return f();
  try {
    errorClass.stackTraceLimit = 0;
  } catch {
    return f();
  }
  try {
    return f();
  } finally {
    errorClass.stackTraceLimit = limit;
  }
}

/** The error tryParse returns: a value that describes the input, never thrown. parse() throws its error, which has the stack as usual. */
function explainWithoutStack(input: string, grammar: GeneratedGrammar, startRule: string): UriSyntaxError {
  return withoutStacks(() => explain(input, grammar, startRule));
}

/** V8's (and Node's) way to record a stack that begins at a given function's caller; other engines may not have it. */
const captureStackTrace = (Error as { captureStackTrace?: (target: object, constructorOpt?: (...args: never[]) => unknown) => void }).captureStackTrace;

/**
 * The error parse throws: built without a stack, as tryParse's, then given
 * one that begins where parse was called (captureStackTrace). Recording
 * urigram's own frames below parse as well cost more than finding the error
 * (BENCHMARKS.md, "Where the error path's time goes"), and told a user less.
 * An engine without captureStackTrace records the stack as it makes the error.
 */
function thrownError(input: string, grammar: GeneratedGrammar, startRule: string): UriSyntaxError {
  if (typeof captureStackTrace !== 'function') return explain(input, grammar, startRule);
  const error = explainWithoutStack(input, grammar, startRule);
  captureStackTrace(error, parse);
  return error;
}

/**
 * The error for an input RFC 6874's grammar rejects, from its own traced
 * parser (so the offset, the expected items and the rule path, IPv6addrz and
 * ZoneID among them, are that grammar's), reported as a UriSyntaxError of the
 * grammar the caller named, RFC 3986, which RFC 6874 updates.
 */
function diagnoseZone(input: string, startRule: string): UriSyntaxError {
  // diagnose() takes any generated grammar at run time; its parameter names the public three.
  const e = diagnose(input, startRule, 'rfc6874' as GrammarName);
  return new UriSyntaxError({ input, grammar: 'rfc3986', rule: e.rule, offset: e.offset, found: e.found, expected: e.expected, rulePath: e.rulePath, ...(e.hint === undefined ? {} : { hint: e.hint }) });
}

/**
 * Parses `input` as a URI reference (or the rule in `options.rule`), by RFC
 * 3986 or the grammar in `options.grammar`. Throws a UriSyntaxError, with the
 * offset, the expected items and the rule path, when the input is not valid;
 * a TypeError when it is not a string.
 */
export function parse(input: string, options: Rfc3986ParseOptions & { readonly scheme: true | SchemeOptions }): SchemeRecord;
export function parse(input: string, options: Rfc6874ParseOptions): Rfc6874Record;
export function parse(input: string, options: Rfc2396ParseOptions): Rfc2396Record;
export function parse(input: string, options?: Rfc3986ParseOptions | Rfc3987ParseOptions): UriRecord;
export function parse(input: string, options?: ParseOptions): AnyUriRecord;
export function parse(input: string, options?: ParseOptions): AnyUriRecord {
  checkInput(input);
  if (options?.grammar === WHATWG_URL) {
    const r = whatwgRecord(input, ...whatwgStart(options, 'parse'));
    if (r instanceof UriSyntaxError) {
      if (typeof captureStackTrace === 'function') captureStackTrace(r, parse);
      throw r;
    }
    return r as unknown as AnyUriRecord;
  }
  const [grammar, start] = startRuleOf(options, 'parse');
  const scheme = schemeOptionsOf(options, 'parse');
  // The automaton's record (backends.ts, split.ts), or, only when it rejects, the diagnostic back end's error (diagnose.ts).
  let result: AnyUriRecord | UriSyntaxError = automatonRecord(input, start, grammar) ?? thrownError(input, grammar, start);
  if (scheme !== undefined && !(result instanceof UriSyntaxError)) result = withScheme(input, result, scheme);
  if (result instanceof UriSyntaxError) throw result;
  return result;
}

/** Like parse, but returns the error instead of throwing it. A non-string input still throws a TypeError. */
export function tryParse(input: string, options: Rfc3986ParseOptions & { readonly scheme: true | SchemeOptions }): ParseResult<SchemeRecord>;
export function tryParse(input: string, options: Rfc6874ParseOptions): ParseResult<Rfc6874Record>;
export function tryParse(input: string, options: Rfc2396ParseOptions): ParseResult<Rfc2396Record>;
export function tryParse(input: string, options?: Rfc3986ParseOptions | Rfc3987ParseOptions): ParseResult;
export function tryParse(input: string, options?: ParseOptions): ParseResult<AnyUriRecord>;
export function tryParse(input: string, options?: ParseOptions): ParseResult<AnyUriRecord> {
  checkInput(input);
  if (options?.grammar === WHATWG_URL) {
    const r = whatwgRecord(input, ...whatwgStart(options, 'tryParse'));
    return r instanceof UriSyntaxError ? { ok: false, error: r } : { ok: true, value: r as unknown as AnyUriRecord };
  }
  const [grammar, start] = startRuleOf(options, 'tryParse');
  const scheme = schemeOptionsOf(options, 'tryParse');
  const record = automatonRecord(input, start, grammar);
  if (record === undefined) return { ok: false, error: explainWithoutStack(input, grammar, start) };
  if (scheme === undefined) return { ok: true, value: record };
  const checked = withScheme(input, record, scheme);
  return checked instanceof UriSyntaxError ? { ok: false, error: checked } : { ok: true, value: checked };
}

/**
 * Why `input` is not valid for `options.rule` (default: the grammar's
 * reference rule): the UriSyntaxError that parse would throw (offset, expected
 * items, rule path), returned, never thrown; undefined when it is valid. Unlike
 * parse and tryParse, it takes every grammar of the registry, those without a
 * URI record too (`records: "none"` in grammar/registry.json).
 */
export function check(input: string, options?: ParseOptions): UriSyntaxError | undefined {
  checkInput(input);
  if (options?.grammar === WHATWG_URL) return whatwgCheck(input, ...whatwgStart(options, 'check'));
  const [grammar, start] = startRuleOf(options, 'check');
  const scheme = schemeOptionsOf(options, 'check');
  if (scheme !== undefined) return schemeReferenceCheck(input, options?.rule, options?.zoneId, scheme).error;
  const error = accepts(input, start, grammar) ? undefined : explainWithoutStack(input, grammar, start);
  // A template a processor expands: none with an operator 2.2 reserves, which is the error where it comes first.
  return grammar === 'rfc6570' ? processorError(input, error) : error;
}

/**
 * Whether `input` is valid for `options.rule` (default: the grammar's
 * reference rule), and with `scheme: true` for its scheme's grammar and RFC
 * too. Never builds an error for the generic grammar. With `{ grammar:
 * 'rfc6570' }`, whether it is a URI Template that a Level 4 processor expands:
 * URI-Template by RFC 6570's grammar, with no expression whose operator 2.2
 * reserves for future extensions (Appendix A has a processor refuse it;
 * check() says where; matches('URI-Template', t, { grammar: 'rfc6570' }) is
 * the grammar's answer alone).
 */
export function isValid(input: string, options?: ParseOptions): boolean {
  checkInput(input);
  if (options?.grammar === WHATWG_URL) {
    // By index, not spread: a spread call was a tenth of the call on a short URL.
    const start = whatwgStart(options, 'isValid');
    return whatwgValid(input, start[0], start[1]);
  }
  const [grammar, start] = startRuleOf(options, 'isValid');
  const scheme = schemeOptionsOf(options, 'isValid');
  // With scheme, the scheme checks parse it (a record is needed): isValid's own path builds none.
  if (scheme !== undefined) return schemeReferenceCheck(input, options?.rule, options?.zoneId, scheme).valid;
  return accepts(input, start, grammar) && (grammar !== 'rfc6570' || reservedOperatorAt(input) < 0);
}

/**
 * Whether the whole of `input` matches `rule`, any rule of the grammar (RFC
 * 3986 Appendix A by default) or a core rule it uses, named as in the ABNF
 * (`IPv6address`, `dec-octet`, `path-rootless`, `HEXDIG`; `iunreserved`,
 * `ucschar` with `{ grammar: 'rfc3987' }`; `hostname`, `opaque-part` with
 * `{ grammar: 'rfc2396' }`, which also takes RFC 2396's own spelling, `opaque_part`;
 * `IPv6addrz`, `ZoneID` with `{ zoneId: true }`, under which `IP-literal` and
 * every rule that holds it take RFC 6874's IP-literal).
 */
export function matches(rule: Rfc3986RuleName | Rfc6874RuleName, input: string, options: { readonly grammar?: 'rfc3986'; readonly zoneId: true }): boolean;
export function matches(rule: Rfc3986RuleName, input: string, options?: { readonly grammar?: 'rfc3986'; readonly zoneId?: boolean }): boolean;
export function matches(rule: Rfc3987RuleName, input: string, options: { readonly grammar: 'rfc3987' }): boolean;
export function matches(rule: Rfc2396RuleName | Rfc2396OriginalRuleName, input: string, options: { readonly grammar: 'rfc2396' }): boolean;
export function matches(rule: Rfc6570RuleName, input: string, options: { readonly grammar: 'rfc6570' }): boolean;
export function matches(rule: RuleName | Rfc6874RuleName | Rfc2396OriginalRuleName | Rfc6570RuleName, input: string, options?: { readonly grammar?: GrammarName; readonly zoneId?: boolean }): boolean;
export function matches(ruleName: RuleName | Rfc6874RuleName | Rfc2396OriginalRuleName | Rfc6570RuleName, input: string, options?: { readonly grammar?: GrammarName; readonly zoneId?: boolean }): boolean {
  checkOptions('matches', options, MATCHES_OPTIONS);
  const grammar = zoneGrammar(options?.grammar, options?.zoneId, 'matches');
  const rule = typeof ruleName === 'string' ? ruleNameIn(grammar, ruleName) : ruleName;
  if (!isRuleOf(grammar, rule)) {
    throw new TypeError(`unknown ${grammar === 'rfc6874' ? 'RFC 3986 (with RFC 6874)' : grammar.replace('rfc', 'RFC ')} rule ${JSON.stringify(rule)}`);
  }
  checkInput(input);
  return matchesRule(input, toPegName(rule), grammar);
}
