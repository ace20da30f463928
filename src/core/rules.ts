/**
 * The rule names of RFC 3986 Appendix A (and the RFC 5234 core rules it uses),
 * as the ABNF spells them (src/core/rule-names.ts maps them to the PEG rule
 * names of grammar/rfc3986.peggy). The other grammars' rules: src/core/grammars.ts.
 */
import { recognizerOf, REFERENCE_RULES, type Rfc3986RuleName, type UriRuleName } from './grammars';
import { toAbnfName } from './rule-names';

export type { Rfc3986RuleName, UriRuleName } from './grammars';

/** The rules that a whole URI reference can be parsed as (RFC 3986 4.1-4.3). */
export const URI_RULES = REFERENCE_RULES.rfc3986 as readonly UriRuleName[];

/** Every rule of the grammar, by ABNF name, in the order of grammar/rfc3986.peggy. */
export const RFC3986_RULES: readonly Rfc3986RuleName[] = recognizerOf('rfc3986').START_RULES.map((r) => toAbnfName(r) as Rfc3986RuleName);

const ruleSet: ReadonlySet<string> = new Set(RFC3986_RULES);

export function isRfc3986RuleName(name: unknown): name is Rfc3986RuleName {
  return typeof name === 'string' && ruleSet.has(name);
}
