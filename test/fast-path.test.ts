/**
 * RFC 3986's fast path (generated/rfc3986.dfa.js, FAST; scripts/compile-dfa.ts,
 * fastPathSources): regular expressions that isValid() (`test`) and parse()
 * (`split`, then `rootless`) try before the automaton. They are trusted for
 * two claims, both proven at generate time on the expressions' text:
 *
 * 1. each accepts nothing the automata of the rules it names reject
 *    (fastCounterexample: the product of the expression's automaton and the
 *    rule's);
 * 2. `split` and `rootless` have the shapes whose captures are the delimiter
 *    split's components (splitShapeError, SPLIT_SHAPES).
 *
 * Here: the proof holds of the expressions the module holds (what runs, not
 * only what generation wrote); it fails on expressions broken on purpose; the
 * prover reads the expressions as V8 runs them; and, as a differential check
 * of both claims, the records and answers with the fast path are those of the
 * automaton, the delimiter split and the recognizer, on the corpora, generated
 * strings and their near misses, and arbitrary strings; long hostile inputs
 * stay linear.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { automatonRecord, recognizerRecord } from '../src/core/backends';
import { RFC3986_AUTOMATA } from '../src/core/grammars';
import { splitRecord } from '../src/core/split';
import { isValid, tryParse } from '../src';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { Generator, nearMiss, Random } from '../scripts/grammar-check/generate';
import { loadConfig } from '../scripts/grammar-check/config';
import { compileAutomata, fastCounterexample, fastExpressionMatches, fastPathSources, proveFastPath, readFastExpression, SPLIT_SHAPES, splitShapeError, type FastPath } from '../scripts/compile-dfa';

const root = path.join(__dirname, '..');
const automata = compileAutomata(fs.readFileSync(path.join(root, 'grammar', 'rfc3986.abnf'), 'utf8'), 'grammar/rfc3986.abnf');
const FAST = RFC3986_AUTOMATA.FAST as NonNullable<typeof RFC3986_AUTOMATA.FAST>;
/** The module's expressions, as the prover takes them: their source as V8 holds it. */
const loaded: FastPath = { test: FAST.test.source, split: FAST.split.source, rootless: FAST.rootless.source, rules: ['URI-reference', 'URI'] };
const corpus = (name: string): string[] => fs.readFileSync(path.join(__dirname, 'corpus', name), 'utf8').split(/\r?\n/);
const hostTests = { IPv4address: RFC3986_AUTOMATA.spanTest('IPv4address'), IPvFuture: RFC3986_AUTOMATA.spanTest('IPvFuture') };

/** An expression with the class that follows `marker` given one more code unit: a deliberate break. */
function widened(source: string, marker: string, unit: string): string {
  const at = source.indexOf(marker);
  if (at < 0) throw new Error(`no ${marker} in ${source}`);
  return `${source.slice(0, at + marker.length)}${unit}${source.slice(at + marker.length)}`;
}

describe('the fast path is proven', () => {
  it('of the expressions the module holds (no flags), for the rules it names, which are what grammar/rfc3986.dfa.json asks', () => {
    expect(FAST.rules).toEqual(['URI_reference', 'URI']);
    expect([FAST.test.flags, FAST.split.flags, FAST.rootless.flags]).toEqual(['', '', '']);
    expect(() => proveFastPath(loaded, automata)).not.toThrow();
    // What generation would write today is what the module holds.
    expect(fastPathSources(automata, loaded.rules)).toEqual(loaded);
  });

  it('and not for a rule it is not within: absolute-URI has no fragment', () => {
    expect(fastCounterexample(loaded.test, automata, 'absolute-URI')).toBe('A://#');
  });

  it('fails on an expression that accepts a space, a "%" alone, a "[" in the host or a second ":" in the port', () => {
    const host = '\\/\\/(?:[';
    expect(fastCounterexample(widened(loaded.test, host, '\\u0020'), automata, 'URI')).toBe('A:// ');
    expect(fastCounterexample(widened(loaded.test, host, '\\u0025'), automata, 'URI-reference')).toBe('A://%');
    expect(fastCounterexample(widened(loaded.test, host, '\\u005b'), automata, 'URI')).toBe('A://[');
    expect(fastCounterexample(widened(loaded.split, ':([', '\\u003a'), automata, 'URI')).toBe('A://::');
    expect(() => proveFastPath({ ...loaded, split: widened(loaded.split, ':([', '\\u003a') }, automata)).toThrow(/split expression accepts "A:\/\/::", which URI-reference rejects/);
  });

  it('fails on a split whose captures would not be the delimiter split\'s, where the language is still within the rules', () => {
    // A "?" in the path's class: every string it matches is a URI (the "?" begins a query), but the path would swallow the query.
    const path = '(\\/[';
    const broken = widened(loaded.split, path, '\\u003f');
    expect(fastCounterexample(broken, automata, 'URI')).toBeUndefined();
    expect(splitShapeError(broken)).toBe('capture 4 can hold "?", a delimiter the split ends it at');
    expect(() => proveFastPath({ ...loaded, split: broken }, automata)).toThrow(/capture 4 can hold "\?"/);
    // The components out of order, a capture lost, the path not starting with "/".
    expect(splitShapeError(loaded.split.replace(/^\^\(/, '^(?:'))).toBe('component 1 is not capture 1');
    expect(splitShapeError(loaded.split.replace('(\\/[', '([\\u002f'))).toBe('capture 4 does not always start with "/"');
    expect(splitShapeError(loaded.split.replace(':\\/\\/', ':\\/'))).toBe('component 2 does not follow "://"');
  });

  it('fails on a rootless split whose path can start with "/" (which the record would call path-rootless), by both checks', () => {
    const broken = widened(loaded.rootless, ':((?:[', '\\u002f');
    expect(fastCounterexample(broken, automata, 'URI')).toBe('A://:!');
    expect(splitShapeError(broken, SPLIT_SHAPES.rootless)).toBe('capture 2 can start with "/"');
    expect(() => proveFastPath({ ...loaded, rootless: broken }, automata)).toThrow(/rootless expression accepts "A:\/\/:!"/);
    expect(splitShapeError(loaded.rootless, SPLIT_SHAPES.split)).toBe('component 2 does not follow "://"');
    expect(splitShapeError(loaded.split, SPLIT_SHAPES.rootless)).toBe('component 2 is not capture 2');
  });

  it('reads only the syntax it was written in, anchored at both ends', () => {
    for (const bad of ['^a|b$', '^a+$', '^a*?$', '^a{2}$', '^(?=a)a$', '^[^a]$', '^.$', 'a$', '^a', '^a$b$', '^\\d$', '^[.]$', '^[\\d]$', '^(?<n>a)$', '^(a\\1)$']) {
      expect(() => readFastExpression(bad)).toThrow(/the fast path's expression/);
    }
  });

  it('reads the expressions as V8 runs them: the same answer on corpus lines, near misses and arbitrary strings, broken variants included', () => {
    const sources = [loaded.test, loaded.split, loaded.rootless, widened(loaded.test, '\\/\\/(?:[', '\\u0020'), widened(loaded.split, '(\\/[', '\\u003f'), '^(?:a(?:b)?c*)?(d[\\u0061-\\u0063]*)?$'];
    const random = new Random(0xfa57);
    const inputs = [...corpus('web-urls.txt').slice(0, 3000), ...corpus('file-urls.txt').slice(0, 2000)];
    for (const l of inputs.slice(0, 2000)) inputs.push(nearMiss(l, random));
    inputs.push('', 'abcd', 'ac', 'acccdab', 'd', 'abd');
    for (const source of sources) {
      const v8 = new RegExp(source);
      expect(inputs.filter((s) => fastExpressionMatches(source, s) !== v8.test(s))).toEqual([]);
    }
    const chars = ['a', 'b', 'c', 'd', 'h', 'H', '0', '9', ':', '/', '//', '?', '#', '@', '[', ']', '%', '%41', ' ', '.', '-', '+', '~', '!', '\u00e9', '\ud800', '\n', '\r', '\u2028'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 16 }), (a) => {
        const s = a.join('');
        for (const source of sources) expect(fastExpressionMatches(source, s)).toBe(new RegExp(source).test(s));
      }),
      { numRuns: 2000, seed: 0xfa57 },
    );
  });
});

/** A record as text, every key in its order, a key whose value is undefined shown (JSON.stringify would drop it, and absent is not undefined here). */
const show = (r: unknown): string => JSON.stringify(r, (_key, value: unknown) => (value === undefined ? '(undefined)' : value));

/** Where the fast path's record or answer differs from the automaton, the delimiter split and the recognizer; and how many inputs it took. */
function disagreements(inputs: Iterable<string>): { taken: number; rootless: number; wrong: unknown[] } {
  let taken = 0;
  let rootless = 0;
  const wrong: unknown[] = [];
  for (const input of inputs) {
    const m = FAST.split.exec(input);
    if (FAST.test.test(input) !== (m !== null)) wrong.push({ input, why: 'test and split disagree' });
    if (m === null && !FAST.rootless.test(input)) continue;
    taken++;
    if (m === null) rootless++;
    for (const rule of FAST.rules) {
      if (!RFC3986_AUTOMATA.accepts(input, rule)) wrong.push({ input, rule, why: 'the automaton rejects it' });
      const fast = show(automatonRecord(input, rule));
      const split = show(splitRecord(input, hostTests));
      const recognizer = show(recognizerRecord(input, rule));
      if (fast !== split || fast !== recognizer) wrong.push({ input, rule, fast, split, recognizer });
    }
    if (wrong.length > 10) break;
  }
  return { taken, rootless, wrong };
}

describe('the fast path gives what the automaton and the split give', () => {
  it('on both corpora (where it takes most lines)', () => {
    const lines = [...corpus('web-urls.txt'), ...corpus('file-urls.txt')];
    const { taken, wrong } = disagreements(lines);
    expect(wrong).toEqual([]);
    expect(taken).toBeGreaterThan(0.9 * lines.length);
  });

  it('on strings generated from URI and URI-reference, and their near misses', () => {
    const abnf = readAbnf(path.join(root, 'grammar', 'rfc3986.abnf'));
    const random = new Random(0xfa5);
    const generator = new Generator(abnf, random, loadConfig('rfc3986'));
    const inputs: string[] = [];
    for (const rule of ['URI', 'URI-reference']) {
      for (let i = 0; i < 3000; i++) {
        const s = generator.generate(rule);
        inputs.push(s, nearMiss(s, random), nearMiss(s, random));
      }
    }
    const { taken, rootless, wrong } = disagreements(inputs);
    expect(wrong).toEqual([]);
    expect(taken).toBeGreaterThan(100);
    expect(rootless).toBeGreaterThan(50);
  });

  it('on the hard spots of the split (fast-check), with isValid and tryParse as users call them', () => {
    const parts = ['http:', 'a:', '//', 'u@', '@', ':', '80', '[::1]', '1.2.3.4', '256.1.1.1', '01.1.1.1', 'a', '/', '?', '#', '.', '%41', '%', ' ', 'x:y', ''];
    let taken = 0;
    fc.assert(
      fc.property(fc.constantFrom('http://', 'a://', 'Z+.-9://', 'http:', 'mailto:', 'urn:a:', ''), fc.array(fc.constantFrom(...parts), { maxLength: 9 }), (start, a) => {
        const s = start + a.join('');
        const d = disagreements([s]);
        taken += d.taken;
        expect(d.wrong).toEqual([]);
        expect(isValid(s)).toBe(RFC3986_AUTOMATA.accepts(s, 'URI_reference'));
        const r = tryParse(s);
        expect(r.ok ? show(r.value) : undefined).toBe(r.ok ? show(recognizerRecord(s, 'URI_reference')) : undefined);
      }),
      { numRuns: 4000, seed: 0xfa5 },
    );
    expect(taken).toBeGreaterThan(500);
  });
});

describe('the fast path stays linear on long hostile input', () => {
  /** A guard against backtracking coming back, not a timing: jest's timeout fails a test whose work outlasted it (see test/linear.test.ts). */
  jest.setTimeout(120_000);
  const N = 2_000_000;
  const finishes = async <T>(work: () => T): Promise<T> => {
    const result = work();
    await new Promise((done) => setTimeout(done, 0));
    return result;
  };

  it.each([
    ['a host that ends in a space', `http://${'a'.repeat(N)} `, false],
    ['a path of "a/" that ends in a space', `http://a/${'a/'.repeat(N / 2)} `, false],
    ['a port that ends in a letter', `http://a:${'1'.repeat(N)}x`, false],
    ['a path of ":@" that ends in "%"', `http://a/${':@'.repeat(N / 2)}%`, false],
    ['a query that ends in "%41"', `http://a/?${'a'.repeat(N)}%41`, true],
    ['a path of "%41" and "a" that ends in "%4"', `http://a/${'%41a'.repeat(N / 4)}%4`, false],
    ['a query of "%4" then "1a" that ends in a space', `http://a/?${'%41a'.repeat(N / 4)} `, false],
    ['a path of "a" that ends in "%%"', `http://a/${'a'.repeat(N)}%%`, false],
    ['a scheme of a million letters', `${'a'.repeat(N)}://h/`, true],
  ])('%s', async (_, input, valid) => {
    expect(await finishes(() => isValid(input))).toBe(valid);
    expect(await finishes(() => tryParse(input).ok)).toBe(valid);
    // isValid and parse try the expressions on inputs of at most 1024 code units (src/core/backends.ts): run them here on the long ones.
    expect(await finishes(() => FAST.test.test(input))).toBe(valid);
    expect(await finishes(() => FAST.split.exec(input) !== null)).toBe(valid);
    expect(await finishes(() => FAST.rootless.test(input))).toBe(false);
  });
});
