/**
 * The causes of the differences compareWithWhatwg (./compare-whatwg) finds:
 * for each, its class (./classes), the offset in the input of what causes
 * it (read off the text as the URL Standard's steps walk it, ./layout), and
 * a one-line message.
 */
import type { UriSyntaxError } from '../core/errors';
import { matches, type UriRecord } from '../core/parse';
import type { HostKind } from '../core/records';
import { isTripletAt } from '../encoding/triplets';
import { tryPercentDecode } from '../encoding/percent-encoding';
import type { WhatwgDifferenceClass } from './classes';
import { cut, fileLocal, portValue, q, userPassword, type Parts, type WhatwgComponent } from './components';
import { endsInNumber, whatwgIpv4 } from './ipv4';
import { appendixB, type WhatwgLayout } from './layout';
import type { WhatwgReading } from './runtime';

// ---------------------------------------------------------------------------------------------
// Causes: the class and the offset of a difference, from the text.

export interface Cause {
  readonly cls: WhatwgDifferenceClass;
  readonly offset: number;
  readonly why: string;
}

/** Each class's message, where the cause does not say more. */
export const MESSAGES: Readonly<Record<WhatwgDifferenceClass, string>> = {
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

export const cause = (cls: WhatwgDifferenceClass, offset: number, why: string = MESSAGES[cls]): Cause => ({ cls, offset, why });

/** The first of `re` in text[from, to), as an offset, or -1. */
export function firstIn(text: string, from: number, to: number, re: RegExp): number {
  for (let i = from; i < to; i++) if (re.test(text[i])) return i;
  return -1;
}

/** Whether a path has an encoded dot segment ("%2e", ".%2e", "%2E%2E" ...), and where. */
export function encodedDotSegment(path: string): number {
  const m = /(?:^|\/)((?:%2[eE]|\.){1,2})(?=\/|$)/.exec(path);
  if (m === null || !m[1].includes('%')) return -1;
  return m.index + m[0].length - m[1].length;
}

/** A Windows drive letter as the URL Standard has it: an ASCII letter and ":" or "|". */
export const DRIVE_LETTER = /^[A-Za-z][:|]$/;

/** The context a classifier needs: the input, its layout, the RFC record of the input (when valid), the scheme. */
export interface Context {
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
export function spanStart(ctx: Context, c: 'scheme' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment'): number {
  const span = ctx.record?.spans[c];
  if (span !== undefined) return span[0];
  return ctx.record?.spans.path[0] ?? 0;
}

/**
 * Where index `i` of the RFC reading's component `c` (whose text is `text`)
 * is in the parsed text: in the text's own component, or, for a part that
 * comes from the base (a merged path), at the component's start.
 */
export function locator(ctx: Context, c: WhatwgComponent, text: string): (i: number) => number {
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
export function slashCause(ctx: Context, rfcHasAuthority: boolean, whatwgHasHost: boolean): Cause | undefined {
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
export function hostCause(ctx: Context, raw: string | undefined, rawKind: HostKind | undefined, w: Extract<WhatwgReading, { valid: true }>): Cause {
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
export function otherCause(ctx: Context, c: WhatwgComponent, raw: Parts, w: Parts): Cause {
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
export function userinfoEncodedAt(userinfo: string): number {
  const colon = userinfo.indexOf(':');
  for (let i = 0; i < userinfo.length; i++) if (i !== colon && ';=:'.includes(userinfo[i])) return i;
  return 0;
}

/** The class of a note: a component written otherwise, equal in canonical form. */
export function noteCause(ctx: Context, c: WhatwgComponent, raw: Parts, w: Parts): Cause {
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
export function whatwgComponentAt(layout: WhatwgLayout, offset: number): WhatwgComponent {
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
export function beforeAuthorityEnd(input: string, layout: WhatwgLayout, offset: number): boolean {
  if (offset < layout.leadEnd) return true;
  const b = appendixB(input);
  const scheme = b.schemeEnd < 0 || !/^[A-Za-z][A-Za-z0-9+.-]*$/.test(input.slice(0, b.schemeEnd)) ? -1 : b.schemeEnd + 1;
  const ends = [b.authority?.end ?? scheme];
  if (layout.authority !== undefined) ends.push(layout.at(layout.authority.end));
  else if (layout.afterScheme > 0) ends.push(layout.at(layout.afterScheme));
  return ends.some((end) => offset < end);
}

/** The cause of a whatwg-only verdict: what is at RFC 3986's error offset. */
export function whatwgOnlyCause(input: string, error: UriSyntaxError, layout: WhatwgLayout, w: Extract<WhatwgReading, { valid: true }>): Cause {
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
export const FRAGMENT_SET = ' "<>`';
export const QUERY_SET = ' "#<>';
export const PATH_SET = `${QUERY_SET}?^\`{}`;
export const USERINFO_SET = `${PATH_SET}/:;=@[\\]|`;

/** What the URL parser does with a character RFC 3986 refuses, in a component: which set percent-encodes it, or that it is kept. */
export function whatwgDoes(ch: number, component: WhatwgComponent, special: boolean, opaquePath: boolean): string {
  if (component === 'host') return special ? 'takes it into the domain' : 'takes it into the opaque host, a control or non-ASCII percent-encoded';
  const c = String.fromCodePoint(ch);
  const always = ch < 0x20 || ch > 0x7e;
  if (component === 'path' && opaquePath) return always ? 'percent-encodes it (the C0 control percent-encode set)' : 'keeps it as it is (opaque path state)';
  const set = component === 'fragment' ? FRAGMENT_SET : component === 'query' ? (special ? `${QUERY_SET}'` : QUERY_SET) : component === 'path' ? PATH_SET : USERINFO_SET;
  const name = component === 'query' && special ? 'special-query' : component;
  return always || set.includes(c) ? `percent-encodes it (the ${name} percent-encode set)` : 'keeps it as it is';
}

/** What WHATWG does with the backslash at input offset `o`, by where it is. */
export function backslashCause(layout: WhatwgLayout, o: number): Cause {
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
export function rfcOnlyCause(ctx: Context, r: UriRecord, zoneId: boolean, failure: string): Cause {
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

