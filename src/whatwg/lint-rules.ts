/**
 * The lint rules of the WHATWG comparison (docs/lint-rules.md):
 * `whatwg-host-differs`, each security difference (the scheme, the userinfo,
 * the host or the port: where a request goes and with which credentials, or
 * a cause there that only one standard accepts), and `whatwg-differs`, each
 * other difference. Notes (a default port, letter case, written otherwise and
 * equal after RFC 3986 6.2.2 and 6.2.3) are no finding. A relative reference
 * is read against an https base, as a browser reads a link in a web page; a
 * reference with non-ASCII characters (which RFC 3986 refuses, and non-ascii
 * reports) is compared as RFC 3987 reads it.
 */
import { isValid, type ParseResult } from '../core/parse';
import { comparison, type WhatwgDifference } from './compare-whatwg';

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

/**
 * Calls `report` with each difference between the two readings of `uri`:
 * `security` ones as whatwg-host-differs, others as whatwg-differs, each over
 * the cause (within the component the RFC 3986 record has there, or one
 * character). `parsed`: lint's parse of `uri` by RFC 3986's URI-reference.
 */
export function whatwgDiagnostics(uri: string, parsed: ParseResult, report: (code: 'whatwg-host-differs' | 'whatwg-differs', message: string, start: number, end: number) => void): void {
  const relative = parsed.ok ? parsed.value.scheme === undefined : !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri.replace(/^[\x00-\x20]+/, '').replace(/[\t\n\r]/g, ''));
  // A reference with non-ASCII characters (RFC 3986 refuses them, which non-ascii reports) is compared as RFC 3987 reads
  // it: "bücher.example" is the browser's "xn--bcher-kva.example" label by label, "evil\u3002com" is not. Not only a valid
  // IRI: in "http://é.example/a b" the two differ in the path (the space), not in the host RFC 3986 stops at.
  const iri = !parsed.ok && NOT_ASCII.test(uri) && iriGrammarLoaded();
  const base = relative ? { base: LINT_BASE } : {};
  const c = iri ? comparison(uri, { ...base, grammar: 'rfc3987' }) : comparison(uri, relative ? base : undefined, parsed);
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
    if (relative && c.verdict === 'whatwg-only' && d.component === 'host' && d.whatwg === BASE_HOST) {
      report('whatwg-differs', `only the WHATWG URL parser reads this, as a reference on the page's own host, where ${iri ? 'RFC 3987' : 'RFC 3986'} refuses it (${d.class})`, d.offset, Math.min(end, uri.length));
      continue;
    }
    report(d.security ? 'whatwg-host-differs' : 'whatwg-differs', whatwgMessage(d, c.verdict, iri ? 'RFC 3987' : 'RFC 3986'), d.offset, Math.min(end, uri.length));
  }
}
