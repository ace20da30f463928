/**
 * Compiles a peggy grammar, read with peggy's own grammar parser, into a
 * recognizer: one JavaScript function per rule that returns the offset where
 * the rule's match ends, or -1, with the same PEG semantics as the parser
 * peggy generates (ordered choice, greedy repetition, lookahead), but working
 * on character codes and allocating nothing. Actions, labels and display
 * names are ignored: they do not change what is accepted.
 *
 * Component boundaries: each rule listed in `captures` appends (slot, start,
 * end) to a preallocated Int32Array log when it matches. A rule or sequence
 * that fails, and every lookahead, truncates the log to where it was, so after
 * a successful match the log holds exactly the captures of the match.
 *
 * Used by scripts/generate.ts; the output is generated/NAME.recognizer.js.
 */

interface Node {
  type: string;
  [key: string]: unknown;
}

interface Grammar {
  rules: Array<{ name: string; expression: Node }>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const peggy = require('peggy') as { parser: { parse(text: string): Grammar } };

class Emitter {
  private next = 0;
  readonly lines: string[] = [];

  fresh(prefix: string): string {
    return `${prefix}${this.next++}`;
  }

  line(depth: number, text: string): void {
    this.lines.push(`${'  '.repeat(depth)}${text}`);
  }
}

const hex = (code: number) => `0x${code.toString(16)}`;

function charTest(c: string, parts: ReadonlyArray<string | readonly [string, string]>, ignoreCase: boolean): string {
  const tests: string[] = [];
  const add = (from: number, to: number) => tests.push(from === to ? `${c} === ${hex(from)}` : `(${c} >= ${hex(from)} && ${c} <= ${hex(to)})`);
  for (const part of parts) {
    const [from, to] = typeof part === 'string' ? [part, part] : part;
    const a = from.charCodeAt(0);
    const b = to.charCodeAt(0);
    add(a, b);
    if (ignoreCase) {
      // ASCII letters in the range, in the other case.
      for (let x = Math.max(a, 0x41); x <= Math.min(b, 0x5a); x++) add(x + 0x20, x + 0x20);
      for (let x = Math.max(a, 0x61); x <= Math.min(b, 0x7a); x++) add(x - 0x20, x - 0x20);
    }
  }
  return tests.length === 0 ? 'false' : tests.join(' || ');
}

function isLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/**
 * Emits statements that set `out` to the end of a match of `node` starting
 * at `at`, or to -1. On failure the capture log is as it was.
 */
function emit(e: Emitter, node: Node, at: string, out: string, depth: number): void {
  switch (node.type) {
    case 'action':
    case 'labeled':
    case 'named':
    case 'text':
    case 'group':
      emit(e, node.expression as Node, at, out, depth);
      return;
    case 'rule_ref':
      e.line(depth, `${out} = r_${node.name as string}(${at});`);
      return;
    case 'literal': {
      const value = node.value as string;
      if (value.length === 0) {
        e.line(depth, `${out} = ${at};`);
        return;
      }
      const tests = [...value].map((ch, i) => {
        const code = ch.charCodeAt(0);
        const c = `input.charCodeAt(${at} + ${i})`;
        return node.ignoreCase && isLetter(code) ? `(${c} | 0x20) === ${hex(code | 0x20)}` : `${c} === ${hex(code)}`;
      });
      e.line(depth, `${out} = ${tests.join(' && ')} ? ${at} + ${value.length} : -1;`);
      return;
    }
    case 'class': {
      if (node.unicode) throw new Error('the recognizer does not compile unicode classes');
      const c = e.fresh('c');
      e.line(depth, `const ${c} = input.charCodeAt(${at});`);
      const test = charTest(c, node.parts as Array<string | [string, string]>, node.ignoreCase as boolean);
      // charCodeAt past the end is NaN, which no test matches.
      e.line(depth, node.inverted ? `${out} = ${at} < len && !(${test}) ? ${at} + 1 : -1;` : `${out} = ${test} ? ${at} + 1 : -1;`);
      return;
    }
    case 'any':
      e.line(depth, `${out} = ${at} < len ? ${at} + 1 : -1;`);
      return;
    case 'sequence': {
      const elements = node.elements as Node[];
      const label = e.fresh('seq');
      const mark = e.fresh('n');
      e.line(depth, `${out} = -1;`);
      e.line(depth, `const ${mark} = ncap;`);
      e.line(depth, `${label}: {`);
      let pos = at;
      for (const element of elements) {
        const v = e.fresh('p');
        e.line(depth + 1, `let ${v};`);
        emit(e, element, pos, v, depth + 1);
        e.line(depth + 1, `if (${v} < 0) { ncap = ${mark}; break ${label}; }`);
        pos = v;
      }
      e.line(depth + 1, `${out} = ${pos};`);
      e.line(depth, '}');
      return;
    }
    case 'choice': {
      const alternatives = node.alternatives as Node[];
      emit(e, alternatives[0], at, out, depth);
      let d = depth;
      for (const alternative of alternatives.slice(1)) {
        e.line(d, `if (${out} < 0) {`);
        emit(e, alternative, at, out, d + 1);
        d++;
      }
      for (; d > depth; d--) e.line(d - 1, '}');
      return;
    }
    case 'optional': {
      const v = e.fresh('p');
      e.line(depth, `let ${v};`);
      emit(e, node.expression as Node, at, v, depth);
      e.line(depth, `${out} = ${v} < 0 ? ${at} : ${v};`);
      return;
    }
    case 'zero_or_more':
    case 'one_or_more':
    case 'repeated': {
      let min = 0;
      let max = Infinity;
      if (node.type === 'one_or_more') min = 1;
      if (node.type === 'repeated') {
        if (node.delimiter) throw new Error('the recognizer does not compile repetitions with a delimiter');
        const maxNode = node.max as { type: string; value: number | null };
        const minNode = node.min as { type: string; value: number } | null;
        if (maxNode.type !== 'constant' || (minNode && minNode.type !== 'constant')) throw new Error('the recognizer compiles constant repetition counts only');
        max = maxNode.value === null ? Infinity : maxNode.value;
        min = minNode === null ? max : minNode.value;
      }
      const count = e.fresh('k');
      const mark = e.fresh('n');
      const v = e.fresh('p');
      e.line(depth, `const ${mark} = ncap;`);
      e.line(depth, `let ${count} = 0;`);
      e.line(depth, `${out} = ${at};`);
      e.line(depth, `for (;;) {`);
      if (max !== Infinity) e.line(depth + 1, `if (${count} === ${max}) break;`);
      e.line(depth + 1, `let ${v};`);
      emit(e, node.expression as Node, out, v, depth + 1);
      // A match of no characters would repeat forever; peggy rejects such grammars too.
      e.line(depth + 1, `if (${v} < 0 || ${v} === ${out}) break;`);
      e.line(depth + 1, `${out} = ${v};`);
      e.line(depth + 1, `${count}++;`);
      e.line(depth, '}');
      if (min > 0) e.line(depth, `if (${count} < ${min}) { ${out} = -1; ncap = ${mark}; }`);
      return;
    }
    case 'simple_and':
    case 'simple_not': {
      const mark = e.fresh('n');
      const v = e.fresh('p');
      e.line(depth, `const ${mark} = ncap;`);
      e.line(depth, `let ${v};`);
      emit(e, node.expression as Node, at, v, depth);
      e.line(depth, `ncap = ${mark};`);
      e.line(depth, node.type === 'simple_and' ? `${out} = ${v} < 0 ? -1 : ${at};` : `${out} = ${v} < 0 ? ${at} : -1;`);
      return;
    }
    default:
      throw new Error(`the recognizer does not compile ${node.type} expressions`);
  }
}

export interface RecognizerOptions {
  /** Rules whose matches are logged, in this slot order. */
  readonly captures: readonly string[];
}

export function compileRecognizer(peggySource: string, grammarFile: string, options: RecognizerOptions): { js: string; dts: string } {
  const grammar = peggy.parser.parse(peggySource);
  const names = grammar.rules.map((r) => r.name);
  for (const c of options.captures) {
    if (!names.includes(c)) throw new Error(`${grammarFile}: capture rule ${c} is not in the grammar`);
  }
  const e = new Emitter();
  e.line(0, `'use strict';`);
  e.line(0, `// A recognizer for ${grammarFile}: one function per rule, returning the end offset of its match or -1.`);
  e.line(0, `// Compiled by scripts/compile-recognizer.ts from the grammar read with peggy's own parser.`);
  e.line(0, '');
  e.line(0, 'let input = "";');
  e.line(0, 'let len = 0;');
  e.line(0, 'let caps = new Int32Array(96);');
  e.line(0, 'let ncap = 0;');
  e.line(0, '');
  e.line(0, 'function capture(slot, start, end) {');
  e.line(1, 'if (ncap * 3 + 3 > caps.length) { const bigger = new Int32Array(caps.length * 2); bigger.set(caps); caps = bigger; }');
  e.line(1, 'caps[ncap * 3] = slot; caps[ncap * 3 + 1] = start; caps[ncap * 3 + 2] = end; ncap++;');
  e.line(0, '}');
  for (const rule of grammar.rules) {
    e.line(0, '');
    e.line(0, `function r_${rule.name}(at) {`);
    const slot = options.captures.indexOf(rule.name);
    if (slot >= 0) e.line(1, 'const entry = ncap;');
    e.line(1, 'let out;');
    emit(e, rule.expression, 'at', 'out', 1);
    if (slot >= 0) e.line(1, `if (out >= 0) capture(${slot}, at, out); else ncap = entry;`);
    e.line(1, 'return out;');
    e.line(0, '}');
  }
  e.line(0, '');
  e.line(0, `const START = { ${names.map((n) => `${n}: r_${n}`).join(', ')} };`);
  e.line(0, '');
  e.line(0, '/** Whether the whole of `text` matches `startRule`; afterwards captureLog() holds its captures. */');
  e.line(0, 'function recognize(text, startRule) {');
  e.line(1, 'const f = START[startRule];');
  e.line(1, 'if (f === undefined) throw new Error(`unknown start rule ${startRule}`);');
  e.line(1, 'input = text; len = text.length; ncap = 0;');
  e.line(1, 'const end = f(0);');
  e.line(1, 'input = "";');
  e.line(1, 'return end === len;');
  e.line(0, '}');
  e.line(0, '');
  e.line(0, '/** The capture log of the last recognize(): captureCount() entries of (slot, start, end). Reused: read it before the next call. */');
  e.line(0, 'function captureLog() { return caps; }');
  e.line(0, 'function captureCount() { return ncap; }');
  e.line(0, '');
  e.line(0, `const CAPTURE_SLOTS = ${JSON.stringify(Object.fromEntries(options.captures.map((c, i) => [c, i])))};`);
  e.line(0, '');
  e.line(0, `module.exports = { recognize, captureLog, captureCount, CAPTURE_SLOTS, START_RULES: ${JSON.stringify(names)} };`);

  const dts = [
    `import type { StartRuleNames } from './${grammarFile.replace(/^grammar\//, '').replace(/\.peggy$/, '')}';`,
    '',
    '/** Whether the whole of `text` matches `startRule`; afterwards captureLog() holds its captures. */',
    'export declare function recognize(text: string, startRule: StartRuleNames): boolean;',
    '/** The capture log of the last recognize(): captureCount() entries of (slot, start, end). Reused by the next call. */',
    'export declare function captureLog(): Int32Array;',
    'export declare function captureCount(): number;',
    `export declare const CAPTURE_SLOTS: { readonly ${options.captures.map((c, i) => `${c}: ${i}`).join('; readonly ')} };`,
    'export declare const START_RULES: readonly StartRuleNames[];',
    '',
  ].join('\n');
  return { js: `${e.lines.join('\n')}\n`, dts };
}
