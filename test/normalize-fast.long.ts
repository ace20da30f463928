/**
 * normalize() does every step of its level to the components of a URI valid in RFC 3986 or
 * RFC 3987 at once, from one acceptance by the automaton and one split, and returns the input
 * itself when no step would change it (src/operations/normalize.ts, normalizeComponents). The
 * oracle here is explainNormalize(), which runs the steps one by one, each on the whole text,
 * parsing a record again after each step that changed it. Every level, grammar, zoneId and some
 * step switches (which normalize() still runs one by one); the corpora, references generated
 * from each ABNF, near misses and hostile strings, and URIs built to meet every step. Errors
 * must be the same: class, message and every field.
 */
import { explainNormalize, normalize, type NormalizeOptions } from '../src';
import { corpusLines, dotted, generated, hostile, mutated, outcome, schemeCased, schemeGenerated } from './support/operation-inputs';

const OPTIONS: Array<NormalizeOptions | undefined> = [undefined];
for (const level of [undefined, 'syntax', 'scheme'] as const) {
  for (const grammar of [undefined, 'rfc3987'] as const) {
    for (const zoneId of grammar === undefined ? [undefined, true] : [undefined]) {
      OPTIONS.push({ level, grammar, zoneId });
    }
  }
}
OPTIONS.push({ steps: {} }, { steps: { 'decode-unreserved': false } }, { steps: { 'remove-dot-segments': false, 'lowercase-host': false } }, { level: 'syntax', steps: { 'uppercase-percent-encoding': false } });

/** URIs built to meet every step: case in schemes and hosts, triplets of every kind, ports, dot segments written with "%2E", empty paths, URNs and mailto URIs. */
function cased(): string[] {
  const schemes = ['', 'http:', 'HTTP:', 'Https:', 'ws:', 'ftp:', 'foo:', 'urn:', 'URN:', 'mailto:', 'a:'];
  const authorities = ['', '//h', '//H', '//u%41@H.%7ecom:', '//[::A]:80', '//[v1.Ab]:080', '//h:0443', '//%48%2e', '//Ex.com:21', '//:80', '//U@h:'];
  const paths = ['', '/', '/%7e%2f%2E/../a', '/A/./b/%2e%2E', 'a/../b', '%2e', './a:b', 'Nid:%7a%2fx/./y', 'A@B.c,d@%45.F', 'x@Y?To=z@W&Subject=a', '/y@B.c', '/Nid:X/./..'];
  const rests = ['', '?%7a%3f#%5b', '#F%2e'];
  const out: string[] = [];
  for (const s of schemes) for (const a of authorities) for (const p of paths) for (const r of rests) out.push(`${s}${a}${p}${r}`);
  return out;
}

function compareAll(inputs: readonly string[], options: ReadonlyArray<NormalizeOptions | undefined>): number {
  let compared = 0;
  for (const o of options) {
    for (const uri of inputs) {
      const got = outcome(() => normalize(uri, o));
      const want = outcome(() => explainNormalize(uri, o).result);
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        throw new Error(`normalize(${JSON.stringify(uri)}, ${JSON.stringify(o)}):\n  got  ${JSON.stringify(got)}\n  want ${JSON.stringify(want)}`);
      }
      compared++;
    }
  }
  return compared;
}

describe('normalize() by components at once is the steps one by one (differential)', () => {
  it('on URIs built to meet every step, every level, grammar and option', () => {
    const inputs = cased();
    expect(compareAll(inputs, OPTIONS)).toBe(inputs.length * OPTIONS.length);
  });

  it('on references generated from each grammar\'s ABNF, near misses of them and hostile strings', () => {
    const refs = [...generated('rfc3986', 'URI-reference', 300, 21), ...generated('rfc3987', 'IRI-reference', 300, 22), ...generated('rfc6874', 'URI-reference', 100, 23)];
    const inputs = [...refs, ...mutated(refs, 24), ...hostile(500, 25)];
    expect(compareAll(inputs, OPTIONS)).toBe(inputs.length * OPTIONS.length);
  });

  it('on URNs and mailto URIs built to meet their schemes\' steps and the fast paths\' edges, every level, grammar and option', () => {
    const inputs = schemeCased();
    expect(compareAll(inputs, OPTIONS)).toBe(inputs.length * OPTIONS.length);
  });

  it('on URNs and mailto URIs generated from RFC 8141\'s and RFC 6068\'s ABNF, their near misses and hostile ones', () => {
    const valid = schemeGenerated();
    const inputs = [...valid, ...mutated(valid, 33), ...hostile(300, 34).map((h, i) => `${i % 2 === 0 ? 'urn:' : 'mailto:'}${h}`)];
    expect(compareAll(inputs, OPTIONS)).toBe(inputs.length * OPTIONS.length);
  });

  it('on every reference of dot segments and the delimiters around a path (dotted())', () => {
    const inputs = dotted();
    expect(compareAll(inputs, [undefined, { level: 'syntax' }, { grammar: 'rfc3987' }])).toBe(3 * inputs.length);
  });

  it('on the corpora (every line with the default options, a sample with every option)', () => {
    const all = [...corpusLines('web-urls.txt'), ...corpusLines('file-urls.txt')];
    expect(compareAll(all, [undefined])).toBe(all.length);
    const sample = [...corpusLines('web-urls.txt', 53), ...corpusLines('file-urls.txt', 47)];
    expect(compareAll(sample, OPTIONS)).toBe(sample.length * OPTIONS.length);
  });
});
