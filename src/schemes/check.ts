/**
 * Validation by scheme (issue 34): a URI reference is checked by the generic
 * grammar (RFC 3986) first, then, when urigram has a grammar for its scheme
 * (grammar/registry.json's `schemes`: mailto, urn, data, file, http, https),
 * by that grammar's rule; then by the constraints the scheme's RFC states in
 * prose (src/schemes/mailto.ts, urn.ts, data.ts, file.ts, http.ts), which
 * also read the scheme's components.
 *
 * A scheme grammar registered without a module here is still checked by its
 * grammar: adding a grammar is regenerating. Its components and prose checks
 * are the module's to add.
 */
import { check, tryParse } from '../core/parse';
import { grammarAvailable, GRAMMAR_REGISTRY, type GeneratedGrammar, type GrammarName } from '../core/grammars';
import { UriSchemeError, UriSyntaxError } from '../core/errors';
import { boolean, checkOptions, type OptionSpec } from '../core/options';
import type { UriRecord } from '../core/records';
import { toPegName } from '../core/rule-names';
import { readData } from './data';
import { readFile } from './file';
import { readHttp } from './http';
import { readMailto } from './mailto';
import type { SchemeReader } from './reader';
import { readUrn } from './urn';
import type { SchemeCheck, SchemeOptions, SchemeProblem } from '../core/scheme-types';

/** How a scheme is checked: its grammar and rule, and whether the rule has the fragment. */
export interface SchemeGrammar {
  readonly grammar: GrammarName;
  readonly rule: string;
  readonly withFragment: boolean;
}

/** Per scheme (lower case), the grammar that checks it: grammar/registry.json's `schemes`. */
export const SCHEME_GRAMMARS: Readonly<Record<string, SchemeGrammar>> = Object.fromEntries(
  GRAMMAR_REGISTRY.flatMap((e) => Object.entries(e.schemes ?? {}).map(([scheme, s]) => [scheme, { grammar: e.name as GrammarName, rule: s.rule, withFragment: s.withFragment === true }])),
);

/** The grammar `{ fileAppendixE: true }` takes for file URIs: RFC 8089 Appendix F. */
const FILE_APPENDIX_E: SchemeGrammar = { grammar: 'rfc8089-nonstandard' as GrammarName, rule: 'file-URI', withFragment: false };

/** The modules that read a scheme grammar's components and check its RFC's prose, by grammar. */
const READERS: Readonly<Record<string, SchemeReader>> = {
  rfc6068: readMailto,
  rfc8141: readUrn,
  rfc2397: readData,
  rfc8089: readFile,
  'rfc8089-nonstandard': readFile,
  rfc9110: readHttp,
};

/** Where in the scheme grammar each problem is, for its error's rule path. */
const PATHS: Readonly<Record<SchemeProblem['code'], readonly string[]>> = {
  'mailto-unencoded': ['to', 'addr-spec'],
  'mailto-percent-encoding': ['to', 'addr-spec'],
  'mailto-address': ['to', 'addr-spec'],
  'mailto-hfields': ['hfields', 'hfield'],
  'mailto-line-break': ['hfields', 'hfield', 'hfvalue'],
  'mailto-fragment': [],
  'mailto-repeated-header': ['hfields', 'hfield'],
  'mailto-to-header': ['hfields', 'hfield'],
  'urn-nid': ['assigned-name', 'NID'],
  'urn-q-component': ['rq-components'],
  'urn-r-component': ['rq-components', 'r-component'],
  'data-base64': ['data'],
  'data-token': ['mediatype'],
  'http-empty-host': ['authority', 'host'],
  'http-userinfo': ['authority', 'userinfo'],
};

export const SCHEME_OPTIONS: OptionSpec = { fileAppendixE: boolean };
const CHECK_SCHEME_OPTIONS: OptionSpec = { ...SCHEME_OPTIONS, zoneId: boolean };

/** The grammar a scheme is checked by, under the options; undefined when urigram has none for it. */
export function schemeGrammar(scheme: string, options: SchemeOptions = {}): SchemeGrammar | undefined {
  if (scheme === 'file' && options.fileAppendixE === true) return FILE_APPENDIX_E;
  return Object.prototype.hasOwnProperty.call(SCHEME_GRAMMARS, scheme) ? SCHEME_GRAMMARS[scheme] : undefined;
}

/** The code point at `offset`, or null at the end (a UriSyntaxError's `found`). */
function foundAt(input: string, offset: number): string | null {
  return offset < input.length ? String.fromCodePoint(input.codePointAt(offset) as number) : null;
}

/** `e`, an error of `text` (a prefix of `input`), as an error of the whole input. */
function rebased(e: UriSyntaxError, input: string): UriSyntaxError {
  if (e.input === input) return e;
  return new UriSyntaxError({ input, grammar: e.grammar, rule: e.rule, offset: e.offset, found: foundAt(input, e.offset), expected: e.expected, rulePath: e.rulePath, ...(e.hint === undefined ? {} : { hint: e.hint }) });
}

/**
 * The scheme check of a URI reference the generic grammar accepted (its
 * record). Used by checkScheme and by the core's `{ scheme }` option
 * (src/core/scheme-checks.ts).
 */
export function checkRecord(input: string, record: UriRecord, options: SchemeOptions = {}, componentsOnly = false): SchemeCheck {
  const scheme = record.scheme?.toLowerCase();
  const by = scheme === undefined ? undefined : schemeGrammar(scheme, options);
  if (scheme === undefined || by === undefined) return { input, scheme, grammar: undefined, rule: undefined, valid: true, error: undefined, problems: [], components: undefined };
  const { grammar, rule, withFragment } = by;
  const fragment = record.spans.fragment;
  const text = withFragment || fragment === undefined ? input : input.slice(0, fragment[0] - 1);
  const refused = check(text, { grammar, rule: rule as never });
  if (refused !== undefined) return { input, scheme, grammar, rule, valid: false, error: rebased(refused, input), problems: [], components: undefined };
  const reader = READERS[grammar];
  if (reader === undefined) return { input, scheme, grammar, rule, valid: true, error: undefined, problems: [], components: undefined };
  const { components, problems } = reader({ input, text, record, scheme, grammar: grammar as GeneratedGrammar, rule: toPegName(rule), options, componentsOnly });
  const first = problems.find((p) => p.severity === 'error');
  const error =
    first === undefined
      ? undefined
      : new UriSchemeError({ input, grammar, rule, offset: first.start, found: foundAt(input, first.start), rulePath: [rule, ...PATHS[first.code]], code: first.code, section: first.section, problem: first.message });
  // Written out, not spread from a shared object: V8's object spread made this line half of a URN's check.
  return { input, scheme, grammar, rule, valid: error === undefined, error, problems, components };
}

/** checkRecord, or undefined when the scheme has a grammar that this ES module bundle has not been given (src/core/scheme-checks.ts). */
export function checkRecordIfAvailable(input: string, record: UriRecord, options: SchemeOptions = {}, componentsOnly = false): SchemeCheck | undefined {
  const scheme = record.scheme?.toLowerCase();
  const by = scheme === undefined ? undefined : schemeGrammar(scheme, options);
  return by !== undefined && !grammarAvailable(by.grammar) ? undefined : checkRecord(input, record, options, componentsOnly);
}

/**
 * Checks `input` as a URI reference by RFC 3986 and, when urigram has a
 * grammar for its scheme, by that grammar and its RFC's prose: the verdict,
 * the first error (the generic grammar's, the scheme grammar's with its rule
 * and an offset into the whole input, or a UriSchemeError for a constraint of
 * the RFC's prose), every problem with its section, and the scheme's
 * components. A relative reference, or a scheme urigram has no grammar for,
 * is checked by RFC 3986 alone.
 */
export function checkScheme(input: string, options?: SchemeOptions & { readonly zoneId?: boolean }): SchemeCheck {
  if (typeof input !== 'string') throw new TypeError(`expected the URI as a string, got ${input === null ? 'null' : typeof input}`);
  checkOptions('checkScheme', options, CHECK_SCHEME_OPTIONS);
  return checkReference(input, undefined, options?.zoneId, { fileAppendixE: options?.fileAppendixE });
}

/** checkScheme by a rule of RFC 3986 (isValid's and check's `rule`, checked by them), its options checked by the caller. */
export function checkReference(input: string, rule: string | undefined, zoneId: boolean | undefined, options: SchemeOptions): SchemeCheck {
  const generic = tryParse(input, { rule: rule as 'URI' | undefined, zoneId });
  if (!generic.ok) return { input, scheme: undefined, grammar: undefined, rule: undefined, valid: false, error: generic.error, problems: [], components: undefined };
  return checkRecord(input, generic.value, options);
}
