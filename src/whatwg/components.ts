/**
 * The components compared by compareWithWhatwg (./compare-whatwg) and their
 * canonical forms (RFC 3986 6.2.2, 6.2.3): when two readings of a component
 * are the same text, equal once each is brought to canonical form (a note),
 * or different.
 */
import { normalize, normalizeParsed, SCHEME_DEFAULTS } from '../operations/normalize';
import { tryParse, type UriRecord } from '../core/parse';
import { isUnreservedOctet, lowerOutsideTriplets, tripletOctet } from '../encoding/triplets';
import { tryPercentDecode } from '../encoding/percent-encoding';
import { ipv6Pieces, sameIpv6 } from './ipv6';
import type { WhatwgReading } from './runtime';

/** The components compared. `userinfo` is the user and the password (":" between them when there is a password). */
export type WhatwgComponent = 'scheme' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment';

// ---------------------------------------------------------------------------------------------
// Canonical forms (RFC 3986 6.2.2.1, 6.2.2.2), component by component.

export const COMPONENTS: readonly WhatwgComponent[] = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
export const SECURITY_COMPONENTS: ReadonlySet<WhatwgComponent> = new Set(['scheme', 'userinfo', 'host', 'port']);

// ---------------------------------------------------------------------------------------------
// Canonical forms (RFC 3986 6.2.2.1, 6.2.2.2), component by component.

/** A triplet canonicalTriplets changes: a lower-case hex digit, or an unreserved character's (ALPHA, DIGIT, "-", ".", "_", "~"). */
export const CHANGED_TRIPLET = /%(?:[0-9A-Fa-f][a-f]|[a-f][0-9A-F]|4[1-9A-F]|5[0-9AF]|6[1-9A-F]|7[0-9AE]|3[0-9]|2[DE])/;

/** Triplets with upper-case hex digits, and those of unreserved characters decoded (6.2.2.1, 6.2.2.2); a "%" that begins none is kept. */
export function canonicalTriplets(text: string): string {
  // Most components have no triplet to change (none with a lower-case hex digit, none of an unreserved character): one scan.
  if (!text.includes('%') || !CHANGED_TRIPLET.test(text)) return text;
  return text.replace(/%[0-9A-Fa-f]{2}/g, (t) => {
    const octet = tripletOctet(t, 0);
    return isUnreservedOctet(octet) ? String.fromCharCode(octet) : t.toUpperCase();
  });
}

/** A name in a message (a scheme), cut at 30 characters. */
export const cut = (name: string): string => (name.length > 30 ? `${name.slice(0, 30)}…` : name);

/** A value in a message: quoted, and cut at 60 characters (a message stays a line, whatever the input's length). */
export function q(value: string | undefined | null): string {
  if (value === undefined || value === null) return 'none';
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}

/** A port without its leading zeros; undefined for none or an empty one. */
export function portValue(port: string | undefined): string | undefined {
  if (port === undefined || port === '') return undefined;
  return port.replace(/^0+(?=\d)/, '');
}

/** The components, as text, of one reading (a record's; the WHATWG URL's with its userinfo as user[:password]). */
export type Parts = Pick<UriRecord, WhatwgComponent>;

/** The WHATWG URL's components as text, userinfo as RFC 3986 writes it ("user:password", "user", or none). */
export function whatwgParts(w: Extract<WhatwgReading, { valid: true }>): Parts {
  const userinfo = w.username === '' && w.password === '' ? undefined : w.password === '' ? w.username : `${w.username}:${w.password}`;
  // A path that begins with "//" in a URL without a host is serialized after "/." (URL serializing), as RFC 3986 5.2.4 has it too: the path of the href.
  const path = w.host === undefined && w.path.startsWith('//') ? `/.${w.path}` : w.path;
  return { scheme: w.scheme, userinfo, host: w.host, port: w.port, path, query: w.query, fragment: w.fragment };
}

/** A userinfo as (user, password): the WHATWG URL has no absent userinfo or password, so none is "" and "user:" is "user". */
export function userPassword(userinfo: string | undefined): [string, string] {
  if (userinfo === undefined) return ['', ''];
  const colon = userinfo.indexOf(':');
  return colon < 0 ? [userinfo, ''] : [userinfo.slice(0, colon), userinfo.slice(colon + 1)];
}

/** The canonical form of each component of the WHATWG URL by RFC 3986 6.2.2 and 6.2.3 (its dot segments are already gone). */
export function canonicalWhatwg(p: Parts): Parts {
  const scheme = (p.scheme as string).toLowerCase();
  const defaults = SCHEME_DEFAULTS[scheme];
  const port = portValue(p.port);
  const path = canonicalTriplets(p.path);
  return {
    scheme,
    userinfo: p.userinfo === undefined ? undefined : canonicalTriplets(p.userinfo),
    host: p.host === undefined ? undefined : lowerOutsideTriplets(canonicalTriplets(p.host)),
    port: port === defaults?.port ? undefined : port,
    path: path === '' && p.host !== undefined && defaults?.emptyPathIsSlash === true ? '/' : path,
    query: p.query === undefined ? undefined : canonicalTriplets(p.query),
    fragment: p.fragment === undefined ? undefined : canonicalTriplets(p.fragment),
  };
}

/**
 * The canonical form of the RFC 3986 reading: normalize() (6.2.2, 6.2.3), parsed; the port without leading zeros.
 * `record`: the parse of `uri` (same grammar and zoneId) when the caller has it, not parsed again.
 */
export function canonicalRfc(uri: string, grammar: 'rfc3986' | 'rfc3987', zoneId: boolean, record?: UriRecord): Parts | undefined {
  let normalized: string;
  try {
    const options = zoneId ? { grammar, zoneId } : { grammar };
    normalized = record === undefined ? normalize(uri, options) : normalizeParsed(uri, record, options);
  } catch {
    return undefined;
  }
  // Already normalized (most URIs): its record is the one the caller has.
  const r = normalized === uri && record !== undefined ? { ok: true as const, value: record } : tryParse(normalized, zoneId ? { grammar, zoneId } : { grammar });
  if (!r.ok) return undefined;
  const v = r.value;
  const defaults = v.scheme === undefined ? undefined : SCHEME_DEFAULTS[v.scheme];
  const port = portValue(v.port);
  return { scheme: v.scheme, userinfo: v.userinfo, host: v.host, port: port === defaults?.port ? undefined : port, path: v.path, query: v.query, fragment: v.fragment };
}

// ---------------------------------------------------------------------------------------------
// The readings.

export function partsOf(r: UriRecord): Parts {
  return { scheme: r.scheme, userinfo: r.userinfo, host: r.host, port: r.port, path: r.path, query: r.query, fragment: r.fragment };
}

/** Whether two hosts are one address: two IPv6 literals (or two dotted quads) of the same value. */
export function sameAddress(a: string, b: string): boolean {
  if (a.startsWith('[') && b.startsWith('[')) {
    const x = ipv6Pieces(a.slice(1, -1));
    const y = ipv6Pieces(b.slice(1, -1));
    return x !== undefined && y !== undefined && sameIpv6(x, y);
  }
  return false;
}

/** For a file URL, RFC 8089 2: no authority, an empty host and "localhost" are all the local machine. */
export function fileLocal(host: string | undefined): boolean {
  return host === undefined || host === '' || host.toLowerCase() === 'localhost';
}

export type Compared = 'same' | 'note' | 'differs';

/** How one component compares: the same text, equal in canonical form (a note), or different. */
export function compareComponent(c: WhatwgComponent, raw: Parts, w: Parts, rc: () => Parts | undefined, wc: () => Parts, scheme: string, whatwgDomain: boolean): Compared {
  if (c === 'userinfo') {
    const [ru, rp] = userPassword(raw.userinfo);
    const [wu, wp] = userPassword(w.userinfo);
    // "" and none, "user:" and "user": the WHATWG URL has no way to tell them apart, and they send the same credentials.
    if (ru === wu && rp === wp) return 'same';
    const [cu, cp] = userPassword(rc()?.userinfo);
    const [du, dp] = userPassword(wc().userinfo);
    return cu === du && cp === dp ? 'note' : 'differs';
  }
  if (c === 'host') {
    if (raw.host === w.host) return 'same';
    if (scheme === 'file' && fileLocal(raw.host) && fileLocal(w.host)) return 'note';
    if (raw.host === undefined || w.host === undefined) return 'differs';
    if (sameAddress(raw.host, w.host)) return 'note';
    if (rc()?.host === wc().host) return 'note';
    // An internationalized name: the same labels once IDNA converts each, as RFC 3986 3.2.2 asks before a DNS lookup.
    return whatwgDomain && sameLabels(raw.host, w.host) ? 'note' : 'differs';
  }
  if (c === 'port') {
    if (raw.port === w.port) return 'same';
    // An empty port, or leading zeros: the same port.
    if (portValue(raw.port) === portValue(w.port)) return 'note';
    return rc()?.port === wc().port ? 'note' : 'differs';
  }
  if (raw[c] === w[c]) return 'same';
  return rc()?.[c] === wc()[c] ? 'note' : 'differs';
}

/**
 * Whether an internationalized registered name (non-ASCII, or with triplets
 * of UTF-8 that is not ASCII) is the URL parser's domain label by label: the
 * URL parser read the same text (the same authority), percent-decoded and
 * mapped by UTS 46, which converts each label into one label unless it maps
 * a character to a dot ("evil\u3002com" is one label to RFC 3987 and two to
 * WHATWG). So the two are label by label the same when they have as many labels.
 */
export function sameLabels(host: string, whatwgHost: string): boolean {
  const decoded = tryPercentDecode(host);
  if (decoded === undefined || !/[^\x00-\x7f]/.test(decoded)) return false;
  const dots = (t: string): number => {
    let n = 0;
    for (let i = t.indexOf('.'); i >= 0; i = t.indexOf('.', i + 1)) n++;
    return n;
  };
  return dots(decoded) === dots(whatwgHost);
}

