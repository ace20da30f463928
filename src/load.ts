/**
 * Where the modules that urigram loads on first use come from, in Node and
 * in the CommonJS build: a require() with a literal path for each, run on the
 * first call that needs it, so that a program that parses RFC 3986 URIs never
 * loads the other grammars, the diagnostic back ends (used only to explain a
 * rejection) or tr46 (used only by host: 'idna').
 *
 * The ES module build, which bundlers tree-shake, has src/load.esm.ts in this
 * module's place (scripts/finish-build.ts puts it there): it has no require,
 * so a bundle holds only what it imports.
 */
import type { GrammarModules, GrammarName, Recognizer } from './grammars';

/** CommonJS's own require, declared here so that the core needs no Node types. */
declare const require: (id: string) => unknown;

/** The recognizer of RFC 3987 or RFC 2396 (RFC 3986's is imported statically: everything uses it). */
export function loadRecognizer(grammar: Exclude<GrammarName, 'rfc3986'>): unknown {
  return grammar === 'rfc3987' ? require('../generated/rfc3987.recognizer') : require('../generated/rfc2396.recognizer');
}

/** The diagnostic back end of a grammar: only diagnose() uses it, to explain a rejection. */
export function loadDiagnose(grammar: GrammarName): unknown {
  if (grammar === 'rfc3986') return require('../generated/rfc3986.diagnose');
  return grammar === 'rfc3987' ? require('../generated/rfc3987.diagnose') : require('../generated/rfc2396.diagnose');
}

/** peggy's traced parser of a grammar: the oracle the tests hold diagnose() to. */
export function loadTrace(grammar: GrammarName): unknown {
  if (grammar === 'rfc3986') return require('../generated/rfc3986.trace');
  return grammar === 'rfc3987' ? require('../generated/rfc3987.trace') : require('../generated/rfc2396.trace');
}

/** peggy's untraced parser of a grammar: only the tests and the benchmark use it, to compare the back ends. */
export function loadParser(grammar: GrammarName): unknown {
  if (grammar === 'rfc3986') return require('../generated/rfc3986');
  return grammar === 'rfc3987' ? require('../generated/rfc3987') : require('../generated/rfc2396');
}

/** The tr46 package (UTS 46), for host: 'idna'. */
export function loadTr46(): unknown {
  return require('tr46');
}

/**
 * The generated modules of RFC 3987 and RFC 2396, for useGrammar(), which an
 * ES module bundle needs (see src/load.esm.ts). Node loads a grammar on first
 * use and never needs them; here they load their modules only when read.
 */
export const RFC3987_GRAMMAR: GrammarModules = {
  grammar: 'rfc3987',
  get recognizer() {
    return loadRecognizer('rfc3987') as Recognizer;
  },
  get diagnose() {
    return loadDiagnose('rfc3987') as object;
  },
};

/** RFC 2396 with RFC 2732: see RFC3987_GRAMMAR. */
export const RFC2396_GRAMMAR: GrammarModules = {
  grammar: 'rfc2396',
  get recognizer() {
    return loadRecognizer('rfc2396') as Recognizer;
  },
  get diagnose() {
    return loadDiagnose('rfc2396') as object;
  },
};
