/**
 * The families of lint rules, in the order lint() runs them: each a module of
 * this folder naming the codes it reports (each code a line of
 * ../registry.ts's LINT_RULES, and in exactly one family: test/lint-registry
 * holds the two to each other). The order is the order of findings at the same
 * range and, for fixes that would overlap, which one keeps its fix (the first);
 * and a later family may read what an earlier one left in the context (the
 * scheme's components, a "URL:" prefix).
 */
import type { RuleFamily } from '../diagnostic';
import { syntaxRules } from './syntax';
import { characterReferenceRules } from './character-reference';
import { whatwgRules } from './whatwg';
import { urlPrefixRules } from './url-prefix';
import { schemeAuthorityRules } from './scheme-authority';
import { schemeSyntaxRules } from './scheme-syntax';
import { securityRules } from './security';
import { normalizationRules } from './normalization';
import { uriTemplateRules } from './uri-template';
import { schemeDelimiterRules } from './scheme-delimiter';
import { missingSchemeRules } from './missing-scheme';
import { doubledSchemeRules } from './doubled-scheme';
import { schemeTypoRules } from './scheme-typo';
import { trailingPunctuationRules } from './trailing-punctuation';
import { urlWritingRules } from './url-writing';

export const RULE_FAMILIES: readonly RuleFamily[] = [
  syntaxRules,
  urlWritingRules,
  // Authors' mistakes (issue 45): each takes over the findings of other rules that have its cause (LintContext.subsumed).
  schemeDelimiterRules,
  missingSchemeRules,
  doubledSchemeRules,
  schemeTypoRules,
  trailingPunctuationRules,
  characterReferenceRules,
  whatwgRules,
  urlPrefixRules,
  schemeAuthorityRules,
  schemeSyntaxRules,
  securityRules,
  normalizationRules,
  uriTemplateRules,
];
