/**
 * Hostile input families (the same as `npm run bench -- --worst`) at 1 M
 * characters: the right answer from both back ends, no stack overflow.
 * Correctness only: how time grows with size is measured by the benchmark,
 * never asserted here. Expected offsets worked out by hand from the grammar.
 */
import { isValid, matches, tryParse } from '../src';
import { peggyRecord, recognizerRecord } from '../src/backends';

const M = 1_000_000;

interface Family {
  make: (n: number) => string;
  valid: boolean;
  /** For an invalid input: the offset of the first character no valid input has there. */
  offset?: (input: string) => number;
  why: string;
}

const FAMILIES: Record<string, Family> = {
  'colons inside [ ]': { make: (n) => `http://[${':'.repeat(n)}]/`, valid: false, offset: () => 10, why: 'a third ":" after "[::"' },
  'run of %': { make: (n) => `http://h/${'%'.repeat(n)}`, valid: false, offset: () => 10, why: '"%" needs HEXDIG' },
  'run of %4': { make: (n) => `http://h/${'%4'.repeat(n / 2)}`, valid: false, offset: () => 11, why: '"%4" needs a second HEXDIG' },
  'run of /': { make: (n) => `http://h${'/'.repeat(n)}`, valid: true, why: 'empty segments are segments' },
  'run of ../': { make: (n) => `http://h/${'../'.repeat(Math.floor(n / 3))}`, valid: true, why: 'dot segments are segments' },
  '1. in a host': { make: (n) => `http://${'1.'.repeat(n / 2)}/`, valid: true, why: 'a reg-name that begins like an IPv4address' },
  'long reg-name': { make: (n) => `http://${'a'.repeat(n)}/`, valid: true, why: 'RFC 3986 sets no length limit' },
  'userinfo without @': {
    make: (n) => `http://${'u:p'.repeat(Math.floor(n / 3))}/`,
    valid: false,
    offset: (s) => s.length - 1,
    why: '"u:pu:p..." could be a userinfo until the "/"',
  },
  'scheme-like prefix': { make: (n) => `${'a'.repeat(n)}+[`, valid: false, offset: (s) => s.length - 1, why: '"[" is not allowed in a first segment' },
  'valid path, then one bad character': { make: (n) => `http://h/${'a/'.repeat(n / 2)} `, valid: false, offset: (s) => s.length - 1, why: 'the space at the end' },
};

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
    // The error path re-runs the traced parser: at 1 M characters only where it fails early
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
const OTHER_FAMILIES: Array<[grammar: 'rfc3987' | 'rfc2396', name: string, family: Family]> = [
  ['rfc3987', 'astral characters in a path', { make: (n) => `http://h/${'\u{1F600}'.repeat(n / 2)}`, valid: true, why: 'each a surrogate pair, one ucschar' }],
  ['rfc3987', 'a long non-ASCII ireg-name', { make: (n) => `http://${'\u00e9'.repeat(n)}/`, valid: true, why: 'no length limit' }],
  ['rfc3987', 'iprivate in the path', { make: (n) => `http://h/\ue000${'a'.repeat(n)}`, valid: false, offset: () => 9, why: 'iprivate only in the query' }],
  ['rfc3987', 'a lone surrogate at the end', { make: (n) => `http://h/${'\u00e9'.repeat(n)}\ud800`, valid: false, offset: (s) => s.length - 1, why: 'a high surrogate with no low one' }],
  ['rfc2396', 'many hostname labels', { make: (n) => `http://${'a.'.repeat(n / 2)}com/`, valid: true, why: 'domainlabels, then the toplabel' }],
  ['rfc2396', 'a run of hyphens after a label', { make: (n) => `http://a${'-'.repeat(n)}/`, valid: true, why: 'no hostname, so a reg_name' }],
  ['rfc2396', 'a long run of groups', { make: (n) => `http://[${'1:'.repeat(n / 2)}1]/`, valid: false, offset: () => 23, why: 'RFC 2373 2.2: a ninth group' }],
  ['rfc2396', 'a server that turns out a reg_name', { make: (n) => `http://${'u;'.repeat(n / 2)}@h:8x/`, valid: true, why: 'server "...@h:8" then "x": the reg_name takes all' }],
  ['rfc2396', 'a long opaque part', { make: (n) => `x:${'a?'.repeat(n / 2)}`, valid: true, why: 'uric after the first character' }],
  ['rfc2396', 'params, then a space', { make: (n) => `http://h/${'a;'.repeat(n / 2)} `, valid: false, offset: (s) => s.length - 1, why: 'the space at the end' }],
];

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
