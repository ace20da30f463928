/**
 * RFC 6570's grammar (URI Templates) as a grammar of the pipeline:
 * grammar/rfc6570.abnf is the RFC's text, grammar/rfc6570.peggy is proven
 * equal to it (the check of npm run check:grammar, on a small count here), the
 * syntax vectors' offsets are the ABNF's, and the generated back ends answer
 * as the grammar does. Expected values come from grammar/rfc6570.txt, read by
 * hand, and from the ABNF oracle (scripts/grammar-check/oracle.ts), never from
 * the code under test.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as peggy from 'peggy';
import { check, isValid, matches, rulesOf, tryParseTemplate } from '../src';
import { recognizerOf } from '../src/core/grammars';
import { peggyOracle } from './support/peggy-oracle';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { checkGrammar } from '../scripts/grammar-check/check';
import { loadConfig, grammarNames } from '../scripts/grammar-check/config';
import { Oracle } from '../scripts/grammar-check/oracle';
import { pegRuleNames } from '../scripts/grammar-check/peggy';
import { checkSources, ruleTexts, withoutPageBreaks } from '../scripts/grammar-check/verbatim';
import { expandIncludes, readPeggySource } from '../scripts/grammar-source';
import { templateSyntaxVectors } from './support/vectors';

const root = path.join(__dirname, '..');
const grammarFile = (f: string): string => fs.readFileSync(path.join(root, 'grammar', f), 'utf8');
const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();
const withoutComments = (s: string): string => collapse(s.replace(/"[^"]*"|;[^\n]*/g, (t) => (t.startsWith('"') ? t : '')));

describe('grammar/rfc6570.abnf: RFC 6570 2, and the rules 1.5 imports', () => {
  const ours = new Map(ruleTexts(grammarFile('rfc6570.abnf')).map((r) => [r.name, collapse(r.text)]));
  const rfc = withoutPageBreaks(grammarFile('rfc6570.txt'));
  const section = (from: string, to: string): string => rfc.slice(rfc.indexOf(`\n${from}`), rfc.indexOf(`\n${to}`));

  it('has every rule of section 2, as the RFC writes it, and no other of its own', () => {
    // Not the examples' assignments ("var=", "var   := "value"", which ruleTexts also reads as RFC 2397's BNF rules).
    const section2 = ruleTexts(section('2.  Syntax', '3.  Expansion')).filter((r) => (!/^[a-z]+=/.test(r.text.trim()) && !/^\S+\s*:=/.test(r.text.trim())) || r.name === 'URI-Template');
    const names = section2.map((r) => r.name);
    expect(names).toEqual(['URI-Template', 'literals', 'expression', 'operator', 'op-level2', 'op-level3', 'op-reserve', 'variable-list', 'varspec', 'varname', 'varchar', 'modifier-level4', 'prefix', 'max-length', 'explode']);
    for (const r of section2) expect([r.name, ours.get(r.name)]).toEqual([r.name, collapse(r.text)]);
  });

  it('imports the rules that 1.5 quotes, each equal (comments aside) to its own RFC\'s rule', () => {
    const imported = ruleTexts(section('1.5.  Notational Conventions', '1.6.  Character Encoding')).map((r) => r.name);
    expect(imported).toEqual(['ALPHA', 'DIGIT', 'HEXDIG', 'pct-encoded', 'unreserved', 'reserved', 'gen-delims', 'sub-delims', 'ucschar', 'iprivate']);
    const origin = (file: string) => new Map(ruleTexts(withoutPageBreaks(grammarFile(file))).map((r) => [r.name, withoutComments(r.text)]));
    const rfc3986 = origin('rfc3986.txt');
    const rfc3987 = origin('rfc3987.txt');
    const rfc5234 = origin('rfc5234.txt');
    for (const name of imported) {
      const from = ['ALPHA', 'DIGIT', 'HEXDIG'].includes(name) ? rfc5234 : ['ucschar', 'iprivate'].includes(name) ? rfc3987 : rfc3986;
      expect([name, withoutComments(ours.get(name) as string)]).toEqual([name, from.get(name)]);
    }
    expect([...ours.keys()].sort()).toEqual([...imported, 'URI-Template', 'literals', 'expression', 'operator', 'op-level2', 'op-level3', 'op-reserve', 'variable-list', 'varspec', 'varname', 'varchar', 'modifier-level4', 'prefix', 'max-length', 'explode'].sort());
  });

  it('passes the drift check against its RFC texts, and the check catches a changed rule', () => {
    expect(checkSources(root, 'rfc6570')).toEqual([]);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-template-'));
    try {
      fs.mkdirSync(path.join(tmp, 'grammar'));
      for (const f of ['registry.json', 'rfc6570.txt', 'rfc3986.txt', 'rfc3987.txt', 'rfc5234.txt']) fs.copyFileSync(path.join(root, 'grammar', f), path.join(tmp, 'grammar', f));
      fs.writeFileSync(path.join(tmp, 'grammar', 'rfc6570.abnf'), grammarFile('rfc6570.abnf').replace('op-level2     =  "+" / "#"', 'op-level2     =  "+" / "#" / "$"'));
      expect(checkSources(tmp, 'rfc6570')).toEqual([expect.stringMatching(/^op-level2: not verbatim from its RFC/)]);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('comes with its RFC text, under its terms, listed in NOTICE.md', () => {
    expect(grammarFile('rfc6570.txt')).toMatch(/Request for Comments: 6570[\s\S]*Copyright \(c\) 2012 IETF Trust/);
    expect(fs.readFileSync(path.join(root, 'NOTICE.md'), 'utf8')).toMatch(/RFC 6570/);
  });

  it('is one of the grammars the check and the generator find', () => {
    expect(grammarNames()).toContain('rfc6570');
    expect(fs.existsSync(path.join(root, 'generated', 'rfc6570.dfa.js'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'docs', 'grammars', 'rfc6570.html'))).toBe(true);
  });
});

describe('grammar/rfc6570.peggy against its ABNF (the check of npm run check:grammar)', () => {
  const abnf = readAbnf(path.join(root, 'grammar', 'rfc6570.abnf'));
  const source = readPeggySource(root, 'rfc6570').text;
  const settings = loadConfig('rfc6570');
  const SEED = 20261204;
  const run = (text: string, count: number, rules?: string[]) => checkGrammar(abnf, peggy.generate(text, { allowedStartRules: ['*'] }), pegRuleNames(text), settings, { count, seed: SEED, rules });

  it('no disagreement in any rule, every alternative covered', () => {
    const report = run(source, 200);
    expect(report.disagreements).toEqual([]);
    expect(report.generatorErrors).toEqual([]);
    expect(report.uncovered).toEqual([]);
    expect(report.ruleSetErrors).toEqual([]);
    expect(report.summaries).toHaveLength(abnf.names.length);
  });

  it("catches a grammar that is not the ABNF's: max-length with five digits", () => {
    const broken = source.replace('[\\x31-\\x39] DIGIT|0..3|', '[\\x31-\\x39] DIGIT|0..4|');
    expect(broken).not.toBe(source);
    const report = run(broken, 300, ['max-length', 'prefix']);
    expect(report.ok).toBe(false);
    expect(report.disagreements.some((d) => d.abnf === false && d.peg === true && /^:?[1-9]\d{4}$/.test(d.input))).toBe(true);
  });

  it('writes the rules of section 2 itself, and takes the imported ones from rfc3986.peggy and rfc3987.peggy', () => {
    const own = pegRuleNames(grammarFile('rfc6570.peggy'));
    expect(own).toEqual(['URI_Template', 'literals', 'expression', 'operator', 'op_level2', 'op_level3', 'op_reserve', 'variable_list', 'varspec', 'varname', 'varchar', 'modifier_level4', 'prefix', 'max_length', 'explode']);
    const { included } = readPeggySource(root, 'rfc6570');
    expect(Object.fromEntries(included)).toEqual({
      rfc3986: ['pct_encoded', 'unreserved', 'reserved', 'gen_delims', 'sub_delims', 'ALPHA', 'DIGIT', 'HEXDIG'],
      rfc3987: ['ucschar', 'iprivate'],
    });
  });

  it('has no PEG deviation of its own (its header says why), each rule with its ABNF line above it', () => {
    const own = grammarFile('rfc6570.peggy');
    expect(own.match(/^\/\/ PEG: /gm)).toBeNull();
    for (const rule of pegRuleNames(own)) {
      const abnfName = rule.replace(/_/g, '-');
      expect([rule, new RegExp(`^// ${abnfName.replace(/[-]/g, '\\-')} +=`, 'm').test(own)]).toEqual([rule, true]);
    }
  });

  it('includes from a file that has includes of its own, its own rules only', () => {
    expect(() => expandIncludes('// @include rfc3987: ucschar\n', root, 'test.peggy')).not.toThrow();
    // pct_encoded is in rfc3987.peggy only by its own @include of rfc3986: includes do not nest.
    expect(() => expandIncludes('// @include rfc3987: pct_encoded\n', root, 'test.peggy')).toThrow(/has no rule pct_encoded of its own \(includes do not nest/);
  });
});

describe('the syntax vectors (test/vectors/templates/syntax.json) against the ABNF', () => {
  const abnf = readAbnf(path.join(root, 'grammar', 'rfc6570.abnf'));
  const oracle = new Oracle(abnf);
  const vectors = templateSyntaxVectors();

  it('are many, valid and not, each with a reason and a source', () => {
    expect(vectors.filter((v) => v.valid).length).toBeGreaterThan(10);
    expect(vectors.filter((v) => !v.valid).length).toBeGreaterThan(50);
    for (const v of vectors) expect([v.template, v.why.length > 5, v.source.length > 5]).toEqual([v.template, true, true]);
  });

  it.each(vectors.map((v) => [v.template, v] as const))('%j: the ABNF agrees on acceptance and, where it rejects, on the offset', (_t, v) => {
    const grammarValid = v.valid || v.grammarValid === true;
    expect(oracle.accepts('URI-Template', v.template)).toBe(grammarValid);
    if (!grammarValid) expect(oracle.firstInvalidOffset('URI-Template', v.template)).toBe(v.offset);
  });

  it.each(vectors.map((v) => [v.template, v] as const))('%j: the generated back ends give the same answer (automaton, recognizer, peggy)', (_t, v) => {
    const grammarValid = v.valid || v.grammarValid === true;
    expect(matches('URI-Template', v.template, { grammar: 'rfc6570' })).toBe(grammarValid);
    expect(recognizerOf('rfc6570').recognize(v.template, 'URI_Template')).toBe(grammarValid);
    const parser = peggyOracle('rfc6570');
    expect(grammarValid ? (parser.parse(v.template, { startRule: 'URI_Template' }), true) : (() => { try { parser.parse(v.template, { startRule: 'URI_Template' }); return true; } catch { return false; } })()).toBe(grammarValid);
    expect(isValid(v.template, { grammar: 'rfc6570' })).toBe(v.valid);
  });
});

describe('a processor\'s error (issue 44 item 2): an operator 2.2 reserves, where it comes before the grammar\'s error', () => {
  const oracle = new Oracle(readAbnf(path.join(root, 'grammar', 'rfc6570.abnf')));
  // A processor's templates are the grammar's without the expressions of a reserved operator: no template it
  // expands begins "{=", so its error is at the operator whenever the grammar's comes later (or there is none).
  // [template, processor's offset, the ABNF's first invalid offset (null: it accepts), why]
  it.each([
    ['{=a-b}', 1, 3, 'the issue: "-" is no varchar, but no template begins "{=" (as for "{=ab}")'],
    ['{=ab}', 1, null, 'the grammar accepts it'],
    ['{=}', 1, 2, 'no varspec after the operator'],
    ['{=', 1, 2, 'the template ends after the operator'],
    ['{|a b}', 1, 3, '"|", a space'],
    ['{!}', 1, 2, '"!"'],
    ['{@a', 1, 3, '"@", unclosed'],
    ['{,a,}', 1, 4, '",", a varspec missing'],
    ['x{a}{=b-c}', 5, 7, 'the second expression\'s operator'],
    ['{a-b}{=c}', 2, 2, 'the grammar\'s error comes first: it stands'],
    ['{=a}{b', 1, 6, 'a reserved operator, then an unclosed expression'],
    ['{+a-b}', 3, 3, '"+" is op-level2: the grammar\'s error'],
    ['{?a-b}', 3, 3, '"?" is op-level3: the grammar\'s error'],
    ['{~a}', 1, 1, '"~" is no operator at all: the grammar\'s error'],
    ['a=b{!', 4, 5, 'a literal "=" is no operator: the "!" after "{" is'],
  ] as const)('%j is refused at %d (the ABNF: %j): %s', (template, offset, grammarOffset, _why) => {
    expect(oracle.accepts('URI-Template', template)).toBe(grammarOffset === null);
    if (grammarOffset !== null) expect(oracle.firstInvalidOffset('URI-Template', template)).toBe(grammarOffset);
    const r = tryParseTemplate(template);
    expect(r.ok ? undefined : [r.error.offset, r.error.rule]).toEqual([offset, 'URI-Template']);
    expect(check(template, { grammar: 'rfc6570' })?.offset).toBe(offset);
    expect(isValid(template, { grammar: 'rfc6570' })).toBe(false);
    const reserved = grammarOffset === null || offset < grammarOffset;
    if (!r.ok) expect([r.error.found, r.error.rulePath.at(-1)]).toEqual(reserved ? [template.charAt(offset), 'op-reserve'] : [r.error.found, r.error.rulePath.at(-1)]);
    if (!r.ok && reserved) expect(r.error.hint).toMatch(/reserved for future extensions/);
  });

  it('expects the operators a processor takes where the grammar expects an operator: op-level2 and op-level3', () => {
    const r = tryParseTemplate('{~a}');
    expect(r.ok ? undefined : r.error.expected).toEqual(['ALPHA', 'DIGIT', 'op-level2', 'op-level3', '"%"', '"_"']);
    // The same items as the error of a reserved operator there.
    const reserved = tryParseTemplate('{=a}');
    expect(reserved.ok ? undefined : reserved.error.expected).toEqual(r.ok ? undefined : r.error.expected);
  });

  it('holds for every operator and non-operator after "{", before every tail (the rule, checked against the ABNF)', () => {
    const reserved = ['=', ',', '!', '@', '|'];
    let checked = 0;
    for (const c of [...reserved, '+', '#', '.', '/', ';', '?', '&', '~', '-', '}', '{', 'a', '%', ' ', '']) {
      for (const tail of ['', 'a', 'a}', 'a-b}', '}', 'a,,b}', 'a:0}', 'a*', 'a.}', 'a}{b']) {
        const template = `x{${c}${tail}`;
        const grammar = oracle.accepts('URI-Template', template) ? null : oracle.firstInvalidOffset('URI-Template', template);
        const expected = reserved.includes(c) ? 2 : grammar;
        const r = tryParseTemplate(template);
        expect([template, r.ok ? null : r.error.offset]).toEqual([template, expected]);
        checked++;
      }
    }
    expect(checked).toBe(200);
  });
});

describe("the grammar's rules, through matches and rulesOf", () => {
  it('lists every rule of the grammar, section 2 first', () => {
    expect(rulesOf('rfc6570').slice(0, 3)).toEqual(['URI-Template', 'literals', 'expression']);
    expect(rulesOf('rfc6570')).toEqual(expect.arrayContaining(['varname', 'max-length', 'ucschar', 'iprivate', 'pct-encoded']));
  });

  it.each([
    ['varname', 'a.b%2F_1', true, '2.3: varchar *( ["."] varchar )'],
    ['varname', 'a.', false, 'a "." must be followed by a varchar'],
    ['max-length', '9999', true, 'the largest'],
    ['max-length', '10000', false, 'five digits'],
    ['operator', '|', true, 'op-reserve: the grammar has the reserved operators'],
    ['expression', '{=x}', true, 'so an expression may use one; a processor refuses it (isValid, parseTemplate)'],
    ['literals', "'", false, "2.1: \"'\" is excluded, though a sub-delim"],
    ['literals', '\u{10FFFD}', true, 'iprivate, astral'],
    ['varchar', '%zz', false, 'pct-encoded needs HEXDIG'],
  ] as const)('matches(%j, %j) is %j (%s)', (rule, input, expected, _why) => {
    expect(matches(rule, input, { grammar: 'rfc6570' })).toBe(expected);
  });

  it('refuses zoneId with the template grammar, and an unknown rule', () => {
    expect(() => matches('varname', 'a', { grammar: 'rfc6570', zoneId: true } as never)).toThrow(/zoneId/);
    expect(() => matches('host' as never, 'a', { grammar: 'rfc6570' })).toThrow(/unknown RFC 6570 rule "host"/);
  });
});
