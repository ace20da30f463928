/**
 * Where the five components of RFC 3986 5.3 (and the host and port of 3.2.2,
 * 3.2.3) are in a reference that the grammar's automaton has accepted (RFC
 * 3986 or RFC 3987), found by their delimiters alone, as Appendix B splits a
 * reference: offsets only, no record, no spans, no string. resolve() and
 * normalize() need the components and not a record; building one per call
 * (and a second, read back from the result) was most of their time.
 *
 * It reads a reference as the record does (src/core/split.ts says why the
 * delimiters decide everything on accepted input); on anything else the
 * offsets mean nothing. test/operations-fast.test.ts checks resolve() and
 * normalize() against the records' path on every input it tries.
 */
import { REFERENCE_RULES } from '../core/grammars';
import { toPegName } from '../core/rule-names';

const START: Partial<Record<'rfc3986' | 'rfc3987', string>> = {};

/**
 * The PEG start rule of the grammar's reference rule (accepts() of
 * src/core/backends.ts takes it), looked up on first use: a registry may
 * lack RFC 3987 (the grammar option then refuses it before this is asked).
 */
export function referenceStart(grammar: 'rfc3986' | 'rfc3987'): string {
  return (START[grammar] ??= toPegName(REFERENCE_RULES[grammar][0]));
}

const COLON = 0x3a;
const SLASH = 0x2f;
const OPEN = 0x5b;

/** Slots of ReferenceParts: -1 for an absent component. */
export const SCHEME_END = 0; // the scheme is [0, SCHEME_END)
export const AUTHORITY_START = 1; // after "//"; the authority ends where the path starts
export const PATH_START = 2;
export const PATH_END = 3;
export const QUERY_START = 4; // after "?"; the query ends at the "#" or the end
export const FRAGMENT_START = 5; // after "#"; the fragment ends at the end

/** The offsets of a reference's components, by the slots above. */
export type ReferenceParts = Int32Array;

export function newParts(): ReferenceParts {
  return new Int32Array(6);
}

/**
 * Fills `at` with the offsets of the components of `input`, which the
 * automaton of a reference rule accepted: by the first ":", "/", "?" and "#"
 * (the engine's own searches), no loop over the characters here.
 */
export function splitParts(input: string, at: ReferenceParts): ReferenceParts {
  const n = input.length;
  const colon = input.indexOf(':');
  let slash = input.indexOf('/');
  let q = input.indexOf('?');
  const f = input.indexOf('#');
  // The scheme: up to a ":" that comes before any "/", "?", "#". Neither "?" nor "#" comes before the path then.
  const schemeEnd = colon >= 0 && (slash < 0 || colon < slash) && (q < 0 || colon < q) && (f < 0 || colon < f) ? colon : -1;
  let p = schemeEnd + 1;
  at[SCHEME_END] = schemeEnd;
  at[AUTHORITY_START] = -1;
  if (slash === p && input.charCodeAt(p + 1) === SLASH) {
    // The authority: after "//", to the first "/", "?" or "#".
    p += 2;
    at[AUTHORITY_START] = p;
    slash = input.indexOf('/', p);
    let end = slash < 0 ? n : slash;
    if (q >= 0 && q < end) end = q;
    if (f >= 0 && f < end) end = f;
    p = end;
  }
  if (f >= 0 && q > f) q = -1;
  at[PATH_START] = p;
  at[PATH_END] = q >= 0 ? q : f >= 0 ? f : n;
  at[QUERY_START] = q >= 0 ? q + 1 : -1;
  at[FRAGMENT_START] = f >= 0 ? f + 1 : -1;
  return at;
}

/** The end of the query that starts at `queryStart` (the "#" of the fragment, or the end). */
export function queryEnd(input: string, at: ReferenceParts): number {
  return at[FRAGMENT_START] >= 0 ? at[FRAGMENT_START] - 1 : input.length;
}

/**
 * In the authority [start, end) of an accepted reference: the "@" that ends
 * the userinfo (-1 without one), and the end of the host (the port, when
 * hostEnd < end, is after the ":" at hostEnd). An IP-literal ends at its "]".
 */
export function hostBounds(input: string, start: number, end: number): { readonly atSign: number; readonly hostStart: number; readonly hostEnd: number } {
  let atSign = input.indexOf('@', start);
  if (atSign >= end) atSign = -1;
  const hostStart = atSign < 0 ? start : atSign + 1;
  let hostEnd = hostStart;
  if (hostStart < end && input.charCodeAt(hostStart) === OPEN) {
    hostEnd = input.indexOf(']', hostStart) + 1;
  } else {
    while (hostEnd < end && input.charCodeAt(hostEnd) !== COLON) hostEnd++;
  }
  return { atSign, hostStart, hostEnd };
}
