/**
 * npm run fuzz [-- --quick] [-- --family NAME] [-- --target NAME] [-- --no-cli | --cli-only] [-- --write]
 *
 * Issue 13's "make it stay fixed": every exported function (the targets of
 * test/support/fuzz.ts) and every command of the CLI on the hostile families
 * of test/support/hostile.ts, and it fails when
 *
 * - any call exceeds a second per million characters (1 s per MB),
 * - cost per character at 1 M characters is over 2x the cost at 10 k,
 * - an error that docs/errors.md does not document escapes (a plain Error, a
 *   RangeError for the stack, "Invalid string length", an internal TypeError),
 *   or a result makes no sense (spans outside the input, a normalized form that
 *   normalizes to something else),
 * - a CLI command exits 70 or with an exit code it does not document, prints a
 *   stack trace or "internal error", prints --json output that is not JSON, or
 *   is killed for taking too long.
 *
 * Library: each (target, family) at 10 k, 100 k and 1 M characters (--quick:
 * 10 k and 100 k), in a child process with a time limit per call, so that a
 * quadratic path is reported "too slow" instead of hanging the run: after a
 * size over 1 s per MB, or a call killed at its limit, the larger sizes are
 * not tried. Time is the best of several runs (at 10 k, of batches long enough
 * to time); a figure over a limit (a ratio over 2x, a call over 1 s per MB) is
 * measured again before it counts, in a new child with the other jobs paused
 * (`Gate`): two jobs share two cores, and a 1 M-character run that allocates
 * much slows beside another for want of memory caches. Targets that
 * test options (null options, bad options) are about errors only and run at
 * the smallest size.
 *
 * CLI: each command reads every family at once, one per line on standard
 * input (or from a file), at 10 k and 100 k characters per family (--quick:
 * 10 k): the checks above at both sizes, and CPU time beyond node's start-up
 * per character at the larger, under 1 s per MB (the smaller run is mostly the
 * JIT's warm-up in a fresh process: its figure is shown, not judged); a batch
 * that fails a check is run again family by family to name the family. Commands that take their input as arguments (match,
 * resolve, compare, validate and grammars with arguments) are checked at 10 k
 * per family, not timed: execve limits an argument to 128 KiB, and start-up
 * dominates at that size (their work is the library's, timed above).
 *
 * The report (markdown) goes to standard output, and with --write into
 * BENCHMARKS.md between the fuzz markers. Exit code 1 when anything failed,
 * the known failures of issue 13 (KNOWN_FAILURES, marked "known") included.
 */
import { fork, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HOSTILE_FAMILIES, hostileFamily, type HostileFamily } from '../test/support/hostile';
import { TARGETS, KNOWN_FAILURES, CLI, CLI_COMMANDS, CLI_SPECIAL_RUNS, covers, knownFailure, judgeTimed, runCli as runCliWithin, short, type CliCommand, type FuzzTarget, type Outcome } from '../test/support/fuzz';
import { replaceSection } from './report';

const root = path.resolve(__dirname, '..');
const cli = CLI;

/** 1 s per million characters: the most any call may take. */
const SECONDS_PER_MB = 1;
/** The most cost per character may grow from the smallest size to the largest. */
const MAX_RATIO = 2;
/**
 * Below this many ms per million characters at the largest size, a ratio over MAX_RATIO is
 * shown but does not fail: at 10 ns a character the figure is the memory caches and the
 * garbage collector (a 1 M-character string does not fit where a 10 k one does), not the
 * algorithm; a quadratic path is far above it at 1 M.
 */
const RATIO_FLOOR_MS_PER_MB = 10;
const limitMs = (n: number): number => (n / 1e6) * SECONDS_PER_MB * 1000;
/** A call is killed after this long: time enough to measure how much over the limit it is. */
const killAfterMs = (n: number): number => 2000 + 5 * limitMs(n);

interface Args {
  quick: boolean;
  families: string[];
  targets: string[];
  cli: boolean;
  library: boolean;
  write: boolean;
  jobs: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { quick: false, families: [], targets: [], cli: true, library: true, write: false, jobs: 2 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') args.quick = true;
    else if (a === '--write') args.write = true;
    else if (a === '--no-cli') args.cli = false;
    else if (a === '--cli-only') args.library = false;
    else if (a === '--family' && argv[i + 1] !== undefined) args.families.push(argv[++i]);
    else if (a === '--target' && argv[i + 1] !== undefined) args.targets.push(argv[++i]);
    else if (a === '--jobs' && Number(argv[i + 1]) >= 1) args.jobs = Math.floor(Number(argv[++i]));
    else throw new Error(`unknown argument ${a}: the options are --quick, --family NAME, --target NAME, --jobs N, --no-cli, --cli-only, --write`);
  }
  return args;
}

/** Names equal to, or containing, one of the filters (case-insensitive); all when there are none. */
function select<T extends { name: string }>(items: readonly T[], filters: string[], what: string): T[] {
  if (filters.length === 0) return [...items];
  const exact = items.filter((x) => filters.includes(x.name));
  const picked = exact.length > 0 ? exact : items.filter((x) => filters.some((f) => x.name.toLowerCase().includes(f.toLowerCase())));
  if (picked.length === 0) throw new Error(`no ${what} matches ${filters.map((f) => JSON.stringify(f)).join(', ')}`);
  return picked;
}

// ---------------------------------------------------------------------------
// The child: runs calls on request, so that the parent can kill a call that hangs.

/** The warm-up: at least three calls at 1 k characters, then more up to these many or this much CPU time. */
const WARM_CALLS = 30;
const WARM_MS = 60;

interface Request {
  target: string;
  family: string;
  size: number;
  /** Timed samples after the judged call. */
  samples: number;
  /** Calls at 1 k characters first, untimed (WARM_CALLS, or WARM_MS of CPU): the JIT's first passes over a new shape of input are no measure of it. */
  warm?: boolean;
}

interface Reply {
  length: number;
  outcome: Outcome;
  /** Best time of one call, ms. */
  best: number;
}

/**
 * CPU time of this process in ms: on a shared machine, wall time measures the other
 * processes too (the garbage collector's threads count here, as they should).
 */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function child(): void {
  const inputs = new Map<string, string>();
  process.on('message', (req: Request) => {
    const key = `${req.family}\u0000${req.size}`;
    let s = inputs.get(key);
    if (s === undefined) {
      if (inputs.size > 8) inputs.clear();
      s = hostileFamily(req.family).make(req.size);
      inputs.set(key, s);
    }
    const target = TARGETS.find((t) => t.name === req.target)!;
    if (req.warm) {
      // Until the JIT has settled: three calls were not enough for tr46's ToUnicode, whose first
      // dozen calls on a host of labels cost twice what later ones do.
      const small = hostileFamily(req.family).make(1000);
      const until = cpuMs() + WARM_MS;
      for (let i = 0; i < WARM_CALLS && (i < 3 || cpuMs() < until); i++) judgeTimed(target, small);
    }
    const { outcome, ms } = judgeTimed(target, s, cpuMs);
    let best = ms;
    // Over the limit: measure again all the same (a first call can pay for the JIT), unless the call is long.
    const samples = ms <= 1000 ? req.samples : ms <= limitMs(req.size) * 2 ? 1 : 0;
    if (outcome.ok) {
      // Batches of calls long enough to time (2 ms), the best batch per call.
      const batch = ms < 2 ? Math.min(1000, Math.ceil(2 / Math.max(ms, 0.001))) : 1;
      for (let i = 0; i < samples; i++) {
        const t = cpuMs();
        for (let j = 0; j < batch; j++) {
          try {
            target.run(s);
          } catch {
            // judged above
          }
        }
        best = Math.min(best, (cpuMs() - t) / batch);
      }
    }
    process.send!({ length: s.length, outcome, best } satisfies Reply);
  });
  // Load what the targets load lazily (the diagnostic back ends, tr46, tables) before anything is timed.
  for (const target of TARGETS) {
    if (target.name.startsWith('codePointOffset')) continue; // item 5: an offset past the end may never return
    for (const s of ['http://a/b?c#d', 'HTTP://\u00e9x/%7e/../a b', '\ud800[1%25']) judgeTimed(target, s);
  }
  process.send!('ready');
}

// ---------------------------------------------------------------------------
// The parent's side of the child.

class Runner {
  private proc: ChildProcess | undefined;

  /** A new child, once it has loaded urigram (its start-up is not the first call's time). */
  private start(): Promise<ChildProcess> {
    const proc = fork(__filename, ['--child'], { execArgv: ['-r', 'ts-node/register/transpile-only'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.proc = proc;
    return new Promise((resolve, reject) => {
      proc.once('message', () => resolve(proc));
      proc.once('exit', (code) => reject(new Error(`the child process exited (${code}) before it was ready`)));
    });
  }

  /** The reply, or 'killed' when the child did not answer in time (or died). */
  async run(req: Request): Promise<Reply | { killed: string }> {
    const proc = this.proc ?? (await this.start());
    const timeout = killAfterMs(req.size) + req.samples * Math.max(limitMs(req.size), 100) * 1.5;
    return new Promise((resolve) => {
      const done = (r: Reply | { killed: string }): void => {
        clearTimeout(timer);
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        resolve(r);
      };
      const onMessage = (m: Reply): void => done(m);
      const onExit = (code: number | null, signal: string | null): void => {
        this.proc = undefined;
        done({ killed: `the child process died (${signal ?? `exit ${code}`})` });
      };
      const timer = setTimeout(() => {
        proc.off('exit', onExit);
        proc.kill('SIGKILL');
        this.proc = undefined;
        done({ killed: `killed after ${(timeout / 1000).toFixed(1)} s` });
      }, timeout);
      proc.on('message', onMessage);
      proc.on('exit', onExit);
      proc.send(req);
    });
  }

  stop(): void {
    this.proc?.kill();
    this.proc = undefined;
  }
}

// ---------------------------------------------------------------------------
// Library.

interface Failure {
  where: string;
  family: string;
  size: number;
  what: string;
  reproduce: string;
  known?: number;
}

interface PairResult {
  target: string;
  family: string;
  /** ms per MB at each size reached. */
  msPerMB: Array<number | undefined>;
  ratio: number | undefined;
}

const fmtSize = (n: number): string => (n >= 1e6 ? `${n / 1e6} M` : `${n / 1e3} k`);

function reproducer(target: FuzzTarget, family: HostileFamily, size: number): string {
  return `npm run fuzz -- --no-cli --target ${JSON.stringify(target.name)} --family ${JSON.stringify(family.name)} (input: hostileFamily(${JSON.stringify(family.name)}).make(${size}), ${short(family.make(size), 40)})`;
}

/**
 * The library's jobs share the machine: a figure that fails is measured again with the other jobs
 * paused (`alone`), so that what counts is the function's cost, not two 1 M-character runs
 * contending for the memory caches (a run that allocates an object per percent-encoding measured
 * 4.2x at 1 M beside the other job, 0.8x alone).
 */
class Gate {
  private running = 0;
  private exclusive: Promise<void> | undefined;
  private idle: Array<() => void> = [];

  /** Runs f beside the other jobs' shared runs, after any run alone has finished. */
  async shared<T>(f: () => Promise<T>): Promise<T> {
    while (this.exclusive) await this.exclusive;
    this.running++;
    try {
      return await f();
    } finally {
      this.running--;
      if (this.running === 0) for (const wake of this.idle.splice(0)) wake();
    }
  }

  /** Runs f once no other run is going on, and keeps the others waiting until it is done. */
  async alone<T>(f: () => Promise<T>): Promise<T> {
    while (this.exclusive) await this.exclusive;
    let release!: () => void;
    this.exclusive = new Promise((resolve) => (release = resolve));
    try {
      while (this.running > 0) await new Promise<void>((wake) => this.idle.push(wake));
      return await f();
    } finally {
      this.exclusive = undefined;
      release();
    }
  }
}

const gate = new Gate();

/** A request in a new child of its own, with no other job running: the figures that decide a failure. */
async function runAlone(reqs: Request[]): Promise<Array<Reply | { killed: string }>> {
  return gate.alone(async () => {
    const fresh = new Runner();
    try {
      const replies: Array<Reply | { killed: string }> = [];
      for (const req of reqs) replies.push(await fresh.run(req));
      return replies;
    } finally {
      fresh.stop();
    }
  });
}

async function fuzzPair(runner: Runner, target: FuzzTarget, family: HostileFamily, sizes: number[], failures: Failure[]): Promise<PairResult> {
  const result: PairResult = { target: target.name, family: family.name, msPerMB: [], ratio: undefined };
  const fail = (size: number, what: string): void => {
    failures.push({ where: target.name, family: family.name, size, what, reproduce: reproducer(target, family, size), known: knownFailure(target.name, family.name) });
  };
  const best: number[] = [];
  const lengths: number[] = [];
  const timed = target.kind === undefined;
  for (const [i, size] of (timed ? sizes : sizes.slice(0, 1)).entries()) {
    // At 1 M one call, and another only when the first is over the limit.
    const samples = i === 0 ? 3 : size < 1e6 ? 1 : 0;
    let reply = await gate.shared(() => runner.run({ target: target.name, family: family.name, size, samples, warm: i === 0 }));
    if (!('killed' in reply) && reply.outcome.ok && reply.best > limitMs(reply.length)) {
      // Over the limit: measured again alone before it counts.
      const [again] = await runAlone([{ target: target.name, family: family.name, size, samples: size < 1e6 ? 3 : 1, warm: true }]);
      if (!('killed' in again) && again.outcome.ok && again.best < reply.best) reply = again;
    }
    if ('killed' in reply) {
      fail(size, `too slow: ${reply.killed} (limit ${limitMs(size).toFixed(0)} ms)`);
      return result;
    }
    if (!reply.outcome.ok) {
      fail(size, reply.outcome.failure);
      return result;
    }
    if (!timed) return result;
    best.push(reply.best);
    lengths.push(reply.length);
    const msPerMB = (reply.best / reply.length) * 1e6;
    result.msPerMB.push(msPerMB);
    if (reply.best > limitMs(reply.length)) {
      fail(size, `too slow: ${reply.best.toFixed(0)} ms for ${reply.length} characters (${(msPerMB / 1000).toFixed(2)} s per MB, limit ${SECONDS_PER_MB} s)`);
      return result;
    }
  }
  if (!timed || best.length < 2) return result;
  const perChar = (k: number): number => best[k] / lengths[k];
  let ratio = perChar(best.length - 1) / perChar(0);
  if (ratio > MAX_RATIO) {
    // Measure both ends again before it counts, alone and in a new child: one garbage collection
    // can double a figure, the other job's 1 M-character runs contend for the memory caches, and
    // the long-lived child's heap holds what the targets before this one left. The new child warms
    // the target up on small inputs first, as the first one did.
    const replies = await runAlone([0, best.length - 1].map((k) => ({ target: target.name, family: family.name, size: sizes[k], samples: k === 0 ? 7 : 4, warm: k === 0 })));
    for (const [j, k] of [0, best.length - 1].entries()) {
      const reply = replies[j];
      if (!('killed' in reply) && reply.outcome.ok) best[k] = Math.min(best[k], reply.best);
    }
    ratio = perChar(best.length - 1) / perChar(0);
    result.msPerMB[0] = (best[0] / lengths[0]) * 1e6;
    result.msPerMB[best.length - 1] = (best[best.length - 1] / lengths[best.length - 1]) * 1e6;
  }
  result.ratio = ratio;
  if (ratio > MAX_RATIO && result.msPerMB[best.length - 1]! >= RATIO_FLOOR_MS_PER_MB) {
    // Still a failure; but where the growth stops tells a reader what it is: a path that grows with the
    // length goes on growing at 4x the largest size, a step (the memory caches, the young generation)
    // does not.
    const last = best.length - 1;
    const [beyond] = await runAlone([{ target: target.name, family: family.name, size: sizes[last] * 4, samples: 1, warm: true }]);
    const at4 = fmtSize(sizes[last] * 4);
    const further =
      'killed' in beyond ? `; at ${at4} the call was killed (${beyond.killed})` : !beyond.outcome.ok ? `; at ${at4}: ${beyond.outcome.failure}` : `; at ${at4}, ${(beyond.best / beyond.length / perChar(last)).toFixed(2)}x the cost per character at ${fmtSize(sizes[last])}`;
    fail(sizes[last], `cost per character ${ratio.toFixed(2)}x the cost at ${fmtSize(sizes[0])} (limit ${MAX_RATIO}x)${further}`);
  }
  return result;
}

/** After this many families on which a target's calls were killed, the rest are skipped: each kill costs seconds, and a new child. */
const KILLS_BEFORE_SKIPPING = 3;

async function fuzzLibrary(targets: FuzzTarget[], families: HostileFamily[], sizes: number[], jobs: number, failures: Failure[]): Promise<PairResult[]> {
  const results: PairResult[] = [];
  const kills = new Map<string, number>();
  const skipped = new Map<string, string[]>();
  const found: Failure[] = [];
  const queue = [...families];
  // `jobs` children, each taking the next family and running every target on it (so that it makes each input once).
  const worker = async (): Promise<void> => {
    const runner = new Runner();
    try {
      for (let family = queue.shift(); family !== undefined; family = queue.shift()) {
        const t = Date.now();
        let count = 0;
        for (const target of targets) {
          if ((kills.get(target.name) ?? 0) >= KILLS_BEFORE_SKIPPING) {
            skipped.set(target.name, [...(skipped.get(target.name) ?? []), family.name]);
            continue;
          }
          const t1 = Date.now();
          const mine: Failure[] = [];
          results.push(await fuzzPair(runner, target, family, sizes, mine));
          found.push(...mine);
          count += mine.length;
          if (mine.some((f) => f.what.includes('killed'))) kills.set(target.name, (kills.get(target.name) ?? 0) + 1);
          if (process.env.FUZZ_TRACE) process.stdout.write(`    ${target.name}: ${Date.now() - t1} ms\n`);
        }
        process.stdout.write(`  ${family.name}: ${((Date.now() - t) / 1000).toFixed(1)} s${count > 0 ? `, ${count} failures` : ''}\n`);
      }
    } finally {
      runner.stop();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  const rank = (f: { family: string; where?: string; target?: string }): number =>
    families.findIndex((x) => x.name === f.family) * targets.length + targets.findIndex((t) => t.name === (f.where ?? f.target));
  found.sort((x, y) => rank(x) - rank(y));
  results.sort((x, y) => rank(x) - rank(y));
  failures.push(...found);
  for (const [target, names] of skipped) {
    failures.push({ where: target, family: `${names.length} more families`, size: sizes[0], what: `not run: killed on ${KILLS_BEFORE_SKIPPING} families already`, reproduce: '', known: knownFailure(target, names[0]) });
  }
  return results;
}

// ---------------------------------------------------------------------------
// CLI.

const runCli = (command: CliCommand, inputs: readonly string[], tmp: string) =>
  runCliWithin(command, inputs, tmp, killAfterMs(inputs.reduce((a, s) => a + s.length, 0)) + 2000);

/** Inputs for the CLI: the family at n characters; arguments cannot hold NUL, and a line ends at a newline. */
function cliInput(family: HostileFamily, n: number, via: CliCommand['via']): string | undefined {
  const s = family.make(n);
  if (via === 'argv' && s.includes('\u0000')) return undefined;
  return s;
}

interface CliRow {
  command: string;
  msPerMB: Array<number | undefined>;
  ratio: number | undefined;
  status: string;
}

function fuzzCli(families: HostileFamily[], quick: boolean, failures: Failure[]): CliRow[] {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-fuzz-'));
  const rows: CliRow[] = [];
  try {
    const startup: number[] = [];
    for (let i = 0; i < 5; i++) startup.push(runCli({ name: 'startup', args: ['validate'], via: 'stdin' }, ['a:b'], tmp).cpuMs ?? NaN);
    const t0 = Math.min(...startup);
    console.log(`  node start-up: ${t0.toFixed(0)} ms of CPU (best of 5), taken off each timing`);
    const sizes = quick ? [10_000] : [10_000, 100_000];
    const fail = (command: CliCommand, family: string, size: number, what: string): void => {
      failures.push({ where: `CLI ${command.name}`, family, size, what, reproduce: `npm run fuzz -- --cli-only --family ${JSON.stringify(family)}`, known: knownFailure(`CLI ${command.name}`, family) });
    };
    for (const command of CLI_COMMANDS) {
      const row: CliRow = { command: command.name, msPerMB: [], ratio: undefined, status: 'ok' };
      const t = Date.now();
      const before = failures.length;
      if (command.via === 'argv') {
        // Checked at 10 k per family, not timed. Arguments in runs of at most about 1 MB (ARG_MAX is 2 MB).
        const usable = families.map((f) => [f, cliInput(f, 10_000, 'argv')] as const).filter((x): x is readonly [HostileFamily, string] => x[1] !== undefined);
        const runs: Array<Array<readonly [HostileFamily, string]>> = [];
        if (command.takes === 'many') {
          let run: Array<readonly [HostileFamily, string]> = [];
          let bytes = 0;
          for (const x of usable) {
            const b = Buffer.byteLength(x[1]);
            if (bytes + b > 1_000_000 && run.length > 0) {
              runs.push(run);
              run = [];
              bytes = 0;
            }
            run.push(x);
            bytes += b;
          }
          if (run.length > 0) runs.push(run);
        } else for (const x of usable) runs.push([x]);
        for (const run of runs) {
          const r = runCli(command, run.map((x) => x[1]), tmp);
          if (!r.problem) continue;
          if (run.length === 1) fail(command, run[0][0].name, 10_000, r.problem);
          else
            for (const [f, s] of run) {
              const one = runCli(command, [s], tmp);
              if (one.problem) fail(command, f.name, 10_000, one.problem);
            }
        }
        row.status = failures.length > before ? `${failures.length - before} failures` : 'ok (not timed)';
      } else {
        const perSize: Array<{ ms: number; chars: number }> = [];
        for (const size of sizes) {
          const inputs = families.map((f) => cliInput(f, size, command.via)!);
          const chars = inputs.reduce((a, s) => a + s.length, 0);
          const r = runCli(command, inputs, tmp);
          if (r.problem) {
            // Which families: each alone.
            let named = 0;
            for (const f of families) {
              const one = runCli(command, [cliInput(f, size, command.via)!], tmp);
              if (one.problem) {
                fail(command, f.name, size, one.problem);
                named++;
              }
            }
            if (named === 0) fail(command, 'all families at once', size, r.problem);
            break;
          }
          const work = Math.max(0, (r.cpuMs ?? r.ms) - t0);
          perSize.push({ ms: work, chars });
          row.msPerMB.push((work / chars) * 1e6);
          // Judged at the largest size only: a fresh process pays for the JIT, which the smaller run cannot hide.
          if (size === sizes[sizes.length - 1] && work > limitMs(chars)) {
            fail(command, 'all families at once', size, `too slow: ${(work / 1000).toFixed(1)} s of CPU beyond start-up for ${(chars / 1e6).toFixed(2)} M characters (${((work / chars) * 1e3).toFixed(2)} s per MB, limit ${SECONDS_PER_MB} s)`);
          }
        }
        // Shown, not judged: at 10 k per family the JIT's warm-up is most of the time.
        if (perSize.length === 2) row.ratio = perSize[1].ms / perSize[1].chars / (perSize[0].ms / perSize[0].chars);
        row.status = failures.length > before ? `${failures.length - before} failures` : 'ok';
      }
      rows.push(row);
      process.stdout.write(`  ${command.name}: ${((Date.now() - t) / 1000).toFixed(1)} s, ${row.status}\n`);
    }
    // Issue 13 item 11: many arguments (the spread of argv overflowed the stack).
    const many: CliCommand = { name: CLI_SPECIAL_RUNS[0], args: ['validate', '--quiet', '--'], via: 'argv', takes: 'many' };
    const r = runCli(many, Array.from({ length: 150_000 }, () => 'a'), tmp);
    if (r.problem) fail(many, '150000 one-character arguments', 150_000, r.problem);
    rows.push({ command: many.name, msPerMB: [], ratio: undefined, status: r.problem ? '1 failure' : 'ok (not timed)' });
    // Issue 13 item 13: a command named like an Object property is an unknown command.
    for (const name of CLI_SPECIAL_RUNS.slice(1).map((r) => r.slice('urigram '.length))) {
      const p = spawnSync(process.execPath, [cli, name], { encoding: 'utf8', timeout: 10_000 });
      const bad = p.status !== 2 ? `exit ${p.status}, not 2 (usage)` : p.stderr.includes(`${name} --help`) ? `suggests "urigram ${name} --help"` : undefined;
      const command: CliCommand = { name: `urigram ${name}`, args: [name], via: 'argv' };
      if (bad) fail(command, '(no input)', 0, bad);
      rows.push({ command: command.name, msPerMB: [], ratio: undefined, status: bad ? '1 failure' : 'ok (not timed)' });
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return rows;
}

// ---------------------------------------------------------------------------
// Report.

function machine(): string {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  return `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores), urigram at ${commit}`;
}

/**
 * What new memory costs on this machine: ms of CPU per MB to fill 64 MB that the process has not
 * touched before (best of 3). Every call that returns or builds more than the young generation holds
 * pays about this per MB it keeps, and a call at 10 k characters does not; on a virtual machine whose
 * pages are backed on first touch it moves from day to day, and growth ratios of output-heavy calls
 * move with it (BENCHMARKS.md "Fuzz").
 */
function freshMemoryMsPerMB(): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = cpuMs();
    Buffer.alloc(64 * 1024 * 1024, 1);
    best = Math.min(best, cpuMs() - t);
  }
  return best / 64;
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const fmtMs = (x: number | undefined): string => (x === undefined ? '' : x >= 100 ? x.toFixed(0) : x.toFixed(1));

function report(args: Args, sizes: number[], targets: FuzzTarget[], families: HostileFamily[], pairs: PairResult[], cliRows: CliRow[], failures: Failure[], seconds: number, freshMemory: number): string {
  const lines: string[] = [];
  const known = failures.filter((f) => f.known !== undefined).length;
  lines.push(
    `Measured ${machine()} with \`npm run fuzz${args.quick ? ' -- --quick' : ''}\` in ${(seconds / 60).toFixed(1)} minutes: ${targets.length} targets (every export of src/index.ts, with options of each grammar) on ${families.length} hostile families at ${sizes.map(fmtSize).join(', ')} characters, and ${cliRows.length} CLI runs. Limits: ${SECONDS_PER_MB} s per million characters for any call, cost per character at most ${MAX_RATIO}x from the smallest size to the largest, no error the README does not document, no CLI exit 70 or stack trace. New memory on this machine at the end of the run: ${freshMemory.toFixed(2)} ms of CPU per MB written.`,
    '',
    failures.length === 0 ? '**Result: pass.**' : `**Result: ${failures.length} failures** (${known} of them known, issue 13).`,
    '',
  );
  if (failures.length > 0) {
    // Failures of one kind (the same text but for its figures) of one function on several families: one row, the worst figure.
    const groups = new Map<string, Failure[]>();
    for (const f of failures) {
      const key = `${f.where}\u0000${f.what.replace(/\d+(\.\d+)?/g, '#')}\u0000${f.known ?? ''}`;
      groups.set(key, [...(groups.get(key) ?? []), f]);
    }
    const figure = (f: Failure): number => Number(/([\d.]+) s per MB|([\d.]+)x the cost/.exec(f.what)?.slice(1).find((x) => x !== undefined) ?? 0);
    lines.push('### Failures', '', 'One row per function and kind of failure; with several families, the worst of them.', '', '| where | family | size | what | issue 13 | reproduce |', '| --- | --- | ---: | --- | --- | --- |');
    for (const [, g] of groups) {
      const f = g.reduce((a, x) => (figure(x) > figure(a) ? x : a));
      const family = g.length === 1 ? f.family : `${g.length} families, worst: ${f.family}`;
      lines.push(`| ${cell(f.where)} | ${cell(family)} | ${f.size ? fmtSize(f.size) : ''} | ${cell(f.what)} | ${f.known !== undefined ? `item ${f.known}` : 'new'} | ${cell(f.reproduce)} |`);
    }
    lines.push('');
  }
  if (pairs.length > 0) {
    lines.push(
      '### Library, per target',
      '',
      `Over the families: the highest ms per million characters at the largest size reached, and the highest growth of cost per character (${fmtSize(sizes[sizes.length - 1])} over ${fmtSize(sizes[0])}), each with its family.`,
      '',
      '| target | pairs | failures | slowest (ms per MB) | family | highest ratio | family |',
      '| --- | ---: | ---: | ---: | --- | ---: | --- |',
    );
    for (const t of targets) {
      const mine = pairs.filter((p) => p.target === t.name);
      const n = failures.filter((f) => f.where === t.name).length;
      if (t.kind !== undefined) {
        lines.push(`| ${cell(t.name)} | ${mine.length} | ${n} | errors only | | | |`);
        continue;
      }
      const last = (p: PairResult): number | undefined => p.msPerMB[p.msPerMB.length - 1];
      const slow = mine.reduce<PairResult | undefined>((a, p) => (last(p) !== undefined && (a === undefined || last(p)! > last(a)!) ? p : a), undefined);
      const grow = mine.reduce<PairResult | undefined>((a, p) => (p.ratio !== undefined && (a === undefined || p.ratio > a.ratio!) ? p : a), undefined);
      lines.push(`| ${cell(t.name)} | ${mine.length} | ${n} | ${fmtMs(slow && last(slow))} | ${cell(slow?.family ?? '')} | ${grow?.ratio?.toFixed(2) ?? ''} | ${cell(grow?.family ?? '')} |`);
    }
    lines.push('');
  }
  if (cliRows.length > 0) {
    const cliSizes = args.quick ? ['10 k'] : ['10 k', '100 k'];
    lines.push(
      '### Command line',
      '',
      'Every family at once, one per line (or as arguments); ms of CPU per million characters beyond node\'s start-up, at each size per family (judged at the larger: the smaller is mostly the JIT warming up). Commands that take their input as arguments are checked, not timed.',
      '',
      `| command | ${cliSizes.map((s) => `${s} per family`).join(' | ')} | ratio | result |`,
      `| --- | ${cliSizes.map(() => '---:').join(' | ')} | ---: | --- |`,
    );
    for (const r of cliRows) lines.push(`| ${cell(r.command)} | ${cliSizes.map((_, i) => fmtMs(r.msPerMB[i])).join(' | ')} | ${r.ratio?.toFixed(2) ?? ''} | ${r.status} |`);
    lines.push('');
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(cli)) throw new Error('run npm run build first: the CLI runs from dist/');
  const sizes = args.quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];
  const families = select(HOSTILE_FAMILIES, args.families, 'family');
  const targets = select(TARGETS, args.targets, 'target');
  const failures: Failure[] = [];
  const started = Date.now();
  let pairs: PairResult[] = [];
  let cliRows: CliRow[] = [];
  if (args.library) {
    console.log(`library: ${targets.length} targets x ${families.length} families at ${sizes.map(fmtSize).join(', ')}`);
    pairs = await fuzzLibrary(targets, families, sizes, args.jobs, failures);
  }
  if (args.cli && args.targets.length === 0) {
    console.log(`CLI: ${CLI_COMMANDS.length} commands on ${families.length} families`);
    cliRows = fuzzCli(families, args.quick, failures);
  }
  const text = report(args, sizes, targets, families, pairs, cliRows, failures, (Date.now() - started) / 1000, freshMemoryMsPerMB());
  console.log(`\n${text}`);
  const ran = [...pairs.map((p) => [p.target, p.family]), ...cliRows.flatMap((r) => families.map((f) => [`CLI ${r.command}`, f.name]))];
  const stale = KNOWN_FAILURES.filter((k) => ran.some(([t, f]) => covers(k, t, f)) && !failures.some((f) => covers(k, f.where, f.family)));
  if (stale.length > 0) console.log(`KNOWN_FAILURES entries that passed this run (remove them): ${stale.map((k) => `${k.target} / ${k.family}`).join('; ')}`);
  if (args.write) {
    replaceSection(path.join(root, 'BENCHMARKS.md'), 'fuzz', text);
    console.log('wrote the report to BENCHMARKS.md');
  }
  if (failures.length > 0) process.exitCode = 1;
}

if (process.argv.includes('--child')) {
  child();
} else {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 2;
  });
}
