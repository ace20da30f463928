/**
 * RFC 2396: its resolution algorithm (5.2) against its own Appendix C, read
 * from grammar/rfc2396.txt; each change RFC 3986 Appendix D.2 lists,
 * under both algorithms; the D.2 table against the RFC 3986 text; the IPv6
 * literals of RFC 2732, read from grammar/rfc2732.txt; and compareGrammars.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { compareGrammars, matches, mergeRelativePath2396, parse, resolve, resolveRecord, RFC2396_TO_RFC3986, UriSyntaxError } from '../src';

const spec = (name: string) => fs.readFileSync(path.join(__dirname, '..', 'grammar', name), 'utf8');
const rfc2396 = spec('rfc2396.txt');
const rfc3986 = spec('rfc3986.txt');
const rfc2732 = spec('rfc2732.txt');

const BASE = 'http://a/b/c/d;p?q';

/** The examples of RFC 2396 Appendix C: "ref = target" lines, "(current document)" being the base. */
function appendixC(): Array<[string, string]> {
  const start = rfc2396.indexOf('C. Examples of Resolving Relative URI References\n\n');
  const end = rfc2396.indexOf('D. Embedding the Base URI in HTML documents');
  const text = rfc2396.slice(start, end);
  const rows: Array<[string, string]> = [];
  for (const m of text.matchAll(/^ {6}(\S+) += {2}(\(current document\)\S*|\S+)/gm)) {
    const reference = m[1] === '<>' ? '' : m[1];
    rows.push([reference, m[2].replace('(current document)', BASE)]);
  }
  return rows;
}

describe('resolve with algorithm: "rfc2396" (RFC 2396 5.2)', () => {
  const rows = appendixC();

  it('finds the 22 normal and 19 abnormal examples of Appendix C, "http:g" (its validating reading), and the base', () => {
    expect(rfc2396).toContain(`      ${BASE}\n`);
    expect(rows.length).toBe(42);
  });

  it.each(rows)('RFC 2396 Appendix C: %j resolves to %s', (reference, target) => {
    expect(resolve(BASE, reference, { algorithm: 'rfc2396' })).toBe(target);
  });

  it('"http:g": the validating reading by default, and the backwards-compatible one of 5.2 step 3 with strict: false', () => {
    expect(resolve(BASE, 'http:g', { algorithm: 'rfc2396' })).toBe('http:g');
    expect(resolve(BASE, 'http:g', { algorithm: 'rfc2396', strict: false })).toBe('http://a/b/c/g');
  });

  it('step 6 on its own: c) to f) on the buffer, g) ".." above the root kept', () => {
    expect(mergeRelativePath2396('/b/c/d', './././g')).toBe('/b/c/g');
    expect(mergeRelativePath2396('/b/c/d', 'g/..')).toBe('/b/c/');
    expect(mergeRelativePath2396('/b/c/d', '../../../../g')).toBe('/../../g');
    expect(mergeRelativePath2396('a/b', '../../c')).toBe('../c');
    expect(mergeRelativePath2396('', 'g')).toBe('g');
  });

  it('splits by RFC 3986 unless asked to validate by RFC 2396, whose grammar rejects "?y"', () => {
    expect(() => resolve(BASE, '?y', { algorithm: 'rfc2396', grammar: 'rfc2396' })).toThrow(UriSyntaxError);
    expect(resolve(BASE, 'g?y', { algorithm: 'rfc2396', grammar: 'rfc2396' })).toBe('http://a/b/c/g?y');
  });

  it('an opaque reference parsed by RFC 2396 resolves by either algorithm, its "?" read as RFC 3986 reads it (D.2)', () => {
    expect(resolve(BASE, 'mailto:a?b#c', { grammar: 'rfc2396' })).toBe('mailto:a?b#c');
    expect(resolve(BASE, 'mailto:a?b#c', { grammar: 'rfc2396', algorithm: 'rfc2396' })).toBe('mailto:a?b#c');
    expect(resolveRecord(BASE, 'mailto:a?b', { grammar: 'rfc2396' })).toMatchObject({ path: 'a', query: 'b' });
  });

  it('rejects an unknown algorithm', () => {
    expect(() => resolve(BASE, 'g', { algorithm: 'rfc1808' as 'rfc2396' })).toThrow(TypeError);
  });
});

describe('what RFC 3986 changed (Appendix D.2), under both algorithms', () => {
  it.each([
    ['a base with no path: 5.2 step 6a of RFC 2396 "failed to account for" it', 'http://a', 'g', 'http://ag', 'http://a/g'],
    ['an empty path with a query: RFC 3986 restored RFC 1808, which keeps the base path', BASE, '?y', 'http://a/b/c/?y', 'http://a/b/c/d;p?y'],
    ['".." above the root: RFC 2396 keeps it (step 6g), RFC 3986 removes it', BASE, '../../../g', 'http://a/../g', 'http://a/g'],
    ['dot segments in an absolute path: RFC 2396 removes them only from a merged relative path', BASE, '/./g', 'http://a/./g', 'http://a/g'],
    ['dot segments in a network path', BASE, '//g/./h/../i', 'http://g/./h/../i', 'http://g/i'],
    ['dot segments in a URI with a scheme', BASE, 'ftp://x/a/../b', 'ftp://x/a/../b', 'ftp://x/b'],
  ])('%s', (_why, base, reference, by2396, by3986) => {
    expect(resolve(base, reference, { algorithm: 'rfc2396' })).toBe(by2396);
    expect(resolve(base, reference)).toBe(by3986);
    expect(resolve(base, reference, { algorithm: 'rfc3986' })).toBe(by3986);
  });

  it('same-document: RFC 2396 decides it from the reference (step 2); its result is the base with the fragment', () => {
    expect(resolveRecord(BASE, '#s', { algorithm: 'rfc2396' })).toEqual({ scheme: 'http', authority: 'a', path: '/b/c/d;p', query: 'q', fragment: 's' });
  });
});

describe('RFC 3986 Appendix D.2, the translation table', () => {
  it('is the table of the RFC text, row for row', () => {
    const start = rfc3986.indexOf('   | obsolete rule  | translation');
    const end = rfc3986.indexOf('Use of the above obsolete rules');
    const rows: Array<{ obsolete: string; translation: string }> = [];
    for (const line of rfc3986.slice(start, end).split('\n')) {
      const m = /^ {3}\| (.{14}) \| (.*?) *\|$/.exec(line);
      if (!m || m[1].trim() === 'obsolete rule') continue;
      const [obsolete, translation] = [m[1].trim(), m[2].trim()];
      if (obsolete !== '') rows.push({ obsolete, translation });
      else if (translation !== '') rows[rows.length - 1].translation += ` ${translation}`;
    }
    expect(rows.length).toBe(20);
    expect(RFC2396_TO_RFC3986).toEqual(rows);
  });
});

describe('RFC 2396 rule names', () => {
  it('matches takes the ABNF spelling (hier-part) and RFC 2396\'s own (hier_part)', () => {
    expect(matches('opaque-part', 'a?b', { grammar: 'rfc2396' })).toBe(true);
    expect(matches('opaque_part', 'a?b', { grammar: 'rfc2396' })).toBe(true);
    expect(matches('reg_name', 'a_b', { grammar: 'rfc2396' })).toBe(true);
    expect(() => matches('no_such_rule' as 'reg_name', 'a', { grammar: 'rfc2396' })).toThrow(/unknown RFC 2396 rule "no-such-rule"/);
    expect(() => matches('reg_name' as 'reg-name', 'a')).toThrow(TypeError);
  });
});

describe('RFC 2396 records', () => {
  it('an opaque URI has its opaque part as the path and no query', () => {
    const r = parse('news:comp.infosystems.www.servers.unix?x', { grammar: 'rfc2396' });
    expect([r.opaque, r.path, r.query, r.pathKind]).toEqual(['comp.infosystems.www.servers.unix?x', 'comp.infosystems.www.servers.unix?x', undefined, 'opaque-part']);
  });

  it('a hierarchical URI has no opaque part, and says which form its authority has', () => {
    expect(parse('ftp://ftp.is.co.za/rfc/rfc1808.txt', { grammar: 'rfc2396' })).toMatchObject({ opaque: undefined, authorityForm: 'server', host: 'ftp.is.co.za', hostKind: 'hostname' });
    expect(parse('x://a,b;c/', { grammar: 'rfc2396' })).toMatchObject({ authorityForm: 'reg_name', authority: 'a,b;c', host: undefined });
  });

  it('the peggy parser and the recognizer give the same records', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when this test runs
    const { recognizerRecord } = require('../src/core/backends') as typeof import('../src/core/backends');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when this test runs
    const { peggyRecord } = require('./support/peggy-oracle') as typeof import('./support/peggy-oracle');
    for (const input of ['http://u@h:8/a;p?q#f', 'mailto:a?b#c', 'x://a_b/c', 'file:///x', '//[::1.2.3.4]/', '//[::01.2.3.4]:8/', '//[1:2:3:4:5:6:7::]', 'g;x/../y?z', '#f', '', '/a/b']) {
      expect([input, recognizerRecord(input, 'URI_reference', 'rfc2396')]).toEqual([input, peggyRecord(input, 'URI_reference', 'rfc2396')]);
    }
  });
});

describe('RFC 2732 section 2: its IPv6 literals and URLs, read from grammar/rfc2732.txt', () => {
  const start = rfc2732.indexOf("2. Literal IPv6 Address Format in URL's Syntax");
  const end = rfc2732.indexOf('3. Changes to RFC 2396');
  const examples = [...rfc2732.slice(start, end).matchAll(/^ {6}(\S+)$/gm)].map((m) => m[1]);
  const literals = examples.filter((e) => !e.startsWith('http:'));
  const urls = examples.filter((e) => e.startsWith('http:'));
  /** The host, the port and the path as the text shows them: between "[" and "]", after "]:", from the next "/". */
  const partsOf = (url: string) => {
    const close = url.indexOf(']') + 1;
    const port = /^:(\d+)/.exec(url.slice(close))?.[1];
    const slash = url.indexOf('/', close);
    return { host: url.slice(url.indexOf('['), close), port, path: slash < 0 ? '' : url.slice(slash) };
  };

  it('finds the seven literals and the seven URLs', () => {
    expect(start).toBeGreaterThan(0);
    expect([literals.length, urls.length]).toEqual([7, 7]);
  });

  it.each(literals)('%s is an IPv6address by RFC 2396 with RFC 2732, as by RFC 3986', (literal) => {
    expect(matches('IPv6address', literal, { grammar: 'rfc2396' })).toBe(true);
    expect(matches('IPv6address', literal)).toBe(true);
  });

  it.each(urls)('%s parses by RFC 2396 with its literal as the host', (url) => {
    const record = parse(url, { grammar: 'rfc2396' });
    const { host, port, path: urlPath } = partsOf(url);
    expect([record.host, record.hostKind, record.authorityForm, record.port, record.path]).toEqual([host, 'IPv6address', 'server', port, urlPath]);
    expect(parse(url).host).toBe(host);
  });

  it('each URL carries the literal listed above it, but for the second: the list has 4171, the URL 417A', () => {
    const differ = literals.map((literal, i) => [literal, partsOf(urls[i]).host.slice(1, -1)]).filter(([a, b]) => a !== b);
    expect(differ).toEqual([['1080:0:0:0:8:800:200C:4171', '1080:0:0:0:8:800:200C:417A']]);
  });

  it('RFC 2373 2.2: at most eight groups, one "::" standing for one or more of them, d.d.d.d of 8-bit values in the last 32 bits', () => {
    const ok = (address: string) => matches('IPv6address', address, { grammar: 'rfc2396' });
    expect(['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7::', '::2:3:4:5:6:7:8', '::', '::13.1.68.3', '0:0:0:0:0:FFFF:129.144.52.38', '::255.255.255.255', '::010.001.000.099'].filter((a) => !ok(a))).toEqual([]);
    expect(['1:2', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8::', '1::2::3', ':::', '::1.2.3.256', '::1.2.3.0001', '1:2:3:4:5:6:7:1.2.3.4', '::1.2.3', '12345::'].filter(ok)).toEqual([]);
  });

  it('accepts exactly what RFC 3986\'s IPv6address accepts once leading zeros are taken out of d.d.d.d', () => {
    // Digit runs of two or three next to a ".": in a valid address, the octets of d.d.d.d.
    const withoutLeadingZeros = (s: string) =>
      s.replace(/(?<![0-9A-Fa-f])\d{2,3}(?![0-9A-Fa-f])/g, (run, at: number) => (s[at - 1] === '.' || s[at + run.length] === '.' ? String(Number(run)) : run));
    // Addresses of RFC 2373 2.2's shape: groups, perhaps "::" and more groups, perhaps d.d.d.d; now
    // and then a group or an octet that no grammar allows, and too many or too few of either.
    const rarely = <T,>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) => fc.oneof({ arbitrary: usual, weight: 12 }, { arbitrary: odd, weight: 1 });
    const group = rarely(fc.constantFrom('0', '1', 'ffff', 'FEDC', '012'), fc.constantFrom('', '12345', 'g', '1.2'));
    const octet = rarely(fc.constantFrom('0', '00', '000', '007', '09', '1', '99', '099', '199', '249', '255'), fc.constantFrom('256', '300', '0255', '', 'a'));
    const dotted = rarely(fc.array(octet, { minLength: 4, maxLength: 4 }), fc.array(octet, { minLength: 3, maxLength: 5 }));
    const address = fc.tuple(fc.array(group, { maxLength: 8 }), fc.option(fc.array(group, { maxLength: 7 })), fc.option(dotted)).map(([head, tail, low]) => {
      let s = head.join(':');
      if (tail !== null) s += `::${tail.join(':')}`;
      if (low !== null) s += `${s === '' || s.endsWith(':') ? '' : ':'}${low.join('.')}`;
      return s;
    });
    let valid = 0;
    fc.assert(
      fc.property(address, (s) => {
        const by2396 = matches('IPv6address', s, { grammar: 'rfc2396' });
        if (by2396) valid++;
        expect([s, by2396]).toEqual([s, matches('IPv6address', withoutLeadingZeros(s))]);
      }),
      { numRuns: 3000 },
    );
    expect(valid).toBeGreaterThan(150);
    expect(withoutLeadingZeros('::01.002.3.255')).toBe('::1.2.3.255');
  });
});

describe('compareGrammars', () => {
  // The three RFC grammars' verdicts (the URL Standard's, last, is whatwg-url-grammar.test.ts's).
  const verdicts = (input: string) => compareGrammars(input).verdicts.filter((v) => v.grammar !== 'whatwg-url').map((v) => [v.grammar, v.valid]);
  const codes = (input: string) => compareGrammars(input).notes.map((n) => n.code);

  it('"[" and "]" in a query: valid only by RFC 2396 with RFC 2732', () => {
    expect(verdicts('http://a/?q=[1]')).toEqual([['rfc3986', false], ['rfc3987', false], ['rfc2396', true]]);
    expect(codes('http://a/?q=[1]')).toEqual(['square-brackets']);
    const uri = compareGrammars('http://a/?q=[1]').verdicts[0];
    expect([uri.error?.offset, uri.error?.rulePath]).toEqual([12, ['URI-reference', 'URI', 'query']]);
  });

  it('an empty path after the scheme, and before a query: valid since RFC 3986', () => {
    expect(verdicts('about:')).toEqual([['rfc3986', true], ['rfc3987', true], ['rfc2396', false]]);
    expect(codes('about:')).toEqual(['empty-path']);
    expect(codes('?y')).toEqual(['empty-path']);
    expect(codes('')).toEqual([]);
  });

  it('non-ASCII: valid only as an IRI', () => {
    expect(verdicts('http://\u00e9/')).toEqual([['rfc3986', false], ['rfc3987', true], ['rfc2396', false]]);
    expect(codes('http://\u00e9/')).toEqual(['non-ascii']);
  });

  it('the marks that became sub-delims, and the opaque part\'s "?"', () => {
    expect(verdicts("mailto:a?subject=(it's)")).toEqual([['rfc3986', true], ['rfc3987', true], ['rfc2396', true]]);
    expect(codes("mailto:a?subject=(it's)")).toEqual(['mark-characters', 'opaque-query']);
    expect(codes('http://a/%2A')).toEqual(['mark-characters']);
  });

  it('IPvFuture is new in RFC 3986', () => {
    expect(verdicts('http://[v1.x]/')).toEqual([['rfc3986', true], ['rfc3987', true], ['rfc2396', false]]);
    expect(codes('http://[v1.x]/')).toEqual(['square-brackets', 'ipvfuture']);
  });

  it('the IPv6address of RFC 2373 2.2 (by way of RFC 2732) and that of RFC 3986 differ only on leading zeros in d.d.d.d', () => {
    expect(verdicts('http://[::01.2.3.4]/')).toEqual([['rfc3986', false], ['rfc3987', false], ['rfc2396', true]]);
    expect(codes('http://[::01.2.3.4]/')).toEqual(['square-brackets', 'ipv6-grammar']);
    expect(compareGrammars('http://[::01.2.3.4]/').notes[1].message).toContain('"[::01.2.3.4]"');
    expect(verdicts('http://[1:2]/')).toEqual([['rfc3986', false], ['rfc3987', false], ['rfc2396', false]]);
    expect(verdicts('http://[::1.2.3.4]/')).toEqual([['rfc3986', true], ['rfc3987', true], ['rfc2396', true]]);
    for (const input of ['http://[1:2]/', 'http://[::1.2.3.4]/', 'http://[::1]/']) expect([input, codes(input)]).toEqual([input, ['square-brackets']]);
  });

  it('says nothing of the IPv6 grammars when the literal is valid by both and the rest of the input is what differs', () => {
    expect(verdicts('http://[::1]/?q=[1]')).toEqual([['rfc3986', false], ['rfc3987', false], ['rfc2396', true]]);
    expect(codes('http://[::1]/?q=[1]')).toEqual(['square-brackets']);
  });

  it('an ordinary URI is valid by all three, with nothing to say', () => {
    expect(verdicts('http://example.com/a?b#c')).toEqual([['rfc3986', true], ['rfc3987', true], ['rfc2396', true]]);
    expect(compareGrammars('http://example.com/a?b#c').verdicts.map((v) => v.grammar)).toEqual(['rfc3986', 'rfc3987', 'rfc2396', 'whatwg-url']);
    expect(codes('http://example.com/a?b#c')).toEqual([]);
  });
});
