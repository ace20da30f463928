/**
 * Reference resolution (RFC 3986 5.2): the transform of 5.2.2 with the merge
 * of 5.2.3 and the dot-segment removal of 5.2.4, then recomposition (5.3).
 * Resolution normalizes nothing else: no case change, no decoding, no ports.
 *
 * The same algorithm resolves IRIs (RFC 3987 6.5) with `{ grammar: 'rfc3987' }`,
 * and `{ algorithm: 'rfc2396' }` runs the algorithm RFC 3986 replaced, RFC 2396
 * 5.2, step by step (see resolve2396).
 */
import { GRAMMAR_OPTION, parse, referenceStartRule, tryParse, zoneGrammar, type AnyUriRecord } from '../core/parse';
import { componentsOf as components, concatenate, recompose, type UriComponents } from './recompose';
import { removeDotSegments } from './remove-dot-segments';
import { CodeUnitBuilder } from '../encoding/code-units';
import type { GrammarName } from '../core/grammars';
import { accepts } from '../core/backends';
import { splitOffsets } from '../core/split';
import { noComponents } from '../core/records';
import { boolean, checkOptions, oneOf, type OptionSpec } from '../core/options';
import { UriResolveError } from '../core/errors';
export { UriResolveError } from '../core/errors';

export interface ResolveOptions {
  /**
   * true (the default, RFC 3986 5.2.2): a reference with a scheme is taken as
   * it is. false: the "backwards-compatible" reading that 5.2.2 allows, in
   * which a reference whose scheme equals the base's (compared
   * case-insensitively, 3.1) is resolved as if it had none, so that `http:g`
   * against `http://a/b/c/d;p?q` gives `http://a/b/c/g`.
   */
  readonly strict?: boolean;
  /**
   * The grammar the base and the reference must be valid in: 'rfc3986' (the
   * default), 'rfc3987' (IRIs, resolved by the same algorithm, RFC 3987 6.5),
   * or 'rfc2396'.
   */
  readonly grammar?: GrammarName;
  /**
   * true: the base and the reference may hold an IPv6 zone identifier (RFC
   * 6874 2, `[fe80::a%25en1]`), as in parse(); the target keeps it as written.
   * With the RFC 3986 grammar only.
   */
  readonly zoneId?: boolean;
  /**
   * 'rfc3986' (the default): RFC 3986 5.2. 'rfc2396': RFC 2396 5.2 as written,
   * with what RFC 3986 changed (Appendix D.2): a base with an authority and an
   * empty path is merged as the empty string ("g" against "http://a" is
   * "http://ag"); a reference with an empty path and a query keeps the base
   * path only up to its last "/" ("?y" against "http://a/b/c/d;p?q" is
   * "http://a/b/c/?y"); dot segments are removed only from a merged relative
   * path, never from an absolute path, a network path or a URI; and ".."
   * segments that would climb above the root are kept (step 6g, the first of
   * its three choices: "http://a/../g"). The components are split by RFC 2396
   * 4.3 from a reference valid in `grammar` (RFC 3986's by default, since
   * RFC 2396's own grammar rejects "?y", which its Appendix C resolves), and
   * recombined by step 7 without any check.
   */
  readonly algorithm?: 'rfc3986' | 'rfc2396';
}

const RESOLVE_OPTIONS: OptionSpec = { strict: boolean, grammar: GRAMMAR_OPTION, zoneId: boolean, algorithm: oneOf(['rfc3986', 'rfc2396']) };

/**
 * The components of the base string last resolved against, by grammar and
 * zoneId: a program resolves many references against one base. Strings are
 * immutable, so the same string with the same options has the same
 * components; only a valid base is kept (an invalid one throws each time, as
 * it did), and only one of at most BASE_KEPT code units (no large text held
 * past the call).
 */
const BASE_KEPT = 8192;
let lastBase: { readonly text: string; readonly grammar: GrammarName; readonly zoneId: boolean; readonly components: UriComponents } | undefined;

function baseComponents(base: AnyUriRecord | string, grammar: GrammarName, zoneId: boolean | undefined): UriComponents {
  if (typeof base === 'string') {
    const last = lastBase;
    if (last !== undefined && last.text === base && last.grammar === grammar && last.zoneId === (zoneId === true)) return last.components;
    const components = baseComponentsOf(base, grammar, zoneId);
    if (base.length <= BASE_KEPT) lastBase = { text: base, grammar, zoneId: zoneId === true, components };
    return components;
  }
  return baseComponentsOf(base, grammar, zoneId);
}

function baseComponentsOf(base: AnyUriRecord | string, grammar: GrammarName, zoneId: boolean | undefined): UriComponents {
  let record: AnyUriRecord;
  let text: string;
  if (typeof base === 'string') {
    const parsed = tryParse(base, { grammar, zoneId });
    if (!parsed.ok) {
      throw new UriResolveError(base, `the base is not a valid URI reference: ${parsed.error.message}`, parsed.error);
    }
    record = parsed.value;
    text = base;
  } else if (base !== null && typeof base === 'object' && typeof base.path === 'string') {
    record = base;
    // For messages and UriResolveError.base: the record written back as section 5.3 writes it.
    text = concatenate(components(record));
  } else {
    throw new TypeError('expected the base as a string or a UriRecord');
  }
  if (record.scheme === undefined) {
    throw new UriResolveError(text, `the base ${JSON.stringify(text)} is a relative reference: RFC 3986 5.2.1 needs a base URI with a scheme`);
  }
  // 5.2.1: a base taken from a URI reference is stripped of its fragment.
  return { ...components(record), fragment: undefined };
}

function referenceComponents(reference: AnyUriRecord | string, grammar: GrammarName, zoneId: boolean | undefined): UriComponents {
  if (typeof reference === 'string') return components(parse(reference, { grammar, zoneId }));
  if (reference !== null && typeof reference === 'object' && typeof reference.path === 'string') return components(reference);
  throw new TypeError('expected the reference as a string or a UriRecord');
}

/** 5.2.3 Merge Paths. */
function merge(base: UriComponents, referencePath: string): string {
  if (base.authority !== undefined && base.path === '') return `/${referencePath}`;
  const slash = base.path.lastIndexOf('/');
  return slash < 0 ? referencePath : base.path.slice(0, slash + 1) + referencePath;
}

/**
 * The target's components exactly as 5.2.2 computes them. Their string form
 * is not always readable back (a path "//g" with no authority): resolve()
 * says what it returns then.
 */
export function resolveRecord(base: AnyUriRecord | string, reference: AnyUriRecord | string, options?: ResolveOptions): UriComponents {
  checkOptions('resolveRecord', options, RESOLVE_OPTIONS);
  return target(base, reference, options ?? {}, 'resolveRecord');
}

/** resolveRecord, its options checked. */
function target(base: AnyUriRecord | string, reference: AnyUriRecord | string, options: ResolveOptions, fn: string): UriComponents {
  const grammar = options.grammar ?? 'rfc3986';
  zoneGrammar(grammar, options.zoneId, fn);
  const B = baseComponents(base, grammar, options.zoneId);
  return transform(B, referenceComponents(reference, grammar, options.zoneId), options);
}

/** 5.2.2 (or RFC 2396 5.2 with `algorithm: 'rfc2396'`) on the components of the base (without its fragment) and of the reference. */
function transform(B: UriComponents, R: UriComponents, options: ResolveOptions): UriComponents {
  const strict = options.strict ?? true;
  const algorithm = options.algorithm ?? 'rfc3986';
  if (!strict && R.scheme !== undefined && B.scheme !== undefined && R.scheme.toLowerCase() === B.scheme.toLowerCase()) {
    R = { scheme: undefined, authority: R.authority, path: R.path, query: R.query, fragment: R.fragment };
  }
  if (algorithm === 'rfc2396') return resolve2396(B, R);
  if (R.scheme !== undefined) {
    return { scheme: R.scheme, authority: R.authority, path: removeDotSegments(R.path), query: R.query, fragment: R.fragment };
  }
  if (R.authority !== undefined) {
    return { scheme: B.scheme, authority: R.authority, path: removeDotSegments(R.path), query: R.query, fragment: R.fragment };
  }
  if (R.path === '') {
    return { scheme: B.scheme, authority: B.authority, path: B.path, query: R.query !== undefined ? R.query : B.query, fragment: R.fragment };
  }
  const path = R.path.startsWith('/') ? removeDotSegments(R.path) : removeDotSegments(merge(B, R.path));
  return { scheme: B.scheme, authority: B.authority, path, query: R.query, fragment: R.fragment };
}

/**
 * Resolves `reference` against `base` (RFC 3986 5.2) and returns the target
 * URI as a string (5.3).
 *
 * Deviation, named: when the target has no authority and its path begins
 * with "//" (base `f:/a`, reference `.//g` gives path "//g"), 5.3 would write
 * `f://g`, which reads back as the authority "g". resolve() writes the path
 * as "/.//g" instead (`f:/.//g`): the same path once dot segments are
 * removed, and read back as a path. resolveRecord() keeps the RFC's "//g".
 */
export function resolve(base: string, reference: string, options: ResolveOptions = {}): string {
  checkOptions('resolve', options, RESOLVE_OPTIONS);
  if (typeof base !== 'string' || typeof reference !== 'string') throw new TypeError('expected the base and the reference as strings');
  const grammar = options.grammar ?? 'rfc3986';
  if ((grammar === 'rfc3986' || grammar === 'rfc3987') && options.zoneId !== true && options.algorithm !== 'rfc2396') {
    // The base first, as target() does (its error comes before the reference's).
    const B = baseComponents(base, grammar, undefined);
    // A reference the automaton rejects goes the way below, to parse()'s error.
    if (accepts(reference, referenceStartRule(grammar), grammar)) {
      // 5.2.2 takes a reference with a scheme as it is, but for its dot segments (5.2.4), and 5.3 writes it back as it was.
      if (options.strict !== false && isAbsoluteWithoutDots(reference)) return reference;
      return written(transform(B, referenceParts(reference), options));
    }
  }
  const t = target(base, reference, options, 'resolve');
  if (options.algorithm === 'rfc2396') return concatenate(t); // step 7, as written
  // Written, and read back, by the grammar the base and the reference were valid in: with
  // 'rfc2396', a fragment "[x]" is RFC 2396's (RFC 2732's) and the result is an RFC 2396 URI.
  return recompose({ ...t, path: writtenPath(t) }, { grammar, zoneId: options.zoneId });
}

/** The deviation resolve() names: a path that begins with "//" without an authority is written "/.//". */
function writtenPath(t: UriComponents): string {
  return t.authority === undefined && t.path.startsWith('//') ? `/.${t.path}` : t.path;
}

/**
 * Whether an accepted reference has a scheme and no "." that could begin a
 * dot segment of its path: none after a "/" or the scheme's ":" and before a
 * ".", a "/", a "?", a "#" or the end (a path begins after the scheme's ":"
 * or with a "/"; a "." elsewhere, in a query, is only looked at more closely).
 * Its target is then the reference itself: the components 5.2.2 takes, with
 * remove_dot_segments leaving the path as it is, written as they were read.
 */
function isAbsoluteWithoutDots(reference: string): boolean {
  const n = reference.length;
  let i = 0;
  for (; i < n; i++) {
    const c = reference.charCodeAt(i);
    if (c === 0x3a) break; // ":"
    if (c === 0x2f || c === 0x3f || c === 0x23) return false; // "/", "?", "#" before any ":": no scheme
  }
  if (i === n) return false;
  for (let dot = reference.indexOf('.', i); dot >= 0; dot = reference.indexOf('.', dot + 1)) {
    const before = reference.charCodeAt(dot - 1);
    if (before !== 0x2f && before !== 0x3a) continue;
    const after = dot + 1 < n ? reference.charCodeAt(dot + 1) : 0x2f;
    if (after === 0x2e || after === 0x2f || after === 0x3f || after === 0x23) return false;
  }
  return true;
}

/** The offsets of the reference being read, reused from call to call (records.ts's slots). */
const PARTS = noComponents();

/** The five components of a reference that the automaton of RFC 3986's or RFC 3987's reference rule accepted, as its record has them. */
function referenceParts(reference: string): UriComponents {
  const at = splitOffsets(reference, PARTS);
  return {
    scheme: at[0] >= 0 ? reference.slice(at[0], at[1]) : undefined,
    authority: at[2] >= 0 ? reference.slice(at[2], at[3]) : undefined,
    path: reference.slice(at[10], at[11]),
    query: at[12] >= 0 ? reference.slice(at[12], at[13]) : undefined,
    fragment: at[14] >= 0 ? reference.slice(at[14], at[15]) : undefined,
  };
}

/**
 * The target of RFC 3986 5.2.2 from a base and a reference valid in RFC 3986
 * (or RFC 3987), written by 5.3 without reading it back: every such target
 * reads back as itself, so recompose()'s check could never fail or change it.
 * Why, component by component (5.2.2 and 5.2.4 as transform() runs them):
 *
 * - the scheme is the reference's or the base's (the base has one: 5.2.1),
 *   as parsed, so the target is a URI (hier-part, never a relative-ref);
 * - the authority, query and fragment are a parsed reference's or base's
 *   own, each after its delimiter: none holds the delimiter that ends it
 *   ("/", "?", "#" end an authority; "#" a query), so each reads back as the
 *   same text;
 * - the path is made of a parsed path's characters (pchar or "/"; ipchar in
 *   RFC 3987), since merge (5.2.3) joins a part of the base's path and the
 *   reference's, and remove_dot_segments (5.2.4) only drops and moves
 *   segments; with an authority it is empty or begins with "/" (the
 *   reference's path-abempty, "/" + a path, or the base's path-abempty with
 *   something after its last "/", and remove_dot_segments keeps a leading
 *   "/"), which is path-abempty; without one, writtenPath turns a leading
 *   "//" into "/.//", and any other string of pchar and "/" is path-absolute,
 *   path-rootless or path-empty; it holds no "?" or "#", so it ends where the
 *   query or fragment begins.
 *
 * test/resolve-fast.long.ts compares this with recompose() of resolveRecord()
 * over the corpora and generated references, for every grammar and option.
 */
function written(t: UriComponents): string {
  const path = writtenPath(t);
  return concatenate(path === t.path ? t : { ...t, path });
}

/**
 * RFC 2396 5.2, steps 2 to 7, on the components of the base (its fragment
 * already removed) and of the reference. The base's query is used only by
 * step 2.
 */
function resolve2396(B: UriComponents, R: UriComponents): UriComponents {
  // 2) An empty path with no scheme, authority or query: the current document.
  if (R.path === '' && R.scheme === undefined && R.authority === undefined && R.query === undefined) {
    return { ...B, fragment: R.fragment };
  }
  // 3) A scheme: an absolute URI, taken as it is.
  if (R.scheme !== undefined) return R;
  // 4) An authority: a network path, taken as it is (to step 7).
  if (R.authority !== undefined) return { ...R, scheme: B.scheme };
  // 5) A path that begins with "/": an absolute path, taken as it is (to step 7).
  if (R.path.startsWith('/')) return { ...R, scheme: B.scheme, authority: B.authority };
  // 6) A relative path, merged with the base's.
  return { scheme: B.scheme, authority: B.authority, path: mergeRelativePath2396(B.path, R.path), query: R.query, fragment: R.fragment };
}

/**
 * RFC 2396 5.2 step 6, a) to h), on the path strings. Linear in their length:
 * step e), which the RFC writes as "removed leftmost first, until none is
 * left", cancels each "<segment>/../" against a stack of the segments kept so
 * far (a ".." removes the segment before it unless that is a "..", and the
 * final segment, with no "/" after it, is never part of such a pair), which
 * leaves the same segments as the repeated removal whatever the order.
 */
export function mergeRelativePath2396(basePath: string, referencePath: string): string {
  if (typeof basePath !== 'string' || typeof referencePath !== 'string') throw new TypeError('expected the base path and the reference path as strings');
  // a) all but the last segment of the base path; b) the reference's path appended.
  const buffer = basePath.slice(0, basePath.lastIndexOf('/') + 1) + referencePath;
  // Segments of the buffer, as [start, end) offsets into it, in typed arrays (no string or array
  // entry per segment for the collector); in an absolute path the empty string before the
  // first "/" is no segment.
  let slashes = 0;
  for (let at = buffer.indexOf('/'); at >= 0; at = buffer.indexOf('/', at + 1)) slashes++;
  const first = buffer.startsWith('/') ? 1 : 0;
  const isDot = (start: number, end: number): boolean => end - start === 1 && buffer.charCodeAt(start) === 0x2e;
  const isDotDot = (start: number, end: number): boolean => end - start === 2 && buffer.charCodeAt(start) === 0x2e && buffer.charCodeAt(start + 1) === 0x2e;
  // c) every "./" where "." is a complete segment (a "." that is not the last segment).
  // e) then, on what is left, "<segment>/../" with segment not "..".
  const keptStart = new Int32Array(slashes + 2);
  const keptEnd = new Int32Array(slashes + 2);
  let kept = first; // in an absolute path, the empty segment before the first "/" ([0, 0))
  let start = first;
  for (let slash = buffer.indexOf('/', start); slash >= 0; slash = buffer.indexOf('/', start)) {
    // A segment that is not the last: [start, slash).
    if (!isDot(start, slash)) {
      if (isDotDot(start, slash) && kept > first && !isDotDot(keptStart[kept - 1], keptEnd[kept - 1])) {
        kept--;
      } else {
        keptStart[kept] = start;
        keptEnd[kept] = slash;
        kept++;
      }
    }
    start = slash + 1;
  }
  const lastStart = start;
  const lastEnd = buffer.length;
  // d) a final "." segment (the "/" before it stays).
  if (isDot(lastStart, lastEnd)) {
    keptStart[kept] = 0;
    keptEnd[kept] = 0;
  } else {
    keptStart[kept] = lastStart;
    keptEnd[kept] = lastEnd;
  }
  kept++;
  // f) a final "<segment>/..", segment not "..", removed (the "/" before it stays).
  const n = kept;
  if (n - 2 >= first && isDotDot(keptStart[n - 1], keptEnd[n - 1]) && !isDotDot(keptStart[n - 2], keptEnd[n - 2])) {
    kept = n - 1;
    keptStart[n - 2] = 0;
    keptEnd[n - 2] = 0;
  }
  // g) leading ".." segments are kept; h) the buffer is the new path.
  const out = new CodeUnitBuilder(buffer.length);
  for (let i = 0; i < kept; i++) {
    if (i > 0) out.push(0x2f);
    out.pushRange(buffer, keptStart[i], keptEnd[i]);
  }
  return out.toString();
}
