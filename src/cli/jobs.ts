/**
 * `--jobs N`: a batch command's inputs cut into parts (a piece of standard
 * input, whole lines; or a few files), each part run by the command itself on
 * one of N threads (the main thread and N - 1 workers, ./worker) on an
 * in-memory output, and the parts'
 * outputs written in the order of the input. So the output is the one-job
 * output: the same code makes each part's text, and only the joins between
 * parts (a blank line between `parse` tables, ",\n" between JSON and SARIF
 * results) and what a whole run writes once (a JSON document's or SARIF log's
 * head and tail, lint's summary, --max-warnings) are made here or by the
 * command on the main thread, from the parts' counts.
 *
 * Memory stays bounded: at most WINDOW_PER_JOB parts per job are out (sent,
 * or done and waiting for an earlier one to be written), and the input is read
 * no further until one is written. A part is PART_CHARS of standard input, or
 * FILES_PER_PART files.
 *
 * A run with one part (a small input) runs it on the main thread, with no
 * worker started; so does standard input under WORKERS_FROM bytes (workers
 * would cost more than they give: below). A large one (a list of files whose
 * first part is known to be followed by more; standard input that is a file
 * of WORKERS_FROM bytes or more) starts the workers while the first part runs;
 * standard input of unknown length (a pipe) starts them once WORKERS_FROM
 * bytes of it have run on the main thread and more follows. A worker is sent
 * parts once it has loaded its command (until then the main thread runs them,
 * so that none wait behind its start-up). `--jobs 1` is the one-job code path
 * itself, untouched.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Writable } from 'node:stream';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { Context, type Command, type FileItem, type Part } from './command';
import { HEAD_CHARS, InputError, OutputClosed, OutputFailed, say, stdinError, UsageError, type Io } from './io';
import { Output } from './output';
import { streamingHeap } from './inputs';

export type { FileItem, Part } from './command';

/** What a part made: its output (what it wrote, as written: a worker's has gone before its end, in pieces) and standard error, its exit code, and what the command counts over a run (lint). */
export interface PartResult {
  readonly out: readonly string[];
  readonly err: string;
  readonly status: number;
  readonly extra?: Record<string, unknown>;
  /** Set by the main thread for Joins.merge: whether the part wrote any output. */
  readonly wrote?: boolean;
  /** An input that could not be read (exit 2, after the output so far), or a bug (exit 70). */
  readonly error?: { readonly input?: string; readonly internal?: string };
  /** The files the part read (for the main thread's progress line). */
  readonly files?: number;
}

/** Standard input is cut into parts of about this many bytes, at a line's end (or at what has arrived when no more comes within QUIET_MS). */
const PART_CHARS = 1 << 18;
/** The bytes of a line over --max-input-bytes sent in its part, to say which it was (ample for io's HEAD_CHARS characters). */
const HEAD_BYTES = 4 * HEAD_CHARS;
/** Files per part. */
export const FILES_PER_PART = 8;
/** Parts out per job, at most. */
const WINDOW_PER_JOB = 8;
/** Parts read ahead of the one being sent, at most (the reading of standard input goes on while the main thread runs a part). */
const AHEAD = 2;
/** The main thread runs a part itself only when every worker has this many queued (else a worker waits for it). */
const QUEUED = 3;
/**
 * Standard input of fewer bytes than this runs on the main thread alone. A worker costs its loading and the warming
 * up of its own copy of the code (each, on top of the main thread's): measured on 2 cores (2026-12-05), `--jobs 2`
 * was slower than one job, and took 1.6x to 2x its CPU, on every input up to 8 MB (1 MB of the fuzz's short lines:
 * `lint` 0.8 s against 0.45, `validate` 0.35 against 0.21; 4 MB of the corpora's lines: `validate` 0.25 against
 * 0.19, `lint` 0.72 against 0.55), and only from about 16 MB faster (`validate` 0.39 against 0.43; 32 MB 0.56
 * against 0.68). `npm run fuzz` found `lint` at 1.2 to 1.5 s of CPU per MB of short lines with the default
 * --jobs, over its limit of 1 s (0.6 with one job).
 */
const WORKERS_FROM = 8 << 20;

/** --jobs: a whole number of 1 or more; by default the cores this process may use. */
export function jobsOf(ctx: Context): number {
  const given = ctx.value('--jobs');
  if (given === undefined) return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  if (!/^[1-9]\d*$/.test(given)) throw new UsageError(`--jobs needs a whole number of 1 or more, got ${JSON.stringify(given)}`);
  return Number(given);
}

/** The worker's script, beside this module in the build; none when running from the TypeScript source (tests), where parts run on the main thread. */
function workerScript(): string | undefined {
  const file = path.join(__dirname, 'worker.js');
  return path.extname(__filename) === '.js' && fs.existsSync(file) ? file : undefined;
}

/**
 * A stream that keeps what is written to it, as written, or passes each write on at once (`pass`, as UTF-8). Output
 * writes a chunk (about 64 K code units) at a time: neither is joined into one string of a part's size, nor encoded
 * into one buffer of it (V8 and the allocator give objects of over 128 KiB fresh pages each, page faults that cost
 * a tenth of a worker's CPU time).
 */
function collector(parts: string[], pass?: (bytes: Uint8Array) => void): Writable {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (text.length > 0) {
        if (pass !== undefined) pass(encoder.encode(text));
        else parts.push(text);
      }
      done();
    },
  });
}

const encoder = new TextEncoder();

/**
 * Runs the command on one part: in a worker, its output kept (passed on in pieces by `pass`); on the main
 * thread, written through `streams` (when they fail, `parent` gets the part's exit code so far). `state` lives as long as the worker (lint keeps its settings there).
 */
export async function runPart(command: Command, values: ReadonlyMap<string, string | true | readonly string[]>, args: readonly string[], part: Part, state: Map<string, unknown>, streams?: Pick<Io, 'stdout' | 'stderr'>, pass?: (bytes: Uint8Array) => void, parent?: Context): Promise<PartResult> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { stdin: process.stdin, stdout: streams?.stdout ?? collector(out, pass), stderr: streams?.stderr ?? collector(err) };
  const output = new Output(io.stdout);
  const ctx = new Context(command, io, output, values, args);
  ctx.part = part;
  ctx.state = state;
  let error: PartResult['error'];
  try {
    await command.run(ctx);
    await output.flush();
  } catch (e) {
    // The output's own failure (on the main thread) is the run's, with the exit code of the inputs read so far.
    if (e instanceof OutputClosed || e instanceof OutputFailed) {
      parent?.fail(ctx.status);
      throw e;
    }
    error = e instanceof InputError ? { input: e.message } : { internal: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    await output.flush();
  }
  return { out, err: err.join(''), status: ctx.status, ...(ctx.extra ? { extra: ctx.extra } : {}), ...(error ? { error } : {}), ...(ctx.filesRead > 0 ? { files: ctx.filesRead } : {}) };
}

/** How a command joins its parts: the text between two parts' outputs that both have some, and what it adds up from each. */
export interface Joins {
  readonly separator: string;
  readonly merge?: (result: PartResult) => void;
}

/**
 * For a command that reads one input per line: when it is to read standard input with more than one job,
 * runs it over the parts and returns true (the command is done); otherwise false (the one-job path, or this
 * is a part already). `countLines`: each part is told the number of its first line (lint's positions).
 */
export async function inParts(ctx: Context, joins: Joins, countLines = false): Promise<boolean> {
  if (ctx.part !== undefined || ctx.args.length > 0) return false;
  const jobs = jobsOf(ctx);
  if (jobs <= 1) return false;
  await runParts(ctx, linePieces(ctx, countLines), jobs, joins);
  return true;
}

/**
 * Standard input, cut into parts at line ends (LF, CR LF, CR: after a CR only when what follows is known), as
 * bytes (a line end is the byte 0x0A or 0x0D, never part of another UTF-8 character); a leading byte-order mark
 * skipped. What has arrived is cut when it reaches PART_CHARS, or when nothing more comes within QUIET_MS (a line
 * typed at a terminal is answered at once). Each chunk is looked at once for a line end and copied once, into
 * the memory of the parts, which a worker is given as it is (transferred).
 */
export async function* linePieces(ctx: Context, countLines: boolean): AsyncGenerator<Part> {
  let stream: Io['stdin'];
  /** A file of WORKERS_FROM bytes or more: the workers start with its first part. */
  let large = false;
  try {
    stream = ctx.io.stdin;
    streamingHeap(ctx);
    if (stream.isTTY) say(ctx.io, `urigram ${ctx.command.name}: reading one URI per line from the terminal; end with Ctrl-D (see "urigram help ${ctx.command.name}")\n`);
    const file = fileStdin(stream);
    if (file !== undefined) {
      stream = file.stream;
      large = file.large;
    }
  } catch (e) {
    throw stdinError(e);
  }
  const limit = ctx.maxInputBytes();
  let pending: Buffer[] = [];
  let size = 0;
  /** The bytes of the line begun (after the last line end); reading past a line over the limit; a LF after its CR to drop. */
  let begun = 0;
  let skipping = false;
  let skipLf = false;
  let atStart = true;
  let line0 = 0;
  /** Whether what is pending holds a line end; whether its last byte is a CR. */
  let ended = false;
  let crLast = false;
  /** What has arrived, in memory of its own (one copy: a part is a view of it, transferred to a worker as it is). */
  const gathered = (): Buffer => {
    const all = Buffer.from(new ArrayBuffer(size));
    let at = 0;
    for (const chunk of pending) {
      all.set(chunk, at);
      at += chunk.length;
    }
    return all;
  };
  const piece = (all: Buffer, end: number, last: boolean, more: boolean): Part => {
    const from = atStart && end >= 3 && all[0] === 0xef && all[1] === 0xbb && all[2] === 0xbf ? 3 : 0;
    atStart = false;
    const bytes = all.subarray(from, end);
    const part: Part = { kind: 'lines', bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), line0 };
    if (countLines) line0 += linesIn(bytes, last);
    if (more) FOLLOWED.add(part);
    if (large) LARGE.add(part);
    return part;
  };
  const iterator = (stream as AsyncIterable<string | Buffer>)[Symbol.asyncIterator]();
  // A read under way when what had arrived was cut (the next chunk did not come within QUIET_MS).
  let reading: Promise<IteratorResult<string | Buffer>> | undefined;
  try {
    for (;;) {
      let next: IteratorResult<string | Buffer> | typeof QUIET;
      try {
        const read = reading ?? iterator.next();
        reading = undefined;
        next = size > 0 ? await Promise.race([read, quiet()]) : await read;
        if (next === QUIET) {
          read.catch(() => undefined); // awaited again below; not an unhandled rejection if the run stops first
          reading = read;
        }
      } catch (e) {
        throw stdinError(e);
      }
      if (next !== QUIET) {
        if (next.done) break;
        let chunk = typeof next.value === 'string' ? Buffer.from(next.value, 'utf8') : next.value;
        if (skipLf && chunk.length > 0) {
          skipLf = false;
          if (chunk[0] === 0x0a) chunk = chunk.subarray(1);
        }
        if (skipping) {
          // The rest of a line over the limit: up to its end (LF, CR LF, CR), dropped.
          const lf = chunk.indexOf(0x0a);
          const cr = chunk.indexOf(0x0d);
          const end = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf;
          if (end < 0) continue;
          skipping = false;
          if (end === cr && end + 1 === chunk.length) skipLf = true;
          chunk = chunk.subarray(end === cr && chunk[end + 1] === 0x0a ? end + 2 : end + 1);
        }
        if (chunk.length === 0) continue;
        // A line end (a CR only when what follows is known): looked for in each chunk once, so that a long line stays linear.
        const cr = chunk.indexOf(0x0d);
        ended ||= chunk.indexOf(0x0a) >= 0 || (cr >= 0 && cr < chunk.length - 1) || crLast;
        crLast = chunk[chunk.length - 1] === 0x0d;
        pending.push(chunk);
        size += chunk.length;
        const lastEnd = Math.max(chunk.lastIndexOf(0x0a), chunk.lastIndexOf(0x0d));
        begun = lastEnd >= 0 ? chunk.length - lastEnd - 1 : begun + chunk.length;
        if (begun > limit) {
          // A line over the limit: the lines before it are a part, it is a part of its own (its first bytes), and the rest
          // of it is read past, not kept.
          const all = gathered();
          if (size > begun) yield piece(all, size - begun, false, true);
          // In memory of its own (not Buffer's shared pool): a worker is given it as it is (transferred).
          const head = all.subarray(size - begun, size - begun + HEAD_BYTES);
          yield { kind: 'lines', bytes: new Uint8Array(head), line0, tooLong: true };
          if (countLines) line0++;
          atStart = false;
          pending = [];
          size = 0;
          begun = 0;
          ended = false;
          crLast = false;
          skipping = true;
          continue;
        }
        if (size < PART_CHARS) continue;
      }
      if (!ended) {
        if (next === QUIET) await reading?.catch(() => undefined); // a line not ended yet: wait for the rest of it (a failure is thrown above)
        continue;
      }
      const all = gathered();
      let cut = all.lastIndexOf(0x0a);
      if (cut < 0 && all.length >= 2) cut = all.lastIndexOf(0x0d, all.length - 2);
      if (cut < 0) {
        pending = [all];
        ended = false;
        continue;
      }
      // The rest (a line begun) copied out first: the part's memory goes to a worker.
      const rest = Buffer.from(all.subarray(cut + 1));
      pending = rest.length > 0 ? [rest] : [];
      size = rest.length;
      const cr = rest.indexOf(0x0d);
      ended = cr >= 0 && cr < rest.length - 1;
      crLast = rest.length > 0 && rest[rest.length - 1] === 0x0d;
      yield piece(all, cut + 1, false, next !== QUIET);
    }
  } finally {
    await iterator.return?.();
  }
  if (size > 0) yield piece(gathered(), size, true, false);
}

/**
 * Standard input that is a file, read in reads of a part's size from where it stands (process.stdin reads 64 KiB at a
 * time, and the next only when the event loop turns: a part the main thread runs held up the reading of the next);
 * none for anything else (a pipe, a terminal, a stream a test gives).
 */
function fileStdin(stream: Io['stdin']): { stream: Io['stdin']; large: boolean } | undefined {
  if (stream !== process.stdin) return undefined;
  const stat = fs.fstatSync(0);
  if (!stat.isFile()) return undefined;
  // Its size, not what is left from where it stands: a file read from its middle may start workers it did not need.
  return { stream: fs.createReadStream('', { fd: 0, autoClose: false, highWaterMark: PART_CHARS }) as unknown as Io['stdin'], large: stat.size >= WORKERS_FROM };
}

/** Parts known to be followed by more (a piece of standard input cut at PART_CHARS, a full batch of files with a file after it): workers are started before the first such part runs. */
const FOLLOWED = new WeakSet<Part>();
/** Parts of standard input that is a file of WORKERS_FROM bytes or more. */
const LARGE = new WeakSet<Part>();
/** URIGRAM_JOBS_AT_ONCE=1: standard input of any size starts the workers as a large one does (the tests of --jobs, on inputs of a few hundred KB). */
const atOnce = (): boolean => process.env.URIGRAM_JOBS_AT_ONCE === '1';

/** What quiet() gives when no chunk came in time. */
const QUIET = Symbol('quiet');
/** A part is cut at what has arrived when the next chunk does not come within this many milliseconds (a line typed at a terminal). */
const QUIET_MS = 4;
function quiet(): Promise<typeof QUIET> {
  // After the timer, one turn of the event loop: a chunk that came while this thread was busy is taken first.
  return new Promise((resolve) => setTimeout(() => setImmediate(resolve, QUIET), QUIET_MS));
}

/** How many lines a piece holds: its line ends (CR LF is one), and a last line without one. */
function linesIn(bytes: Buffer, last: boolean): number {
  let n = 0;
  if (bytes.indexOf(0x0d) < 0) {
    for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, i + 1)) n++;
  } else {
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      if (c === 0x0a) n++;
      else if (c === 0x0d) {
        n++;
        if (bytes[i + 1] === 0x0a) i++;
      }
    }
  }
  const end = bytes[bytes.length - 1];
  return last && bytes.length > 0 && end !== 0x0a && end !== 0x0d ? n + 1 : n;
}

/** Files in parts of FILES_PER_PART (what listing said travels with the files after it). */
export function* fileParts(items: Iterable<FileItem>): Generator<Part> {
  let batch: FileItem[] = [];
  let files = 0;
  // A full batch is held until the next file comes, so that it is known to be followed (the workers start before it runs);
  // what listing says after it goes with the files after it, as in one job's order (a part's standard error is written before its output).
  let full: { kind: 'files'; items: FileItem[] } | undefined;
  for (const item of items) {
    if (full !== undefined && typeof item === 'string') {
      FOLLOWED.add(full);
      yield full;
      full = undefined;
    }
    batch.push(item);
    if (typeof item === 'string' && ++files === FILES_PER_PART) {
      full = { kind: 'files', items: batch };
      batch = [];
      files = 0;
    }
  }
  if (full !== undefined) yield full;
  if (batch.length > 0) yield { kind: 'files', items: batch };
}

/** What runParts is given, in order: a piece of the output of the part being written, or a part's end. */
type PartEvent = { readonly piece: Uint8Array } | { readonly result: PartResult };

/**
 * Runs the command over the parts on `jobs` threads (this one and jobs - 1 workers), and writes each part's output and standard error in the
 * order of the parts (the output of the part being written as it comes). The first part runs on the main
 * thread, written as it is made, while the second is read: a small input starts no worker, and a line typed
 * at a terminal is answered at once.
 */
export async function runParts(ctx: Context, parts: AsyncIterable<Part> | Iterable<Part>, jobs: number, joins: Joins): Promise<void> {
  const iterator = (Symbol.asyncIterator in parts ? parts[Symbol.asyncIterator]() : (parts as Iterable<Part>)[Symbol.iterator]()) as AsyncIterator<Part> | Iterator<Part>;
  let wrote = false;
  let partWrote = false;
  /** A piece of the part being written (text, or a worker's UTF-8): after the separator, when it is the part's first and an earlier part wrote some. */
  const put = async (piece: Uint8Array | string): Promise<void> => {
    if (piece.length === 0) return;
    if (!partWrote && wrote) ctx.out.write(joins.separator);
    partWrote = true;
    wrote = true;
    if (typeof piece !== 'string') return ctx.out.writeBytes(piece);
    ctx.out.write(piece);
    await ctx.out.flush();
  };
  const end = async (result: PartResult): Promise<void> => {
    if (result.err.length > 0) say(ctx.io, result.err);
    if (result.files !== undefined) ctx.progress?.add(result.files);
    // The part was read whole: its exit code counts even when its output cannot be written (a closed pipe), as one job's inputs read so far do.
    ctx.fail(result.status);
    for (const piece of result.out) await put(piece);
    const any = partWrote;
    partWrote = false;
    await ctx.out.flush();
    joins.merge?.({ ...result, wrote: any });
    if (result.error?.input !== undefined) throw new InputError(result.error.input);
    if (result.error?.internal !== undefined) throw new Error(`in a worker thread: ${result.error.internal}`);
  };
  const first = await iterator.next();
  if (first.done) return;
  // On the main thread: its output straight to the output, after the separator when it writes any.
  const state = new Map<string, unknown>();
  const here = async (part: Part): Promise<void> => {
    await ctx.out.flush();
    const stdout = new Writable({
      decodeStrings: false,
      write(chunk: string | Buffer, _encoding, done) {
        const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        if (text.length === 0) return done();
        const s = partWrote || !wrote ? text : `${joins.separator}${text}`;
        partWrote = true;
        wrote = true;
        ctx.io.stdout.write(s, (e?: Error | null) => done(e ?? undefined));
      },
    });
    await end(await runPart(ctx.command, ctx.options, ctx.args, part, state, { stdout, stderr: ctx.io.stderr }, undefined, ctx));
  };
  let finished = false;
  const script = workerScript();
  // A large input (files, or a large file on standard input, its first part known to be followed by more): the workers start now, while the first part runs here.
  const large = first.value.kind === 'files' || LARGE.has(first.value) || atOnce();
  let pool = script !== undefined && large && FOLLOWED.has(first.value) ? new Pool(ctx, jobs, script) : undefined;
  try {
    await here(first.value);
    let next = await iterator.next();
    // Here: every part when there is no worker script (the sources run by ts-node); standard input of unknown length
    // until WORKERS_FROM bytes have run and more follows.
    let ran = first.value.kind === 'lines' ? first.value.bytes.length : 0;
    while (!next.done && (script === undefined || (!large && next.value.kind === 'lines' && ran < WORKERS_FROM))) {
      await here(next.value);
      if (next.value.kind === 'lines') ran += next.value.bytes.length;
      next = await iterator.next();
    }
    if (next.done || script === undefined) {
      finished = true;
      return;
    }
    pool ??= new Pool(ctx, jobs, script);
    // From here inWorkers lets the input go itself (not waiting for a read under way).
    finished = true;
    for await (const event of inWorkers(ctx, iterator, next.value, jobs, pool, state)) {
      if ('piece' in event) await put(event.piece);
      else await end(event.result);
    }
  } finally {
    // Stopped early (a closed output, an input that cannot be read): the input is let go, so that the process can end.
    if (!finished) await iterator.return?.();
    await pool?.close();
  }
}

/** The workers of a run: what each has been sent and not yet answered, the pieces and ends of the parts they ran, and the first failure. */
class Pool {
  readonly workers: Worker[] = [];
  readonly load: number[] = [];
  /** Whether each worker has loaded its command (until then the main thread runs the parts: none wait behind a worker starting up). */
  readonly ready: boolean[] = [];
  readonly pieces = new Map<number, Uint8Array[]>();
  readonly done = new Map<number, PartResult>();
  failure: Error | undefined;
  /** Called on every message (set by whoever waits for one). */
  wake: (() => void) | undefined;
  private closing = false;

  constructor(ctx: Context, jobs: number, script: string) {
    for (let i = 0; i < jobs - 1; i++) {
      const worker = new Worker(script, { workerData: { command: ctx.command.name, values: ctx.options, args: ctx.args } });
      worker.on('message', (m: { seq: number; piece?: Uint8Array; result?: PartResult; ready?: true }) => {
        if (m.ready) this.ready[i] = true;
        else if (m.result !== undefined) {
          this.load[i]--;
          this.done.set(m.seq, m.result);
        } else {
          let kept = this.pieces.get(m.seq);
          if (kept === undefined) this.pieces.set(m.seq, (kept = []));
          kept.push(m.piece!);
        }
        this.wake?.();
      });
      worker.on('error', (e: Error) => {
        this.failure ??= e;
        this.wake?.();
      });
      worker.on('exit', (code) => {
        if (!this.closing) this.failure ??= new Error(`a worker thread exited (code ${code})`);
        this.wake?.();
      });
      this.workers.push(worker);
      this.load.push(0);
      this.ready.push(false);
    }
  }

  /** Sends a part to the worker with the fewest queued, when it has fewer than `most`: its index, or -1 (none sent). */
  send(seq: number, part: Part, most: number): number {
    let i = -1;
    for (let j = 0; j < this.workers.length; j++) if (this.ready[j] && (i < 0 || this.load[j] < this.load[i])) i = j;
    if (i < 0 || this.load[i] >= most) return -1;
    this.load[i]++;
    this.workers[i].postMessage({ seq, part }, part.kind === 'lines' ? [part.bytes.buffer as ArrayBuffer] : []);
    return i;
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * The parts from `first` on, run by the pool's workers and the main thread: each part's pieces of output and its
 * end, in the order of the parts. A part goes to the worker with the fewest parts queued when it has fewer than
 * QUEUED; else the main thread runs it (its output kept, as a worker's), between reading and writing the others.
 */
async function* inWorkers(ctx: Context, iterator: AsyncIterator<Part> | Iterator<Part>, first: Part, jobs: number, pool: Pool, state: Map<string, unknown>): AsyncGenerator<PartEvent> {
  const { pieces, done } = pool;
  let mainParts = 0;
  let sent = 0;
  let written = 0;
  const started = performance.eventLoopUtilization();
  const send = async (part: Part): Promise<void> => {
    const seq = sent++;
    if (pool.send(seq, part, QUEUED) >= 0) return;
    mainParts++;
    done.set(seq, await runPart(ctx.command, ctx.options, ctx.args, part, state));
    // A turn of the event loop: a worker's messages (its start-up, its results) are taken before the next part.
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  // The next parts are read while the parts sent are run and written: at most AHEAD read ahead.
  const ahead: Part[] = [];
  let reading = false;
  let ended = false;
  const read = () => {
    if (reading || ended || ahead.length >= AHEAD) return;
    reading = true;
    Promise.resolve(iterator.next()).then(
      (r) => {
        reading = false;
        if (r.done) ended = true;
        else ahead.push(r.value);
        read();
        pool.wake?.();
      },
      (e: unknown) => {
        reading = false;
        ended = true;
        pool.failure ??= e instanceof Error ? e : new Error(String(e));
        pool.wake?.();
      },
    );
  };
  try {
    await send(first);
    read();
    for (;;) {
      if (pool.failure) throw pool.failure;
      const kept = pieces.get(written);
      if (kept !== undefined) {
        pieces.delete(written);
        for (const piece of kept) yield { piece };
        continue;
      }
      const result = done.get(written);
      if (result !== undefined) {
        done.delete(written);
        written++;
        yield { result };
        continue;
      }
      if (ahead.length > 0 && sent - written < jobs * WINDOW_PER_JOB) {
        const part = ahead.shift()!;
        read();
        await send(part);
        continue;
      }
      if (ended && ahead.length === 0 && written === sent) return;
      await new Promise<void>((resolve) => {
        pool.wake = () => {
          pool.wake = undefined;
          resolve();
        };
      });
    }
  } finally {
    if (process.env.URIGRAM_JOBS_STATS) stats(ctx, started, pool.workers, sent, mainParts);
    await pool.close();
    // Stopped early (a closed output, an error): the input is let go; not waited for when a read is under way.
    if (!reading && !ended) await iterator.return?.();
    else if (reading) void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}

/**
 * URIGRAM_JOBS_STATS=1 (scripts/bench-jobs.ts): where the time went, on standard error as one JSON line: the
 * parts after the first (which ran before any worker) and how many of them the main thread ran; the main
 * thread's busy and idle milliseconds since then (reading, cutting, writing, running its parts), and each
 * worker's busy and idle milliseconds.
 */
function stats(ctx: Context, started: EventLoopUtilization, workers: readonly Worker[], parts: number, mainParts: number): void {
  const main = performance.eventLoopUtilization(started);
  const busy = workers.map((w) => Math.round(w.performance.eventLoopUtilization().active));
  const idle = workers.map((w) => Math.round(w.performance.eventLoopUtilization().idle));
  say(ctx.io, `urigram-jobs-stats ${JSON.stringify({ parts, mainParts, mainActiveMs: Math.round(main.active), mainIdleMs: Math.round(main.idle), workerActiveMs: busy, workerIdleMs: idle })}\n`);
}
