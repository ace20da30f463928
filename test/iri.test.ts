/**
 * RFC 3987: mapping IRIs to URIs (3.1) and back (3.2), the 8URI parser, and
 * IRIs through resolution and normalization. The RFC's own examples come from
 * grammar/rfc3987.txt: those of 3.2.1 are read from the text.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  BIDI_FORMATTING_CHARACTERS,
  IriConversionError,
  isValid,
  iriToUri,
  normalize,
  equivalent,
  matches,
  tryParse,
  compare,
  parse,
  parseUtf8,
  resolve,
  uriToIri,
  useTr46,
  Utf8DecodeError,
  UriSyntaxError,
  type Tr46,
} from '../src';
import { loadTr46 } from '../src/core/load';

const rfc3987 = fs.readFileSync(path.join(__dirname, '..', 'grammar', 'rfc3987.txt'), 'utf8');

/** XML notation as the RFC writes characters: &#xE9; is U+00E9. */
function xml(text: string): string {
  return text.replace(/&#x([0-9A-F]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}

describe('iriToUri (RFC 3987 3.1)', () => {
  it('takes the bidi formatting characters where the ABNF does (a named departure from 4.1\'s MUST NOT, README), percent-encoded; uriToIri keeps them so', () => {
    for (const c of [0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e]) {
      const iri = `http://a/${String.fromCodePoint(c)}`;
      expect(isValid(iri, { grammar: 'rfc3987' })).toBe(true);
      const uri = iriToUri(iri);
      expect(uri).toBe(`http://a/${encodeURIComponent(String.fromCodePoint(c))}`);
      expect(uriToIri(uri)).toBe(uri);
    }
  });

  // The examples of 3.1, in the RFC's XML notation.
  it.each([
    ['http://r&#xE9;sum&#xE9;.example.org', 'http://r%C3%A9sum%C3%A9.example.org'],
    ['http://validator.w3.org/check?uri=http%3A%2F%2Fr&#xE9;sum&#xE9;.example.org', 'http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org'],
    ['http://www.example.org/red%09ros&#xE9;#red', 'http://www.example.org/red%09ros%C3%A9#red'],
    ['http://example.com/&#x10300;&#x10301;&#x10302;', 'http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82'],
  ])('RFC 3987 3.1 example %s', (iri, uri) => {
    expect(iriToUri(xml(iri))).toBe(uri);
  });

  it('the RFC 3987 3.1 example with IDNA for the host: http://xn--rsum-bpad.example.org', () => {
    expect(iriToUri(xml('http://r&#xE9;sum&#xE9;.example.org'), { host: 'idna' })).toBe('http://xn--rsum-bpad.example.org');
  });

  it('IDNA maps case and keeps a final ".", and reads percent-encoded UTF-8 in the host first', () => {
    expect(iriToUri('http://B\u00fccher.example./x?\u00fc', { host: 'idna' })).toBe('http://xn--bcher-kva.example./x?%C3%BC');
    expect(iriToUri('http://b%C3%BCcher.example/', { host: 'idna' })).toBe('http://xn--bcher-kva.example/');
    // An ASCII host is left as it is, case included.
    expect(iriToUri('http://EXAMPLE.org/\u00fc', { host: 'idna' })).toBe('http://EXAMPLE.org/%C3%BC');
  });

  it('a host that IDNA rejects is an IriConversionError at the host, not left as it was', () => {
    const e = (() => {
      try {
        iriToUri('http://a\u00e9_b.example/', { host: 'idna' });
      } catch (x) {
        return x;
      }
      return undefined;
    })();
    expect(e).toBeInstanceOf(IriConversionError);
    expect((e as IriConversionError).offset).toBe(7);
    expect(() => iriToUri('http://%FF\u00e9/', { host: 'idna' })).toThrow(/not UTF-8/);
  });

  it('normalize: "NFC" applies NFC first (3.1 step 1a/1b); by default text already in Unicode is not normalized (1c)', () => {
    // "Vi&#xEA;&#x323;t Nam": U+00EA U+0323 composes to U+1EC7 (RFC 3987 3.1, note on step 1).
    const decomposed = 'http://example.org/Vi\u00ea\u0323t';
    expect(iriToUri(decomposed)).toBe('http://example.org/Vi%C3%AA%CC%A3t');
    expect(iriToUri(decomposed, { normalize: 'NFC' })).toBe('http://example.org/Vi%E1%BB%87t');
  });

  it('leaves ASCII and existing %XX alone, and encodes iprivate in the query', () => {
    expect(iriToUri('http://a/%7e%41?\ue000')).toBe('http://a/%7e%41?%EE%80%80');
  });

  it('leaves "[", "]" and "%" as they are beside encoded characters, "%5B", "%5D" and "%25" included', () => {
    expect(iriToUri('http://[::1]/%5B\u00e9%25%5d/%255B?\u{1F600}#%5D')).toBe('http://[::1]/%5B%C3%A9%25%5d/%255B?%F0%9F%98%80#%5D');
    expect(iriToUri('http://[v7.\u0041]/\u00e9')).toBe('http://[v7.A]/%C3%A9');
    expect(iriToUri('//\u00e9@[::1]:8/')).toBe('//%C3%A9@[::1]:8/');
  });

  it('refuses an invalid IRI with a UriSyntaxError at its offset: iprivate outside the query, a space, a lone surrogate', () => {
    for (const [iri, offset] of [['http://a/\ue000', 9], ['http://a b', 8], ['http://a/\ud800', 9]] as const) {
      try {
        iriToUri(iri);
        throw new Error(`accepted ${iri}`);
      } catch (e) {
        expect(e).toBeInstanceOf(UriSyntaxError);
        expect((e as UriSyntaxError).offset).toBe(offset);
        expect((e as UriSyntaxError).grammar).toBe('rfc3987');
      }
    }
  });

  it('rejects unknown options', () => {
    expect(() => iriToUri('a', { normalize: 'NFD' as 'NFC' })).toThrow(TypeError);
    expect(() => iriToUri('a', { host: 'punycode' as 'idna' })).toThrow(TypeError);
  });
});

describe('uriToIri (RFC 3987 3.2)', () => {
  /** The examples of 3.2.1: each step 1 line with its step 5 line, read from the RFC. */
  const section = rfc3987.slice(rfc3987.indexOf('3.2.1.  Examples'), rfc3987.indexOf('4.  Bidirectional IRIs for Right-to-Left Languages\n'));
  const examples = [...section.matchAll(/^ {3}1\. +(\S+)\n(?:.*\n)*? {3}5\. +(\S+)$/gm)].map((m) => [m[1], xml(m[2])] as const);

  it('finds the three examples of 3.2.1 in the RFC text', () => {
    expect(examples.length).toBe(3);
  });

  it.each(examples)('RFC 3987 3.2.1: %s gives %s', (uri, iri) => {
    expect(uriToIri(uri)).toBe(iri);
  });

  it('keeps encoded what 3.2 and 4.1 say must stay encoded', () => {
    // "%", reserved and disallowed ASCII, exactly as written (step 2):
    expect(uriToIri('http://a/%25%2f%2F%20%3A')).toBe('http://a/%25%2f%2F%20%3A');
    // ill-formed UTF-8: a lone continuation byte, an overlong form, a surrogate, a cut-off sequence (step 3):
    expect(uriToIri('http://a/%80%C0%AF%ED%A0%80%C3')).toBe('http://a/%80%C0%AF%ED%A0%80%C3');
    // every bidi formatting character (4.1), and noncharacters and C1 controls, which are no ucschar (2.2):
    for (const c of BIDI_FORMATTING_CHARACTERS) {
      const encoded = encodeURIComponent(String.fromCodePoint(c));
      expect(uriToIri(`http://a/${encoded}`)).toBe(`http://a/${encoded}`);
    }
    expect(uriToIri('http://a/%EF%BF%BE%C2%9F%F3%A0%80%81')).toBe('http://a/%EF%BF%BE%C2%9F%F3%A0%80%81');
    // iprivate only in the query:
    expect(uriToIri('http://a/%EE%80%80?%EE%80%80#%EE%80%80')).toBe('http://a/%EE%80%80?\ue000#%EE%80%80');
  });

  it('decodes unreserved ASCII (step 2) and ucschar in every component that allows them', () => {
    expect(uriToIri('http://%C3%A9l%C3%A8ve@r%C3%A9sum%C3%A9.example/%7e%41?%C3%BC#%F0%9F%98%80')).toBe('http://\u00e9l\u00e8ve@r\u00e9sum\u00e9.example/~A?\u00fc#\u{1F600}');
  });

  it('host: "idna" turns A-labels into U-labels, as RFC 3987 3.2.1 allows ("leading to the overall IRI of ...")', () => {
    const m = /leading to the overall IRI of\s+"([^"]+)"/.exec(rfc3987);
    expect(m).not.toBeNull();
    expect(uriToIri('http://xn--99zt52a.example.org/%e2%80%ae', { host: 'idna' })).toBe(xml((m as RegExpExecArray)[1]));
    // Only "xn--" labels change, and only when ToUnicode succeeds; by default none does.
    expect(uriToIri('http://xn--99zt52a.EXAMPLE.org/', { host: 'idna' })).toBe('http://\u7d0d\u8c46.EXAMPLE.org/');
    expect(uriToIri('http://xn--zz.example/', { host: 'idna' })).toBe('http://xn--zz.example/');
    expect(uriToIri('http://xn--99zt52a.example.org/')).toBe('http://xn--99zt52a.example.org/');
    expect(() => uriToIri('a:b', { host: 'punycode' as 'idna' })).toThrow(TypeError);
  });

  it('host: "idna" converts each label on its own, a label met again as the first time, and asks tr46 once per distinct label of a call', () => {
    const tr46 = loadTr46() as Tr46;
    const asked: string[] = [];
    useTr46({ toASCII: tr46.toASCII, toUnicode: (label, options) => (asked.push(label), tr46.toUnicode(label, options)) });
    try {
      // Labels that fail and labels that succeed, each twice, and in another case the second time.
      const uri = 'http://xn--zz.xn--99zt52a.xn--zz.XN--99ZT52A.xn--rsum-bpad.xn--99zt52a/';
      expect(uriToIri(uri, { host: 'idna' })).toBe('http://xn--zz.\u7d0d\u8c46.xn--zz.\u7d0d\u8c46.r\u00e9sum\u00e9.\u7d0d\u8c46/');
      expect(asked).toEqual(['xn--zz', 'xn--99zt52a', 'XN--99ZT52A', 'xn--rsum-bpad']);
      // Per call: the next call asks again.
      uriToIri(uri, { host: 'idna' });
      expect(asked.length).toBe(8);
    } finally {
      useTr46(tr46);
    }
  });

  it('requires a valid URI', () => {
    expect(() => uriToIri('http://a/\u00fc')).toThrow(UriSyntaxError);
  });
});

describe('the laws of the mapping (fast-check)', () => {
  /** IRIs made of the pieces of each component, with no "%" and nothing 3.2 keeps encoded. */
  const ucs = fc.oneof(
    fc.integer({ min: 0xa0, max: 0xd7ff }),
    fc.integer({ min: 0xf900, max: 0xfdcf }),
    fc.integer({ min: 0xfdf0, max: 0xffef }),
    fc.integer({ min: 0x1, max: 0xd }).chain((plane) => fc.integer({ min: plane * 0x10000, max: plane * 0x10000 + 0xfffd })),
    fc.integer({ min: 0xe1000, max: 0xefffd }),
  ).filter((c) => !BIDI_FORMATTING_CHARACTERS.includes(c)).map((c) => String.fromCodePoint(c));
  const priv = fc.oneof(fc.integer({ min: 0xe000, max: 0xf8ff }), fc.integer({ min: 0xf0000, max: 0xffffd }), fc.integer({ min: 0x100000, max: 0x10fffd })).map((c) => String.fromCodePoint(c));
  const ascii = fc.constantFrom('a', 'Z', '0', '-', '.', '_', '~', '!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '=', ':', '@');
  const text = (extra: fc.Arbitrary<string>[] = []) => fc.array(fc.oneof(ucs, ascii, ...extra), { maxLength: 8 }).map((a) => a.join(''));
  const segment = text().map((s) => s.replace(/:/g, ''));
  const iri = fc
    .record({
      host: text().map((s) => s.replace(/[:@]/g, '')),
      user: fc.option(text().map((s) => s.replace(/@/g, ''))),
      path: fc.array(segment, { maxLength: 4 }),
      query: fc.option(text([priv, fc.constant('/'), fc.constant('?')])),
      fragment: fc.option(text([fc.constant('/'), fc.constant('?')])),
    })
    .map(({ host, user, path: p, query, fragment }) => `http://${user === null ? '' : `${user}@`}${host}${p.map((s) => `/${s}`).join('')}${query === null ? '' : `?${query}`}${fragment === null ? '' : `#${fragment}`}`);

  it('the generator makes valid IRIs', () => {
    fc.assert(fc.property(iri, (x) => isValid(x, { grammar: 'rfc3987' })));
  });

  it('uriToIri(iriToUri(x)) gives back x', () => {
    fc.assert(fc.property(iri, (x) => uriToIri(iriToUri(x)) === x));
  });

  it('iriToUri gives a valid URI, and a valid IRI reference only where the input is one', () => {
    fc.assert(fc.property(iri, (x) => isValid(iriToUri(x))));
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (s) => {
      let out: string;
      try {
        out = iriToUri(s);
      } catch (e) {
        return e instanceof UriSyntaxError && !isValid(s, { grammar: 'rfc3987' });
      }
      return isValid(out) && isValid(s, { grammar: 'rfc3987' });
    }));
  });

  it('every valid URI is a valid IRI, with the same components', () => {
    const uriChars = fc.constantFrom(...'abcXYZ019-._~!$&\'()*+,;=:@/?#[]%AF'.split(''));
    fc.assert(
      fc.property(fc.array(uriChars, { maxLength: 24 }).map((a) => a.join('')), (s) => {
        if (!isValid(s)) return true;
        const asIri = parse(s, { grammar: 'rfc3987' });
        const asUri = parse(s);
        return JSON.stringify({ ...asIri }) === JSON.stringify({ ...asUri });
      }),
      { numRuns: 3000 },
    );
  });

  it('uriToIri of any valid URI is a valid IRI that iriToUri maps back to an equivalent URI', () => {
    const pct = fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`);
    const piece = fc.oneof(pct, pct, fc.constantFrom('a', '/', '?', '#', ':', '@'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }).map((a) => `s://h/${a.join('')}`), (u) => {
        if (!isValid(u)) return true;
        const i = uriToIri(u);
        return isValid(i, { grammar: 'rfc3987' }) && equivalent(iriToUri(i), u, { level: 'syntax' });
      }),
    );
  });
});

describe('parseUtf8: an IRI as UTF-8 octets (the draft\'s "8URI")', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  const utf8 = (s: string) => new TextEncoder().encode(s);

  it('decodes and parses by RFC 3987', () => {
    const r = parseUtf8(utf8('http://r\u00e9sum\u00e9.example/\u{1F600}?\ue000'));
    expect(r.host).toBe('r\u00e9sum\u00e9.example');
    expect(r.path).toBe('/\u{1F600}');
    expect(r.query).toBe('\ue000');
  });

  it.each([
    ['a stray continuation byte', [0x61, 0x3a, 0x80], 2],
    ['C0, which begins only overlong forms', [0x61, 0x3a, 0xc0, 0xaf], 2],
    ['an overlong three-byte form', [0x61, 0x3a, 0xe0, 0x80, 0xaf], 3],
    ['a surrogate (ED A0 80)', [0x61, 0x3a, 0xed, 0xa0, 0x80], 3],
    ['a code point above U+10FFFF (F4 90)', [0x61, 0x3a, 0xf4, 0x90, 0x80, 0x80], 3],
    ['F5, which begins nothing', [0x61, 0x3a, 0xf5], 2],
    ['a character cut off at the end', [0x61, 0x3a, 0xe2, 0x82], 4],
    ['a non-continuation byte inside a character', [0x61, 0x3a, 0xc3, 0x28], 3],
  ])('ill-formed UTF-8 is a Utf8DecodeError at its byte offset: %s', (_why, b, offset) => {
    try {
      parseUtf8(bytes(...b));
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(Utf8DecodeError);
      expect((e as Utf8DecodeError).byteOffset).toBe(offset);
      expect((e as Error).message).toContain(`byte ${offset}`);
    }
  });

  it('a syntax error also gives its byte offset', () => {
    try {
      parseUtf8(utf8('http://\u00e9\u00e9/ x'));
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(UriSyntaxError);
      expect((e as UriSyntaxError).offset).toBe(10);
      expect((e as UriSyntaxError).byteOffset).toBe(12);
    }
  });

  it('a byte order mark is not skipped: U+FEFF is a ucschar (%xFDF0-FFEF), so it is part of the IRI', () => {
    expect(matches('ucschar', '\ufeff', { grammar: 'rfc3987' })).toBe(true);
    expect(parseUtf8(bytes(0xef, 0xbb, 0xbf, 0x61)).path).toBe('\ufeffa');
    // No scheme begins with U+FEFF, so "\ufeffa:" is a relative reference whose first segment has a ":".
    const r = tryParse('\ufeffa:', { grammar: 'rfc3987' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.offset).toBe(2);
    expect(() => parseUtf8(bytes(0xef, 0xbb, 0xbf, 0x61, 0x3a))).toThrow(UriSyntaxError);
  });

  it('takes another grammar, and only a Uint8Array', () => {
    expect(() => parseUtf8(utf8('http://\u00e9/'), { grammar: 'rfc3986' })).toThrow(UriSyntaxError);
    expect(() => parseUtf8('http://a/' as unknown as Uint8Array)).toThrow(TypeError);
  });
});

describe('IRIs through resolution and normalization (RFC 3987 5.3, 6.5)', () => {
  it('resolves IRI references against an IRI base by RFC 3986 5.2', () => {
    expect(resolve('http://r\u00e9sum\u00e9.example/a/b/c', '../\u00fc?\ue000#f', { grammar: 'rfc3987' })).toBe('http://r\u00e9sum\u00e9.example/a/\u00fc?\ue000#f');
    expect(() => resolve('http://r\u00e9sum\u00e9.example/a', 'b')).toThrow(/not a valid URI reference/);
  });

  it('normalizes an IRI: a host is lower-cased only when it is all ASCII (5.3.2.1)', () => {
    expect(normalize('HTTP://R\u00c9SUM\u00c9.EXAMPLE/%7e/./a', { grammar: 'rfc3987' })).toBe('http://R\u00c9SUM\u00c9.EXAMPLE/~/a');
    expect(normalize('HTTP://EXAMPLE.ORG:80/\u00e9', { grammar: 'rfc3987' })).toBe('http://example.org/\u00e9');
    expect(() => normalize('http://\u00e9/')).toThrow(UriSyntaxError);
    expect(() => normalize('a:b', { grammar: 'rfc2396' as 'rfc3987' })).toThrow(TypeError);
  });

  it('compares IRIs, aligning percent-encodings through URIs as RFC 3987 5.3.2.3 says', () => {
    expect(equivalent('http://\u00e9.example/%7e', 'HTTP://\u00e9.example/~', { grammar: 'rfc3987' })).toBe(true);
    expect(equivalent('http://a/\u00e9', 'http://a/%c3%a9', { grammar: 'rfc3987' })).toBe(true);
    expect(equivalent('http://a/\u00e9', 'http://a/%c3%a9', { grammar: 'rfc3987', level: 'simple' })).toBe(false);
    // Non-ASCII case is no equivalence: "\u00c9" and "\u00e9" differ.
    expect(equivalent('http://a/\u00c9', 'http://a/\u00e9', { grammar: 'rfc3987' })).toBe(false);
    expect(compare('http://a/\u00e9?x', 'http://a/%C3%A9?y', { grammar: 'rfc3987' })).toEqual({ equivalent: false, level: undefined, difference: { component: 'query', a: 'x', b: 'y' } });
    expect(compare('http://a/\u00e9', 'HTTP://a/%C3%A9', { grammar: 'rfc3987' })).toEqual({ equivalent: true, level: 'syntax' });
  });

  it('compares IRIs of schemes with steps of their own by those steps (RFC 8141 3, RFC 6068 2)', () => {
    expect(compare('URN:EX:\u00e9?=x', 'urn:ex:%c3%a9', { grammar: 'rfc3987' })).toEqual({ equivalent: true, level: 'scheme' });
    expect(compare('mailto:\u00e9@EX.org', 'mailto:%C3%A9@ex.org', { grammar: 'rfc3987' })).toEqual({ equivalent: true, level: 'scheme' });
    expect(equivalent('mailto:a@ex.org?to=b@EX.org', 'MAILTO:a@ex.org,b@ex.org', { grammar: 'rfc3987' })).toBe(true);
  });
});
