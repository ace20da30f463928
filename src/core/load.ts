/**
 * Where the modules that urigram loads on first use come from, in Node and
 * in the CommonJS build: generated/loaders.js, a require() with a literal path
 * for each module of each grammar of grammar/registry.json, run on the first
 * call that needs it, so that a program that parses RFC 3986 URIs never loads
 * the other grammars, the diagnostic back ends (used only to explain a
 * rejection) or tr46 (used only by host: 'idna').
 *
 * The ES module build, which bundlers tree-shake, has src/core/load.esm.ts in this
 * module's place (scripts/finish-build.ts puts it there): it has no require,
 * so a bundle holds only what it imports.
 */
import type { GeneratedGrammar, GeneratedKind, GrammarModules } from './types';
import type * as Loaders from '../../generated/loaders';
import type * as SchemeGrammars from '../../generated/scheme-grammars';

/** CommonJS's own require, declared here so that the core needs no Node types. */
declare const require: (id: string) => unknown;

let loaders: typeof Loaders | undefined;

/** generated/loaders.js, itself required on the first module it loads. */
function generated(grammar: GeneratedGrammar, kind: GeneratedKind): unknown {
  loaders ??= require('../../generated/loaders') as typeof Loaders;
  return loaders.loadGenerated(grammar, kind);
}

/**
 * A generated module of a grammar (generated/NAME.KIND.js), by
 * grammar/registry.json: the automata ('dfa', 'rules-dfa') and peggy's
 * parsers ('parser', 'trace'). The recognizer and the diagnostic back end
 * have functions of their own, so that an ES module bundle (load.esm.ts)
 * holds RFC 3986's only where they can be reached.
 */
export function loadGenerated(grammar: GeneratedGrammar, kind: Exclude<GeneratedKind, 'recognizer' | 'diagnose'>): unknown {
  return generated(grammar, kind);
}

/** The recognizer of a grammar: isValid and parse run the automata, so that it loads only for what else uses it. */
export function loadRecognizer(grammar: GeneratedGrammar): unknown {
  return generated(grammar, 'recognizer');
}

/** The diagnostic back end of a grammar: only diagnose() uses it, to explain a rejection. */
export function loadDiagnose(grammar: GeneratedGrammar): unknown {
  return generated(grammar, 'diagnose');
}

/** Whether this build loads a grammar, and the scheme checks, on first use: Node and the CommonJS build do (the ES module build's load.esm.ts does not). */
export function loadsOnFirstUse(): boolean {
  return true;
}

/** The scheme checks (src/schemes/check.ts), for the option `scheme`. */
export function loadSchemeChecks(): unknown {
  return require('../schemes/check');
}

/** The URL Standard's writing checks, for { grammar: 'whatwg-url' } (src/core/parse.ts). */
export function loadWhatwgWriting(): unknown {
  return (require('../whatwg/writing') as { WRITING: unknown }).WRITING;
}

/** The tr46 package (UTS 46), for host: 'idna'. */
export function loadTr46(): unknown {
  return require('tr46');
}

/**
 * The generated modules of a grammar other than RFC 3986, for useGrammar(),
 * which an ES module bundle needs (see src/core/load.esm.ts). Node loads a
 * grammar on first use and never needs them; here they load their modules
 * only when read.
 */
function modulesOf(grammar: GrammarModules['grammar']): GrammarModules {
  return {
    grammar,
    get recognizer() {
      return generated(grammar, 'recognizer') as GrammarModules['recognizer'];
    },
    get dfa() {
      return generated(grammar, 'dfa') as GrammarModules['dfa'];
    },
    get diagnose() {
      return generated(grammar, 'diagnose') as object;
    },
  };
}

/** RFC 3987 (IRIs): see modulesOf. */
export const RFC3987_GRAMMAR: GrammarModules = modulesOf('rfc3987');

/** RFC 2396 with RFC 2732: see modulesOf. */
export const RFC2396_GRAMMAR: GrammarModules = modulesOf('rfc2396');

/** RFC 3986 with RFC 6874's zone identifiers, which `zoneId: true` selects: see modulesOf. */
export const RFC6874_GRAMMAR: GrammarModules = modulesOf('rfc6874');

/** RFC 6570 (URI Templates), for isValid, matches and src/template/: see modulesOf. */
export const RFC6570_GRAMMAR: GrammarModules = modulesOf('rfc6570');

/**
 * The modules of the grammars of grammar/registry.json that name URI schemes
 * (generated/scheme-grammars.js, written from the registry): urigram/formats
 * gives them to useSchemes() on its first scheme check. Required then, not at
 * load, and each grammar's modules only when read.
 */
export function schemeGrammarModules(): readonly GrammarModules[] {
  return (require('../../generated/scheme-grammars') as typeof SchemeGrammars).SCHEME_GRAMMAR_MODULES;
}
