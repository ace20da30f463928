/**
 * urigram: a strict, grammar-driven RFC 3986 URI toolkit.
 *
 * The parser is generated from grammar/rfc3986.peggy, a rule-for-rule
 * transcription of RFC 3986 Appendix A (grammar/rfc3986.abnf). One module per
 * operation, named after what it does and where the RFC says it.
 */
export { parse, tryParse, isValid, matches } from './parse';
export type { UriRecord, ParseOptions, ParseResult, UriComponentName, SpanTuple, HostKind, PathKind } from './parse';
export { UriSyntaxError } from './errors';
export type { UriSyntaxErrorDetails } from './errors';
export { RFC3986_RULES, URI_RULES, isRfc3986RuleName } from './rules';
export type { Rfc3986RuleName, UriRuleName } from './rules';
export { resolve, resolveRecord, UriResolveError } from './resolve';
export type { ResolveOptions } from './resolve';
export { recompose, UriComposeError } from './recompose';
export type { UriComponents } from './recompose';
export { removeDotSegments } from './remove-dot-segments';
export { normalize, explainNormalize, NORMALIZE_STEPS, SCHEME_DEFAULTS } from './normalize';
export type { NormalizeOptions, NormalizeStep, NormalizeStepName, NormalizeLevel } from './normalize';
export { equivalent, compare } from './compare';
export type { Comparison, ComparisonLevel } from './compare';
export { percentEncode, percentDecode, PercentEncodingError } from './percent-encoding';
export type { EncodableComponent, PercentEncodeOptions, PercentDecodeOptions } from './percent-encoding';
export { extract, DEFAULT_OPAQUE_SCHEMES } from './extract';
export type { ExtractedUri, ExtractOptions } from './extract';
export { lint, applyFixes, LINT_RULES } from './lint';
export type { Diagnostic, LintCode, LintOptions, Severity } from './lint';
