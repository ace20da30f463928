/**
 * npm run bench [-- --rounds N] [-- --worst] [-- --quick]
 *
 * Measures urigram against fast-uri, uri-js, url-parse and Node's URL, side by
 * side in one process, and writes the tables into BENCHMARKS.md.
 *
 * - Throughput: for each operation (parse into a record, isValid, resolve,
 *   normalize) and each input set (test/corpus/web-urls.txt,
 *   test/corpus/file-urls.txt, the RFC 3986 examples), every library runs
 *   over every line, valid or not, in rounds; the order of the libraries is
 *   shuffled in each round (interleaved, so that a noisy machine hurts them
 *   alike), tinybench times each pass, and the table gives the median ops/s
 *   over the rounds and the ratio to fast-uri, with how many lines each
 *   library accepted and rejected.
 * - Cold start (scripts/cold-start.ts): fresh node processes that load a
 *   library, validate and parse one URI, alternating; medians above bare node.
 * - CLI throughput: `urigram validate` on a million lines of standard input,
 *   lines/s and peak memory.
 * - The error path (scripts/bench-errors.ts): an invalid input, explained,
 *   against a valid parse of the same length, short and 10 k / 1 M long.
 * - Issue 36's error path (scripts/bench-real-errors.ts): the corpus's invalid
 *   lines and valid lines with a character inserted, against valid parses of
 *   the same lines, warm and in the first calls of fresh processes.
 * - Whether the automaton's state decides a rejection's diagnosis, and what a
 *   rejection costs besides it (scripts/state-diagnosis.ts).
 * - Where the time goes (scripts/bench-profile.ts): a profile per operation and
 *   the per-character floor of a table-driven automaton.
 * - --worst: hostile input families at 1k, 10k, 100k and 1M characters, ns per
 *   character for each size and library, for urigram's three back ends
 *   (automaton, recognizer, peggy) and its error path.
 *
 * urigram is measured as users run it: the build (dist/src/index.js, whose
 * core is bundled and minified), which `npm run build` makes.
 *
 * Medians and ratios, never single runs: the machines are noisy.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Bench } from 'tinybench';
// The build users run (dist/src/index.js: the bundled, minified core), not the TypeScript sources through ts-node.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built package, typed by its sources
const urigram = require('../dist/src/index.js') as typeof import('../src');
import { peggyOracle } from './peggy-oracle';
import { recognizes } from '../src/core/backends';
import { coldStart, coldStartTable, median, shuffle } from './cold-start';
import { RFC3986_FAMILIES, OTHER_GRAMMAR_FAMILIES } from '../test/support/hostile';
import { replaceSection } from './report';
import { errorTable, measureErrors } from './bench-errors';
import { measureFresh, measureRealErrors, realErrorHead, realErrorTable } from './bench-real-errors';
import { measureProfile, profileHead, profileTable } from './bench-profile';
import { measureFloor, measureStates, stateReport } from './state-diagnosis';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a peer loaded as its users load it, typed here with what the benchmark calls
const fastUri = require('fast-uri') as {
  parse(s: string): { error?: string };
  resolve(base: string, ref: string): string;
  normalize(s: string): string;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a peer, typed here with what the benchmark calls
const uriJs = require('uri-js') as { parse(s: string): { error?: string }; resolve(base: string, ref: string): string; normalize(s: string): string };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a peer without type declarations
const UrlParse = require('url-parse') as new (s: string, base?: string) => { href: string };

const root = path.resolve(__dirname, '..');
const corpusDir = path.join(root, 'test', 'corpus');

interface Args {
  rounds: number;
  worst: boolean;
  quick: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { rounds: 7, worst: false, quick: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--rounds') args.rounds = Number(argv[++i]);
    else if (argv[i] === '--worst') args.worst = true;
    else if (argv[i] === '--quick') args.quick = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!Number.isInteger(args.rounds) || args.rounds < 1) throw new Error('--rounds needs a positive integer');
  return args;
}

/** An implementation of one operation: returns whether it accepted the line (for the accepted/rejected counts). */
type Impl = (line: string) => boolean;

const attempt =
  (f: (line: string) => unknown): Impl =>
  (line) => {
    try {
      f(line);
      return true;
    } catch {
      return false;
    }
  };

const RESOLVE_BASE = 'http://a/b/c/d;p?q';

const OPERATIONS: Record<string, { note: string; libs: Record<string, Impl>; only?: (line: string) => boolean }> = {
  'parse into a record': {
    note: 'urigram: tryParse, a full record (or a UriSyntaxError with offset, expected set and rule path); fast-uri and uri-js: their parse (a lenient split that flags some errors); url-parse: never rejects; URL: WHATWG parsing, absolute URLs only.',
    libs: {
      urigram: (l) => urigram.tryParse(l).ok,
      'fast-uri': (l) => fastUri.parse(l).error === undefined,
      'uri-js': (l) => uriJs.parse(l).error === undefined,
      'url-parse': attempt((l) => new UrlParse(l)),
      URL: attempt((l) => new URL(l)),
    },
  },
  'parse, lines both accept': {
    note: "the same, on the lines of each set that both urigram and URL accept (issue 18's measure of parse against URL: on the others one of them throws).",
    libs: {
      urigram: (l) => urigram.tryParse(l).ok,
      'fast-uri': (l) => fastUri.parse(l).error === undefined,
      URL: attempt((l) => new URL(l)),
    },
    only: (l) => urigram.isValid(l) && URL.canParse(l),
  },
  isValid: {
    note: 'urigram: isValid (strict RFC 3986 URI-reference); the others: their parse with its error flag, or URL.canParse (WHATWG, which is not RFC 3986).',
    libs: {
      urigram: (l) => urigram.isValid(l),
      'fast-uri': (l) => fastUri.parse(l).error === undefined,
      'uri-js': (l) => uriJs.parse(l).error === undefined,
      URL: (l) => URL.canParse(l),
    },
  },
  resolve: {
    note: `each line as a reference against ${RESOLVE_BASE}. urigram validates both and normalizes nothing; URL and url-parse apply WHATWG rules.`,
    libs: {
      urigram: attempt((l) => urigram.resolve(RESOLVE_BASE, l)),
      'fast-uri': attempt((l) => fastUri.resolve(RESOLVE_BASE, l)),
      'uri-js': attempt((l) => uriJs.resolve(RESOLVE_BASE, l)),
      'url-parse': attempt((l) => new UrlParse(l, RESOLVE_BASE).href),
      URL: attempt((l) => new URL(l, RESOLVE_BASE).href),
    },
  },
  'resolve, lines both accept': {
    note: `the same, on the lines of each set that both urigram and URL resolve against ${RESOLVE_BASE} (issue 36's measure: on the others one of them throws).`,
    libs: {
      urigram: attempt((l) => urigram.resolve(RESOLVE_BASE, l)),
      'fast-uri': attempt((l) => fastUri.resolve(RESOLVE_BASE, l)),
      URL: attempt((l) => new URL(l, RESOLVE_BASE).href),
    },
    only: (l) => urigram.isValid(l) && URL.canParse(l, RESOLVE_BASE),
  },
  normalize: {
    note: 'urigram: normalize (RFC 3986 6.2.2 and 6.2.3, rejecting invalid input); fast-uri and uri-js: their normalize; URL: new URL(x).href (WHATWG serialization).',
    libs: {
      urigram: attempt((l) => urigram.normalize(l)),
      'fast-uri': attempt((l) => fastUri.normalize(l)),
      'uri-js': attempt((l) => uriJs.normalize(l)),
      URL: attempt((l) => new URL(l).href),
    },
  },
  'normalize, lines both accept': {
    note: "the same, on the lines of each set that both urigram and URL accept (issue 36's measure: on the others one of them throws).",
    libs: {
      urigram: attempt((l) => urigram.normalize(l)),
      'fast-uri': attempt((l) => fastUri.normalize(l)),
      URL: attempt((l) => new URL(l).href),
    },
    only: (l) => urigram.isValid(l) && URL.canParse(l),
  },
};

function rfcExamples(): string[] {
  const text = fs.readFileSync(path.join(root, 'grammar', 'rfc3986.txt'), 'utf8');
  const examples = new Set<string>();
  for (const m of text.matchAll(/^\s+"([^"]*)"\s+=\s+"([^"]*)"/gm)) {
    examples.add(m[2]);
  }
  for (const m of text.matchAll(/^\s{6,}((?:ftp|http|ldap|mailto|news|tel|telnet|urn|foo):\S+)\s*$/gm)) examples.add(m[1]);
  return [...examples];
}

function inputSets(quick: boolean): Record<string, string[]> {
  const sets: Record<string, string[]> = {};
  for (const file of ['web-urls.txt', 'file-urls.txt']) {
    const p = path.join(corpusDir, file);
    if (!fs.existsSync(p)) continue;
    const lines = fs.readFileSync(p, 'utf8').split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    sets[file] = quick ? lines.slice(0, 5000) : lines;
  }
  sets['RFC 3986 examples'] = rfcExamples();
  return sets;
}

interface Row {
  op: string;
  set: string;
  lib: string;
  opsPerSecond: number;
  accepted: number;
  rejected: number;
}

async function throughput(args: Args): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [setName, setLines] of Object.entries(inputSets(args.quick))) {
    for (const [op, { libs, only }] of Object.entries(OPERATIONS)) {
      const lines = only === undefined ? setLines : setLines.filter(only);
      const samples: Record<string, number[]> = {};
      const counts: Record<string, [number, number]> = {};
      for (const [lib, impl] of Object.entries(libs)) {
        let accepted = 0;
        for (const l of lines) if (impl(l)) accepted++;
        counts[lib] = [accepted, lines.length - accepted];
        samples[lib] = [];
      }
      // RFC examples are few: repeat them so that a pass lasts long enough to time.
      const repeat = Math.max(1, Math.ceil(20000 / lines.length));
      for (let round = 0; round < args.rounds; round++) {
        const bench = new Bench({ iterations: 2, warmupIterations: 1, time: 0, warmupTime: 0 });
        for (const lib of shuffle(Object.keys(libs))) {
          const impl = libs[lib];
          bench.add(lib, () => {
            for (let r = 0; r < repeat; r++) for (let i = 0; i < lines.length; i++) impl(lines[i]);
          });
        }
        await bench.run();
        for (const task of bench.tasks) {
          const result = task.result as unknown as { latency?: { mean: number }; period?: number };
          const ms = result.latency?.mean ?? result.period ?? NaN;
          samples[task.name].push((lines.length * repeat) / (ms / 1000));
        }
      }
      for (const lib of Object.keys(libs)) {
        rows.push({ op, set: setName, lib, opsPerSecond: median(samples[lib]), accepted: counts[lib][0], rejected: counts[lib][1] });
      }
      process.stdout.write(`  ${setName} / ${op}: ${Object.keys(libs).map((l) => `${l} ${fmt(rows.find((r) => r.set === setName && r.op === op && r.lib === l)!.opsPerSecond)}`).join(', ')}\n`);
    }
  }
  return rows;
}

const fmt = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M/s` : `${(n / 1e3).toFixed(0)} k/s`);

function cliThroughput(): { lines: number; seconds: number; peakMB: number | undefined } | undefined {
  const web = path.join(corpusDir, 'web-urls.txt');
  if (!fs.existsSync(web)) return undefined;
  const lines = fs.readFileSync(web, 'utf8').split('\n').filter((l) => l !== '');
  const file = path.join(os.tmpdir(), `urigram-million-${process.pid}.txt`);
  const out = fs.openSync(file, 'w');
  const million = 1_000_000;
  for (let i = 0; i < million; i += lines.length) fs.writeSync(out, `${lines.slice(0, Math.min(lines.length, million - i)).join('\n')}\n`);
  fs.closeSync(out);
  try {
    const cli = path.join(root, 'dist', 'src', 'cli.js');
    const timeBin = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
    const t = process.hrtime.bigint();
    const r = timeBin
      ? spawnSync(timeBin, ['-f', '%M', process.execPath, cli, 'validate', '--quiet'], { stdio: [fs.openSync(file, 'r'), 'ignore', 'pipe'], encoding: 'utf8' })
      : spawnSync(process.execPath, [cli, 'validate', '--quiet'], { stdio: [fs.openSync(file, 'r'), 'ignore', 'ignore'] });
    const seconds = Number(process.hrtime.bigint() - t) / 1e9;
    const kb = timeBin ? Number((r.stderr as string).trim().split('\n').pop()) : NaN;
    return { lines: million, seconds, peakMB: Number.isFinite(kb) ? kb / 1024 : undefined };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const WORST_LIBS: Record<string, (s: string) => unknown> = {
  'urigram isValid (automaton)': (s) => urigram.isValid(s),
  'urigram tryParse (with the error)': (s) => urigram.tryParse(s),
  'recognizer (back end 2)': (s) => recognizes(s, 'URI_reference'),
  // peggy's parser is the tests' oracle (scripts/peggy-oracle.ts): its one build is traced, run here with a tracer that does nothing.
  'peggy parser (back end 3)': (s) => {
    try {
      return peggyOracle('rfc3986').parse(s, { startRule: 'URI_reference' });
    } catch (e) {
      return e;
    }
  },
  'fast-uri': (s) => fastUri.parse(s),
  'uri-js': (s) => uriJs.parse(s),
  URL: (s) => URL.canParse(s),
};

function worst(quick: boolean): Array<{ family: string; lib: string; nsPerChar: number[] }> {
  const sizes = quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000];
  const rows: Array<{ family: string; lib: string; nsPerChar: number[] }> = [];
  // The parser families of test/support/hostile.ts: RFC 3986 ones against every library, the
  // other grammars' against urigram alone (no peer has those grammars).
  const runs: Array<[string, (n: number) => string, Record<string, (s: string) => unknown>]> = [
    ...RFC3986_FAMILIES.map((f) => [f.name, f.make, WORST_LIBS] as [string, (n: number) => string, Record<string, (s: string) => unknown>]),
    ...OTHER_GRAMMAR_FAMILIES.map((f) => {
      const grammar = f.grammar as 'rfc3987' | 'rfc2396';
      return [
        f.name,
        f.make,
        { 'urigram isValid (automaton)': (s: string) => urigram.isValid(s, { grammar }), 'urigram tryParse (with the error)': (s: string) => urigram.tryParse(s, { grammar }) },
      ] as [string, (n: number) => string, Record<string, (s: string) => unknown>];
    }),
  ];
  for (const [family, make, libs] of runs) {
    for (const [lib, f] of Object.entries(libs)) {
      const nsPerChar: number[] = [];
      for (const size of sizes) {
        const input = make(size);
        const runs = Math.max(3, Math.min(50, Math.floor(2_000_000 / size)));
        const ts: number[] = [];
        f(input);
        for (let i = 0; i < runs; i++) {
          const t = process.hrtime.bigint();
          f(input);
          ts.push(Number(process.hrtime.bigint() - t));
        }
        nsPerChar.push(median(ts) / input.length);
      }
      rows.push({ family, lib, nsPerChar });
      process.stdout.write(`  ${family} / ${lib}: ${nsPerChar.map((x) => x.toFixed(1)).join(' ')} ns/char\n`);
    }
  }
  return rows;
}

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  return `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpu} (${os.cpus().length} cores), urigram at ${commit}`;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const out = path.join(root, 'BENCHMARKS.md');
  if (!fs.existsSync(path.join(root, 'dist', 'src', 'cli.js'))) throw new Error('run npm run build first');
  if (args.worst) {
    console.log(`worst case (${machine()}):`);
    const rows = worst(args.quick);
    const sizes = args.quick ? ['1 k', '10 k', '100 k'] : ['1 k', '10 k', '100 k', '1 M'];
    const lines = [
      `Measured ${machine()} with \`npm run bench -- --worst\`: median ns per character over repeated runs, per input size. Linear means flat along a row; the last column is the 1 M (or largest) figure over the 10 k one.`,
      '',
      `| family | library | ${sizes.join(' | ')} | ratio |`,
      `| --- | --- | ${sizes.map(() => '---:').join(' | ')} | ---: |`,
      ...rows.map((r) => `| ${r.family} | ${r.lib} | ${r.nsPerChar.map((x) => x.toFixed(1)).join(' | ')} | ${(r.nsPerChar[r.nsPerChar.length - 1] / r.nsPerChar[1]).toFixed(2)} |`),
    ];
    replaceSection(out, 'worst', lines.join('\n'));
    console.log(`wrote the worst-case table to ${path.relative(root, out)}`);
    return;
  }
  console.log(`throughput (${machine()}), ${args.rounds} rounds:`);
  const rows = await throughput(args);
  const lines: string[] = [`Measured ${machine()} with \`npm run bench\`: median over ${args.rounds} interleaved rounds, every line timed whether valid or not. Ratio is to fast-uri on the same operation and input set.`, ''];
  for (const [op, { note }] of Object.entries(OPERATIONS)) {
    lines.push(`### ${op}`, '', note, '', '| input set | library | ops/s | ratio to fast-uri | accepted | rejected |', '| --- | --- | ---: | ---: | ---: | ---: |');
    for (const r of rows.filter((x) => x.op === op)) {
      const base = rows.find((x) => x.op === op && x.set === r.set && x.lib === 'fast-uri')!.opsPerSecond;
      lines.push(`| ${r.set} | ${r.lib} | ${fmt(r.opsPerSecond)} | ${(r.opsPerSecond / base).toFixed(2)} | ${r.accepted} | ${r.rejected} |`);
    }
    lines.push('');
  }
  // Issue 36's targets: isValid at least 2x URL.canParse; parse at least 1.2x new URL(), resolve and normalize at least 1x
  // new URL(ref, base).href and new URL(s).href, on the lines both accept; every line (each rejecting what it rejects) beside.
  lines.push('### against Node\'s URL', '', "Ratios to URL from the tables above (issue 36's targets: isValid at least 2x URL.canParse; parse at least 1.2x new URL(), resolve at least 1x new URL(ref, base).href and normalize at least 1x new URL(s).href, on the lines both accept; resolve and normalize over every line of the set, each library rejecting what it rejects, in parentheses).", '');
  lines.push('| input set | isValid / URL.canParse | parse / new URL(), lines both accept | resolve / new URL(ref, base).href, lines both accept (every line) | normalize / new URL(s).href, lines both accept (every line) |', '| --- | ---: | ---: | ---: | ---: |');
  for (const set of [...new Set(rows.map((r) => r.set))]) {
    const at = (op: string, lib: string) => rows.find((r) => r.op === op && r.set === set && r.lib === lib)?.opsPerSecond ?? NaN;
    const ratio = (op: string) => (at(op, 'urigram') / at(op, 'URL')).toFixed(2);
    lines.push(`| ${set} | ${ratio('isValid')} | ${ratio('parse, lines both accept')} | ${ratio('resolve, lines both accept')} (${ratio('resolve')}) | ${ratio('normalize, lines both accept')} (${ratio('normalize')}) |`);
  }
  lines.push('');
  console.log('cold start:');
  const coldRounds = args.quick ? 5 : 41;
  lines.push('### cold start', '', ...coldStartTable(coldStart(coldRounds), coldRounds), '');
  if (!args.quick) {
    console.log('CLI throughput:');
    const cli = cliThroughput();
    if (cli) {
      lines.push(
        '### CLI throughput',
        '',
        '`urigram validate --quiet` reading a million lines (web-urls.txt repeated) from standard input.',
        '',
        '| lines | seconds | lines/s | peak memory |',
        '| ---: | ---: | ---: | ---: |',
        `| ${cli.lines} | ${cli.seconds.toFixed(1)} | ${fmt(cli.lines / cli.seconds)} | ${cli.peakMB === undefined ? 'n/a' : `${cli.peakMB.toFixed(0)} MB`} |`,
        '',
      );
    }
  }
  replaceSection(out, 'throughput', lines.join('\n'));
  // The error path against a valid parse (scripts/bench-errors.ts), in its own section.
  console.log('error path:');
  const errors = [`Measured ${machine()} with \`npm run bench\` (scripts/bench-errors.ts): median ns per call, parse() of a valid input against tryParse() of the same input with its last character a space (explained: offset, expected items, rule path).`, '', ...errorTable(measureErrors(args.quick))];
  replaceSection(out, 'error-path', errors.join('\n'));
  console.log('error path, real invalid lines and inserted errors:');
  const processes = args.quick ? 7 : 21;
  replaceSection(out, 'real-errors', [realErrorHead(args.quick, processes), '', ...realErrorTable(measureRealErrors(args.quick), measureFresh(processes))].join('\n'));
  console.log("whether the automaton's state decides a diagnosis:");
  replaceSection(out, 'state-diagnosis', stateReport(measureStates(args.quick), measureFloor(args.quick), args.quick).join('\n'));
  console.log('where the time goes:');
  replaceSection(out, 'profile', [profileHead(args.quick), '', ...profileTable(measureProfile(args.quick))].join('\n'));
  console.log(`wrote the tables to ${path.relative(root, out)}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
