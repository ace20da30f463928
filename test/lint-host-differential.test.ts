/**
 * Issue 46, item 1: lint says what compareWithWhatwg says. Whenever the comparison has a security
 * difference (the scheme, the userinfo, the host or the port), lint has a finding that names the host
 * each reading has and where a request goes (its data's `hosts`), whatever lint's rule; one cause is one
 * finding (an empty host, a missing slash carry the hosts in their own message). And the Punycode
 * decoder that tells a host only encoded ("bücher") from one mapped to another name ("ｌｏｃａｌｈｏｓｔ").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { domainToASCII, domainToUnicode } from 'node:url';
import { compareWithWhatwg, lint, type Diagnostic, type LintOptions } from '../src';
import { Linter } from 'eslint';
import plugin from '../src/eslint';
import { punycodeDecode } from '../src/encoding/punycode';

const PAYLOADS = fs
  .readFileSync(path.join(__dirname, 'fixtures/host-differential/lint-payloads.txt'), 'utf8')
  .split('\n')
  .filter((l) => l !== '' && !l.startsWith('#'));

const isRelative = (u: string): boolean => !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(u.replace(/[\t\n\r]/g, ''));

/** The WHATWG host of a payload that compareWithWhatwg flags as a security difference (null: no host, or refused), or undefined when it flags none. */
function flaggedHost(u: string): string | null | undefined {
  const c = compareWithWhatwg(u, isRelative(u) ? { base: 'https://base.invalid/' } : undefined);
  if (!c.differences.some((d) => d.security)) return undefined;
  return c.whatwg.valid ? (c.whatwg.host ?? null) : null;
}

const hostsFinding = (ds: Diagnostic[]): Diagnostic | undefined => ds.find((d) => d.data?.hosts !== undefined);

describe('lint reports every security difference of the comparison', () => {
  test('the payload list has security differences to find', () => {
    expect(PAYLOADS.filter((u) => flaggedHost(u) !== undefined).length).toBeGreaterThanOrEqual(35);
  });

  for (const rule of ['URI-reference', 'URI', 'absolute-URI', 'relative-ref'] as const) {
    test(`every payload the comparison flags has a finding naming the WHATWG host (rule ${rule})`, () => {
      const missed: string[] = [];
      for (const u of PAYLOADS) {
        const host = flaggedHost(u);
        if (host === undefined) continue;
        const found = hostsFinding(lint(u, { rule }));
        if (found === undefined || found.data?.hosts?.whatwg !== host) missed.push(`${JSON.stringify(u)} -> ${JSON.stringify(found?.data)}`);
      }
      expect(missed).toEqual([]);
    });
  }

  test('a fullwidth host is a host difference (an error), not only non-ascii', () => {
    const ds = lint('http://ｌｏｃａｌｈｏｓｔ/');
    const d = ds.find((x) => x.code === 'whatwg-host-differs');
    expect(d).toBeDefined();
    expect(d?.severity).toBe('error');
    expect(d?.data?.hosts).toEqual({ rfc3986: 'ｌｏｃａｌｈｏｓｔ', whatwg: 'localhost' });
    expect(d?.message).toContain('"localhost"');
    expect(ds.map((x) => x.code)).toContain('non-ascii');
  });

  test('circled letters and an ideographic full stop too', () => {
    expect(lint('http://ⓔⓥⓘⓛ.example/').find((x) => x.code === 'whatwg-host-differs')?.data?.hosts?.whatwg).toBe('evil.example');
    expect(lint('http://evil。example/').find((x) => x.code === 'whatwg-host-differs')?.data?.hosts?.whatwg).toBe('evil.example');
    // RFC 3987 refuses the backslash first; the host UTS 46 maps is reported all the same.
    expect(lint('///evil。example\\x').find((x) => x.code === 'whatwg-host-differs')?.data?.hosts?.whatwg).toBe('evil.example');
  });

  test('a host only encoded is the same name: the non-ascii finding says where the request goes, no host difference', () => {
    const ds = lint('http://bücher.example/');
    expect(ds.map((x) => x.code)).toEqual(['non-ascii']);
    expect(ds[0].data?.hosts).toEqual({ rfc3986: 'bücher.example', whatwg: 'xn--bcher-kva.example' });
    expect(ds[0].message).toContain('"xn--bcher-kva.example"');
    expect(lint('http://BÜCHER.example/').map((x) => x.code)).toEqual(['non-ascii']);
  });

  test('a tab in the scheme names the host the request goes to', () => {
    const d = lint('http:\t//evil.example/').find((x) => x.code === 'whatwg-host-differs');
    expect(d?.message).toContain('a request goes to "evil.example"');
    expect(d?.data?.hosts).toEqual({ rfc3986: null, whatwg: 'evil.example' });
  });

  test('an empty host and three slashes: one finding, which carries the hosts', () => {
    const ds = lint('http:///evil.example/');
    expect(ds.map((x) => x.code)).toEqual(['empty-host']);
    expect(ds[0].data?.hosts).toEqual({ rfc3986: '', whatwg: 'evil.example' });
    expect(ds[0].message).toMatch(/an empty host: .*RFC 3986 reads an empty host, the WHATWG URL parser \(browsers, fetch\) the host "evil\.example", where a request goes/);
  });

  test('with the other rule of the cause off, the host difference is reported on its own', () => {
    const options: LintOptions = { rules: { 'empty-host': 'off' } };
    const ds = lint('http:///evil.example/', options);
    expect(ds.map((x) => x.code)).toEqual(['whatwg-host-differs']);
    expect(ds[0].data?.hosts?.whatwg).toBe('evil.example');
  });

  test('a missing slash names the host browsers read, or says they refuse the URI', () => {
    expect(lint('http:0x7f.1/')[0].message).toContain('browsers the host "127.0.0.1"');
    expect(lint('https:/xn--a/').find((x) => x.code === 'missing-slash')?.message).toContain('browsers refuse it');
    expect(lint('https:evil.example:65536/').find((x) => x.code === 'missing-slash')?.data?.hosts).toEqual({ rfc3986: null, whatwg: null });
    // The comparison names the userinfo first; the request goes to the host after the last "@".
    expect(lint('http:1.1.1.1 &@2.2.2.2# @3.3.3.3/').find((x) => x.code === 'missing-slash')?.data?.hosts?.whatwg).toBe('2.2.2.2');
  });

  test('under another rule than URI-reference, the hosts are still read', () => {
    expect(hostsFinding(lint('http:0x7f.1/', { rule: 'relative-ref' }))?.data?.hosts?.whatwg).toBe('127.0.0.1');
    expect(hostsFinding(lint('http://0x7f.1/', { rule: 'absolute-URI' }))?.data?.hosts?.whatwg).toBe('127.0.0.1');
  });

  test('a URI both read alike has no host finding', () => {
    for (const u of ['http://example.com/a', 'https://user@example.com:8443/x?q#f', 'mailto:a@example.com', '/relative/path']) {
      expect(lint(u).filter((d) => d.data?.hosts !== undefined)).toEqual([]);
    }
  });
});

describe('the ESLint rules see the host differences too', () => {
  const messages = (value: string, grammar: 'rfc3986' | 'rfc3987'): string[] =>
    new Linter({ configType: 'flat' })
      .verify(`fetch(${JSON.stringify(value)});`, [{ plugins: { urigram: plugin }, rules: { 'urigram/valid-uri': ['error', { grammar }], 'urigram/uri-warnings': ['warn', { grammar }] } }])
      .map((m) => m.message);

  for (const grammar of ['rfc3986', 'rfc3987'] as const) {
    test(`every payload the comparison flags is reported (grammar ${grammar})`, () => {
      const missed = PAYLOADS.filter((u) => flaggedHost(u) !== undefined && messages(u, grammar).length === 0);
      expect(missed).toEqual([]);
    });
  }

  test('with grammar rfc3987, a fullwidth host and a tab in the scheme are host differences, not only a syntax error', () => {
    expect(messages('http://ｌｏｃａｌｈｏｓｔ/', 'rfc3987').some((m) => m.includes('whatwg-host-differs'))).toBe(true);
    expect(messages('http:\t//evil.example/', 'rfc3987').some((m) => m.includes('whatwg-host-differs'))).toBe(true);
    expect(messages('http:\t//evil.example/', 'rfc3987').some((m) => m.includes('(syntax)'))).toBe(true);
  });
});

describe('punycodeDecode (RFC 3492 6.2)', () => {
  test('the RFC 3492 7.1 samples', () => {
    // (B) Chinese (simplified), (L) 3<nen>B<gumi><kinpachi><sensei>, (S) -> $1.00 <-
    expect(punycodeDecode('ihqwcrb4cv8a8dqg056pqjye')).toBe('\u4ED6\u4EEC\u4E3A\u4EC0\u4E48\u4E0D\u8BF4\u4E2D\u6587');
    expect(punycodeDecode('3B-ww4c5e180e575a65lsy2b')).toBe('3\u5E74B\u7D44\u91D1\u516B\u5148\u751F');
    expect(punycodeDecode('-> $1.00 <--')).toBe('-> $1.00 <-');
    expect(punycodeDecode('bcher-kva')).toBe('bücher');
  });

  test('agrees with node:url on labels made by its domainToASCII', () => {
    const alphabet = ['a', 'z', '0', '-', 'ü', 'é', 'ß', '中', '文', 'я', 'ω', '😀', 'ก'];
    let seed = 46;
    const next = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    let checked = 0;
    for (let k = 0; k < 2000; k++) {
      let label = '';
      for (let n = 1 + (next() % 12); n > 0; n--) label += alphabet[next() % alphabet.length];
      const ascii = domainToASCII(label);
      if (!ascii.startsWith('xn--') || ascii.includes('.')) continue;
      expect(punycodeDecode(ascii.slice(4))).toBe(domainToUnicode(ascii));
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });

  test('refuses what is no Punycode', () => {
    expect(punycodeDecode('ü-abc')).toBeUndefined();
    expect(punycodeDecode('a-!')).toBeUndefined();
    expect(punycodeDecode('999999999999')).toBeUndefined();
    expect(punycodeDecode('x'.repeat(300))).toBeUndefined();
  });
});
