/**
 * urigram: a strict, grammar-driven URI toolkit: RFC 3986, with RFC 3987
 * (IRIs), RFC 2396 (the grammar RFC 3986 replaced) and RFC 6570 (URI
 * Templates) by the same pipeline.
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
// Node and the CommonJS build: the scheme checks, registered with the core to load on first use (an ES module bundle: useSchemes()).
import './schemes/on-first-use';
export { parse, tryParse, isValid, matches, check } from './core/parse';
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
  SchemeRecord,
} from './core/parse';
export { checkScheme, SCHEME_GRAMMARS } from './schemes/check';
export type { SchemeGrammar } from './schemes/check';
export { useSchemes } from './schemes/use';
export { SCHEME_PROBLEM_CODES } from './core/scheme-types';
export type {
  SchemeCheck,
  SchemeOptions,
  SchemeProblem,
  SchemeProblemCode,
  SchemeComponents,
  MailtoComponents,
  MailtoAddress,
  MailtoHeader,
  UrnComponents,
  DataComponents,
  DataParameter,
  FileComponents,
  HttpComponents,
} from './core/scheme-types';
export { isRfc2396Record, COMPONENT_NAMES } from './core/records';
export { GRAMMARS, GRAMMAR_REGISTRY, GRAMMAR_TITLES, REFERENCE_RULES, rulesOf, useGrammar } from './core/grammars';
export { RFC3987_GRAMMAR, RFC2396_GRAMMAR, RFC6874_GRAMMAR, RFC6570_GRAMMAR } from './core/load';
export type { GrammarEntry, GrammarModules, Recognizer, GrammarName, RuleName, Rfc3987RuleName, Rfc2396RuleName, Rfc2396OriginalRuleName, IriRuleName, Rfc2396ReferenceRuleName, ReferenceRuleName, Rfc6874RuleName, Rfc6570RuleName } from './core/grammars';
export { iriToUri, uriToIri, parseUtf8, useTr46, IriConversionError, Utf8DecodeError, BIDI_FORMATTING_CHARACTERS } from './operations/iri';
export type { WhatwgWritingRecord, WhatwgWritingHostKind, WhatwgBaseKind } from './core/writing';
export type { IriToUriOptions, UriToIriOptions, Tr46 } from './operations/iri';
export { compareGrammars, RFC2396_TO_RFC3986 } from './operations/grammar-comparison';
export type { GrammarComparison, GrammarVerdict, GrammarNote } from './operations/grammar-comparison';
export { UriSyntaxError, UriSchemeError, TemplateExpansionError, TemplateMatchError, IdnaDomainTooLongError, codePointOffset } from './core/errors';
export { UriOptionError } from './core/options';
export type { UriSyntaxErrorDetails } from './core/errors';
export { RFC3986_RULES, URI_RULES, isRfc3986RuleName } from './core/rules';
export type { Rfc3986RuleName, UriRuleName } from './core/rules';
export { resolve, resolveRecord, mergeRelativePath2396, UriResolveError } from './operations/resolve';
export type { ResolveOptions } from './operations/resolve';
export { recompose, UriComposeError } from './operations/recompose';
export type { UriComponents } from './core/records';
export { removeDotSegments } from './operations/remove-dot-segments';
export { normalize, explainNormalize, NORMALIZE_STEPS, SCHEME_DEFAULTS } from './operations/normalize';
export type { NormalizeOptions, NormalizeStep, NormalizeStepName, NormalizeLevel } from './operations/normalize';
export { equivalent, compare } from './operations/compare';
export type { Comparison, ComparisonLevel, CompareOptions } from './operations/compare';
export { percentEncode, percentDecode, PercentEncodingError } from './encoding/percent-encoding';
export type { EncodableComponent, PercentEncodeOptions, PercentDecodeOptions } from './encoding/percent-encoding';
export { extract, DEFAULT_OPAQUE_SCHEMES } from './lint/extract';
export type { ExtractedUri, ExtractOptions } from './lint/extract';
export { lint, SCHEME_PRESETS } from './lint/lint';
export type { LintOptions } from './lint/lint';
export { applyFixes } from './lint/fixes';
export { LINT_RULES, LINT_PRESETS, LINT_PRESET_NAMES, LINT_GROUPS, LINT_STANDARDS } from './lint/registry';
export type { FixKind, LintCode, LintGroup, LintPreset, LintStandard, RuleSetting, Severity } from './lint/registry';
export type { Diagnostic, Suggestion } from './lint/diagnostic';
export { relativize } from './operations/relativize';
export type { RelativizeOptions } from './operations/relativize';
export { build, withComponents } from './operations/build';
export type { UriParts, BuildOptions } from './operations/build';
export { redact } from './operations/redact';
export type { RedactOptions } from './operations/redact';
export { fileUriToPath, pathToFileUri, FileUriError } from './operations/file-uri';
export type { FileUriOptions, FilePlatform } from './operations/file-uri';
export { compareWithWhatwg } from './whatwg/compare-whatwg';
export type { WhatwgComparison, WhatwgCompareOptions, WhatwgDifference, WhatwgComponent, WhatwgVerdict, Rfc3986Reading, WhatwgReading, WhatwgHostKind, WhatwgDifferenceClass } from './whatwg/compare-whatwg';
export { WHATWG_CLASSES } from './whatwg/classes';
export type { WhatwgClass } from './whatwg/classes';
export { compareReadings } from './whatwg/readers/compare';
export type { ReadingsComparison, ReadingsOptions, ReadersPair, ReadingDifference, PairVerdict, ReadingDifferenceClass } from './whatwg/readers/compare';
export { READER_CLASSES } from './whatwg/readers/classes';
export type { ReaderClass } from './whatwg/readers/classes';
export { rfc3986Reader, whatwgReader } from './whatwg/readers/builtin';
export type { Rfc3986ReaderOptions } from './whatwg/readers/builtin';
export type { Reader, ReaderResult, ParserReading } from './whatwg/reader';
export { whatwgValidationErrors } from './whatwg/validation-errors';
export type { WhatwgValidationError, WhatwgValidationErrors, WhatwgValidationOptions } from './whatwg/validation-errors';
export { WHATWG_VALIDATION_ERROR_NAMES } from './whatwg/validation-hosts';
export type { WhatwgValidationErrorName } from './whatwg/validation-hosts';
export { hostAddress } from './whatwg/host-address';
export type { HostAddress, HostAddressEntry, HostAddressOptions, HostReading, HostReadingName } from './whatwg/host-address';
export { IPV4_SPECIAL_PURPOSE, IPV6_SPECIAL_PURPOSE } from './whatwg/special-purpose';
export type { SpecialPurpose } from './whatwg/special-purpose';
export { parseTemplate, tryParseTemplate } from './template/parse';
export type { ParsedTemplate, TemplatePart, TemplateLiteral, TemplateExpression, TemplateVarSpec, TemplateOperator } from './template/parse';
export { expandTemplate, matchTemplate, compileTemplate } from './template/compile';
export { TEMPLATE_MATCH_LIMITS } from './template/match-automaton';
export type { CompiledTemplate, MatchOptions } from './template/compile';
export type { ExpandOptions, TemplateVariables, TemplateValue, TemplateScalar } from './template/expand';
export type { MatchedValue, MatchedVariables } from './template/match';
