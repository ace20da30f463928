/** Searches in sorted arrays of offsets. */

/** The index of the last entry of `sorted` (ascending, non-empty, sorted[0] <= x) that is at most `x`: binary search. */
export function lastAtOrBefore(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (sorted[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
