/**
 * "Did you mean": the one name of a list close to a name that names nothing
 * (a file of a directory, an anchor of a document), by edit distance.
 */

/** Names longer than this are not compared: a name is a file's or an anchor's, and the distance costs the product of the lengths. */
const LONGEST = 256;

/**
 * The optimal string alignment distance of a and b (insertions, deletions, substitutions and transpositions of
 * neighbours, each 1), or max + 1 once it is certain to be over max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Int32Array(b.length + 1);
  let row = Int32Array.from({ length: b.length + 1 }, (_, j) => j);
  let next = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    next[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) d = Math.min(d, before[j - 2] + 1);
      next[j] = d;
      if (d < least) least = d;
    }
    if (least > max) return max + 1;
    [before, row, next] = [row, next, before];
  }
  return row[b.length];
}

/** How far a name of this length may be from a candidate: 1 up to 7 characters, 2 up to 11, 3 beyond. */
function allowed(length: number): number {
  return length < 8 ? 1 : length < 12 ? 2 : 3;
}

/** A file name without its extension ("guide.md": "guide"). */
function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * The candidate closest to `name` (compared without regard to case), when exactly one is closest and within the
 * distance the name's length allows; as a file name (`files`), one with the same name but for the extension
 * ("guide" for "guide.md", "guide.markdown" for "guide.md") is at distance 1.
 */
export function closest(name: string, candidates: Iterable<string>, files = false): string | undefined {
  if (name.length > LONGEST) return undefined;
  const lower = name.toLowerCase();
  const max = allowed(name.length);
  let best: string | undefined;
  let bestDistance = max + 1;
  let ties = 0;
  for (const candidate of candidates) {
    if (candidate.length > LONGEST || candidate === name) continue;
    const c = candidate.toLowerCase();
    let d = editDistance(lower, c, max);
    if (files && d > 1 && stem(lower) === stem(c)) d = 1;
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      ties = 0;
    } else if (d === bestDistance && d <= max) ties++;
  }
  return bestDistance <= max && ties === 0 ? best : undefined;
}
