/**
 * extract(): URIs in running text, RFC 3986 Appendix C.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { extract } from '../src';

const uris = (text: string, options?: Parameters<typeof extract>[1]) => extract(text, options).map((f) => f.uri);

describe('RFC 3986 Appendix C', () => {
  it('its example text gives exactly its three URI references', () => {
    const rfc = fs.readFileSync(path.join(__dirname, '..', 'grammar', 'rfc3986.txt'), 'utf8');
    const at = rfc.indexOf('      Yes, Jim, I found it under');
    expect(at).toBeGreaterThan(0);
    const example = rfc.slice(at, rfc.indexOf('contains the URI references', at));
    expect(uris(example)).toEqual([
      'http://www.w3.org/Addressing/',
      'ftp://foo.example.com/rfc/',
      'http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING',
    ]);
    const found = extract(example);
    expect(found.map((f) => f.delimited)).toEqual(['quote', 'angle', 'angle']);
    for (const f of found) expect(f.raw).toBe(example.slice(f.start, f.end));
  });
});

describe('delimited', () => {
  it('angle brackets may span lines; the whitespace goes', () => {
    expect(extract('see <http://a.example/long/\n   path/x>.')).toEqual([
      { uri: 'http://a.example/long/path/x', start: 4, end: 38, raw: '<http://a.example/long/\n   path/x>', delimited: 'angle', valid: true },
    ]);
  });

  it('a hyphen at a line break is kept (Appendix C: it may or may not be part of the URI)', () => {
    expect(uris('<http://a.example/some-\n  thing>')).toEqual(['http://a.example/some-thing']);
  });

  it('the "URL:" prefix goes, with or without a space', () => {
    expect(uris('<URL:http://a.example/> <URL: http://b.example/> <url:mailto:x@y.example>')).toEqual([
      'http://a.example/',
      'http://b.example/',
      'mailto:x@y.example',
    ]);
  });

  it('double quotes, also across lines', () => {
    expect(uris('He said "http://a.example/x" and "http://b.example/\n y".')).toEqual(['http://a.example/x', 'http://b.example/y']);
  });

  it('single quotes and backquotes delimit URIs in source code and Markdown', () => {
    expect(extract("parse('http://h?#').query; `https://x.example/a b`")).toMatchObject([
      { uri: 'http://h?#', delimited: 'quote', raw: "'http://h?#'" },
      { uri: 'https://x.example/ab', delimited: 'quote', raw: '`https://x.example/a b`' },
    ]);
    expect(uris("it's at http://a.example/ and isn't 'elsewhere'")).toEqual(['http://a.example/']);
    expect(uris('"go to http://a.example/ now"')).toEqual(['http://a.example/']);
  });

  it('takes only what begins with a scheme: HTML tags and quoted words are not URIs', () => {
    expect(uris('<b>bold</b> "just words" <a href="http://h.example/">x</a>')).toEqual(['http://h.example/']);
  });

  it('a scheme followed by "::" is a namespace, not a URI, delimited or not; one ":" and a path still is', () => {
    expect(extract('As<Napi::String> and "Data::Dump" via Data::Dump, std::vector and urn::x').map((f) => f.uri)).toEqual([]);
    expect(extract('see <urn:a::b> and urn:x::y').map((f) => f.uri)).toEqual(['urn:a::b', 'urn:x::y']);
    expect(extract('see Data::Dump, then data:,a%20b', { schemes: 'any' }).map((f) => f.uri)).toEqual(['data:,a%20b']);
  });

  it('a delimited URI that is not valid is reported as such', () => {
    expect(extract('<http://a.example/x|y>')).toMatchObject([{ uri: 'http://a.example/x|y', valid: false }]);
  });
});

describe('undelimited', () => {
  it.each([
    ['Go to http://a.example/x.', ['http://a.example/x'], 'a full stop ends the sentence'],
    ['http://a.example/x, then', ['http://a.example/x'], 'a comma'],
    ['(see http://a.example/x)', ['http://a.example/x'], 'an unbalanced closing parenthesis'],
    ['https://en.example/wiki/A_(b) here', ['https://en.example/wiki/A_(b)'], 'a balanced one stays'],
    ['[docs](https://example.com/a_(b)).', ['https://example.com/a_(b)'], 'a Markdown link'],
    ['<https://example.com/auto>', ['https://example.com/auto'], 'a Markdown autolink'],
    ['mail mailto:a@b.example! or urn:isbn:0451450523?', ['mailto:a@b.example', 'urn:isbn:0451450523'], 'mailto: and urn: by default'],
    ['URL:http://v.example/y', ['http://v.example/y'], 'the URL: prefix'],
    ['a:b c:d 1:2 x-y:z', [], 'no "//" and not a listed scheme: not taken by default'],
    ['ratio 3:4 at 10:30', [], 'times and ratios are not URIs'],
  ])('%p gives %p (%s)', (text, expected) => {
    expect(uris(text)).toEqual(expected);
  });

  it('the URL: prefix is part of the raw range, not of the URI', () => {
    expect(extract('x URL:http://v.example/y')).toEqual([
      { uri: 'http://v.example/y', start: 2, end: 24, raw: 'URL:http://v.example/y', delimited: 'none', valid: true },
    ]);
  });

  it('a ")" that closes nothing ends an undelimited URI, wherever it is; balanced ones stay', () => {
    expect(uris('see [DOM spec](https://dom.spec.whatwg.org)-compatible alias.')).toEqual(['https://dom.spec.whatwg.org']);
    expect(uris('a http://a/b_(c)_d) x and http://en.wikipedia.org/wiki/Foo_(bar)')).toEqual(['http://a/b_(c)_d', 'http://en.wikipedia.org/wiki/Foo_(bar)']);
    expect(uris('http://a/x)y(z)')).toEqual(['http://a/x']);
  });

  it('drops sentence punctuation and the closers it does not open from the end, by their counts; any Unicode space ends it', () => {
    expect(uris('http://a/[b]] and http://a/{c}}. and http://a/d]}>.!')).toEqual(['http://a/[b]', 'http://a/{c}', 'http://a/d']);
    expect(uris('http://a/b]?\'*" and http://a/[x]];: then')).toEqual(['http://a/b', 'http://a/[x]']);
    expect(uris('http://a/b\u3000c http://a/d\u00a0e http://a/f\u2028g http://a/h\ufeffi')).toEqual(['http://a/b', 'http://a/d', 'http://a/f', 'http://a/h']);
    expect(uris('http://a/\ud83d\ude00] x')).toEqual(['http://a/\ud83d\ude00']);
  });

  it('options.schemes chooses the schemes of undelimited URIs', () => {
    expect(uris('a:b tel:+1 http://h/', { schemes: 'any' })).toEqual(['a:b', 'tel:+1', 'http://h/']);
    expect(uris('a:b tel:+1 http://h/', { schemes: ['a'] })).toEqual(['a:b']);
  });

  it('an undelimited URI that is not valid is reported as such', () => {
    expect(extract('ftp://f.example/x|y')).toMatchObject([{ uri: 'ftp://f.example/x|y', valid: false }]);
  });
});

describe('long and hostile text: correct, and done in linear time (no timing asserted)', () => {
  const MB = 1_000_000;
  it.each([
    ['1 MB of text with no URI', 'lorem ipsum dolor sit amet '.repeat(MB / 27)],
    ['1 MB of "<" and ":"', '<:'.repeat(MB / 2)],
    ['1 MB of "<"', '<'.repeat(MB)],
    ['1 MB of quotes', '"'.repeat(MB)],
    ['1 MB of "a:"', 'a:'.repeat(MB / 2)],
    ['1 MB of "<a:"', '<a:'.repeat(MB / 3)],
  ])('%s has no URI', (_name, text) => {
    expect(extract(text)).toEqual([]);
  });

  it('1 MB of "<a:b>" gives every one of them', () => {
    const found = extract('<a:b>'.repeat(200_000));
    expect(found).toHaveLength(200_000);
    expect(found[199_999]).toMatchObject({ uri: 'a:b', start: 999_995, end: 1_000_000 });
  });

  it('a 1 MB URI in angle brackets', () => {
    const found = extract(`<http://h/${'a'.repeat(MB)}>`);
    expect(found).toHaveLength(1);
    expect(found[0].uri.length).toBe(MB + 9);
  });
});
