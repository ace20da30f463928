/**
 * Compiles a grammar's ABNF (grammar/NAME.abnf, the language that
 * `npm run check:grammar` proves the PEG equal to) into one minimal
 * deterministic finite automaton per rule, over UTF-16 code units, and emits
 * them as compact tables: generated/NAME.dfa.js. isValid() and matches() run
 * them: one table lookup per character, no calls, no backtracking, no
 * allocation.
 *
 * Every rule of the three grammars is regular (no rule refers to itself,
 * directly or not), so each is a finite automaton:
 *
 * 1. The alphabet: every character an ABNF element names (a %x range, a
 *    letter of a quoted string in both cases, RFC 5234 2.3) cuts the code
 *    units 0 to FFFF into intervals; intervals that every element either holds
 *    whole or not at all are one character class. Code units no element
 *    names form class 0, on which every automaton dies. (The abnf package
 *    writes a range above FFFF as its UTF-16 surrogate pairs.)
 * 2. A Thompson automaton (with empty moves) of the rule, its references
 *    expanded in place, repetitions unrolled to their bounds.
 * 3. Subset construction, then Moore's partition refinement: the minimal
 *    automaton. State 0 is the dead state.
 * 4. Classes that every automaton of the grammar treats alike are merged, and
 *    states are numbered dead first, accepting last, so that "accepted" is one
 *    comparison. Tables are written column-major, as strings of one
 *    character per entry, read as they are (no decoding); at run time the
 *    next state is one lookup, next.charCodeAt(the character's class *
 *    the number of states + state) - 32.
 * 5. A state that stays where it is on at least 16 ASCII characters (inside a
 *    path, a query, a reg-name) gets a sticky regular expression of those
 *    characters, and the runner skips such a run with it: the engine's own
 *    matcher, faster than a lookup per character on the long runs URIs have.
 * 6. Where grammar/NAME.dfa.json asks for one, a fast path: regular
 *    expressions of the common forms of a URI, tried before the automata,
 *    proven at generate time against them (fastPathSources, proveFastPath).
 *
 * Used by scripts/generate.ts, which also checks the output is up to date.
 */
import * as path from 'node:path';
import { parseAbnf, type AbnfGrammar, type AbnfNode } from './grammar-check/abnf';

/** The automata of one grammar, before emission. */
export interface GrammarAutomata {
  /** The number of character classes, class 0 (no element names it) included. */
  readonly classCount: number;
  /** Per ASCII code unit, its class. */
  readonly ascii: readonly number[];
  /** Above ASCII: sorted interval starts (the first is 128) and the class of each interval. */
  readonly highStarts: readonly number[];
  readonly highClasses: readonly number[];
  /** Per rule (ABNF name), its automaton. */
  readonly rules: ReadonlyMap<string, Automaton>;
}

export interface Automaton {
  /** Number of states, the dead state 0 included. */
  readonly states: number;
  readonly start: number;
  /** States numbered at least this accept. */
  readonly acceptFrom: number;
  /** Row-major: next[state * classCount + class]. */
  readonly next: Int32Array;
}

const foldCase = (c: number): number | undefined => (c >= 0x41 && c <= 0x5a ? c + 0x20 : c >= 0x61 && c <= 0x7a ? c - 0x20 : undefined);

/** Every [first, last] code unit range an element of the grammar names. */
function elementRanges(grammar: AbnfGrammar): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const walk = (node: AbnfNode): void => {
    switch (node.kind) {
      case 'lit':
        for (let i = 0; i < node.text.length; i++) {
          const c = node.text.charCodeAt(i);
          out.push([c, c]);
          const other = node.caseInsensitive ? foldCase(c) : undefined;
          if (other !== undefined) out.push([other, other]);
        }
        return;
      case 'range':
        out.push([node.first, node.last]);
        return;
      case 'alt':
        node.alts.forEach(walk);
        return;
      case 'seq':
        node.items.forEach(walk);
        return;
      case 'rep':
        walk(node.node);
        return;
      case 'ref':
      case 'prose':
        return;
    }
  };
  for (const rule of grammar.rules.values()) walk(rule);
  return out;
}

/**
 * The character classes: intervals of code units that lie inside exactly the
 * same element ranges. Returns the interval starts, each interval's class,
 * and the class count (class 0: inside no range).
 */
function partition(ranges: ReadonlyArray<readonly [number, number]>): { starts: number[]; classes: number[]; count: number } {
  const cuts = new Set<number>([0, 0x10000]);
  for (const [a, b] of ranges) {
    cuts.add(a);
    cuts.add(b + 1);
  }
  const starts = [...cuts].sort((x, y) => x - y).slice(0, -1);
  const signatures = new Map<string, number>([['', 0]]);
  const classes = starts.map((start) => {
    const inside: number[] = [];
    ranges.forEach(([a, b], i) => {
      if (start >= a && start <= b) inside.push(i);
    });
    const key = inside.join(',');
    let k = signatures.get(key);
    if (k === undefined) {
      k = signatures.size;
      signatures.set(key, k);
    }
    return k;
  });
  return { starts, classes, count: signatures.size };
}

/** The class of code unit `c`, given the partition. */
function classOf(starts: readonly number[], classes: readonly number[], c: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= c) lo = mid;
    else hi = mid - 1;
  }
  return classes[lo];
}

/** A Thompson automaton: empty moves, and moves on a set of classes. */
class Nfa {
  readonly empty: number[][] = [];
  readonly moves: Array<Array<{ classes: ReadonlySet<number>; to: number }>> = [];

  state(): number {
    this.empty.push([]);
    this.moves.push([]);
    return this.empty.length - 1;
  }
}

/** Builds automata of the rules of one grammar over its classes. */
class Builder {
  private readonly starts: number[];
  private readonly classes: number[];
  readonly classCount: number;
  private readonly setCache = new Map<string, ReadonlySet<number>>();

  constructor(private readonly grammar: AbnfGrammar) {
    const p = partition(elementRanges(grammar));
    this.starts = p.starts;
    this.classes = p.classes;
    this.classCount = p.count;
  }

  classOf(c: number): number {
    return classOf(this.starts, this.classes, c);
  }

  /** The classes of the code units first..last (which the partition cuts only at class boundaries). */
  private rangeClasses(first: number, last: number): ReadonlySet<number> {
    const key = `${first}-${last}`;
    let set = this.setCache.get(key);
    if (set === undefined) {
      const s = new Set<number>();
      for (let i = 0; i < this.starts.length; i++) {
        const a = this.starts[i];
        const b = i + 1 < this.starts.length ? this.starts[i + 1] - 1 : 0xffff;
        if (a >= first && b <= last) s.add(this.classes[i]);
        else if (!(b < first || a > last)) throw new Error(`internal error: the partition cuts ${first}-${last} inside an interval`);
      }
      set = s;
      this.setCache.set(key, set);
    }
    return set;
  }

  /** Adds a fragment for `node` from state `from`; returns its end state. */
  private fragment(nfa: Nfa, node: AbnfNode, from: number, depth: number): number {
    if (depth > 200) throw new Error(`${this.grammar.source}: the rules refer to each other too deeply (a cycle?): not a regular grammar`);
    switch (node.kind) {
      case 'lit': {
        let at = from;
        for (let i = 0; i < node.text.length; i++) {
          const c = node.text.charCodeAt(i);
          const other = node.caseInsensitive ? foldCase(c) : undefined;
          const classes = new Set([...this.rangeClasses(c, c), ...(other === undefined ? [] : this.rangeClasses(other, other))]);
          const to = nfa.state();
          nfa.moves[at].push({ classes, to });
          at = to;
        }
        return at;
      }
      case 'range': {
        const to = nfa.state();
        nfa.moves[from].push({ classes: this.rangeClasses(node.first, node.last), to });
        return to;
      }
      case 'ref': {
        const name = this.grammar.canonical(node.name);
        const def = name === undefined ? undefined : this.grammar.rules.get(name);
        if (def === undefined) throw new Error(`${this.grammar.source}: no rule ${node.name}`);
        return this.fragment(nfa, def, from, depth + 1);
      }
      case 'alt': {
        const end = nfa.state();
        for (const alt of node.alts) {
          const start = nfa.state();
          nfa.empty[from].push(start);
          nfa.empty[this.fragment(nfa, alt, start, depth)].push(end);
        }
        return end;
      }
      case 'seq': {
        let at = from;
        for (const item of node.items) at = this.fragment(nfa, item, at, depth);
        return at;
      }
      case 'rep': {
        if (node.max === 0) return from; // 0<pchar> (path-empty): nothing
        let at = from;
        for (let i = 0; i < node.min; i++) at = this.fragment(nfa, node.node, at, depth);
        if (node.max === Infinity) {
          // at -> loop start; loop body back to it; leave from it.
          const loop = nfa.state();
          nfa.empty[at].push(loop);
          const bodyStart = nfa.state();
          nfa.empty[loop].push(bodyStart);
          nfa.empty[this.fragment(nfa, node.node, bodyStart, depth)].push(loop);
          return loop;
        }
        const end = nfa.state();
        nfa.empty[at].push(end);
        for (let i = node.min; i < node.max; i++) {
          const next = this.fragment(nfa, node.node, at, depth);
          nfa.empty[next].push(end);
          at = next;
        }
        return end;
      }
      case 'prose':
        throw new Error(`${this.grammar.source}: prose <${node.text}> is not a language an automaton can recognize`);
    }
  }

  /** The minimal automaton of a rule. */
  automaton(rule: string): Automaton {
    const def = this.grammar.rules.get(rule);
    if (def === undefined) throw new Error(`${this.grammar.source}: no rule ${rule}`);
    const nfa = new Nfa();
    const start = nfa.state();
    const final = this.fragment(nfa, def, start, 0);
    return minimize(determinize(nfa, start, final, this.classCount), this.classCount);
  }
}

interface RawDfa {
  /** Row-major next states, -1 for none (the dead state). */
  readonly next: number[];
  readonly accepting: boolean[];
  readonly start: number;
}

/** Subset construction. DFA state 0 is the start. */
function determinize(nfa: Nfa, start: number, final: number, k: number): RawDfa {
  const closure = (set: readonly number[]): number[] => {
    const seen = new Set<number>(set);
    const stack = [...set];
    while (stack.length > 0) {
      const q = stack.pop() as number;
      for (const r of nfa.empty[q]) {
        if (!seen.has(r)) {
          seen.add(r);
          stack.push(r);
        }
      }
    }
    // Only states with moves, and the final state, tell subsets apart.
    return [...seen].filter((q) => q === final || nfa.moves[q].length > 0).sort((a, b) => a - b);
  };
  const ids = new Map<string, number>();
  const sets: number[][] = [];
  const next: number[] = [];
  const accepting: boolean[] = [];
  const add = (set: number[]): number => {
    const key = set.join(',');
    let id = ids.get(key);
    if (id === undefined) {
      id = sets.length;
      ids.set(key, id);
      sets.push(set);
      accepting.push(set.includes(final));
      for (let c = 0; c < k; c++) next.push(-1);
    }
    return id;
  };
  add(closure([start]));
  for (let s = 0; s < sets.length; s++) {
    const targets: number[][] = Array.from({ length: k }, () => []);
    for (const q of sets[s]) for (const m of nfa.moves[q]) for (const c of m.classes) targets[c].push(m.to);
    for (let c = 0; c < k; c++) {
      if (targets[c].length > 0) next[s * k + c] = add(closure(targets[c]));
    }
  }
  return { next, accepting, start: 0 };
}

/** The number of `key` in `ids`: the next number (ids.size) the first time it is met. */
function idOf(ids: Map<string, number>, key: string): number {
  let id = ids.get(key);
  if (id === undefined) {
    id = ids.size;
    ids.set(key, id);
  }
  return id;
}

/**
 * Moore's partition refinement from {dead, rejecting, accepting}, then the
 * states renumbered: 0 dead, then the rejecting states, then the accepting.
 */
function minimize(dfa: RawDfa, k: number): Automaton {
  const n = dfa.accepting.length;
  // State n is the dead state the missing moves go to.
  const to = (s: number, c: number): number => (s === n ? n : dfa.next[s * k + c] < 0 ? n : dfa.next[s * k + c]);
  let block: number[] = Array.from({ length: n + 1 }, (_, s) => (s === n ? 0 : dfa.accepting[s] ? 2 : 1));
  let count = new Set(block).size;
  for (;;) {
    const ids = new Map<string, number>();
    const refined = block.map((b, s) => {
      let key = `${b}`;
      for (let c = 0; c < k; c++) key += `,${block[to(s, c)]}`;
      return idOf(ids, key);
    });
    const size = ids.size;
    block = refined;
    if (size === count) break;
    count = size;
  }
  // Renumber the blocks: dead first, then rejecting, then accepting.
  const deadBlock = block[n];
  const isAccepting = new Map<number, boolean>();
  for (let s = 0; s < n; s++) isAccepting.set(block[s], dfa.accepting[s]);
  const order = [...new Set(block)].filter((b) => b !== deadBlock).sort((a, b) => Number(isAccepting.get(a)) - Number(isAccepting.get(b)) || a - b);
  const number = new Map<number, number>([[deadBlock, 0]]);
  order.forEach((b, i) => number.set(b, i + 1));
  const states = order.length + 1;
  const next = new Int32Array(states * k);
  const done = new Set<number>();
  for (let s = 0; s <= n; s++) {
    const id = number.get(block[s]) as number;
    if (done.has(id)) continue;
    done.add(id);
    for (let c = 0; c < k; c++) next[id * k + c] = number.get(block[to(s, c)]) as number;
  }
  const firstAccepting = order.findIndex((b) => isAccepting.get(b));
  return { states, start: number.get(block[dfa.start]) as number, acceptFrom: firstAccepting < 0 ? states : firstAccepting + 1, next };
}

/**
 * Merges the classes that every automaton treats alike (same next state from
 * every state), and renumbers them so that class 0 stays the dead one.
 */
function mergeClasses(rules: ReadonlyMap<string, Automaton>, k: number): { map: number[]; count: number; rules: Map<string, Automaton> } {
  const keys: string[] = Array.from({ length: k }, () => '');
  for (const a of rules.values()) {
    for (let c = 0; c < k; c++) {
      let column = '';
      for (let s = 0; s < a.states; s++) column += `${a.next[s * k + c]},`;
      keys[c] += `${column};`;
    }
  }
  const ids = new Map<string, number>([[keys[0], 0]]);
  const map = keys.map((key) => idOf(ids, key));
  const count = ids.size;
  const merged = new Map<string, Automaton>();
  for (const [name, a] of rules) {
    const next = new Int32Array(a.states * count);
    for (let s = 0; s < a.states; s++) for (let c = 0; c < k; c++) next[s * count + map[c]] = a.next[s * k + c];
    merged.set(name, { ...a, next });
  }
  return { map, count, rules: merged };
}

/** The automata of every rule of an ABNF grammar. */
export function compileAutomata(abnfText: string, source: string): GrammarAutomata {
  const grammar = parseAbnf(abnfText, source);
  const builder = new Builder(grammar);
  const raw = new Map(grammar.names.map((name) => [name, builder.automaton(name)] as const));
  const { map, count, rules } = mergeClasses(raw, builder.classCount);
  const ascii = Array.from({ length: 128 }, (_, c) => map[builder.classOf(c)]);
  const highStarts: number[] = [];
  const highClasses: number[] = [];
  for (let c = 128; c <= 0xffff; c++) {
    const cls = map[builder.classOf(c)];
    if (highClasses.length === 0 || highClasses[highClasses.length - 1] !== cls) {
      highStarts.push(c);
      highClasses.push(cls);
    }
  }
  return { classCount: count, ascii, highStarts, highClasses, rules };
}

/**
 * Where automaton `d` of `a` dies in `text` (its length if it never does), the state it was in there, the class of the
 * code unit it died on (-1: the end of the text) and of the one before (-1: none). For measurements and tests
 * (scripts/state-diagnosis.ts); the generated runner (emitAutomata) is what urigram runs.
 */
export function deathIn(a: GrammarAutomata, d: Automaton, text: string): { at: number; state: number; cls: number; before: number } {
  let s = d.start;
  let before = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const cls = classIn(a, c);
    const t = d.next[s * a.classCount + cls];
    if (t === 0) return { at: i, state: s, cls, before };
    s = t;
    before = cls;
  }
  return { at: text.length, state: s, cls: -1, before };
}

/** A state is written as the character of code OFFSET + state: the dead state 0 is a space, and every state fits one character. */
const OFFSET = 32;
/**
 * The largest state the table strings can hold (one UTF-16 code unit per entry). A table whose
 * states all stay below 0x100 - OFFSET (224; the largest automaton today has 200) is a one-byte
 * string in V8, the compact form; a larger automaton still works, with \uXXXX escapes and a
 * two-byte string.
 */
const MAX_STATE = 0xffff - OFFSET;

/**
 * A table as the source of a JavaScript string literal, one character per
 * entry (OFFSET + the state): the runner reads it with charCodeAt, and the
 * string is the table, with no decoding. Printable ASCII characters are
 * written as they are, the others (states above 94, and ' and \) as \xNN
 * escapes, so that the module stays ASCII and a bundler copies it as it is.
 * The earlier form (runs of dead entries as counts, decoded into a
 * Uint16Array on a rule's first use) cost the first isValid() about half a
 * millisecond of decoding (BENCHMARKS.md, "Cold start").
 */
function encodeTable(next: ArrayLike<number>, order: readonly number[]): string {
  let text = '';
  for (const i of order) {
    const v = next[i];
    if (v > MAX_STATE) throw new Error(`internal error: state ${v} does not fit the table strings`);
    const c = v + OFFSET;
    text += c < 0x7f && c !== 0x27 && c !== 0x5c ? String.fromCharCode(c) : c <= 0xff ? `\\x${c.toString(16).padStart(2, '0')}` : `\\u${c.toString(16).padStart(4, '0')}`;
  }
  return text;
}

/** Runs shorter than this many ASCII characters in a state's loop are not worth a regular expression. */
const MIN_LOOP_ASCII = 16;

/** A code unit in a regular expression's character class. */
const unit = (c: number): string => `\\u${c.toString(16).padStart(4, '0')}`;

/**
 * The source of a sticky expression that matches a run of the code units on
 * which state `s` stays where it is, or undefined when the state has no such
 * loop over at least MIN_LOOP_ASCII ASCII characters.
 */
function loopSource(a: GrammarAutomata, dfa: Automaton, s: number): string | undefined {
  const k = a.classCount;
  const loops = (cls: number) => cls !== 0 && dfa.next[s * k + cls] === s;
  const ranges: Array<[number, number]> = [];
  const add = (from: number, to: number) => {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] + 1 === from) last[1] = to;
    else ranges.push([from, to]);
  };
  let ascii = 0;
  for (let c = 0; c < 128; c++) {
    if (loops(a.ascii[c])) {
      add(c, c);
      ascii++;
    }
  }
  if (ascii < MIN_LOOP_ASCII) return undefined;
  for (let j = 0; j < a.highStarts.length; j++) {
    if (loops(a.highClasses[j])) add(a.highStarts[j], (j + 1 < a.highStarts.length ? a.highStarts[j + 1] : 0x10000) - 1);
  }
  return `[${ranges.map(([x, y]) => (x === y ? unit(x) : `${unit(x)}-${unit(y)}`)).join('')}]*`;
}

/**
 * The module of a grammar's automata (CommonJS; generate.ts derives the ES
 * module) and its types. Tables are column-major (per class, the next state
 * of every state), which gzip compresses best; a rule's automaton (its
 * skips) is made on the first call that names the rule.
 */
export function emitAutomata(a: GrammarAutomata, abnfFile: string, pegName: (abnfName: string) => string, only?: readonly string[], fast?: FastPath): { js: string; dts: string } {
  const k = a.classCount;
  for (const name of only ?? []) if (!a.rules.has(name)) throw new Error(`${abnfFile} has no rule ${name}`);
  const chosen = [...a.rules].filter(([name]) => only === undefined || only.includes(name));
  const lines: string[] = [];
  const out = (s = '') => lines.push(s);
  out(`'use strict';`);
  out(`// One minimal DFA per rule of ${abnfFile}${only === undefined ? '' : ` named here`}, over UTF-16 code units in ${k} character classes.`);
  out('// Compiled by scripts/compile-dfa.ts, which says how.');
  out('');
  out('/** The class of each ASCII code unit. */');
  out(`const ASCII = [${a.ascii.join(',')}];`);
  out('/** Above ASCII: the starts of the intervals of code units of one class (the first is 0x80), and their classes. */');
  out(`const HIGH_STARTS = [${a.highStarts.map((x) => `0x${x.toString(16)}`).join(',')}];`);
  out(`const HIGH_CLASSES = [${a.highClasses.join(',')}];`);
  out('');
  out('/** The class of a code unit above ASCII: a binary search of the intervals. */');
  out('function high(c) {');
  out('  let lo = 0, hi = HIGH_STARTS.length - 1;');
  out('  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (HIGH_STARTS[mid] <= c) lo = mid; else hi = mid - 1; }');
  out('  return HIGH_CLASSES[lo];');
  out('}');
  out('');
  const skipSources: string[] = [];
  const rows: string[] = [];
  for (const [name, dfa] of chosen) {
    const order: number[] = [];
    for (let c = 0; c < k; c++) for (let s = 0; s < dfa.states; s++) order.push(s * k + c);
    if (dfa.states - 1 > MAX_STATE) throw new Error(`${abnfFile}: ${name} has ${dfa.states} states: too many for the table strings (at most ${MAX_STATE + 1})`);
    const text = encodeTable(dfa.next, order);
    const skips: number[] = [];
    for (let s = 1; s < dfa.states; s++) {
      const source = loopSource(a, dfa, s);
      if (source === undefined) continue;
      let index = skipSources.indexOf(source);
      if (index < 0) index = skipSources.push(source) - 1;
      skips.push(s, index);
    }
    rows.push(`  ${pegName(name)}: [${dfa.states}, ${dfa.start}, ${dfa.acceptFrom}, '${text}', [${skips.join(',')}]],`);
  }
  out('/**');
  out(' * Runs of code units on which a state stays where it is (the characters of a path, a query, a');
  out(' * reg-name), as sticky regular expressions: once the automaton enters such a state, the');
  out(" * engine's own matcher skips the run, which is faster than a table lookup per character on the");
  out(' * long runs URIs have.');
  out(' */');
  out(`const SKIPS = [${skipSources.map((src) => `/${src}/y`).join(', ')}];`);
  out('');
  out('/**');
  out(' * Per rule (PEG name): [states, start state, first accepting state, table, skips]; the');
  out(' * table is column-major, the next state of every state for class 0, then class 1, ...,');
  out(` * each entry the character of code ${OFFSET} + the state (state 0 is dead, a space);`);
  out(' * skips: pairs of a state and the index in SKIPS of its run.');
  out(' */');
  out('const RULES = {');
  for (const row of rows) out(row);
  out('};');
  out('');
  out('/**');
  out(" * The fast path (scripts/compile-dfa.ts, fastPathSources): for the rules named, `test` accepts");
  out(' * only what their automata accept, and `split` (the same, with the scheme, host, port, path,');
  out(' * query and fragment captured) and `rootless` (a scheme and a path-rootless or empty path, no');
  out(" * authority: scheme, path, query, fragment) capture what the delimiter split finds; proven when this module");
  out(' * was generated. null: this grammar has none.');
  out(' */');
  if (fast === undefined) out('const FAST = null;');
  else {
    proveFastPath(fast, a);
    out(`const FAST = { rules: ${JSON.stringify(fast.rules.map(pegName))}, test: /${fast.test}/, split: /${fast.split}/, rootless: /${fast.rootless}/ };`);
  }
  out('');
  out('/** Automata, by rule, made on first use. */');
  out('const made = {};');
  out('');
  out('/**');
  out(' * The automaton of a rule: its state count, start and first accepting state,');
  out(' * its table, and per state the run it skips, if any.');
  out(' */');
  out('function automaton(rule) {');
  out('  let d = made[rule];');
  out('  if (d === undefined) {');
  out('    const r = Object.prototype.hasOwnProperty.call(RULES, rule) ? RULES[rule] : undefined;');
  out('    if (r === undefined) throw new Error(`unknown start rule ${rule}`);');
  out('    const states = r[0];');
  out('    const skip = new Array(states).fill(null);');
  out('    for (let i = 0; i < r[4].length; i += 2) skip[r[4][i]] = SKIPS[r[4][i + 1]];');
  out('    d = made[rule] = { states, start: r[1], accept: r[2], next: r[3], skip };');
  out('  }');
  out('  return d;');
  out('}');
  out('');
  out('/** Where the automaton dies in text[from, to), or -1 if it never does; afterwards `last` is the state it ended in. */');
  out('let last = 0;');
  out('function run(text, d, from, to) {');
  out('  const next = d.next, states = d.states, skip = d.skip;');
  out('  let s = d.start;');
  out('  for (let i = from; i < to; i++) {');
  out('    const c = text.charCodeAt(i);');
  out(`    const t = next.charCodeAt((c < 128 ? ASCII[c] : high(c)) * states + s) - ${OFFSET};`);
  out('    if (t === 0) return i;');
  out('    if (t !== s) {');
  out('      s = t;');
  out('      const r = skip[t];');
  out('      if (r !== null) {');
  out('        // Every code unit of the run keeps the automaton in state t: skip to its end (not past `to`).');
  out('        r.lastIndex = i + 1;');
  out('        r.test(text);');
  out('        const end = r.lastIndex;');
  out('        i = (end > to ? to : end) - 1;');
  out('      }');
  out('    }');
  out('  }');
  out('  last = s;');
  out('  return -1;');
  out('}');
  out('');
  out('/** Whether the whole of `text` matches `rule`: one table lookup per code unit. */');
  out('function accepts(text, rule) {');
  out('  const d = automaton(rule);');
  out('  return run(text, d, 0, text.length) < 0 && last >= d.accept;');
  out('}');
  out('');
  out('/** A test of whether text[start, end) matches `rule`, the rule\'s automaton made once. */');
  out('function spanTest(rule) {');
  out('  const d = automaton(rule);');
  out('  return (text, start, end) => run(text, d, start, end) < 0 && last >= d.accept;');
  out('}');
  out('');
  out('/** How much of `text` is a prefix of some match of `rule`: the offset where the automaton dies, or the length. */');
  out('function viablePrefix(text, rule) {');
  out('  const at = run(text, automaton(rule), 0, text.length);');
  out('  return at < 0 ? text.length : at;');
  out('}');
  out('');
  out(`module.exports = { accepts, spanTest, viablePrefix, FAST, RULE_NAMES: ${JSON.stringify(chosen.map(([name]) => pegName(name)))} };`);
  const dts = [
    `import type { StartRuleNames } from './${path.basename(abnfFile, '.abnf')}.recognizer';`,
    '',
    '/** Whether the whole of `text` matches `rule`: one table lookup per code unit. */',
    'export declare function accepts(text: string, rule: StartRuleNames): boolean;',
    '/** A test of whether text[start, end) matches `rule`, the rule\'s automaton made once. */',
    'export declare function spanTest(rule: StartRuleNames): (text: string, start: number, end: number) => boolean;',
    '/** How much of `text` is a prefix of some match of `rule`: the offset where the automaton dies, or the length. */',
    'export declare function viablePrefix(text: string, rule: StartRuleNames): number;',
    '/** The fast path, proven at generate time: for the rules named (PEG names), `test` accepts only what their automata accept; `split` also captures the scheme, host, port, path, query and fragment as the delimiter split finds them. null when the grammar has none. */',
    'export declare const FAST: { readonly rules: readonly StartRuleNames[]; readonly test: RegExp; readonly split: RegExp; readonly rootless: RegExp } | null;',
    '/** The rules this module has an automaton of, by PEG name, in the order of the ABNF. */',
    `export declare const RULE_NAMES: ReadonlyArray<${chosen.map(([name]) => JSON.stringify(pegName(name))).join(' | ')}>;`,
    '',
  ].join('\n');
  return { js: `${lines.join('\n')}\n`, dts };
}

// ---------------------------------------------------------------- the fast path: regular expressions, proven

/**
 * A grammar's fast path (grammar/NAME.dfa.json `fast`): regular expressions of
 * common subsets of the rules named, which are most real URIs. `test` and
 * `split` are one language: absolute URIs with an authority, without a
 * userinfo or an IP-literal, percent-encoded only in the path and the query
 * (`https://host:8080/a/b%20c?q#f`); `rootless` a scheme and a path that does
 * not start with "/" (`mailto:a@b.c`). V8 runs each as native code in a
 * single pass, where the automaton takes a table step at each delimiter and a
 * sticky expression per run (BENCHMARKS.md, "Where the time goes"). isValid()
 * tries `test` before the automaton; parse() tries `split`, then `rootless`,
 * whose captures are the components, before the automaton and the delimiter
 * split (src/core/split.ts): on a miss, the automaton decides, as before.
 *
 * They are trusted only because proveFastPath() checks, at generate time, the
 * text of the expressions as emitted (and test/fast-path.test.ts the ones the
 * module holds): that each accepts nothing the automaton of each rule named
 * rejects, and that `split` and `rootless` capture exactly the components the
 * delimiter split finds (SPLIT_SHAPES).
 */
export interface FastPath {
  /** The source of the expression isValid() runs (no captures). */
  readonly test: string;
  /** The source of the expression parse() runs: scheme, host, port, path, query, fragment captured. */
  readonly split: string;
  /** The source of the expression parse() runs when `split` misses: a scheme and a path-rootless or empty path, no authority (`mailto:a@b.c?subject=x`): scheme, path, query, fragment captured. */
  readonly rootless: string;
  /** The rules (ABNF names) whose language holds the expressions'. */
  readonly rules: readonly string[];
}

/** The class of code unit c in the automata's classes. */
function classIn(a: GrammarAutomata, c: number): number {
  return c < 128 ? a.ascii[c] : classOf(a.highStarts, a.highClasses, c);
}

/** The ASCII code units c such that `prefix` + c matches `rule` (by its automaton). */
function followers(a: GrammarAutomata, rule: string, prefix: string): number[] {
  const dfa = a.rules.get(rule);
  if (dfa === undefined) throw new Error(`the fast path needs the rule ${rule}`);
  const k = a.classCount;
  let s = dfa.start;
  for (let i = 0; i < prefix.length; i++) s = dfa.next[s * k + classIn(a, prefix.charCodeAt(i))];
  const out: number[] = [];
  for (let c = 0; c < 128; c++) if (dfa.next[s * k + a.ascii[c]] >= dfa.acceptFrom) out.push(c);
  return out;
}

/** A letter or a digit, written as itself in a class (shorter than \uXXXX); readFastExpression reads both. */
const plain = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const classUnit = (c: number): string => (plain(c) ? String.fromCharCode(c) : unit(c));

/** A character class of code units, written as ranges of letters and digits as they are, of other code units as \uXXXX. */
function classSource(units: readonly number[]): string {
  if (units.length === 0) throw new Error('internal error: an empty class in the fast path');
  const ranges: Array<[number, number]> = [];
  for (const c of [...units].sort((x, y) => x - y)) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] + 1 === c) last[1] = c;
    else ranges.push([c, c]);
  }
  return `[${ranges.map(([x, y]) => (x === y ? classUnit(x) : `${classUnit(x)}-${classUnit(y)}`)).join('')}]`;
}

/**
 * The fast path's expressions, their character sets read from the grammar's
 * own rules (one character of scheme, reg-name, port, a path-abempty segment,
 * path-rootless, query, fragment, HEXDIG: the sets the grammar allows without a
 * percent-encoding; a path-abempty and a query also take percent-encodings),
 * laid out as SPLIT_SHAPES, below, says.
 */
export function fastPathSources(a: GrammarAutomata, rules: readonly string[]): FastPath {
  const first = followers(a, 'scheme', '');
  const scheme = `${classSource(first)}${classSource(followers(a, 'scheme', String.fromCharCode(first[0])))}*`;
  const host = `${classSource(followers(a, 'reg-name', ''))}*`;
  const port = `${classSource(followers(a, 'port', ''))}*`;
  // A path's and a query's percent-encodings (pct-encoded, RFC 3986 2.1), unrolled: a run of characters, then each "%" HEXDIG HEXDIG and the run after it.
  const hex = classSource(followers(a, 'HEXDIG', ''));
  const encoded = (run: string): string => `${run}*(?:%${hex}${hex}${run}*)*`;
  const path = `\\/${encoded(classSource(followers(a, 'path-abempty', '/')))}`;
  const query = encoded(classSource(followers(a, 'query', '')));
  const fragment = `${classSource(followers(a, 'fragment', ''))}*`;
  const source = (g: string): string => `^${g}${scheme}):\\/\\/${g}${host})(?::${g}${port}))?${g}${path})?(?:\\?${g}${query}))?(?:#${g}${fragment}))?$`;
  const segment = followers(a, 'path-rootless', '');
  const rootless = `(?:${classSource(segment)}${classSource(followers(a, 'path-rootless', String.fromCharCode(segment[0])))}*)?`;
  // emitAutomata proves them as it writes them.
  return { test: source('(?:'), split: source('('), rootless: `^(${scheme}):(${rootless})(?:\\?(${query}))?(?:#(${fragment}))?$`, rules };
}

/** A regular expression as proveFastPath reads it: the subset of the syntax the fast path is written in. */
type Rx =
  | { readonly kind: 'set'; readonly ranges: ReadonlyArray<readonly [number, number]> }
  | { readonly kind: 'seq'; readonly items: readonly Rx[] }
  | { readonly kind: 'group'; readonly capture: number; readonly body: Rx }
  | { readonly kind: 'opt' | 'star'; readonly node: Rx }
  | { readonly kind: 'begin' | 'end' };

/**
 * Reads an expression of the fast path (no flags) into its tree. Only what the
 * fast path is written in is taken: literal characters, \/ \? and \uXXXX
 * escapes, classes of \uXXXX, letters and digits and ranges of them, groups (capturing or (?:),
 * the greedy ? and *, and ^ and $; anything else (an alternation, a lazy or
 * counted quantifier, a negated class, a look-around, a back reference, `.`)
 * throws, so that nothing is proven about an expression read otherwise than V8
 * reads it.
 */
export function readFastExpression(source: string): Rx {
  let i = 0;
  let captures = 0;
  function fail(why: string): never {
    throw new Error(`the fast path's expression ${JSON.stringify(source)} at ${i}: ${why}`);
  }
  const hex4 = (): number => {
    if (!/^u[0-9a-f]{4}$/.test(source.slice(i, i + 5))) fail('only \\uXXXX escapes are read in a class');
    const c = parseInt(source.slice(i + 1, i + 5), 16);
    i += 5;
    return c;
  };
  /** A code unit of a class: \uXXXX, or a letter or a digit as itself. */
  const classCode = (): number => {
    if (source[i] === '\\') {
      i++;
      return hex4();
    }
    if (i < source.length && plain(source.charCodeAt(i))) return source.charCodeAt(i++);
    return fail('only \\uXXXX, letters and digits are read in a class');
  };
  const set = (c: number): Rx => ({ kind: 'set', ranges: [[c, c]] });
  const seq = (inGroup: boolean): Rx => {
    const items: Rx[] = [];
    while (i < source.length) {
      const c = source[i];
      if (c === ')') {
        if (!inGroup) fail('an unopened group');
        break;
      }
      let atom: Rx;
      if (c === '(') {
        i++;
        let capture = 0;
        if (source.startsWith('?:', i)) i += 2;
        else if (source[i] === '?') fail('a look-around or a named group');
        else capture = ++captures;
        const body = seq(true);
        if (source[i] !== ')') fail('an unclosed group');
        i++;
        atom = { kind: 'group', capture, body };
      } else if (c === '[') {
        i++;
        if (source[i] === '^') fail('a negated class');
        const ranges: Array<[number, number]> = [];
        while (source[i] !== ']') {
          if (i >= source.length) fail('an unclosed class');
          const lo = classCode();
          let hi = lo;
          if (source[i] === '-') {
            i++;
            hi = classCode();
            if (hi < lo) fail('a range out of order');
          }
          ranges.push([lo, hi]);
        }
        i++;
        atom = { kind: 'set', ranges };
      } else if (c === '\\') {
        i++;
        if (source[i] === '/' || source[i] === '?') atom = set(source.charCodeAt(i++));
        else atom = set(hex4());
      } else if (c === '^' || c === '$') {
        i++;
        items.push({ kind: c === '^' ? 'begin' : 'end' });
        continue;
      } else if ('|.*+?{}]'.includes(c)) {
        fail(`${c} is not read here`);
      } else {
        atom = set(source.charCodeAt(i++));
      }
      const q = source[i];
      if (q === '?' || q === '*') {
        i++;
        if (i < source.length && '?*+{'.includes(source[i])) fail('a lazy or repeated quantifier');
        atom = { kind: q === '?' ? 'opt' : 'star', node: atom };
      } else if (q === '+' || q === '{') {
        fail('only ? and * are read');
      }
      items.push(atom);
    }
    return { kind: 'seq', items };
  };
  const tree = seq(false);
  if (i !== source.length) fail('text after the expression');
  const items = (tree as Extract<Rx, { kind: 'seq' }>).items;
  const inner = items.slice(1, -1);
  if (items[0]?.kind !== 'begin' || items[items.length - 1]?.kind !== 'end' || JSON.stringify(inner).includes('"begin"') || JSON.stringify(inner).includes('"end"')) {
    fail('the expression must be anchored, ^ at its start and $ at its end, and nowhere else');
  }
  return { kind: 'seq', items: inner };
}

/** A Thompson automaton of an expression's tree: empty moves, and moves on ranges of code units. */
function rxNfa(tree: Rx): { nfa: Nfa; start: number; final: number; ranges: Array<Array<{ ranges: ReadonlyArray<readonly [number, number]>; to: number }>> } {
  const nfa = new Nfa();
  const ranges: Array<Array<{ ranges: ReadonlyArray<readonly [number, number]>; to: number }>> = [];
  const state = (): number => {
    ranges.push([]);
    return nfa.state();
  };
  const build = (node: Rx, from: number): number => {
    switch (node.kind) {
      case 'set': {
        const to = state();
        ranges[from].push({ ranges: node.ranges, to });
        return to;
      }
      case 'seq':
        return node.items.reduce((at, item) => build(item, at), from);
      case 'group':
        return build(node.body, from);
      // Fresh end states: an empty move into a state that has moves of its own (a loop) would let them run without what comes before.
      case 'opt': {
        const end = state();
        nfa.empty[build(node.node, from)].push(end);
        nfa.empty[from].push(end);
        return end;
      }
      case 'star': {
        const loop = state();
        const end = state();
        nfa.empty[from].push(loop);
        nfa.empty[build(node.node, loop)].push(loop);
        nfa.empty[loop].push(end);
        return end;
      }
      default:
        throw new Error('internal error: an anchor inside the fast path');
    }
  };
  const start = state();
  const final = build(tree, start);
  return { nfa, start, final, ranges };
}

/** Every range of code units an expression's tree names. */
function rxRanges(node: Rx): Array<readonly [number, number]> {
  switch (node.kind) {
    case 'set':
      return [...node.ranges];
    case 'seq':
      return node.items.flatMap(rxRanges);
    case 'group':
      return rxRanges(node.body);
    case 'opt':
    case 'star':
      return rxRanges(node.node);
    default:
      return [];
  }
}

/** An expression's Thompson automaton run on sets of its states: the sets sorted, each closed under the empty moves. */
interface RxRunner {
  readonly first: readonly number[];
  step(set: readonly number[], c: number): number[];
  readonly final: number;
}

function rxRunner(tree: Rx): RxRunner {
  const { nfa, start, final, ranges } = rxNfa(tree);
  const closure = (set: Iterable<number>): number[] => {
    const seen = new Set<number>(set);
    const stack = [...seen];
    while (stack.length > 0) {
      for (const r of nfa.empty[stack.pop() as number]) {
        if (!seen.has(r)) {
          seen.add(r);
          stack.push(r);
        }
      }
    }
    return [...seen].sort((x, y) => x - y);
  };
  const step = (set: readonly number[], c: number): number[] => {
    const moved: number[] = [];
    for (const q of set) for (const m of ranges[q]) if (m.ranges.some(([lo, hi]) => c >= lo && c <= hi)) moved.push(m.to);
    return moved.length === 0 ? moved : closure(moved);
  };
  return { first: closure([start]), step, final };
}

/**
 * A string the expression matches and the automaton of `rule` rejects, or
 * undefined when there is none: the product of the expression's automaton
 * (subsets of its Thompson states) and the rule's, explored breadth first over
 * one code unit of each interval on which both are constant.
 */
export function fastCounterexample(source: string, a: GrammarAutomata, rule: string): string | undefined {
  const dfa = a.rules.get(rule);
  if (dfa === undefined) throw new Error(`no rule ${rule} to prove the fast path against`);
  const tree = readFastExpression(source);
  const rx = rxRunner(tree);
  const cuts = new Set<number>(a.highStarts);
  for (let c = 0; c < 128; c++) cuts.add(c);
  for (const [lo, hi] of rxRanges(tree)) {
    cuts.add(lo);
    if (hi < 0xffff) cuts.add(hi + 1);
  }
  const units = [...cuts].filter((c) => c <= 0xffff).sort((x, y) => x - y);
  const k = a.classCount;
  const first = { set: rx.first, s: dfa.start, text: '' };
  const seen = new Set<string>([`${first.set}|${first.s}`]);
  const queue = [first];
  for (let head = 0; head < queue.length; head++) {
    const { set, s, text } = queue[head];
    if (set.includes(rx.final) && s < dfa.acceptFrom) return text;
    for (const c of units) {
      const moved = rx.step(set, c);
      if (moved.length === 0) continue;
      const next = { set: moved, s: dfa.next[s * k + classIn(a, c)], text: text + String.fromCharCode(c) };
      const key = `${next.set}|${next.s}`;
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/**
 * A machine that reads a string one code unit at a time, for fastObserverCounterexample: `step` gives the state
 * after one more unit, or undefined when the string is past the observer's bound (no longer one it speaks for);
 * states with the same key are the same state.
 */
export interface Observer<S> {
  readonly start: S;
  step(state: S, c: number): S | undefined;
  key(state: S): string;
  accepts(state: S): boolean;
  /** The code units at which the observer's reading of a unit may change (each the start of an interval on which it is constant). */
  readonly cuts: readonly number[];
}

/**
 * A string the expression matches and the observer does not accept, or undefined when there is none among the
 * strings within the observer's bound: the product of the expression's automaton (subsets of its Thompson
 * states, as fastCounterexample) and the observer, explored breadth first over one code unit of each interval
 * on which both are constant. Proves a claim about an expression's language that no grammar states (the hosts
 * the writing grammar's fast path reads, that they are valid domains).
 */
export function fastObserverCounterexample<S>(source: string, observer: Observer<S>): string | undefined {
  const tree = readFastExpression(source);
  const rx = rxRunner(tree);
  const cuts = new Set<number>([0, ...observer.cuts]);
  for (const [lo, hi] of rxRanges(tree)) {
    cuts.add(lo);
    if (hi < 0xffff) cuts.add(hi + 1);
  }
  const units = [...cuts].filter((c) => c <= 0xffff).sort((x, y) => x - y);
  const first = { set: rx.first, s: observer.start, text: '' };
  const seen = new Set<string>([`${first.set}|${observer.key(first.s)}`]);
  const queue = [first];
  for (let head = 0; head < queue.length; head++) {
    const { set, s, text } = queue[head];
    if (set.includes(rx.final) && !observer.accepts(s)) return text;
    for (const c of units) {
      const moved = rx.step(set, c);
      if (moved.length === 0) continue;
      const o = observer.step(s, c);
      if (o === undefined) continue;
      const key = `${moved}|${observer.key(o)}`;
      if (!seen.has(key)) {
        seen.add(key);
        queue.push({ set: moved, s: o, text: text + String.fromCharCode(c) });
      }
    }
  }
  return undefined;
}

/** What one captured component of a split expression must be (SPLIT_SHAPES). */
interface ComponentShape {
  /** The delimiter before its capture (in the same optional group when it is optional). */
  readonly before: string;
  /** Whether the delimiter and the capture are an optional group, (?:before(capture))?, or the capture itself, (capture)?, when there is no delimiter. */
  readonly optional: boolean;
  /** The delimiters the capture may not hold: those the split ends the component at. */
  readonly excludes: string;
  /** 'slash': the capture always starts with "/"; 'not-slash': it never does (it may be empty). */
  readonly first?: 'slash' | 'not-slash';
}

/**
 * The shapes the split expressions must have for their captures to be the
 * delimiter split's components (src/core/split.ts), each capture holding no
 * other:
 *
 * - `split`, ^(scheme):\/\/(host)(?::(port))?(path)?(?:\?(query))?(?:#(fragment))?$:
 *   the scheme without ":" "/" "?" "#" (the split takes the first ":" before
 *   any of "/?#"), the host without ":" "/" "?" "#" "@" "[" (the authority ends
 *   at the first of "/?#", a userinfo at its first "@", an IP-literal starts
 *   with "[", the host ends at its first ":"), the port without "/" "?" "#"
 *   "@", the path starting with "/" and without "?" "#", the query without "#";
 * - `rootless`, ^(scheme):(path)(?:\?(query))?(?:#(fragment))?$: the scheme
 *   as above, the path never starting with "/" (so no "//" of an authority,
 *   and the split names it path-rootless, or path-empty when it is empty) and
 *   without "?" "#", the query without "#".
 *
 * Where an expression has its shape, the record src/core/split.ts reads from
 * its captures is the split's.
 */
export const SPLIT_SHAPES: Readonly<Record<'split' | 'rootless', readonly ComponentShape[]>> = {
  split: [
    { before: '', optional: false, excludes: ':/?#' },
    { before: '://', optional: false, excludes: ':/?#@[' },
    { before: ':', optional: true, excludes: '/?#@' },
    { before: '', optional: true, excludes: '?#', first: 'slash' },
    { before: '?', optional: true, excludes: '#' },
    { before: '#', optional: true, excludes: '' },
  ],
  rootless: [
    { before: '', optional: false, excludes: ':/?#' },
    { before: ':', optional: false, excludes: '?#', first: 'not-slash' },
    { before: '?', optional: true, excludes: '#' },
    { before: '#', optional: true, excludes: '' },
  ],
};

function literal(node: Rx | undefined): number | undefined {
  return node?.kind === 'set' && node.ranges.length === 1 && node.ranges[0][0] === node.ranges[0][1] ? node.ranges[0][0] : undefined;
}

/** The code units a match of `node` can start with, and whether it can be empty. */
function firstOf(node: Rx): { ranges: Array<readonly [number, number]>; empty: boolean } {
  switch (node.kind) {
    case 'set':
      return { ranges: [...node.ranges], empty: false };
    case 'seq': {
      const ranges: Array<readonly [number, number]> = [];
      for (const item of node.items) {
        const f = firstOf(item);
        ranges.push(...f.ranges);
        if (!f.empty) return { ranges, empty: false };
      }
      return { ranges, empty: true };
    }
    case 'group':
      return firstOf(node.body);
    case 'opt':
    case 'star':
      return { ranges: firstOf(node.node).ranges, empty: true };
    default:
      return { ranges: [], empty: true };
  }
}

const holds = (ranges: ReadonlyArray<readonly [number, number]>, d: string): boolean => ranges.some(([lo, hi]) => d.charCodeAt(0) >= lo && d.charCodeAt(0) <= hi);

/** Why the expression does not have `shape` (SPLIT_SHAPES), or undefined when it has. */
export function splitShapeError(source: string, shape: readonly ComponentShape[] = SPLIT_SHAPES.split): string | undefined {
  const items = [...(readFastExpression(source) as Extract<Rx, { kind: 'seq' }>).items];
  let at = 0;
  for (let n = 0; n < shape.length; n++) {
    const { before, optional, excludes, first } = shape[n];
    let parts: readonly Rx[];
    if (optional) {
      const o = items[at++];
      if (o?.kind !== 'opt') return `component ${n + 1} is not optional`;
      parts = o.node.kind === 'group' && o.node.capture === 0 && o.node.body.kind === 'seq' ? o.node.body.items : [o.node];
    } else {
      parts = items.slice(at, at + before.length + 1);
      at += before.length + 1;
    }
    if (parts.length !== before.length + 1) return `component ${n + 1} is not its delimiter ${JSON.stringify(before)} and one capture`;
    for (let j = 0; j < before.length; j++) if (literal(parts[j]) !== before.charCodeAt(j)) return `component ${n + 1} does not follow ${JSON.stringify(before)}`;
    const g = parts[before.length];
    if (g.kind !== 'group' || g.capture !== n + 1) return `component ${n + 1} is not capture ${n + 1}`;
    if (/"capture":[1-9]/.test(JSON.stringify(g.body))) return `capture ${n + 1} holds another capture`;
    const start = firstOf(g.body);
    if (first === 'slash' && (start.empty || start.ranges.some(([lo, hi]) => lo !== 0x2f || hi !== 0x2f))) return `capture ${n + 1} does not always start with "/"`;
    if (first === 'not-slash' && holds(start.ranges, '/')) return `capture ${n + 1} can start with "/"`;
    const ranges = rxRanges(g.body);
    for (const d of excludes) if (holds(ranges, d)) return `capture ${n + 1} can hold ${JSON.stringify(d)}, a delimiter the split ends it at`;
  }
  if (at !== items.length) return 'more after the last component';
  return undefined;
}

/** Throws unless every expression of the fast path accepts nothing that a rule named rejects, and `split` and `rootless` have their SPLIT_SHAPES. */
export function proveFastPath(fast: FastPath, a: GrammarAutomata): void {
  for (const [name, source] of [['test', fast.test], ['split', fast.split], ['rootless', fast.rootless]] as const) {
    for (const rule of fast.rules) {
      const bad = fastCounterexample(source, a, rule);
      if (bad !== undefined) throw new Error(`the fast path's ${name} expression accepts ${JSON.stringify(bad)}, which ${rule} rejects`);
    }
  }
  for (const name of ['split', 'rootless'] as const) {
    const shape = splitShapeError(fast[name], SPLIT_SHAPES[name]);
    if (shape !== undefined) throw new Error(`the fast path's ${name} expression: ${shape}`);
  }
}

/**
 * Whether `text` is in the language the prover reads `source` as (a run of its
 * Thompson automaton): the tests compare it with V8's own RegExp.test, so that
 * a misreading of the syntax (which would make a proof about another
 * expression than the one V8 runs) cannot pass unseen.
 */
export function fastExpressionMatches(source: string, text: string): boolean {
  const rx = rxRunner(readFastExpression(source));
  let set = rx.first;
  for (let i = 0; i < text.length && set.length > 0; i++) set = rx.step(set, text.charCodeAt(i));
  return set.includes(rx.final);
}
