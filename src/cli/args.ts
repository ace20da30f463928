/**
 * The one option parser, and the help: both read the command table (./table),
 * so that a command takes exactly the options its help lists, and no list of
 * commands or options is written anywhere else.
 */
import { optionName, type Command, type OptionSpec } from './command';
import { UsageError } from './io';

/** Help lines are wrapped to this many columns. */
const WIDTH = 80;

/** The options a command is read with: its own, and -h/--help. */
function optionsOf(command: Command, help: OptionSpec): readonly OptionSpec[] {
  return [...command.options, help];
}

export interface ParsedArgs {
  readonly help: boolean;
  /** The options given, by their long flag: the value (every value, in order, for a repeatable option), or true for a switch. */
  readonly values: Map<string, string | true | string[]>;
  readonly args: string[];
}

/**
 * Reads a command's arguments by its row of the table: the options it takes
 * (as "--name value" or "--name=value"), their values checked against the
 * allowed ones, and its operands ("-" is an operand, and everything after
 * "--" is). Anything else is a UsageError.
 */
export function parseArgs(command: Command, help: OptionSpec, argv: readonly string[]): ParsedArgs {
  const options = optionsOf(command, help);
  const values = new Map<string, string | true | string[]>();
  const args: string[] = [];
  let wantsHelp = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      // One by one: a spread of an unbounded list overflows the stack.
      for (let j = i + 1; j < argv.length; j++) args.push(argv[j]);
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      args.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    const spec = options.find((o) => o.flags.includes(flag));
    if (spec === undefined) throw new UsageError(`unknown option for ${command.name}: ${flag}`);
    if (spec.value === undefined) {
      if (eq >= 0) throw new UsageError(`${flag} takes no value`);
      if (spec === help) wantsHelp = true;
      else values.set(optionName(spec), true);
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value (${spec.value})${spec.allowed ? `: ${choiceList(spec.allowed)}` : ''}`);
    if (spec.allowed && !spec.allowed.includes(value)) {
      throw new UsageError(`${flag} needs ${choiceList(spec.allowed)}${spec.allowedNote ?? ''}, got ${JSON.stringify(value)}`);
    }
    const name = optionName(spec);
    if (spec.repeatable) {
      const given = values.get(name);
      if (Array.isArray(given)) given.push(value);
      else values.set(name, [value]);
    } else {
      values.set(name, value);
    }
  }
  return { help: wantsHelp, values, args };
}

function choiceList(choices: readonly string[]): string {
  return choices.length === 1 ? choices[0] : `${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}`;
}

// ---------------------------------------------------------------- help

/** Greedy word wrap of `text` to WIDTH columns, each line after `indent`, the first after `first` (as long). */
function wrap(text: string, indent: number, first = ' '.repeat(indent), words: readonly string[] = text.split(' ')): string {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = ' '.repeat(indent);
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines.join('\n');
}

/** An option as the help shows it: "-h, --help", "--level L"; "..." after one that may be repeated. */
function optionLabel(o: OptionSpec): string {
  return `${o.flags.join(', ')}${o.value ? ` ${o.value}` : ''}${o.repeatable ? ' ...' : ''}`;
}

/** The rows of an options list, the descriptions aligned after the longest label. */
function optionRows(options: readonly OptionSpec[]): string[] {
  const width = Math.max(...options.map((o) => optionLabel(o).length)) + 2;
  return options.map((o) => wrap(o.description, 2 + width, `  ${optionLabel(o).padEnd(width)}`));
}

/** The command's usage lines, each option it takes in brackets unless a usage line names it. */
export function usageLines(command: Command): string[] {
  // An option that a usage line names (lint --extract, grammars --table) is part of that line only.
  // As a word: "--ext" is not named by a line that has "--extract".
  const named = (o: OptionSpec) => command.usage.some((form) => form.split(' ').includes(optionName(o)));
  return command.usage.map((form) => {
    const own = command.options.filter((o) => !named(o)).map((o) => `[${optionLabel(o)}]`);
    return `urigram ${command.name} ${form.replace('{options}', own.join(' '))}`.replace(/ +/g, ' ').trim();
  });
}

/** What the top-level help says; the commands and options are the table's. */
export interface MainHelp {
  readonly usage: readonly string[];
  readonly about: string;
  readonly commands: readonly Command[];
  readonly options: readonly OptionSpec[];
  readonly exits: string;
}

export function commandHelp(command: Command, help: OptionSpec, exits: string): string {
  const [first, ...more] = usageLines(command);
  // A usage line breaks between its words and bracketed options, under the command's first operand.
  const usage = (line: string, lead: string) => wrap(line, lead.length + `urigram ${command.name} `.length, lead, line.match(/\[[^\]]*\]|\S+/g) ?? []);
  return [
    usage(first, 'usage: '),
    ...more.map((u) => usage(u, '       ')),
    '',
    wrap(command.description, 0, ''),
    '',
    'options:',
    ...optionRows(optionsOf(command, help)),
    '',
    wrap(`Exit codes: ${command.exits}, ${exits}.`, 0, ''),
  ].join('\n');
}

export function mainHelp(help: MainHelp): string {
  const width = Math.max(...help.commands.map((c) => c.name.length)) + 2;
  return [
    `usage: ${help.usage[0]}`,
    ...help.usage.slice(1).map((u) => `       ${u}`),
    '',
    help.about,
    '',
    'commands:',
    ...help.commands.map((c) => wrap(c.summary, 2 + width, `  ${c.name.padEnd(width)}`)),
    '',
    'options:',
    ...optionRows(help.options),
    '',
    wrap(help.exits, 0, ''),
  ].join('\n');
}
