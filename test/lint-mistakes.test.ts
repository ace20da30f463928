/**
 * The rules of authors' mistakes (issue 45, item 1): missing-colon, missing-slash, missing-scheme,
 * doubled-scheme, scheme-typo, trailing-punctuation. Each says what was probably meant and suggests it
 * (never a fix); one cause is one finding; what they must leave alone stays silent; hostile input stays
 * linear. The real documents are in test/fixtures/mistakes/ (their sources and licences in its README).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lint, type Diagnostic, type LintOptions } from '../src';
import { editDistance } from '../src/lint/rules/scheme-typo';
import { IANA_SCHEME_NAMES } from '../src/lint/iana-schemes';
import { registryFromPackage } from '../scripts/iana-schemes';
import { extractDocument } from '../src/documents';
import { isDestination } from '../src/cli/lint-command';

jest.setTimeout(120_000);

const recommended: LintOptions = { preset: 'recommended' };
const only = (uri: string, options: LintOptions = recommended): Diagnostic[] => lint(uri, options);
const codes = (uri: string, options: LintOptions = recommended): string[] => only(uri, options).map((d) => d.code);
/** The URI with a finding's first suggestion applied. */
const suggested = (uri: string, d: Diagnostic): string => {
  const s = d.suggestions![0];
  return uri.slice(0, s.start) + s.replacement + uri.slice(s.end);
};

describe('missing-colon', () => {
  it.each([
    ['https//example.com/x', 'https://example.com/x'],
    ['http//example.com', 'http://example.com'],
    ['http;//example.com/a', 'http://example.com/a'],
    ['HTTPS.//example.com/', 'HTTPS://example.com/'],
    ['wss//example.com/socket', 'wss://example.com/socket'],
  ])('%s: one finding, its suggestion %s', (uri, meant) => {
    const found = only(uri);
    expect(found.map((d) => d.code)).toEqual(['missing-colon']);
    expect(found[0].severity).toBe('error');
    expect(found[0].fix).toBeUndefined();
    expect(suggested(uri, found[0])).toBe(meant);
    expect(found[0].message).toContain(JSON.stringify(meant));
  });

  it('leaves alone what is no web scheme without its colon', () => {
    for (const uri of ['docs//x', 'httpx//example.com', 'https//', 'https///x', 'a/https//example.com', 'https://example.com//x']) expect([uri, codes(uri)]).toEqual([uri, []]);
  });
});

describe('missing-slash', () => {
  it('http:/host is one finding that names both hosts, and stands for the host difference (also where the WHATWG rules are on)', () => {
    const uri = 'http:/example.com/x';
    for (const options of [recommended, { preset: 'strict' } as LintOptions, {}]) {
      const found = only(uri, options);
      expect(found.map((d) => d.code)).toEqual(['missing-slash']);
      expect(found[0]).toMatchObject({ severity: 'error', start: 4, end: 6, data: { hosts: { rfc3986: null, whatwg: 'example.com' } } });
      expect(found[0].message).toMatch(/^missing "\/": .*RFC 3986 reads no host and the path "\/example\.com\/x", browsers the host "example\.com"; probably meant "http:\/\/example\.com\/x"$/);
      expect(suggested(uri, found[0])).toBe('http://example.com/x');
    }
  });

  it('says "//" where both are missing, and names the host browsers compute', () => {
    const found = only('https:example.com');
    expect(found.map((d) => d.code)).toEqual(['missing-slash']);
    expect(found[0].message).toMatch(/^missing "\/\/"/);
    expect(suggested('https:example.com', found[0])).toBe('https://example.com');
    // An IPv4 number form: the browser's host is the address it computes.
    expect(only('http:/0x7f.1/')[0].data).toEqual({ hosts: { rfc3986: null, whatwg: '127.0.0.1' } });
  });

  it('is reported with a syntax error elsewhere in the URI, each its own cause', () => {
    expect(codes('http:/example.com/a b')).toEqual(['missing-slash', 'syntax']);
  });

  it('leaves alone the URIs that need no authority, and those that have one', () => {
    for (const uri of ['file:/etc/hosts', 'mailto:a@example.com', 'urn:isbn:0451450523', 'http://example.com/', 'svn:/repo', 'git:/x']) expect([uri, codes(uri)]).toEqual([uri, []]);
    // No host after the slashes: the http grammar's error alone.
    for (const uri of ['http:', 'http:/', 'http:/?x']) expect([uri, codes(uri)]).toEqual([uri, ['scheme-syntax']]);
  });
});

describe('missing-scheme', () => {
  it.each([
    ['www.example.com', 'https://www.example.com', /a path relative to the document/],
    ['www.example.com/docs?x=1', 'https://www.example.com/docs?x=1', /a path relative to the document/],
    ['WWW.Example.COM:8443/a', 'https://WWW.Example.COM:8443/a', /the scheme "WWW.Example.COM"/],
    ['localhost:3000/api', 'http://localhost:3000/api', /the scheme "localhost" \(RFC 3986 3\.1\), not a host and port/],
    ['localhost/x', 'http://localhost/x', /a path relative to the document/],
    ['127.0.0.1:8080/x', 'http://127.0.0.1:8080/x', /no URI reference: a scheme begins with a letter/],
  ])('%s: one finding, suggesting %s', (uri, meant, reading) => {
    const found = only(uri);
    expect(found.map((d) => d.code)).toEqual(['missing-scheme']);
    expect(found[0].message).toMatch(reading);
    expect(suggested(uri, found[0])).toBe(meant);
  });

  it('leaves alone files, other names, and an address without a port', () => {
    for (const uri of ['README.md', 'docs/www.example.com', 'wwwroot/index.html', 'www/index.html', 'example.com/docs', 'localhosts/x', '127.0.0.1', '10.0.0.1/x', 'https://www.example.com/', '//www.example.com/']) expect([uri, codes(uri)]).toEqual([uri, []]);
  });
});

describe('doubled-scheme', () => {
  it.each([
    ['https://https://example.com/', 'https://example.com/'],
    ['http://http//example.com', 'http://example.com'],
    ['http://https://example.com/a', 'https://example.com/a'],
    ['https://http:/example.com/', 'http://example.com/'],
  ])('%s: one finding (no empty-port beside it), suggesting %s', (uri, meant) => {
    const found = only(uri, { preset: 'strict' });
    expect(found.map((d) => d.code)).toEqual(['doubled-scheme']);
    expect(suggested(uri, found[0])).toBe(meant);
  });

  it('leaves alone the schemes that wrap a URI, and a host named like a scheme', () => {
    for (const uri of ['view-source:https://example.com/', 'blob:https://example.com/uuid', 'jar:file:/a.jar!/b', 'feed:https://example.com/rss', 'https://http.example.com/', 'http://https/']) expect([uri, codes(uri)]).toEqual([uri, []]);
  });
});

describe('scheme-typo', () => {
  it.each([
    ['htps://example.com/', 'https'],
    ['htttp://example.com/', 'http'],
    ['hhtp://example.com/', 'http'],
    ['htpt://example.com/', 'http'],
    ['mailo:joe@example.com', 'mailto'],
    ['maitlo:joe@example.com', 'mailto'],
    ['fpt://example.com/file', 'ftp'],
    ['flie:///etc/hosts', 'file'],
    ['tell:+1-201-555-0123', 'tel'],
    ['dtaa:text/plain,hello', 'data'],
  ])('%s: a warning suggesting %s', (uri, meant) => {
    const found = only(uri);
    expect(found.map((d) => [d.code, d.severity])).toEqual([['scheme-typo', 'warning']]);
    expect(found[0].suggestions![0]).toEqual({ message: `write "${meant}"`, replacement: meant, start: 0, end: uri.indexOf(':') });
  });

  it('offers each scheme at the least distance', () => {
    expect(only('htp://example.com/')[0].suggestions!.map((s) => s.replacement)).toEqual(['http', 'ftp']);
  });

  it('stays silent on registered schemes, short ones, those in wide use, and a rest without the shape of the scheme meant', () => {
    for (const uri of ['https://example.com/', 'shttp://example.com/', 'tftp://example.com/', 's3://bucket/key', 'gs://bucket/key', 'ws://example.com/', 'ftps://example.com/', 'ssl://example.com:443', 'mailbox://x', 'date:2020-01-01', 'get:/users', 'mail:joe', 'tel:+1', 'myapp://open']) expect([uri, codes(uri)]).toEqual([uri, []]);
  });

  it('counts a swap of two letters as one edit (optimal string alignment), and stops past its limit', () => {
    expect(editDistance('htpt', 'http', 1)).toBe(1);
    expect(editDistance('hxxp', 'http', 1)).toBe(2);
    expect(editDistance('maitlo', 'mailto', 2)).toBe(1);
    expect(editDistance('abcdefgh', 'http', 2)).toBe(3);
    expect(editDistance('', 'ws', 2)).toBe(2);
  });

  it('reads the IANA registry as the installed @silverbucket/iana-schemes gives it (npm run iana-schemes -- --check)', () => {
    const { names } = registryFromPackage();
    expect([...IANA_SCHEME_NAMES]).toEqual(names);
    for (const s of ['http', 'https', 'mailto', 'ftp', 'file', 'ws', 'wss', 'ssh', 'git', 'tel', 'data', 'urn', 'fax']) expect([s, IANA_SCHEME_NAMES.includes(s)]).toEqual([s, true]);
  });
});

describe('trailing-punctuation', () => {
  it('a closing smart quote, anywhere: one warning, not also non-ascii', () => {
    const found = only('https://example.com/a\u201d');
    expect(found.map((d) => [d.code, d.severity, d.start, d.end])).toEqual([['trailing-punctuation', 'warning', 21, 22]]);
    expect(suggested('https://example.com/a\u201d', found[0])).toBe('https://example.com/a');
  });

  it('quotes around the URI (href=\u201d\u2026\u201d): both removed, and no syntax error beside it', () => {
    const uri = '\u201dhttps://example.com/f\u201d';
    const found = only(uri);
    expect(found.map((d) => d.code)).toEqual(['trailing-punctuation']);
    expect(suggested(uri, found[0])).toBe('https://example.com/f');
  });

  it('in a link destination: a trailing ".", "," or a ")" that opens nowhere', () => {
    const dest: LintOptions = { preset: 'recommended', linkDestination: true };
    expect(suggested('https://example.com/a.', only('https://example.com/a.', dest)[0])).toBe('https://example.com/a');
    expect(suggested('https://example.com/a,', only('https://example.com/a,', dest)[0])).toBe('https://example.com/a');
    expect(suggested('https://example.com/a).', only('https://example.com/a).', dest)[0])).toBe('https://example.com/a');
    // After a URI's "/" the "." is a sentence's too (resolution removes it: harmless, and not meant).
    expect(suggested('https://example.com/.', only('https://example.com/.', dest)[0])).toBe('https://example.com/');
    for (const uri of ['https://en.wikipedia.org/wiki/Foo_(bar)', 'https://en.wikipedia.org/wiki/Washington,_D.C.', '..', '.', 'a/.', '../..', 'https://example.com/a']) expect([uri, codes(uri, dest)]).toEqual([uri, []]);
    // Outside a link's destination the URI's end is the extractor's (RFC 3986 Appendix C), not the author's.
    expect(codes('https://example.com/a.')).toEqual([]);
  });

  it("what the URI's scheme needs is meant: the \",\" of data:, (RFC 2397 3), the favicon of the package's own playground", () => {
    const dest: LintOptions = { preset: 'recommended', linkDestination: true };
    for (const uri of ['data:,', 'data:text/plain,', 'data:;base64,']) expect([uri, codes(uri, dest)]).toEqual([uri, []]);
    // A "," after the data is the sentence's as anywhere: the URI is a data: URI without it too.
    expect(suggested('data:,x,', only('data:,x,', dest)[0])).toBe('data:,x');
    const html = '<link rel="icon" href="data:,">';
    const found = extractDocument(html, { kind: 'html' }).flatMap((u) => lint(u.uri, { preset: 'recommended', linkDestination: isDestination(u) }));
    expect(found).toEqual([]);
  });
});

describe('real documents (test/fixtures/mistakes)', () => {
  const dir = path.join(__dirname, 'fixtures', 'mistakes');
  it('each mistake of the excerpts is found on its line, by its rule', () => {
    const cases = JSON.parse(fs.readFileSync(path.join(dir, 'cases.json'), 'utf8')) as Array<{ file: string; uri: string; code: string; linkDestination?: boolean }>;
    expect(cases.length).toBeGreaterThan(5);
    for (const c of cases) {
      const text = fs.readFileSync(path.join(dir, c.file), 'utf8');
      expect([c.file, c.uri, text.includes(c.uri)]).toEqual([c.file, c.uri, true]);
      expect([c.uri, codes(c.uri, { preset: 'recommended', linkDestination: c.linkDestination === true })]).toEqual([c.uri, [c.code]]);
    }
  });

  it('read as urigram lint --extract reads it, the excerpt has findings on the broken links\' lines and nowhere else', () => {
    const text = fs.readFileSync(path.join(dir, 'express-readme.md'), 'utf8');
    const cases = JSON.parse(fs.readFileSync(path.join(dir, 'cases.json'), 'utf8')) as Array<{ uri: string; code: string }>;
    const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
    const found: string[] = [];
    for (const u of extractDocument(text, { kind: 'markdown' })) {
      for (const d of lint(u.uri, { preset: 'recommended', linkDestination: isDestination(u) })) found.push(`${lineOf(u.start)} ${d.code}`);
    }
    const expected = cases.map((c) => `${lineOf(text.indexOf(`(${c.uri})`))} ${c.code}`);
    expect(found.sort()).toEqual(expected.sort());
  });
});

describe('hostile input stays linear', () => {
  const M = 1_000_000;
  /** Runs `work`, then lets jest's timeout fail the test if it outlasted it (test/linear.test.ts). */
  async function finishes<T>(work: () => T): Promise<T> {
    const result = work();
    await new Promise((done) => setTimeout(done, 0));
    return result;
  }
  it.each([
    ['a www. name of a million labels', `www.${'a.'.repeat(M / 2)}a!`],
    ['a million trailing "." and ","', `https://example.com/${'.,'.repeat(M / 2)}`],
    ['a million ")" after "("', `https://example.com/${'('.repeat(M / 2)}${')'.repeat(M / 2)}.`],
    ['a million smart quotes', `https://example.com/${'\u201d'.repeat(M)}`],
    ['a scheme then a million slashes', `htps:${'/'.repeat(M)}`],
    ['a doubled scheme then a million characters', `https://https://${'a'.repeat(M)}`],
  ])('%s', async (_name, uri) => {
    const found = await finishes(() => lint(uri, { linkDestination: true }));
    expect(Array.isArray(found)).toBe(true);
  });
});
