/**
 * Where a normalization's changes come from: the changes the steps made, as
 * columns (Changes), and the regions of the text they replaced, mapped back to
 * the input (Origins, ReplacedRegions). Split from normalize.ts, which runs the
 * steps; this module only records them.
 */
import { isTripletAt, tripletText } from '../encoding/triplets';

export type NormalizeStepName =
  | 'decode-unreserved'
  | 'uppercase-percent-encoding'
  | 'lowercase-scheme'
  | 'lowercase-host'
  | 'remove-dot-segments'
  | 'remove-empty-port'
  | 'remove-default-port'
  | 'empty-path-to-slash'
  | 'lowercase-urn-nid'
  | 'lowercase-mailto-domain'
  | 'lowercase-mailto-hfname';

/** One change a step made: where, in the text as it stood before that step and in the input. */
export interface NormalizeStep {
  readonly step: NormalizeStepName;
  /** The section behind the step: of RFC 3986 ('6.2.2.1'), or of the scheme's RFC, named ('RFC 8141 3'). */
  readonly section: string;
  /** [start, end) of the text as it stood before this step. */
  readonly start: number;
  readonly end: number;
  /**
   * [inputStart, inputEnd) of the input the changed text comes from. A change
   * that touches text an earlier step wrote covers the whole of what that
   * step replaced (decoding "%7e" to "~" and then lower-casing the host
   * "H~" is a change of the input's "H%7e"); an insertion is where the input
   * had nothing (after anything an earlier step removed there).
   */
  readonly inputStart: number;
  readonly inputEnd: number;
  readonly before: string;
  readonly after: string;
  /** The whole text after this step's changes. */
  readonly result: string;
}

/** A step as Changes names it: its name and the section behind it. */
export interface StepLabel {
  readonly name: NormalizeStepName;
  readonly section: string;
}

/**
 * Where the text that the steps have written so far comes from in the input: the
 * regions a step replaced, in order and never overlapping, each with its span in
 * the text as it now stands and the span of the input it replaced (a removal is an
 * empty text span). Between them the text is the input's, shifted.
 *
 * A step's edits are mapped and then folded in by one merge of two sorted lists
 * (the regions and the edits), so that explaining a URI of many triplets stays
 * linear: no edit looks further than the regions it passes.
 */
export class Origins {
  // Parallel typed arrays, one entry per region, sized once per step: no object and no growth per "%XX".
  readonly textStart: Int32Array;
  readonly textEnd: Int32Array;
  readonly inputStart: Int32Array;
  readonly inputEnd: Int32Array;
  /** The change (its index in the list of all steps' changes) that wrote the region last. */
  readonly owner: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.textStart = new Int32Array(capacity);
    this.textEnd = new Int32Array(capacity);
    this.inputStart = new Int32Array(capacity);
    this.inputEnd = new Int32Array(capacity);
    this.owner = new Int32Array(capacity);
  }

  /**
   * Maps one step's changes, changes[first..] (each [start, end) of the
   * current text, in order, never overlapping), to input spans, writing them
   * into the changes, and returns the regions of the text after the step.
   */
  apply(changes: Changes, first: number): Origins {
    const { textStart: ts, textEnd: te, inputStart: is, inputEnd: ie, owner, length: n } = this;
    const { start: starts, end: ends, inputStart: froms, inputEnd: tos, after } = changes;
    // Each change adds at most one region.
    const next = new Origins(n + changes.length - first);
    let look = 0; // the first region not wholly before the position last looked up
    let kept = 0; // the first region not yet carried over to `next`
    let shift = 0; // how much the step's changes so far have lengthened the text
    const passTo = (q: number): void => {
      while (look < n && te[look] <= q) look++;
    };
    /** The input offset of text offset `q` in the text between regions (after any removal at `q`). */
    const between = (q: number): number => (look === 0 ? q : ie[look - 1] + (q - te[look - 1]));
    const carry = (upTo: number): void => {
      for (; kept < upTo; kept++) next.push(ts[kept] + shift, te[kept] + shift, is[kept], ie[kept], owner[kept]);
    };
    for (let c = first; c < changes.length; c++) {
      const start = starts[c];
      const end = ends[c];
      let from: number;
      let to: number;
      let absorbed: number; // regions [kept .. absorbed) end up inside this change's region
      let lo = start;
      let hi = end;
      passTo(start);
      carry(look);
      if (start === end) {
        // An insertion: inside a region, that region's input; elsewhere, a point of the input.
        if (look < n && ts[look] < start) {
          from = is[look];
          to = ie[look];
          lo = ts[look];
          hi = te[look];
          absorbed = look + 1;
        } else {
          from = to = between(start);
          absorbed = look;
        }
      } else {
        from = look < n && ts[look] <= start ? is[look] : between(start);
        passTo(end - 1);
        to = look < n && ts[look] <= end - 1 ? ie[look] : between(end - 1) + 1;
        // Every region that shares a character with the change, or is a removal strictly inside it.
        absorbed = kept;
        while (absorbed < n && ts[absorbed] < end) absorbed++;
        if (absorbed > kept) {
          lo = Math.min(lo, ts[kept]);
          hi = Math.max(hi, te[absorbed - 1]);
        }
      }
      kept = absorbed;
      froms[c] = from;
      tos[c] = to;
      const grown = after[c].length - (end - start);
      next.merge(lo + shift, hi + shift + grown, from, to, c);
      shift += grown;
    }
    carry(n);
    return next;
  }

  private push(textStart: number, textEnd: number, inputStart: number, inputEnd: number, owner: number): void {
    const k = this.length++;
    this.textStart[k] = textStart;
    this.textEnd[k] = textEnd;
    this.inputStart[k] = inputStart;
    this.inputEnd[k] = inputEnd;
    this.owner[k] = owner;
  }

  /** Adds a region after the others, joined with the last one when they overlap. */
  private merge(textStart: number, textEnd: number, inputStart: number, inputEnd: number, owner: number): void {
    const last = this.length - 1;
    if (last >= 0 && this.textEnd[last] > textStart) {
      this.textEnd[last] = Math.max(this.textEnd[last], textEnd);
      this.inputEnd[last] = Math.max(this.inputEnd[last], inputEnd);
      this.owner[last] = owner;
    } else {
      this.push(textStart, textEnd, inputStart, inputEnd, owner);
    }
  }
}

/**
 * The changes the steps made, in the order made, as parallel columns (one
 * entry per change): the step (its index in the labels), [start, end) in the text
 * the step began from, [inputStart, inputEnd) of the input, and the text
 * written. No object per change: a URI of many "%XX" makes one per triplet
 * and step, and lint reads them here. explainNormalize makes its
 * NormalizeStep objects from them at the end.
 */
export class Changes {
  length = 0;
  step = new Uint8Array(16);
  start = new Int32Array(16);
  end = new Int32Array(16);
  inputStart = new Int32Array(16);
  inputEnd = new Int32Array(16);
  readonly after: string[] = [];
  /** By step (its index in the labels): the text the step began from, and the text it left. */
  readonly texts: string[] = [];
  readonly results: string[] = [];

  /** `labels`: the steps, by their index (a change's `step`). */
  constructor(private readonly labels: readonly StepLabel[]) {}

  /** Adds a change; its input span is filled in when the step's changes are mapped (Origins.apply). */
  push(step: number, start: number, end: number, after: string): void {
    const k = this.length;
    if (k === this.start.length) this.grow();
    this.step[k] = step;
    this.start[k] = start;
    this.end[k] = end;
    this.after.push(after);
    this.length = k + 1;
  }

  private grow(): void {
    const bigger = <T extends Uint8Array | Int32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.step = bigger(this.step);
    this.start = bigger(this.start);
    this.end = bigger(this.end);
    this.inputStart = bigger(this.inputStart);
    this.inputEnd = bigger(this.inputEnd);
  }

  /** The name of change k's step. */
  stepName(k: number): NormalizeStepName {
    return this.labels[this.step[k]].name;
  }

  /** What change k replaced (a triplet is one shared string per distinct triplet). */
  before(k: number): string {
    const text = this.texts[this.step[k]];
    const s = this.start[k];
    const e = this.end[k];
    return e - s === 3 && isTripletAt(text, s) ? tripletText(text, s) : text.slice(s, e);
  }

  /** The changes as explainNormalize lists them. */
  toSteps(): NormalizeStep[] {
    const steps: NormalizeStep[] = [];
    for (let k = 0; k < this.length; k++) {
      const { name, section } = this.labels[this.step[k]];
      steps.push({ step: name, section, start: this.start[k], end: this.end[k], inputStart: this.inputStart[k], inputEnd: this.inputEnd[k], before: this.before(k), after: this.after[k], result: this.results[this.step[k]] });
    }
    return steps;
  }
}

/** The origins of a normalization whose steps nobody asked for: empty, and never applied to. */
export const NO_ORIGINS = new Origins(0);

/**
 * The regions of the normalized text that replaced regions of the input, in
 * order, as parallel arrays (one entry per region, `count` of them): [start,
 * end) of the one, [inputStart, inputEnd) of the other, and `step`, the index
 * of the change that wrote the region last (among all the changes, in the
 * order made: an index into Changes' columns, not into the steps).
 */
export interface ReplacedRegions {
  readonly count: number;
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly inputStart: Int32Array;
  readonly inputEnd: Int32Array;
  readonly step: Int32Array;
}
