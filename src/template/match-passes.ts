/**
 * The passes of a template's automaton (match-automaton.ts) over a URI, each
 * linear in the URI's length:
 *
 * 0. forward, from the start: where a path from the start can be, per offset
 *    (a superset: a prefix's bound and the rest of the URI left aside), so
 *    that the next pass computes only those nodes; a URI that no path reads
 *    to its end is refused here;
 * 1. backward, from the URI's end: for every offset and every node pass 0
 *    reached, whether the rest of the URI can be read from that node there
 *    (and, for a loop with a prefix's bound, how few characters it needs to
 *    reach a way out);
 * 2. forward, from the start: at every choice, the first way that pass 1
 *    says can still succeed. No way is ever tried and given up: there is no
 *    backtracking, and nothing depends on how the template was written (no
 *    regular expression is built: those of the hand-written matchers, which
 *    try one way after another, are what made one of them a ReDoS).
 *
 * Time is O(length of the URI x nodes of the template), the nodes growing
 * with its varspecs and not with its literal text (a text is one node, found
 * in the URI by one scan: match-text.ts). Memory: a bit per offset for each
 * node with a bit (the reading nodes, and the choices whose closure would be
 * wide: match-automaton.ts), which passes 0 and 1 share; two bytes per
 * offset for each kind of loop and each prefix's loop, and a bit per offset
 * for each text. A match whose tables would take more than
 * TEMPLATE_MATCH_LIMITS.memoryBytes is a TemplateMatchError before any of
 * them is made.
 */
import { TemplateMatchError } from '../core/errors';
import { isTripletAt, tripletCharacterAt } from '../encoding/triplets';
import { characterLength, unreservedTable } from './encode';
import { K_CHAR, K_LOOP, K_LOOPB, K_MATCH, K_SPLIT, K_TAG, K_TEXT, K_UNIT, TEMPLATE_MATCH_LIMITS, type LoopSpec, type TemplateMatcher } from './match-automaton';
import { bordersOf, findText, type UriForm } from './match-text';

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

type Table = Uint8Array | Uint16Array | Uint32Array;

/**
 * The tables of run(), kept from one match to the next (grown when a URI
 * needs more, never shrunk below what a short URI needs): a match of a short
 * URI then allocates no typed array. run() is synchronous and calls no code
 * of the caller's, so one set serves every matcher.
 */
const scratch = {
  tables: new Map<string, Table>(),
  take<T extends Table>(name: string, make: (length: number) => T, length: number, fill: number): T {
    let table = this.tables.get(name) as T | undefined;
    if (table === undefined || table.length < length) {
      const size = Math.max(length, 256);
      table = make(size);
      // A table for a long URI is not kept: the next short match would hold its memory.
      if (size <= SCRATCH_KEPT) this.tables.set(name, table);
    }
    table.fill(fill, 0, length);
    return table;
  },
};

/** The longest table kept between matches (entries): a URI of some thousands of characters. */
const SCRATCH_KEPT = 1 << 16;

const u8 = (length: number): Uint8Array => new Uint8Array(length);
const u16 = (length: number): Uint16Array => new Uint16Array(length);
const u32 = (length: number): Uint32Array => new Uint32Array(length);

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
 * The refusal of a match of a URI of `n` code units (and, for an IRI, of
 * `formLength` in its URI form) against `m` whose tables would take more than
 * TEMPLATE_MATCH_LIMITS.memoryBytes; undefined when they take less.
 */
export function tooLarge(m: TemplateMatcher, n: number, formLength: number | undefined): TemplateMatchError | undefined {
  const needed = tableBytes(m, n, formLength);
  const limit = TEMPLATE_MATCH_LIMITS.memoryBytes;
  if (needed <= limit) return undefined;
  const mib = (b: number) => `${Math.ceil(b / 2 ** 20)} MiB`;
  return new TemplateMatchError(
    m.template,
    'memory',
    limit,
    needed,
    undefined,
    `matchTemplate: a match of a URI of ${n} characters against this template would take ${mib(needed)} of tables, and a match takes at most ${mib(limit)}: they grow with the URI's length times the template's varspecs (${m.places.length})`,
  );
}

/**
 * The bytes of the tables of a match of a URI of `n` code units (and, for an
 * IRI, of `formLength` in its URI form) against `m`: the bits of passes 0 and
 * 1, the loops' lengths, the prefixes' counts, the texts' bits and failure
 * functions, an IRI's form.
 */
export function tableBytes(m: TemplateMatcher, n: number, formLength: number | undefined): number {
  const rows = n + 1;
  const form = formLength === undefined ? 0 : rows * 4 + (formLength + 1) * 4 + formLength * 2;
  return rows * (m.words * 4 + m.specs.length * 2 + m.bounds * 2) + m.texts.length * (((rows + 31) >>> 5) * 4 + 1) + m.textLength * 4 + form;
}

/**
 * The passes on `uri` (ASCII, or an IRI with `form`, its URI form); the tag
 * log of the way found, or undefined when none (tooLarge has said the tables
 * fit). First,
 * per loop spec and offset, the lengths of the characters the spec can read
 * there (0: none): every later look is an array read.
 */
export function run(m: TemplateMatcher, uri: string, form: UriForm | undefined): number[] | undefined {
  const n = uri.length;
  const { kind, a, next, sepExit, specs, words, texts, order, alts } = m;
  const { from: closureFrom, to: closureTo, at: closureAt, bits: closureBits, first: closure1 } = m.closure;
  const { from: reachFrom, to: reachTo, at: reachAt, bits: reachBits, first: reach1 } = m.reach;
  const { exits, sameOffset } = m;
  const specCount = specs.length;
  const unreserved = unreservedTable();
  // unit[(s * (n + 1) + i) * 2 + x]: the x-th length (longest first) spec s reads at i; 0 for none.
  const unit = scratch.take('unit', u8, specCount * (n + 1) * 2, 0);
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
  // The texts' bits, each text's found on its first look (a text no path reaches is never looked for).
  const rowWords = (n + 1 + 31) >>> 5;
  const textBits = scratch.take('text', u32, texts.length * rowWords, 0);
  const textFound = scratch.take('found', u8, texts.length, 0);
  /** The offset after text t read at i, or -1 when the URI does not have it there. */
  const textEnd = (t: number, i: number): number => {
    if (textFound[t] === 0) {
      findText(texts[t], (m.borders[t] ??= bordersOf(texts[t])), uri, form, textBits, t * rowWords);
      textFound[t] = 1;
    }
    if ((textBits[t * rowWords + (i >>> 5)] & (1 << (i & 31))) === 0) return -1;
    return form === undefined ? i + texts[t].length : form.fromForm[form.toForm[i] + texts[t].length];
  };
  // Per offset, a bit per node with a bit: the nodes pass 0 reaches there, which pass 1 turns, row by row from the
  // end, into those live there (from which the rest of the URI can be read).
  const live = scratch.take('live', u32, (n + 1) * words, 0);
  const INF = 0xffff;
  const need = scratch.take('need', u16, Math.max(1, (n + 1) * m.bounds), INF);
  /** Whether node v (any node) is live at offset i: one of the nodes of its closure is. */
  // One function, not one of two by `words`: a call site that sees one closure is inlined.
  const bit = (i: number, v: number): boolean => {
    if (v < 0) return false;
    if (words === 1) return (live[i] & closure1[v]) !== 0;
    const row = i * words;
    const at = closureAt[v];
    for (let k = closureFrom[v]; k < closureTo[v]; k++) if ((live[row + k] & closureBits[at + k]) !== 0) return true;
    return false;
  };
  /** Node v (any node) reached at offset i: the nodes of its reach are. */
  const add = (i: number, v: number): void => {
    if (v < 0) return;
    if (words === 1) {
      live[i] |= reach1[v];
      return;
    }
    const row = i * words;
    const at = reachAt[v];
    for (let k = reachFrom[v]; k < reachTo[v]; k++) live[row + k] |= reachBits[at + k];
  };
  // Pass 0, forward: where a path from the start can be, per offset (a superset: bounds and the rest of the URI
  // left aside), so that pass 1 computes only those nodes: a few of all, at most offsets. A row's nodes are taken
  // highest first, each before the nodes it reaches without reading, which it adds to the row.
  add(0, m.start);
  for (let i = 0; i <= n; i++) {
    const row = i * words;
    const code = i < n ? uri.charCodeAt(i) : -1;
    for (let word = words - 1; word >= 0; word--) {
      let bits = live[row + word];
      while (bits !== 0) {
        const top = 31 - Math.clz32(bits);
        const v = order[(word << 5) + top];
        switch (kind[v]) {
          case K_TAG:
            add(i, next[v]);
            break;
          case K_SPLIT: {
            const ways = alts[v] as readonly number[];
            for (let w = 0; w < ways.length; w++) add(i, ways[w]);
            break;
          }
          case K_CHAR:
            if (code === a[v]) add(i + 1, next[v]);
            break;
          case K_TEXT: {
            const end = i < n ? textEnd(a[v], i) : -1;
            if (end >= 0) add(end, next[v]);
            break;
          }
          case K_UNIT:
          case K_LOOP:
          case K_LOOPB: {
            let to = next[v];
            if (kind[v] !== K_UNIT) {
              // A loop's exits are in its reach, unless they would make it too wide.
              if (exits[v] === 1) {
                add(i, next[v]);
                add(i, sepExit[v]);
              }
              to = v;
            }
            const l0 = unitAt(a[v], i, 0);
            if (l0 > 0) add(i + l0, to);
            const l1 = unitAt(a[v], i, 1);
            if (l1 > 0) add(i + l1, to);
            break;
          }
        }
        // The bits below this one, with those it has just added to its word (when a node can add at its own offset).
        bits = !sameOffset ? bits ^ (1 << top) : top === 0 ? 0 : live[row + word] & ((1 << top) - 1);
      }
    }
  }
  // No path reaches MATCH at the end even with the bounds left aside: refused without pass 1 (what a URI
  // that is not of the template's shape, a bad character last, costs).
  if (!bit(n, m.final)) return undefined;
  // Pass 1, backward: whether the rest of the URI can be read from each node that pass 0 reached. A row's nodes are
  // taken lowest first, each after the nodes it reaches without reading (already live or not), and a node from which
  // the rest cannot be read has its bit cleared.
  for (let i = n; i >= 0; i--) {
    const row = i * words;
    const code = i < n ? uri.charCodeAt(i) : -1;
    for (let word = 0; word < words; word++) {
      let bits = live[row + word];
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const v = order[(word << 5) + 31 - Math.clz32(low)];
        let ok = false;
        switch (kind[v]) {
          case K_MATCH:
            ok = i === n;
            break;
          case K_TAG:
            ok = bit(i, next[v]);
            break;
          case K_SPLIT: {
            const ways = alts[v] as readonly number[];
            for (let w = 0; w < ways.length && !ok; w++) ok = bit(i, ways[w]);
            break;
          }
          case K_CHAR:
            ok = code === a[v] && bit(i + 1, next[v]);
            break;
          case K_TEXT: {
            const end = i < n ? textEnd(a[v], i) : -1;
            ok = end >= 0 && bit(end, next[v]);
            break;
          }
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
        if (!ok) live[row + word] &= ~low;
      }
    }
  }
  return pass2(m, need, unitAt, textEnd, bit);
}

/** Pass 2, forward: the first way that can still succeed, at every choice; the tag log of the way (tag, offset, ...). */
function pass2(
  m: TemplateMatcher,
  need: Uint16Array,
  unitAt: (s: number, i: number, x: number) => number,
  textEnd: (t: number, i: number) => number,
  bit: (i: number, v: number) => boolean,
): number[] | undefined {
  if (!bit(0, m.start)) return undefined;
  const { kind, a, next, sepExit } = m;
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
      case K_TEXT:
        i = textEnd(a[v], i);
        v = enter(next[v]);
        break;
      case K_TAG:
        log.push(a[v], i);
        v = enter(next[v]);
        break;
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
      case K_SPLIT: {
        const ways = m.alts[v] as readonly number[];
        let w = 0;
        while (!bit(i, ways[w])) w++;
        v = enter(ways[w]);
      }
    }
  }
}

