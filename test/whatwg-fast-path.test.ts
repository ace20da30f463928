/**
 * The writing grammar's fast path (src/core/writing.ts, WHATWG_FAST): the
 * regular expression isValid({ grammar: 'whatwg-url' }) tries before the
 * automaton. Trusted for one claim, proven here on the expression the module
 * holds: it accepts nothing that the automaton of any of the five start rules
 * rejects (fastCounterexample, scripts/compile-dfa.ts: the product of the
 * expression's automaton and the rule's, as RFC 3986's fast path is proven).
 * A match then takes the host check the automaton's match takes, which for a
 * host of at most WHATWG_FAST_SHORT_HOST characters is the expression's form
 * alone: proven too, by the product of the expression's hosts and UTS 46's
 * rules for an all-ASCII host (hostRules, below). As a
 * differential check, isValid (fast path, then host check) says what check()
 * (automaton, layout and isValidDomain, no fast path) says, on the corpora,
 * the hostile families, the Standard's examples, and generated near misses.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { check, isValid, type ParseOptions } from '../src';
import { isValidDomain, whatwgFastPath, WHATWG_FAST_SHORT_HOST } from '../src/core/writing';
import { compileAutomata, fastCounterexample, fastObserverCounterexample, type Observer } from '../scripts/compile-dfa';
import { HOSTILE_FAMILIES } from './support/hostile';

const root = path.join(__dirname, '..');
const automata = compileAutomata(fs.readFileSync(path.join(root, 'grammar', 'whatwg-url.abnf'), 'utf8'), 'grammar/whatwg-url.abnf');
const RULES = ['absolute-URL-with-fragment-string', 'valid-URL-string-special-base', 'valid-URL-string-file-base', 'valid-URL-string-other-base', 'valid-URL-string-opaque-base'];
const FAST = whatwgFastPath();

const lines = (name: string): string[] =>
  fs
    .readFileSync(path.join(__dirname, 'corpus', name), 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l !== '');

describe('the fast path is proven', () => {
  it('of the expression the module holds (no flags): it accepts nothing the automaton of any start rule rejects', () => {
    expect(FAST.flags).toBe('');
    for (const rule of RULES) expect([rule, fastCounterexample(FAST.source, automata, rule)]).toEqual([rule, undefined]);
  });

  it('and the proof bites: a port of five digits, or a path segment that may begin with a backslash, is found out', () => {
    const fivePort = FAST.source.replace('(?::[0-9]?[0-9]?[0-9]?[0-9]?)?', '(?::[0-9]?[0-9]?[0-9]?[0-9]?[0-9]?)?');
    expect(fivePort).not.toBe(FAST.source);
    expect(fastCounterexample(fivePort, automata, RULES[0])).toMatch(/:[0-9]{5}$/);
    const backslash = FAST.source.replace('(?:[\\u002e]*[\\u0021', '(?:[\\u002e]*[\\u005c\\u0021');
    expect(backslash).not.toBe(FAST.source);
    expect(fastCounterexample(backslash, automata, RULES[0])).toContain('\\');
  });
});

/**
 * UTS 46's rules for a host of ASCII letters, digits, "-" and "." with the URL Standard's strict settings
 * (validDomainAt's fast path, src/core/writing.ts, written out again here from the rules, not from the code): every
 * label 1 to 63 long, not beginning or ending with "-", without "--" in its third and fourth places (an A-label,
 * "xn--", is Punycode's to decide: not accepted here), the whole at most 253 long, and not ending in a number (the
 * last label all digits, or "0x" or "0X" and hex digits). Read one code unit at a time, up to `max` of them.
 */
interface HostState {
  readonly n: number; // code units read
  readonly len: number; // of the label so far (at most 64: longer is as bad)
  readonly firstHyphen: boolean;
  readonly lastHyphen: boolean;
  readonly hyphen3: boolean; // the label's third is "-"
  readonly hyphen34: boolean; // its third and fourth are "-"
  readonly digits: boolean; // the label so far all digits
  readonly hex: 'empty' | 'zero' | 'zero-x' | 'no'; // "0x" and hex digits: nothing read, "0", "0x" and hex digits, neither
  readonly bad: boolean; // a label before this one broke a rule, or a code unit was not a letter, digit, "-" or "."
}
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isLetter = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
const isHex = (c: number): boolean => isDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
const LABEL_START = { len: 0, firstHyphen: false, lastHyphen: false, hyphen3: false, hyphen34: false, digits: true, hex: 'empty' } as const;
const labelOk = (s: HostState): boolean => s.len >= 1 && s.len <= 63 && !s.firstHyphen && !s.lastHyphen && !s.hyphen34;
function hostRules(max: number): Observer<HostState> {
  return {
    start: { n: 0, ...LABEL_START, bad: false },
    step(s, c) {
      if (s.n + 1 > max) return undefined;
      if (c === 0x2e) return { n: s.n + 1, ...LABEL_START, bad: s.bad || !labelOk(s) };
      if (!(isDigit(c) || isLetter(c) || c === 0x2d)) return { ...s, n: s.n + 1, bad: true };
      const hyphen = c === 0x2d;
      const hex = s.hex === 'empty' ? (c === 0x30 ? 'zero' : 'no') : s.hex === 'zero' ? ((c | 0x20) === 0x78 ? 'zero-x' : 'no') : s.hex === 'zero-x' && isHex(c) ? 'zero-x' : 'no';
      return {
        n: s.n + 1,
        len: Math.min(s.len + 1, 64),
        firstHyphen: s.len === 0 ? hyphen : s.firstHyphen,
        lastHyphen: hyphen,
        hyphen3: s.len === 2 ? hyphen : s.hyphen3,
        hyphen34: s.len === 3 ? s.hyphen3 && hyphen : s.hyphen34,
        digits: s.digits && isDigit(c),
        hex,
        bad: s.bad,
      };
    },
    key: (s) => `${s.n},${s.len},${+s.firstHyphen}${+s.lastHyphen}${+s.hyphen3}${+s.hyphen34}${+s.digits},${s.hex},${+s.bad}`,
    accepts: (s) => !s.bad && labelOk(s) && s.n <= 253 && !s.digits && s.hex !== 'zero' && s.hex !== 'zero-x',
    cuts: [0x2d, 0x2e, 0x2f, 0x30, 0x31, 0x3a, 0x41, 0x47, 0x4e, 0x4f, 0x58, 0x59, 0x5b, 0x61, 0x67, 0x6e, 0x6f, 0x78, 0x79, 0x7b],
  };
}
const hostRulesAccept = (host: string): boolean => {
  const rules = hostRules(Infinity);
  let s: HostState | undefined = rules.start;
  for (let i = 0; i < host.length && s !== undefined; i++) s = rules.step(s, host.charCodeAt(i));
  return s !== undefined && rules.accepts(s);
};

/** The host of the fast path's expression, anchored: what comes between "//" and the port. */
const HOST_START = ':\\/\\/';
const HOST_END = '(?::[0-9]?';
const hostSource = (source: string): string => {
  const from = source.indexOf(HOST_START) + HOST_START.length;
  const to = source.indexOf(HOST_END);
  expect([source.indexOf(HOST_START, from), source.indexOf(HOST_END, to + 1)]).toEqual([-1, -1]);
  return `^${source.slice(from, to)}$`;
};

describe("the fast path's hosts are proven valid domains by their form, up to WHATWG_FAST_SHORT_HOST characters", () => {
  const HOST = hostSource(FAST.source);

  it('by the product of the expression\'s hosts and UTS 46\'s rules for an all-ASCII host', () => {
    expect(WHATWG_FAST_SHORT_HOST).toBe(63);
    expect(fastObserverCounterexample(HOST, hostRules(WHATWG_FAST_SHORT_HOST))).toBeUndefined();
  });

  it("and the rules are the domain check's: on generated hosts, what they accept is a valid domain, and without an A-label the two agree", () => {
    const label = fc.array(fc.constantFrom('a', 'Z', 'x', 'n', 'X', 'N', '0', '1', '9', 'f', 'g', '-', '--', 'xn--', '0x', '0X'), { minLength: 0, maxLength: 8 }).map((p) => p.join(''));
    const long = fc.constantFrom('', 'a'.repeat(62), 'b'.repeat(63), 'c'.repeat(64));
    const host = fc.array(fc.oneof(label, long), { minLength: 1, maxLength: 6 }).map((l) => l.join('.'));
    fc.assert(
      fc.property(host, (h) => {
        const rules = hostRulesAccept(h);
        return /xn--/i.test(h) ? !rules || isValidDomain(h) : rules === isValidDomain(h);
      }),
      { numRuns: 3000, seed: 49 },
    );
    for (const h of ['a'.repeat(63), 'a'.repeat(64), `${'a.'.repeat(126)}a`, `${'a.'.repeat(126)}ab`, 'a.0x', 'a.0xfg', 'a.12', 'a.1b', 'ab--c', 'a--b', 'xn--a', '-a', 'a-', 'a..b', 'a.']) {
      expect([h, hostRulesAccept(h)]).toEqual([h, isValidDomain(h)]);
    }
  });

  it('and the proof bites: a last label that may begin with a digit, a label that may hold "--", a longer host', () => {
    const digitLast = HOST.replace('\\u002e)*[A-Za-z]', '\\u002e)*[0-9A-Za-z]');
    expect(digitLast).not.toBe(HOST);
    const hyphens = HOST.replace('(?:\\u002d[0-9A-Za-z]', '(?:\\u002d[\\u002d0-9A-Za-z]');
    expect(hyphens).not.toBe(HOST);
    for (const [source, max] of [[digitLast, WHATWG_FAST_SHORT_HOST], [hyphens, WHATWG_FAST_SHORT_HOST], [HOST, WHATWG_FAST_SHORT_HOST + 1]] as const) {
      const found = fastObserverCounterexample(source, hostRules(max));
      expect(found).toBeDefined();
      expect([found, isValidDomain(found as string)]).toEqual([found, false]);
    }
  });
});

describe("with the fast path, isValid says what check() says (the automaton, then the host's check)", () => {
  const G: ParseOptions = { grammar: 'whatwg-url' };
  const BASES = ['https://example.com/a/b', 'file:///c:/d', 'foo://h/p', 'mailto:x'];
  const agree = (inputs: readonly string[], options: ParseOptions): string[] => inputs.filter((s) => isValid(s, options) !== (check(s, options) === undefined));

  const hostile: string[] = [];
  let k = 0;
  for (const f of HOSTILE_FAMILIES) {
    const s = f.make(1000);
    hostile.push(s);
    for (let i = 0; i < s.length; ) {
      const length = 8 + ((k++ * 37) % 73);
      hostile.push(s.slice(i, i + length));
      i += length;
    }
  }

  it('on the web corpus, most of which takes the fast path', () => {
    const web = lines('web-urls.txt');
    expect(agree(web, G)).toEqual([]);
    expect(web.filter((s) => FAST.test(s)).length).toBeGreaterThan(web.length * 0.9);
  });

  it('on the file corpus and the hostile families (each whole, and cut in short lines as the fuzz does), with and without a base', () => {
    const inputs = [...lines('file-urls.txt'), ...hostile];
    expect(agree(inputs, G)).toEqual([]);
    for (const base of BASES) expect([base, agree(inputs.slice(0, 4000), { grammar: 'whatwg-url', base })]).toEqual([base, []]);
  });

  it("on the Standard's examples (test/fixtures/whatwg-validity)", () => {
    type Case = { input: string; base: string | null };
    type RuleCase = { base: string | null; valid: string[]; invalid: Array<{ input: string }> };
    const dir = path.join(__dirname, 'fixtures', 'whatwg-validity');
    const rules = (JSON.parse(fs.readFileSync(path.join(dir, 'writing-rules.json'), 'utf8')) as { cases: RuleCase[] }).cases;
    const cases: Case[] = [
      ...(JSON.parse(fs.readFileSync(path.join(dir, 'prose-examples.json'), 'utf8')) as { examples: Case[] }).examples,
      ...rules.flatMap((r) => [...r.valid, ...r.invalid.map((i) => i.input)].map((input) => ({ input, base: r.base }))),
    ];
    expect(cases.length).toBeGreaterThan(100);
    expect(cases.filter((c) => FAST.test(c.input)).length).toBeGreaterThan(10);
    const differing = cases.filter((c) => {
      const options: ParseOptions = c.base === null ? G : { grammar: 'whatwg-url', base: c.base };
      return isValid(c.input, options) !== (check(c.input, options) === undefined);
    });
    expect(differing).toEqual([]);
  });

  it('on generated URLs near the fast path: dot segments, percent-encodings, ports, hosts that are no valid domain, long labels and hosts', () => {
    const piece = fc.constantFrom('a', 'Z', '0', '9', '-', '.', '..', '%2e', '%2E', '%41', '%', '%g0', '/', '?', '#', ':', '@', '_', '~', '!', "'", 'xn--', 'xn--abc', '-a', 'a-', '65535', '65536', '1.2.3.4', '0x1', '[', ' ', '\\', '|', '\u00e9', '\ud83d\ude00', 'a'.repeat(30), 'b'.repeat(63), 'c'.repeat(64), '.z');
    const url = fc.tuple(fc.constantFrom('http', 'HTTPS', 'https', 'httpx', 'http:'), fc.array(piece, { maxLength: 12 }), fc.array(piece, { maxLength: 12 })).map(([scheme, host, rest]) => `${scheme}://${host.join('')}${rest.join('')}`);
    fc.assert(
      fc.property(url, (s) => isValid(s, G) === (check(s, G) === undefined)),
      { numRuns: 3000, seed: 49 },
    );
  });
});
