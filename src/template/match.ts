/**
 * Matching a URI against a template (the inverse of RFC 6570 expansion, 1.4):
 * the values of the template's variables that expand to the URI, decoded,
 * or null when no values do.
 *
 * The template is compiled into an automaton over the URI's characters: one
 * node per literal character, per choice (defined or undefined, one more
 * member or the end), per tag (where a variable's text begins and ends), and
 * loops that read a value one character at a time (a character being an
 * unreserved character, or the triplets of one UTF-8 character, as expansion
 * writes them). It runs in two passes, each linear in the URI:
 *
 * 1. backward, from the URI's end: for every offset and every node, whether
 *    the rest of the URI can be read from that node there (and, for a loop
 *    with a prefix's bound, how few characters it needs to reach a way out);
 * 2. forward, from the start: at every choice, the first way that pass 1
 *    says can still succeed. No way is ever tried and given up: there is no
 *    backtracking, and nothing depends on how the template was written (no
 *    regular expression is built: those of the hand-written matchers, which
 *    try one way after another, are what made one of them a ReDoS).
 *
 * Time is O(length of the URI x nodes of the template), memory a bit per node
 * and offset (and two bytes per offset for each prefix's loop).
 *
 * Where several values expand to the URI, the automaton's order of choices
 * decides, in this order of rules (docs/templates.md, "Matching"):
 * 1. a variable is defined rather than undefined, the earlier ones first;
 * 2. a value (or an exploded list) takes as many characters as it can, except
 * 3. that the expression's separator ends a variable's text (a value, or an
 *    exploded one's members) when a later variable of the same expression can
 *    take the rest: `{x,y}` reads "1,2" as x = "1", y = "2", not x = ["1",
 *    "2"], and `{/list*,x}` reads "/a/b" as list = ["a"], x = "b";
 * 4. an expression that expands to nothing leaves its variables undefined:
 *    `{x}` on "" gives {}, not { x: "" };
 * 5. a value is a string; a value that is not exploded is a list when its text
 *    holds the commas that only a list's expansion writes (the operators that
 *    encode ","); an exploded one is a list, or an associative array when its
 *    members show names: "=" in them (unnamed operators other than "+" and
 *    "#"), names other than the variable's (";", "?", "&").
 * A variable that appears more than once is matched at each place on its own,
 * and the values must agree (a prefix being a prefix of the whole value);
 * when they do not, or an associative array has read a name twice (an
 * exploded variable with others after it, whose text it can read as pairs,
 * or they its), the result is null even where another reading would do.
 */
import { isTripletAt, tripletCharacterAt } from '../encoding/triplets';
import { characterLength, decodeAll, decodeEncodedOnly, encodeLiteral, prefixOf, unreservedOrReservedTable, unreservedTable } from './encode';
import type { ParsedTemplate, TemplateVarSpec } from './parse';
import { OPERATORS, type OperatorRules } from './syntax';

/** A matched value: a string, a list, or an associative array, decoded. */
export type MatchedValue = string | string[] | Record<string, string>;
/** The variables of a match, by name as the template writes them; an undefined variable has no entry. */
export type MatchedVariables = Record<string, MatchedValue>;

const K_MATCH = 0;
const K_CHAR = 1;
const K_TAG = 2;
const K_SPLIT = 3;
/** Reads one character of its loop's kind, then goes to `next`. */
const K_UNIT = 4;
/** Reads any number of characters of its kind, then goes to its exit (or its separator exit). */
const K_LOOP = 5;
/** K_LOOP with a bound: at most `max` characters, counting from `entry` (a prefix, 2.4.1). */
const K_LOOPB = 6;

/** What a loop reads: which ASCII characters stand for themselves, and whether triplets are (U)'s or (U+R)'s. */
interface LoopSpec {
  /** Per ASCII code unit, 1 when the character stands for itself in the loop. */
  readonly raw: Uint8Array;
  /** true: any triplet (U+R passes a value's own triplets); false: the upper-case triplets of the UTF-8 of a character that is not unreserved (U). */
  readonly anyTriplet: boolean;
}

const TAG_EXPR_START = 0;
const TAG_EXPR_END = 1;
const TAG_VAR_START = 2;
const TAG_VAR_END = 3;
/** Where a separator between two members (or pairs) of an exploded value is. */
const TAG_ITEM = 4;
/** A tag is its place's (or expression's) index times TAGS, plus its kind. */
const TAGS = 8;

/** One varspec where the template has it, for reading its text back. */
interface VarPlace {
  readonly spec: TemplateVarSpec;
  readonly rules: OperatorRules;
  readonly expression: number;
}

/** The compiled automaton of a template. */
export interface TemplateMatcher {
  readonly kind: Int8Array;
  /** K_CHAR: the code unit; K_TAG: the tag; K_UNIT, K_LOOP, K_LOOPB: the loop's spec index. */
  readonly a: Int32Array;
  /** The next node (K_CHAR, K_TAG, K_UNIT), the exit (K_LOOP, K_LOOPB). */
  readonly next: Int32Array;
  /** K_LOOP, K_LOOPB: the separator exit, or -1. */
  readonly sepExit: Int32Array;
  /** K_LOOPB: the bound (max) and the count it is entered with. */
  readonly max: Int32Array;
  readonly entry: Int32Array;
  /** K_SPLIT: its ways, first preferred. */
  readonly alts: ReadonlyArray<readonly number[] | null>;
  readonly specs: readonly LoopSpec[];
  readonly start: number;
  /** The MATCH node: the whole URI read. */
  readonly final: number;
  /**
   * The nodes that read (and MATCH), in the order pass 1 computes them at one
   * offset: each after those it reaches without reading. Pass 1 keeps a bit
   * per such node and offset; a node that reads nothing (a tag, a choice) is
   * live where one of the reading nodes it reaches without reading is: `mask`.
   */
  readonly order: Int32Array;
  /** Per node, W words: the reading nodes (by their bit) it reaches without reading (itself, for a reading node). */
  readonly mask: Uint32Array;
  /**
   * Per node, W words: the reading nodes it reaches without reading, through
   * loops' exits too: where a path from the start can be at an offset (pass 0),
   * so that pass 1 computes only those.
   */
  readonly reach: Uint32Array;
  /** Words per bit set: ceil(reading nodes / 32). */
  readonly words: number;
  /** Per reading node, its bit. */
  readonly bitOf: Int32Array;
  /** For each K_LOOPB node, its slot in the bound table, else -1. */
  readonly boundSlot: Int32Array;
  readonly bounds: number;
  readonly places: readonly VarPlace[];
  /** The variables in order of first use, each with its places (most have one: its value is what it reads, with nothing to agree with). */
  readonly variables: ReadonlyArray<{ readonly name: string; readonly places: readonly number[] }>;
  readonly expressions: number;
}

/** Builds the automaton backwards: each piece is given the node that follows it and returns the node that begins it. */
class Builder {
  readonly kind: number[] = [];
  readonly a: number[] = [];
  readonly next: number[] = [];
  readonly sepExit: number[] = [];
  readonly max: number[] = [];
  readonly entry: number[] = [];
  readonly alts: Array<number[] | null> = [];
  readonly specs: LoopSpec[] = [];
  private readonly specCache = new Map<string, number>();

  node(kind: number, a = 0, next = -1): number {
    this.kind.push(kind);
    this.a.push(a);
    this.next.push(next);
    this.sepExit.push(-1);
    this.max.push(0);
    this.entry.push(0);
    this.alts.push(null);
    return this.kind.length - 1;
  }

  split(ways: number[]): number {
    const q = this.node(K_SPLIT);
    this.alts[q] = ways.filter((w) => w >= 0);
    return q;
  }

  /** The characters of `text`, then `next`. */
  literal(text: string, next: number): number {
    let q = next;
    for (let i = text.length - 1; i >= 0; i--) q = this.node(K_CHAR, text.charCodeAt(i), q);
    return q;
  }

  tag(tag: number, next: number): number {
    return this.node(K_TAG, tag, next);
  }

  /** The spec of a loop: (U) or (U+R), with characters added to or taken from those that stand for themselves. */
  spec(allowReserved: boolean, extra: string, exclude: string): number {
    const key = `${allowReserved}|${extra}|${exclude}`;
    let index = this.specCache.get(key);
    if (index === undefined) {
      const raw = Uint8Array.from(allowReserved ? unreservedOrReservedTable() : unreservedTable());
      for (const c of extra) raw[c.charCodeAt(0)] = 1;
      for (const c of exclude) raw[c.charCodeAt(0)] = 0;
      raw[0x25] = 0; // "%" only ever begins a triplet
      index = this.specs.push({ raw, anyTriplet: allowReserved }) - 1;
      this.specCache.set(key, index);
    }
    return index;
  }

  loop(spec: number, exit: number, sepExit = -1): number {
    const q = this.node(K_LOOP, spec, exit);
    this.sepExit[q] = sepExit;
    return q;
  }

  /** One or more characters of the spec. */
  loop1(spec: number, exit: number): number {
    return this.node(K_UNIT, spec, this.loop(spec, exit));
  }

  /** At most `max` characters (at least one when `min1`). */
  bounded(spec: number, max: number, min1: boolean, exit: number, sepExit = -1): number {
    const q = this.node(K_LOOPB, spec, exit);
    this.sepExit[q] = sepExit;
    this.max[q] = max;
    this.entry[q] = min1 ? 1 : 0;
    return min1 ? this.node(K_UNIT, spec, q) : q;
  }
}

/**
 * The text of one varspec after its separator: its value, or its name and
 * value (named operators), as expansion writes them. `index` is the place's,
 * for the tags of an exploded value's separators.
 */
function varPart(b: Builder, place: VarPlace, index: number, end: number, sepExit: number): number {
  const { spec, rules: r } = place;
  const U = (extra = '') => b.spec(r.allowReserved, extra, '');
  if (!r.named) {
    if (spec.prefix !== undefined) return b.bounded(U(), spec.prefix, false, end, sepExit);
    if (!spec.explode) return b.loop(r.allowReserved ? U() : U(','), end, sepExit);
    // Members, separated by the operator's separator. A separator ends the variable when a later one of the
    // expression can take the rest (rule 3), and else begins the next member, also where a member could hold that
    // character ("." is unreserved, "+" and "#" pass ",").
    const members = (member: (memberEnd: number, atSeparator: number) => number): number => {
      const memberEnd = b.split([]);
      const another = b.split([]);
      const atSeparator = b.split([sepExit, another]);
      const first = member(memberEnd, atSeparator);
      (b.alts[another] as number[]).push(b.tag(index * TAGS + TAG_ITEM, b.literal(r.sep, first)));
      (b.alts[memberEnd] as number[]).push(atSeparator, end);
      return first;
    };
    const list = members((memberEnd, atSeparator) => b.loop(U(), memberEnd, atSeparator));
    if (r.allowReserved) return list;
    // Under (U) a raw "=" is a pair's: a list, or else an associative array, whose members are never empty (an empty
    // one would be a second pair with the empty name, and one name cannot come twice).
    const map = members((memberEnd, atSeparator) => {
      const value = b.literal('=', b.node(K_UNIT, U(), b.loop(U(), memberEnd, atSeparator)));
      return b.split([b.node(K_UNIT, U(), b.loop(U(), b.split([value, memberEnd]), atSeparator)), value]);
    });
    return b.split([list, map]);
  }
  const value = U(',');
  if (spec.prefix !== undefined) {
    const bounded = (min1: boolean) => b.bounded(U(), spec.prefix as number, min1, end);
    return b.literal(spec.name, r.ifemp === '' ? b.split([b.literal('=', bounded(true)), end]) : b.literal('=', bounded(false)));
  }
  if (!spec.explode) {
    return b.literal(spec.name, r.ifemp === '' ? b.split([b.literal('=', b.loop1(value, end)), end]) : b.literal('=', b.loop(value, end)));
  }
  // Pairs "name=value" (or "name" alone, for ";"), separated by the operator's separator (reserved: no name or value
  // holds it): a list's pairs all have the variable's name, and are tried first; an associative array's, encoded keys.
  const member = U();
  const pairs = (name: (afterName: number) => number): number => {
    const pairEnd = b.split([]);
    const afterName = r.ifemp === '' ? b.split([b.literal('=', b.loop1(member, pairEnd)), pairEnd]) : b.literal('=', b.loop(member, pairEnd));
    const first = name(afterName);
    (b.alts[pairEnd] as number[]).push(sepExit, b.tag(index * TAGS + TAG_ITEM, b.literal(r.sep, first)), end);
    return first;
  };
  return b.split([pairs((afterName) => b.literal(spec.name, afterName)), pairs((afterName) => b.loop(member, afterName))]);
}

/**
 * The automaton of an expression: nothing (every variable undefined), or its
 * "first" string and the parts of its defined variables, in order, with its
 * separator between them.
 */
function expression(b: Builder, places: readonly VarPlace[], firstPlace: number, count: number, e: number, next: number): number {
  const r = places[firstPlace].rules;
  const exprEnd = b.tag(e * TAGS + TAG_EXPR_END, next);
  const dead = b.split([]);
  // S1[i]: variables i.. after one was defined; S0[i]: none yet; T[i]: one of i.. must be, after a separator.
  let s1 = exprEnd;
  let s0 = dead;
  let t = dead;
  for (let i = count - 1; i >= 0; i--) {
    const index = firstPlace + i;
    const place = places[index];
    const emit = (withSep: boolean): number => {
      const end = b.tag(index * TAGS + TAG_VAR_END, s1);
      // A separator may end this value only when a later variable can follow it (rule 3).
      const sepExit = i < count - 1 ? b.tag(index * TAGS + TAG_VAR_END, t) : -1;
      const start = b.tag(index * TAGS + TAG_VAR_START, varPart(b, place, index, end, sepExit));
      return withSep ? b.literal(r.sep, start) : start;
    };
    const emitAfter = emit(true);
    const emitFirst = emit(false);
    const nextS1 = b.split([emitAfter, s1]);
    s0 = b.split([emitFirst, s0]);
    t = b.split([emitAfter, t]);
    s1 = nextS1;
  }
  return b.tag(e * TAGS + TAG_EXPR_START, b.split([b.literal(r.first, s0), exprEnd]));
}

/**
 * A template's literal text as the URI writes it: as expansion writes it
 * (3.1: a character a URI does not allow as the triplets of its UTF-8), and,
 * for an IRI, a character above ASCII also as itself.
 */
function literalPart(b: Builder, text: string, next: number): number {
  // The literal's pieces: a pct-encoded triplet (copied as written), or one character.
  const pieces: string[] = [];
  for (let i = 0; i < text.length; ) {
    const length = isTripletAt(text, i) ? 3 : (text.codePointAt(i) as number) > 0xffff ? 2 : 1;
    pieces.push(text.slice(i, i + length));
    i += length;
  }
  let q = next;
  for (let k = pieces.length - 1; k >= 0; k--) {
    const piece = pieces[k];
    const encoded = encodeLiteral(piece, false);
    q = piece.charCodeAt(0) < 0x80 ? b.literal(encoded, q) : b.split([b.literal(encoded, q), b.literal(piece, q)]);
  }
  return q;
}

/** Compiles a parsed template into its automaton. */
export function compileMatcher(parsed: ParsedTemplate): TemplateMatcher {
  const b = new Builder();
  const places: VarPlace[] = [];
  const expressionStarts: Array<[number, number]> = [];
  for (const part of parsed.parts) {
    if (part.type !== 'expression') continue;
    expressionStarts.push([places.length, part.variables.length]);
    for (const spec of part.variables) places.push({ spec, rules: OPERATORS[part.operator], expression: expressionStarts.length - 1 });
  }
  const final = b.node(K_MATCH);
  let q = final;
  let e = expressionStarts.length;
  for (let k = parsed.parts.length - 1; k >= 0; k--) {
    const part = parsed.parts[k];
    if (part.type === 'literal') q = literalPart(b, part.text, q);
    else {
      e--;
      q = expression(b, places, expressionStarts[e][0], expressionStarts[e][1], e, q);
    }
  }
  const n = b.kind.length;
  const kind = Int8Array.from(b.kind);
  const next = Int32Array.from(b.next);
  const sepExit = Int32Array.from(b.sepExit);
  // The order of pass 1: a node after every node it reaches without reading (its epsilon successors).
  const order: number[] = [];
  const state = new Uint8Array(n); // 0 unseen, 1 on the stack, 2 done
  const epsilon = (v: number): number[] => {
    switch (kind[v]) {
      case K_TAG:
        return [next[v]];
      case K_SPLIT:
        return b.alts[v] as number[];
      case K_LOOP:
      case K_LOOPB:
        return sepExit[v] >= 0 ? [next[v], sepExit[v]] : [next[v]];
      default:
        return [];
    }
  };
  for (let root = 0; root < n; root++) {
    if (state[root] !== 0) continue;
    const stack: Array<[number, number]> = [[root, 0]];
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const successors = epsilon(top[0]);
      if (top[1] < successors.length) {
        const w = successors[top[1]++];
        if (state[w] === 1) throw new Error('internal error: the template automaton has a cycle that reads nothing');
        if (state[w] === 0) {
          state[w] = 1;
          stack.push([w, 0]);
        }
      } else {
        state[top[0]] = 2;
        order.push(top[0]);
        stack.pop();
      }
    }
  }
  const boundSlot = new Int32Array(n).fill(-1);
  let bounds = 0;
  for (let v = 0; v < n; v++) if (kind[v] === K_LOOPB) boundSlot[v] = bounds++;
  // The reading nodes, numbered in the order of pass 1, and each node's mask of those it reaches without reading.
  const reads = order.filter((v) => kind[v] !== K_TAG && kind[v] !== K_SPLIT);
  const bitOf = new Int32Array(n).fill(-1);
  reads.forEach((v, k) => (bitOf[v] = k));
  const words = Math.max(1, (reads.length + 31) >>> 5);
  const mask = new Uint32Array(n * words);
  for (const v of order) {
    if (bitOf[v] >= 0) {
      mask[v * words + (bitOf[v] >>> 5)] |= 1 << (bitOf[v] & 31);
      continue;
    }
    for (const w of epsilon(v)) for (let k = 0; k < words; k++) mask[v * words + k] |= mask[w * words + k];
  }
  // The same through loops' exits: order lists every node after its epsilon successors, the exits included.
  const reach = new Uint32Array(n * words);
  for (const v of order) {
    if (bitOf[v] >= 0) reach[v * words + (bitOf[v] >>> 5)] |= 1 << (bitOf[v] & 31);
    const successors = bitOf[v] >= 0 ? (kind[v] === K_LOOP || kind[v] === K_LOOPB ? epsilon(v) : []) : epsilon(v);
    for (const w of successors) for (let k = 0; k < words; k++) reach[v * words + k] |= reach[w * words + k];
  }
  return {
    mask,
    reach,
    words,
    bitOf,
    kind,
    a: Int32Array.from(b.a),
    next,
    sepExit,
    max: Int32Array.from(b.max),
    entry: Int32Array.from(b.entry),
    alts: b.alts,
    specs: b.specs,
    start: q,
    final,
    order: Int32Array.from(reads),
    boundSlot,
    bounds,
    places,
    variables: variablesOf(places),
    expressions: expressionStarts.length,
  };
}

/** The variables of the places, in order of first use, each with its places. */
function variablesOf(places: readonly VarPlace[]): Array<{ name: string; places: number[] }> {
  const byName = new Map<string, { name: string; places: number[] }>();
  places.forEach((place, p) => {
    const v = byName.get(place.spec.name);
    if (v === undefined) byName.set(place.spec.name, { name: place.spec.name, places: [p] });
    else v.places.push(p);
  });
  return [...byName.values()];
}

const UPPER_HEX = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46);

/**
 * The length of the triplets at `i` of `text` that a (U) expansion writes
 * for one character: the upper-case triplets of the well-formed UTF-8 of a
 * character that is not unreserved; 0 when there is none.
 */
function strictCharacter(text: string, i: number, unreserved: Uint8Array): number {
  if (text.charCodeAt(i) !== 0x25 || !UPPER_HEX(text.charCodeAt(i + 1)) || !UPPER_HEX(text.charCodeAt(i + 2))) return 0;
  const r = tripletCharacterAt(text, i);
  if (!('length' in r)) return 0;
  if (r.codePoint < 0x80) return unreserved[r.codePoint] === 1 ? 0 : 3;
  for (let k = 1; k < r.length; k++) if (!UPPER_HEX(text.charCodeAt(i + 3 * k + 1)) || !UPPER_HEX(text.charCodeAt(i + 3 * k + 2))) return 0;
  return 3 * r.length;
}

/**
 * The tables of run(), kept from one match to the next (grown when a URI
 * needs more, never shrunk below what a short URI needs): a match of a short
 * URI then allocates no typed array. run() is synchronous and calls no code
 * of the caller's, so one set serves every matcher.
 */
const scratch = {
  tables: new Map<string, Int32Array | Uint32Array | Uint16Array>(),
  take<K extends 'unit' | 'live' | 'need' | 'at'>(name: K, length: number, fill: number): K extends 'unit' ? Int32Array : K extends 'need' ? Uint16Array : Uint32Array {
    type T = K extends 'unit' ? Int32Array : K extends 'need' ? Uint16Array : Uint32Array;
    let table = this.tables.get(name);
    if (table === undefined || table.length < length) {
      const size = Math.max(length, 256);
      table = name === 'unit' ? new Int32Array(size) : name === 'need' ? new Uint16Array(size) : new Uint32Array(size);
      // A table for a long URI is not kept: the next short match would hold its memory.
      if (size <= SCRATCH_KEPT) this.tables.set(name, table);
    }
    table.fill(fill, 0, length);
    return table as T;
  },
};

/** The longest table kept between matches (entries): a URI of some thousands of characters. */
const SCRATCH_KEPT = 1 << 16;

/** Scratch for the lengths of the characters a loop can read at an offset (at most two: a (U+R) triplet alone, or the run of one UTF-8 character). */
const lengths = new Int32Array(2);

/** How many ways `spec` can read one character at `i` of `text` (the lengths in `lengths`, longest first). */
function units(spec: LoopSpec, text: string, i: number, n: number, unreserved: Uint8Array): number {
  if (i >= n) return 0;
  const c = text.charCodeAt(i);
  if (c !== 0x25) {
    if (c < 0x80) {
      if (spec.raw[c] !== 1) return 0;
      lengths[0] = 1;
      return 1;
    }
    // A character above ASCII, which only an IRI holds (matchCompiled has refused a URI with one, and a lone
    // surrogate): one character, read as the triplets of its UTF-8 would be.
    lengths[0] = c >= 0xd800 && c <= 0xdbff ? 2 : 1;
    return 1;
  }
  if (!spec.anyTriplet) {
    const l = strictCharacter(text, i, unreserved);
    lengths[0] = l;
    return l > 0 ? 1 : 0;
  }
  if (!isTripletAt(text, i)) return 0;
  const run = characterLength(text, i, true);
  lengths[0] = run;
  if (run === 3) return 1;
  lengths[1] = 3;
  return 2;
}

/**
 * The passes on `uri` (ASCII); the tag log of the way found, or undefined when
 * none. First, per loop spec and offset, the lengths of the characters the
 * spec can read there (0: none): every later look is an array read.
 */
function run(m: TemplateMatcher, uri: string): number[] | undefined {
  const n = uri.length;
  const { kind, a, next, sepExit, order, specs, mask, words, reach } = m;
  const specCount = specs.length;
  const unreserved = unreservedTable();
  // unit[(s * (n + 1) + i) * 2 + x]: the x-th length (longest first) spec s reads at i; 0 for none.
  const unit = scratch.take('unit', specCount * (n + 1) * 2, 0);
  for (let s = 0; s < specCount; s++) {
    const spec = specs[s];
    for (let i = 0; i < n; i++) {
      const count = units(spec, uri, i, n, unreserved);
      const at = (s * (n + 1) + i) * 2;
      if (count > 0) unit[at] = lengths[0];
      if (count > 1) unit[at + 1] = lengths[1];
    }
  }
  const unitAt = (s: number, i: number, x: number): number => unit[(s * (n + 1) + i) * 2 + x];
  const live = scratch.take('live', (n + 1) * words, 0);
  const INF = 0xffff;
  const need = scratch.take('need', Math.max(1, (n + 1) * m.bounds), INF);
  /** Whether node v (any node) is live at offset i: one of the reading nodes it reaches without reading is. */
  // One function, not one of two by `words`: a call site that sees one closure is inlined.
  const bit = (i: number, v: number): boolean => {
    if (v < 0) return false;
    if (words === 1) return (live[i] & mask[v]) !== 0;
    const row = i * words;
    const at = v * words;
    for (let k = 0; k < words; k++) if ((live[row + k] & mask[at + k]) !== 0) return true;
    return false;
  };
  // Pass 0, forward: where a path from the start can be, per offset (a superset: bounds and the rest of the URI
  // left aside), so that pass 1 computes only those nodes: a few of all, at most offsets.
  const at = scratch.take('at', (n + 1) * words, 0);
  const add = (i: number, v: number): void => {
    const row = i * words;
    const from = v * words;
    for (let k = 0; k < words; k++) at[row + k] |= reach[from + k];
  };
  add(0, m.start);
  // The reading nodes are numbered in pass 1's order: a row's set bits, lowest first, are the nodes reached there, in order.
  for (let i = 0; i < n; i++) {
    const row = i * words;
    const code = uri.charCodeAt(i);
    for (let word = 0; word < words; word++) {
      let set = at[row + word];
      while (set !== 0) {
      const low = set & -set;
      set ^= low;
      const v = order[(word << 5) + 31 - Math.clz32(low)];
      const kv = kind[v];
      if (kv === K_CHAR) {
        if (code === a[v]) add(i + 1, next[v]);
      } else if (kv !== K_MATCH) {
        const to = kv === K_UNIT ? next[v] : v;
        const l0 = unitAt(a[v], i, 0);
        if (l0 > 0) add(i + l0, to);
        const l1 = unitAt(a[v], i, 1);
        if (l1 > 0) add(i + l1, to);
      }
      }
    }
  }
  // No path reaches MATCH at the end even with the bounds left aside: refused without pass 1 (what a URI
  // that is not of the template's shape, a bad character last, costs).
  const final = m.bitOf[m.final];
  if ((at[n * words + (final >>> 5)] & (1 << (final & 31))) === 0) return undefined;
  // Pass 1, backward: whether the rest of the URI can be read from each node that pass 0 reached.
  for (let i = n; i >= 0; i--) {
    const row = i * words;
    const code = i < n ? uri.charCodeAt(i) : -1;
    for (let word = 0; word < words; word++) {
      let set = at[row + word];
      while (set !== 0) {
      const low = set & -set;
      set ^= low;
      const b = (word << 5) + 31 - Math.clz32(low);
      const v = order[b];
      let ok = false;
      switch (kind[v]) {
        case K_MATCH:
          ok = i === n;
          break;
        case K_CHAR:
          ok = code === a[v] && bit(i + 1, next[v]);
          break;
        case K_UNIT: {
          const l0 = unitAt(a[v], i, 0);
          const l1 = unitAt(a[v], i, 1);
          ok = (l0 > 0 && bit(i + l0, next[v])) || (l1 > 0 && bit(i + l1, next[v]));
          break;
        }
        case K_LOOP: {
          const l0 = unitAt(a[v], i, 0);
          const l1 = unitAt(a[v], i, 1);
          ok = bit(i, sepExit[v]) || bit(i, next[v]) || (l0 > 0 && bit(i + l0, v)) || (l1 > 0 && bit(i + l1, v));
          break;
        }
        case K_LOOPB: {
          const slot = m.boundSlot[v];
          let best = bit(i, sepExit[v]) || bit(i, next[v]) ? 0 : INF;
          for (let x = 0; x < 2 && best !== 0; x++) {
            const l = unitAt(a[v], i, x);
            if (l === 0) continue;
            const after = need[(i + l) * m.bounds + slot];
            if (after + 1 < best) best = after + 1;
          }
          need[i * m.bounds + slot] = best;
          ok = best <= m.max[v] - m.entry[v];
          break;
        }
      }
      if (ok) live[row + word] |= low;
      }
    }
  }
  if (!bit(0, m.start)) return undefined;
  // Pass 2, forward: the first way that can still succeed, at every choice.
  const log: number[] = [];
  let v = m.start;
  let i = 0;
  let used = 0;
  const enter = (w: number): number => {
    if (kind[w] === K_LOOPB) used = m.entry[w];
    return w;
  };
  for (;;) {
    switch (kind[v]) {
      case K_MATCH:
        return log;
      case K_CHAR:
        i++;
        v = enter(next[v]);
        break;
      case K_TAG:
        log.push(a[v], i);
        v = enter(next[v]);
        break;
      case K_SPLIT: {
        const ways = m.alts[v] as readonly number[];
        let w = 0;
        while (!bit(i, ways[w])) w++;
        v = enter(ways[w]);
        break;
      }
      case K_UNIT: {
        const l0 = unitAt(a[v], i, 0);
        i += l0 > 0 && bit(i + l0, next[v]) ? l0 : unitAt(a[v], i, 1);
        v = enter(next[v]);
        break;
      }
      case K_LOOP: {
        if (bit(i, sepExit[v])) {
          v = enter(sepExit[v]);
          break;
        }
        const l0 = unitAt(a[v], i, 0);
        const l1 = unitAt(a[v], i, 1);
        if (l0 > 0 && bit(i + l0, v)) i += l0;
        else if (l1 > 0 && bit(i + l1, v)) i += l1;
        else v = enter(next[v]);
        break;
      }
      case K_LOOPB: {
        if (bit(i, sepExit[v])) {
          v = enter(sepExit[v]);
          break;
        }
        const slot = m.boundSlot[v];
        const l0 = unitAt(a[v], i, 0);
        const l1 = unitAt(a[v], i, 1);
        const fits = (l: number): boolean => l > 0 && used + 1 + need[(i + l) * m.bounds + slot] <= m.max[v];
        if (fits(l0)) {
          i += l0;
          used++;
        } else if (fits(l1)) {
          i += l1;
          used++;
        } else v = enter(next[v]);
        break;
      }
    }
  }
}

/**
 * Whether the automaton reads `text`: ASCII; with `iri`, characters above
 * ASCII too (each one character, as its triplets would be, RFC 3987 3.1),
 * but no lone surrogate, which has no UTF-8 and so no URI.
 */
function readable(text: string, iri: boolean): boolean {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) < 0x80) i++;
  if (i === text.length) return true;
  return iri && !LONE_SURROGATE.test(text);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * What one place of a variable says of it: `empty`, the expression wrote
 * nothing (the variable is undefined, or expands to nothing there);
 * `skipped`, the expression wrote other variables but not this one (it is
 * undefined); or its value (for a prefix, the prefix's).
 */
type Reading = { readonly kind: 'empty' } | { readonly kind: 'skipped' } | { readonly kind: 'value'; readonly value: MatchedValue; readonly prefix?: number; readonly allowReserved: boolean };
const EMPTY: Reading = { kind: 'empty' };
const SKIPPED: Reading = { kind: 'skipped' };

/**
 * The text of a varspec's part, read back into its value; null when it cannot
 * be one (an associative array with a name twice). `items`: the members of an
 * exploded value, as the automaton separated them.
 */
function readValue(place: VarPlace, text: string, items: readonly string[]): MatchedValue | null {
  const { spec, rules: r } = place;
  const decode = r.allowReserved ? decodeEncodedOnly : decodeAll;
  const listOrString = (t: string): MatchedValue => (t.includes(',') ? t.split(',').map(decodeAll) : decodeAll(t));
  const nameAndValue = (m: string): [string, string] => (m.includes('=') ? [m.slice(0, m.indexOf('=')), m.slice(m.indexOf('=') + 1)] : [m, '']);
  if (!r.named) {
    if (spec.prefix !== undefined) return decode(text);
    if (!spec.explode) return r.allowReserved ? decode(text) : listOrString(text);
    if (r.allowReserved || !items.some((m) => m.includes('='))) return items.map(decode);
    return pairs(items.map(nameAndValue));
  }
  if (!spec.explode) {
    const value = text.slice(spec.name.length + 1); // after the name and "=", or "" when there is neither
    return spec.prefix !== undefined ? decodeAll(value) : listOrString(value);
  }
  const split = items.map(nameAndValue);
  if (split.every(([name]) => name === spec.name)) return split.map(([, value]) => decodeAll(value));
  return pairs(split);
}

/** An associative array of decoded pairs; null when a name comes twice. */
function pairs(texts: readonly string[][]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [name, value] of texts) {
    const key = decodeAll(name);
    if (Object.prototype.hasOwnProperty.call(out, key)) return null;
    Object.defineProperty(out, key, { value: decodeAll(value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const same = (x: MatchedValue, y: MatchedValue): boolean => JSON.stringify(x) === JSON.stringify(y) && Array.isArray(x) === Array.isArray(y);

/** The value of a variable from what each of its places says, or null when they disagree; undefined when it is undefined. */
function agree(readings: readonly Reading[]): MatchedValue | undefined | null {
  const values = readings.filter((r): r is Reading & { kind: 'value' } => r.kind === 'value');
  if (values.length === 0) return undefined;
  // A defined variable is written wherever it appears: none of its places skipped it, and where one wrote nothing, it is empty.
  if (readings.some((r) => r.kind === 'skipped')) return null;
  const whole = values.filter((r) => r.prefix === undefined);
  let value: MatchedValue;
  if (whole.length > 0) {
    value = whole[0].value;
    for (let k = 1; k < whole.length; k++) if (!same(whole[k].value, value)) return null;
  } else {
    // Only prefixes: the longest is all the URI shows of the value (the others must be prefixes of it, below).
    value = values.reduce((x, y) => ((y.prefix as number) > (x.prefix as number) ? y : x)).value;
  }
  for (const r of values) {
    if (r.prefix === undefined) continue;
    // Decoded, each place's prefix is the whole value's, as a prefix counts characters (2.4.1).
    if (typeof value !== 'string' || r.value !== prefixOf(value, r.prefix, r.allowReserved)) return null;
  }
  if (readings.some((r) => r.kind === 'empty') && value !== '') return null;
  return value;
}

/**
 * The values of `template`'s variables that expand to `uri` (by the rules in
 * the module's comment), or null. `iri`: the URI may be an IRI (its
 * characters above ASCII are read as the triplets of their UTF-8).
 */
export function matchCompiled(m: TemplateMatcher, uri: string, iri: boolean): MatchedVariables | null {
  if (!readable(uri, iri)) return null;
  const text = uri;
  const log = run(m, text);
  if (log === undefined) return null;
  const places = m.places;
  const exprStart: number[] = new Array<number>(m.expressions).fill(-1);
  const exprEmpty: boolean[] = new Array<boolean>(m.expressions).fill(false);
  const varStart: number[] = new Array<number>(places.length).fill(-1);
  const texts: Array<string | undefined> = new Array<string | undefined>(places.length).fill(undefined);
  const items: Array<string[] | undefined> = new Array<string[] | undefined>(places.length).fill(undefined);
  const itemStart: number[] = new Array<number>(places.length).fill(0);
  for (let k = 0; k < log.length; k += 2) {
    const id = Math.floor(log[k] / TAGS);
    const at = log[k + 1];
    switch (log[k] % TAGS) {
      case TAG_EXPR_START:
        exprStart[id] = at;
        break;
      case TAG_EXPR_END:
        exprEmpty[id] = at === exprStart[id];
        break;
      case TAG_VAR_START:
        varStart[id] = at;
        itemStart[id] = at;
        items[id] = [];
        break;
      case TAG_ITEM:
        (items[id] as string[]).push(text.slice(itemStart[id], at));
        itemStart[id] = at + 1; // after the separator, one character
        break;
      case TAG_VAR_END:
        texts[id] = text.slice(varStart[id], at);
        (items[id] as string[]).push(text.slice(itemStart[id], at));
        break;
    }
  }
  const out: MatchedVariables = {};
  /** What place p says of its variable; null when its text is no value (an associative array with a name twice). */
  const reading = (p: number): Reading | null => {
    const place = places[p];
    const t = texts[p];
    if (exprEmpty[place.expression]) return EMPTY;
    if (t === undefined) return SKIPPED;
    const value = readValue(place, t, items[p] as string[]);
    return value === null ? null : { kind: 'value', value, prefix: place.spec.prefix, allowReserved: place.rules.allowReserved };
  };
  for (const variable of m.variables) {
    let value: MatchedValue | undefined | null;
    if (variable.places.length === 1) {
      // One place: what it read (an empty or skipped expression leaves the variable undefined).
      const r = reading(variable.places[0]);
      if (r === null) return null;
      value = r.kind === 'value' ? r.value : undefined;
    } else {
      const list: Reading[] = [];
      for (const p of variable.places) {
        const r = reading(p);
        if (r === null) return null;
        list.push(r);
      }
      value = agree(list);
      if (value === null) return null;
    }
    if (value === undefined) continue;
    // "__proto__" is a variable name like any other: an own property, not the prototype.
    if (variable.name === '__proto__') Object.defineProperty(out, variable.name, { value, enumerable: true, writable: true, configurable: true });
    else out[variable.name] = value;
  }
  return out;
}
