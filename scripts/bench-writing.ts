/**
 * npm run bench:writing [-- --rounds N]
 *
 * isValid(s, { grammar: 'whatwg-url' }) (the URL Standard's valid URL string, src/core/writing.ts) against
 * `URL.canParse(s)` (the runtime's URL parser, which says whether the parser succeeds, a weaker claim) on
 * every line of test/corpus/web-urls.txt: issue 49's target is isValid at least as fast. Both passes run side
 * by side in one process, in a shuffled order each round (a noisy machine hurts them alike); the report gives
 * each one's median and fastest pass over the rounds and the ratio of the medians, and how many lines took
 * the fast path. Printed, not written anywhere: figures are the lead's, on an idle machine.
 *
 * urigram is measured as users run it: the build (dist/src/index.js).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { median, shuffle } from './cold-start';
import { corpusLines } from './whatwg-corpus';
// The build users run, not the TypeScript sources through ts-node.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built package, typed by its sources
const urigram = require('../dist/src/index.js') as typeof import('../src');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built module, typed by its sources
const writing = require('../dist/src/core/writing.js') as typeof import('../src/core/writing');

const root = path.resolve(__dirname, '..');

function parseArgs(argv: string[]): { rounds: number } {
  const args = { rounds: 25 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--rounds') args.rounds = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!Number.isInteger(args.rounds) || args.rounds < 1) throw new Error('--rounds needs a positive integer');
  return args;
}

const args = parseArgs(process.argv.slice(2));
const lines = corpusLines(fs.readFileSync(path.join(root, 'test', 'corpus', 'web-urls.txt'), 'utf8'));
const canParse = (URL as unknown as { canParse?: (s: string) => boolean }).canParse;
if (typeof canParse !== 'function') throw new Error('this runtime has no URL.canParse (Node 19.9 and later)');

/** A pass over every line; the sink keeps the work from being optimized away. */
let sink = 0;
const OPTIONS = { grammar: 'whatwg-url' } as const;
const passes: Record<string, () => void> = {
  'URL.canParse(s)': () => {
    for (const s of lines) sink += canParse(s) ? 1 : 0;
  },
  "isValid(s, { grammar: 'whatwg-url' })": () => {
    for (const s of lines) sink += urigram.isValid(s, OPTIONS) ? 1 : 0;
  },
  // A new options object per call, as a caller that writes it inline does.
  'isValid, options written inline': () => {
    for (const s of lines) sink += urigram.isValid(s, { grammar: 'whatwg-url' }) ? 1 : 0;
  },
};

const times: Record<string, number[]> = Object.fromEntries(Object.keys(passes).map((k) => [k, []]));
for (const run of Object.values(passes)) run(); // warm up: every pass once, untimed
for (let r = 0; r < args.rounds; r++) {
  for (const name of shuffle(Object.keys(passes))) {
    const t = process.hrtime.bigint();
    passes[name]();
    times[name].push(Number(process.hrtime.bigint() - t) / 1e6);
  }
}

const fast = writing.whatwgFastPath();
const fastLines = lines.filter((s) => s.length <= 1024 && fast.test(s)).length;
const valid = lines.filter((s) => urigram.isValid(s, OPTIONS)).length;
const parsed = lines.filter((s) => canParse(s)).length;
const base = median(times['URL.canParse(s)']);
const rows = Object.keys(passes).map((name) => `| ${name} | ${median(times[name]).toFixed(1)} | ${Math.min(...times[name]).toFixed(1)} | ${(median(times[name]) / base).toFixed(2)} |`);
process.stdout.write(
  [
    `${lines.length} lines of test/corpus/web-urls.txt, ${args.rounds} rounds, passes shuffled each round (Node ${process.version}):`,
    '',
    '| pass | median ms | fastest ms | median / URL.canParse |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    '',
    `Valid URL strings: ${valid}; lines URL.canParse accepts: ${parsed}; lines on the fast path: ${fastLines}.`,
    `(sink ${sink})`,
    '',
  ].join('\n'),
);
