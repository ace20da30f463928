/**
 * npm run bench:matches [-- --grammar NAME] [--rounds N]
 *
 * matches() on every rule of a grammar (RFC 3986 by default), as it runs now
 * (src/core/backends.ts, matchesRule: the rule's automaton when
 * grammar/NAME.dfa.json puts it in generated/NAME.dfa.js, else the
 * recognizer) against matches() before issue 48: the same dispatch
 * (automatonFor), then an automaton of the rule, whichever module holds it
 * (test/support/all-automata.ts compiles every rule's in memory, from
 * grammar/NAME.abnf by scripts/compile-dfa.ts, as generated/NAME.rules-dfa.js
 * had them), in one process, on the same inputs: per rule,
 * strings generated from the ABNF and their near misses (fixed seed). Prints
 * per rule the median nanoseconds per call of each, over --rounds rounds
 * (the two interleaved), and their ratio; a rule whose ratio is over 2 is
 * marked: issue 48 asks that none be, which the `core` list of
 * grammar/NAME.dfa.json is there for.
 */
import * as path from 'node:path';
import { readAbnf } from './grammar-check/abnf';
import { loadConfig } from './grammar-check/config';
import { Generator, nearMiss, Random } from './grammar-check/generate';
import { grammarFileOf } from './registry';
import { matchesRule } from '../src/core/backends';
import { automatonFor, type GeneratedGrammar } from '../src/core/grammars';
import { toPegName } from '../src/core/rule-names';
import { allAutomata } from '../test/support/all-automata';

const root = path.resolve(__dirname, '..');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function nsPerCall(inputs: readonly string[], f: (s: string) => boolean): number {
  let sink = 0;
  const reps = Math.max(1, Math.ceil(20000 / inputs.length));
  const t0 = process.hrtime.bigint();
  for (let r = 0; r < reps; r++) for (const s of inputs) if (f(s)) sink++;
  const ns = Number(process.hrtime.bigint() - t0);
  if (sink < 0) throw new Error('unreachable');
  return ns / (reps * inputs.length);
}

function main(argv: string[]): void {
  const at = (flag: string): string | undefined => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const grammar = (at('--grammar') ?? 'rfc3986') as GeneratedGrammar;
  const rounds = Number(at('--rounds') ?? 7);
  const before = allAutomata(grammar);
  const abnf = readAbnf(path.join(root, grammarFileOf(root, grammar, 'abnf')));
  const random = new Random(4848);
  const generator = new Generator(abnf, random, loadConfig(grammar));
  const rows: Array<{ rule: string; how: string; before: number; after: number }> = [];
  for (const peg of before.RULE_NAMES) {
    const abnfName = abnf.names.find((n) => toPegName(n) === peg);
    if (abnfName === undefined) continue;
    const inputs: string[] = [];
    for (let i = 0; i < 100; i++) {
      const s = generator.generate(abnfName);
      inputs.push(s, nearMiss(s, random));
    }
    for (const s of inputs) {
      if (before.accepts(s, peg) !== matchesRule(s, peg, grammar)) throw new Error(`${peg}: the two disagree on ${JSON.stringify(s)}`);
    }
    const b: number[] = [];
    const a: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // Before issue 48: matchesRule's own dispatch (automatonFor), then an automaton of the rule, whichever module held it.
      b.push(nsPerCall(inputs, (s) => (automatonFor(grammar, peg) ?? before).accepts(s, peg)));
      a.push(nsPerCall(inputs, (s) => matchesRule(s, peg, grammar)));
    }
    rows.push({ rule: abnfName, how: automatonFor(grammar, peg) === undefined ? 'recognizer' : 'automaton', before: median(b), after: median(a) });
  }
  process.stdout.write(`matches() on every rule of ${grammar}: median ns per call over ${rounds} rounds, 200 inputs per rule (half near misses)\n`);
  process.stdout.write(`${'rule'.padEnd(16)} ${'now by'.padEnd(10)} ${'all-automata'.padStart(12)} ${'now'.padStart(8)} ${'ratio'.padStart(6)}\n`);
  for (const r of rows) {
    const ratio = r.after / r.before;
    process.stdout.write(`${r.rule.padEnd(16)} ${r.how.padEnd(10)} ${r.before.toFixed(0).padStart(12)} ${r.after.toFixed(0).padStart(8)} ${ratio.toFixed(2).padStart(6)}${ratio > 2 ? '  > 2x' : ''}\n`);
  }
}

main(process.argv.slice(2));
