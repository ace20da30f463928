/**
 * The grammar check: does the PEG parser accept exactly what the ABNF
 * accepts? It works on any pair of ABNF grammar and compiled PEG parser:
 *
 * 1. Rule sets: every ABNF rule has a PEG rule of the same name ("-" as "_"),
 *    and the PEG has no other rule except listed helpers; undefined ABNF
 *    references are errors, unreferenced ABNF rules are noted.
 * 2. For each rule, strings generated from the ABNF must be accepted by the
 *    PEG start rule of that name (whole input consumed; the oracle confirms
 *    each string is in the ABNF's language).
 * 3. Near misses of those strings are judged by the oracle, and the PEG must
 *    agree on accept or reject for every one; where both reject, the PEG's
 *    error offset must be the first character that no string of the rule has
 *    there (the oracle's longest viable prefix), as UriSyntaxError promises.
 *
 * Every disagreement is shrunk to a minimal reproducer.
 */
import type { Parser } from 'peggy';
import type { AbnfGrammar } from './abnf';
import { Generator, nearMiss, NEAR_MISS_CHARACTERS, Random, type Substitute } from './generate';
import { Oracle } from './oracle';
import { toPegName } from '../../src/core/rule-names';

/** A compiled peggy parser (peggy's own type): `parse` throws when the input does not match the start rule in full. */
export type PegParser = Pick<Parser, 'parse'>;

/** grammar/NAME.check.json */
export interface CheckConfig {
  /** PEG rules that the ABNF does not have, each with the reason it exists. */
  readonly pegHelpers: Readonly<Record<string, string>>;
  /** Hard spots: what the generator may produce in place of a rule (see generate.ts). */
  readonly substitutes: Readonly<Record<string, readonly Substitute[]>>;
  /** The rules the long run (npm run fuzz:grammar) covers: the start rules and the host rules. */
  readonly fuzzRules: readonly string[];
  /** Characters near misses may insert besides NEAR_MISS_CHARACTERS: the edges of a grammar's own ranges. */
  readonly nearMissCharacters?: readonly string[];
}

export interface CheckOptions {
  /** ABNF rule names to check; all of them by default. */
  readonly rules?: readonly string[];
  /** Strings generated per rule; as many near misses again. */
  readonly count: number;
  readonly seed: number;
  /** Called after each rule, for progress output. */
  readonly onRule?: (summary: RuleSummary) => void;
}

export interface Disagreement {
  readonly rule: string;
  /** The shortest input found that still shows the disagreement. */
  readonly input: string;
  /** The input as first found, before shrinking. */
  readonly original: string;
  readonly abnf: boolean;
  readonly peg: boolean;
  /** Where the disagreement came from: a generated string, or a near miss of one. */
  readonly source: 'generated' | 'near miss';
  /** The PEG's error message, when it rejected. */
  readonly pegError?: string;
  /** When both reject but disagree on where: the first invalid offset by the ABNF, and the PEG's error offset. */
  readonly offsets?: { readonly abnf: number; readonly peg: number };
}

export interface RuleSummary {
  readonly rule: string;
  readonly generated: number;
  readonly nearMisses: number;
  /** Near misses that the ABNF accepts (the rest it rejects). */
  readonly nearMissesAccepted: number;
  readonly disagreements: number;
}

export interface CheckReport {
  readonly seed: number;
  readonly ruleSetErrors: readonly string[];
  readonly notes: readonly string[];
  readonly summaries: readonly RuleSummary[];
  readonly disagreements: readonly Disagreement[];
  /** Strings the generator produced that the oracle rejects: a broken generator, substitute or oracle. */
  readonly generatorErrors: readonly string[];
  /** Alternatives the generator never took. */
  readonly uncovered: readonly string[];
  readonly ok: boolean;
}


export function checkRuleSets(abnf: AbnfGrammar, pegRules: readonly string[], config: CheckConfig): { errors: string[]; notes: string[] } {
  const errors: string[] = [];
  const notes: string[] = [];
  const peg = new Set(pegRules);
  for (const name of abnf.names) {
    if (!peg.has(toPegName(name))) errors.push(`ABNF rule ${name} has no PEG rule ${toPegName(name)}`);
  }
  const expected = new Set(abnf.names.map(toPegName));
  for (const name of pegRules) {
    if (expected.has(name)) continue;
    const reason = config.pegHelpers[name];
    if (reason) notes.push(`PEG helper ${name}: ${reason}`);
    else errors.push(`PEG rule ${name} is not in the ABNF and not listed as a helper with a reason`);
  }
  for (const name of Object.keys(config.pegHelpers)) {
    if (!peg.has(name)) errors.push(`helper ${name} is listed but the PEG has no such rule`);
  }
  for (const ref of abnf.undefinedRefs) errors.push(`ABNF refers to undefined rule ${ref}`);
  if (abnf.unreferenced.length > 0) notes.push(`ABNF rules no other rule refers to: ${abnf.unreferenced.join(', ')}`);
  return { errors, notes };
}

interface PegVerdict {
  readonly accepted: boolean;
  readonly error?: string;
  readonly offset?: number;
}

function pegVerdict(peg: PegParser, rule: string, input: string): PegVerdict {
  try {
    peg.parse(input, { startRule: toPegName(rule) });
    return { accepted: true };
  } catch (e) {
    if (e instanceof Error && e.name === 'SyntaxError' && 'location' in e) {
      const location = e.location as { start: { offset: number } };
      return { accepted: false, error: e.message, offset: location.start.offset };
    }
    throw e;
  }
}

/** What shrink tries in place of a character, simplest first: a digit, a letter, then the delimiters. */
const SIMPLER = ['0', '1', 'a', 'A', '.', '-', ':', '/'];

/**
 * Shrinks `input` while `disagrees` holds: drops runs of characters, longest
 * first, then single characters, until no single deletion keeps it; then
 * replaces each character by a simpler one (SIMPLER, a lower code point, one
 * UTF-16 unit for two) where the disagreement stays, so that the reproducer
 * reads as plainly as it can.
 */
export function shrink(input: string, disagrees: (s: string) => boolean): string {
  const best = deleteWhileDisagrees(input, disagrees);
  const chars = [...best];
  for (let i = 0; i < chars.length; i++) {
    for (const c of SIMPLER) {
      if (c.codePointAt(0) === chars[i].codePointAt(0)) break;
      if (c.length > chars[i].length || (c.codePointAt(0) as number) > (chars[i].codePointAt(0) as number)) continue;
      const candidate = [...chars.slice(0, i), c, ...chars.slice(i + 1)].join('');
      if (disagrees(candidate)) {
        chars[i] = c;
        break;
      }
    }
  }
  return chars.join('');
}

function deleteWhileDisagrees(input: string, disagrees: (s: string) => boolean): string {
  let best = input;
  for (let size = Math.max(1, Math.floor(best.length / 2)); size >= 1; size = Math.floor(size / 2)) {
    let changed = true;
    while (changed) {
      changed = false;
      for (let i = 0; i + size <= best.length; i++) {
        const candidate = best.slice(0, i) + best.slice(i + size);
        if (disagrees(candidate)) {
          best = candidate;
          changed = true;
          break;
        }
      }
    }
  }
  return best;
}

export function checkGrammar(abnf: AbnfGrammar, peg: PegParser, pegRules: readonly string[], config: CheckConfig, options: CheckOptions): CheckReport {
  const { errors, notes } = checkRuleSets(abnf, pegRules, config);
  const oracle = new Oracle(abnf);
  const random = new Random(options.seed);
  const alphabet = [...NEAR_MISS_CHARACTERS, ...(config.nearMissCharacters ?? [])];
  const generator = new Generator(abnf, random, { substitutes: config.substitutes });
  const rules = (options.rules ?? abnf.names).map((r) => {
    const name = abnf.canonical(r);
    if (name === undefined) throw new Error(`the ABNF has no rule ${r}`);
    return name;
  });

  const summaries: RuleSummary[] = [];
  const disagreements: Disagreement[] = [];
  const generatorErrors: string[] = [];
  const found = new Set<string>();

  /** Whether the PEG and the ABNF disagree on `input`: on accepting it, or, both rejecting, on where it fails. */
  const differs = (rule: string, input: string): boolean => {
    const abnfSays = oracle.accepts(rule, input);
    const verdict = pegVerdict(peg, rule, input);
    if (verdict.accepted !== abnfSays) return true;
    return !abnfSays && verdict.offset !== oracle.firstInvalidOffset(rule, input);
  };

  const judge = (rule: string, input: string, source: Disagreement['source'], abnfSays: boolean): boolean => {
    const verdict = pegVerdict(peg, rule, input);
    if (verdict.accepted === abnfSays && (abnfSays || verdict.offset === oracle.firstInvalidOffset(rule, input))) return true;
    const small = shrink(input, (s) => differs(rule, s));
    const key = `${rule}\u0000${small}`;
    if (!found.has(key)) {
      found.add(key);
      const final = pegVerdict(peg, rule, small);
      const abnfFinal = oracle.accepts(rule, small);
      disagreements.push({
        rule,
        input: small,
        original: input,
        abnf: abnfFinal,
        peg: final.accepted,
        source,
        pegError: final.error,
        offsets:
          !abnfFinal && !final.accepted ? { abnf: oracle.firstInvalidOffset(rule, small), peg: final.offset ?? -1 } : undefined,
      });
    }
    return false;
  };

  for (const rule of rules) {
    let generated = 0;
    let nearMisses = 0;
    let nearMissesAccepted = 0;
    let wrong = 0;
    for (let i = 0; i < options.count; i++) {
      const s = generator.generate(rule);
      generated++;
      if (!oracle.accepts(rule, s)) {
        if (generatorErrors.length < 20) generatorErrors.push(`${rule}: generated ${JSON.stringify(s)}, which the ABNF rejects`);
        continue;
      }
      if (!judge(rule, s, 'generated', true)) wrong++;
      const miss = nearMiss(s, random, alphabet);
      const abnfSays = oracle.accepts(rule, miss);
      nearMisses++;
      if (abnfSays) nearMissesAccepted++;
      if (!judge(rule, miss, 'near miss', abnfSays)) wrong++;
    }
    const summary = { rule, generated, nearMisses, nearMissesAccepted, disagreements: wrong };
    summaries.push(summary);
    options.onRule?.(summary);
  }

  const uncovered = options.rules === undefined ? generator.uncovered() : [];
  return {
    seed: options.seed,
    ruleSetErrors: errors,
    notes,
    summaries,
    disagreements,
    generatorErrors,
    uncovered,
    ok: errors.length === 0 && disagreements.length === 0 && generatorErrors.length === 0 && uncovered.length === 0,
  };
}

export function formatDisagreement(d: Disagreement): string {
  const say = (accepted: boolean) => (accepted ? 'accepts' : 'rejects');
  const lines = [
    `DISAGREEMENT in ${d.rule} (${d.source}): ${JSON.stringify(d.input)}`,
    d.offsets
      ? `  both reject, but the first invalid offset is ${d.offsets.abnf} by the ABNF and ${d.offsets.peg} by the PEG: ${d.pegError}`
      : `  ABNF ${say(d.abnf)}, PEG ${say(d.peg)}${d.pegError ? `: ${d.pegError}` : ''}`,
  ];
  if (d.original !== d.input) lines.push(`  shrunk from ${JSON.stringify(d.original)}`);
  return lines.join('\n');
}
