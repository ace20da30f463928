/**
 * lint parses once (issue 32, item 4): each grammar reads a linted URI at most once, whatever rules report on
 * it (normalization, security, the WHATWG comparison, the scheme's grammar); the strings lint derives (a fix,
 * a normalized form) are its own parses. Counted at the door every parse goes through (src/core/backends.ts).
 */
import * as backends from '../src/core/backends';
import { lint } from '../src';

describe('lint parses a URI once per grammar', () => {
  const calls: string[] = [];
  beforeAll(() => {
    for (const name of ['accepts', 'automatonRecord'] as const) {
      const original = backends[name] as (input: string, start: string, grammar?: string) => unknown;
      jest.spyOn(backends, name).mockImplementation(((input: string, start: string, grammar?: string) => {
        calls.push(`${grammar ?? 'rfc3986'} ${input}`);
        return original(input, start, grammar);
      }) as never);
    }
  });
  afterAll(() => jest.restoreAllMocks());

  // Each with findings of several rules: normalization, the WHATWG comparison, a password, a scheme's grammar, an IRI.
  it.each([
    'http://EXAMPLE.com:80/a/../b/%7e?q#f',
    'https://example.com',
    'http://user:pass@h/x',
    'http://0x7f.1/',
    'HTTP://a/%2f/./b',
    'urn:ISBN:0451450523',
    'mailto:Joe@Example.COM?Subject=Hi',
    'http://例え.テスト/',
  ])('%s', (uri) => {
    lint('http://warm.example/', { preset: 'strict' });
    calls.length = 0;
    const found = lint(uri, { preset: 'strict' });
    expect(found.length).toBeGreaterThan(0);
    const ofTheUri = calls.filter((c) => c.endsWith(` ${uri}`));
    // The counter sees the parses (a URI is read at least once by RFC 3986)...
    expect(ofTheUri).toContain(`rfc3986 ${uri}`);
    // ...and no grammar reads it twice.
    expect(ofTheUri.length).toBe(new Set(ofTheUri).size);
  });
});
