/**
 * What lint() returns (Diagnostic, its fix and its suggestions), and what a
 * family of rules (a module of ./rules/) is given to find them: the URI, its
 * parse, and `report` and `suggest`, which make each diagnostic once, in its
 * final form.
 */
import type { ParseResult, UriRecord } from '../core/parse';
import type { UriSyntaxError } from '../core/errors';
import type { UriRuleName } from '../core/rules';
import type { SchemeComponents } from '../core/scheme-types';
import type { LintCode, Severity, SuggestingCode } from './registry';

/** Replace [start, end) of the input with `replacement`. */
export interface Fix {
  readonly replacement: string;
  readonly start: number;
  readonly end: number;
}

/**
 * What the author probably meant, for a person to choose: replace [start, end) of the input with
 * `replacement`; `message` says what that does. Never a fix: applyFixes, `urigram lint --fix` and
 * ESLint's --fix leave it alone (ESLint offers it as a suggestion, SARIF in the result's properties).
 */
export interface Suggestion extends Fix {
  readonly message: string;
}

/**
 * What a finding knows beside its message, for a tool to read. `hosts`: the host RFC 3986 reads and the host
 * the WHATWG URL parser (browsers, fetch) reads, where the two differ (null: none); a finding that has them
 * is the URI's host difference, and `whatwg-host-differs` is not reported beside it (one cause, one finding).
 */
export interface DiagnosticData {
  readonly hosts?: { readonly rfc3986: string | null; readonly whatwg: string | null };
  /** `url-writing`: the URL Standard's validation errors for the URI, by name, where the parser meets each, in order. */
  readonly validationErrors?: readonly { readonly name: string; readonly offset: number; readonly fatal: boolean }[];
}

export interface Diagnostic {
  readonly code: LintCode;
  readonly severity: Severity;
  readonly message: string;
  /** The [start, end) range of the input the diagnostic is about, in UTF-16 code units. */
  readonly start: number;
  readonly end: number;
  /** The section of the RFC behind the rule. */
  readonly section: string;
  /** Replace [start, end) of the input with `replacement`. */
  readonly fix?: Fix;
  /** What the author probably meant (rules with `hasSuggestions`), each for a person to choose; not applied by any fix. */
  readonly suggestions?: readonly Suggestion[];
  /** What the finding knows beside its message (DiagnosticData), where it has it. */
  readonly data?: DiagnosticData;
}

/**
 * Adds a diagnostic, made once in its final form (a URI of many "%XX" has one per triplet). `section`: the
 * finding's own section, where a rule's findings cite different ones (a scheme's problems); default the rule's.
 * `data`: what else it knows (DiagnosticData).
 */
export type Report = (code: LintCode, message: string, start: number, end: number, fix?: Fix, section?: string, data?: DiagnosticData) => void;

/** Adds a diagnostic with suggestions (and no fix), of a rule whose line of LINT_RULES says `hasSuggestions`; `data`, what else it knows. */
export type Suggest = (code: SuggestingCode, message: string, start: number, end: number, suggestions: readonly Suggestion[], section?: string, data?: DiagnosticData) => void;

/** What lint() gives each family of rules. */
export interface LintContext {
  readonly input: string;
  /** The rule of RFC 3986 the input must match. */
  readonly rule: UriRuleName;
  readonly parsed: ParseResult;
  /** The schemes allowed (lower case), or undefined for any. */
  readonly allowedSchemes: ReadonlySet<string> | undefined;
  /** Whether the URI is a link's destination as a document wrote it (lint's `linkDestination`): its end is where the author ended it. */
  readonly linkDestination: boolean;
  /** The standard that decides validity here (lint's `standard`, 'auto' resolved by linkDestination). */
  readonly standard: 'rfc3986' | 'whatwg-url';
  /** With standard 'whatwg-url': the base URL relative references are judged against (lint's `base`). */
  readonly base?: string;
  /** Whether a rule reports (a rule that is off still runs where its fixes keep others' from overlapping them). */
  readonly on: (code: LintCode) => boolean;
  readonly report: Report;
  readonly suggest: Suggest;
  /**
   * What one family leaves for a later one (the families run in the order of ./rules/index.ts): the scheme's
   * components, which scheme-syntax read and normalization reuses; and whether the URI has a "URL:" prefix
   * (url-prefix), which normalization then does not lower-case as a scheme.
   */
  schemeComponents?: SchemeComponents;
  urlPrefix?: boolean;
  /**
   * The rules whose findings on this URI have the cause a family of author mistakes has reported ("http:/host" is
   * missing-slash's, not also scheme-syntax's): lint() leaves them out, one cause being one finding.
   */
  subsumed?: Set<LintCode>;
  /**
   * An IRI's host that the URL parser only encodes ("bücher.example" is "xn--bcher-kva.example"): the same name,
   * no host difference; the non-ascii finding on its first character (the cause) names where a request goes.
   */
  encodedHost?: { readonly at: number; readonly hosts: NonNullable<DiagnosticData['hosts']> };
}

/** A URI that parsed: its record. */
export type ParsedContext = LintContext & { readonly record: UriRecord };
/** A URI that did not: the parser's error. */
export type InvalidContext = LintContext & { readonly error: UriSyntaxError };

/**
 * A family of rules (a module of ./rules/, listed in ./rules/index.ts): the codes it reports, when it runs,
 * and its check. 'invalid': on a URI the rule's parse refuses (`ctx.error`); 'valid': on one it accepts
 * (`ctx.record`); 'any': on both. 'template': on a URI Template (lint's `template` option), where no other
 * family runs: its diagnostics whole (`find`), each at its rule's severity.
 */
export type RuleFamily =
  | { readonly codes: readonly LintCode[]; readonly runs: 'any'; readonly check: (ctx: LintContext) => void }
  | { readonly codes: readonly LintCode[]; readonly runs: 'invalid'; readonly check: (ctx: InvalidContext) => void }
  | { readonly codes: readonly LintCode[]; readonly runs: 'valid'; readonly check: (ctx: ParsedContext) => void }
  | { readonly codes: readonly LintCode[]; readonly runs: 'template'; readonly find: (template: string) => Diagnostic[] };

/** The diagnostic without its fix (no `fix` key, as a diagnostic that never had one); its suggestions kept. */
export function withoutFix(d: Diagnostic): Diagnostic {
  const { fix: _dropped, ...rest } = d;
  return rest;
}

/** The diagnostic with only the suggestions `keep` keeps (no `suggestions` key when none is left). */
export function withSuggestions(d: Diagnostic, keep: (s: Suggestion) => boolean): Diagnostic {
  if (d.suggestions === undefined || d.suggestions.every(keep)) return d;
  const kept = d.suggestions.filter(keep);
  const { suggestions: _dropped, ...rest } = d;
  return kept.length === 0 ? rest : { ...rest, suggestions: kept };
}
