/**
 * `--jobs` (issue 36, item 4), measured as the issue says (npm run bench:jobs):
 *
 * - `urigram lint --extract` over a tree of thousands of files: the README
 *   files of test/corpus/readmes/ copied into FILES files in 30 directories;
 * - `urigram validate` on 1 M lines of standard input: the lines of
 *   test/corpus/web-urls.txt and file-urls.txt, repeated.
 *
 * Each is run as users run it (a spawned `node dist/src/cli.js`, standard input
 * from the file, standard output to a file), `--jobs 1` and `--jobs N`
 * alternating round by round; the report gives the median wall time of each,
 * the spread (min-max), the ratio of the medians, the CPU time of each run
 * (user + system, by /usr/bin/time when it is there) and, for --jobs N, where
 * the time went (URIGRAM_JOBS_STATS: the main thread's busy milliseconds, and
 * each worker's), with the load average before and after. The outputs of both
 * are compared: they must be the same.
 *
 * Options: --rounds R (default 5), --jobs N (default 2), --files F (default 3000),
 * --lines L (default 1000000), --json.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.join(__dirname, '..');
const cli = path.join(root, 'dist', 'src', 'cli.js');

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ROUNDS = option('--rounds', 5);
const JOBS = option('--jobs', 2);
const FILES = option('--files', 3000);
const LINES = option('--lines', 1_000_000);
const TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Run {
  wallMs: number;
  cpuMs?: number;
  status: number | null;
  stats?: { parts: number; mainActiveMs: number; mainIdleMs: number; workerActiveMs: number[] };
}

function once(args: string[], stdinFile: string | undefined, outFile: string, cwd: string): Run {
  const stdin = stdinFile ? fs.openSync(stdinFile, 'r') : 'ignore';
  const out = fs.openSync(outFile, 'w');
  const command = TIME ? [TIME, '-f', 'urigram-bench-cpu %U %S', process.execPath, cli, ...args] : [process.execPath, cli, ...args];
  const start = process.hrtime.bigint();
  const r = spawnSync(command[0], command.slice(1), { cwd, stdio: [stdin, out, 'pipe'], env: { ...process.env, URIGRAM_JOBS_STATS: '1' }, maxBuffer: 1 << 28 });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (typeof stdin === 'number') fs.closeSync(stdin);
  fs.closeSync(out);
  const stderr = r.stderr.toString();
  const cpu = /urigram-bench-cpu ([\d.]+) ([\d.]+)/.exec(stderr);
  const stats = /urigram-jobs-stats (\{.*\})/.exec(stderr);
  return { wallMs, status: r.status, ...(cpu ? { cpuMs: (Number(cpu[1]) + Number(cpu[2])) * 1000 } : {}), ...(stats ? { stats: JSON.parse(stats[1]) as Run['stats'] } : {}) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function sameFiles(a: string, b: string): boolean {
  const x = fs.readFileSync(a);
  const y = fs.readFileSync(b);
  return x.equals(y);
}

interface Case {
  name: string;
  args: string[];
  stdin?: string;
  cwd: string;
  size: string;
}

function setUp(dir: string): Case[] {
  // The tree: the README files, copied round-robin into FILES files.
  const readmes = fs.readdirSync(path.join(root, 'test', 'corpus', 'readmes')).filter((f) => f.endsWith('.md')).sort();
  const texts = readmes.map((f) => fs.readFileSync(path.join(root, 'test', 'corpus', 'readmes', f)));
  const tree = path.join(dir, 'tree');
  let bytes = 0;
  for (let i = 0; i < FILES; i++) {
    const sub = path.join(tree, `d${i % 30}`);
    fs.mkdirSync(sub, { recursive: true });
    const text = texts[i % texts.length];
    fs.writeFileSync(path.join(sub, `r${i}-${readmes[i % readmes.length]}`), text);
    bytes += text.length;
  }
  // The lines.
  const corpus = ['web-urls.txt', 'file-urls.txt'].flatMap((f) => fs.readFileSync(path.join(root, 'test', 'corpus', f), 'utf8').split('\n').filter((l) => l.length > 0));
  const linesFile = path.join(dir, 'lines.txt');
  const fd = fs.openSync(linesFile, 'w');
  const block: string[] = [];
  for (let i = 0; i < LINES; i++) {
    block.push(corpus[i % corpus.length]);
    if (block.length === 10_000 || i === LINES - 1) {
      fs.writeSync(fd, `${block.join('\n')}\n`);
      block.length = 0;
    }
  }
  fs.closeSync(fd);
  return [
    { name: `lint --extract, ${FILES} files`, args: ['lint', '--extract', 'tree'], cwd: dir, size: `${(bytes / 1e6).toFixed(1)} MB` },
    { name: `validate, ${LINES} lines on stdin`, args: ['validate'], stdin: linesFile, cwd: dir, size: `${(fs.statSync(linesFile).size / 1e6).toFixed(1)} MB` },
  ];
}

function main(): void {
  if (!fs.existsSync(cli)) throw new Error('run npm run build first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-bench-jobs-'));
  const report: unknown[] = [];
  const loadBefore = os.loadavg();
  const json = process.argv.includes('--json');
  try {
    const cases = setUp(dir);
    for (const c of cases) {
      const one: Run[] = [];
      const many: Run[] = [];
      // A warm-up of each, not counted.
      once([...c.args, '--jobs', '1'], c.stdin, path.join(dir, 'out-1'), c.cwd);
      once([...c.args, '--jobs', String(JOBS)], c.stdin, path.join(dir, 'out-n'), c.cwd);
      if (!sameFiles(path.join(dir, 'out-1'), path.join(dir, 'out-n'))) throw new Error(`${c.name}: --jobs ${JOBS} wrote another output than --jobs 1`);
      for (let r = 0; r < ROUNDS; r++) {
        // Alternating, and which goes first alternates too.
        const order = r % 2 === 0 ? [1, JOBS] : [JOBS, 1];
        for (const jobs of order) (jobs === 1 ? one : many).push(once([...c.args, '--jobs', String(jobs)], c.stdin, path.join(dir, `out-${jobs}`), c.cwd));
      }
      const m1 = median(one.map((x) => x.wallMs));
      const mn = median(many.map((x) => x.wallMs));
      const cpu1 = one.every((x) => x.cpuMs !== undefined) ? median(one.map((x) => x.cpuMs!)) : undefined;
      const cpun = many.every((x) => x.cpuMs !== undefined) ? median(many.map((x) => x.cpuMs!)) : undefined;
      const statsRuns = many.filter((x) => x.stats);
      const mainActive = statsRuns.length ? median(statsRuns.map((x) => x.stats!.mainActiveMs)) : undefined;
      const workerActive = statsRuns.length ? median(statsRuns.map((x) => x.stats!.workerActiveMs.reduce((a, b) => a + b, 0))) : undefined;
      const row = {
        case: c.name,
        input: c.size,
        rounds: ROUNDS,
        jobs1: { medianMs: Math.round(m1), minMs: Math.round(Math.min(...one.map((x) => x.wallMs))), maxMs: Math.round(Math.max(...one.map((x) => x.wallMs))), cpuMs: cpu1 && Math.round(cpu1) },
        [`jobs${JOBS}`]: { medianMs: Math.round(mn), minMs: Math.round(Math.min(...many.map((x) => x.wallMs))), maxMs: Math.round(Math.max(...many.map((x) => x.wallMs))), cpuMs: cpun && Math.round(cpun) },
        speedup: Number((m1 / mn).toFixed(2)),
        where: { parts: statsRuns[0]?.stats?.parts, mainThreadBusyMs: mainActive && Math.round(mainActive), workersBusyMs: workerActive && Math.round(workerActive) },
      };
      report.push(row);
      if (!json) {
        console.log(`${c.name} (${c.size}), ${ROUNDS} alternating rounds:`);
        console.log(`  --jobs 1: median ${row.jobs1.medianMs} ms (${row.jobs1.minMs}-${row.jobs1.maxMs}), CPU ${row.jobs1.cpuMs ?? '?'} ms`);
        const n = row[`jobs${JOBS}`] as typeof row.jobs1;
        console.log(`  --jobs ${JOBS}: median ${n.medianMs} ms (${n.minMs}-${n.maxMs}), CPU ${n.cpuMs ?? '?'} ms`);
        console.log(`  speed-up ${row.speedup}x; with --jobs ${JOBS}: ${row.where.parts} parts, main thread busy ${row.where.mainThreadBusyMs} ms, workers busy ${row.where.workersBusyMs} ms in all`);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg();
  const machine = { cores: os.availableParallelism?.() ?? os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, loadBefore: loadBefore.map((x) => Number(x.toFixed(2))), loadAfter: loadAfter.map((x) => Number(x.toFixed(2))) };
  if (json) console.log(JSON.stringify({ machine, report }, null, 2));
  else console.log(`machine: ${machine.cores} cores (${machine.cpu}), Node ${machine.node}; load average (1, 5, 15 min) before ${machine.loadBefore.join(', ')}, after ${machine.loadAfter.join(', ')}`);
}

main();
