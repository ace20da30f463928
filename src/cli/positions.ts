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
import { extractDocument, type DocumentOptions, type DocumentUri } from '../documents/index';
import { writtenAsIs } from '../documents/found';
import { lineStarts } from '../lint/line-starts';
import { lastAtOrBefore } from '../lint/sorted';

/** A position in a file: 1-based line (lines end at LF) and 1-based column in UTF-16 code units. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Offsets in one text as positions. The line starts are found when first needed (shared with extraction's, ../documents); each lookup is a binary search. */
export class LineMap {
  private starts: ArrayLike<number> | undefined;

  constructor(private readonly text: string) {}

  /** The position of the code unit at `offset` (or, at or past the end, of where one would be). */
  position(offset: number): Position {
    const starts = (this.starts ??= lineStarts(this.text));
    // The last line that starts at or before offset.
    const lo = lastAtOrBefore(starts, offset);
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  }
}

/** A URI found in a file, with the position of its first character, and the positions of any range of it. */
export interface LocatedUri {
  readonly found: DocumentUri;
  /** Where the URI's first character is: past a delimiter, leading whitespace and a "URL:" prefix. */
  readonly position: Position;
  /**
   * Where the [start, end) range of the URI (offsets in `found.uri`, as lint
   * reports them) is in the file: the position of its first code unit, and
   * the position just after its last. A URI broken across lines inside
   * delimiters lost its whitespace, and one with escapes or character
   * references was decoded: its ranges are mapped back over them.
   */
  range(start: number, end: number): { start: Position; end: Position };
  /** The same, as offsets in the file. */
  offsets(start: number, end: number): { start: number; end: number };
  /** Whether [start, end) of the URI is the file's text at `offsets(start, end)` as written (a fix can replace it there). */
  verbatim(start: number, end: number): boolean;
}

/**
 * A located URI: one object per URI, its methods on the prototype (not four
 * closures each), and its position found when first asked for (lint asks
 * only for the URIs it reports).
 */
class Located implements LocatedUri {
  private first: Position | undefined;

  constructor(
    private readonly text: string,
    private readonly lines: LineMap,
    readonly found: DocumentUri,
  ) {}

  get position(): Position {
    return (this.first ??= this.lines.position(this.found.start));
  }

  /** The text offset of the URI's code unit k; past the end, counted on from just after its last. */
  private at(k: number): number {
    const { found } = this;
    const map = found.offsets;
    if (map === undefined) return found.start + k;
    const length = found.uri.length;
    if (k < length) return map[k];
    return (length > 0 ? map[length - 1] + 1 : found.start) + (k - length);
  }

  offsets(start: number, end: number): { start: number; end: number } {
    return { start: this.at(start), end: end > 0 && end <= this.found.uri.length ? this.at(end - 1) + 1 : this.at(end) };
  }

  range(start: number, end: number): { start: Position; end: Position } {
    const o = this.offsets(start, end);
    return { start: this.lines.position(o.start), end: this.lines.position(o.end) };
  }

  verbatim(start: number, end: number): boolean {
    return writtenAsIs(this.text, this.found, start, end);
  }
}

/** Locates a URI found in `text`: the offset of each of its code units, by its offsets or as written from its start. */
export function locate(text: string, lines: LineMap, found: DocumentUri): LocatedUri {
  return new Located(text, lines, found);
}

/**
 * Each URI of a document, located: one pass over the text for the lines.
 */
export function* locatedUris(text: string, options: DocumentOptions & { name?: string } = {}): Generator<LocatedUri> {
  const lines = new LineMap(text);
  for (const found of extractDocument(text, options)) yield locate(text, lines, found);
}
