/**
 * compareGrammars' verdicts: worked out by the automata, their records and
 * errors only when read (runGrammars prints no record), and its notes, which
 * read a record only where the note can apply, the same as the records say.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compareGrammars, matches, tryParse, type AnyUriRecord } from '../src';
import { explainGrammars } from '../src/operations/grammar-comparison';
import * as recognizerRecords from '../src/core/recognizer-records';
import { HOSTILE_FAMILIES } from './support/hostile';

/** An eighth of the web corpus, and the hostile families, each as one line and cut in short lines as the fuzz cuts them. */
const LINES: string[] = (() => {
  const web = fs.readFileSync(path.join(__dirname, 'corpus', 'web-urls.txt'), 'utf8').replace(/^\uFEFF/, '').split('\n').filter((l) => l !== '');
  const lines = web.filter((_, i) => i % 8 === 0);
  let k = 0;
  for (const f of HOSTILE_FAMILIES) {
    const s = f.make(1000).replace(/[\r\n]/g, ' ');
    lines.push(s);
    for (let i = 0; i < s.length; ) {
      const length = 8 + ((k++ * 37) % 73);
      lines.push(s.slice(i, i + length));
      i += length;
    }
  }
  return lines;
})();

describe('explainGrammars, what `urigram grammars` prints', () => {
  it("gives compareGrammars' verdicts, each error made at once, and its notes; no record", () => {
    const differing: string[] = [];
    for (const input of ['about:', 'x:y?z', 'http://[v1.x]/', 'http://[::01.2.3.4]/', 'http://\u00e9/', "a:(b)%2a", ...LINES]) {
      const explained = explainGrammars(input);
      const c = compareGrammars(input);
      const plain = c.verdicts.map((v) => (v.valid ? { grammar: v.grammar, rule: v.rule, valid: true } : { grammar: v.grammar, rule: v.rule, valid: false, error: v.error }));
      const same = JSON.stringify(explained.verdicts) === JSON.stringify(plain) && explained.notes.map((n) => n.code).join() === c.notes.map((n) => n.code).join() && explained.input === input;
      if (!same) differing.push(input);
      for (const v of explained.verdicts) expect(Object.getOwnPropertyDescriptor(v, 'error')?.get).toBeUndefined();
    }
    expect(differing).toEqual([]);
  });
});

describe('compareGrammars: records and errors when read', () => {
  afterEach(() => jest.restoreAllMocks());

  it('builds no record until one is read, then the recognizer\'s, once', () => {
    const spy = jest.spyOn(recognizerRecords, 'recognizerRecord');
    const c = compareGrammars('http://example.com/a?b#c');
    expect(c.verdicts.map((v) => v.valid)).toEqual([true, true, true, true]);
    expect(spy).not.toHaveBeenCalled();
    const record = c.verdicts[2].record;
    expect(spy).toHaveBeenCalledTimes(1);
    expect(c.verdicts[2].record).toBe(record);
    expect(spy).toHaveBeenCalledTimes(1);
    const parsed = tryParse('http://example.com/a?b#c', { grammar: 'rfc2396' });
    expect(parsed.ok && parsed.value).toEqual(record);
  });

  it('the record and the error are own, enumerable properties (keys, JSON and spreading see them); the input kept for them is not', () => {
    const valid = compareGrammars('http://a/').verdicts[0];
    expect(Object.keys(valid)).toEqual(['grammar', 'rule', 'valid', 'record']);
    expect({ ...valid }.record?.host).toBe('a');
    const invalid = compareGrammars('http://a/ b').verdicts;
    for (const v of invalid) {
      expect(Object.keys(v)).toEqual(['grammar', 'rule', 'valid', 'error']);
      expect(JSON.parse(JSON.stringify(v)).error.offset).toBe(9);
      expect({ ...v }.error).toBe(v.error);
    }
    expect(invalid[3].error?.rule).toBe('absolute-URL-with-fragment-string');
    expect(invalid[3]).toEqual({ grammar: 'whatwg-url', rule: 'absolute-URL-with-fragment-string', valid: false, error: invalid[3].error });
  });

  it('a verdict its caller froze before reading (Object.freeze, as Immer and Redux do) still gives its record and error', () => {
    const valid = Object.freeze(compareGrammars('http://a/').verdicts[0]);
    expect(valid.record?.host).toBe('a');
    expect(valid.record?.host).toBe('a');
    const invalid = Object.freeze(compareGrammars('http://a/ b').verdicts[1]);
    expect(invalid.error?.offset).toBe(9);
    expect(invalid.error?.offset).toBe(9);
  });
});

describe('compareGrammars: the notes that need no record, from one pass over the input', () => {
  it('non-ASCII, "[" or "]", and the marks that became sub-delims (RFC 2396 2.3 mark, RFC 3986 2.2 sub-delims), as themselves or percent-encoded', () => {
    const byPatterns = (input: string): string[] => [
      ...(/[^\x00-\x7f]/.test(input) ? ['non-ascii'] : []),
      ...(/[[\]]/.test(input) ? ['square-brackets'] : []),
      ...(/[!*'()]|%(?:21|2a|27|28|29)/i.test(input) ? ['mark-characters'] : []),
    ];
    const FIRST = new Set(['non-ascii', 'square-brackets', 'mark-characters']);
    const inputs = ['%2A', '%2a', '%2', '%', 'a%29', '%2g', '%7e', '%22', '(', '\u00e9', ']', 'x%2', '%%2a', ...LINES];
    const differing = inputs.filter((l) => compareGrammars(l).notes.map((n) => n.code).filter((c) => FIRST.has(c)).join() !== byPatterns(l).join());
    expect(differing).toEqual([]);
    expect(compareGrammars('%2a').notes.map((n) => n.code)).toEqual(['mark-characters']);
  });
});

describe('compareGrammars: the notes that depend on records, read only where they can apply', () => {
  /** The four notes that the records decide, as compareGrammars decided them when it built every record. */
  function byRecords(input: string): string[] {
    const record = (grammar: 'rfc3986' | 'rfc3987' | 'rfc2396'): AnyUriRecord | undefined => {
      const r = tryParse(input, { grammar });
      return r.ok ? r.value : undefined;
    };
    const uri = record('rfc3986');
    const iri = record('rfc3987');
    const old = record('rfc2396') as (AnyUriRecord & { opaque?: string }) | undefined;
    const codes: string[] = [];
    const empty = uri ?? iri;
    if (empty && empty.path === '' && empty.authority === undefined && old === undefined && (empty.scheme !== undefined || empty.query !== undefined)) codes.push('empty-path');
    if (old?.opaque?.includes('?')) codes.push('opaque-query');
    if (uri?.hostKind === 'IPvFuture' || iri?.hostKind === 'IPvFuture') codes.push('ipvfuture');
    const literal = (r: AnyUriRecord | undefined): string | undefined => (r?.hostKind === 'IPv6address' ? r.host?.slice(1, -1) : undefined);
    const by3986 = literal(uri) ?? literal(iri);
    const by2396 = literal(old);
    if ((by3986 !== undefined && !matches('IPv6address', by3986, { grammar: 'rfc2396' })) || (by2396 !== undefined && !matches('IPv6address', by2396))) codes.push('ipv6-grammar');
    return codes;
  }

  const RECORD_NOTES = new Set(['empty-path', 'opaque-query', 'ipvfuture', 'ipv6-grammar']);
  const noted = (input: string): string[] => compareGrammars(input).notes.map((n) => n.code).filter((c) => RECORD_NOTES.has(c));

  const EXAMPLES = ['about:', '?y', 'a:?b', 'a:#f', 's:/?q', 'mailto:a?b', 'x:y?z', 'urn:a:b?c', 'http://[v1.x]/', '[v1.x]', '//[v1.x]', 'http://[::01.2.3.4]/', 'a:b:c', '?', '#', ''];

  it('the examples of each', () => {
    for (const input of EXAMPLES) expect([input, noted(input)]).toEqual([input, byRecords(input)]);
    expect(noted('about:')).toEqual(['empty-path']);
    expect(noted('x:y?z')).toEqual(['opaque-query']);
  });

  it('the web corpus, the hostile families cut in short lines as the fuzz does, and a line of each', () => {
    const lines = [...EXAMPLES, ...LINES];
    const differing = lines.filter((l) => noted(l).join() !== byRecords(l).join());
    expect(differing).toEqual([]);
    // Each note is met, so that the comparison is not of empty lists alone.
    expect([...new Set(lines.flatMap(byRecords))].sort()).toEqual(['empty-path', 'ipv6-grammar', 'ipvfuture', 'opaque-query']);
  });
});
