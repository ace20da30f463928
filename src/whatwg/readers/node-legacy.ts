/**
 * The `node-legacy` reader: Node's legacy `url.parse` (and `url.resolve`
 * against a base), as a stack that checks with it reads a string. The
 * module is given to the reader (src/node.ts passes `node:url`), so that
 * this file, like the rest of the library, imports no Node built-in.
 *
 * `url.parse` is no implementation of any standard (Node's documentation:
 * "prone to security issues such as host name spoofing"): it ends the host
 * at the first character that it does not allow in a host name (";", "{",
 * a space, "\"", "%"...), reading the rest as the path, where RFC 3986 and
 * the URL Standard keep them in the host or refuse the string; it
 * percent-decodes the userinfo; it gives an IPv6 host without its brackets
 * (put back here, as ParserReading has an IP literal).
 */
import type { ParserReading, Reader } from '../reader';

/** What the reader reads of a legacy `Url` object. */
export interface LegacyUrl {
  readonly protocol: string | null;
  readonly auth: string | null;
  readonly hostname: string | null;
  readonly port: string | null;
  readonly pathname: string | null;
  readonly search: string | null;
  readonly hash: string | null;
}

/** The two functions of Node's `url` module the reader calls. */
export interface LegacyUrlModule {
  parse(input: string): LegacyUrl;
  resolve(from: string, to: string): string;
}

const withoutFirst = (s: string | null): string | null => (s === null ? null : s.slice(1));

/** A legacy Url object as a reading. */
export function legacyReading(u: LegacyUrl): ParserReading {
  const host = u.hostname === null ? null : u.hostname.includes(':') ? `[${u.hostname}]` : u.hostname;
  return {
    scheme: u.protocol === null ? null : u.protocol.slice(0, -1),
    userinfo: u.auth,
    host,
    port: u.port,
    path: u.pathname ?? '',
    query: withoutFirst(u.search),
    fragment: withoutFirst(u.hash),
  };
}

/** The `node-legacy` reader over Node's `url` module (or any module with its `parse` and `resolve`). */
export function nodeLegacyReader(url: LegacyUrlModule): Reader {
  return (input, base) => {
    try {
      return { ok: true, reading: legacyReading(url.parse(base === undefined ? input : url.resolve(base, input))) };
    } catch (e) {
      return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  };
}
