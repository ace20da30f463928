/**
 * What a command is (the shape of a row of the command table, ./table) and
 * what its run function gets (a Context: its options, operands, streams and
 * output, and the exit code so far).
 */
import type { GrammarName } from '../core/grammars';
import { DEFAULT_MAX_INPUT_BYTES, EXIT_INVALID, EXIT_VALID, UsageError, type Io } from './io';
import type { Output } from './output';

/**
 * A part of the inputs that --jobs (./jobs) hands a worker or the main thread: a piece of standard input (whole
 * lines, as bytes: the worker decodes them; the number of the line before its first), or files with what listing
 * them said, in order. A piece `tooLong` is one line over --max-input-bytes: its first bytes, to say which. Here and
 * not in ./jobs, which imports this module, because a Context holds its part.
 */
export type Part = { readonly kind: 'lines'; readonly bytes: Uint8Array; readonly line0: number; readonly tooLong?: true } | { readonly kind: 'files'; readonly items: readonly FileItem[] };

/** A file to read; a directory (or file) that cannot be read, as listing found it; a warning of the listing. */
export type FileItem = string | { readonly unreadable: readonly [string, string] } | { readonly warn: string };

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

  /**
   * --max-input-bytes: the longest line (of a line command) or document (extract, lint --extract) read, in bytes;
   * a whole number, or one with K, M or G (KiB, MiB, GiB). Default DEFAULT_MAX_INPUT_BYTES.
   */
  maxInputBytes(): number {
    const given = this.value('--max-input-bytes');
    if (given === undefined) return DEFAULT_MAX_INPUT_BYTES;
    const m = /^([1-9][0-9]{0,15})([KMG]?)$/i.exec(given);
    const n = m === null ? NaN : Number(m[1]) * 1024 ** ' KMG'.indexOf(m[2].toUpperCase() || ' ');
    if (!Number.isSafeInteger(n)) throw new UsageError(`--max-input-bytes needs a whole number of bytes of 1 or more, or one with K, M or G (KiB, MiB, GiB), got ${JSON.stringify(given)}`);
    return n;
  }

  grammar(): GrammarName {
    return (this.value('--grammar') ?? 'rfc3986') as GrammarName;
  }

  /** Records an outcome: the exit code is the highest recorded. */
  fail(code: number = EXIT_INVALID): void {
    this.status = Math.max(this.status, code);
  }
}
