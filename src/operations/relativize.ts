/**
 * Relativization: the inverse of reference resolution (RFC 3986 5.2). Given a
 * base URI and a target, the shortest relative reference (RFC 3986 4.2) that
 * resolves back to the target against the base, by strict resolution.
 *
 * RFC 3986 defines no algorithm for this; what it must satisfy is 5.2 itself:
 * `resolve(base, relativize(base, target)) === resolve(base, target)` for
 * every URI reference `target`. The target is taken as resolve() produces it
 * (a relative target is resolved against the base first; a URI's dot segments
 * are removed, 5.2.2), since a reference can only ever resolve to that form.
 *
 * Each candidate (the forms of 4.2: same-document and empty-path references,
 * a relative-path, an absolute-path and a network-path reference, and the
 * whole URI) is resolved against the base and kept only when it gives the
 * target back: the law holds by construction, whatever the base's path holds
 * (dot segments, a rootless path, an empty one). Linear in the lengths of
 * base and target: a fixed number of parses, resolutions and splits.
 */
import { tryParse, type UriRecord } from '../core/parse';
import { UriSyntaxError } from '../core/errors';
import { resolveRecord } from './resolve';
import { removeDotSegments } from './remove-dot-segments';
import { concatenate, type UriComponents } from './recompose';
import { checkOptions, oneOf, type OptionSpec } from '../core/options';

export interface RelativizeOptions {
  /**
   * What the reference keeps of the target even when a shorter one would do:
   * 'absolute-path': never a relative-path or an empty-path reference, at
   * least the target's path from its root ("/b/c"); 'authority': a
   * network-path reference ("//host/b/c"), the scheme alone left out. When
   * the target cannot be written that way (a rootless path, no authority), the
   * whole target URI. By default, the shortest reference.
   */
  readonly keep?: 'absolute-path' | 'authority';
}

const RELATIVIZE_OPTIONS: OptionSpec = { keep: oneOf(['absolute-path', 'authority']) };

function suffix(c: UriComponents): string {
  return (c.query !== undefined ? `?${c.query}` : '') + (c.fragment !== undefined ? `#${c.fragment}` : '');
}

/**
 * The directory the base's path gives a relative-path reference (5.2.3, then
 * 5.2.4): everything up to the last "/" of removeDotSegments(merge(base, "x")).
 */
function baseDirectory(base: UriComponents): string {
  const merged = base.authority !== undefined && base.path === '' ? '/x' : `${base.path.slice(0, base.path.lastIndexOf('/') + 1)}x`;
  // Without a "." or ".." segment there is nothing to remove (and a long path is not walked twice).
  const path = /(^|\/)\.\.?(\/|$)/.test(merged) ? removeDotSegments(merged) : merged;
  return path.slice(0, path.length - 1);
}

/**
 * A relative-path reference from directory `dir` (ending in "/", or empty) to
 * `path`, or undefined when there is none.
 */
function relativePath(dir: string, path: string): string | undefined {
  const rooted = dir.startsWith('/');
  if (rooted !== path.startsWith('/') && dir !== '') return undefined;
  if (dir === '' && path.startsWith('/')) return undefined;
  // Segments of the directory (without its last, empty one) and of the path.
  const from = dir === '' || dir === '/' ? [] : dir.slice(rooted ? 1 : 0, -1).split('/');
  const to = (rooted ? path.slice(1) : path).split('/');
  let k = 0;
  while (k < from.length && k < to.length - 1 && from[k] === to[k]) k++;
  const up = from.length - k;
  // In a rootless path, ".." may climb to the first segment but not past it: popping that
  // one would leave the rest of the path from the root (5.2.4 C).
  if (up > 0 && !rooted && k === 0) return undefined;
  const rest = to.slice(k).join('/');
  // A directory itself: "." or "..", shorter than "./" and "../" and resolved alike (5.2.4 B, C).
  if (rest === '') return up === 0 ? '.' : `${'../'.repeat(up - 1)}..`;
  if (up > 0) return '../'.repeat(up) + rest;
  // "./" in front of a reference that would otherwise be read as something else: a path
  // from the root ("/"), a first segment with ":" (a scheme, 4.2), or a first segment that
  // is a dot segment.
  const slash = rest.indexOf('/');
  const first = slash < 0 ? rest : rest.slice(0, slash);
  if (rest.startsWith('/') || first.includes(':') || first === '.' || first === '..') return `./${rest}`;
  return rest;
}

/**
 * Components as resolve() writes them (5.3): a path that begins with "//"
 * without an authority gets "/." in front (see resolve()). The base is parsed
 * once and no candidate's result is parsed again: for valid input, resolve()
 * returns exactly this string (test/peer-operations.test.ts checks the law
 * against resolve() itself).
 */
function written(c: UriComponents): string {
  return concatenate(c.authority === undefined && c.path.startsWith('//') ? { ...c, path: `/.${c.path}` } : c);
}

/** Whether `reference` resolves to `wanted` against `base`: every candidate is checked, none is trusted. */
function resolvesTo(base: UriRecord, reference: string, wanted: string): boolean {
  try {
    return written(resolveRecord(base, reference)) === wanted;
  } catch (e) {
    if (e instanceof UriSyntaxError) return false; // not a reference at all: the next candidate
    throw e;
  }
}

/**
 * The shortest relative reference that resolves to `target` against `base`
 * by strict resolution (RFC 3986 5.2), or the target URI itself when none
 * does (another scheme; no authority where the base has one; a path no
 * reference can reach). `resolve(base, relativize(base, target))` equals
 * `resolve(base, target)` for every URI reference `target`, and `target`
 * itself for a URI without dot segments. The base must be an absolute URI
 * (5.2.1; a UriResolveError otherwise) and its fragment is ignored; an
 * invalid target is a UriSyntaxError. Schemes and authorities are compared
 * as written, as strict resolution does: "HTTP:" is not "http:".
 */
export function relativize(base: string, target: string, options?: RelativizeOptions): string {
  checkOptions('relativize', options, RELATIVIZE_OPTIONS);
  if (typeof base !== 'string' || typeof target !== 'string') throw new TypeError('expected the base and the target as strings');
  const keep = options?.keep;
  // The target as resolution produces it: its components as 5.2.2 computes them, and its string.
  // resolveRecord checks the base (a UriResolveError, also when it does not parse) and the target
  // (a UriSyntaxError); the base is parsed once.
  const parsed = tryParse(base);
  const T = resolveRecord(parsed.ok ? parsed.value : base, target);
  const wanted = written(T);
  const B = (parsed as { value: UriRecord }).value;
  const tail = suffix(T);
  // 5.2.2 with an empty path: the base's path, and the reference's query or else the base's
  // (the check below says whether that is the target's: the base's path may be written
  // otherwise, "/.//a" for "//a").
  const emptyPath = [...(T.query !== undefined ? [tail] : []), T.fragment !== undefined ? `#${T.fragment}` : ''];
  const candidates: string[] = [];
  if (T.scheme === B.scheme) {
    if (T.authority !== undefined) candidates.push(`//${T.authority}${T.path}${tail}`);
    if (T.authority === B.authority && keep !== 'authority') {
      if (T.path.startsWith('/')) candidates.push(T.path.startsWith('//') ? `/.${T.path}${tail}` : T.path + tail);
      if (keep === undefined) {
        candidates.push(...emptyPath);
        const relative = relativePath(baseDirectory(B), T.path);
        if (relative !== undefined) candidates.push(relative + tail);
      }
    }
  }
  // Shortest first, and on a tie the more relative form (pushed later): the first that resolves
  // to the target is the answer, the target itself when none does.
  const order = candidates.map((c, i) => [c, i] as const).sort((a, b) => a[0].length - b[0].length || b[1] - a[1]);
  for (const [c] of order) {
    if (c.length < wanted.length && resolvesTo(B, c, wanted)) return c;
  }
  // The target URI itself resolves to itself unless its path keeps dot segments of the base's
  // (from an empty reference against "http://a/b/.."): then only an empty-path reference gives
  // it back, whatever `keep` asks.
  if (keep !== undefined) for (const c of emptyPath) if (resolvesTo(B, c, wanted)) return c;
  return wanted;
}
