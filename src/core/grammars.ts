/**
 * The grammars urigram is generated from, and what each calls its rules: the
 * entries of grammar/registry.json (generated/registry.js), the one list that
 * the option `grammar`, the CLI, the playground, the railroad pages, the
 * conformance runner and the docs read. RFC 3986 is the default everywhere;
 * RFC 3987 (IRIs) and RFC 2396 (the grammar RFC 3986 replaced, with RFC 2732)
 * are chosen by `{ grammar }`.
 *
 * A grammar may instead be a variant of another, chosen by an option of its
 * own: RFC 3986 as RFC 6874 updates it (IPv6 zone identifiers,
 * `[fe80::1%25eth0]`) is not a GrammarName: `{ zoneId: true }` selects it,
 * with the default grammar. Its internal name, 'rfc6874', is a GeneratedGrammar.
 *
 * The generated modules of every grammar but RFC 3986 are loaded on first use
 * (src/core/load.ts), so that a program that parses URIs never loads them.
 */
import type { StartRuleNames as Rfc3986Start } from '../../generated/rfc3986.recognizer';
import type { StartRuleNames as Rfc3987Start } from '../../generated/rfc3987.recognizer';
import type { StartRuleNames as Rfc2396Start } from '../../generated/rfc2396.recognizer';
import type { StartRuleNames as Rfc6570Start } from '../../generated/rfc6570.recognizer';
import { accepts, spanTest, viablePrefix, FAST, RULE_NAMES } from '../../generated/rfc3986.dfa';
import { GRAMMAR_REGISTRY, type GrammarEntry, type ReferenceRulesOf, type SchemeFormatName } from '../../generated/registry';
import { checkOption, oneOf } from './options';
import { loadAutomata, loadDiagnose, loadRecognizer, loadsOnFirstUse } from './load';
import { toAbnfName, type AbnfName } from './rule-names';
import type { Automata, GeneratedGrammar, GeneratedKind, GrammarModules, GrammarName, PeggyExpectation, Recognizer } from './types';

export type { Automata, GeneratedGrammar, GeneratedKind, GrammarEntry, GrammarModules, GrammarName, Recognizer, SchemeFormatName };

/** grammar/registry.json: every grammar urigram is generated from, with its title, section, reference rules and records. */
export { GRAMMAR_REGISTRY };

/*
 * What follows reads the registry once, in one loop at load: a callback per list (map, filter, Object.fromEntries of a map)
 * was eight small functions that V8 compiled at every require('urigram') (BENCHMARKS.md, "Cold start").
 */
/** The registry's entries by name. */
const ENTRIES = new Map<string, GrammarEntry>();
const generatedGrammars: GeneratedGrammar[] = [];
const grammars: GrammarName[] = [];
const generatedTitles: Array<[GeneratedGrammar, string]> = [];
for (const e of GRAMMAR_REGISTRY) {
  ENTRIES.set(e.name, e);
  generatedGrammars.push(e.name);
  generatedTitles.push([e.name, e.title]);
  if (e.select === 'grammar') grammars.push(e.name as GrammarName);
}
const parsedGrammars: GrammarName[] = [];
const conformanceGrammars: GrammarName[] = [];
const referenceRules: Array<[GrammarName, readonly string[]]> = [];
const titles: Array<[GrammarName, string]> = [];
for (const g of grammars) {
  const e = ENTRIES.get(g) as GrammarEntry;
  if (e.records !== 'none') parsedGrammars.push(g);
  if (e.conformance === true) conformanceGrammars.push(g);
  referenceRules.push([g, e.rules]);
  titles.push([g, e.title]);
}

/** A grammar's line of grammar/registry.json. */
export function grammarEntry(grammar: GeneratedGrammar): GrammarEntry {
  return ENTRIES.get(grammar) as GrammarEntry;
}

/** Every grammar of the registry, variants too, in its order. */
export const GENERATED_GRAMMARS: readonly GeneratedGrammar[] = generatedGrammars;

/** The grammars the option `grammar` selects, the default first. */
export const GRAMMARS: readonly GrammarName[] = grammars;

/** Any rule of RFC 3986 Appendix A, or a core rule it uses (ALPHA, DIGIT, HEXDIG), by its ABNF name. */
export type Rfc3986RuleName = AbnfName<Rfc3986Start>;
/** Any rule of RFC 3987 2.2 (its own and those it takes from RFC 3986), or a core rule, by its ABNF name. */
export type Rfc3987RuleName = AbnfName<Rfc3987Start>;
/** Any rule of RFC 2396 Appendix A (as grammar/rfc2396.abnf names it, "_" written "-") or of the RFC 2732 amendment. */
export type Rfc2396RuleName = AbnfName<Rfc2396Start>;
/** The same rules as RFC 2396 itself spells them, with "_" (hier_part, reg_name): matches() takes these too. */
export type Rfc2396OriginalRuleName = Rfc2396Start;
export type RuleName = Rfc3986RuleName | Rfc3987RuleName | Rfc2396RuleName;
/** Any rule of RFC 6570 2 (URI Templates), or one 1.5 imports, by its ABNF name: matches() knows them with `{ grammar: 'rfc6570' }`. */
export type Rfc6570RuleName = AbnfName<Rfc6570Start>;
/** The rules RFC 6874 2 adds to RFC 3986, which matches() knows with `{ zoneId: true }`. */
export type Rfc6874RuleName = 'IPv6addrz' | 'ZoneID';

/** The grammars parse() takes (whose registry line has records): the playground's. */
export const PARSED_GRAMMARS: readonly GrammarName[] = parsedGrammars;

/** The grammars the conformance suite's generated cases cover (registry: `conformance: true`). */
export const CONFORMANCE_GRAMMARS: readonly GrammarName[] = conformanceGrammars;

/** The rules a whole reference can be parsed as, per grammar, the default first (grammar/registry.json's `rules`). */
export type UriRuleName = ReferenceRulesOf['rfc3986'];
export type IriRuleName = ReferenceRulesOf['rfc3987'];
export type Rfc2396ReferenceRuleName = ReferenceRulesOf['rfc2396'];
export type ReferenceRuleName = ReferenceRulesOf[GrammarName];

export const REFERENCE_RULES: { readonly [G in GrammarName]: readonly ReferenceRulesOf[G][] } = Object.fromEntries(referenceRules) as {
  readonly [G in GrammarName]: readonly ReferenceRulesOf[G][];
};

/** Where each grammar comes from, for messages and the CLI. */
export const GRAMMAR_TITLES: Readonly<Record<GrammarName, string>> = Object.fromEntries(titles) as Record<GrammarName, string>;

/** GRAMMAR_TITLES, and the titles of the variants (for their railroad pages). */
export const GENERATED_GRAMMAR_TITLES: Readonly<Record<GeneratedGrammar, string>> = Object.fromEntries(generatedTitles) as Record<GeneratedGrammar, string>;

/**
 * The grammar that an option other than `grammar` selects in place of
 * `grammar` (`zoneId: true` selects 'rfc6874' in place of 'rfc3986'), or
 * undefined when the registry has no such variant of it.
 */
export function variantOf(grammar: GrammarName, option: 'zoneId'): GeneratedGrammar | undefined {
  return GRAMMAR_REGISTRY.find((e) => e.select === option && e.variantOf === grammar)?.name;
}

/**
 * RFC 3986's automata: imported statically, since isValid uses them; by name, since a namespace import had the bundle of
 * the CommonJS entry define a getter per export at load.
 */
export const RFC3986_AUTOMATA: Automata = { accepts, spanTest, viablePrefix, FAST, RULE_NAMES } as unknown as Automata;

/** peggy's expectations (the diagnostic back ends have them), and RFC 3986's rules by PEG name. */
export type { PeggyExpectation };
export type Rfc3986StartRule = Rfc3986Start;

const provided: Partial<Record<GeneratedGrammar, GrammarModules>> = {};

/**
 * Makes a grammar usable in an ES module bundle, which cannot load it on
 * first use as Node does: `useGrammar(RFC3987_GRAMMAR)` (or the default
 * export of `urigram/grammars/NAME`, for any grammar but RFC 3986) once,
 * before the first call that names `grammar: 'rfc3987'`
 * (`useGrammar(RFC6874_GRAMMAR)` before the first `zoneId: true`). Harmless
 * (and unneeded) in Node.
 */
export function useGrammar(modules: GrammarModules): void {
  const grammar: unknown = modules !== null && typeof modules === 'object' ? modules.grammar : undefined;
  if (typeof grammar !== 'string' || grammar === 'rfc3986' || !ENTRIES.has(grammar)) {
    const names = GENERATED_GRAMMARS.filter((g) => g !== 'rfc3986');
    throw new TypeError(`useGrammar expects the modules of a grammar (${names.map((g) => `${g.toUpperCase()}_GRAMMAR`).slice(0, 3).join(', ')}, or the default export of urigram/grammars/NAME for ${names.join(', ')})`);
  }
  provided[modules.grammar] = modules;
}

/** The modules loaded so far, by kind, then by grammar (no key string made per call: the scheme grammars' automata are asked for on every check). */
const loaded = new Map<GeneratedKind, Map<GeneratedGrammar, unknown>>();

/**
 * A generated module, loaded on first use (src/core/load.ts): another
 * grammar's modules only when a call names it, the diagnostic back end only to
 * explain a rejection.
 */
export function generatedModule<T>(grammar: GeneratedGrammar, kind: GeneratedKind): T {
  if (kind === 'recognizer') return recognizerOf(grammar) as T;
  if (kind === 'dfa') return automataOf(grammar) as T;
  return once(grammar, kind, () => own(grammar)?.diagnose ?? loadDiagnose(grammar)) as T;
}

/**
 * Whether a grammar can be used without an error: always in Node (it loads
 * on first use); in an ES module bundle, RFC 3986 and the grammars given to
 * useGrammar(). For the features that use a grammar only where the program
 * has it (lint's and normalize's scheme steps), not for a call that names it.
 */
export function grammarAvailable(grammar: GeneratedGrammar): boolean {
  return loadsOnFirstUse() || grammar === 'rfc3986' || provided[grammar] !== undefined;
}

/** The modules useGrammar() was given for a grammar (never RFC 3986's, which are always there). */
function own(grammar: GeneratedGrammar): GrammarModules | undefined {
  return grammar === 'rfc3986' ? undefined : provided[grammar];
}

/** A module, loaded by `load` the first time it is asked for. */
function once(grammar: GeneratedGrammar, kind: GeneratedKind, load: () => unknown): unknown {
  let ofKind = loaded.get(kind);
  if (ofKind === undefined) loaded.set(kind, (ofKind = new Map()));
  let module = ofKind.get(grammar);
  if (module === undefined) {
    module = load();
    ofKind.set(grammar, module);
  }
  return module;
}

/**
 * The generated recognizer of a grammar, loaded on first use: isValid and
 * parse run the automata, so that what loads it is the rest: the list of a
 * grammar's rules (rulesOf, matches), the names of its one-character rules
 * (explaining a rejection), extract, RFC 2396's and RFC 6874's records,
 * matches in a bundle, and the tests.
 */
export function recognizerOf(grammar: GeneratedGrammar): Recognizer {
  return once(grammar, 'recognizer', () => own(grammar)?.recognizer ?? loadRecognizer(grammar)) as Recognizer;
}

/** The automata of a grammar's reference rules (generated/NAME.dfa.js), for isValid, parse and matches. */
export function automataOf(grammar: GeneratedGrammar): Automata {
  return grammar === 'rfc3986' ? RFC3986_AUTOMATA : (once(grammar, 'dfa', () => own(grammar)?.dfa ?? loadAutomata(grammar)) as Automata);
}

const coreRules = new Map<GeneratedGrammar, ReadonlySet<string>>();

/**
 * The automata that match `rule` (a PEG name) of a grammar: the grammar's
 * (generated/NAME.dfa.js: the reference rules, and the rules grammar/NAME.dfa.json
 * adds to them, which matches() would otherwise be more than twice as slow on);
 * undefined for any other rule, which the recognizer matches.
 */
export function automatonFor(grammar: GeneratedGrammar, rule: string): Automata | undefined {
  let core = coreRules.get(grammar);
  if (core === undefined) coreRules.set(grammar, (core = new Set(automataOf(grammar).RULE_NAMES)));
  return core.has(rule) ? automataOf(grammar) : undefined;
}

const ruleSets: Partial<Record<GeneratedGrammar, ReadonlySet<string>>> = {};

/** Every rule of a grammar, by ABNF name, in the order of its .peggy file. */
export function rulesOf(grammar: GrammarName): readonly string[] {
  checkOption('rulesOf', 'grammar', grammar, oneOf(GRAMMARS));
  return recognizerOf(grammar).START_RULES.map(toAbnfName);
}

export function isRuleOf(grammar: GeneratedGrammar, name: unknown): boolean {
  const set = (ruleSets[grammar] ??= new Set(recognizerOf(grammar).START_RULES.map(toAbnfName)));
  return typeof name === 'string' && set.has(name);
}

/**
 * The ABNF name of a rule as a caller may write it: RFC 2396 spells its rules
 * with "_" (hier_part), grammar/rfc2396.abnf with "-" as RFC 3986 D.2 renames
 * them, and both are taken (the registry's `ruleSpelling: "underscore"`).
 * Other grammars take their ABNF names only.
 */
export function ruleNameIn(grammar: GeneratedGrammar, name: string): string {
  return grammarEntry(grammar).ruleSpelling === 'underscore' ? toAbnfName(name) : name;
}
