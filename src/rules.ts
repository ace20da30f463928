/**
 * The rule names of RFC 3986 Appendix A (and the RFC 5234 core rules it uses),
 * as the ABNF spells them, and their mapping to the PEG rule names of
 * grammar/rfc3986.peggy, where "-" is written "_".
 */
import type { StartRuleNames } from '../generated/rfc3986';
import { START_RULES } from '../generated/rfc3986.recognizer';

type AbnfName<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}-${AbnfName<Tail>}` : S;

/** Any rule of RFC 3986 Appendix A, or a core rule it uses (ALPHA, DIGIT, HEXDIG), by its ABNF name. */
export type Rfc3986RuleName = AbnfName<StartRuleNames>;

/** The rules that a whole URI reference can be parsed as (RFC 3986 4.1-4.3). */
export type UriRuleName = 'URI-reference' | 'URI' | 'absolute-URI' | 'relative-ref';

export const URI_RULES: readonly UriRuleName[] = ['URI-reference', 'URI', 'absolute-URI', 'relative-ref'];

/** The PEG rule name of grammar/rfc3986.peggy for an ABNF rule name. */
export function toPegName(rule: Rfc3986RuleName): StartRuleNames {
  return rule.replace(/-/g, '_') as StartRuleNames;
}

/** The ABNF rule name for a PEG rule name of grammar/rfc3986.peggy. */
export function toAbnfName(rule: string): string {
  return rule.replace(/_/g, '-');
}

/** Every rule of the grammar, by ABNF name, in the order of grammar/rfc3986.peggy. */
export const RFC3986_RULES: readonly Rfc3986RuleName[] = START_RULES.map((r) => toAbnfName(r) as Rfc3986RuleName);

const ruleSet: ReadonlySet<string> = new Set(RFC3986_RULES);

export function isRfc3986RuleName(name: unknown): name is Rfc3986RuleName {
  return typeof name === 'string' && ruleSet.has(name);
}
