/**
 * Resolution (5.2), dot segments (5.2.4), recomposition (5.3), normalization
 * and comparison (6.2), percent-encoding (2.1, 2.4). Expected values come
 * from the RFC text or are worked out by hand from it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { Generator, Random } from '../scripts/grammar-check/generate';
import { loadConfig } from '../scripts/grammar-check/config';
import {
  compare,
  equivalent,
  explainNormalize,
  normalize,
  parse,
  percentDecode,
  percentEncode,
  PercentEncodingError,
  recompose,
  removeDotSegments,
  resolve,
  resolveRecord,
  UriComposeError,
  UriResolveError,
  UriSyntaxError,
  NORMALIZE_STEPS,
  type NormalizeStepName,
} from '../src';

interface ResolutionVector {
  base: string;
  reference: string;
  target: string;
  strict?: boolean;
  why: string;
}

const resolution = (
  JSON.parse(fs.readFileSync(path.join(__dirname, 'vectors', 'resolution', 'rfc3986.json'), 'utf8')) as { vectors: ResolutionVector[] }
).vectors;

describe('resolve (RFC 3986 5.2, 5.3)', () => {
  it('has every example of 5.4.1 and 5.4.2', () => {
    expect(resolution.filter((v) => v.why.startsWith('RFC 3986 5.4.1'))).toHaveLength(23);
    expect(resolution.filter((v) => v.why.startsWith('RFC 3986 5.4.2')).length).toBeGreaterThanOrEqual(20);
  });

  it.each(resolution.map((v) => [`${v.base} + ${JSON.stringify(v.reference)}${v.strict === false ? ' (non-strict)' : ''} = ${v.target}: ${v.why}`, v] as const))(
    '%s',
    (_name, v) => {
      expect(resolve(v.base, v.reference, { strict: v.strict ?? true })).toBe(v.target);
    },
  );

  it('resolveRecord keeps the RFC\'s literal components where resolve() writes "/.//"', () => {
    expect(resolveRecord('f:/a', './/g')).toEqual({ scheme: 'f', authority: undefined, path: '//g', query: undefined, fragment: undefined });
    expect(resolveRecord('http://a/b/c/d;p?q', '../g?x#y')).toEqual({ scheme: 'http', authority: 'a', path: '/b/g', query: 'x', fragment: 'y' });
  });

  it('takes records as well as strings', () => {
    expect(resolveRecord(parse('http://a/b/c/d;p?q'), parse('../g'))).toMatchObject({ path: '/b/g' });
  });

  it('a relative base is a UriResolveError that says so', () => {
    expect(() => resolve('//a/b', 'g')).toThrow(UriResolveError);
    expect(() => resolve('/a/b', 'g')).toThrow(/relative reference.*5\.2\.1/);
  });

  it('an invalid base is a UriResolveError carrying the syntax error', () => {
    try {
      resolve('http://a b', 'g');
      throw new Error('expected a failure');
    } catch (e) {
      expect(e).toBeInstanceOf(UriResolveError);
      expect((e as UriResolveError).syntaxError).toBeInstanceOf(UriSyntaxError);
      expect((e as UriResolveError).syntaxError?.offset).toBe(8);
    }
  });

  it('an invalid reference is a UriSyntaxError', () => {
    expect(() => resolve('http://a/', 'g h')).toThrow(UriSyntaxError);
  });
});

describe('removeDotSegments (RFC 3986 5.2.4)', () => {
  it.each([
    ['/a/b/c/./../../g', '/a/g', '5.2.4 walk-through'],
    ['mid/content=5/../6', 'mid/6', '5.2.4 walk-through'],
    ['/../a', '/a', '".." above the root'],
    ['/../../a', '/a', '".." above the root, twice'],
    ['../a', 'a', 'leading "../" (rule A)'],
    ['./a', 'a', 'leading "./" (rule A)'],
    ['/a/.', '/a/', 'trailing "/." (rule B)'],
    ['/a/..', '/', 'trailing "/.." (rule C)'],
    ['/a/b/..', '/a/', 'trailing "/.." keeps the slash'],
    ['.', '', 'lone "." (rule D)'],
    ['..', '', 'lone ".." (rule D)'],
    ['/a/%2E%2E/b', '/a/%2E%2E/b', '"%2E" is not a dot segment'],
    ['/a/%2e/b', '/a/%2e/b', '"%2e" is not a dot segment'],
    ['/a/.b/..c/b.', '/a/.b/..c/b.', 'dots inside a segment are not dot segments'],
    ['/a//../b', '/a/b', 'an empty segment is a segment: ".." removes it'],
    ['/a//b', '/a//b', 'empty segments stay'],
    ['', '', 'empty path'],
    ['/', '/', 'root'],
    ['a/./b/../c', 'a/c', 'rootless path'],
  ])('%p becomes %p: %s', (input, expected) => {
    expect(removeDotSegments(input)).toBe(expected);
  });

  it('is linear: 200 000 segments at once', () => {
    expect(removeDotSegments('/a'.repeat(100_000) + '/..'.repeat(100_000))).toBe('/');
  });
});

describe('RFC 2396 through resolve and recompose (issue 13, item 6)', () => {
  const grammar = 'rfc2396' as const;

  it('resolves references valid under RFC 2396 to an RFC 2396 URI, written and read back by its grammar', () => {
    expect(resolve('http://a/b', '#[x]', { grammar })).toBe('http://a/b#[x]');
    expect(resolve('http://a/b?[q]', '', { grammar })).toBe('http://a/b?[q]');
    expect(resolve('mailto:a?b', '#f', { grammar })).toBe('mailto:a?b#f');
    // By RFC 3986's algorithm, with RFC 2396's grammar: the opaque part's "?" begins a query (Appendix D.2).
    expect(resolveRecord('mailto:a?b', '#f', { grammar })).toMatchObject({ path: 'a', query: 'b', fragment: 'f' });
  });

  it('a target with no RFC 2396 form is a UriComposeError: the empty opaque part of "s:"', () => {
    expect(() => resolve('s:a', '..', { grammar })).toThrow(UriComposeError);
    expect(resolve('s:a', '..')).toBe('s:');
  });

  it('an RFC 2396 record reads back, its opaque part whole', () => {
    const record = parse('mailto:a?b', { grammar });
    expect(recompose(record)).toBe('mailto:a?b');
    expect(recompose(record, { grammar })).toBe('mailto:a?b');
    expect(recompose(parse('http://h/?[x]', { grammar }), { grammar })).toBe('http://h/?[x]');
    // RFC 3986 has no "[" in a query: by its grammar that record does not read back.
    expect(() => recompose(parse('http://h/?[x]', { grammar }))).toThrow(UriComposeError);
  });
});

describe('recompose (RFC 3986 5.3)', () => {
  it('is the inverse of parse on the five components', () => {
    const input = 'foo://u@h:1/p/q?x?y#z/#';
    expect(() => parse(input)).toThrow(); // two "#": not a URI
    const ok = 'foo://u@h:1/p/q?x?y#z/?';
    expect(recompose(parse(ok))).toBe(ok);
  });

  it('keeps absent and empty apart', () => {
    expect(recompose({ scheme: 's', authority: '', path: '', query: '', fragment: undefined })).toBe('s://?');
    expect(recompose({ scheme: 's', authority: undefined, path: '', query: undefined, fragment: '' })).toBe('s:#');
  });

  it.each([
    [{ scheme: 'f', authority: undefined, path: '//g', query: undefined, fragment: undefined }, 'path', /needs an authority/],
    [{ scheme: 'f', authority: 'h', path: 'g', query: undefined, fragment: undefined }, 'path', /empty or begin with "\/"/],
    [{ scheme: undefined, authority: undefined, path: 'a:b', query: undefined, fragment: undefined }, 'path', /read as a scheme/],
    [{ scheme: 'f', authority: undefined, path: 'p', query: 'a#b', fragment: undefined }, 'query', /read back as "a"/],
    [{ scheme: 'f', authority: 'a b', path: '', query: undefined, fragment: undefined }, 'authority', /cannot be written there/],
    [{ scheme: '1f', authority: undefined, path: 'p', query: undefined, fragment: undefined }, 'scheme', /cannot be written there/],
  ])('refuses components it cannot write back (%#)', (components, component, message) => {
    try {
      recompose(components);
      throw new Error('expected a failure');
    } catch (e) {
      expect(e).toBeInstanceOf(UriComposeError);
      expect((e as UriComposeError).component).toBe(component);
      expect((e as Error).message).toMatch(message);
    }
  });
});

describe('normalize (RFC 3986 6.2.2, 6.2.3)', () => {
  it.each([
    ['eXAMPLE://a/./b/../b/%63/%7bfoo%7d', 'example://a/b/c/%7Bfoo%7D', '6.2.2: the RFC\'s example'],
    ['HTTP://www.EXAMPLE.com/', 'http://www.example.com/', '6.2.2.1: scheme and host to lower case'],
    ['http://example.com/%7euser', 'http://example.com/~user', '6.2.2.2: %7E is unreserved'],
    ['http://example.com', 'http://example.com/', '6.2.3: empty path with an authority is "/" for http'],
    ['http://example.com:/', 'http://example.com/', '6.2.3: empty port'],
    ['http://example.com:80/', 'http://example.com/', '6.2.3: default port'],
    ['https://example.com:443', 'https://example.com/', '6.2.3: https default port and empty path'],
    ['http://example.com:8080/', 'http://example.com:8080/', 'another port stays'],
    ['http://example.com:080/', 'http://example.com/', 'the default port by value, not spelling'],
    ['http://example.com/?', 'http://example.com/?', '6.2.3: an empty query stays'],
    ['http://example.com/#', 'http://example.com/#', 'an empty fragment stays'],
    ['foo://example.com', 'foo://example.com', 'unknown scheme: an empty path stays empty'],
    ['foo://example.com:80', 'foo://example.com:80', 'unknown scheme: its port stays'],
    ['foo://example.com:/', 'foo://example.com/', 'an empty port goes for every scheme (3.2.3)'],
    ['HTTP://[FE80::A]/', 'http://[fe80::a]/', 'IP literals to lower case'],
    ['s://[V1.AB]/', 's://[v1.ab]/', 'IPvFuture to lower case'],
    ['http://%7Eex%41mple.COM/', 'http://~example.com/', 'percent-encoded unreserved in a host, then lower case'],
    ['http://EX%2fAMPLE/', 'http://ex%2Fample/', 'a reserved octet stays encoded, with upper-case hex, while the host is lowered'],
    ['http://%7eU:P%41@h/', 'http://~U:PA@h/', 'userinfo: decoded unreserved, case kept'],
    ['s:p?%7e%2f#%7e%2f', 's:p?~%2F#~%2F', 'query and fragment: unreserved decoded, the rest upper-cased'],
    ['a/./b/../c', 'a/./b/../c', 'a relative reference keeps its dot segments'],
    ['a/%2E%2E/b', 'a/../b', 'a relative reference: %2E decoded, the dots then kept'],
    ['s:/a/%2E%2E/b', 's:/b', 'a URI: %2E decoded, then the dot segments removed'],
    ['s:/.//a', 's:/.//a', 'deviation: "/.//a" would become "//a", read as an authority; it stays'],
    ['s:/a/..//b', 's:/.//b', 'deviation, as above'],
    ['foo:Joe@Example.COM', 'foo:Joe@Example.COM', 'no authority: the path is not a host and keeps its case'],
    ['mailto:Joe@Example.COM', 'mailto:Joe@example.com', "a mailto address's domain is case-insensitive, its local part not (RFC 6068 2, RFC 5321 2.4; issue 34)"],
    // A host's triplets' hex digits are upper-case letters that lowercase-host leaves: the letters after them are lowered.
    ['http://%C3%A9%C3%A9/', 'http://%C3%A9%C3%A9/', 'a host of triplets only: nothing to lower'],
    ['http://%C3%A9X/', 'http://%C3%A9x/', 'a host: a letter after triplets lowered, their hex digits kept'],
    ['http://%3AB/', 'http://%3Ab/', "a host: a letter right after a triplet's upper-case second digit"],
    ['http://%3aB%c3%a9C/', 'http://%3Ab%C3%A9c/', 'a host: lower-case hex upper-cased, the letters lowered'],
    ['HTTP://%C3%A9/', 'http://%C3%A9/', 'the scheme lowered before a host of triplets'],
    ['http://%C3%A9U@%C3%A9/', 'http://%C3%A9U@%C3%A9/', 'a userinfo keeps its case'],
    ['http://U%C3%A9@%C3%A9X/', 'http://U%C3%A9@%C3%A9x/', 'a userinfo keeps its case, the host after it is lowered'],
    ['http://%C3%A9:80/', 'http://%C3%A9/', 'a host of triplets, then a default port'],
  ])('%p becomes %p: %s', (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });

  it('level syntax leaves 6.2.3 alone', () => {
    expect(normalize('HTTP://A:80', { level: 'syntax' })).toBe('http://a:80');
    expect(normalize('http://a:', { level: 'syntax' })).toBe('http://a:');
  });

  const oneStepInputs: Record<NormalizeStepName, [string, string]> = {
    'decode-unreserved': ['HTTP://A:80/%7e%2f', 'HTTP://A:80/~%2f'],
    'uppercase-percent-encoding': ['HTTP://A:80/%7e%2f', 'HTTP://A:80/%7E%2F'],
    'lowercase-scheme': ['HTTP://A:80/%7e%2f', 'http://A:80/%7e%2f'],
    'lowercase-host': ['HTTP://A:80/%7e%2f', 'HTTP://a:80/%7e%2f'],
    'remove-dot-segments': ['HTTP://A:80/./%7e/..', 'HTTP://A:80/'],
    'remove-empty-port': ['HTTP://A:/%7e', 'HTTP://A/%7e'],
    'remove-default-port': ['HTTP://A:80/%7e', 'HTTP://A/%7e'],
    'empty-path-to-slash': ['HTTP://A:80', 'HTTP://A:80/'],
    'lowercase-urn-nid': ['URN:EXAMPLE:a%2c', 'URN:example:a%2c'],
    'lowercase-mailto-domain': ['MAILTO:Joe@Example.COM?Subject=Hi', 'MAILTO:Joe@example.com?Subject=Hi'],
    'lowercase-mailto-hfname': ['MAILTO:Joe@Example.COM?Subject=Hi', 'MAILTO:Joe@Example.COM?subject=Hi'],
  };

  it.each(NORMALIZE_STEPS.map((s) => [s]))('step %s works alone', (step) => {
    const steps = Object.fromEntries(NORMALIZE_STEPS.map((s) => [s, s === step])) as Record<NormalizeStepName, boolean>;
    const [input, expected] = oneStepInputs[step];
    expect(normalize(input, { steps })).toBe(expected);
  });

  it('with decode-unreserved off, a segment of "%2E" is still the dot segment it is equivalent to (2.3, 6.2.2.3)', () => {
    const steps = { 'decode-unreserved': false };
    expect(normalize('http://h/a/%2E%2E/../b', { steps })).toBe('http://h/b');
    expect(normalize('http://h/a/%2E%2E/../b')).toBe('http://h/b');
    expect(normalize('http://h/a/%2e/%2E./b', { steps })).toBe('http://h/b');
    // Other segments keep their spelling: %2E inside a segment is no dot segment.
    expect(normalize('http://h/a%2E/%2E%2E%2E/.%2Ex/c', { steps })).toBe('http://h/a%2E/%2E%2E%2E/.%2Ex/c');
    expect(explainNormalize('s:/a/%2E%2E/b', { steps }).steps.map((x) => [x.step, x.before, x.after])).toEqual([['remove-dot-segments', '/a/%2E%2E/b', '/b']]);
  });

  it('each step can be switched off', () => {
    expect(normalize('HTTP://A:80/%7e', { steps: { 'lowercase-scheme': false, 'remove-default-port': false } })).toBe('HTTP://a:80/~');
  });

  it('explainNormalize lists each change with its step, section and offsets', () => {
    const { result, steps } = explainNormalize('HTTP://H%7e:80');
    expect(result).toBe('http://h~/');
    expect(steps.map((s) => [s.step, s.section, s.start, s.end, s.before, s.after])).toEqual([
      ['decode-unreserved', '6.2.2.2', 8, 11, '%7e', '~'],
      ['lowercase-scheme', '6.2.2.1', 0, 4, 'HTTP', 'http'],
      ['lowercase-host', '6.2.2.1', 7, 9, 'H~', 'h~'],
      ['remove-default-port', '3.2.3, 6.2.3', 9, 12, ':80', ''],
      ['empty-path-to-slash', '6.2.3', 9, 9, '', '/'],
    ]);
    // Each change's result is the whole text after its step.
    expect(steps.map((s) => s.result)).toEqual(['HTTP://H~:80', 'http://H~:80', 'http://h~:80', 'http://h~', 'http://h~/']);
    // Triplets upper-cased, each its own change, and a triplet written both ways.
    expect(explainNormalize('s:/%2f%5B%5b').steps.map((s) => [s.step, s.start, s.before, s.after, s.result])).toEqual([
      ['uppercase-percent-encoding', 3, '%2f', '%2F', 's:/%2F%5B%5B'],
      ['uppercase-percent-encoding', 9, '%5b', '%5B', 's:/%2F%5B%5B'],
    ]);
    // More changes than the first columns hold (they grow).
    const many = explainNormalize(`s:/${'%7e%2f'.repeat(40)}`).steps;
    expect(many.map((s) => [s.step, s.inputStart, s.before, s.after])).toEqual([
      ...Array.from({ length: 40 }, (_, k) => ['decode-unreserved', 3 + 6 * k, '%7e', '~']),
      ...Array.from({ length: 40 }, (_, k) => ['uppercase-percent-encoding', 6 + 6 * k, '%2f', '%2F']),
    ]);
  });

  it('explainNormalize gives each change in input coordinates too: a change of text an earlier step wrote covers what that step replaced', () => {
    const input = 'HTTP://H%7e:80';
    const { steps } = explainNormalize(input);
    expect(steps.map((s) => [s.step, s.inputStart, s.inputEnd, input.slice(s.inputStart, s.inputEnd)])).toEqual([
      ['decode-unreserved', 8, 11, '%7e'],
      ['lowercase-scheme', 0, 4, 'HTTP'],
      ['lowercase-host', 7, 11, 'H%7e'],
      ['remove-default-port', 11, 14, ':80'],
      // An insertion: where the input's path is, after the port the step before removed.
      ['empty-path-to-slash', 14, 14, ''],
    ]);
    const dots = 'http://h/a/%2e%2E/b%7e?%2f';
    expect(explainNormalize(dots).steps.map((s) => [s.step, dots.slice(s.inputStart, s.inputEnd)])).toEqual([
      ['decode-unreserved', '%2e'],
      ['decode-unreserved', '%2E'],
      ['decode-unreserved', '%7e'],
      ['uppercase-percent-encoding', '%2f'],
      ['remove-dot-segments', '/a/%2e%2E/b%7e'],
    ]);
  });

  it('explainNormalize\'s input coordinates agree with a character-by-character mapping on generated URIs', () => {
    /** Each code unit of the text as it stands: the input span it comes from, and the replaced region it belongs to (-1: copied). */
    interface Unit {
      start: number;
      end: number;
      region: number;
    }
    const naive = (input: string, steps: readonly { step: string; start: number; end: number; after: string }[]): [number, number][] => {
      let units: Unit[] = Array.from(input, (_, i) => ({ start: i, end: i + 1, region: -1 }));
      let regions = 0;
      let last = '';
      let next: Unit[] = [];
      let at = 0;
      const spans: [number, number][] = [];
      const finish = () => {
        next.push(...units.slice(at));
        units = next;
      };
      steps.forEach((s, k) => {
        if (k === 0 || s.step !== last || s.start < at) {
          if (k > 0) finish();
          next = [];
          at = 0;
        }
        last = s.step;
        let span: [number, number];
        let from = s.start;
        let to = s.end;
        if (s.start === s.end) {
          const before = units[s.start - 1];
          const after = units[s.start];
          const inside = before !== undefined && after !== undefined && after.region >= 0 && before.region === after.region;
          span = inside ? [after.start, after.end] : [after?.start ?? input.length, after?.start ?? input.length];
        } else {
          span = [units[s.start].start, units[s.end - 1].end];
        }
        // A replaced region the edit cuts into is replaced whole.
        while (from > at && from < units.length && units[from].region >= 0 && units[from - 1]?.region === units[from].region) from--;
        while (to < units.length && to > 0 && units[to - 1].region >= 0 && units[to].region === units[to - 1].region) to++;
        const region = regions++;
        const inserted = Array.from({ length: s.start - from + s.after.length + (to - s.end) }, () => ({ start: span[0], end: span[1], region }));
        next.push(...units.slice(at, from), ...inserted);
        at = to;
        spans.push(span);
      });
      return spans;
    };
    const abnf = readAbnf(path.join(__dirname, '..', 'grammar', 'rfc3986.abnf'));
    const config = loadConfig('rfc3986');
    const uri = fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => new Generator(abnf, new Random(seed), config).generate('URI-reference'));
    const http = fc.tuple(fc.constantFrom('HTTP', 'http', 'ws', 'foo'), uri.filter((u) => u.startsWith('//'))).map(([sc, u]) => `${sc}:${u}`);
    fc.assert(
      fc.property(fc.oneof(uri, http), (u) => {
        const { steps } = explainNormalize(u);
        expect(steps.map((s) => [s.inputStart, s.inputEnd])).toEqual(naive(u, steps));
      }),
      { numRuns: 400 },
    );
  });

  it('an invalid input is a UriSyntaxError, never repaired', () => {
    expect(() => normalize('http://a b/')).toThrow(UriSyntaxError);
    expect(() => normalize('HTTP://%zz')).toThrow(UriSyntaxError);
  });

  it('unknown options are TypeErrors', () => {
    expect(() => normalize('a:b', { level: 'http' as never })).toThrow(TypeError);
    expect(() => normalize('a:b', { steps: { 'lowercase-path': true } as never })).toThrow(/unknown step/);
  });
});

describe('equivalent and compare (RFC 3986 6.2)', () => {
  it('climbs the ladder: simple, syntax, scheme', () => {
    expect(compare('http://a/b', 'http://a/b')).toEqual({ equivalent: true, level: 'simple' });
    expect(compare('HTTP://a/%7e', 'http://a/~')).toEqual({ equivalent: true, level: 'syntax' });
    expect(compare('http://a:80', 'http://a/')).toEqual({ equivalent: true, level: 'scheme' });
  });

  it('compares IRIs whose mapped hosts are all triplets, or triplets and letters (RFC 3987 5.3.2.3)', () => {
    const host = '\u00e9'.repeat(50);
    expect(compare(`http://${host}/`, `http://${host}/`, { grammar: 'rfc3987' })).toEqual({ equivalent: true, level: 'simple' });
    expect(compare(`http://${host}X/`, `http://${host}x/`, { grammar: 'rfc3987' })).toEqual({ equivalent: true, level: 'syntax' });
    expect(compare(`http://${host}/`, `http://${host}x/`, { grammar: 'rfc3987' })).toMatchObject({ equivalent: false, difference: { component: 'host' } });
  });

  it('says where two URIs differ', () => {
    expect(compare('http://a/b?x', 'http://a/b?y')).toEqual({ equivalent: false, level: undefined, difference: { component: 'query', a: 'x', b: 'y' } });
    expect(compare('http://u@a/', 'http://a/')).toMatchObject({ difference: { component: 'userinfo', a: 'u', b: undefined } });
    expect(compare('http://a/#', 'http://a/')).toMatchObject({ difference: { component: 'fragment', a: '', b: undefined } });
  });

  it('equivalent takes a level', () => {
    expect(equivalent('HTTP://a/', 'http://a/', { level: 'simple' })).toBe(false);
    expect(equivalent('HTTP://a/', 'http://a/', { level: 'syntax' })).toBe(true);
    expect(equivalent('http://a:80/', 'http://a/', { level: 'syntax' })).toBe(false);
    expect(equivalent('http://a:80/', 'http://a/')).toBe(true);
  });

  it('rejects invalid input at every level', () => {
    expect(() => equivalent('a b', 'a b', { level: 'simple' })).toThrow(UriSyntaxError);
    expect(() => compare('a:b', 'c d')).toThrow(UriSyntaxError);
  });
});

describe('percentEncode and percentDecode (RFC 3986 2.1, 2.4)', () => {
  it.each([
    ['a b', 'path', 'a%20b'],
    ['a/b?c#d', 'path', 'a/b%3Fc%23d'],
    ['a/b?c#d', 'segment', 'a%2Fb%3Fc%23d'],
    ['a/b?c#d', 'query', 'a/b?c%23d'],
    ['a/b?c#d', 'fragment', 'a/b?c%23d'],
    ['u:p@h', 'userinfo', 'u:p%40h'],
    ['x:y', 'host', 'x%3Ay'],
    ["!$&'()*+,;=", 'host', "!$&'()*+,;="],
    ['é', 'path', '%C3%A9'],
    ['\u{1F600}', 'query', '%F0%9F%98%80'],
    ['100%', 'path', '100%25'],
    ['%41', 'path', '%2541'],
  ] as const)('percentEncode(%p, %p) is %p', (text, component, expected) => {
    expect(percentEncode(text, component)).toBe(expected);
  });

  it('keepPercentEncoded keeps valid triplets (upper-cased) and encodes a stray "%"', () => {
    expect(percentEncode('%41%e9 100%', 'path', { keepPercentEncoded: true })).toBe('%41%E9%20100%25');
  });

  it('a lone surrogate cannot be encoded', () => {
    expect(() => percentEncode('a\ud800', 'path')).toThrow(PercentEncodingError);
  });

  it.each([
    ['%C3%A9', 'é'],
    ['%2541', '%41'],
    ['a%20b', 'a b'],
    ['%F0%9F%98%80', '\u{1F600}'],
    ['no escapes', 'no escapes'],
  ])('percentDecode(%p) is %p (one pass)', (text, expected) => {
    expect(percentDecode(text)).toBe(expected);
  });

  it("only: 'unreserved' decodes unreserved octets and leaves every other triplet as written", () => {
    expect(percentDecode('%7e%41%2f%c3%a9', { only: 'unreserved' })).toBe('~A%2f%c3%a9');
  });

  it.each([
    ['a%4', 1, 'short'],
    ['a%zz', 1, 'not hex'],
    ['%C3', 0, 'a 2-octet character cut short'],
    ['x%C3%28', 4, 'not a continuation octet: the offset of that octet'],
    ['%80', 0, 'a continuation octet first'],
    ['%C0%AF', 0, 'an overlong form'],
    ['%ED%A0%80', 0, 'a surrogate'],
    ['%F4%90%80%80', 0, 'above U+10FFFF'],
  ])('percentDecode(%p) fails at offset %p: %s', (text, offset) => {
    try {
      percentDecode(text);
      throw new Error('expected a failure');
    } catch (e) {
      expect(e).toBeInstanceOf(PercentEncodingError);
      expect((e as PercentEncodingError).offset).toBe(offset);
    }
  });
});
