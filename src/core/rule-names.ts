/**
 * Rule names: the ABNF files spell them with "-" (dec-octet), the PEG grammars
 * with "_" (dec_octet), since a peggy rule name is an identifier.
 * grammar/rfc2396.abnf too writes "-" (RFC 2396 itself writes "_", which
 * RFC 3986 D.2 renames; src/core/grammars.ts ruleNameIn takes both), so the mapping
 * is the same for every grammar. The one converter for src/ and scripts/.
 */

/** The PEG rule name for an ABNF rule name. */
export function toPegName(rule: string): string {
  return rule.replace(/-/g, '_');
}

/** The ABNF rule name for a PEG rule name. */
export function toAbnfName(rule: string): string {
  return rule.replace(/_/g, '-');
}
