/**
 * The scheme checks where users meet them (issue 34): docs/schemes.md's
 * corpus table and problem codes (its examples are test/docs-examples.test.ts's), lint's scheme-syntax and its fix, the
 * ESLint plugin, urigram/formats' "urn" and "data-url", and an ES module
 * bundle that is given the checks by useSchemes() and one that is not.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import Ajv2020 from 'ajv/dist/2020';
import { Linter } from 'eslint';
import * as urigram from '../src';
import { lint, applyFixes } from '../src';
import { addFormats, urn, dataUrl } from '../src/formats';
import plugin from '../src/eslint';
import { bundle } from '../scripts/size';
import { docTable, table } from '../scripts/scheme-corpus';

const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'schemes.md'), 'utf8');

describe('docs/schemes.md', () => {
  it('has the corpus table that npm run corpus:schemes writes', () => {
    expect(docTable()).toBe(table());
  });

  it('lists every problem code in a table of its scheme, with its section', () => {
    for (const code of urigram.SCHEME_PROBLEM_CODES) expect([code, new RegExp(`^\\| \`${code}\` \\| (error|warning) \\| RFC `, 'm').test(doc)]).toEqual([code, true]);
  });
});

describe('lint: scheme-syntax and scheme-recommendation', () => {
  it('says where a mailto address has its "@" percent-encoded, with the "@" as a suggestion (not a fix), and only where that is the one cause', () => {
    // RFC 6068 2: addr-spec = local-part "@" domain; a "%40" is data (RFC 3986 2.2), so "barry%40debian.org" has no domain.
    const [d, ...rest] = lint('mailto:barry%40debian.org?subject=x');
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: 'scheme-syntax', severity: 'error', start: 12, end: 15, suggestions: [{ message: 'write "@" for "%40"', replacement: '@', start: 12, end: 15 }] });
    expect(d.fix).toBeUndefined();
    expect(d.message).toMatch(/its "@" is percent-encoded/);
    // The "@" makes another URI, the one probably meant (a page may hide the "@" on purpose): no fix writes it.
    expect(applyFixes('mailto:barry%40debian.org?subject=x', [d])).toBe('mailto:barry%40debian.org?subject=x');
    // No suggestion where writing the "@" is not the cure: two of them, an address that has its own "@", no "%40" at all.
    for (const u of ['mailto:a%40b%40c', 'mailto:bug-time.org', 'mailto:a%40b.org,c@d.org']) {
      const found = lint(u);
      expect([u, found.map((x) => x.code)]).toEqual([u, ['scheme-syntax']]);
      expect([u, found[0].fix, found[0].suggestions, /percent-encoded/.test(found[0].message)]).toEqual([u, undefined, undefined, false]);
    }
    // A "%40" in a quoted local part is the address's own.
    expect(lint('mailto:%22not%40me%22@example.org')).toEqual([]);
  });

  it('reports what the scheme grammar refuses, at its offset, on by default', () => {
    const [d] = lint('urn:isbn:');
    expect(d).toMatchObject({ code: 'scheme-syntax', severity: 'error', start: 9, end: 9 });
    expect(d.message).toBe('not a urn URI as RFC 8141 2 has it: invalid namestring at offset 9: expected sub-delims, unreserved, "%", ":" or "@" in assigned-name, found end of input');
    expect(lint('urn:isbn:', { rules: { 'scheme-syntax': 'off' } })).toEqual([]);
    expect(lint('urn:isbn:0451450523')).toEqual([]);
  });

  it('reports the prose, each with its section; only the percent-encoding RFC 6068 asks for is fixed', () => {
    // RFC 8141 5.1's NID rules constrain registration, not syntax (issue 44): a warning.
    expect(lint('urn:X-foo:a').map((d) => [d.code, d.severity, d.start, d.end, d.section])).toEqual([
      ['scheme-recommendation', 'warning', 4, 9, 'RFC 8141 5.1'],
      ['uppercase-nid', 'info', 4, 9, 'RFC 8141 2.1, 3'],
    ]);
    const [d] = lint('mailto:Mike&family@example.org');
    expect(d).toMatchObject({ code: 'scheme-syntax', fix: { replacement: '%26', start: 11, end: 12 } });
    expect(applyFixes('mailto:Mike&family@example.org', [d])).toBe('mailto:Mike%26family@example.org');
    expect(lint('data:;base64,YW=j')[0]).toMatchObject({ code: 'scheme-syntax', start: 15 });
    expect(lint('data:;base64,YW=j')[0].fix).toBeUndefined();
    expect(lint('https://user@example.com/').map((d) => [d.code, d.severity])).toEqual([['scheme-recommendation', 'warning']]);
    // A password is password-in-userinfo's, reported once; with that rule off, the scheme's deprecation of any userinfo shows.
    expect(lint('https://user:pw@example.com/').map((d) => d.code)).toEqual(['password-in-userinfo']);
    expect(lint('https://user:pw@example.com/', { rules: { 'password-in-userinfo': 'off' } }).map((d) => d.code)).toEqual(['scheme-recommendation']);
  });

  it('reports an http URI\'s empty host once, as empty-host', () => {
    expect(lint('http:///x').map((d) => d.code)).toEqual(['empty-host']);
  });

  it('fixes an old drive letter as RFC 8089 E.2.2 says: ":" for the "|"', () => {
    const [d] = lint('file:///c|/path/to/file');
    expect(d).toMatchObject({ code: 'syntax', fix: { replacement: ':', start: 9, end: 10 } });
    expect(applyFixes('file:///c|/path/to/file', [d])).toBe('file:///c:/path/to/file');
    // Elsewhere a "|" is a character no URI has, percent-encoded as before.
    expect(lint('http://h/c|/x')[0].fix).toEqual({ replacement: '%7C', start: 10, end: 11 });
  });

  it('normalizes by scheme: the fixes of the scheme-based steps are normalize()\'s', () => {
    for (const u of ['URN:ISBN:0451450523', 'mailto:Joe@Example.COM?Subject=Hi', 'urn:example:%41%2c']) {
      const fixes = lint(u, { rules: { 'scheme-recommendation': 'off' } }).filter((d) => d.fix !== undefined && (urigram.LINT_RULES[d.code] as { fix?: string }).fix === 'safe');
      expect(applyFixes(u, fixes)).toBe(urigram.normalize(u));
    }
  });
});

describe('the ESLint plugin', () => {
  const linter = new Linter({ configType: 'flat' });
  const run = (code: string, options: object = {}) =>
    linter.verify(code, [{ plugins: { urigram: plugin }, rules: { 'urigram/valid-uri': ['error', options] } }]).map((m) => [m.message.replace(/ \(.*$/s, ''), m.column, m.endColumn]);

  it('reports scheme-syntax where the scheme grammar stops, and takes it off by its code', () => {
    const code = "const o = { url: 'urn:isbn:', homepage: 'data:;base64,abc' };";
    const found = linter.verify(code, [{ plugins: { urigram: plugin }, rules: { 'urigram/valid-uri': 'error' } }]);
    expect(found.map((m) => [/ \(scheme-syntax\)$/.test(m.message), m.severity])).toEqual([[true, 2], [true, 2]]);
    expect(run(code, { codes: { 'scheme-syntax': 'off' } })).toEqual([]);
  });
});

describe('urigram/formats: "urn" and "data-url"', () => {
  const ajv = addFormats(new Ajv2020(), { formats: ['uri', 'urn', 'data-url'] });
  const isUrn = ajv.compile({ type: 'string', format: 'urn' });
  const isDataUrl = ajv.compile({ type: 'string', format: 'data-url' });

  it('"urn" is an RFC 8141 URN: its syntax (section 2), not the rules of registering an NID (5.1, warnings)', () => {
    for (const [u, valid] of [['urn:isbn:0451450523', true], ['urn:example:a?=q#f', true], ['urn:isbn:', false], ['urn:X-foo:a', true], ['isbn:0451450523', false], ['urn:ab:c', true], ['urn:a:c', false], ['http://example.com/', false]] as const) {
      expect([u, isUrn(u), urn(u)]).toEqual([u, valid, valid]);
    }
  });

  it('"data-url" is an RFC 2397 data URL, its base64 checked', () => {
    for (const [u, valid] of [['data:,A%20brief%20note', true], ['data:text/plain;base64,YWJj', true], ['data:text/plain;base64,abc', false], ['data:image/svg+xml;utf8,%3Csvg%3E', false], ['http://example.com/', false]] as const) {
      expect([u, isDataUrl(u), dataUrl(u)]).toEqual([u, valid, valid]);
    }
  });

  it('"uri" checks the scheme\'s grammar only when asked', () => {
    const plain = addFormats(new Ajv2020()).compile({ type: 'string', format: 'uri' });
    const byScheme = addFormats(new Ajv2020(), { scheme: true }).compile({ type: 'string', format: 'uri' });
    const byReference = addFormats(new Ajv2020(), { scheme: true }).compile({ type: 'string', format: 'uri-reference' });
    expect([plain('urn:isbn:'), byScheme('urn:isbn:'), byScheme('urn:isbn:1'), byScheme('http:///x'), byReference('a/b'), byReference('mailto:a/b@c')]).toEqual([true, false, true, false, true, false]);
    expect(() => addFormats(new Ajv2020(), { scheme: 'yes' } as never)).toThrow(/option scheme must be true or false/);
  });
});

describe('an ES module bundle', () => {
  function runBundled(code: string): unknown {
    const out = bundle(`${code}\nexport { run };`, 'iife', 'bundled').outputFiles[0].text;
    // A browser's globals that lint reads: URL, for its rules of where browsers read a URI otherwise (issue 31).
    const context = vm.createContext({ URL });
    vm.runInContext(`${out}\nglobalThis.result = JSON.stringify(bundled.run());`, context);
    return JSON.parse((context as { result: string }).result);
  }

  it('checks schemes once given them by useSchemes, and says so before', () => {
    expect(
      runBundled(`import { isValid, lint, normalize, useSchemes } from 'urigram'; import urn from 'urigram/grammars/rfc8141';
        const run = () => {
          let before;
          try { isValid('urn:isbn:', { scheme: true }); } catch (e) { before = e.message; }
          // Before: lint and normalize treat urn by RFC 3986 alone.
          const lintBefore = lint('urn:isbn:').length;
          const normalizedBefore = ['URN:ISBN:1%aa', 'urn:isbn:a/./b', 'MAILTO:a@B?X=y'].map((u) => normalize(u));
          useSchemes(urn);
          let other;
          try { isValid('mailto:a@b', { scheme: true }); } catch (e) { other = e.message; }
          return [/useSchemes/.test(before), lintBefore, normalizedBefore, isValid('urn:isbn:', { scheme: true }), isValid('urn:isbn:1', { scheme: true }), lint('urn:isbn:').map((d) => d.code), ['URN:ISBN:1%aa', 'urn:isbn:a/./b', 'MAILTO:a@B?X=y'].map((u) => normalize(u)), /rfc6068/.test(other)];
        };`),
    ).toEqual([true, 0, ['urn:ISBN:1%AA', 'urn:isbn:a/b', 'mailto:a@B?X=y'], false, true, ['scheme-syntax'], ['urn:isbn:1%AA', 'urn:isbn:a/./b', 'mailto:a@B?X=y'], true]);
  });
});

/**
 * Hostile input of a megabyte through the scheme checks, lint and normalize:
 * paths that were quadratic while this was written (a search for "%" that ran
 * on to the end of the input for each of a million addresses, a scan of every
 * capture for each address). No time is measured: as in test/linear.test.ts,
 * the work runs, then yields, so that jest's timeout fails a test whose work
 * outlasted it; a linear run takes about a second. npm run fuzz measures.
 */
describe('hostile input, a megabyte each', () => {
  jest.setTimeout(120_000);
  const M = 1 << 20;
  async function finishes<T>(work: () => T): Promise<T> {
    const result = work();
    await new Promise((done) => setTimeout(done, 0));
    return result;
  }

  it('a mailto URI of 262,144 addresses, and of as many header fields', async () => {
    const addresses = `mailto:${'a@b,'.repeat(M / 4)}a@b`;
    expect((await finishes(() => urigram.checkScheme(addresses))).valid).toBe(true);
    expect(await finishes(() => lint(addresses))).toEqual([]);
    const fields = `mailto:a@b?${'x=y&'.repeat(M / 4)}x=y`;
    const c = await finishes(() => urigram.checkScheme(fields));
    expect([c.valid, c.problems.length, c.problems[0].code]).toEqual([true, M / 4, 'mailto-repeated-header']);
    expect(await finishes(() => urigram.normalize(fields))).toBe(fields);
  });

  it('a domain of a million "?", each of which may begin header fields', async () => {
    const c = await finishes(() => urigram.checkScheme(`mailto:a@b${'?x'.repeat(M / 2)}`));
    expect([c.valid, c.problems.length]).toEqual([false, M / 2]);
    expect((await finishes(() => lint(`mailto:a@b${'?x'.repeat(M / 2)}`))).length).toBe(M / 2);
  });

  it('a body of lone line breaks, a data URL of many parameters, a base64 body of escapes', async () => {
    expect((await finishes(() => urigram.checkScheme(`mailto:a@b?body=${'%0A'.repeat(M / 3)}`))).problems.length).toBe(Math.floor(M / 3));
    expect((await finishes(() => urigram.checkScheme(`data:text/plain${';a=b'.repeat(M / 4)},x`))).components).toMatchObject({ mediaType: 'text/plain' });
    expect((await finishes(() => urigram.checkScheme(`data:;base64,${'%41'.repeat(M / 3)}A`))).error?.message).toMatch(/groups of four/);
  });
});
