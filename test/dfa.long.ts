/**
 * The long half of test/dfa.test.ts (npm run test:long, issue 47 item 5): every rule's automaton, made by the
 * compiler in memory where matches() runs none, against the recognizer on 450 strings generated from the ABNF and
 * their near misses a rule, for every grammar (about 13 s of CPU: a property run, not an edit's check; npm test
 * keeps the vectors, the corpora and fast-check on the reference and host rules).
 */
import * as path from 'node:path';
import { toPegName } from '../src/core/rule-names';
import { recognizerOf } from '../src/core/grammars';
import { grammarFileOf } from '../scripts/registry';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { Generator, nearMiss, Random } from '../scripts/grammar-check/generate';
import { loadConfig } from '../scripts/grammar-check/config';
import { differences, GRAMMARS, root } from './support/dfa-agreement';

describe.each(GRAMMARS)('the automata of %s and its recognizer agree', (grammar) => {
  const abnf = readAbnf(path.join(root, grammarFileOf(root, grammar, 'abnf')));
  const rules = recognizerOf(grammar).START_RULES;

  it('on strings generated from the ABNF and their near misses, for every rule', () => {
    const random = new Random(0xdfa);
    const generator = new Generator(abnf, random, loadConfig(grammar));
    let compared = 0;
    // A PEG helper rule has no ABNF to generate from (and no automaton): the rules of the ABNF.
    const checked = rules.filter((rule) => abnf.names.some((n) => toPegName(n) === rule));
    for (const rule of checked) {
      const abnfName = abnf.names.find((n) => toPegName(n) === rule) as string;
      const inputs: string[] = [];
      for (let i = 0; i < 150; i++) {
        const s = generator.generate(abnfName);
        inputs.push(s, nearMiss(s, random), nearMiss(s, random));
      }
      expect(differences(grammar, rule, inputs)).toEqual([]);
      compared += inputs.length;
    }
    expect(compared).toBe(checked.length * 450);
  });
});
