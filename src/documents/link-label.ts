/**
 * markdown-it's parseLinkLabel, with what each scan learns kept for the next: the same answers, in
 * time linear in the text, where markdown-it's own takes up to about its nesting limit (100)
 * steps per character.
 *
 * Why it is slow: at each "[" (the link rule) and "![" (the image rule) markdown-it looks for the
 * end of a label: from there to the "]" that brings the bracket level back to 0, stepping over
 * each inline construct with skipToken (whose result is cached per position; to skip a "[" it
 * tries the link rule there, silently, which scans a label of its own). On a run of "[" that no
 * "]" closes, every character of the run starts a scan, and each scan goes on until it meets a
 * position whose cached step jumps to the end (where the nesting limit stopped a scan nested
 * 100 deep), stepping through up to 100 positions: 1.5 to 5 s of CPU per MB (issue 30).
 *
 * What is kept, per position: where a scan that arrives there at level 1 ends (the "]" that
 * closes it), or that it ends nowhere (posMax, or an inner link a scan that refuses nested links
 * stops at). A scan that arrives at such a position at level L follows the same path: at level 1
 * it has its answer; at a higher level it ends nowhere too, or it jumps to that "]" with its level
 * unchanged (between the two the path never goes below it) and goes on from there. Once a scan
 * ends, the answer for each position it arrived at is read off its path (the first later
 * arrival at a lower level: a "next smaller" pass with a stack) and kept. Every scan is a few
 * steps and jumps: on a run of "[" each answer is known after one step.
 *
 * Exact by construction: a scan steps (skipToken) where markdown-it's steps, in the same order,
 * but for the stretches it jumps over, whose steps are all cached already (a cached step never
 * changes); the "]" it jumps to is stepped over as markdown-it does, so the cache is what
 * markdown-it's would be. The answers hold for one state (one source), one posMax and one setting
 * of nested links (two tables, one per setting).
 * test/documents.test.ts checks the links found against markdown-it's own on random
 * bracket-heavy documents.
 */

/** What parseLinkLabel reads of markdown-it's StateInline. */
export interface LabelState {
  src: string;
  pos: number;
  posMax: number;
  md: { inline: { skipToken(state: LabelState): void } };
}

/** Below this length a source is scanned as markdown-it scans it: the tables are not worth their set-up. */
const SMALL = 1024;

const CLOSE = 0x5d; // ]
const OPEN = 0x5b; // [

/** A growable pair of columns: a scan's path (the positions it arrived at, and the level on arrival at each). */
class Path {
  positions = new Int32Array(256);
  levels = new Int32Array(256);

  ensure(n: number): void {
    if (n < this.positions.length) return;
    const size = Math.max(n + 1, this.positions.length * 2);
    const positions = new Int32Array(size);
    positions.set(this.positions);
    this.positions = positions;
    const levels = new Int32Array(size);
    levels.set(this.levels);
    this.levels = levels;
  }
}

export class LinkLabels {
  /**
   * The context of an answer: its state and posMax (a link's label is tokenized with posMax at its end, an image's
   * label as a source and a state of its own, and the scans then go on with the paragraph's). Per state and posMax,
   * a number, never given twice: an entry holds where its stamp is its context's number, so that an entry another
   * context wrote over reads as unknown, and going back to a context finds what it kept that was not written over.
   */
  private contexts = new WeakMap<LabelState, Map<number, number>>();
  private next = 0;
  /** Per setting of nested links (0: allowed, 1: refused), per position: the answer for a scan arriving there at level 1 (-1: none). */
  private readonly answers: [Int32Array, Int32Array] = [new Int32Array(0), new Int32Array(0)];
  private readonly stamps: [Int32Array, Int32Array] = [new Int32Array(0), new Int32Array(0)];
  /** The paths of the scans under way (a scan's steps run the link rule, which scans a label of its own): a stack. */
  private readonly path = new Path();
  private top = 0;
  private lowerStack = new Int32Array(256);

  /** parseLinkLabel(state, start, disableNested): the position of the "]" that ends the label opened at start, or -1. */
  labelEnd(state: LabelState, start: number, disableNested: boolean): number {
    const refuse = disableNested === true;
    if (state.src.length < SMALL) return walk(state, start, refuse);
    return this.scan(state, start, refuse, this.contextOf(state));
  }

  /** The number of the state's context at its posMax; the tables grown to its source's length (then no entry holds). */
  private contextOf(state: LabelState): number {
    const n = state.src.length;
    if (this.stamps[0].length < n) {
      const size = Math.max(n, 2 * this.stamps[0].length);
      for (const k of [0, 1] as const) {
        this.answers[k] = new Int32Array(size);
        this.stamps[k] = new Int32Array(size);
      }
    }
    // A state reads one source (its src never changes): it is the state that is looked up, never its text.
    let byMax = this.contexts.get(state);
    if (byMax === undefined) this.contexts.set(state, (byMax = new Map()));
    let context = byMax.get(state.posMax);
    if (context === undefined) {
      if (++this.next === 0x7fffffff) {
        for (const k of [0, 1] as const) this.stamps[k].fill(0);
        this.contexts = new WeakMap();
        this.contexts.set(state, (byMax = new Map()));
        this.next = 1;
      }
      context = this.next;
      byMax.set(state.posMax, context);
    }
    return context;
  }

  private scan(state: LabelState, start: number, refuse: boolean, context: number): number {
    const table = refuse ? 1 : 0;
    const answers = this.answers[table];
    const stamps = this.stamps[table];
    const max = state.posMax;
    const oldPos = state.pos;
    const src = state.src;
    const path = this.path;
    const base = this.top;
    let n = base;
    state.pos = start + 1;
    let level = 1;
    let labelEnd = -1;
    // The level after the last arrival: unchanged when the scan stops at an inner link, at posMax or where a kept answer says none.
    let after: number;
    for (;;) {
      const pos = state.pos;
      if (pos >= max) {
        after = level;
        break;
      }
      path.ensure(n);
      path.positions[n] = pos;
      path.levels[n] = level;
      n++;
      this.top = n;
      // A "]" whose answer is itself is stepped as markdown-it steps it (jumping to it would be no step at all).
      if (stamps[pos] === context && answers[pos] !== pos) {
        const answer = answers[pos];
        if (answer < 0) {
          after = level;
          break;
        }
        if (level === 1) {
          // The "]" that closes it is the last arrival, at level 1, and the level after it 0.
          path.ensure(n);
          path.positions[n] = answer;
          path.levels[n] = 1;
          n++;
          labelEnd = answer;
          after = 0;
          break;
        }
        // The path from here to that "]" stays at this level or above: on from the "]", at this level.
        state.pos = answer;
        continue;
      }
      const marker = src.charCodeAt(pos);
      if (marker === CLOSE && --level === 0) {
        labelEnd = pos;
        after = 0;
        break;
      }
      state.md.inline.skipToken(state);
      if (marker === OPEN) {
        if (pos === state.pos - 1) level++;
        else if (refuse) {
          after = level;
          break;
        }
      }
    }
    state.pos = oldPos;
    this.keep(base, n, after, answers, stamps, context);
    this.top = base;
    return labelEnd;
  }

  /**
   * Keeps, for each position arrived at (path[base .. n)), the answer of a scan arriving there at level 1: the "]"
   * just before the first later arrival at a lower level (levels change by one at a time), or none.
   */
  private keep(base: number, n: number, after: number, answers: Int32Array, stamps: Int32Array, context: number): void {
    const { positions, levels } = this.path;
    if (this.lowerStack.length < n - base + 1) this.lowerStack = new Int32Array(2 * (n - base + 1));
    const stack = this.lowerStack;
    let depth = 0;
    for (let k = base; k <= n; k++) {
      const level = k < n ? levels[k] : after;
      while (depth > 0 && levels[stack[depth - 1]] > level) {
        const j = stack[--depth];
        if (stamps[positions[j]] !== context) {
          answers[positions[j]] = positions[k - 1];
          stamps[positions[j]] = context;
        }
      }
      if (k < n) stack[depth++] = k;
    }
    for (let d = 0; d < depth; d++) {
      const p = positions[stack[d]];
      if (stamps[p] !== context) {
        answers[p] = -1;
        stamps[p] = context;
      }
    }
  }
}

/** markdown-it's parseLinkLabel (14.1), step for step: for the small sources. */
function walk(state: LabelState, start: number, refuse: boolean): number {
  const max = state.posMax;
  const oldPos = state.pos;
  state.pos = start + 1;
  let level = 1;
  let found = false;
  while (state.pos < max) {
    const marker = state.src.charCodeAt(state.pos);
    if (marker === CLOSE && --level === 0) {
      found = true;
      break;
    }
    const prevPos = state.pos;
    state.md.inline.skipToken(state);
    if (marker === OPEN) {
      if (prevPos === state.pos - 1) level++;
      else if (refuse) {
        state.pos = oldPos;
        return -1;
      }
    }
  }
  const labelEnd = found ? state.pos : -1;
  state.pos = oldPos;
  return labelEnd;
}
