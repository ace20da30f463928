/**
 * Laws, checked with fast-check on URI references generated from the ABNF
 * (scripts/grammar-check/generate.ts, seeded by fast-check) and on valid
 * lines of the real-world corpus in test/corpus/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { Generator, Random } from '../scripts/grammar-check/generate';
import { loadConfig } from '../scripts/grammar-check/config';
import {
  equivalent,
  isValid,
  matches,
  normalize,
  NORMALIZE_STEPS,
  parse,
  percentDecode,
  percentEncode,
  recompose,
  resolve,
  UriComposeError,
  type EncodableComponent,
  type NormalizeStepName,
  type Rfc3986RuleName,
} from '../src';

const abnf = readAbnf(path.join(__dirname, '..', 'grammar', 'rfc3986.abnf'));
const config = loadConfig('rfc3986');

function fromGrammar(rule: string): fc.Arbitrary<string> {
  return fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => new Generator(abnf, new Random(seed), config).generate(rule));
}

const corpusFile = path.join(__dirname, 'corpus', 'web-urls.txt');
const corpus = fs.existsSync(corpusFile)
  ? fs
      .readFileSync(corpusFile, 'utf8')
      .split(/\r?\n/)
      .filter((line) => line !== '' && isValid(line))
      .slice(0, 2000)
  : [];

const uriReference = corpus.length > 0 ? fc.oneof(fromGrammar('URI-reference'), fc.constantFrom(...corpus)) : fromGrammar('URI-reference');
const absoluteUri = corpus.length > 0 ? fc.oneof(fromGrammar('absolute-URI'), fc.constantFrom(...corpus.filter((u) => !u.includes('#')))) : fromGrammar('absolute-URI');
const RUNS = { numRuns: 400 };

describe('laws', () => {
  it('the generator makes valid URI references (so the laws below are about valid input)', () => {
    fc.assert(fc.property(uriReference, (x) => isValid(x)), RUNS);
  });

  it('recompose(parse(x)) === x', () => {
    fc.assert(fc.property(uriReference, (x) => recompose(parse(x)) === x), RUNS);
  });

  it('normalize is idempotent, and its output is valid and equivalent to its input', () => {
    for (const level of ['syntax', 'scheme'] as const) {
      fc.assert(
        fc.property(uriReference, (x) => {
          const once = normalize(x, { level });
          return normalize(once, { level }) === once && isValid(once) && equivalent(x, once, { level });
        }),
        RUNS,
      );
    }
  });

  it('normalize with any subset of the steps, at either level, keeps the URI equivalent to its input', () => {
    const stepSets = fc.record(Object.fromEntries(NORMALIZE_STEPS.map((s) => [s, fc.boolean()])) as Record<NormalizeStepName, fc.Arbitrary<boolean>>);
    // Paths with dot segments written with and without %2E, under the schemes and ports that the scheme-based steps know.
    const dotted = fc
      .tuple(
        fc.constantFrom('http://h', 'HTTP://H:80', 'http://h:', 's:', 's:/x', 'S://A'),
        fc.array(fc.constantFrom('a', '.', '..', '%2E', '%2e%2E', '%2E.', '.%2e', '%41', '%7e', '%2F', ''), { maxLength: 8 }),
      )
      .map(([prefix, segments]) => `${prefix}/${segments.join('/')}`)
      .filter((x) => isValid(x));
    fc.assert(
      fc.property(fc.oneof(uriReference, dotted), stepSets, fc.constantFrom('syntax' as const, 'scheme' as const), (x, steps, level) => {
        expect(normalize(normalize(x, { level, steps }))).toBe(normalize(x));
      }),
      { numRuns: 2000 },
    );
  });

  it('RFC 2396: an RFC 2396 record reads back, and resolution gives an RFC 2396 URI or a UriComposeError', () => {
    const abnf2396 = readAbnf(path.join(__dirname, '..', 'grammar', 'rfc2396.abnf'));
    const config2396 = loadConfig('rfc2396');
    const from2396 = (rule: string) => fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => new Generator(abnf2396, new Random(seed), config2396).generate(rule));
    const grammar = 'rfc2396' as const;
    fc.assert(
      fc.property(from2396('URI-reference'), (x) => {
        expect(recompose(parse(x, { grammar }), { grammar })).toBe(x);
        if (isValid(x)) expect(recompose(parse(x, { grammar }))).toBe(x);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(from2396('absoluteURI'), from2396('URI-reference'), (base, ref) => {
        let target: string;
        try {
          target = resolve(base, ref, { grammar });
        } catch (e) {
          // Only a target with no RFC 2396 form: "s:" + "." gives the empty opaque part of "s:".
          expect(e).toBeInstanceOf(UriComposeError);
          expect((e as UriComposeError).component).toBe('path');
          return;
        }
        expect(isValid(target, { grammar, rule: 'absoluteURI' }) || isValid(target, { grammar })).toBe(true);
      }),
      RUNS,
    );
  });

  it("resolve's output is always a URI", () => {
    fc.assert(fc.property(absoluteUri, uriReference, (base, ref) => isValid(resolve(base, ref), { rule: 'URI' })), RUNS);
    fc.assert(fc.property(absoluteUri, uriReference, (base, ref) => isValid(resolve(base, ref, { strict: false }), { rule: 'URI' })), RUNS);
  });

  it('resolving an absolute URI against any base gives it back with its dot segments removed', () => {
    fc.assert(fc.property(absoluteUri, fromGrammar('URI'), (base, uri) => resolve(base, uri) === resolve('x:', uri)), RUNS);
  });

  it('equivalent is reflexive and symmetric', () => {
    fc.assert(fc.property(uriReference, (x) => equivalent(x, x, { level: 'simple' }) && equivalent(x, x)), RUNS);
    fc.assert(fc.property(uriReference, uriReference, (a, b) => equivalent(a, b) === equivalent(b, a)), RUNS);
    fc.assert(fc.property(uriReference, (x) => equivalent(x, normalize(x)) && equivalent(normalize(x), x)), RUNS);
  });

  const ruleOf: Record<EncodableComponent, Rfc3986RuleName> = {
    userinfo: 'userinfo',
    host: 'reg-name',
    path: 'path',
    segment: 'segment',
    query: 'query',
    fragment: 'fragment',
  };
  const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
  const text = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !LONE_SURROGATE.test(s));
  const asciiText = fc.string({ maxLength: 40 });

  it.each(Object.keys(ruleOf) as EncodableComponent[])('percentDecode(percentEncode(s, %p)) === s, and the encoding is valid there', (component) => {
    fc.assert(
      fc.property(fc.oneof(text, asciiText), (s) => {
        const encoded = percentEncode(s, component);
        return percentDecode(encoded) === s && matches(ruleOf[component], encoded);
      }),
      RUNS,
    );
  });
});
