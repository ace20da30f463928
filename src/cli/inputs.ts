/**
 * The inputs of a command, as its Context gives them: its operands, or else
 * one per line of standard input; the text of files ("-": standard input);
 * and the URIs found in files, located (./positions).
 */
import { EXIT_USAGE, InputError, readAll, readFile, readLines, say, stdinError } from './io';
import { errorMessage } from './output';
import { locatedUris, type LocatedUri } from './positions';
import type { Context } from './command';

/** Says on a terminal what a command with no arguments waits for, instead of waiting silently. */
function hintIfTerminal(ctx: Context, what: string): void {
  if (ctx.io.stdin.isTTY) {
    say(ctx.io, `urigram ${ctx.command.name}: reading ${what} from the terminal; end with Ctrl-D (see "urigram help ${ctx.command.name}")\n`);
  }
}

/** The command's inputs: its arguments, or else one per line of standard input. */
export async function* inputs(ctx: Context): AsyncGenerator<string> {
  if (ctx.args.length > 0) {
    yield* ctx.args;
    return;
  }
  hintIfTerminal(ctx, 'one URI per line');
  let lines: AsyncGenerator<string>;
  try {
    lines = readLines(ctx.io.stdin);
  } catch (e) {
    throw stdinError(e);
  }
  try {
    for (;;) {
      let next: IteratorResult<string>;
      try {
        next = await lines.next();
      } catch (e) {
        throw stdinError(e);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // When the consumer stops early (a closed output), stop reading too, so that the process can end.
    await lines.return(undefined);
  }
}

/** The text of FILE, or of standard input for "-", less a leading byte-order mark. */
/** The text of FILE, or of standard input for "-", less a leading byte-order mark. */
async function readText(ctx: Context, file: string): Promise<string> {
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

/** Each file's URIs, located; a file that cannot be read is reported on stderr and exit 2, and the next one read. */
export async function* filesUris(ctx: Context, files: readonly string[]): AsyncGenerator<LocatedUri & { file: string }> {
  for (const file of files) {
    let text: string;
    try {
      text = await readText(ctx, file);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      say(ctx.io, `urigram ${ctx.command.name}: ${e.message}\n`);
      ctx.fail(EXIT_USAGE);
      continue;
    }
    const located = locatedUris(text);
    for (;;) {
      let next: IteratorResult<LocatedUri>;
      try {
        next = located.next();
      } catch (e) {
        // extract failed on this file: say so, and go on with the next file.
        ctx.fail();
        say(ctx.io, `urigram ${ctx.command.name}: ${file}: ${errorMessage(e)}\n`);
        break;
      }
      if (next.done) break;
      yield { file, ...next.value };
    }
  }
}
