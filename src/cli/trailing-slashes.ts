/**
 * A path named on the command line without its trailing "/"s: what `p.replace(/\/+$/, '')` gives, without that
 * expression's search from every "/" of a run to its end (quadratic on a run of "/" followed by something
 * else, issue 44 item 7). An argument may be 128 KiB.
 */
export function withoutTrailingSlashes(p: string): string {
  let end = p.length;
  while (end > 0 && p.charCodeAt(end - 1) === 0x2f /* / */) end--;
  return end === p.length ? p : p.slice(0, end);
}
