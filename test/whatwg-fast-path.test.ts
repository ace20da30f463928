/**
 * The writing grammar's fast path (src/core/writing.ts, WHATWG_FAST): the
 * regular expression isValid({ grammar: 'whatwg-url' }) tries before the
 * automaton. Trusted for one claim, proven here on the expression the module
 * holds: it accepts nothing that the automaton of any of the five start rules
 * rejects (fastCounterexample, scripts/compile-dfa.ts: the product of the
 * expression's automaton and the rule's, as RFC 3986's fast path is proven).
 * A match then takes the host check the automaton's match takes. As a
 * differential check, isValid (fast path, then host check) says what check()
 * (automaton, layout and isValidDomain, no fast path) says, on the corpora,
 * the hostile families, the Standard's examples, and generated near misses.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { check, isValid, type ParseOptions } from '../src';
import { whatwgFastPath } from '../src/core/writing';
import { compileAutomata, fastCounterexample } from '../scripts/compile-dfa';
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

  it('on generated URLs near the fast path: dot segments, percent-encodings, ports, hosts that are no valid domain', () => {
    const piece = fc.constantFrom('a', 'Z', '0', '9', '-', '.', '..', '%2e', '%2E', '%41', '%', '%g0', '/', '?', '#', ':', '@', '_', '~', '!', "'", 'xn--', 'xn--abc', '-a', 'a-', '65535', '65536', '1.2.3.4', '0x1', '[', ' ', '\\', '|', '\u00e9', '\ud83d\ude00');
    const url = fc.tuple(fc.constantFrom('http', 'HTTPS', 'https', 'httpx', 'http:'), fc.array(piece, { maxLength: 12 }), fc.array(piece, { maxLength: 12 })).map(([scheme, host, rest]) => `${scheme}://${host.join('')}${rest.join('')}`);
    fc.assert(
      fc.property(url, (s) => isValid(s, G) === (check(s, G) === undefined)),
      { numRuns: 3000, seed: 49 },
    );
  });
});
