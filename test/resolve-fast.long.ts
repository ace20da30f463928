/**
 * resolve() writes the target of a base and a reference valid in RFC 3986 or RFC 3987
 * without reading it back (src/operations/resolve.ts, written(), says why it could never fail
 * or change), from components split off the automaton's acceptance without a record
 * (src/core/split.ts, splitOffsets), against a base kept from the last call. The oracle here is
 * the path that builds records and reads back: resolveRecord() of the records parse() gives,
 * then recompose() with the grammar's full read-back (or, with algorithm 'rfc2396', RFC 2396's
 * step 7 as written). Every grammar, zoneId, strict and algorithm; the corpora, references
 * generated from each ABNF, near misses and hostile strings, against bases of every shape.
 * Errors must be the same: class, message and every field.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse, recompose, resolve, resolveRecord, type ResolveOptions } from '../src';
import { concatenate } from '../src/operations/recompose';
import { corpusLines, dotted, generated, hostile, mutated, outcome, type Outcome } from './support/operation-inputs';

/** The records' path: resolveRecord of parsed records (so no base kept from an earlier call), recompose reading back. */
function oracle(base: string, reference: string, options: ResolveOptions): Outcome {
  const { grammar, zoneId } = options;
  return outcome(() => {
    // An invalid base or reference: resolveRecord's errors, from the strings (as resolve() takes them).
    const b = outcome(() => JSON.stringify(parse(base, { grammar, zoneId })));
    const t = 'value' in b ? resolveRecord(parse(base, { grammar, zoneId }), reference, options) : resolveRecord(base, reference, options);
    if (options.algorithm === 'rfc2396') return concatenate(t);
    const p = t.authority === undefined && t.path.startsWith('//') ? `/.${t.path}` : t.path;
    return recompose({ ...t, path: p }, { grammar, zoneId });
  });
}

const OPTIONS: ResolveOptions[] = [];
for (const grammar of ['rfc3986', 'rfc3987', 'rfc2396'] as const) {
  for (const zoneId of grammar === 'rfc3986' ? [undefined, true] : [undefined]) {
    for (const strict of [undefined, false]) {
      for (const algorithm of [undefined, 'rfc2396'] as const) OPTIONS.push({ grammar, zoneId, strict, algorithm });
    }
  }
}

const BASES = [
  'http://a/b/c/d;p?q',
  'http://a',
  'http://a/',
  'HTTP://A/b/c/d#f',
  'http://u@[::1]:80/b/c/?q#f',
  'http://[fe80::a%25en1]/b',
  'foo:/a/b',
  'foo:a/b',
  'f:a',
  'f:',
  'f:/',
  'f:?q',
  'mailto:a@b?subject=x',
  'file:///x/y/z',
  'http://é/ü/c?q',
  'a:b:c/d',
  'http:g',
  '//a/b', // relative: an error
  'http://a/b c', // invalid: an error
];

const rfcVectors = (JSON.parse(fs.readFileSync(path.join(__dirname, 'vectors', 'resolution', 'rfc3986.json'), 'utf8')) as { vectors: Array<{ reference: string }> }).vectors.map((v) => v.reference);

function compareAll(bases: readonly string[], references: readonly string[], options: readonly ResolveOptions[]): number {
  let compared = 0;
  for (const o of options) {
    for (const base of bases) {
      for (const reference of references) {
        const got = outcome(() => resolve(base, reference, o));
        const want = oracle(base, reference, o);
        if (JSON.stringify(got) !== JSON.stringify(want)) {
          throw new Error(`resolve(${JSON.stringify(base)}, ${JSON.stringify(reference)}, ${JSON.stringify(o)}):\n  got  ${JSON.stringify(got)}\n  want ${JSON.stringify(want)}`);
        }
        compared++;
      }
    }
  }
  return compared;
}

describe('resolve() without a record or a read-back is the records path (differential)', () => {
  it('on the RFC 3986 5.4 references, near misses of them and hostile strings, every grammar and option, against every base', () => {
    const references = [...rfcVectors, ...mutated(rfcVectors, 7), ...hostile(150, 11)];
    expect(compareAll(BASES, references, OPTIONS)).toBe(BASES.length * references.length * OPTIONS.length);
  });

  it('on references generated from each grammar\'s ABNF and near misses of them, every option', () => {
    const refs = [
      ...generated('rfc3986', 'URI-reference', 150, 1),
      ...generated('rfc3987', 'IRI-reference', 150, 2),
      ...generated('rfc2396', 'URI-reference', 100, 3),
      ...generated('rfc6874', 'URI-reference', 50, 4),
    ];
    const references = [...refs, ...mutated(refs, 5)];
    expect(compareAll(BASES.slice(0, 8), references, OPTIONS)).toBe(8 * references.length * OPTIONS.length);
  });

  it('on every reference of dot segments, near misses of them and the delimiters around a path (dotted()), strict and not', () => {
    const references = dotted();
    const options = OPTIONS.filter((o) => o.grammar === 'rfc3986' && o.zoneId === undefined && o.algorithm === undefined);
    expect(compareAll(['http://a/b/c/d;p?q', 'a:b/c'], references, options)).toBe(2 * references.length * 2);
  });

  it('on the corpora (a sample, every option; and every line with the default options)', () => {
    const sample = [...corpusLines('web-urls.txt', 97), ...corpusLines('file-urls.txt', 89)];
    expect(compareAll(['http://a/b/c/d;p?q', 'foo:a/b', 'file:///x/y/z'], sample, OPTIONS)).toBeGreaterThan(10000);
    const all = [...corpusLines('web-urls.txt'), ...corpusLines('file-urls.txt')];
    expect(compareAll(['http://a/b/c/d;p?q'], all, [{}])).toBe(all.length);
  });

  it('keeps a base per grammar and zoneId: the same base string alternately valid and invalid', () => {
    // "http://é/" is an IRI, not a URI; "http://[fe80::a%25en1]/" needs zoneId: a base kept from one must not answer the other.
    const calls: Array<[string, ResolveOptions]> = [];
    for (const base of ['http://é/', 'http://[fe80::a%25en1]/']) {
      for (const o of [{ grammar: 'rfc3987' as const }, {}, { zoneId: true }, { grammar: 'rfc3987' as const }, {}]) calls.push([base, o]);
    }
    for (const [base, o] of calls) expect(outcome(() => resolve(base, 'g', o))).toEqual(oracle(base, 'g', o));
    expect(outcome(() => resolve('http://é/', 'g', {}))).toHaveProperty('error');
    expect(resolve('http://é/', 'g', { grammar: 'rfc3987' })).toBe('http://é/g');
  });
});
