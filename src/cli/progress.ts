/**
 * A progress line for long work: when standard error is a terminal (and standard output is not, where the
 * results would run into it) and a run goes on for more than a second, `validate`, `normalize`, `lint`,
 * `extract` and `conformance` draw on standard error what is done (bytes of standard input, of its size
 * when it is a file; files read; cases run of the cases), the rate and the time so far, redrawn in place
 * four times a second and erased at the end. Nothing of it goes to standard output. `--progress` draws it
 * on any standard error, `--no-progress` never (and wins over `--progress`). What else the run writes to
 * standard error erases the line first (Progress.around); it is drawn again at the next tick.
 */
import * as fs from 'fs';
import { Writable } from 'stream';
import type { Context } from './command';
import type { Io } from './io';

/** What a run counts: the bytes of standard input it has read, the files it has read, the cases it has run. */
export type ProgressUnit = 'bytes' | 'files' | 'cases';

/** The line is first drawn after this long (a short run draws nothing), then redrawn every EVERY_MS. */
const DELAY_MS = 1000;
const EVERY_MS = 250;

type Stream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

export class Progress {
  private readonly timer: NodeJS.Timeout;
  private readonly started: number;
  private shown = false;
  private count = 0;
  /** The whole, when known (a file's size, the cases of the suite). */
  total: number | undefined;

  constructor(
    private readonly stream: Stream,
    private readonly label: string,
    private readonly unit: ProgressUnit,
    /** What is done, asked for at each draw (standard input's bytes); without it, what add() counted. */
    private readonly measure?: () => number,
    now: () => number = Date.now,
  ) {
    this.now = now;
    this.started = now();
    this.timer = setInterval(() => this.draw(), EVERY_MS);
    // The line never keeps the process alive.
    this.timer.unref();
  }

  private readonly now: () => number;

  add(n = 1): void {
    this.count += n;
  }

  /** Draws the line (after the first second). */
  draw(): void {
    if (this.now() - this.started < DELAY_MS) return;
    // The terminal's width (a pseudo-terminal may say 0: then 80), less one column: the line never wraps.
    const columns = this.stream.columns ?? 0;
    const width = (columns >= 20 ? columns : 80) - 1;
    let text = this.line();
    if (text.length > width) text = `${text.slice(0, width - 1)}…`;
    this.stream.write(`\r${text}\x1b[K`);
    this.shown = true;
  }

  /** Erases the line, when one is drawn. */
  erase(): void {
    if (!this.shown) return;
    this.stream.write('\r\x1b[K');
    this.shown = false;
  }

  /** The run ended: no more drawing, and the line erased. */
  stop(): void {
    clearInterval(this.timer);
    this.erase();
  }

  /** The run's streams, its standard error erasing the line before anything else is written there (drawn again at the next tick). */
  around(io: Io): Io {
    const erase = (): void => this.erase();
    const stderr = new Writable({
      decodeStrings: false,
      write(chunk: string | Buffer, _encoding, done) {
        erase();
        // Straight through, as say() writes: nothing waits in this stream (a run that ends has said all).
        io.stderr.write(chunk);
        done();
      },
    });
    return {
      get stdin() {
        return io.stdin;
      },
      stdout: io.stdout,
      stderr,
    };
  }

  /** The text of the line: what is done (of the whole, with its percentage), the rate, the time so far. */
  line(): string {
    const seconds = Math.max(0.001, (this.now() - this.started) / 1000);
    const done = this.measure?.() ?? this.count;
    const amount = (n: number): string => (this.unit === 'bytes' ? bytes(n) : `${n.toLocaleString('en-US')} ${this.unit}`);
    const known = this.total !== undefined && this.total > 0;
    // "2,500 of 5,000 cases", "1.0 MB of 4.0 MB", "4 files".
    const part = known && this.unit !== 'bytes' ? done.toLocaleString('en-US') : amount(done);
    const whole = known ? ` of ${amount(this.total!)} (${Math.min(100, Math.floor((100 * done) / this.total!))}%)` : '';
    const rate = this.unit === 'bytes' ? `${bytes(done / seconds)}/s` : `${Math.round(done / seconds).toLocaleString('en-US')} ${this.unit}/s`;
    return `urigram ${this.label}: ${part}${whole}, ${rate}, ${elapsed(seconds)}`;
  }
}

function bytes(n: number): string {
  if (n < 1000) return `${Math.round(n)} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = n / 1000;
  let k = 0;
  while (v >= 1000 && k < units.length - 1) {
    v /= 1000;
    k++;
  }
  return `${v.toFixed(1)} ${units[k]}`;
}

function elapsed(seconds: number): string {
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${String(Math.floor(seconds - 60 * m)).padStart(2, '0')} s`;
}

/** What options and streams say: whether to draw. */
export function wanted(options: { has(option: string): boolean }, stdout: object, stderr: object): boolean {
  if (options.has('--no-progress')) return false;
  if (options.has('--progress')) return true;
  return (stderr as { isTTY?: boolean }).isTTY === true && (stdout as { isTTY?: boolean }).isTTY !== true;
}

/**
 * The bytes of standard input read so far, and its size when it is a file: for the process's standard input
 * that is a file, the position of descriptor 0 (Linux's /proc/self/fdinfo: every reader of it moves it, the
 * reader of --jobs' parts included), else what the stream has read (a pipe's socket, a file's stream).
 */
export function stdinMeasure(stdin: object): { measure: () => number; total?: number } {
  const read = (): number => (stdin as { bytesRead?: number }).bytesRead ?? 0;
  if (stdin !== process.stdin) return { measure: read };
  let stat: fs.Stats;
  try {
    stat = fs.fstatSync(0);
  } catch {
    return { measure: read };
  }
  if (!stat.isFile()) return { measure: read };
  return { measure: () => position(0) ?? read(), total: stat.size };
}

/** A descriptor's position (Linux); undefined elsewhere. The file is a few lines long. */
function position(fd: number): number | undefined {
  try {
    const m = /^pos:\s*(\d+)/m.exec(fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'latin1'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The commands that draw a line, and what each counts. */
const COUNTS: Readonly<Record<string, (args: readonly string[], extract: boolean) => ProgressUnit | undefined>> = {
  validate: (args) => (args.length === 0 ? 'bytes' : undefined),
  normalize: (args) => (args.length === 0 ? 'bytes' : undefined),
  lint: (args, extract) => (extract ? 'files' : args.length === 0 ? 'bytes' : undefined),
  extract: () => 'files',
  conformance: () => 'cases',
};

/** The progress line of a run (from main, before its Context is made), when it is wanted. */
export function startProgress(ctx: Pick<Context, 'command' | 'args' | 'has' | 'io'>): Progress | undefined {
  const unit = COUNTS[ctx.command.name]?.(ctx.args, ctx.has('--extract'));
  if (unit === undefined || !wanted(ctx, ctx.io.stdout, ctx.io.stderr)) return undefined;
  if (unit !== 'bytes') return new Progress(ctx.io.stderr, ctx.command.name, unit);
  let stdin: object;
  try {
    stdin = ctx.io.stdin;
  } catch {
    // Standard input that cannot be read (a directory): the command says so.
    return undefined;
  }
  const input = stdinMeasure(stdin);
  const progress = new Progress(ctx.io.stderr, ctx.command.name, unit, input.measure);
  progress.total = input.total;
  return progress;
}
