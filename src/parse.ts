/**
 * Parsing (RFC 3986 3, 4): a thin layer over the parser that
 * scripts/generate.ts builds from grammar/rfc3986.peggy. It records where each
 * component is and returns it exactly as written: no case change, no
 * decoding, no defaults.
 */
import { parse as pegParse, SyntaxError as PegSyntaxError, type StartRuleNames } from '../generated/rfc3986';
import { diagnose } from './diagnose';
import { UriSyntaxError } from './errors';
import { isRfc3986RuleName, toPegName, URI_RULES, type Rfc3986RuleName, type UriRuleName } from './rules';
import type { HostKind, PathKind, Span, UriTree } from './tree';

export type { HostKind, PathKind } from './tree';

/** The components of RFC 3986 3 (with userinfo, host and port of 3.2). */
export type UriComponentName = 'scheme' | 'authority' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment';

/** [start, end) offsets of a component in the parsed string, in UTF-16 code units. */
export type SpanTuple = readonly [start: number, end: number];

/**
 * A parsed URI reference. Every component is exactly the text the input has
 * for it. A component that is absent is `undefined`; one that is present but
 * empty is `""` (so `http://h?#` has query `""` and fragment `""`, and
 * `http://h` has both `undefined`). The path is always present, possibly "".
 */
export interface UriRecord {
  readonly scheme: string | undefined;
  /** The text after "//" up to the path, e.g. `user@host:80`. */
  readonly authority: string | undefined;
  readonly userinfo: string | undefined;
  /** The text of the `host` rule; an IP-literal keeps its brackets: `[::1]`. */
  readonly host: string | undefined;
  readonly port: string | undefined;
  readonly path: string;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
  /** Which alternative of `host` matched (an IP-literal by its inner rule); undefined without an authority. */
  readonly hostKind: HostKind | undefined;
  /** Which of the five path rules matched. */
  readonly pathKind: PathKind;
  /** Offsets of every present component; absent ones have no entry. */
  readonly spans: Readonly<Partial<Record<UriComponentName, SpanTuple>>> & { readonly path: SpanTuple };
}

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

function startRuleOf(options: ParseOptions | undefined): StartRuleNames {
  const rule = options?.rule ?? 'URI-reference';
  if (!URI_RULES.includes(rule)) {
    throw new TypeError(`unknown rule ${JSON.stringify(rule)}: expected one of ${URI_RULES.join(', ')}`);
  }
  return toPegName(rule);
}

function toRecord(input: string, tree: UriTree): UriRecord {
  const spans: Partial<Record<UriComponentName, SpanTuple>> & { path: SpanTuple } = {
    path: [tree.path.start, tree.path.end],
  };
  const text = (name: UriComponentName, span: Span | null): string | undefined => {
    if (span === null) return undefined;
    spans[name] = [span.start, span.end];
    return input.slice(span.start, span.end);
  };
  const authority = tree.authority;
  return {
    scheme: text('scheme', tree.scheme),
    authority: text('authority', authority),
    userinfo: text('userinfo', authority?.userinfo ?? null),
    host: text('host', authority?.host ?? null),
    port: text('port', authority?.port ?? null),
    path: input.slice(tree.path.start, tree.path.end),
    query: text('query', tree.query),
    fragment: text('fragment', tree.fragment),
    hostKind: authority?.host.kind,
    pathKind: tree.pathKind,
    spans,
  };
}

/** Runs the generated parser; returns the tree or the UriSyntaxError for the failure. */
function run(input: string, startRule: StartRuleNames): UriTree | UriSyntaxError {
  try {
    return pegParse(input, { startRule }) as UriTree;
  } catch (e) {
    if (e instanceof PegSyntaxError) return diagnose(input, startRule, e);
    throw e;
  }
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
  return toRecord(input, result);
}

/** Like parse, but returns the error instead of throwing it. A non-string input still throws a TypeError. */
export function tryParse(input: string, options?: ParseOptions): ParseResult {
  checkInput(input);
  const result = run(input, startRuleOf(options));
  return result instanceof UriSyntaxError ? { ok: false, error: result } : { ok: true, value: toRecord(input, result) };
}

/** Whether `input` is valid for `options.rule` (default `URI-reference`). Never builds an error. */
export function isValid(input: string, options?: ParseOptions): boolean {
  checkInput(input);
  return accepts(startRuleOf(options), input);
}

function accepts(startRule: StartRuleNames, input: string): boolean {
  try {
    pegParse(input, { startRule });
    return true;
  } catch (e) {
    if (e instanceof PegSyntaxError) return false;
    throw e;
  }
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
  return accepts(toPegName(rule), input);
}
