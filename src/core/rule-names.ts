/**
 * Rule names: the ABNF files spell them with "-" (dec-octet), the PEG grammars
 * with "_" (dec_octet), since a peggy rule name is an identifier.
 * grammar/rfc2396.abnf too writes "-" (RFC 2396 itself writes "_", which
 * RFC 3986 D.2 renames; src/core/grammars.ts ruleNameIn takes both), so the mapping
 * is the same for every grammar. The one converter for src/ and scripts/: its
 * types carry a literal name across (toPegName('dec-octet') is typed 'dec_octet').
 */

/** An ABNF rule name with "-" written "_". */
export type PegName<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}_${PegName<Tail>}` : S;
/** A PEG rule name with "_" written "-". */
export type AbnfName<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}-${AbnfName<Tail>}` : S;

/** The PEG rule name for an ABNF rule name. */
export function toPegName<S extends string>(rule: S): PegName<S> {
  return rule.replace(/-/g, '_') as PegName<S>;
}

/** The ABNF rule name for a PEG rule name. */
export function toAbnfName<S extends string>(rule: S): AbnfName<S> {
  return rule.replace(/_/g, '-') as AbnfName<S>;
}
