/**
 * npx ts-node --transpile-only scripts/bench-profile.ts [--quick] [--write]
 * (also run by `npm run bench`, which writes its table into BENCHMARKS.md)
 *
 * Where the time goes (issue 36): each operation of the build (isValid,
 * tryParse, resolve, normalize) and its Node peer run over every line of
 * test/corpus/web-urls.txt under V8's sampling profiler (node --cpu-prof, a
 * fresh process each), and the functions with the most self time are listed with
 * their share; and the per-character floor: what one table lookup per code
 * unit costs in JavaScript (a DFA's inner loop over a table of the size of
 * RFC 3986's URI-reference automaton, 183 states by 23 classes, every
 * transition kept alive so that the loop reads every character), against
 * what isValid and URL.canParse reach per character on the same lines.
 * Medians of alternating rounds.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built package, typed by its sources
const urigram = require('../dist/src/index.js') as typeof import('../src');
import { median } from './cold-start';
import { replaceSection } from './report';

const root = path.resolve(__dirname, '..');
const BASE = 'http://a/b/c/d;p?q';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The program each profile runs in a fresh node (--cpu-prof): the build, the lines (a JSON file), the operation by name, `passes` passes. */
const PROFILED = `
const u = require(process.argv[1]);
const lines = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const BASE = ${JSON.stringify(BASE)};
const ops = {
  isValid: (s) => u.isValid(s),
  'URL.canParse': (s) => URL.canParse(s),
  tryParse: (s) => u.tryParse(s),
  'new URL()': (s) => new URL(s),
  resolve: (s) => u.resolve(BASE, s),
  'new URL(ref, base).href': (s) => new URL(s, BASE).href,
  normalize: (s) => u.normalize(s),
  'new URL(s).href': (s) => new URL(s).href,
};
const f = ops[process.argv[3]];
for (let p = 0; p < Number(process.argv[4]); p++) for (let i = 0; i < lines.length; i++) f(lines[i]);
`;

/**
 * The functions with the most self time in a fresh node that runs `op` over the lines (node --cpu-prof,
 * V8's sampling profiler; node:inspector in this process put most samples on its own dispatch), as
 * [name (file), share of the samples in JavaScript and the engine].
 */
function profile(op: string, linesFile: string, passes: number, top: number): Array<[string, number]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-profile-'));
  try {
    const r = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', dir, '-e', PROFILED, path.join(root, 'dist', 'src', 'index.js'), linesFile, op, String(passes)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${op}: ${r.stderr}`);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (file === undefined) throw new Error(`${op}: no profile written`);
    const p = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    let total = 0;
    p.samples.forEach((id, i) => {
      const n = byId.get(id) as ProfileNode;
      const url = n.callFrame.url.replace(/^file:\/\//, '');
      const file = url === '' ? '' : ` (${url.startsWith('/') ? path.relative(root, url) : url})`;
      const fn = n.callFrame.functionName || '(anonymous)';
      // A regular expression is named by its source: the fast path's are hundreds of characters, shown by their start.
      const name = `${fn.startsWith('RegExp: ') && fn.length > 60 ? `${fn.slice(0, 60)}...` : fn}${file}`;
      if (name.startsWith('(idle)') || name.startsWith('(program)') || name.startsWith('(root)')) return;
      const dt = p.timeDeltas[i] ?? 0;
      self.set(name, (self.get(name) ?? 0) + dt);
      total += dt;
    });
    return [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, t]) => [k, t / total]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** ns per character of `f` over `lines`, run for at least `ms` milliseconds. */
function perChar(f: (s: string) => unknown, lines: readonly string[], ms: number): number {
  const chars = lines.reduce((n, l) => n + l.length, 0);
  let passes = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    for (let i = 0; i < lines.length; i++) f(lines[i]);
    passes++;
    elapsed = Number(process.hrtime.bigint() - start);
  } while (elapsed < ms * 1e6);
  return elapsed / (passes * chars);
}

/** A table of 183 states by 23 classes (RFC 3986's URI-reference automaton's size) in the automata's layout, one character per entry. */
const STATES = 183;
const CLASSES = 23;
const TABLE = Array.from({ length: STATES * CLASSES }, (_, i) => String.fromCharCode(32 + 1 + ((i * 7) % STATES))).join('');
const CLASS_OF = Uint8Array.from({ length: 128 }, (_, c) => c % CLASSES);

/** One table lookup per code unit, as the automaton's inner loop does without its skips: the per-character floor of a table-driven DFA. */
function tableWalk(text: string): boolean {
  let s = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const t = TABLE.charCodeAt((c < 128 ? CLASS_OF[c] : 0) * STATES + s) - 32;
    if (t === 0) return false;
    s = t;
  }
  return s > 0;
}

export interface ProfileReport {
  readonly floor: Array<[string, number]>;
  readonly profiles: Array<[string, Array<[string, number]>]>;
}

export function measureProfile(quick: boolean): ProfileReport {
  const all = fs
    .readFileSync(path.join(root, 'test', 'corpus', 'web-urls.txt'), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l !== '');
  const lines = all.filter((l) => urigram.isValid(l) && URL.canParse(l));
  const rounds = quick ? 3 : 9;
  const floorFns: Array<[string, (s: string) => unknown]> = [
    ['reading each code unit (charCodeAt, summed)', (s) => {
      let n = 0;
      for (let i = 0; i < s.length; i++) n += s.charCodeAt(i);
      return n;
    }],
    ['one table lookup per code unit (a DFA without skips: the floor)', tableWalk],
    ["isValid (the fast path's expression, on a miss the automaton with its runs skipped by sticky expressions)", (s) => urigram.isValid(s)],
    ['URL.canParse', (s) => URL.canParse(s)],
    ["tryParse (the fast path's captures, on a miss the automaton and the split; the record)", (s) => urigram.tryParse(s)],
    ['new URL()', (s) => new URL(s)],
  ];
  const samples = floorFns.map((): number[] => []);
  for (const [, f] of floorFns) perChar(f, lines, 50);
  for (let r = 0; r < rounds; r++) floorFns.forEach(([, f], i) => samples[i].push(perChar(f, lines, 150)));
  const floor = floorFns.map(([name], i) => [name, median(samples[i])] as [string, number]);
  const passes = quick ? 5 : 20;
  const linesFile = path.join(os.tmpdir(), `urigram-profile-lines-${process.pid}.json`);
  fs.writeFileSync(linesFile, JSON.stringify(lines));
  const profiles: Array<[string, Array<[string, number]>]> = [];
  try {
    for (const op of ['isValid', 'URL.canParse', 'tryParse', 'new URL()', 'resolve', 'new URL(ref, base).href', 'normalize', 'new URL(s).href']) profiles.push([op, profile(op, linesFile, passes, 6)]);
  } finally {
    fs.rmSync(linesFile, { force: true });
  }
  return { floor, profiles };
}

export function profileTable(r: ProfileReport): string[] {
  const out = ['| per character, web-urls.txt lines both accept | ns/char | over the floor |', '| --- | ---: | ---: |'];
  const floor = r.floor[1][1];
  for (const [name, ns] of r.floor) out.push(`| ${name} | ${ns.toFixed(2)} | ${(ns / floor).toFixed(2)}x |`);
  out.push('', '| operation | where its time goes (self time, V8 sampling profiler; the six largest) |', '| --- | --- |');
  for (const [name, top] of r.profiles) out.push(`| ${name} | ${top.map(([fn, share]) => `${fn.replace(/\|/g, '\\|')} ${(share * 100).toFixed(0)}%`).join('; ')} |`);
  return out;
}

export function profileHead(quick: boolean): string {
  const cpus = os.cpus();
  return `Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus[0]?.model ?? 'unknown CPU'} (${cpus.length} cores, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}) with scripts/bench-profile.ts${quick ? ' --quick' : ''}: medians of alternating rounds; each profile from a fresh node run with --cpu-prof.`;
}

if (require.main === module) {
  const quick = process.argv.includes('--quick');
  const lines = [profileHead(quick), '', ...profileTable(measureProfile(quick))];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (process.argv.includes('--write')) replaceSection(path.join(root, 'BENCHMARKS.md'), 'profile', lines.join('\n'));
}
