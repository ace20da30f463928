/**
 * The automata of every rule of a grammar, compiled in memory from its ABNF by
 * scripts/compile-dfa.ts as generate compiles generated/NAME.dfa.js (which
 * holds only the rules grammar/NAME.dfa.json lists: matches() has the
 * recognizer match the others): for the tests that hold the compiler to the
 * recognizer on every rule (test/dfa.test.ts), and for npm run bench:matches,
 * which compares matches() with them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compileAutomata, emitAutomata } from '../../scripts/compile-dfa';
import { grammarFileOf } from '../../scripts/registry';
import { toPegName } from '../../src/core/rule-names';
import type { Automata } from '../../src/core/types';

const root = path.join(__dirname, '..', '..');
const made = new Map<string, Automata>();

/** Every rule's automaton of the grammar `name` of grammar/registry.json, made once. */
export function allAutomata(name: string): Automata {
  let automata = made.get(name);
  if (automata === undefined) {
    const abnfFile = grammarFileOf(root, name, 'abnf');
    const { js } = emitAutomata(compileAutomata(fs.readFileSync(path.join(root, abnfFile), 'utf8'), abnfFile), abnfFile, toPegName);
    const module = { exports: {} as Automata };
    // Our own compiler's output (scripts/compile-dfa.ts), run as the CommonJS module it is.
    new Function('module', 'exports', js)(module, module.exports);
    automata = module.exports;
    made.set(name, automata);
  }
  return automata;
}
