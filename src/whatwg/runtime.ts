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
import type { UriRecord } from '../core/records';

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

/** A host's kind, as the URL Standard tells them apart, from its serialization (or undefined for a null host). */
function hostKindOf(scheme: string, host: string | undefined): WhatwgHostKind | undefined {
  if (host === undefined) return undefined;
  if (host === '') return 'empty';
  if (host.charCodeAt(0) === 0x5b) return 'IPv6';
  if (!isSpecial(scheme)) return 'opaque';
  // A special URL's host that ends in a number is an IPv4 address or a failure, never a domain.
  const last = host.charCodeAt(host.length - 1);
  return last >= 0x30 && last <= 0x39 && DOTTED_QUAD.test(host) ? 'IPv4' : 'domain';
}

/** The reading of a URL whose serialization is the input, from RFC 3986's record of the input. */
function fromRecord(href: string, r: SameSpelling): WhatwgReading {
  const scheme = r.scheme as string;
  const colon = r.userinfo === undefined ? -1 : r.userinfo.indexOf(':');
  // Without a host, a path that begins "//" is serialized after "/." (the path is what follows it).
  const path = r.host === undefined && r.path.startsWith('/.//') ? r.path.slice(2) : r.path;
  return {
    valid: true,
    href,
    scheme,
    username: r.userinfo === undefined ? '' : colon < 0 ? r.userinfo : r.userinfo.slice(0, colon),
    password: r.userinfo === undefined || colon < 0 ? '' : r.userinfo.slice(colon + 1),
    host: r.host,
    hostKind: hostKindOf(scheme, r.host),
    port: r.port === '' ? undefined : r.port,
    path,
    opaquePath: r.host === undefined && !path.startsWith('/'),
    query: r.query,
    fragment: r.fragment,
  };
}

type Failure = Extract<WhatwgReading, { valid: false }>['error'];

/** What a reading says of the error `URL` threw. */
function failureOf(e: unknown): Failure {
  const error = e as { name?: unknown; code?: unknown; message?: unknown };
  return { name: typeof error.name === 'string' ? error.name : 'Error', ...(typeof error.code === 'string' ? { code: error.code } : {}), message: typeof error.message === 'string' ? error.message : String(e) };
}

/**
 * Failures of each kind (no scheme, an IPv6 address, a port, a forbidden host code point): a runtime whose URL throws
 * the same name, code and message for each (so none names its input) says every failure alike (Node's
 * ERR_INVALID_URL, "Invalid URL", the input only in a property of its own).
 */
const PROBES = ['a', 'http://[', 'http://a:99999', 'http://a b'];

/** The runtime URL the failure was worked out for, and its one failure (undefined: it has no canParse, or says failures otherwise). */
let probed: { url: UrlConstructor; error: Failure | undefined } | undefined;

/**
 * The runtime's one failure, when it says every failure alike (PROBES) and has URL.canParse (the URL Standard's:
 * whether the URL parser succeeds): a string canParse refuses is then read as that failure without the error thrown
 * and caught, which took 11 µs (in Node 20) for each of the many relative references compared without a base.
 */
function sameFailure(URL: UrlConstructor): Failure | undefined {
  if (probed?.url !== URL) {
    const errors = PROBES.map((input) => {
      try {
        return void new URL(input);
      } catch (e) {
        return failureOf(e);
      }
    });
    const first = errors[0];
    // The same name, code and message (failureOf writes them in that order).
    const alike = typeof (URL as unknown as CanParse).canParse === 'function' && first !== undefined && errors.every((e) => JSON.stringify(e) === JSON.stringify(first));
    probed = { url: URL, error: alike ? first : undefined };
  }
  return probed.error;
}

type CanParse = { canParse(input: string, base?: string): boolean };

const NOT_ASCII = /[^\x00-\x7f]/;

/** The components of an RFC 3986 record, when the URL parser's serialization is the input itself. */
export type SameSpelling = Pick<UriRecord, 'scheme' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment'>;

/**
 * The WHATWG reading of `input` (against `base` when given), by the runtime's
 * `URL`. `record`: RFC 3986's components of the input, when it has them (no
 * base): where the URL's serialization is the input itself, its components
 * are the record's, which the serializer writes with the delimiters RFC 3986
 * reads (URL serializing; RFC 3986 Appendix B), so they are taken from it
 * and not read again through the URL's getters.
 */
export function whatwgReading(input: string, base?: string, record?: SameSpelling): WhatwgReading {
  const URL = runtimeUrl();
  // A failure the runtime says alike for every input is told by canParse, without the error thrown and caught. Only
  // for ASCII: Node 20's canParse, once optimized (V8's fast API), reads a string of one byte per character as UTF-8
  // and refuses "https://faß.example/", which URL reads.
  const failure = sameFailure(URL);
  if (failure !== undefined && !NOT_ASCII.test(input) && (base === undefined || !NOT_ASCII.test(base)) && !(URL as unknown as CanParse).canParse(input, base)) return { valid: false, error: { ...failure } };
  let u: UrlObject;
  try {
    u = base === undefined ? new URL(input) : new URL(input, base);
  } catch (e) {
    return { valid: false, error: failureOf(e) };
  }
  const href = u.href;
  if (record !== undefined && href === input && record.scheme !== undefined) return fromRecord(href, record);
  // The serialization begins with the scheme and ":" (URL serializing).
  const colon = href.indexOf(':');
  const scheme = href.slice(0, colon);
  const hasHost = href.charCodeAt(colon + 1) === 0x2f && href.charCodeAt(colon + 2) === 0x2f;
  const hash = href.indexOf('#');
  const question = href.indexOf('?');
  const hasQuery = question >= 0 && (hash < 0 || question < hash);
  // The authority ends at the first "/", "?" or "#" after "//": its userinfo and host percent-encode or forbid them (a
  // special URL's path always begins with "/").
  let authorityEnd = -1;
  if (hasHost) {
    authorityEnd = href.indexOf('/', colon + 3);
    if (authorityEnd < 0 || !isSpecial(scheme)) {
      authorityEnd = href.length;
      for (let i = colon + 3; i < href.length; i++) {
        const c = href.charCodeAt(i);
        if (c === 0x2f || c === 0x3f || c === 0x23) {
          authorityEnd = i;
          break;
        }
      }
    }
  }
  // The getters are called only for what the authority holds: most URLs have no userinfo and no port.
  const at = hasHost ? href.indexOf('@', colon + 3) : -1;
  const hasUserinfo = at >= 0 && at < authorityEnd;
  const portColon = hasHost ? href.indexOf(':', colon + 3) : -1;
  const hasColon = portColon >= 0 && portColon < authorityEnd;
  const host = hasHost ? u.hostname : undefined;
  const hostKind = hostKindOf(scheme, host);
  // A path that is a list begins with "/" after the host (or after the scheme, without one); an opaque path does not.
  const opaquePath = !hasHost && href.charCodeAt(colon + 1) !== 0x2f;
  const port = hasColon ? u.port : '';
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
