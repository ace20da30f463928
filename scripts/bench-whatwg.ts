/**
 * npm run bench:whatwg [-- --rounds N] [-- --no-write]
 *
 * What compareWithWhatwg costs against what it runs: on every line of
 * test/corpus/web-urls.txt, one pass of `new URL(s)` (try/catch), one of
 * urigram's `tryParse(s)`, one of both back to back, and one of
 * `compareWithWhatwg(s)`, side by side in one process: in each round the four
 * passes run in a shuffled order (a noisy machine hurts them alike), and the
 * report gives each one's median over the rounds, and the ratio of
 * compareWithWhatwg to `new URL(s)` plus `parse(s)` (issue 31's target: at
 * most 2). Also `lint(s)` with and without the two WHATWG rules, which the
 * comparison adds to it. And compareReadings (issue 46) with three readers,
 * rfc3986, whatwg and node-legacy, against `new URL(s)` and Node's
 * `url.parse(s)` called directly (its target: at most 3x). Written into
 * BENCHMARKS.md (unless --no-write).
 *
 * urigram is measured as users run it: the build (dist/src/index.js).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as nodeUrl from 'node:url';
import { median, shuffle } from './cold-start';
import { replaceSection } from './report';
import { corpusLines } from './whatwg-corpus';
// The build users run, not the TypeScript sources through ts-node.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built package, typed by its sources
const urigram = require('../dist/src/index.js') as typeof import('../src');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built package's Node entry, typed by its sources
const urigramNode = require('../dist/src/node.js') as typeof import('../src/node');

const root = path.resolve(__dirname, '..');

function parseArgs(argv: string[]): { rounds: number; write: boolean } {
  const args = { rounds: 15, write: true };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--rounds') args.rounds = Number(argv[++i]);
    else if (argv[i] === '--no-write') args.write = false;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!Number.isInteger(args.rounds) || args.rounds < 1) throw new Error('--rounds needs a positive integer');
  return args;
}

const args = parseArgs(process.argv.slice(2));
const lines = corpusLines(fs.readFileSync(path.join(root, 'test', 'corpus', 'web-urls.txt'), 'utf8'));

/** A pass over every line; the sink keeps the work from being optimized away. */
let sink = 0;
const url = (s: string): void => {
  try {
    sink += new URL(s).href.length;
  } catch {
    sink++;
  }
};
const tryParse = (s: string): void => {
  sink += urigram.tryParse(s).ok ? 1 : 0;
};
// parse(s), as the issue names it: it throws for the lines RFC 3986 refuses.
const parse = (s: string): void => {
  try {
    sink += urigram.parse(s).path.length;
  } catch {
    sink++;
  }
};
// url.parse(s), as the node-legacy reader calls it: without its deprecation warnings.
process.noDeprecation = true;
const legacy = (s: string): void => {
  try {
    sink += nodeUrl.parse(s).href.length;
  } catch {
    sink++;
  }
};
const THREE = { readers: ['rfc3986', 'whatwg', 'node-legacy'] };
const WITHOUT_WHATWG = { rules: { 'whatwg-host-differs': 'off', 'whatwg-differs': 'off' } } as const;

const passes: Record<string, () => void> = {
  'new URL(s)': () => lines.forEach(url),
  'parse(s)': () => lines.forEach(parse),
  'tryParse(s)': () => lines.forEach(tryParse),
  'new URL(s), then tryParse(s)': () =>
    lines.forEach((s) => {
      url(s);
      tryParse(s);
    }),
  'compareWithWhatwg(s)': () => lines.forEach((s) => (sink += urigram.compareWithWhatwg(s).differences.length)),
  'new URL(s), then url.parse(s)': () =>
    lines.forEach((s) => {
      url(s);
      legacy(s);
    }),
  'compareReadings(s), rfc3986, whatwg, node-legacy': () => lines.forEach((s) => (sink += urigramNode.compareReadings(s, THREE).pairs.length)),
  'lint(s)': () => lines.forEach((s) => (sink += urigram.lint(s).length)),
  // One options object for every URL, as a linter passes it (lint() works its settings out once per object).
  'lint(s) without the WHATWG rules': () => lines.forEach((s) => (sink += urigram.lint(s, WITHOUT_WHATWG).length)),
};

const times: Record<string, number[]> = Object.fromEntries(Object.keys(passes).map((k) => [k, []]));
// One warm-up round, not counted.
for (const run of Object.values(passes)) run();
for (let r = 0; r < args.rounds; r++) {
  for (const name of shuffle(Object.keys(passes))) {
    const t = performance.now();
    passes[name]();
    times[name].push(performance.now() - t);
  }
}
const m = (name: string): number => median(times[name]);
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const perUrl = (x: number): string => `${((x * 1000) / lines.length).toFixed(2)} µs`;
const compare = m('compareWithWhatwg(s)');
const ratio = compare / (m('new URL(s)') + m('parse(s)'));
const strict = compare / (m('new URL(s)') + m('tryParse(s)'));
const together = compare / m('new URL(s), then tryParse(s)');
const readings = m('compareReadings(s), rfc3986, whatwg, node-legacy') / m('new URL(s), then url.parse(s)');
const rows = Object.keys(passes).map((name) => `| ${name} | ${ms(m(name))} | ${perUrl(m(name))} |`);
const date = new Date().toISOString().slice(0, 10);
const report = [
  `## WHATWG comparison (issue 31), ${date}`,
  '',
  `\`npm run bench:whatwg\`: every line of test/corpus/web-urls.txt (${lines.length.toLocaleString('en-US')} URLs), a pass per row, the rows in a shuffled order in each of ${args.rounds} rounds, in one process (Node ${process.versions.node}); medians over the rounds.`,
  '',
  '| pass | median | per URL |',
  '| --- | ---: | ---: |',
  ...rows,
  '',
  `compareWithWhatwg costs **${ratio.toFixed(2)}x** \`new URL(s)\` plus \`parse(s)\`, the issue's measure (the two passes' medians added: ${ms(compare)} against ${ms(m('new URL(s)'))} + ${ms(m('parse(s)'))}); the target is at most 2x. Against \`tryParse(s)\`, which throws nothing, ${strict.toFixed(2)}x; against the two run back to back on each URL in one pass, as compareWithWhatwg runs them, ${together.toFixed(2)}x. It parses once with each parser, and normalizes only a URL whose components are written otherwise. The two WHATWG lint rules, on by default, make \`lint\` ${(m('lint(s)') / m('lint(s) without the WHATWG rules')).toFixed(2)}x what it costs without them.`,
  '',
  `compareReadings with three readers (rfc3986, whatwg, node-legacy: urigram/node) costs **${readings.toFixed(2)}x** \`new URL(s)\` and Node's \`url.parse(s)\` called directly on each URL (issue 46's target: at most 3x): it adds urigram's parse, the comparison of the three pairs, and a reading of each URL object into components.`,
].join('\n');
process.stdout.write(`${report}\n`);
if (args.write) replaceSection(path.join(root, 'BENCHMARKS.md'), 'whatwg', report);
if (sink === -1) process.stdout.write('');
