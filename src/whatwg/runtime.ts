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

/** Whether a (lower-case) scheme is special. */
export function isSpecial(scheme: string): boolean {
  return Object.prototype.hasOwnProperty.call(SPECIAL_SCHEMES, scheme);
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
  const scheme = u.protocol.slice(0, -1);
  const afterScheme = scheme.length + 1;
  const hasHost = href.startsWith('//', afterScheme);
  const hash = href.indexOf('#');
  const beforeHash = hash < 0 ? href : href.slice(0, hash);
  const host = hasHost ? u.hostname : undefined;
  let hostKind: WhatwgHostKind | undefined;
  if (host !== undefined) {
    if (host === '') hostKind = 'empty';
    else if (host.startsWith('[')) hostKind = 'IPv6';
    else if (!isSpecial(scheme)) hostKind = 'opaque';
    // A special URL's host that ends in a number is an IPv4 address or a failure, never a domain.
    else hostKind = DOTTED_QUAD.test(host) ? 'IPv4' : 'domain';
  }
  // A path that is a list begins with "/" after the host (or after the scheme, without one); an opaque path does not.
  const opaquePath = !hasHost && !href.startsWith('/', afterScheme);
  return {
    valid: true,
    href,
    scheme,
    username: u.username,
    password: u.password,
    host,
    hostKind,
    port: u.port === '' ? undefined : u.port,
    path: u.pathname,
    opaquePath,
    query: beforeHash.includes('?') ? u.search.slice(1) : undefined,
    fragment: hash < 0 ? undefined : href.slice(hash + 1),
  };
}
