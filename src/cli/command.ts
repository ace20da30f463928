/**
 * What a command is (the shape of a row of the command table, ./table) and
 * what its run function gets (a Context: its options, operands, streams and
 * output, and the exit code so far).
 */
import type { GrammarName } from '../core/grammars';
import { EXIT_INVALID, EXIT_VALID, type Io } from './io';
import type { Output } from './output';
import type { Part } from './jobs';

/** An option: the parser reads it, and the help and docs/cli.md show it, from this. */
export interface OptionSpec {
  /** Its flags, with their dashes: the long one last (it names the option), a short one before it. */
  readonly flags: readonly string[];
  /** The name of its value, when it takes one ("--level L"); a switch has none. */
  readonly value?: string;
  /** The values it allows, when they are few: any other is a usage error. */
  readonly allowed?: readonly string[];
  /** Said after the allowed values when a value is not one of them. */
  readonly allowedNote?: string;
  /** It may be given more than once: each value is kept, in order (`--rule a=off --rule b=error`). */
  readonly repeatable?: boolean;
  readonly description: string;
}

export interface Command {
  readonly name: string;
  /** One line, for the list of commands in the top-level help. */
  readonly summary: string;
  /** The operands of each usage line; "{options}" stands for the options not named in that line. */
  readonly usage: readonly string[];
  readonly description: string;
  /** The options it takes; -h/--help comes with every command. */
  readonly options: readonly OptionSpec[];
  /** What exit codes 0 and 1 mean for this command. */
  readonly exits: string;
  run(ctx: Context): Promise<void>;
  /** Loads the command's code, which run otherwise loads when first called (a worker of --jobs does before it takes parts). */
  readonly load?: () => Promise<unknown>;
}

/** The name an option is known by: its long flag. */
export function optionName(option: OptionSpec): string {
  return option.flags[option.flags.length - 1];
}

export class Context {
  status = EXIT_VALID;
  /** With --jobs: the part of the inputs this run is (./jobs), in a worker or on the main thread; none for a whole run. */
  part?: Part;
  /** With a part: what lives as long as the worker (lint's settings, read once). */
  state?: Map<string, unknown>;
  /** With a part: what the command counts over the whole run, for the main thread to add up (lint's counts). */
  extra?: Record<string, unknown>;
  /** The progress line (./progress), when one is drawn: what the run has done is added to it. */
  progress?: { add(n?: number): void; total: number | undefined };
  /** The files this run has read (./read-documents): a part's, for the main thread's progress line. */
  filesRead = 0;

  constructor(
    readonly command: Command,
    readonly io: Io,
    readonly out: Output,
    /** The options given, by their long flag: a value (all of them, for a repeatable option), or true for a switch. */
    private readonly values: ReadonlyMap<string, string | true | readonly string[]>,
    readonly args: readonly string[],
  ) {}

  /** The options given, as the parser read them (for a worker to run the command with). */
  get options(): ReadonlyMap<string, string | true | readonly string[]> {
    return this.values;
  }

  has(option: string): boolean {
    return this.values.has(option);
  }

  value(option: string): string | undefined {
    const v = this.values.get(option);
    if (Array.isArray(v)) return v[v.length - 1];
    return typeof v === 'string' ? v : undefined;
  }

  /** Every value of a repeatable option, in the order given (none: empty). */
  all(option: string): readonly string[] {
    const v = this.values.get(option);
    if (Array.isArray(v)) return v;
    return typeof v === 'string' ? [v] : [];
  }

  grammar(): GrammarName {
    return (this.value('--grammar') ?? 'rfc3986') as GrammarName;
  }

  /** Records an outcome: the exit code is the highest recorded. */
  fail(code: number = EXIT_INVALID): void {
    this.status = Math.max(this.status, code);
  }
}
