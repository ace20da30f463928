/**
 * urigram: a strict, grammar-driven RFC 3986 URI toolkit.
 *
 * The parser is generated from grammar/rfc3986.peggy, a rule-for-rule
 * transcription of RFC 3986 Appendix A (grammar/rfc3986.abnf).
 */
export { parse, tryParse, isValid, matches } from './parse';
export type { UriRecord, ParseOptions, ParseResult, UriComponentName, SpanTuple, HostKind, PathKind } from './parse';
export { UriSyntaxError } from './errors';
export type { UriSyntaxErrorDetails } from './errors';
export { RFC3986_RULES, URI_RULES, isRfc3986RuleName } from './rules';
export type { Rfc3986RuleName, UriRuleName } from './rules';
