/**
 * `whatwg-host-differs` and `whatwg-differs`, the lint rules of the WHATWG comparison (docs/lint-rules.md):
 * `whatwg-host-differs`, each security difference (the scheme, the userinfo,
 * the host or the port: where a request goes and with which credentials, or
 * a cause there that only one standard accepts), and `whatwg-differs`, each
 * other difference. Notes (a default port, letter case, written otherwise and
 * equal after RFC 3986 6.2.2 and 6.2.3) are no finding. A relative reference
 * is read against an https base, as a browser reads a link in a web page; a
 * reference with non-ASCII characters (which RFC 3986 refuses, and non-ascii
 * reports) is compared as RFC 3987 reads it.
 * The comparison is the costliest check lint makes: it runs only when one of
 * the two is on, whatever lint's rule (a string that rule refuses is still
 * read where a browser goes with it).
 */
import { isValid, tryParse, type ParseResult } from '../../core/parse';
import type { UriRuleName } from '../../core/grammars';
import { punycodeDecode } from '../../encoding/punycode';
import { comparison, type WhatwgComparison, type WhatwgDifference } from '../../whatwg/compare-whatwg';
import { whatwgLayout } from '../../whatwg/layout';
import type { LintContext, Report, RuleFamily } from '../diagnostic';
import { hostsSentence } from '../fixes';

/** The base a relative reference is read against: a special scheme (backslashes are slashes), a reserved name (RFC 2606 2). */
export const LINT_BASE = 'https://base.invalid/';
const BASE_HOST = 'base.invalid';

const NOT_ASCII = /[^\x00-\x7f]/;

/** Whether RFC 3987's grammar is loaded (not in an ES module bundle without useGrammar). */
function iriGrammarLoaded(): boolean {
  try {
    isValid('a:', { grammar: 'rfc3987' });
    return true;
  } catch {
    return false;
  }
}

/** A value in a message: quoted, and cut at 40 characters. */
function quoted(v: string | null): string {
  if (v === null) return 'none';
  return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
}

/** The diagnostic's message: what each reads, and the class. */
export function whatwgMessage(d: WhatwgDifference, verdict: string, rfc = 'RFC 3986'): string {
  const what = d.component === 'userinfo' ? 'userinfo' : d.component;
  if (verdict === 'whatwg-only') return `only the WHATWG URL parser reads this: ${d.whatwg === null ? `no ${what}` : `the ${what} ${quoted(d.whatwg)}`}, where ${rfc} refuses it (${d.class})`;
  if (verdict === 'rfc3986-only') return `the WHATWG URL parser refuses this, where ${rfc} reads the ${what} ${quoted(d.rfc3986)} (${d.class})`;
  return `the WHATWG URL parser reads the ${what} ${quoted(d.whatwg)}, ${rfc} ${quoted(d.rfc3986)} (${d.class})`;
}

/** The host of each reading, for a security finding's `hosts` (null: that reading has none, or refuses the URI). */
function hostsOf(c: WhatwgComparison): { rfc3986: string | null; whatwg: string | null } {
  return { rfc3986: c.rfc3986.valid ? (c.rfc3986.host ?? null) : null, whatwg: c.whatwg.valid ? (c.whatwg.host ?? null) : null };
}

/**
 * Whether the host the URL parser requests is the host written, only encoded: each label the same after
 * Punycode decoding (RFC 3492) as written, in NFC and lower case ("bücher" is "xn--bcher-kva"). Not so for
 * characters UTS 46 maps to others (fullwidth letters, U+3002 as a dot, circled letters), which RFC 3987 3.1
 * (ToASCII, whose mapping is the same) reads alike but a reader of the text does not.
 */
function sameNameEncoded(written: string, requested: string): boolean {
  const labels = written.normalize('NFC').toLowerCase().split('.');
  const wanted = requested.split('.');
  if (labels.length !== wanted.length) return false;
  return labels.every((label, k) => (wanted[k].startsWith('xn--') ? punycodeDecode(wanted[k].slice(4)) : wanted[k]) === label);
}

/** The host as the input writes it where the URL parser reads one (its layout's), or undefined. */
function writtenHost(uri: string, relative: boolean): string | undefined {
  const layout = whatwgLayout(uri, relative ? 'https' : undefined);
  const a = layout.authority;
  if (a === undefined) return undefined;
  return layout.text.slice(a.hostStart, a.portColon >= 0 ? a.portColon : a.end);
}

/**
 * Calls `report` with each difference between the two readings of `uri`:
 * `security` ones as whatwg-host-differs, others as whatwg-differs, each over
 * the cause (within the component the RFC 3986 record has there, or one
 * character). A security finding names the host each reading has and where a
 * request goes (its data's `hosts`). `parsed`: lint's parse of `uri` by
 * `rule`; the comparison reads the URI by RFC 3986's URI-reference whatever
 * lint's rule is (a string that only `rule` refuses is read where it goes all the same).
 * `encoded`: told of an IRI's host that the URL parser only encodes (LintContext.encodedHost). `securityOnly`
 * (whatwg-differs off): the comparisons look at the scheme, userinfo, host and port alone (./compare-whatwg's
 * comparison), so that only whatwg-host-differs findings are sure to be made, each as without it.
 */
export function whatwgDiagnostics(uri: string, rule: UriRuleName, lintParsed: ParseResult, report: Report, encoded: (at: number, hosts: { rfc3986: string; whatwg: string }) => void = () => undefined, securityOnly = false): void {
  const parsed = rule === 'URI-reference' ? lintParsed : tryParse(uri);
  const relative = parsed.ok ? parsed.value.scheme === undefined : !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri.replace(/^[\x00-\x20]+/, '').replace(/[\t\n\r]/g, ''));
  // A reference with non-ASCII characters (RFC 3986 refuses them, which non-ascii reports) is compared as RFC 3987 reads
  // it: "bücher.example" is the browser's "xn--bcher-kva.example" label by label, "evil\u3002com" is not. Not only a valid
  // IRI: in "http://é.example/a b" the two differ in the path (the space), not in the host RFC 3986 stops at.
  const iri = !parsed.ok && NOT_ASCII.test(uri) && iriGrammarLoaded();
  const base = relative ? { base: LINT_BASE } : {};
  const c = iri ? comparison(uri, { ...base, grammar: 'rfc3987' }, undefined, securityOnly) : comparison(uri, relative ? base : undefined, parsed, securityOnly);
  const rfc = iri ? 'RFC 3987' : 'RFC 3986';
  const hosts = hostsOf(c);
  for (const d of c.differences) {
    if (d.offset < 0) continue;
    let end = d.offset + ((uri.codePointAt(d.offset) ?? 0) > 0xffff ? 2 : 1);
    if (parsed.ok) {
      const span = parsed.value.spans[d.component];
      // The rest of the component the cause is in (an empty one, as it is: an empty host).
      if (span !== undefined && d.offset >= span[0] && (d.offset < span[1] || span[0] === span[1])) end = span[1];
    }
    // A relative reference that only the URL parser reads, and reads on the page's own host (LINT_BASE's): the request
    // stays where the page is, so no security difference; the syntax error says the rest ("@https://h/", one cause).
    // A cause in the host or in the scheme: " abc" differs first in the scheme (the trimmed space), which is the page's
    // too, and was said to send a request to the placeholder base's host. A difference in the userinfo or the port is
    // a reference that writes an authority of its own, and stays a host difference.
    if (relative && c.verdict === 'whatwg-only' && hosts.whatwg === BASE_HOST && (d.component === 'host' || d.component === 'scheme')) {
      report('whatwg-differs', `only the WHATWG URL parser reads this, as a reference on the page's own host, where ${rfc} refuses it (${d.class})`, d.offset, Math.min(end, uri.length));
      continue;
    }
    if (!d.security) {
      report('whatwg-differs', whatwgMessage(d, c.verdict, rfc), d.offset, Math.min(end, uri.length));
      continue;
    }
    // The host each reads, said unless the message is the hosts already (a difference in the host, both read).
    const said = d.component === 'host' && d.rfc3986 !== null && d.whatwg !== null;
    const goes = hosts.whatwg === null || hosts.whatwg === '' ? 'a request has no host to go to' : `a request goes to ${quoted(hosts.whatwg)}`;
    const message = said ? `${whatwgMessage(d, c.verdict, rfc)}; ${goes}` : `${whatwgMessage(d, c.verdict, rfc)}; ${c.rfc3986.valid ? hostsSentence(hosts, rfc) : goes}`;
    report('whatwg-host-differs', message, d.offset, Math.min(end, uri.length), undefined, undefined, { hosts });
  }
  // An IRI: what RFC 3987 reads alike and RFC 3986's comparison (compareWithWhatwg's) has as a security difference. A
  // host UTS 46 maps to another name (fullwidth letters: "ｌｏｃａｌｈｏｓｔ" is "localhost") is one; a name only encoded
  // ("bücher.example") is not. A cause RFC 3987 reports first elsewhere ("///evil。example\\x": the backslash) hides none.
  if (!iri) return;
  const strict = comparison(uri, relative ? base : undefined, parsed, securityOnly);
  for (const d of strict.differences) {
    if (!d.security || d.offset < 0 || c.differences.some((e) => e.security && e.component === d.component)) continue;
    const end = Math.min(d.offset + ((uri.codePointAt(d.offset) ?? 0) > 0xffff ? 2 : 1), uri.length);
    const strictHosts = hostsOf(strict);
    if (d.class === 'idna-mapping' && d.whatwg !== null) {
      const written = writtenHost(uri, relative);
      if (written !== undefined && sameNameEncoded(written, d.whatwg)) {
        encoded(d.offset, { rfc3986: written, whatwg: d.whatwg });
        continue;
      }
      const what = written === undefined ? 'the host' : `the host ${quoted(written)}`;
      report('whatwg-host-differs', `the WHATWG URL parser maps ${what} by UTS 46 to ${quoted(d.whatwg)}, another name than written; a request goes to ${quoted(d.whatwg)} (idna-mapping)`, d.offset, end, undefined, undefined, {
        hosts: { rfc3986: written ?? strictHosts.rfc3986, whatwg: d.whatwg },
      });
      continue;
    }
    report('whatwg-host-differs', `${whatwgMessage(d, strict.verdict)}; ${strictHosts.whatwg === null ? 'a request has no host to go to' : `a request goes to ${quoted(strictHosts.whatwg)}`}`, d.offset, end, undefined, undefined, { hosts: strictHosts });
  }
}

const SCHEME_FIRST = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** A backslash (a slash to the URL parser), or an ASCII tab or newline (which it removes). */
const SLASH_OR_REMOVED = /[\\\t\n\r]/;

/**
 * Whether whatwgDiagnostics can report no whatwg-host-differs for `uri`, so that with whatwg-differs off (the
 * default) the comparison, the costliest check lint makes, need not run. True for a relative reference that only
 * the path, query and fragment can tell apart: not a C0 control or space first (the URL parser trims it: a cause
 * before the scheme), no ASCII tab or newline (removed, they can join "/" and "/"), no "\" (a slash to the URL
 * parser), no scheme ("scheme:" first) and not "//" first. Why no security difference can come of it
 * (test/lint-fast-paths.test.ts checks it on the hostile families, the corpora, the web-platform-tests data and
 * generated strings):
 * - The URL parser reads it against LINT_BASE (https, special) from its relative state: with no "/" or "\" after a
 *   first "/", the "relative slash state" takes the base's username, password, host and port, and the path, query
 *   and fragment states that follow never fail (URL Standard, "URL parsing"): the WHATWG reading is valid, with the
 *   base's scheme, userinfo, host and port. Trailing C0 controls and spaces it trims are after the path begins.
 * - RFC 3986 (or RFC 3987, for an IRI) reads it, if at all, as a relative-ref without an authority (a reference that
 *   is valid with a "scheme:" first matches SCHEME_FIRST), whose target takes the base's scheme and authority
 *   (5.2.2): the same text in each security component, so compareReadings finds no difference there, and the base
 *   itself reads alike.
 * - Where it refuses it (whatwg-only), whatwgOnlyDifferences places each cause by the layout, which has no scheme,
 *   no authority and nothing trimmed before the path: beforeAuthorityEnd is false (Appendix B finds no scheme and no
 *   authority either), whatwgComponentAt is the path, query or fragment; and it compares nothing more against a base.
 * Every difference is then not security, a whatwg-differs finding, which is left out when that rule is off and
 * touches no other finding (no fix; withoutRepeatedCauses drops only WHATWG findings).
 */
export function noHostDifference(uri: string): boolean {
  // (NaN for an empty string: no first character.)
  return !(uri.charCodeAt(0) <= 0x20 || uri.startsWith('//') || SCHEME_FIRST.test(uri) || SLASH_OR_REMOVED.test(uri));
}

export const whatwgRules: RuleFamily = {
  codes: ['whatwg-host-differs', 'whatwg-differs'],
  runs: 'any',
  check(ctx: LintContext): void {
    const differs = ctx.on('whatwg-differs');
    if (!differs && !ctx.on('whatwg-host-differs')) return;
    // Only whatwg-host-differs on, and none can be found: the comparison need not run.
    if (!differs && noHostDifference(ctx.input)) return;
    // whatwg-differs off: only the security components are compared (what whatwg-host-differs reports).
    whatwgDiagnostics(ctx.input, ctx.rule, ctx.parsed, ctx.report, (at, hosts) => (ctx.encodedHost = { at, hosts }), !differs);
  },
};
