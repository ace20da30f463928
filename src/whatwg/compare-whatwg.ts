/**
 * compareWithWhatwg: where browsers read a string otherwise than RFC 3986.
 *
 * The RFC 3986 reading is urigram's parse (RFC 3987 with `grammar:
 * 'rfc3987'`), resolved against `base` by RFC 3986 5.2 when one is given.
 * The WHATWG reading is the runtime's own URL (./runtime). Each component is
 * compared: the same when both readings have the same text, or when they are
 * equal once each is brought to RFC 3986's canonical form (6.2.2 case and
 * percent-encoding normalization and dot segments, 6.2.3 the scheme's default
 * port and empty path; a WHATWG serialization is a URI reference, so 6.2.2
 * applies to it as well); IP addresses compare by value. A difference that
 * normalization removes is a note (`notes`), not a difference: "%6c%6fcalhost"
 * and "localhost" are equal by 6.2.2.2, yet a check on the text as written
 * sees another host.
 *
 * Each difference has a class (./classes, docs/whatwg.md), the offset of its
 * cause in the input (found by reading the text as the URL Standard's steps
 * walk it, ./layout: where the backslash, the tab, the hexadecimal IPv4 part
 * is), both values, a one-line message, and `security`: whether it is about
 * the scheme, the userinfo, the host or the port, where a request goes and
 * with which credentials.
 */
import { UriSyntaxError } from '../core/errors';
import { checkOptions, boolean, describeValue, oneOf, UriOptionError, type OptionSpec } from '../core/options';
import { matches, tryParse, zoneGrammar, type ParseResult, type UriRecord } from '../core/parse';
import type { HostKind } from '../core/records';
import { isTripletAt, isUnreservedOctet, tripletOctet } from '../encoding/triplets';
import { tryPercentDecode } from '../encoding/percent-encoding';
import { normalize, normalizeParsed, SCHEME_DEFAULTS } from '../operations/normalize';
import { resolve } from '../operations/resolve';
import type { WhatwgDifferenceClass } from './classes';
import { endsInNumber, whatwgIpv4 } from './ipv4';
import { ipv6Pieces, sameIpv6 } from './ipv6';
import { appendixB, whatwgLayout, type WhatwgLayout } from './layout';
import { isSpecial, whatwgReading, type WhatwgReading } from './runtime';

export type { WhatwgDifferenceClass } from './classes';
export type { WhatwgReading, WhatwgHostKind } from './runtime';

/** The components compared. `userinfo` is the user and the password (":" between them when there is a password). */
export type WhatwgComponent = 'scheme' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment';

export interface WhatwgDifference {
  readonly component: WhatwgComponent;
  readonly class: WhatwgDifferenceClass;
  /** The UTF-16 offset in the input of the cause (the backslash, the tab, the hexadecimal part, the "%"). */
  readonly offset: number;
  /** The component as RFC 3986 reads it (as written; resolved against the base when there is one), or null when it has none. */
  readonly rfc3986: string | null;
  /** The component as the WHATWG URL has it (its serialization), or null when it has none. */
  readonly whatwg: string | null;
  readonly message: string;
  /** True when it is about the scheme, the userinfo, the host or the port: where a request goes and with which credentials. */
  readonly security: boolean;
}

/** What RFC 3986 (or RFC 3987) made of the input. */
export type Rfc3986Reading =
  | {
      readonly valid: true;
      /** With a base: the target, resolved by RFC 3986 5.2 (strict). Without one: undefined. */
      readonly target: string | undefined;
      readonly scheme: string | undefined;
      readonly userinfo: string | undefined;
      /** The userinfo's user: up to its first ":" (RFC 3986 3.2.1), or undefined without a userinfo. */
      readonly user: string | undefined;
      /** What follows the userinfo's first ":", or undefined when it has none. */
      readonly password: string | undefined;
      readonly host: string | undefined;
      readonly hostKind: HostKind | undefined;
      readonly port: string | undefined;
      readonly path: string;
      readonly query: string | undefined;
      readonly fragment: string | undefined;
    }
  | { readonly valid: false; readonly error: UriSyntaxError };

export type WhatwgVerdict = 'same' | 'differs' | 'rfc3986-only' | 'whatwg-only' | 'neither';

export interface WhatwgComparison {
  readonly input: string;
  readonly verdict: WhatwgVerdict;
  readonly rfc3986: Rfc3986Reading;
  readonly whatwg: WhatwgReading;
  /** One entry per component that differs (a one-sided verdict: its cause, and what can be compared besides). */
  readonly differences: readonly WhatwgDifference[];
  /** Components written otherwise that are equal after RFC 3986 6.2.2 and 6.2.3 (never security: the same URI by RFC 3986 6). */
  readonly notes: readonly WhatwgDifference[];
}

export interface WhatwgCompareOptions {
  /** A base URI: the input is read against it by both (RFC 3986 5.2; the URL parser's base). It must be an absolute URI that both read alike. */
  readonly base?: string;
  /** 'rfc3986' (default) or 'rfc3987': the input is an IRI, compared as RFC 3987 reads it. */
  readonly grammar?: 'rfc3986' | 'rfc3987';
  /** true: RFC 6874's zone identifiers in IP-literals (`[fe80::1%25en1]`), as parse() takes them. A departure from RFC 3986, off by default. */
  readonly zoneId?: boolean;
}

const OPTIONS: OptionSpec = {
  base: (value) => (typeof value === 'string' ? undefined : `must be a string, got ${describeValue(value)}`),
  grammar: oneOf(['rfc3986', 'rfc3987']),
  zoneId: boolean,
};

const COMPONENTS: readonly WhatwgComponent[] = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
const SECURITY_COMPONENTS: ReadonlySet<WhatwgComponent> = new Set(['scheme', 'userinfo', 'host', 'port']);

// ---------------------------------------------------------------------------------------------
// Canonical forms (RFC 3986 6.2.2.1, 6.2.2.2), component by component.

/** A triplet canonicalTriplets changes: a lower-case hex digit, or an unreserved character's (ALPHA, DIGIT, "-", ".", "_", "~"). */
const CHANGED_TRIPLET = /%(?:[0-9A-Fa-f][a-f]|[a-f][0-9A-F]|4[1-9A-F]|5[0-9AF]|6[1-9A-F]|7[0-9AE]|3[0-9]|2[DE])/;

/** Triplets with upper-case hex digits, and those of unreserved characters decoded (6.2.2.1, 6.2.2.2); a "%" that begins none is kept. */
function canonicalTriplets(text: string): string {
  // Most components have no triplet to change (none with a lower-case hex digit, none of an unreserved character): one scan.
  if (!text.includes('%') || !CHANGED_TRIPLET.test(text)) return text;
  return text.replace(/%[0-9A-Fa-f]{2}/g, (t) => {
    const octet = tripletOctet(t, 0);
    return isUnreservedOctet(octet) ? String.fromCharCode(octet) : t.toUpperCase();
  });
}

/** A name in a message (a scheme), cut at 30 characters. */
const cut = (name: string): string => (name.length > 30 ? `${name.slice(0, 30)}…` : name);

/** A value in a message: quoted, and cut at 60 characters (a message stays a line, whatever the input's length). */
function q(value: string | undefined | null): string {
  if (value === undefined || value === null) return 'none';
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}

/** ASCII letters lower-cased outside triplets (whose hex digits 6.2.2.1 wants upper-case). */
function lowerOutsideTriplets(text: string): string {
  return text.replace(/%[0-9A-Fa-f]{2}|[^%]+|%/g, (part) => (part.length === 3 && part[0] === '%' ? part : part.replace(/[A-Z]+/g, (s) => s.toLowerCase())));
}

/** A port without its leading zeros; undefined for none or an empty one. */
function portValue(port: string | undefined): string | undefined {
  if (port === undefined || port === '') return undefined;
  return port.replace(/^0+(?=\d)/, '');
}

/** The components, as text, of one reading (a record's; the WHATWG URL's with its userinfo as user[:password]). */
type Parts = Pick<UriRecord, WhatwgComponent>;

/** The WHATWG URL's components as text, userinfo as RFC 3986 writes it ("user:password", "user", or none). */
function whatwgParts(w: Extract<WhatwgReading, { valid: true }>): Parts {
  const userinfo = w.username === '' && w.password === '' ? undefined : w.password === '' ? w.username : `${w.username}:${w.password}`;
  // A path that begins with "//" in a URL without a host is serialized after "/." (URL serializing), as RFC 3986 5.2.4 has it too: the path of the href.
  const path = w.host === undefined && w.path.startsWith('//') ? `/.${w.path}` : w.path;
  return { scheme: w.scheme, userinfo, host: w.host, port: w.port, path, query: w.query, fragment: w.fragment };
}

/** A userinfo as (user, password): the WHATWG URL has no absent userinfo or password, so none is "" and "user:" is "user". */
function userPassword(userinfo: string | undefined): [string, string] {
  if (userinfo === undefined) return ['', ''];
  const colon = userinfo.indexOf(':');
  return colon < 0 ? [userinfo, ''] : [userinfo.slice(0, colon), userinfo.slice(colon + 1)];
}

/** The canonical form of each component of the WHATWG URL by RFC 3986 6.2.2 and 6.2.3 (its dot segments are already gone). */
function canonicalWhatwg(p: Parts): Parts {
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
function canonicalRfc(uri: string, grammar: 'rfc3986' | 'rfc3987', zoneId: boolean, record?: UriRecord): Parts | undefined {
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

function partsOf(r: UriRecord): Parts {
  return { scheme: r.scheme, userinfo: r.userinfo, host: r.host, port: r.port, path: r.path, query: r.query, fragment: r.fragment };
}

/** Whether two hosts are one address: two IPv6 literals (or two dotted quads) of the same value. */
function sameAddress(a: string, b: string): boolean {
  if (a.startsWith('[') && b.startsWith('[')) {
    const x = ipv6Pieces(a.slice(1, -1));
    const y = ipv6Pieces(b.slice(1, -1));
    return x !== undefined && y !== undefined && sameIpv6(x, y);
  }
  return false;
}

/** For a file URL, RFC 8089 2: no authority, an empty host and "localhost" are all the local machine. */
function fileLocal(host: string | undefined): boolean {
  return host === undefined || host === '' || host.toLowerCase() === 'localhost';
}

type Compared = 'same' | 'note' | 'differs';

/** How one component compares: the same text, equal in canonical form (a note), or different. */
function compareComponent(c: WhatwgComponent, raw: Parts, w: Parts, rc: () => Parts | undefined, wc: () => Parts, scheme: string, whatwgDomain: boolean): Compared {
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
function sameLabels(host: string, whatwgHost: string): boolean {
  const decoded = tryPercentDecode(host);
  if (decoded === undefined || !/[^\x00-\x7f]/.test(decoded)) return false;
  const dots = (t: string): number => {
    let n = 0;
    for (let i = t.indexOf('.'); i >= 0; i = t.indexOf('.', i + 1)) n++;
    return n;
  };
  return dots(decoded) === dots(whatwgHost);
}

// ---------------------------------------------------------------------------------------------
// Causes: the class and the offset of a difference, from the text.

interface Cause {
  readonly cls: WhatwgDifferenceClass;
  readonly offset: number;
  readonly why: string;
}

/** Each class's message, where the cause does not say more. */
const MESSAGES: Readonly<Record<WhatwgDifferenceClass, string>> = {
  'control-or-space-trimmed': 'WHATWG drops leading and trailing C0 controls and spaces; RFC 3986 allows none',
  'tab-or-newline': 'WHATWG removes every tab, LF and CR anywhere; RFC 3986 allows none',
  backslash: 'in a special URL WHATWG reads "\\" as "/": it ends the authority and separates path segments',
  slashes: 'a special URL has an authority after any number of slashes (none, one, three); RFC 3986 only after exactly "//"',
  'empty-host': 'WHATWG refuses a special URL (or a URL with userinfo or a port) with an empty host; RFC 3986 allows an empty reg-name',
  userinfo: 'WHATWG splits the authority at its last "@", taking earlier ones into the userinfo; RFC 3986 allows one',
  'percent-encoded-host': 'WHATWG percent-decodes a host before it reads it; RFC 3986 keeps the triplets (equal only for unreserved ones, 6.2.2.2)',
  'ipv4-number-form': 'WHATWG reads hexadecimal, octal, fewer than four parts or one number as an IPv4 address; RFC 3986 reads a reg-name',
  'ipv4-trailing-dot': 'WHATWG reads a dotted IPv4 address with a trailing "." as the address; RFC 3986 reads a reg-name',
  'host-ends-in-number': 'a host whose last label is a number must be an IPv4 address to WHATWG, which refuses it otherwise; RFC 3986 reads a reg-name',
  'idna-mapping': 'WHATWG maps a non-ASCII host by UTS 46 (U+3002 becomes "."); RFC 3986 allows no non-ASCII, RFC 3987 keeps it as written',
  'opaque-host': 'a non-special URL\'s host is percent-encoded as written, never decoded or mapped by IDNA',
  'ipv6-form': 'WHATWG reads IPv6 only (no IPvFuture) and writes it compressed; RFC 3986 also takes IPvFuture; addresses compare by value',
  'zone-id': 'an IPv6 zone identifier, allowed by RFC 6874 (zoneId: true), is refused by WHATWG',
  'port-out-of-range': 'WHATWG refuses a port above 65535; RFC 3986 allows any digits',
  'default-port': 'a default port is dropped by WHATWG for its six special schemes, by RFC 3986 6.2.3 for the schemes whose specifications give one',
  'port-leading-zeros': 'WHATWG writes a port as a number, without leading zeros; RFC 3986 keeps the digits (the same port)',
  'file-host': 'a file URL has a host, possibly empty ("localhost" is empty), and no userinfo or port',
  'windows-drive-letter': 'WHATWG reads a Windows drive letter where a file URL\'s host is as the first path segment',
  case: 'letter case of the scheme, a host or a percent-encoding\'s hex digits, which RFC 3986 6.2.2.1 makes equivalent',
  'percent-encoding': 'WHATWG percent-encodes a character that RFC 3986 allows as itself there ("\'" in a special URL\'s query, ";" or "=" in userinfo)',
  'invalid-character': 'a character RFC 3986 does not allow (a space, "|", a second "#", non-ASCII...), which WHATWG percent-encodes or keeps',
  'dot-segment-encoded': 'WHATWG removes "%2e%2e" as ".."; RFC 3986 does only after 6.2.2.2 decodes it: a server that does not normalize sees another path',
  'path-normalization': 'WHATWG removes dot segments and writes a special URL\'s empty path as "/"; RFC 3986 does so by 6.2.2.3 and, for some schemes only, 6.2.3',
  'relative-reference': 'without a base, WHATWG refuses a relative reference that RFC 3986 reads; with one, a special scheme equal to the base\'s is read as relative',
  other: 'none of the above: never a difference of scheme, userinfo, host or port (a test checks)',
};

const cause = (cls: WhatwgDifferenceClass, offset: number, why: string = MESSAGES[cls]): Cause => ({ cls, offset, why });

/** The first of `re` in text[from, to), as an offset, or -1. */
function firstIn(text: string, from: number, to: number, re: RegExp): number {
  for (let i = from; i < to; i++) if (re.test(text[i])) return i;
  return -1;
}

/** Whether a path has an encoded dot segment ("%2e", ".%2e", "%2E%2E" ...), and where. */
function encodedDotSegment(path: string): number {
  const m = /(?:^|\/)((?:%2[eE]|\.){1,2})(?=\/|$)/.exec(path);
  if (m === null || !m[1].includes('%')) return -1;
  return m.index + m[0].length - m[1].length;
}

/** A Windows drive letter as the URL Standard has it: an ASCII letter and ":" or "|". */
const DRIVE_LETTER = /^[A-Za-z][:|]$/;

/** The context a classifier needs: the input, its layout, the RFC record of the input (when valid), the scheme. */
interface Context {
  readonly input: string;
  readonly layout: WhatwgLayout;
  readonly record: UriRecord | undefined;
  readonly scheme: string;
  readonly special: boolean;
  readonly base: string | undefined;
  readonly grammar: 'rfc3986' | 'rfc3987';
  /** Whether the base, by the URL parser, has an opaque path (it then takes no relative reference but a fragment). */
  readonly baseOpaque: boolean;
}

/** The input offset where a component of the input's RFC record starts (or, absent, where it would be). */
function spanStart(ctx: Context, c: 'scheme' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment'): number {
  const span = ctx.record?.spans[c];
  if (span !== undefined) return span[0];
  return ctx.record?.spans.path[0] ?? 0;
}

/**
 * Where index `i` of the RFC reading's component `c` (whose text is `text`)
 * is in the parsed text: in the text's own component, or, for a part that
 * comes from the base (a merged path), at the component's start.
 */
function locator(ctx: Context, c: WhatwgComponent, text: string): (i: number) => number {
  const start = spanStart(ctx, c);
  const own = ctx.record?.[c];
  if (own === undefined) return () => start;
  if (own === text) return (i) => start + i;
  const shift = text.length - own.length;
  if (shift > 0 && text.endsWith(own)) return (i) => start + Math.max(0, i - shift);
  return () => start;
}

/**
 * Where the slashes after a special URL's scheme make the two read other
 * components: not exactly "//" (none, one, three or more), or, against a base
 * of the same scheme, none at all (read as relative to the base). Undefined
 * when the slashes are not the cause. A file URL's slashes are not: to both,
 * no authority, an empty host and "localhost" are the local machine.
 */
function slashCause(ctx: Context, rfcHasAuthority: boolean, whatwgHasHost: boolean): Cause | undefined {
  const { layout } = ctx;
  if (!ctx.special || ctx.scheme === 'file') return undefined;
  if (layout.authority === undefined) {
    if (rfcHasAuthority === whatwgHasHost) return undefined;
    return cause('slashes', layout.afterScheme, `with a base of the same special scheme, WHATWG reads "${cut(ctx.scheme)}:" without "//" as relative to the base (special relative or authority state); RFC 3986 5.2.2 (strict) as a URI of its own`);
  }
  const { start, end } = layout.slashes;
  const n = end - start;
  if (n === 2 && rfcHasAuthority) return undefined;
  return cause('slashes', n < 2 ? end : start + 2, `"${cut(ctx.scheme)}:" then ${n === 0 ? 'no "/"' : n === 1 ? 'one "/"' : `${n} "/"`}: WHATWG reads the authority of a special URL after any number of slashes (special authority ignore slashes state); RFC 3986 3.2 only after exactly "//"`);
}

/** The cause of a host difference when both read the input (and the slashes are not the cause). */
function hostCause(ctx: Context, raw: string | undefined, rawKind: HostKind | undefined, w: Extract<WhatwgReading, { valid: true }>): Cause {
  const host = raw ?? '';
  const from = locator(ctx, 'host', host);
  const at = from(0);
  if (ctx.scheme === 'file' && DRIVE_LETTER.test(host + (ctx.record?.port === '' ? ':' : ''))) {
    return cause('windows-drive-letter', at, `WHATWG reads "${host}:" where a file URL's host is as a Windows drive letter, the first path segment (file host state); RFC 3986 as the host ${q(host)}`);
  }
  const percent = host.indexOf('%');
  if (percent >= 0 && w.hostKind !== 'opaque') {
    return cause('percent-encoded-host', from(percent), `WHATWG percent-decodes the host before it reads it (host parser) and gets ${q(w.host)}; RFC 3986 keeps the triplets of a reg-name (3.2.2)`);
  }
  if (w.hostKind === 'IPv4' && rawKind === 'reg-name') {
    const lower = host.toLowerCase();
    if (lower.endsWith('.') && matches('IPv4address', lower.slice(0, -1))) {
      return cause('ipv4-trailing-dot', from(host.length - 1), `WHATWG reads ${q(host)} as the IPv4 address ${w.host} (the IPv4 parser drops a trailing "."); RFC 3986 as a reg-name (3.2.2)`);
    }
    const v = whatwgIpv4(lower);
    if (v.ok) {
      const odd = v.parts.find((p) => p.radix !== 10) ?? v.parts[v.parts.length - 1];
      const form = odd.radix === 16 ? `the hexadecimal part ${q(odd.text)}` : odd.radix === 8 ? `the octal part ${q(odd.text)}` : v.parts.length === 1 ? 'one number' : `${v.parts.length} parts`;
      return cause('ipv4-number-form', from(odd.start), `WHATWG reads ${q(host)} (${form}) as the IPv4 address ${w.host} (IPv4 parser); RFC 3986 as a reg-name, IPv4address being dotted decimal (3.2.2, 7.4)`);
    }
  }
  const nonAscii = firstIn(host, 0, host.length, /[^\x00-\x7f]/);
  if (w.hostKind === 'opaque' || (w.hostKind === 'empty' && !ctx.special)) {
    return cause('opaque-host', from(Math.max(0, nonAscii)), `a ${cut(ctx.scheme)} URL's host is opaque to WHATWG: kept as written, its non-ASCII percent-encoded (${q(w.host)}); RFC 3986 reads ${q(host)}`);
  }
  if (nonAscii >= 0) {
    return cause('idna-mapping', from(nonAscii), `WHATWG maps the host by UTS 46 to ${q(w.host)} (domain parser); RFC ${ctx.grammar === 'rfc3987' ? '3987' : '3986'} keeps ${q(host)}`);
  }
  return cause('other', at);
}

/** The cause of a difference in the userinfo, path, query or fragment when both read the input (and the slashes are not the cause). */
function otherCause(ctx: Context, c: WhatwgComponent, raw: Parts, w: Parts): Cause {
  const rawText = raw[c] ?? '';
  const from = locator(ctx, c, rawText);
  const at = from(0);
  if (c === 'path') {
    if (ctx.scheme === 'file' && DRIVE_LETTER.test(`${ctx.record?.host ?? ''}:`)) return cause('windows-drive-letter', spanStart(ctx, 'host'));
    const encoded = encodedDotSegment(rawText);
    if (encoded >= 0) return cause('dot-segment-encoded', from(encoded));
    if (rawText === '' && w.path === '/') return cause('path-normalization', at, `WHATWG writes the empty path of a special URL as "/"; RFC 3986 6.2.3 does so only where the scheme's specification says (${cut(ctx.scheme)} does not)`);
  }
  // The same octets once percent-decoded: WHATWG percent-encoded what RFC 3986 (or RFC 3987) allows as itself.
  const decoded = (t: string | undefined): string => (t === undefined ? '' : (tryPercentDecode(t) ?? t));
  const same = c === 'userinfo' ? userPassword(raw.userinfo).map(decoded).join(':') === userPassword(w.userinfo).map(decoded).join(':') : decoded(raw[c]) === decoded(w[c]);
  if (same) {
    const where = c === 'userinfo' ? userinfoEncodedAt(rawText) : Math.max(0, firstIn(rawText, 0, rawText.length, /['\u0080-\uffff]/));
    const set = `the ${c === 'query' && ctx.special ? 'special-query' : c} percent-encode set`;
    const rfc = ctx.grammar === 'rfc3987' ? 'RFC 3987' : 'RFC 3986';
    return cause('percent-encoding', from(where), `WHATWG percent-encodes what ${rfc} allows as itself here (${set}): ${q(w[c])} for ${q(rawText)}, the same octets once decoded, not the same URI by RFC 3986 2.2`);
  }
  if (c === 'userinfo') return cause('userinfo', at);
  return cause(c === 'path' ? 'path-normalization' : 'other', at);
}

/** In a userinfo, the first character that WHATWG percent-encodes and RFC 3986 allows (";", "=", a second ":"). */
function userinfoEncodedAt(userinfo: string): number {
  const colon = userinfo.indexOf(':');
  for (let i = 0; i < userinfo.length; i++) if (i !== colon && ';=:'.includes(userinfo[i])) return i;
  return 0;
}

/** The class of a note: a component written otherwise, equal in canonical form. */
function noteCause(ctx: Context, c: WhatwgComponent, raw: Parts, w: Parts): Cause {
  const text = raw[c] ?? '';
  const from = locator(ctx, c, text);
  const at = from(0);
  switch (c) {
    case 'host': {
      if (ctx.scheme === 'file' && fileLocal(raw.host)) return cause('file-host', at, `a file URL's ${raw.host === undefined ? 'missing authority' : q(raw.host)} and WHATWG's empty host are both the local machine (RFC 8089 2; file host state)`);
      if (text.startsWith('[')) return cause('ipv6-form', from(1), `one IPv6 address: WHATWG writes it ${w.host}, compressed and in lower case (IPv6 serializer)`);
      const nonAscii = firstIn(text, 0, text.length, /[^\x00-\x7f]/);
      if (nonAscii >= 0) return cause('idna-mapping', from(nonAscii), `an internationalized name: WHATWG maps it by UTS 46 to ${q(w.host)}; RFC ${ctx.grammar === 'rfc3987' ? '3987 reads' : '3986 reads'} ${q(text)}, the same labels once each is converted by IDNA (RFC 3986 3.2.2, RFC 3987 3.1)`);
      if (text.includes('%')) {
        const idn = /[^\x00-\x7f]/.test(tryPercentDecode(text) ?? '');
        return cause('percent-encoded-host', from(text.indexOf('%')), `WHATWG percent-decodes the host${idn ? ' and maps it by UTS 46' : ''} to ${q(w.host)}; RFC 3986 reads ${q(text)}, ${idn ? 'the same labels once decoded and converted by IDNA (3.2.2)' : 'equal only after 6.2.2.2'} (a check on the text as written sees another host)`);
      }
      return cause('case', from(Math.max(0, firstIn(text, 0, text.length, /[A-Z]/))));
    }
    case 'port':
      if (ctx.scheme === 'file' && DRIVE_LETTER.test(`${raw.host ?? ''}:`)) return cause('windows-drive-letter', at - 1);
      if (raw.port === undefined || raw.port === '' || w.port === undefined) return cause(raw.port === '' ? 'default-port' : 'default-port', at - 1, `${raw.port === undefined ? `WHATWG keeps the port ${w.port}, the default of ${cut(ctx.scheme)} by RFC 3986 6.2.3` : raw.port === '' ? 'an empty port: no port (RFC 3986 6.2.3)' : `${raw.port} is the default port of ${cut(ctx.scheme)}, which WHATWG drops`}`);
      return cause('port-leading-zeros', at);
    case 'path': {
      const encoded = encodedDotSegment(text);
      if (encoded >= 0) return cause('dot-segment-encoded', from(encoded), `WHATWG removes the dot segment written ${q(text.slice(encoded, encoded + 6).split('/')[0])}; RFC 3986 only once 6.2.2.2 has decoded it (a server that does not normalize sees another path)`);
      const dots = /(?:^|\/)\.{1,2}(?=\/|$)/.exec(text);
      if (dots !== null || text === '') return cause('path-normalization', from(dots === null ? 0 : dots.index));
      return cause('case', from(Math.max(0, text.indexOf('%'))));
    }
    default:
      return cause('case', from(Math.max(0, text.indexOf('%'))));
  }
}

// ---------------------------------------------------------------------------------------------
// One-sided verdicts.

/** The component of the WHATWG reading (by the layout) where an input offset is; leading characters belong to the scheme. */
function whatwgComponentAt(layout: WhatwgLayout, offset: number): WhatwgComponent {
  const { at, authority: a } = layout;
  if (offset < layout.leadEnd) return 'scheme';
  if (layout.afterScheme > 0 && offset < at(layout.afterScheme)) return 'scheme';
  if (a !== undefined && offset < at(a.end)) {
    if (offset < at(a.start)) return 'host'; // the slashes before it
    if (a.portColon >= 0 && offset > at(a.portColon)) return 'port';
    if (a.userinfoEnd >= 0 && offset <= at(a.userinfoEnd)) return 'userinfo';
    return 'host';
  }
  const from = a?.end ?? layout.afterScheme;
  const rest = layout.text.slice(from);
  const q = rest.search(/[?#]/);
  if (q < 0 || offset < at(from + q)) return 'path';
  if (rest[q] === '#') return 'fragment';
  const h = rest.indexOf('#', q);
  return h < 0 || offset < at(from + h) ? 'query' : 'fragment';
}

/** Whether an input offset lies in the scheme or the authority as either reading takes it (or before them): where a request goes. */
function beforeAuthorityEnd(input: string, layout: WhatwgLayout, offset: number): boolean {
  if (offset < layout.leadEnd) return true;
  const b = appendixB(input);
  const scheme = b.schemeEnd < 0 || !/^[A-Za-z][A-Za-z0-9+.-]*$/.test(input.slice(0, b.schemeEnd)) ? -1 : b.schemeEnd + 1;
  const ends = [b.authority?.end ?? scheme];
  if (layout.authority !== undefined) ends.push(layout.at(layout.authority.end));
  else if (layout.afterScheme > 0) ends.push(layout.at(layout.afterScheme));
  return ends.some((end) => offset < end);
}

/** The cause of a whatwg-only verdict: what is at RFC 3986's error offset. */
function whatwgOnlyCause(input: string, error: UriSyntaxError, layout: WhatwgLayout, w: Extract<WhatwgReading, { valid: true }>): Cause {
  const o = error.offset;
  const ch = input.codePointAt(o);
  if (ch === undefined) {
    // A "%" near the end that begins no triplet: WHATWG keeps it.
    const percent = input.lastIndexOf('%');
    if (percent >= 0 && percent >= input.length - 2) return cause('invalid-character', percent, `a "%" that begins no triplet: WHATWG keeps it as it is; RFC 3986 2.1 allows "%" only before two hex digits`);
    return cause('other', o, `RFC 3986 needs more after the end of the input: ${error.message}`);
  }
  const percent = input[o - 1] === '%' ? o - 1 : input[o - 2] === '%' ? o - 2 : -1;
  if (percent >= 0 && !isTripletAt(input, percent)) return cause('invalid-character', percent, `a "%" that begins no triplet: WHATWG keeps it as it is; RFC 3986 2.1 allows "%" only before two hex digits`);
  if (o < layout.leadEnd || o >= layout.trailStart) return cause('control-or-space-trimmed', o, `WHATWG drops the ${o < layout.leadEnd ? 'leading' : 'trailing'} ${ch === 0x20 ? 'space' : 'C0 control'} (basic URL parser); RFC 3986 allows none`);
  if (ch === 0x09 || ch === 0x0a || ch === 0x0d) return cause('tab-or-newline', o, `WHATWG removes every ASCII tab and newline before parsing (basic URL parser); RFC 3986 allows none`);
  if (ch === 0x5c) return backslashCause(layout, o);
  const component = whatwgComponentAt(layout, o);
  if (ch === 0x40 && (component === 'userinfo' || component === 'host')) return cause('userinfo', o, `WHATWG takes every "@" but the last into the userinfo (authority state), reading the host ${q(w.host)}; RFC 3986 allows one "@"`);
  if (component === 'host' && ch > 0x7f) return cause(layout.special ? 'idna-mapping' : 'opaque-host', o, layout.special ? `WHATWG maps the host by UTS 46 to ${q(w.host)}; RFC 3986 allows no non-ASCII (RFC 3987 reads it as written)` : `WHATWG percent-encodes a non-special URL's host as written (${q(w.host)}); RFC 3986 allows no non-ASCII`);
  const what = ch === 0x20 ? 'a space' : ch === 0x25 ? 'a "%" that begins no triplet' : ch > 0x7f ? 'a non-ASCII character' : ch < 0x20 || ch === 0x7f ? 'a control character' : JSON.stringify(String.fromCodePoint(ch));
  return cause('invalid-character', o, `${what} in the ${component}: WHATWG ${whatwgDoes(ch, component, layout.special, w.opaquePath)}; RFC 3986 allows none there`);
}

/** The ASCII characters each percent-encode set adds to the C0 controls and non-ASCII ("Percent-encoded bytes"). */
const FRAGMENT_SET = ' "<>`';
const QUERY_SET = ' "#<>';
const PATH_SET = `${QUERY_SET}?^\`{}`;
const USERINFO_SET = `${PATH_SET}/:;=@[\\]|`;

/** What the URL parser does with a character RFC 3986 refuses, in a component: which set percent-encodes it, or that it is kept. */
function whatwgDoes(ch: number, component: WhatwgComponent, special: boolean, opaquePath: boolean): string {
  if (component === 'host') return special ? 'takes it into the domain' : 'takes it into the opaque host, a control or non-ASCII percent-encoded';
  const c = String.fromCodePoint(ch);
  const always = ch < 0x20 || ch > 0x7e;
  if (component === 'path' && opaquePath) return always ? 'percent-encodes it (the C0 control percent-encode set)' : 'keeps it as it is (opaque path state)';
  const set = component === 'fragment' ? FRAGMENT_SET : component === 'query' ? (special ? `${QUERY_SET}'` : QUERY_SET) : component === 'path' ? PATH_SET : USERINFO_SET;
  const name = component === 'query' && special ? 'special-query' : component;
  return always || set.includes(c) ? `percent-encodes it (the ${name} percent-encode set)` : 'keeps it as it is';
}

/** What WHATWG does with the backslash at input offset `o`, by where it is. */
function backslashCause(layout: WhatwgLayout, o: number): Cause {
  const component = whatwgComponentAt(layout, o);
  const a = layout.authority;
  let how: string;
  if (!layout.special) how = `WHATWG keeps "\\" in a ${cut(layout.scheme ?? 'non-special')} URL as it is`;
  else if (component === 'query' || component === 'fragment') how = `WHATWG keeps "\\" in the ${component} as it is`;
  else if (a !== undefined && o === layout.at(a.end)) how = 'WHATWG reads "\\" as "/" in a special URL: here it ends the authority (authority state, host state)';
  else if (o >= layout.at(layout.slashes.start) && o < layout.at(layout.slashes.end)) how = 'WHATWG reads "\\" as "/" before the host of a special URL (special authority slashes state)';
  else how = 'WHATWG reads "\\" as "/" in the path of a special URL (path state)';
  return cause('backslash', o, `${how}; RFC 3986 allows no "\\"`);
}

/** The cause of an rfc3986-only verdict: why the URL parser refuses what RFC 3986 reads. */
function rfcOnlyCause(ctx: Context, r: UriRecord, zoneId: boolean, failure: string): Cause {
  const { layout } = ctx;
  if (r.scheme === undefined && ctx.base === undefined) return cause('relative-reference', 0, 'a relative reference: WHATWG needs a base to read it (no scheme state); RFC 3986 4.2 reads it as it is');
  if (r.scheme === undefined && ctx.baseOpaque) return cause('relative-reference', 0, 'WHATWG reads no relative reference against a base with an opaque path (no scheme state), but a fragment; RFC 3986 5.2 resolves it');
  const host = r.host;
  const hostAt = spanStart(ctx, 'host');
  if (host !== undefined) {
    if (r.hostKind === 'IPvFuture') return cause('ipv6-form', hostAt + 1, 'WHATWG reads only IPv6 in brackets (IPv6 parser); RFC 3986 3.2.2 also IPvFuture');
    if (zoneId && host.startsWith('[') && host.includes('%25')) return cause('zone-id', hostAt + host.indexOf('%25'), 'WHATWG refuses an IPv6 zone identifier (IPv6 parser); RFC 6874 allows it');
    if (ctx.scheme === 'file' && (r.userinfo !== undefined || r.port !== undefined)) {
      return cause('file-host', r.userinfo !== undefined ? spanStart(ctx, 'userinfo') : spanStart(ctx, 'port') - 1, 'a file URL has no userinfo or port to WHATWG (file host state); RFC 3986 reads them');
    }
    if (host === '' && (ctx.special || r.userinfo !== undefined || r.port !== undefined)) return cause('empty-host', hostAt, `WHATWG refuses ${ctx.special ? `a ${cut(ctx.scheme)} URL` : 'userinfo or a port'} without a host (host-missing); RFC 3986 3.2.2 allows an empty reg-name`);
    const port = portValue(r.port);
    if (port !== undefined && (port.length > 5 || Number(port) > 65535)) return cause('port-out-of-range', spanStart(ctx, 'port'), `WHATWG refuses a port above 65535 (port state); RFC 3986 3.2.3 allows any digits`);
    if (!host.startsWith('[')) {
      const percent = host.indexOf('%');
      if (percent >= 0 && ctx.special) return cause('percent-encoded-host', hostAt + percent, `WHATWG percent-decodes the host and refuses what it decodes to (a forbidden domain code point, or octets that are not UTF-8); RFC 3986 3.2.2 keeps the triplets`);
      const nonAscii = firstIn(host, 0, host.length, /[^\x00-\x7f]/);
      if (nonAscii >= 0 && ctx.special) return cause('idna-mapping', hostAt + nonAscii, 'WHATWG refuses the host by UTS 46 ToASCII (domain parser); RFC 3987 reads it as written');
      const lower = host.toLowerCase();
      const aLabel = /(?:^|\.)xn--/.exec(lower);
      if (aLabel !== null && ctx.special) return cause('idna-mapping', hostAt + aLabel.index + (lower[aLabel.index] === '.' ? 1 : 0), 'WHATWG refuses an "xn--" label that is no valid Punycode A-label (domain parser, UTS 46 ToASCII); RFC 3986 reads a reg-name');
      if (ctx.special && endsInNumber(lower)) {
        const v = whatwgIpv4(lower);
        if (!v.ok) return cause('host-ends-in-number', hostAt + v.offset, `the host ends in a number, so WHATWG reads it as an IPv4 address and refuses it (${v.reason.replace(/-/g, ' ')}); RFC 3986 reads a reg-name (3.2.2)`);
      }
    }
  } else if (ctx.special && ctx.scheme !== 'file') {
    return cause('empty-host', layout.at(layout.authority?.start ?? layout.text.length), `WHATWG reads the host of a ${cut(ctx.scheme)} URL after "${cut(ctx.scheme)}:" with or without slashes, finds none and refuses it (host-missing); RFC 3986 reads no authority`);
  }
  return cause('other', 0, `WHATWG refuses it (${failure}); RFC 3986 reads it`);
}

// ---------------------------------------------------------------------------------------------
// The comparison.

type ValidWhatwg = Extract<WhatwgReading, { valid: true }>;

function difference(c: WhatwgComponent, k: Cause, rfc: string | undefined, w: string | undefined, security: boolean): WhatwgDifference {
  return { component: c, class: k.cls, offset: k.offset, rfc3986: rfc ?? null, whatwg: w ?? null, message: k.why, security };
}

/** A component's value for the report: userinfo as user[:password]. */
const valueOf = (p: Parts, c: WhatwgComponent): string | undefined => p[c];

/** Classes of a difference in scheme, userinfo, host or port that are not about where a request goes. */
const NOT_SECURITY: ReadonlySet<WhatwgDifferenceClass> = new Set(['percent-encoding', 'case', 'default-port', 'port-leading-zeros', 'relative-reference']);

/** The differences and notes between the RFC reading `raw` (its canonical form `rfcCanonical`) and the WHATWG reading. */
function compareReadings(ctx: Context, raw: Parts, rawKind: HostKind | undefined, rfcCanonical: () => Parts | undefined, w: ValidWhatwg, only?: ReadonlySet<WhatwgComponent>): { differences: WhatwgDifference[]; notes: WhatwgDifference[] } {
  const wp = whatwgParts(w);
  let wcanon: Parts | undefined;
  const wc = () => (wcanon ??= canonicalWhatwg(wp));
  const differences: WhatwgDifference[] = [];
  const notes: WhatwgDifference[] = [];
  let slashes: Cause | undefined | null = null;
  for (const c of COMPONENTS) {
    if (only !== undefined && !only.has(c)) continue;
    // The common case: the same text.
    if (raw[c] === wp[c]) continue;
    const how = compareComponent(c, raw, wp, rfcCanonical, wc, ctx.scheme, w.hostKind === 'domain');
    if (how === 'same') continue;
    if (how === 'note') {
      const k = noteCause(ctx, c, raw, wp);
      notes.push(difference(c, { ...k, offset: ctx.layout.at(k.offset) }, valueOf(raw, c), valueOf(wp, c), false));
      continue;
    }
    if (slashes === null) slashes = slashCause(ctx, raw.host !== undefined, w.host !== undefined);
    let k: Cause;
    // Slashes move the authority's bounds (and, read relative to a base, every component after the scheme).
    if (slashes !== undefined && c !== 'scheme' && ((c !== 'query' && c !== 'fragment') || ctx.layout.authority === undefined)) k = slashes;
    else if (c === 'host') k = hostCause(ctx, raw.host, rawKind, w);
    else if (c === 'port' && ctx.scheme === 'file') k = cause('windows-drive-letter', spanStart(ctx, 'port') - 1);
    else k = otherCause(ctx, c, raw, wp);
    differences.push(difference(c, { ...k, offset: ctx.layout.at(k.offset) }, valueOf(raw, c), valueOf(wp, c), SECURITY_COMPONENTS.has(c) && !NOT_SECURITY.has(k.cls)));
  }
  return { differences, notes };
}

interface BaseReading {
  readonly key: string;
  /** Its scheme, lower-cased. */
  readonly scheme: string;
  /** Whether the URL parser gives it an opaque path. */
  readonly opaque: boolean;
  /** How the two read it: a reference takes the differences of what it takes from the base. */
  readonly comparison: WhatwgComparison;
}

/** The last base read: a base is read once, however many references are read against it. */
let lastBase: BaseReading | undefined;

/** The base, checked (an absolute URI by RFC 3986 5.1, and one the URL parser reads: else a UriOptionError) and read by both. */
function readBase(base: string, grammar: 'rfc3986' | 'rfc3987', zoneId: boolean): BaseReading {
  const key = `${grammar}\u0000${zoneId}\u0000${base}`;
  if (lastBase?.key === key) return lastBase;
  const rule = grammar === 'rfc3987' ? 'IRI' : 'URI';
  const r = tryParse(base, { grammar, rule, ...(zoneId ? { zoneId } : {}) });
  if (!r.ok) throw new UriOptionError('compareWithWhatwg', 'base', base, `option base must be an absolute ${rule} (RFC ${grammar === 'rfc3987' ? '3987' : '3986'} 5.1): ${r.error.message}`);
  const comparison = compareWithWhatwg(base, zoneId ? { grammar, zoneId } : { grammar });
  if (!comparison.whatwg.valid) throw new UriOptionError('compareWithWhatwg', 'base', base, `option base must be a URL the URL parser reads, and it refuses ${q(base)}: ${comparison.whatwg.error.message}`);
  lastBase = { key, scheme: (r.value.scheme as string).toLowerCase(), opaque: comparison.whatwg.opaquePath, comparison };
  return lastBase;
}

/** The components a reference takes from its base (RFC 3986 5.2.2, strict). */
function fromBase(r: UriRecord): ReadonlySet<WhatwgComponent> {
  if (r.scheme !== undefined) return new Set();
  if (r.authority !== undefined) return new Set(['scheme']);
  if (r.path === '') return new Set(r.query === undefined ? ['scheme', 'userinfo', 'host', 'port', 'path', 'query'] : ['scheme', 'userinfo', 'host', 'port', 'path']);
  return new Set(['scheme', 'userinfo', 'host', 'port']);
}

/**
 * Compares the reading of `input` by RFC 3986 (or RFC 3987) with the WHATWG
 * URL Standard's, as the runtime's URL reads it: the verdict, both readings,
 * each difference with its class, the offset of its cause and whether it is
 * about where a request goes (`security`), and the notes (written otherwise,
 * equal in canonical form).
 */
export function compareWithWhatwg(input: string, options?: WhatwgCompareOptions): WhatwgComparison {
  if (typeof input !== 'string') throw new TypeError(`compareWithWhatwg: expected the input as a string, got ${input === null ? 'null' : typeof input}`);
  checkOptions('compareWithWhatwg', options, OPTIONS);
  return comparison(input, options);
}

/**
 * compareWithWhatwg with the options checked, for lint, which has parsed the
 * input already (by RFC 3986's URI-reference, the options' grammar): `parsed`
 * is that result, so that the input is not parsed twice.
 */
export function comparison(input: string, options: WhatwgCompareOptions | undefined, parsedAlready?: ParseResult): WhatwgComparison {
  const grammar = options?.grammar ?? 'rfc3986';
  const zoneId = options?.zoneId === true;
  if (options !== undefined) zoneGrammar(grammar, options.zoneId, 'compareWithWhatwg');
  const base = options?.base;
  const baseReading = base === undefined ? undefined : readBase(base, grammar, zoneId);
  const baseScheme = baseReading?.scheme;
  // No options object for the default (RFC 3986): parse's fast path.
  const parseOptions = zoneId ? { grammar, zoneId } : grammar === 'rfc3986' ? undefined : { grammar };
  const parsed = parsedAlready ?? tryParse(input, parseOptions);
  const whatwg = whatwgReading(input, base, base === undefined && parsed.ok ? parsed.value : undefined);

  let rfc: Rfc3986Reading;
  let record: UriRecord | undefined;
  let target: UriRecord | undefined;
  let targetText: string | undefined;
  if (!parsed.ok) {
    rfc = { valid: false, error: parsed.error };
  } else {
    record = parsed.value;
    target = record;
    if (base !== undefined) {
      targetText = resolve(base, input, parseOptions);
      const t = tryParse(targetText, parseOptions);
      // resolve() gives a valid URI for a valid reference and base (RFC 3986 5.2): anything else is a bug in urigram.
      if (!t.ok) throw new Error(`internal error: the target ${q(targetText)} of a valid reference is not valid: ${t.error.message}`);
      target = t.value;
    }
    const t = target;
    const colon = t.userinfo === undefined ? -1 : t.userinfo.indexOf(':');
    const user = t.userinfo === undefined || colon < 0 ? t.userinfo : t.userinfo.slice(0, colon);
    const password = colon < 0 ? undefined : (t.userinfo as string).slice(colon + 1);
    rfc = { valid: true, target: targetText, scheme: t.scheme, userinfo: t.userinfo, user, password, host: t.host, hostKind: t.hostKind, port: t.port, path: t.path, query: t.query, fragment: t.fragment };
  }

  // Both read it, component by component the same text (most URLs): nothing more to work out.
  if (target !== undefined && whatwg.valid && baseReading === undefined && sameText(target, whatwg)) return { input, verdict: 'same', rfc3986: rfc, whatwg, differences: NONE, notes: NONE };

  const scheme = whatwg.valid ? whatwg.scheme : (target?.scheme ?? appendixScheme(input) ?? baseScheme ?? '').toLowerCase();
  // The layout is read only when there is a cause to place.
  let layout: WhatwgLayout | undefined;
  const ctx: Context = {
    input,
    get layout(): WhatwgLayout {
      return (layout ??= whatwgLayout(input, baseScheme));
    },
    record,
    scheme,
    special: isSpecial(scheme),
    base,
    grammar,
    baseOpaque: baseReading?.opaque === true,
  };

  if (record !== undefined && target !== undefined && whatwg.valid) {
    const uri = targetText ?? input;
    let canonical: Parts | undefined | null = null;
    const rc = () => (canonical === null ? (canonical = canonicalRfc(uri, grammar, zoneId, target)) : canonical);
    const { differences, notes } = compareReadings(ctx, partsOf(target), target.hostKind, rc, whatwg);
    if (baseReading !== undefined && baseReading.comparison.verdict !== 'same') inheritFromBase(differences, fromBase(record), baseReading.comparison);
    return { input, verdict: differences.length === 0 ? 'same' : 'differs', rfc3986: rfc, whatwg, differences, notes };
  }
  if (record !== undefined && !whatwg.valid) {
    const k = rfcOnlyCause(ctx, record, zoneId, whatwg.error.message);
    const component = HOST_CLASSES.has(k.cls) ? 'host' : k.cls === 'port-out-of-range' ? 'port' : k.cls === 'relative-reference' ? 'scheme' : componentOfRecord(record, k.offset);
    const security = k.cls !== 'relative-reference' && SECURITY_COMPONENTS.has(component);
    const rfcValue = valueOf(partsOf(target ?? record), component);
    return { input, verdict: 'rfc3986-only', rfc3986: rfc, whatwg, differences: [difference(component, k, rfcValue, undefined, security)], notes: [] };
  }
  if (!parsed.ok && whatwg.valid) {
    return { input, verdict: 'whatwg-only', rfc3986: rfc, whatwg, differences: whatwgOnlyDifferences(ctx, parsed.error, whatwg, grammar, zoneId), notes: [] };
  }
  return { input, verdict: 'neither', rfc3986: rfc, whatwg, differences: NONE, notes: NONE };
}

/** No entries: one frozen array, shared (the result's lists are read-only). */
const NONE: readonly WhatwgDifference[] = Object.freeze([]);

/** Whether the two readings have the same text in every component (the WHATWG userinfo as RFC 3986 writes it). */
function sameText(r: UriRecord, w: ValidWhatwg): boolean {
  if (r.path !== w.path || r.host !== w.host || r.scheme !== w.scheme || r.port !== w.port || r.query !== w.query || r.fragment !== w.fragment) return false;
  if (r.userinfo === undefined) return w.username === '' && w.password === '';
  return r.userinfo === (w.password === '' ? w.username : `${w.username}:${w.password}`);
}

/**
 * A difference in a component the reference takes from the base is the
 * base's: its class and message, with offset -1 (the cause is not in the input).
 */
function inheritFromBase(differences: WhatwgDifference[], inherited: ReadonlySet<WhatwgComponent>, base: WhatwgComparison): void {
  differences.forEach((d, k) => {
    if (!inherited.has(d.component)) return;
    const b = base.differences.find((x) => x.component === d.component);
    if (b !== undefined) differences[k] = { ...d, class: b.class, offset: -1, message: `from the base: ${b.message}`, security: b.security };
  });
}

/** The scheme Appendix B finds, if any. */
function appendixScheme(input: string): string | undefined {
  const b = appendixB(input);
  return b.schemeEnd < 0 ? undefined : input.slice(0, b.schemeEnd);
}

/** The classes whose cause is in the host, whatever characters it is at. */
const HOST_CLASSES: ReadonlySet<WhatwgDifferenceClass> = new Set(['empty-host', 'zone-id', 'ipv6-form', 'percent-encoded-host', 'host-ends-in-number', 'idna-mapping', 'file-host']);

/** Which component of a record holds an input offset. */
function componentOfRecord(r: UriRecord, offset: number): WhatwgComponent {
  for (const c of ['scheme', 'userinfo', 'host', 'port', 'query', 'fragment'] as const) {
    const s = r.spans[c];
    if (s !== undefined && offset >= s[0] && offset <= s[1]) return c;
  }
  const a = r.spans.authority;
  if (a !== undefined && offset >= a[0] - 2 && offset <= a[1]) return 'host';
  return 'path';
}

/**
 * The entries of a whatwg-only verdict: the cause at RFC 3986's error offset;
 * the first tab or newline, trimmed character and backslash elsewhere (WHATWG
 * steps that change what it reads); and, where the string the URL parser
 * reads after its first steps (trimmed, tabs and newlines removed) or its
 * scheme and authority are valid by RFC 3986, the differences those show.
 */
function whatwgOnlyDifferences(ctx: Context, error: UriSyntaxError, w: ValidWhatwg, grammar: 'rfc3986' | 'rfc3987', zoneId: boolean): WhatwgDifference[] {
  const { input, layout } = ctx;
  const out: WhatwgDifference[] = [];
  const seen = new Set<string>();
  const add = (k: Cause): void => {
    if (seen.has(k.cls)) return;
    seen.add(k.cls);
    let component = whatwgComponentAt(layout, k.offset);
    const security = beforeAuthorityEnd(input, layout, k.offset) || SECURITY_COMPONENTS.has(component);
    // A cause before the end of the authority as either reads it (a backslash where the URL parser ends the host) is about the host.
    if (security && !SECURITY_COMPONENTS.has(component)) component = 'host';
    out.push(difference(component, k, undefined, valueOf(whatwgParts(w), component), security));
  };
  add(whatwgOnlyCause(input, error, layout, w));
  if (layout.leadEnd > 0) add(cause('control-or-space-trimmed', 0));
  if (layout.trailStart < input.length) add(cause('control-or-space-trimmed', layout.trailStart));
  if (layout.tabOrNewline >= 0) add(cause('tab-or-newline', layout.tabOrNewline));
  if (layout.backslash >= 0) add(backslashCause(layout, layout.at(layout.backslash)));
  // What the URL parser reads, after its first steps, compared component by component when RFC 3986 reads it too.
  const parseOptions = zoneId ? { grammar, zoneId } : { grammar };
  let text = layout.text;
  let only: ReadonlySet<WhatwgComponent> | undefined;
  let r = text === input ? undefined : tryParse(text, parseOptions);
  if (r === undefined || !r.ok) {
    // Else its scheme and authority, when RFC 3986 fails only after them.
    const b = appendixB(text);
    const e = r?.ok === false ? r.error.offset : layout.text === input ? error.offset : -1;
    if (b.authority === undefined || e < b.authority.end || layout.backslash >= 0) return out;
    text = text.slice(0, b.authority.end);
    r = tryParse(text, parseOptions);
    only = SECURITY_COMPONENTS;
  }
  if (!r.ok || ctx.base !== undefined) return out;
  // The record's offsets are the layout text's, which compareReadings maps to the input's.
  const sub: Context = { ...ctx, record: r.value };
  const { differences } = compareReadings(sub, partsOf(r.value), r.value.hostKind, () => canonicalRfc(text, grammar, zoneId, r.value), w, only);
  for (const d of differences) out.push({ ...d, message: `${d.message} (in what the URL parser reads)` });
  return out;
}

