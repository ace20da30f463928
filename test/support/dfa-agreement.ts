/**
 * What test/dfa.test.ts and test/dfa.long.ts share: the grammars whose automata are held to their recognizer, their
 * reference rules, the scheme grammars' vector inputs, and the comparisons that collect disagreements.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { automatonRecord, recognizerRecord } from '../../src/core/backends';
import { automatonFor, GRAMMAR_REGISTRY, recognizerOf, REFERENCE_RULES as PUBLIC_REFERENCE_RULES, type GeneratedGrammar } from '../../src/core/grammars';
import { allAutomata } from './all-automata';

/** The three URI grammars, RFC 6874's variant of RFC 3986 (zoneId: true), RFC 6570's (templates), with their reference rules, and the scheme grammars (issue 34). */
export const SCHEME_GRAMMARS = GRAMMAR_REGISTRY.filter((e) => e.dir === 'schemes').map((e) => e.name as GeneratedGrammar);
export const GRAMMARS: readonly GeneratedGrammar[] = ['rfc3986', 'rfc3987', 'rfc2396', 'rfc6874', 'rfc6570', ...SCHEME_GRAMMARS];

/** The inputs of a scheme grammar's vectors (test/vectors/schemes/): its own file's, and its PEG deviations'. */
export function schemeVectorInputs(grammar: string): string[] {
  const dir = path.join(__dirname, '..', 'vectors', 'schemes');
  const own = path.join(dir, `${grammar.replace(/-nonstandard$/, '')}.json`);
  const deviations = (JSON.parse(fs.readFileSync(path.join(dir, 'peg-deviations.json'), 'utf8')) as { vectors: Array<{ grammar: string; input: string }> }).vectors;
  return [...(JSON.parse(fs.readFileSync(own, 'utf8')) as { vectors: Array<{ input: string }> }).vectors.map((v) => v.input), ...deviations.filter((v) => v.grammar === grammar).map((v) => v.input)];
}
export const REFERENCE_RULES: Readonly<Record<GeneratedGrammar, readonly string[]>> = { ...PUBLIC_REFERENCE_RULES, rfc6874: PUBLIC_REFERENCE_RULES.rfc3986 };
export const root = path.join(__dirname, '..', '..');
export const corpus = (name: string): string[] => fs.readFileSync(path.join(__dirname, '..', 'corpus', name), 'utf8').split(/\r?\n/);

/**
 * Collects disagreements instead of failing on the first, so a failure shows several. The automaton is the one
 * matches() runs (generated/NAME.dfa.js) where there is one, else the compiler's, made in memory (allAutomata): the
 * compiler is held to the recognizer on every rule, whether or not matches() runs its automaton.
 */
export function differences(grammar: GeneratedGrammar, rule: string, inputs: Iterable<string>): Array<[string, string, boolean]> {
  const dfa = automatonFor(grammar, rule) ?? (allAutomata(grammar).RULE_NAMES.includes(rule) ? allAutomata(grammar) : undefined);
  if (dfa === undefined) throw new Error(`no automaton of ${grammar} ${rule}`);
  const recognizer = recognizerOf(grammar);
  const out: Array<[string, string, boolean]> = [];
  for (const input of inputs) {
    const a = dfa.accepts(input, rule);
    if (a !== recognizer.recognize(input, rule) && out.length < 10) out.push([rule, input, a]);
  }
  return out;
}

export function recordDifferences(grammar: GeneratedGrammar, rule: string, inputs: Iterable<string>): unknown[] {
  const out: unknown[] = [];
  for (const input of inputs) {
    const a = JSON.stringify(automatonRecord(input, rule, grammar));
    const b = JSON.stringify(recognizerRecord(input, rule, grammar));
    if (a !== b && out.length < 10) out.push({ rule, input, automaton: a, recognizer: b });
  }
  return out;
}
