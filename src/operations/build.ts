/**
 * Building a URI from its parts (RFC 3986 3, 5.3): each part given as data,
 * percent-encoded (2.1, 2.4) in exactly what its component cannot hold as
 * itself, then written by recompose(), which reads the result back and
 * refuses it unless every component comes back as written. Combinations that
 * 3.3 forbids are refused before that, each with its own UriComposeError.
 *
 * `build` starts from nothing; `withComponents` starts from a parsed URI
 * reference and replaces the parts it is given, leaving the others exactly as
 * written.
 */
import { diagnose } from '../core/diagnose';
import { matches, parse } from '../core/parse';
import { percentEncode, type EncodableComponent } from '../encoding/percent-encoding';
import { recompose, UriComposeError } from './recompose';
import { boolean, checkOptions, describeValue, type OptionSpec } from '../core/options';

/**
 * The parts of a URI reference, as data: not percent-encoded (unless
 * `keepPercentEncoded`). An absent part (undefined, or left out) is not an
 * empty one (''), as in a UriRecord.
 */
export interface UriParts {
  /** `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (3.1), never encoded. */
  readonly scheme?: string;
  /** Encoded as the userinfo rule needs (3.2.1): ":" stays, "@" is encoded. Needs a host. */
  readonly userinfo?: string;
  /**
   * A registered name, encoded as reg-name needs (3.2.2; non-ASCII as UTF-8
   * octets), an IPv4 address, or an IP literal in its brackets ("[::1]",
   * taken as written). An IPv6 address without brackets is refused. Present
   * (even '') means there is an authority.
   */
  readonly host?: string;
  /** `*DIGIT` (3.2.3): a string of digits (possibly empty) or a non-negative integer. Needs a host. */
  readonly port?: string | number;
  /**
   * A string, encoded as the path rule needs ("/" separates segments and
   * stays), or the segments as an array, each encoded as a segment ("/"
   * inside one is encoded): `['', 'a', 'b/c']` is "/a/b%2Fc". Absent: ''.
   */
  readonly path?: string | readonly string[];
  /** Encoded as the query rule needs (3.4): "/", "?", "&" and "=" stay, "#" is encoded. */
  readonly query?: string;
  /** Encoded as the fragment rule needs (3.5). */
  readonly fragment?: string;
}

export interface BuildOptions {
  /**
   * false (the default): every part is data, so "%" is encoded too ("%25")
   * and `percentDecode` gives each part back. true: the parts are already
   * partly encoded; a "%" followed by two HEXDIG is kept (percentEncode's
   * option of the same name).
   */
  readonly keepPercentEncoded?: boolean;
}

const BUILD_OPTIONS: OptionSpec = { keepPercentEncoded: boolean };

const PARTS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;
type PartName = (typeof PARTS)[number];

/** The parts once encoded: strings as they will be written, or undefined. */
type Encoded = { -readonly [K in PartName]: K extends 'path' ? string : string | undefined };

function checkParts(fn: string, parts: unknown): asserts parts is UriParts {
  if (parts === null || typeof parts !== 'object' || Array.isArray(parts) || ![Object.prototype, null].includes(Object.getPrototypeOf(parts))) {
    throw new TypeError(`${fn}: expected the parts as a plain object, got ${describeValue(parts)}`);
  }
  for (const key of Object.keys(parts)) {
    if (!(PARTS as readonly string[]).includes(key)) throw new TypeError(`${fn}: unknown part ${JSON.stringify(key)}: expected ${PARTS.join(', ')}`);
    const value = (parts as Record<string, unknown>)[key];
    if (value === undefined || typeof value === 'string') continue;
    if (key === 'port' && typeof value === 'number') continue;
    if (key === 'path' && Array.isArray(value) && value.every((s) => typeof s === 'string')) continue;
    const allowed = key === 'port' ? 'a string, a number' : key === 'path' ? 'a string, an array of strings' : 'a string';
    throw new TypeError(`${fn}: part ${key} must be ${allowed} or undefined, got ${describeValue(value)}`);
  }
}

const ENCODED_AS: Readonly<Record<'userinfo' | 'query' | 'fragment', EncodableComponent>> = { userinfo: 'userinfo', query: 'query', fragment: 'fragment' };

/** One part, given as data, as it will be written; refuses what no encoding can make valid. */
function encodePart(name: PartName, value: unknown, keepPercentEncoded: boolean): string | undefined {
  if (value === undefined) return name === 'path' ? '' : undefined;
  const encode = (text: string, as: EncodableComponent) => percentEncode(text, as, keepPercentEncoded ? { keepPercentEncoded } : undefined);
  switch (name) {
    case 'scheme': {
      const scheme = value as string;
      if (!matches('scheme', scheme)) {
        const bad = diagnose(scheme, 'scheme').offset; // where the grammar's scheme rule stops
        throw new UriComposeError('scheme', `scheme ${JSON.stringify(scheme)} is not a scheme (RFC 3986 3.1: a letter, then letters, digits, "+", "-" or "."), ${scheme === '' ? 'it is empty' : `at offset ${bad}`}; a scheme is never percent-encoded`);
      }
      return scheme;
    }
    case 'host': {
      const host = value as string;
      if (matches('IP-literal', host)) return host;
      // An IPvFuture outside brackets without a ":" ("v1.api.example") is a registered name (3.2.2: IPvFuture is only
      // ever inside an IP-literal), and stays one.
      if (matches('IPv6address', host)) {
        throw new UriComposeError('host', `host ${JSON.stringify(host)} is an IP address that must be written in brackets (RFC 3986 3.2.2): "[${host}]"`);
      }
      // A registered name has no ":" (3.2.2), and encoding one would hide an IPv6 address with a zone or a typo in it:
      // "fe80::1%eth0" would come out as a name. Such a host is refused rather than guessed at.
      if (host.includes(':')) {
        throw new UriComposeError('host', `host ${JSON.stringify(host.length > 80 ? `${host.slice(0, 80)}…` : host)} has a ":", which no registered name has (RFC 3986 3.2.2): an IPv6 address goes in brackets ("[::1]"); RFC 3986 has no zone identifiers`);
      }
      return encode(host, 'host');
    }
    case 'port': {
      if (typeof value === 'number') {
        if (!Number.isSafeInteger(value) || value < 0) throw new UriComposeError('port', `port ${value} is not a non-negative integer (RFC 3986 3.2.3: *DIGIT)`);
        return String(value);
      }
      const port = value as string;
      if (!matches('port', port)) {
        throw new UriComposeError('port', `port ${JSON.stringify(port)} has a character that is not a digit at offset ${diagnose(port, 'port').offset} (RFC 3986 3.2.3: *DIGIT)`);
      }
      return port;
    }
    case 'path':
      return Array.isArray(value) ? value.map((segment: string) => encode(segment, 'segment')).join('/') : encode(value as string, 'path');
    default:
      return encode(value as string, ENCODED_AS[name]);
  }
}

/** The encoded parts as a string: the combinations 3.3 forbids refused, the rest checked by recompose(). */
function assemble(p: Encoded): string {
  const hasAuthority = p.host !== undefined;
  if (!hasAuthority && p.userinfo !== undefined) throw new UriComposeError('userinfo', 'a userinfo needs a host (RFC 3986 3.2): give the host ("" for an empty one)');
  if (!hasAuthority && p.port !== undefined) throw new UriComposeError('port', 'a port needs a host (RFC 3986 3.2): give the host ("" for an empty one)');
  const { path } = p;
  // What 3.3 forbids (a rootless path after an authority, "//" without one, ":" in a relative reference's first segment): recompose() refuses it, naming the part.
  const authority = hasAuthority ? `${p.userinfo !== undefined ? `${p.userinfo}@` : ''}${p.host}${p.port !== undefined ? `:${p.port}` : ''}` : undefined;
  return recompose({ scheme: p.scheme, authority, path, query: p.query, fragment: p.fragment });
}

/**
 * A URI reference from its parts (RFC 3986 3, 5.3), each encoded as its
 * component needs, so that parsing the result gives back every part given,
 * once percent-decoded. Refused with a UriComposeError naming the part: a
 * scheme or port that no encoding makes valid, an IPv6 address without
 * brackets, a userinfo or port without a host, and what 3.3 forbids: an
 * authority with a path that is not empty and does not begin with "/", a
 * path beginning with "//" without an authority, a first segment with ":" in
 * a relative reference.
 */
export function build(parts: UriParts, options?: BuildOptions): string {
  checkOptions('build', options, BUILD_OPTIONS);
  checkParts('build', parts);
  const keep = options?.keepPercentEncoded === true;
  const encoded = {} as Encoded;
  for (const name of PARTS) (encoded as Record<PartName, string | undefined>)[name] = encodePart(name, parts[name], keep);
  return assemble(encoded);
}

/**
 * `uri` (a URI reference, parsed: a UriSyntaxError when it is not valid) with
 * the parts in `changes` replaced, each given as data and encoded as `build`
 * encodes it; a part set to undefined is removed (the host with the whole
 * authority, which then must have no userinfo or port left). Parts not named
 * in `changes` stay exactly as written. The same UriComposeErrors as `build`.
 */
export function withComponents(uri: string, changes: UriParts, options?: BuildOptions): string {
  checkOptions('withComponents', options, BUILD_OPTIONS);
  if (typeof uri !== 'string') throw new TypeError(`withComponents: expected the URI as a string, got ${describeValue(uri)}`);
  checkParts('withComponents', changes);
  const record = parse(uri);
  const keep = options?.keepPercentEncoded === true;
  const encoded: Encoded = {
    scheme: record.scheme,
    userinfo: record.userinfo,
    host: record.host,
    port: record.port,
    path: record.path,
    query: record.query,
    fragment: record.fragment,
  };
  for (const name of PARTS) {
    if (Object.prototype.hasOwnProperty.call(changes, name)) (encoded as Record<PartName, string | undefined>)[name] = encodePart(name, changes[name], keep);
  }
  return assemble(encoded);
}
