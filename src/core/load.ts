/**
 * Where the modules that urigram loads on first use come from, in Node and
 * in the CommonJS build: a require() with a literal path for each, run on the
 * first call that needs it, so that a program that parses RFC 3986 URIs never
 * loads the other grammars, the diagnostic back ends (used only to explain a
 * rejection) or tr46 (used only by host: 'idna').
 *
 * The ES module build, which bundlers tree-shake, has src/core/load.esm.ts in this
 * module's place (scripts/finish-build.ts puts it there): it has no require,
 * so a bundle holds only what it imports.
 */
import type { Automata, GeneratedGrammar, GrammarModules, Recognizer } from './grammars';

/** CommonJS's own require, declared here so that the core needs no Node types. */
declare const require: (id: string) => unknown;

/** The recognizer of a grammar: isValid and parse run the automata, so that it loads only for what else uses it. */
export function loadRecognizer(grammar: GeneratedGrammar): unknown {
  if (grammar === 'rfc3986') return require('../../generated/rfc3986.recognizer');
  if (grammar === 'rfc6874') return require('../../generated/rfc6874.recognizer');
  return grammar === 'rfc3987' ? require('../../generated/rfc3987.recognizer') : require('../../generated/rfc2396.recognizer');
}

/** The automata of RFC 3987, RFC 2396 or RFC 6874 (RFC 3986's are imported statically: isValid uses them). */
export function loadAutomata(grammar: Exclude<GeneratedGrammar, 'rfc3986'>): unknown {
  if (grammar === 'rfc6874') return require('../../generated/rfc6874.dfa');
  return grammar === 'rfc3987' ? require('../../generated/rfc3987.dfa') : require('../../generated/rfc2396.dfa');
}

/** The automata of the rules of a grammar that are not in its core module, for matches() (generated/NAME.rules-dfa.js). */
export function loadRuleAutomata(grammar: GeneratedGrammar): unknown {
  if (grammar === 'rfc3986') return require('../../generated/rfc3986.rules-dfa');
  if (grammar === 'rfc6874') return require('../../generated/rfc6874.rules-dfa');
  return grammar === 'rfc3987' ? require('../../generated/rfc3987.rules-dfa') : require('../../generated/rfc2396.rules-dfa');
}

/** The diagnostic back end of a grammar: only diagnose() uses it, to explain a rejection. */
export function loadDiagnose(grammar: GeneratedGrammar): unknown {
  if (grammar === 'rfc3986') return require('../../generated/rfc3986.diagnose');
  if (grammar === 'rfc6874') return require('../../generated/rfc6874.diagnose');
  return grammar === 'rfc3987' ? require('../../generated/rfc3987.diagnose') : require('../../generated/rfc2396.diagnose');
}

/** peggy's traced parser of a grammar: the oracle the tests hold diagnose() to. */
export function loadTrace(grammar: GeneratedGrammar): unknown {
  if (grammar === 'rfc3986') return require('../../generated/rfc3986.trace');
  if (grammar === 'rfc6874') return require('../../generated/rfc6874.trace');
  return grammar === 'rfc3987' ? require('../../generated/rfc3987.trace') : require('../../generated/rfc2396.trace');
}

/** peggy's untraced parser of a grammar: only the tests and the benchmark use it, to compare the back ends. */
export function loadParser(grammar: GeneratedGrammar): unknown {
  if (grammar === 'rfc3986') return require('../../generated/rfc3986');
  if (grammar === 'rfc6874') return require('../../generated/rfc6874');
  return grammar === 'rfc3987' ? require('../../generated/rfc3987') : require('../../generated/rfc2396');
}

/** The tr46 package (UTS 46), for host: 'idna'. */
export function loadTr46(): unknown {
  return require('tr46');
}

/**
 * The generated modules of a grammar other than RFC 3986, for useGrammar(),
 * which an ES module bundle needs (see src/core/load.esm.ts). Node loads a grammar
 * on first use and never needs them; here they load their modules only when
 * read.
 */
function modulesOf(grammar: Exclude<GeneratedGrammar, 'rfc3986'>): GrammarModules {
  return {
    grammar,
    get recognizer() {
      return loadRecognizer(grammar) as Recognizer;
    },
    get dfa() {
      return loadAutomata(grammar) as Automata;
    },
    get diagnose() {
      return loadDiagnose(grammar) as object;
    },
  };
}

/** RFC 3987 (IRIs): see modulesOf. */
export const RFC3987_GRAMMAR: GrammarModules = modulesOf('rfc3987');

/** RFC 2396 with RFC 2732: see modulesOf. */
export const RFC2396_GRAMMAR: GrammarModules = modulesOf('rfc2396');

/** RFC 3986 with RFC 6874's zone identifiers, which `zoneId: true` selects: see modulesOf. */
export const RFC6874_GRAMMAR: GrammarModules = modulesOf('rfc6874');
