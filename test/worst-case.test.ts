/**
 * Hostile input families (test/support/hostile.ts, the same as `npm run bench
 * -- --worst`) at 1 M characters: the right answer from both back ends, no
 * stack overflow. Correctness only: how time grows with size is measured by
 * the benchmark and `npm run fuzz`, never asserted here. Expected offsets
 * worked out by hand from the grammar.
 */
import { isValid, matches, tryParse } from '../src';
import { recognizerRecord } from '../src/core/backends';
import { peggyRecord } from './support/peggy-oracle';
import { hostileFamily, OTHER_GRAMMAR_FAMILIES, RFC3986_FAMILIES } from './support/hostile';

const M = 1_000_000;

/** What the grammar says of a family of test/support/hostile.ts, by its name. */
interface Expectation {
  valid: boolean;
  /** For an invalid input: the offset of the first character no valid input has there. */
  offset?: (input: string) => number;
  why: string;
}

const EXPECTED: Record<string, Expectation> = {
  'colons inside [ ]': { valid: false, offset: () => 10, why: 'a third ":" after "[::"' },
  'run of %': { valid: false, offset: () => 10, why: '"%" needs HEXDIG' },
  'run of %4': { valid: false, offset: () => 11, why: '"%4" needs a second HEXDIG' },
  'run of /': { valid: true, why: 'empty segments are segments' },
  'run of ../': { valid: true, why: 'dot segments are segments' },
  '1. in a host': { valid: true, why: 'a reg-name that begins like an IPv4address' },
  'long reg-name': { valid: true, why: 'RFC 3986 sets no length limit' },
  'userinfo without @': { valid: false, offset: (s) => s.length - 1, why: '"u:pu:p..." could be a userinfo until the "/"' },
  'scheme-like prefix': { valid: false, offset: (s) => s.length - 1, why: '"[" is not allowed in a first segment' },
  'valid path, then one bad character': { valid: false, offset: (s) => s.length - 1, why: 'the space at the end' },
};

type Family = Expectation & { make: (n: number) => string };
const withMake = (name: string, e: Expectation): Family => ({ ...e, make: hostileFamily(name).make });
const FAMILIES: Record<string, Family> = Object.fromEntries(Object.entries(EXPECTED).map(([name, e]) => [name, withMake(name, e)]));

it('every RFC 3986 family of the shared list has its expectation here', () => {
  expect(RFC3986_FAMILIES.map((f) => f.name).sort()).toEqual(Object.keys(EXPECTED).sort());
});

describe.each(Object.entries(FAMILIES))('%s', (_name, family) => {
  const input = family.make(M);

  it(`at 1 M characters the recognizer says ${family.valid ? 'valid' : 'invalid'} (${family.why})`, () => {
    expect(input.length).toBeGreaterThanOrEqual(M - 2);
    expect(isValid(input)).toBe(family.valid);
    expect(matches('URI', input)).toBe(family.valid);
  });

  if (family.valid) {
    it('at 1 M characters both back ends build the same record', () => {
      const fromRecognizer = recognizerRecord(input, 'URI_reference');
      expect(fromRecognizer?.path.length).toBeGreaterThan(0);
      expect(peggyRecord(input, 'URI_reference')).toEqual(fromRecognizer);
    });
  } else {
    // The error path runs the diagnostic back end over the input: at 1 M characters only where it fails early
    // (api.test.ts has a 1 M-character late failure); late failures at 100 k here.
    const failsEarly = (family.offset as (s: string) => number)(input) < 100;
    const size = failsEarly ? M : 100_000;
    it(`at ${size === M ? '1 M' : '100 k'} characters the error points at the right offset`, () => {
      const s = family.make(size);
      const r = tryParse(s);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.offset).toBe((family.offset as (s: string) => number)(s));
    });
  }
});

/** The same for the other two grammars, with families of their own. */
const OTHER_EXPECTED: Record<string, Expectation> = {
  'RFC 3987: astral characters in a path': { valid: true, why: 'each a surrogate pair, one ucschar' },
  'RFC 3987: a long non-ASCII ireg-name': { valid: true, why: 'no length limit' },
  'RFC 3987: iprivate in the path': { valid: false, offset: () => 9, why: 'iprivate only in the query' },
  'RFC 3987: a lone surrogate after a long path': { valid: false, offset: (s) => s.length - 1, why: 'a high surrogate with no low one' },
  'RFC 2396: many hostname labels': { valid: true, why: 'domainlabels, then the toplabel' },
  'RFC 2396: a run of hyphens, then a space': { valid: false, offset: (s) => s.length - 1, why: 'the space at the end' },
  'RFC 2396: a run of hyphens after a label': { valid: true, why: 'no hostname, so a reg_name' },
  'RFC 2396: a long run of groups': { valid: false, offset: () => 23, why: 'RFC 2373 2.2: a ninth group' },
  'RFC 2396: a server that turns out a reg_name': { valid: true, why: 'server "...@h:8" then "x": the reg_name takes all' },
  'RFC 2396: a long opaque part': { valid: true, why: 'uric after the first character' },
  'RFC 2396: params, then a space': { valid: false, offset: (s) => s.length - 1, why: 'the space at the end' },
};

const OTHER_FAMILIES: Array<[grammar: 'rfc3987' | 'rfc2396', name: string, family: Family]> = OTHER_GRAMMAR_FAMILIES.map((f) => [
  f.grammar as 'rfc3987' | 'rfc2396',
  f.name,
  withMake(f.name, OTHER_EXPECTED[f.name]),
]);

it('every other-grammar family of the shared list has its expectation here', () => {
  expect(OTHER_GRAMMAR_FAMILIES.map((f) => f.name).sort()).toEqual(Object.keys(OTHER_EXPECTED).sort());
});

describe.each(OTHER_FAMILIES)('%s: %s', (grammar, _name, family) => {
  const rule = grammar === 'rfc3987' ? 'IRI_reference' : 'URI_reference';

  it(`at 1 M characters the recognizer says ${family.valid ? 'valid' : 'invalid'} (${family.why})`, () => {
    const input = family.make(M);
    expect(isValid(input, { grammar })).toBe(family.valid);
    if (family.valid) expect(peggyRecord(input, rule, grammar)).toEqual(recognizerRecord(input, rule, grammar));
  });

  if (!family.valid) {
    it('at 100 k characters the error points at the right offset', () => {
      const s = family.make(100_000);
      const r = tryParse(s, { grammar });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.offset).toBe((family.offset as (s: string) => number)(s));
    });
  }
});
