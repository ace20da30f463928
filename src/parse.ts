/**
 * Parsing (RFC 3986 3, 4; RFC 3987 2.2; RFC 2396 3, 4): a thin layer over the
 * two back ends that scripts/generate.ts builds from each grammar/NAME.peggy
 * (see backends.ts). It records where each component is and returns it exactly
 * as written: no case change, no decoding, no defaults.
 */
import { accepts, automatonRecord, matchesRule } from './backends';
import type { AnyUriRecord, Rfc2396Record, UriRecord } from './records';
import { diagnose } from './diagnose';
import { UriSyntaxError } from './errors';
import { checkOptions, oneOf, UriOptionError, type OptionSpec } from './options';
import {
  GRAMMARS,
  isRuleOf,
  REFERENCE_RULES,
  ruleNameIn,
  toPegName,
  type GrammarName,
  type IriRuleName,
  type ReferenceRuleName,
  type Rfc2396ReferenceRuleName,
  type Rfc2396RuleName,
  type Rfc2396OriginalRuleName,
  type Rfc3986RuleName,
  type Rfc3987RuleName,
  type RuleName,
  type UriRuleName,
} from './grammars';

export type { HostKind, PathKind, Rfc3986HostKind, Rfc2396HostKind, Rfc3986PathKind, Rfc2396PathKind, UriRecord, Rfc2396Record, AnyUriRecord, UriComponentName, SpanTuple } from './records';

export interface ParseOptions {
  /**
   * The rule the whole input must match. The default is the grammar's
   * reference rule: `URI-reference` (RFC 3986 4.1, RFC 2396 4), `IRI-reference`
   * (RFC 3987 2.2).
   */
  readonly rule?: ReferenceRuleName;
  /** The grammar: 'rfc3986' (the default), 'rfc3987' (IRIs) or 'rfc2396' (the obsolete URI grammar, with RFC 2732). */
  readonly grammar?: GrammarName;
}

export interface Rfc3986ParseOptions extends ParseOptions {
  readonly rule?: UriRuleName;
  readonly grammar?: 'rfc3986';
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

/** Per grammar, its reference rules by ABNF name, to their PEG start rules. */
const START_RULES = new Map(
  (Object.keys(REFERENCE_RULES) as GrammarName[]).map((g) => [g, new Map<string, string>(REFERENCE_RULES[g].map((r) => [r, toPegName(r)]))] as const),
);
const RFC3986_URI_REFERENCE: [GrammarName, string] = ['rfc3986', 'URI_reference'];

/** The `grammar` option, wherever a function takes all three grammars. */
export const GRAMMAR_OPTION = oneOf(GRAMMARS);

export const PARSE_OPTIONS: OptionSpec = {
  grammar: GRAMMAR_OPTION,
  rule: (value) => (typeof value === 'string' ? undefined : `must be the name of a reference rule, got a ${typeof value}`),
};

/**
 * The grammar and the PEG start rule that `options` ask for (checked: a
 * UriOptionError for an unknown option, grammar, or a rule the grammar has no
 * reference rule of that name). `fn` names the function for the error.
 */
export function startRuleOf(options: ParseOptions | undefined, fn: string): [GrammarName, string] {
  if (options === undefined) return RFC3986_URI_REFERENCE; // the common case, without a lookup
  checkOptions(fn, options, PARSE_OPTIONS);
  const grammar = options.grammar ?? 'rfc3986';
  const rules = REFERENCE_RULES[grammar];
  const rule = options.rule ?? rules[0];
  const start = (START_RULES.get(grammar) as Map<string, string>).get(rule);
  if (start === undefined) {
    throw new UriOptionError(fn, 'rule', rule, `unknown rule ${JSON.stringify(rule)} for ${grammar} in option rule: expected one of ${rules.join(', ')}`);
  }
  return [grammar, start];
}

const MATCHES_OPTIONS: OptionSpec = { grammar: GRAMMAR_OPTION };

/**
 * Runs the rule's automaton and, when it accepts, reads the record off the
 * delimiters (backends.ts, split.ts); only when it rejects does the traced
 * peggy parser run, to explain why (diagnose() reports it as an internal
 * error should peggy accept what the automaton rejected: a bug in urigram,
 * never the input's).
 */
function run(input: string, grammar: GrammarName, startRule: string): AnyUriRecord | UriSyntaxError {
  return automatonRecord(input, startRule, grammar) ?? diagnose(input, startRule, grammar);
}

/**
 * Parses `input` as a URI reference (or the rule in `options.rule`), by RFC
 * 3986 or the grammar in `options.grammar`. Throws a UriSyntaxError, with the
 * offset, the expected items and the rule path, when the input is not valid;
 * a TypeError when it is not a string.
 */
export function parse(input: string, options: Rfc2396ParseOptions): Rfc2396Record;
export function parse(input: string, options?: Rfc3986ParseOptions | Rfc3987ParseOptions): UriRecord;
export function parse(input: string, options?: ParseOptions): AnyUriRecord;
export function parse(input: string, options?: ParseOptions): AnyUriRecord {
  checkInput(input);
  const [grammar, start] = startRuleOf(options, 'parse');
  const result = run(input, grammar, start);
  if (result instanceof UriSyntaxError) throw result;
  return result;
}

/** Like parse, but returns the error instead of throwing it. A non-string input still throws a TypeError. */
export function tryParse(input: string, options: Rfc2396ParseOptions): ParseResult<Rfc2396Record>;
export function tryParse(input: string, options?: Rfc3986ParseOptions | Rfc3987ParseOptions): ParseResult;
export function tryParse(input: string, options?: ParseOptions): ParseResult<AnyUriRecord>;
export function tryParse(input: string, options?: ParseOptions): ParseResult<AnyUriRecord> {
  checkInput(input);
  const [grammar, start] = startRuleOf(options, 'tryParse');
  const result = run(input, grammar, start);
  return result instanceof UriSyntaxError ? { ok: false, error: result } : { ok: true, value: result };
}

/** Whether `input` is valid for `options.rule` (default: the grammar's reference rule). Never builds an error. */
export function isValid(input: string, options?: ParseOptions): boolean {
  checkInput(input);
  const [grammar, start] = startRuleOf(options, 'isValid');
  return accepts(input, start, grammar);
}

/**
 * Whether the whole of `input` matches `rule`, any rule of the grammar (RFC
 * 3986 Appendix A by default) or a core rule it uses, named as in the ABNF
 * (`IPv6address`, `dec-octet`, `path-rootless`, `HEXDIG`; `iunreserved`,
 * `ucschar` with `{ grammar: 'rfc3987' }`; `hostname`, `opaque-part` with
 * `{ grammar: 'rfc2396' }`, which also takes RFC 2396's own spelling, `opaque_part`).
 */
export function matches(rule: Rfc3986RuleName, input: string, options?: { readonly grammar?: 'rfc3986' }): boolean;
export function matches(rule: Rfc3987RuleName, input: string, options: { readonly grammar: 'rfc3987' }): boolean;
export function matches(rule: Rfc2396RuleName | Rfc2396OriginalRuleName, input: string, options: { readonly grammar: 'rfc2396' }): boolean;
export function matches(rule: RuleName | Rfc2396OriginalRuleName, input: string, options?: { readonly grammar?: GrammarName }): boolean;
export function matches(ruleName: RuleName | Rfc2396OriginalRuleName, input: string, options?: { readonly grammar?: GrammarName }): boolean {
  checkOptions('matches', options, MATCHES_OPTIONS);
  const grammar = options?.grammar ?? 'rfc3986';
  const rule = typeof ruleName === 'string' ? ruleNameIn(grammar, ruleName) : ruleName;
  if (!isRuleOf(grammar, rule)) {
    throw new TypeError(`unknown ${grammar.replace('rfc', 'RFC ')} rule ${JSON.stringify(rule)}`);
  }
  checkInput(input);
  return matchesRule(input, toPegName(rule), grammar);
}
