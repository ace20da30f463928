/**
 * The inputs of a command, as its Context gives them: its operands, or else
 * one per line of standard input; the text of files ("-": standard input).
 * The URIs found in files, located, are ./read-documents' (a line command
 * does not load the document extractors).
 */
import { EXIT_NO_INPUT, readAll, readFile, readLineBatches, say, stdinError } from './io';
import { StringDecoder } from 'node:string_decoder';
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

/** The command's inputs: its arguments, or else one per line of standard input. */
export async function* inputs(ctx: Context): AsyncGenerator<string> {
  for await (const batch of inputBatches(ctx)) yield* batch;
}

/** inputs(), in batches: the arguments at once, or the lines of each chunk of standard input. */
export async function* inputBatches(ctx: Context): AsyncGenerator<readonly string[]> {
  if (ctx.args.length > 0) {
    yield ctx.args;
    return;
  }
  const part = ctx.part;
  if (part?.kind === 'lines') {
    // A part of standard input (--jobs): whole lines, as bytes, the byte-order mark already skipped; decoded as a stream
    // is, in slices of a read's size (no string of the part's size: see collector in ./jobs).
    const bytes = Buffer.from(part.bytes.buffer, part.bytes.byteOffset, part.bytes.byteLength);
    yield* readLineBatches(decodedSlices(bytes), false);
    return;
  }
  hintIfTerminal(ctx, 'one URI per line');
  let batches: AsyncGenerator<string[]>;
  try {
    batches = readLineBatches(ctx.io.stdin);
  } catch (e) {
    throw stdinError(e);
  }
  try {
    for (;;) {
      let next: IteratorResult<string[]>;
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

/** The text of FILE (decoded by ../encoding), or of standard input for "-" (UTF-8), less a leading byte-order mark. */
export async function readText(ctx: Context, file: string): Promise<DecodedText> {
  if (file === '-') {
    hintIfTerminal(ctx, 'text');
    try {
      return { text: await readAll(ctx.io.stdin), encoding: 'utf-8', bom: false };
    } catch (e) {
      throw stdinError(e);
    }
  }
  return readFile(file);
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
