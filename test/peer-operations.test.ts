/**
 * Issue 19, items 1 to 3: relativize (the inverse of RFC 3986 5.2), build and
 * withComponents (3, 5.3), redact (3.2.1, 7.5). Expected values are worked out
 * by hand from the RFC; the laws are checked with fast-check on URI references
 * generated from the ABNF and on valid lines of the corpus (test/corpus/).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { Generator, Random } from '../scripts/grammar-check/generate';
import { loadConfig } from '../scripts/grammar-check/config';
import {
  build,
  isValid,
  matches,
  parse,
  percentDecode,
  redact,
  relativize,
  resolve,
  withComponents,
  UriComposeError,
  UriOptionError,
  UriResolveError,
  UriSyntaxError,
  type UriParts,
} from '../src';

const abnf = readAbnf(path.join(__dirname, '..', 'grammar', 'rfc3986.abnf'));
const config = loadConfig('rfc3986');
const fromGrammar = (rule: string): fc.Arbitrary<string> =>
  fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => new Generator(abnf, new Random(seed), config).generate(rule));

const corpus = fs
  .readFileSync(path.join(__dirname, 'corpus', 'web-urls.txt'), 'utf8')
  .split(/\r?\n/)
  .map((line) => line.replace(/^\uFEFF/, ''))
  .filter((line) => line !== '' && isValid(line, { rule: 'absolute-URI' }))
  .slice(0, 3000);
const fileCorpus = fs
  .readFileSync(path.join(__dirname, 'corpus', 'file-urls.txt'), 'utf8')
  .split(/\r?\n/)
  .filter((line) => line !== '' && isValid(line, { rule: 'absolute-URI' }))
  .slice(0, 1000);

const absoluteUri = fc.oneof(fromGrammar('absolute-URI'), fc.constantFrom(...corpus), fc.constantFrom(...fileCorpus));
const uriReference = fc.oneof(fromGrammar('URI-reference'), fromGrammar('relative-ref'), fc.constantFrom(...corpus));
/** References written the way people write them: paths of a few segments, dot segments among them, a query, a fragment. */
const handReference = fc
  .tuple(
    fc.constantFrom('', '/', '//a', '//x.example'),
    fc.array(fc.constantFrom('a', 'b', 'c', '.', '..', '', 'g:h', '%2E', 'd;p'), { maxLength: 6 }),
    fc.option(fc.constantFrom('', 'q', 'y=1'), { nil: undefined }),
    fc.option(fc.constantFrom('', 's'), { nil: undefined }),
  )
  .map(([start, segments, q, f]) => `${start}${start.startsWith('//') && segments.length > 0 ? '/' : ''}${segments.join('/')}${q !== undefined ? `?${q}` : ''}${f !== undefined ? `#${f}` : ''}`)
  .filter((r) => isValid(r));
/** Bases that share authorities and paths with handReference, so that most targets are relative to them. */
const handBase = fc
  .tuple(
    fc.constantFrom('http://a', 'http://x.example', 's:', 'foo:'),
    fc.array(fc.constantFrom('a', 'b', 'c', '.', '..', '', 'd;p'), { maxLength: 5 }),
    fc.boolean(),
    fc.option(fc.constantFrom('', 'q'), { nil: undefined }),
    fc.option(fc.constantFrom('', 'f'), { nil: undefined }),
  )
  .map(([start, segments, rooted, q, f]) => `${start}${rooted || start.includes('//') ? '/' : ''}${segments.join('/')}${q !== undefined ? `?${q}` : ''}${f !== undefined ? `#${f}` : ''}`)
  .filter((b) => isValid(b, { rule: 'URI' }));
const RUNS = { numRuns: 1000 };

describe('relativize (the inverse of RFC 3986 5.2)', () => {
  const B = 'http://a/b/c/d;p?q';
  // Each expected reference worked out by hand: the shortest of the 4.2 forms that 5.2.2 resolves to the target.
  it.each([
    ['http://a/b/c/g', 'g', 'a sibling: a relative-path reference (5.2.3 merge)'],
    ['http://a/b/c/d;p?q', '', 'the base itself, its query included: the empty reference (5.2.2, 4.4)'],
    ['http://a/b/c/d;p?q#s', '#s', 'a fragment of the base: a same-document reference (4.4)'],
    ['http://a/b/c/d;p?y', '?y', 'the same path, another query: an empty path with a query (5.2.2)'],
    ['http://a/b/c/d;p', 'd;p', 'the same path without the query: "" would keep the base query, so the last segment'],
    ['http://a/b/c/', '.', 'the directory itself: "." (5.2.4 B), shorter than "./"'],
    ['http://a/b/', '..', 'the parent directory: ".." (5.2.4 C)'],
    ['http://a/b/g', '../g', 'one level up'],
    ['http://a/g', '/g', 'an absolute-path reference is shorter than "../../g"'],
    ['http://a/', '/', 'the root'],
    ['http://a/b/c/g:h', './g:h', 'a first segment with ":" needs "./" (4.2), or it would be the scheme g'],
    ['http://a//x', '/.//x', 'a path beginning "//": "/." in front, since "//x" would be an authority'],
    ['http://a', '//a', 'an empty path: no path reference gives one, so a network-path reference'],
    ['http://x/y', '//x/y', 'another authority: a network-path reference (4.2)'],
    ['https://a/b', 'https://a/b', 'another scheme: the URI itself'],
    ['HTTP://a/b', 'HTTP://a/b', 'schemes compared as written, as strict resolution (5.2.2) compares them'],
    ['http:/b', 'http:/b', 'no authority where the base has one: nothing relative can drop it'],
    ['http://a/b/c/%2E%2E/g', '%2E%2E/g', '"%2E%2E" is no dot segment (5.2.4 names only literal dots)'],
    ['http://a/b/c/../g', '../g', 'a target with dot segments is taken as resolution leaves it: http://a/b/g'],
    ['../../../g', '/g', 'a relative target is resolved against the base first: http://a/g'],
  ])('%s against http://a/b/c/d;p?q is %p: %s', (target, expected) => {
    expect(relativize(B, target)).toBe(expected);
    expect(resolve(B, expected)).toBe(resolve(B, target));
  });

  it.each([
    ['http://a/b?q#f', 'http://a/b?q', '', "the base's fragment is ignored (5.2.1)"],
    ['http://a/b?q', 'http://a/b', 'b', "a base with a query, a target without: not '' (which keeps the query)"],
    ['http://a/?q', 'http://a/', '.', 'the same for a directory'],
    ['http://a?q', 'http://a', '//a', 'the same for an empty path: only the authority gives it back'],
    ['http://a', 'http://a?x', '?x', 'an empty path with a query'],
    ['http://a', 'http://a/g', 'g', 'an empty base path merges as "/" (5.2.3)'],
    ['foo:a/b', 'foo:a/c', 'c', 'a rootless base path'],
    ['foo:a/b', 'foo:x', 'foo:x', '".." cannot climb a rootless path: 5.2.4 would make it "/x"'],
    ['foo:b', 'foo:', '.', 'an empty path with no authority: "." merged into "" (5.2.3, 5.2.4 D)'],
    ['foo:/a', 'foo:b', 'foo:b', 'a rootless target against a base from the root'],
    ['f:/a', 'f:/.//g', './/g', 'resolve() writes the path "//g" as "/.//g"; ".//g" gives it'],
    ['s:/x/../y/z', 's:/y/w', 'w', "the base's dot segments are removed when it is merged (5.2.4)"],
    ['mailto:a@b', 'mailto:c@d', 'c@d', 'an opaque-looking path is a rootless path'],
  ])('%s to %s is %p: %s', (base, target, expected) => {
    expect(relativize(base, target)).toBe(expected);
    expect(resolve(base, expected)).toBe(resolve(base, target));
  });

  it("keep: 'absolute-path' and keep: 'authority'", () => {
    expect(relativize(B, 'http://a/b/c/g', { keep: 'absolute-path' })).toBe('/b/c/g');
    expect(relativize(B, 'http://a/b/c/d;p?q#s', { keep: 'absolute-path' })).toBe('/b/c/d;p?q#s');
    expect(relativize(B, 'http://x/y', { keep: 'absolute-path' })).toBe('//x/y');
    expect(relativize(B, 'http://a/b/c/g', { keep: 'authority' })).toBe('//a/b/c/g');
    expect(relativize(B, 'https://a/b', { keep: 'authority' })).toBe('https://a/b');
    expect(relativize('foo:a/b', 'foo:a/c', { keep: 'absolute-path' })).toBe('foo:a/c'); // no absolute path to keep
    expect(relativize('mailto:a', 'mailto:b', { keep: 'authority' })).toBe('mailto:b'); // no authority to keep
    // A target that keeps the base's dot segments ("" against http://a/b/..) : only "" gives it back.
    expect(resolve('http://a/b/..', '')).toBe('http://a/b/..');
    expect(relativize('http://a/b/..', '', { keep: 'authority' })).toBe('');
    expect(relativize('http://a/b/..?q', '?r', { keep: 'absolute-path' })).toBe('?r');
  });

  it('is never longer than the reference of any example of RFC 3986 5.4.1 (strict)', () => {
    const examples = (JSON.parse(fs.readFileSync(path.join(__dirname, 'vectors', 'resolution', 'rfc3986.json'), 'utf8')) as {
      vectors: Array<{ base: string; reference: string; target: string; strict?: boolean; why: string }>;
    }).vectors.filter((v) => v.why.startsWith('RFC 3986 5.4') && v.strict !== false);
    expect(examples.length).toBeGreaterThanOrEqual(40);
    for (const v of examples) {
      const r = relativize(v.base, v.target);
      expect([v.reference, resolve(v.base, r)]).toEqual([v.reference, v.target]);
      expect([v.reference, r.length <= v.reference.length]).toEqual([v.reference, true]);
    }
  });

  it('law: resolve(base, relativize(base, t)) === resolve(base, t) for every URI reference t, with every keep', () => {
    const keep = fc.constantFrom(undefined, 'absolute-path' as const, 'authority' as const);
    const law = (base: string, t: string, k: 'absolute-path' | 'authority' | undefined) => resolve(base, relativize(base, t, { keep: k })) === resolve(base, t);
    fc.assert(fc.property(absoluteUri, uriReference, keep, law), RUNS);
    fc.assert(fc.property(handBase, handReference, keep, law), { numRuns: 3000 });
  });

  it('law: for a target as resolve produces it (a URI without dot segments), resolve(base, relativize(base, t)) === t', () => {
    const targets = fc.oneof(fromGrammar('URI'), fc.constantFrom(...corpus)).map((u) => resolve('x:', u));
    fc.assert(fc.property(absoluteUri, targets, (base, t) => resolve(base, t) === t && resolve(base, relativize(base, t)) === t), RUNS);
    // Targets near the base: each is the base's resolution of a reference, and the result is no longer than that reference.
    fc.assert(
      fc.property(handBase, handReference, (base, r) => {
        const t = resolve(base, r);
        fc.pre(resolve(base, t) === t); // a base with dot segments gives targets that keep them ("" against s:/a/../b)
        const shortest = relativize(base, t);
        return resolve(base, shortest) === t && shortest.length <= r.length;
      }),
      RUNS,
    );
  });

  it('the base must be an absolute URI, the target a URI reference', () => {
    expect(() => relativize('a/b', 'http://a/')).toThrow(UriResolveError);
    expect(() => relativize('http://a b/', 'http://a/')).toThrow(UriResolveError);
    let error: unknown;
    try {
      relativize('http://a/', 'http://a/b c');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UriSyntaxError);
    expect((error as UriSyntaxError).offset).toBe(10);
    expect(() => relativize('http://a/', 'b', { keep: 'path' } as never)).toThrow(UriOptionError);
    expect(() => relativize('http://a/', 'b', null as never)).toThrow(UriOptionError);
    expect(() => relativize(1 as never, 'b')).toThrow(TypeError);
  });

  it('is linear: a base and a target of 200 000 segments each', () => {
    const n = 200_000;
    const base = `http://a/${'x/'.repeat(n)}y`;
    const target = `http://a/${'z/'.repeat(n)}w`;
    const started = Date.now();
    const r = relativize(base, target);
    expect(r).toBe(`/${'z/'.repeat(n)}w`);
    expect(Date.now() - started).toBeLessThan(20_000); // a quadratic walk would take hours
    expect(relativize(target, `http://a/${'z/'.repeat(n)}v`)).toBe('v');
  });
});

describe('build and withComponents (RFC 3986 3, 5.3)', () => {
  it('refuses a host with ":" outside brackets (no registered name has one): an IPv6 address with a zone is not turned into a name', () => {
    for (const host of ['fe80::1%eth0', 'a:b', '::1']) expect(() => build({ scheme: 'http', host })).toThrow(UriComposeError);
    expect(build({ scheme: 'http', host: '[fe80::1]' })).toBe('http://[fe80::1]');
  });

  it.each<[UriParts, string]>([
    [{ scheme: 'https', host: 'example.com', path: '/a b/c', query: 'x=1&y=a b', fragment: 'top' }, 'https://example.com/a%20b/c?x=1&y=a%20b#top'],
    [{ scheme: 'ftp', userinfo: 'me:p@ss', host: 'h', port: 21, path: '/' }, 'ftp://me:p%40ss@h:21/'],
    [{ scheme: 'http', host: 'exämple.org', path: '/ü' }, 'http://ex%C3%A4mple.org/%C3%BC'],
    [{ scheme: 'http', host: '[::1]', port: '', path: '' }, 'http://[::1]:'],
    [{ scheme: 'http', host: '192.0.2.1' }, 'http://192.0.2.1'],
    [{ scheme: 'file', host: '', path: '/etc/hosts' }, 'file:///etc/hosts'],
    [{ scheme: 's', path: ['', 'a', 'b/c', '%'] }, 's:/a/b%2Fc/%25'],
    [{ scheme: 's', path: 'a/b?#%' }, 's:a/b%3F%23%25'],
    [{ scheme: 's', path: 'g:h' }, 's:g:h'],
    [{ path: 'a', query: '', fragment: '' }, 'a?#'],
    [{}, ''],
    [{ query: 'a?b/c#d' }, '?a?b/c%23d'],
  ])('%j is %p', (parts, expected) => {
    expect(build(parts)).toBe(expected);
  });

  it('keepPercentEncoded keeps triplets already there', () => {
    expect(build({ scheme: 's', path: '/a%20b c%zz' }, { keepPercentEncoded: true })).toBe('s:/a%20b%20c%25zz');
    expect(build({ scheme: 's', path: '/a%20b' })).toBe('s:/a%2520b');
  });

  it('takes a host that looks like an IPvFuture but has no ":" as the registered name it is (IPvFuture is only inside brackets, 3.2.2)', () => {
    expect(build({ scheme: 'https', host: 'v1.example.com', path: '/a' })).toBe('https://v1.example.com/a');
    expect(build({ host: 'vab.x' })).toBe('//vab.x');
    expect(parse(build({ host: 'v1.x' })).host).toBe('v1.x');
  });

  // Each refusal: its part, and its words (the section and what to do).
  it.each<[UriParts, string, RegExp]>([
    [{ host: 'h', path: 'a' }, 'path', /with an authority, the path must be empty or begin with "\/" \(RFC 3986 3\.3\)/],
    [{ scheme: 's', path: '//a' }, 'path', /without an authority, the path cannot begin with "\/\/" \(RFC 3986 3\.3\).*"\/\.\/\/a"/],
    [{ path: ['', '', 'a'] }, 'path', /cannot begin with "\/\/"/],
    [{ path: 'a:b/c' }, 'path', /first path segment cannot contain ":" \(RFC 3986 3\.3, 4\.2\).*"\.\/a:b\/c"/],
    [{ scheme: '1a' }, 'scheme', /not a scheme \(RFC 3986 3\.1.*at offset 0/],
    [{ scheme: 'a_b' }, 'scheme', /at offset 1/],
    [{ scheme: '' }, 'scheme', /it is empty/],
    [{ host: '::1' }, 'host', /must be written in brackets.*"\[::1\]"/],
    [{ host: 'v1.x:y' }, 'host', /has a ":", which no registered name has \(RFC 3986 3\.2\.2\).*brackets/],
    [{ host: 'h', port: '8o' }, 'port', /not a digit at offset 1 \(RFC 3986 3\.2\.3/],
    [{ host: 'h', port: 1.5 }, 'port', /not a non-negative integer/],
    [{ userinfo: 'u' }, 'userinfo', /a userinfo needs a host/],
    [{ port: 80 }, 'port', /a port needs a host/],
  ])('%j is a UriComposeError on %s', (parts, component, message) => {
    let error: unknown;
    try {
      build(parts);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UriComposeError);
    expect((error as UriComposeError).component).toBe(component);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses what is not parts: TypeError for the argument, UriOptionError for the options', () => {
    expect(() => build({ hots: 'h' } as never)).toThrow(/unknown part "hots"/);
    expect(() => build({ path: 1 } as never)).toThrow(TypeError);
    expect(() => build({ path: ['a', 1] } as never)).toThrow(TypeError);
    expect(() => build(null as never)).toThrow(TypeError);
    expect(() => build(new Map() as never)).toThrow(TypeError);
    expect(() => build({}, { keep: true } as never)).toThrow(UriOptionError);
    expect(() => withComponents('a:b', {}, { keepPercentEncoded: 'yes' } as never)).toThrow(UriOptionError);
    expect(() => build({ path: '\uD800' })).toThrow(/lone surrogate/);
  });

  /** Parts as fast-check makes them: any text, so that both the law and the refusals are exercised. */
  const text = fc.string({ unit: 'grapheme', maxLength: 12 });
  const parts: fc.Arbitrary<UriParts> = fc.record(
    {
      scheme: fc.oneof(fromGrammar('scheme'), fc.constantFrom('1x', '')),
      userinfo: text,
      host: fc.oneof(text, fromGrammar('IP-literal'), fromGrammar('IPv4address'), fromGrammar('IPv6address')),
      port: fc.oneof(fc.nat(), fc.stringMatching(/^[0-9]{0,5}$/)),
      path: fc.oneof(text, fc.constantFrom('/a', '//a', 'a:b', 'a/b:c', ''), fc.array(text, { minLength: 1, maxLength: 4 })),
      query: text,
      fragment: text,
    },
    { requiredKeys: [] },
  );

  /** Why `parts` cannot be built, by the rules of 3.1 to 3.3 as the README states them, or undefined. */
  function refusal(p: UriParts): string | undefined {
    // The path's shape: an array's segments cannot hold "/" (it is encoded inside them).
    const pathText = Array.isArray(p.path) ? p.path.map((s) => s.replace(/\//g, '%')).join('/') : ((p.path as string | undefined) ?? '');
    if (p.scheme !== undefined && !/^[A-Za-z][A-Za-z0-9+.-]*$/.test(p.scheme)) return 'scheme';
    // No registered name has a ":" (3.2.2): outside brackets, a host with one is refused (an IPv6 address, a zone, a typo).
    if (p.host !== undefined && !matches('IP-literal', p.host) && p.host.includes(':')) return 'host';
    if (p.host === undefined && p.userinfo !== undefined) return 'userinfo';
    if (p.host === undefined && p.port !== undefined) return 'port';
    if (p.host !== undefined && pathText !== '' && !pathText.startsWith('/')) return 'path';
    if (p.host === undefined && pathText.startsWith('//')) return 'path';
    if (p.host === undefined && p.scheme === undefined && pathText.split('/')[0].includes(':')) return 'path';
    return undefined;
  }

  it('law: parse(build(parts)) gives back every part, percent-decoded; what 3.3 forbids is refused', () => {
    let built = 0;
    fc.assert(
      fc.property(parts, (p) => {
        const why = refusal(p);
        let x: string;
        try {
          x = build(p);
        } catch (e) {
          expect(e).toBeInstanceOf(UriComposeError);
          expect((e as UriComposeError).component).toBe(why);
          return;
        }
        expect(why).toBeUndefined();
        built++;
        const r = parse(x);
        const decoded = (v: string | undefined) => (v === undefined ? undefined : percentDecode(v));
        expect(r.scheme).toBe(p.scheme);
        expect(decoded(r.userinfo)).toBe(p.userinfo);
        expect(p.host !== undefined && matches('IP-literal', p.host) ? r.host : decoded(r.host)).toBe(p.host);
        expect(r.port).toBe(p.port === undefined ? undefined : String(p.port));
        if (Array.isArray(p.path)) expect(r.path.split('/').map((s) => percentDecode(s))).toEqual(p.path);
        else expect(percentDecode(r.path)).toBe(p.path ?? '');
        expect(decoded(r.query)).toBe(p.query);
        expect(decoded(r.fragment)).toBe(p.fragment);
      }),
      { numRuns: 3000 },
    );
    expect(built).toBeGreaterThan(300); // the law was about built URIs, not only refusals
  });

  it('withComponents replaces the parts given (as data), removes those set to undefined, keeps the rest as written', () => {
    const uri = 'HTTP://u:p@Ex.com:80/a/%7e?q=%41#f';
    expect(withComponents(uri, { query: 'x y' })).toBe('HTTP://u:p@Ex.com:80/a/%7e?x%20y#f');
    expect(withComponents(uri, { userinfo: undefined, port: undefined })).toBe('HTTP://Ex.com/a/%7e?q=%41#f');
    expect(withComponents(uri, { host: undefined, userinfo: undefined, port: undefined })).toBe('HTTP:/a/%7e?q=%41#f');
    expect(withComponents(uri, { scheme: 'https', fragment: undefined })).toBe('https://u:p@Ex.com:80/a/%7e?q=%41');
    expect(() => withComponents('a/b', { host: 'h' })).toThrow(/with an authority, the path must be empty or begin with "\/"/);
    expect(() => withComponents(uri, { host: undefined })).toThrow(/a userinfo needs a host/);
    expect(() => withComponents('s://h//a', { host: undefined })).toThrow(/cannot begin with "\/\/"/);
    expect(() => withComponents('s:a:b', { scheme: undefined })).toThrow(/first path segment cannot contain ":"/);
    expect(() => withComponents('a b', {})).toThrow(UriSyntaxError);
  });

  it('law: withComponents changes only what it is given', () => {
    fc.assert(
      fc.property(uriReference, fc.constantFrom('query', 'fragment', 'userinfo', 'path') as fc.Arbitrary<'query' | 'fragment' | 'userinfo' | 'path'>, text, (uri, name, value) => {
        const before = parse(uri);
        let x: string;
        try {
          x = withComponents(uri, { [name]: value });
        } catch (e) {
          expect(e).toBeInstanceOf(UriComposeError);
          return;
        }
        const after = parse(x);
        expect(percentDecode(after[name] as string)).toBe(value);
        for (const other of ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const) {
          if (other !== name) expect(after[other]).toBe(before[other]);
        }
      }),
      RUNS,
    );
  });
});

describe('redact (RFC 3986 3.2.1, 7.5)', () => {
  it('the error of an input that is not a URI does not carry its password: the would-be userinfo is masked, the offset kept', () => {
    const input = 'http://user:s3cret@host/a b';
    let error: unknown;
    try {
      redact(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UriSyntaxError);
    const e = error as UriSyntaxError;
    expect(e.input).toBe('http://***********@host/a b');
    expect(e.offset).toBe(input.indexOf(' '));
    expect(JSON.stringify(e.toJSON())).not.toContain('s3cret');
    expect(e.format()).not.toContain('s3cret');
  });

  it('masks up to the last "@" of an invalid input: a password with an unencoded "/", "?" or "#" is hidden too', () => {
    for (const input of ['https://u:sec/ret@h/a b', 'https://u:sec#ret@h/a', 'https://u:sec?ret@h/ a', 'http://u:pw9@h/x@y z']) {
      let error: UriSyntaxError | undefined;
      try {
        redact(input);
      } catch (e) {
        error = e as UriSyntaxError;
      }
      expect(error).toBeInstanceOf(UriSyntaxError);
      const e = error as UriSyntaxError;
      const secret = input.slice(input.indexOf(':', 6) + 1, input.indexOf('@'));
      expect([input, JSON.stringify(e.toJSON()).includes(secret), e.format().includes(secret)]).toEqual([input, false, false]);
      expect(e.input.length).toBe(input.length);
    }
  });

  it.each<[string, Parameters<typeof redact>[1], string]>([
    ['http://user:secret@example.com/', undefined, 'http://user:****@example.com/'],
    ['http://user:@example.com/', undefined, 'http://user:@example.com/'], // an empty password: nothing to hide
    ['http://user@example.com/', undefined, 'http://user@example.com/'],
    ['http://u:a:b@h/', undefined, 'http://u:****@h/'], // the password is everything after the first ":"
    ['http://user:secret@h/', { userinfo: 'mask' }, 'http://****@h/'],
    ['http://user:secret@h/', { userinfo: 'remove' }, 'http://h/'],
    ['http://user:secret@h/', { userinfo: 'keep' }, 'http://user:secret@h/'],
    ['http://user:secret@h/', { mask: 'x:y@#&=;~' }, 'http://user:x%3Ay%40%23%26%3D%3B~@h/'],
    ['https://h/?token=abc&x=1&token=def&tokenx=2&token', { query: ['token'] }, 'https://h/?token=****&x=1&token=****&tokenx=2&token'],
    ['https://h/?api%5Fkey=abc&b=&c=d#token=x', { query: ['api_key', 'b'] }, 'https://h/?api%5Fkey=****&b=****&c=d#token=x'],
    ['https://h/?a=b=c&=d', { query: ['a', ''] }, 'https://h/?a=****&=****'],
    ['//u:p@h?k=v', { query: ['k'], userinfo: 'remove' }, '//h?k=****'],
  ])('%s with %j is %s', (uri, options, expected) => {
    expect(redact(uri, options)).toBe(expected);
  });

  it('law: the result is valid, with no password left and every other component as written', () => {
    fc.assert(
      fc.property(uriReference, fc.constantFrom('password', 'mask', 'remove') as fc.Arbitrary<'password' | 'mask' | 'remove'>, (uri, userinfo) => {
        const before = parse(uri);
        const x = redact(uri, { userinfo });
        expect(isValid(x)).toBe(true);
        const after = parse(x);
        for (const name of ['scheme', 'host', 'port', 'path', 'query', 'fragment'] as const) expect(after[name]).toBe(before[name]);
        const password = (u: string | undefined) => (u === undefined || !u.includes(':') ? undefined : u.slice(u.indexOf(':') + 1));
        if (userinfo === 'password') {
          const had = password(before.userinfo);
          expect(password(after.userinfo)).toBe(had === undefined || had === '' ? had : '****');
          expect(after.userinfo?.split(':')[0]).toBe(before.userinfo?.split(':')[0]);
        } else {
          expect(after.userinfo).toBe(userinfo === 'remove' || before.userinfo === undefined ? undefined : '****');
        }
      }),
      RUNS,
    );
    // With URIs that do have a password and named parameters.
    const withSecrets = fc
      .tuple(fromGrammar('userinfo'), fromGrammar('query'), fc.string({ maxLength: 8 }))
      .map(([u, q, mask]) => ({ uri: `s://${u}:pw@h/p?${q}&key=v`, mask }));
    fc.assert(
      fc.property(withSecrets, ({ uri, mask }) => {
        const x = redact(uri, { query: ['key'], mask });
        expect(isValid(x)).toBe(true);
        const r = parse(x);
        expect(r.host).toBe('h');
        expect(r.path).toBe('/p');
        expect(percentDecode((r.userinfo as string).slice((r.userinfo as string).indexOf(':') + 1))).toBe(mask);
        expect(percentDecode((r.query as string).slice((r.query as string).lastIndexOf('&key=') + 5))).toBe(mask);
      }),
      RUNS,
    );
  });

  it('refuses what is not a URI reference, and bad options', () => {
    expect(() => redact('http://u:p w@h/')).toThrow(UriSyntaxError);
    expect(() => redact('http://u:p@h/', { userinfo: 'hide' } as never)).toThrow(UriOptionError);
    expect(() => redact('http://u:p@h/', { query: 'token' } as never)).toThrow(UriOptionError);
    expect(() => redact('http://u:p@h/', { mask: 1 } as never)).toThrow(UriOptionError);
    // A mask that has no UTF-8 (a lone surrogate) is a bad option, refused before the input is read.
    for (const mask of ['\uDC00', 'a\uD800', '\uD800\uD800\uDC00']) {
      expect(() => redact('http://u:p@h/', { mask })).toThrow(UriOptionError);
      expect(() => redact('http://a b/', { mask })).toThrow(/redact: option mask must be well-formed UTF-16/);
    }
    expect(redact('http://u:p@h/', { mask: '\u{1F600}' })).toBe('http://u:%F0%9F%98%80@h/');
    expect(() => redact(null as never)).toThrow(TypeError);
  });

  it('masks the one value of a query of a million "&" and parameters, one "=" at its end (its time: npm run fuzz)', () => {
    const uri = `http://u:p@h/?${'&'.repeat(1_000_000)}${'a&'.repeat(200_000)}k=v`;
    const x = redact(uri, { query: ['k'] });
    expect(x.endsWith('&k=****')).toBe(true);
    expect(x.startsWith('http://u:****@h/?&&&')).toBe(true);
  });

  it('masks as many values as the query names, few or many (past 64 the result is written as code units), and compares a name that does not decode as written', () => {
    for (const n of [3, 64, 65, 1000]) {
      const query = Array.from({ length: n }, (_, k) => (k % 3 === 0 ? `t=${k}` : k % 3 === 1 ? `%C3=${k}` : `x=${k}`)).join('&');
      const expected = Array.from({ length: n }, (_, k) => (k % 3 === 0 ? 't=****' : k % 3 === 1 ? '%C3=****' : `x=${k}`)).join('&');
      expect(redact(`http://u:p@h/?${query}#f`, { query: ['t', '%C3'] })).toBe(`http://u:****@h/?${expected}#f`);
      // "%C3" is no UTF-8 character: compared as written only, so the name "\u00c3" does not match it.
      expect(redact(`http://h/?${query}`, { query: ['\u00c3'] })).toBe(`http://h/?${query}`);
    }
    expect(redact('http://h/?%C3%A9=1&%41=2', { query: ['\u00e9', 'A'] })).toBe('http://h/?%C3%A9=****&%41=****');
  });
});

describe('through the built package (dist/, which npm test builds first)', () => {
  it('the CommonJS entry has the new exports, each loaded on first use', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built entry, as a user requires it
    const dist = require(path.join(__dirname, '..', 'dist', 'src', 'index.js')) as Record<string, (...args: unknown[]) => unknown>;
    expect(dist.relativize('http://a/b/c', 'http://a/b/d')).toBe('d');
    expect(dist.build({ scheme: 's', path: 'a b' })).toBe('s:a%20b');
    expect(dist.withComponents('s:a', { query: 'q' })).toBe('s:a?q');
    expect(dist.redact('s://u:p@h')).toBe('s://u:****@h');
    expect(dist.fileUriToPath('file:///a%20b', { platform: 'posix' })).toBe('/a b');
    expect(dist.pathToFileUri('C:\\a b', { platform: 'windows' })).toBe('file:///C:/a%20b');
    expect(typeof dist.FileUriError).toBe('function');
  });
});
