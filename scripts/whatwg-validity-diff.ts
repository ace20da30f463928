/**
 * npm run whatwg:diff [-- --report]
 *
 * The differential of the URL Standard's "the parser reports no validation
 * error" (issue 49 items 3-4): urigram's whatwgValidationErrors (our own
 * reading of the basic URL parser) against whatwg-url 17.3's
 * parseURLWithValidationErrors (by the Standard's editors; a devDependency,
 * not loaded by jest on Node 20: its @exodus/bytes is an ES module), over
 *
 * - trigger: an input for every name of the Standard's validation error
 *   table (its own examples, and more);
 * - near-miss: every one-code-point deletion, substitution and insertion of
 *   a trigger, from a small alphabet of the code points the parser branches on;
 * - wpt: the web-platform-tests URL data (test/wpt/urltestdata.json);
 * - corpus: the web corpus (test/corpus/web-urls.txt), in the counts only.
 *
 * It compares the names in order, the names as a multiset, and failure, and
 * classifies each disagreement by the rules of CLASSES below. It writes
 * test/fixtures/whatwg-validity/whatwg-url-17.3.json (whatwg-url's answers
 * for every input but the corpus's, with its version and tr46's), which
 * test/whatwg-validation-errors.test.ts holds our answers against. With
 * --report it only prints the counts (docs/whatwg-validity.md has one run's).
 *
 * A third column, the writing grammar's isValid(u, { grammar: 'whatwg-url',
 * base }), is read when that grammar is registered (detected, skipped when not).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { whatwgValidationErrors } from '../src/whatwg/validation-errors';
import { writeFileAtomic } from '../src/cli/write-file';
import * as urigram from '../src/index';

/* eslint-disable @typescript-eslint/no-require-imports */
interface WhatwgUrlLib {
  parseURL(input: string, options?: { baseURL?: unknown }): unknown;
  parseURLWithValidationErrors(input: string, options?: { baseURL?: unknown }): { url: unknown; validationErrors: string[] };
  serializeURL(url: unknown): string;
}
const ROOT = path.join(__dirname, '..');
const whatwgUrl = require('whatwg-url') as WhatwgUrlLib;
const WHATWG_URL_VERSION = (require('whatwg-url/package.json') as { version: string }).version;
const theirTr46Path = require.resolve('tr46', { paths: [path.dirname(require.resolve('whatwg-url/package.json'))] });
const THEIR_TR46_VERSION = (JSON.parse(fs.readFileSync(path.join(path.dirname(theirTr46Path), 'package.json'), 'utf8')) as { version: string }).version;
const OUR_TR46_VERSION = (require('tr46/package.json') as { version: string }).version;
type Tr46 = { toASCII(d: string, o: Record<string, boolean>): string | null };
const theirTr46 = require(theirTr46Path) as Tr46;
const ourTr46 = require('tr46') as Tr46;
/* eslint-enable @typescript-eslint/no-require-imports */

export const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'whatwg-validity', 'whatwg-url-17.3.json');

export type Source = 'trigger' | 'near-miss' | 'wpt' | 'corpus';
export interface Case {
  readonly input: string;
  readonly base?: string;
  readonly source: Source;
  /** For a near miss: the index in TRIGGERS of the string it is one edit from. */
  readonly from?: number;
}

/** Inputs for every name of the table (the table's own examples first), and a few of each kind of base. */
export const TRIGGERS: ReadonlyArray<readonly [string, string?]> = [
  ['https://exa%23mple.org'],
  ['https://xn--a.example/'],
  ['https://a..b/'],
  ['https://-a.example/'],
  ['https://exam%70le.org'],
  ['foo://exa[mple.org'],
  ['foo://ex%zzample/'],
  ['foo://ex\u00e9mple/'],
  ['https://127.0.0.1./'],
  ['https://1.2.3/'],
  ['https://1.2.3.4.5/'],
  ['https://test.42'],
  ['https://127.0.0x0.1'],
  ['https://0x7f.1/'],
  ['https://255.255.4000.1'],
  ['https://1.65536/'],
  ['https://\uff11\uff12\uff17.0.0.1/'],
  ['https://[::1'],
  ['https://[:1]'],
  ['https://[1:2:3:4:5:6:7:8:9]'],
  ['https://[1::1::1]'],
  ['https://[1:2:3!:4]'],
  ['https://[1:2:3:]'],
  ['https://[1:2:3]'],
  ['https://[::01]'],
  ['https://[1:1:1:1:1:1:1:127.0.0.1]'],
  ['https://[ffff::.0.0.1]'],
  ['https://[ffff::127.0.xyz.1]'],
  ['https://[ffff::127.0xyz]'],
  ['https://[ffff::127.00.0.1]'],
  ['https://[ffff::127.0.0.1.2]'],
  ['https://[ffff::127.0.0.4000]'],
  ['https://[ffff::127.0.0]'],
  ['https://example.org/>'],
  [' https://example.org '],
  ['ht\ntps://example.org'],
  ['https://example.org/%s'],
  ['https://example.org/?a b#c d'],
  ['sc:a b?c'],
  ['file:c:/my-secret-folder'],
  ['https:example.org'],
  ['https:foo.html', 'https://example.org/'],
  ['https:///example.org/'],
  ['\u{1F4A9}'],
  ['\u{1F4A9}', 'mailto:user@example.org'],
  ['#x', 'mailto:user@example.org'],
  ['https://example.org\\path\\to\\file'],
  ['\\\\x\\y', 'https://example.org/'],
  ['https://user@example.org'],
  ['ssh://user@example.org'],
  ['https://a@b@c/'],
  ['https://#fragment'],
  ['https://:443'],
  ['https://user:pass@'],
  ['https://example.org:70000'],
  ['https://example.org:7z'],
  ['/c:/path/to/file', 'file:///c:/'],
  ['c:/path/to/file', 'file:///c:/'],
  ['file://c:'],
  ['file://C|/x'],
  ['file:\\\\host\\share'],
  ['sc://host:1/p?q#f'],
  ['https://EXAMPLE.com:443/a/./b/../c?d#e'],
  ['https://ex\u00e4mple.org/'],
  ['https://xn--mnchen-3ya.de/'],
  ['https://a\u00adb.example/'],
  ['https://xn--8i7caa/'],
  ['https://a\u200db.example/'],
  ['https://\u0661.a/'],
  ['https://ab--c.example/'],
  ['https://a_b.example/'],
  ['https://\u2474.example/'],
  ['https://a\u3002b/'],
  // U+0558: assigned in Unicode 18 (whatwg-url's tr46 7), not in 17 (ours, tr46 6).
  ['https://a\u0558/'],
  ['https://xn--a-0bc/'],
];

/** The code points the parser branches on, for near misses. */
const ALPHABET = ['/', '\\', ':', '@', '[', ']', '%', '.', '#', '?', ' ', '\t', '0', 'x', 'a', '|', '\u00e9'];

export function generateCases(): Case[] {
  const seen = new Set<string>();
  const cases: Case[] = [];
  const add = (input: string, base: string | undefined, source: Source, from?: number): void => {
    const key = `${base ?? ''}\u0000${input}`;
    if (seen.has(key)) return;
    seen.add(key);
    cases.push({ input, ...(base === undefined ? {} : { base }), source, ...(from === undefined ? {} : { from }) });
  };
  for (const [input, base] of TRIGGERS) add(input, base, 'trigger');
  TRIGGERS.forEach(([input, base], from) => {
    const cps = Array.from(input);
    for (let i = 0; i <= cps.length; i++) {
      if (i < cps.length) add([...cps.slice(0, i), ...cps.slice(i + 1)].join(''), base, 'near-miss', from);
      for (const a of ALPHABET) {
        if (i < cps.length) add([...cps.slice(0, i), a, ...cps.slice(i + 1)].join(''), base, 'near-miss', from);
        add([...cps.slice(0, i), a, ...cps.slice(i)].join(''), base, 'near-miss', from);
      }
    }
  });
  const wpt = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'wpt', 'urltestdata.json'), 'utf8')) as Array<string | { input: string; base: string | null }>;
  for (const t of wpt) if (typeof t === 'object') add(t.input, t.base ?? undefined, 'wpt');
  return cases;
}

export function corpusCases(): Case[] {
  const text = fs.readFileSync(path.join(ROOT, 'test', 'corpus', 'web-urls.txt'), 'utf8').replace(/^\uFEFF/, '');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((input) => ({ input, source: 'corpus' as const }));
}

export interface Answer {
  readonly names: readonly string[];
  readonly failure: boolean;
}

/** whatwg-url's answer, or undefined when it cannot parse the base. */
export function theirs(c: Case): Answer | undefined {
  let baseURL: unknown;
  if (c.base !== undefined) {
    baseURL = whatwgUrl.parseURL(c.base);
    if (baseURL === null) return undefined;
  }
  const r = whatwgUrl.parseURLWithValidationErrors(c.input, baseURL === undefined ? {} : { baseURL });
  return { names: r.validationErrors, failure: r.url === null };
}

export function ours(c: Case): Answer | undefined {
  try {
    const r = whatwgValidationErrors(c.input, c.base === undefined ? {} : { base: c.base });
    return { names: r.map((e) => e.name), failure: r.failure };
  } catch {
    return undefined;
  }
}

/** The writing grammar's verdict, when grammar 'whatwg-url' is registered (t-wgram, issue 49 item 1); undefined when it is not. */
const grammarColumn: ((c: Case) => boolean) | undefined = (() => {
  const isValid = (urigram as unknown as { isValid?: (u: string, o: object) => boolean }).isValid;
  if (typeof isValid !== 'function') return undefined;
  try {
    isValid('https://example.org/', { grammar: 'whatwg-url' });
  } catch {
    return undefined;
  }
  return (c: Case) => {
    try {
      return isValid(c.input, c.base === undefined ? { grammar: 'whatwg-url' } : { grammar: 'whatwg-url', base: c.base });
    } catch {
      return false;
    }
  };
})();

const sorted = (a: readonly string[]): string => [...a].sort().join(' ');

/**
 * The classes of disagreement, each a test on the case and the two answers,
 * tried in order; the first that holds names the class. 'unclassified' is
 * what is left, to be read and fixed (our bug) or given a class.
 */
export const CLASSES: ReadonlyArray<{ readonly name: string; readonly kind: 'versions' | 'their-bug' | 'standard' | 'our-bug'; readonly why: string; readonly test: (c: Case, ours: Answer, theirs: Answer) => boolean }> = [
  {
    name: 'IPv4-non-ASCII-input',
    kind: 'versions',
    why: "whatwg-url 17.3 reports IPv4-non-ASCII-input (a host that is not ASCII and ends in a number after IDNA), a name our copy of the Standard (whatwg/url 6ae8486, 2026-07-02) does not have",
    test: (_c, o, t) => t.names.includes('IPv4-non-ASCII-input') && sorted(t.names.filter((n) => n !== 'IPv4-non-ASCII-input')) === sorted(o.names) && t.failure === o.failure,
  },
  {
    name: 'tr46-tables',
    kind: 'versions',
    why: `the host's UTS 46 ToASCII differs between tr46 ${OUR_TR46_VERSION} (urigram's dependency) and tr46 ${THEIR_TR46_VERSION} (whatwg-url 17.3's): the IDNA tables of two Unicode versions`,
    test: (c) => {
      const host = hostOf(c.input);
      if (host === undefined || /^[\x20-\x7e]*$/.test(host)) return false;
      for (const strict of [true, false]) {
        const o = { checkHyphens: strict, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: strict, transitionalProcessing: false, verifyDNSLength: strict, ignoreInvalidPunycode: false };
        if (ourTr46.toASCII(host, o) !== theirTr46.toASCII(host, o)) return true;
      }
      return false;
    },
  },
];

/** The input without its leading and trailing C0 control or space. */
function trimC0(input: string): string {
  let a = 0;
  let b = input.length;
  while (a < b && input.charCodeAt(a) <= 0x20) a++;
  while (b > a && input.charCodeAt(b - 1) <= 0x20) b--;
  return input.slice(a, b);
}

/** The host part of a special URL, roughly (after "scheme:" and its slashes and backslashes, to the next "/", "\", "?" or "#"; after the last "@"), percent-decoded when it can be: only for the tr46 class's test. */
function hostOf(input: string): string | undefined {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:[/\\]*([^/?#\\]*)/.exec(trimC0(input).replace(/[\t\n\r]/g, ''));
  if (m === null) return undefined;
  let host = m[1].slice(m[1].lastIndexOf('@') + 1);
  const colon = host.lastIndexOf(':');
  if (colon >= 0 && !host.startsWith('[')) host = host.slice(0, colon);
  try {
    return decodeURIComponent(host);
  } catch {
    return host;
  }
}

export interface Disagreement {
  readonly case: Case;
  readonly ours: Answer;
  readonly theirs: Answer;
  readonly class: string;
}

export interface RunResult {
  readonly counts: Record<Source, { cases: number; skipped: number; agreeInOrder: number; agreeAsSet: number; agreeFailure: number; grammarValid?: number; noErrorTheirs: number }>;
  readonly disagreements: Disagreement[];
  readonly fixture: Array<[string, string | null, string, 0 | 1]>;
}

export function run(cases: readonly Case[]): RunResult {
  const counts = {} as RunResult['counts'];
  const disagreements: Disagreement[] = [];
  const fixture: RunResult['fixture'] = [];
  // The fixture keeps every trigger and wpt input, and of the near misses each one whose answer (whatwg-url's names and failure) is new for its trigger, every 8th other one, and every disagreement.
  const answersSeen = new Set<string>();
  let nearMisses = 0;
  for (const c of cases) {
    const k = (counts[c.source] ??= { cases: 0, skipped: 0, agreeInOrder: 0, agreeAsSet: 0, agreeFailure: 0, noErrorTheirs: 0 });
    k.cases++;
    const t = theirs(c);
    const o = ours(c);
    if (t === undefined || o === undefined) {
      k.skipped++;
      continue;
    }
    const signature = `${c.from ?? ''} ${t.names.join(' ')} ${t.failure}`;
    const agree = o.names.join(' ') === t.names.join(' ') && o.failure === t.failure;
    const keep = c.source === 'trigger' || c.source === 'wpt' || (c.source === 'near-miss' && (!answersSeen.has(signature) || nearMisses++ % 8 === 0 || !agree));
    answersSeen.add(signature);
    if (keep) fixture.push([c.input, c.base ?? null, t.names.join(' '), t.failure ? 1 : 0]);
    if (t.names.length === 0 && !t.failure) k.noErrorTheirs++;
    if (grammarColumn !== undefined && grammarColumn(c)) k.grammarValid = (k.grammarValid ?? 0) + 1;
    const inOrder = o.names.join(' ') === t.names.join(' ');
    const asSet = sorted(o.names) === sorted(t.names);
    if (inOrder) k.agreeInOrder++;
    if (asSet) k.agreeAsSet++;
    if (o.failure === t.failure) k.agreeFailure++;
    if (!inOrder || o.failure !== t.failure) {
      const cls = CLASSES.find((x) => x.test(c, o, t));
      disagreements.push({ case: c, ours: o, theirs: t, class: cls?.name ?? 'unclassified' });
    }
  }
  return { counts, disagreements, fixture };
}

function main(): void {
  const reportOnly = process.argv.includes('--report');
  const started = Date.now();
  const cases = generateCases();
  const result = run([...cases, ...corpusCases()]);
  const byClass = new Map<string, Disagreement[]>();
  for (const d of result.disagreements) byClass.set(d.class, [...(byClass.get(d.class) ?? []), d]);
  console.log(`whatwg-url ${WHATWG_URL_VERSION} (tr46 ${THEIR_TR46_VERSION}) against urigram's whatwgValidationErrors (tr46 ${OUR_TR46_VERSION}); writing grammar column: ${grammarColumn === undefined ? 'not registered, skipped' : 'isValid(u, { grammar: "whatwg-url" })'}`);
  console.table(result.counts);
  for (const [cls, ds] of byClass) {
    // The shortest input of each class is its minimal string.
    const min = ds.reduce((a, b) => (b.case.input.length < a.case.input.length ? b : a));
    console.log(`${cls}: ${ds.length} disagreements; shortest: ${JSON.stringify(min.case.input)}${min.case.base === undefined ? '' : ` against ${JSON.stringify(min.case.base)}`}: ours [${min.ours.names.join(' ')}]${min.ours.failure ? ' failure' : ''}, whatwg-url [${min.theirs.names.join(' ')}]${min.theirs.failure ? ' failure' : ''}`);
    if (cls === 'unclassified') for (const d of ds.slice(0, 40)) console.log(`  ${JSON.stringify(d.case.input)}${d.case.base === undefined ? '' : ` @ ${JSON.stringify(d.case.base)}`}: ours [${d.ours.names.join(' ')}]${d.ours.failure ? ' F' : ''} | theirs [${d.theirs.names.join(' ')}]${d.theirs.failure ? ' F' : ''}`);
  }
  console.log(`${(Date.now() - started) / 1000} s`);
  if (reportOnly) return;
  const classified = result.disagreements.filter((d) => d.case.source !== 'corpus' && d.class !== 'unclassified');
  const fixture = {
    about: "whatwg-url's parseURLWithValidationErrors on each input: [input, base or null, the names it reports (space-separated, in order), 1 if it returns failure]. Written by npm run whatwg:diff (scripts/whatwg-validity-diff.ts); read by test/whatwg-validation-errors.test.ts.",
    whatwgUrl: WHATWG_URL_VERSION,
    tr46: THEIR_TR46_VERSION,
    classes: Object.fromEntries(CLASSES.map((c) => [c.name, { kind: c.kind, why: c.why }])),
    disagreements: classified.map((d) => [d.case.input, d.case.base ?? null, d.class]),
    cases: result.fixture,
  };
  fs.mkdirSync(path.dirname(FIXTURE), { recursive: true });
  writeFileAtomic(FIXTURE, `${JSON.stringify(fixture, null, 0).replace(/\],\[/g, '],\n[')}\n`);
  console.log(`wrote ${path.relative(ROOT, FIXTURE)} (${result.fixture.length} cases)`);
}

if (require.main === module) main();
