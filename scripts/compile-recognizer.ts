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

import * as fs from 'node:fs';
import * as path from 'node:path';

import { parsePeggy } from './grammar-check/peggy';
import { toAbnfName } from '../src/core/rule-names';

/** peggy's AST, walked generically here (the compiler looks at node types and fields by name). */
const readGrammar = (text: string): Grammar => parsePeggy(text) as unknown as Grammar;

/** A set of UTF-16 code units, as sorted, disjoint, inclusive ranges. */
type CharSet = ReadonlyArray<readonly [number, number]>;

function union(sets: readonly CharSet[]): CharSet {
  const all = sets.flat().map(([a, b]) => [a, b] as [number, number]).sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of all) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** The code units of `a` that are not in `b`. */
function subtract(a: CharSet, b: CharSet): CharSet {
  const out: Array<[number, number]> = [];
  for (const [from, to] of a) {
    let lo = from;
    for (const [x, y] of b) {
      if (y < lo || x > to) continue;
      if (x > lo) out.push([lo, x - 1]);
      lo = Math.max(lo, y + 1);
    }
    if (lo <= to) out.push([lo, to]);
  }
  return out;
}

/** How many code units `set` holds. */
const size = (set: CharSet): number => set.reduce((n, [a, b]) => n + b - a + 1, 0);

function withOtherCase(set: CharSet): CharSet {
  const extra: Array<[number, number]> = [];
  for (const [a, b] of set) {
    for (let x = Math.max(a, 0x41); x <= Math.min(b, 0x5a); x++) extra.push([x + 0x20, x + 0x20]);
    for (let x = Math.max(a, 0x61); x <= Math.min(b, 0x7a); x++) extra.push([x - 0x20, x - 0x20]);
  }
  return union([set, extra]);
}

class Emitter {
  private next = 0;
  readonly lines: string[] = [];
  /** Lookup tables for the ASCII part of character sets, by their 128-character 0/1 key. */
  readonly tables = new Map<string, string>();
  /** The diagnostic build's sticky regular expressions of the runs of a set (a class, repeated; flag y), by their source. */
  readonly runRegexes = new Map<string, string>();
  /** Rules that match exactly one character from a set, and are not captured: tested inline. */
  readonly ruleSets = new Map<string, CharSet | null>();
  rules = new Map<string, Node>();
  captures: readonly string[] = [];
  /** Per decision rule, its slot and the choice node whose alternative it logs. */
  decisions = new Map<string, { slot: number; choice: Node }>();
  /** The decision being emitted: the choice node of the rule whose function is being written. */
  decisionChoice: Node | undefined;
  decisionSlot = -1;
  /**
   * The diagnostic build (compileDiagnostic): every terminal that fails
   * records peggy's expectation for it, lookaheads and display names make
   * failures silent, and no rule is inlined nor any choice merged, so that
   * the rule invocations are peggy's own.
   */
  diagnostic = false;
  /** The diagnostic build's expectations, peggy's objects, by their JSON. */
  readonly expectations = new Map<string, number>();

  /** The index of an expectation (peggy's object for it) in the diagnostic build's table. */
  expectation(x: object): number {
    const key = JSON.stringify(x);
    let id = this.expectations.get(key);
    if (id === undefined) {
      id = this.expectations.size;
      this.expectations.set(key, id);
    }
    return id;
  }

  /** In the diagnostic build, after a terminal at `at` set `out`: records its expectation when it failed, as peggy's peg$fail would. */
  failure(depth: number, out: string, at: string, x: object): void {
    if (this.diagnostic) this.line(depth, `if (${out} < 0 && ${at} >= maxFail && silent === 0) fail(${at}, ${this.expectation(x)});`);
  }

  /** Rules whose match can log a capture: the capture rules and every rule that refers to one, directly or not. */
  private capturing: ReadonlySet<string> | undefined;

  /**
   * Whether a match of `node` can log a capture. Where it cannot, the code
   * for it neither saves nor restores the log's length (`ncap`): less code to
   * load and less work per character.
   */
  canCapture(node: Node): boolean {
    if (this.capturing === undefined) {
      const refs = new Map([...this.rules].map(([name, expression]) => [name, ruleRefs(expression)]));
      const capturing = new Set([...this.captures, ...this.decisions.keys()]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const [name, to] of refs) {
          if (!capturing.has(name) && to.some((r) => capturing.has(r))) {
            capturing.add(name);
            grew = true;
          }
        }
      }
      this.capturing = capturing;
    }
    const capturing = this.capturing;
    // The decision of the rule being written logs too: a sequence around it must undo that on failure.
    return ruleRefs(node).some((r) => capturing.has(r)) || (this.decisionChoice !== undefined && contains(node, this.decisionChoice));
  }

  /** The set of characters `node` matches when it always matches exactly one character; null otherwise. */
  charSet(node: Node): CharSet | null {
    switch (node.type) {
      case 'action':
      case 'named':
      case 'text':
      case 'group':
      case 'labeled':
        return this.charSet(node.expression as Node);
      case 'literal': {
        const value = node.value as string;
        if (value.length !== 1) return null;
        const code = value.charCodeAt(0);
        const set: CharSet = [[code, code]];
        return node.ignoreCase ? withOtherCase(set) : set;
      }
      case 'class': {
        if (node.inverted || node.unicode) return null;
        const set = union(
          (node.parts as Array<string | [string, string]>).map((p) => {
            const [a, b] = typeof p === 'string' ? [p, p] : p;
            return [[a.charCodeAt(0), b.charCodeAt(0)]] as CharSet;
          }),
        );
        return node.ignoreCase ? withOtherCase(set) : set;
      }
      case 'choice': {
        const sets = (node.alternatives as Node[]).map((a) => this.charSet(a));
        return sets.every((x) => x !== null) ? union(sets as CharSet[]) : null;
      }
      case 'rule_ref': {
        const name = node.name as string;
        if (this.captures.includes(name) || this.decisions.has(name)) return null;
        if (!this.ruleSets.has(name)) {
          this.ruleSets.set(name, null); // a recursive reference is no character set
          const rule = this.rules.get(name);
          this.ruleSets.set(name, rule ? this.charSet(rule) : null);
        }
        return this.ruleSets.get(name) ?? null;
      }
      default:
        return null;
    }
  }

  /**
   * Whether `node` always matches exactly one code point: one UTF-16 code unit
   * from a set, or a high surrogate followed by a low surrogate, or a choice
   * of these.
   */
  matchesOneCodePoint(node: Node, seen: ReadonlySet<string> = new Set()): boolean {
    if (this.charSet(node) !== null) return true;
    switch (node.type) {
      case 'action':
      case 'named':
      case 'text':
      case 'group':
      case 'labeled':
        return this.matchesOneCodePoint(node.expression as Node, seen);
      case 'choice':
        return (node.alternatives as Node[]).every((a) => this.matchesOneCodePoint(a, seen));
      case 'sequence': {
        const elements = node.elements as Node[];
        if (elements.length !== 2) return false;
        const [high, low] = elements.map((x) => this.charSet(x));
        const within = (set: CharSet | null, first: number, last: number) => set !== null && set.every(([a, b]) => a >= first && b <= last);
        return within(high, 0xd800, 0xdbff) && within(low, 0xdc00, 0xdfff);
      }
      case 'rule_ref': {
        const name = node.name as string;
        const rule = this.rules.get(name);
        return !seen.has(name) && rule !== undefined && this.matchesOneCodePoint(rule, new Set([...seen, name]));
      }
      default:
        return false;
    }
  }

  /** An expression testing whether code unit `c` (an integer, -1 at the end of input) is in `set`. */
  setTest(c: string, set: CharSet): string {
    const ascii = new Array<string>(128).fill('0');
    const high: string[] = [];
    for (const [a, b] of set) {
      for (let x = a; x <= Math.min(b, 127); x++) ascii[x] = '1';
      if (b >= 128) {
        const from = Math.max(a, 128);
        high.push(from === b ? `${c} === ${hex(b)}` : `(${c} >= ${hex(from)} && ${c} <= ${hex(b)})`);
      }
    }
    const key = ascii.join('');
    const table = this.tableOf(key);
    const low = key.includes('1') ? `(${c} >= 0 && ${c} < 128 && ${table}[${c}] === 1)` : 'false';
    return high.length > 0 ? `(${low} || ${high.join(' || ')})` : low;
  }

  /** The name of the lookup table of an ASCII set, by its 128-character 0/1 key. */
  tableOf(key: string): string {
    let table = this.tables.get(key);
    if (table === undefined) {
      table = `T${this.tables.size}`;
      this.tables.set(key, table);
    }
    return table;
  }

  /** The lookup table of a set of ASCII characters. */
  table(set: CharSet): string {
    const ascii = new Array<string>(128).fill('0');
    for (const [a, b] of set) for (let x = a; x <= b; x++) ascii[x] = '1';
    return this.tableOf(ascii.join(''));
  }

  /**
   * The characters at each of which `node` matches exactly that one character,
   * whatever follows, or null when that cannot be told: those of a character
   * set, and in a choice, those of each alternative (found the same way),
   * less the characters an earlier alternative can begin with (peggy tries
   * those first).
   */
  singleSteps(node: Node, seen: ReadonlySet<string> = new Set()): CharSet | null {
    const set = this.charSet(node);
    if (set !== null) return set;
    const inner = this.unwrap(node, seen);
    if (inner === null || inner.node.type !== 'choice') return null;
    let steps: CharSet = [];
    let claimed: CharSet = [];
    for (const alternative of inner.node.alternatives as Node[]) {
      // An alternative that is itself a choice with single steps (pchar inside query) gives them too.
      const one = this.singleSteps(alternative, inner.seen);
      if (one !== null) steps = union([steps, subtract(one, claimed)]);
      const first = this.firstSet(alternative, inner.seen);
      if (first === null) return null;
      claimed = union([claimed, first]);
    }
    return steps.length > 0 ? steps : null;
  }

  /**
   * For a loop body made of one character and then a loop of single steps,
   * `("/" segment)` with segment = pchar*: the lead characters (the "/") and
   * the single steps of the inner loop (pchar's), when no lead character can
   * begin the inner loop's body (so each lead character ends one pass of the
   * inner loop and begins the next pass of the outer one); otherwise null.
   */
  ledSteps(node: Node): { lead: CharSet; steps: CharSet } | null {
    const body = this.unwrap(node, new Set());
    if (body === null || body.node.type !== 'sequence') return null;
    const [first, second, ...rest] = body.node.elements as Node[];
    if (second === undefined || rest.length > 0) return null;
    const lead = this.charSet(first);
    const inner = lead === null ? null : this.unwrap(second, body.seen);
    if (lead === null || inner === null || inner.node.type !== 'zero_or_more') return null;
    const expression = inner.node.expression as Node;
    const steps = this.singleSteps(expression, inner.seen);
    const begins = this.firstSet(expression, inner.seen);
    if (steps === null || begins === null || size(subtract(lead, begins)) !== size(lead)) return null;
    // The skip finds a run's last lead character as its last character that is not a single step: refused unless the two sets are disjoint (they are, steps being within begins).
    if (size(subtract(steps, lead)) !== size(steps)) return null;
    return { lead, steps };
  }

  /** The characters a match of `node` can begin with (a superset will do), or null: it can match nothing, or it is not told. */
  firstSet(node: Node, seen: ReadonlySet<string>): CharSet | null {
    const set = this.charSet(node);
    if (set !== null) return set;
    const inner = this.unwrap(node, seen);
    if (inner === null) return null;
    const n = inner.node;
    switch (n.type) {
      case 'literal': {
        const value = n.value as string;
        if (value.length === 0) return null;
        const code = value.charCodeAt(0);
        return n.ignoreCase ? withOtherCase([[code, code]]) : [[code, code]];
      }
      case 'sequence':
        return (n.elements as Node[]).length === 0 ? null : this.firstSet((n.elements as Node[])[0], inner.seen);
      case 'choice': {
        const sets = (n.alternatives as Node[]).map((a) => this.firstSet(a, inner.seen));
        return sets.every((x) => x !== null) ? union(sets as CharSet[]) : null;
      }
      case 'one_or_more':
        return this.firstSet(n.expression as Node, inner.seen);
      default:
        return null;
    }
  }

  /**
   * `node` without the wrappers that match what their expression matches
   * (actions, labels, groups, display names) and with rule references
   * followed, and the rules followed on the way; null for a rule that refers
   * back to one on the way, or that is not there.
   */
  private unwrap(node: Node, seen: ReadonlySet<string>): { node: Node; seen: ReadonlySet<string> } | null {
    for (;;) {
      switch (node.type) {
        case 'action':
        case 'named':
        case 'text':
        case 'group':
        case 'labeled':
          node = node.expression as Node;
          continue;
        case 'rule_ref': {
          const name = node.name as string;
          const rule = this.rules.get(name);
          if (rule === undefined || seen.has(name)) return null;
          seen = new Set([...seen, name]);
          node = rule;
          continue;
        }
        default:
          return { node, seen };
      }
    }
  }

  /**
   * The name of a sticky regular expression that matches a run of the code
   * units of `set` (a class, repeated, with the flag y and without u, so that a range is of code
   * units, as the set's are): the diagnostic build's skip of a long run.
   */
  runRegex(set: CharSet): string {
    // Letters and digits as themselves (shorter, in the bundles that carry the back ends), every other code unit escaped.
    const unit = (c: number) => (/[0-9A-Za-z]/.test(String.fromCharCode(c)) ? String.fromCharCode(c) : `\\u${c.toString(16).padStart(4, '0')}`);
    const source = `[${set.map(([a, b]) => (a === b ? unit(a) : `${unit(a)}-${unit(b)}`)).join('')}]*`;
    let name = this.runRegexes.get(source);
    if (name === undefined) {
      // Checked here, code unit by code unit: the class takes exactly the set (and the end of a run is the same whichever reads it).
      const one = new RegExp(`^${source.slice(0, -1)}$`);
      for (let c = 0; c <= 0xffff; c++) {
        if (one.test(String.fromCharCode(c)) !== set.some(([a, b]) => c >= a && c <= b)) throw new Error(`the run regex ${source} and its set differ at code unit ${hex(c)}`);
      }
      name = `R${this.runRegexes.size}`;
      this.runRegexes.set(source, name);
    }
    return name;
  }

  fresh(prefix: string): string {
    return `${prefix}${this.next++}`;
  }

  line(depth: number, text: string): void {
    this.lines.push(`${'  '.repeat(depth)}${text}`);
  }
}

const hex = (code: number) => `0x${code.toString(16)}`;

/** How many characters of a run the diagnostic build's skips read by a loop before they read the rest by a sticky regular expression. */
const RUN_BY_LOOP = 32;

/** The names of the rules `node` refers to. */
function ruleRefs(node: Node, into: string[] = []): string[] {
  if (node.type === 'rule_ref') into.push(node.name as string);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const x of value) if (x !== null && typeof x === 'object' && typeof (x as Node).type === 'string') ruleRefs(x as Node, into);
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as Node).type === 'string') ruleRefs(value as Node, into);
  }
  return into;
}

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
  // The diagnostic build tests sets where peggy does: a class at a time, each with its expectation.
  const set = e.diagnostic ? null : e.charSet(node);
  if (set !== null && set.every(([, b]) => b < 128)) {
    // An ASCII set: the shared helper, one short call (V8 inlines it where the code is hot).
    e.line(depth, `${out} = one(${e.table(set)}, ${at});`);
    return;
  }
  if (set !== null) {
    const c = e.fresh('c');
    e.line(depth, `const ${c} = ${at} < len ? input.charCodeAt(${at}) : -1;`);
    e.line(depth, `${out} = ${e.setTest(c, set)} ? ${at} + 1 : -1;`);
    return;
  }
  switch (node.type) {
    case 'named':
      if (e.diagnostic) {
        // peggy: failures inside are silent, and a failure of the whole records the name where it began.
        e.line(depth, 'silent++;');
        emit(e, node.expression as Node, at, out, depth);
        e.line(depth, 'silent--;');
        e.failure(depth, out, at, { type: 'other', description: node.name as string });
        return;
      }
      emit(e, node.expression as Node, at, out, depth);
      return;
    case 'action':
    case 'labeled':
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
      e.line(depth, `${out} = ${at} + ${value.length} <= len && ${tests.join(' && ')} ? ${at} + ${value.length} : -1;`);
      e.failure(depth, out, at, { type: 'literal', text: value, ignoreCase: node.ignoreCase as boolean });
      return;
    }
    case 'class': {
      if (node.unicode) throw new Error('the recognizer does not compile unicode classes');
      const c = e.fresh('c');
      e.line(depth, `const ${c} = ${at} < len ? input.charCodeAt(${at}) : -1;`);
      const parts = node.parts as Array<string | [string, string]>;
      const classSet = node.inverted ? null : e.charSet(node);
      // A set by its ASCII table (the diagnostic build; the recognizer tests such a class above), else range by range.
      const test = classSet !== null ? e.setTest(c, classSet) : charTest(c, parts, node.ignoreCase as boolean);
      e.line(depth, node.inverted ? `${out} = ${c} >= 0 && !(${test}) ? ${at} + 1 : -1;` : `${out} = ${test} ? ${at} + 1 : -1;`);
      e.failure(depth, out, at, { type: 'class', parts, inverted: node.inverted as boolean, ignoreCase: node.ignoreCase as boolean, unicode: false });
      return;
    }
    case 'any':
      e.line(depth, `${out} = ${at} < len ? ${at} + 1 : -1;`);
      e.failure(depth, out, at, { type: 'any' });
      return;
    case 'sequence': {
      const elements = node.elements as Node[];
      const label = e.fresh('seq');
      const mark = e.canCapture(node) ? e.fresh('n') : undefined;
      e.line(depth, `${out} = -1;`);
      if (mark) e.line(depth, `const ${mark} = ncap;`);
      e.line(depth, `${label}: {`);
      let pos = at;
      for (const element of elements) {
        const v = e.fresh('p');
        e.line(depth + 1, `let ${v};`);
        emit(e, element, pos, v, depth + 1);
        e.line(depth + 1, mark ? `if (${v} < 0) { ncap = ${mark}; break ${label}; }` : `if (${v} < 0) break ${label};`);
        pos = v;
      }
      e.line(depth + 1, `${out} = ${pos};`);
      e.line(depth, '}');
      return;
    }
    case 'choice': {
      if (node === e.decisionChoice) {
        // A decision: each alternative on its own, and the one that matches logged with its index.
        const slot = e.decisionSlot;
        const alternatives = node.alternatives as Node[];
        let d = depth;
        for (const [i, alternative] of alternatives.entries()) {
          if (i > 0) {
            e.line(d, `if (${out} < 0) {`);
            d++;
          }
          emit(e, alternative, at, out, d);
          e.line(d, `if (${out} >= 0) capture(${slot}, ${i}, ${out});`);
        }
        for (; d > depth; d--) e.line(d - 1, '}');
        return;
      }
      // Consecutive alternatives that each match one character from a set
      // become one test: each consumes exactly one character, so which of them
      // matches first does not change the result.
      const alternatives: Node[] = [];
      for (const alternative of node.alternatives as Node[]) {
        const last = alternatives[alternatives.length - 1];
        // Not in the diagnostic build: each alternative fails with its own expectation, and peggy has merged what it merges.
        const lastSet = last && !e.diagnostic ? e.charSet(last) : null;
        const set = e.charSet(alternative);
        if (last && lastSet !== null && set !== null) {
          alternatives[alternatives.length - 1] = { type: 'choice', alternatives: [last, alternative] };
        } else {
          alternatives.push(alternative);
        }
      }
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
      // The count and the log's length are kept only where they are needed: a bound, a minimum that can fail with captures logged.
      const count = min > 0 || max !== Infinity ? e.fresh('k') : undefined;
      const mark = min > 0 && e.canCapture(node) ? e.fresh('n') : undefined;
      const v = e.fresh('p');
      if (mark) e.line(depth, `const ${mark} = ncap;`);
      if (count) e.line(depth, `let ${count} = 0;`);
      e.line(depth, `${out} = ${at};`);
      // The diagnostic build first skips the run of characters that the body matches one at a time, a table
      // lookup each for ASCII and a few range tests for the rest (an IRI's ucschar): at each of them the body
      // would only record failures before the offset where the loop stops, and only the furthest failure
      // counts (the body is tried there, and fails there or further on). A long segment or
      // query that fails at its end is then explained in 7 to 8 times a valid parse's time instead of 11 to 25; a
      // path of many short segments (the skip below) and an IRI's path, 6 to 9 times instead of 21 to 30.
      // The first RUN_BY_LOOP characters of a run are read by a loop here, the rest (of a long run) by a sticky regular
      // expression of the same set, as the valid path reads a component: the regex engine's scan costs a call, and
      // then reads several times faster than the loop (a 10 k-character path that failed at its end took 3 ns a
      // character in the loop). Both find the same end: the first code unit not in the set, or the input's.
      const steps = e.diagnostic && max === Infinity ? e.singleSteps(node.expression as Node) : null;
      if (steps !== null && steps.every(([, b]) => b < 128)) {
        // An ASCII set: the shared helper (skip), one short call.
        e.line(depth, `${out} = skip(${e.table(steps)}, ${e.runRegex(steps)}, ${out});`);
        if (count) e.line(depth, `${count} = ${out} - ${at};`);
      } else if (steps !== null) {
        const [c, limit] = [e.fresh('c'), e.fresh('l')];
        e.line(depth, `const ${limit} = ${out} + ${RUN_BY_LOOP} < len ? ${out} + ${RUN_BY_LOOP} : len;`);
        e.line(depth, `while (${out} < ${limit}) { const ${c} = input.charCodeAt(${out}); if (${e.setTest(c, steps)}) ${out}++; else break; }`);
        e.line(depth, `if (${out} === ${limit} && ${out} < len) ${out} = runEnd(${e.runRegex(steps)}, ${out});`);
        if (count) e.line(depth, `${count} = ${out} - ${at};`);
      }
      // A body of one lead character and a loop of single steps, ("/" segment) with segment = pchar*: the passes
      // over a run of lead characters and single steps begin at its lead characters, and all but the last are
      // skipped, to the last lead character of the run. That pass, run as written, goes on past it and records
      // its failures there or further on, so the failures of the skipped passes (before it) never count; it also
      // records what the inner loop expected at the run's end, which a skip to the run's end would leave out.
      // Where the passes need not be counted, a long run is read as above: its first RUN_BY_LOOP characters by the
      // loop, and the rest by a sticky regular expression of the lead characters and the single steps, to the run's
      // end; its last lead character is then the last character of it that is not a single step (the two sets are
      // disjoint: ledSteps), found back from its end, over the single steps of its last pass only.
      const led = e.diagnostic && max === Infinity && steps === null ? e.ledSteps(node.expression as Node) : null;
      const ascii = (set: CharSet) => set.every(([, b]) => b < 128);
      if (led !== null && !count && ascii(led.lead) && ascii(led.steps)) {
        // ASCII sets, the passes not counted: the shared helper (lastLead), one short call.
        const first = e.fresh('c');
        e.line(depth, `const ${first} = ${at} < len ? input.charCodeAt(${at}) : -1;`);
        e.line(depth, `if (${e.setTest(first, led.lead)}) ${out} = lastLead(${e.table(led.lead)}, ${e.table(led.steps)}, ${e.runRegex(union([led.lead, led.steps]))}, ${at});`);
      } else if (led !== null) {
        const [first, c, i, last, passes, limit, j] = [e.fresh('c'), e.fresh('c'), e.fresh('i'), e.fresh('q'), e.fresh('k'), e.fresh('l'), e.fresh('j')];
        e.line(depth, `const ${first} = ${at} < len ? input.charCodeAt(${at}) : -1;`);
        e.line(depth, `if (${e.setTest(first, led.lead)}) {`);
        e.line(depth + 1, count ? `let ${last} = ${at}, ${passes} = 0;` : `let ${last} = ${at};`);
        const bound = count ? 'len' : limit;
        if (!count) e.line(depth + 1, `const ${limit} = ${at} + ${RUN_BY_LOOP + 1} < len ? ${at} + ${RUN_BY_LOOP + 1} : len;`);
        e.line(depth + 1, `let ${i} = ${at} + 1;`);
        e.line(depth + 1, `for (; ${i} < ${bound}; ${i}++) {`);
        e.line(depth + 2, `const ${c} = input.charCodeAt(${i});`);
        e.line(depth + 2, `if (${e.setTest(c, led.steps)}) continue;`);
        e.line(depth + 2, `if (!${e.setTest(c, led.lead)}) break;`);
        e.line(depth + 2, `${last} = ${i};`);
        if (count) e.line(depth + 2, `${passes}++;`);
        e.line(depth + 1, '}');
        if (!count) {
          e.line(depth + 1, `if (${i} === ${limit} && ${i} < len) {`);
          e.line(depth + 2, `let ${j} = runEnd(${e.runRegex(union([led.lead, led.steps]))}, ${i}) - 1;`);
          e.line(depth + 2, `while (${j} >= ${i}) { const ${c} = input.charCodeAt(${j}); if (${e.setTest(c, led.steps)}) ${j}--; else break; }`);
          e.line(depth + 2, `if (${j} >= ${i}) ${last} = ${j};`);
          e.line(depth + 1, '}');
        }
        e.line(depth + 1, `${out} = ${last};`);
        if (count) e.line(depth + 1, `${count} = ${passes};`);
        e.line(depth, '}');
      }
      e.line(depth, `for (;;) {`);
      if (max !== Infinity) e.line(depth + 1, `if (${count} === ${max}) break;`);
      e.line(depth + 1, `let ${v};`);
      emit(e, node.expression as Node, out, v, depth + 1);
      // A match of no characters would repeat forever; peggy rejects such grammars too.
      e.line(depth + 1, `if (${v} < 0 || ${v} === ${out}) break;`);
      e.line(depth + 1, `${out} = ${v};`);
      if (count) e.line(depth + 1, `${count}++;`);
      e.line(depth, '}');
      if (min > 0) e.line(depth, mark ? `if (${count} < ${min}) { ${out} = -1; ncap = ${mark}; }` : `if (${count} < ${min}) ${out} = -1;`);
      return;
    }
    case 'simple_and':
    case 'simple_not': {
      const mark = e.canCapture(node) ? e.fresh('n') : undefined;
      const v = e.fresh('p');
      if (mark) e.line(depth, `const ${mark} = ncap;`);
      e.line(depth, `let ${v};`);
      if (e.diagnostic) e.line(depth, 'silent++;'); // peggy: no failure inside a lookahead is recorded
      emit(e, node.expression as Node, at, v, depth);
      if (e.diagnostic) e.line(depth, 'silent--;');
      if (mark) e.line(depth, `ncap = ${mark};`);
      e.line(depth, node.type === 'simple_and' ? `${out} = ${v} < 0 ? -1 : ${at};` : `${out} = ${v} < 0 ? ${at} : -1;`);
      return;
    }
    default:
      throw new Error(`the recognizer does not compile ${node.type} expressions`);
  }
}

/**
 * The rules of an ABNF file as it writes them, by name: the line that defines
 * each (`name = ...` or `name =/ ...`) and the indented lines that continue it,
 * verbatim, so that each generated function can carry its rule's text.
 */
export function abnfRules(abnf: string): Map<string, string[]> {
  const rules = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of abnf.split(/\r?\n/)) {
    const start = /^([A-Za-z][A-Za-z0-9-]*)\s*=/.exec(line);
    if (start !== null) {
      current = rules.get(start[1]) ?? [];
      rules.set(start[1], current);
      current.push(line.trimEnd());
    } else if (current !== undefined && /^\s+\S/.test(line)) {
      current.push(line.trimEnd());
    } else {
      current = undefined;
    }
  }
  return rules;
}

export interface RecognizerOptions {
  /** Rules whose matches are logged, in this slot order. */
  readonly captures: readonly string[];
  /**
   * Rules whose choice is logged where the grammar makes it: for each, the
   * names of the alternatives of its first choice (the first met going down
   * the rule's expression). When an alternative matches, the log gets
   * (slot, index of the alternative, end), the slots following the captures'
   * in this order, so the record's reader needs no position arithmetic.
   */
  readonly decisions?: Readonly<Record<string, readonly string[]>>;
}

/** Whether `node` is `inner` or holds it. */
function contains(node: Node, inner: Node): boolean {
  if (node === inner) return true;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      if (value.some((v) => v !== null && typeof v === 'object' && 'type' in v && contains(v as Node, inner))) return true;
    } else if (value !== null && typeof value === 'object' && 'type' in value && contains(value as Node, inner)) return true;
  }
  return false;
}

/** The first choice node of an expression, going down wrappers and sequences in order; undefined if none. */
function firstChoice(node: Node): Node | undefined {
  switch (node.type) {
    case 'choice':
      return node;
    case 'action':
    case 'labeled':
    case 'named':
    case 'text':
    case 'group':
      return firstChoice(node.expression as Node);
    case 'sequence':
      for (const element of node.elements as Node[]) {
        const found = firstChoice(element);
        if (found) return found;
      }
      return undefined;
    default:
      return undefined;
  }
}

/**
 * One function per rule, r_NAME(at), each under its rule's ABNF (grammar/NAME.abnf), as uriparser
 * puts the production above each function, then the lookup tables the bodies use. `body` writes
 * the statements that set `out`. Comments cost nothing at run time, and the CommonJS build
 * minifies them out of the RFC 3986 recognizer it bundles.
 */
function emitRules(e: Emitter, grammar: Grammar, grammarFile: string, abnfText: string | undefined, body: (rule: Grammar['rules'][number]) => void): void {
  const abnfFile = grammarFile.replace(/\.peggy$/, '.abnf');
  const abnf = abnfRules(abnfText ?? fs.readFileSync(path.join(__dirname, '..', abnfFile), 'utf8'));
  // ABNF rule names are case-insensitive: RFC 8141's Digit is RFC 5234's DIGIT.
  const byUpper = new Map([...abnf].map(([name, text]) => [name.toUpperCase(), text]));
  // A PEG helper rule has no ABNF line to show: its grammar's NAME.check.json names it, with the reason (pegHelpers).
  const checkFile = path.join(__dirname, '..', grammarFile.replace(/\.peggy$/, '.check.json'));
  const helpers = (fs.existsSync(checkFile) ? (JSON.parse(fs.readFileSync(checkFile, 'utf8')) as { pegHelpers?: Record<string, string> }).pegHelpers : undefined) ?? {};
  for (const rule of grammar.rules) {
    e.line(0, '');
    const name = toAbnfName(rule.name);
    const text = abnf.get(name) ?? byUpper.get(name.toUpperCase());
    const helper = Object.prototype.hasOwnProperty.call(helpers, rule.name) ? helpers[rule.name] : undefined;
    if (text === undefined && helper === undefined) throw new Error(`${grammarFile}: rule ${rule.name} is not in ${abnfFile} (a PEG helper rule is named in pegHelpers of its .check.json)`);
    for (const line of text ?? [`${rule.name}: a PEG helper rule, not in ${abnfFile}: ${helper}`]) e.line(0, `// ${line}`);
    e.line(0, `function r_${rule.name}(at) {`);
    body(rule);
    e.line(1, 'return out;');
    e.line(0, '}');
  }
  e.line(0, '');
  e.line(0, '// The ASCII part of each character set, one entry per code unit.');
  if (e.diagnostic) {
    // The diagnostic back end loads on a process's first rejection, where its top level runs once, in the interpreter:
    // a table built by a loop over its 128-character key cost about 15 µs there (a third of a millisecond for RFC
    // 3986's), from its runs of characters (start, end) about 1.
    e.line(0, 'function runs(r) { const t = new Uint8Array(128); for (let i = 0; i < r.length; i += 2) t.fill(1, r[i], r[i + 1]); return t; }');
    for (const [key, name] of e.tables) e.line(0, `const ${name} = runs([${[...key.matchAll(/1+/g)].map((m) => `${m.index}, ${m.index + m[0].length}`).join(', ')}]);`);
    return;
  }
  e.line(0, 'function table(bits) { const t = new Uint8Array(128); for (let i = 0; i < 128; i++) t[i] = bits.charCodeAt(i) - 48; return t; }');
  for (const [key, name] of e.tables) e.line(0, `const ${name} = table('${key}');`);
}

/** `abnf`: the text of the grammar's ABNF, by default read from grammar/NAME.abnf beside grammarFile (grammar/NAME.peggy). */
export function compileRecognizer(peggySource: string, grammarFile: string, options: RecognizerOptions, abnfText?: string): { js: string; dts: string } {
  const grammar = readGrammar(peggySource);
  const names = grammar.rules.map((r) => r.name);
  for (const c of options.captures) {
    if (!names.includes(c)) throw new Error(`${grammarFile}: capture rule ${c} is not in the grammar`);
  }
  const e = new Emitter();
  e.rules = new Map(grammar.rules.map((r) => [r.name, r.expression]));
  e.captures = options.captures;
  const decisionNames = Object.keys(options.decisions ?? {});
  for (const [i, name] of decisionNames.entries()) {
    const rule = e.rules.get(name);
    if (rule === undefined) throw new Error(`${grammarFile}: decision rule ${name} is not in the grammar`);
    const choice = firstChoice(rule);
    const given = (options.decisions ?? {})[name];
    if (choice === undefined) throw new Error(`${grammarFile}: decision rule ${name} has no choice`);
    const count = (choice.alternatives as Node[]).length;
    if (count !== given.length) throw new Error(`${grammarFile}: decision rule ${name} has ${count} alternatives, the options name ${given.length}`);
    e.decisions.set(name, { slot: options.captures.length + i, choice });
  }
  // Display names go only on rules that match one character, one code point (grammar/README.md),
  // so that an error names them without losing the offset of the failure: enforced here.
  const named: Record<string, string> = {};
  for (const rule of grammar.rules) {
    if (rule.expression.type !== 'named') continue;
    if (!e.matchesOneCodePoint({ type: 'rule_ref', name: rule.name })) {
      throw new Error(`${grammarFile}: rule ${rule.name} has a display name but does not match exactly one character`);
    }
    named[rule.name] = rule.expression.name as string;
  }
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
  e.line(0, '');
  e.line(0, '/** The end of a match of one character of an ASCII set (its table) at `at`, or -1. */');
  e.line(0, 'function one(table, at) {');
  e.line(1, 'if (at < len) { const c = input.charCodeAt(at); if (c < 128 && table[c] === 1) return at + 1; }');
  e.line(1, 'return -1;');
  e.line(0, '}');
  emitRules(e, grammar, grammarFile, abnfText, (rule) => {
    const decision = e.decisions.get(rule.name);
    e.decisionChoice = decision?.choice;
    e.decisionSlot = decision?.slot ?? -1;
    const slot = options.captures.indexOf(rule.name);
    if (slot >= 0) e.line(1, 'const entry = ncap;');
    e.line(1, 'let out;');
    emit(e, rule.expression, 'at', 'out', 1);
    if (slot >= 0) e.line(1, `if (out >= 0) capture(${slot}, at, out); else ncap = entry;`);
  });
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
  e.line(0, '/** Where a match of `startRule` that begins at offset `at` of `text` ends, or -1: for finding a rule inside a longer text. */');
  e.line(0, 'function matchAt(text, startRule, at) {');
  e.line(1, 'const f = START[startRule];');
  e.line(1, 'if (f === undefined) throw new Error(`unknown start rule ${startRule}`);');
  e.line(1, 'input = text; len = text.length; ncap = 0;');
  e.line(1, 'const end = f(at);');
  e.line(1, 'input = "";');
  e.line(1, 'return end;');
  e.line(0, '}');
  e.line(0, '');
  e.line(0, '/** The capture log of the last recognize(): captureCount() entries of (slot, start, end). Reused: read it before the next call. */');
  e.line(0, 'function captureLog() { return caps; }');
  e.line(0, 'function captureCount() { return ncap; }');
  e.line(0, '');
  e.line(0, `const CAPTURE_SLOTS = ${JSON.stringify(Object.fromEntries(options.captures.map((c, i) => [c, i])))};`);
  e.line(0, '/** Per decision rule: its slot in the log and the names of its alternatives, by the index the log gives. */');
  e.line(0, `const DECISIONS = ${JSON.stringify(Object.fromEntries(decisionNames.map((n) => [n, { slot: (e.decisions.get(n) as { slot: number }).slot, alternatives: (options.decisions ?? {})[n] }])))};`);
  e.line(0, '');
  e.line(0, '/** The rules with a display name, all of which match exactly one character, and their names. */');
  e.line(0, `const NAMED_RULES = ${JSON.stringify(named)};`);
  e.line(0, '');
  e.line(0, `module.exports = { recognize, matchAt, captureLog, captureCount, CAPTURE_SLOTS, DECISIONS, NAMED_RULES, START_RULES: ${JSON.stringify(names)} };`);

  const dts = [
    "/** Every rule of the grammar, by PEG name, in the grammar's order: each can start a match (the public rule-name types are made of these). */",
    `export type StartRuleNames = ${names.map((n) => JSON.stringify(n)).join(' | ')};`,
    '',
    '/** Whether the whole of `text` matches `startRule`; afterwards captureLog() holds its captures. */',
    'export declare function recognize(text: string, startRule: StartRuleNames): boolean;',
    '/** Where a match of `startRule` that begins at offset `at` of `text` ends, or -1: for finding a rule inside a longer text. */',
    'export declare function matchAt(text: string, startRule: StartRuleNames, at: number): number;',
    '/** The capture log of the last recognize(): captureCount() entries of (slot, start, end). Reused by the next call. */',
    'export declare function captureLog(): Int32Array;',
    'export declare function captureCount(): number;',
    // No captures (a grammar whose records are 'none'): an empty object type, not `{ readonly  }`, which is no type (the public rule-name types read this file).
    `export declare const CAPTURE_SLOTS: ${options.captures.length === 0 ? '{}' : `{ readonly ${options.captures.map((c, i) => `${c}: ${i}`).join('; readonly ')} }`};`,
    `export declare const DECISIONS: { ${decisionNames.map((n) => `readonly ${n}: { readonly slot: ${(e.decisions.get(n) as { slot: number }).slot}; readonly alternatives: readonly [${((options.decisions ?? {})[n]).map((a) => JSON.stringify(a)).join(', ')}] }`).join('; ')} };`,
    'export declare const START_RULES: readonly StartRuleNames[];',
    '/** The rules with a display name, all of which match exactly one character, and their names. */',
    'export declare const NAMED_RULES: Readonly<Partial<Record<StartRuleNames, string>>>;',
    '',
  ].join('\n');
  return { js: `${e.lines.join('\n')}\n`, dts };
}

/**
 * The longest chain of rule invocations from any rule, counting the rule
 * itself: the depth of the diagnostic build's stack. Every rule of urigram's
 * grammars is regular, none recursive, so it is bounded; a recursive grammar
 * is refused here rather than given a stack that grows with the input.
 */
function callDepth(rules: ReadonlyMap<string, Node>, grammarFile: string): number {
  const depth = new Map<string, number>();
  const visit = (name: string, path: readonly string[]): number => {
    const known = depth.get(name);
    if (known !== undefined) return known;
    if (path.includes(name)) throw new Error(`${grammarFile}: rule ${name} is recursive (${[...path, name].join(' > ')}); the diagnostic build needs a bounded stack`);
    const rule = rules.get(name);
    const d = 1 + Math.max(0, ...(rule === undefined ? [] : ruleRefs(rule)).map((r) => visit(r, [...path, name])));
    depth.set(name, d);
    return d;
  };
  return Math.max(...[...rules.keys()].map((n) => visit(n, [])));
}

/**
 * The terminal a rule's match begins with, when its failure fails the whole
 * rule: a non-empty literal, a class or a rule with a display name, first in
 * a sequence (or the whole expression). Undefined otherwise.
 */
function firstTerminal(node: Node, rules: ReadonlyMap<string, Node>): Node | undefined {
  switch (node.type) {
    case 'action':
    case 'labeled':
    case 'group':
    case 'text':
      return firstTerminal(node.expression as Node, rules);
    case 'sequence': {
      const elements = node.elements as Node[];
      return elements.length > 0 ? firstTerminal(elements[0], rules) : undefined;
    }
    case 'literal':
      return (node.value as string).length > 0 ? node : undefined;
    case 'class':
      return node;
    case 'rule_ref':
      return rules.get(node.name as string)?.type === 'named' ? node : undefined;
    default:
      return undefined;
  }
}

/**
 * Compiles the diagnostic back end (generated/NAME.diagnose.js): for an
 * input the recognizer rejected, what one run of peggy's traced parser
 * (generated/NAME.trace.js with src/core/diagnose.ts's TracedRun) finds, without
 * peggy's result tree or trace events:
 *
 * - the furthest failure and the expectations recorded there, with peggy's
 *   semantics: the same emitter as the recognizer, in its diagnostic mode
 *   (Emitter.diagnostic), over the grammar as peggy compiles it (peggyAst:
 *   after peggy's own passes, so that its merged classes and removed proxy
 *   rules are reproduced, with their expectations and their invocations);
 * - the rule path: each rule function pushes its invocation (rule, start) on
 *   a stack of preallocated typed arrays, and the bookkeeping of TracedRun is
 *   done on those numbers (see the comments in the generated prelude).
 *
 * Nothing is allocated per character or per rule call; the stack is as deep
 * as the grammar (callDepth), whatever the input.
 */
export function compileDiagnostic(peggyAst: Grammar, grammarFile: string, abnfText?: string): { js: string; dts: string } {
  const e = new Emitter();
  e.diagnostic = true;
  e.rules = new Map(peggyAst.rules.map((r) => [r.name, r.expression]));
  const names = peggyAst.rules.map((r) => r.name);
  const ids = new Map(names.map((n, i) => [n, i]));
  const maxDepth = callDepth(e.rules, grammarFile);
  const L = (text: string) => e.line(0, text);
  L(`'use strict';`);
  L(`// The diagnostic back end for ${grammarFile}: for a rejected input, peggy's furthest failure, its expectations and the rule path,`);
  L(`// as one run of peggy's traced parser finds them. Compiled by scripts/compile-recognizer.ts (compileDiagnostic) from the grammar`);
  L(`// as peggy compiles it (after its own passes).`);
  L('');
  L('let input = "";');
  L('let len = 0;');
  L('/** Failures are recorded only at 0: inside a lookahead or a rule with a display name it is above 0 (peggy\'s peg$silentFails). */');
  L('let silent = 0;');
  L('/** The furthest offset where an expectation was recorded (-1: none), and the expectations there, each once (list; seenIn: the epoch, below, of its last record). */');
  L('let maxFail = -1;');
  L(`const list = new Int32Array(${'${EXPECTATION_COUNT}'});`);
  L(`const seenIn = new Int32Array(${'${EXPECTATION_COUNT}'});`);
  L('let count = 0;');
  L('/**');
  L(' * The stack of rule invocations, from 1 (0 is below the start rule): rule index, start offset, and');
  L(' * `reached`, the epoch of maxFail when a failure at maxFail was recorded with the invocation on the');
  L(' * stack. A failure marks the top; an invocation that leaves marked passes the mark to its caller,');
  L(' * so that each one is marked exactly when TracedRun\'s walk down the stack would have marked it.');
  L(' */');
  L(`const rules = new Int32Array(${maxDepth + 1});`);
  L(`const starts = new Int32Array(${maxDepth + 1});`);
  L(`const reached = new Int32Array(${maxDepth + 1});`);
  L('let depth = 0;');
  L('/** Numbers the furthest offsets seen: 1 for the first, so that 0 is never current. */');
  L('let epoch = 0;');
  L('/** The path of the innermost marked invocation that began before maxFail and left (best), and the common prefix of the stacks of the failures at maxFail (common, -1 before the first). */');
  L(`const best = new Int32Array(${maxDepth});`);
  L('let bestLength = 0;');
  L(`const common = new Int32Array(${maxDepth});`);
  L('let commonLength = -1;');
  L('/** Per rule index, set by run(): whether the rule never ends a path. */');
  L('let pathless = new Uint8Array(0);');
  L('let startGivesPath = true;');
  L('');
  L('/** The end of a match of one character of an ASCII set (its table) at `at`, or -1 (in the bodies of the rules with a display name). */');
  L('function one(table, at) {');
  L('  if (at < len) { const c = input.charCodeAt(at); if (c < 128 && table[c] === 1) return at + 1; }');
  L('  return -1;');
  L('}');
  L('');
  L('/** Where the run of characters that `re` (a class, repeated, sticky) matches from `at` ends: the skips\' reading of a long run. */');
  L('function runEnd(re, at) {');
  L('  re.lastIndex = at;');
  L('  re.test(input);');
  L('  return re.lastIndex;');
  L('}');
  L('');
  L(`/** Where the run of the characters of an ASCII set (its table, and its sticky regex: runEnd) from \`at\` ends: its first ${RUN_BY_LOOP} by a loop, the rest by the regex. */`);
  L('function skip(table, re, at) {');
  L(`  const limit = at + ${RUN_BY_LOOP} < len ? at + ${RUN_BY_LOOP} : len;`);
  L('  while (at < limit) { const c = input.charCodeAt(at); if (c < 128 && table[c] === 1) at++; else return at; }');
  L('  return at < len ? runEnd(re, at) : at;');
  L('}');
  L('');
  L('/**');
  L(' * The last lead character of a run of lead characters and single steps (ASCII sets: their tables, and the sticky');
  L(` * regex of both) that begins at \`at\`, a lead character: its first ${RUN_BY_LOOP} characters by a loop, then the run's end by`);
  L(' * the regex and its last lead character back from there (the sets are disjoint).');
  L(' */');
  L('function lastLead(lead, steps, re, at) {');
  L('  let last = at;');
  L(`  const limit = at + ${RUN_BY_LOOP + 1} < len ? at + ${RUN_BY_LOOP + 1} : len;`);
  L('  let i = at + 1;');
  L('  for (; i < limit; i++) {');
  L('    const c = input.charCodeAt(i);');
  L('    if (c < 128 && steps[c] === 1) continue;');
  L('    if (!(c < 128 && lead[c] === 1)) return last;');
  L('    last = i;');
  L('  }');
  L('  if (i < len) {');
  L('    let j = runEnd(re, i) - 1;');
  L('    while (j >= i) { const c = input.charCodeAt(j); if (c < 128 && steps[c] === 1) j--; else break; }');
  L('    if (j >= i) last = j;');
  L('  }');
  L('  return last;');
  L('}');
  L('');
  L('/** peggy\'s peg$fail with TracedRun\'s peg$onFail: records expectation `id` at `at` (at >= maxFail, not silent). */');
  L('function fail(at, id) {');
  L('  if (at > maxFail) {');
  L('    maxFail = at;');
  L('    epoch++;');
  L('    count = 0;');
  L('    bestLength = 0;');
  L('    commonLength = -1;');
  L('  }');
  L('  if (seenIn[id] !== epoch) { seenIn[id] = epoch; list[count++] = id; }');
  L('  reached[depth] = epoch;');
  L('  if (at === 0 || !startGivesPath) shareStack();');
  L('}');
  L('');
  L('/** The common prefix keeps what it shares with this failure\'s stack (TracedRun cuts the rules with a display name from its top: here they push no frame). */');
  L('function shareStack() {');
  L('  const top = depth;');
  L('  if (commonLength < 0) {');
  L('    for (let i = 0; i < top; i++) common[i] = rules[i + 1];');
  L('    commonLength = top;');
  L('  } else {');
  L('    let n = 0;');
  L('    const limit = commonLength < top ? commonLength : top;');
  L('    while (n < limit && common[n] === rules[n + 1]) n++;');
  L('    commonLength = n;');
  L('  }');
  L('}');
  L('');
  L('/** Invocation `d` leaves marked: its caller is marked, and its stack is the path if it began before maxFail and is the innermost such so far. */');
  L('function leave(d) {');
  L('  reached[d - 1] = epoch;');
  L('  if (starts[d] < maxFail && d > bestLength && pathless[rules[d]] === 0) {');
  L('    for (let i = 0; i < d; i++) best[i] = rules[i + 1];');
  L('    bestLength = d;');
  L('  }');
  L('}');
  emitRules(e, peggyAst, grammarFile, abnfText, (rule) => {
    if (rule.expression.type === 'named') {
      // A rule with a display name matches one character, and everything inside it is silent: its
      // invocations can mark nothing, and its own frame only passes a mark to its caller (it begins
      // at its failure, so it never gives the path, and it is cut from the top of a failure's stack).
      // So it pushes no frame, and its body is the recognizer's code (Emitter.diagnostic off), with
      // the rule's one failure, its name at its start, recorded with its caller on top.
      e.diagnostic = false;
      const from = e.lines.length;
      e.line(1, 'let out;');
      emit(e, rule.expression.expression as Node, 'at', 'out', 1);
      e.diagnostic = true;
      if (e.lines.slice(from).some((l) => /\br_\w+\(/.test(l))) {
        e.lines.splice(from + 1, 0, '  silent++;');
        e.line(1, 'silent--;');
      }
      e.failure(1, 'out', 'at', { type: 'other', description: rule.expression.name as string });
      return;
    }
    const first = firstTerminal(rule.expression, e.rules);
    if (first !== undefined) {
      // A rule that fails at its first terminal, where no failure takes part in a common prefix
      // (past offset 0, under a start rule that gives a path), would push a frame only for the
      // failure to mark it and its leaving to pass the mark to its caller: it never gives the
      // path, since it began where it failed. So it fails there, the caller on top.
      e.line(1, 'if (at > 0 && startGivesPath) {');
      e.line(2, 'let first;');
      emit(e, first, 'at', 'first', 2);
      e.line(2, 'if (first < 0) return -1;');
      e.line(1, '}');
    }
    e.line(1, `const d = depth + 1; depth = d; rules[d] = ${ids.get(rule.name)}; starts[d] = at; reached[d] = 0;`);
    e.line(1, 'let out;');
    emit(e, rule.expression, 'at', 'out', 1);
    e.line(1, 'depth = d - 1;');
    e.line(1, 'if (reached[d] === epoch) leave(d);');
  });
  L('// The sticky regular expressions of the runs the skips read (runEnd): a class of code units (no u flag), repeated.');
  for (const [source, name] of e.runRegexes) L(`const ${name} = /${source}/y;`);
  L('');
  L(`const START = { ${names.map((n) => `${n}: r_${n}`).join(', ')} };`);
  L('');
  L('/** peggy\'s expectations, as its traced parser records them (peg$maxFailExpected), by index. */');
  L(`const EXPECTATIONS = ${JSON.stringify([...e.expectations.keys()].map((k) => JSON.parse(k) as unknown))};`);
  L('/** The rules, by index. */');
  L(`const RULES = ${JSON.stringify(names)};`);
  L('/** The ABNF name of each rule, by index: the names of rule paths (diagnose.ts reads them here, without a conversion to run on a first rejection). */');
  L(`const ABNF_NAMES = ${JSON.stringify(names.map((n) => toAbnfName(n)))};`);
  L('/** The rules with a display name (each matches one character): diagnose.ts reads them here, without loading the recognizer. */');
  L(`const NAMED_RULES = ${JSON.stringify(peggyAst.rules.filter((r) => r.expression.type === 'named').map((r) => r.name))};`);
  L('');
  L('/**');
  L(' * What the last run() found, for diagnose.ts to read without an object or an array made per rejection:');
  L(' * the furthest failure offset (0 when none was recorded), how many expectations were recorded there (their');
  L(' * indices: EXPECTED), and the lengths of the two candidate paths (BEST and COMMON; -1: no common prefix).');
  L(' */');
  L('const FOUND = new Int32Array(4);');
  L('');
  L('/**');
  L(' * Runs `startRule` on `text` as peggy\'s traced parser would. `pathlessRules` flags the rules, by index, that');
  L(' * never end a path (TracedRun\'s: the rules with a display name, and the rules of a character).');
  L(' * Returns where the start rule\'s match ends (-1: it failed); FOUND, EXPECTED, BEST and COMMON hold the rest');
  L(' * until the next run.');
  L(' */');
  L('function run(text, startRule, pathlessRules) {');
  L('  const f = START[startRule];');
  L('  if (f === undefined) throw new Error(`unknown start rule ${startRule}`);');
  L('  input = text; len = text.length; silent = 0; maxFail = -1; count = 0; seenIn.fill(0); depth = 0; epoch = 0; bestLength = 0; commonLength = -1;');
  L('  pathless = pathlessRules;');
  L(`  startGivesPath = pathless[START_INDEX[startRule]] === 0;`);
  L('  const end = f(0);');
  L('  input = "";');
  L('  FOUND[0] = maxFail < 0 ? 0 : maxFail;');
  L('  FOUND[1] = count;');
  L('  FOUND[2] = bestLength;');
  L('  FOUND[3] = commonLength;');
  L('  return end;');
  L('}');
  L('');
  L(`const START_INDEX = { ${names.map((n, i) => `${n}: ${i}`).join(', ')} };`);
  L('');
  L('/** The arrays run() fills, by the names diagnose.ts reads them under. */');
  L('const EXPECTED = list, BEST = best, COMMON = common;');
  L('');
  L('module.exports = { run, FOUND, EXPECTED, BEST, COMMON, EXPECTATIONS, RULES, ABNF_NAMES, NAMED_RULES };');
  const js = `${e.lines.join('\n')}\n`.split('${EXPECTATION_COUNT}').join(String(Math.max(1, e.expectations.size)));
  const dts = [
    `import type { StartRuleNames } from './${path.basename(grammarFile, '.peggy')}.recognizer';`,
    "import type { PeggyExpectation as Expectation } from '../src/core/types';",
    '',
    '/**',
    ' * Runs `startRule` on `text` as peggy\'s traced parser would: returns where the match ends (-1: it failed);',
    ' * FOUND, EXPECTED, BEST and COMMON hold the rest until the next run. `pathlessRules` flags the rules, by',
    ' * index (1), that never end a path.',
    ' */',
    'export declare function run(text: string, startRule: StartRuleNames, pathlessRules: Uint8Array): number;',
    '/** The last run\'s furthest failure offset, the number of expectations there (in EXPECTED), and the lengths of BEST and COMMON (-1: none). */',
    'export declare const FOUND: Int32Array;',
    '/** The last run\'s expectations at the furthest failure (indices into EXPECTATIONS), the first FOUND[1] entries. */',
    'export declare const EXPECTED: Int32Array;',
    '/** The last run\'s two candidate paths (rule indices, outermost first), the first FOUND[2] and FOUND[3] entries. */',
    'export declare const BEST: Int32Array;',
    'export declare const COMMON: Int32Array;',
    '/** peggy\'s expectations, by index. */',
    'export declare const EXPECTATIONS: readonly Expectation[];',
    '/** The rules, by index. */',
    'export declare const RULES: readonly StartRuleNames[];',
    '/** The ABNF name of each rule, by index. */',
    'export declare const ABNF_NAMES: readonly string[];',
    '/** The rules with a display name, each of which matches one character. */',
    'export declare const NAMED_RULES: readonly StartRuleNames[];',
    '',
  ].join('\n');
  return { js, dts };
}
