/**
 * The types of the grammars and of their generated modules, in a file of
 * their own so that grammars.ts (which loads the modules) and load.ts (which
 * knows where they are) both take them from here and neither imports the other
 * for its types. The grammar names come from grammar/registry.json, by way of
 * generated/registry.d.ts.
 */
import type { RegisteredGrammar, SelectableGrammar } from '../../generated/registry';

/** A grammar that the option `grammar` selects: 'rfc3986' (the default), 'rfc3987' (IRIs), 'rfc2396' (the obsolete URI grammar), and every grammar registered since. */
export type GrammarName = SelectableGrammar;

/**
 * Every grammar generated from a grammar/NAME.peggy and listed in
 * grammar/registry.json: the GrammarNames, and the variants another option
 * selects ('rfc6874', RFC 3986 with RFC 6874 2's IP-literal, which
 * `zoneId: true` selects in place of 'rfc3986': its reference rules and its
 * records are RFC 3986's, and its errors say grammar 'rfc3986').
 */
export type GeneratedGrammar = RegisteredGrammar;

/** The recognizer module's interface, the same for every grammar (generated/NAME.recognizer.d.ts). */
export interface Recognizer {
  recognize(text: string, startRule: string): boolean;
  matchAt(text: string, startRule: string, at: number): number;
  captureLog(): Int32Array;
  captureCount(): number;
  readonly CAPTURE_SLOTS: Readonly<Record<string, number>>;
  /** Per decision rule, its slot in the log and the names of its alternatives (grammar/NAME.recognizer.json). */
  readonly DECISIONS: Readonly<Record<string, { readonly slot: number; readonly alternatives: readonly string[] }>>;
  readonly START_RULES: readonly string[];
  readonly NAMED_RULES: Readonly<Partial<Record<string, string>>>;
}

/** The automata module's interface, the same for every grammar (generated/NAME.dfa.d.ts): one minimal DFA per rule. */
export interface Automata {
  accepts(text: string, rule: string): boolean;
  spanTest(rule: string): (text: string, start: number, end: number) => boolean;
  viablePrefix(text: string, rule: string): number;
  /**
   * The fast path, proven at generate time (scripts/compile-dfa.ts, fastPathSources): for the rules
   * named, `test` accepts nothing their automata reject, and `split` captures the scheme, host,
   * port, path, query and fragment where the delimiter split (split.ts) finds them, and `rootless`
   * the scheme, path, query and fragment of a URI without an authority whose path does not start
   * with "/". null: none.
   */
  readonly FAST: { readonly rules: readonly string[]; readonly test: RegExp; readonly split: RegExp; readonly rootless: RegExp } | null;
  readonly RULE_NAMES: readonly string[];
}

/**
 * The generated modules of a grammar other than RFC 3986, for useGrammar():
 * the automata, the recognizer and the diagnostic back end (which explains a
 * rejection). `urigram/grammars/NAME` is this object for the grammar NAME.
 */
export interface GrammarModules {
  readonly grammar: Exclude<GeneratedGrammar, 'rfc3986'>;
  readonly recognizer: Recognizer;
  readonly diagnose: object;
  readonly dfa: Automata;
}

/** The modules generated from each grammar (generated/NAME.KIND.js): the automata, the recognizer and the diagnostic back end. */
export type GeneratedKind = 'dfa' | 'recognizer' | 'diagnose';

/**
 * What a grammar expected at a failure, in peggy's terms (its generated
 * parsers' Expectation type): the diagnostic back end's EXPECTATIONS
 * (generated/NAME.diagnose.d.ts) are these, which src/core/diagnose.ts describes.
 */
export type PeggyExpectation =
  | { readonly type: 'literal'; readonly text: string; readonly ignoreCase: boolean }
  | { readonly type: 'class'; readonly parts: Array<string | [start: string, end: string]>; readonly inverted: boolean; readonly ignoreCase: boolean }
  | { readonly type: 'any' }
  | { readonly type: 'end' }
  | { readonly type: 'other'; readonly description: string };
