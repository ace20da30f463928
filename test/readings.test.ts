/**
 * compareReadings (issue 46, item 4): the readers side by side. The pair of
 * the two built-ins is compareWithWhatwg's comparison, on every vector of
 * test/whatwg/vectors.json and every class's example; urigram/node's
 * node-legacy reader (Node's url.parse), checked against url.parse called
 * here; readers given as functions; the options refused by name.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as url from 'node:url';
import { compareReadings as libraryCompareReadings, compareWithWhatwg, UriOptionError, WHATWG_CLASSES, type Reader, type WhatwgComparison } from '../src';
import { compareReadings, nodeLegacyReader } from '../src/node';

interface Vector {
  readonly input: string;
  readonly base?: string;
  readonly grammar?: 'rfc3986' | 'rfc3987';
  readonly zoneId?: boolean;
}
const { vectors } = JSON.parse(fs.readFileSync(path.join(__dirname, 'whatwg', 'vectors.json'), 'utf8')) as { vectors: Vector[] };
const optionsOf = (v: Vector) => ({ ...(v.base === undefined ? {} : { base: v.base }), ...(v.grammar === undefined ? {} : { grammar: v.grammar }), ...(v.zoneId === undefined ? {} : { zoneId: v.zoneId }) });

const classInputs: Vector[] = Object.entries(WHATWG_CLASSES)
  .filter(([k]) => k !== 'other')
  .map(([k, info]) => ({ input: info.example, ...(k === 'zone-id' ? { zoneId: true } : k === 'opaque-host' ? { grammar: 'rfc3987' as const } : {}) }));

/** compareWithWhatwg's result in compareReadings' shape, for the pair (rfc3986, whatwg). */
function expected(c: WhatwgComparison) {
  const entry = (d: WhatwgComparison['differences'][number]) => ({ component: d.component, class: d.class, offset: d.offset, values: [d.rfc3986, d.whatwg], message: d.message, security: d.security });
  const verdict = c.verdict === 'rfc3986-only' ? 'first-only' : c.verdict === 'whatwg-only' ? 'second-only' : c.verdict;
  return { verdict, differences: c.differences.map(entry), notes: c.notes.map(entry) };
}

describe('rfc3986 and whatwg: compareWithWhatwg is the two-reader case', () => {
  it.each([...vectors, ...classInputs].map((v) => [JSON.stringify(v.input) + (v.base === undefined ? '' : ` against ${v.base}`), v] as const))('%s', (_t, v) => {
    const c = compareWithWhatwg(v.input, optionsOf(v));
    const r = libraryCompareReadings(v.input, optionsOf(v));
    expect(r.readers).toEqual(['rfc3986', 'whatwg']);
    expect(r.pairs).toHaveLength(1);
    expect({ ...r.pairs[0], readers: undefined }).toEqual({ ...expected(c), readers: undefined });
    expect(r.security).toBe(c.differences.some((d) => d.security));
    // The readings are compareWithWhatwg's: RFC 3986's components (the target, with a base), the URL's.
    expect(r.readings.rfc3986.ok).toBe(c.rfc3986.valid);
    expect(r.readings.whatwg.ok).toBe(c.whatwg.valid);
    if (c.whatwg.valid && r.readings.whatwg.ok) expect(r.readings.whatwg.reading.host).toBe(c.whatwg.host ?? null);
  });

  it('in the other order, the values and the one-sided verdicts turn round', () => {
    const r = libraryCompareReadings('http://a b/', { readers: ['whatwg', 'rfc3986'] });
    expect(r.pairs[0].readers).toEqual(['whatwg', 'rfc3986']);
    const c = compareWithWhatwg('http:\\\\evil.example/');
    const s = libraryCompareReadings('http:\\\\evil.example/', { readers: ['whatwg', 'rfc3986'] });
    expect(c.verdict).toBe('whatwg-only');
    expect(s.pairs[0].verdict).toBe('first-only');
    expect(s.pairs[0].differences.map((d) => [d.class, d.values[0]])).toEqual(c.differences.map((d) => [d.class, d.whatwg]));
  });
});

describe('node-legacy (urigram/node): Node\'s url.parse', () => {
  it('reads as url.parse does: the host (an IPv6 one in brackets), the port, the path, the query and fragment without their delimiters', () => {
    const r = nodeLegacyReader('http://u:p@[::1]:8080/a?b#c');
    const u = url.parse('http://u:p@[::1]:8080/a?b#c');
    expect(r).toEqual({ ok: true, reading: { scheme: 'http', userinfo: u.auth, host: `[${u.hostname}]`, port: u.port, path: u.pathname, query: 'b', fragment: 'c' } });
    expect(nodeLegacyReader('b', 'http://h/a/')).toEqual({ ok: true, reading: expect.objectContaining({ host: 'h', path: '/a/b' }) });
  });

  it('says url.parse ends a host at ";" where the URL Standard (fetch) goes to a name under evil.example: a security difference', () => {
    const r = compareReadings('http://api.good.example;.evil.example/', { readers: ['rfc3986', 'whatwg', 'node-legacy'] });
    expect(r.pairs.map((p) => [p.readers.join('/'), p.verdict])).toEqual([
      ['rfc3986/whatwg', 'same'],
      ['rfc3986/node-legacy', 'differs'],
      ['whatwg/node-legacy', 'differs'],
    ]);
    const host = r.pairs[2].differences.find((d) => d.component === 'host')!;
    expect(host).toMatchObject({ class: 'host-delimiter', offset: 23, values: ['api.good.example;.evil.example', 'api.good.example'], security: true });
    expect(r.pairs[2].differences.find((d) => d.component === 'path')).toMatchObject({ class: 'host-delimiter', security: false });
    expect(r.security).toBe(true);
  });

  it('takes the class compareWithWhatwg gives where url.parse reads as RFC 3986 does (0x7f.1: RFC 3986 and url.parse a name, the URL Standard 127.0.0.1)', () => {
    const r = compareReadings('http://0x7f.1/', { readers: ['whatwg', 'node-legacy'] });
    expect(r.pairs[0].differences).toEqual([expect.objectContaining({ component: 'host', class: 'ipv4-number-form', offset: 7, values: ['127.0.0.1', '0x7f.1'], security: true })]);
  });

  it('reads the same as the URL Standard a URL both read alike: no difference, a spelling apart (a note)', () => {
    expect(compareReadings('https://example.com/a?b#c', { readers: ['whatwg', 'node-legacy'] }).pairs[0]).toMatchObject({ verdict: 'same', differences: [], notes: [] });
    const r = compareReadings('HTTP://EXAMPLE.com:080/', { readers: ['rfc3986', 'whatwg', 'node-legacy'] });
    expect(r.security).toBe(false);
    // url.parse lower-cases the scheme and the host and keeps the port; the URL Standard drops the default port.
    expect(r.pairs.map((p) => p.notes.map((n) => [n.component, n.class]))).toEqual([
      [['scheme', 'case'], ['host', 'case'], ['port', 'default-port']],
      [['scheme', 'case'], ['host', 'case']],
      [['port', 'default-port']],
    ]);
    // A note is placed where one of its values is written: the host "EXAMPLE.com" at 7, the port "080" at 19.
    expect(r.pairs[1].notes.map((n) => n.offset)).toEqual([0, 7]);
    expect(r.pairs[2].notes.map((n) => n.offset)).toEqual([19]);
  });

  it('puts a path that a host difference leaves behind under that difference\'s cause (https://"www.people.com/: url.parse ends the host at \'"\')', () => {
    const r = compareReadings('https://"www.people.com/people/article/0', { readers: ['whatwg', 'node-legacy'] });
    const [host, rest] = r.pairs[0].differences;
    expect(host).toMatchObject({ component: 'host', values: ['"www.people.com', ''], security: true });
    expect(rest).toMatchObject({ component: 'path', class: host.class, offset: host.offset, security: false });
  });

  it('one refuses, the other reads a host: a one-sided pair, a security difference', () => {
    const r = compareReadings('http://a b/', { readers: ['whatwg', 'node-legacy'] });
    expect(r.pairs[0]).toMatchObject({ verdict: 'second-only', differences: [expect.objectContaining({ component: 'host', security: true, values: [null, 'a'] })] });
  });

  it('does not give url.parse a string with more than 256 tabs and newlines, on which its time is quadratic (256,000 tabs in a host: 21 s): linear, a refusal that says why', () => {
    const input = `http://a${'\t'.repeat(200_000)}b/`;
    const start = process.cpuUsage();
    const r = compareReadings(input, { readers: ['rfc3986', 'whatwg', 'node-legacy'] });
    const used = process.cpuUsage(start);
    expect((used.user + used.system) / 1e6).toBeLessThan(1);
    expect(r.readings['node-legacy']).toEqual({ ok: false, error: expect.stringMatching(/^more than 256 tabs and newlines: urigram does not give it to url\.parse/) });
    // The URL Standard removes the tabs and reads the host "ab": a host the other reader never read.
    expect(r.pairs[1].verdict).toBe('neither');
    expect(r.pairs[2].differences).toEqual([expect.objectContaining({ component: 'host', class: 'tab-or-newline', values: ['ab', null], security: true })]);
    expect(nodeLegacyReader(`http://a${'\t'.repeat(256)}b/`)).toMatchObject({ ok: true, reading: { host: 'ab' } });
  });

  it('is not known to the library: the library names urigram/node', () => {
    expect(() => libraryCompareReadings('http://a/', { readers: ['node-legacy'] })).toThrow(/node-legacy is in urigram\/node/);
  });
});

describe('readers as functions, and the options', () => {
  const upper: Reader = (input) => ({ ok: true, reading: { scheme: 'http', userinfo: null, host: input.toUpperCase().includes('EVIL') ? 'evil' : 'good', port: null, path: '/', query: null, fragment: null } });

  it('takes readers by name from an object, a value a function or a built-in name', () => {
    const r = libraryCompareReadings('http://good/', { readers: { mine: upper, browser: 'whatwg' } });
    expect(r.readers).toEqual(['mine', 'browser']);
    expect(r.pairs[0]).toMatchObject({ readers: ['mine', 'browser'], verdict: 'same' });
    expect(libraryCompareReadings('http://evil.good/', { readers: { mine: upper, browser: 'whatwg' } }).security).toBe(true);
  });

  it.each([
    [{ readers: ['nope'] }, /names "nope", which is no built-in reader/],
    [{ readers: [] }, /names no reader/],
    [{ readers: ['whatwg', 'whatwg'] }, /names "whatwg" twice/],
    [{ readers: { a: 3 } }, /"a" must be a reader/],
    [{ readers: 'whatwg' }, /must be an array of reader names/],
    [{ base: 'not a url' }, /option base must be a URL every reader reads, and rfc3986 refuses it/],
    [{ colour: 1 }, /colour/],
  ])('refuses %j by name', (options, message) => {
    expect(() => libraryCompareReadings('http://a/', options as never)).toThrow(UriOptionError);
    expect(() => libraryCompareReadings('http://a/', options as never)).toThrow(message);
  });

  it('reads with the readers the options name at each call, an array changed in place included (the options are prepared once per object)', () => {
    const options = { readers: ['rfc3986', 'whatwg'] };
    expect(libraryCompareReadings('http://a/', options).readers).toEqual(['rfc3986', 'whatwg']);
    options.readers.push('nope');
    expect(() => libraryCompareReadings('http://a/', options)).toThrow(/names "nope"/);
    options.readers.pop();
    options.readers.reverse();
    expect(libraryCompareReadings('http://a/', options).readers).toEqual(['whatwg', 'rfc3986']);
  });

  it('refuses an input that is no string', () => {
    expect(() => libraryCompareReadings(3 as unknown as string)).toThrow(TypeError);
  });
});

describe('the SSRF and URL-confusion payloads of the literature (test/fixtures/ssrf-payloads.json)', () => {
  const { groups } = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'ssrf-payloads.json'), 'utf8')) as { groups: Array<{ source: string; what: string; payloads: string[] }> };
  const payloads = groups.flatMap((g) => g.payloads);
  /** The host url.parse reads (an IPv6 one in brackets), null for none or a throw; the URL's, null for none or a failure: oracles outside urigram. */
  /** An IPv6 literal as the URL Standard writes it (compressed): the same address is the same host. */
  const ipv6 = (h: string): string => {
    try {
      return new URL(`http://${h}/`).hostname;
    } catch {
      return h;
    }
  };
  const legacyHost = (p: string): string | null => {
    process.noDeprecation = true;
    try {
      const h = url.parse(p).hostname;
      return h === null ? null : h.includes(':') ? ipv6(`[${h}]`) : h;
    } catch {
      return null;
    }
  };
  const whatwgHost = (p: string): string | null => {
    try {
      return new URL(p).host === '' && !/^[a-z][a-z0-9+.-]*:\/\//i.test(new URL(p).href) ? null : new URL(p).hostname;
    } catch {
      return null;
    }
  };

  it('are many, from each source, and url.parse reads another host than the URL Standard on some of each kind', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(200);
    expect(groups.every((g) => g.source.length > 20 && g.payloads.length >= 10)).toBe(true);
    expect(payloads.filter((p) => legacyHost(p) !== whatwgHost(p)).length).toBeGreaterThanOrEqual(50);
  });

  it('node-legacy flags every payload whose url.parse host differs from the WHATWG host (a security difference in the pair)', () => {
    const missed = payloads.filter((p) => legacyHost(p) !== whatwgHost(p) && !compareReadings(p, { readers: ['whatwg', 'node-legacy'] }).pairs[0].differences.some((d) => d.security));
    expect(missed).toEqual([]);
  });

  it('and every payload both read whose url.parse host differs from the RFC 3986 host (letter case and the IPv6 form apart)', () => {
    const missed = payloads.filter((p) => {
      const r = compareReadings(p, { readers: ['rfc3986', 'node-legacy'] });
      const rfc = r.readings.rfc3986;
      const host = rfc.ok && rfc.reading.host !== null ? (rfc.reading.host.startsWith('[') ? ipv6(rfc.reading.host) : rfc.reading.host.toLowerCase()) : null;
      return rfc.ok && r.readings['node-legacy'].ok && host !== legacyHost(p) && !r.pairs[0].differences.some((d) => d.security);
    });
    expect(missed).toEqual([]);
  });

  it('flags, where one reader refuses a payload and the other reads a host, a cause in the scheme or the authority, and not one after it', () => {
    const pair = (p: string) => compareReadings(p, { readers: ['rfc3986', 'node-legacy'] }).pairs[0];
    expect(pair('http://evil.example:-1/').differences).toEqual([expect.objectContaining({ component: 'host', class: 'invalid-character', offset: 20, security: true })]);
    expect(pair('http://a b/').differences).toEqual([expect.objectContaining({ component: 'host', security: true })]);
    // A space in the fragment (the web corpus has such lines): RFC 3986 refuses it, url.parse reads it; not where a request goes.
    expect(pair('https://example.com/a#Swiss Goats').differences).toEqual([expect.objectContaining({ component: 'fragment', class: 'refused', security: false })]);
  });

  it('flags no pair that reads the same scheme, userinfo, host and port, text for text', () => {
    const wrong = payloads.filter((p) => {
      const r = compareReadings(p, { readers: ['rfc3986', 'whatwg', 'node-legacy'] });
      return r.pairs.some((pair) => {
        const [a, b] = pair.readers.map((n) => r.readings[n]);
        if (!a.ok || !b.ok) return false;
        const same = (['scheme', 'userinfo', 'host', 'port'] as const).every((k) => a.reading[k] === b.reading[k]);
        return same && pair.differences.some((d) => d.security);
      });
    });
    expect(wrong).toEqual([]);
  });
});
