/**
 * UriSyntaxError.hint: when a URI grammar stops at a character that is not
 * ASCII, the error says whether the input is an IRI (RFC 3987) or how a URI
 * carries the character (RFC 3986 2.1, 2.5).
 */
import { isValid, parse, percentEncode, resolveRecord, tryParse, UriResolveError, UriSyntaxError } from '../src';

function failure(input: string, options?: Parameters<typeof tryParse>[1]): UriSyntaxError {
  const r = tryParse(input, options);
  if (r.ok) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return r.error;
}

describe('the non-ASCII hint', () => {
  it('a valid IRI: the error names the IRI rule and the ways on', () => {
    const e = failure('http://b\u00fccher.example/');
    expect(isValid('http://b\u00fccher.example/', { grammar: 'rfc3987' })).toBe(true);
    expect(e.offset).toBe(8);
    expect(e.found).toBe('\u00fc');
    expect(e.hint).toBe("the input is a valid IRI-reference (RFC 3987): parse it with { grammar: 'rfc3987' }, or map it to a URI with iriToUri (RFC 3987 3.1)");
    expect(e.message.endsWith(`found "\u00fc"; ${e.hint}`)).toBe(true);
    expect(e.toJSON().hint).toBe(e.hint);
  });

  it.each([
    ['URI', 'IRI'],
    ['absolute-URI', 'absolute-IRI'],
    ['relative-ref', 'irelative-ref'],
  ] as const)('for the rule %s it names %s', (rule, iriRule) => {
    const input = rule === 'relative-ref' ? '/caf\u00e9' : 'http://a/caf\u00e9';
    expect(failure(input, { rule }).hint).toContain(`a valid ${iriRule} (RFC 3987)`);
  });

  it('RFC 2396 gets the same hint, citing its own sections when the input is no IRI either', () => {
    expect(failure('http://b\u00fccher/', { grammar: 'rfc2396' }).hint).toContain('a valid IRI-reference (RFC 3987)');
    expect(failure('http://a/\u00e9 b', { grammar: 'rfc2396' }).hint).toBe('a URI holds a character that is not ASCII only percent-encoded, as UTF-8 (RFC 2396 2.1, 2.4)');
  });

  it('not an IRI either: the hint says a URI carries it percent-encoded', () => {
    const e = failure('http://a/\u00e9 b');
    expect(isValid('http://a/\u00e9 b', { grammar: 'rfc3987' })).toBe(false);
    expect(e.offset).toBe(9);
    expect(e.hint).toBe('a URI holds a character that is not ASCII only percent-encoded, as UTF-8 (RFC 3986 2.1, 2.5)');
  });

  it('a character outside the BMP counts as one character, and may be an IRI character (ucschar)', () => {
    expect(failure('a/\u{1F600}').hint).toContain('a valid IRI-reference');
  });

  it('no hint when the character is ASCII, or when the grammar is already RFC 3987', () => {
    const ascii = failure('http://[::g]');
    expect(ascii.hint).toBeUndefined();
    expect('hint' in ascii.toJSON()).toBe(false);
    expect(failure('http://a/\u00e9 b', { grammar: 'rfc3987' }).hint).toBeUndefined();
    expect(failure('http://a/ b').hint).toBeUndefined();
  });

  it('parse throws the same error', () => {
    expect(() => parse('http://b\u00fccher/')).toThrow(/; the input is a valid IRI-reference/);
  });
});

describe('messages about records and kept triplets (issue 11 review)', () => {
  it('a relative record as base is named by its text, not as ""', () => {
    let caught: unknown;
    try {
      resolveRecord(parse('a/b?q'), 'g');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(UriResolveError);
    expect((caught as UriResolveError).base).toBe('a/b?q');
    expect((caught as UriResolveError).message).toBe('the base "a/b?q" is a relative reference: RFC 3986 5.2.1 needs a base URI with a scheme');
  });

  it('keepPercentEncoded keeps a triplet and upper-cases its hex digits, as its documentation says', () => {
    expect(percentEncode('%2f%C3%a9 x', 'path', { keepPercentEncoded: true })).toBe('%2F%C3%A9%20x');
  });
});
