#!/usr/bin/env node
/**
 * The urigram command line. Node built-ins are allowed here (and only here and
 * in scripts/): the library itself must run in a browser.
 *
 * The file has four parts:
 *
 * - input and output: standard input read line by line (a byte-order mark
 *   skipped), files read whole, and one output layer that writes each result
 *   as it is produced, waits for the reader, and turns a write error into an
 *   exit code (a reader that went away: stop quietly; anything else: 74);
 * - the command table: each command's name, summary, usage, options and run
 *   function. One option parser reads every command's arguments from it
 *   (and rejects what the command does not take), and writes each command's
 *   help from it;
 * - the commands, each reporting an error thrown for one input on that input
 *   and going on with the next;
 * - main, which maps what went wrong to the exit codes below.
 *
 * Exit codes (README, "The command line"): 0 every input valid, 1 any input
 * invalid (or: no match, not equivalent, lint errors), 2 usage error or an
 * input that cannot be read, 74 the output cannot be written, 70 internal
 * error (a bug in urigram, with its stack). When several apply, the highest.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tryParse, matches, type ParseOptions } from './parse';
import { resolve, UriResolveError } from './resolve';
import { GRAMMARS, GRAMMAR_TITLES, isRuleOf, REFERENCE_RULES, ruleNameIn, rulesOf, type GrammarName, type ReferenceRuleName, type RuleName } from './grammars';
import { compareGrammars, RFC2396_TO_RFC3986 } from './grammar-comparison';
import { iriToUri, uriToIri } from './iri';
import { explainNormalize, type NormalizeLevel } from './normalize';
import { compare } from './compare';
import { extract, type ExtractedUri } from './extract';
import { lint, LINT_RULES, type Diagnostic, type Severity } from './lint';
import { UriSyntaxError } from './errors';
import type { Rfc2396Record, UriComponentName, UriRecord } from './parse';

export const EXIT_VALID = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;
/** EX_SOFTWARE of sysexits.h: a bug in urigram. */
export const EXIT_INTERNAL = 70;
/** EX_IOERR of sysexits.h: the output cannot be written. */
export const EXIT_OUTPUT = 74;

/** Help lines are wrapped to this many columns. */
const WIDTH = 80;

// ---------------------------------------------------------------- input and output

/** The streams a run uses: process.stdin, stdout and stderr, or a test's. */
export interface Io {
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean; setEncoding?(encoding: BufferEncoding): unknown };
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

/** The command line is wrong: exit 2, with the message and where to find help. */
class UsageError extends Error {}

/** An input (a file, standard input) cannot be read: exit 2, with the message. */
class InputError extends Error {}

/** The reader of the output went away (EPIPE, `| head -1`): stop quietly, with the exit code so far. */
class OutputClosed extends Error {}

/** The output cannot be written (a full disk, an I/O error): exit 74 with a one-line message. */
class OutputFailed extends Error {}

/** Results are gathered up to this many UTF-16 code units before they are written. */
const CHUNK = 1 << 16;

/**
 * The one way out for results. Text is gathered in small chunks, written when
 * a chunk is full or a result is complete (`flush`), and each write is waited
 * for, so memory stays bounded however long the input and however large one
 * result. A write error is remembered and thrown from the next write or flush.
 */
class Output {
  private parts: string[] = [];
  private size = 0;
  private failure: NodeJS.ErrnoException | undefined;

  constructor(private readonly stream: NodeJS.WritableStream) {
    stream.on('error', (e: NodeJS.ErrnoException) => this.fail(e));
  }

  private fail(e: NodeJS.ErrnoException): void {
    this.failure ??= e;
  }

  private check(): void {
    const e = this.failure;
    if (e === undefined) return;
    if (e.code === 'EPIPE') throw new OutputClosed(e.message);
    throw new OutputFailed(e.message);
  }

  /** Adds text to what is gathered; a caller in a loop flushes when `full`. */
  write(text: string): void {
    this.check();
    this.parts.push(text);
    this.size += text.length;
  }

  /** A chunk's worth is gathered: time to flush, so that one large result is written in pieces. */
  get full(): boolean {
    return this.size >= CHUNK;
  }

  /** Writes what is gathered, and waits until the stream has taken it. */
  async flush(): Promise<void> {
    this.check();
    if (this.size === 0) return;
    const text = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
    this.parts = [];
    this.size = 0;
    await new Promise<void>((done) => {
      this.stream.write(text, (e?: Error | null) => {
        if (e) this.fail(e);
        done();
      });
    });
    this.check();
  }
}

/** Writes to standard error; a failure there has nowhere to be reported. */
function say(io: Io, text: string): void {
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
 * Each chunk is scanned once, so a line of any length costs time linear in it.
 */
async function* readLines(stream: Io['stdin']): AsyncGenerator<string> {
  stream.setEncoding?.('utf8');
  let parts: string[] = [];
  let atStart = true;
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
    for (let i = from; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      parts.push(s.slice(from, i));
      const line = parts.length === 1 ? parts[0] : parts.join('');
      parts = [];
      if (c === 0x0d) {
        if (i + 1 === s.length) afterCr = true;
        else if (s.charCodeAt(i + 1) === 0x0a) i++;
      }
      from = i + 1;
      yield line;
    }
    if (from < s.length) parts.push(s.slice(from));
  }
  if (parts.length > 0) yield parts.join('');
}

/** The whole of a stream as text, less a leading byte-order mark. */
async function readAll(stream: Io['stdin']): Promise<string> {
  stream.setEncoding?.('utf8');
  const parts: string[] = [];
  for await (const chunk of stream as AsyncIterable<string | Buffer>) parts.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
  return withoutBom(parts.join(''));
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === BOM ? text.slice(1) : text;
}

/** Says on a terminal what a command with no arguments waits for, instead of waiting silently. */
function hintIfTerminal(ctx: Context, what: string): void {
  if (ctx.io.stdin.isTTY) {
    say(ctx.io, `urigram ${ctx.command.name}: reading ${what} from the terminal; end with Ctrl-D (see "urigram help ${ctx.command.name}")\n`);
  }
}

function stdinError(e: unknown): InputError {
  return e instanceof InputError ? e : new InputError(`cannot read standard input: ${e instanceof Error ? e.message : String(e)}`);
}

/** The command's inputs: its arguments, or else one per line of standard input. */
async function* inputs(ctx: Context): AsyncGenerator<string> {
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
async function readText(ctx: Context, file: string): Promise<string> {
  if (file === '-') {
    hintIfTerminal(ctx, 'text');
    try {
      return await readAll(ctx.io.stdin);
    } catch (e) {
      throw stdinError(e);
    }
  }
  try {
    return withoutBom(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

// ---------------------------------------------------------------- positions in files

/** A position in a file: 1-based line (lines end at LF) and 1-based column in UTF-16 code units. */
interface Position {
  readonly line: number;
  readonly column: number;
}

/**
 * The offset in the text of the first character of the URI itself: past a
 * delimiter, leading whitespace and a "URL:" prefix. The URI has no
 * whitespace (extract removes it), so its first character is the
 * uri.length-th non-whitespace code unit from the end of the raw text,
 * before a closing delimiter.
 */
function uriStart(found: ExtractedUri): number {
  const { raw, uri } = found;
  let i = found.delimited === 'none' ? raw.length : raw.length - 1;
  let left = uri.length;
  while (left > 0 && i > 0) {
    i--;
    if (!/\s/u.test(raw[i])) left--;
  }
  return found.start + i;
}

/**
 * Each URI that `extract` finds in `text`, with the position of its first
 * character: the one helper of `extract` and `lint --extract`, so that both
 * give the same line and column for the same URI. One pass over the text.
 */
function* locatedUris(text: string): Generator<{ found: ExtractedUri; position: Position }> {
  let line = 1;
  let lineStart = 0;
  let at = 0;
  for (const found of extract(text)) {
    const offset = uriStart(found);
    if (offset < at) {
      // Not in order (extract sorts, so this does not happen): count again from the top.
      line = 1;
      lineStart = 0;
      at = 0;
    }
    for (; at < offset; at++) {
      if (text.charCodeAt(at) === 0x0a) {
        line++;
        lineStart = at + 1;
      }
    }
    yield { found, position: { line, column: offset - lineStart + 1 } };
  }
}

// ---------------------------------------------------------------- the command table

interface OptionSpec {
  /** The long name, with its dashes. */
  readonly name: string;
  /** The name of its value, when it takes one. */
  readonly value?: string;
  /** The values it takes, when they are few. */
  readonly choices?: readonly string[];
  /** Said after the choices when a value is not one of them. */
  readonly choiceNote?: string;
  readonly help: string;
}

interface Command {
  readonly name: string;
  readonly summary: string;
  /** The operands of each usage line; "{options}" stands for the options not named in that line. */
  readonly forms: readonly string[];
  readonly description: string;
  readonly options: readonly OptionSpec[];
  /** What exit codes 0 and 1 mean for this command. */
  readonly exits: string;
  run(ctx: Context): Promise<void>;
}

class Context {
  status = EXIT_VALID;

  constructor(
    readonly command: Command,
    readonly io: Io,
    readonly out: Output,
    private readonly values: ReadonlyMap<string, string | true>,
    readonly args: readonly string[],
  ) {}

  has(option: string): boolean {
    return this.values.has(option);
  }

  value(option: string): string | undefined {
    const v = this.values.get(option);
    return typeof v === 'string' ? v : undefined;
  }

  grammar(): GrammarName {
    return (this.value('--grammar') ?? 'rfc3986') as GrammarName;
  }

  /** Records an outcome: the exit code is the highest recorded. */
  fail(code: number = EXIT_INVALID): void {
    this.status = Math.max(this.status, code);
  }
}

const GRAMMAR_HELP = 'the grammar: rfc3986 (default), rfc3987 (IRIs) or rfc2396 (the obsolete RFC 2396 with RFC 2732)';
const GRAMMAR: OptionSpec = { name: '--grammar', value: 'G', choices: GRAMMARS, help: GRAMMAR_HELP };
const RULE: OptionSpec = {
  name: '--rule',
  value: 'R',
  help: `the rule each input must match: ${REFERENCE_RULES.rfc3986.join(', ')} (default URI-reference); with rfc3987: ${REFERENCE_RULES.rfc3987.join(', ')}; with rfc2396: ${REFERENCE_RULES.rfc2396.join(', ')}`,
};
const IRI_GRAMMAR: OptionSpec = { name: '--grammar', value: 'G', choices: ['rfc3986', 'rfc3987'], help: 'rfc3986 (default) or rfc3987: IRIs, by RFC 3987 5.3 (a host is lower-cased only when it is all ASCII)' };
const HELP_OPTION = { name: '-h, --help', help: 'print this help' };

const COMMANDS: readonly Command[] = [
  {
    name: 'parse',
    summary: 'print the components of each URI reference',
    forms: ['{options} [URI ...]'],
    description: `Prints the components of each URI reference: scheme, authority, userinfo, host (and which kind), port, path (and which of the five path rules), query, fragment, each exactly as written, with its [start, end) offsets. A component that is absent is shown as "absent", one that is present but empty as "". With rfc2396, "opaque" is the opaque part of a non-hierarchical URI and "form" the authority's form (server or reg_name). With no URI arguments, reads one URI per line from standard input.`,
    options: [GRAMMAR, RULE, { name: '--json', help: 'one JSON object per line per input; absent components are null' }],
    exits: '0 all inputs valid, 1 any input invalid',
    run: runParse,
  },
  {
    name: 'validate',
    summary: 'say whether each URI reference is valid, and where not, why',
    forms: ['{options} [URI ...]'],
    description: 'Prints "valid" for each valid input and, for each invalid one, the error: where (offset), what was expected there and in which rule, with the input drawn and a caret under the offset. With no URI arguments, reads one URI per line from standard input.',
    options: [GRAMMAR, { ...RULE, help: 'the rule each input must match (see urigram help parse)' }, { name: '--quiet', help: 'print only the invalid inputs' }],
    exits: '0 all inputs valid, 1 any input invalid',
    run: runValidate,
  },
  {
    name: 'match',
    summary: 'say whether a string matches one rule of the grammar',
    forms: ['{options} RULE STRING'],
    description: `Says whether the whole of STRING matches RULE, any rule of RFC 3986 Appendix A or a core rule it uses, by its ABNF name: ${rulesOf('rfc3986').join(' ')}. With --grammar rfc3987, any rule of RFC 3987 2.2; with --grammar rfc2396, any rule of grammar/rfc2396.abnf (RFC 2396 Appendix A, "_" written "-").`,
    options: [GRAMMAR],
    exits: '0 it matches, 1 it does not',
    run: runMatch,
  },
  {
    name: 'resolve',
    summary: 'resolve references against a base URI (RFC 3986 5.2, RFC 2396 5.2)',
    forms: ['{options} BASE REF ...'],
    description: 'Resolves each REF against BASE (RFC 3986 5.2) and prints the target URI. Nothing else is normalized. BASE must be an absolute URI; its fragment is dropped (5.2.1). A REF that cannot be resolved is reported, and the next one resolved.',
    options: [
      { ...GRAMMAR, help: `${GRAMMAR_HELP}; BASE and each REF must be valid in it (rfc3987: IRIs, RFC 3987 6.5)` },
      { name: '--algorithm', value: 'A', choices: ['rfc3986', 'rfc2396'], help: 'rfc3986 (default, RFC 3986 5.2) or rfc2396 (RFC 2396 5.2 as written, with the differences of RFC 3986 D.2)' },
      { name: '--non-strict', help: 'the backwards-compatible reading of 5.2.2: a REF whose scheme equals BASE\'s is resolved as if it had none ("http:g")' },
      { name: '--json', help: 'one JSON object per REF: {"base", "reference", "target"} or {"base", "reference", "error"}' },
    ],
    exits: '0 every REF resolved, 1 an invalid BASE or REF',
    run: runResolve,
  },
  {
    name: 'grammars',
    summary: 'say which of RFC 3986, 3987 and 2396 accept each URI, and why',
    forms: ['{options} [URI ...]', '--table'],
    description: 'Says, side by side, whether each URI is valid by RFC 3986 (URI-reference), RFC 3987 (IRI-reference) and RFC 2396 with RFC 2732 (URI-reference), with the error where not, and names the differences between the grammars that bear on it, with the sections that say so. With no URI arguments, reads one per line from standard input.',
    options: [
      { name: '--json', help: 'one JSON object per input' },
      { name: '--table', help: 'print RFC 3986 Appendix D.2: each obsolete RFC 2396 rule and its RFC 3986 translation' },
    ],
    exits: '0 valid by all three, 1 not valid by at least one',
    run: runGrammars,
  },
  {
    name: 'to-uri',
    summary: 'map IRIs to URIs (RFC 3987 3.1)',
    forms: ['{options} [IRI ...]'],
    description: 'Maps each IRI reference to a URI reference (RFC 3987 3.1): every non-ASCII character as the %XX of its UTF-8 octets. With no arguments, reads one per line from standard input.',
    options: [
      { name: '--nfc', help: 'normalize to NFC first (the original draft\'s step; RFC 3987 does not normalize text that is already Unicode)' },
      { name: '--idna', help: 'a non-ASCII host becomes its IDNA A-label (UTS 46 ToASCII)' },
    ],
    exits: '0 all converted, 1 an invalid IRI or a host IDNA rejects',
    run: (ctx) => runConvert(ctx, 'to-uri'),
  },
  {
    name: 'to-iri',
    summary: 'convert URIs to IRIs (RFC 3987 3.2)',
    forms: ['{options} [URI ...]'],
    description: 'Converts each URI reference to an IRI reference (RFC 3987 3.2): the %XX of well-formed UTF-8 become characters where the component allows them; reserved and other ASCII, ill-formed UTF-8 and bidi formatting characters stay encoded. With no arguments, reads one per line from standard input.',
    options: [{ name: '--idna', help: 'a host\'s xn-- labels become Unicode (UTS 46 ToUnicode), as RFC 3987 3.2.1 allows' }],
    exits: '0 all converted, 1 an invalid URI',
    run: (ctx) => runConvert(ctx, 'to-iri'),
  },
  {
    name: 'normalize',
    summary: 'normalize URI references (RFC 3986 6.2.2, 6.2.3)',
    forms: ['{options} [URI ...]'],
    description: 'Normalizes each URI reference: level "syntax" is RFC 3986 6.2.2 (case, percent-encoding, dot segments in a URI with a scheme); level "scheme", the default, adds 6.2.3 (empty and default ports, an empty path as "/", for the schemes whose specifications define them). With no URI arguments, reads one URI per line from standard input.',
    options: [
      IRI_GRAMMAR,
      { name: '--level', value: 'L', choices: ['syntax', 'scheme'], help: 'syntax or scheme (default scheme)' },
      { name: '--explain', help: 'list each change: the step, the RFC section, the offset' },
      { name: '--json', help: 'one JSON object per input: {"input", "result", "steps"}, or {"input", "error"}' },
    ],
    exits: '0 every input valid, 1 any input invalid',
    run: runNormalize,
  },
  {
    name: 'compare',
    summary: 'say whether two URI references are equivalent, and at which level',
    forms: ['{options} A B'],
    description: 'Says whether A and B are equivalent by RFC 3986 6.2, and at which rung of its ladder (simple string, syntax-based, scheme-based) they became equal, or the first component where they differ.',
    options: [
      { ...IRI_GRAMMAR, help: 'rfc3986 (default) or rfc3987: compare IRIs (RFC 3987 5.3)' },
      { name: '--json', help: 'one JSON object: {"a", "b", "equivalent", "level", "difference"}, or {"a", "b", "equivalent": false, "level": null, "error"} when A or B is invalid' },
    ],
    exits: '0 equivalent, 1 not equivalent (or an invalid input)',
    run: runCompare,
  },
  {
    name: 'extract',
    summary: 'find the URIs in text files (RFC 3986 Appendix C)',
    forms: ['{options} [FILE ...]'],
    description: 'Finds the URIs in each FILE ("-" or none: standard input) as RFC 3986 Appendix C describes: in <angle brackets> or "double quotes" (which may span lines, and lose their whitespace and any "URL:" prefix), or between whitespace (a scheme followed by "//", or mailto:, urn: and the like; trailing punctuation and unbalanced closing brackets are left out). Prints FILE:LINE:COLUMN of the URI\'s first character (lines end at LF; columns count UTF-16 code units from 1), the URI, and "invalid" for a URI that is not valid RFC 3986. A byte-order mark at the start of a file is skipped.',
    options: [{ name: '--json', help: 'one JSON object per URI: {"file", "line", "column", "uri", "raw", "delimited", "valid"}' }],
    exits: '0 the files were read (invalid URIs are reported, not failures)',
    run: runExtract,
  },
  {
    name: 'lint',
    summary: 'report every problem in URIs, with positions, codes and fixes',
    forms: ['{options} [URI ...]', '{options} --extract FILE ...'],
    description: 'Reports every problem in each URI: syntax errors, security concerns (RFC 3986 section 7), what normalization would change, non-ASCII characters; each with its range, code, severity, RFC section and fix. The rules are in docs/lint-rules.md. With no URI arguments, reads one URI per line from standard input. With --extract, lints every URI found in the given files (Markdown, HTML, source code: RFC 3986 Appendix C; "-" is standard input) and reports file, line and column as urigram extract does.',
    options: [
      { name: '--format', value: 'F', choices: ['text', 'json', 'sarif'], help: 'text (default), json (one object per URI), or sarif (SARIF 2.1.0, written as the results come)' },
      { name: '--grammar', value: 'G', choices: ['rfc3986'], choiceNote: ' (the lint rules are written for RFC 3986)', help: 'the grammar: rfc3986 (the only one the lint rules are written for)' },
      { name: '--extract', help: 'the arguments are files to find URIs in' },
    ],
    exits: '0 nothing at error level, 1 errors found',
    run: runLint,
  },
];

/** Each command's name, usage lines and options, as the help shows them (the README's command-line section is checked against it). */
export function commandTable(): Array<{ name: string; usage: string[]; options: string[] }> {
  return COMMANDS.map((c) => ({ name: c.name, usage: usageLines(c), options: c.options.map((o) => o.name) }));
}

/** The command of that name: a lookup in the table, so "constructor" or "__proto__" is no command. */
function commandNamed(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

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

function usageLines(command: Command): string[] {
  // An option that a form names (lint --extract, grammars --table) is part of that form only.
  const named = (o: OptionSpec) => command.forms.some((form) => form.includes(o.name));
  return command.forms.map((form) => {
    const own = command.options.filter((o) => !named(o)).map((o) => `[${o.name}${o.value ? ` ${o.value}` : ''}]`);
    return `urigram ${command.name} ${form.replace('{options}', own.join(' '))}`.replace(/ +/g, ' ').trim();
  });
}

const EXIT_HELP = '2 usage error or an input that cannot be read, 74 the output cannot be written, 70 internal error (a bug in urigram)';

function commandHelp(command: Command): string {
  const [first, ...more] = usageLines(command);
  const options = [...command.options.map((o) => ({ name: o.value ? `${o.name} ${o.value}` : o.name, help: o.help })), HELP_OPTION];
  const width = Math.max(...options.map((o) => o.name.length)) + 2;
  // A usage line breaks between its words and bracketed options, under the command's first operand.
  const usage = (line: string, lead: string) => wrap(line, lead.length + `urigram ${command.name} `.length, lead, line.match(/\[[^\]]*\]|\S+/g) ?? []);
  return [
    usage(first, 'usage: '),
    ...more.map((u) => usage(u, '       ')),
    '',
    wrap(command.description, 0, ''),
    '',
    'options:',
    ...options.map((o) => wrap(o.help, 2 + width, `  ${o.name.padEnd(width)}`)),
    '',
    wrap(`Exit codes: ${command.exits}, ${EXIT_HELP}.`, 0, ''),
  ].join('\n');
}

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    'usage: urigram <command> [options] [arguments]',
    '       urigram help [COMMAND]',
    '',
    'Strict RFC 3986 URI parsing, from a parser generated from the RFC\'s ABNF;',
    'RFC 3987 (IRIs) and RFC 2396 (the older grammar) by the same pipeline.',
    '',
    'commands:',
    ...COMMANDS.map((c) => wrap(c.summary, 2 + width, `  ${c.name.padEnd(width)}`)),
    '',
    'options:',
    '  -h, --help     help for urigram or for a command (urigram parse --help)',
    '  -v, --version  print urigram\'s version',
    '',
    wrap(`Exit codes: 0 every input valid, 1 any input invalid (for each command, see its help), ${EXIT_HELP}. When several apply, the highest.`, 0, ''),
  ].join('\n');
}

/** Reads a command's arguments by its table: options it takes, with their values checked, and operands. */
function parseArgs(command: Command, argv: readonly string[]): { help: boolean; values: Map<string, string | true>; args: string[] } {
  const values = new Map<string, string | true>();
  const args: string[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      // One by one: a spread of an unbounded list overflows the stack.
      for (let j = i + 1; j < argv.length; j++) args.push(argv[j]);
      break;
    }
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') {
      args.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    const spec = command.options.find((o) => o.name === name);
    if (spec === undefined) throw new UsageError(`unknown option for ${command.name}: ${name}`);
    if (spec.value === undefined) {
      if (eq >= 0) throw new UsageError(`${name} takes no value`);
      values.set(name, true);
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new UsageError(`${name} needs a value (${spec.value})${spec.choices ? `: ${choiceList(spec.choices)}` : ''}`);
    if (spec.choices && !spec.choices.includes(value)) {
      throw new UsageError(`${name} needs ${choiceList(spec.choices)}${spec.choiceNote ?? ''}, got ${JSON.stringify(value)}`);
    }
    values.set(name, value);
  }
  return { help, values, args };
}

function choiceList(choices: readonly string[]): string {
  return choices.length === 1 ? choices[0] : `${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}`;
}

// ---------------------------------------------------------------- reporting

/** One line about an error thrown for one input. */
function errorMessage(e: unknown): string {
  if (e instanceof UriSyntaxError || e instanceof UriResolveError) return e.message;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/** The full text about an error thrown for one input: a syntax error drawn with its caret. */
function errorText(e: unknown): string {
  if (e instanceof UriSyntaxError) return e.format();
  if (e instanceof UriResolveError && e.syntaxError) return `the base is not a valid URI reference:\n${e.syntaxError.format()}`;
  return errorMessage(e);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

async function reportInvalid(ctx: Context, input: string, e: unknown): Promise<void> {
  ctx.fail();
  ctx.out.write(`invalid  ${JSON.stringify(input)}\n${indent(errorText(e))}\n`);
}

/**
 * Writes the members of `head` as the start of a JSON object, ready for more
 * members: `{"a":1,"b":2,`. Each member is written by itself, so that two
 * long strings (an input and its result) are never joined into one.
 */
function openObject(out: Output, head: object): void {
  out.write('{');
  for (const [key, value] of Object.entries(head)) {
    if (value === undefined) continue;
    out.write(`${JSON.stringify(key)}:`);
    out.write(JSON.stringify(value));
    out.write(',');
  }
}

/** Writes the items as the elements of a JSON array, one at a time. */
async function writeArray<T>(out: Output, items: Iterable<T>, each: (item: T) => unknown = (x) => x): Promise<void> {
  out.write('[');
  let first = true;
  for (const item of items) {
    out.write(`${first ? '' : ','}${JSON.stringify(each(item))}`);
    first = false;
    if (out.full) await out.flush();
  }
  out.write(']');
}

// ---------------------------------------------------------------- the commands

function parseOptions(ctx: Context): ParseOptions {
  const grammar = ctx.grammar();
  const rule = ctx.value('--rule');
  const rules: readonly string[] = REFERENCE_RULES[grammar];
  if (rule !== undefined && !rules.includes(rule)) {
    throw new UsageError(`unknown rule for --rule with ${grammar}: ${JSON.stringify(rule)} (expected one of ${rules.join(', ')})`);
  }
  return { grammar, rule: rule as ReferenceRuleName | undefined };
}

const COMPONENTS: readonly UriComponentName[] = ['scheme', 'authority', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];

function table(input: string, record: UriRecord): string {
  const rows = [`input      ${JSON.stringify(input)}`];
  for (const name of COMPONENTS) {
    const value = record[name];
    const span = record.spans[name];
    let row = `${name.padEnd(10)} ${value === undefined ? 'absent' : JSON.stringify(value)}`;
    if (span) row = `${row.padEnd(40)} [${span[0]}, ${span[1]})`;
    if (name === 'host' && record.hostKind) row += ` ${record.hostKind}`;
    if (name === 'path') row += ` ${record.pathKind}`;
    rows.push(row);
  }
  if ('opaque' in record) {
    const r = record as Rfc2396Record;
    rows.push(`${'opaque'.padEnd(10)} ${r.opaque === undefined ? 'absent' : JSON.stringify(r.opaque)}`);
    rows.push(`${'form'.padEnd(10)} ${r.authorityForm ?? 'absent'}`);
  }
  return `${rows.join('\n')}\n`;
}

function recordJson(input: string, record: UriRecord): string {
  const out: Record<string, unknown> = { input, valid: true };
  for (const name of COMPONENTS) out[name] = record[name] ?? null;
  out.hostKind = record.hostKind ?? null;
  out.pathKind = record.pathKind;
  if ('opaque' in record) {
    const r = record as Rfc2396Record;
    out.opaque = r.opaque ?? null;
    out.authorityForm = r.authorityForm ?? null;
  }
  out.spans = record.spans;
  return JSON.stringify(out);
}

function syntaxErrorJson(error: UriSyntaxError): object {
  const { message, offset, codePointOffset, found, expected, rulePath, rule, grammar } = error.toJSON();
  return { message, grammar, rule, offset, codePointOffset, found, expected, rulePath };
}

/** An error as JSON: a syntax error with its details, anything else as its message. */
function errorJson(e: unknown): object {
  return e instanceof UriSyntaxError ? syntaxErrorJson(e) : { message: errorMessage(e) };
}

async function runParse(ctx: Context): Promise<void> {
  const options = parseOptions(ctx);
  const json = ctx.has('--json');
  let first = true;
  for await (const input of inputs(ctx)) {
    let text: string;
    try {
      const result = tryParse(input, options);
      if (!result.ok) ctx.fail();
      if (json) text = `${result.ok ? recordJson(input, result.value) : JSON.stringify({ input, valid: false, error: syntaxErrorJson(result.error) })}\n`;
      else text = result.ok ? table(input, result.value) : `input      ${JSON.stringify(input)}\n${result.error.format()}\n`;
    } catch (e) {
      ctx.fail();
      text = json ? `${JSON.stringify({ input, valid: false, error: errorJson(e) })}\n` : `input      ${JSON.stringify(input)}\n${errorText(e)}\n`;
    }
    ctx.out.write(`${first || json ? '' : '\n'}${text}`);
    await ctx.out.flush();
    first = false;
  }
}

async function runValidate(ctx: Context): Promise<void> {
  const options = parseOptions(ctx);
  const quiet = ctx.has('--quiet');
  for await (const input of inputs(ctx)) {
    try {
      const result = tryParse(input, options);
      if (!result.ok) await reportInvalid(ctx, input, result.error);
      else if (!quiet) ctx.out.write(`valid    ${JSON.stringify(input)}\n`);
    } catch (e) {
      await reportInvalid(ctx, input, e);
    }
    await ctx.out.flush();
  }
}

async function runMatch(ctx: Context): Promise<void> {
  if (ctx.args.length !== 2) throw new UsageError('match needs exactly two arguments: RULE STRING');
  const [given, input] = ctx.args;
  const grammar = ctx.grammar();
  const rule = ruleNameIn(grammar, given);
  if (!isRuleOf(grammar, rule)) {
    throw new UsageError(`unknown rule ${JSON.stringify(rule)} in ${grammar}; the rules are: ${rulesOf(grammar).join(' ')}`);
  }
  try {
    const ok = matches(rule as RuleName, input, { grammar });
    if (!ok) ctx.fail();
    ctx.out.write(`${ok ? 'match' : 'no match'}  ${rule}  ${JSON.stringify(input)}\n`);
  } catch (e) {
    await reportInvalid(ctx, input, e);
  }
}

async function runResolve(ctx: Context): Promise<void> {
  if (ctx.args.length < 2) throw new UsageError('resolve needs a BASE and at least one REF');
  const base = ctx.args[0];
  const json = ctx.has('--json');
  const options = { strict: !ctx.has('--non-strict'), grammar: ctx.grammar(), algorithm: (ctx.value('--algorithm') ?? 'rfc3986') as 'rfc3986' | 'rfc2396' };
  for (let i = 1; i < ctx.args.length; i++) {
    const reference = ctx.args[i];
    try {
      const target = resolve(base, reference, options);
      ctx.out.write(json ? `${JSON.stringify({ base, reference, target })}\n` : `${target}\n`);
    } catch (e) {
      if (json) {
        ctx.fail();
        ctx.out.write(`${JSON.stringify({ base, reference, error: errorMessage(e) })}\n`);
      } else {
        await reportInvalid(ctx, reference, e);
      }
    }
    await ctx.out.flush();
  }
}

async function runNormalize(ctx: Context): Promise<void> {
  const json = ctx.has('--json');
  const explain = ctx.has('--explain');
  const options = { level: (ctx.value('--level') ?? 'scheme') as NormalizeLevel, grammar: ctx.grammar() as 'rfc3986' | 'rfc3987' };
  for await (const input of inputs(ctx)) {
    let explained: ReturnType<typeof explainNormalize>;
    try {
      explained = explainNormalize(input, options);
    } catch (e) {
      if (json) {
        ctx.fail();
        ctx.out.write(`${JSON.stringify({ input, error: errorMessage(e) })}\n`);
      } else {
        await reportInvalid(ctx, input, e);
      }
      await ctx.out.flush();
      continue;
    }
    const { result, steps } = explained;
    if (json) {
      // Element by element: one long input with many steps makes more text than one string holds.
      openObject(ctx.out, { input, result });
      ctx.out.write('"steps":');
      await writeArray(ctx.out, steps, ({ step, section, start, end, before, after }) => ({ step, section, start, end, before, after }));
      ctx.out.write('}\n');
    } else {
      ctx.out.write(`${result}\n`);
      if (explain) {
        for (const s of steps) {
          ctx.out.write(`  ${s.step.padEnd(26)} RFC 3986 ${s.section.padEnd(12)} [${s.start}, ${s.end}) ${JSON.stringify(s.before)} -> ${JSON.stringify(s.after)}\n`);
          if (ctx.out.full) await ctx.out.flush();
        }
      }
    }
    await ctx.out.flush();
  }
}

const LEVEL_NAMES = { simple: 'simple string comparison, 6.2.1', syntax: 'syntax-based normalization, 6.2.2', scheme: 'scheme-based normalization, 6.2.3' } as const;

async function runCompare(ctx: Context): Promise<void> {
  if (ctx.args.length !== 2) throw new UsageError('compare needs exactly two arguments: A B');
  const [a, b] = ctx.args;
  const json = ctx.has('--json');
  try {
    const result = compare(a, b, { grammar: ctx.grammar() as 'rfc3986' | 'rfc3987' });
    if (!result.equivalent) ctx.fail();
    if (json) {
      ctx.out.write(`${JSON.stringify({ a, b, ...result, level: result.level ?? null })}\n`);
    } else if (result.equivalent) {
      ctx.out.write(`equivalent (${LEVEL_NAMES[result.level ?? 'scheme']})\n`);
    } else {
      const d = result.difference;
      ctx.out.write(`not equivalent: ${d?.component} differs after normalization: ${JSON.stringify(d?.a ?? null)} vs ${JSON.stringify(d?.b ?? null)}\n`);
    }
  } catch (e) {
    ctx.fail();
    const which = e instanceof UriSyntaxError ? (e.input === a ? 'a' : e.input === b ? 'b' : undefined) : undefined;
    if (json) {
      ctx.out.write(`${JSON.stringify({ a, b, equivalent: false, level: null, error: { ...(which ? { input: which } : {}), ...errorJson(e) } })}\n`);
    } else {
      ctx.out.write(`${which ? `invalid ${which.toUpperCase()}  ${JSON.stringify(which === 'a' ? a : b)}\n` : ''}${errorText(e)}\n`);
    }
  }
}

/** Each file's URIs with their positions; a file that cannot be read is reported on stderr and exit 2, and the next one read. */
async function* filesUris(ctx: Context, files: readonly string[]): AsyncGenerator<{ file: string; found: ExtractedUri; position: Position }> {
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
      let next: IteratorResult<{ found: ExtractedUri; position: Position }>;
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

async function runExtract(ctx: Context): Promise<void> {
  const files = ctx.args.length > 0 ? ctx.args : ['-'];
  const json = ctx.has('--json');
  for await (const { file, found, position } of filesUris(ctx, files)) {
    const { uri, raw, delimited, valid } = found;
    const { line, column } = position;
    ctx.out.write(json ? `${JSON.stringify({ file, line, column, uri, raw, delimited, valid })}\n` : `${file}:${line}:${column}  ${uri}${valid ? '' : '  invalid'}\n`);
    await ctx.out.flush();
  }
}

interface LintTarget {
  uri: string;
  file?: string;
  /** 1-based position in the file of the URI's first character. */
  line?: number;
  column?: number;
}

async function* lintTargets(ctx: Context): AsyncGenerator<LintTarget> {
  if (!ctx.has('--extract')) {
    for await (const uri of inputs(ctx)) yield { uri };
    return;
  }
  for await (const { file, found, position } of filesUris(ctx, ctx.args)) yield { uri: found.uri, file, line: position.line, column: position.column };
}

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/** A SARIF 2.1.0 log written as the results come: the run's head, each result, and the close. */
class SarifWriter {
  private first = true;

  constructor(private readonly out: Output) {}

  open(): void {
    const rules = Object.entries(LINT_RULES).map(([id, r]) => ({
      id,
      shortDescription: { text: `${id} (${r.section})` },
      defaultConfiguration: { level: SARIF_LEVEL[r.severity as Severity] },
      properties: { section: r.section },
    }));
    const head = { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0' };
    const run = { tool: { driver: { name: 'urigram', version: version(), rules } }, columnKind: 'utf16CodeUnits' };
    openObject(this.out, head);
    this.out.write('"runs":[');
    openObject(this.out, run);
    this.out.write('"results":[\n');
  }

  result(result: object): void {
    this.out.write(`${this.first ? '' : ',\n'}${JSON.stringify(result)}`);
    this.first = false;
  }

  close(): void {
    this.out.write(`${this.first ? '' : '\n'}]}]}\n`);
  }
}

/** A SARIF result names its URI; one this long is cut (with "…"), so that many results on one long URI stay linear in size. */
const SARIF_URI_LIMIT = 256;

function elided(uri: string): string {
  if (uri.length <= SARIF_URI_LIMIT) return uri;
  const cut = /[\ud800-\udbff]/.test(uri[SARIF_URI_LIMIT - 1]) ? SARIF_URI_LIMIT - 1 : SARIF_URI_LIMIT;
  return `${uri.slice(0, cut)}\u2026`;
}

function sarifResult(target: LintTarget, d: Pick<Diagnostic, 'code' | 'severity' | 'message' | 'start' | 'end' | 'fix'> & { section?: string }): object {
  const region =
    target.line !== undefined && target.column !== undefined
      ? { startLine: target.line, startColumn: target.column + d.start, endLine: target.line, endColumn: target.column + Math.max(d.end, d.start + 1) }
      : undefined;
  return {
    ruleId: d.code,
    level: SARIF_LEVEL[d.severity],
    message: { text: `${d.message}${d.section ? ` (${d.section})` : ''} in ${JSON.stringify(elided(target.uri))}` },
    ...(target.file !== undefined ? { locations: [{ physicalLocation: { artifactLocation: { uri: target.file }, ...(region ? { region } : {}) } }] } : {}),
    properties: { uri: elided(target.uri), start: d.start, end: d.end, ...(d.fix ? { fix: d.fix } : {}) },
  };
}

async function runLint(ctx: Context): Promise<void> {
  const format = ctx.value('--format') ?? 'text';
  const out = ctx.out;
  if (ctx.has('--extract') && ctx.args.length === 0) throw new UsageError('--extract needs at least one FILE ("-" for standard input)');
  const sarif = format === 'sarif' ? new SarifWriter(out) : undefined;
  sarif?.open();
  try {
    for await (const target of lintTargets(ctx)) {
      let diagnostics: Diagnostic[];
      try {
        diagnostics = lint(target.uri);
      } catch (e) {
        // Not a lint finding: the linter failed on this input. Reported as an error, and on to the next.
        ctx.fail();
        const message = errorMessage(e);
        if (sarif) sarif.result(sarifResult(target, { code: 'lint-failed' as Diagnostic['code'], severity: 'error', message, start: 0, end: 0 }));
        else if (format === 'json') out.write(`${JSON.stringify({ ...target, error: message })}\n`);
        else out.write(`${target.file ? `${target.file}:${target.line}:${target.column}  ${target.uri}` : JSON.stringify(target.uri)}\n  error: ${message}\n`);
        await out.flush();
        continue;
      }
      if (diagnostics.some((d) => d.severity === 'error')) ctx.fail();
      if (sarif) {
        for (const d of diagnostics) {
          sarif.result(sarifResult(target, d));
          if (out.full) await out.flush();
        }
      } else if (format === 'json') {
        openObject(out, target);
        out.write('"diagnostics":');
        await writeArray(out, diagnostics);
        out.write('}\n');
      } else if (diagnostics.length > 0) {
        out.write(`${target.file ? `${target.file}:${target.line}:${target.column}  ${target.uri}` : JSON.stringify(target.uri)}\n`);
        for (const d of diagnostics) {
          out.write(`  [${d.start}, ${d.end}) ${d.severity} ${d.code}: ${d.message} (${d.section})${d.fix ? ` fix: ${JSON.stringify(d.fix.replacement)}` : ''}\n`);
          if (out.full) await out.flush();
        }
      }
      await out.flush();
    }
  } catch (e) {
    // An input that cannot be read still leaves a whole SARIF log behind; a failed output cannot.
    if (sarif && !(e instanceof OutputClosed || e instanceof OutputFailed)) {
      sarif.close();
      await out.flush();
    }
    throw e;
  }
  sarif?.close();
}

async function runGrammars(ctx: Context): Promise<void> {
  if (ctx.has('--table')) {
    if (ctx.args.length > 0 || ctx.has('--json')) throw new UsageError('--table takes no URI arguments and no --json');
    let width = 0;
    for (const r of RFC2396_TO_RFC3986) width = Math.max(width, r.obsolete.length);
    ctx.out.write('RFC 3986 Appendix D.2: obsolete RFC 2396 rule, and its translation\n');
    for (const r of RFC2396_TO_RFC3986) ctx.out.write(`${r.obsolete.padEnd(width)}  ${r.translation}\n`);
    return;
  }
  const json = ctx.has('--json');
  let first = true;
  for await (const input of inputs(ctx)) {
    let c: ReturnType<typeof compareGrammars>;
    try {
      c = compareGrammars(input);
    } catch (e) {
      ctx.fail();
      ctx.out.write(json ? `${JSON.stringify({ input, error: errorMessage(e) })}\n` : `${first ? '' : '\n'}input      ${JSON.stringify(input)}\nerror: ${errorMessage(e)}\n`);
      await ctx.out.flush();
      first = false;
      continue;
    }
    if (c.verdicts.some((v) => !v.valid)) ctx.fail();
    if (json) {
      const verdicts = c.verdicts.map((v) => ({ grammar: v.grammar, rule: v.rule, valid: v.valid, ...(v.error ? { error: syntaxErrorJson(v.error) } : {}) }));
      ctx.out.write(`${JSON.stringify({ input, verdicts, notes: c.notes })}\n`);
    } else {
      const lines = [`input      ${JSON.stringify(input)}`];
      for (const v of c.verdicts) {
        const label = GRAMMAR_TITLES[v.grammar].padEnd(36);
        lines.push(v.valid ? `${label} valid ${v.rule}` : `${label} invalid at offset ${v.error?.offset}: ${v.error?.message.replace(/^invalid [^ ]+ at offset \d+: /, '')}`);
      }
      for (const n of c.notes) lines.push(`note: ${n.message} (${n.section})`);
      ctx.out.write(`${first ? '' : '\n'}${lines.join('\n')}\n`);
    }
    await ctx.out.flush();
    first = false;
  }
}

async function runConvert(ctx: Context, command: 'to-uri' | 'to-iri'): Promise<void> {
  const idna = ctx.has('--idna');
  const nfc = ctx.has('--nfc');
  for await (const input of inputs(ctx)) {
    try {
      const out = command === 'to-uri' ? iriToUri(input, { normalize: nfc ? 'NFC' : undefined, host: idna ? 'idna' : 'percent-encode' }) : uriToIri(input, { host: idna ? 'idna' : 'keep' });
      ctx.out.write(`${out}\n`);
    } catch (e) {
      await reportInvalid(ctx, input, e);
    }
    await ctx.out.flush();
  }
}

// ---------------------------------------------------------------- main

/** The package's version, from the package.json of the source tree (src/) or of the build (dist/src/). */
function version(): string {
  for (const up of [['..'], ['..', '..']]) {
    const file = path.join(__dirname, ...up, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'urigram' && pkg.version) return pkg.version;
  }
  return 'unknown';
}

/** The streams of this process. Standard input is checked when first used: a directory is no input. */
function processIo(): Io {
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

/**
 * Runs the command line `argv` (without "node" and the script) and returns
 * the exit code. `io` replaces the process's streams (tests).
 */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  const out = new Output(io.stdout);
  const name = argv[0];
  let command: Command | undefined;
  let ctx: Context | undefined;
  try {
    if (name === undefined) {
      say(io, `${mainHelp()}\n`);
      return EXIT_USAGE;
    }
    if (name === '-h' || name === '--help' || name === 'help') {
      if (name === 'help' && argv.length > 2) throw new UsageError('help takes at most one COMMAND');
      const about = name === 'help' && argv.length === 2 && argv[1] !== 'help' ? commandNamed(argv[1]) : undefined;
      if (name === 'help' && argv.length === 2 && argv[1] !== 'help' && about === undefined) throw new UsageError(`unknown command ${JSON.stringify(argv[1])}`);
      out.write(`${about ? commandHelp(about) : mainHelp()}\n`);
      await out.flush();
      return EXIT_VALID;
    }
    if (name === '-v' || name === '--version') {
      out.write(`${version()}\n`);
      await out.flush();
      return EXIT_VALID;
    }
    command = commandNamed(name);
    if (command === undefined) throw new UsageError(`unknown command ${JSON.stringify(name)}`);
    const { help, values, args } = parseArgs(command, argv.slice(1));
    if (help) {
      out.write(`${commandHelp(command)}\n`);
      await out.flush();
      return EXIT_VALID;
    }
    ctx = new Context(command, io, out, values, args);
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
  }
}

if (require.main === module) {
  process.stderr.on('error', () => undefined);
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`urigram: internal error (a bug in urigram; please report it): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = EXIT_INTERNAL;
    },
  );
}
