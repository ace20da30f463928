/**
 * The command line's exit codes, the errors that map to them, and its inputs:
 * standard input read line by line or whole (a byte-order mark skipped),
 * files read whole (./encoding decodes them). Node built-ins are allowed here (and only in src/cli.ts,
 * src/cli/ and scripts/): the library itself must run in a browser.
 */
import * as fs from 'node:fs';
import { decodeText, type DecodedText } from './encoding';
import * as path from 'node:path';

export const EXIT_VALID = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;
/** EX_SOFTWARE of sysexits.h: a bug in urigram. */
export const EXIT_INTERNAL = 70;
/** EX_NOINPUT of sysexits.h: with --strict-files, a file or directory that cannot be read. */
export const EXIT_NO_INPUT = 66;
/** EX_IOERR of sysexits.h: the output cannot be written. */
export const EXIT_OUTPUT = 74;

/** The streams a run uses: process.stdin, stdout and stderr, or a test's. */
export interface Io {
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean; setEncoding?(encoding: BufferEncoding): unknown };
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

/** The command line is wrong: exit 2, with the message and where to find help. */
export class UsageError extends Error {}

/** An input (a file, standard input) cannot be read: exit 2, with the message (files and directories of lint --extract and extract: a notification, see ./inputs). */
export class InputError extends Error {}

/** The reader of the output went away (EPIPE, `| head -1`): stop quietly, with the exit code so far. */
export class OutputClosed extends Error {}

/** The output cannot be written (a full disk, an I/O error): exit 74 with a one-line message. */
export class OutputFailed extends Error {}

/** Writes to standard error; a failure there has nowhere to be reported. */
export function say(io: Io, text: string): void {
  try {
    io.stderr.write(text);
  } catch {
    // nothing to do
  }
}

/** The byte-order mark U+FEFF, skipped at the start of standard input and of files. */
const BOM = 0xfeff;

/** The default of --max-input-bytes: the longest line, or document, that is read (16 MiB). */
export const DEFAULT_MAX_INPUT_BYTES = 16 * 1024 * 1024;

/**
 * A line longer than --max-input-bytes, in place of its text: the command reports it on that line as invalid
 * input (exit 1) and goes on with the next, and the reader reads past the rest of it keeping none of it (memory
 * stays bounded however long the line; standard input that never ends, /dev/zero, is read on for ever, with
 * this said as soon as the limit is passed).
 */
export class LineTooLong extends Error {
  constructor(
    /** Its first characters, to find it by (at most HEAD_CHARS). */
    readonly head: string,
    readonly limit: number,
  ) {
    super(`the line is longer than ${limit} bytes (--max-input-bytes): read past, not checked; it begins ${JSON.stringify(head)}`);
    this.name = 'LineTooLong';
  }
}

/** A file, or standard input read whole, longer than --max-input-bytes: said as a file that cannot be read is, and the run goes on. */
export class InputTooLong extends InputError {}

/** The characters of an over-long line kept to say which it was. */
export const HEAD_CHARS = 40;

/** One input of a line command: a line, or one too long to be read. */
export type Line = string | LineTooLong;

/**
 * The lines of a stream, as they arrive: a line ends at LF, CR LF or CR (as
 * Node's readline has it); a byte-order mark at the very start is skipped.
 */
export async function* readLines(stream: Io['stdin'], limit = DEFAULT_MAX_INPUT_BYTES): AsyncGenerator<Line> {
  for await (const batch of readLineBatches(stream, true, limit)) yield* batch;
}

/**
 * readLines, a chunk of the stream at a time: the lines that each chunk completes, in one array
 * (a caller that takes them so waits once per chunk, not once per line). Each chunk is scanned
 * once, so a line of any length costs time linear in it. A part of --jobs (./jobs) is read with
 * `skipBom` false: it is not the start of the input. A line of more than `limit` bytes of UTF-8 is
 * a LineTooLong, given as soon as the limit is passed; the rest of it is read past, not kept.
 */
export async function* readLineBatches(stream: Io['stdin'] | AsyncIterable<string>, skipBom = true, limit = DEFAULT_MAX_INPUT_BYTES): AsyncGenerator<Line[]> {
  (stream as Io['stdin']).setEncoding?.('utf8');
  let parts: string[] = [];
  /** The UTF-8 bytes of `parts`, the line begun. */
  let partBytes = 0;
  /** The line begun is over the limit, said already: read past to its end. */
  let skipping = false;
  let atStart = skipBom;
  let afterCr = false;
  // A UTF-16 code unit is at most 3 bytes of UTF-8: a line is measured in bytes only when that could pass the limit.
  const over = (text: string): boolean => partBytes + text.length * 3 > limit && partBytes + Buffer.byteLength(text, 'utf8') > limit;
  const tooLong = (text: string): LineTooLong => new LineTooLong((parts.join('') + text.slice(0, HEAD_CHARS)).slice(0, HEAD_CHARS), limit);
  for await (const chunk of stream as AsyncIterable<string | Buffer>) {
    let s = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (atStart && s.length > 0) {
      atStart = false;
      if (s.charCodeAt(0) === BOM) s = s.slice(1);
    }
    let from = 0;
    if (afterCr && s.length > 0) {
      afterCr = false;
      if (s.charCodeAt(0) === 0x0a) from = 1;
    }
    const lines: Line[] = [];
    for (let i = from; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      if (skipping) skipping = false;
      else {
        const text = s.slice(from, i);
        if (over(text)) lines.push(tooLong(text));
        else {
          parts.push(text);
          lines.push(parts.length === 1 ? parts[0] : parts.join(''));
        }
      }
      parts = [];
      partBytes = 0;
      if (c === 0x0d) {
        if (i + 1 === s.length) afterCr = true;
        else if (s.charCodeAt(i + 1) === 0x0a) i++;
      }
      from = i + 1;
    }
    if (from < s.length && !skipping) {
      const text = s.slice(from);
      if (over(text)) {
        lines.push(tooLong(text));
        parts = [];
        partBytes = 0;
        skipping = true;
      } else {
        parts.push(text);
        partBytes += Buffer.byteLength(text, 'utf8');
      }
    }
    if (lines.length > 0) yield lines;
  }
  if (parts.length > 0) yield [parts.join('')];
}

/** The whole of a stream as text, less a leading byte-order mark; an InputTooLong past `limit` bytes (read no further). */
export async function readAll(stream: Io['stdin'], limit = DEFAULT_MAX_INPUT_BYTES, name = 'standard input'): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<string | Buffer>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    size += bytes.length;
    if (size > limit) throw tooLarge(name, limit); // leaving the loop lets the stream go
    chunks.push(bytes);
  }
  return withoutBom(Buffer.concat(chunks, size).toString('utf8'));
}

function tooLarge(name: string, limit: number): InputTooLong {
  return new InputTooLong(`cannot read ${name}: it is longer than ${limit} bytes (--max-input-bytes); not read`);
}

/** Bytes read at a time from a file that is not a regular file (a device, a FIFO). */
const READ_SIZE = 1 << 16;

/**
 * The text of a file, decoded by ./encoding (UTF-8; by a byte-order mark, a declared encoding or as
 * windows-1252 when it is not UTF-8, with a note that says so); an InputError for a file that cannot
 * be read (missing, unreadable, a directory), an InputTooLong for one of more than `limit` bytes (a
 * regular file by its size, unread; anything else, /dev/zero, read no further than the limit).
 */
export function readFile(file: string, limit = DEFAULT_MAX_INPUT_BYTES): DecodedText {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error('EISDIR: illegal operation on a directory, read'), { code: 'EISDIR' });
    if (stat.isFile()) {
      if (stat.size > limit) throw tooLarge(file, limit);
      const bytes = fs.readFileSync(fd);
      if (bytes.length > limit) throw tooLarge(file, limit); // grown since
      return decodeText(bytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(READ_SIZE);
      const n = fs.readSync(fd, chunk, 0, READ_SIZE, null);
      if (n === 0) break;
      size += n;
      if (size > limit) throw tooLarge(file, limit);
      chunks.push(chunk.subarray(0, n));
    }
    return decodeText(Buffer.concat(chunks, size));
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot read ${file}: ${(e as Error).message}`);
  } finally {
    fs.closeSync(fd);
  }
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === BOM ? text.slice(1) : text;
}

/** An error while reading standard input, as the InputError it is. */
export function stdinError(e: unknown): InputError {
  return e instanceof InputError ? e : new InputError(`cannot read standard input: ${e instanceof Error ? e.message : String(e)}`);
}

/** The streams of this process. Standard input is checked when first used: a directory is no input. */
export function processIo(): Io {
  return {
    get stdin() {
      let stat: fs.Stats;
      try {
        stat = fs.fstatSync(0);
      } catch (e) {
        throw new InputError(`cannot read standard input: ${(e as Error).message}`);
      }
      if (stat.isDirectory()) throw new InputError('cannot read standard input: it is a directory');
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
  };
}

/** The package's version, from the package.json of the source tree (src/cli/) or of the build (dist/src/cli/). */
export function version(): string {
  for (const up of [['..', '..'], ['..', '..', '..']]) {
    const file = path.join(__dirname, ...up, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'urigram' && pkg.version) return pkg.version;
  }
  return 'unknown';
}
