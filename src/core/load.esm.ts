/**
 * src/core/load.ts as the ES module build has it (scripts/finish-build.ts puts the
 * compiled file in its place, dist/esm/src/core/load.js). Bundlers use this build;
 * a bundle cannot load a module synchronously on first use, so:
 *
 * - RFC 3986's diagnostic back end is imported statically: a bundle that can
 *   reach parse()'s error path holds it; one of isValid() alone does not;
 * - the other grammars are in a bundle only when the program passes them to
 *   useGrammar() (RFC3987_GRAMMAR, RFC2396_GRAMMAR, RFC6874_GRAMMAR for
 *   `zoneId: true`, defined below, which a
 *   bundler drops when nothing imports them); without that, a call that names
 *   them throws an error that says so;
 * - tr46 is in a bundle only when the program passes it to useTr46();
 * - peggy's parsers, traced or not (for the tests and the benchmark), are not
 *   in this build.
 */
import type { Automata, GeneratedGrammar, GrammarModules, Recognizer } from './grammars';
import * as rfc3986Diagnose from '../../generated/rfc3986.diagnose';
import * as rfc3986Recognizer from '../../generated/rfc3986.recognizer';
import * as rfc3987Recognizer from '../../generated/rfc3987.recognizer';
import * as rfc3987Diagnose from '../../generated/rfc3987.diagnose';
import * as rfc3987Automata from '../../generated/rfc3987.dfa';
import * as rfc2396Recognizer from '../../generated/rfc2396.recognizer';
import * as rfc2396Diagnose from '../../generated/rfc2396.diagnose';
import * as rfc2396Automata from '../../generated/rfc2396.dfa';
import * as rfc6874Recognizer from '../../generated/rfc6874.recognizer';
import * as rfc6874Diagnose from '../../generated/rfc6874.diagnose';
import * as rfc6874Automata from '../../generated/rfc6874.dfa';

function notInBundle(grammar: GeneratedGrammar): Error {
  const name = grammar.toUpperCase();
  const what = grammar === 'rfc6874' ? 'the rfc6874 grammar (for zoneId: true)' : `the ${grammar} grammar`;
  return new Error(
    `urigram: ${what} is not in this bundle: import { useGrammar, ${name}_GRAMMAR } from 'urigram' and call useGrammar(${name}_GRAMMAR) once before using it (Node loads it by itself)`,
  );
}

export function loadRecognizer(grammar: GeneratedGrammar): unknown {
  if (grammar === 'rfc3986') return rfc3986Recognizer;
  throw notInBundle(grammar);
}

export function loadAutomata(grammar: Exclude<GeneratedGrammar, 'rfc3986'>): unknown {
  throw notInBundle(grammar);
}

/** None in a bundle: matches() has the recognizer match the rules whose automata are not in the core, so that a bundle does not carry them. */
export function loadRuleAutomata(): unknown {
  return undefined;
}

export function loadDiagnose(grammar: GeneratedGrammar): unknown {
  if (grammar === 'rfc3986') return rfc3986Diagnose;
  throw notInBundle(grammar);
}

export function loadTrace(grammar: GeneratedGrammar): unknown {
  throw new Error(`urigram: peggy's traced ${grammar} parser is used by urigram's tests only, and is not in the ES module build`);
}

export function loadParser(grammar: GeneratedGrammar): unknown {
  throw new Error(`urigram: peggy's untraced ${grammar} parser is used by urigram's tests and benchmark only, and is not in the ES module build`);
}

export function loadTr46(): unknown {
  throw new Error(
    "urigram: host: 'idna' needs the tr46 package, which the ES module build does not load by itself: import * as tr46 from 'tr46' and call useTr46(tr46) once (Node loads it by itself)",
  );
}

/** RFC 3987 (IRIs): `useGrammar(RFC3987_GRAMMAR)` before `{ grammar: 'rfc3987' }` in a bundle. */
export const RFC3987_GRAMMAR: GrammarModules = { grammar: 'rfc3987', recognizer: rfc3987Recognizer as unknown as Recognizer, diagnose: rfc3987Diagnose, dfa: rfc3987Automata as unknown as Automata };

/** RFC 2396 with RFC 2732: `useGrammar(RFC2396_GRAMMAR)` before `{ grammar: 'rfc2396' }` in a bundle. */
export const RFC2396_GRAMMAR: GrammarModules = { grammar: 'rfc2396', recognizer: rfc2396Recognizer as unknown as Recognizer, diagnose: rfc2396Diagnose, dfa: rfc2396Automata as unknown as Automata };

/** RFC 3986 with RFC 6874's zone identifiers: `useGrammar(RFC6874_GRAMMAR)` before `{ zoneId: true }` in a bundle. */
export const RFC6874_GRAMMAR: GrammarModules = { grammar: 'rfc6874', recognizer: rfc6874Recognizer as unknown as Recognizer, diagnose: rfc6874Diagnose, dfa: rfc6874Automata as unknown as Automata };
