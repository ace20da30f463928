/**
 * The three grammars urigram is generated from, and what each calls its
 * rules. RFC 3986 is the default everywhere; RFC 3987 (IRIs) and RFC 2396 (the
 * grammar RFC 3986 replaced, with RFC 2732) are chosen by `{ grammar }`.
 *
 * The generated modules of RFC 3987 and RFC 2396 are loaded on first use
 * (src/load.ts), so that a program that parses URIs never loads them.
 */
import type * as Rfc3986Parser from '../generated/rfc3986';
import type { StartRuleNames as Rfc3986Start } from '../generated/rfc3986';
import type { StartRuleNames as Rfc3987Start } from '../generated/rfc3987';
import type { StartRuleNames as Rfc2396Start } from '../generated/rfc2396';
import * as rfc3986Recognizer from '../generated/rfc3986.recognizer';
import { checkOption, oneOf } from './options';
import { loadDiagnose, loadParser, loadRecognizer, loadTrace } from './load';

export type GrammarName = 'rfc3986' | 'rfc3987' | 'rfc2396';

export const GRAMMARS: readonly GrammarName[] = ['rfc3986', 'rfc3987', 'rfc2396'];

type AbnfName<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}-${AbnfName<Tail>}` : S;

/** Any rule of RFC 3986 Appendix A, or a core rule it uses (ALPHA, DIGIT, HEXDIG), by its ABNF name. */
export type Rfc3986RuleName = AbnfName<Rfc3986Start>;
/** Any rule of RFC 3987 2.2 (its own and those it takes from RFC 3986), or a core rule, by its ABNF name. */
export type Rfc3987RuleName = AbnfName<Rfc3987Start>;
/** Any rule of RFC 2396 Appendix A (as grammar/rfc2396.abnf names it, "_" written "-") or of the RFC 2732 amendment. */
export type Rfc2396RuleName = AbnfName<Rfc2396Start>;
/** The same rules as RFC 2396 itself spells them, with "_" (hier_part, reg_name): matches() takes these too. */
export type Rfc2396OriginalRuleName = Rfc2396Start;
export type RuleName = Rfc3986RuleName | Rfc3987RuleName | Rfc2396RuleName;

/** The rules a whole reference can be parsed as, per grammar, the default first. */
export type UriRuleName = 'URI-reference' | 'URI' | 'absolute-URI' | 'relative-ref';
export type IriRuleName = 'IRI-reference' | 'IRI' | 'absolute-IRI' | 'irelative-ref';
export type Rfc2396ReferenceRuleName = 'URI-reference' | 'absoluteURI' | 'relativeURI';
export type ReferenceRuleName = UriRuleName | IriRuleName | Rfc2396ReferenceRuleName;

export const REFERENCE_RULES: Readonly<Record<GrammarName, readonly ReferenceRuleName[]>> = {
  rfc3986: ['URI-reference', 'URI', 'absolute-URI', 'relative-ref'],
  rfc3987: ['IRI-reference', 'IRI', 'absolute-IRI', 'irelative-ref'],
  rfc2396: ['URI-reference', 'absoluteURI', 'relativeURI'],
};

/** Where each grammar comes from, for messages and the CLI. */
export const GRAMMAR_TITLES: Readonly<Record<GrammarName, string>> = {
  rfc3986: 'RFC 3986 (URI, STD 66)',
  rfc3987: 'RFC 3987 (IRI)',
  rfc2396: 'RFC 2396 + RFC 2732 (obsolete URI)',
};

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

/** RFC 3986's recognizer: imported statically, since every call uses it. */
export const RFC3986_RECOGNIZER: Recognizer = rfc3986Recognizer as unknown as Recognizer;

/** The shape of peggy's generated parser modules (RFC 3986's stands for all three), and of its expectations. */
export type PeggyParserModule = typeof Rfc3986Parser;
export type PeggyExpectation = Rfc3986Parser.Expectation;
export type Rfc3986StartRule = Rfc3986Start;

/** The modules generated from each grammar: the recognizer, the diagnostic back end, peggy's parser, and peggy's parser with --trace. */
export type GeneratedKind = 'recognizer' | 'diagnose' | 'parser' | 'trace';

/**
 * The generated modules of RFC 3987 or RFC 2396, for useGrammar(): the
 * recognizer and the diagnostic back end (which explains a rejection).
 */
export interface GrammarModules {
  readonly grammar: 'rfc3987' | 'rfc2396';
  readonly recognizer: Recognizer;
  readonly diagnose: object;
}

const provided: Partial<Record<GrammarName, GrammarModules>> = {};

/**
 * Makes a grammar usable in an ES module bundle, which cannot load it on
 * first use as Node does: `useGrammar(RFC3987_GRAMMAR)` once, before the first
 * call that names `grammar: 'rfc3987'`. Harmless (and unneeded) in Node.
 */
export function useGrammar(modules: GrammarModules): void {
  if (modules === null || typeof modules !== 'object' || (modules.grammar !== 'rfc3987' && modules.grammar !== 'rfc2396')) {
    throw new TypeError('useGrammar expects RFC3987_GRAMMAR or RFC2396_GRAMMAR');
  }
  provided[modules.grammar] = modules;
}

const loaded = new Map<string, unknown>();

/**
 * A generated module, loaded on first use (src/load.ts): the RFC 3987 and RFC
 * 2396 modules only when a call names their grammar, the diagnostic back end
 * only to explain a rejection, the peggy parsers (traced or not) only for the
 * tests and the benchmark.
 */
export function generatedModule<T>(grammar: GrammarName, kind: GeneratedKind): T {
  if (kind === 'recognizer') return recognizerOf(grammar) as T;
  const key = `${grammar}.${kind}`;
  let module = loaded.get(key);
  if (module === undefined) {
    const own = grammar === 'rfc3986' ? undefined : provided[grammar];
    module = kind === 'diagnose' ? (own?.diagnose ?? loadDiagnose(grammar)) : kind === 'trace' ? loadTrace(grammar) : loadParser(grammar);
    loaded.set(key, module);
  }
  return module as T;
}

/** The generated recognizer of a grammar. */
export function recognizerOf(grammar: GrammarName): Recognizer {
  if (grammar === 'rfc3986') return RFC3986_RECOGNIZER;
  let module = loaded.get(`${grammar}.recognizer`);
  if (module === undefined) {
    module = provided[grammar]?.recognizer ?? loadRecognizer(grammar);
    loaded.set(`${grammar}.recognizer`, module);
  }
  return module as Recognizer;
}

/** The PEG rule name for an ABNF rule name: "-" is written "_". */
export function toPegName(rule: string): string {
  return rule.replace(/-/g, '_');
}

/** The ABNF rule name for a PEG rule name. */
export function toAbnfName(rule: string): string {
  return rule.replace(/_/g, '-');
}

const ruleSets: Partial<Record<GrammarName, ReadonlySet<string>>> = {};

/** Every rule of a grammar, by ABNF name, in the order of its .peggy file. */
export function rulesOf(grammar: GrammarName): readonly string[] {
  checkOption('rulesOf', 'grammar', grammar, oneOf(GRAMMARS));
  return recognizerOf(grammar).START_RULES.map(toAbnfName);
}

export function isRuleOf(grammar: GrammarName, name: unknown): boolean {
  const set = (ruleSets[grammar] ??= new Set(rulesOf(grammar)));
  return typeof name === 'string' && set.has(name);
}

/**
 * The ABNF name of a rule as a caller may write it: RFC 2396 spells its rules
 * with "_" (hier_part), grammar/rfc2396.abnf with "-" as RFC 3986 D.2 renames
 * them, and both are taken. Other grammars take their ABNF names only.
 */
export function ruleNameIn(grammar: GrammarName, name: string): string {
  return grammar === 'rfc2396' ? name.replace(/_/g, '-') : name;
}
