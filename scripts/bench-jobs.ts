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
 * Beside them, in the same rounds (the order of the three turning round by
 * round), the machine's bound: the input split in N equal parts (lines of
 * standard input; the files, sorted by path), N
 * independent `--jobs 1` processes started at once, one on each part; its wall
 * time is the slowest's. The ratio of one process on the whole input to that
 * is what N processes with no coordination at all reach here (their start-up,
 * and V8's own background threads sharing the cores); `--jobs N` is measured
 * against it. The CPU/wall of `--jobs 1` says how many cores one job already
 * uses.
 *
 * Options: --rounds R (default 5), --jobs N (default 2), --files F (default 3000),
 * --lines L (default 1000000), --baseline PATH (another build's dist/src/cli.js,
 * as main's: its --jobs N in the same rounds, before/after), --json.
 */
import { spawn, spawnSync } from 'node:child_process';
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
/** --baseline CLI: another build's cli.js (as main's), its --jobs N run in the same rounds. */
const BASELINE = (() => {
  const i = process.argv.indexOf('--baseline');
  return i >= 0 ? path.resolve(process.argv[i + 1]) : undefined;
})();
const TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Run {
  wallMs: number;
  cpuMs?: number;
  status: number | null;
  stats?: { parts: number; mainParts?: number; mainActiveMs: number; mainIdleMs: number; workerActiveMs: number[] };
}

function once(args: string[], stdinFile: string | undefined, outFile: string, cwd: string, program = cli): Run {
  const stdin = stdinFile ? fs.openSync(stdinFile, 'r') : 'ignore';
  const out = fs.openSync(outFile, 'w');
  const command = TIME ? [TIME, '-f', 'urigram-bench-cpu %U %S', process.execPath, program, ...args] : [process.execPath, program, ...args];
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

/** N processes started at once, each on its own input (args, standard input): the wall time until the last has ended, and the CPU of all. */
async function together(runs: readonly { args: string[]; stdin?: string; out: string }[], cwd: string): Promise<Run> {
  const start = process.hrtime.bigint();
  const ended = await Promise.all(
    runs.map(
      ({ args, stdin: stdinFile, out: outFile }) =>
        new Promise<{ status: number | null; cpuMs?: number }>((resolve, reject) => {
          const stdin = stdinFile ? fs.openSync(stdinFile, 'r') : 'ignore';
          const out = fs.openSync(outFile, 'w');
          const command = TIME ? [TIME, '-f', 'urigram-bench-cpu %U %S', process.execPath, cli, ...args] : [process.execPath, cli, ...args];
          const child = spawn(command[0], command.slice(1), { cwd, stdio: [stdin, out, 'pipe'] });
          const err: Buffer[] = [];
          child.stderr!.on('data', (b: Buffer) => err.push(b));
          child.on('error', reject);
          child.on('close', (status) => {
            if (typeof stdin === 'number') fs.closeSync(stdin);
            fs.closeSync(out);
            const cpu = /urigram-bench-cpu ([\d.]+) ([\d.]+)/.exec(Buffer.concat(err).toString());
            resolve({ status, ...(cpu ? { cpuMs: (Number(cpu[1]) + Number(cpu[2])) * 1000 } : {}) });
          });
        }),
    ),
  );
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const cpus = ended.map((e) => e.cpuMs);
  return { wallMs, status: ended[0].status, ...(cpus.every((c) => c !== undefined) ? { cpuMs: cpus.reduce((a, b) => a! + b!, 0) } : {}) };
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
  /** The bound's N inputs: each one's arguments and standard input. */
  split: { args: string[]; stdin?: string }[];
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
  // The bound's inputs: the lines in JOBS files of equal numbers of lines; the files (by path) in JOBS runs of equal numbers.
  const lines = fs.readFileSync(linesFile, 'utf8').split('\n');
  lines.pop();
  const files = fs.readdirSync(tree).sort().flatMap((d) => fs.readdirSync(path.join(tree, d)).sort().map((f) => path.join('tree', d, f)));
  const share = <T>(xs: T[], k: number): T[] => xs.slice(Math.round((xs.length * k) / JOBS), Math.round((xs.length * (k + 1)) / JOBS));
  const lineSplit = Array.from({ length: JOBS }, (_, k) => {
    const file = path.join(dir, `lines-${k}.txt`);
    fs.writeFileSync(file, `${share(lines, k).join('\n')}\n`);
    return { args: ['validate', '--jobs', '1'], stdin: file };
  });
  const fileSplit = Array.from({ length: JOBS }, (_, k) => ({ args: ['lint', '--extract', '--jobs', '1', ...share(files, k)] }));
  return [
    // --no-links: link integrity, on by default for a directory (and off for the bound's files named alone), is
    // scripts/bench-links.ts's to measure; this one times --jobs on the same work as before it.
    { name: `lint --extract, ${FILES} files`, args: ['lint', '--extract', '--no-links', 'tree'], cwd: dir, size: `${(bytes / 1e6).toFixed(1)} MB`, split: fileSplit },
    { name: `validate, ${LINES} lines on stdin`, args: ['validate'], stdin: linesFile, cwd: dir, size: `${(fs.statSync(linesFile).size / 1e6).toFixed(1)} MB`, split: lineSplit },
  ];
}

async function main(): Promise<void> {
  if (!fs.existsSync(cli)) throw new Error('run npm run build first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-bench-jobs-'));
  const report: unknown[] = [];
  const loadBefore = os.loadavg();
  const json = process.argv.includes('--json');
  const summary = (runs: Run[]) => ({
    medianMs: Math.round(median(runs.map((x) => x.wallMs))),
    minMs: Math.round(Math.min(...runs.map((x) => x.wallMs))),
    maxMs: Math.round(Math.max(...runs.map((x) => x.wallMs))),
    cpuMs: runs.every((x) => x.cpuMs !== undefined) ? Math.round(median(runs.map((x) => x.cpuMs!))) : undefined,
  });
  try {
    const cases = setUp(dir);
    for (const c of cases) {
      const one: Run[] = [];
      const many: Run[] = [];
      const bound: Run[] = [];
      const other: Run[] = [];
      const runOf = (kind: string): Promise<Run> | Run => {
        if (kind === 'bound') return together(c.split.map((s, k) => ({ ...s, out: path.join(dir, `out-split-${k}`) })), c.cwd);
        if (kind === 'baseline') return once([...c.args, '--jobs', String(JOBS)], c.stdin, path.join(dir, 'out-b'), c.cwd, BASELINE);
        const jobs = kind === 'one' ? 1 : JOBS;
        return once([...c.args, '--jobs', String(jobs)], c.stdin, path.join(dir, `out-${jobs}`), c.cwd);
      };
      // A warm-up of each, not counted; the outputs compared.
      runOf('one');
      runOf('many');
      if (!sameFiles(path.join(dir, 'out-1'), path.join(dir, `out-${JOBS}`))) throw new Error(`${c.name}: --jobs ${JOBS} wrote another output than --jobs 1`);
      await runOf('bound');
      if (BASELINE) {
        runOf('baseline');
        if (!sameFiles(path.join(dir, 'out-1'), path.join(dir, 'out-b'))) throw new Error(`${c.name}: the baseline's --jobs ${JOBS} wrote another output than --jobs 1`);
      }
      const kinds = ['one', 'many', 'bound', ...(BASELINE ? ['baseline'] : [])];
      const into: Record<string, Run[]> = { one, many, bound, baseline: other };
      for (let r = 0; r < ROUNDS; r++) {
        // Alternating: the order turns round by round.
        for (let k = 0; k < kinds.length; k++) {
          const kind = kinds[(r + k) % kinds.length];
          into[kind].push(await runOf(kind));
        }
      }
      const statsRuns = many.filter((x) => x.stats);
      const mainActive = statsRuns.length ? median(statsRuns.map((x) => x.stats!.mainActiveMs)) : undefined;
      const workerActive = statsRuns.length ? median(statsRuns.map((x) => x.stats!.workerActiveMs.reduce((a, b) => a + b, 0))) : undefined;
      const s1 = summary(one);
      const sn = summary(many);
      const sb = summary(bound);
      const row = {
        case: c.name,
        input: c.size,
        rounds: ROUNDS,
        jobs1: { ...s1, cores: s1.cpuMs && Number((s1.cpuMs / s1.medianMs).toFixed(2)) },
        [`jobs${JOBS}`]: sn,
        speedup: Number((s1.medianMs / sn.medianMs).toFixed(2)),
        bound: { ...sb, processes: JOBS, speedup: Number((s1.medianMs / sb.medianMs).toFixed(2)) },
        ...(BASELINE ? { baseline: { cli: BASELINE, ...summary(other), speedup: Number((s1.medianMs / summary(other).medianMs).toFixed(2)) } } : {}),
        where: { parts: statsRuns[0] && statsRuns[0].stats!.parts + 1, mainThreadParts: statsRuns.length ? median(statsRuns.map((x) => (x.stats!.mainParts ?? 0) + 1)) : undefined, mainThreadBusyMs: mainActive && Math.round(mainActive), workersBusyMs: workerActive && Math.round(workerActive) },
      };
      report.push(row);
      if (!json) {
        console.log(`${c.name} (${c.size}), ${ROUNDS} alternating rounds:`);
        console.log(`  --jobs 1: median ${s1.medianMs} ms (${s1.minMs}-${s1.maxMs}), CPU ${s1.cpuMs ?? '?'} ms (${row.jobs1.cores ?? '?'} cores)`);
        console.log(`  --jobs ${JOBS}: median ${sn.medianMs} ms (${sn.minMs}-${sn.maxMs}), CPU ${sn.cpuMs ?? '?'} ms`);
        console.log(`  speed-up ${row.speedup}x; with --jobs ${JOBS}: ${row.where.parts} parts (${row.where.mainThreadParts ?? '?'} on the main thread), main thread busy ${row.where.mainThreadBusyMs} ms, workers busy ${row.where.workersBusyMs} ms in all`);
        console.log(`  bound, ${JOBS} independent --jobs 1 processes on 1/${JOBS} each: median ${sb.medianMs} ms (${sb.minMs}-${sb.maxMs}), CPU ${sb.cpuMs ?? '?'} ms in all: ${row.bound.speedup}x`);
        if (BASELINE) {
          const b = row.baseline!;
          console.log(`  baseline ${BASELINE} --jobs ${JOBS}: median ${b.medianMs} ms (${b.minMs}-${b.maxMs}), CPU ${b.cpuMs ?? '?'} ms: ${b.speedup}x`);
        }
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

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
