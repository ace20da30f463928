/**
 * lint(): every rule against its documented examples, ranges, options, and
 * the law that the normalization fixes together give normalize().
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { applyFixes, isValid, lint, LINT_GROUPS, LINT_PRESET_NAMES, LINT_PRESETS, LINT_RULES, normalize, type Diagnostic, type LintCode, type LintOptions, type LintPreset } from '../src';
import { readAbnf, type AbnfNode } from '../scripts/grammar-check/abnf';
import { ENCODABLE_ILLEGAL_CHARACTERS } from '../src/lint/lint';
import { ruleOf } from '../src/lint/registry';
import { Generator, Random } from '../scripts/grammar-check/generate';
import { loadConfig } from '../scripts/grammar-check/config';

const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'lint-rules.md'), 'utf8');
const documented = [...doc.matchAll(/^## `([a-z-]+)`\n([\s\S]*?)(?=^## |$(?![\s\S]))/gm)].map((m) => {
  const bad = /^- bad: `(.*)`$/m.exec(m[2]);
  const good = /^- good: `(.*)`$/m.exec(m[2]);
  const options = /^- options: `(.*)`$/m.exec(m[2]);
  return { code: m[1] as LintCode, bad: bad?.[1], good: good?.[1], options: options ? (JSON.parse(options[1]) as LintOptions) : undefined };
});

const codes = (uri: string, options?: LintOptions) => lint(uri, options).map((d) => d.code);

describe('docs/lint-rules.md', () => {
  it('documents every rule, and no other', () => {
    expect(documented.map((d) => d.code).sort()).toEqual(Object.keys(LINT_RULES).sort());
  });

  // The rules of link integrity need a tree: their examples are test/links.test.ts's.
  it.each(documented.filter((d) => ruleOf(d.code).tree !== true).map((d) => [d.code, d]))('%s fires on its bad example and not on its good one', (code, d) => {
    expect(d.bad).toBeDefined();
    expect(d.good).toBeDefined();
    expect(codes(d.bad as string, d.options)).toContain(code);
    expect(codes(d.good as string, d.options)).not.toContain(code);
  });
});

describe('lint', () => {
  it('points at the right characters', () => {
    const uri = 'HTTP://u:pw@Ex.COM:80/a/./%7e?%2f#x';
    const found = lint(uri).map((d) => [d.code, d.start, d.end, uri.slice(d.start, d.end)]);
    expect(found).toEqual([
      ['uppercase-scheme', 0, 4, 'HTTP'],
      // RFC 9110 4.2.4's deprecated userinfo is this password's warning, not a second one (issue 34).
      ['password-in-userinfo', 9, 11, 'pw'],
      ['uppercase-host', 12, 18, 'Ex.COM'],
      ['default-port', 18, 21, ':80'],
      ['dot-segments', 21, 29, '/a/./%7e'],
      ['lowercase-percent-encoding', 30, 33, '%2f'],
    ]);
  });

  it('a syntax error carries the parser\'s message and offset', () => {
    const [d] = lint('http://[::g]/');
    expect(d).toMatchObject({ code: 'syntax', severity: 'error', start: 10, end: 11, section: 'RFC 3986 3, 4' });
    expect(d.message).toBe('invalid URI-reference at offset 10: expected HEXDIG, dec-octet or "]" in IPv6address, found "g"');
  });

  it('the non-ASCII fix is the IRI-to-URI mapping', () => {
    const d = lint('http://example.com/café').find((x) => x.code === 'non-ascii');
    expect(d?.fix).toEqual({ replacement: 'http://example.com/caf%C3%A9', start: 0, end: 23 });
  });

  it('presets: recommended is the errors and warnings, normalize adds the normalization rules, strict every rule; without a preset every rule but the opt-in ones', () => {
    const zoned = 'http://[fe80::1%25eth0]/';
    const ported = 'HTTP://u:pw@a.example:25/a/./b';
    expect(codes(ported, { preset: 'recommended' })).toEqual(['password-in-userinfo']);
    expect(codes(ported, { preset: 'normalize' })).toEqual(['uppercase-scheme', 'password-in-userinfo', 'dot-segments']);
    expect(codes(ported, { preset: 'strict' })).toEqual(['uppercase-scheme', 'password-in-userinfo', 'unusual-port', 'dot-segments']);
    expect(codes(ported)).toEqual(codes(ported, { preset: 'strict', rules: { 'whatwg-differs': 'off' } }));
    expect(codes(zoned, { preset: 'recommended' })).toEqual(['syntax']);
    expect(codes(zoned, { preset: 'strict' })).toEqual(['syntax', 'zone-identifier']);
    expect(codes(ported, { preset: 'recommended', rules: { 'uppercase-scheme': 'warning' } })).toContain('uppercase-scheme');
    // Each preset holds the one before it, and the recommended rules are exactly the errors and warnings (but the opt-in ones,
    // and encoded-slash, deliberate in documents almost always: docs/lint-signal.md).
    const on = (preset: LintPreset) => (Object.keys(LINT_RULES) as LintCode[]).filter((c) => LINT_PRESETS[preset][c] !== 'off');
    const optIn = (c: LintCode) => (LINT_RULES[c] as { defaultOff?: true }).defaultOff === true;
    expect(on('recommended').sort()).toEqual((Object.keys(LINT_RULES) as LintCode[]).filter((c) => LINT_RULES[c].severity !== 'info' && !optIn(c) && c !== 'encoded-slash').sort());
    expect(on('normalize').filter((c) => !on('recommended').includes(c)).every((c) => (LINT_RULES[c] as { fix?: string }).fix === 'safe')).toBe(true);
    expect(on('strict')).toEqual(Object.keys(LINT_RULES));
    expect(LINT_PRESET_NAMES.map((p) => on(p).length)).toEqual([...LINT_PRESET_NAMES.map((p) => on(p).length)].sort((a, b) => a - b));
    expect(() => lint(ported, { preset: 'loud' as never })).toThrow(TypeError);
  });

  it('groups: browser-accepted and normalization are set at once, a rule\'s own setting winning', () => {
    expect(LINT_GROUPS).toEqual(['browser-accepted', 'normalization']);
    const both = 'http://a.example/é|b';
    expect(lint(both, { rules: { 'browser-accepted': 'error' } }).map((d) => [d.code, d.severity])).toEqual([['non-ascii', 'error'], ['unencoded-character', 'error']]);
    expect(lint(both, { rules: { 'browser-accepted': 'off', 'non-ascii': 'info' } }).map((d) => [d.code, d.severity])).toEqual([['non-ascii', 'info']]);
    expect(codes('HTTP://A.example/', { preset: 'recommended', rules: { normalization: 'warning' } })).toEqual(['uppercase-scheme', 'uppercase-host']);
    expect(codes('HTTP://A.example/', { rules: { normalization: 'off' } })).toEqual([]);
  });

  it('settings worked out once are kept by what decides them (preset and rules), never by a look-alike', () => {
    // lint() keeps the settings of a preset and rules map so that a new options object per URI is not worked out again;
    // alternating settings that differ in one value, in one key, in the preset or only in key order must each be read as written.
    const uri = 'HTTP://A.example:80/';
    for (let round = 0; round < 3; round++) {
      expect(lint(uri, { rules: { 'uppercase-scheme': 'info' } }).find((d) => d.code === 'uppercase-scheme')?.severity).toBe('info');
      expect(lint(uri, { rules: { 'uppercase-scheme': 'error' } }).find((d) => d.code === 'uppercase-scheme')?.severity).toBe('error');
      expect(codes(uri, { rules: { 'uppercase-scheme': 'off', 'default-port': 'off' } })).toEqual(['uppercase-host']);
      expect(codes(uri, { rules: { 'default-port': 'off', 'uppercase-host': 'off' } })).toEqual(['uppercase-scheme']);
      expect(codes(uri, { rules: { 'uppercase-host': 'off', 'default-port': 'off' } })).toEqual(['uppercase-scheme']);
      expect(codes(uri, { preset: 'recommended', rules: { 'uppercase-host': 'warning' } })).toEqual(['uppercase-host']);
      expect(codes(uri, { preset: 'normalize', rules: { 'uppercase-host': 'warning' } })).toEqual(['uppercase-scheme', 'uppercase-host', 'default-port']);
      expect(codes(uri, { preset: 'recommended' })).toEqual([]);
    }
  });

  it('one finding per cause: an IRI is one non-ascii finding, not a syntax error as well (issue 37, item 2)', () => {
    const [d, ...rest] = lint('http://\u00e9.example/');
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: 'non-ascii', severity: 'warning', start: 7, end: 8, fix: { replacement: 'http://%C3%A9.example/', start: 0, end: 17 } });
    expect(d.message).toMatch(/browsers accept/);
    // Not an IRI either: the other cause is a syntax error of its own, where the URI with its non-ASCII encoded fails.
    expect(lint('http://\u00e9.example/a b').map((d) => [d.code, d.start])).toEqual([['non-ascii', 7], ['syntax', 18]]);
  });

  it('forms that browsers accept: "|", "^", "{", "}", "`", "[", "]" in the path, query or fragment and a second "#" are one unencoded-character finding, with the encoded form', () => {
    const found = (uri: string) => lint(uri).map((d) => [d.code, uri.slice(d.start, d.end), d.fix?.replacement]);
    expect(found('http://a.example/a|b')).toEqual([['unencoded-character', '|', '%7C']]);
    expect(found('http://a.example/#a#b')).toEqual([['unencoded-character', '#', '%23']]);
    expect(found('http://a.example/p[1]?q={x}^`y`')).toEqual([['unencoded-character', '[', '%5B1%5D?q=%7Bx%7D%5E%60y%60']]);
    expect(lint('http://a.example/a|b')[0].message).toMatch(/browsers accept it; percent-encoded, it is "%7C"/);
    expect(lint('http://a.example/p[1]?q={x}')[0].message).toBe('"[" and 3 more ("]", "{", "}") are not allowed in a URI (RFC 3986 2); browsers accept them; percent-encoded, "[" is "%5B"');
    // Beside HTML character references, whose fixes lie in its span, it comes without one (they are fixed first).
    expect(lint('http://a/b/[&amp;c').map((d) => [d.code, d.fix?.replacement])).toEqual([['unencoded-character', undefined], ['html-character-reference', '&']]);
    // In the host, or with another cause beside them, they are part of a syntax error.
    expect(codes('http://a|b/')).toEqual(['syntax']);
    expect(codes('http://a.example/a|b c')).toEqual(['syntax']);
    // The "#" of a character reference is no second "#".
    expect(codes('https://e.com/?a=1&#38;b=2#f')).toEqual(['html-character-reference', 'syntax']);
    for (const uri of ['http://a.example/a|b', 'http://a.example/#a#b', 'http://a.example/p[1]?q={x}^`y`', 'http://\u00e9.example/a|b']) expect(isValid(applyFixes(uri, lint(uri)))).toBe(true);
  });

  it('a space in a host said in words; an scp-style Git address said for what it is, with its URIs as suggestions (issue 45, item 6)', () => {
    expect(lint('http://a b/').map((d) => [d.code, d.message, d.start])).toEqual([['syntax', 'invalid URI-reference at offset 8: a space in the host name, which no host has (RFC 3986 3.2.2)', 8]]);
    // Elsewhere a space keeps the parser's message (and its fix).
    expect(lint('http://a/b c')[0].message).toMatch(/expected .* in segment, found " "$/);
    const [scp] = lint('git@github.com:owner/repo.git');
    expect(scp).toMatchObject({ code: 'syntax', severity: 'error', start: 14, end: 15 });
    expect(scp.message).toBe('invalid URI-reference at offset 14: an scp-style Git address (user@host:path), which git and npm read but which is no URI (its scheme would be "git@github.com"); as a URI it is "git+ssh://git@github.com/owner/repo.git"');
    expect(scp.suggestions!.map((x) => [x.replacement, x.start, x.end])).toEqual([['git+ssh://git@github.com/owner/repo.git', 0, 29], ['ssh://git@github.com/owner/repo.git', 0, 29]]);
    expect(lint('deploy@host.example:/srv/git/app.git')[0].suggestions![1].replacement).toBe('ssh://deploy@host.example/srv/git/app.git');
    // Not an scp address: a URI, an e-mail address with a port-like tail, a path with a space.
    expect(lint('ssh://git@github.com/owner/repo.git')).toEqual([]);
    expect(lint('a@b:c d')[0].suggestions).toBeUndefined();
  });

  it('a raw double quote in the path, query or fragment is a form browsers accept (they send %22): a warning with its fix, as "|" (issue 45, item 5)', () => {
    const found = (uri: string) => lint(uri).map((d) => [d.code, d.severity, uri.slice(d.start, d.end), d.fix?.replacement]);
    expect(found('https://example.com/search?q="urigram"')).toEqual([['unencoded-character', 'warning', '"', '%22urigram%22']]);
    expect(found('https://example.com/a"b#c"')).toEqual([['unencoded-character', 'warning', '"', '%22b#c%22']]);
    expect(lint('https://example.com/a"b')[0].message).toBe('a double quote (") is not allowed in a URI (RFC 3986 2); browsers accept it; percent-encoded, it is "%22"');
    expect(lint('https://example.com/?q="a"|b')[0].message).toBe('a double quote (") and 2 more ("|") are not allowed in a URI (RFC 3986 2); browsers accept them; percent-encoded, a double quote (") is "%22"');
    expect(applyFixes('https://example.com/?q="a"', lint('https://example.com/?q="a"'))).toBe('https://example.com/?q=%22a%22');
    // In the host it is a syntax error (the WHATWG host parser refuses it too), and with a space beside it the syntax fix encodes both.
    expect(codes('http://a"b/')).toContain('syntax');
    expect(codes('http://a"b/')).not.toContain('unencoded-character');
    expect(lint('http://a/"b c"').find((d) => d.code === 'syntax')?.fix).toEqual({ start: 9, end: 14, replacement: '%22b%20c%22' });
  });

  it('a syntax error names the component the user sees: the port of "http://h:port/", not a userinfo cut short (issue 37, item 7)', () => {
    const [d] = lint('http://h:port/');
    expect(d).toMatchObject({ code: 'syntax', start: 9, end: 10 });
    expect(d.message).toBe('invalid URI-reference at offset 9: expected DIGIT in port, found "p"');
    expect(lint('//h:p/')[0].message).toBe('invalid URI-reference at offset 4: expected DIGIT in port, found "p"');
    expect(lint('1http://a')[0].message).toBe('invalid URI-reference at offset 0: expected ALPHA in scheme, found "1"');
    // Where the parser fails first, its own message stands.
    expect(lint('http://[::g]/')[0].message).toMatch(/in IPv6address/);
    expect(lint('http://u:p@h:9z')[0].message).toMatch(/at offset 14: .* in port, found "z"/);
    // Past an IP literal or a userinfo the parser says "in authority" at the same place: the port is named.
    expect(lint('http://[::1]:port/')[0].message).toBe('invalid URI-reference at offset 13: expected DIGIT in port, found "p"');
    expect(lint('http://u@h:port/')[0].message).toBe('invalid URI-reference at offset 11: expected DIGIT in port, found "p"');
  });

  it('rules can be switched off or re-graded; an unknown rule is a TypeError', () => {
    const uri = 'http://example.com:25/';
    expect(lint(uri, { rules: { 'unusual-port': 'off' } })).toEqual([]);
    expect(lint(uri, { rules: { 'unusual-port': 'error' } })[0].severity).toBe('error');
    expect(() => lint(uri, { rules: { 'no-such-rule': 'off' } as never })).toThrow(TypeError);
  });

  it('a valid, normalized URI has nothing to say', () => {
    expect(lint('http://example.com/a/b?q#f')).toEqual([]);
  });

  it('the fixes of the normalization rules, applied together, give normalize()', () => {
    const normalization = new Set<LintCode>([
      'lowercase-percent-encoding',
      'percent-encoded-unreserved',
      'uppercase-scheme',
      'uppercase-host',
      'dot-segments',
      'empty-port',
      'default-port',
      'empty-path',
    ]);
    const abnf = readAbnf(path.join(__dirname, '..', 'grammar', 'rfc3986.abnf'));
    const config = loadConfig('rfc3986');
    const uri = fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => new Generator(abnf, new Random(seed), config).generate('URI-reference'));
    const http = fc.tuple(fc.constantFrom('HTTP', 'http', 'Https', 'ws', 'FTP', 'foo'), uri.filter((u) => u.startsWith('//'))).map(([s, u]) => `${s}:${u}`);
    fc.assert(
      fc.property(fc.oneof(uri, http), (u) => {
        const diagnostics = lint(u);
        // "URL:" is a prefix to lint, a scheme to normalize(): tested on its own below.
        if (diagnostics.some((d) => d.code === 'url-prefix')) return true;
        const fixed = applyFixes(u, diagnostics.filter((d) => normalization.has(d.code)));
        // "http://" gets no empty-path fix: "http:///" has no host either (empty-host).
        if (diagnostics.some((d) => d.code === 'empty-host')) return !codes(u).includes('empty-path') && fixed === normalize(u, { steps: { 'empty-path-to-slash': false } });
        return fixed === normalize(u);
      }),
      { numRuns: 500 },
    );
  });

  it('with a "URL:" prefix, the safe fixes leave "URL" as it is: normalize() lower-cases it as a scheme, lint reports a prefix to drop', () => {
    const u = 'URL:HTTP://a/%7e';
    const d = lint(u);
    expect(d.map((x) => x.code)).toEqual(['url-prefix', 'percent-encoded-unreserved']);
    expect(applyFixes(u, d.filter((x) => (LINT_RULES[x.code] as { fix?: string }).fix === 'safe'))).toBe('URL:HTTP://a/~');
    expect(normalize(u)).toBe('url:HTTP://a/~');
    expect(applyFixes(u, d)).toBe('HTTP://a/~');
  });
});

describe('lint: the rules of issue 14 item 5', () => {
  const find = (uri: string, code: LintCode, options?: LintOptions) => lint(uri, options).filter((d) => d.code === code);

  it('empty-host: where the scheme needs a host, and no empty-path fix that would write "https:///"', () => {
    expect(lint('https://').map((d) => [d.code, d.start, d.end, d.severity])).toEqual([['empty-host', 8, 8, 'error']]);
    expect(codes('http://:80')).toEqual(['empty-host', 'default-port']);
    expect(codes('ftp://u@/f')).toContain('empty-host');
    expect(codes('foo://')).toEqual([]);
    expect(codes('file:///etc/hosts')).toEqual([]);
    expect(codes('http:/a')).not.toContain('empty-host');
  });

  it('port-out-of-range: above 65535, by value, for schemes with a TCP port', () => {
    expect(find('http://a:65536/', 'port-out-of-range').map((d) => [d.start, d.end])).toEqual([[9, 14]]);
    expect(codes('http://a:65535/')).toEqual([]);
    expect(codes('http://a:00065535/')).toEqual([]);
    expect(codes(`ssh://a:${'9'.repeat(40)}/`)).toContain('port-out-of-range');
    // Not port-out-of-range for a scheme without a TCP port; the URL parser refuses it whatever the scheme (whatwg-host-differs).
    expect(codes('foo://a:99999/')).toEqual(['whatwg-host-differs']);
  });

  it('html-character-reference: named and numeric, valid URI or not, with the character as the fix', () => {
    const fixes = (uri: string) => find(uri, 'html-character-reference').map((d) => [uri.slice(d.start, d.end), d.fix?.replacement]);
    expect(fixes('https://e.com/?a=1&amp;b=2&AMP;c')).toEqual([['&amp;', '&']]);
    expect(fixes('https://e.com/?a=1&#38;b=2#f')).toEqual([['&#38;', '&']]);
    expect(fixes('https://e.com/?q=&lt;&#x1F600;&nbsp;&#47;')).toEqual([
      ['&lt;', '%3C'],
      ['&#x1F600;', '%F0%9F%98%80'],
      ['&nbsp;', '%C2%A0'],
      ['&#47;', '/'],
    ]);
    expect(fixes('https://e.com/?q=&#xD800;&#x110000;')).toEqual([
      ['&#xD800;', undefined],
      ['&#x110000;', undefined],
    ]);
    expect(codes('https://e.com/?a=1&ampb=2&amp=3')).toEqual([]);
    expect(applyFixes('https://e.com/?a=1&#38;b=2#f', lint('https://e.com/?a=1&#38;b=2#f'))).toBe('https://e.com/?a=1&b=2#f');
  });

  it('html-character-reference: a fix only where writing the character keeps the URI valid (or, invalid, failing no earlier)', () => {
    const fixes = (uri: string) => find(uri, 'html-character-reference').map((d) => d.fix?.replacement);
    // "[" is reserved, but no path has it: percent-encoded.
    expect(fixes('/&#91;')).toEqual(['%5B']);
    // The "#" of "&#x20;" begins the fragment "x20;b:"; without it, ":" would be in the first segment of a relative path.
    expect(fixes('a&#x20;b:')).toEqual([undefined]);
    expect(find('a&#x20;b:', 'html-character-reference')[0].message).toMatch(/would not keep the URI valid/);
    // Invalid with or without the fix (the space): the fix is offered, since the URI fails no earlier.
    expect(fixes('http://a/?x=1&amp;y=2 z')).toEqual(['&']);
    // Invalid, and the fix would fail earlier: "&#x5B;" in a path written "[" fails there; "%5B" does not.
    expect(fixes('http://a/&#x5B; z')).toEqual(['%5B']);
    for (const u of ['/&#91;', 'url:a&#37;/../b', 'https://e.com/?a=1&amp;b=2', 'http://a/b&#35;c']) {
      expect([u, isValid(applyFixes(u, lint(u).filter((d) => d.code === 'html-character-reference')))]).toEqual([u, true]);
    }
    // Past 64 references, the references of one character are checked together: as themselves where that stays
    // valid (or fails no earlier), else all percent-encoded. One character's references do not cost another's their fix.
    expect(new Set(fixes(`http://a/?${'x=&amp;'.repeat(65)}`))).toEqual(new Set(['&']));
    expect(new Set(fixes(`http://a/${'b/&lt;'.repeat(65)}`))).toEqual(new Set(['%3C']));
    expect(new Set(fixes(`http://a/${'b/[&amp;'.repeat(65)}`))).toEqual(new Set(['&']));
    expect(new Set(fixes(`http://a/?${'x=&amp;'.repeat(65)} z`))).toEqual(new Set(['&']));
    // Invalid (a second "#"): "[" fails earlier in the path, "%5B" does not.
    expect(new Set(fixes(`http://a/${'b/&#91;'.repeat(65)}`))).toEqual(new Set(['%5B']));
    expect(new Set(fixes(`http://a/?${'&apos;&amp;'.repeat(33)}`))).toEqual(new Set(["'", '&']));
    const mixed = find(`${'x&amp;'.repeat(65)}&#x20;b:`, 'html-character-reference');
    expect(new Set(mixed.slice(0, 65).map((d) => d.fix?.replacement))).toEqual(new Set(['&']));
    expect(mixed[65].fix).toBeUndefined();
    expect(mixed[65].message).toMatch(/would not keep the URI valid/);
    // Past 64 distinct characters, the rest are not checked, and say so.
    const many = find(`http://a/?${Array.from({ length: 70 }, (_, i) => `&#${0x4e00 + i};`).join('')}`, 'html-character-reference');
    expect(many.slice(0, 64).every((d) => d.fix !== undefined)).toBe(true);
    expect(many.slice(64).map((d) => [d.fix, /not checked past 64 distinct characters/.test(d.message)])).toEqual(Array(6).fill([undefined, true]));
  });

  it('disallowed-scheme: a list compared case-insensitively, or the https-only preset; refused options are TypeErrors', () => {
    expect(find('HTTP://a/', 'disallowed-scheme', { schemes: 'https-only' }).map((d) => [d.start, d.end, d.severity])).toEqual([[0, 4, 'error']]);
    expect(codes('https://a/', { schemes: 'https-only' })).toEqual([]);
    expect(find('MailTo:a@b', 'disallowed-scheme', { schemes: ['https', 'mailto'] })).toEqual([]);
    expect(codes('ftp://a/', { schemes: ['https', 'mailto'] })).toEqual(['disallowed-scheme']);
    expect(codes('/relative', { schemes: 'https-only' })).toEqual([]);
    expect(codes('ftp://a/')).toEqual([]);
    expect(() => lint('a:b', { schemes: 'http-only' as never })).toThrow(TypeError);
    expect(() => lint('a:b', { schemes: ['1http'] })).toThrow(/must hold schemes/);
    expect(() => lint('a:b', { schemes: 'https' as never })).toThrow(TypeError);
  });

  it('invalid-dns-name: labels, length and characters, for DNS-based schemes', () => {
    const label = (n: number) => 'a'.repeat(n);
    expect(codes(`http://${label(63)}.com/`)).toEqual([]);
    expect(codes(`http://${label(64)}.com/`)).toEqual(['invalid-dns-name']);
    const name253 = `${label(63)}.${label(63)}.${label(63)}.${label(61)}`;
    expect(name253.length).toBe(253);
    expect(codes(`http://${name253}/`)).toEqual([]);
    expect(codes(`http://${name253}./`)).toEqual([]);
    expect(codes(`http://${name253}a/`)).toEqual(['invalid-dns-name']);
    expect(codes(`http://${label(300)}/`).sort()).toEqual(['invalid-dns-name', 'long-reg-name']);
    expect(find(`http://${label(300)}/`, 'invalid-dns-name')[0].message).toMatch(/63/);
    for (const bad of ['-a.com', 'a-.com', 'a..com', 'a_b.com', 'a~b.com', 'a%5Fb.com', '.com']) expect([bad, codes(`https://${bad}/`).filter((c) => c === 'invalid-dns-name')]).toEqual([bad, ['invalid-dns-name']]);
    for (const good of ['a.com', 'a.com.', 'x-1.y', 'localhost', '127.0.0.1', '[::1]', '%61.com', 'caf%C3%A9.com']) expect([good, codes(`https://${good}/`).filter((c) => c === 'invalid-dns-name')]).toEqual([good, []]);
    expect(codes('foo://a_b/')).toEqual([]);
  });

  it('the characters the syntax fix encodes as in no rule are in no terminal of grammar/rfc3986.abnf (so no mapping that keeps one can be valid)', () => {
    const abnf = readAbnf(path.join(__dirname, '..', 'grammar', 'rfc3986.abnf'));
    const terminals = new Set<number>();
    const walk = (n: AbnfNode): void => {
      if (n.kind === 'alt') n.alts.forEach(walk);
      else if (n.kind === 'seq') n.items.forEach(walk);
      else if (n.kind === 'rep') {
        if (n.max > 0) walk(n.node); // path-empty = 0<pchar> matches nothing
      }
      else if (n.kind === 'range') for (let c = n.first; c <= Math.min(n.last, 0x7f); c++) terminals.add(c);
      else if (n.kind === 'lit') for (const ch of n.caseInsensitive ? n.text.toLowerCase() + n.text.toUpperCase() : n.text) terminals.add(ch.charCodeAt(0));
      else if (n.kind === 'prose') throw new Error(`prose in the ABNF: ${n.text}`);
    };
    abnf.rules.forEach(walk);
    // The walk sees the grammar's characters (a check that it reads the ABNF at all), and none of those.
    for (const c of ':/?#[]@!$&\'()*+,;=-._~%AZaz09') expect([c, terminals.has(c.charCodeAt(0))]).toEqual([c, true]);
    for (const c of ENCODABLE_ILLEGAL_CHARACTERS) expect([c, terminals.has(c.charCodeAt(0))]).toEqual([c, false]);
  });

  it('syntax: the percent-encoded fix where that is the one cure', () => {
    const fix = (uri: string) => lint(uri).find((d) => d.code === 'syntax')?.fix;
    expect(fix('http://a/b c')).toEqual({ start: 10, end: 11, replacement: '%20' });
    expect(fix('http://a/{x}?a|b^c#`d` e')).toEqual({ start: 9, end: 23, replacement: '%7Bx%7D?a%7Cb%5Ec#%60d%60%20' });
    // The non-ASCII characters are non-ascii's: the syntax fix is the space's.
    expect(fix('http://a/é b')).toEqual({ start: 10, end: 11, replacement: '%20' });
    expect(applyFixes('a b', lint('a b'))).toBe('a%20b');
    // A host, a Windows path, an HTML tag, a stray "%": no one cure.
    for (const uri of ['http://a b/', 'http://a/\\ b', 'http://a/<b>', 'http://a/b c%', 'ht tp://a/']) expect([uri, fix(uri)]).toEqual([uri, undefined]);
    expect(LINT_RULES.syntax.fix).toBe('suggestion');
  });

  it('applyFixes with many fixes (over 64: written into a typed array) gives normalize()\'s result, and still refuses overlapping fixes', () => {
    const u = `HTTP://H/${'%7e%2fa/'.repeat(50)}?%41&b=%c3%a9`;
    const diagnostics = lint(u);
    expect(diagnostics.filter((d) => d.fix !== undefined).length).toBeGreaterThan(64);
    expect(applyFixes(u, diagnostics)).toBe(`http://h/${'~%2Fa/'.repeat(50)}?A&b=%C3%A9`);
    const overlapping = [...diagnostics, { ...diagnostics[diagnostics.length - 1], fix: { replacement: 'x', start: u.length - 7, end: u.length - 2 } }];
    expect(() => applyFixes(u, overlapping)).toThrow(/overlapping fixes at offset/);
  });

  it('applyFixes refuses a fix that is not one for this URI, the same with few fixes or many, never clamping it', () => {
    const u = 'a'.repeat(100);
    // n - 1 fixes that are fine, then `last`: at 2 the string path, at 70 the typed-array path.
    const withLast = (n: number, last: unknown): Diagnostic[] => [...Array.from({ length: n - 1 }, (_, k) => ({ fix: { replacement: 'X', start: k, end: k + 1 } })), { fix: last }] as unknown as Diagnostic[];
    for (const n of [2, 70]) {
      for (const [start, end] of [[101, 101], [6e8, 6e8], [Infinity, Infinity], [NaN, 99], [-1, 99], [99, 98], [99.5, 100], ['99', 100]]) {
        const bad = withLast(n, { replacement: 'Y', start, end });
        expect(() => applyFixes(u, bad)).toThrow(typeof start === 'number' ? RangeError : TypeError);
        expect(() => applyFixes(u, bad)).toThrow(/applyFixes: the fix of diagnostic \d+ spans .* not offsets 0 <= start <= end <= 100 into the URI/);
      }
      for (const last of [{ start: 99, end: 100 }, { replacement: 5, start: 99, end: 100 }, 'x', null]) {
        expect(() => applyFixes(u, withLast(n, last))).toThrow(TypeError);
      }
      // Two fixes that begin at one offset: an insertion there could go on either side (lint's own conflicts()).
      expect(() => applyFixes(u, [...withLast(n, { replacement: 'Y', start: 99, end: 99 }), { fix: { replacement: 'Z', start: 99, end: 100 } }] as Diagnostic[])).toThrow(/overlapping fixes at offset 99/);
      expect(applyFixes(u, withLast(n, { replacement: 'Y', start: 100, end: 100 }))).toBe(`${'X'.repeat(n - 1)}${'a'.repeat(101 - n)}Y`);
    }
    expect(() => applyFixes(u, [null] as unknown as Diagnostic[])).toThrow(/diagnostic 0 is null/);
    expect(() => applyFixes(u, 'x' as unknown as Diagnostic[])).toThrow(/expected the diagnostics as an array/);
    // Fixes in any order are applied in order of their offsets.
    expect(applyFixes('abc', [{ fix: { replacement: 'Z', start: 2, end: 3 } }, { fix: { replacement: 'X', start: 0, end: 1 } }] as Diagnostic[])).toBe('XbZ');
  });

  it('password-in-userinfo: the fix masks the password as redact() does, a suggestion', () => {
    const [d] = find('ftp://alice:secret@h/', 'password-in-userinfo');
    expect(d.fix).toEqual({ start: 12, end: 18, replacement: '****' });
    expect(applyFixes('ftp://alice:secret@h/', [d])).toBe('ftp://alice:****@h/');
    expect(find('ftp://alice:@h/', 'password-in-userinfo')[0].fix).toBeUndefined();
    expect(LINT_RULES['password-in-userinfo'].fix).toBe('suggestion');
  });

  it('non-ascii covers a whole character outside the BMP, both of its surrogates', () => {
    expect(find('http://a/\u{1F600}x', 'non-ascii').map((d) => [d.start, d.end])).toEqual([[9, 11]]);
    expect(find('http://a/\ud800x', 'non-ascii').map((d) => [d.start, d.end])).toEqual([[9, 10]]);
  });

  it('every rule with a fix says whether it is safe, and the safe ones are exactly the normalization rules', () => {
    const safe = Object.entries(LINT_RULES).filter(([, r]) => (r as { fix?: string }).fix === 'safe').map(([c]) => c);
    expect(safe.sort()).toEqual(['default-port', 'dot-segments', 'empty-path', 'empty-port', 'lowercase-percent-encoding', 'percent-encoded-unreserved', 'uppercase-hfname', 'uppercase-host', 'uppercase-mail-domain', 'uppercase-nid', 'uppercase-scheme']);
  });

  it('never returns overlapping fixes: a suggestion that would overlap a safe fix comes without its own', () => {
    const d = lint('http://u:p%7e@h/');
    expect(d.find((x) => x.code === 'password-in-userinfo')?.fix).toBeUndefined();
    expect(d.find((x) => x.code === 'percent-encoded-unreserved')?.fix).toEqual({ start: 10, end: 13, replacement: '~' });
    expect(lint('http://a/./b&amp;c').find((x) => x.code === 'html-character-reference')?.fix).toBeUndefined();
    const abnf = readAbnf(path.join(__dirname, '..', 'grammar', 'rfc3986.abnf'));
    const config = loadConfig('rfc3986');
    const uri = fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => new Generator(abnf, new Random(seed), config).generate('URI-reference'));
    const noise = fc.constantFrom('', ' ', '&amp;', '&#38;', 'é', '\u{1F600}', '{', 'URL:', 'HTTP://u:p@');
    fc.assert(
      fc.property(noise, uri, noise, fc.nat(), (a, u, b, k) => {
        const s = `${a}${u.slice(0, k % (u.length + 1))}${b}${u.slice(k % (u.length + 1))}`;
        expect(() => applyFixes(s, lint(s))).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
