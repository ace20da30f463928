/**
 * npx ts-node --transpile-only scripts/bench-errors.ts [--quick] [--write]
 * (also run by `npm run bench`, which writes its table into BENCHMARKS.md)
 *
 * The error path against a valid parse, in one process: for each input set,
 * a valid input and an invalid one of the same length that fails at its last
 * character (the valid one with that character replaced by a space), timed
 * in alternation, parse() on the valid one and tryParse() on the invalid one
 * (which explains the rejection: offset, expected items, rule path, and
 * builds the UriSyntaxError, whose stack trace alone costs a few µs), and the
 * diagnostic back end alone (src/core/diagnose.ts, diagnosticFailure). Medians
 * over rounds (each round times every case, interleaved) of ns per call; the ratio invalid / valid; and, for the long
 * inputs, ns per character, so that the 1 M figure can be held to the 10 k
 * one (linear: the same).
 *
 * Targets (issue 18): an invalid input costs at most 5x a valid parse of the
 * same length; per character at 1 M within 1.3x of 10 k.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
// The build users run, as in scripts/bench.ts.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built package, typed by its sources
const urigram = require('../dist/src/index.js') as typeof import('../src');
import type { GrammarName } from '../src';
import { toPegName } from '../src/core/rule-names';
import { diagnosticFailure } from '../src/core/diagnose';
import { median } from './cold-start';
import { replaceSection } from './report';

const root = path.resolve(__dirname, '..');

interface Case {
  name: string;
  grammar: GrammarName;
  /** Valid inputs; the invalid ones are these with the last character replaced by a space. */
  valid: string[];
  /** Length in characters, for the per-character figure of the long inputs; undefined for the corpus lines. */
  length?: number;
}

/** The same input with its last character a space: rejected there, at the end. */
const failingLate = (s: string): string => `${s.slice(0, -1)} `;

function cases(quick: boolean): Case[] {
  const corpus = fs
    .readFileSync(path.join(root, 'test', 'corpus', 'web-urls.txt'), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.length > 1 && urigram.isValid(l))
    .slice(0, quick ? 500 : 2000);
  const long = (name: string, grammar: GrammarName, head: string, unit: string, n: number): Case => {
    const s = head + unit.repeat(Math.ceil((n - head.length) / unit.length));
    return { name: `${name}, ${n >= 1e6 ? `${n / 1e6} M` : `${n / 1e3} k`}`, grammar, valid: [s], length: s.length };
  };
  const out: Case[] = [{ name: 'web-urls.txt lines (corpus, valid ones)', grammar: 'rfc3986', valid: corpus }];
  for (const n of quick ? [1e4, 1e5] : [1e4, 1e6]) {
    out.push(long('path segments', 'rfc3986', 'http://example.com/', 'seg/', n));
    out.push(long('percent-encoded query', 'rfc3986', 'http://example.com/?', 'a%20', n));
    out.push(long('IRI path (RFC 3987)', 'rfc3987', 'http://example.com/', '\u00e9t\u00e9/', n));
    out.push(long('RFC 2396 path', 'rfc2396', 'http://example.com/', 'seg;p/', n));
  }
  return out;
}

/** ns per call of `f` over `inputs`, run for at least `ms` milliseconds. */
export function time(f: (s: string) => unknown, inputs: readonly string[], ms: number): number {
  let calls = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    for (const s of inputs) f(s);
    calls += inputs.length;
    elapsed = Number(process.hrtime.bigint() - start);
  } while (elapsed < ms * 1e6);
  return elapsed / calls;
}

export interface ErrorRow {
  name: string;
  validNs: number;
  invalidNs: number;
  /** The diagnostic back end alone (offset, expectations, rule path), without describing them or building the UriSyntaxError. */
  backEndNs: number;
  length?: number;
}

export function measureErrors(quick: boolean, rounds = quick ? 5 : 11): ErrorRow[] {
  const timed = cases(quick).map((c) => {
    const invalid = c.valid.map(failingLate);
    const options = { grammar: c.grammar };
    for (const s of invalid) if (urigram.tryParse(s, options).ok) throw new Error(`${c.name}: the invalid input is accepted`);
    const rule = toPegName(urigram.REFERENCE_RULES[c.grammar][0]);
    const fs3: ReadonlyArray<readonly [(s: string) => unknown, readonly string[], number[]]> = [
      [(s) => urigram.parse(s, options), c.valid, []],
      [(s) => urigram.tryParse(s, options), invalid, []],
      [(s) => diagnosticFailure(s, rule, c.grammar), invalid, []],
    ];
    for (const [f, inputs] of fs3) time(f, inputs, 20);
    return { c, fs3, ms: c.length !== undefined && c.length >= 1e6 ? 300 : 100 };
  });
  // Interleaved: every round times every case, so that a change in the machine's load hits the sizes alike.
  for (let r = 0; r < rounds; r++) for (const { fs3, ms } of timed) for (const [f, inputs, out] of fs3) out.push(time(f, inputs, ms));
  return timed.map(({ c, fs3 }) => ({ name: c.name, validNs: median(fs3[0][2]), invalidNs: median(fs3[1][2]), backEndNs: median(fs3[2][2]), length: c.length }));
}

const fmt = (ns: number): string => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);

export function errorTable(rows: readonly ErrorRow[]): string[] {
  const lines = [
    '| input (fails at its last character) | valid parse | invalid, explained | ratio | back end alone | ratio | invalid ns/char |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const perChar = r.length === undefined ? '' : (r.invalidNs / r.length).toFixed(1);
    lines.push(`| ${r.name} | ${fmt(r.validNs)} | ${fmt(r.invalidNs)} | ${(r.invalidNs / r.validNs).toFixed(2)}x | ${fmt(r.backEndNs)} | ${(r.backEndNs / r.validNs).toFixed(2)}x | ${perChar} |`);
  }
  // The growth of the per-character cost, largest size over 10 k, per family.
  const families = new Map<string, ErrorRow[]>();
  for (const r of rows) if (r.length !== undefined) families.set(r.name.replace(/, [^,]*$/, ''), [...(families.get(r.name.replace(/, [^,]*$/, '')) ?? []), r]);
  const growth = [...families].map(([name, rs]) => {
    const [small, big] = [rs[0], rs[rs.length - 1]];
    const ratio = (key: 'invalidNs' | 'backEndNs' | 'validNs') => ((big[key] / (big.length as number)) / (small[key] / (small.length as number))).toFixed(2);
    return `${name} ${ratio('invalidNs')}x (back end alone ${ratio('backEndNs')}x, valid parse ${ratio('validNs')}x)`;
  });
  lines.push('', `Per character, largest size over 10 k (linear: 1.00x), invalid and explained: ${growth.join('; ')}.`);
  return lines;
}

if (require.main === module) {
  const quick = process.argv.includes('--quick');
  const rows = measureErrors(quick);
  const lines = errorTable(rows);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (process.argv.includes('--write')) {
    const cpus = os.cpus();
    const head = `Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus[0]?.model ?? 'unknown CPU'} (${cpus.length} cores, load ${os.loadavg()[0].toFixed(1)}) with scripts/bench-errors.ts (also run by \`npm run bench\`): median ns per call, parse() of a valid input against tryParse() of the same input with its last character a space (explained: offset, expected items, rule path).`;
    replaceSection(path.join(root, 'BENCHMARKS.md'), 'error-path', [head, '', ...lines].join('\n'));
  }
}
