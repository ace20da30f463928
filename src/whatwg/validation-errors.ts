/**
 * whatwgValidationErrors: the URL Standard's named validation errors for a
 * string, each with where the parser meets it, in the order met, and whether
 * the parser returns failure there (grammar/whatwg-url.bs, "URL
 * parsing": the basic URL parser, state by state, with the host parser of
 * ./validation-hosts). Our own reading of the Standard's steps, not the
 * runtime's URL: it also gives the URL the parser returns (its href), so
 * that tests can hold our reading against the runtime's.
 *
 * Offsets are in the input as given, in UTF-16 code units: the parser runs
 * on the input with leading and trailing C0 control or space removed and
 * every ASCII tab or newline removed, and each position there maps back to
 * the input. What the offset of each error is: docs/whatwg-validity.md.
 */
import { SPECIAL_SCHEMES } from './runtime';
import { C0_SET, hostParser, isUrlCodePoint, percentEncode, type Report, type WhatwgValidationErrorName } from './validation-hosts';

export type { WhatwgValidationErrorName } from './validation-hosts';

/** One validation error. */
export interface WhatwgValidationError {
  /** The name in the Standard's table ("invalid-URL-unit", "host-missing", ...). */
  readonly name: WhatwgValidationErrorName;
  /** Where the parser meets it, in UTF-16 code units of the input as given (docs/whatwg-validity.md says what each name's offset is). */
  readonly offset: number;
  /** Whether the parser returns failure at this error (only the last error can be). */
  readonly fatal: boolean;
}

/** The errors, in the order the parser meets them, and what the parser returns. */
export type WhatwgValidationErrors = readonly WhatwgValidationError[] & {
  /** Whether the basic URL parser returns failure. */
  readonly failure: boolean;
  /** The URL it returns, serialized (the href), or null on failure. */
  readonly href: string | null;
};

export interface WhatwgValidationOptions {
  /** A base URL, for a relative string (parsed first by the same steps; it must not be failure). */
  readonly base?: string;
}

/** A URL record (URL, "URL representation"), the host serialized. */
interface UrlRecord {
  scheme: string;
  username: string;
  password: string;
  host: string | null;
  port: number | null;
  /** A list of segments, or a string: an opaque path. */
  path: string[] | string;
  query: string | null;
  fragment: string | null;
}

const EOF = -1;
const FRAGMENT_SET = (c: number): boolean => C0_SET(c) || c === 0x20 || c === 0x22 || c === 0x3c || c === 0x3e || c === 0x60;
const QUERY_SET = (c: number): boolean => C0_SET(c) || c === 0x20 || c === 0x22 || c === 0x23 || c === 0x3c || c === 0x3e;
const SPECIAL_QUERY_SET = (c: number): boolean => QUERY_SET(c) || c === 0x27;
const PATH_SET = (c: number): boolean => QUERY_SET(c) || c === 0x3f || c === 0x5e || c === 0x60 || c === 0x7b || c === 0x7d;
const USERINFO_SET = (c: number): boolean => PATH_SET(c) || c === 0x2f || c === 0x3a || c === 0x3b || c === 0x3d || c === 0x40 || (c >= 0x5b && c <= 0x5d) || c === 0x7c;

const isAlpha = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
const isAlnum = (c: number): boolean => isAlpha(c) || (c >= 0x30 && c <= 0x39);
const isSpecialScheme = (s: string): boolean => Object.prototype.hasOwnProperty.call(SPECIAL_SCHEMES, s);
const isWindowsDriveLetter = (s: string): boolean => s.length === 2 && isAlpha(s.charCodeAt(0)) && (s[1] === ':' || s[1] === '|');
const isNormalizedWindowsDriveLetter = (s: string): boolean => isWindowsDriveLetter(s) && s[1] === ':';
const isSingleDot = (s: string): boolean => s === '.' || s.toLowerCase() === '%2e';
const isDoubleDot = (s: string): boolean => {
  const l = s.toLowerCase();
  return l === '..' || l === '.%2e' || l === '%2e.' || l === '%2e%2e';
};

function shorten(url: UrlRecord): void {
  const path = url.path as string[];
  if (url.scheme === 'file' && path.length === 1 && isNormalizedWindowsDriveLetter(path[0])) return;
  path.pop();
}

/** The URL serializer. */
function serialize(url: UrlRecord): string {
  let out = `${url.scheme}:`;
  if (url.host !== null) {
    out += '//';
    if (url.username !== '' || url.password !== '') {
      out += url.username;
      if (url.password !== '') out += `:${url.password}`;
      out += '@';
    }
    out += url.host;
    if (url.port !== null) out += `:${url.port}`;
  }
  if (typeof url.path === 'string') out += url.path;
  else {
    if (url.host === null && url.path.length > 1 && url.path[0] === '') out += '/.';
    for (const segment of url.path) out += `/${segment}`;
  }
  if (url.query !== null) out += `?${url.query}`;
  if (url.fragment !== null) out += `#${url.fragment}`;
  return out;
}

const enum State {
  SchemeStart,
  Scheme,
  NoScheme,
  SpecialRelativeOrAuthority,
  PathOrAuthority,
  Relative,
  RelativeSlash,
  SpecialAuthoritySlashes,
  SpecialAuthorityIgnoreSlashes,
  Authority,
  Host,
  Port,
  File,
  FileSlash,
  FileHost,
  PathStart,
  Path,
  OpaquePath,
  Query,
  Fragment,
}

interface Parsed {
  readonly url: UrlRecord | undefined;
  readonly errors: WhatwgValidationError[];
}

/** The basic URL parser (no encoding but UTF-8, no url or state override), recording each validation error with its offset. */
function basicUrlParser(input: string, base: UrlRecord | null): Parsed {
  const errors: WhatwgValidationError[] = [];
  const report: Report = (name, offset) => {
    errors.push({ name, offset, fatal: false });
  };
  const failed = (): Parsed => {
    if (errors.length > 0) errors[errors.length - 1] = { ...errors[errors.length - 1], fatal: true };
    return { url: undefined, errors };
  };
  // Leading and trailing C0 control or space, then ASCII tab or newline: removed, each kind with one error.
  let leadEnd = 0;
  while (leadEnd < input.length && input.charCodeAt(leadEnd) <= 0x20) leadEnd++;
  let trailStart = input.length;
  while (trailStart > leadEnd && input.charCodeAt(trailStart - 1) <= 0x20) trailStart--;
  if (leadEnd > 0 || trailStart < input.length) report('invalid-URL-unit', leadEnd > 0 ? 0 : trailStart);
  // The code points the state machine runs on, and the input offset of each.
  const cps: number[] = [];
  const pos: number[] = [];
  let tabOrNewline = -1;
  for (let i = leadEnd; i < trailStart; i++) {
    let c = input.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) {
      if (tabOrNewline < 0) tabOrNewline = i;
      continue;
    }
    pos.push(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < trailStart && (input.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      c = input.codePointAt(i) as number;
      i++;
    }
    // A lone surrogate stays: it is not a URL code point (invalid-URL-unit), and it is encoded as U+FFFD, as the URL API's conversion to a scalar value string has it.
    cps.push(c);
  }
  pos.push(trailStart);
  if (tabOrNewline >= 0) report('invalid-URL-unit', tabOrNewline);
  const n = cps.length;

  const url: UrlRecord = { scheme: '', username: '', password: '', host: null, port: null, path: [], query: null, fragment: null };
  let state = State.SchemeStart;
  let buffer = '';
  // Host and file host states: the input offset of each code unit of the buffer.
  let bufferAt: number[] = [];
  let bufferCount = 0;
  let portStart = 0;
  let atSignSeen = false;
  let insideBrackets = false;
  let passwordTokenSeen = false;
  let pointer = 0;
  const special = (): boolean => isSpecialScheme(url.scheme);
  const at = (k: number): number => pos[Math.min(Math.max(k, 0), n)];
  const cpAt = (k: number): number => (k < n ? cps[k] : EOF);
  const hexFollows = (k: number): boolean => k + 2 < n && isHexCp(cps[k + 1]) && isHexCp(cps[k + 2]);
  const startsWithWindowsDriveLetter = (k: number): boolean => {
    if (n - k < 2 || !isAlpha(cps[k]) || (cps[k + 1] !== 0x3a && cps[k + 1] !== 0x7c)) return false;
    return n - k === 2 || [0x2f, 0x5c, 0x3f, 0x23].includes(cps[k + 2]);
  };
  const checkUnit = (c: number): void => {
    if (!isUrlCodePoint(c) && c !== 0x25) report('invalid-URL-unit', at(pointer));
    if (c === 0x25 && !hexFollows(pointer)) report('invalid-URL-unit', at(pointer));
  };
  const parseHost = (): string | undefined => {
    const text = buffer;
    const offsets = bufferAt;
    return hostParser(text, !special(), report, (i) => (i < offsets.length ? offsets[i] : at(pointer)));
  };
  const fromBase = (b: UrlRecord, withPath: boolean): void => {
    url.username = b.username;
    url.password = b.password;
    url.host = b.host;
    url.port = b.port;
    if (withPath) {
      url.path = (b.path as string[]).slice();
      url.query = b.query;
    }
  };

  for (;;) {
    const c = cpAt(pointer);
    switch (state) {
      case State.SchemeStart:
        if (isAlpha(c)) {
          buffer += String.fromCharCode(c).toLowerCase();
          state = State.Scheme;
        } else {
          state = State.NoScheme;
          pointer--;
        }
        break;
      case State.Scheme:
        if (isAlnum(c) || c === 0x2b || c === 0x2d || c === 0x2e) buffer += String.fromCharCode(c).toLowerCase();
        else if (c === 0x3a) {
          url.scheme = buffer;
          buffer = '';
          if (url.scheme === 'file') {
            if (!(cpAt(pointer + 1) === 0x2f && cpAt(pointer + 2) === 0x2f)) report('special-scheme-missing-following-solidus', at(pointer + 1));
            state = State.File;
          } else if (special() && base !== null && base.scheme === url.scheme) state = State.SpecialRelativeOrAuthority;
          else if (special()) state = State.SpecialAuthoritySlashes;
          else if (cpAt(pointer + 1) === 0x2f) {
            state = State.PathOrAuthority;
            pointer++;
          } else {
            url.path = '';
            state = State.OpaquePath;
          }
        } else {
          buffer = '';
          state = State.NoScheme;
          pointer = -1;
        }
        break;
      case State.NoScheme:
        if (base === null || (typeof base.path === 'string' && c !== 0x23)) {
          report('missing-scheme-non-relative-URL', at(pointer));
          return failed();
        } else if (typeof base.path === 'string') {
          url.scheme = base.scheme;
          url.path = base.path;
          url.query = base.query;
          url.fragment = '';
          state = State.Fragment;
        } else {
          state = base.scheme !== 'file' ? State.Relative : State.File;
          pointer--;
        }
        break;
      case State.SpecialRelativeOrAuthority:
        if (c === 0x2f && cpAt(pointer + 1) === 0x2f) {
          state = State.SpecialAuthorityIgnoreSlashes;
          pointer++;
        } else {
          report('special-scheme-missing-following-solidus', at(pointer));
          state = State.Relative;
          pointer--;
        }
        break;
      case State.PathOrAuthority:
        if (c === 0x2f) state = State.Authority;
        else {
          state = State.Path;
          pointer--;
        }
        break;
      case State.Relative: {
        const b = base as UrlRecord;
        url.scheme = b.scheme;
        if (c === 0x2f) state = State.RelativeSlash;
        else if (special() && c === 0x5c) {
          report('invalid-reverse-solidus', at(pointer));
          state = State.RelativeSlash;
        } else {
          fromBase(b, true);
          if (c === 0x3f) {
            url.query = '';
            state = State.Query;
          } else if (c === 0x23) {
            url.fragment = '';
            state = State.Fragment;
          } else if (c !== EOF) {
            url.query = null;
            shorten(url);
            state = State.Path;
            pointer--;
          }
        }
        break;
      }
      case State.RelativeSlash:
        if (special() && (c === 0x2f || c === 0x5c)) {
          if (c === 0x5c) report('invalid-reverse-solidus', at(pointer));
          state = State.SpecialAuthorityIgnoreSlashes;
        } else if (c === 0x2f) state = State.Authority;
        else {
          fromBase(base as UrlRecord, false);
          state = State.Path;
          pointer--;
        }
        break;
      case State.SpecialAuthoritySlashes:
        if (c === 0x2f && cpAt(pointer + 1) === 0x2f) {
          state = State.SpecialAuthorityIgnoreSlashes;
          pointer++;
        } else {
          report('special-scheme-missing-following-solidus', at(pointer));
          state = State.SpecialAuthorityIgnoreSlashes;
          pointer--;
        }
        break;
      case State.SpecialAuthorityIgnoreSlashes:
        if (c !== 0x2f && c !== 0x5c) {
          state = State.Authority;
          pointer--;
        } else report('special-scheme-missing-following-solidus', at(pointer));
        break;
      case State.Authority:
        if (c === 0x40) {
          report('invalid-credentials', at(pointer));
          if (atSignSeen) buffer = `%40${buffer}`;
          atSignSeen = true;
          for (const ch of buffer) {
            const cp = ch.codePointAt(0) as number;
            if (cp === 0x3a && !passwordTokenSeen) {
              passwordTokenSeen = true;
              continue;
            }
            const encoded = percentEncode(cp, USERINFO_SET);
            if (passwordTokenSeen) url.password += encoded;
            else url.username += encoded;
          }
          buffer = '';
          bufferCount = 0;
        } else if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 || (special() && c === 0x5c)) {
          if (atSignSeen && buffer === '') {
            report('host-missing', at(pointer));
            return failed();
          }
          pointer -= bufferCount + 1;
          buffer = '';
          bufferAt = [];
          bufferCount = 0;
          state = State.Host;
        } else {
          buffer += String.fromCodePoint(c);
          bufferCount++;
        }
        break;
      case State.Host:
        if (c === 0x3a && !insideBrackets) {
          if (buffer === '') {
            report('host-missing', at(pointer));
            return failed();
          }
          const host = parseHost();
          if (host === undefined) return failed();
          url.host = host;
          buffer = '';
          bufferAt = [];
          portStart = pointer + 1;
          state = State.Port;
        } else if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 || (special() && c === 0x5c)) {
          pointer--;
          if (special() && buffer === '') {
            report('host-missing', at(pointer + 1));
            return failed();
          }
          const host = parseHost();
          if (host === undefined) return failed();
          url.host = host;
          buffer = '';
          bufferAt = [];
          state = State.PathStart;
        } else {
          if (c === 0x5b) insideBrackets = true;
          if (c === 0x5d) insideBrackets = false;
          appendToBuffer(c);
        }
        break;
      case State.Port:
        if (c >= 0x30 && c <= 0x39) buffer += String.fromCharCode(c);
        else if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 || (special() && c === 0x5c)) {
          if (buffer !== '') {
            const digits = buffer.replace(/^0+(?=.)/, '');
            const port = digits.length > 5 ? 65536 : Number(digits);
            if (port > 65535) {
              report('port-out-of-range', at(portStart));
              return failed();
            }
            url.port = SPECIAL_SCHEMES[url.scheme] === String(port) ? null : port;
            buffer = '';
          }
          state = State.PathStart;
          pointer--;
        } else {
          report('port-invalid', at(pointer));
          return failed();
        }
        break;
      case State.File:
        url.scheme = 'file';
        url.host = '';
        if (c === 0x2f || c === 0x5c) {
          if (c === 0x5c) report('invalid-reverse-solidus', at(pointer));
          state = State.FileSlash;
        } else if (base !== null && base.scheme === 'file') {
          url.host = base.host;
          url.path = (base.path as string[]).slice();
          url.query = base.query;
          if (c === 0x3f) {
            url.query = '';
            state = State.Query;
          } else if (c === 0x23) {
            url.fragment = '';
            state = State.Fragment;
          } else if (c !== EOF) {
            url.query = null;
            if (!startsWithWindowsDriveLetter(pointer)) shorten(url);
            else {
              report('file-invalid-Windows-drive-letter', at(pointer));
              url.path = [];
            }
            state = State.Path;
            pointer--;
          }
        } else {
          state = State.Path;
          pointer--;
        }
        break;
      case State.FileSlash:
        if (c === 0x2f || c === 0x5c) {
          if (c === 0x5c) report('invalid-reverse-solidus', at(pointer));
          state = State.FileHost;
          buffer = '';
          bufferAt = [];
        } else {
          if (base !== null && base.scheme === 'file') {
            url.host = base.host;
            const first = (base.path as string[])[0];
            if (!startsWithWindowsDriveLetter(pointer) && first !== undefined && isNormalizedWindowsDriveLetter(first)) (url.path as string[]).push(first);
          }
          state = State.Path;
          pointer--;
        }
        break;
      case State.FileHost:
        if (c === EOF || c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23) {
          pointer--;
          if (isWindowsDriveLetter(buffer)) {
            report('file-invalid-Windows-drive-letter-host', bufferAt[0]);
            state = State.Path;
          } else if (buffer === '') {
            url.host = '';
            state = State.PathStart;
          } else {
            let host = parseHost();
            if (host === undefined) return failed();
            if (host === 'localhost') host = '';
            url.host = host;
            buffer = '';
            bufferAt = [];
            state = State.PathStart;
          }
        } else appendToBuffer(c);
        break;
      case State.PathStart:
        if (special()) {
          if (c === 0x5c) report('invalid-reverse-solidus', at(pointer));
          state = State.Path;
          if (c !== 0x2f && c !== 0x5c) pointer--;
        } else if (c === 0x3f) {
          url.query = '';
          state = State.Query;
        } else if (c === 0x23) {
          url.fragment = '';
          state = State.Fragment;
        } else if (c !== EOF) {
          state = State.Path;
          if (c !== 0x2f) pointer--;
        }
        break;
      case State.Path:
        if (c === EOF || c === 0x2f || (special() && c === 0x5c) || c === 0x3f || c === 0x23) {
          const slash = c === 0x2f || (special() && c === 0x5c);
          if (special() && c === 0x5c) report('invalid-reverse-solidus', at(pointer));
          const path = url.path as string[];
          if (isDoubleDot(buffer)) {
            shorten(url);
            if (!slash) path.push('');
          } else if (isSingleDot(buffer) && !slash) path.push('');
          else if (!isSingleDot(buffer)) {
            if (url.scheme === 'file' && path.length === 0 && isWindowsDriveLetter(buffer)) buffer = `${buffer[0]}:`;
            path.push(buffer);
          }
          buffer = '';
          if (c === 0x3f) {
            url.query = '';
            state = State.Query;
          }
          if (c === 0x23) {
            url.fragment = '';
            state = State.Fragment;
          }
        } else {
          checkUnit(c);
          buffer += percentEncode(c, PATH_SET);
        }
        break;
      case State.OpaquePath:
        if (c === 0x3f) {
          url.query = '';
          state = State.Query;
        } else if (c === 0x23) {
          url.fragment = '';
          state = State.Fragment;
        } else if (c === 0x20) {
          report('invalid-URL-unit', at(pointer));
          const next = cpAt(pointer + 1);
          url.path += next === 0x3f || next === 0x23 ? '%20' : ' ';
        } else if (c !== EOF) {
          checkUnit(c);
          url.path += percentEncode(c, C0_SET);
        }
        break;
      case State.Query:
        if (c === 0x23 || c === EOF) {
          if (c === 0x23) {
            url.fragment = '';
            state = State.Fragment;
          }
        } else {
          checkUnit(c);
          url.query += percentEncode(c, special() ? SPECIAL_QUERY_SET : QUERY_SET);
        }
        break;
      case State.Fragment:
        if (c !== EOF) {
          checkUnit(c);
          url.fragment += percentEncode(c, FRAGMENT_SET);
        }
        break;
    }
    if (pointer >= n) break;
    pointer++;
  }
  return { url, errors };

  function appendToBuffer(c: number): void {
    const s = String.fromCodePoint(c);
    buffer += s;
    bufferAt.push(at(pointer));
    if (s.length === 2) bufferAt.push(at(pointer));
  }
}

function isHexCp(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}

/**
 * The URL Standard's validation errors for `input` (against `options.base`
 * when given): each by its name in the Standard's table, with the offset
 * where the basic URL parser meets it (UTF-16 code units of `input`) and
 * whether the parser returns failure there, in the order met. The array also
 * says whether the parse fails (`failure`) and the URL it gives (`href`).
 * An empty array with `failure` false: the parser reports no validation
 * error, the Standard's second definition of a valid URL string.
 *
 * Throws a TypeError when `input` or `base` is not a string, or when the
 * base is not a URL.
 */
export function whatwgValidationErrors(input: string, options: WhatwgValidationOptions = {}): WhatwgValidationErrors {
  if (typeof input !== 'string') throw new TypeError(`whatwgValidationErrors: input must be a string, got ${input === null ? 'null' : typeof input}`);
  if (options === null || typeof options !== 'object') throw new TypeError('whatwgValidationErrors: options must be an object ({ base })');
  let base: UrlRecord | null = null;
  if (options.base !== undefined) {
    if (typeof options.base !== 'string') throw new TypeError(`whatwgValidationErrors: options.base must be a string, got ${typeof options.base}`);
    const parsedBase = basicUrlParser(options.base, null);
    if (parsedBase.url === undefined) {
      const first = parsedBase.errors[parsedBase.errors.length - 1];
      throw new TypeError(`whatwgValidationErrors: the base ${JSON.stringify(options.base)} is not a URL (the basic URL parser returns failure${first === undefined ? '' : `: ${first.name} at offset ${first.offset}`})`);
    }
    base = parsedBase.url;
  }
  const { url, errors } = basicUrlParser(input, base);
  Object.defineProperty(errors, 'failure', { value: url === undefined, enumerable: false });
  Object.defineProperty(errors, 'href', { value: url === undefined ? null : serialize(url), enumerable: false });
  return errors as unknown as WhatwgValidationErrors;
}
