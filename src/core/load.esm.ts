/**
 * src/core/load.ts as the ES module build has it (scripts/finish-build.ts puts the
 * compiled file in its place, dist/esm/src/core/load.js). Bundlers use this build;
 * a bundle cannot load a module synchronously on first use, so:
 *
 * - RFC 3986's diagnostic back end is imported statically: a bundle that can
 *   reach parse()'s error path holds it; one of isValid() alone does not;
 * - the other grammars are in a bundle only when the program passes them to
 *   useGrammar() (RFC3987_GRAMMAR, RFC2396_GRAMMAR, RFC6874_GRAMMAR for
 *   `zoneId: true`, defined below, or the default export of
 *   `urigram/grammars/NAME` for any registered grammar, which a bundler drops
 *   when nothing imports them); without that, a call that names them throws
 *   an error that says so. No grammar is named here to be in the build:
 *   generate writes the modules of every grammar of grammar/registry.json
 *   (generated/NAME.grammar.mjs), and those of the scheme grammars, which
 *   urigram/formats gives to useSchemes(), in generated/scheme-grammars.mjs
 *   (schemeGrammarModules, below);
 * - tr46 is in a bundle only when the program passes it to useTr46();
 * - the scheme checks (the option `scheme`) only when it calls useSchemes();
 * - matches() has the recognizer match the rules whose automata are not in a
 *   grammar's core, so that a bundle does not carry them;
 * - peggy's parsers, traced or not (for the tests and the benchmark), are not
 *   in this build.
 */
import type { GeneratedGrammar, GeneratedKind, GrammarModules } from './types';
import * as rfc3986Diagnose from '../../generated/rfc3986.diagnose';
import * as rfc3986Recognizer from '../../generated/rfc3986.recognizer';
import RFC3987 from '../../generated/rfc3987.grammar';
import RFC2396 from '../../generated/rfc2396.grammar';
import RFC6874 from '../../generated/rfc6874.grammar';
import RFC6570 from '../../generated/rfc6570.grammar';
import { SCHEME_GRAMMAR_MODULES } from '../../generated/scheme-grammars';

/** The grammars with an export of their own, RFC3987_GRAMMAR and the like (below); any grammar has urigram/grammars/NAME. */
const EXPORTED = ['rfc3987', 'rfc2396', 'rfc6874', 'rfc6570'];

function notInBundle(grammar: GeneratedGrammar): Error {
  const what = grammar === 'rfc6874' ? 'the rfc6874 grammar (for zoneId: true)' : `the ${grammar} grammar`;
  const how = EXPORTED.includes(grammar)
    ? `import { useGrammar, ${grammar.toUpperCase()}_GRAMMAR } from 'urigram' and call useGrammar(${grammar.toUpperCase()}_GRAMMAR)`
    : `import grammar from 'urigram/grammars/${grammar}' and call useGrammar(grammar) (from 'urigram')`;
  return new Error(`urigram: ${what} is not in this bundle: ${how} once before using it (Node loads it by itself)`);
}

export function loadGenerated(grammar: GeneratedGrammar, kind: Exclude<GeneratedKind, 'recognizer' | 'diagnose'>): unknown {
  if (kind === 'trace' || kind === 'parser') {
    throw new Error(`urigram: peggy's ${kind === 'trace' ? 'traced' : 'untraced'} ${grammar} parser is used by urigram's tests only, and is not in the ES module build`);
  }
  // matches() has the recognizer match the rules outside a grammar's core.
  if (kind === 'rules-dfa') return undefined;
  throw notInBundle(grammar);
}

export function loadRecognizer(grammar: GeneratedGrammar): unknown {
  if (grammar === 'rfc3986') return rfc3986Recognizer;
  throw notInBundle(grammar);
}

export function loadDiagnose(grammar: GeneratedGrammar): unknown {
  if (grammar === 'rfc3986') return rfc3986Diagnose;
  throw notInBundle(grammar);
}

/** Whether this build loads a grammar, and the scheme checks, on first use: not in a bundle (useGrammar, useSchemes). */
export function loadsOnFirstUse(): boolean {
  return false;
}

export function loadSchemeChecks(): unknown {
  throw new Error(
    "urigram: the option scheme needs urigram's scheme checks, which the ES module build does not load by itself: import { useSchemes } from 'urigram' and call useSchemes() once, with the grammars of the schemes to check (import mailto from 'urigram/grammars/rfc6068'; useSchemes(mailto)); checkScheme() needs them too (Node loads them by itself)",
  );
}

export function loadWhatwgWriting(): unknown {
  throw new Error("urigram: call useWhatwgWriting() once for { grammar: 'whatwg-url' } in a bundle (docs/api.md)");
}

export function loadTr46(): unknown {
  throw new Error(
    "urigram: host: 'idna' needs the tr46 package, which the ES module build does not load by itself: import * as tr46 from 'tr46' and call useTr46(tr46) once (Node loads it by itself)",
  );
}

/** RFC 3987 (IRIs): `useGrammar(RFC3987_GRAMMAR)` before `{ grammar: 'rfc3987' }` in a bundle. */
export const RFC3987_GRAMMAR: GrammarModules = RFC3987;

/** RFC 2396 with RFC 2732: `useGrammar(RFC2396_GRAMMAR)` before `{ grammar: 'rfc2396' }` in a bundle. */
export const RFC2396_GRAMMAR: GrammarModules = RFC2396;

/** RFC 3986 with RFC 6874's zone identifiers: `useGrammar(RFC6874_GRAMMAR)` before `{ zoneId: true }` in a bundle. */
export const RFC6874_GRAMMAR: GrammarModules = RFC6874;

/** RFC 6570 (URI Templates): `useGrammar(RFC6570_GRAMMAR)` before the first template function or `{ grammar: 'rfc6570' }` in a bundle. */
export const RFC6570_GRAMMAR: GrammarModules = RFC6570;

/**
 * The modules of the grammars of grammar/registry.json that name URI schemes
 * (generated/scheme-grammars.mjs, written from the registry): urigram/formats
 * gives them to useSchemes(). A bundle that does not call this has none of them.
 */
export function schemeGrammarModules(): readonly GrammarModules[] {
  return SCHEME_GRAMMAR_MODULES;
}
