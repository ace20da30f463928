/**
 * lint's `standard` (issue 49 item 6): which standard decides whether a URI is valid. 'whatwg-url' judges it by
 * the URL Standard's valid URL string (4.3, URL writing), as the HTML Standard asks of an href (rule
 * url-writing, naming the validation errors of the Standard's parser); 'auto' does so for a link's destination
 * and keeps RFC 3986 elsewhere. The expectations are read off the Standard's text, not off urigram's output.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lint, type LintOptions } from '../src';
import { spawnCli, writeIn } from './support/cli-project';

const codes = (uri: string, options?: LintOptions) => lint(uri, options).map((d) => `${d.code}@${d.start}`);
const W: LintOptions = { standard: 'whatwg-url' };

describe("lint's standard", () => {
  it('whatwg-url: a string that is no valid URL string is one url-writing error at the place the writing grammar stops, naming the parser\'s validation errors', () => {
    // 4.3: a URL-path-segment string is URL units; a space is none (the parser: invalid-URL-unit, 3 "URL code points").
    const [d] = lint('https://example.com/a b', W);
    expect(d).toMatchObject({ code: 'url-writing', severity: 'error', start: 21, end: 22, data: { validationErrors: [{ name: 'invalid-URL-unit', offset: 21, fatal: false }] } });
    expect(d.message).toContain('not a valid URL string (URL Standard 4.3)');
    expect(d.message).toContain('invalid-URL-unit at 21');
    // "|" and a second "#" are no URL units either: under RFC 3986 they are warnings of forms browsers accept.
    expect(codes('https://example.com/a|b', W)).toEqual(['url-writing@21']);
    expect(codes('https://example.com/a|b')).toEqual(['unencoded-character@21']);
    expect(codes('https://example.com/#a#b', W)).toEqual(['url-writing@22']);
    // A "%" not followed by two hex digits (4.3's "percent-encoded byte"); the parser names it at the "%".
    expect(lint('https://ex.com/%zz', W)[0]).toMatchObject({ code: 'url-writing', start: 16, data: { validationErrors: [{ name: 'invalid-URL-unit', offset: 15 }] } });
    // Credentials are not in the writing grammar (scheme-relative-special-URL string: "//" and a valid host string).
    // (RFC 9110 4.2.4's deprecated userinfo is scheme-recommendation's, as under RFC 3986.)
    expect(codes('https://user@example.com/', W)).toEqual(['scheme-recommendation@8', 'url-writing@12']);
    expect(lint('https://user@example.com/', W).find((d) => d.code === 'url-writing')?.data?.validationErrors?.map((v) => v.name)).toEqual(['invalid-credentials']);
  });

  it('whatwg-url: what the Standard allows and RFC 3986 does not is valid; RFC 3986\'s validity findings are not made', () => {
    // URL code points include non-ASCII ones; a valid domain is one UTS 46 maps without failure.
    expect(codes('https://bücher.example/straße', W)).toEqual([]);
    expect(codes('https://bücher.example/straße')).toEqual(['non-ascii@9']);
    expect(codes('https://example.com/a?b=c', W)).toEqual([]);
    expect(codes('mailto:a@b.example', W)).toEqual([]);
    // The other rules read the URI as before.
    expect(codes('HTTP://example.com/', { ...W, preset: 'normalize' })).toEqual(['uppercase-scheme@0']);
  });

  it('one cause, one finding: where another rule\'s error is, url-writing is not said again', () => {
    expect(codes('http:/example.com/', W)).toEqual(codes('http:/example.com/'));
    expect(codes('http:/example.com/', W).some((c) => c.startsWith('url-writing'))).toBe(false);
    expect(codes('http://example.com:99999/', W)).toEqual(['port-out-of-range@19']);
  });

  it('a relative reference is judged against a base: a special scheme\'s by default, or lint\'s base; none for the rules URI and absolute-URI', () => {
    expect(codes('docs/a.md#x', W)).toEqual([]);
    expect(codes('//example.com/x', W)).toEqual([]);
    // Against a base with an opaque path, only "#" and a fragment is a relative-URL-with-fragment string (4.3):
    // "docs" could still begin an absolute URL's scheme, so the grammar stops where ":" was due.
    expect(codes('docs/a.md', { ...W, base: 'mailto:a@b.example' })).toEqual(['url-writing@4']);
    expect(codes('#x', { ...W, base: 'mailto:a@b.example' })).toEqual([]);
    // Without a base only an absolute-URL-with-fragment string is valid.
    expect(codes('docs/a.md', { ...W, rule: 'URI' }).map((c) => c.split('@')[0])).toContain('url-writing');
    expect(() => lint('x', { base: 'https://a.example/' })).toThrow(TypeError);
    expect(() => lint('x', { standard: 'html' as never })).toThrow(TypeError);
  });

  it('a host too long for whatwgValidationErrors (UTS 46 over its bound) is still one url-writing finding, never a throw', () => {
    // 2,000 "é" and a "_": no valid domain (the grammar stops at the "_"); whatwgValidationErrors refuses a host that
    // needs UTS 46 over 1,024 code units (IdnaDomainTooLongError), so the finding names no validation error.
    const uri = `https://${'é'.repeat(2000)}_/`;
    const writing = lint(uri, W).filter((d) => d.code === 'url-writing');
    expect(writing).toHaveLength(1);
    expect(writing[0].message).toContain("the URL parser's validation errors are not named");
    expect(writing[0].data).toBeUndefined();
  });

  it('auto: the URL Standard for a link\'s destination (HTML, Markdown), RFC 3986 elsewhere', () => {
    expect(codes('https://example.com/a|b', { standard: 'auto', linkDestination: true })).toEqual(['url-writing@21']);
    expect(codes('https://example.com/a|b', { standard: 'auto' })).toEqual(['unencoded-character@21']);
    expect(codes('https://bücher.example/', { standard: 'auto', linkDestination: true })).toEqual([]);
  });
});

describe('--standard and the configuration\'s "standard"', () => {
  let project: string;
  beforeEach(() => {
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-standard-'));
    fs.mkdirSync(path.join(project, '.git'));
  });
  afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

  it('auto: a Markdown link by the URL Standard, the same URI in plain text by RFC 3986; --standard wins over the file', () => {
    writeIn(project, 'a.md', '[x](https://example.com/a|b)\n\nText: https://example.com/c|d\n');
    const found = (args: string[]) => {
      const r = spawnCli([], ['lint', '--extract', '--format', 'json', ...args, 'a.md'], project);
      return (JSON.parse(r.stdout) as { results: { line: number; diagnostics: { code: string }[] }[] }).results.map((x) => [x.line, x.diagnostics.map((d) => d.code)]);
    };
    expect(found(['--no-config'])).toEqual([[1, ['unencoded-character']], [3, ['unencoded-character']]]);
    expect(found(['--no-config', '--standard', 'auto'])).toEqual([[1, ['url-writing']], [3, ['unencoded-character']]]);
    expect(found(['--no-config', '--standard', 'whatwg-url'])).toEqual([[1, ['url-writing']], [3, ['url-writing']]]);
    writeIn(project, '.urigramrc.json', '{ "standard": "auto" }\n');
    expect(found([])).toEqual([[1, ['url-writing']], [3, ['unencoded-character']]]);
    expect(found(['--standard', 'rfc3986'])).toEqual([[1, ['unencoded-character']], [3, ['unencoded-character']]]);
    writeIn(project, '.urigramrc.json', '{ "standard": "html" }\n');
    const bad = spawnCli([], ['lint', '--extract', 'a.md'], project);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('"standard" must be "rfc3986", "whatwg-url", "auto"');
  });
});
