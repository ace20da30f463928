/**
 * The automata back end (generated/NAME.dfa.js, compiled from the ABNF by
 * scripts/compile-dfa.ts) against the recognizer (compiled from the PEG):
 * the same answer for every rule of every grammar, and, for the reference
 * rules of RFC 3986 and RFC 3987, the same record from the automaton and the
 * delimiter split (split.ts) as from the recognizer's capture log. The
 * recognizer is itself tested against peggy's parser (backends.test.ts), and
 * the PEG against the ABNF (grammar-check.test.ts). Every rule on strings generated from the ABNF:
 * test/dfa.long.ts (npm run test:long).
 */
import * as path from 'node:path';
import fc from 'fast-check';
import { toPegName } from '../src/core/rule-names';
import { automataOf, automatonFor, recognizerOf } from '../src/core/grammars';
import { isValid, matches } from '../src';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { Generator, nearMiss, Random } from '../scripts/grammar-check/generate';
import { loadConfig } from '../scripts/grammar-check/config';
import { compileAutomata, emitAutomata } from '../scripts/compile-dfa';
import { allVectors, templateVectors } from './support/vectors';
import { allAutomata } from './support/all-automata';
import { corpus, differences, GRAMMARS, recordDifferences, REFERENCE_RULES, root, schemeVectorInputs, SCHEME_GRAMMARS } from './support/dfa-agreement';

describe.each(GRAMMARS)('the automata of %s and its recognizer agree', (grammar) => {
  const rules = recognizerOf(grammar).START_RULES;

  it('have the same rules: the reference rules in generated/NAME.dfa.js, which matches() runs for its rules, and every rule in the compiler\'s', () => {
    const core = automataOf(grammar).RULE_NAMES;
    expect(REFERENCE_RULES[grammar].map(toPegName).every((r) => core.includes(r))).toBe(true);
    expect(rules.filter((r) => automatonFor(grammar, r) !== undefined)).toEqual(rules.filter((r) => core.includes(r)));
    // Every rule but the PEG's helpers (grammar/NAME.check.json), which the ABNF, and so the automata, has not.
    const helpers = Object.keys(loadConfig(grammar).pegHelpers);
    expect(rules.filter((r) => !allAutomata(grammar).RULE_NAMES.includes(r))).toEqual(helpers);
  });

  it('on every vector, for the vector\'s rule and every reference rule', () => {
    if (SCHEME_GRAMMARS.includes(grammar)) {
      const inputs = schemeVectorInputs(grammar);
      expect(inputs.length).toBeGreaterThan(10);
      for (const rule of REFERENCE_RULES[grammar].map(toPegName)) expect(differences(grammar, rule, inputs)).toEqual([]);
      return;
    }
    // RFC 6874's variant takes RFC 3986's vectors: it accepts all RFC 3986 does, and more.
    // RFC 6570's are templates.
    const vectors = grammar === 'rfc6570' ? templateVectors() : allVectors().filter((v) => v.grammar === (grammar === 'rfc6874' ? 'rfc3986' : grammar));
    expect(vectors.length).toBeGreaterThan(20);
    for (const v of vectors) {
      const own = toPegName(grammar === 'rfc2396' ? v.rule.replace(/_/g, '-') : v.rule);
      for (const rule of new Set([own, ...REFERENCE_RULES[grammar].map(toPegName)])) {
        if (rules.includes(rule)) expect(differences(grammar, rule, [v.input])).toEqual([]);
      }
    }
  });

  it('on both corpora, as references', () => {
    const lines = [...corpus('web-urls.txt'), ...corpus('file-urls.txt')];
    expect(lines.length).toBeGreaterThan(80000);
    expect(differences(grammar, toPegName(REFERENCE_RULES[grammar][0]), lines)).toEqual([]);
  });

  it('on arbitrary strings (fast-check), for the reference rules and the host rules', () => {
    const chars = ['%25', 'e', 'a', 'Z', '0', '1', '2', '5', '9', 'f', 'v', 'V', ':', '/', '?', '#', '[', ']', '@', '%', '.', '-', '_', '~', '!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '=', ' ', '\u00e9', '\ue000', '\ud800', '\udc00', '\ud83d\ude00', '\u{1fffe}', '\ufffd'];
    const uriish = fc.array(fc.constantFrom(...chars), { maxLength: 40 }).map((a) => a.join(''));
    const hostRules = rules.filter((r) => /host|IP|ls32|h16|hex4|dec|reg/.test(r));
    const checked = [...REFERENCE_RULES[grammar].map(toPegName), ...hostRules];
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40, unit: 'binary' }), uriish), (s) => {
        for (const rule of checked) expect(differences(grammar, rule, [s])).toEqual([]);
      }),
      { numRuns: 1500, seed: 0x5eed },
    );
  });
});

describe.each(['rfc3986', 'rfc3987'] as const)('the record from the automaton and the delimiter split (%s)', (grammar) => {
  const abnf = readAbnf(path.join(root, 'grammar', `${grammar}.abnf`));

  it('is the recognizer\'s record, on both corpora', () => {
    const lines = [...corpus('web-urls.txt'), ...corpus('file-urls.txt')];
    for (const rule of REFERENCE_RULES[grammar]) expect(recordDifferences(grammar, toPegName(rule), lines)).toEqual([]);
  });

  it('is the recognizer\'s record, on generated strings and near misses of each reference rule', () => {
    const random = new Random(0x5917);
    const generator = new Generator(abnf, random, loadConfig(grammar));
    for (const rule of REFERENCE_RULES[grammar]) {
      const inputs: string[] = [];
      for (let i = 0; i < 1500; i++) {
        const s = generator.generate(rule);
        inputs.push(s, nearMiss(s, random));
      }
      expect(recordDifferences(grammar, toPegName(rule), inputs)).toEqual([]);
    }
  });

  it('is the recognizer\'s record on the hard spots of the split (fast-check)', () => {
    // Delimiters in every position: "@" and ":" in the authority, "?" in the query, "[" hosts, IPv4-like hosts.
    const parts = ['http:', '//', 'u:p@', '@', ':', '80', '[::1]', '[v1.x]', '[V7.a:b]', '1.2.3.4', '1.2.3.4.5', '256.1.1.1', '01.1.1.1', 'a', '/', '?', '#', '.', '..', '%41', 'x:y', ''];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 8 }), (a) => {
        const s = a.join('');
        for (const rule of REFERENCE_RULES[grammar]) expect(recordDifferences(grammar, toPegName(rule), [s])).toEqual([]);
      }),
      { numRuns: 3000, seed: 0x5eed },
    );
  });
});

describe('isValid and matches run the automata', () => {
  it('answer by the grammar, for a reference rule and any rule', () => {
    expect(isValid('http://[::1]:80/a?b#c')).toBe(true);
    expect(isValid('http://[::1:80/a')).toBe(false);
    expect(isValid('http://example.com/é')).toBe(false);
    expect(isValid('http://example.com/é', { grammar: 'rfc3987' })).toBe(true);
    expect(matches('IPv6address', '1:2:3:4:5:6:7::')).toBe(true);
    expect(matches('IPv6address', '1:2:3:4:5:6:7:8:9')).toBe(false);
    expect(matches('dec-octet', '255')).toBe(true);
    expect(matches('dec-octet', '256')).toBe(false);
    expect(matches('hostname', 'a.b-c.d', { grammar: 'rfc2396' })).toBe(true);
    expect(matches('ucschar', '\u{1fffd}', { grammar: 'rfc3987' })).toBe(true);
    expect(matches('ucschar', '\u{1fffe}', { grammar: 'rfc3987' })).toBe(false);
    expect(matches('ucschar', '\ud83c', { grammar: 'rfc3987' })).toBe(false);
  });
});

describe('the DFA compiler', () => {
  const compile = (abnf: string) => compileAutomata(abnf, 'grammar/t.abnf');
  const run = (abnf: string) => {
    const { js } = emitAutomata(compile(abnf), 'grammar/t.abnf', (n) => n.replace(/-/g, '_'));
    const module = { exports: {} as { accepts(text: string, rule: string): boolean; viablePrefix(text: string, rule: string): number; spanTest(rule: string): (text: string, start: number, end: number) => boolean } };
    new Function('module', js)(module);
    return module.exports;
  };

  it('reads quoted strings case-insensitively (RFC 5234 2.3) and %x values exactly', () => {
    const m = run('r = "v" %x41\n');
    expect(['vA', 'VA'].map((s) => m.accepts(s, 'r'))).toEqual([true, true]);
    expect(['va', 'v', 'vAA', ''].map((s) => m.accepts(s, 'r'))).toEqual([false, false, false, false]);
  });

  it('unrolls repetitions to their bounds, and takes 0<prose> as nothing (path-empty)', () => {
    const m = run('r = 2*3"a" e\ne = 0<anything>\n');
    expect(['a', 'aa', 'aaa', 'aaaa'].map((s) => m.accepts(s, 'r'))).toEqual([false, true, true, false]);
  });

  it('builds minimal automata: a* of "ab" has a start that accepts, one state after "a", and the dead state', () => {
    const a = compile('r = *("ab" / "ab")\n').rules.get('r');
    expect(a?.states).toBe(3);
    expect(a?.start).toBeGreaterThanOrEqual(a?.acceptFrom as number);
  });

  it('tells where a prefix stops being viable', () => {
    const m = run('r = "ab" 1*"c"\n');
    expect(['abx', 'x', 'abccc', ''].map((s) => m.viablePrefix(s, 'r'))).toEqual([2, 0, 5, 0]);
  });

  it('matches a code point above U+FFFF as its surrogate pair, never half of one', () => {
    const m = run('r = %x10000-10FFFF\n');
    expect(['\u{10000}', '\u{10ffff}', '\u{1f600}'].map((s) => m.accepts(s, 'r'))).toEqual([true, true, true]);
    expect(['\ud800', '\udc00', '\udc00\ud800', 'a'].map((s) => m.accepts(s, 'r'))).toEqual([false, false, false, false]);
  });

  it("skips a state's long runs with the engine's matcher, never past the end of a span, and dies where the run stops", () => {
    const abnf = 'r = 1*ALPHA "." 1*ALPHA\nALPHA = %x41-5A / %x61-7A\n';
    const { js } = emitAutomata(compile(abnf), 'grammar/t.abnf', (n) => n);
    expect(js).toMatch(/const SKIPS = \[\/\[/); // the runs of letters (52 ASCII characters) get an expression
    const m = run(abnf);
    const span = m.spanTest('r');
    const text = 'abcdef.ghijkl';
    expect([span(text, 0, 13), span(text, 0, 9), span(text, 0, 4), span(text, 2, 8), span(text, 0, 7)]).toEqual([true, true, false, true, false]);
    expect(['abc.', '.abc', 'ab.cd.ef', 'abc1.d', `${'x'.repeat(5000)}.y`].map((s) => m.accepts(s, 'r'))).toEqual([false, false, false, false, true]);
    expect(['abc1.d', `${'x'.repeat(5000)}!`, 'ab.c'].map((s) => m.viablePrefix(s, 'r'))).toEqual([3, 5000, 4]);
  });

  it('writes an automaton of more than 224 states (past the one-byte table characters) with \\u escapes, and runs it', () => {
    // A literal of 300 characters: 302 states (one per prefix, the dead state, the accepting one).
    const word = 'ab'.repeat(150);
    const abnf = `r = "${word}"\n`;
    expect(compile(abnf).rules.get('r')?.states).toBeGreaterThan(224);
    const { js } = emitAutomata(compile(abnf), 'grammar/t.abnf', (n) => n);
    expect(js).toMatch(/\\u01/);
    const m = run(abnf);
    expect([word, word.toUpperCase(), word.slice(1), `${word}a`, word.slice(0, -1)].map((s) => m.accepts(s, 'r'))).toEqual([true, true, false, false, false]);
    expect(m.viablePrefix(`${word.slice(0, 250)}x`, 'r')).toBe(250);
  });

  it('refuses a rule that refers to itself: not a regular language', () => {
    expect(() => compile('r = "(" r ")" / "x"\n')).toThrow(/not a regular grammar/);
  });
});
