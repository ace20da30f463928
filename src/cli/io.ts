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

/**
 * The lines of a stream, as they arrive: a line ends at LF, CR LF or CR (as
 * Node's readline has it); a byte-order mark at the very start is skipped.
 */
export async function* readLines(stream: Io['stdin']): AsyncGenerator<string> {
  for await (const batch of readLineBatches(stream)) yield* batch;
}

/**
 * readLines, a chunk of the stream at a time: the lines that each chunk completes, in one array
 * (a caller that takes them so waits once per chunk, not once per line). Each chunk is scanned
 * once, so a line of any length costs time linear in it. A part of --jobs (./jobs) is read with
 * `skipBom` false: it is not the start of the input.
 */
export async function* readLineBatches(stream: Io['stdin'] | AsyncIterable<string>, skipBom = true): AsyncGenerator<string[]> {
  (stream as Io['stdin']).setEncoding?.('utf8');
  let parts: string[] = [];
  let atStart = skipBom;
  let afterCr = false;
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
    const lines: string[] = [];
    for (let i = from; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      parts.push(s.slice(from, i));
      lines.push(parts.length === 1 ? parts[0] : parts.join(''));
      parts = [];
      if (c === 0x0d) {
        if (i + 1 === s.length) afterCr = true;
        else if (s.charCodeAt(i + 1) === 0x0a) i++;
      }
      from = i + 1;
    }
    if (from < s.length) parts.push(s.slice(from));
    if (lines.length > 0) yield lines;
  }
  if (parts.length > 0) yield [parts.join('')];
}

/** The whole of a stream as text, less a leading byte-order mark. */
export async function readAll(stream: Io['stdin']): Promise<string> {
  stream.setEncoding?.('utf8');
  const parts: string[] = [];
  for await (const chunk of stream as AsyncIterable<string | Buffer>) parts.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
  return withoutBom(parts.join(''));
}

/**
 * The text of a file, decoded by ./encoding (UTF-8; by a byte-order mark, a declared encoding or as
 * windows-1252 when it is not UTF-8, with a note that says so); an InputError for a file that cannot
 * be read (missing, unreadable, a directory).
 */
export function readFile(file: string): DecodedText {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${(e as Error).message}`);
  }
  return decodeText(bytes);
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
