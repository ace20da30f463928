#!/usr/bin/env node
/**
 * The urigram command line. Node built-ins are allowed here (and only here and
 * in scripts/): the library itself must run in a browser.
 *
 *   urigram parse [--rule R] [--json] [URI ...]
 *   urigram validate [--rule R] [--quiet] [URI ...]
 *   urigram match RULE STRING
 *   urigram resolve [--non-strict] [--json] BASE REF ...
 *   urigram normalize [--level L] [--explain] [--json] [URI ...]
 *   urigram compare [--json] A B
 *   urigram extract [--json] [FILE ...]
 *   urigram lint [--format text|json|sarif] [--grammar G] [--extract FILE ... | URI ...]
 *
 * Exit codes: 0 every input valid, 1 any input invalid, 2 usage error.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { once } from 'node:events';
import { tryParse, matches } from './parse';
import { resolve, UriResolveError } from './resolve';
import { explainNormalize, type NormalizeLevel } from './normalize';
import { compare } from './compare';
import { extract } from './extract';
import { lint, LINT_RULES, type Diagnostic, type Severity } from './lint';
import { UriSyntaxError as SyntaxErrorClass } from './errors';
import type { UriComponentName, UriRecord } from './parse';
import { isRfc3986RuleName, RFC3986_RULES, URI_RULES, type UriRuleName } from './rules';
import type { UriSyntaxError } from './errors';

const EXIT_VALID = 0;
const EXIT_INVALID = 1;
const EXIT_USAGE = 2;

const HELP: Record<string, string> = {
  main: `usage: urigram <command> [options] [arguments]

Strict RFC 3986 URI parsing, from a parser generated from the RFC's ABNF.

commands:
  parse      print the components of each URI reference
  validate   say whether each URI reference is valid, and where not, why
  match      say whether a string matches one rule of RFC 3986 Appendix A
  resolve    resolve references against a base URI (RFC 3986 5.2)
  normalize  normalize URI references (RFC 3986 6.2.2, 6.2.3)
  compare    say whether two URI references are equivalent, and at which level (6.2)
  extract    find the URIs in text files (RFC 3986 Appendix C)
  lint       report every problem in URIs, with positions, codes and fixes

options:
  -h, --help     help for urigram or for a command (urigram parse --help)
  -v, --version  print urigram's version

Exit codes: 0 all inputs valid, 1 any input invalid, 2 usage error.`,
  parse: `usage: urigram parse [--rule R] [--json] [URI ...]

Prints the components of each URI reference: scheme, authority, userinfo,
host (and which kind), port, path (and which of the five path rules), query,
fragment, each exactly as written, with its [start, end) offsets. A component
that is absent is shown as "absent", one that is present but empty as "".
With no URI arguments, reads one URI per line from standard input.

options:
  --rule R   the rule each input must match: ${URI_RULES.join(', ')}
             (default URI-reference)
  --json     one JSON object per line per input; absent components are null

Exit codes: 0 all inputs valid, 1 any input invalid, 2 usage error.`,
  validate: `usage: urigram validate [--rule R] [--quiet] [URI ...]

Prints "valid" for each valid input and, for each invalid one, the error:
where (offset), what was expected there and in which rule, with the input
drawn and a caret under the offset. With no URI arguments, reads one URI per
line from standard input.

options:
  --rule R   the rule each input must match: ${URI_RULES.join(', ')}
             (default URI-reference)
  --quiet    print only the invalid inputs

Exit codes: 0 all inputs valid, 1 any input invalid, 2 usage error.`,
  match: `usage: urigram match RULE STRING

Says whether the whole of STRING matches RULE, any rule of RFC 3986
Appendix A or a core rule it uses, by its ABNF name:
  ${RFC3986_RULES.join(' ')}

Exit codes: 0 it matches, 1 it does not, 2 usage error (such as an unknown rule).`,
  resolve: `usage: urigram resolve [--non-strict] [--json] BASE REF ...

Resolves each REF against BASE (RFC 3986 5.2) and prints the target URI.
Nothing else is normalized. BASE must be an absolute URI; its fragment is
dropped (5.2.1).

options:
  --non-strict  the backwards-compatible reading of 5.2.2: a REF whose scheme
                equals BASE's is resolved as if it had none ("http:g")
  --json        one JSON object per REF: {"base", "reference", "target"} or
                {"base", "reference", "error"}

Exit codes: 0 every REF resolved, 1 an invalid BASE or REF, 2 usage error.`,
  normalize: `usage: urigram normalize [--level L] [--explain] [--json] [URI ...]

Normalizes each URI reference: level "syntax" is RFC 3986 6.2.2 (case,
percent-encoding, dot segments in a URI with a scheme); level "scheme", the
default, adds 6.2.3 (empty and default ports, an empty path as "/", for the
schemes whose specifications define them). With no URI arguments, reads one
URI per line from standard input.

options:
  --level L   syntax or scheme (default scheme)
  --explain   list each change: the step, the RFC section, the offset
  --json      one JSON object per input: {"input", "result", "steps"}

Exit codes: 0 every input valid, 1 any input invalid, 2 usage error.`,
  compare: `usage: urigram compare [--json] A B

Says whether A and B are equivalent by RFC 3986 6.2, and at which rung of
its ladder (simple string, syntax-based, scheme-based) they became equal, or
the first component where they differ.

Exit codes: 0 equivalent, 1 not equivalent (or an invalid input), 2 usage error.`,
  extract: `usage: urigram extract [--json] [FILE ...]

Finds the URIs in each FILE (or standard input) as RFC 3986 Appendix C
describes: in <angle brackets> or "double quotes" (which may span lines, and
lose their whitespace and any "URL:" prefix), or between whitespace (a scheme
followed by "//", or mailto:, urn: and the like; trailing punctuation and
unbalanced closing brackets are left out). Prints FILE:LINE:COLUMN, the URI,
and "invalid" for a URI that is not valid RFC 3986.

options:
  --json   one JSON object per URI: {"file", "line", "column", "uri", "raw",
           "delimited", "valid"}

Exit codes: 0 the files were read, 2 usage error or a file that cannot be read.`,
  lint: `usage: urigram lint [--format text|json|sarif] [--grammar G] [URI ...]
       urigram lint [--format text|json|sarif] [--grammar G] --extract FILE ...

Reports every problem in each URI: syntax errors, security concerns (RFC 3986
section 7), what normalization would change, non-ASCII characters; each with
its range, code, severity, RFC section and fix. The rules are in
docs/lint-rules.md. With no URI arguments, reads one URI per line from
standard input. With --extract, lints every URI found in the given files
(Markdown, HTML, source code: RFC 3986 Appendix C) and reports file, line
and column.

options:
  --format F    text (default), json (one object per URI), or sarif (SARIF 2.1.0)
  --grammar G   the grammar: rfc3986 (the only one so far)
  --extract     the arguments are files to find URIs in

Exit codes: 0 nothing at error level, 1 errors found, 2 usage error.`,
};

class UsageError extends Error {}

interface Options {
  rule: UriRuleName;
  json: boolean;
  quiet: boolean;
  help: boolean;
  strict: boolean;
  explain: boolean;
  level: NormalizeLevel;
  format: 'text' | 'json' | 'sarif';
  extract: boolean;
  args: string[];
}

function parseArgs(command: string, argv: string[]): Options {
  const options: Options = { rule: 'URI-reference', json: false, quiet: false, help: false, strict: true, explain: false, level: 'scheme', format: 'text', extract: false, args: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      options.args.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') {
      options.help = true;
    } else if ((arg === '--rule' || arg.startsWith('--rule=')) && (command === 'parse' || command === 'validate')) {
      const value = arg === '--rule' ? argv[++i] : arg.slice('--rule='.length);
      if (value === undefined) throw new UsageError('--rule needs a rule name');
      if (!(URI_RULES as readonly string[]).includes(value)) {
        throw new UsageError(`unknown rule for --rule: ${JSON.stringify(value)} (expected one of ${URI_RULES.join(', ')})`);
      }
      options.rule = value as UriRuleName;
    } else if (arg === '--json' && ['parse', 'resolve', 'normalize', 'compare', 'extract'].includes(command)) {
      options.json = true;
    } else if ((arg === '--format' || arg.startsWith('--format=')) && command === 'lint') {
      const value = arg === '--format' ? argv[++i] : arg.slice('--format='.length);
      if (value !== 'text' && value !== 'json' && value !== 'sarif') throw new UsageError(`--format needs text, json or sarif, got ${JSON.stringify(value ?? '')}`);
      options.format = value;
    } else if ((arg === '--grammar' || arg.startsWith('--grammar=')) && command === 'lint') {
      const value = arg === '--grammar' ? argv[++i] : arg.slice('--grammar='.length);
      if (value !== 'rfc3986') throw new UsageError(`--grammar: only rfc3986 is available, got ${JSON.stringify(value ?? '')}`);
    } else if (arg === '--extract' && command === 'lint') {
      options.extract = true;
    } else if (arg === '--non-strict' && command === 'resolve') {
      options.strict = false;
    } else if (arg === '--explain' && command === 'normalize') {
      options.explain = true;
    } else if ((arg === '--level' || arg.startsWith('--level=')) && command === 'normalize') {
      const value = arg === '--level' ? argv[++i] : arg.slice('--level='.length);
      if (value !== 'syntax' && value !== 'scheme') throw new UsageError(`--level needs syntax or scheme, got ${JSON.stringify(value ?? '')}`);
      options.level = value;
    } else if (arg === '--quiet' && command === 'validate') {
      options.quiet = true;
    } else if (arg.startsWith('-') && arg.length > 1) {
      throw new UsageError(`unknown option for ${command}: ${arg}`);
    } else {
      options.args.push(arg);
    }
  }
  return options;
}

/** Writes to standard output, waiting when its buffer is full so that memory stays flat on long streams. */
async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

async function* inputs(args: string[]): AsyncGenerator<string> {
  if (args.length > 0) {
    yield* args;
    return;
  }
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) yield line;
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
  return `${rows.join('\n')}\n`;
}

function recordJson(input: string, record: UriRecord): string {
  const out: Record<string, unknown> = { input, valid: true };
  for (const name of COMPONENTS) out[name] = record[name] ?? null;
  out.hostKind = record.hostKind ?? null;
  out.pathKind = record.pathKind;
  out.spans = record.spans;
  return JSON.stringify(out);
}

function errorJson(input: string, error: UriSyntaxError): string {
  const { message, offset, found, expected, rulePath, rule } = error.toJSON();
  return JSON.stringify({ input, valid: false, error: { message, rule, offset, found, expected, rulePath } });
}

async function runParse(options: Options): Promise<number> {
  let status = EXIT_VALID;
  let first = true;
  for await (const input of inputs(options.args)) {
    const result = tryParse(input, { rule: options.rule });
    if (!result.ok) status = EXIT_INVALID;
    if (options.json) {
      await write(`${result.ok ? recordJson(input, result.value) : errorJson(input, result.error)}\n`);
    } else {
      const text = result.ok ? table(input, result.value) : `input      ${JSON.stringify(input)}\n${result.error.format()}\n`;
      await write(`${first ? '' : '\n'}${text}`);
    }
    first = false;
  }
  return status;
}

async function runValidate(options: Options): Promise<number> {
  let status = EXIT_VALID;
  for await (const input of inputs(options.args)) {
    const result = tryParse(input, { rule: options.rule });
    if (result.ok) {
      if (!options.quiet) await write(`valid    ${JSON.stringify(input)}\n`);
    } else {
      status = EXIT_INVALID;
      await write(`invalid  ${JSON.stringify(input)}\n${indent(result.error.format())}\n`);
    }
  }
  return status;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

function runMatch(options: Options): number {
  if (options.args.length !== 2) throw new UsageError('match needs exactly two arguments: RULE STRING');
  const [rule, input] = options.args;
  if (!isRfc3986RuleName(rule)) {
    throw new UsageError(`unknown rule ${JSON.stringify(rule)}; the rules are: ${RFC3986_RULES.join(' ')}`);
  }
  const ok = matches(rule, input);
  process.stdout.write(`${ok ? 'match' : 'no match'}  ${rule}  ${JSON.stringify(input)}\n`);
  return ok ? EXIT_VALID : EXIT_INVALID;
}

function errorText(e: unknown): string | undefined {
  if (e instanceof SyntaxErrorClass) return e.format();
  if (e instanceof UriResolveError) return e.syntaxError ? `the base is not a valid URI reference:\n${e.syntaxError.format()}` : e.message;
  return undefined;
}

async function runResolve(options: Options): Promise<number> {
  if (options.args.length < 2) throw new UsageError('resolve needs a BASE and at least one REF');
  const [base, ...references] = options.args;
  let status = EXIT_VALID;
  for (const reference of references) {
    try {
      const target = resolve(base, reference, { strict: options.strict });
      await write(options.json ? `${JSON.stringify({ base, reference, target })}\n` : `${target}\n`);
    } catch (e) {
      const text = errorText(e);
      if (text === undefined) throw e;
      status = EXIT_INVALID;
      const message = (e as Error).message;
      await write(options.json ? `${JSON.stringify({ base, reference, error: message })}\n` : `invalid  ${JSON.stringify(reference)}\n${indent(text)}\n`);
    }
  }
  return status;
}

async function runNormalize(options: Options): Promise<number> {
  let status = EXIT_VALID;
  for await (const input of inputs(options.args)) {
    try {
      const { result, steps } = explainNormalize(input, { level: options.level });
      if (options.json) {
        await write(`${JSON.stringify({ input, result, steps: steps.map(({ step, section, start, end, before, after }) => ({ step, section, start, end, before, after })) })}\n`);
      } else {
        await write(`${result}\n`);
        if (options.explain) {
          for (const s of steps) {
            await write(`  ${s.step.padEnd(26)} RFC 3986 ${s.section.padEnd(12)} [${s.start}, ${s.end}) ${JSON.stringify(s.before)} -> ${JSON.stringify(s.after)}\n`);
          }
        }
      }
    } catch (e) {
      const text = errorText(e);
      if (text === undefined) throw e;
      status = EXIT_INVALID;
      await write(options.json ? `${JSON.stringify({ input, error: (e as Error).message })}\n` : `invalid  ${JSON.stringify(input)}\n${indent(text)}\n`);
    }
  }
  return status;
}

function runCompare(options: Options): number {
  if (options.args.length !== 2) throw new UsageError('compare needs exactly two arguments: A B');
  const [a, b] = options.args;
  try {
    const result = compare(a, b);
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ a, b, ...result, level: result.level ?? null })}\n`);
    } else if (result.equivalent) {
      process.stdout.write(`equivalent (${result.level === 'simple' ? 'simple string comparison, 6.2.1' : result.level === 'syntax' ? 'syntax-based normalization, 6.2.2' : 'scheme-based normalization, 6.2.3'})\n`);
    } else {
      const d = result.difference!;
      process.stdout.write(`not equivalent: ${d.component} differs after normalization: ${JSON.stringify(d.a ?? null)} vs ${JSON.stringify(d.b ?? null)}\n`);
    }
    return result.equivalent ? EXIT_VALID : EXIT_INVALID;
  } catch (e) {
    const text = errorText(e);
    if (text === undefined) throw e;
    process.stdout.write(`${text}\n`);
    return EXIT_INVALID;
  }
}

/** 1-based line and column (in UTF-16 code units) of each offset, from one pass over the text. */
function lineColumns(text: string, offsets: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let line = 1;
  let lineStart = 0;
  let at = 0;
  for (const offset of offsets) {
    for (; at < offset; at++) {
      if (text.charCodeAt(at) === 0x0a) {
        line++;
        lineStart = at + 1;
      }
    }
    out.push([line, offset - lineStart + 1]);
  }
  return out;
}

async function runExtract(options: Options): Promise<number> {
  const files = options.args.length > 0 ? options.args : ['-'];
  const texts: Array<[string, string]> = [];
  for (const file of files) {
    try {
      texts.push([file, fs.readFileSync(file === '-' ? 0 : file, 'utf8')]);
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
    }
  }
  for (const [file, text] of texts) {
    const found = extract(text);
    const positions = lineColumns(text, found.map((f) => f.start));
    for (let i = 0; i < found.length; i++) {
      const { uri, raw, delimited, valid } = found[i];
      const [line, column] = positions[i];
      await write(
        options.json
          ? `${JSON.stringify({ file, line, column, uri, raw, delimited, valid })}\n`
          : `${file}:${line}:${column}  ${uri}${valid ? '' : '  invalid'}\n`,
      );
    }
  }
  return EXIT_VALID;
}

interface LintTarget {
  uri: string;
  file?: string;
  /** 1-based position in the file of the URI's first character. */
  line?: number;
  column?: number;
}

async function* lintTargets(options: Options): AsyncGenerator<LintTarget> {
  if (!options.extract) {
    for await (const uri of inputs(options.args)) yield { uri };
    return;
  }
  if (options.args.length === 0) throw new UsageError('--extract needs at least one FILE');
  for (const file of options.args) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
    }
    const found = extract(text);
    // Where the URI itself starts: past a delimiter or a "URL:" prefix, when it stands in the raw text as it is.
    const starts = found.map((f) => {
      const at = f.raw.indexOf(f.uri);
      return f.start + (at >= 0 ? at : 0);
    });
    const positions = lineColumns(text, starts);
    for (let i = 0; i < found.length; i++) yield { uri: found[i].uri, file, line: positions[i][0], column: positions[i][1] };
  }
}

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

async function runLint(options: Options): Promise<number> {
  let status = EXIT_VALID;
  const results: unknown[] = [];
  for await (const target of lintTargets(options)) {
    const diagnostics = lint(target.uri);
    if (diagnostics.some((d) => d.severity === 'error')) status = EXIT_INVALID;
    if (options.format === 'json') {
      await write(`${JSON.stringify({ ...target, diagnostics })}\n`);
    } else if (options.format === 'text') {
      if (diagnostics.length === 0) continue;
      const where = target.file ? `${target.file}:${target.line}:${target.column}` : JSON.stringify(target.uri);
      const lines = diagnostics.map((d: Diagnostic) => `  [${d.start}, ${d.end}) ${d.severity} ${d.code}: ${d.message} (${d.section})${d.fix ? ` fix: ${JSON.stringify(d.fix.replacement)}` : ''}`);
      await write(`${where}${target.file ? `  ${target.uri}` : ''}\n${lines.join('\n')}\n`);
    } else {
      for (const d of diagnostics) {
        const region =
          target.file !== undefined && target.line !== undefined && target.column !== undefined
            ? { startLine: target.line, startColumn: target.column + d.start, endLine: target.line, endColumn: target.column + Math.max(d.end, d.start + 1) }
            : undefined;
        results.push({
          ruleId: d.code,
          level: SARIF_LEVEL[d.severity],
          message: { text: `${d.message} (${d.section}) in ${JSON.stringify(target.uri)}` },
          ...(target.file !== undefined ? { locations: [{ physicalLocation: { artifactLocation: { uri: target.file }, ...(region ? { region } : {}) } }] } : {}),
          properties: { uri: target.uri, start: d.start, end: d.end, ...(d.fix ? { fix: d.fix } : {}) },
        });
      }
    }
  }
  if (options.format === 'sarif') {
    const rules = Object.entries(LINT_RULES).map(([id, r]) => ({
      id,
      shortDescription: { text: `${id} (${r.section})` },
      defaultConfiguration: { level: SARIF_LEVEL[r.severity as Severity] },
      properties: { section: r.section },
    }));
    const log = {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [{ tool: { driver: { name: 'urigram', version: version(), rules } }, results }],
    };
    await write(`${JSON.stringify(log, null, 2)}\n`);
  }
  return status;
}

function version(): string {
  const pkg = path.join(__dirname, '..', '..', 'package.json');
  return JSON.parse(fs.readFileSync(pkg, 'utf8')).version;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '-h' || command === '--help') {
      process.stdout.write(`${HELP.main}\n`);
      return command === undefined ? EXIT_USAGE : EXIT_VALID;
    }
    if (command === '-v' || command === '--version') {
      process.stdout.write(`${version()}\n`);
      return EXIT_VALID;
    }
    if (!['parse', 'validate', 'match', 'resolve', 'normalize', 'compare', 'extract', 'lint'].includes(command)) {
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    }
    const options = parseArgs(command, rest);
    if (options.help) {
      process.stdout.write(`${HELP[command]}\n`);
      return EXIT_VALID;
    }
    if (command === 'parse') return await runParse(options);
    if (command === 'validate') return await runValidate(options);
    if (command === 'resolve') return await runResolve(options);
    if (command === 'normalize') return await runNormalize(options);
    if (command === 'compare') return runCompare(options);
    if (command === 'extract') return await runExtract(options);
    if (command === 'lint') return await runLint(options);
    return runMatch(options);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`urigram: ${e.message}\nRun "urigram ${command && HELP[command] ? `${command} ` : ''}--help" for usage.\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}

if (require.main === module) {
  // A reader that stops early (urigram lint ... | head) is no error: stop quietly.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`urigram: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 70;
    },
  );
}
