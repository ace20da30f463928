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

/**
 * The most ASCII tabs and newlines the reader lets url.parse read. Node's url.parse takes time that grows with their
 * number times the length of the host or userinfo they are in (measured, Node 20: 256,000 tabs in a host, 21 s);
 * with at most 256 it adds well under a microsecond per character. No URL that is not an attack has more.
 */
export const MAX_LEGACY_TABS = 256;

/** How many ASCII tabs, LF and CR `text` has, counted up to `limit` + 1. */
function tabsAndNewlines(text: string, limit: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) n++;
  }
  return n;
}

/** The `node-legacy` reader over Node's `url` module (or any module with its `parse` and `resolve`). */
export function nodeLegacyReader(url: LegacyUrlModule): Reader {
  return (input, base) => {
    if (tabsAndNewlines(input, MAX_LEGACY_TABS) > MAX_LEGACY_TABS || (base !== undefined && tabsAndNewlines(base, MAX_LEGACY_TABS) > MAX_LEGACY_TABS)) {
      return { ok: false, error: `more than ${MAX_LEGACY_TABS} tabs and newlines: urigram does not give it to url.parse, whose time grows with their number times the length` };
    }
    try {
      return { ok: true, reading: legacyReading(url.parse(base === undefined ? input : url.resolve(base, input))) };
    } catch (e) {
      return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  };
}
