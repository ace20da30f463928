/**
 * The inputs of a command, as its Context gives them: its operands, or else
 * one per line of standard input; the text of files ("-": standard input);
 * and the URIs found in files, located (./positions).
 */
import { EXIT_USAGE, InputError, readAll, readFile, readLineBatches, say, stdinError } from './io';
import { errorMessage } from './output';
import { LineMap, locate, type LocatedUri } from './positions';
import { extractDocument, kindOfFile, type DocumentKind, type TemplateSyntax } from '../documents';
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

/** The text of FILE, or of standard input for "-", less a leading byte-order mark. */
export async function readText(ctx: Context, file: string): Promise<string> {
  if (file === '-') {
    hintIfTerminal(ctx, 'text');
    try {
      return await readAll(ctx.io.stdin);
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
  /** Told of each file that cannot be read (after it is said on standard error). */
  readonly unreadable?: (file: string, message: string) => void;
}

/** A file read, and its URIs located. */
export interface ReadDocument {
  readonly file: string;
  readonly text: string;
  readonly lines: LineMap;
  readonly uris: LocatedUri[];
}

/** Finds and locates the URIs of a text, by its kind. */
export function readDocument(file: string, text: string, options: ReadOptions): ReadDocument {
  const kind = options.kind ?? (file === '-' ? 'text' : kindOfFile(file));
  const lines = new LineMap(text);
  const uris = extractDocument(text, { kind, code: options.code, templates: options.templates, name: file }).map((found) => locate(text, lines, found));
  return { file, text, lines, uris };
}

/** Each file read, with its URIs; a file that cannot be read is reported on stderr and exit 2, and the next one read. */
export async function* documents(ctx: Context, files: Iterable<string>, options: ReadOptions = {}): AsyncGenerator<ReadDocument> {
  for (const file of files) {
    let text: string;
    try {
      text = await readText(ctx, file);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      say(ctx.io, `urigram ${ctx.command.name}: ${e.message}\n`);
      options.unreadable?.(file, e.message);
      ctx.fail(EXIT_USAGE);
      continue;
    }
    let doc: ReadDocument;
    try {
      doc = readDocument(file, text, options);
    } catch (e) {
      // Extraction failed on this file: say so, and go on with the next file.
      ctx.fail();
      say(ctx.io, `urigram ${ctx.command.name}: ${file}: ${errorMessage(e)}\n`);
      options.unreadable?.(file, errorMessage(e));
      continue;
    }
    yield doc;
  }
}
