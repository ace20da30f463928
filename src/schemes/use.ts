/**
 * useSchemes: what an ES module bundle needs for the option `scheme` (Node
 * and the CommonJS build load it all on first use, and need nothing):
 * urigram's scheme checks, and the grammars of the schemes to check.
 */
import { useGrammar, type GrammarModules } from '../core/grammars';
import { provideSchemeChecks } from '../core/scheme-checks';
import { checkRecord, checkRecordIfAvailable, checkReference } from './check';

/**
 * Makes `{ scheme: true }` and checkScheme() work in an ES module bundle:
 * `import mailto from 'urigram/grammars/rfc6068'; useSchemes(mailto);` once,
 * with the grammar of each scheme to check (grammar/registry.json's
 * `schemes`: rfc6068 mailto, rfc8141 urn, rfc2397 data, rfc8089 file,
 * rfc9110 http and https). A scheme whose grammar is not given throws when a
 * URI of it is checked. Harmless (and unneeded) in Node.
 */
export function useSchemes(...grammars: GrammarModules[]): void {
  for (const g of grammars) useGrammar(g);
  provideSchemeChecks({ checkRecord, checkRecordIfAvailable, checkReference });
}
