/**
 * RFC 3986 5.2.4, Remove Dot Segments, as the RFC writes it: an input buffer
 * consumed by rules A to E into an output buffer. Only complete "." and ".."
 * segments are dot segments; "%2E" is not (decoding it first is
 * normalization's business, 6.2.2.2). Linear in the length of the path.
 */
import { CodeUnitBuilder } from '../encoding/code-units';

/** Whether a segment of `path` is "." or "..": the only segments rules A to D act on. */
function hasDotSegment(path: string): boolean {
  return hasDotSegmentIn(path, 0, path.length);
}

/** hasDotSegment of the path text[start, end) (a path of a parsed reference, say), without slicing it out. */
export function hasDotSegmentIn(text: string, start: number, end: number): boolean {
  for (let i = text.indexOf('.', start); i >= 0 && i < end; i = text.indexOf('.', i + 1)) {
    // A "." that begins a segment (at the start or after "/") and ends it, alone or doubled.
    if (i > start && text.charCodeAt(i - 1) !== 0x2f) continue;
    const next = i + 1 < end && text.charCodeAt(i + 1) === 0x2e ? i + 2 : i + 1;
    if (next >= end || text.charCodeAt(next) === 0x2f) return true;
  }
  return false;
}

export function removeDotSegments(path: string): string {
  if (typeof path !== 'string') throw new TypeError(`expected the path as a string, got ${typeof path}`);
  return removeDots(path, undefined);
}

/**
 * removeDotSegments, and where each code unit of the result comes from: every one is copied from
 * the input (rules A to E only drop and move), and `origins[k]` is the offset in `path` of the
 * result's k-th. `origins` is undefined when the path has no dot segment (the result is the path).
 */
export function removeDotSegmentsTracked(path: string): { path: string; origins: Int32Array | undefined } {
  if (!hasDotSegment(path)) return { path, origins: undefined };
  const origins = new Int32Array(path.length);
  return { path: removeDots(path, origins), origins };
}

function removeDots(path: string, origins: Int32Array | undefined): string {
  // Most paths have no dot segment: rules A to E would copy them unchanged.
  if (!hasDotSegment(path)) return path;
  // The output buffer is code units (code-units.ts), with where each of its segments begins, so
  // that rule C can drop the last one: no string per segment for the collector.
  const output = new CodeUnitBuilder(path.length);
  // Each output segment begins with "/" but perhaps the first: at most one more than the slashes.
  let slashes = 0;
  for (let at = path.indexOf('/'); at >= 0; at = path.indexOf('/', at + 1)) slashes++;
  const starts = new Int32Array(slashes + 1);
  let segments = 0;
  const pushSegment = (from: number, to: number): void => {
    if (origins !== undefined) for (let k = from; k < to; k++) origins[output.length + k - from] = k;
    starts[segments++] = output.length;
    output.pushRange(path, from, to);
  };
  const popSegment = (): void => {
    if (segments > 0) output.truncate(starts[--segments]);
  };
  let i = 0;
  const n = path.length;
  const startsWith = (s: string) => path.startsWith(s, i);
  // Whether the input buffer, from i, is exactly `s` (nothing after it).
  const is = (s: string) => n - i === s.length && startsWith(s);
  while (i < n) {
    if (startsWith('../')) {
      i += 3; // A
    } else if (startsWith('./')) {
      i += 2; // A
    } else if (startsWith('/./')) {
      i += 2; // B: "/./" becomes "/"
    } else if (is('/.')) {
      // B: "/." at the end becomes "/"
      pushSegment(i, i + 1);
      i = n;
    } else if (startsWith('/../')) {
      i += 3; // C: "/../" becomes "/", and the last output segment goes
      popSegment();
    } else if (is('/..')) {
      // C: "/.." at the end becomes "/", and the last output segment goes
      popSegment();
      pushSegment(i, i + 1);
      i = n;
    } else if (is('.') || is('..')) {
      i = n; // D
    } else {
      // E: move the first path segment, with its initial "/" if any, to the output
      const next = path.indexOf('/', path.charCodeAt(i) === 0x2f ? i + 1 : i);
      const end = next < 0 ? n : next;
      pushSegment(i, end);
      i = end;
    }
  }
  return output.toString();
}
