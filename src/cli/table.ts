/**
 * The command table: every command's name, summary, usage, description,
 * options and run function, and the options of urigram itself. The option
 * parser, every help text and docs/cli.md, the command-line reference (checked by
 * test/cli-readme.test.ts) come from it; no list of commands is kept anywhere
 * else.
 */
import { GRAMMAR_TITLES, GRAMMARS, PARSED_GRAMMARS, REFERENCE_RULES, rulesOf } from '../core/grammars';
import { optionName, type Command, type OptionSpec } from './command';
import { usageLines, type MainHelp } from './args';
import { CATEGORIES } from '../conformance/suite';

/**
 * A command whose code is in a module of its own, loaded when the command first runs (or a worker of --jobs starts
 * for it): the table loads no command's code, and a worker only its command's (the whole table's commands, with the
 * document extractors and lint, were about 60 of a worker's 80 ms of start-up).
 */
function lazy<M>(module: () => Promise<M>, run: (m: M) => Command['run']): Pick<Command, 'run' | 'load'> {
  return { run: async (ctx) => run(await module())(ctx), load: module };
}
const commands = () => import('./commands');
const lintCommand = () => import('./lint-command');
const merge = () => import('./merge');
const operations = () => import('./operations');

const GRAMMAR_HELP = `the grammar: ${GRAMMARS.map((g, i) => `${g} (${i === 0 ? 'default, ' : ''}${GRAMMAR_TITLES[g]})`).join(', ')}`;
const GRAMMAR: OptionSpec = { flags: ['--grammar'], value: 'G', allowed: GRAMMARS, description: GRAMMAR_HELP };
/** For the commands that build a URI record (parse, resolve): the grammars whose registry line has records, not the scheme grammars. */
const PARSED_GRAMMAR_HELP = `the grammar: ${PARSED_GRAMMARS.map((g, i) => `${g} (${i === 0 ? 'default, ' : ''}${GRAMMAR_TITLES[g]})`).join(', ')}`;
const PARSED_GRAMMAR: OptionSpec = { flags: ['--grammar'], value: 'G', allowed: PARSED_GRAMMARS, description: PARSED_GRAMMAR_HELP };
const RULE: OptionSpec = {
  flags: ['--rule'],
  value: 'R',
  description: `the rule each input must match (default the first): ${GRAMMARS.map((g) => `${g === 'rfc3986' ? '' : `with ${g}: `}${REFERENCE_RULES[g].join(', ')}`).join('; ')}`,
};
const SCHEME: OptionSpec = {
  flags: ['--scheme'],
  description: "check each URI by its scheme's grammar too, where urigram has one (mailto RFC 6068, urn RFC 8141, data RFC 2397, file RFC 8089, http and https RFC 9110), and by what its RFC says in prose (docs/schemes.md); with the default grammar only",
};
const IRI_GRAMMAR: OptionSpec = { flags: ['--grammar'], value: 'G', allowed: ['rfc3986', 'rfc3987'], description: 'rfc3986 (default) or rfc3987: IRIs, by RFC 3987 5.3 (a host is lower-cased only when it is all ASCII)' };

const TYPE: OptionSpec = { flags: ['--type'], value: 'T', allowed: ['auto', 'markdown', 'html', 'source', 'text'], description: 'read every file as markdown, html, source (string literals and comments) or text (RFC 3986 Appendix C); auto (default) goes by the extension (.md, .html, .js and the like; anything else is text)' };
const CODE: OptionSpec = { flags: ['--code'], description: 'Markdown: also the URIs in code spans and code blocks (as text)' };
const JOBS: OptionSpec = { flags: ['--jobs'], value: 'N', description: 'run on N threads, N - 1 of them worker threads (default: the number of cores; 1: on the main thread alone), the output the same as with one, in content and order (docs/cli.md, "Jobs and shards")' };
const STDIN_JOBS: OptionSpec = { ...JOBS, description: `reading standard input: ${JOBS.description}` };
const MAX_INPUT: OptionSpec = {
  flags: ['--max-input-bytes'],
  value: 'N',
  description: 'the longest line of standard input read, in bytes (default 16M; K, M, G: KiB, MiB, GiB): a longer line is reported on that line as invalid input (exit 1), as soon as N bytes of it have come, and read past without being kept; the run goes on (docs/cli.md, "Endless input")',
};
const MAX_DOCUMENT: OptionSpec = {
  flags: ['--max-input-bytes'],
  value: 'N',
  description: 'the largest file (or standard input, "-") read, in bytes (default 16M; K, M, G: KiB, MiB, GiB): a larger one is said on standard error as a file that cannot be read is, read no further than N bytes, and the run goes on with the next (docs/cli.md, "Endless input")',
};
const PROGRESS: OptionSpec = { flags: ['--progress'], description: 'draw the progress line on standard error even when it is not a terminal (by default it is drawn when standard error is a terminal, standard output is not and the run goes on for over a second: what is done, the rate, the time so far; docs/cli.md, "Progress")' };
const NO_PROGRESS: OptionSpec = { flags: ['--no-progress'], description: 'never draw the progress line (wins over --progress)' };
const SHARD: OptionSpec = { flags: ['--shard'], value: 'I/N', description: 'read only the files of shard I of N: the files partitioned by size, each in exactly one shard, the same on every machine (docs/cli.md, "Jobs and shards"); urigram merge-sarif and merge-json join the shards\' logs' };
const STRICT_FILES: OptionSpec = { flags: ['--strict-files'], description: 'exit 66 when a file or directory found in a tree cannot be read (without it, each is said on standard error and the run goes on; a path named on the command line that yields no file fails the run either way; a file that is not UTF-8 is read by its byte-order mark, its declared encoding or as windows-1252, and said)' };

export const COMMANDS: readonly Command[] = [
  {
    name: 'parse',
    summary: 'print the components of each URI reference',
    usage: ['{options} [URI ...]'],
    description: `Prints the components of each URI reference: scheme, authority, userinfo, host (and which kind), port, path (and which of the five path rules), query, fragment, each exactly as written, with its [start, end) offsets. A component that is absent is shown as "absent", one that is present but empty as "". With rfc2396, "opaque" is the opaque part of a non-hierarchical URI and "form" the authority's form (server or reg_name). With no URI arguments, reads one URI per line from standard input.`,
    options: [PARSED_GRAMMAR, RULE, { ...SCHEME, description: `${SCHEME.description}; the scheme's components are printed too` }, { flags: ['--json'], description: 'one JSON object per line per input; absent components are null' }, STDIN_JOBS, MAX_INPUT],
    exits: '0 all inputs valid, 1 any input invalid',
    ...lazy(commands, (m) => m.runParse),
  },
  {
    name: 'validate',
    summary: 'say whether each URI reference is valid, and where not, why',
    usage: ['{options} [URI ...]'],
    description: 'Prints "valid" for each valid input and, for each invalid one, the error: where (offset), what was expected there and in which rule, with the input drawn and a caret under the offset. With no URI arguments, reads one URI per line from standard input.',
    options: [GRAMMAR, { ...RULE, description: 'the rule each input must match (see urigram help parse)' }, SCHEME, { flags: ['--quiet'], description: 'print only the invalid inputs' }, STDIN_JOBS, MAX_INPUT, PROGRESS, NO_PROGRESS],
    exits: '0 all inputs valid, 1 any input invalid',
    ...lazy(commands, (m) => m.runValidate),
  },
  {
    name: 'match',
    summary: 'say whether a string matches one rule of the grammar',
    usage: ['{options} RULE STRING'],
    // A getter: the rule names come from RFC 3986's recognizer, which only this help needs (not every command's start-up).
    get description() {
      return `Says whether the whole of STRING matches RULE, any rule of RFC 3986 Appendix A or a core rule it uses, by its ABNF name: ${rulesOf('rfc3986').join(' ')}. With --grammar rfc3987, any rule of RFC 3987 2.2; with --grammar rfc2396, any rule of grammar/rfc2396.abnf (RFC 2396 Appendix A, "_" written "-"); with --grammar rfc6570, any rule of RFC 6570 2 (URI Templates).`;
    },
    options: [GRAMMAR],
    exits: '0 it matches, 1 it does not',
    ...lazy(commands, (m) => m.runMatch),
  },
  {
    name: 'resolve',
    summary: 'resolve references against a base URI (RFC 3986 5.2, RFC 2396 5.2)',
    usage: ['{options} BASE REF ...'],
    description: 'Resolves each REF against BASE (RFC 3986 5.2) and prints the target URI. Nothing else is normalized. BASE must be an absolute URI; its fragment is dropped (5.2.1). A REF that cannot be resolved is reported, and the next one resolved.',
    options: [
      { ...PARSED_GRAMMAR, description: `${PARSED_GRAMMAR.description}; BASE and each REF must be valid in it (rfc3987: IRIs, RFC 3987 6.5)` },
      { flags: ['--algorithm'], value: 'A', allowed: ['rfc3986', 'rfc2396'], description: 'rfc3986 (default, RFC 3986 5.2) or rfc2396 (RFC 2396 5.2 as written, with the differences of RFC 3986 D.2)' },
      { flags: ['--non-strict'], description: 'the backwards-compatible reading of 5.2.2: a REF whose scheme equals BASE\'s is resolved as if it had none ("http:g")' },
      { flags: ['--json'], description: 'one JSON object per REF: {"base", "reference", "target"} or {"base", "reference", "error"}' },
    ],
    exits: '0 every REF resolved, 1 an invalid BASE or REF',
    ...lazy(commands, (m) => m.runResolve),
  },
  {
    name: 'grammars',
    summary: 'say which of RFC 3986, 3987 and 2396 accept each URI, and why',
    usage: ['{options} [URI ...]', '--table'],
    description: 'Says, side by side, whether each URI is valid by RFC 3986 (URI-reference), RFC 3987 (IRI-reference) and RFC 2396 with RFC 2732 (URI-reference), with the error where not, and names the differences between the grammars that bear on it, with the sections that say so. With no URI arguments, reads one per line from standard input.',
    options: [
      { flags: ['--json'], description: 'one JSON object per input' },
      { flags: ['--table'], description: 'print RFC 3986 Appendix D.2: each obsolete RFC 2396 rule and its RFC 3986 translation' },
      STDIN_JOBS,
      MAX_INPUT,
    ],
    exits: '0 valid by all three, 1 not valid by at least one',
    ...lazy(commands, (m) => m.runGrammars),
  },
  {
    name: 'to-uri',
    summary: 'map IRIs to URIs (RFC 3987 3.1)',
    usage: ['{options} [IRI ...]'],
    description: 'Maps each IRI reference to a URI reference (RFC 3987 3.1): every non-ASCII character as the %XX of its UTF-8 octets. With no arguments, reads one per line from standard input.',
    options: [
      { flags: ['--nfc'], description: 'normalize to NFC first (the original draft\'s step; RFC 3987 does not normalize text that is already Unicode)' },
      { flags: ['--idna'], description: 'a non-ASCII host becomes its IDNA A-label (UTS 46 ToASCII)' },
      STDIN_JOBS,
      MAX_INPUT,
    ],
    exits: '0 all converted, 1 an invalid IRI or a host IDNA rejects',
    ...lazy(commands, (m) => (ctx) => m.runConvert(ctx, 'to-uri')),
  },
  {
    name: 'to-iri',
    summary: 'convert URIs to IRIs (RFC 3987 3.2)',
    usage: ['{options} [URI ...]'],
    description: 'Converts each URI reference to an IRI reference (RFC 3987 3.2): the %XX of well-formed UTF-8 become characters where the component allows them; reserved and other ASCII, ill-formed UTF-8 and bidi formatting characters stay encoded. With no arguments, reads one per line from standard input.',
    options: [{ flags: ['--idna'], description: 'a host\'s xn-- labels become Unicode (UTS 46 ToUnicode), as RFC 3987 3.2.1 allows' }, STDIN_JOBS, MAX_INPUT],
    exits: '0 all converted, 1 an invalid URI',
    ...lazy(commands, (m) => (ctx) => m.runConvert(ctx, 'to-iri')),
  },
  {
    name: 'normalize',
    summary: 'normalize URI references (RFC 3986 6.2.2, 6.2.3)',
    usage: ['{options} [URI ...]'],
    description: 'Normalizes each URI reference: level "syntax" is RFC 3986 6.2.2 (case, percent-encoding, dot segments in a URI with a scheme); level "scheme", the default, adds 6.2.3 (empty and default ports, an empty path as "/", for the schemes whose specifications define them). With no URI arguments, reads one URI per line from standard input.',
    options: [
      IRI_GRAMMAR,
      { flags: ['--level'], value: 'L', allowed: ['syntax', 'scheme'], description: 'syntax or scheme (default scheme)' },
      { flags: ['--explain'], description: 'list each change: the step, the RFC section, the offset' },
      { flags: ['--json'], description: 'one JSON object per input: {"input", "result", "steps"}, or {"input", "error"}' },
      STDIN_JOBS,
      MAX_INPUT,
      PROGRESS,
      NO_PROGRESS,
    ],
    exits: '0 every input valid, 1 any input invalid',
    ...lazy(commands, (m) => m.runNormalize),
  },
  {
    name: 'compare',
    summary: 'say whether two URI references are equivalent, and at which level',
    usage: ['{options} A B'],
    description: 'Says whether A and B are equivalent by RFC 3986 6.2, and at which rung of its ladder (simple string, syntax-based, scheme-based) they became equal, or the first component where they differ.',
    options: [
      { ...IRI_GRAMMAR, description: 'rfc3986 (default) or rfc3987: compare IRIs (RFC 3987 5.3)' },
      { flags: ['--json'], description: 'one JSON object: {"a", "b", "equivalent", "level", "difference"}, or {"a", "b", "equivalent": false, "level": null, "error"} when A or B is invalid' },
    ],
    exits: '0 equivalent, 1 not equivalent (or an invalid input)',
    ...lazy(commands, (m) => m.runCompare),
  },
  {
    name: 'extract',
    summary: 'find the URIs in files: Markdown, HTML, source code, text',
    usage: ['{options} [FILE ...]'],
    description: 'Finds the URIs in each FILE ("-" or none: standard input; a directory is searched for Markdown, HTML and text files, and for the OpenAPI, AsyncAPI and JSON Schema documents in JSON and YAML by their content, a glob such as "docs/**/*.md" is matched, skipping what .gitignore ignores), by what the file is (its extension, or --type): Markdown by a CommonMark parser (link and image destinations, autolinks, reference definitions, raw HTML; code spans and blocks skipped unless --code), HTML by its URI-valued attributes (href, src, action, cite, ...), source code by its string literals and comments (the descriptions of an OpenAPI or AsyncAPI document as the Markdown they are), and text as RFC 3986 Appendix C describes: in <angle brackets> or "double quotes" (which may span lines but not a blank line, and lose their whitespace and any "URL:" prefix), or between whitespace (a scheme followed by "//", or mailto:, urn: and the like; trailing punctuation and unbalanced closing brackets are left out); in prose, quotes count only around something URI-like. Prints FILE:LINE:COLUMN of the URI\'s first character (lines end at LF; columns count UTF-16 code units from 1), the URI (escapes and character references decoded), and "invalid" for a URI that is not a valid RFC 3986 URI reference. A byte-order mark at the start of a file is skipped.',
    options: [
      { flags: ['--json'], description: 'one JSON object per URI: {"file", "line", "column", "uri", "raw", "delimited", "kind", "valid"}' },
      TYPE,
      CODE,
      STRICT_FILES,
      MAX_DOCUMENT,
      { ...JOBS, description: `${JOBS.description}; with "-" among the FILEs, one` },
      SHARD,
      PROGRESS,
      NO_PROGRESS,
    ],
    exits: '0 the files were read (invalid URIs are reported, not failures; a file or directory found in a tree that cannot be read is said on standard error, and the run goes on), 66 a path named that yields no file or cannot be read, and with --strict-files a file or directory found in a tree that cannot be read',
    ...lazy(commands, (m) => m.runExtract),
  },
  {
    name: 'lint',
    summary: 'report every problem in URIs, with positions, codes and fixes',
    usage: ['{options} [URI ...]', '{options} --extract PATH ...'],
    description: 'Reports the problems in each URI: syntax errors, forms only browsers accept (non-ASCII characters, "|" and the like), security concerns (RFC 3986 section 7), and with --preset normalize or strict what normalization would change; each with its position, severity, message and code. The default preset, recommended, reports the errors and warnings: what an author should act on. The rules and presets are in docs/lint-rules.md. With no URI arguments, reads one URI per line from standard input (positions are "-:LINE:COLUMN"). With --extract, lints every URI found in the given files, directories and globs as urigram extract finds them ("-" is standard input), at FILE:LINE:COLUMN. The configuration is the nearest .urigramrc.json in the working directory or above (or --config): the preset, rules switched off or re-graded, URIs (regular expressions) and paths (globs) to ignore, the extensions to search directories for, the template placeholder syntaxes to read as holes; --preset, --rule, --ext and --ignore win over it. A file that is not UTF-8 is read by its byte-order mark, its declared encoding (<meta charset>, an XML declaration) or as windows-1252, and said; a path named that yields no file or cannot be read fails the run (exit 66); a file or directory found in a tree that cannot be read is said, and the run goes on (exit 66 with --strict-files). With --extract of a directory (or --links), the relative links of Markdown and HTML files are checked against the files: the file or directory each names, its case, the anchor its fragment names (docs/lint.md, "Link integrity"). In a file, a comment "urigram-disable-next-line [CODE ...]", "urigram-disable [CODE ...]" or "urigram-enable [CODE ...]" (HTML, Markdown, //, /* */ or #) switches rules off for the next line or until enabled. The text output ends with a summary line.',
    options: [
      { flags: ['--format'], value: 'F', allowed: ['text', 'json', 'ndjson', 'sarif'], description: 'text (default: FILE:LINE:COL  severity  message  code, and a summary), json (one document: {"results", "summary"}), ndjson (one JSON object per URI) or sarif (SARIF 2.1.0 for code scanning, written as the results come)' },
      { flags: ['--grammar'], value: 'G', allowed: ['rfc3986'], allowedNote: ' (the lint rules are written for RFC 3986)', description: 'the grammar: rfc3986 (the only one the lint rules are written for)' },
      { flags: ['--extract'], description: 'the arguments are files, directories or globs to find URIs in' },
      TYPE,
      CODE,
      { flags: ['--config'], value: 'FILE', description: 'the configuration file (default: the nearest .urigramrc.json in the working directory or above)' },
      { flags: ['--no-config'], description: 'no configuration file' },
      { flags: ['--standard'], value: 'S', allowed: ['rfc3986', 'whatwg-url', 'auto'], description: "the standard that decides whether a URI is valid: rfc3986 (default), whatwg-url (the URL Standard's valid URL string, the HTML Standard's rule for an href: rule url-writing) or auto (whatwg-url for links' destinations in HTML and Markdown, rfc3986 in text and code)" },
      { flags: ['--preset'], value: 'P', allowed: ['recommended', 'normalize', 'strict'], description: 'the rules on: recommended (default: errors and warnings), normalize (and the normalization rules, whose safe fixes --fix writes) or strict (every rule)' },
      { flags: ['--rule'], value: 'CODE=S', repeatable: true, description: 'switch a rule, or the group browser-accepted or normalization, off or give it a severity: S is off, info, warning or error (over the preset and the configuration; may be repeated)' },
      { flags: ['--ext'], value: 'EXT', repeatable: true, description: 'with --extract: the extensions a directory is searched for, instead of the configuration\'s (md,html; may be repeated)' },
      { flags: ['--ignore'], value: 'GLOB', repeatable: true, description: 'with --extract: paths not to read (globs relative to the working directory, besides the configuration\'s ignorePatterns and .gitignore; may be repeated)' },
      STRICT_FILES,
      { flags: ['--quiet'], description: 'report errors only (warnings still count for --max-warnings)' },
      { flags: ['--max-warnings'], value: 'N', description: 'exit 1 when there are more than N warnings' },
      { flags: ['--links'], description: 'with --extract: check the relative links of Markdown and HTML files against the files (on by default when a directory is among the PATHs): the file or directory each names, its case, a directory\'s index file, the anchor its fragment names (docs/lint.md, "Link integrity")' },
      { flags: ['--no-links'], description: 'with --extract: do not check relative links, even of a directory' },
      { flags: ['--site-root'], value: 'DIR', description: 'with link integrity: the directory that site-absolute paths ("/docs/x") resolve against (without one, such links are not checked)' },
      { flags: ['--template-property'], value: 'NAME', repeatable: true, description: 'with --extract, in JSON files: a member name whose string values are URI Templates (RFC 6570), checked as templates and not as URIs (default uriTemplate; may be repeated); so are JSON Hyper-Schema links[].href and OpenAPI servers[].url' },
      { flags: ['--fix'], description: 'with --extract: write the safe fixes of the rules on (those of normalization, with --preset normalize or strict, which keep each URI equivalent; suggestions such as dropping a "URL:" prefix are reported, not written) back to the files in their encoding, never inside code nor where a URI\'s end is not certain, then report what is left' },
      { ...MAX_INPUT, description: `reading standard input: ${MAX_INPUT.description}; with --extract: ${MAX_DOCUMENT.description}` },
      { ...JOBS, description: `reading standard input or with --extract: ${JOBS.description}; with "-" among the PATHs, one` },
      { ...SHARD, description: `with --extract: ${SHARD.description}` },
      PROGRESS,
      NO_PROGRESS,
    ],
    exits: '0 nothing at error level (and no more warnings than --max-warnings), 1 errors found or too many warnings, 66 a path named that yields no file or cannot be read, and with --strict-files a file or directory found in a tree that cannot be read',
    ...lazy(lintCommand, (m) => m.runLint),
  },
  {
    name: 'merge-sarif',
    summary: "join the SARIF logs of lint's shards into one log",
    usage: ['LOG ...'],
    description: 'Joins SARIF logs that lint --format sarif wrote, one per shard (lint --extract --shard I/N), into the log of the whole run, for code scanning: one run with the first log\'s tool, the rules once each, the results of each LOG in the order given (within a LOG, in its order), and one invocation with every LOG\'s notifications, each once. Each LOG is read twice, one at a time.',
    options: [],
    exits: '0 joined, 1 joined and a result is at level error, 66 a shard\'s log records that its run exited 66 (a path named that yields no file) (as lint would have exited on the whole run)',
    ...lazy(merge, (m) => m.runMergeSarif),
  },
  {
    name: 'merge-json',
    summary: "join the JSON documents of lint's shards into one",
    usage: ['DOC ...'],
    description: 'Joins documents that lint --format json wrote, one per shard (lint --extract --shard I/N), into the document of the whole run: the results of each DOC in the order given (within a DOC, in its order), and the summary\'s counts summed (tooManyWarnings from the sum; the DOCs must agree on --max-warnings).',
    options: [],
    exits: '0 joined, 1 joined and the whole run has errors or too many warnings, 66 a shard\'s document records that its run exited 66 (a path named that yields no file) (as lint would have exited on the whole run)',
    ...lazy(merge, (m) => m.runMergeJson),
  },
  {
    name: 'conformance',
    summary: 'run the conformance suite against an implementation',
    usage: ['{options}'],
    description: 'Runs the conformance suite (conformance/ in the package; its README describes the cases and the protocol) against urigram itself, an adapter module (--adapter: a JavaScript module exporting a function per operation it supports), or any program (--exec: requests and answers as JSON lines on its standard input and output; a case that crashes the program or outlasts the time limit is reported on that case, and the program is started again). Reports, per category and for the core profile, the cases passed, failed and not supported, the score over the cases answered beside the coverage (the cases answered, of all), validity per rule, and the failures grouped by cause with the shortest examples; --format json lists every failing and unsupported case by id. With --baseline, failures the baseline lists are known and only a change fails the run: a new failure, a known one that no longer fails, or a case answered that no longer is. --list-rules prints the grammars and rules the suite asks about instead, and runs nothing.',
    options: [
      { flags: ['--adapter'], value: 'MODULE', description: 'a JavaScript module (CommonJS or ES) exporting validate, errorOffset, components, resolve, removeDotSegments, normalize, equivalent, iriToUri, uriToIri, percentEncode, percentDecode, templateValidate, templateExpand, whatwgValidate, whatwgValidationErrors: those it supports' },
      { flags: ['--exec'], value: 'CMD', description: 'a command line, run by the shell, that speaks the JSON-lines protocol' },
      { flags: ['--category'], value: 'C', description: `only these categories, comma-separated: ${CATEGORIES.join(', ')}` },
      { flags: ['--format'], value: 'F', allowed: ['text', 'json', 'markdown', 'svg', 'junit'], description: 'text (default), json (every failing and unsupported case by id), markdown, svg (a bar chart) or junit (JUnit XML: one test case per case, a test suite per category)' },
      { flags: ['--output'], value: 'FILE', description: 'write the report in --format to FILE (atomically), and the text report to standard output' },
      { flags: ['--baseline'], value: 'FILE', description: 'known failures and answered cases (a file --write-baseline wrote): exit 1 only on a change: a new failure, a listed one that no longer fails, or a case it has answered that no longer is (a baseline written before urigram recorded the answered cases is read, and coverage not checked)' },
      { flags: ['--write-baseline'], value: 'FILE', description: "write this run's failures and answered cases to FILE (atomically) as the baseline, keeping its entries for categories not run; failures then do not fail the run" },
      { flags: ['--min-score'], value: 'CATEGORY=N', repeatable: true, description: 'exit 1 when the score over the cases answered in CATEGORY (or core, the profile) is under N percent (may be repeated)' },
      { flags: ['--min-coverage'], value: 'CATEGORY=N', repeatable: true, description: 'exit 1 when the cases answered in CATEGORY (or core, the profile), of all its cases, are under N percent (may be repeated); a failure still fails the run unless --baseline or --min-score says otherwise' },
      { flags: ['--timeout'], value: 'MS', description: 'the time limit per case in milliseconds (default 5000); with --exec, the first case also has up to 30 s for the program to start, until its first line, granted again after a restart only while no start has spent it without writing a line' },
      { flags: ['--max-time'], value: 'MS', description: 'the time limit of the whole run in milliseconds: the case being asked when it comes and every case after it are not run (the report lists them), no baseline is written, and the run exits 1' },
      { flags: ['--suite'], value: 'DIR', description: 'a suite other than the one in the package (a folder with suite.json: a vendored copy)' },
      { flags: ['--list-rules'], description: 'print the grammars and rules the cases ask about (validity, error-offset and components ask by rule), with their cases per category, and run nothing; takes --category, --suite and --format text or json' },
      PROGRESS,
      NO_PROGRESS,
    ],
    exits: '0 nothing failed (cases not supported are no failure; with --baseline, nothing changed from it; with --min-score, every minimum met), every --min-coverage met and the run not stopped by --max-time. 1 otherwise',
    ...lazy(() => import('./conformance'), (m) => m.runConformance),
  },
  {
    name: 'relativize',
    summary: 'the shortest reference from a base to each target (RFC 3986 5.2, inverted)',
    usage: ['{options} BASE TARGET ...'],
    description: 'Prints, for each TARGET, the shortest reference that resolves back to it against BASE by RFC 3986 5.2 (strict): a relative path, an absolute path, a network-path reference, or the whole URI when the schemes differ. A TARGET with dot segments comes back as resolve writes it, without them.',
    options: [
      { flags: ['--keep'], value: 'K', allowed: ['absolute-path', 'authority'], description: 'absolute-path: never shorter than an absolute path; authority: always from "//"' },
      { flags: ['--json'], description: 'one JSON object per TARGET: {"base", "target", "reference"} or {"base", "target", "error"}' },
    ],
    exits: '0 every TARGET relativized, 1 an invalid BASE or TARGET',
    ...lazy(operations, (m) => m.runRelativize),
  },
  {
    name: 'build',
    summary: 'compose URIs from their parts, each percent-encoded as its component needs',
    usage: ['{options} [PARTS ...]'],
    description: 'Composes a URI from each PARTS, a JSON object with any of "scheme", "userinfo", "host", "port", "path" (a string, or an array of segments), "query", "fragment", each given as data and percent-encoded as its component needs (RFC 3986 2.1, 3); what 3.3 forbids (an authority with a rootless path, a path beginning "//" without one, ":" in the first segment of a relative reference) is refused, naming the part. With no arguments, reads one JSON object per line from standard input.',
    options: [
      { flags: ['--keep-percent-encoded'], description: 'the parts are already partly encoded: a "%" followed by two hex digits is kept' },
      { flags: ['--json'], description: 'one JSON object per input: {"parts", "uri"} or {"parts", "error"}' },

      MAX_INPUT,
    ],
    exits: '0 every URI built, 1 a PARTS refused',
    ...lazy(operations, (m) => m.runBuild),
  },
  {
    name: 'redact',
    summary: 'hide passwords (and other secrets) in URIs for logs (RFC 3986 3.2.1, 7.5)',
    usage: ['{options} [URI ...]'],
    description: 'Prints each URI reference with the password of its userinfo masked ("user:****"), or as --userinfo says, and the values of the query parameters named by --query masked; the result is still a valid URI reference. An input that is not a URI is reported by its number and the error: it is never echoed, masked or not. With no URI arguments, reads one URI per line from standard input.',
    options: [
      { flags: ['--userinfo'], value: 'M', allowed: ['password', 'mask', 'remove', 'keep'], description: 'password (default): mask what follows the first ":"; mask: the whole userinfo; remove: drop it and its "@"; keep: leave it' },
      { flags: ['--query'], value: 'NAMES', description: 'comma-separated names of query parameters whose values are masked' },
      { flags: ['--mask'], value: 'TEXT', description: 'the mask (default ****), percent-encoded as needed' },
      { flags: ['--json'], description: 'one JSON object per input: {"redacted"}, or for an input that is not a URI {"input": its number, "error"}; the input itself is never written out' },

      MAX_INPUT,
    ],
    exits: '0 every URI redacted, 1 an invalid URI',
    ...lazy(operations, (m) => m.runRedact),
  },
  {
    name: 'whatwg',
    summary: 'where browsers read a URI otherwise: RFC 3986 beside the WHATWG URL Standard',
    usage: ['{options} [URI ...]'],
    description: 'Reads each URI by RFC 3986 (or RFC 3987) and by the WHATWG URL Standard, as browsers and Node\'s URL do (the runtime\'s own URL), and prints the two readings side by side, component by component, then the verdict (same, differs, rfc3986-only, whatwg-only, neither) and each difference with its class and a caret under its cause (a backslash, a stripped tab, a hexadecimal IPv4 part ...), and each note (written otherwise, equal after RFC 3986 6.2.2 and 6.2.3). A difference in the scheme, the userinfo, the host or the port is a security difference: where a request goes and with which credentials. The classes are in docs/whatwg.md. With no URI arguments, reads one URI per line from standard input.',
    options: [
      { flags: ['--grammar'], value: 'G', allowed: ['rfc3986', 'rfc3987'], description: 'rfc3986 (default) or rfc3987: read each input as an IRI' },
      { flags: ['--base'], value: 'URI', description: 'read each input against this base (RFC 3986 5.2; the URL parser\'s base), an absolute URI both read' },
      { flags: ['--json'], description: 'one JSON object per input: compareWithWhatwg\'s result' },
      { flags: ['--table'], description: 'one Markdown table: each input, what WHATWG reads, what RFC 3986 reads, the verdict and the classes' },

      MAX_INPUT,
    ],
    exits: '0 no security difference, 1 a difference of scheme, userinfo, host or port in some input',
    ...lazy(() => import('./whatwg-command'), (m) => m.runWhatwg),
  },
  {
    name: 'readings',
    summary: 'every parser of a stack side by side: where any two read another host',
    usage: ['{options} [URI ...]'],
    description:
      'Reads each URI with every reader of --readers and prints one table per input (rows: the readers; columns: scheme, userinfo, host, port, path, query, fragment; "-" where a reader has none), the hosts each group of readers reads, and each cause of a difference between two readers, once, with its class (those of urigram whatwg, and host-delimiter, refused: docs/whatwg.md), a caret under it and the pairs of readers that show it. A difference in the scheme, the userinfo, the host or the port is a security difference: where a request goes and with which credentials. Built-in readers: rfc3986 (urigram\'s parse), whatwg (the runtime\'s URL: browsers, fetch), node-legacy (Node\'s url.parse); any other name is asked of the conformance adapters (python, go, java, uriparser: the protocol\'s reading operation), and one that cannot be started is said on standard error. With no URI arguments, reads one URI per line from standard input.',
    options: [
      { flags: ['--readers'], value: 'NAMES', description: 'comma-separated reader names (default rfc3986,whatwg,node-legacy)' },
      { flags: ['--base'], value: 'URI', description: 'read each input against this base, which every reader must read' },
      { flags: ['--grammar'], value: 'G', allowed: ['rfc3986', 'rfc3987'], description: 'the rfc3986 reader\'s grammar: rfc3986 (default) or rfc3987 (IRIs)' },
      { flags: ['--format'], value: 'F', allowed: ['text', 'json'], description: 'text (default) or json: one JSON object per input, compareReadings\' result (readers, readings, pairs, security)' },

      MAX_INPUT,
    ],
    exits: '0 no security difference, 1 two readers read another scheme, userinfo, host or port of some input',
    ...lazy(() => import('./readings-command'), (m) => m.runReadings),
  },
  {
    name: 'template',
    summary: 'parse, expand and match URI Templates (RFC 6570)',
    usage: ['parse {options} [TEMPLATE ...]', 'expand --vars JSON {options} [TEMPLATE ...]', 'match {options} TEMPLATE [URI ...]'],
    description:
      'URI Templates (RFC 6570, Levels 1 to 4). parse prints each template\'s literals and expressions with their [start, end) offsets and the template\'s level, or, for a text that is not a template, the error: where (offset), what was expected and in which rule, with a caret; an operator that RFC 6570 2.2 reserves for future extensions (= , ! @ |) is refused. expand prints each template expanded with the variables of --vars (a JSON object: strings, numbers, lists as arrays, associative arrays as objects; null is undefined), a URI reference (an IRI with --iri). match prints, for each URI, the variables with which TEMPLATE expands to it (decoded; a JSON object), or "no match"; where several would, the rules of docs/templates.md choose. With no TEMPLATE (or URI) arguments, reads one per line from standard input.',
    options: [
      { flags: ['--vars'], value: 'JSON', description: 'template expand: the variables, a JSON object' },
      { flags: ['--iri'], description: 'expand: write ucschar characters as themselves (an IRI); match: the URIs may be IRIs' },
      { flags: ['--json'], description: 'one JSON object per input: parse {"template", "valid", "level", "variables", "parts"}, expand {"template", "expanded"}, match {"template", "uri", "matches", "variables"}; an error as {"valid": false, "error"}' },

      MAX_INPUT,
    ],
    exits: '0 every template valid (parse), expanded (expand) or matched (match); 1 otherwise',
    ...lazy(() => import('./template-command'), (m) => m.runTemplate),
  },
  {
    name: 'playground',
    summary: 'serve the playground page on localhost and print its address',
    usage: ['{options}'],
    description: 'Serves the playground (a static page, in the package: it works as well opened from the disk) on 127.0.0.1 and prints its address; Ctrl-C stops it. Type a URI and see it parsed by RFC 3986, 3987 or 2396 (each component coloured, with its span), or why not (the caret, the expected items, the rule path and the railroad diagram of the rule), resolved, normalized step by step, linted (fixes applied on a click) and converted between IRI and URI; the address keeps the case, so a link reproduces it. The grammar pages (every rule as a railroad diagram beside its ABNF) are served beside it.',
    options: [{ flags: ['--port'], value: 'N', description: 'the port (default 3986); 0 picks a free one' }],
    exits: '0 stopped',
    ...lazy(() => import('./playground'), (m) => m.runPlayground),
  },
];

/** -h/--help, which every command takes besides its own options. */
export const HELP: OptionSpec = { flags: ['-h', '--help'], description: 'print this help' };

/** The options of urigram itself, before any command. */
export const TOP_OPTIONS: readonly OptionSpec[] = [
  { flags: ['-h', '--help'], description: 'help for urigram or for a command (urigram parse --help)' },
  { flags: ['-v', '--version'], description: "print urigram's version" },
];

/** The exit codes every command shares, after its own 0 and 1, as the top-level help says them. */
export const EXITS = '2 usage error or an input that cannot be read (for extract and lint --extract, standard input or the configuration: a file or directory found in a tree is said and the run goes on, see --strict-files; a path named that yields no file is 66), 74 the output cannot be written, 70 internal error (a bug in urigram)';

/**
 * The exit codes a command shares with the others, after its own 0 and 1, as its help says them: only its own options
 * are named (the note on files that cannot be read is for the commands that take --strict-files).
 */
export function exitsOf(command: Command): string {
  const takes = (flag: string) => command.options.some((o) => optionName(o) === flag);
  const files = takes('--strict-files') ? ` (standard input${takes('--config') ? ' or the configuration' : ''}; a file or directory found in a tree that cannot be read is said and the run goes on, see --strict-files; a path named that yields no file is 66)` : '';
  return `2 usage error or an input that cannot be read${files}, 74 the output cannot be written, 70 internal error (a bug in urigram)`;
}

/** The top-level help: the commands and options are the table's. */
export const MAIN_HELP: MainHelp = {
  usage: ['urigram <command> [options] [arguments]', 'urigram help [COMMAND]'],
  about: "Strict RFC 3986 URI parsing, from a parser generated from the RFC's ABNF;\nRFC 3987 (IRIs) and RFC 2396 (the older grammar) by the same pipeline.",
  commands: COMMANDS,
  options: TOP_OPTIONS,
  exits: `Exit codes: 0 every input valid, 1 any input invalid (for each command, see its help), ${EXITS}. When several apply, the highest.`,
};

/** The command of that name: a lookup in the table, so "constructor" or "__proto__" is no command. */
export function commandNamed(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/** Each command's name, usage lines and options (by their long flags), as the help shows them. */
export function commandTable(): Array<{ name: string; usage: string[]; options: string[] }> {
  return COMMANDS.map((c) => ({ name: c.name, usage: usageLines(c), options: c.options.map(optionName) }));
}
