/**
 * Parsing (RFC 3986 3, 4): a thin layer over the two back ends that
 * scripts/generate.ts builds from grammar/rfc3986.peggy (see backends.ts).
 * It records where each component is and returns it exactly as written: no
 * case change, no decoding, no defaults.
 */
import type { StartRuleNames } from '../generated/rfc3986';
import { recognizerRecord, recognizes, type UriRecord } from './backends';
import { diagnose } from './diagnose';
import { UriSyntaxError } from './errors';
import { isRfc3986RuleName, toPegName, RFC3986_RULES, URI_RULES, type Rfc3986RuleName, type UriRuleName } from './rules';

export type { HostKind, PathKind } from './tree';
export type { UriRecord, UriComponentName, SpanTuple } from './backends';

export interface ParseOptions {
  /** The rule the whole input must match; RFC 3986 4.1 makes `URI-reference` the default. */
  readonly rule?: UriRuleName;
}

export type ParseResult = { readonly ok: true; readonly value: UriRecord } | { readonly ok: false; readonly error: UriSyntaxError };

function checkInput(input: unknown): asserts input is string {
  if (typeof input !== 'string') {
    throw new TypeError(`expected the URI as a string, got ${input === null ? 'null' : typeof input}`);
  }
}

const START_RULES: ReadonlyMap<string, StartRuleNames> = new Map(URI_RULES.map((r) => [r, toPegName(r)]));

function startRuleOf(options: ParseOptions | undefined): StartRuleNames {
  const rule = options?.rule ?? 'URI-reference';
  const start = START_RULES.get(rule);
  if (start === undefined) {
    throw new TypeError(`unknown rule ${JSON.stringify(rule)}: expected one of ${URI_RULES.join(', ')}`);
  }
  return start;
}

/**
 * Runs the recognizer; only when it rejects does the traced peggy parser run,
 * to explain why (diagnose() reports it as an internal error should peggy
 * accept what the recognizer rejected: a bug in urigram, never the input's).
 */
function run(input: string, startRule: StartRuleNames): UriRecord | UriSyntaxError {
  return recognizerRecord(input, startRule) ?? diagnose(input, startRule);
}

/**
 * Parses `input` as a URI reference (or the rule in `options.rule`).
 * Throws a UriSyntaxError, with the offset, the expected items and the rule
 * path, when the input is not valid; a TypeError when it is not a string.
 */
export function parse(input: string, options?: ParseOptions): UriRecord {
  checkInput(input);
  const result = run(input, startRuleOf(options));
  if (result instanceof UriSyntaxError) throw result;
  return result;
}

/** Like parse, but returns the error instead of throwing it. A non-string input still throws a TypeError. */
export function tryParse(input: string, options?: ParseOptions): ParseResult {
  checkInput(input);
  const result = run(input, startRuleOf(options));
  return result instanceof UriSyntaxError ? { ok: false, error: result } : { ok: true, value: result };
}

/** Whether `input` is valid for `options.rule` (default `URI-reference`). Never builds an error. */
export function isValid(input: string, options?: ParseOptions): boolean {
  checkInput(input);
  return accepts(startRuleOf(options), input);
}

function accepts(startRule: StartRuleNames, input: string): boolean {
  return recognizes(input, startRule);
}

/**
 * Whether the whole of `input` matches `rule`, any rule of RFC 3986 Appendix A
 * or a core rule it uses, named as in the ABNF (`IPv6address`, `dec-octet`,
 * `path-rootless`, `HEXDIG`).
 */
export function matches(rule: Rfc3986RuleName, input: string): boolean {
  if (!isRfc3986RuleName(rule)) {
    throw new TypeError(`unknown RFC 3986 rule ${JSON.stringify(rule)}`);
  }
  checkInput(input);
  return accepts(PEG_NAMES.get(rule) as StartRuleNames, input);
}

const PEG_NAMES: ReadonlyMap<string, StartRuleNames> = new Map(RFC3986_RULES.map((r) => [r, toPegName(r)]));
