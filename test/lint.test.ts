/**
 * lint(): every rule against its documented examples, ranges, options, and
 * the law that the normalization fixes together give normalize().
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { applyFixes, lint, LINT_RULES, normalize, type LintCode } from '../src';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { Generator, Random } from '../scripts/grammar-check/generate';
import { loadConfig } from '../scripts/grammar-check/config';

const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'lint-rules.md'), 'utf8');
const documented = [...doc.matchAll(/^## `([a-z-]+)`\n([\s\S]*?)(?=^## |$(?![\s\S]))/gm)].map((m) => {
  const bad = /^- bad: `(.*)`$/m.exec(m[2]);
  const good = /^- good: `(.*)`$/m.exec(m[2]);
  return { code: m[1] as LintCode, bad: bad?.[1], good: good?.[1] };
});

const codes = (uri: string) => lint(uri).map((d) => d.code);

describe('docs/lint-rules.md', () => {
  it('documents every rule, and no other', () => {
    expect(documented.map((d) => d.code).sort()).toEqual(Object.keys(LINT_RULES).sort());
  });

  it.each(documented.map((d) => [d.code, d]))('%s fires on its bad example and not on its good one', (code, d) => {
    expect(d.bad).toBeDefined();
    expect(d.good).toBeDefined();
    expect(codes(d.bad as string)).toContain(code);
    expect(codes(d.good as string)).not.toContain(code);
  });
});

describe('lint', () => {
  it('points at the right characters', () => {
    const uri = 'HTTP://u:pw@Ex.COM:80/a/./%7e?%2f#x';
    const found = lint(uri).map((d) => [d.code, d.start, d.end, uri.slice(d.start, d.end)]);
    expect(found).toEqual([
      ['uppercase-scheme', 0, 4, 'HTTP'],
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
        if (diagnostics.some((d) => d.code === 'url-prefix')) return true;
        return applyFixes(u, diagnostics.filter((d) => normalization.has(d.code))) === normalize(u);
      }),
      { numRuns: 500 },
    );
  });
});
