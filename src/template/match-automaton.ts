/**
 * The automaton of a template, for matching URIs against it (src/template/match.ts
 * has the rules it follows; match-passes.ts runs it). Nodes:
 *
 * - a text (K_TEXT): a run of literal characters as expansion writes them
 *   (the template's literals, 3.1; a name and "=" of a named operator): one
 *   node, whatever its length, which match-passes.ts finds in the URI in one
 *   scan (match-text.ts); one ASCII character is a K_CHAR;
 * - a choice (K_SPLIT), its ways in the order of preference;
 * - a tag (K_TAG), where an expression, a variable's text or an exploded
 *   value's member begins or ends;
 * - loops that read a value one character at a time (K_UNIT, K_LOOP, and
 *   K_LOOPB with a prefix's bound): a character being an unreserved one, or
 *   the triplets of one UTF-8 character, as expansion writes them.
 *
 * So the nodes grow with the template's varspecs, and not with its literal
 * text: a template of a million literal characters is one node. A template
 * of more than TEMPLATE_MATCH_LIMITS.varspecs varspecs is refused before any
 * node is built (a TemplateMatchError): each match's time and memory grow
 * with the URI's length times the nodes.
 */
import { TemplateMatchError } from '../core/errors';
import { encodeLiteral, unreservedOrReservedTable, unreservedTable } from './encode';
import type { ParsedTemplate, TemplateExpression, TemplateVarSpec } from './parse';
import { OPERATORS, type OperatorRules } from './syntax';

/** The whole URI read. */
export const K_MATCH = 0;
/** One ASCII character, `a`. */
export const K_CHAR = 1;
export const K_TAG = 2;
export const K_SPLIT = 3;
/** Reads one character of its loop's kind, then goes to `next`. */
export const K_UNIT = 4;
/** Reads any number of characters of its kind, then goes to its exit (or its separator exit). */
export const K_LOOP = 5;
/** K_LOOP with a bound: at most `max` characters, counting from `entry` (a prefix, 2.4.1). */
export const K_LOOPB = 6;
/** A text of the template, `texts[a]`, read whole. */
export const K_TEXT = 7;

export const TAG_EXPR_START = 0;
export const TAG_EXPR_END = 1;
export const TAG_VAR_START = 2;
export const TAG_VAR_END = 3;
/** Where a separator between two members (or pairs) of an exploded value is. */
export const TAG_ITEM = 4;
/** A tag is its place's (or expression's) index times TAGS, plus its kind. */
export const TAGS = 8;

/**
 * What a match takes, at most: a template's varspecs (a variable counted at
 * each place it appears: `{x,y}{x}` has three), and the bytes of one match's
 * tables, which grow with the URI's length times the template's varspecs
 * (match-passes.ts, tableBytes). Beyond either, matchTemplate throws a
 * TemplateMatchError before any work. Templates of routers and API
 * descriptions have some tens of varspecs; the tables of a template of 10
 * varspecs take some tens of bytes per character of the URI
 * (docs/templates.md, "What a match takes").
 */
export const TEMPLATE_MATCH_LIMITS: { readonly varspecs: number; readonly memoryBytes: number } = { varspecs: 1024, memoryBytes: 2 ** 30 };

/** What a loop reads: which ASCII characters stand for themselves, and whether triplets are (U)'s or (U+R)'s. */
export interface LoopSpec {
  /** Per ASCII code unit, 1 when the character stands for itself in the loop. */
  readonly raw: Uint8Array;
  /** true: any triplet (U+R passes a value's own triplets); false: the upper-case triplets of the UTF-8 of a character that is not unreserved (U). */
  readonly anyTriplet: boolean;
}

/** One varspec where the template has it, for reading its text back. */
export interface VarPlace {
  readonly spec: TemplateVarSpec;
  readonly rules: OperatorRules;
  readonly expression: number;
}

/** The compiled automaton of a template. */
export interface TemplateMatcher {
  readonly template: string;
  readonly kind: Int8Array;
  /** K_CHAR: the code unit; K_TEXT: the text's index; K_TAG: the tag; K_UNIT, K_LOOP, K_LOOPB: the loop's spec index. */
  readonly a: Int32Array;
  /** The next node (K_CHAR, K_TEXT, K_TAG, K_UNIT), the exit (K_LOOP, K_LOOPB). */
  readonly next: Int32Array;
  /** K_LOOP, K_LOOPB: the separator exit, or -1. */
  readonly sepExit: Int32Array;
  /** K_LOOPB: the bound (max) and the count it is entered with. */
  readonly max: Int32Array;
  readonly entry: Int32Array;
  /** K_SPLIT: its ways, first preferred. */
  readonly alts: ReadonlyArray<readonly number[] | null>;
  readonly specs: readonly LoopSpec[];
  /** The texts of the K_TEXT nodes, as the URI writes them (ASCII), each once. */
  readonly texts: readonly string[];
  /** Per text, its failure function (match-text.ts), made on the first match that looks for the text, and kept. */
  readonly borders: Array<Int32Array | undefined>;
  /** The texts' lengths, added up. */
  readonly textLength: number;
  readonly start: number;
  /** The MATCH node: the whole URI read. */
  readonly final: number;
  /**
   * The nodes with a bit in the passes' bit sets, in the order pass 1
   * computes them at one offset: each after the nodes it reaches without
   * reading (its epsilon successors). They are the nodes that read (and
   * MATCH), and the choices whose closure (below) would otherwise span more
   * than CLOSURE_WORDS words; a row's set bits, lowest first, are its nodes in
   * pass 1's order, highest first in pass 0's.
   */
  readonly order: Int32Array;
  /** Per node, its bit, or -1 for a node without one. */
  readonly bitOf: Int32Array;
  /** Words per bit set: ceil(nodes with a bit / 32). */
  readonly words: number;
  /**
   * Per node, the nodes with a bit that it reaches without reading through
   * nodes without one (itself, for a node with a bit): it is live where one of
   * them is (passes 1 and 2).
   */
  readonly closure: NodeBits;
  /**
   * Per node, the nodes with a bit that a path reaching it reaches at the same
   * offset: its closure, and through a loop's exits (pass 0); a loop whose
   * exits' would span more than CLOSURE_WORDS words has itself alone, and
   * `exits` set, and pass 0 takes its exits when it takes the loop.
   */
  readonly reach: NodeBits;
  /** Per loop, 1 when pass 0 takes its exits itself (its reach is itself alone). */
  readonly exits: Uint8Array;
  /** Whether a node of pass 0 adds nodes at its own offset (a choice with a bit, a loop with `exits`): pass 0 then takes a row's new bits too. */
  readonly sameOffset: boolean;
  /** For each K_LOOPB node, its slot in the bound table, else -1. */
  readonly boundSlot: Int32Array;
  readonly bounds: number;
  readonly places: readonly VarPlace[];
  /** The template's expressions, in order (a place's `expression` is an index into them). */
  readonly expressions: readonly TemplateExpression[];
  /** The variables in order of first use, each with its places (most have one: its value is what it reads, with nothing to agree with). */
  readonly variables: ReadonlyArray<{ readonly name: string; readonly places: readonly number[] }>;
}

/**
 * A set of nodes with a bit per node, as the words of a bit set from the first
 * word that can be other than 0 to the last (at most CLOSURE_WORDS words).
 */
export interface NodeBits {
  /** Per node, its first word and the word after its last (equal: none). */
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** Per node, where its words are in `bits`, less `from` (its word k is bits[at + k]). */
  readonly at: Int32Array;
  readonly bits: Uint32Array;
  /** Per node, its word 0 (all its words when there is one word per set). */
  readonly first: Uint32Array;
}

/**
 * The most words a node's closure spans: a choice whose closure would span
 * more has a bit of its own, and the passes take its ways one by one. A
 * template of some tens of reading nodes has none; one of many adjacent
 * expressions, which can each write nothing, has one per expression or
 * variable, and each look of a pass costs at most this many words.
 */
const CLOSURE_WORDS = 2;

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
  readonly texts: string[] = [];
  private readonly specCache = new Map<string, number>();
  private readonly textCache = new Map<string, number>();

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

  /** `text` (ASCII, as the URI writes it), then `next`: one node, a K_CHAR for one character. */
  literal(text: string, next: number): number {
    if (text.length === 0) return next;
    if (text.length === 1) return this.node(K_CHAR, text.charCodeAt(0), next);
    let index = this.textCache.get(text);
    if (index === undefined) {
      index = this.texts.push(text) - 1;
      this.textCache.set(text, index);
    }
    return this.node(K_TEXT, index, next);
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

/** The refusal of a template of more varspecs than a match takes, before any node is built; undefined when it has no more. */
function tooManyVarspecs(parsed: ParsedTemplate): TemplateMatchError | undefined {
  const limit = TEMPLATE_MATCH_LIMITS.varspecs;
  let count = 0;
  let beyond: TemplateVarSpec | undefined;
  for (const part of parsed.parts) {
    if (part.type !== 'expression') continue;
    if (beyond === undefined && count + part.variables.length > limit) beyond = part.variables[limit - count];
    count += part.variables.length;
  }
  if (beyond === undefined) return undefined;
  return new TemplateMatchError(
    parsed.template,
    'varspecs',
    limit,
    count,
    beyond.start,
    `matchTemplate: the template has ${count} varspecs, and a template is matched with at most ${limit} (the varspec at offset ${beyond.start} is the ${limit + 1}th): a match's time and memory grow with the URI's length times the varspecs (it expands all the same)`,
  );
}

/** Compiles a parsed template into its automaton; a TemplateMatchError for one of more varspecs than TEMPLATE_MATCH_LIMITS allows. */
export function compileMatcher(parsed: ParsedTemplate): TemplateMatcher {
  const refused = tooManyVarspecs(parsed);
  if (refused !== undefined) throw refused;
  const b = new Builder();
  const places: VarPlace[] = [];
  const expressions: TemplateExpression[] = [];
  const expressionStarts: Array<[number, number]> = [];
  for (const part of parsed.parts) {
    if (part.type !== 'expression') continue;
    expressionStarts.push([places.length, part.variables.length]);
    expressions.push(part);
    for (const spec of part.variables) places.push({ spec, rules: OPERATORS[part.operator], expression: expressionStarts.length - 1 });
  }
  const final = b.node(K_MATCH);
  let q = final;
  let e = expressionStarts.length;
  for (let k = parsed.parts.length - 1; k >= 0; k--) {
    const part = parsed.parts[k];
    // A literal as expansion writes it (3.1): what a URI does not allow as the triplets of its UTF-8. An IRI's
    // characters above ASCII are matched as those triplets too (match-text.ts).
    if (part.type === 'literal') q = b.literal(encodeLiteral(part.text, false), q);
    else {
      e--;
      q = expression(b, places, expressionStarts[e][0], expressionStarts[e][1], e, q);
    }
  }
  return tables(parsed.template, b, q, final, places, expressions);
}

/** The tables of the passes: the order of pass 1, the nodes with a bit, each node's closure, the bound slots. */
function tables(template: string, b: Builder, start: number, final: number, places: VarPlace[], expressions: TemplateExpression[]): TemplateMatcher {
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
  const { bitOf, bitNodes, closure, reach, exits } = closures(order, n, (v) => kind[v] !== K_TAG && kind[v] !== K_SPLIT, (v) => kind[v] === K_LOOP || kind[v] === K_LOOPB, epsilon);
  return {
    template,
    kind,
    a: Int32Array.from(b.a),
    next,
    sepExit,
    max: Int32Array.from(b.max),
    entry: Int32Array.from(b.entry),
    alts: b.alts,
    specs: b.specs,
    texts: b.texts,
    borders: b.texts.map(() => undefined),
    textLength: b.texts.reduce((sum, t) => sum + t.length, 0),
    start,
    final,
    order: Int32Array.from(bitNodes),
    bitOf,
    words: Math.max(1, (bitNodes.length + 31) >>> 5),
    closure,
    reach,
    exits,
    sameOffset: exits.includes(1) || bitNodes.some((v) => kind[v] === K_TAG || kind[v] === K_SPLIT),
    boundSlot,
    bounds,
    places,
    expressions,
    variables: variablesOf(places),
  };
}

/** A set of nodes with a bit being built: per node, its words from `lo` to `hi`. */
class Sets {
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly rows: Uint32Array[];

  constructor(n: number) {
    this.lo = new Int32Array(n);
    this.hi = new Int32Array(n);
    this.rows = new Array<Uint32Array>(n).fill(NONE);
  }

  /** The span in words of the union of the sets of `nodes` and of `bit` (-1: none). */
  span(nodes: readonly number[], bit: number): [number, number] {
    let a = bit >= 0 ? bit >>> 5 : Infinity;
    let b = bit >= 0 ? (bit >>> 5) + 1 : -1;
    for (const w of nodes) {
      if (this.hi[w] <= this.lo[w]) continue;
      if (this.lo[w] < a) a = this.lo[w];
      if (this.hi[w] > b) b = this.hi[w];
    }
    return b <= a ? [0, 0] : [a, b];
  }

  /** Node v's set: the union of the sets of `nodes` and of `bit`, over [a, b). */
  set(v: number, nodes: readonly number[], bit: number, [a, b]: [number, number]): void {
    const row = new Uint32Array(b - a);
    if (bit >= 0) row[(bit >>> 5) - a] |= 1 << (bit & 31);
    for (const w of nodes) {
      const r = this.rows[w];
      for (let k = this.lo[w]; k < this.hi[w]; k++) row[k - a] |= r[k - this.lo[w]];
    }
    this.lo[v] = a;
    this.hi[v] = b;
    this.rows[v] = row;
  }

  /** The sets, each node's words one after the other. */
  done(): NodeBits {
    const n = this.lo.length;
    const bits = new Uint32Array(Math.max(1, this.rows.reduce((sum, r) => sum + r.length, 0)));
    const at = new Int32Array(n);
    const first = new Uint32Array(n);
    let next = 0;
    for (let v = 0; v < n; v++) {
      const row = this.rows[v];
      bits.set(row, next);
      at[v] = next - this.lo[v];
      if (this.lo[v] === 0 && row.length > 0) first[v] = row[0];
      next += row.length;
    }
    return { from: this.lo, to: this.hi, at, bits, first };
  }
}

const wider = ([a, b]: [number, number]): boolean => b - a > CLOSURE_WORDS;

/**
 * The nodes with a bit, and each node's closure and reach, in `order` (each
 * node after its epsilon successors): a reading node has a bit; another
 * node's sets are its successors' together, unless either would span more
 * than CLOSURE_WORDS words, when it gets a bit of its own. Bits are given in
 * order, so a node's sets hold lower bits than any node after it.
 */
function closures(
  order: readonly number[],
  n: number,
  reads: (v: number) => boolean,
  loops: (v: number) => boolean,
  epsilon: (v: number) => readonly number[],
): { bitOf: Int32Array; bitNodes: number[]; closure: NodeBits; reach: NodeBits; exits: Uint8Array } {
  const bitOf = new Int32Array(n).fill(-1);
  const bitNodes: number[] = [];
  const closure = new Sets(n);
  const reach = new Sets(n);
  const exits = new Uint8Array(n);
  for (const v of order) {
    const successors = epsilon(v);
    if (reads(v)) {
      const bit = bitNodes.push(v) - 1;
      bitOf[v] = bit;
      closure.set(v, [], bit, [bit >>> 5, (bit >>> 5) + 1]);
      const through = loops(v) ? reach.span(successors, bit) : ([0, 0] as [number, number]);
      if (loops(v) && !wider(through)) reach.set(v, successors, bit, through);
      else {
        reach.set(v, [], bit, [bit >>> 5, (bit >>> 5) + 1]);
        if (loops(v)) exits[v] = 1;
      }
      continue;
    }
    const own = closure.span(successors, -1);
    const through = reach.span(successors, -1);
    if (!wider(own) && !wider(through)) {
      if (own[1] > own[0]) closure.set(v, successors, -1, own);
      if (through[1] > through[0]) reach.set(v, successors, -1, through);
      continue;
    }
    // Too wide: a bit of its own, and the passes take its ways.
    const bit = bitNodes.push(v) - 1;
    bitOf[v] = bit;
    closure.set(v, [], bit, [bit >>> 5, (bit >>> 5) + 1]);
    reach.set(v, [], bit, [bit >>> 5, (bit >>> 5) + 1]);
  }
  return { bitOf, bitNodes, closure: closure.done(), reach: reach.done(), exits };
}

const NONE = new Uint32Array(0);

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
