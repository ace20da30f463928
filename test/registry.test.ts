/**
 * A grammar is one entry: grammar/registry.json is the one list of grammars,
 * and adding one is its .abnf, its .peggy, its peggy options and a registry
 * line (docs/adding-a-grammar.md). Here: the lists the library reads from the
 * registry, and the registry's own checks. The guide followed step by step in
 * a copy of the repository with the fixture grammar of test/fixtures/grammar/
 * is test/registry-guide.long.ts (npm run test:long, CI); the tests that list
 * grammars, run in such a copy, are test/registry-suites.long.ts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GRAMMAR_REGISTRY, GRAMMARS, REFERENCE_RULES, GRAMMAR_TITLES } from '../src';
import { readRegistry } from '../scripts/registry';
import { CONFORMANCE_GRAMMARS, GENERATED_GRAMMARS, GENERATED_GRAMMAR_TITLES, PARSED_GRAMMARS, grammarEntry } from '../src/core/grammars';

const root = path.join(__dirname, '..');

describe('grammar/registry.json is the list the library reads', () => {
  it('GRAMMARS, REFERENCE_RULES and GRAMMAR_TITLES are its lines that the option grammar selects', () => {
    const lines = JSON.parse(fs.readFileSync(path.join(root, 'grammar', 'registry.json'), 'utf8')).grammars as Array<{ name: string; select: string; rules: string[]; title: string }>;
    const selectable = lines.filter((l) => l.select === 'grammar');
    expect(GRAMMARS).toEqual(selectable.map((l) => l.name));
    for (const l of selectable) {
      expect(REFERENCE_RULES[l.name as 'rfc3986']).toEqual(l.rules);
      expect(GRAMMAR_TITLES[l.name as 'rfc3986']).toBe(l.title);
    }
    expect(GRAMMAR_REGISTRY.map((e) => e.name)).toEqual(lines.map((l) => l.name));
    // In the registry's order, keys too (src/core/grammars.ts reads the registry in one loop at load).
    expect(Object.keys(REFERENCE_RULES)).toEqual(GRAMMARS);
    expect(Object.keys(GRAMMAR_TITLES)).toEqual(GRAMMARS);
  });

  it('the internal lists are the registry lines that say so, in its order: every grammar, those parse() takes, those of the conformance suite', () => {
    const lines = JSON.parse(fs.readFileSync(path.join(root, 'grammar', 'registry.json'), 'utf8')).grammars as Array<{ name: string; select: string; title: string; records: string; conformance?: boolean }>;
    const selectable = lines.filter((l) => l.select === 'grammar');
    expect(GENERATED_GRAMMARS).toEqual(lines.map((l) => l.name));
    expect(Object.entries(GENERATED_GRAMMAR_TITLES)).toEqual(lines.map((l) => [l.name, l.title]));
    expect(PARSED_GRAMMARS).toEqual(selectable.filter((l) => l.records !== 'none').map((l) => l.name));
    expect(CONFORMANCE_GRAMMARS).toEqual(selectable.filter((l) => l.conformance === true).map((l) => l.name));
    expect(PARSED_GRAMMARS.length).toBeGreaterThan(1);
    expect(CONFORMANCE_GRAMMARS.length).toBeGreaterThan(1);
    expect(GRAMMAR_REGISTRY.map((e) => grammarEntry(e.name))).toEqual(GRAMMAR_REGISTRY);
  });

  it('refuses a line that is wrong, naming the line and the field', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-registry-'));
    try {
      fs.mkdirSync(path.join(work, 'grammar'));
      const write = (grammars: unknown[]) => fs.writeFileSync(path.join(work, 'grammar', 'registry.json'), JSON.stringify({ grammars }));
      const good = { name: 'rfc3986', texts: ['rfc3986.txt'], title: 'T', section: 'S', select: 'grammar', rules: ['URI-reference'], records: 'delimiters' };
      write([good]);
      expect(readRegistry(work).map((e) => e.name)).toEqual(['rfc3986']);
      write([good, { ...good, name: 'x', records: 'maybe' }]);
      expect(() => readRegistry(work)).toThrow('grammar/registry.json, grammars[1]: "records" must be "delimiters", "recognizer" or "none"');
      write([good, { ...good, name: 'x', colour: 'red' }]);
      expect(() => readRegistry(work)).toThrow('grammars[1]: unknown field "colour"');
      write([good, good]);
      expect(() => readRegistry(work)).toThrow('rfc3986 is registered twice');
      write([good, { ...good, name: 'z', select: 'zoneId', variantOf: 'nothing' }]);
      expect(() => readRegistry(work)).toThrow('z is a variant of nothing');
      // A folder of grammar/, and the schemes a grammar checks (a scheme grammar has no URI record of its own).
      const scheme = { ...good, name: 's', dir: 'schemes', rules: ['sURI'], records: 'none', schemes: { s: { rule: 'sURI' } } };
      write([good, scheme]);
      expect(readRegistry(work)[1]).toMatchObject({ dir: 'schemes', schemes: { s: { rule: 'sURI' } } });
      write([good, { ...scheme, dir: '../x' }]);
      expect(() => readRegistry(work)).toThrow('grammars[1]: "dir" must be the name of a folder under grammar/');
      write([good, { ...scheme, schemes: { s: { rule: 'other' } } }]);
      expect(() => readRegistry(work)).toThrow('"schemes"."s".rule must be one of the grammar\'s "rules"');
      write([good, { ...scheme, schemes: { S: { rule: 'sURI' } } }]);
      expect(() => readRegistry(work)).toThrow('"S" is not a scheme in lower case');
      write([good, { ...scheme, records: 'delimiters' }]);
      expect(() => readRegistry(work)).toThrow('"schemes" goes with "select": "grammar" and "records": "none"');
      write([good, scheme, { ...scheme, name: 't' }]);
      expect(() => readRegistry(work)).toThrow('the scheme s has two grammars, s and t');
      // A scheme's format of urigram/formats: a name in lower case, none of JSON Schema's, one scheme each.
      write([good, { ...scheme, schemes: { s: { rule: 'sURI', format: 's-uri' } } }]);
      expect(readRegistry(work)[1].schemes).toEqual({ s: { rule: 'sURI', format: 's-uri' } });
      write([good, { ...scheme, schemes: { s: { rule: 'sURI', format: 'S URI' } } }]);
      expect(() => readRegistry(work)).toThrow('"schemes"."s".format must be a format name in lower case');
      write([good, { ...scheme, schemes: { s: { rule: 'sURI', format: 'uri-reference' } } }]);
      expect(() => readRegistry(work)).toThrow('"schemes"."s".format "uri-reference" is one of JSON Schema\'s own formats');
      write([good, { ...scheme, schemes: { s: { rule: 'sURI', format: 'f' }, t: { rule: 'sURI', format: 'f' } } }]);
      expect(() => readRegistry(work)).toThrow('the format f names two schemes, s and t');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
