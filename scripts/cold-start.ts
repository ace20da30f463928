/**
 * npm run bench:cold [-- --runs N]   (also part of `npm run bench`)
 *
 * Cold start: what loading a library and its first validation and first
 * parse add to a fresh `node` process. Each program runs in its own process;
 * in each round every program runs once, in a shuffled order (alternating,
 * so that a noisy machine hurts them alike), and the figure is the median
 * wall time over the rounds minus the median of a bare `node -e ''` from the
 * same rounds; likewise the CPU time (user + system) each process reports as
 * its last statement, which a busy machine disturbs far less than wall time,
 * and the CPU time from its first statement to its last (the load and the
 * calls alone, without node's own start). Both libraries are loaded by their
 * package names from a project made for the run in a temporary folder, as a
 * user has them: urigram's files as `npm pack` lists them (the built dist/)
 * and fast-uri's, copied into its node_modules. Each from CommonJS and from
 * an ES module (a dynamic import, so that the first statement runs before
 * it); fast-uri has no isValid: its parse reports an error. One more program
 * requires a copy of urigram whose package.json has no `exports` field (not
 * what is shipped), and two only resolve each package's name to its file,
 * to show what that field costs (see BENCHMARKS.md).
 *
 * Prints a markdown table; `npm run bench` writes it into BENCHMARKS.md.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..');
const URI = 'http://a/b/c?d#e';

/** The first statement of every program: its CPU time so far. */
const START_CPU = 'const c0 = process.cpuUsage();';
/** The last statement of every program: its CPU time so far and since START_CPU, in µs. */
const REPORT_CPU = 'const c = process.cpuUsage(); const d = process.cpuUsage(c0); process.stdout.write(`${c.user + c.system} ${d.user + d.system}`);';

/** Each program: node's arguments. The first is the baseline. The ES module programs import dynamically, so that START_CPU runs before the import. */
const PROGRAMS: ReadonlyArray<readonly [string, string[]]> = [
  ['bare node', ['-e', `${START_CPU} ${REPORT_CPU}`]],
  ['urigram (require)', ['-e', `${START_CPU} const u = require('urigram'); u.isValid('${URI}'); u.parse('${URI}'); ${REPORT_CPU}`]],
  ['fast-uri (require)', ['-e', `${START_CPU} const f = require('fast-uri'); f.parse('${URI}').error; f.parse('${URI}'); ${REPORT_CPU}`]],
  ['urigram (require), without `exports`', ['-e', `${START_CPU} const u = require('urigram-without-exports'); u.isValid('${URI}'); u.parse('${URI}'); ${REPORT_CPU}`]],
  ['urigram (import)', ['--input-type=module', '-e', `${START_CPU} const { isValid, parse } = await import('urigram'); isValid('${URI}'); parse('${URI}'); ${REPORT_CPU}`]],
  ['fast-uri (import)', ['--input-type=module', '-e', `${START_CPU} const f = (await import('fast-uri')).default; f.parse('${URI}').error; f.parse('${URI}'); ${REPORT_CPU}`]],
  // Finding the file alone, nothing loaded: what Node's resolver for package.json's `exports` costs urigram's require, next to fast-uri's.
  ["require.resolve('urigram')", ['-e', `${START_CPU} require.resolve('urigram'); ${REPORT_CPU}`]],
  ["require.resolve('fast-uri')", ['-e', `${START_CPU} require.resolve('fast-uri'); ${REPORT_CPU}`]],
];

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export function shuffle<T>(xs: readonly T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

export interface ColdStartRow {
  readonly program: string;
  /** Median wall time of the process, ms. */
  readonly total: number;
  /** The same above the bare node median, ms. */
  readonly added: number;
  /** Median CPU time of the process, ms. */
  readonly cpu: number;
  /** The same above the bare node median, ms. */
  readonly cpuAdded: number;
  /** Median CPU time from the program's first statement to its last (the load and the calls, without node's own start), ms. */
  readonly cpuInProcess: number;
}

/**
 * A project in a temporary folder with urigram (the files `npm pack` would
 * ship), the same without package.json's `exports`, and fast-uri in its
 * node_modules; the caller removes it.
 */
function makeProject(): string {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-cold-start-'));
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'cold-start', version: '1.0.0', private: true }));
  const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack --dry-run failed: ${pack.stderr}`);
  const files = (JSON.parse(pack.stdout) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path);
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const { exports: _exports, ...withoutExports } = pkg;
  for (const [name, manifest] of [['urigram', pkg], ['urigram-without-exports', { ...withoutExports, name: 'urigram-without-exports' }]] as const) {
    const to = path.join(project, 'node_modules', name);
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
      fs.copyFileSync(path.join(root, file), path.join(to, file));
    }
    fs.writeFileSync(path.join(to, 'package.json'), JSON.stringify(manifest, null, 2));
  }
  fs.cpSync(path.join(root, 'node_modules', 'fast-uri'), path.join(project, 'node_modules', 'fast-uri'), { recursive: true });
  return project;
}

export function coldStart(rounds: number): ColdStartRow[] {
  if (!fs.existsSync(path.join(root, 'dist', 'src', 'index.js'))) throw new Error('run npm run build first');
  const project = makeProject();
  try {
    return measure(project, rounds);
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
}

function measure(cwd: string, rounds: number): ColdStartRow[] {
  const times = new Map<string, number[]>(PROGRAMS.map(([name]) => [name, []]));
  const cpu = new Map<string, number[]>(PROGRAMS.map(([name]) => [name, []]));
  const inProcess = new Map<string, number[]>(PROGRAMS.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, args] of shuffle(PROGRAMS)) {
      const t = process.hrtime.bigint();
      const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`);
      (times.get(name) as number[]).push(ms);
      const [total, since] = r.stdout.split(' ').map(Number);
      if (!Number.isFinite(total) || !Number.isFinite(since)) throw new Error(`${name} reported ${JSON.stringify(r.stdout)}, not two CPU times`);
      (cpu.get(name) as number[]).push(total / 1000);
      (inProcess.get(name) as number[]).push(since / 1000);
    }
  }
  const bare = median(times.get(PROGRAMS[0][0]) as number[]);
  const bareCpu = median(cpu.get(PROGRAMS[0][0]) as number[]);
  return PROGRAMS.map(([name]) => {
    const total = median(times.get(name) as number[]);
    const cpuTotal = median(cpu.get(name) as number[]);
    return { program: name, total, added: total - bare, cpu: cpuTotal, cpuAdded: cpuTotal - bareCpu, cpuInProcess: median(inProcess.get(name) as number[]) };
  });
}

export function coldStartTable(rows: readonly ColdStartRow[], rounds: number): string[] {
  return [
    `A fresh \`node\` process that loads the library, validates one URI and parses it (\`npm run bench:cold\`, ${rounds} rounds, the programs alternating in a shuffled order each round): median wall time and median CPU time (user + system, as the process reports it), each also above the median of a bare \`node\` from the same rounds; and the median CPU time from the program's first statement to its last, which leaves out node's own start (and its noise). The last two rows only find each package's file (\`require.resolve\`): for urigram, Node 20 loads its resolver for package.json's \`exports\` field, which fast-uri has none of.`,
    '',
    '| program | wall ms | above bare node | CPU ms | above bare node | CPU ms in the program |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => {
      const bare = r.program === 'bare node';
      return `| ${r.program} | ${r.total.toFixed(1)} | ${bare ? '' : r.added.toFixed(1)} | ${r.cpu.toFixed(1)} | ${bare ? '' : r.cpuAdded.toFixed(1)} | ${r.cpuInProcess.toFixed(1)} |`;
    }),
  ];
}

if (require.main === module) {
  const at = process.argv.indexOf('--runs');
  const rounds = at >= 0 ? Number(process.argv[at + 1]) : 41;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--runs needs a positive integer');
  process.stdout.write(`${coldStartTable(coldStart(rounds), rounds).join('\n')}\n`);
}
