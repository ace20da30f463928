/**
 * Positions in files: the one helper of `extract` and `lint --extract`, so
 * that both give the same line and column for the same URI, and lint's SARIF
 * regions agree with them.
 *
 * Lines are counted from 1 and end at LF. Columns are counted from 1 in
 * UTF-16 code units: the unit of JavaScript strings, of the library's offsets
 * (a lint diagnostic's start and end) and of SARIF's columnKind
 * "utf16CodeUnits", which the log states. So a character outside the Basic
 * Multilingual Plane counts two, and a tab counts one. (Counting code points
 * instead would make every column after an emoji disagree with the offsets
 * the library reports for the same text.)
 */
import { extract, type ExtractedUri } from '../extract';

/** A position in a file: 1-based line (lines end at LF) and 1-based column in UTF-16 code units. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Offsets in one text as positions. The line starts are found in one pass when first needed; each lookup is a binary search. */
export class LineMap {
  private starts: Uint32Array | undefined;

  constructor(private readonly text: string) {}

  private lineStarts(): Uint32Array {
    if (this.starts) return this.starts;
    const text = this.text;
    let count = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
    const starts = new Uint32Array(count);
    let n = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[n++] = i + 1;
    this.starts = starts;
    return starts;
  }

  /** The position of the code unit at `offset` (or, at or past the end, of where one would be). */
  position(offset: number): Position {
    const starts = this.lineStarts();
    // The last line that starts at or before offset.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  }
}

/** A URI found in a file, with the position of its first character, and the positions of any range of it. */
export interface LocatedUri {
  readonly found: ExtractedUri;
  /** Where the URI's first character is: past a delimiter, leading whitespace and a "URL:" prefix. */
  readonly position: Position;
  /**
   * Where the [start, end) range of the URI (offsets in `found.uri`, as lint
   * reports them) is in the file: the position of its first code unit, and
   * the position just after its last. A URI broken across lines inside
   * delimiters lost its whitespace: its ranges are mapped back over it.
   */
  range(start: number, end: number): { start: Position; end: Position };
}

const WHITESPACE = /\s/u;

/**
 * The offset in the text of the first character of the URI itself: past a
 * delimiter, leading whitespace and a "URL:" prefix. The URI has no
 * whitespace (extract removes it), so its first character is the
 * uri.length-th non-whitespace code unit from the end of the raw text,
 * before a closing delimiter.
 */
function uriStart(found: ExtractedUri): number {
  const { raw, uri } = found;
  let i = found.delimited === 'none' ? raw.length : raw.length - 1;
  let left = uri.length;
  while (left > 0 && i > 0) {
    i--;
    if (!WHITESPACE.test(raw[i])) left--;
  }
  return found.start + i;
}

/**
 * The offset in the text of each code unit of the URI, when the URI lost
 * whitespace (a delimited URI broken across lines); undefined when the URI is
 * the text from `first` on, as written.
 */
function unitOffsets(found: ExtractedUri, first: number): Uint32Array | undefined {
  const { raw, uri } = found;
  const from = first - found.start;
  if (raw.length - from - (found.delimited === 'none' ? 0 : 1) === uri.length) return undefined;
  const offsets = new Uint32Array(uri.length);
  let k = 0;
  for (let i = from; k < uri.length && i < raw.length; i++) if (!WHITESPACE.test(raw[i])) offsets[k++] = found.start + i;
  return offsets;
}

/**
 * Each URI that `extract` finds in `text`, located: one pass over the text
 * for the lines, one over each URI's raw text for its offsets.
 */
export function* locatedUris(text: string): Generator<LocatedUri> {
  const lines = new LineMap(text);
  for (const found of extract(text)) {
    const first = uriStart(found);
    let offsets: Uint32Array | undefined | null = null;
    const length = found.uri.length;
    // The text offset of the URI's code unit k; past the end, counted on from just after its last.
    const at = (k: number): number => {
      if (offsets === null) offsets = unitOffsets(found, first);
      if (offsets === undefined) return first + k;
      if (k < length) return offsets[k];
      return (length > 0 ? offsets[length - 1] + 1 : first) + (k - length);
    };
    yield {
      found,
      position: lines.position(first),
      range: (start, end) => ({
        start: lines.position(at(start)),
        end: lines.position(end > 0 && end <= length ? at(end - 1) + 1 : at(end)),
      }),
    };
  }
}
