/**
 * The grammar check (scripts/grammar-check/, npm run check:grammar): the
 * oracle's own correctness, the check passing on our grammar with a fixed
 * seed, and the check failing on grammars broken the ways ABNF-to-PEG
 * transcriptions break.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseAbnf, readAbnf } from '../scripts/grammar-check/abnf';
import { checkGrammar, checkRuleSets, shrink, type CheckReport, type PegParser } from '../scripts/grammar-check/check';
import { Generator, nearMiss, Random } from '../scripts/grammar-check/generate';
import { Oracle } from '../scripts/grammar-check/oracle';
import { grammarNames, loadConfig, REPO_ROOT } from '../scripts/grammar-check/config';
import { pegRuleNames } from '../scripts/grammar-check/peggy';
import { allVectors } from './support/vectors';
import { peggyOracle } from './support/peggy-oracle';

import * as peggy from 'peggy';

const root = path.join(__dirname, '..');
const abnf = readAbnf(path.join(root, 'grammar', 'rfc3986.abnf'));
const peggySource = fs.readFileSync(path.join(root, 'grammar', 'rfc3986.peggy'), 'utf8');
const config = loadConfig('rfc3986');
const oracle = new Oracle(abnf);
const SEED = 20261202;
/** Per rule, for the checks on a few rules (the broken grammars). */
const COUNT = 200;
/** Per rule, for the check on all 39 rules: npm run check:grammar and fuzz:grammar go much further. */
const FULL_COUNT = 80;

describe('the oracle', () => {
  // Hand-derived vectors (test/vectors/*.json) judged by the oracle alone: a
  // broken oracle cannot agree with all of them.
  const vectors = allVectors();
  const oracles = new Map(['rfc3986', 'rfc3987', 'rfc2396'].map((g) => [g, g === 'rfc3986' ? oracle : new Oracle(readAbnf(path.join(root, 'grammar', `${g}.abnf`)))]));

  it.each(vectors.map((v) => [v.grammar, v.rule, JSON.stringify(v.input), v.valid, v.input] as const))('%s %s %s: %p', (grammar, rule, _shown, valid, input) => {
    expect((oracles.get(grammar) as Oracle).accepts(rule, input)).toBe(valid);
  });

  const tiny = parseAbnf(
    [
      'greedy = *"a" "a"',
      'bounded = 2*3"x"',
      'either = "ab" / "a"',
      'then = either "b"',
      'ci = "Ab"',
      'cs = %x41 %s"b"',
      'range = %x30-32',
      'opt = ["-"] "1"',
      'empty = 0<x>',
      'nested = *( *"a" "b" )',
      '',
    ].join('\r\n'),
    'tiny.abnf',
  );
  const t = new Oracle(tiny);

  it.each([
    ['greedy', 'aaa', true, 'a repetition gives back what the rest needs'],
    ['greedy', '', false, 'the trailing "a" is required'],
    ['bounded', 'x', false, 'below the minimum'],
    ['bounded', 'xx', true, 'the minimum'],
    ['bounded', 'xxx', true, 'the maximum'],
    ['bounded', 'xxxx', false, 'past the maximum'],
    ['then', 'ab', true, 'alternation is a union: "a" then "b"'],
    ['then', 'abb', true, '"ab" then "b"'],
    ['ci', 'aB', true, 'quoted strings are case-insensitive'],
    ['cs', 'Ab', true, '%x and %s are case-sensitive'],
    ['cs', 'aB', false, '%x and %s are case-sensitive'],
    ['range', '2', true, 'end of a range'],
    ['range', '3', false, 'past a range'],
    ['opt', '1', true, 'optional absent'],
    ['opt', '-1', true, 'optional present'],
    ['empty', '', true, '0<x> matches only the empty string'],
    ['empty', 'x', false, '0<x> matches only the empty string'],
    ['nested', 'aabbab', true, 'nested repetitions'],
    ['nested', 'aaba', false, 'nested repetitions must end in "b"'],
  ])('%s on %p is %p: %s', (rule, input, expected) => {
    expect(t.accepts(rule, input)).toBe(expected);
  });

  it('refuses a rule the ABNF does not have', () => {
    expect(() => t.accepts('nope', '')).toThrow(/no rule nope/);
  });

  it('stays fast on a long input with nested repetitions (memoized per rule and offset)', () => {
    expect(oracle.accepts('URI-reference', `s://h/${'a/'.repeat(2000)}?${'q'.repeat(2000)}`)).toBe(true);
  });
});

describe('the generator', () => {
  it('is seeded: the same seed gives the same strings', () => {
    const a = new Generator(abnf, new Random(5), config);
    const b = new Generator(abnf, new Random(5), config);
    const strings = (g: Generator) => Array.from({ length: 20 }, () => g.generate('URI-reference'));
    expect(strings(a)).toEqual(strings(b));
  });

  it('produces only strings of the rule, and takes all nine IPv6address forms', () => {
    const g = new Generator(abnf, new Random(SEED), config);
    for (let i = 0; i < 300; i++) expect(oracle.accepts('IPv6address', g.generate('IPv6address'))).toBe(true);
    const forms = [...g.coverage.entries()].find(([node]) => node === abnf.rules.get('IPv6address'))?.[1];
    expect(forms).toHaveLength(9);
    expect(forms?.every((n) => n > 0)).toBe(true);
  });

  it('reaches every dec-octet boundary', () => {
    const g = new Generator(abnf, new Random(SEED), config);
    const seen = new Set(Array.from({ length: 2000 }, () => g.generate('dec-octet')));
    for (const edge of ['0', '9', '10', '99', '100', '199', '200', '249', '250', '255']) expect(seen).toContain(edge);
  });

  it('produces IPv4-like reg-names through its substitutes', () => {
    const g = new Generator(abnf, new Random(SEED), config);
    const names = Array.from({ length: 500 }, () => g.generate('reg-name'));
    expect(names.some((n) => /^\d+\.\d+\.\d+\.\d+[^.\d]/.test(n))).toBe(true);
    expect(names.some((n) => oracle.accepts('IPv4address', n))).toBe(true);
  });

  it('near misses are one edit away', () => {
    const r = new Random(1);
    for (let i = 0; i < 200; i++) {
      const miss = nearMiss('http://h/p', r);
      expect(Math.abs(miss.length - 'http://h/p'.length)).toBeLessThanOrEqual(5);
      expect(miss).not.toBe('');
    }
  });
});

describe('rule sets', () => {
  it('our grammar has exactly the ABNF rules', () => {
    const { errors, notes } = checkRuleSets(abnf, pegRuleNames(peggySource), config);
    expect(errors).toEqual([]);
    expect(notes).toEqual(['ABNF rules no other rule refers to: URI-reference, absolute-URI, path, reserved']);
  });

  it('reports a missing PEG rule, an unlisted PEG rule, a stale helper and an undefined ABNF reference', () => {
    const rules = pegRuleNames(peggySource).filter((r) => r !== 'ls32').concat('extra');
    const broken = parseAbnf('a = b\r\n', 'broken.abnf');
    expect(checkRuleSets(abnf, rules, { ...config, pegHelpers: { gone: 'was needed once' } }).errors).toEqual([
      'ABNF rule ls32 has no PEG rule ls32',
      'PEG rule extra is not in the ABNF and not listed as a helper with a reason',
      'helper gone is listed but the PEG has no such rule',
    ]);
    expect(checkRuleSets(broken, ['a'], config).errors).toEqual(['ABNF refers to undefined rule b (broken.abnf:1)']);
  });

  it('accepts a PEG helper listed with its reason', () => {
    const rules = pegRuleNames(peggySource).concat('helper');
    const r = checkRuleSets(abnf, rules, { ...config, pegHelpers: { helper: 'shared lookahead' } });
    expect(r.errors).toEqual([]);
    expect(r.notes).toContain('PEG helper helper: shared lookahead');
  });
});

describe('shrink', () => {
  it('finds a smallest input that still shows the problem', () => {
    expect(shrink('xxaxxbxx', (s) => s.includes('a') && s.includes('b'))).toBe('ab');
  });

  it('then replaces each character by a simpler one that keeps the problem: a digit, a letter, one UTF-16 unit for two', () => {
    expect(shrink('x7y', (s) => /\d/.test(s))).toBe('0');
    expect(shrink('19', (s) => /^[1-9]\d$/.test(s))).toBe('10');
    expect(shrink('\u{1F600}', (s) => s.length > 0 && !/\d/.test(s))).toBe('a');
  });
});

function check(source: string, count = COUNT, rules?: string[]): CheckReport {
  const parser = peggy.generate(source, { allowedStartRules: ['*'] });
  return checkGrammar(abnf, parser, pegRuleNames(source), config, { count, seed: SEED, rules });
}

describe('the check on grammar/rfc3986.peggy', () => {
  it(`finds no disagreement in any rule (seed ${SEED}, ${FULL_COUNT} per rule) and covers every alternative`, () => {
    // peggy's parser (scripts/peggy-oracle.ts), as the PegParser the check takes.
    const parser = peggyOracle('rfc3986') as PegParser;
    const report = checkGrammar(abnf, parser, pegRuleNames(peggySource), config, { count: FULL_COUNT, seed: SEED });
    expect(report.disagreements).toEqual([]);
    expect(report.generatorErrors).toEqual([]);
    expect(report.uncovered).toEqual([]);
    expect(report.ruleSetErrors).toEqual([]);
    expect(report.summaries).toHaveLength(abnf.names.length);
    expect(report.ok).toBe(true);
  });
});

describe('the check catches broken transcriptions', () => {
  const mutate = (from: string, to: string): string => {
    expect(peggySource).toContain(from);
    return peggySource.replace(from, to);
  };

  it('dec-octet in the ABNF order (DIGIT first)', () => {
    const source = mutate(
      '  = "25" [\\x30-\\x35]       // 250-255\n  / "2" [\\x30-\\x34] DIGIT  // 200-249\n  / "1" DIGIT|2|           // 100-199\n  / [\\x31-\\x39] DIGIT      // 10-99\n  / DIGIT                  // 0-9',
      '  = DIGIT\n  / [\\x31-\\x39] DIGIT\n  / "1" DIGIT|2|\n  / "2" [\\x30-\\x34] DIGIT\n  / "25" [\\x30-\\x35]',
    );
    const report = check(source, COUNT, ['dec-octet', 'IPv4address']);
    expect(report.ok).toBe(false);
    expect(report.disagreements.map((d) => d.rule)).toEqual(expect.arrayContaining(['dec-octet', 'IPv4address']));
    expect(report.disagreements.some((d) => d.abnf && !d.peg)).toBe(true);
  });

  it('the IPv6address prefix without its lookahead', () => {
    const source = mutate('((h16 ":" !":")|..5|               h16)? ":" ":" h16', '((h16 ":")|..5|               h16)? ":" ":" h16');
    const report = check(source, COUNT, ['IPv6address']);
    expect(report.ok).toBe(false);
    expect(report.disagreements.some((d) => d.rule === 'IPv6address' && d.abnf && !d.peg)).toBe(true);
  });

  it('host without the IPv4address lookahead', () => {
    const source = mutate('IPv4address !(unreserved / sub_delims / "%")', 'IPv4address');
    const report = check(source, COUNT, ['host']);
    expect(report.ok).toBe(false);
    expect(report.disagreements.some((d) => d.rule === 'host' && d.abnf && !d.peg)).toBe(true);
  });

  it('"v" case-sensitive in IPvFuture', () => {
    const source = mutate('"v"i HEXDIG+', '"v" HEXDIG+');
    const report = check(source, COUNT, ['IPvFuture']);
    expect(report.ok).toBe(false);
    expect(report.disagreements.some((d) => d.rule === 'IPvFuture' && /^V/.test(d.input))).toBe(true);
  });

  it('"::" as one literal: the language is right but error offsets are not', () => {
    const source = peggySource.split('\n').map((line) => (line.startsWith('  /') || line.startsWith('  =') ? line.replace(/":" ":"/g, '"::"') : line)).join('\n');
    expect(source).not.toEqual(peggySource);
    const report = check(source, COUNT, ['IPv6address']);
    expect(report.ok).toBe(false);
    expect(report.disagreements.some((d) => d.offsets !== undefined && d.offsets.peg < d.offsets.abnf)).toBe(true);
    expect(report.disagreements.every((d) => d.abnf === d.peg)).toBe(true);
  });

  it('a PEG that accepts too much (a near miss the ABNF rejects)', () => {
    const source = mutate('h16\n  = HEXDIG|1..4|', 'h16\n  = HEXDIG|1..5|');
    const report = check(source, COUNT, ['h16']);
    expect(report.ok).toBe(false);
    expect(report.disagreements.some((d) => d.rule === 'h16' && !d.abnf && d.peg && d.input.length === 5)).toBe(true);
  });
});

describe('npm run check:grammar', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['-r', require.resolve('ts-node/register/transpile-only'), path.join(root, 'scripts', 'check-grammar.ts'), ...args], {
      cwd: root,
      encoding: 'utf8',
    });

  it('prints the seed and a summary line per rule, and exits 0 when the grammars agree', () => {
    const r = run('--grammar', 'rfc3986', '--rule', 'dec-octet', '--rule', 'IPv6address', '--count', '50', '--seed', '42');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('seed 42');
    expect(r.stdout).toMatch(/^ {2}dec-octet +generated +50 +near misses +50 .*disagreements 0$/m);
    expect(r.stdout).toMatch(/^rfc3986: OK: 2 rules, 100 generated, 100 near misses, 0 disagreements/m);
  });

  it('exits 2 on a usage error', () => {
    expect(run('--count', 'many').status).toBe(2);
    expect(run('--rule', 'no-such-rule', '--grammar', 'rfc3986').status).toBe(2);
  });
});

describe('the check on the other grammars: RFC 3987 and RFC 2396', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when these tests run
  const { readPeggySource } = require('../scripts/grammar-source') as typeof import('../scripts/grammar-source');
  const setup = (name: 'rfc3987' | 'rfc2396') => {
    const grammar = readAbnf(path.join(root, 'grammar', `${name}.abnf`));
    const source = readPeggySource(root, name).text;
    const settings = loadConfig(name);
    const run = (text: string, count: number, rules?: string[]) =>
      checkGrammar(grammar, peggy.generate(text, { allowedStartRules: ['*'] }), pegRuleNames(text), settings, { count, seed: SEED, rules });
    const mutate = (from: string, to: string): string => {
      expect(source).toContain(from);
      return source.replace(from, to);
    };
    return { grammar, source, run, mutate };
  };

  it.each(['rfc3987', 'rfc2396'] as const)('grammar/%s.peggy: no disagreement in any rule, every alternative covered', (name) => {
    const { grammar, source, run } = setup(name);
    const report = run(source, 30);
    expect(report.disagreements).toEqual([]);
    expect(report.generatorErrors).toEqual([]);
    expect(report.uncovered).toEqual([]);
    expect(report.ruleSetErrors).toEqual([]);
    expect(report.summaries).toHaveLength(grammar.names.length);
  });

  it('rfc3987.peggy takes the shared rules from rfc3986.peggy, by its @include line', () => {
    const { source } = setup('rfc3987');
    expect(source).toContain('// ----- the rules above named by "@include rfc3986", from grammar/rfc3986.peggy');
    const own = fs.readFileSync(path.join(root, 'grammar', 'rfc3987.peggy'), 'utf8');
    expect(pegRuleNames(own)).not.toContain('IPv6address');
    expect(pegRuleNames(source)).toContain('IPv6address');
  });

  it('catches iprivate allowed in the fragment (RFC 3987 allows it only in the query)', () => {
    const { mutate, run } = setup('rfc3987');
    const report = run(mutate('ifragment\n  = (ipchar / "/" / "?")*', 'ifragment\n  = (ipchar / iprivate / "/" / "?")*'), COUNT, ['ifragment']);
    expect(report.ok).toBe(false);
    expect(report.disagreements.some((d) => d.rule === 'ifragment' && !d.abnf && d.peg)).toBe(true);
  });

  it('catches a plane-end off by one in ucschar (U+EFFFE and U+EFFFF let in)', () => {
    const { mutate, run } = setup('rfc3987');
    const report = run(mutate('\\uDB44-\\uDB7E] [\\uDC00-\\uDFFF]', '\\uDB44-\\uDB7F] [\\uDC00-\\uDFFF]'), 400, ['ucschar']);
    expect(report.ok).toBe(false);
    expect(report.disagreements.some((d) => d.rule === 'ucschar' && !d.abnf && d.peg)).toBe(true);
  });

  it('catches the hostname labels without the last-label lookahead (RFC 2396)', () => {
    const { mutate, run } = setup('rfc2396');
    const report = run(mutate('(domainlabel "." (&alphanum / alphanum))* toplabel', '(domainlabel ".")* toplabel'), COUNT, ['hostname']);
    expect(report.ok).toBe(false);
    expect(report.disagreements.some((d) => d.rule === 'hostname' && d.abnf && !d.peg)).toBe(true);
  });

  it('catches decimal-octet in the ABNF\'s order, in the IPv4 part of an IPv6address (RFC 2396 with RFC 2732)', () => {
    const { mutate, run } = setup('rfc2396');
    const longestFirst = '"25" [\\x30-\\x35]        // 250-255\n  / "2" [\\x30-\\x34] digit   // 200-249\n  / [01] digit|2|           // 000-199\n  / digit digit?';
    // 40 strings and near misses a rule find both with this seed (IPv6address's are long: COUNT took six times the CPU).
    const report = run(mutate(longestFirst, 'digit digit? / [01] digit|2| / "2" [\\x30-\\x34] digit / "25" [\\x30-\\x35]'), 40, ['decimal-octet', 'IPv6address']);
    expect(report.ok).toBe(false);
    expect(report.disagreements.map((d) => d.rule)).toEqual(expect.arrayContaining(['decimal-octet', 'IPv6address']));
    // "192": decimal-octet takes the "19" and the "2" is left over
    expect(report.disagreements.some((d) => d.rule === 'decimal-octet' && d.abnf && !d.peg)).toBe(true);
  });
});

describe('grammar/NAME.check.json', () => {
  const withConfig = (json: unknown): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-config-'));
    fs.mkdirSync(path.join(dir, 'grammar'));
    // The registry says where each grammar's files are: x and none in grammar/ itself.
    const line = (name: string) => ({ name, texts: ['x.txt'], title: name, section: '1', select: 'grammar', rules: ['x'], records: 'none' });
    fs.writeFileSync(path.join(dir, 'grammar', 'registry.json'), JSON.stringify({ grammars: [{ ...line('rfc3986'), records: 'delimiters' }, line('x'), line('none')] }));
    fs.writeFileSync(path.join(dir, 'grammar', 'x.check.json'), JSON.stringify(json));
    return dir;
  };

  it('is read with its code points as characters, a lone surrogate included', () => {
    const c = loadConfig('x', withConfig({ '//': 'why', fuzzRules: ['URI'], nearMissCodePoints: ['U+E000', 'U+D800', 'U+1F600'] }));
    expect(c.fuzzRules).toEqual(['URI']);
    expect(c.nearMissCharacters).toEqual(['\ue000', '\ud800', '\u{1F600}']);
    expect(c.pegHelpers).toEqual({});
  });

  it('rejects a key it does not know (a misspelt setting would silently do nothing) and a code point not written U+XXXX', () => {
    expect(() => loadConfig('x', withConfig({ fuzzrules: ['URI'] }))).toThrow(/unknown key "fuzzrules"/);
    expect(() => loadConfig('x', withConfig({ nearMissCodePoints: ['e000'] }))).toThrow(/is not written U\+XXXX/);
  });

  it("is optional: a grammar without one has empty settings, and the long fuzz run takes the registry's rules of it", () => {
    expect(loadConfig('x', withConfig({}))).toEqual({ pegHelpers: {}, substitutes: {}, fuzzRules: ['x'], nearMissCharacters: [] });
    expect(loadConfig('none', withConfig({})).fuzzRules).toEqual(['x']);
    expect(loadConfig('x', withConfig({ fuzzRules: ['y'] })).fuzzRules).toEqual(['y']);
  });

  it("each grammar of the registry has settings that load, with rules for the long fuzz run (NAME.check.json's, or the registry's rules)", () => {
    // The registry's grammars, sorted (a grammar added by docs/adding-a-grammar.md among them, with no edit here).
    expect(grammarNames()).toEqual(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'grammar', 'registry.json'), 'utf8')).grammars.map((l: { name: string }) => l.name).sort());
    expect(grammarNames()).toContain('rfc3986');
    for (const g of grammarNames()) expect(loadConfig(g).fuzzRules.length).toBeGreaterThan(0);
  });
});
