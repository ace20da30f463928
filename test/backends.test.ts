/**
 * The two back ends generated from grammar/rfc3986.peggy, the recognizer
 * (used for every input) and the peggy parser (used to explain rejections),
 * must agree: same accept/reject for every rule, same record for the four
 * URI rules. Checked on both corpora, on the grammar check's generated
 * strings and near misses, and on arbitrary strings from fast-check.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import type { StartRuleNames } from '../generated/rfc3986.recognizer';
import { recognizerRecord, recognizes } from '../src/core/backends';
import { peggyOracle, peggyRecord } from './support/peggy-oracle';

const pegParse = (input: string, options: { startRule: string }): unknown => peggyOracle('rfc3986').parse(input, options);
import { RFC3986_RULES, URI_RULES } from '../src';
import { toPegName, toPegName as pegNameOf } from '../src/core/rule-names';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { Generator, nearMiss, Random } from '../scripts/grammar-check/generate';
import { loadConfig } from '../scripts/grammar-check/config';
import { grammarFileOf } from '../scripts/registry';

const pegAccepts = (input: string, rule: StartRuleNames): boolean => {
  try {
    pegParse(input, { startRule: rule });
    return true;
  } catch {
    return false;
  }
};

function agreeOnRecord(input: string, rules: readonly StartRuleNames[] = URI_RULES.map(toPegName)): void {
  for (const rule of rules) {
    const fromRecognizer = recognizerRecord(input, rule);
    const fromPeggy = peggyRecord(input, rule);
    if (fromPeggy === undefined ? fromRecognizer !== undefined : JSON.stringify(fromRecognizer) !== JSON.stringify(fromPeggy)) {
      // toEqual for the message; JSON first for speed on big inputs
      expect([input, rule, fromRecognizer]).toEqual([input, rule, fromPeggy]);
    }
  }
}

const corpusDir = path.join(__dirname, 'corpus');

describe('recognizer and peggy parser agree', () => {
  it('on every line of both corpora in test/corpus/', () => {
    for (const name of ['web-urls.txt', 'file-urls.txt']) {
      const file = path.join(corpusDir, name);
      if (!fs.existsSync(file)) throw new Error(`${file} is missing: the corpus ships in test/corpus/`);
      const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
      expect(lines.length).toBeGreaterThan(1000);
      // URI-reference covers every line; the other three rules are covered by the generated strings below.
      for (const line of lines) agreeOnRecord(line, ['URI_reference']);
    }
  });

  it('on strings generated from the ABNF and their near misses, for every rule', () => {
    const abnf = readAbnf(path.join(__dirname, '..', 'grammar', 'rfc3986.abnf'));
    const random = new Random(5150);
    const generator = new Generator(abnf, random, loadConfig('rfc3986'));
    let compared = 0;
    for (const rule of RFC3986_RULES) {
      const peg = toPegName(rule);
      for (let i = 0; i < 200; i++) {
        const s = generator.generate(rule);
        for (const candidate of [s, nearMiss(s, random), nearMiss(s, random)]) {
          if (recognizes(candidate, peg) !== pegAccepts(candidate, peg)) {
            expect([rule, candidate, recognizes(candidate, peg)]).toEqual([rule, candidate, pegAccepts(candidate, peg)]);
          }
          compared++;
        }
        if (rule === 'URI-reference' || rule === 'URI' || rule === 'relative-ref' || rule === 'absolute-URI') agreeOnRecord(s);
      }
    }
    expect(compared).toBe(RFC3986_RULES.length * 600);
  });

  it('on arbitrary strings (fast-check)', () => {
    const uriish = fc.stringMatching(/^[a-zA-Z0-9:/?#[\]@!$&'()*+,;=%._~ -]{0,40}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), uriish), (s) => {
        agreeOnRecord(s);
        return true;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the recognizer compiler', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when these tests run
  const { compileRecognizer } = require('../scripts/compile-recognizer') as typeof import('../scripts/compile-recognizer');

  it('lists the display-named rules, each of which matches one character', () => {
    const { js } = compileRecognizer('start = a b\na "A" = "x" / [0-9]\nb = "yz"\n', 'grammar/t.peggy', { captures: [] }, 'start = a b\na = "x" / DIGIT\nb = "yz"\n');
    expect(js).toContain('const NAMED_RULES = {"a":"A"};');
  });

  it('refuses a display name on a rule that matches more than one character', () => {
    expect(() => compileRecognizer('start = a\na "A" = "xy"\n', 'grammar/t.peggy', { captures: [] }, 'start = a\na = "xy"\n')).toThrow(/rule a has a display name but does not match exactly one character/);
  });

  it("puts each rule's ABNF, continuation lines and comments included, above its function, and refuses a rule the ABNF lacks", () => {
    const abnf = '; a comment\nstart-rule = a\n           / b ; the other\n\na = "x"\nb = "y"\n';
    const { js } = compileRecognizer('start_rule = a / b\na = "x"\nb = "y"\n', 'grammar/t.peggy', { captures: [] }, abnf);
    expect(js).toContain('\n// start-rule = a\n//            / b ; the other\nfunction r_start_rule(at) {');
    expect(js).toContain('\n// a = "x"\nfunction r_a(at) {');
    expect(() => compileRecognizer('start = a\na = "x"\n', 'grammar/t.peggy', { captures: [] }, 'start = a\n')).toThrow(/rule a is not in grammar\/t\.abnf/);
  });

  it('labels a PEG helper rule, which its .check.json names with the reason, with that reason instead of an ABNF line', () => {
    const js = fs.readFileSync(path.join(__dirname, '..', 'generated', 'rfc6068.recognizer.js'), 'utf8');
    const { pegHelpers } = loadConfig('rfc6068');
    expect(Object.keys(pegHelpers).length).toBeGreaterThan(0);
    for (const [rule, reason] of Object.entries(pegHelpers)) {
      expect(js).toContain(`\n// ${rule}: a PEG helper rule, not in grammar/schemes/rfc6068.abnf: ${reason}\nfunction r_${rule}(at) {`);
    }
  });

  it.each(['rfc3986', 'rfc3987', 'rfc2396', 'rfc6068', 'rfc8141', 'rfc2397', 'rfc8089', 'rfc9110'])('generated/%s.recognizer.js has the first line of every rule of its .abnf above the rule\'s function', (name) => {
    const js = fs.readFileSync(path.join(__dirname, '..', 'generated', `${name}.recognizer.js`), 'utf8');
    const abnf = fs.readFileSync(path.join(__dirname, '..', grammarFileOf(path.join(__dirname, '..'), name, 'abnf')), 'utf8');
    const firstLines = abnf.split('\n').filter((line) => /^[A-Za-z][A-Za-z0-9-]*\s*=/.test(line));
    expect(firstLines.length).toBeGreaterThan(15);
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const missing = firstLines.filter((line) => {
      const peg = (/^[A-Za-z0-9-]+/.exec(line) as RegExpExecArray)[0].replace(/-/g, '_');
      return !new RegExp(`\n// ${escape(line.trimEnd())}\n(// .*\n)*function r_${peg}\\(at\\) \\{`).test(js);
    });
    expect(missing).toEqual([]);
  });
});

describe('recognizer and peggy parser agree for RFC 3987 and RFC 2396', () => {
  const parsers = { rfc3987: peggyOracle('rfc3987'), rfc2396: peggyOracle('rfc2396') };
  const accepts = (grammar: 'rfc3987' | 'rfc2396', input: string, rule: string): boolean => {
    try {
      parsers[grammar].parse(input, { startRule: rule });
      return true;
    } catch {
      return false;
    }
  };
  const referenceRules = { rfc3987: ['IRI_reference', 'IRI', 'absolute_IRI', 'irelative_ref'], rfc2396: ['URI_reference', 'absoluteURI', 'relativeURI'] };
  const agree = (grammar: 'rfc3987' | 'rfc2396', input: string): void => {
    for (const rule of referenceRules[grammar]) {
      const a = recognizerRecord(input, rule, grammar);
      const b = peggyRecord(input, rule, grammar);
      if (JSON.stringify(a) !== JSON.stringify(b)) expect([grammar, input, rule, a]).toEqual([grammar, input, rule, b]);
    }
  };

  it.each(['rfc3987', 'rfc2396'] as const)('%s: on strings generated from its ABNF and their near misses, for every rule', (grammar) => {
    const abnf = readAbnf(path.join(__dirname, '..', 'grammar', `${grammar}.abnf`));
    const random = new Random(5151);
    const config = loadConfig(grammar);
    const generator = new Generator(abnf, random, config);
    const alphabet = ['a', '/', '?', '#', ':', '@', '[', ']', '%', '.', '\u00e9', '\ue000', '\ud800', '\u{1F600}', ...(config.nearMissCharacters ?? [])];
    let compared = 0;
    for (const rule of abnf.names) {
      const peg = pegNameOf(rule);
      for (let i = 0; i < 60; i++) {
        const s = generator.generate(rule);
        for (const candidate of [s, nearMiss(s, random, alphabet), nearMiss(s, random, alphabet)]) {
          if (recognizes(candidate, peg, grammar) !== accepts(grammar, candidate, peg)) {
            expect([rule, candidate, recognizes(candidate, peg, grammar)]).toEqual([rule, candidate, accepts(grammar, candidate, peg)]);
          }
          compared++;
        }
        if (referenceRules[grammar].includes(peg)) agree(grammar, s);
      }
    }
    expect(compared).toBe(abnf.names.length * 180);
  });

  it.each(['rfc3987', 'rfc2396'] as const)('%s: on arbitrary strings (fast-check)', (grammar) => {
    const uriish = fc.stringMatching(/^[a-zA-Z0-9:/?#[\]@!$&'()*+,;=%._~é\ue000-]{0,40}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40, unit: 'binary' }), uriish), (s) => {
        agree(grammar, s);
        return true;
      }),
      { numRuns: 800 },
    );
  });
});
