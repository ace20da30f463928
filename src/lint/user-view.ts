/**
 * A syntax error as a person names it: by the component they see there (RFC
 * 3986 Appendix B's split, then the authority's userinfo, host and port), and
 * placed in the URI as written when it was found in the URI with its non-ASCII
 * characters percent-encoded. For the `syntax` rule (./rules/syntax).
 */
import { matches, withoutStacks } from '../core/parse';
import type { UriRuleName } from '../core/rules';
import { toPegName } from '../core/rule-names';
import { UriSyntaxError } from '../core/errors';
import { diagnose } from '../core/diagnose';


/** An error found in the URI with its non-ASCII characters percent-encoded, placed in the URI itself. */
export function inInput(uri: string, e: UriSyntaxError): UriSyntaxError {
  return withoutStacks(() => placedInInput(uri, e));
}

function placedInInput(uri: string, e: UriSyntaxError): UriSyntaxError {
  // Walk the URI by code points, counting what each is once encoded (one unit, or three per UTF-8 octet).
  let mapped = 0;
  let i = 0;
  while (i < uri.length && mapped < e.offset) {
    const cp = uri.codePointAt(i) ?? 0;
    mapped += cp < 0x80 ? 1 : 3 * (cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);
    i += cp > 0xffff ? 2 : 1;
  }
  const found = i < uri.length ? String.fromCodePoint(uri.codePointAt(i) ?? 0) : null;
  return new UriSyntaxError({ input: uri, rule: e.rule, offset: i, found, expected: e.expected, rulePath: e.rulePath });
}

/** The components as a user reads them: RFC 3986 Appendix B, then the authority's userinfo (to the last "@"), host and port (after the last ":", past an IP literal). */
const APPENDIX_B = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

/** Where each component the user sees is, with the rule it must match, in order. */
function userComponents(uri: string): Array<{ rule: string; start: number; end: number }> {
  const m = APPENDIX_B.exec(uri);
  if (m === null) return [];
  const out: Array<{ rule: string; start: number; end: number }> = [];
  let at = 0;
  const [, scheme, authority, path, query] = m;
  if (scheme !== undefined) {
    out.push({ rule: 'scheme', start: 0, end: scheme.length });
    at = scheme.length + 1;
  }
  if (authority !== undefined) {
    at += 2;
    const atSign = authority.lastIndexOf('@');
    if (atSign >= 0) out.push({ rule: 'userinfo', start: at, end: at + atSign });
    const hostStart = at + atSign + 1;
    const rest = authority.slice(atSign + 1);
    // An IP literal's colons are its own; one that is not closed is all host.
    const close = rest.startsWith('[') ? rest.indexOf(']') : -1;
    const colon = rest.startsWith('[') && close < 0 ? -1 : rest.indexOf(':', close < 0 ? 0 : close);
    const hostEnd = colon < 0 ? hostStart + rest.length : hostStart + colon;
    out.push({ rule: 'host', start: hostStart, end: hostEnd });
    if (colon >= 0) out.push({ rule: 'port', start: hostEnd + 1, end: hostStart + rest.length });
    at += authority.length;
  }
  out.push({ rule: authority !== undefined ? 'path-abempty' : 'path', start: at, end: at + path.length });
  at += path.length;
  if (query !== undefined) {
    out.push({ rule: 'query', start: at + 1, end: at + 1 + query.length });
    at += 1 + query.length;
  }
  if (m[5] !== undefined) out.push({ rule: 'fragment', start: at + 1, end: uri.length });
  return out;
}

/**
 * The error as the user would name it: where the first component that the user sees (userComponents) fails its
 * own rule, when that is before where the parser failed. The parser reads "http://h:port/" as a userinfo "h:port"
 * cut short, because an "@" could still follow, and fails at the "/" in userinfo; the user sees a host "h" and
 * a port "port", which fails at the "p". The parser's own error, with its rule path, stays the better one
 * whenever it is at or before that place.
 */
export function userViewError(uri: string, rule: UriRuleName, e: UriSyntaxError): UriSyntaxError {
  if (rule !== 'URI-reference' && rule !== 'URI' && rule !== 'absolute-URI' && rule !== 'relative-ref') return e;
  return withoutStacks(() => userView(uri, e));
}

function userView(uri: string, e: UriSyntaxError): UriSyntaxError {
  for (const c of userComponents(uri)) {
    if (c.start > e.offset || (c.start === e.offset && c.rule !== 'port')) return e;
    const text = uri.slice(c.start, c.end);
    if (matches(c.rule as UriRuleName, text)) continue;
    const inner = diagnose(text, toPegName(c.rule));
    const offset = c.start + inner.offset;
    // At the same place, a port is named as the user sees it ("http://[::1]:port/", "http://u@h:port/": the parser,
    // past an IP literal or a userinfo, says "in authority"); any other component keeps the parser's fuller error.
    if (offset > e.offset || (offset === e.offset && c.rule !== 'port')) return e;
    const expected = inner.expected.filter((x) => x !== 'end of input');
    return new UriSyntaxError({ input: uri, rule: e.rule, offset, found: inner.found, expected: expected.length > 0 ? expected : inner.expected, rulePath: [e.rule, ...inner.rulePath] });
  }
  return e;
}
