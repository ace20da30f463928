/**
 * The WHATWG reading of a string: the runtime's own `URL` (Node's is Ada; in
 * a browser, the browser's), never a second parser written here. What the
 * `URL` object does not say directly (whether the query or the fragment is
 * absent or empty, whether the host is null or empty, which kind of host it
 * is) is read off its serialization, `href`, by the URL Standard's
 * serializer ("URL serializing"): "//" follows the scheme exactly when the
 * host is non-null; the first "#" begins the fragment (no other component
 * serializes one: each percent-encodes it); a "?" before it begins the query.
 */

/** What urigram reads of a WHATWG URL object (the URL Standard's `URL` class). */
interface UrlObject {
  readonly href: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

type UrlConstructor = new (input: string, base?: string) => UrlObject;

/**
 * The global `URL` of the runtime (every browser's, Node's, Deno's, Bun's):
 * typed here, since the library core is compiled without the DOM's or
 * Node's types. A TypeError in a runtime without one.
 */
export function runtimeUrl(): UrlConstructor {
  const url = (globalThis as { URL?: unknown }).URL;
  if (typeof url !== 'function') throw new TypeError('compareWithWhatwg and hostAddress need the global URL of the WHATWG URL Standard, which this runtime lacks');
  return url as UrlConstructor;
}

/** The special schemes (URL Standard, "URL miscellaneous") and their default ports (file has none). */
export const SPECIAL_SCHEMES: Readonly<Record<string, string | null>> = { ftp: '21', file: null, http: '80', https: '443', ws: '80', wss: '443' };

const SPECIAL: ReadonlySet<string> = new Set(Object.keys(SPECIAL_SCHEMES));

/** Whether a (lower-case) scheme is special. */
export function isSpecial(scheme: string): boolean {
  return SPECIAL.has(scheme);
}

/** A host's kind, as the URL Standard tells hosts apart ("Host representation"), or 'empty'. */
export type WhatwgHostKind = 'domain' | 'IPv4' | 'IPv6' | 'opaque' | 'empty';

/** What the WHATWG URL parser made of a string. */
export type WhatwgReading =
  | {
      readonly valid: true;
      /** The URL serializer's result. */
      readonly href: string;
      readonly scheme: string;
      /** Username and password as the URL has them (percent-encoded by the userinfo percent-encode set); "" when none. */
      readonly username: string;
      readonly password: string;
      /** The host serialized (an IPv6 address in brackets), or undefined when it is null. */
      readonly host: string | undefined;
      readonly hostKind: WhatwgHostKind | undefined;
      /** The port, or undefined when null (a special scheme's default port is null). */
      readonly port: string | undefined;
      readonly path: string;
      /** Whether the path is opaque ("opaque path state": no "/" after a non-special scheme's ":"). */
      readonly opaquePath: boolean;
      readonly query: string | undefined;
      readonly fragment: string | undefined;
    }
  | {
      readonly valid: false;
      /** The error `URL` threw: its name, its `code` when it has one (Node's ERR_INVALID_URL), its message. */
      readonly error: { readonly name: string; readonly code?: string; readonly message: string };
    };

const DOTTED_QUAD = /^\d+\.\d+\.\d+\.\d+$/;

/** The WHATWG reading of `input` (against `base` when given), by the runtime's `URL`. */
export function whatwgReading(input: string, base?: string): WhatwgReading {
  const URL = runtimeUrl();
  let u: UrlObject;
  try {
    u = base === undefined ? new URL(input) : new URL(input, base);
  } catch (e) {
    const error = e as { name?: unknown; code?: unknown; message?: unknown };
    return {
      valid: false,
      error: { name: typeof error.name === 'string' ? error.name : 'Error', ...(typeof error.code === 'string' ? { code: error.code } : {}), message: typeof error.message === 'string' ? error.message : String(e) },
    };
  }
  const href = u.href;
  // The serialization begins with the scheme and ":" (URL serializing).
  const colon = href.indexOf(':');
  const scheme = href.slice(0, colon);
  const hasHost = href.charCodeAt(colon + 1) === 0x2f && href.charCodeAt(colon + 2) === 0x2f;
  const hash = href.indexOf('#');
  const question = href.indexOf('?');
  const hasQuery = question >= 0 && (hash < 0 || question < hash);
  // The authority ends at the first "/", "?" or "#" after "//": its userinfo and host percent-encode or forbid them.
  let authorityEnd = href.length;
  if (hasHost) {
    for (let i = colon + 3; i < href.length; i++) {
      const c = href.charCodeAt(i);
      if (c === 0x2f || c === 0x3f || c === 0x23) {
        authorityEnd = i;
        break;
      }
    }
  }
  const authority = hasHost ? href.slice(colon + 3, authorityEnd) : '';
  // The getters are called only for what the authority holds: most URLs have no userinfo and no port.
  const hasUserinfo = authority.includes('@');
  const host = hasHost ? u.hostname : undefined;
  let hostKind: WhatwgHostKind | undefined;
  if (host !== undefined) {
    if (host === '') hostKind = 'empty';
    else if (host.charCodeAt(0) === 0x5b) hostKind = 'IPv6';
    else if (!isSpecial(scheme)) hostKind = 'opaque';
    // A special URL's host that ends in a number is an IPv4 address or a failure, never a domain.
    else {
      const last = host.charCodeAt(host.length - 1);
      hostKind = last >= 0x30 && last <= 0x39 && DOTTED_QUAD.test(host) ? 'IPv4' : 'domain';
    }
  }
  // A path that is a list begins with "/" after the host (or after the scheme, without one); an opaque path does not.
  const opaquePath = !hasHost && href.charCodeAt(colon + 1) !== 0x2f;
  const port = authority.includes(':') ? u.port : '';
  return {
    valid: true,
    href,
    scheme,
    username: hasUserinfo ? u.username : '',
    password: hasUserinfo ? u.password : '',
    host,
    hostKind,
    port: port === '' ? undefined : port,
    path: u.pathname,
    opaquePath,
    // The query and the fragment as the serialization has them (the search and hash getters say "" for both none and empty).
    query: hasQuery ? href.slice(question + 1, hash < 0 ? href.length : hash) : undefined,
    fragment: hash < 0 ? undefined : href.slice(hash + 1),
  };
}
