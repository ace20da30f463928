/**
 * One table-driven test over every file in test/vectors/. A vector names the
 * grammar (the file's `grammar`, or the vector's own, rfc3986 by default) and
 * the rule its input must (or must not) match:
 *
 * - a reference rule of the grammar (URI-reference, URI, absolute-URI,
 *   relative-ref; IRI-reference, IRI, absolute-IRI, irelative-ref; RFC 2396's
 *   URI-reference, absoluteURI, relativeURI): checked with tryParse, then
 *   against `components` (null means absent), `spans`, and for an invalid
 *   input `offset`, `codePointOffset`, `found`, `expected` and `rulePath`, when
 *   the vector gives them;
 * - any other rule: checked with matches().
 *
 * Every vector is also checked with matches() and isValid(), which must agree.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isValid, matches, tryParse, rulesOf, REFERENCE_RULES, type GrammarName, type ReferenceRuleName, type RuleName } from '../src';
import { loadVectors as load, VECTOR_FILES as files, type Vector } from './support/vectors';

const isReferenceRule = (v: Vector): boolean => (REFERENCE_RULES[v.grammar] as readonly string[]).includes(v.rule);
const GRAMMAR_NAMES: readonly GrammarName[] = ['rfc3986', 'rfc3987', 'rfc2396'];

describe.each(files)('%s', (file) => {
  const vectors = load(file);

  it('is well-formed', () => {
    expect(vectors.length).toBeGreaterThan(0);
    for (const v of vectors) {
      expect(typeof v.input).toBe('string');
      expect(GRAMMAR_NAMES).toContain(v.grammar);
      expect(rulesOf(v.grammar)).toContain(v.rule);
      expect(typeof v.valid).toBe('boolean');
      expect(v.why.length).toBeGreaterThan(0);
    }
  });

  it.each(vectors.map((v) => [`${v.grammar === 'rfc3986' ? '' : `${v.grammar} `}${v.deviation ? `PEG: ${v.deviation}: ` : ''}${v.rule} ${JSON.stringify(v.input)}: ${v.why}`, v] as const))(
    '%s',
    (_name, v) => {
      expect(matches(v.rule as RuleName, v.input, { grammar: v.grammar })).toBe(v.valid);
      if (!isReferenceRule(v)) return;
      const options = { grammar: v.grammar, rule: v.rule as ReferenceRuleName };
      expect(isValid(v.input, options)).toBe(v.valid);
      const result = tryParse(v.input, options);
      expect(result.ok).toBe(v.valid);
      if (result.ok) {
        const record = result.value as unknown as Record<string, unknown>;
        for (const [name, value] of Object.entries(v.components ?? {})) {
          expect([name, record[name]]).toEqual([name, value === null ? undefined : value]);
        }
        for (const [name, span] of Object.entries(v.spans ?? {})) {
          expect([name, result.value.spans[name as keyof typeof result.value.spans]]).toEqual([name, span]);
        }
      } else {
        const error = result.error;
        if (v.offset !== undefined) expect(error.offset).toBe(v.offset);
        if (v.codePointOffset !== undefined) expect(error.codePointOffset).toBe(v.codePointOffset);
        if (v.found !== undefined) expect(error.found).toBe(v.found);
        if (v.expected !== undefined) expect(error.expected).toEqual(v.expected);
        if (v.rulePath !== undefined) expect(error.rulePath).toEqual(v.rulePath);
      }
    },
  );
});

describe('coverage of the vectors', () => {
  const all = files.flatMap(load);
  /** The rules each grammar must have vectors for: all of them, but for RFC 3987 the rules it takes from rfc3986.peggy unchanged. */
  const included = new Set(rulesOf('rfc3986'));
  const covered: Array<[GrammarName, string]> = GRAMMAR_NAMES.flatMap((g) =>
    rulesOf(g)
      .filter((r) => g !== 'rfc3987' || !included.has(r))
      .map((r): [GrammarName, string] => [g, r]),
  );

  it.each(covered)('%s rule %s has an accepted and a rejected vector', (grammar, rule) => {
    const forRule = all.filter((v) => v.grammar === grammar && v.rule === rule);
    expect(forRule.some((v) => v.valid)).toBe(true);
    expect(forRule.some((v) => !v.valid)).toBe(true);
  });

  it.each(GRAMMAR_NAMES.map((g) => [g, g === 'rfc3986' ? 15 : 5] as const))('pins offset, expected and rulePath for distinct %s failures (at least %d)', (grammar, least) => {
    const pinned = all.filter((v) => v.grammar === grammar && !v.valid && v.offset !== undefined && v.expected && v.rulePath);
    expect(new Set(pinned.map((v) => `${v.rule} ${v.input}`)).size).toBeGreaterThanOrEqual(least);
  });

  it.each(GRAMMAR_NAMES.map((g) => [g]))('has a named vector for every PEG: comment of grammar/%s.peggy, and no vector for a deviation it lacks', (grammar) => {
    const text = fs.readFileSync(path.join(__dirname, '..', 'grammar', `${grammar}.peggy`), 'utf8');
    const inGrammar = [...new Set([...text.matchAll(/^\/\/ PEG: \[([a-z0-9-]+)\]/gm)].map((m) => m[1]))].sort();
    // Every PEG: comment names its deviation: an unnamed one would have no vectors to check it.
    const unnamed = text.split('\n').filter((line) => line.startsWith('// PEG:') && !/^\/\/ PEG: \[[a-z0-9-]+\]/.test(line));
    expect(unnamed).toEqual([]);
    expect(inGrammar.length).toBeGreaterThan(0);
    const inVectors = [...new Set(all.filter((v) => v.grammar === grammar && v.deviation).map((v) => v.deviation as string))].sort();
    expect(inVectors).toEqual(inGrammar);
  });
});
