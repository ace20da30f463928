/**
 * Comparison (RFC 3986 6.2): the ladder of 6.2.1 simple string comparison,
 * 6.2.2 syntax-based and 6.2.3 scheme-based normalization. Both inputs must be
 * valid URI references (a UriSyntaxError otherwise), at every level.
 *
 * IRIs (RFC 3987 5.3) climb the same ladder. Above simple string comparison
 * their percent-encodings are aligned as 5.3.2.3 says, "by converting both
 * IRIs to URIs (see section 3.1), eliminating escape differences in the
 * resulting URIs, and making sure that the case of the hexadecimal characters
 * in the percent-encoding is always the same": "http://a/é" and
 * "http://a/%C3%A9" are equivalent IRIs.
 */
import { parse, zoneGrammar, type UriComponentName } from '../core/parse';
import { normalize, normalizeMappedIri } from './normalize';
import { iriToUri } from './iri';
import { boolean, checkOptions, oneOf, type OptionSpec } from '../core/options';
import { URI_OR_IRI_GRAMMAR } from './normalize';
import { availableSchemeCheck } from '../core/scheme-checks';
import type { MailtoComponents } from '../core/scheme-types';

export type ComparisonLevel = 'simple' | 'syntax' | 'scheme';

export interface Comparison {
  readonly equivalent: boolean;
  /** The first rung of the ladder at which the two became equal; undefined when they never do. */
  readonly level: ComparisonLevel | undefined;
  /** When not equivalent: the first component, in 5.3 order, that differs after scheme-based normalization. */
  readonly difference?: { readonly component: UriComponentName; readonly a: string | undefined; readonly b: string | undefined };
}

const ORDER: readonly UriComponentName[] = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];

/** 'rfc3987' compares IRIs (RFC 3987 5.3) by the same ladder. */
export interface CompareOptions {
  readonly grammar?: 'rfc3986' | 'rfc3987';
  /** true: URIs whose IPv6 literals may carry a zone identifier (RFC 6874 2), as in parse(); the zone is compared case-sensitively, as normalize() keeps it. */
  readonly zoneId?: boolean;
}

function normalizeAt(uri: string, level: ComparisonLevel, grammar: 'rfc3986' | 'rfc3987' = 'rfc3986', zoneId?: boolean): string {
  if (level === 'simple') {
    parse(uri, { grammar, zoneId }); // valid or a UriSyntaxError, as at every other level
    return uri;
  }
  if (grammar === 'rfc3987') return normalizeMappedIri(iriToUri(uri), level); // RFC 3987 5.3.2.3
  return normalize(uri, { level, grammar, zoneId });
}

/**
 * What is compared at a level: the URI normalized to it; for a URN at the
 * 'scheme' level, its assigned-name only, since RFC 8141 3 says that "If an
 * r-component, q-component, or f-component (or any combination thereof) is
 * included in a URN, it MUST be ignored for purposes of determining
 * URN-equivalence".
 */
function comparableAt(uri: string, level: ComparisonLevel, grammar: 'rfc3986' | 'rfc3987' = 'rfc3986', zoneId?: boolean): string {
  const n = normalizeAt(uri, level, grammar, zoneId);
  if (level !== 'scheme' || !/^(?:urn|mailto):/i.test(n)) return n;
  const c = availableSchemeCheck(n, parse(n, { zoneId }))?.components;
  if (c?.scheme === 'urn') return n.slice(0, c.spans.nss[1]);
  if (c?.scheme === 'mailto') return mailtoComparable(c) ?? n;
  return n;
}

/**
 * What is compared of a mailto URI (normalized: its domains lower-cased): its addresses, those before the "?"
 * and those of its "to" header fields, in order, then its other header fields, each decoded (RFC 6068 2:
 * "mailto:addr1@an.example,addr2@an.example" "is equivalent to" "mailto:?to=addr1@an.example,addr2@an.example"
 * and to "mailto:addr1@an.example?to=addr2@an.example"). A "to" field's value is read as the addresses before
 * a "?" are, by RFC 6068's grammar and normalize(). Undefined when a part is not UTF-8 or a "to" field holds no
 * list of addresses (then the normalized text is compared, as for any URI).
 */
function mailtoComparable(c: MailtoComponents): string | undefined {
  const to: string[] = [];
  /** Adds a reading's addresses, decoded; false when one is not UTF-8. */
  const addresses = (m: MailtoComponents): boolean => {
    for (const a of m.to) {
      if (a.address === undefined) return false;
      to.push(a.address);
    }
    return true;
  };
  if (!addresses(c)) return undefined;
  const headers: [string, string][] = [];
  for (const h of c.headers) {
    if (h.decodedName === undefined || h.decodedValue === undefined) return undefined;
    if (h.decodedName !== 'to') headers.push([h.decodedName, h.decodedValue]);
    else {
      const list = toFieldAddresses(h.value);
      if (list === undefined || !addresses(list)) return undefined;
    }
  }
  return `mailto:${JSON.stringify([to, headers])}`;
}

/** The addresses of a "to" header field's value (as written), read as a mailto URI's list before the "?"; undefined when it is none. */
function toFieldAddresses(value: string): MailtoComponents | undefined {
  let n: string;
  try {
    n = normalize(`mailto:${value}`);
  } catch {
    return undefined;
  }
  const c = availableSchemeCheck(n, parse(n))?.components;
  return c?.scheme === 'mailto' && c.headers.length === 0 ? c : undefined;
}

const EQUIVALENT_OPTIONS: OptionSpec = { level: oneOf(['simple', 'syntax', 'scheme']), grammar: URI_OR_IRI_GRAMMAR, zoneId: boolean };
const COMPARE_OPTIONS: OptionSpec = { grammar: URI_OR_IRI_GRAMMAR, zoneId: boolean };

/**
 * Whether `a` and `b` are equivalent at `level` (default 'scheme', the
 * strongest RFC 3986 defines, with the scheme's own rules: see normalize; two
 * URNs are compared by their assigned-names, RFC 8141 3).
 */
export function equivalent(a: string, b: string, options: { level?: ComparisonLevel } & CompareOptions = {}): boolean {
  checkOptions('equivalent', options, EQUIVALENT_OPTIONS);
  zoneGrammar(options.grammar, options.zoneId, 'equivalent');
  const level = options.level ?? 'scheme';
  return comparableAt(a, level, options.grammar, options.zoneId) === comparableAt(b, level, options.grammar, options.zoneId);
}

/** Climbs the ladder of 6.2 and says where `a` and `b` became equal, or where they differ. */
export function compare(a: string, b: string, options: CompareOptions = {}): Comparison {
  checkOptions('compare', options, COMPARE_OPTIONS);
  const grammar = options.grammar ?? 'rfc3986';
  const zoneId = options.zoneId;
  zoneGrammar(grammar, zoneId, 'compare');
  // The strongest rung decides. Each rung holds the one below for every scheme but urn: RFC 8141 3 has URNs
  // compared without decoding, so "urn:example:%41" and "urn:example:A" are equal by 6.2.2 and not URN-equivalent.
  const equalAtScheme = comparableAt(a, 'scheme', grammar, zoneId) === comparableAt(b, 'scheme', grammar, zoneId);
  if (equalAtScheme) {
    for (const level of ['simple', 'syntax'] as const) {
      if (comparableAt(a, level, grammar, zoneId) === comparableAt(b, level, grammar, zoneId)) return { equivalent: true, level };
    }
    return { equivalent: true, level: 'scheme' };
  }
  const ra = parse(normalizeAt(a, 'scheme', grammar, zoneId), { zoneId });
  const rb = parse(normalizeAt(b, 'scheme', grammar, zoneId), { zoneId });
  const component = ORDER.find((c) => ra[c] !== rb[c]) ?? 'path';
  return { equivalent: false, level: undefined, difference: { component, a: ra[component], b: rb[component] } };
}
