/**
 * The shape of the API around the vectors: argument checking, the error
 * object and its drawing, and the properties a record must keep.
 */
import { isValid, matches, parse, tryParse, UriSyntaxError, RFC3986_RULES } from '../src';

describe('argument checking', () => {
  it.each([[undefined], [null], [42], [{}], [['http://a']]])('a non-string input (%p) is a TypeError, not a syntax error', (input) => {
    expect(() => parse(input as unknown as string)).toThrow(TypeError);
    expect(() => tryParse(input as unknown as string)).toThrow(TypeError);
    expect(() => isValid(input as unknown as string)).toThrow(TypeError);
    expect(() => matches('URI', input as unknown as string)).toThrow(TypeError);
  });

  it('an unknown rule is a TypeError that names it', () => {
    expect(() => parse('a', { rule: 'hier-part' as never })).toThrow(/unknown rule "hier-part"/);
    expect(() => matches('uri' as never, 'a')).toThrow(/unknown RFC 3986 rule "uri"/);
  });

  it('the default rule is URI-reference (RFC 3986 4.1)', () => {
    expect(parse('../a').path).toBe('../a');
    expect(() => parse('../a', { rule: 'URI' })).toThrow(UriSyntaxError);
  });

  it('RFC3986_RULES lists every Appendix A rule and the three core rules, by ABNF name', () => {
    expect(RFC3986_RULES).toHaveLength(36 + 3);
    expect(RFC3986_RULES).toEqual(expect.arrayContaining(['URI-reference', 'IP-literal', 'dec-octet', 'path-empty', 'segment-nz-nc', 'HEXDIG']));
  });
});

describe('UriSyntaxError', () => {
  const error = (() => {
    const result = tryParse('http://[::g]');
    if (result.ok) throw new Error('expected a failure');
    return result.error;
  })();

  it('is a SyntaxError and a UriSyntaxError, thrown by parse', () => {
    expect(error).toBeInstanceOf(SyntaxError);
    expect(error).toBeInstanceOf(UriSyntaxError);
    expect(error.name).toBe('UriSyntaxError');
    expect(() => parse('http://[::g]')).toThrow(UriSyntaxError);
  });

  it('says where, what was expected, in which rule, and what was found', () => {
    expect(error.message).toBe('invalid URI-reference at offset 10: expected HEXDIG, dec-octet or "]" in IPv6address, found "g"');
    expect(error.rule).toBe('URI-reference');
    expect(error.input).toBe('http://[::g]');
  });

  it('format() draws the input with a caret under the offset and the rule path', () => {
    expect(error.format().split('\n')).toEqual([
      error.message,
      '  http://[::g]',
      '            ^',
      '  rule path: URI-reference > URI > hier-part > authority > host > IP-literal > IPv6address',
    ]);
  });

  it('format() puts the caret after the input when the input stops too early', () => {
    const r = tryParse('%4');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.offset).toBe(2);
    expect(r.error.found).toBeNull();
    expect(r.error.message).toMatch(/found end of input$/);
    expect(r.error.format().split('\n').slice(1, 3)).toEqual(['  %4', '    ^']);
  });

  it('format() escapes control characters and keeps the caret under the escaped character', () => {
    const r = tryParse('a\tb');
    if (r.ok) throw new Error('expected a failure');
    expect(r.error.offset).toBe(1);
    expect(r.error.found).toBe('\t');
    const [, shown, caret] = r.error.format().split('\n');
    expect(shown).toBe('  a\\u0009b');
    expect(caret).toBe('   ^');
  });

  it('format() shows printable characters above ASCII as themselves and escapes spaces, controls, format characters, private use, unassigned code points and lone surrogates (Unicode Z and C)', () => {
    const drawn = (c: string) => {
      const r = tryParse(`a/${c}`);
      if (r.ok) throw new Error('expected a failure');
      return r.error.format().split('\n')[1];
    };
    // é (Ll) and U+1F600 (So) as themselves; U+00A0, U+3000 (Zs), U+2028 (Zl), U+00AD, U+200B (Cf), U+E000 (Co), U+0378 (Cn), U+D800 (Cs) escaped.
    expect(['\u00e9', '\u{1F600}', '\u00a0', '\u3000', '\u2028', '\u00ad', '\u200b', '\ue000', '\u0378', '\ud800'].map(drawn)).toEqual([
      '  a/\u00e9',
      '  a/\u{1F600}',
      '  a/\\u00A0',
      '  a/\\u3000',
      '  a/\\u2028',
      '  a/\\u00AD',
      '  a/\\u200B',
      '  a/\\uE000',
      '  a/\\u0378',
      '  a/\\uD800',
    ]);
  });

  it('format() cuts a long input around the offset', () => {
    const input = `http://h/${'a'.repeat(500)} ${'b'.repeat(500)}`;
    const r = tryParse(input);
    if (r.ok) throw new Error('expected a failure');
    expect(r.error.offset).toBe(509);
    const [, shown, caret] = r.error.format({ width: 40 }).split('\n');
    expect(shown.startsWith('  ...')).toBe(true);
    expect(shown.endsWith('...')).toBe(true);
    expect(shown[caret.length - 1]).toBe(' ');
    expect(shown.length).toBeLessThan(60);
  });

  it('reports a non-ASCII character whole, at its UTF-16 offset', () => {
    const r = tryParse('a/\u{1F600}');
    if (r.ok) throw new Error('expected a failure');
    expect(r.error.offset).toBe(2);
    expect(r.error.found).toBe('\u{1F600}');
  });

  it('toJSON() carries the fields for programs', () => {
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      message: error.message,
      input: 'http://[::g]',
      grammar: 'rfc3986',
      codePointOffset: 10,
      rule: 'URI-reference',
      offset: 10,
      found: 'g',
      expected: ['HEXDIG', 'dec-octet', '"]"'],
      rulePath: ['URI-reference', 'URI', 'hier-part', 'authority', 'host', 'IP-literal', 'IPv6address'],
    });
  });
});

describe('records', () => {
  it('every component of a record is the text at its span', () => {
    const input = 'foo://user:pw@example.com:8042/over/there?name=ferret#nose';
    const record = parse(input);
    for (const [name, span] of Object.entries(record.spans)) {
      expect([name, input.slice(span[0], span[1])]).toEqual([name, record[name as keyof typeof record]]);
    }
    expect(Object.keys(record.spans).sort()).toEqual(['authority', 'fragment', 'host', 'path', 'port', 'query', 'scheme', 'userinfo']);
  });

  it('an absent component has no span; an empty one has an empty span', () => {
    const record = parse('s:?');
    expect(record.spans).toEqual({ scheme: [0, 1], path: [2, 2], query: [3, 3] });
    expect(record.fragment).toBeUndefined();
    expect(record.query).toBe('');
  });

  it('tryParse returns the record or the error, never both', () => {
    expect(tryParse('a:b')).toEqual({ ok: true, value: parse('a:b') });
    const failed = tryParse('a b');
    expect(failed.ok).toBe(false);
    expect(Object.keys(failed).sort()).toEqual(['error', 'ok']);
  });
});

describe('long and hostile input', () => {
  // Correctness only; speed is measured by benchmarks, not asserted here.
  it('parses a 1 MB path without overflowing the stack', () => {
    const input = `http://h/${'a/'.repeat(500_000)}`;
    expect(parse(input).path.length).toBe(1_000_001);
  });

  it('reports the one bad character at the end of a 1 MB path, with its offset and rule path', () => {
    const input = `http://h/${'a'.repeat(1_000_000)} `;
    const r = tryParse(input);
    if (r.ok) throw new Error('expected a failure');
    expect(r.error.offset).toBe(1_000_009);
    expect(r.error.rulePath).toEqual(['URI-reference', 'URI', 'hier-part', 'path-abempty', 'segment']);
  });

  it('rejects 100 000 colons inside brackets', () => {
    const input = `http://[${':'.repeat(100_000)}]`;
    const r = tryParse(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.offset).toBe(10);
  });
});
