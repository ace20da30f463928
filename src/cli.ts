#!/usr/bin/env node
/**
 * The urigram command line. Node built-ins are allowed here (and only here and
 * in scripts/): the library itself must run in a browser.
 *
 *   urigram parse [--grammar G] [--rule R] [--json] [URI ...]
 *   urigram validate [--grammar G] [--rule R] [--quiet] [URI ...]
 *   urigram match [--grammar G] RULE STRING
 *   urigram resolve [--grammar G] [--algorithm A] [--non-strict] [--json] BASE REF ...
 *   urigram grammars [--json] URI ...      (and urigram grammars --table)
 *   urigram to-uri [--nfc] [--idna] [IRI ...]
 *   urigram to-iri [--idna] [URI ...]
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
import { tryParse, matches, type ParseOptions } from './parse';
import { resolve, UriResolveError } from './resolve';
import { GRAMMARS, GRAMMAR_TITLES, isRuleOf, REFERENCE_RULES, ruleNameIn, rulesOf, type GrammarName, type ReferenceRuleName, type RuleName } from './grammars';
import { compareGrammars, RFC2396_TO_RFC3986 } from './grammar-comparison';
import { iriToUri, uriToIri, IriConversionError } from './iri';
import { explainNormalize, type NormalizeLevel } from './normalize';
import { compare } from './compare';
import { extract } from './extract';
import { lint, LINT_RULES, type Diagnostic, type Severity } from './lint';
import { UriSyntaxError as SyntaxErrorClass } from './errors';
import type { Rfc2396Record, UriComponentName, UriRecord } from './parse';
import type { UriSyntaxError } from './errors';

const EXIT_VALID = 0;
const EXIT_INVALID = 1;
const EXIT_USAGE = 2;

const HELP: Record<string, string> = {
  main: `usage: urigram <command> [options] [arguments]

Strict RFC 3986 URI parsing, from a parser generated from the RFC's ABNF;
RFC 3987 (IRIs) and RFC 2396 (the older grammar) by the same pipeline.

commands:
  parse      print the components of each URI reference
  validate   say whether each URI reference is valid, and where not, why
  match      say whether a string matches one rule (of RFC 3986 Appendix A by default)
  resolve    resolve references against a base URI (RFC 3986 5.2, or RFC 2396 5.2)
  grammars   say whether URIs are valid by RFC 3986, RFC 3987 and RFC 2396, and why they differ
  to-uri     map IRIs to URIs (RFC 3987 3.1)
  to-iri     convert URIs to IRIs (RFC 3987 3.2)
  normalize  normalize URI references (RFC 3986 6.2.2, 6.2.3)
  compare    say whether two URI references are equivalent, and at which level (6.2)
  extract    find the URIs in text files (RFC 3986 Appendix C)
  lint       report every problem in URIs, with positions, codes and fixes

options:
  -h, --help     help for urigram or for a command (urigram parse --help)
  -v, --version  print urigram's version

Exit codes: 0 all inputs valid, 1 any input invalid, 2 usage error.`,
  parse: `usage: urigram parse [--grammar G] [--rule R] [--json] [URI ...]

Prints the components of each URI reference: scheme, authority, userinfo,
host (and which kind), port, path (and which of the five path rules), query,
fragment, each exactly as written, with its [start, end) offsets. A component
that is absent is shown as "absent", one that is present but empty as "".
With no URI arguments, reads one URI per line from standard input.

options:
  --grammar G   the grammar: rfc3986 (default), rfc3987 (IRIs) or rfc2396
                (the obsolete RFC 2396 with RFC 2732)
  --rule R      the rule each input must match: ${REFERENCE_RULES.rfc3986.join(', ')}
                (default URI-reference); with rfc3987: ${REFERENCE_RULES.rfc3987.join(', ')};
                with rfc2396: ${REFERENCE_RULES.rfc2396.join(', ')}
  --json        one JSON object per line per input; absent components are null

With rfc2396, "opaque" is the opaque part of a non-hierarchical URI and
"form" the authority's form (server or reg_name).

Exit codes: 0 all inputs valid, 1 any input invalid, 2 usage error.`,
  validate: `usage: urigram validate [--grammar G] [--rule R] [--quiet] [URI ...]

Prints "valid" for each valid input and, for each invalid one, the error:
where (offset), what was expected there and in which rule, with the input
drawn and a caret under the offset. With no URI arguments, reads one URI per
line from standard input.

options:
  --grammar G   the grammar: rfc3986 (default), rfc3987 (IRIs) or rfc2396
                (the obsolete RFC 2396 with RFC 2732)
  --rule R      the rule each input must match (see urigram parse --help)
  --quiet       print only the invalid inputs

Exit codes: 0 all inputs valid, 1 any input invalid, 2 usage error.`,
  match: `usage: urigram match [--grammar G] RULE STRING

Says whether the whole of STRING matches RULE, any rule of RFC 3986
Appendix A or a core rule it uses, by its ABNF name:
  ${rulesOf('rfc3986').join(' ')}
With --grammar rfc3987, any rule of RFC 3987 2.2; with --grammar rfc2396,
any rule of grammar/rfc2396.abnf (RFC 2396 Appendix A, "_" written "-").

options:
  --grammar G   the grammar: rfc3986 (default), rfc3987 (IRIs) or rfc2396
                (the obsolete RFC 2396 with RFC 2732)

Exit codes: 0 it matches, 1 it does not, 2 usage error (such as an unknown rule).`,
  resolve: `usage: urigram resolve [--grammar G] [--algorithm A] [--non-strict] [--json] BASE REF ...

Resolves each REF against BASE (RFC 3986 5.2) and prints the target URI.
Nothing else is normalized. BASE must be an absolute URI; its fragment is
dropped (5.2.1).

options:
  --grammar G   the grammar: rfc3986 (default), rfc3987 (IRIs) or rfc2396
                (the obsolete RFC 2396 with RFC 2732)
                BASE and each REF must be valid in (rfc3987: IRIs, RFC 3987 6.5)
  --algorithm A rfc3986 (default, RFC 3986 5.2) or rfc2396 (RFC 2396 5.2 as
                written, with the differences of RFC 3986 D.2)
  --non-strict  the backwards-compatible reading of 5.2.2: a REF whose scheme
                equals BASE's is resolved as if it had none ("http:g")
  --json        one JSON object per REF: {"base", "reference", "target"} or
                {"base", "reference", "error"}

Exit codes: 0 every REF resolved, 1 an invalid BASE or REF, 2 usage error.`,
  normalize: `usage: urigram normalize [--grammar G] [--level L] [--explain] [--json] [URI ...]

Normalizes each URI reference: level "syntax" is RFC 3986 6.2.2 (case,
percent-encoding, dot segments in a URI with a scheme); level "scheme", the
default, adds 6.2.3 (empty and default ports, an empty path as "/", for the
schemes whose specifications define them). With no URI arguments, reads one
URI per line from standard input.

options:
  --grammar G rfc3986 (default) or rfc3987: IRIs, by RFC 3987 5.3 (a host is
              lower-cased only when it is all ASCII)
  --level L   syntax or scheme (default scheme)
  --explain   list each change: the step, the RFC section, the offset
  --json      one JSON object per input: {"input", "result", "steps"}

Exit codes: 0 every input valid, 1 any input invalid, 2 usage error.`,
  compare: `usage: urigram compare [--grammar G] [--json] A B

Says whether A and B are equivalent by RFC 3986 6.2, and at which rung of
its ladder (simple string, syntax-based, scheme-based) they became equal, or
the first component where they differ. --grammar rfc3987 compares IRIs.

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
  grammars: `usage: urigram grammars [--json] URI ...
       urigram grammars --table

Says, side by side, whether each URI is valid by RFC 3986 (URI-reference),
RFC 3987 (IRI-reference) and RFC 2396 with RFC 2732 (URI-reference), with
the error where not, and names the differences between the grammars that
bear on it, with the sections that say so. With no URI arguments, reads one
per line from standard input.

options:
  --json    one JSON object per input
  --table   print RFC 3986 Appendix D.2: each obsolete RFC 2396 rule and
            its RFC 3986 translation

Exit codes: 0 valid by all three, 1 not valid by at least one, 2 usage error.`,
  'to-uri': `usage: urigram to-uri [--nfc] [--idna] [IRI ...]

Maps each IRI reference to a URI reference (RFC 3987 3.1): every non-ASCII
character as the %XX of its UTF-8 octets. With no arguments, reads one per
line from standard input.

options:
  --nfc     normalize to NFC first (the original draft's step; RFC 3987
            does not normalize text that is already Unicode)
  --idna    a non-ASCII host becomes its IDNA A-label (UTS 46 ToASCII)

Exit codes: 0 all converted, 1 an invalid IRI or a host IDNA rejects, 2 usage error.`,
  'to-iri': `usage: urigram to-iri [--idna] [URI ...]

Converts each URI reference to an IRI reference (RFC 3987 3.2): the %XX
of well-formed UTF-8 become characters where the component allows them;
reserved and other ASCII, ill-formed UTF-8 and bidi formatting characters
stay encoded. With no arguments, reads one per line from standard input.

options:
  --idna    a host's xn-- labels become Unicode (UTS 46 ToUnicode), as
            RFC 3987 3.2.1 allows

Exit codes: 0 all converted, 1 an invalid URI, 2 usage error.`,
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
  --grammar G   the grammar: rfc3986 (the only one the lint rules are written for)
  --extract     the arguments are files to find URIs in

Exit codes: 0 nothing at error level, 1 errors found, 2 usage error.`,
};

class UsageError extends Error {}

interface Options {
  rule: string | undefined;
  grammar: GrammarName;
  algorithm: 'rfc3986' | 'rfc2396';
  table: boolean;
  nfc: boolean;
  idna: boolean;
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
  const options: Options = { rule: undefined, grammar: 'rfc3986', algorithm: 'rfc3986', table: false, nfc: false, idna: false, json: false, quiet: false, help: false, strict: true, explain: false, level: 'scheme', format: 'text', extract: false, args: [] };
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
      options.rule = value; // checked against the grammar once every option is read
    } else if ((arg === '--grammar' || arg.startsWith('--grammar=')) && ['parse', 'validate', 'match', 'resolve', 'normalize', 'compare', 'lint'].includes(command)) {
      const value = arg === '--grammar' ? argv[++i] : arg.slice('--grammar='.length);
      const allowed: readonly string[] = command === 'lint' ? ['rfc3986'] : command === 'normalize' || command === 'compare' ? ['rfc3986', 'rfc3987'] : GRAMMARS;
      if (!allowed.includes(value)) throw new UsageError(`--grammar needs ${allowed.join(', ')}${command === 'lint' ? ' (the lint rules are written for RFC 3986)' : ''}, got ${JSON.stringify(value ?? '')}`);
      options.grammar = value as GrammarName;
    } else if ((arg === '--algorithm' || arg.startsWith('--algorithm=')) && command === 'resolve') {
      const value = arg === '--algorithm' ? argv[++i] : arg.slice('--algorithm='.length);
      if (value !== 'rfc3986' && value !== 'rfc2396') throw new UsageError(`--algorithm needs rfc3986 or rfc2396, got ${JSON.stringify(value ?? '')}`);
      options.algorithm = value;
    } else if (arg === '--table' && command === 'grammars') {
      options.table = true;
    } else if (arg === '--nfc' && command === 'to-uri') {
      options.nfc = true;
    } else if (arg === '--idna' && (command === 'to-uri' || command === 'to-iri')) {
      options.idna = true;
    } else if (arg === '--json' && ['parse', 'resolve', 'normalize', 'compare', 'extract', 'grammars'].includes(command)) {
      options.json = true;
    } else if ((arg === '--format' || arg.startsWith('--format=')) && command === 'lint') {
      const value = arg === '--format' ? argv[++i] : arg.slice('--format='.length);
      if (value !== 'text' && value !== 'json' && value !== 'sarif') throw new UsageError(`--format needs text, json or sarif, got ${JSON.stringify(value ?? '')}`);
      options.format = value;
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
  const rules: readonly string[] = REFERENCE_RULES[options.grammar];
  if (options.rule !== undefined && !rules.includes(options.rule)) {
    throw new UsageError(`unknown rule for --rule with ${options.grammar}: ${JSON.stringify(options.rule)} (expected one of ${rules.join(', ')})`);
  }
  return options;
}

function parseOptions(options: Options): ParseOptions {
  return { grammar: options.grammar, rule: options.rule as ReferenceRuleName | undefined };
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

function errorJson(input: string, error: UriSyntaxError): string {
  const { message, offset, codePointOffset, found, expected, rulePath, rule, grammar } = error.toJSON();
  return JSON.stringify({ input, valid: false, error: { message, grammar, rule, offset, codePointOffset, found, expected, rulePath } });
}

async function runParse(options: Options): Promise<number> {
  let status = EXIT_VALID;
  let first = true;
  for await (const input of inputs(options.args)) {
    const result = tryParse(input, parseOptions(options));
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
    const result = tryParse(input, parseOptions(options));
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
  const [given, input] = options.args;
  const rule = ruleNameIn(options.grammar, given);
  if (!isRuleOf(options.grammar, rule)) {
    throw new UsageError(`unknown rule ${JSON.stringify(rule)} in ${options.grammar}; the rules are: ${rulesOf(options.grammar).join(' ')}`);
  }
  const ok = matches(rule as RuleName, input, { grammar: options.grammar });
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
      const target = resolve(base, reference, { strict: options.strict, grammar: options.grammar, algorithm: options.algorithm });
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
      const { result, steps } = explainNormalize(input, { level: options.level, grammar: options.grammar as 'rfc3986' | 'rfc3987' });
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
    const result = compare(a, b, { grammar: options.grammar as 'rfc3986' | 'rfc3987' });
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

async function runGrammars(options: Options): Promise<number> {
  if (options.table) {
    if (options.args.length > 0) throw new UsageError('--table takes no URI arguments');
    const width = Math.max(...RFC2396_TO_RFC3986.map((r) => r.obsolete.length));
    const rows = RFC2396_TO_RFC3986.map((r) => `${r.obsolete.padEnd(width)}  ${r.translation}`);
    await write(`RFC 3986 Appendix D.2: obsolete RFC 2396 rule, and its translation\n${rows.join('\n')}\n`);
    return EXIT_VALID;
  }
  let status = EXIT_VALID;
  let first = true;
  for await (const input of inputs(options.args)) {
    const c = compareGrammars(input);
    if (c.verdicts.some((v) => !v.valid)) status = EXIT_INVALID;
    if (options.json) {
      const verdicts = c.verdicts.map((v) => ({ grammar: v.grammar, rule: v.rule, valid: v.valid, ...(v.error ? { error: JSON.parse(errorJson(input, v.error)).error } : {}) }));
      await write(`${JSON.stringify({ input, verdicts, notes: c.notes })}\n`);
      continue;
    }
    const lines = [`input      ${JSON.stringify(input)}`];
    for (const v of c.verdicts) {
      const label = GRAMMAR_TITLES[v.grammar].padEnd(36);
      lines.push(v.valid ? `${label} valid ${v.rule}` : `${label} invalid at offset ${v.error?.offset}: ${v.error?.message.replace(/^invalid [^ ]+ at offset \d+: /, '')}`);
    }
    for (const n of c.notes) lines.push(`note: ${n.message} (${n.section})`);
    await write(`${first ? '' : '\n'}${lines.join('\n')}\n`);
    first = false;
  }
  return status;
}

async function runConvert(command: 'to-uri' | 'to-iri', options: Options): Promise<number> {
  let status = EXIT_VALID;
  for await (const input of inputs(options.args)) {
    try {
      const out =
        command === 'to-uri'
          ? iriToUri(input, { normalize: options.nfc ? 'NFC' : undefined, host: options.idna ? 'idna' : 'percent-encode' })
          : uriToIri(input, { host: options.idna ? 'idna' : 'keep' });
      await write(`${out}\n`);
    } catch (e) {
      if (!(e instanceof SyntaxErrorClass || e instanceof IriConversionError)) throw e;
      status = EXIT_INVALID;
      await write(`invalid  ${JSON.stringify(input)}\n${indent(e instanceof SyntaxErrorClass ? e.format() : e.message)}\n`);
    }
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
    if (!['parse', 'validate', 'match', 'resolve', 'normalize', 'compare', 'extract', 'lint', 'grammars', 'to-uri', 'to-iri'].includes(command)) {
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
    if (command === 'grammars') return await runGrammars(options);
    if (command === 'to-uri' || command === 'to-iri') return await runConvert(command, options);
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
