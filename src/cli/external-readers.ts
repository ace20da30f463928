/**
 * Readers outside the process: other languages' parsers answering the conformance
 * protocol's `reading` operation (protocol 2; conformance/README.md, "The `reading`
 * operation"), through the example adapters of conformance/adapters/, which the
 * package ships (package.json "files" has conformance/).
 *
 * Each adapter is asked once for every input: one process, every request written
 * to its standard input, which is then closed, and every answer read before its
 * reader answers anything (a Reader is synchronous). An adapter that needs building
 * (Go, Java, C) is built once into a cache folder ($XDG_CACHE_HOME/urigram, else
 * ~/.cache/urigram), under a name that holds the hash of its source and of its
 * toolchain's version, into a temporary folder renamed into place: a build cut
 * short leaves no half-built adapter, and two runs building at once both end with
 * one whole one. Whatever keeps a reader from answering is that reader's `why` in
 * `missing`, never an exception: no toolchain on the PATH, a build that fails, an
 * adapter that speaks protocol 1 (no `reading`) or answers "unsupported", one that
 * exits early, answers nonsense, or outlasts its time (it is killed, with its
 * process group).
 */
import { spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Reader, ReaderResult } from '../whatwg/reader';
import { PROTOCOL_VERSIONS, READING_PROTOCOL, readingOf } from '../conformance/protocol';
import { defaultSuiteDir } from '../conformance/suite';

/** A reader the CLI could not start, and why (its toolchain is not installed, it does not answer `reading`, ...). */
export interface MissingReader {
  readonly name: string;
  readonly why: string;
}

/** How an example adapter is checked for, built and run. */
interface ExternalAdapter {
  /** The reader's name on the command line. */
  readonly name: string;
  /** Its file in conformance/adapters/. */
  readonly file: string;
  /** The commands that must run (exit 0) first, with what is missing when one does not; their output is part of the build's cache key. */
  readonly toolchain: ReadonlyArray<readonly [command: string, args: readonly string[], missing: string]>;
  /** The commands that build it into `out` (none: it runs from its source). */
  build?(source: string, out: string): ReadonlyArray<readonly [string, readonly string[]]>;
  /** The command that runs it: from its source, or from the folder it was built into. */
  run(source: string, built: string): readonly [string, readonly string[]];
}

const ADAPTERS: readonly ExternalAdapter[] = [
  {
    name: 'python',
    file: 'urllib_adapter.py',
    toolchain: [['python3', ['--version'], 'no python3 on the PATH']],
    run: (source) => ['python3', [source]],
  },
  {
    name: 'go',
    file: 'net_url_adapter.go',
    toolchain: [['go', ['version'], 'no go on the PATH']],
    build: (source, out) => [['go', ['build', '-o', path.join(out, 'net_url_adapter'), source]]],
    run: (_source, built) => [path.join(built, 'net_url_adapter'), []],
  },
  {
    name: 'java',
    file: 'UriAdapter.java',
    toolchain: [
      ['java', ['-version'], 'no java on the PATH'],
      ['javac', ['-version'], 'no javac on the PATH (the adapter is compiled from its source: a JDK, not a runtime alone)'],
    ],
    build: (source, out) => [['javac', ['-d', out, source]]],
    run: (_source, built) => ['java', ['-cp', built, 'UriAdapter']],
  },
  {
    name: 'uriparser',
    file: 'uriparser_adapter.c',
    toolchain: [['cc', ['--version'], 'no C compiler (cc) on the PATH']],
    build: (source, out) => [['cc', ['-O2', '-o', path.join(out, 'uriparser_adapter'), source, '-luriparser']]],
    run: (_source, built) => [path.join(built, 'uriparser_adapter'), []],
  },
];

/** The external reader names the CLI knows. */
export const EXTERNAL_READERS: readonly string[] = ADAPTERS.map((a) => a.name);

/** What the tests (and a caller with other needs) may set; the CLI passes none. */
export interface ExternalReaderOptions {
  /** The environment of every command (its PATH finds the toolchains): process.env by default. */
  readonly env?: NodeJS.ProcessEnv;
  /** The folder built adapters are kept in: $XDG_CACHE_HOME/urigram, else ~/.cache/urigram. */
  readonly cacheDir?: string;
  /** The time an adapter has for the whole batch, from its start, in ms: 30 s (a JVM's start) and 20 ms an input by default. */
  readonly timeoutMs?: number;
  /** The time a build has, in ms (300 s by default: Go's first build compiles its standard packages). */
  readonly buildTimeoutMs?: number;
}

/**
 * The readers named, for these inputs: each adapter is asked once for every input (one process per
 * adapter, the protocol's batch), and its reader answers from those readings.
 */
export async function externalReaders(names: readonly string[], inputs: readonly string[], base?: string, options: ExternalReaderOptions = {}): Promise<{ readers: Record<string, Reader>; missing: MissingReader[] }> {
  const readers: Record<string, Reader> = {};
  const missing: MissingReader[] = [];
  const unique = [...new Set(inputs)];
  const wanted = [...new Set(names)];
  const outcomes = await Promise.all(
    wanted.map(async (name): Promise<Reader | string> => {
      const adapter = ADAPTERS.find((a) => a.name === name);
      if (adapter === undefined) return `no external reader is known by this name (known: ${EXTERNAL_READERS.join(', ')})`;
      const command = await commandOf(adapter, options);
      if (typeof command === 'string') return command;
      return readerFrom(command, unique, base, { env: options.env ?? process.env, timeoutMs: options.timeoutMs ?? 30_000 + 20 * unique.length });
    }),
  );
  wanted.forEach((name, k) => {
    const outcome = outcomes[k];
    if (typeof outcome === 'string') missing.push({ name, why: outcome });
    else readers[name] = outcome;
  });
  return { readers, missing };
}

/** The command that runs `adapter`, built when it must be, or why there is none. */
async function commandOf(adapter: ExternalAdapter, options: ExternalReaderOptions): Promise<readonly [string, readonly string[]] | string> {
  const env = options.env ?? process.env;
  let source: string;
  try {
    source = path.join(defaultSuiteDir(), 'adapters', adapter.file);
    fs.accessSync(source, fs.constants.R_OK);
  } catch {
    return `its adapter, conformance/adapters/${adapter.file}, is not beside this package`;
  }
  const versions: string[] = [];
  for (const [command, args, why] of adapter.toolchain) {
    const r = await runProcess(command, args, { env, timeoutMs: 30_000 });
    if (r.spawnError !== undefined) return why;
    if (r.status !== 0) return `\`${[command, ...args].join(' ')}\` ${r.timedOut ? 'did not finish in 30 s' : `exits ${r.status ?? r.signal}`}${tail(r.stderr)}`;
    versions.push(r.stdout + r.stderr);
  }
  if (adapter.build === undefined) return adapter.run(source, '');
  const built = await buildInCache(adapter, source, versions.join('\n'), options, env);
  return 'why' in built ? built.why : adapter.run(source, built.dir);
}

/** The folder `adapter` is built in, in the cache (built now when it is not there), or why it could not be built. */
async function buildInCache(adapter: ExternalAdapter, source: string, toolchain: string, options: ExternalReaderOptions, env: NodeJS.ProcessEnv): Promise<{ dir: string } | { why: string }> {
  const home = env.HOME ?? os.homedir();
  const cache = options.cacheDir ?? path.join(env.XDG_CACHE_HOME ?? path.join(home, '.cache'), 'urigram');
  const key = crypto.createHash('sha256').update(fs.readFileSync(source)).update('\0').update(toolchain).update(`\0${process.platform} ${process.arch}`).digest('hex').slice(0, 16);
  const dir = path.join(cache, 'adapters');
  const final = path.join(dir, `${adapter.name}-${key}`);
  if (fs.existsSync(final)) return { dir: final };
  const buildTimeoutMs = options.buildTimeoutMs ?? 300_000;
  let temporary: string;
  try {
    fs.mkdirSync(dir, { recursive: true });
    removeStaleBuilds(dir, Math.max(3_600_000, 2 * buildTimeoutMs));
    temporary = fs.mkdtempSync(path.join(dir, `.${adapter.name}-${key}-`));
  } catch (e) {
    return { why: `cannot make its build folder in ${dir}: ${(e as Error).message}` };
  }
  try {
    for (const [command, args] of adapter.build!(source, temporary)) {
      const r = await runProcess(command, args, { env, cwd: temporary, timeoutMs: buildTimeoutMs });
      if (r.spawnError !== undefined || r.status !== 0) {
        const how = r.spawnError ?? (r.timedOut ? `did not finish in ${buildTimeoutMs / 1000} s` : `exits ${r.status ?? r.signal}`);
        return { why: `its build failed: \`${[command, ...args].join(' ')}\` ${how}${tail(r.stderr + r.stdout)}` };
      }
    }
    try {
      fs.renameSync(temporary, final);
    } catch (e) {
      // Another run put its build there first: that one is whole, and is used.
      if (!fs.existsSync(final)) return { why: `cannot put its build in ${final}: ${(e as Error).message}` };
    }
    return { dir: final };
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
}

/**
 * Removes the temporary build folders in `dir` older than `age` ms: those of a run killed mid-build (a
 * build still running is younger: it is stopped at its time limit, and `age` is at least twice that).
 */
function removeStaleBuilds(dir: string, age: number): void {
  for (const name of fs.readdirSync(dir)) {
    if (!/^\.[a-z]+-[0-9a-f]{16}-/.test(name)) continue;
    try {
      const folder = path.join(dir, name);
      if (Date.now() - fs.statSync(folder).mtimeMs > age) fs.rmSync(folder, { recursive: true, force: true });
    } catch {
      // gone already, or not ours to remove: left
    }
  }
}

/** The last lines of a command's output, for a `why`. */
function tail(text: string): string {
  const lines = text.trim().split('\n').slice(-3).join(' / ');
  return lines === '' ? '' : `: ${lines.length > 400 ? `...${lines.slice(-400)}` : lines}`;
}

interface ProcessResult {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  /** The command could not be started (not on the PATH). */
  readonly spawnError?: string;
  /** It wrote more than the bound: it was stopped. */
  readonly overlong?: boolean;
}

/** The most a command's standard output and error may hold before it is stopped (an adapter answering far more than it was asked). */
const outputBound = (input: string): number => Math.max(64 * 1024 * 1024, 8 * input.length);

/** How long after a command's exit its output may still come (from processes it left, which hold its pipes). */
const EXIT_GRACE_MS = 5000;

/** Runs a command (no shell), with `input` on its standard input, then closed; killed with its process group after `timeoutMs`. */
function runProcess(command: string, args: readonly string[], o: { env: NodeJS.ProcessEnv; cwd?: string; timeoutMs: number; input?: string }): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const bound = outputBound(o.input ?? '');
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let overlong = false;
    let settled = false;
    const child = spawn(command, args, { env: o.env, cwd: o.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    const stop = (): void => {
      try {
        if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // already gone
      }
    };
    // A process of its own session (setsid) that it started can keep its standard output open after it
    // exits or is killed, and 'close' would never come: EXIT_GRACE_MS after its exit, or after it is
    // killed, what it wrote is taken as all, and the pipes are closed on our side.
    let grace: ReturnType<typeof setTimeout> | undefined;
    const giveUpAfterGrace = (status: number | null, signal: NodeJS.Signals | null): void => {
      grace ??= setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish({ status, signal, stdout, stderr, timedOut, overlong });
      }, EXIT_GRACE_MS);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
      giveUpAfterGrace(null, 'SIGKILL');
    }, o.timeoutMs);
    const finish = (r: ProcessResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(grace);
      resolve(r);
    };
    child.on('error', (e) => {
      stop();
      finish({ status: null, signal: null, stdout, stderr, timedOut, spawnError: (e as NodeJS.ErrnoException).code === 'ENOENT' ? `${command} is not on the PATH` : e.message });
    });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    const take = (chunk: string, to: 'out' | 'err'): void => {
      if (to === 'out') stdout += chunk;
      else stderr += chunk;
      if (stdout.length + stderr.length > bound && !overlong) {
        overlong = true;
        stop();
      }
    };
    child.stdout.on('data', (c: string) => take(c, 'out'));
    child.stderr.on('data', (c: string) => take(c, 'err'));
    child.stdin.on('error', () => {}); // an adapter that exits without reading all is reported by what it answered
    child.on('exit', (status, signal) => giveUpAfterGrace(status, signal));
    child.on('close', (status, signal) => finish({ status, signal, stdout, stderr, timedOut, overlong }));
    child.stdin.end(o.input ?? '');
  });
}

/** JSON text with every character from U+007F written as a \uXXXX escape (lone surrogates too, as JSON.stringify writes them). */
const asciiJson = (value: unknown): string => JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The batch: every input asked once of the program `command` (run without a shell, in `cwd`, killed with
 * its process group after `timeoutMs`), and its reader, or why there is none. Used by npm run
 * conformance:adapters and the tests too.
 */
export async function readerFrom(command: readonly [string, readonly string[]], inputs: readonly string[], base: string | undefined, o: { env: NodeJS.ProcessEnv; timeoutMs: number; cwd?: string }): Promise<Reader | string> {
  const { timeoutMs } = o;
  // Every request in ASCII (anything else as \uXXXX, lone surrogates included): an adapter that decodes its
  // standard input by the locale (Python's does) reads the same string under any locale.
  const requests = inputs.map((input, k) => asciiJson({ id: `reading/${k + 1}`, op: 'reading', input, ...(base !== undefined ? { base } : {}) }));
  const r = await runProcess(command[0], command[1], { env: o.env, cwd: o.cwd, timeoutMs, input: requests.length === 0 ? '' : requests.join('\n') + '\n' });
  if (r.spawnError !== undefined) return r.spawnError;
  let stated: unknown;
  const answers = new Map<string, Record<string, unknown>>();
  for (const line of r.stdout.split('\n')) {
    let a: unknown;
    try {
      a = JSON.parse(line);
    } catch {
      continue; // not an answer: a log line (the protocol passes over a line that answers no request)
    }
    if (a === null || typeof a !== 'object' || Array.isArray(a)) continue;
    const answer = a as Record<string, unknown>;
    if (typeof answer.id === 'string') answers.set(answer.id, answer);
    else if ('protocol' in answer && stated === undefined) stated = answer.protocol;
  }
  if (stated !== undefined && !PROTOCOL_VERSIONS.includes(stated as number)) return `it speaks protocol ${JSON.stringify(stated)}, which this runner does not speak (it speaks ${PROTOCOL_VERSIONS.join(' and ')})`;
  if (typeof stated === 'number' && stated < READING_PROTOCOL) return `it speaks protocol ${stated}, which has no reading operation (protocol ${READING_PROTOCOL} added it)`;
  const answered = inputs.filter((_input, k) => answers.has(`reading/${k + 1}`)).length;
  if (answered < inputs.length) {
    const how = r.overlong ? 'wrote more than it could have been asked for, and was stopped' : r.timedOut ? `did not answer within ${timeoutMs / 1000} s, and was stopped` : `exited (${r.status === null ? `signal ${r.signal}` : `status ${r.status}`})`;
    return `it ${how}, having answered ${answered} of ${inputs.length} inputs${tail(r.stderr)}`;
  }
  const results = new Map<string, ReaderResult>();
  for (const [k, input] of inputs.entries()) {
    const answer = answers.get(`reading/${k + 1}`)!;
    if (answer.unsupported === true) return 'it does not answer the reading operation ("unsupported")';
    if (typeof answer.error === 'string') {
      results.set(input, { ok: false, error: answer.error });
      continue;
    }
    const reading = 'result' in answer ? readingOf(answer.result) : 'it has no result, error or unsupported';
    if (typeof reading === 'string') return `its answer for ${JSON.stringify(input)} is not a reading: ${reading.replace(/^its /, 'the ')}`;
    results.set(input, { ok: true, reading });
  }
  return (input, b) => {
    if (b !== base) return { ok: false, error: `not asked: this reader was given ${base === undefined ? 'no base' : `the base ${JSON.stringify(base)}`}` };
    return results.get(input) ?? { ok: false, error: 'not asked: this reader answers only the inputs it was given when it started' };
  };
}
