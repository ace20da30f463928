/**
 * compareWithWhatwg (issue 31): the vectors of test/whatwg/vectors.json, each
 * written from a step of the URL Standard's parser and an RFC 3986 section
 * (both named in the test's title); every class's example (WHATWG_CLASSES,
 * the table of docs/whatwg.md); every line of the web-platform-tests URL data
 * (test/wpt/); the laws a comparison keeps on generated strings; and the
 * counts on test/corpus/web-urls.txt that docs/whatwg.md reports.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { Generator, Random } from '../scripts/grammar-check/generate';
import { loadConfig } from '../scripts/grammar-check/config';
import { corpusCounts, corpusTable } from '../scripts/whatwg-corpus';
import { domainToASCII } from 'node:url';
import { tryPercentDecode } from '../src/encoding/percent-encoding';
import { compareWithWhatwg, isValid, lint, normalize, parse, UriOptionError, WHATWG_CLASSES, type WhatwgComparison, type WhatwgDifferenceClass } from '../src';
import { ipv6Pieces } from '../src/whatwg/ipv6';

const root = path.join(__dirname, '..');

interface Entry {
  readonly component: string;
  readonly class: string;
  readonly offset: number;
  readonly security?: boolean;
  readonly rfc3986?: string | null;
  readonly whatwg?: string | null;
}

interface Vector {
  readonly input: string;
  readonly base?: string;
  readonly grammar?: 'rfc3986' | 'rfc3987';
  readonly zoneId?: boolean;
  readonly verdict: string;
  readonly differences: readonly Entry[];
  readonly notes?: readonly Entry[];
  readonly whatwg: string;
  readonly rfc3986: string;
  readonly why: string;
}

const { vectors } = JSON.parse(fs.readFileSync(path.join(__dirname, 'whatwg', 'vectors.json'), 'utf8')) as { vectors: Vector[] };

const optionsOf = (v: Vector) => ({ ...(v.base === undefined ? {} : { base: v.base }), ...(v.grammar === undefined ? {} : { grammar: v.grammar }), ...(v.zoneId === undefined ? {} : { zoneId: v.zoneId }) });

/** What a vector checks of an entry: the fields it lists. */
const shape = (e: { component: string; class: string; offset: number; security?: boolean; rfc3986: string | null; whatwg: string | null }, like: Entry): Entry => {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(like)) out[k] = (e as unknown as Record<string, unknown>)[k];
  return out as unknown as Entry;
};

describe('the vectors (test/whatwg/vectors.json)', () => {
  it.each(vectors.map((v) => [`${JSON.stringify(v.input)}${v.base === undefined ? '' : ` against ${v.base}`}${v.grammar === 'rfc3987' ? ' (RFC 3987)' : ''}: URL Standard, ${v.whatwg}; RFC 3986 ${v.rfc3986}`, v] as const))('%s', (_title, v) => {
    const c = compareWithWhatwg(v.input, optionsOf(v));
    expect(c.verdict).toBe(v.verdict);
    expect(c.differences.map((d, k) => shape(d, v.differences[k] ?? d))).toEqual(v.differences);
    if (v.notes !== undefined) expect(c.notes.map((d, k) => shape(d, v.notes![k] ?? d))).toEqual(v.notes);
  });

  it('cover every class but other, each in a difference or a note', () => {
    const seen = new Set(vectors.flatMap((v) => [...v.differences, ...(v.notes ?? [])].map((e) => e.class)));
    expect(Object.keys(WHATWG_CLASSES).filter((k) => !seen.has(k))).toEqual(['other']);
  });

  it('name a section of the URL Standard and of an RFC, and say why, each', () => {
    for (const v of vectors) {
      expect(v.whatwg).toMatch(/^(URL parsing|Host parsing|Percent-encoded bytes)/);
      expect(v.rfc3986).toMatch(/\d/);
      expect(v.why.length).toBeGreaterThan(10);
    }
  });
});

describe('the readings', () => {
  it('says where each side stands: the RFC 3986 error, the WHATWG failure, the components of both', () => {
    const c = compareWithWhatwg('http://a\\@b/');
    expect(c.rfc3986.valid).toBe(false);
    if (!c.rfc3986.valid) expect([c.rfc3986.error.name, c.rfc3986.error.offset]).toEqual(['UriSyntaxError', 8]);
    expect(c.whatwg).toMatchObject({ valid: true, scheme: 'http', host: 'a', hostKind: 'domain', path: '/@b/', query: undefined, fragment: undefined });
    const f = compareWithWhatwg('http://a%2fb/');
    expect(f.whatwg.valid).toBe(false);
    if (!f.whatwg.valid) expect(f.whatwg.error).toMatchObject({ name: 'TypeError', code: 'ERR_INVALID_URL' });
    expect(f.rfc3986).toMatchObject({ valid: true, host: 'a%2fb', hostKind: 'reg-name' });
    expect(compareWithWhatwg('http://a:b:c@h/').rfc3986).toMatchObject({ userinfo: 'a:b:c', user: 'a', password: 'b:c' });
    expect(compareWithWhatwg('http://a@h/').rfc3986).toMatchObject({ userinfo: 'a', user: 'a', password: undefined });
    expect(compareWithWhatwg('http://a:b:c@h/').whatwg).toMatchObject({ username: 'a', password: 'b%3Ac' });
  });

  it('tells absent from empty on the WHATWG side too (null host, query, fragment), and the host kinds', () => {
    expect(compareWithWhatwg('foo:/x?#').whatwg).toMatchObject({ host: undefined, hostKind: undefined, query: '', fragment: '' });
    expect(compareWithWhatwg('foo:///x').whatwg).toMatchObject({ host: '', hostKind: 'empty' });
    expect(compareWithWhatwg('foo://h/x').whatwg).toMatchObject({ host: 'h', hostKind: 'opaque', query: undefined, fragment: undefined });
    expect(compareWithWhatwg('http://[::1]/').whatwg).toMatchObject({ host: '[::1]', hostKind: 'IPv6' });
    expect(compareWithWhatwg('http://1.2.3.4/').whatwg).toMatchObject({ host: '1.2.3.4', hostKind: 'IPv4' });
    expect(compareWithWhatwg('mailto:a@b').whatwg).toMatchObject({ host: undefined, opaquePath: true, path: 'a@b' });
  });

  it('resolves against a base by RFC 3986 5.2 (strict), as the URL parser does against it', () => {
    const c = compareWithWhatwg('../g?y#s', { base: 'http://a/b/c/d;p?q' });
    expect(c.verdict).toBe('same');
    expect(c.rfc3986).toMatchObject({ valid: true, target: 'http://a/b/g?y#s', path: '/b/g' });
  });

  it('refuses a base that is no absolute URI, or that the URL parser refuses, naming the option', () => {
    for (const base of ['/relative', 'http://a b/', 'http://[v1.x]/']) {
      let error: unknown;
      try {
        compareWithWhatwg('g', { base });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UriOptionError);
      expect((error as UriOptionError).option).toBe('base');
    }
    expect(() => compareWithWhatwg('g', { grammar: 'rfc2396' as never })).toThrow(UriOptionError);
    expect(() => compareWithWhatwg('g', { zoneId: true, grammar: 'rfc3987' })).toThrow(UriOptionError);
    expect(() => compareWithWhatwg(42 as never)).toThrow(TypeError);
  });
});

describe('the lint rules', () => {
  const codes = (uri: string, options?: Parameters<typeof lint>[1]) => lint(uri, options).map((d) => d.code);

  it('whatwg-host-differs is on by default, an error, over the cause, with the class in its message', () => {
    const d = lint('http://0x7f.1/').find((x) => x.code === 'whatwg-host-differs');
    expect(d).toMatchObject({ severity: 'error', start: 7, end: 13 });
    expect(d?.message).toContain('(ipv4-number-form)');
  });

  it('whatwg-differs is off unless switched on, by rules or the strict preset; no finding for a note', () => {
    expect(codes("http://h/?q='x'")).not.toContain('whatwg-differs');
    expect(codes("http://h/?q='x'", { rules: { 'whatwg-differs': 'warning' } })).toContain('whatwg-differs');
    expect(lint("http://h/?q='x'", { preset: 'strict' }).find((x) => x.code === 'whatwg-differs')).toMatchObject({ severity: 'warning', start: 12 });
    expect(codes("http://h/?q='x'", { preset: 'strict', rules: { 'whatwg-differs': 'off' } })).not.toContain('whatwg-differs');
    // A default port and letter case are notes: no finding, even under the strict preset.
    expect(codes('HTTP://EXAMPLE.com:80/', { preset: 'strict' }).filter((c) => c.startsWith('whatwg'))).toEqual([]);
    expect(() => lint('a:b', { preset: 'lenient' as never })).toThrow(UriOptionError);
  });

  it('reads a relative reference against an https base, as a browser reads a link on a page', () => {
    expect(codes('/\\evil.example')).toContain('whatwg-host-differs');
    expect(codes('//cdn.example/x.js')).toEqual([]);
    // Read on the page's own host, where RFC 3986 refuses it: the request stays where the page is, one finding (the syntax error).
    expect(codes('@https://github.com/someone')).toEqual(['syntax']);
    expect(lint('@https://github.com/someone', { rules: { 'whatwg-differs': 'warning' } }).find((d) => d.code === 'whatwg-differs')?.message).toBe(
      "only the WHATWG URL parser reads this, as a reference on the page's own host, where RFC 3986 refuses it (invalid-character)",
    );
    expect(codes('/a/b?c#d')).toEqual([]);
    // A space first, which the URL parser trims: the cause is at the scheme, which is the page's, and the request stays
    // on the page's host (it was an error naming the lint's placeholder base, "base.invalid", as where a request goes).
    for (const uri of [' abc', '\tabc/def', ' /a']) {
      expect([uri, codes(uri)]).toEqual([uri, ['syntax']]);
      const d = lint(uri, { rules: { 'whatwg-differs': 'warning' } }).filter((x) => x.code.startsWith('whatwg'));
      expect(d.map((x) => x.message)).toEqual([expect.stringContaining("as a reference on the page's own host, where RFC 3986 refuses it")]);
      expect(JSON.stringify(d)).not.toContain('base.invalid');
    }
    // Trimmed into another host: still a host difference.
    expect(lint(' //evil.example/x').find((x) => x.code === 'whatwg-host-differs')?.message).toContain('"evil.example"');
  });

  it('compares an IRI as RFC 3987 reads it: an IDN is no finding, U+3002 is', () => {
    expect(codes('https://b\u00fccher.example/')).toEqual(['non-ascii']);
    // Not a valid IRI either (the space): the two still read the host alike, and differ in the path alone.
    expect(codes('https://b\u00fccher.example/a b').filter((c) => c.startsWith('whatwg'))).toEqual([]);
    expect(codes('https://b\u00fccher.example/a b', { rules: { 'whatwg-differs': 'warning' } }).filter((c) => c.startsWith('whatwg'))).toEqual(['whatwg-differs']);
    const d = lint('http://evil\u3002com/').find((x) => x.code === 'whatwg-host-differs');
    expect(d?.message).toBe('the WHATWG URL parser reads the host "evil.com", RFC 3987 "evil\u3002com" (idna-mapping); a request goes to "evil.com"');
  });

  it('says nothing twice: an empty host is empty-host alone', () => {
    expect(codes('https://')).toEqual(['empty-host']);
  });
});

describe('the classes (WHATWG_CLASSES, docs/whatwg.md)', () => {
  const entries = Object.entries(WHATWG_CLASSES) as Array<[WhatwgDifferenceClass, (typeof WHATWG_CLASSES)[WhatwgDifferenceClass]]>;

  it.each(entries.filter(([k]) => k !== 'other'))('%s: its example shows it', (name, info) => {
    const c = compareWithWhatwg(info.example, name === 'zone-id' ? { zoneId: true } : name === 'opaque-host' ? { grammar: 'rfc3987' } : {});
    const list = info.shows === 'note' ? c.notes : c.differences;
    expect(list.map((d) => d.class)).toContain(name);
  });

  it("docs/whatwg.md's table lists every class with its sections and example, as WHATWG_CLASSES has them", () => {
    const doc = fs.readFileSync(path.join(root, 'docs', 'whatwg.md'), 'utf8');
    for (const [name, info] of entries) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect({ name, row: row !== undefined }).toEqual({ name, row: true });
      if (name !== 'other') expect(row).toContain(`\`${info.example.replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\|/g, '\\|')}\``);
      expect(row).toContain(info.rfc3986.split(' ')[0].replace(/[;,]$/, ''));
    }
    const rows = doc.split('\n').filter((line) => /^\| `[a-z0-9-]+` \|/.test(line) && line.split('|').length >= 6);
    expect(rows.length).toBeGreaterThanOrEqual(entries.length);
  });
});

describe('the web-platform-tests URL data (test/wpt/urltestdata.json)', () => {
  type Test = { input: string; base: string | null; failure?: true; protocol?: string; username?: string; password?: string; hostname?: string; port?: string; pathname?: string; search?: string; hash?: string };
  const data = JSON.parse(fs.readFileSync(path.join(__dirname, 'wpt', 'urltestdata.json'), 'utf8')) as Array<string | Test>;
  const tests = data.filter((t): t is Test => typeof t !== 'string');
  const VERDICTS = ['same', 'differs', 'rfc3986-only', 'whatwg-only', 'neither'];

  it('is the file copied verbatim: 601 tests and 81 comments', () => {
    expect([tests.length, data.length - tests.length]).toEqual([601, 81]);
  });

  it('gives every line a verdict without a crash; a base RFC 3986 cannot use is refused by name, and the input is then read alone', () => {
    const verdicts: Record<string, number> = {};
    let refused = 0;
    for (const t of tests) {
      let c: WhatwgComparison;
      try {
        c = compareWithWhatwg(t.input, t.base === null ? undefined : { base: t.base });
      } catch (e) {
        expect(e).toBeInstanceOf(UriOptionError);
        expect((e as UriOptionError).option).toBe('base');
        refused++;
        c = compareWithWhatwg(t.input);
      }
      expect(VERDICTS).toContain(c.verdict);
      verdicts[c.verdict] = (verdicts[c.verdict] ?? 0) + 1;
    }
    // Four tests have a base RFC 3986 refuses ("sc://ñ" three times, "https://example.org/##link").
    expect(refused).toBe(4);
    expect(Object.values(verdicts).reduce((a, b) => a + b, 0)).toBe(601);
    expect(Object.keys(verdicts).sort()).toEqual([...VERDICTS].sort());
  });

  it('reports the WHATWG reading the data expects, for every test the runtime passes', () => {
    const wrong: string[] = [];
    for (const t of tests) {
      if (t.base !== null && !canReadBase(t.base)) continue;
      const w = compareWithWhatwg(t.input, t.base === null ? undefined : { base: t.base }).whatwg;
      if (t.failure) {
        if (w.valid) wrong.push(`${JSON.stringify(t.input)}: read, where the data expects a failure`);
        continue;
      }
      if (!w.valid) {
        wrong.push(`${JSON.stringify(t.input)}: a failure, where the data expects a URL`);
        continue;
      }
      const got = { protocol: `${w.scheme}:`, username: w.username, password: w.password, hostname: w.host ?? '', port: w.port ?? '', pathname: w.path, search: w.query ? `?${w.query}` : '', hash: w.fragment ? `#${w.fragment}` : '' };
      const want = { protocol: t.protocol, username: t.username, password: t.password, hostname: t.hostname, port: t.port, pathname: t.pathname, search: t.search, hash: t.hash };
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${JSON.stringify(t.input)}: ${JSON.stringify(got)}`);
    }
    // Node 20's URL (Ada) passes this data but for the tests newer versions of the standard changed.
    expect(wrong.length).toBeLessThanOrEqual(3);
  });

  it('puts no difference of scheme, userinfo, host or port under other, and gives each security difference one of those components', () => {
    const bad: string[] = [];
    for (const t of tests) {
      const c = t.base !== null && canReadBase(t.base) ? compareWithWhatwg(t.input, { base: t.base }) : compareWithWhatwg(t.input);
      for (const d of c.differences) {
        if (d.class === 'other' && d.security) bad.push(`${JSON.stringify(t.input)}: other`);
        if (d.security && !['scheme', 'userinfo', 'host', 'port'].includes(d.component)) bad.push(`${JSON.stringify(t.input)}: ${d.component}`);
      }
    }
    expect(bad).toEqual([]);
  });
});

function canReadBase(base: string): boolean {
  try {
    compareWithWhatwg('x', { base });
    return true;
  } catch {
    return false;
  }
}

describe('laws, on generated strings', () => {
  const abnf = readAbnf(path.join(root, 'grammar', 'rfc3986.abnf'));
  const config = loadConfig('rfc3986');
  const fromGrammar = (rule: string): fc.Arbitrary<string> => fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => new Generator(abnf, new Random(seed), config).generate(rule));
  /** Pieces of URLs where the two standards part: special schemes, slashes both ways, numbers, percent-encodings, IDNA, whitespace. */
  const PIECES = ['http:', 'https:', 'ftp:', 'file:', 'ws:', 'foo:', '//', '/', '\\', '@', ':', '?', '#', '.', '..', '%', '%2e', '%2F', '%41', '%zz', '%C3%A4', '[', ']', '::1', 'v1.x', '0x7f', '127', '1', '0', '08', '256', 'a', 'B', 'xn--', ' ', '\t', '\n', '\u0000', '\u3002', '\u00e4', '|', '"', "'", 'localhost', '80', '65536', 'C:', ';', '='];
  const pieces = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((a) => a.join(''));
  const strings = fc.oneof(pieces, fromGrammar('absolute-URI'), fromGrammar('URI'));
  const grammars = fc.constantFrom<'rfc3986' | 'rfc3987'>('rfc3986', 'rfc3987');

  /**
   * A host's value: an IPv6 literal's pieces; a name in RFC 3986's canonical form (6.2.2: case,
   * percent-encoding), each non-ASCII label as its IDNA A-label (node:url's domainToASCII), as RFC
   * 3986 3.2.2 has a name converted before a DNS lookup; for a file URL, no host, the empty host
   * and "localhost" are one (RFC 8089 2).
   */
  const hostValue = (h: string | undefined, scheme: string): string | undefined => {
    if (scheme === 'file' && (h === undefined || h === '' || h.toLowerCase() === 'localhost')) return '';
    if (h === undefined) return undefined;
    if (h.startsWith('[')) {
      const p = ipv6Pieces(h.slice(1, -1));
      return p === undefined ? h : p.join(':');
    }
    const canonical = isValid(`x://${h}`) ? (parse(normalize(`x://${h}`)).host as string) : h;
    if (!/[^\x00-\x7f]/.test(tryPercentDecode(canonical) ?? canonical)) return canonical;
    return (tryPercentDecode(canonical) ?? canonical)
      .split('.')
      .map((label) => (/^[\x00-\x7f]*$/.test(label) ? label.toLowerCase() : domainToASCII(label)))
      .join('.');
  };

  it("verdict 'same' implies that the host URL gives equals urigram's normalized host, by value", () => {
    fc.assert(
      fc.property(strings, grammars, (s, grammar) => {
        const c = compareWithWhatwg(s, { grammar });
        if (c.verdict !== 'same') return;
        const url = new URL(s);
        const normalized = parse(normalize(s, { grammar }), { grammar });
        const hasHost = url.href.startsWith('//', url.protocol.length);
        const scheme = normalized.scheme ?? '';
        expect(hostValue(hasHost ? url.hostname : undefined, scheme)).toBe(hostValue(normalized.host, scheme));
      }),
      { numRuns: 3000, seed: 31 },
    );
  });

  it('every security difference names the scheme, the userinfo, the host or the port; every offset is in the input (or -1, in the base)', () => {
    const bases = fc.constantFrom(undefined, 'http://a/b/c/d;p?q', 'foo:/x/y', 'http://0x7f.1/');
    fc.assert(
      fc.property(strings, grammars, bases, (s, grammar, base) => {
        const c = compareWithWhatwg(s, base === undefined ? { grammar } : { grammar, base });
        for (const d of c.differences) {
          if (d.security) expect(['scheme', 'userinfo', 'host', 'port']).toContain(d.component);
          expect(d.offset === -1 ? base !== undefined : d.offset >= 0 && d.offset <= s.length).toBe(true);
          if (d.class === 'other') expect(d.security).toBe(false);
        }
        for (const n of c.notes) expect(n.security).toBe(false);
        if (c.verdict === 'differs' || c.verdict === 'rfc3986-only' || c.verdict === 'whatwg-only') expect(c.differences.length).toBeGreaterThan(0);
        if (c.verdict === 'same' || c.verdict === 'neither') expect(c.differences).toEqual([]);
      }),
      { numRuns: 4000, seed: 3986 },
    );
  });
});

describe('the web corpus (test/corpus/web-urls.txt), as docs/whatwg.md reports it', () => {
  it('counts each verdict and class as the table in docs/whatwg.md says', () => {
    const doc = fs.readFileSync(path.join(root, 'docs', 'whatwg.md'), 'utf8');
    const counts = corpusCounts(fs.readFileSync(path.join(__dirname, 'corpus', 'web-urls.txt'), 'utf8'));
    expect(doc).toContain(corpusTable(counts));
    // And what the table says, in brief: the corpus is mostly read alike.
    expect(counts.verdicts.same / counts.lines).toBeGreaterThan(0.9);
  });
});
