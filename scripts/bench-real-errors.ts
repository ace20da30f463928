/**
 * npx ts-node --transpile-only scripts/bench-real-errors.ts [--quick] [--write]
 * (also run by `npm run bench`, which writes its table into BENCHMARKS.md)
 *
 * Issue 36's error path, as a linter meets it: on real invalid lines and on
 * valid lines with one character inserted, each against a valid parse of the
 * same line, warm and in fresh processes.
 *
 * - The corpus's invalid lines (test/corpus/web-urls.txt and file-urls.txt,
 *   every line urigram rejects), against the valid lines of the same file,
 *   per character (there is no valid line of the same text).
 * - Inserted errors: valid lines of web-urls.txt (a seeded sample) with a
 *   space, `\`, `"`, `|`, `%` or `[` inserted at a random position (seeded
 *   mulberry32), kept when urigram rejects them, in three groups by where the
 *   error is (the first, middle and last third of the line), each against the
 *   same valid lines: tryParse on both (the issue's target: at most 3x), and
 *   parse with its thrown error caught against parse (at most 5x).
 * - Long inputs of 10 k and 1 M characters with the character inserted at the
 *   start, the middle and the end.
 * - Fresh processes: the first errors of a process (the issue: at most 10x a
 *   valid parse), the first 1, 10 and 100 tryParse calls on inserted-error
 *   lines in a new `node` that has just loaded the build, against the first as
 *   many valid parses of the same lines in another new one; alternating, medians.
 *
 * Medians of interleaved rounds (every case in every round), ns per call.
 * `--build DIR` measures the build in DIR (DIR/dist/src/index.js) instead of
 * this one's: two trees' builds, run in alternation, give a before and after.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
const root = path.resolve(__dirname, '..');
const buildAt = process.argv.indexOf('--build');
/** The build measured: this tree's, or another's (--build DIR). */
const entry = path.join(buildAt >= 0 ? path.resolve(process.argv[buildAt + 1]) : root, 'dist', 'src', 'index.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built package, typed by its sources
const urigram = require(entry) as typeof import('../src');
import { Random } from './grammar-check/generate';
import { median } from './cold-start';
import { time } from './bench-errors';
import { replaceSection } from './report';

export const INSERTED = [' ', '\\', '"', '|', '%', '['] as const;

/** The non-empty lines of a file of test/corpus/. */
export function lines(file: string): string[] {
  return fs
    .readFileSync(path.join(root, 'test', 'corpus', file), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l !== '');
}

/** Valid lines with one character of INSERTED put in at a seeded random position; those urigram still accepts are left out. */
export function insertedErrors(valid: readonly string[], seed: number): Array<{ valid: string; invalid: string; at: number }> {
  const random = new Random(seed);
  const out: Array<{ valid: string; invalid: string; at: number }> = [];
  for (const v of valid) {
    const at = random.int(v.length + 1);
    const invalid = v.slice(0, at) + random.pick(INSERTED) + v.slice(at);
    if (!urigram.isValid(invalid)) out.push({ valid: v, invalid, at });
  }
  return out;
}

/** The inserted-error lines the bench times: a seeded sample of web-urls.txt's valid lines (one in 16, up to 3,000; 1,000 with `quick`), each with a character inserted. */
export function insertedSample(quick: boolean): Array<{ valid: string; invalid: string; at: number }> {
  const sample = lines('web-urls.txt')
    .filter((l) => urigram.isValid(l))
    .filter((_, i) => i % 16 === 0)
    .slice(0, quick ? 1000 : 3000);
  return insertedErrors(sample, 36);
}

const parseThrown = (s: string): unknown => {
  try {
    return urigram.parse(s);
  } catch (e) {
    return e;
  }
};

export interface RealErrorRow {
  readonly name: string;
  readonly count: number;
  /** tryParse: valid, invalid (ns per call, or per character for the corpus rows). */
  readonly tryValid: number;
  readonly tryInvalid: number;
  /** parse, its error thrown and caught. */
  readonly parseValid: number;
  readonly parseInvalid: number;
  readonly perChar: boolean;
}

interface Timed {
  readonly name: string;
  readonly valid: readonly string[];
  readonly invalid: readonly string[];
  /** Divide by the mean length of each set (the corpus rows: different lines). */
  readonly perChar: boolean;
  readonly ms: number;
  readonly samples: number[][];
}

const meanLength = (xs: readonly string[]): number => xs.reduce((n, s) => n + s.length, 0) / xs.length;

export function measureRealErrors(quick: boolean, rounds = quick ? 3 : 9): RealErrorRow[] {
  const cases: Timed[] = [];
  const add = (name: string, valid: readonly string[], invalid: readonly string[], perChar: boolean, ms = 100) => cases.push({ name, valid, invalid, perChar, ms, samples: [[], [], [], []] });
  for (const file of ['web-urls.txt', 'file-urls.txt']) {
    const all = lines(file);
    const invalid = all.filter((l) => !urigram.isValid(l));
    const valid = all.filter((l) => urigram.isValid(l)).slice(0, quick ? 2000 : 10000);
    if (invalid.length > 0) add(`${file}: its ${invalid.length} invalid lines, per character, against its valid lines`, valid, invalid, true);
  }
  const variants = insertedSample(quick);
  for (const [third, label] of [[0, 'first'], [1, 'middle'], [2, 'last']] as const) {
    const group = variants.filter((v) => Math.min(2, Math.floor((3 * v.at) / (v.valid.length + 1))) === third);
    add(`web-urls.txt lines, a character inserted in the ${label} third`, group.map((v) => v.valid), group.map((v) => v.invalid), false);
  }
  for (const n of quick ? [1e4] : [1e4, 1e6]) {
    const valid = `http://example.com/${'seg/'.repeat(Math.ceil((n - 19) / 4))}`;
    for (const [label, at] of [['start', 4], ['middle', valid.length >> 1], ['end', valid.length - 1]] as const) {
      add(`path segments, ${n >= 1e6 ? '1 M' : '10 k'}, a space inserted at the ${label}`, [valid], [valid.slice(0, at) + ' ' + valid.slice(at)], false, n >= 1e6 ? 300 : 100);
    }
  }
  const fns: ReadonlyArray<readonly [(s: string) => unknown, 'valid' | 'invalid']> = [
    [(s) => urigram.tryParse(s), 'valid'],
    [(s) => urigram.tryParse(s), 'invalid'],
    [(s) => urigram.parse(s), 'valid'],
    [parseThrown, 'invalid'],
  ];
  for (const c of cases) for (const [f, which] of fns) time(f, c[which], 20);
  for (let r = 0; r < rounds; r++) for (const c of cases) fns.forEach(([f, which], i) => c.samples[i].push(time(f, c[which], c.ms)));
  return cases.map((c) => {
    const [tv, ti, pv, pi] = c.samples.map(median);
    const lv = c.perChar ? meanLength(c.valid) : 1;
    const li = c.perChar ? meanLength(c.invalid) : 1;
    return { name: c.name, count: c.invalid.length, tryValid: tv / lv, tryInvalid: ti / li, parseValid: pv / lv, parseInvalid: pi / li, perChar: c.perChar };
  });
}

/** One fresh process: times each of the first calls of `f` on `inputs` (JSON on its standard input), prints the ns of each. */
const FRESH = `
const u = require(process.argv[1]);
const inputs = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const f = process.argv[2] === 'parse-thrown' ? (s) => { try { return u.parse(s); } catch (e) { return e; } } : (s) => u.tryParse(s);
const ns = [];
for (const s of inputs) { const t = process.hrtime.bigint(); f(s); ns.push(Number(process.hrtime.bigint() - t)); }
process.stdout.write(JSON.stringify(ns));
`;

export interface FreshRow {
  readonly calls: number;
  readonly fn: string;
  /** Median over the processes of the mean ns of the first `calls` calls. */
  readonly validNs: number;
  readonly invalidNs: number;
}

export function measureFresh(processes: number): FreshRow[] {
  const sample = lines('web-urls.txt')
    .filter((l) => urigram.isValid(l))
    .filter((_, i) => i % 7 === 0);
  const variants = insertedErrors(sample, 3636).slice(0, 100);
  const counts = [1, 10, 100];
  const runs: Record<string, number[][]> = {};
  const kinds = [
    ['tryParse', 'valid'],
    ['tryParse', 'invalid'],
    ['parse-thrown', 'valid'],
    ['parse-thrown', 'invalid'],
  ] as const;
  for (let p = 0; p < processes; p++) {
    // Each process its own lines (the first errors of a linter's run are not the same lines each time), the same for valid and invalid.
    const offset = (p * 7) % 50;
    const mine = [...variants.slice(offset), ...variants.slice(0, offset)];
    const order = [...kinds].sort(() => Math.random() - 0.5);
    for (const [fn, which] of order) {
      const inputs = mine.map((v) => v[which]);
      const r = spawnSync(process.execPath, ['-e', FRESH, entry, fn], { input: JSON.stringify(inputs), encoding: 'utf8' });
      if (r.status !== 0) throw new Error(r.stderr);
      (runs[`${fn} ${which}`] ??= []).push(JSON.parse(r.stdout) as number[]);
    }
  }
  const rows: FreshRow[] = [];
  for (const fn of ['tryParse', 'parse-thrown']) {
    for (const calls of counts) {
      const meanOf = (which: string) => median(runs[`${fn} ${which}`].map((ns) => ns.slice(0, calls).reduce((a, b) => a + b, 0) / calls));
      rows.push({ calls, fn, validNs: meanOf('valid'), invalidNs: meanOf('invalid') });
    }
  }
  return rows;
}

const fmt = (ns: number): string => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(1)} ns`);

export function realErrorTable(rows: readonly RealErrorRow[], fresh: readonly FreshRow[]): string[] {
  const out = [
    '| errors (warm) | lines | tryParse valid | tryParse invalid | ratio (target 3x) | parse valid | parse, thrown | ratio (target 5x) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    const unit = r.perChar ? '/char' : '';
    out.push(`| ${r.name} | ${r.count} | ${fmt(r.tryValid)}${unit} | ${fmt(r.tryInvalid)}${unit} | ${(r.tryInvalid / r.tryValid).toFixed(2)}x | ${fmt(r.parseValid)}${unit} | ${fmt(r.parseInvalid)}${unit} | ${(r.parseInvalid / r.parseValid).toFixed(2)}x |`);
  }
  if (fresh.length > 0) {
    out.push('', '| first calls of a fresh process (inserted errors) | function | valid, mean per call | invalid, mean per call | ratio (target 10x) |', '| ---: | --- | ---: | ---: | ---: |');
    for (const f of fresh) out.push(`| ${f.calls} | ${f.fn === 'parse-thrown' ? 'parse, thrown' : f.fn} | ${fmt(f.validNs)} | ${fmt(f.invalidNs)} | ${(f.invalidNs / f.validNs).toFixed(2)}x |`);
  }
  return out;
}

export function realErrorHead(quick: boolean, processes: number): string {
  const cpus = os.cpus();
  return `Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus[0]?.model ?? 'unknown CPU'} (${cpus.length} cores, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}) with scripts/bench-real-errors.ts${quick ? ' --quick' : ''}: medians of interleaved rounds; the fresh-process rows are medians over ${processes} processes per kind, alternating.`;
}

if (require.main === module) {
  const quick = process.argv.includes('--quick');
  const processes = quick ? 7 : 21;
  const rows = measureRealErrors(quick);
  const fresh = measureFresh(processes);
  const lines = [realErrorHead(quick, processes), '', ...realErrorTable(rows, fresh)];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (process.argv.includes('--write')) replaceSection(path.join(root, 'BENCHMARKS.md'), 'real-errors', lines.join('\n'));
}
