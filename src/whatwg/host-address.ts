/**
 * hostAddress: every IPv4 or IPv6 address a host spelling can denote to a
 * client, for SSRF guards. A guard that checks one reading of a host while
 * the request is made by a client that reads it otherwise is bypassed: the
 * 2026 fixes for "0x7f.1", "127.1" and "2130706433" were such cases. The
 * readings:
 *
 * - `rfc3986`: RFC 3986 3.2.2. An IPv4address (dotted decimal, no leading
 *   zeros) or an IP-literal (IPv6, RFC 6874's zone allowed) is an address;
 *   anything else is a registered name, looked up as a name.
 * - `whatwg`: the URL Standard's host parser (browsers, Node's URL, fetch):
 *   percent-decoded, lower-cased (IDNA for non-ASCII, and for an "xn--"
 *   label, by the runtime's URL: Node 20's refuses "xn--a" by UTS 46, where
 *   the Standard's 2026 text lower-cases it), and, when the name ends in a
 *   number, the IPv4 parser
 *   (hexadecimal, octal, fewer than four parts, a trailing dot), which reads
 *   an address or fails. With `{ scheme }` of a scheme that is not special
 *   (not http, https, ws, wss, ftp or file), the opaque-host parser instead:
 *   the host as written (non-ASCII percent-encoded), never an IPv4 address
 *   ("gopher://0x7f.1/" has the opaque host "0x7f.1").
 * - `inet-aton`: inet_aton(3), which getaddrinfo applies to a name before it
 *   asks the DNS: the same numeric forms, but no trailing dot and no bare "0x".
 * - `special-use-name`: "localhost" and names under it, which RFC 6761 6.3
 *   has resolvers answer with the loopback addresses.
 *
 * Each address comes with the special-purpose blocks that hold it (RFC
 * 6890; the IANA registries, ./special-purpose) and the registry's "Globally
 * Reachable"; an IPv4-mapped or NAT64 IPv6 address (RFC 4291 2.5.5.2, RFC
 * 6052 2.1) also gives the IPv4 address in it. `ambiguous` is true when the
 * readings disagree: one reads an address where another reads another
 * address, or a name.
 */
import { checkOptions, describeValue, type OptionSpec } from '../core/options';
import { matches } from '../core/parse';
import { tryPercentDecode } from '../encoding/percent-encoding';
import { endsInNumber, formatIpv4, inetAton, whatwgIpv4 } from './ipv4';
import { formatIpv6, ipv6Pieces, type Ipv6Pieces } from './ipv6';
import { isSpecial, runtimeUrl } from './runtime';
import { IPV4_SPECIAL_PURPOSE, IPV6_SPECIAL_PURPOSE, specialPurposes, type SpecialPurpose } from './special-purpose';

export type HostReadingName = 'rfc3986' | 'whatwg' | 'inet-aton' | 'special-use-name';

/** One reading of a host. */
export interface HostReading {
  readonly reading: HostReadingName;
  /**
   * 'address': the host is one (or, for a special-use name, several)
   * addresses; 'name': a name, to be looked up; 'failure': the reading
   * refuses the host (no request is made); 'not-applicable': the reading
   * has nothing to say (inet_aton of an IP-literal, the special-use reading
   * of an address).
   */
  readonly result: 'address' | 'name' | 'failure' | 'not-applicable';
  readonly addresses: readonly string[];
  /** What the reading saw, in a few words: "IPv4address", "reg-name", "hexadecimal part "0x7f"", ... */
  readonly detail: string;
}

/** One address a host can denote. */
export interface HostAddressEntry {
  /** Dotted decimal (IPv4), or the URL Standard's IPv6 serialization without brackets. */
  readonly address: string;
  readonly family: 4 | 6;
  /** The readings that give it ('embedded-ipv4': the IPv4 address inside an IPv4-mapped or NAT64 one). */
  readonly readings: ReadonlyArray<HostReadingName | 'embedded-ipv4'>;
  /** The special-purpose blocks that hold it, most specific first; none for a global unicast address. */
  readonly purposes: readonly SpecialPurpose[];
  /** The most specific block's "Globally Reachable" (null: N/A), or true when no block holds it. */
  readonly globallyReachable: boolean | null;
}

export interface HostAddress {
  readonly host: string;
  /** The scheme given (lower-cased), or undefined: the host was read as a special URL's. */
  readonly scheme: string | undefined;
  readonly addresses: readonly HostAddressEntry[];
  readonly readings: readonly HostReading[];
  readonly ambiguous: boolean;
}

export interface HostAddressOptions {
  /** The scheme of the URL the host is in: a special one (http, https, ws, wss, ftp, file) has the URL Standard's host parser read it as a domain or an IP address, another the opaque-host parser. Default: a special URL's host. */
  readonly scheme?: string;
}

const OPTIONS: OptionSpec = {
  scheme: (value) => (typeof value !== 'string' ? `must be a string, got ${describeValue(value)}` : /^[A-Za-z][A-Za-z0-9+.-]*$/.test(value) ? undefined : `must be a scheme (RFC 3986 3.1: a letter, then letters, digits, "+", "-", "."), got ${JSON.stringify(value)}`),
};

/** Code points the URL Standard's opaque-host parser refuses ("forbidden host code point"). */
const FORBIDDEN_HOST = /[\x00\t\n\r #/:<>?@[\\\]^|]/;

/** Code points the URL Standard's host parser refuses in a domain ("forbidden domain code point"), "%" aside (it is decoded first). */
const FORBIDDEN_DOMAIN = /[\x00-\x20#/:<>?@[\\\]^|\x7f]/;

function ipv4Bytes(value: number): number[] {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function ipv4Value(dotted: string): number {
  return dotted.split('.').reduce((v, p) => v * 256 + Number(p), 0);
}

function ipv6Bytes(pieces: Ipv6Pieces): number[] {
  return pieces.flatMap((p) => [p >> 8, p & 0xff]);
}

const blockBytes4 = (address: string): number[] => ipv4Bytes(ipv4Value(address));
const blockBytes6 = (address: string): number[] => ipv6Bytes(ipv6Pieces(address) as Ipv6Pieces);

const reading = (name: HostReadingName, result: HostReading['result'], detail: string, addresses: readonly string[] = []): HostReading => ({ reading: name, result, addresses, detail });

/** An IP-literal's address and zone (RFC 6874's "%25" zone), or undefined for another literal. */
function literalAddress(host: string): { pieces: Ipv6Pieces; zone?: string } | undefined {
  const inner = host.slice(1, -1);
  const zoneAt = inner.indexOf('%25');
  const pieces = ipv6Pieces(zoneAt < 0 ? inner : inner.slice(0, zoneAt));
  if (pieces === undefined) return undefined;
  return zoneAt < 0 ? { pieces } : { pieces, zone: inner.slice(zoneAt + 3) };
}

function rfc3986Reading(host: string): HostReading {
  if (matches('IPv4address', host)) return reading('rfc3986', 'address', 'IPv4address', [host]);
  if (host.startsWith('[') && matches('IP-literal', host, { zoneId: true })) {
    const literal = literalAddress(host);
    if (literal === undefined) return reading('rfc3986', 'not-applicable', 'IPvFuture: an address of a version urigram cannot read');
    return reading('rfc3986', 'address', literal.zone === undefined ? 'IPv6address' : `IPv6address with the zone ${JSON.stringify(literal.zone)} (RFC 6874)`, [formatIpv6(literal.pieces)]);
  }
  if (matches('reg-name', host)) return reading('rfc3986', 'name', 'reg-name');
  return reading('rfc3986', 'failure', 'no host by RFC 3986 3.2.2');
}

/** A part's radix in words, for a reading's detail. */
const RADIX = { 8: 'octal', 10: 'decimal', 16: 'hexadecimal' } as const;

function whatwgReadingOf(host: string): { reading: HostReading; name?: string } {
  const fail = (why: string) => ({ reading: reading('whatwg', 'failure', why) });
  if (host === '') return fail('an empty host (a special URL must have one)');
  if (host.startsWith('[')) {
    if (!host.endsWith(']')) return fail('an unclosed IPv6 address');
    try {
      const h = new (runtimeUrl())(`http://${host}/`).hostname;
      const pieces = ipv6Pieces(h.slice(1, -1));
      if (pieces !== undefined) return { reading: reading('whatwg', 'address', 'IPv6 address', [formatIpv6(pieces)]) };
    } catch {
      // below
    }
    return fail('no IPv6 address by the IPv6 parser');
  }
  if (FORBIDDEN_DOMAIN.test(host)) return fail(`${JSON.stringify(FORBIDDEN_DOMAIN.exec(host)![0])} is a forbidden domain code point`);
  // Percent-decoded and read as UTF-8: a malformed triplet or octets that are not UTF-8 leave "%" or U+FFFD, which the domain parser refuses.
  const decoded = tryPercentDecode(host);
  if (decoded === undefined) return fail('percent-encoded octets that are not UTF-8, or a "%" that begins no triplet');
  if (FORBIDDEN_DOMAIN.test(decoded) || decoded.includes('%')) return fail(`the percent-decoded host has the forbidden domain code point ${JSON.stringify((FORBIDDEN_DOMAIN.exec(decoded) ?? ['%'])[0])}`);
  let domain: string;
  // An ASCII name without an "xn--" label: lower-cased (domain parser). With one, the runtime's URL says: Node 20's
  // checks the label by UTS 46 and refuses "xn--a"; the Standard's 2026 text (domain parser, beStrict false)
  // lower-cases any ASCII domain. The reading is the runtime's, what its fetch does.
  if (/^[\x00-\x7f]*$/.test(decoded) && !/(?:^|\.)xn--/i.test(decoded)) {
    domain = decoded.toLowerCase();
  } else {
    // IDNA (UTS 46, the Standard's settings) by the runtime's URL, which then also reads a name that ends in a number as IPv4.
    try {
      domain = new (runtimeUrl())(`http://${host}/`).hostname;
    } catch {
      return fail(/^[\x00-\x7f]*$/.test(decoded) ? 'the runtime\'s URL refuses an "xn--" label that is no valid Punycode A-label (UTS 46 ToASCII)' : 'IDNA (UTS 46 ToASCII) refuses the name');
    }
  }
  if (!endsInNumber(domain)) return { reading: reading('whatwg', 'name', `domain ${JSON.stringify(domain)}`), name: domain };
  const v = whatwgIpv4(domain);
  if (!v.ok) return fail(`the name ends in a number, and the IPv4 parser refuses it (${v.reason.replace(/-/g, ' ')} at offset ${v.offset})`);
  const forms = v.parts.filter((p) => p.radix !== 10).map((p) => `${RADIX[p.radix]} part ${JSON.stringify(p.text)}`);
  if (v.parts.length < 4) forms.push(`${v.parts.length} part${v.parts.length === 1 ? '' : 's'}`);
  if (v.trailingDot) forms.push('a trailing "."');
  return { reading: reading('whatwg', 'address', forms.length === 0 ? 'IPv4 address' : `IPv4 address (${forms.join(', ')})`, [formatIpv4(v.value)]) };
}

/** The URL Standard's host parser for a URL that is not special: an IPv6 address in brackets, else the opaque-host parser. */
function opaqueReadingOf(host: string, scheme: string): { reading: HostReading; name?: string } {
  if (host.startsWith('[')) return whatwgReadingOf(host);
  if (host === '') return { reading: reading('whatwg', 'not-applicable', `the empty host of a ${scheme} URL`) };
  const forbidden = FORBIDDEN_HOST.exec(host);
  if (forbidden !== null) return { reading: reading('whatwg', 'failure', `${JSON.stringify(forbidden[0])} is a forbidden host code point (opaque-host parser)`) };
  // The opaque host as the runtime's URL serializes it: as written, non-ASCII percent-encoded (C0 control percent-encode set).
  let opaque: string;
  try {
    opaque = new (runtimeUrl())(`${scheme}://${host}/`).hostname;
  } catch {
    return { reading: reading('whatwg', 'failure', 'the opaque-host parser refuses it') };
  }
  return { reading: reading('whatwg', 'name', `opaque host ${JSON.stringify(opaque)}: a ${scheme} URL's host is not special (no IPv4 parser, no IDNA, no percent-decoding)`), name: opaque };
}

function inetAtonReading(host: string): HostReading {
  if (host.startsWith('[')) return reading('inet-aton', 'not-applicable', 'an IP-literal');
  const decoded = tryPercentDecode(host);
  if (decoded === undefined || !/^[\x00-\x7f]*$/.test(decoded)) return reading('inet-aton', 'name', 'not an ASCII name');
  const value = inetAton(decoded);
  return value === undefined ? reading('inet-aton', 'name', 'no numeric form: looked up as a name') : reading('inet-aton', 'address', 'a numeric form', [formatIpv4(value)]);
}

/** RFC 6761 6.3: "localhost." and the names under it resolve to the loopback addresses. */
function specialUseReading(name: string | undefined): HostReading {
  const n = name?.replace(/\.$/, '');
  if (n === 'localhost' || (n !== undefined && n.endsWith('.localhost'))) return reading('special-use-name', 'address', 'RFC 6761 6.3: a localhost name', ['127.0.0.1', '::1']);
  return reading('special-use-name', 'not-applicable', name === undefined ? 'not a name' : 'not a special-use name with addresses');
}

/**
 * The addresses a host spelling can denote, with their special purposes, and whether the readings disagree.
 * `scheme`: the URL's scheme, for the URL Standard's reading (a special URL's host, by default).
 */
export function hostAddress(host: string, options?: HostAddressOptions): HostAddress {
  if (typeof host !== 'string') throw new TypeError(`hostAddress: expected the host as a string, got ${host === null ? 'null' : typeof host}`);
  checkOptions('hostAddress', options, OPTIONS);
  const scheme = options?.scheme?.toLowerCase();
  const rfc = rfc3986Reading(host);
  const whatwg = scheme === undefined || isSpecial(scheme) ? whatwgReadingOf(host) : opaqueReadingOf(host, scheme);
  const aton = inetAtonReading(host);
  // The name a resolver is asked for: the WHATWG domain, or RFC 3986's reg-name percent-decoded and lower-cased.
  const name = whatwg.name ?? (rfc.result === 'name' ? tryPercentDecode(host)?.toLowerCase() : undefined);
  const special = specialUseReading(rfc.result === 'address' ? undefined : name);
  const readings = [rfc, whatwg.reading, aton, special];

  const entries = new Map<string, { family: 4 | 6; readings: Array<HostReadingName | 'embedded-ipv4'> }>();
  const add = (address: string, by: HostReadingName | 'embedded-ipv4'): void => {
    const e = entries.get(address);
    if (e === undefined) entries.set(address, { family: address.includes(':') ? 6 : 4, readings: [by] });
    else if (!e.readings.includes(by)) e.readings.push(by);
  };
  for (const r of readings) for (const a of r.addresses) add(a, r.reading);
  // The IPv4 address inside an IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96) address: where a dual-stack socket or a translator connects.
  for (const [address, e] of [...entries]) {
    if (e.family !== 6) continue;
    const p = ipv6Pieces(address) as Ipv6Pieces;
    const mapped = p.slice(0, 5).every((x) => x === 0) && p[5] === 0xffff;
    const nat64 = p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((x) => x === 0);
    if (mapped || nat64) add(formatIpv4(p[6] * 65536 + p[7]), 'embedded-ipv4');
  }
  const addresses: HostAddressEntry[] = [...entries].map(([address, e]) => {
    const purposes = e.family === 4 ? specialPurposes(ipv4Bytes(ipv4Value(address)), IPV4_SPECIAL_PURPOSE, blockBytes4) : specialPurposes(ipv6Bytes(ipv6Pieces(address) as Ipv6Pieces), IPV6_SPECIAL_PURPOSE, blockBytes6);
    return { address, family: e.family, readings: e.readings, purposes, globallyReachable: purposes.length === 0 ? true : purposes[0].globallyReachable };
  });

  // The readings that say where a connection goes: an address, or a name to look up. They disagree: ambiguous.
  const outcomes = new Set([rfc, whatwg.reading, aton].filter((r) => r.result === 'address' || r.result === 'name').map((r) => (r.result === 'name' ? 'name' : r.addresses.join(' '))));
  return { host, scheme, addresses, readings, ambiguous: outcomes.size > 1 };
}
