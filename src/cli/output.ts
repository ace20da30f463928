/**
 * The one way out for results, and how they are written: as text (an error
 * drawn with its caret) or as JSON (one object per line, written member by
 * member). SARIF, written on top of this, is in ./sarif.
 */
import { UriResolveError } from '../operations/resolve';
import { UriSyntaxError } from '../core/errors';
import { OutputClosed, OutputFailed, type LineTooLong } from './io';

/** Results are gathered up to this many UTF-16 code units before they are written. */
const CHUNK = 1 << 16;

/**
 * Text is gathered in small chunks, written when a chunk is full or a result
 * is complete (`flush`), and each write is waited for, so memory stays
 * bounded however long the input and however large one result. A write error
 * is remembered and thrown from the next write or flush: a reader that went
 * away as OutputClosed, anything else as OutputFailed.
 */
export class Output {
  private parts: string[] = [];
  private size = 0;
  private failure: NodeJS.ErrnoException | undefined;

  constructor(private readonly stream: NodeJS.WritableStream) {
    stream.on('error', (e: NodeJS.ErrnoException) => this.fail(e));
  }

  private fail(e: NodeJS.ErrnoException): void {
    this.failure ??= e;
  }

  private check(): void {
    const e = this.failure;
    if (e === undefined) return;
    if (e.code === 'EPIPE') throw new OutputClosed(e.message);
    throw new OutputFailed(e.message);
  }

  /** Adds text to what is gathered; a caller in a loop flushes when `full`. */
  write(text: string): void {
    this.check();
    this.parts.push(text);
    this.size += text.length;
  }

  /** A chunk's worth is gathered: time to flush, so that one large result is written in pieces. */
  get full(): boolean {
    return this.size >= CHUNK;
  }

  /**
   * A result is complete: it is written before the run waits for more input, without a write
   * (a system call) per result. A chunk's worth is written at once, and waited for (so that
   * memory stays bounded when the reader is slower than the input); less is written when the
   * event loop next turns, which is when the input runs dry (a line typed at a terminal is
   * answered at once) or between chunks of input. A failure of that write is thrown from the
   * next write or flush.
   */
  async flushSoon(): Promise<void> {
    this.check();
    if (this.full) return this.flush();
    if (this.size === 0 || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush().catch(() => undefined); // remembered in `failure`, thrown by the next write
    });
  }

  private scheduled = false;

  /** Writes what is gathered, then `bytes` (UTF-8: a worker's output, ./jobs), and waits until the stream has taken them. */
  async writeBytes(bytes: Uint8Array): Promise<void> {
    await this.flush();
    if (bytes.length === 0) return;
    await new Promise<void>((done) => {
      this.stream.write(bytes, (e?: Error | null) => {
        if (e) this.fail(e);
        done();
      });
    });
    this.check();
  }

  /** Writes what is gathered, and waits until the stream has taken it. */
  async flush(): Promise<void> {
    this.check();
    if (this.size === 0) return;
    const text = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
    this.parts = [];
    this.size = 0;
    await new Promise<void>((done) => {
      this.stream.write(text, (e?: Error | null) => {
        if (e) this.fail(e);
        done();
      });
    });
    this.check();
  }
}

// ---------------------------------------------------------------- text

/** One line about an error thrown for one input. */
export function errorMessage(e: unknown): string {
  if (e instanceof UriSyntaxError || e instanceof UriResolveError) return e.message;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/** The full text about an error thrown for one input: a syntax error drawn with its caret. */
export function errorText(e: unknown): string {
  if (e instanceof UriSyntaxError) return e.format();
  if (e instanceof UriResolveError && e.syntaxError) return `the base is not a valid URI reference:\n${e.syntaxError.format()}`;
  return errorMessage(e);
}

/** Each line of `text` indented by two spaces. */
export function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

/** The text report of an invalid input: the input, then its error, indented. */
export function invalidText(input: string, e: unknown): string {
  return `invalid  ${JSON.stringify(input)}\n${indent(errorText(e))}\n`;
}

/**
 * The report of a line over --max-input-bytes (a LineTooLong), in a line command's format: `json`, the command's
 * JSON object for an input that failed (its input null: the line is not kept), or else as text, in the layout of
 * invalidText. The caller records the failure (exit 1).
 */
export function tooLongResult(e: LineTooLong, json?: object): string {
  return json !== undefined ? `${JSON.stringify(json)}\n` : `invalid  (a line of more than ${e.limit} bytes)\n${indent(e.message)}\n`;
}

// ---------------------------------------------------------------- JSON

/** A syntax error as JSON: its message and details. */
export function syntaxErrorJson(error: UriSyntaxError): object {
  // The fields read one by one (toJSON copies the input too, however long, to be dropped here).
  return { message: error.message, grammar: error.grammar, rule: error.rule, offset: error.offset, codePointOffset: error.codePointOffset, found: error.found, expected: error.expected, rulePath: error.rulePath };
}

/** An error as JSON: a syntax error with its details, anything else as its message. */
export function errorJson(e: unknown): object {
  return e instanceof UriSyntaxError ? syntaxErrorJson(e) : { message: errorMessage(e) };
}

/**
 * Writes the members of `head` as the start of a JSON object, ready for more
 * members: `{"a":1,"b":2,`. Each member is written by itself, so that two
 * long strings (an input and its result) are never joined into one.
 */
export function openObject(out: Output, head: object): void {
  out.write('{');
  for (const [key, value] of Object.entries(head)) {
    if (value === undefined) continue;
    out.write(`${JSON.stringify(key)}:`);
    out.write(JSON.stringify(value));
    out.write(',');
  }
}

/** Writes the items as the elements of a JSON array, one at a time. */
export async function writeArray<T>(out: Output, items: Iterable<T>, each: (item: T) => unknown = (x) => x): Promise<void> {
  await writeJsonArray(out, items, (item) => JSON.stringify(each(item)));
}

/** Writes the items as the elements of a JSON array, one at a time, each as `json` writes it. */
export async function writeJsonArray<T>(out: Output, items: Iterable<T>, json: (item: T) => string): Promise<void> {
  out.write('[');
  let first = true;
  for (const item of items) {
    out.write(first ? json(item) : `,${json(item)}`);
    first = false;
    if (out.full) await out.flush();
  }
  out.write(']');
}

/**
 * The JSON of an object with members written after its own (`more`: `"a":1,"b":2`), as
 * `JSON.stringify({ ...value, a: 1, b: 2 })` gives it without copying the object (a copy of
 * each of half a million diagnostics was most of `lint --format json`'s time).
 */
export function jsonWith(value: object, more: string): string {
  const own = JSON.stringify(value);
  return own.length > 2 ? `${own.slice(0, -1)},${more}}` : `{${more}}`;
}
