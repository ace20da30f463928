/**
 * Literal transcriptions of RFC 3986's algorithms, used only to compute the
 * expected answers of the conformance suite's generated vectors. They are
 * written again from the RFC's text on purpose, sharing no code with src/, so
 * that the suite does not record what urigram happens to do: the test suite
 * then checks urigram against them. Each function names the section it
 * transcribes; where the text leaves a choice, the comment says which reading.
 *
 * Valid input only: the vectors are made from strings the ABNF oracle accepts.
 */

/** RFC 3986 Appendix B, the regular expression exactly as printed. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/s;

export interface Components {
  scheme: string | null;
  authority: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
}

/** RFC 3986 Appendix B: the five components of a valid URI reference; an unmatched group is an absent component. */
export function split(reference: string): Components {
  const m = APPENDIX_B.exec(reference) as RegExpExecArray;
  return {
    scheme: m[1] === undefined ? null : m[2],
    authority: m[3] === undefined ? null : m[4],
    path: m[5],
    query: m[6] === undefined ? null : m[7],
    fragment: m[8] === undefined ? null : m[9],
  };
}

/**
 * The authority of a valid RFC 3986 URI split by §3.2: userinfo ends at the
 * first "@" (userinfo has no "@"), the port follows the last ":" outside an
 * IP-literal (a reg-name and an IPv4address have no ":"), and the port is
 * digits only.
 */
export function splitAuthority(authority: string): { userinfo: string | null; host: string; port: string | null } {
  const at = authority.indexOf('@');
  const userinfo = at < 0 ? null : authority.slice(0, at);
  const hostport = authority.slice(at + 1);
  const close = hostport.startsWith('[') ? hostport.indexOf(']') + 1 : 0;
  const colon = hostport.indexOf(':', close);
  return colon < 0 ? { userinfo, host: hostport, port: null } : { userinfo, host: hostport.slice(0, colon), port: hostport.slice(colon + 1) };
}

/** RFC 3986 5.2.4, step by step as the text numbers them (2A to 2E), on an input buffer and an output buffer. */
export function removeDotSegments(path: string): string {
  let input = path;
  let output = '';
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3); // A
    else if (input.startsWith('./')) input = input.slice(2); // A
    else if (input.startsWith('/./')) input = '/' + input.slice(3); // B
    else if (input === '/.') input = '/'; // B
    else if (input.startsWith('/../') || input === '/..') {
      // C: replace the prefix with "/" and remove the last segment and its preceding "/" (if any) from the output
      input = '/' + input.slice(input === '/..' ? 3 : 4);
      const last = output.lastIndexOf('/');
      output = last < 0 ? '' : output.slice(0, last);
    } else if (input === '.' || input === '..') input = ''; // D
    else {
      // E: the first path segment, with its initial "/" if any, up to but not including the next "/"
      const next = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const segment = next < 0 ? input : input.slice(0, next);
      output += segment;
      input = input.slice(segment.length);
    }
  }
  return output;
}

/** RFC 3986 5.2.3. */
function merge(base: Components, referencePath: string): string {
  if (base.authority !== null && base.path === '') return '/' + referencePath;
  const last = base.path.lastIndexOf('/');
  return last < 0 ? referencePath : base.path.slice(0, last + 1) + referencePath;
}

/**
 * RFC 3986 5.2.2, the pseudocode line by line. `strict: false` is the
 * backwards-compatible reading of the same section, where a reference's
 * scheme equal to the base's is ignored; schemes compare case-insensitively
 * (3.1: "schemes are case-insensitive").
 */
export function transform(baseUri: string, referenceUri: string, strict: boolean): Components {
  const base = split(baseUri);
  const R = split(referenceUri);
  if (!strict && R.scheme !== null && base.scheme !== null && R.scheme.toLowerCase() === base.scheme.toLowerCase()) R.scheme = null;
  const T: Components = { scheme: null, authority: null, path: '', query: null, fragment: null };
  if (R.scheme !== null) {
    T.scheme = R.scheme;
    T.authority = R.authority;
    T.path = removeDotSegments(R.path);
    T.query = R.query;
  } else {
    if (R.authority !== null) {
      T.authority = R.authority;
      T.path = removeDotSegments(R.path);
      T.query = R.query;
    } else {
      if (R.path === '') {
        T.path = base.path;
        T.query = R.query !== null ? R.query : base.query;
      } else {
        if (R.path.startsWith('/')) T.path = removeDotSegments(R.path);
        else T.path = removeDotSegments(merge(base, R.path));
        T.query = R.query;
      }
      T.authority = base.authority;
    }
    T.scheme = base.scheme;
  }
  T.fragment = R.fragment;
  return T;
}

/** RFC 3986 5.3, as written. */
export function recompose(c: Components): string {
  let result = '';
  if (c.scheme !== null) result += c.scheme + ':';
  if (c.authority !== null) result += '//' + c.authority;
  result += c.path;
  if (c.query !== null) result += '?' + c.query;
  if (c.fragment !== null) result += '#' + c.fragment;
  return result;
}

/** RFC 3987 3.1 step 2, on a valid IRI: every character outside US-ASCII becomes the %XX of each of its UTF-8 octets. */
export function iriToUri(iri: string): string {
  let out = '';
  for (const ch of iri) {
    if (ch.codePointAt(0)! < 0x80) out += ch;
    else for (const byte of Buffer.from(ch, 'utf8')) out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** RFC 3986 6.2.2.1 and 6.2.2.2 on a component's text: the hex digits of each triplet upper-cased, a triplet of an unreserved character decoded. */
function normalizePercent(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_t, hex: string) => {
    const ch = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(ch) ? ch : `%${hex.toUpperCase()}`;
  });
}

/**
 * RFC 3986 6.2.2, syntax-based normalization of a valid URI reference, step
 * by step: percent-encodings (6.2.2.2, with 6.2.2.1's upper-case hex), the
 * scheme and the host lower-cased (6.2.2.1: the triplets in a host keep their
 * upper-case hex), and remove_dot_segments (6.2.2.3) on the path of a
 * reference with a scheme (a relative reference keeps its dot segments: they
 * mean something until it is resolved, 5.2). Returns null when the result has
 * no string form by 5.3 (a path beginning "//" without an authority).
 */
export function normalizeSyntax(uri: string): string | null {
  const c = split(uri);
  const out: Components = {
    scheme: c.scheme === null ? null : c.scheme.toLowerCase(),
    authority: null,
    path: normalizePercent(c.path),
    query: c.query === null ? null : normalizePercent(c.query),
    fragment: c.fragment === null ? null : normalizePercent(c.fragment),
  };
  if (c.authority !== null) {
    const a = splitAuthority(c.authority);
    const host = normalizePercent(a.host).replace(/%[0-9A-F]{2}|[^%]+/g, (t) => (t.startsWith('%') ? t : t.toLowerCase()));
    out.authority = (a.userinfo === null ? '' : normalizePercent(a.userinfo) + '@') + host + (a.port === null ? '' : ':' + a.port);
  }
  if (out.scheme !== null) out.path = removeDotSegments(out.path);
  if (out.authority === null && out.path.startsWith('//')) return null;
  return recompose(out);
}
