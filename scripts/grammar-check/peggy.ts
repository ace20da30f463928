/**
 * The one door to peggy's own grammar parser for the scripts: the AST of a
 * .peggy text, typed by peggy's own declarations (peg.d.ts), so no script
 * declares its own copy of peggy's shapes.
 */
import * as peggy from 'peggy';

export type PeggyGrammar = peggy.ast.Grammar;
export type PeggyRule = peggy.ast.Rule;

/** The AST of a .peggy text, as peggy's grammar parser reads it. */
export function parsePeggy(text: string): PeggyGrammar {
  return peggy.parser.parse(text);
}

/** The rule names that a .peggy text defines, in its order. */
export function pegRuleNames(peggySource: string): string[] {
  return parsePeggy(peggySource).rules.map((r) => r.name);
}
