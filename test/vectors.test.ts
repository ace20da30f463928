/**
 * One table-driven test over every file in test/vectors/. A vector names the
 * rule its input must (or must not) match:
 *
 * - URI-reference, URI, absolute-URI or relative-ref: checked with tryParse,
 *   then against `components` (null means absent), `spans`, and for an invalid
 *   input `offset`, `found`, `expected` and `rulePath`, when the vector gives them;
 * - any other rule: checked with matches().
 *
 * Every vector is also checked with matches() and isValid(), which must agree.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isValid, matches, tryParse, RFC3986_RULES, URI_RULES, type Rfc3986RuleName, type UriRuleName } from '../src';

interface Vector {
  input: string;
  rule: string;
  valid: boolean;
  why: string;
  deviation?: string;
  components?: Record<string, string | null>;
  spans?: Record<string, [number, number]>;
  offset?: number;
  found?: string | null;
  expected?: string[];
  rulePath?: string[];
}

const dir = path.join(__dirname, 'vectors');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));

function load(file: string): Vector[] {
  return (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { vectors: Vector[] }).vectors;
}

const isUriRule = (rule: string): rule is UriRuleName => (URI_RULES as readonly string[]).includes(rule);

describe.each(files)('%s', (file) => {
  const vectors = load(file);

  it('is well-formed', () => {
    expect(vectors.length).toBeGreaterThan(0);
    for (const v of vectors) {
      expect(typeof v.input).toBe('string');
      expect(RFC3986_RULES).toContain(v.rule);
      expect(typeof v.valid).toBe('boolean');
      expect(v.why.length).toBeGreaterThan(0);
    }
  });

  it.each(vectors.map((v) => [`${v.deviation ? `PEG: ${v.deviation}: ` : ''}${v.rule} ${JSON.stringify(v.input)}: ${v.why}`, v] as const))(
    '%s',
    (_name, v) => {
      expect(matches(v.rule as Rfc3986RuleName, v.input)).toBe(v.valid);
      if (!isUriRule(v.rule)) return;
      expect(isValid(v.input, { rule: v.rule })).toBe(v.valid);
      const result = tryParse(v.input, { rule: v.rule });
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
        if (v.found !== undefined) expect(error.found).toBe(v.found);
        if (v.expected !== undefined) expect(error.expected).toEqual(v.expected);
        if (v.rulePath !== undefined) expect(error.rulePath).toEqual(v.rulePath);
      }
    },
  );
});

describe('coverage of the vectors', () => {
  const all = files.flatMap(load);

  it.each(RFC3986_RULES.map((r) => [r]))('rule %s has an accepted and a rejected vector', (rule) => {
    const forRule = all.filter((v) => v.rule === rule);
    expect(forRule.some((v) => v.valid)).toBe(true);
    expect(forRule.some((v) => !v.valid)).toBe(true);
  });

  it('pins offset, expected and rulePath for at least 15 distinct failures', () => {
    const pinned = all.filter((v) => !v.valid && v.offset !== undefined && v.expected && v.rulePath);
    expect(new Set(pinned.map((v) => `${v.rule} ${v.input}`)).size).toBeGreaterThanOrEqual(15);
  });

  it('has a named vector for every PEG: comment of the grammar, and no vector for a deviation the grammar lacks', () => {
    const grammar = fs.readFileSync(path.join(__dirname, '..', 'grammar', 'rfc3986.peggy'), 'utf8');
    const inGrammar = [...grammar.matchAll(/^\/\/ PEG: \[([a-z0-9-]+)\]/gm)].map((m) => m[1]).sort();
    const pegComments = grammar.match(/^\/\/ PEG:/gm) ?? [];
    expect(inGrammar.length).toBe(pegComments.length);
    const inVectors = [...new Set(all.filter((v) => v.deviation).map((v) => v.deviation as string))].sort();
    expect(inVectors).toEqual(inGrammar);
  });
});
