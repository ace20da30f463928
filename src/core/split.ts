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
import type { Rfc3986HostKind, Rfc3986PathKind, SpanTuple, UriComponentName, UriRecord } from './records';

const COLON = 0x3a;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;
const OPEN = 0x5b;

/** Whether text[start, end) matches a rule: the grammar's automaton of it (spanTest of generated/NAME.dfa.js). */
export type SpanTest = (text: string, start: number, end: number) => boolean;

/** The rules whose automata tell the host kinds apart. */
export interface HostTests {
  readonly IPv4address: SpanTest;
  readonly IPvFuture: SpanTest;
}

/** Stands for the path's span until it is known. */
const NO_SPAN: SpanTuple = [0, 0];

/** The record of `input`, which the automaton of a reference rule of RFC 3986 or RFC 3987 accepted. */
export function splitRecord(input: string, hosts: HostTests): UriRecord {
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
  // The path's span is known last but comes first in the record's spans, as buildRecord has it.
  const spans: Partial<Record<UriComponentName, SpanTuple>> & { path: SpanTuple } = { path: NO_SPAN };
  let scheme: string | undefined;
  if (schemeEnd >= 0) scheme = input.slice(0, schemeEnd);
  let authority: string | undefined;
  let userinfo: string | undefined;
  let host: string | undefined;
  let port: string | undefined;
  let hostKind: Rfc3986HostKind | undefined;
  let authorityEnd = -1;
  if (p + 1 < n && input.charCodeAt(p) === SLASH && input.charCodeAt(p + 1) === SLASH) {
    const start = p + 2;
    let end = start;
    for (; end < n; end++) {
      const c = input.charCodeAt(end);
      if (c === SLASH || c === QUESTION || c === HASH) break;
    }
    let at = input.indexOf('@', start);
    if (at >= end) at = -1;
    authorityEnd = end;
    const hostStart = at < 0 ? start : at + 1;
    let hostEnd: number;
    if (hostStart < end && input.charCodeAt(hostStart) === OPEN) {
      hostEnd = input.indexOf(']', hostStart) + 1;
      hostKind = hosts.IPvFuture(input, hostStart + 1, hostEnd - 1) ? 'IPvFuture' : 'IPv6address';
    } else {
      hostEnd = hostStart;
      while (hostEnd < end && input.charCodeAt(hostEnd) !== COLON) hostEnd++;
      hostKind = hosts.IPv4address(input, hostStart, hostEnd) ? 'IPv4address' : 'reg-name';
    }
    authority = input.slice(start, end);
    if (at >= 0) userinfo = input.slice(start, at);
    host = input.slice(hostStart, hostEnd);
    if (hostEnd < end) port = input.slice(hostEnd + 1, end);
    if (scheme !== undefined) spans.scheme = [0, schemeEnd];
    spans.authority = [start, end];
    if (at >= 0) spans.userinfo = [start, at];
    spans.host = [hostStart, hostEnd];
    if (hostEnd < end) spans.port = [hostEnd + 1, end];
    p = end;
  } else if (scheme !== undefined) {
    spans.scheme = [0, schemeEnd];
  }
  // The path, then the query and the fragment: the first "#", and the first "?" before it (native searches, not a loop).
  const pathStart = p;
  const f = input.indexOf('#', p);
  let q = input.indexOf('?', p);
  if (f >= 0 && q > f) q = -1;
  const pathEnd = q >= 0 ? q : f >= 0 ? f : n;
  spans.path = [pathStart, pathEnd];
  let query: string | undefined;
  let fragment: string | undefined;
  if (q >= 0) {
    const queryEnd = f >= 0 ? f : n;
    query = input.slice(q + 1, queryEnd);
    spans.query = [q + 1, queryEnd];
  }
  if (f >= 0) {
    fragment = input.slice(f + 1);
    spans.fragment = [f + 1, n];
  }
  let pathKind: Rfc3986PathKind;
  if (authorityEnd >= 0) pathKind = 'path-abempty';
  else if (pathStart === pathEnd) pathKind = 'path-empty';
  else if (input.charCodeAt(pathStart) === SLASH) pathKind = 'path-absolute';
  else pathKind = scheme !== undefined ? 'path-rootless' : 'path-noscheme';
  return {
    scheme,
    authority,
    userinfo,
    host,
    port,
    path: input.slice(pathStart, pathEnd),
    query,
    fragment,
    hostKind,
    pathKind,
    spans,
  };
}
