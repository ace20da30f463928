/**
 * The command line's main: finds the command in the table, reads its
 * arguments with the one option parser, runs it, and maps what went wrong to
 * an exit code. Exit codes (docs/cli.md): 0 every input valid,
 * 1 any input invalid (or: no match, not equivalent, lint errors), 2 usage
 * error or an input that cannot be read, 74 the output cannot be written, 70
 * internal error (a bug in urigram, with its stack). When several apply, the
 * highest.
 */
import { commandHelp, mainHelp, parseArgs } from './args';
import { Context, type Command } from './command';
import { EXIT_INTERNAL, EXIT_OUTPUT, EXIT_USAGE, EXIT_VALID, InputError, OutputClosed, OutputFailed, processIo, say, UsageError, version, type Io } from './io';
import { Output } from './output';
import { startProgress, type Progress } from './progress';
import { commandNamed, exitsOf, HELP, MAIN_HELP, TOP_OPTIONS } from './table';

const [TOP_HELP, TOP_VERSION] = TOP_OPTIONS;

/**
 * Runs the command line `argv` (without "node" and the script) and returns
 * the exit code. `io` replaces the process's streams (tests).
 */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  const out = new Output(io.stdout);
  const name = argv[0];
  let command: Command | undefined;
  let ctx: Context | undefined;
  let progress: Progress | undefined;
  const print = async (text: string): Promise<number> => {
    out.write(`${text}\n`);
    await out.flush();
    return EXIT_VALID;
  };
  try {
    if (name === undefined) {
      say(io, `${mainHelp(MAIN_HELP)}\n`);
      return EXIT_USAGE;
    }
    if (name === 'help') {
      if (argv.length > 2) throw new UsageError('help takes at most one COMMAND');
      const about = argv.length === 2 && argv[1] !== 'help' ? commandNamed(argv[1]) : undefined;
      if (argv.length === 2 && argv[1] !== 'help' && about === undefined) throw new UsageError(`unknown command ${JSON.stringify(argv[1])}`);
      return await print(about ? commandHelp(about, HELP, exitsOf(about)) : mainHelp(MAIN_HELP));
    }
    if (TOP_HELP.flags.includes(name)) return await print(mainHelp(MAIN_HELP));
    if (TOP_VERSION.flags.includes(name)) return await print(version());
    command = commandNamed(name);
    if (command === undefined) throw new UsageError(`unknown command ${JSON.stringify(name)}`);
    const { help, values, args } = parseArgs(command, HELP, argv.slice(1));
    if (help) return await print(commandHelp(command, HELP, exitsOf(command)));
    progress = startProgress({ command, args, has: (option) => values.has(option), io });
    ctx = new Context(command, progress?.around(io) ?? io, out, values, args);
    ctx.progress = progress;
    await command.run(ctx);
    await out.flush();
    return ctx.status;
  } catch (e) {
    if (e instanceof UsageError) {
      say(io, `urigram: ${e.message}\nRun "urigram help${command ? ` ${command.name}` : ''}" for usage.\n`);
      return EXIT_USAGE;
    }
    if (e instanceof InputError) {
      say(io, `urigram${command ? ` ${command.name}` : ''}: ${e.message}\n`);
      try {
        await out.flush();
      } catch (failed) {
        if (failed instanceof OutputFailed) return EXIT_OUTPUT;
      }
      return Math.max(ctx?.status ?? EXIT_VALID, EXIT_USAGE);
    }
    if (e instanceof OutputClosed) return ctx?.status ?? EXIT_VALID;
    if (e instanceof OutputFailed) {
      say(io, `urigram: cannot write the output: ${e.message}\n`);
      return EXIT_OUTPUT;
    }
    say(io, `urigram: internal error (a bug in urigram; please report it): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT_INTERNAL;
  } finally {
    progress?.stop();
  }
}
