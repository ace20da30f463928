/**
 * The proof that generate runs (issue 47): which rules changed since they were
 * last proven, and the ABNF-vs-PEG check (check.ts) on those rules only.
 *
 * generated/proven.json keeps, per grammar and ABNF rule, two hashes: of the
 * rule's own text (its PEG rule as peggy reads it, includes expanded, and its
 * ABNF rule as the abnf package reads it: comments and layout do not count),
 * and of that text with the texts of every rule it reaches (by either side's
 * references, PEG helpers included). A rule whose second hash differs from the
 * file's, or that the file lacks, has changed: it is checked, the rules whose
 * own text changed first (a mistake shows there soonest), then the rules that
 * only reach one. The file is written only when every changed rule passes.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as peggy from 'peggy';
import { readAbnf, type AbnfGrammar, type AbnfNode } from './abnf';
import { checkGrammar, type CheckReport } from './check';
import { loadConfig } from './config';
import { parsePeggy, type PeggyRule } from './peggy';
import { readPeggySource } from '../grammar-source';
import { grammarFile, type RegistryEntry } from '../registry';
import { toPegName } from '../../src/core/rule-names';

/** generated/proven.json, relative to the repository. */
export const PROVEN_FILE = 'generated/proven.json';
/** Strings per changed rule, and as many near misses: enough for a reordered dec-octet (test/grammar-proof.long.ts), a few seconds a grammar. */
export const PROOF_COUNT = 200;
/** A fixed seed: the build proves the same strings on every machine. */
export const PROOF_SEED = 47;

/** Per grammar, per ABNF rule: "OWN:CLOSURE" (two sha256 prefixes). */
export type ProvenState = Record<string, Record<string, string>>;

/** One grammar as the proof reads it. */
export interface ProofGrammar {
  readonly entry: RegistryEntry;
  readonly abnf: AbnfGrammar;
  /** The .peggy text peggy compiles (includes expanded). */
  readonly pegText: string;
  readonly pegRules: ReadonlyMap<string, PeggyRule>;
  /** Per ABNF rule: "OWN:CLOSURE". */
  readonly hashes: ReadonlyMap<string, string>;
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

function abnfRefs(node: AbnfNode, out: Set<string>): void {
  if (node.kind === 'ref') out.add(node.name);
  else if (node.kind === 'alt') for (const a of node.alts) abnfRefs(a, out);
  else if (node.kind === 'seq') for (const i of node.items) abnfRefs(i, out);
  else if (node.kind === 'rep') abnfRefs(node.node, out);
}

/** The rule names a peggy AST node refers to (any depth). */
function pegRefs(node: unknown, out: Set<string>): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) pegRefs(n, out);
    return;
  }
  const record = node as Record<string, unknown>;
  if (record.type === 'rule_ref' && typeof record.name === 'string') out.add(record.name);
  for (const [key, value] of Object.entries(record)) if (key !== 'location' && typeof value === 'object') pegRefs(value, out);
}

export function readProofGrammar(root: string, entry: RegistryEntry): ProofGrammar {
  const abnf = readAbnf(path.join(root, grammarFile(entry, 'abnf')));
  const pegText = readPeggySource(root, entry.name).text;
  const pegRules = new Map(parsePeggy(pegText).rules.map((r) => [r.name, r]));
  // One node per PEG name: its text (both sides) and its references (both sides).
  const text = new Map<string, string>();
  const refs = new Map<string, Set<string>>();
  for (const [name, rule] of pegRules) {
    // Trimmed: peggy's location of a rule takes in the blanks after it.
    text.set(name, `PEG ${pegText.slice(rule.location.start.offset, rule.location.end.offset).trim()}\n`);
    const out = new Set<string>();
    pegRefs(rule.expression, out);
    refs.set(name, out);
  }
  for (const name of abnf.names) {
    const key = toPegName(name);
    const node = abnf.rules.get(name) as AbnfNode;
    text.set(key, `${text.get(key) ?? 'PEG (none)\n'}ABNF ${JSON.stringify(node)}\n`);
    const out = refs.get(key) ?? new Set<string>();
    const mine = new Set<string>();
    abnfRefs(node, mine);
    for (const r of mine) out.add(toPegName(abnf.canonical(r) ?? r));
    refs.set(key, out);
  }
  const hashes = new Map<string, string>();
  for (const name of abnf.names) {
    const start = toPegName(name);
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length > 0) {
      for (const r of refs.get(queue.pop() as string) ?? []) {
        if (seen.has(r)) continue;
        seen.add(r);
        queue.push(r);
      }
    }
    const closure = [...seen].sort().map((r) => `${r}\n${text.get(r) ?? '(undefined)\n'}`).join('');
    hashes.set(name, `${sha(text.get(start) as string)}:${sha(closure)}`);
  }
  return { entry, abnf, pegText, pegRules, hashes };
}

export function readProven(root: string): ProvenState {
  const file = path.join(root, PROVEN_FILE);
  if (!fs.existsSync(file)) return {};
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { grammars?: ProvenState };
  return data.grammars ?? {};
}

export function provenText(grammars: readonly ProofGrammar[]): string {
  const state: ProvenState = {};
  for (const g of [...grammars].sort((a, b) => a.entry.name.localeCompare(b.entry.name))) state[g.entry.name] = Object.fromEntries(g.hashes);
  const comment = 'DO NOT EDIT. Written by scripts/generate.ts when the ABNF-vs-PEG check passed on every rule that changed (scripts/grammar-check/proven.ts): per rule, the hash of its own PEG and ABNF text, and of that text with every rule it reaches.';
  return `${JSON.stringify({ '//': comment, grammars: state }, null, 1)}\n`;
}

/** The rules of a grammar that changed since `proven`: those whose own text changed, then those that reach one that did. */
export function changedRules(g: ProofGrammar, proven: ProvenState): { own: string[]; reaching: string[] } {
  const before = proven[g.entry.name] ?? {};
  const own: string[] = [];
  const reaching: string[] = [];
  for (const [rule, hash] of g.hashes) {
    const was = before[rule];
    if (was === hash) continue;
    if (was === undefined || was.split(':')[0] !== hash.split(':')[0]) own.push(rule);
    else reaching.push(rule);
  }
  return { own, reaching };
}

export interface ProofResult {
  readonly grammar: ProofGrammar;
  readonly report: CheckReport;
  /** The rules whose own text changed (the rest of the report's rules only reach one). */
  readonly own: readonly string[];
}

/** Checks `rules` of a grammar, with the PEG compiled in memory from its text (nothing is written). */
export function proveRules(root: string, g: ProofGrammar, rules: readonly string[], own: readonly string[]): ProofResult {
  const parser = peggy.generate(g.pegText, { allowedStartRules: ['*'] });
  const report = checkGrammar(g.abnf, parser, [...g.pegRules.keys()], loadConfig(g.entry.name, root), { rules, count: PROOF_COUNT, seed: PROOF_SEED });
  return { grammar: g, report, own };
}
