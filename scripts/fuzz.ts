/**
 * npm run fuzz [-- --ci [--seed N] [--budget SECONDS]] [-- --quick] [-- --family NAME] [-- --target NAME]
 *              [-- --no-cli | --cli-only] [-- --jobs N] [-- --write]
 *
 * Every exported function (the targets of test/support/fuzz.ts: every export of
 * src/index.ts, and extractDocument on every kind of document) and every
 * command of the CLI on the hostile families of test/support/hostile.ts. The
 * rule (BENCHMARKS.md, "Fuzz"), one for every function and every command:
 *
 * - at 1 M and at 4 M characters, no call takes over 1 s of CPU per million
 *   characters (1 s per MB);
 * - the cost per character at 4 M is within 2x of the cost at 1 M; where it
 *   is over 1.4x (measured again, alone), the cost at 16 M is measured too,
 *   and it must be within 2x of the cost at 4 M before the pair passes;
 * - every growth figure is printed beside a known-linear control measured in
 *   the same run, in the same process, on the same input: one pass over the
 *   input and a structured clone of what the call returned (so it allocates and
 *   keeps what the function does). Its growth is the machine's price for that
 *   much memory, not an algorithm's;
 * - no error that docs/errors.md does not document escapes (a plain Error, a RangeError
 *   for the stack, "Invalid string length", an internal TypeError), and results
 *   make sense (spans inside the input, a normalized form that normalizes to
 *   itself, ...);
 * - a CLI command exits 0 or 1 (never 70 or another code), prints no stack
 *   trace or "internal error", prints --json output that is JSON, and is not
 *   killed for taking too long.
 *
 * Library: each (target, family) at 1 M and 4 M characters (--quick: 250 k and
 * 1 M) in a child process with a time limit per call, so that a quadratic path
 * is reported "too slow" instead of hanging the run. Time is CPU time, the best
 * of the calls made; a figure over a limit is measured again in a new child with
 * the other job paused (`Gate`) before it counts. Targets that test options
 * (null options, bad options) are about errors only and run at 10 k.
 *
 * CLI: each command that reads standard input or a file, on two inputs of 1 M
 * and of 4 M characters: "long lines", every family as one line; "short
 * lines", every family cut into lines of 8 to 80 characters; "endless lines"
 * (the commands that read lines), every family as one line over
 * --max-input-bytes, each reported and read past, none written out. CPU time beyond
 * node's start-up is judged as above, beside a control: a node process that
 * reads the same input line by line and writes as many bytes as the command
 * wrote. Commands that take their input as arguments are checked at 10 k per
 * family, not timed: execve limits an argument to 128 KiB.
 *
 * --ci: the run `.ci/run` makes on every submission, time-boxed (one and a half
 * minutes on a quiet machine, four and a half on a loaded one): the families written for one target on it (CI_ALWAYS), then a family for each target that a fixed seed picks, then two that
 * a random seed (printed) picks, until the library's share of the budget is
 * spent; each CLI command that reads lines on both shapes at 1 M.
 * It judges errors, crashes and results exactly as the full run, and time with
 * a margin that a noisy, shared two-core machine cannot cross by chance: a call
 * over 2 s per MB at 1 M characters (measured again alone) fails. Growth is
 * not measured: ratios are what such a machine moves most, and the full run
 * judges them.
 *
 * The report (markdown) goes to standard output, and with --write into
 * BENCHMARKS.md between the fuzz markers (a run of one part, --no-cli or
 * --cli-only, between that part's: writeReport). Exit code 1 when anything failed,
 * the known failures (KNOWN_FAILURES, marked "known") included in a full run.
 */
import { fork, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HOSTILE_FAMILIES, hostileFamily, type HostileFamily } from '../test/support/hostile';
import { TARGETS, KNOWN_FAILURES, CLI, CLI_COMMANDS, CLI_SPECIAL_RUNS, DOCUMENT_FAMILY_TARGETS, TEMPLATE_AGAINST_EXPANSION, covers, knownFailure, judgeTimed, runCli as runCliWithin, seeded, short, type CliCommand, type FuzzTarget, type Outcome } from '../test/support/fuzz';
import { replaceSection } from './report';

const root = path.resolve(__dirname, '..');
const cli = CLI;

/** 1 s per million characters: the most any call may take, at each size judged. */
const SECONDS_PER_MB = 1;
/** The most cost per character may grow from one size to 4x that size. */
const MAX_RATIO = 2;
/** Over this, a growth figure is measured again alone, and at 4x the larger size, before the pair passes. */
const CHECK_RATIO = 1.4;
/** The time limit of --ci: twice the full run's, which noise on a loaded machine does not reach, and a path that is not linear passes by orders at 1 M. */
const CI_SECONDS_PER_MB = 2;
const limitMs = (n: number, secondsPerMB = SECONDS_PER_MB): number => (n / 1e6) * secondsPerMB * 1000;
/** A call is killed after this long: time enough to measure how much over the limit it is. */
const killAfterMs = (n: number): number => 2000 + 5 * limitMs(n);
const fmtSize = (n: number): string => (n >= 1e6 ? `${n / 1e6} M` : `${n / 1e3} k`);

interface Args {
  ci: boolean;
  quick: boolean;
  seed: number;
  budgetSeconds: number;
  families: string[];
  targets: string[];
  cli: boolean;
  library: boolean;
  write: boolean;
  jobs: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { ci: false, quick: false, seed: Math.floor(Math.random() * 2 ** 31), budgetSeconds: 100, families: [], targets: [], cli: true, library: true, write: false, jobs: 2 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--ci') args.ci = true;
    else if (a === '--quick') args.quick = true;
    else if (a === '--write') args.write = true;
    else if (a === '--no-cli') args.cli = false;
    else if (a === '--cli-only') args.library = false;
    else if (a === '--seed' && /^\d+$/.test(argv[i + 1] ?? '')) args.seed = Number(argv[++i]);
    else if (a === '--budget' && Number(argv[i + 1]) > 0) args.budgetSeconds = Number(argv[++i]);
    else if (a === '--family' && argv[i + 1] !== undefined) args.families.push(argv[++i]);
    else if (a === '--target' && argv[i + 1] !== undefined) args.targets.push(argv[++i]);
    else if (a === '--jobs' && Number(argv[i + 1]) >= 1) args.jobs = Math.floor(Number(argv[++i]));
    else throw new Error(`unknown argument ${a}: the options are --ci, --seed N, --budget SECONDS, --quick, --family NAME, --target NAME, --jobs N, --no-cli, --cli-only, --write`);
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
  /** Timed calls after the judged one (the best counts). */
  samples: number;
  /** Calls at 1 k characters first, untimed (WARM_CALLS, or WARM_MS of CPU): the JIT's first passes over a new shape of input are no measure of it. */
  warm?: boolean;
  /** Whether the control is timed too (not in --ci, which judges no growth). */
  control?: boolean;
}

interface Reply {
  length: number;
  outcome: Outcome;
  /** Best time of one call, ms of CPU. */
  best: number;
  /** Best time of the control on the same input and the call's result, ms of CPU. */
  control: number;
}

/**
 * CPU time of this process in ms: on a shared machine, wall time measures the other
 * processes too (the garbage collector's threads count here, as they should).
 */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Where the control's work goes (a global), so that the compiler cannot leave any of it out as unused. */
const kept = globalThis as { urigramFuzzSink?: unknown };

/**
 * The known-linear control: one pass over the input (a hash of its code units) and a copy of what
 * the call returned (or threw): every array and object in it made again, member by member (strings
 * and numbers are values, shared). It is linear by construction, and it makes and keeps what the
 * function makes and keeps, so the memory system charges it as it charges the function. (Not
 * structuredClone: on explainNormalize's 333,000 step objects at 1 M it ran out of memory.)
 */
function control(s: string, result: unknown): void {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  kept.urigramFuzzSink = [h, copyOf(result)];
}

/** A copy of a value's arrays and objects (own enumerable members), without recursion: a result may nest deeply. */
function copyOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const root: { v?: unknown } = {};
  const stack: Array<[unknown, Record<string | number, unknown>, string | number]> = [[value, root as Record<string, unknown>, 'v']];
  while (stack.length > 0) {
    const [from, into, key] = stack.pop()!;
    if (from === null || typeof from !== 'object' || ArrayBuffer.isView(from)) {
      into[key] = ArrayBuffer.isView(from) ? (from as Uint8Array).slice() : from;
      continue;
    }
    const copy = (Array.isArray(from) ? new Array((from as unknown[]).length) : {}) as Record<string | number, unknown>;
    into[key] = copy;
    for (const k of Object.keys(from)) stack.push([(from as Record<string, unknown>)[k], copy, k]);
  }
  return root.v;
}

function child(): void {
  const inputs = new Map<string, string>();
  process.on('message', (req: Request) => {
    const key = `${req.family}\u0000${req.size}`;
    let s = inputs.get(key);
    if (s === undefined) {
      if (inputs.size > 4 || req.size > 4e6) inputs.clear();
      s = hostileFamily(req.family).make(req.size);
      // Flattened now: a family made by a template or `+` is a tree of strings (a cons string) until something
      // reads it by index, and the first call to do so would pay for flattening it (16 ms at 16 M).
      s.charCodeAt(0);
      if (req.size <= 4e6) inputs.set(key, s);
    }
    const target = TARGETS.find((t) => t.name === req.target)!;
    if (req.warm) {
      // Until the JIT has settled: three calls were not enough for tr46's ToUnicode, whose first
      // dozen calls on a host of labels cost twice what later ones do.
      const small = hostileFamily(req.family).make(1000);
      const until = cpuMs() + WARM_MS;
      for (let i = 0; i < WARM_CALLS && (i < 3 || cpuMs() < until); i++) {
        const { result } = judgeTimed(target, small);
        control(small, result);
      }
    }
    const judged = judgeTimed(target, s, cpuMs);
    const { outcome } = judged;
    let best = judged.ms;
    let result: unknown = judged.result;
    judged.result = undefined;
    // Over the limit: measured again all the same (a first call can pay for the JIT), unless the call is long. A short
    // call is timed twice more, in batches of 2 ms (below): one call of a few microseconds is no figure to divide by.
    const samples = best < 50 ? Math.max(2, req.samples) : best <= limitMs(req.size) ? req.samples : best <= limitMs(req.size) * 2 ? 1 : 0;
    if (outcome.ok) {
      // Batches of calls long enough to time (2 ms), the best batch per call.
      const batch = best < 2 ? Math.min(1000, Math.ceil(2 / Math.max(best, 0.001))) : 1;
      for (let i = 0; i < samples; i++) {
        result = undefined;
        const t = cpuMs();
        for (let j = 0; j < batch; j++) {
          try {
            result = target.run(s);
          } catch (e) {
            result = e; // judged above
          }
        }
        best = Math.min(best, (cpuMs() - t) / batch);
      }
    }
    // The control: the best of at least three runs, in batches of 2 ms as the function's.
    let controlBest = NaN;
    let controlBatch = 1;
    for (let i = 0; req.control !== false && i <= Math.max(3, samples); i++) {
      const t = cpuMs();
      for (let j = 0; j < controlBatch; j++) control(s, result);
      kept.urigramFuzzSink = undefined;
      const ms = (cpuMs() - t) / controlBatch;
      if (i === 0 && ms < 2) controlBatch = Math.min(1000, Math.ceil(2 / Math.max(ms, 0.001)));
      else if (!(ms >= controlBest)) controlBest = ms;
    }
    result = undefined;
    process.send!({ length: s.length, outcome, best, control: controlBest } satisfies Reply);
  });
  // Load what the targets load lazily (the diagnostic back ends, tr46, tables) before anything is timed.
  for (const target of TARGETS) {
    if (target.name.startsWith('codePointOffset')) continue; // an offset past the end may never return
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
    // Room for the 16 M runs of a call that returns an object per finding (lint: about 700 MB).
    const proc = fork(__filename, ['--child'], { execArgv: ['-r', 'ts-node/register/transpile-only', '--max-old-space-size=6144'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.proc = proc;
    return new Promise((resolve, reject) => {
      proc.once('message', () => resolve(proc));
      proc.once('exit', (code) => reject(new Error(`the child process exited (${code}) before it was ready`)));
    });
  }

  /**
   * The reply, or 'killed' when the child did not answer in time (or died). In time means CPU time
   * where the system says what a process has used (Linux's /proc): on a machine shared with other
   * jobs, a child may get a tenth of a core, and a wall-clock limit would kill a linear call. The
   * wall clock still ends a call at 20 times the limit.
   */
  async run(req: Request): Promise<Reply | { killed: string }> {
    const proc = this.proc ?? (await this.start());
    const timeout = killAfterMs(req.size) * 2 + req.samples * Math.max(limitMs(req.size), 100) * 3;
    const cpuAtStart = childCpuMs(proc.pid);
    const started = Date.now();
    return new Promise((resolve) => {
      const done = (r: Reply | { killed: string }): void => {
        clearInterval(timer);
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        resolve(r);
      };
      const onMessage = (m: Reply): void => done(m);
      const onExit = (code: number | null, signal: string | null): void => {
        this.proc = undefined;
        done({ killed: `the child process died (${signal ?? `exit ${code}`})` });
      };
      const timer = setInterval(() => {
        const cpu = childCpuMs(proc.pid);
        const used = cpuAtStart === undefined || cpu === undefined ? Date.now() - started : cpu - cpuAtStart;
        if (used <= timeout && Date.now() - started <= timeout * 20) return;
        proc.off('exit', onExit);
        proc.kill('SIGKILL');
        this.proc = undefined;
        done({ killed: `killed after ${(used / 1000).toFixed(1)} s of ${cpuAtStart === undefined ? 'time' : 'CPU'}` });
      }, 250);
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

/** CPU time (user and system) a process has used, in ms, from /proc; undefined where there is none. */
function childCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields 14 and 15 (utime, stime), in clock ticks (100 a second on Linux), after the command's ")".
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * The library's jobs share the machine: a figure that fails is measured again with the other jobs
 * paused (`alone`), so that what counts is the function's cost, not two large runs contending for
 * the memory caches.
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

/** Requests in a new child of its own, with no other job running: the figures that decide a failure. */
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

// ---------------------------------------------------------------------------
// The rule, for a function or a command: figures at sizes n, 4n (and 16n), judged.

interface Failure {
  where: string;
  family: string;
  size: number;
  what: string;
  reproduce: string;
  known?: string;
}

/** ms of CPU per million characters at each size reached, the function's and the control's. */
interface Growth {
  msPerMB: Array<number | undefined>;
  controlPerMB: Array<number | undefined>;
  /** Cost per character at 4n over n, and at 16n over 4n when measured. */
  ratio?: number;
  ratio16?: number;
  controlRatio?: number;
  controlRatio16?: number;
}

const ratioOf = (g: Growth, a: number, b: number, which: 'msPerMB' | 'controlPerMB'): number | undefined => {
  const x = g[which][a];
  const y = g[which][b];
  return x !== undefined && y !== undefined && x > 0 ? y / x : undefined;
};

/** What is wrong with a growth figure, or undefined: the rule of BENCHMARKS.md. */
function growthProblem(g: Growth, sizes: readonly number[]): string | undefined {
  if (g.ratio === undefined) return undefined;
  const beside = (r: number | undefined, c: number | undefined): string => `${r!.toFixed(2)}x${c !== undefined ? ` (control ${c.toFixed(2)}x)` : ''}`;
  if (g.ratio > MAX_RATIO) {
    return `cost per character at ${fmtSize(sizes[1])} ${beside(g.ratio, g.controlRatio)} the cost at ${fmtSize(sizes[0])} (limit ${MAX_RATIO}x)${g.ratio16 !== undefined ? `; at ${fmtSize(sizes[2])} ${beside(g.ratio16, g.controlRatio16)} the cost at ${fmtSize(sizes[1])}` : ''}`;
  }
  if (g.ratio16 !== undefined && g.ratio16 > MAX_RATIO) {
    return `cost per character at ${fmtSize(sizes[2])} ${beside(g.ratio16, g.controlRatio16)} the cost at ${fmtSize(sizes[1])} (limit ${MAX_RATIO}x; ${fmtSize(sizes[1])} over ${fmtSize(sizes[0])}: ${beside(g.ratio, g.controlRatio)})`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Library.

interface PairResult extends Growth {
  target: string;
  family: string;
}

function reproducer(target: FuzzTarget, family: HostileFamily, size: number): string {
  return `npm run fuzz -- --no-cli --target ${JSON.stringify(target.name)} --family ${JSON.stringify(family.name)} (input: hostileFamily(${JSON.stringify(family.name)}).make(${size}), ${short(family.make(Math.min(size, 1000)), 40)})`;
}

interface Mode {
  /** The sizes: n, 4n, 16n; the full run judges the first two and measures the third where needed. */
  sizes: readonly number[];
  /** Whether growth is judged (not in --ci). */
  growth: boolean;
  secondsPerMB: number;
}

async function fuzzPair(runner: Runner, target: FuzzTarget, family: HostileFamily, mode: Mode, failures: Failure[]): Promise<PairResult> {
  const result: PairResult = { target: target.name, family: family.name, msPerMB: [], controlPerMB: [] };
  const known = knownFailure(target.name, family.name);
  const fail = (size: number, what: string): void => {
    failures.push({ where: target.name, family: family.name, size, what, reproduce: reproducer(target, family, size), known });
  };
  const limit = (n: number): number => limitMs(n, mode.secondsPerMB);
  const timed = target.kind === undefined;
  const record = (k: number, reply: Reply): void => {
    result.msPerMB[k] = (reply.best / reply.length) * 1e6;
    result.controlPerMB[k] = (reply.control / reply.length) * 1e6;
  };
  /** The figures at size k: shared with the other job, and alone when over the limit. */
  const measure = async (k: number, samples: number, warm: boolean): Promise<Reply | undefined> => {
    const size = timed ? mode.sizes[k] : 10_000;
    let reply = await gate.shared(() => runner.run({ target: target.name, family: family.name, size, samples, warm, control: mode.growth }));
    if (timed && !('killed' in reply) && reply.outcome.ok && reply.best > limit(reply.length)) {
      const [again] = await runAlone([{ target: target.name, family: family.name, size, samples: 2, warm: true, control: mode.growth }]);
      if (!('killed' in again) && again.outcome.ok && again.best < reply.best) reply = again;
    }
    if ('killed' in reply) {
      fail(size, `too slow: ${reply.killed} (limit ${limit(size).toFixed(0)} ms)`);
      return undefined;
    }
    if (!reply.outcome.ok) {
      fail(size, reply.outcome.failure);
      return undefined;
    }
    if (!timed) return undefined;
    record(k, reply);
    if (reply.best > limit(reply.length)) {
      fail(size, `too slow: ${reply.best.toFixed(0)} ms of CPU for ${reply.length} characters (${(result.msPerMB[k]! / 1000).toFixed(2)} s per MB, limit ${mode.secondsPerMB} s)`);
      return undefined;
    }
    return reply;
  };
  if (!(await measure(0, mode.growth ? 1 : 0, true)) || !mode.growth) return result;
  if (!(await measure(1, 0, false))) return result;
  const update = (): void => {
    result.ratio = ratioOf(result, 0, 1, 'msPerMB');
    result.controlRatio = ratioOf(result, 0, 1, 'controlPerMB');
  };
  update();
  if (result.ratio! > CHECK_RATIO) {
    // Both ends again, alone and in a new child: one garbage collection can double a figure, and the
    // other job's large runs contend for the memory caches. The best of each counts.
    const replies = await runAlone([
      { target: target.name, family: family.name, size: mode.sizes[0], samples: 3, warm: true },
      { target: target.name, family: family.name, size: mode.sizes[1], samples: 1 },
    ]);
    for (const [k, reply] of replies.entries()) {
      if ('killed' in reply || !reply.outcome.ok) continue;
      if ((reply.best / reply.length) * 1e6 < result.msPerMB[k]!) record(k, reply);
    }
    update();
  }
  if (result.ratio! > CHECK_RATIO) {
    // Over 1.4x: where the growth goes next decides. A path that grows with the length grows again from 4 M to 16 M; a step (the memory system) does not.
    const [beyond] = await runAlone([{ target: target.name, family: family.name, size: mode.sizes[2], samples: 0, warm: true }]);
    if ('killed' in beyond) fail(mode.sizes[2], `too slow at ${fmtSize(mode.sizes[2])}: ${beyond.killed}`);
    else if (!beyond.outcome.ok) fail(mode.sizes[2], beyond.outcome.failure);
    else {
      record(2, beyond);
      result.ratio16 = ratioOf(result, 1, 2, 'msPerMB');
      result.controlRatio16 = ratioOf(result, 1, 2, 'controlPerMB');
    }
  }
  const problem = growthProblem(result, mode.sizes);
  if (problem) fail(mode.sizes[1], problem);
  return result;
}

/** After this many families on which a target's calls were killed, the rest are skipped: each kill costs seconds, and a new child. */
const KILLS_BEFORE_SKIPPING = 3;

/** A target on a family, and the round it belongs to (--ci: 0 for the fixed seed, 1 for the random one). */
type Pair = [FuzzTarget, HostileFamily, number?];

async function fuzzLibrary(pairs: Pair[], mode: Mode, jobs: number, failures: Failure[], deadline: number, results: PairResult[]): Promise<{ notRun: number }> {
  const kills = new Map<string, number>();
  const skipped = new Map<string, string[]>();
  const found: Failure[] = [];
  // In the order given (--ci: the fixed seed's first), by family within it, so that a child makes each input once.
  const queue = pairs.map((p, i) => [p, i] as const).sort((a, b) => (a[0][2] ?? 0) - (b[0][2] ?? 0) || HOSTILE_FAMILIES.indexOf(a[0][1]) - HOSTILE_FAMILIES.indexOf(b[0][1]) || a[1] - b[1]).map((x) => x[0]);
  let notRun = 0;
  const worker = async (): Promise<void> => {
    const runner = new Runner();
    try {
      let lastFamily = '';
      let t = Date.now();
      let count = 0;
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const [target, family] = next;
        if (Date.now() > deadline) {
          notRun++;
          continue;
        }
        if (family.name !== lastFamily) {
          if (lastFamily !== '') process.stdout.write(`  ${lastFamily}: ${((Date.now() - t) / 1000).toFixed(1)} s${count > 0 ? `, ${count} failures` : ''}\n`);
          lastFamily = family.name;
          t = Date.now();
          count = 0;
        }
        if ((kills.get(target.name) ?? 0) >= KILLS_BEFORE_SKIPPING) {
          skipped.set(target.name, [...(skipped.get(target.name) ?? []), family.name]);
          continue;
        }
        const t1 = Date.now();
        const mine: Failure[] = [];
        results.push(await fuzzPair(runner, target, family, mode, mine));
        found.push(...mine);
        partialFailures.push(...mine);
        count += mine.length;
        if (mine.some((f) => f.what.includes('killed'))) kills.set(target.name, (kills.get(target.name) ?? 0) + 1);
        if (process.env.FUZZ_TRACE) process.stdout.write(`    ${target.name}: ${Date.now() - t1} ms\n`);
      }
      if (lastFamily !== '') process.stdout.write(`  ${lastFamily}: ${((Date.now() - t) / 1000).toFixed(1)} s${count > 0 ? `, ${count} failures` : ''}\n`);
    } finally {
      runner.stop();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  const rank = (f: { family: string; where?: string; target?: string }): number =>
    HOSTILE_FAMILIES.findIndex((x) => x.name === f.family) * TARGETS.length + TARGETS.findIndex((t) => t.name === (f.where ?? f.target));
  found.sort((x, y) => rank(x) - rank(y));
  results.sort((x, y) => rank(x) - rank(y));
  failures.push(...found);
  partialFailures.length = 0;
  for (const [target, names] of skipped) {
    failures.push({ where: target, family: `${names.length} more families`, size: mode.sizes[0], what: `not run: killed on ${KILLS_BEFORE_SKIPPING} families already`, reproduce: '', known: knownFailure(target, names[0]) });
  }
  return { notRun };
}

/** The library's failures found so far, for a report of a run that is stopped (SIGINT, SIGTERM) before its end. */
const partialFailures: Failure[] = [];

// ---------------------------------------------------------------------------
// CLI.

const runCli = (command: CliCommand, inputs: readonly string[], tmp: string) =>
  runCliWithin(command, inputs, tmp, killAfterMs(inputs.reduce((a, s) => a + s.length + 1, 0)) * 6 + 4000);

/**
 * The shapes of input of a command: each family as one long line, or cut into many short ones; or as one long line
 * each with --max-input-bytes under its length ("endless lines": each is reported as too long, read past, not kept).
 */
type Shape = 'long lines' | 'short lines' | 'endless lines';

/** --max-input-bytes for "endless lines": under the length of each family's line, at every size the fuzz runs (a thousand characters at least, and more at 250 k). */
const ENDLESS_LIMIT = 512;
/** What a command may write for a line over the limit, on average: its report, never the line; and once (a SARIF log's head, its rules). */
const ENDLESS_BYTES_PER_LINE = 4096;
const ENDLESS_BYTES_ONCE = 256 * 1024;

/** Every family as one line, of about n characters in all: `n / families` each (a multiple of 1000, at least 1000). */
function longLines(families: readonly HostileFamily[], n: number): string[] {
  const each = Math.max(1000, Math.round(n / families.length / 1000) * 1000);
  return families.map((f) => f.make(each));
}

/** Every family made at 1 k characters and cut into lines of 8 to 80 characters, round after round, to about n characters in all. */
function shortLines(families: readonly HostileFamily[], n: number): string[] {
  const lines: string[] = [];
  let total = 0;
  let k = 0;
  const pieces = families.map((f) => f.make(1000).replace(/[\r\n]/g, ' '));
  while (total < n) {
    for (const s of pieces) {
      for (let i = 0; i < s.length && total < n; ) {
        const length = 8 + ((k++ * 37) % 73);
        lines.push(s.slice(i, i + length));
        i += length;
        total += length + 1;
      }
      if (total >= n) break;
    }
  }
  return lines;
}

/**
 * The lines of a shape. "Endless lines" are one line per family: a family's own line ends (many lines of one URI) are
 * made spaces, or its short lines, each under the limit and each answered, would be taken for a line written out.
 */
const shapeInput = (shape: Shape, families: readonly HostileFamily[], n: number): string[] =>
  shape === 'short lines' ? shortLines(families, n) : shape === 'endless lines' ? longLines(families, n).map((s) => s.replace(/[\r\n]/g, ' ')) : longLines(families, n);

interface CliRow extends Growth {
  command: string;
  shape: Shape | 'arguments';
  status: string;
}

/**
 * The CLI's control: a node process that reads the same input line by line (standard input or the
 * file), and writes as many bytes as the command wrote, in 64 KiB chunks: linear, and with the
 * command's traffic. Its CPU beyond start-up is measured as the command's.
 */
const CONTROL_SCRIPT = `
const fs = require('fs');
const file = process.argv[2];
const bytes = Number(process.argv[3]);
const text = fs.readFileSync(file === '-' ? 0 : file, 'utf8');
let lines = 0;
for (let i = text.indexOf('\\n'); i >= 0; i = text.indexOf('\\n', i + 1)) lines++;
const chunk = Buffer.alloc(65536, 0x61);
let left = bytes;
(function write() {
  while (left > 0) {
    const n = Math.min(left, chunk.length);
    left -= n;
    if (!process.stdout.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return process.stdout.once('drain', write);
  }
  process.exitCode = lines >= 0 ? 0 : 1;
})();
`;

/** CPU ms of the control on this input, for `bytes` of output, beyond its own start-up (`t0`: the best of five runs on nothing). */
function runControl(via: CliCommand['via'], inputs: readonly string[], bytes: number, tmp: string, t0: number): number {
  const script = path.join(tmp, 'control.js');
  if (!fs.existsSync(script)) fs.writeFileSync(script, CONTROL_SCRIPT);
  const preload = path.join(tmp, 'cpu-at-exit.js');
  const cpuFile = path.join(tmp, 'cpu.txt');
  fs.rmSync(cpuFile, { force: true });
  let file = '-';
  let input: Buffer | undefined = Buffer.from(inputs.join('\n') + '\n', 'utf8');
  if (via === 'file') {
    file = path.join(tmp, 'hostile.txt');
    fs.writeFileSync(file, inputs.join('\n'), 'utf8');
    input = undefined;
  }
  spawnSync(process.execPath, ['--require', preload, script, file, String(bytes)], { input: input ?? Buffer.alloc(0), maxBuffer: 1 << 30, env: { ...process.env, URIGRAM_FUZZ_CPU: cpuFile } });
  const cpu = fs.existsSync(cpuFile) ? Number(fs.readFileSync(cpuFile, 'utf8')) : NaN;
  return Math.max(0, cpu - t0);
}

function fuzzCli(families: HostileFamily[], mode: Mode, failures: Failure[], random: () => number, rows: CliRow[]): CliRow[] {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-fuzz-'));
  try {
    const startup: number[] = [];
    for (let i = 0; i < 5; i++) startup.push(runCli({ name: 'startup', args: ['validate'], via: 'stdin' }, ['a:b'], tmp).cpuMs ?? NaN);
    const t0 = Math.min(...startup);
    console.log(`  node start-up: ${t0.toFixed(0)} ms of CPU (best of 5), taken off each timing`);
    // The control's own start-up: a bare node, less than urigram's.
    const controlStartup: number[] = [];
    for (let i = 0; i < 5; i++) controlStartup.push(runControl('stdin', [''], 0, tmp, 0));
    const c0 = Math.min(...controlStartup);
    const fail = (command: CliCommand, family: string, size: number, what: string, known = knownFailure(`CLI ${command.name}`, family)): void => {
      failures.push({ where: `CLI ${command.name}`, family, size, what, reproduce: `npm run fuzz -- --cli-only --family ${JSON.stringify(family)}`, known });
    };
    const limit = (n: number): number => limitMs(n, mode.secondsPerMB);
    const inputsOf = new Map<string, string[]>();
    const input = (shape: Shape, n: number): string[] => {
      const key = `${shape}\u0000${n}`;
      let v = inputsOf.get(key);
      if (v === undefined) {
        if (inputsOf.size > 3) inputsOf.clear();
        v = shapeInput(shape, families, n);
        inputsOf.set(key, v);
      }
      return v;
    };
    for (const command of CLI_COMMANDS) {
      const t = Date.now();
      if (command.via === 'argv') {
        const before = failures.length;
        // Checked at 10 k per family, not timed. Arguments in runs of at most about 1 MB (ARG_MAX is 2 MB); in --ci, a few families by the seed.
        const usable = families
          .filter(() => (!mode.growth && command.takes === 'one' ? random() < 8 / families.length : true))
          .map((f) => [f, f.make(10_000)] as const)
          .filter((x) => !x[1].includes('\u0000'));
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
        rows.push({ command: command.name, shape: 'arguments', msPerMB: [], controlPerMB: [], status: failures.length > before ? `${failures.length - before} failures` : 'ok (not timed)' });
        process.stdout.write(`  ${command.name}: ${((Date.now() - t) / 1000).toFixed(1)} s, ${rows[rows.length - 1].status}\n`);
        continue;
      }
      for (const shape of ['long lines', 'short lines', 'endless lines'] as const) {
        // Endless lines: the commands that read lines (a document over the limit is said, exit 66: not this shape's).
        if (shape === 'endless lines' && (command.via !== 'stdin' || command.args[0] === 'extract')) continue;
        const endless = shape === 'endless lines';
        const run = (lines: readonly string[]) => {
          const r = runCli(endless ? { ...command, args: [...command.args, `--max-input-bytes=${ENDLESS_LIMIT}`] } : command, lines, tmp);
          if (endless && !r.problem && (r.bytes ?? 0) > ENDLESS_BYTES_ONCE + lines.length * ENDLESS_BYTES_PER_LINE) r.problem = `${r.bytes} bytes written for ${lines.length} lines over --max-input-bytes: a line was written out`;
          return r;
        };
        const before = failures.length;
        const row: CliRow = { command: command.name, shape, msPerMB: [], controlPerMB: [], status: 'ok' };
        const measure = (k: number): boolean => {
          const lines = input(shape, mode.sizes[k]);
          const chars = lines.reduce((a, s) => a + s.length + 1, 0);
          const r = run(lines);
          if (r.problem) {
            // Which families: each alone, in this shape.
            let named = 0;
            for (const f of families) {
              const one = run(shapeInput(shape, [f], Math.min(mode.sizes[k], 100_000)));
              if (one.problem) {
                fail(command, f.name, mode.sizes[k], one.problem);
                named++;
              }
            }
            if (named === 0) fail(command, `all families at once, ${shape}`, mode.sizes[k], r.problem);
            return false;
          }
          const work = Math.max(0, (r.cpuMs ?? r.ms) - t0);
          const previous = row.msPerMB[k];
          const perMB = (work / chars) * 1e6;
          if (previous === undefined || perMB < previous) {
            row.msPerMB[k] = perMB;
            row.controlPerMB[k] = (runControl(command.via, lines, r.bytes ?? 0, tmp, c0) / chars) * 1e6;
          }
          return true;
        };
        const overLimit = (k: number): boolean => row.msPerMB[k]! > limit(1e6);
        // A run over the limit at 1 M is measured at 4 M all the same (each size is judged, and the table shows what
        // a character costs once the process has warmed up); only a run that failed otherwise (a crash, an exit code,
        // output that is not JSON) stops the row.
        const ran = measure(0) && (!overLimit(0) || measure(0));
        const judgeTime = (k: number): void => {
          if (!overLimit(k)) return;
          fail(command, `all families at once, ${shape}`, mode.sizes[k], `too slow: ${(row.msPerMB[k]! / 1000).toFixed(2)} s of CPU per MB beyond start-up (limit ${mode.secondsPerMB} s)`);
        };
        if (ran) judgeTime(0);
        if (ran && mode.growth) {
          const ran4 = measure(1) && (!overLimit(1) || measure(1));
          if (ran4) judgeTime(1);
          if (ran4) {
            row.ratio = ratioOf(row, 0, 1, 'msPerMB');
            row.controlRatio = ratioOf(row, 0, 1, 'controlPerMB');
            if (row.ratio! > CHECK_RATIO) {
              // Both again (the best counts), then 16 M.
              measure(0);
              measure(1);
              row.ratio = ratioOf(row, 0, 1, 'msPerMB');
              row.controlRatio = ratioOf(row, 0, 1, 'controlPerMB');
            }
            if (row.ratio! > CHECK_RATIO && measure(2)) {
              row.ratio16 = ratioOf(row, 1, 2, 'msPerMB');
              row.controlRatio16 = ratioOf(row, 1, 2, 'controlPerMB');
            }
            const problem = growthProblem(row, mode.sizes);
            if (problem) fail(command, `all families at once, ${shape}`, mode.sizes[1], problem);
          }
        }
        row.status = failures.length > before ? `${failures.length - before} failures` : 'ok';
        rows.push(row);
      }
      const shapes = rows.filter((r) => r.command === command.name);
      process.stdout.write(`  ${command.name}: ${((Date.now() - t) / 1000).toFixed(1)} s, ${shapes.map((r) => `${r.shape} ${r.status}`).join(', ')}\n`);
    }
    // Issue 13 item 11: many arguments (the spread of argv overflowed the stack).
    const many: CliCommand = { name: CLI_SPECIAL_RUNS[0], args: ['validate', '--quiet', '--'], via: 'argv', takes: 'many' };
    const r = runCli(many, Array.from({ length: 150_000 }, () => 'a'), tmp);
    if (r.problem) fail(many, '150000 one-character arguments', 150_000, r.problem);
    rows.push({ command: many.name, shape: 'arguments', msPerMB: [], controlPerMB: [], status: r.problem ? '1 failure' : 'ok (not timed)' });
    // Issue 13 item 13: a command named like an Object property is an unknown command.
    for (const name of CLI_SPECIAL_RUNS.slice(1).map((x) => x.slice('urigram '.length))) {
      const p = spawnSync(process.execPath, [cli, name], { encoding: 'utf8', timeout: 10_000 });
      const bad = p.status !== 2 ? `exit ${p.status}, not 2 (usage)` : p.stderr.includes(`${name} --help`) ? `suggests "urigram ${name} --help"` : undefined;
      const command: CliCommand = { name: `urigram ${name}`, args: [name], via: 'argv' };
      if (bad) fail(command, '(no input)', 0, bad);
      rows.push({ command: command.name, shape: 'arguments', msPerMB: [], controlPerMB: [], status: bad ? '1 failure' : 'ok (not timed)' });
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
 * pays about this per MB it keeps; on a virtual machine whose pages are backed on first touch it
 * moves from day to day, and the controls' growth moves with it.
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
const fmtRatio = (x: number | undefined): string => (x === undefined ? '' : `${x.toFixed(2)}x`);

interface Run {
  args: Args;
  mode: Mode;
  targets: FuzzTarget[];
  families: HostileFamily[];
  pairs: PairResult[];
  notRun: number;
  cliRows: CliRow[];
  failures: Failure[];
  seconds: number;
  freshMemory: number;
  /** The signal that stopped the run before its end, if one did. */
  stopped?: string;
}

function report(run: Run): string {
  const { args, mode, targets, families, pairs, cliRows, failures } = run;
  const [n, n4, n16] = mode.sizes.map(fmtSize);
  const lines: string[] = [];
  const known = failures.filter((f) => f.known !== undefined).length;
  const what = args.ci
    ? `\`npm run fuzz -- --ci\` (seeds 30 and ${args.seed}, a budget of ${args.budgetSeconds} s): ${pairs.length} pairs of ${targets.length} targets and ${families.length} hostile families at ${n} characters${run.notRun > 0 ? ` (${run.notRun} more left for the budget)` : ''}, and ${cliRows.length} CLI runs at ${n}. Limits: ${mode.secondsPerMB} s of CPU per million characters (twice the full run's: the margin for a shared machine), no error that docs/errors.md does not document, no wrong result, no CLI exit 70 or stack trace; growth is the full run's to judge.`
    : `\`npm run fuzz${args.quick ? ' -- --quick' : ''}\`: ${targets.length} targets (every export of src/index.ts with the options of each grammar, and extractDocument on every kind of document) on ${families.length} hostile families, ${pairs.length} pairs at ${n} and ${n4} characters (${n16} where growth passed ${CHECK_RATIO}x), and ${cliRows.length} CLI runs (long, short and endless lines at ${n} and ${n4} characters in all). Limits: ${mode.secondsPerMB} s of CPU per million characters at ${n} and ${n4}; cost per character at ${n4} within ${MAX_RATIO}x of ${n}, and where over ${CHECK_RATIO}x, at ${n16} within ${MAX_RATIO}x of ${n4}; no error that docs/errors.md does not document, no wrong result, no CLI exit 70 or stack trace.`;
  lines.push(`Measured ${machine()} with ${what} The run took ${(run.seconds / 60).toFixed(1)} minutes.${Number.isNaN(run.freshMemory) ? '' : ` New memory on this machine at the end of the run: ${run.freshMemory.toFixed(2)} ms of CPU per MB written.`}`, '');
  if (run.stopped) lines.push(`**Stopped by ${run.stopped} before its end**: what follows is the pairs and runs done by then (${pairs.length} pairs, ${cliRows.length} CLI runs).`, '');
  lines.push(failures.length === 0 ? '**Result: pass.**' : `**Result: ${failures.length} failures** (${known} of them known: KNOWN_FAILURES).`, '');
  if (failures.length > 0) {
    const groups = new Map<string, Failure[]>();
    for (const f of failures) {
      const key = `${f.where}\u0000${f.what.replace(/\d+(\.\d+)?/g, '#')}\u0000${f.known ?? ''}`;
      groups.set(key, [...(groups.get(key) ?? []), f]);
    }
    const figure = (f: Failure): number => Number(/([\d.]+) s (?:of CPU )?per MB|([\d.]+)x/.exec(f.what)?.slice(1).find((x) => x !== undefined) ?? 0);
    lines.push('### Failures', '', 'One row per function and kind of failure; with several families, the worst of them.', '', '| where | family | size | what | known | reproduce |', '| --- | --- | ---: | --- | --- | --- |');
    for (const [, g] of groups) {
      const f = g.reduce((a, x) => (figure(x) > figure(a) ? x : a));
      const family = g.length === 1 ? f.family : `${g.length} families, worst: ${f.family}`;
      lines.push(`| ${cell(f.where)} | ${cell(family)} | ${f.size ? fmtSize(f.size) : ''} | ${cell(f.what)} | ${f.known ?? 'new'} | ${cell(f.reproduce)} |`);
    }
    lines.push('');
  }
  if (pairs.length > 0) {
    lines.push(
      '### Library, per target',
      '',
      mode.growth
        ? `Over the families: the highest ms of CPU per million characters at ${n} and at ${n4}, each with its family; the highest growth of cost per character from ${n} to ${n4}, with its family and, beside it, the control's growth on the same input in the same run; and the growth from ${n4} to ${n16} where it was measured (the highest, with its control).`
        : `Over the families run: the highest ms of CPU per million characters at ${n}, with its family.`,
      '',
    );
    if (mode.growth) {
      lines.push(`| target | pairs | failures | slowest at ${n} | family | slowest at ${n4} | family | growth ${n} to ${n4} | control | family | ${n4} to ${n16} | control |`, '| --- | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: | --- | ---: | ---: |');
    } else lines.push(`| target | pairs | failures | slowest at ${n} | family |`, '| --- | ---: | ---: | ---: | --- |');
    for (const t of targets) {
      const mine = pairs.filter((p) => p.target === t.name);
      if (mine.length === 0) continue;
      const nf = failures.filter((f) => f.where === t.name).length;
      if (t.kind !== undefined) {
        lines.push(mode.growth ? `| ${cell(t.name)} | ${mine.length} | ${nf} | errors only | | | | | | | | |` : `| ${cell(t.name)} | ${mine.length} | ${nf} | errors only | |`);
        continue;
      }
      const worst = (f: (p: PairResult) => number | undefined): PairResult | undefined => mine.reduce<PairResult | undefined>((a, p) => (f(p) !== undefined && (a === undefined || f(p)! > f(a)!) ? p : a), undefined);
      const s1 = worst((p) => p.msPerMB[0]);
      if (!mode.growth) {
        lines.push(`| ${cell(t.name)} | ${mine.length} | ${nf} | ${fmtMs(s1?.msPerMB[0])} | ${cell(s1?.family ?? '')} |`);
        continue;
      }
      const s4 = worst((p) => p.msPerMB[1]);
      const g = worst((p) => p.ratio);
      const g16 = worst((p) => p.ratio16);
      lines.push(
        `| ${cell(t.name)} | ${mine.length} | ${nf} | ${fmtMs(s1?.msPerMB[0])} | ${cell(s1?.family ?? '')} | ${fmtMs(s4?.msPerMB[1])} | ${cell(s4?.family ?? '')} | ${fmtRatio(g?.ratio)} | ${fmtRatio(g?.controlRatio)} | ${cell(g?.family ?? '')} | ${fmtRatio(g16?.ratio16)} | ${fmtRatio(g16?.controlRatio16)} |`,
      );
    }
    lines.push('');
    const checked = pairs.filter((p) => p.ratio16 !== undefined);
    if (checked.length > 0) {
      lines.push(`Pairs whose growth from ${n} to ${n4} passed ${CHECK_RATIO}x after a second measure, alone, and were measured at ${n16} (ms of CPU per MB at each size; growth, with the control's beside it):`, '', `| target | family | ${n} | ${n4} | ${n16} | ${n} to ${n4} | control | ${n4} to ${n16} | control |`, '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
      for (const p of checked) lines.push(`| ${cell(p.target)} | ${cell(p.family)} | ${fmtMs(p.msPerMB[0])} | ${fmtMs(p.msPerMB[1])} | ${fmtMs(p.msPerMB[2])} | ${fmtRatio(p.ratio)} | ${fmtRatio(p.controlRatio)} | ${fmtRatio(p.ratio16)} | ${fmtRatio(p.controlRatio16)} |`);
      lines.push('');
    }
  }
  if (cliRows.length > 0) {
    lines.push(
      '### Command line',
      '',
      `Every family at once: as one line each ("long lines"), or cut into lines of 8 to 80 characters ("short lines"), or as one line each over \`--max-input-bytes ${ENDLESS_LIMIT}\` ("endless lines": each reported, read past, not written out); ms of CPU per million characters beyond node's start-up${mode.growth ? `, at ${n} and ${n4} characters in all, and the growth of cost per character beside the control's (a node process that reads the same input and writes as many bytes as the command did)` : `, at ${n} characters in all`}. Commands that take their input as arguments are checked at 10 k per family, not timed.`,
      '',
    );
    if (mode.growth) {
      lines.push(`| command | input | ${n} | ${n4} | growth | control | ${n4} to ${n16} | control | result |`, '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
      for (const r of cliRows) lines.push(`| ${cell(r.command)} | ${r.shape} | ${fmtMs(r.msPerMB[0])} | ${fmtMs(r.msPerMB[1])} | ${fmtRatio(r.ratio)} | ${fmtRatio(r.controlRatio)} | ${fmtRatio(r.ratio16)} | ${fmtRatio(r.controlRatio16)} | ${r.status} |`);
    } else {
      lines.push(`| command | input | ${n} | result |`, '| --- | --- | ---: | --- |');
      for (const r of cliRows) lines.push(`| ${cell(r.command)} | ${r.shape} | ${fmtMs(r.msPerMB[0])} | ${r.status} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * --write: a full run's report goes into BENCHMARKS.md's "fuzz" section, and each part's own section says it is in
 * it; a run of one part (--no-cli, --cli-only) into that part's section ("fuzz-library", "fuzz-cli") alone, so that
 * the library's run (the longer by far) and the command line's can be made in different sittings, each on an idle
 * machine, and each keeps the date, commit and machine of its own run. Returns the section written.
 */
function writeReport(args: Args, text: string): string {
  const file = path.join(root, 'BENCHMARKS.md');
  if (args.library && args.cli) {
    replaceSection(file, 'fuzz', text);
    for (const part of ['fuzz-library', 'fuzz-cli']) replaceSection(file, part, 'In the full run above.');
    return 'fuzz';
  }
  const part = args.library ? 'fuzz-library' : 'fuzz-cli';
  replaceSection(file, part, text);
  return part;
}

/** The fixed seed of --ci: the same pairs on every submission, before the random ones. */
const CI_FIXED_SEED = 30;

/** Pairs --ci always runs with the fixed seed's (when both are selected): a family written for one target. */
const CI_ALWAYS: ReadonlyArray<readonly [target: string, family: string]> = [[TEMPLATE_AGAINST_EXPANSION, 'long templates'], ...DOCUMENT_FAMILY_TARGETS];

/** --ci's pairs: for each target one family by the fixed seed, then for each timed target two by the random seed; in that order. */
function ciPairs(targets: FuzzTarget[], families: HostileFamily[], seed: number): Pair[] {
  const pairs: Pair[] = [];
  const seen = new Set<string>();
  for (const [t, f] of CI_ALWAYS.map(([t, f]) => [targets.find((x) => x.name === t), families.find((x) => x.name === f)] as const)) {
    if (t === undefined || f === undefined) continue;
    seen.add(`${t.name}\u0000${f.name}`);
    pairs.push([t, f, 0]);
  }
  for (const [round, s, picks] of [[0, CI_FIXED_SEED, 1], [1, seed, 2]] as const) {
    const random = seeded(s);
    for (const t of targets) {
      for (let k = 0; k < picks; k++) {
        const f = families[Math.floor(random() * families.length)];
        const key = `${t.name}\u0000${f.name}`;
        if (seen.has(key) || (round > 0 && t.kind !== undefined)) continue;
        seen.add(key);
        pairs.push([t, f, round]);
      }
    }
  }
  return pairs;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(cli)) throw new Error('run npm run build first: the CLI runs from dist/');
  const base = args.ci ? 1_000_000 : args.quick ? 250_000 : 1_000_000;
  const mode: Mode = { sizes: [base, base * 4, base * 16], growth: !args.ci, secondsPerMB: args.ci ? CI_SECONDS_PER_MB : SECONDS_PER_MB };
  const families = select(HOSTILE_FAMILIES, args.families, 'family');
  const targets = select(TARGETS, args.targets, 'target');
  if (args.ci) console.log(`npm run fuzz -- --ci: fixed seed ${CI_FIXED_SEED}, random seed ${args.seed} (again: npm run fuzz -- --ci --seed ${args.seed}), budget ${args.budgetSeconds} s`);
  const failures: Failure[] = [];
  const started = Date.now();
  const pairs: PairResult[] = [];
  let notRun = 0;
  let cliRows: CliRow[] = [];
  // Stopped before the end (Ctrl-C, a session's end): the report of what was run, said to be partial.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      const text = report({ args, mode, targets, families, pairs, notRun, cliRows, failures: [...failures, ...partialFailures], seconds: (Date.now() - started) / 1000, freshMemory: NaN, stopped: signal });
      console.log(`\n${text}`);
      if (args.write) writeReport(args, text);
      process.exit(1);
    });
  }
  if (args.library) {
    const list = args.ci ? ciPairs(targets, families, args.seed) : targets.flatMap((t) => families.map((f): Pair => [t, f]));
    console.log(`library: ${list.length} pairs of ${targets.length} targets and ${families.length} families at ${mode.sizes.slice(0, mode.growth ? 2 : 1).map(fmtSize).join(' and ')}`);
    // --ci: the library's share of the budget, so that the CLI runs too; the fixed seed's pairs come first.
    const deadline = args.ci ? started + args.budgetSeconds * 600 : Infinity;
    ({ notRun } = await fuzzLibrary(list, mode, args.jobs, failures, deadline, pairs));
  }
  if (args.cli && args.targets.length === 0) {
    // --ci: 1 M characters too, as the full run judges: at less, a fresh process's compiling (about 0.4 s of CPU for
    // the three grammars' diagnostic back ends) is most of a short run.
    const cliMode = mode;
    console.log(`CLI: ${CLI_COMMANDS.length} commands on ${families.length} families`);
    cliRows = fuzzCli(families, cliMode, failures, seeded(args.seed), cliRows);
  }
  const text = report({ args, mode, targets, families, pairs, notRun, cliRows, failures, seconds: (Date.now() - started) / 1000, freshMemory: freshMemoryMsPerMB() });
  console.log(`\n${text}`);
  if (!args.ci) {
    const ran = [...pairs.map((p) => [p.target, p.family]), ...cliRows.flatMap((r) => families.map((f) => [`CLI ${r.command}`, f.name]))];
    const stale = KNOWN_FAILURES.filter((k) => ran.some(([t, f]) => covers(k, t, f)) && !failures.some((f) => covers(k, f.where, f.family)));
    if (stale.length > 0) console.log(`KNOWN_FAILURES entries that passed this run (remove them): ${stale.map((k) => `${k.target} / ${k.family}`).join('; ')}`);
  }
  if (args.write) console.log(`wrote the report to BENCHMARKS.md, section ${writeReport(args, text)}`);
  // --ci: a known failure (KNOWN_FAILURES) is reported and does not fail the run; the full run fails on it.
  const counted = args.ci ? failures.filter((f) => f.known === undefined) : failures;
  if (counted.length > 0) process.exitCode = 1;
  console.log(`fuzz: ${counted.length === 0 ? 'pass' : `${counted.length} failures`}`);
}

if (process.argv.includes('--child')) {
  child();
} else {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 2;
  });
}
