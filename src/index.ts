/**
 * urigram: a strict, grammar-driven URI toolkit: RFC 3986, with RFC 3987
 * (IRIs) and RFC 2396 (the grammar RFC 3986 replaced) by the same pipeline.
 *
 * The parsers are generated from grammar/NAME.peggy, rule-for-rule
 * transcriptions of each RFC's ABNF (grammar/NAME.abnf). One module per
 * operation, named after what it does and where the RFC says it.
 *
 * This module is the ES module build's entry, which bundlers tree-shake. The
 * CommonJS entry that Node loads (dist/src/index.js) is generated from it by
 * scripts/finish-build.ts: the same exports, each module required on first
 * use of one of its exports.
 */
export { parse, tryParse, isValid, matches } from './parse';
export type {
  UriRecord,
  Rfc2396Record,
  ParseOptions,
  Rfc3986ParseOptions,
  Rfc3987ParseOptions,
  Rfc2396ParseOptions,
  Rfc6874ParseOptions,
  Rfc6874Record,
  ParseResult,
  UriComponentName,
  SpanTuple,
  HostKind,
  PathKind,
  Rfc3986HostKind,
  Rfc2396HostKind,
  Rfc3986PathKind,
  Rfc2396PathKind,
  AnyUriRecord,
} from './parse';
export { isRfc2396Record } from './records';
export { GRAMMARS, GRAMMAR_TITLES, REFERENCE_RULES, rulesOf, useGrammar } from './grammars';
export { RFC3987_GRAMMAR, RFC2396_GRAMMAR, RFC6874_GRAMMAR } from './load';
export type { GrammarModules, Recognizer, GrammarName, RuleName, Rfc3987RuleName, Rfc2396RuleName, Rfc2396OriginalRuleName, IriRuleName, Rfc2396ReferenceRuleName, ReferenceRuleName, Rfc6874RuleName } from './grammars';
export { iriToUri, uriToIri, parseUtf8, useTr46, IriConversionError, Utf8DecodeError, BIDI_FORMATTING_CHARACTERS } from './iri';
export type { IriToUriOptions, UriToIriOptions, Tr46 } from './iri';
export { compareGrammars, RFC2396_TO_RFC3986 } from './grammar-comparison';
export type { GrammarComparison, GrammarVerdict, GrammarNote } from './grammar-comparison';
export { UriSyntaxError, codePointOffset } from './errors';
export { UriOptionError } from './options';
export type { UriSyntaxErrorDetails } from './errors';
export { RFC3986_RULES, URI_RULES, isRfc3986RuleName } from './rules';
export type { Rfc3986RuleName, UriRuleName } from './rules';
export { resolve, resolveRecord, mergeRelativePath2396, UriResolveError } from './resolve';
export type { ResolveOptions } from './resolve';
export { recompose, UriComposeError } from './recompose';
export type { UriComponents } from './records';
export { removeDotSegments } from './remove-dot-segments';
export { normalize, explainNormalize, NORMALIZE_STEPS, SCHEME_DEFAULTS } from './normalize';
export type { NormalizeOptions, NormalizeStep, NormalizeStepName, NormalizeLevel } from './normalize';
export { equivalent, compare } from './compare';
export type { Comparison, ComparisonLevel, CompareOptions } from './compare';
export { percentEncode, percentDecode, PercentEncodingError } from './percent-encoding';
export type { EncodableComponent, PercentEncodeOptions, PercentDecodeOptions } from './percent-encoding';
export { extract, DEFAULT_OPAQUE_SCHEMES } from './extract';
export type { ExtractedUri, ExtractOptions } from './extract';
export { lint, applyFixes, LINT_RULES, SCHEME_PRESETS } from './lint';
export type { Diagnostic, FixKind, LintCode, LintOptions, Severity } from './lint';
export { relativize } from './relativize';
export type { RelativizeOptions } from './relativize';
export { build, withComponents } from './build';
export type { UriParts, BuildOptions } from './build';
export { redact } from './redact';
export type { RedactOptions } from './redact';
export { fileUriToPath, pathToFileUri, FileUriError } from './file-uri';
export type { FileUriOptions, FilePlatform } from './file-uri';
