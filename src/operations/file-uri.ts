/**
 * File URIs and file-system paths (RFC 8089), for POSIX and Windows.
 *
 * RFC 8089 2 gives the syntax: `file:` then either `//` with an authority
 * ("localhost", a host, or empty: the local machine) and a path-absolute, or
 * a path-absolute alone. Section 4 says names are percent-encoded as UTF-8.
 * Appendix E lists the variations in use that the standard syntax leaves out;
 * of those, these are read: E.2 (a drive letter as the first segment, with or
 * without the "/" before it, "file:c:/x"),
 * E.3.1 (a UNC path's server as the authority, "file://host/share/x") and
 * E.3.2 (the whole UNC path in the path, after an empty authority:
 * "file:////host/share/x", "file://///host/share/x"). Not read: E.1
 * (userinfo), E.4 (backslashes, which are no URI characters at all).
 *
 * Nothing here looks at the machine it runs on (the library uses no Node
 * built-in): the platform is an option with no default, and a relative path
 * is refused rather than resolved against a working directory.
 */
import { parse } from '../core/parse';
import { removeDotSegmentsTracked } from './remove-dot-segments';
import { decodePercents, isUnreservedOctet } from '../encoding/triplets';
import { percentDecode, percentEncode, PercentEncodingError, type EncodableComponent } from '../encoding/percent-encoding';
import { checkOptions, describeValue, oneOf, UriOptionError, type OptionSpec } from '../core/options';
import { FileUriError } from '../core/errors';
export { FileUriError } from '../core/errors';

/** Whose paths: POSIX ("/a/b") or Windows ("C:\a\b", "\\host\share\a"). */
export type FilePlatform = 'posix' | 'windows';

export interface FileUriOptions {
  /** Required: 'posix' or 'windows'. urigram never guesses it from the machine it runs on. */
  readonly platform: FilePlatform;
}

const FILE_OPTIONS: OptionSpec = { platform: oneOf(['posix', 'windows']) };

function platformOf(fn: string, options: FileUriOptions | undefined): FilePlatform {
  checkOptions(fn, options, FILE_OPTIONS);
  const platform = options?.platform;
  if (platform === undefined) {
    throw new UriOptionError(fn, 'platform', undefined, `option platform is required, "posix" or "windows": a path means something only on one of them, and urigram does not guess it from the machine it runs on`);
  }
  return platform;
}

/** Where a code unit of the path that fileUriToPath reads (its equivalent form) is in the URI. */
type Where = (i: number) => number;

/**
 * One segment of the path, percent-decoded (RFC 8089 4: UTF-8): `segment` is the path's code units
 * from `start`. A segment that would decode to a separator, or to NUL, names no file: refused.
 */
function decodeSegment(uri: string, segment: string, start: number, where: Where, windows: boolean): string {
  const separator = (windows ? /%(2F|5C|00)/i : /%(2F|00)/i).exec(segment);
  if (separator !== null) {
    const what = separator[1] === '00' ? 'NUL, which no file name holds' : `"${separator[1].toUpperCase() === '2F' ? '/' : '\\'}", a separator of ${windows ? 'Windows' : 'POSIX'} paths`;
    throw new FileUriError(uri, where(start + separator.index), `the path segment ${JSON.stringify(segment)} encodes ${what}: no path has it inside a file name`);
  }
  try {
    return percentDecode(segment);
  } catch (e) {
    if (e instanceof PercentEncodingError) throw new FileUriError(uri, where(start + e.offset), `the path does not decode as UTF-8 (RFC 8089 4): ${e.message.replace(/ at offset \d+$/, '')}`);
    throw e;
  }
}

/** The segments of the path from `from`, decoded and joined by the platform's separator. */
function decodePath(uri: string, path: string, from: number, where: Where, windows: boolean): string {
  const out: string[] = [];
  let start = from;
  for (const segment of path.slice(from).split('/')) {
    out.push(decodeSegment(uri, segment, start, where, windows));
    start += segment.length + 1;
  }
  return out.join(windows ? '\\' : '/');
}

/**
 * `text` with its triplets of unreserved characters decoded (RFC 3986 2.3: "%43" is "C"), and the
 * offset in `text` of each code unit of the result (undefined when there was nothing to decode).
 * The text is a parsed URI's, so every "%" begins a triplet.
 */
function decodeUnreservedTracked(text: string): { text: string; origins: Int32Array | undefined } {
  // Where in the result each decoded triplet's character is: every other code unit is copied one for one.
  const decodedAt: number[] = [];
  const decoded = decodePercents(text, (out, at, count, octets) => {
    if (count > 0 && isUnreservedOctet(octets[0])) {
      decodedAt.push(out.length);
      out.push(octets[0]);
    } else out.pushRange(text, at, at + 3);
    return 3;
  });
  if (decodedAt.length === 0) return { text, origins: undefined };
  const origins = new Int32Array(decoded.length);
  for (let i = 0, k = 0; i < decoded.length; i++) {
    while (k < decodedAt.length && decodedAt[k] < i) k++;
    origins[i] = i + 2 * k;
  }
  return { text: decoded, origins };
}

/**
 * The path as RFC 3986 says it is the same as (6.2.2): unreserved characters decoded (6.2.2.2) and
 * dot segments removed (5.2.4, 6.2.2.3: "unlike in a file system, these dot-segments are only
 * interpreted within the URI path hierarchy", 3.3), with where each code unit is in the URI
 * (`at`: the path's offset there). So a URI and its `normalize`d form name the same path.
 */
function equivalentPath(path: string, at: number): { path: string; where: Where } {
  const decoded = decodeUnreservedTracked(path);
  const removed = removeDotSegmentsTracked(decoded.text);
  const a = removed.origins;
  const b = decoded.origins;
  // The end of the path (an error after its last code unit) is the end of the path as written.
  const n = removed.path.length;
  const where: Where = (i) => at + (i >= n ? path.length : b === undefined ? (a === undefined ? i : a[i]) : b[a === undefined ? i : a[i]]);
  return { path: removed.path, where };
}

/** A host as RFC 3986 compares it (6.2.2.1, 6.2.2.2): unreserved characters decoded, ASCII letters lower-cased; and where each code unit is in the URI. */
function equivalentHost(host: string, at: number): { host: string; where: Where } {
  const { text, origins } = decodeUnreservedTracked(host);
  return { host: text.replace(/[A-Z]+/g, (x) => x.toLowerCase()), where: (i) => at + (origins === undefined || i >= text.length ? (i >= text.length ? host.length : i) : origins[i]) };
}

/**
 * A drive letter and its ":" at `at` of `path`, followed by "/" or nothing
 * (RFC 8089 E.2). E.2.2's "|" for the ":" never gets here: "|" is no URI
 * character (RFC 3986 2), so "file:///c|/x" is a UriSyntaxError at the "|".
 */
function driveAt(path: string, at: number): boolean {
  return /^[A-Za-z]:$/.test(path.slice(at, at + 2)) && (path.length === at + 2 || path[at + 2] === '/');
}

/**
 * The file-system path that a file URI names (RFC 8089), on `options.platform`.
 * POSIX: "file:///a/b%20c" and "file:/a/b%20c" give "/a/b c"; a host other
 * than "localhost" is refused. Windows: "file:///C:/a/b" (also "file:C:/a/b",
 * Appendix E.2) gives "C:\a\b"; "file://host/share/a"
 * (E.3.1) and "file:////host/share/a" (E.3.2) give "\\host\share\a".
 * An invalid URI is a UriSyntaxError; one that names no path on the platform
 * (another scheme, a query or fragment, a userinfo or port, a remote host on
 * POSIX, no drive letter or UNC host on Windows, an encoded separator or NUL,
 * octets that are not UTF-8) is a FileUriError with its offset.
 *
 * The URI is read as RFC 3986 says it is equivalent to its normal form (6.2.2):
 * percent-encoded unreserved characters are those characters (2.3), so
 * "file:///%43:/x" has the drive C and "file://%6Cocalhost/x" is local; the host
 * is case-insensitive (a UNC host is given lower-cased, "\\server\share");
 * and dot segments are removed (5.2.4: they are the URI's, not the file
 * system's, 3.3), so "file:///a/../b" names "/b". `fileUriToPath(x)` is
 * `fileUriToPath(normalize(x))`.
 */
export function fileUriToPath(uri: string, options: FileUriOptions): string {
  const platform = platformOf('fileUriToPath', options);
  if (typeof uri !== 'string') throw new TypeError(`fileUriToPath: expected the URI as a string, got ${describeValue(uri)}`);
  const r = parse(uri, { rule: 'URI' });
  const scheme = r.scheme as string;
  if (scheme.toLowerCase() !== 'file') throw new FileUriError(uri, 0, `not a file URI: the scheme is ${JSON.stringify(scheme)} (RFC 8089 2: "file")`);
  if (r.spans.query !== undefined) throw new FileUriError(uri, r.spans.query[0] - 1, 'a file URI has no query (RFC 8089 2), and a path nothing to hold one');
  if (r.spans.fragment !== undefined) throw new FileUriError(uri, r.spans.fragment[0] - 1, 'a file URI names a file, with no fragment (RFC 8089 2)');
  if (r.spans.userinfo !== undefined) throw new FileUriError(uri, r.spans.userinfo[0], 'a userinfo in a file URI is a nonstandard variation (RFC 8089 E.1), not read here');
  // An empty port is no port (RFC 3986 6.2.3: normalizers omit it, and "host:" is "host").
  if (r.spans.port !== undefined && r.port !== '') throw new FileUriError(uri, r.spans.port[0] - 1, 'a file URI has no port (RFC 8089 2: file-auth is "localhost" or a host)');
  const hostAt = r.spans.host === undefined ? 0 : r.spans.host[0];
  const { host, where: hostWhere } = equivalentHost(r.host ?? '', hostAt);
  const local = host === '' || host === 'localhost';
  const { path, where } = equivalentPath(r.path, r.spans.path[0]);
  const windows = platform === 'windows';
  if (!windows) {
    if (!local) throw new FileUriError(uri, hostAt, `the host ${JSON.stringify(r.host)} names another machine, whose files no POSIX path names (RFC 8089 2, 3: only "localhost" or an empty authority is local)`);
    if (!path.startsWith('/')) throw new FileUriError(uri, where(0), `a POSIX path needs a path from the root, "/" (RFC 8089 2: path-absolute), got ${JSON.stringify(r.path)}`);
    return `/${decodePath(uri, path, 1, where, false)}`;
  }
  // Windows.
  if (!local) {
    // E.3.1: the UNC server as the authority, the share as the first segment.
    if (r.hostKind === 'IPv6address' || r.hostKind === 'IPvFuture') {
      throw new FileUriError(uri, hostAt, `the IP literal ${r.host as string} has no UNC form here (UNC writes IPv6 addresses as ipv6-literal.net names)`);
    }
    if (!/^\/[^/]/.test(path)) throw new FileUriError(uri, where(0), `a UNC path needs a share name after the host, "file://${r.host as string}/share/..." (RFC 8089 E.3.1)`);
    return `\\\\${decodeSegment(uri, host, 0, hostWhere, true)}\\${decodePath(uri, path, 1, where, true)}`;
  }
  if (path.startsWith('//')) {
    // E.3.2: the whole UNC path in the path, after "//" or "///" ("file:////host/share", "file://///host/share").
    const slashes = path.startsWith('///') ? 3 : 2;
    if (!/^[^/]+\/[^/]/.test(path.slice(slashes))) throw new FileUriError(uri, where(slashes), 'a UNC path needs a host and a share name, "file:////host/share/..." (RFC 8089 E.3.2)');
    return `\\\\${decodePath(uri, path, slashes, where, true)}`;
  }
  // The drive letter is the whole first segment: "/C:/..." (E.2, after the root), or "C:/..." without an authority
  // (E.2's "file:c:/path"). "file:xc:/a" has the first segment "xc:": no drive, never drive C.
  const drive = path.startsWith('/') && driveAt(path, 1) ? 1 : driveAt(path, 0) && r.authority === undefined ? 0 : -1;
  if (drive < 0) {
    throw new FileUriError(uri, where(0), `a Windows path needs a drive letter ("file:///C:/...", RFC 8089 E.2) or a UNC host ("file://host/share/...", E.3), got the path ${JSON.stringify(r.path)}`);
  }
  return `${path[drive]}:\\${decodePath(uri, path, drive + 3, where, true)}`;
}

/**
 * `text`, which is `path` from offset `at` with its separators written "/", percent-encoded as `as` in
 * one pass: as "path", whose characters are a segment's and "/", it is each segment encoded and joined
 * by "/", without a string per segment (a path of a million "/" is a million segments).
 */
function encodeAt(path: string, text: string, at: number, as: EncodableComponent): string {
  try {
    return percentEncode(text, as);
  } catch (e) {
    if (e instanceof PercentEncodingError) throw new FileUriError(path, at + e.offset, 'a lone surrogate has no UTF-8 form, so no file URI (RFC 8089 4)');
    throw e;
  }
}

/** Windows separates with "\\" and "/" alike: both are "/" in the URI (the same length, so offsets stay). */
const slashes = (text: string): string => text.replace(/\\/g, '/');

/**
 * The file URI of an absolute path (RFC 8089) on `options.platform`, each
 * segment percent-encoded as UTF-8 (section 4) wherever RFC 3986's segment
 * rule does not allow the character as itself. POSIX: "/a/b c" gives
 * "file:///a/b%20c". Windows ("\" and "/" both separate): "C:\a\b" gives
 * "file:///C:/a/b"; "\\host\share\a" gives "file://host/share/a" (E.3.1;
 * for the host "localhost", which would mean the local machine,
 * "file:////localhost/share/a", E.3.2). The local forms have an empty
 * authority ("file:///"), the form RFC 8089 Appendix B shows first. A relative
 * path (no root; on Windows no drive letter or UNC host, or "C:x"), a NUL, a
 * lone surrogate, or a Win32 device path ("\\?\", "\\.\") is a FileUriError
 * with its offset.
 */
export function pathToFileUri(path: string, options: FileUriOptions): string {
  const platform = platformOf('pathToFileUri', options);
  if (typeof path !== 'string') throw new TypeError(`pathToFileUri: expected the path as a string, got ${describeValue(path)}`);
  const nul = path.indexOf('\0');
  if (nul >= 0) throw new FileUriError(path, nul, 'a path cannot hold NUL');
  if (platform === 'posix') {
    if (!path.startsWith('/')) throw new FileUriError(path, 0, 'a relative path has no file URI (RFC 8089 2: path-absolute): resolve it against a directory first');
    return `file:///${encodeAt(path, path.slice(1), 1, 'path')}`;
  }
  const isSeparator = (i: number) => path[i] === '\\' || path[i] === '/';
  if (isSeparator(0) && isSeparator(1)) {
    if ((path[2] === '?' || path[2] === '.') && (isSeparator(3) || path.length === 3)) {
      throw new FileUriError(path, 0, `a Win32 device or long path ("\\\\${path[2]}\\") has no file URI here: write the path without its prefix`);
    }
    // "\\host\share...": the host ends at the first separator after the two, and a share name follows it.
    const end = path.slice(2).search(/[\\/]/) + 2;
    if (end <= 2 || end + 1 >= path.length || isSeparator(end + 1)) throw new FileUriError(path, 2, 'a UNC path needs a host and a share name, "\\\\host\\share\\..."');
    const host = path.slice(2, end);
    if (host.toLowerCase() === 'localhost') return `file:////${encodeAt(path, slashes(path.slice(2)), 2, 'path')}`;
    return `file://${encodeAt(path, host, 2, 'host')}/${encodeAt(path, slashes(path.slice(end + 1)), end + 1, 'path')}`;
  }
  if (/^[A-Za-z]:/.test(path)) {
    if (!isSeparator(2)) throw new FileUriError(path, 2, `"${path.slice(0, 2)}" without a separator after it is relative to the drive's current directory: give the path from its root, "${path.slice(0, 2)}\\..."`);
    return `file:///${path.slice(0, 2)}/${encodeAt(path, slashes(path.slice(3)), 3, 'path')}`;
  }
  throw new FileUriError(path, 0, 'a Windows path needs a drive letter ("C:\\...") or a UNC host ("\\\\host\\share\\..."): a relative path has no file URI');
}
