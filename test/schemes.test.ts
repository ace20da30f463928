/**
 * Validation by scheme (issue 34): the vectors of test/vectors/schemes/, one
 * file per scheme grammar, each vector with the section of its RFC, checked
 * through checkScheme, isValid, check and parse with `{ scheme }`. The
 * expected verdicts, offsets and components are written from the RFCs (their
 * examples, and a negative case for each rule and each constraint of their
 * prose), not from running urigram; and each scheme grammar's part of them
 * (the verdict and the first invalid offset of the scheme's rule) is checked
 * again by the ABNF oracle of npm run check:grammar, which shares no code
 * with the parsers.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkScheme, check, isValid, parse, tryParse, matches, normalize, equivalent, compare, SCHEME_GRAMMARS, UriSchemeError, UriSyntaxError, GRAMMAR_REGISTRY, type SchemeOptions } from '../src';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { Oracle } from '../scripts/grammar-check/oracle';
import { grammarFileOf } from '../scripts/registry';
import { schemeGrammarModules } from '../src/core/load';

const root = path.join(__dirname, '..');
const dir = path.join(__dirname, 'vectors', 'schemes');

interface SchemeVector {
  section: string;
  input: string;
  valid: boolean;
  why: string;
  options?: SchemeOptions & { zoneId?: boolean };
  error?: { grammar: string; rule: string; offset: number; code?: string };
  problems?: string[];
  components?: Record<string, unknown>;
  fix?: { start: number; end: number; replacement: string };
}

const FILES = ['rfc6068.json', 'rfc8141.json', 'rfc2397.json', 'rfc8089.json', 'rfc9110.json'];
const load = (file: string): { grammar: string; vectors: SchemeVector[] } => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));

const oracles = new Map<string, Oracle>();
function oracle(grammar: string): Oracle {
  let o = oracles.get(grammar);
  if (o === undefined) oracles.set(grammar, (o = new Oracle(readAbnf(path.join(root, grammarFileOf(root, grammar, 'abnf'))))));
  return o;
}

/** `actual` has every field of `expected` (arrays element by element, objects field by field; null is absent). */
function expectSubset(actual: unknown, expected: unknown, where: string): void {
  if (expected === null) {
    expect([where, actual]).toEqual([where, undefined]);
  } else if (Array.isArray(expected)) {
    expect([where, Array.isArray(actual) ? (actual as unknown[]).length : actual]).toEqual([where, expected.length]);
    expected.forEach((e, i) => expectSubset((actual as unknown[])[i], e, `${where}[${i}]`));
  } else if (typeof expected === 'object') {
    for (const [k, v] of Object.entries(expected as Record<string, unknown>)) expectSubset((actual as Record<string, unknown>)?.[k], v, `${where}.${k}`);
  } else {
    expect([where, actual]).toEqual([where, expected]);
  }
}

describe.each(FILES)('%s', (file) => {
  const { grammar, vectors } = load(file);

  it.each(vectors.map((v) => [`${v.section}: ${JSON.stringify(v.input)}${v.options ? ` ${JSON.stringify(v.options)}` : ''}: ${v.why}`, v] as const))('%s', (_name, v) => {
    const c = checkScheme(v.input, v.options);
    expect(c.valid).toBe(v.valid);
    const { zoneId, ...scheme } = v.options ?? {};
    const options = { scheme: Object.keys(scheme).length > 0 ? scheme : true, ...(zoneId === undefined ? {} : { zoneId }) };
    expect(isValid(v.input, options)).toBe(v.valid);
    expect(check(v.input, options)?.message).toBe(c.error?.message);
    if (v.error !== undefined) {
      const e = c.error as UriSyntaxError;
      expect(e).toBeInstanceOf(UriSyntaxError);
      expect([e.grammar, e.rule, e.offset, e.input]).toEqual([v.error.grammar, v.error.rule, v.error.offset, v.input]);
      expect(e instanceof UriSchemeError ? e.code : undefined).toBe(v.error.code);
      expect(() => parse(v.input, options)).toThrow(e.message);
      const r = tryParse(v.input, options);
      expect(r.ok ? undefined : r.error.offset).toBe(v.error.offset);
    } else {
      expect(c.error).toBeUndefined();
      expect(c.grammar).toBe(grammar === 'rfc8089' && v.options?.fileAppendixE ? 'rfc8089-nonstandard' : grammar);
      expect(parse(v.input, options).schemeComponents).toEqual(c.components);
    }
    expect(c.problems.map((p) => p.code)).toEqual(v.problems ?? []);
    for (const p of c.problems) expect(p.section).toMatch(/^RFC \d+ /);
    if (v.fix !== undefined) expect(c.problems[0].fix).toEqual(v.fix);
    if (v.components !== undefined) expectSubset(c.components, v.components, 'components');
  });

  it('agrees with the ABNF oracle on what the scheme grammar alone says (its verdict and first invalid offset)', () => {
    let judged = 0;
    for (const v of vectors) {
      const generic = v.error?.grammar === 'rfc3986';
      const c = checkScheme(v.input, v.options);
      if (generic || c.grammar === undefined || c.rule === undefined) continue;
      const fragment = v.input.indexOf('#');
      const text = SCHEME_GRAMMARS[c.scheme as string]?.withFragment || fragment < 0 ? v.input : v.input.slice(0, fragment);
      const accepted = v.error === undefined || v.error.code !== undefined;
      const o = oracle(c.grammar);
      expect([v.input, o.accepts(c.rule, text)]).toEqual([v.input, accepted]);
      if (!accepted) expect([v.input, o.firstInvalidOffset(c.rule, text)]).toEqual([v.input, v.error?.offset]);
      judged++;
    }
    expect(judged).toBeGreaterThan(10);
  });
});

describe('the PEG deviations of the scheme grammars (test/vectors/schemes/peg-deviations.json)', () => {
  const { vectors } = JSON.parse(fs.readFileSync(path.join(dir, 'peg-deviations.json'), 'utf8')) as { vectors: Array<{ grammar: string; deviation: string; rule: string; input: string; valid: boolean; offset?: number }> };

  it.each(vectors.map((v) => [`${v.grammar} PEG: ${v.deviation}: ${v.rule} ${JSON.stringify(v.input)}`, v] as const))('%s', (_name, v) => {
    const options = { grammar: v.grammar as 'rfc3986' };
    const reference = (GRAMMAR_REGISTRY.find((e) => e.name === v.grammar)?.rules ?? []).includes(v.rule);
    expect(matches(v.rule as 'URI', v.input, options)).toBe(v.valid);
    expect(oracle(v.grammar).accepts(v.rule, v.input)).toBe(v.valid);
    if (reference) {
      const e = check(v.input, { ...options, rule: v.rule as 'URI' });
      expect(e?.offset).toBe(v.offset);
    }
    if (!v.valid) expect(oracle(v.grammar).firstInvalidOffset(v.rule, v.input)).toBe(v.offset);
  });

  it('every PEG: comment of grammar/schemes/*.peggy has a vector', () => {
    for (const e of GRAMMAR_REGISTRY.filter((x) => x.dir === 'schemes')) {
      const text = fs.readFileSync(path.join(root, grammarFileOf(root, e.name, 'peggy')), 'utf8');
      for (const m of text.matchAll(/^\/\/ PEG: \[([a-z0-9-]+)\]/gm)) {
        expect([e.name, m[1], vectors.some((v) => v.grammar === e.name && v.deviation === m[1])]).toEqual([e.name, m[1], true]);
      }
    }
  });
});

describe('equivalence by scheme (test/vectors/schemes/equivalence.json)', () => {
  const { pairs, normalize: normalized } = JSON.parse(fs.readFileSync(path.join(dir, 'equivalence.json'), 'utf8')) as {
    pairs: Array<{ section: string; a: string; b: string; equivalent: boolean; why: string; syntax?: boolean }>;
    normalize: Array<{ section: string; input: string; scheme: string; syntax: string; why: string }>;
  };

  it.each(pairs.map((p) => [`${p.section}: ${p.a} ${p.equivalent ? '=' : '≠'} ${p.b}: ${p.why}`, p] as const))('%s', (_name, p) => {
    expect(equivalent(p.a, p.b)).toBe(p.equivalent);
    expect(equivalent(p.b, p.a)).toBe(p.equivalent);
    expect(compare(p.a, p.b).equivalent).toBe(p.equivalent);
    // The syntax level is RFC 3986 6.2.2, whatever the scheme: there two URNs that RFC 8141 keeps apart may meet.
    if (p.syntax) expect(equivalent(p.a, p.b, { level: 'syntax' })).toBe(true);
  });

  it.each(normalized.map((n) => [`${n.section}: ${n.input}: ${n.why}`, n] as const))('normalize %s', (_name, n) => {
    expect(normalize(n.input)).toBe(n.scheme);
    expect(normalize(n.input, { level: 'scheme' })).toBe(n.scheme);
    expect(normalize(n.input, { level: 'syntax' })).toBe(n.syntax);
    // Idempotent, and the result is the same URI by its scheme.
    expect(normalize(n.scheme)).toBe(n.scheme);
    expect(equivalent(n.input, n.scheme)).toBe(true);
  });
});

describe('the scheme grammars are the registry\'s', () => {
  it('every scheme of grammar/registry.json is checked by its grammar\'s rule', () => {
    const expected: Record<string, string> = {};
    for (const e of GRAMMAR_REGISTRY) for (const [scheme, s] of Object.entries(e.schemes ?? {})) expected[scheme] = `${e.name} ${s.rule}`;
    expect(Object.fromEntries(Object.entries(SCHEME_GRAMMARS).map(([k, v]) => [k, `${v.grammar} ${v.rule}`]))).toEqual(expected);
    // Read from the registry, not listed here: a grammar added by docs/adding-a-grammar.md adds its own schemes.
    expect(Object.keys(expected).length).toBeGreaterThan(0);
  });

  it('schemeGrammarModules(), which urigram/formats gives to useSchemes, are the grammars that name schemes, in both builds', () => {
    const named = GRAMMAR_REGISTRY.filter((e) => e.schemes !== undefined).map((e) => e.name);
    expect(named.length).toBeGreaterThan(0);
    expect(schemeGrammarModules().map((m) => m.grammar)).toEqual(named);
    // The ES module build's (generated/scheme-grammars.mjs): an import of each grammar's modules, in the registry's order.
    const esm = fs.readFileSync(path.join(__dirname, '..', 'generated', 'scheme-grammars.mjs'), 'utf8');
    const list = /^export const SCHEME_GRAMMAR_MODULES = \[([^\]]*)\];$/m.exec(esm)![1].split(',').map((n) => n.trim());
    expect(list.map((n) => new RegExp(`^import ${n} from '\\./(.*)\\.grammar\\.js';$`, 'm').exec(esm)?.[1])).toEqual(named);
  });

  it('a relative reference and a scheme without a grammar are RFC 3986\'s alone', () => {
    for (const u of ['a/b', '//h/p', 'foo:bar', 'ftp://h/']) {
      const c = checkScheme(u);
      expect([u, c.valid, c.grammar, c.components, c.problems]).toEqual([u, true, undefined, undefined, []]);
      expect(isValid(u, { scheme: true })).toBe(true);
    }
  });

  it('the scheme is matched case-insensitively (RFC 3986 3.1)', () => {
    expect(checkScheme('URN:Example:x').grammar).toBe('rfc8141');
    expect(checkScheme('HtTpS://h/').grammar).toBe('rfc9110');
  });

  it('refuses the option scheme with another grammar, and options it does not know', () => {
    expect(() => isValid('a:b', { grammar: 'rfc3987', scheme: true })).toThrow(/option scheme .* takes the grammar 'rfc3986'/);
    expect(() => isValid('a:b', { scheme: { fileAppendix: true } as never })).toThrow(/unknown scheme option "fileAppendix"/);
    expect(() => isValid('a:b', { scheme: 'yes' as never })).toThrow(/option scheme must be true, false or an object/);
    expect(() => checkScheme('a:b', { scheme: true } as never)).toThrow(/checkScheme: unknown option "scheme"/);
    expect(() => checkScheme(42 as never)).toThrow(TypeError);
    expect(isValid('urn:isbn:', { scheme: false })).toBe(true);
  });

  it('a UriSchemeError says where, what and which section; its JSON has its code and section', () => {
    const e = checkScheme('http:///x').error as UriSchemeError;
    expect(e.name).toBe('UriSchemeError');
    expect(e.message).toBe('invalid http-URI at offset 7: an http URI with an empty host: a recipient MUST reject it as invalid (RFC 9110 4.2.1)');
    expect(e.rulePath).toEqual(['http-URI', 'authority', 'host']);
    expect(e.toJSON()).toMatchObject({ code: 'http-empty-host', section: 'RFC 9110 4.2.1', offset: 7, rule: 'http-URI', grammar: 'rfc9110' });
    expect(e.format()).toContain('rule path: http-URI > authority > host');
  });

  it('a run of one character a mailto address must encode is one problem, its fix the run encoded (one cause, one finding)', () => {
    const c = checkScheme('mailto:a/b//c&&=@x.example');
    expect(c.problems.map((p) => [p.code, p.start, p.end, p.fix?.replacement])).toEqual([
      ['mailto-unencoded', 8, 9, '%2F'],
      ['mailto-unencoded', 10, 12, '%2F%2F'],
      ['mailto-unencoded', 13, 15, '%26%26'],
      ['mailto-unencoded', 15, 16, '%3D'],
    ]);
    expect((c.error as UriSchemeError).offset).toBe(8);
    // A run of thousands of "/" is one finding; "/" apart are one each.
    expect(checkScheme(`mailto:a${'/'.repeat(5000)}@x.example`).problems).toHaveLength(1);
    expect(checkScheme(`mailto:${'a/'.repeat(50)}@x.example`).problems).toHaveLength(50);
  });

  it('the error of a scheme rule matched up to "#" is an error of the whole input', () => {
    const e = checkScheme('mailto:a@#f').error as UriSyntaxError;
    expect([e.offset, e.found, e.input, e.rule]).toEqual([9, '#', 'mailto:a@#f', 'mailtoURI']);
  });
});
