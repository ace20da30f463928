/**
 * The inputs of a command, as its Context gives them: its operands, or else
 * one per line of standard input; the text of files ("-": standard input).
 * The URIs found in files, located, are ./read-documents' (a line command
 * does not load the document extractors).
 */
import { EXIT_NO_INPUT, HEAD_CHARS, LineTooLong, readAll, readFile, readLineBatches, say, stdinError, type Line } from './io';
import { StringDecoder } from 'node:string_decoder';
import * as v8 from 'node:v8';
import { withoutTrailingSlashes } from './trailing-slashes';
import type { DecodedText } from './encoding';
import type { DocumentKind, TemplateSyntax } from '../documents/index';
import type { Context } from './command';

/** Says on a terminal what a command with no arguments waits for, instead of waiting silently. */
function hintIfTerminal(ctx: Context, what: string): void {
  if (ctx.io.stdin.isTTY) {
    say(ctx.io, `urigram ${ctx.command.name}: reading ${what} from the terminal; end with Ctrl-D (see "urigram help ${ctx.command.name}")\n`);
  }
}

/** The command's inputs: its arguments, or else one per line of standard input (a line over --max-input-bytes: a LineTooLong). */
export async function* inputs(ctx: Context): AsyncGenerator<Line> {
  for await (const batch of inputBatches(ctx)) yield* batch;
}

/** inputs(), in batches: the arguments at once, or the lines of each chunk of standard input. */
export async function* inputBatches(ctx: Context): AsyncGenerator<readonly Line[]> {
  if (ctx.args.length > 0) {
    yield ctx.args;
    return;
  }
  const part = ctx.part;
  const limit = ctx.maxInputBytes();
  if (part?.kind === 'lines' && part.tooLong) {
    // A line over the limit, as ./jobs cut it: its first bytes.
    yield [new LineTooLong(new TextDecoder().decode(part.bytes).slice(0, HEAD_CHARS), limit)];
    return;
  }
  if (part?.kind === 'lines') {
    // A part of standard input (--jobs): whole lines, as bytes, the byte-order mark already skipped; decoded as a stream
    // is, in slices of a read's size (no string of the part's size: see collector in ./jobs).
    const bytes = Buffer.from(part.bytes.buffer, part.bytes.byteOffset, part.bytes.byteLength);
    yield* readLineBatches(decodedSlices(bytes), false, limit);
    return;
  }
  hintIfTerminal(ctx, 'one URI per line');
  streamingHeap(ctx);
  let batches: AsyncGenerator<Line[]>;
  try {
    batches = readLineBatches(ctx.io.stdin, true, limit);
  } catch (e) {
    throw stdinError(e);
  }
  try {
    for (;;) {
      let next: IteratorResult<Line[]>;
      try {
        next = await batches.next();
      } catch (e) {
        throw stdinError(e);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // When the consumer stops early (a closed output), stop reading too, so that the process can end.
    await batches.return(undefined);
  }
}

/**
 * A line filter's memory, bounded whatever the length of its input (issue 44 item 9): what a run keeps alive is
 * small and the same at any input size (after a full collection, `lint --format ndjson` holds 10 to 17 MB at 10 MB of
 * input as at 100 MB), but V8 sized its heap by how cheap collecting had been, so the peak grew with the input
 * (`lint --format ndjson --jobs 1`: 143 MB at 10 MB of input, 157 MB at 100 MB; `grammars` 158 MB on 4 MB of short
 * lines). The young generation is kept at its first size (it grew to 32 MB, as the run went on: the objects alive
 * when it is collected are those of one chunk of input) and the old generation grows to twice what is alive, not
 * four times. Measured on a loaded 2-core machine (2026-12-07): `lint --format ndjson` on 20 MB 142 MB down to 79,
 * `grammars` on 4 MB of short lines 158 MB down to 84, for 7 to 10% more CPU time; the old generation's flag alone
 * costs nothing measurable but leaves 115 MB, and a peak that still grows with the input (by 14 MB from 10 MB of
 * input to 100: the young generation's growth). Both flags are read by V8 whenever it sizes a space, so they are set
 * while the process runs; only for a process that reads standard input as lines (not a test's streams).
 */
export function streamingHeap(ctx: Context): void {
  if (ctx.io.stdin !== process.stdin || heapSet) return;
  heapSet = true;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--heap-growing-percent=100');
}
let heapSet = false;

/** Bytes of UTF-8 decoded in slices of SLICE bytes, as a stream decodes its chunks (a character cut between two slices is decoded whole). */
export async function* decodedSlices(bytes: Uint8Array): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for (let at = 0; at < bytes.length; at += SLICE) {
    const text = decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(SLICE, bytes.length - at)));
    if (text.length > 0) yield text;
  }
  const rest = decoder.end();
  if (rest.length > 0) yield rest;
}

/** A slice of decodedSlices: what process.stdin reads at a time. */
const SLICE = 1 << 16;

/** The text of FILE (decoded by ../encoding), or of standard input for "-" (UTF-8), less a leading byte-order mark; an InputTooLong over --max-input-bytes. */
export async function readText(ctx: Context, file: string): Promise<DecodedText> {
  if (file === '-') {
    hintIfTerminal(ctx, 'text');
    try {
      return { text: await readAll(ctx.io.stdin, ctx.maxInputBytes()), encoding: 'utf-8', bom: false };
    } catch (e) {
      throw stdinError(e);
    }
  }
  return readFile(file, ctx.maxInputBytes());
}

/** How the files are read: as their extensions say (or all as one kind), with code or without. */
export interface ReadOptions {
  readonly kind?: DocumentKind;
  readonly code?: boolean;
  /** The template placeholder syntaxes read as holes (default all). */
  readonly templates?: readonly TemplateSyntax[];
  /** Told of each file that cannot be read, or whose URIs cannot be found (see fileProblems). */
  readonly unreadable?: (file: string, message: string) => void;
  /** Told how a file that is not UTF-8 was read. */
  readonly note?: (file: string, message: string) => void;
  /** Told of a file read whose URIs could not be found (a bug: the run has failed already). */
  readonly failed?: (file: string, message: string) => void;
}

/** The paths named on the command line, as ./files names one it cannot read or that yields no file (a directory without its trailing "/"). */
function namedPaths(args: readonly string[]): ReadonlySet<string> {
  return new Set(args.flatMap((a) => [a, withoutTrailingSlashes(a) || '/']));
}

/**
 * What a run that reads files does with one that cannot be read (a file or a directory: missing,
 * without permission) and with one read in another encoding than UTF-8: each is said on standard
 * error (and told to `tell`, a SARIF log's notifications), and the run goes on with the next.
 * A path named on the command line that yields no file, or cannot be read, fails the run with 66
 * (EX_NOINPUT), as ESLint fails a pattern that matches no file: no run passes by reading nothing.
 * One found inside a tree does only with --strict-files.
 */
export function fileProblems(ctx: Context, tell?: (file: string, message: string, level: 'error' | 'note') => void): Required<Pick<ReadOptions, 'unreadable' | 'note' | 'failed'>> {
  const strict = ctx.has('--strict-files');
  const named = namedPaths(ctx.args);
  return {
    unreadable: (file, message) => {
      say(ctx.io, `urigram ${ctx.command.name}: ${message}\n`);
      tell?.(file, message, 'error');
      if (strict || named.has(file)) ctx.fail(EXIT_NO_INPUT);
    },
    failed: (file, message) => {
      say(ctx.io, `urigram ${ctx.command.name}: ${message}\n`);
      tell?.(file, message, 'error');
    },
    note: (file, message) => {
      say(ctx.io, `urigram ${ctx.command.name}: ${file}: ${message}\n`);
      tell?.(file, message, 'note');
    },
  };
}
