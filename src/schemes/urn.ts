/**
 * urn (RFC 8141): the parts of a URN that grammar/schemes/rfc8141.abnf
 * accepts, and the rules of RFC 8141 2.3.1 and 5 that its ABNF cannot say
 * (5's NID rules as warnings: they constrain registration, not syntax).
 */
import { matchesRule } from '../core/backends';
import type { SpanTuple } from '../core/records';
import { captures } from './captures';
import { problem, type SchemeInput, type SchemeReading } from './reader';
import type { SchemeProblem, UrnComponents } from '../core/scheme-types';

/**
 * The NID rules of RFC 8141 5.1 (formal) and 5.2 (informal): the first one
 * `nid` breaks, or undefined. Each is a warning, not an error: 5.1's rules
 * are what "a formal URN namespace establishes" ("MUST NOT be an
 * already-registered NID", "MUST be more than two characters long", ...) and
 * 5.2's the NIDs IANA assigns, so they constrain which NIDs can be registered,
 * not the syntax of a URN (section 2's ABNF, which the grammar checks): two
 * letters and "-" are kept for national registrations to come, "X-" NIDs were
 * RFC 3406's experimental namespaces, and a URN that uses one is still a URN
 * (docs/schemes.md, "urn").
 */
function nidProblem(nid: string, [start, end]: SpanTuple): SchemeProblem | undefined {
  const say = (section: string, why: string) => problem('urn-nid', 'warning', section, `the NID ${JSON.stringify(nid)} ${why}`, start, end);
  if (/^urn-/i.test(nid)) {
    // 5.2: "urn-" is for informal namespaces, whose NID is "urn-" and a number without leading zeros.
    return matchesRule(nid, 'InformalNamespaceName', 'rfc8141') ? undefined : say('RFC 8141 5.1, 5.2', 'begins with "urn-", which is for informal namespaces, and is not "urn-" and a number without leading zeros ("urn-7"), as IANA assigns them: no namespace can have it');
  }
  if (nid.length <= 2) return say('RFC 8141 5.1', 'has two characters: a formal namespace\'s NID is "more than two characters long", and two-letter NIDs are kept for national registrations by ISO 3166 country codes, whose rules RFC 8141 leaves to a later document');
  if (/^[a-z]{2}-/i.test(nid)) return say('RFC 8141 5.1', `begins with two letters and "-", which are kept for ISO 3166 country codes${/^xn--/i.test(nid) ? ' and DNS A-labels ("xn--")' : ''}: no formal namespace can be registered with it`);
  if (/^x-/i.test(nid)) return say('RFC 8141 5.1', 'begins with "X-", the experimental namespaces of RFC 3406, which no formal namespace can be registered with');
  return undefined;
}

export function readUrn(s: SchemeInput): SchemeReading {
  const { input, text, rule, grammar } = s;
  const c = captures(text, rule, grammar);
  const span = (name: string): SpanTuple | undefined => c.get(name)?.[0];
  const nid = span('NID') as SpanTuple;
  const nss = span('NSS') as SpanTuple;
  let r = span('r_component');
  let q = span('q_component');
  const f = span('f_component');
  const problems: SchemeProblem[] = [];
  const nidText = input.slice(nid[0], nid[1]);
  const bad = nidProblem(nidText, nid);
  if (bad !== undefined) problems.push(bad);
  if (r !== undefined) {
    // 2.3.1: "The r-component ends with a "?=" sequence (which begins a q-component)". The ABNF lets an
    // r-component hold "?=" (its "?" and "=" are both allowed in it); the prose ends it at the first.
    const split = input.indexOf('?=', r[0]);
    if (split >= 0 && split < r[1]) {
      q = [split + 2, r[1]];
      r = [r[0], split];
      if (q[0] === q[1]) problems.push(problem('urn-q-component', 'error', 'RFC 8141 2.3.1', 'the r-component ends at "?=", which begins a q-component, and none follows (a q-component has one character or more)', split, split + 2));
    }
    problems.push(problem('urn-r-component', 'warning', 'RFC 8141 2.3.1', 'an r-component: r-components SHOULD NOT be used for URNs before their semantics are standardized', r[0] - 2, r[1]));
  }
  const slice = (sp: SpanTuple | undefined): string | undefined => (sp === undefined ? undefined : input.slice(sp[0], sp[1]));
  const components: UrnComponents = {
    scheme: 'urn',
    nid: nidText,
    nss: input.slice(nss[0], nss[1]),
    rComponent: slice(r),
    qComponent: slice(q),
    fComponent: slice(f),
    informal: /^urn-/i.test(nidText) && bad === undefined,
    spans: { nid, nss, ...(r === undefined ? {} : { rComponent: r }), ...(q === undefined ? {} : { qComponent: q }), ...(f === undefined ? {} : { fComponent: f }) },
  };
  return { components, problems };
}
