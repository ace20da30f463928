/**
 * src/load.ts as the ES module build has it (scripts/finish-build.ts puts the
 * compiled file in its place, dist/esm/src/load.js). Bundlers use this build;
 * a bundle cannot load a module synchronously on first use, so:
 *
 * - RFC 3986's traced parser is imported statically: a bundle that can reach
 *   parse()'s error path holds it; one of isValid() alone does not;
 * - the other grammars are in a bundle only when the program passes them to
 *   useGrammar() (RFC3987_GRAMMAR, RFC2396_GRAMMAR); without that, a call
 *   that names them throws an error that says so;
 * - tr46 is in a bundle only when the program passes it to useTr46();
 * - peggy's untraced parsers (for the tests and the benchmark) are not in
 *   this build.
 */
import type { GrammarName } from './grammars';
import * as rfc3986Trace from '../generated/rfc3986.trace';

function notInBundle(grammar: GrammarName): Error {
  const name = grammar.toUpperCase();
  return new Error(
    `urigram: the ${grammar} grammar is not in this bundle: import { useGrammar, ${name}_GRAMMAR } from 'urigram' and call useGrammar(${name}_GRAMMAR) once before using it (Node loads it by itself)`,
  );
}

export function loadRecognizer(grammar: Exclude<GrammarName, 'rfc3986'>): unknown {
  throw notInBundle(grammar);
}

export function loadTrace(grammar: GrammarName): unknown {
  if (grammar === 'rfc3986') return rfc3986Trace;
  throw notInBundle(grammar);
}

export function loadParser(grammar: GrammarName): unknown {
  throw new Error(`urigram: peggy's untraced ${grammar} parser is used by urigram's tests and benchmark only, and is not in the ES module build`);
}

export function loadTr46(): unknown {
  throw new Error(
    "urigram: host: 'idna' needs the tr46 package, which the ES module build does not load by itself: import * as tr46 from 'tr46' and call useTr46(tr46) once (Node loads it by itself)",
  );
}
