/**
 * The record of a reference the grammar's automaton has already accepted
 * (RFC 3986 and RFC 3987): its components found by their delimiters alone, in
 * one pass (the path's end by the engine's own search for "?" and "#"), as
 * RFC 3986 Appendix B splits a reference. For a valid reference
 * the delimiters decide everything (the grammar keeps each of ":", "/", "?",
 * "#", "@", "[" and "]" out of the components it would end), so no rule is
 * tried twice and nothing backtracks:
 *
 * - a scheme when a ":" comes before any "/", "?" or "#" (a relative
 *   reference's first segment holds no ":", RFC 3986 4.2);
 * - an authority after "//", to the first "/", "?" or "#"; in it, the
 *   userinfo before an "@" (neither userinfo nor host holds one), an
 *   IP-literal from "[" to "]", else the host up to the first ":", and the
 *   port after that ":" (present and empty when nothing follows it);
 * - the path to the first "?" or "#", the query to the first "#", the
 *   fragment after it;
 * - the host kind: within "[" and "]", an IPvFuture when the grammar's
 *   automaton of IPvFuture accepts what is inside, else an IPv6address (the
 *   only other alternative of IP-literal); an IPv4address when the automaton
 *   of IPv4address accepts the whole host (the PEG's host rule takes that
 *   alternative only then), else a reg-name; the path kind by where the path
 *   starts.
 *
 * Only for accepted input: on anything else the result means nothing. The
 * recognizer's record (recognizer-records.ts) stays the reference: test/dfa.test.ts
 * checks that both records are the same on every input it tries.
 */
import { buildRecord, noComponents, recordObject, type ComponentOffsets, type Rfc3986HostKind, type Rfc3986PathKind, type SpanTuple, type UriComponentName, type UriRecord } from './records';

const COLON = 0x3a;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;
const OPEN = 0x5b;

/** Whether text[start, end) matches a rule: the grammar's automaton of it (spanTest of generated/NAME.dfa.js). */
export type SpanTest = (text: string, start: number, end: number) => boolean;

/** The offsets of the record being read, reused from call to call: buildRecord copies them out. */
const OFFSETS = noComponents();

/** The rules whose automata tell the host kinds apart. */
export interface HostTests {
  readonly IPv4address: SpanTest;
  readonly IPvFuture: SpanTest;
}

/**
 * The record of `input` from the captures of the fast path's `split`
 * expression (generated/NAME.dfa.js, FAST): `m` is its match, [scheme, host,
 * port, path, query, fragment] at 1 to 6, the port, path, query and fragment
 * undefined where absent. Generation proved that the expression has the shape
 * scripts/compile-dfa.ts (SPLIT_SHAPE) states, ^(scheme)://(host)(?::(port))?(/path)?(?:\?(query))?(?:#(fragment))?$,
 * with no component holding a delimiter the split ends it at: so the captures
 * are the split's components, their offsets the lengths of the captures and
 * delimiters before them, and the record is splitRecord's (test/fast-path.test.ts
 * compares both, and the recognizer's, on every input it tries). The texts are
 * the captures themselves, not sliced again.
 */
export function capturedRecord(input: string, m: RegExpExecArray, hosts: HostTests): UriRecord {
  const scheme = m[1];
  const host = m[2];
  const port: string | undefined = m[3];
  const path: string | undefined = m[4];
  const query: string | undefined = m[5];
  const fragment: string | undefined = m[6];
  const hostStart = scheme.length + 3;
  const hostEnd = hostStart + host.length;
  const authorityEnd = port === undefined ? hostEnd : hostEnd + 1 + port.length;
  const pathEnd = path === undefined ? authorityEnd : authorityEnd + path.length;
  // The same spans, in the same order, as buildRecord's (records.ts).
  const spans: Partial<Record<UriComponentName, SpanTuple>> & { path: SpanTuple } = { path: [authorityEnd, pathEnd] };
  spans.scheme = [0, hostStart - 3];
  spans.authority = [hostStart, authorityEnd];
  spans.host = [hostStart, hostEnd];
  if (port !== undefined) spans.port = [hostEnd + 1, authorityEnd];
  let queryEnd = pathEnd;
  if (query !== undefined) {
    queryEnd = pathEnd + 1 + query.length;
    spans.query = [pathEnd + 1, queryEnd];
  }
  if (fragment !== undefined) spans.fragment = [queryEnd + 1, input.length];
  const authority = port === undefined ? host : input.slice(hostStart, authorityEnd);
  const hostKind: Rfc3986HostKind = hosts.IPv4address(input, hostStart, hostEnd) ? 'IPv4address' : 'reg-name';
  return recordObject(scheme, authority, undefined, host, port, path ?? '', query, fragment, hostKind, 'path-abempty', spans);
}

/**
 * The record of `input` from the captures of the fast path's `rootless`
 * expression (FAST): a scheme and a path that does not start with "/", no
 * authority; [scheme, path, query, fragment] at 1 to 4, the query and the
 * fragment undefined where absent. Its shape (scripts/compile-dfa.ts,
 * SPLIT_SHAPES) was proven at generate time, as capturedRecord's.
 */
export function capturedRootlessRecord(input: string, m: RegExpExecArray): UriRecord {
  const scheme = m[1];
  const path = m[2];
  const query: string | undefined = m[3];
  const fragment: string | undefined = m[4];
  const pathStart = scheme.length + 1;
  const pathEnd = pathStart + path.length;
  const spans: Partial<Record<UriComponentName, SpanTuple>> & { path: SpanTuple } = { path: [pathStart, pathEnd] };
  spans.scheme = [0, pathStart - 1];
  let queryEnd = pathEnd;
  if (query !== undefined) {
    queryEnd = pathEnd + 1 + query.length;
    spans.query = [pathEnd + 1, queryEnd];
  }
  if (fragment !== undefined) spans.fragment = [queryEnd + 1, input.length];
  return recordObject<Rfc3986HostKind, Rfc3986PathKind>(scheme, undefined, undefined, undefined, undefined, path, query, fragment, undefined, path === '' ? 'path-empty' : 'path-rootless', spans);
}

/**
 * The offsets of the components of `input`, which the automaton of a
 * reference rule of RFC 3986 or RFC 3987 accepted, written into `at` (the
 * slots of records.ts's noComponents: scheme 0-1, authority 2-3, userinfo
 * 4-5, host 6-7, port 8-9, path 10-11, query 12-13, fragment 14-15; a start
 * of -1 for an absent component): the one reading of a reference by its
 * delimiters, for splitRecord and for what needs the components without a
 * record (resolve, normalize).
 */
export function splitOffsets(input: string, at: ComponentOffsets): ComponentOffsets {
  const n = input.length;
  let i = 0;
  // The scheme: up to a ":" that comes before any "/", "?", "#".
  let schemeEnd = -1;
  for (; i < n; i++) {
    const c = input.charCodeAt(i);
    if (c === COLON) {
      schemeEnd = i;
      break;
    }
    if (c === SLASH || c === QUESTION || c === HASH) break;
  }
  let p = schemeEnd < 0 ? 0 : schemeEnd + 1;
  noComponents(at);
  if (schemeEnd >= 0) {
    at[0] = 0;
    at[1] = schemeEnd;
  }
  if (p + 1 < n && input.charCodeAt(p) === SLASH && input.charCodeAt(p + 1) === SLASH) {
    const start = p + 2;
    let end = start;
    for (; end < n; end++) {
      const c = input.charCodeAt(end);
      if (c === SLASH || c === QUESTION || c === HASH) break;
    }
    let atSign = input.indexOf('@', start);
    if (atSign >= end) atSign = -1;
    const hostStart = atSign < 0 ? start : atSign + 1;
    let hostEnd: number;
    if (hostStart < end && input.charCodeAt(hostStart) === OPEN) {
      hostEnd = input.indexOf(']', hostStart) + 1;
    } else {
      hostEnd = hostStart;
      while (hostEnd < end && input.charCodeAt(hostEnd) !== COLON) hostEnd++;
    }
    at[2] = start;
    at[3] = end;
    if (atSign >= 0) {
      at[4] = start;
      at[5] = atSign;
    }
    at[6] = hostStart;
    at[7] = hostEnd;
    if (hostEnd < end) {
      at[8] = hostEnd + 1;
      at[9] = end;
    }
    p = end;
  }
  const f = input.indexOf('#', p);
  let q = input.indexOf('?', p);
  if (f >= 0 && q > f) q = -1;
  at[10] = p;
  at[11] = q >= 0 ? q : f >= 0 ? f : n;
  if (q >= 0) {
    at[12] = q + 1;
    at[13] = f >= 0 ? f : n;
  }
  if (f >= 0) {
    at[14] = f + 1;
    at[15] = n;
  }
  return at;
}

/** The record of `input`, which the automaton of a reference rule of RFC 3986 or RFC 3987 accepted: the spans by splitOffsets, the host and path kinds here, the texts by the one record builder (records.ts). */
export function splitRecord(input: string, hosts: HostTests): UriRecord {
  const at = splitOffsets(input, OFFSETS);
  let hostKind: Rfc3986HostKind | undefined;
  const hostStart = at[6];
  const hostEnd = at[7];
  if (at[2] >= 0) {
    if (hostStart < hostEnd && input.charCodeAt(hostStart) === OPEN) hostKind = hosts.IPvFuture(input, hostStart + 1, hostEnd - 1) ? 'IPvFuture' : 'IPv6address';
    else hostKind = hosts.IPv4address(input, hostStart, hostEnd) ? 'IPv4address' : 'reg-name';
  }
  const pathStart = at[10];
  let pathKind: Rfc3986PathKind;
  if (at[2] >= 0) pathKind = 'path-abempty';
  else if (pathStart === at[11]) pathKind = 'path-empty';
  else if (input.charCodeAt(pathStart) === SLASH) pathKind = 'path-absolute';
  else pathKind = at[0] >= 0 ? 'path-rootless' : 'path-noscheme';
  return buildRecord(input, at, hostKind, pathKind);
}
