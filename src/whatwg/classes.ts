/**
 * The classes of difference between a WHATWG URL Standard reading and an
 * RFC 3986 reading of one string: for each, the steps of the URL Standard
 * and the sections of RFC 3986 behind it, and an input that shows it
 * (docs/whatwg.md tabulates them; test/whatwg.test.ts runs every input).
 */

export interface WhatwgClass {
  /** The URL Standard's steps (section, algorithm or parser state) behind it. */
  readonly whatwg: string;
  /** RFC 3986's sections (or another RFC's) behind it. */
  readonly rfc3986: string;
  /** An input that shows it (compareWithWhatwg gives a difference or a note of this class for it). */
  readonly example: string;
  /** The base to read the example against, when it needs one. */
  readonly base?: string;
  /** 'difference' when the example gives a difference of the class; 'note' when the class is a difference of spelling only (equal after RFC 3986 6.2.2, 6.2.3). */
  readonly shows: 'difference' | 'note';
  /** What happens, in one line. */
  readonly summary: string;
}

export const WHATWG_CLASSES = {
  'control-or-space-trimmed': {
    whatwg: 'URL parsing: basic URL parser, "remove any leading and trailing C0 control or space"',
    rfc3986: '2, Appendix C (no space or control character in a URI)',
    example: ' javascript:alert(1)',
    shows: 'difference',
    summary: 'WHATWG drops leading and trailing C0 controls and spaces; RFC 3986 allows none',
  },
  'tab-or-newline': {
    whatwg: 'URL parsing: basic URL parser, "remove all ASCII tab or newline"',
    rfc3986: '2, Appendix C',
    example: 'ht\ttp://ex\nample.com/',
    shows: 'difference',
    summary: 'WHATWG removes every tab, LF and CR anywhere; RFC 3986 allows none',
  },
  backslash: {
    whatwg: 'URL parsing: special authority slashes state, special authority ignore slashes state, authority state, host state, path start state, path state ("url is special and c is U+005C (\\)")',
    rfc3986: '2.2, 3 ("\\" is no URI character)',
    example: 'http://a\\@b/',
    shows: 'difference',
    summary: 'in a special URL WHATWG reads "\\" as "/": it ends the authority and separates path segments',
  },
  slashes: {
    whatwg: 'URL parsing: special authority slashes state, special authority ignore slashes state, special relative or authority state',
    rfc3986: '3, 3.2, 3.3, 5.2.2',
    example: 'http:example.com',
    shows: 'difference',
    summary: 'a special URL has an authority after any number of slashes (none, one, three); RFC 3986 only after exactly "//"',
  },
  'empty-host': {
    whatwg: 'URL parsing: authority state, host state ("host-missing"); file host state',
    rfc3986: '3.2.2 (a reg-name may be empty)',
    example: 'http://',
    shows: 'difference',
    summary: 'WHATWG refuses a special URL (or a URL with userinfo or a port) with an empty host; RFC 3986 allows an empty reg-name',
  },
  userinfo: {
    whatwg: 'URL parsing: authority state (the last "@" ends the userinfo)',
    rfc3986: '3.2.1 (no "@" in userinfo)',
    example: 'http://a@b@c/',
    shows: 'difference',
    summary: 'WHATWG splits the authority at its last "@", taking earlier ones into the userinfo; RFC 3986 allows one',
  },
  'percent-encoded-host': {
    whatwg: 'Host parsing: host parser (percent-decoding, then UTF-8 decode without BOM)',
    rfc3986: '3.2.2, 2.1, 6.2.2.2',
    example: 'http://a%2fb/',
    shows: 'difference',
    summary: 'WHATWG percent-decodes a host before it reads it; RFC 3986 keeps the triplets (equal only for unreserved ones, 6.2.2.2)',
  },
  'ipv4-number-form': {
    whatwg: 'Host parsing: ends in a number checker, IPv4 parser, IPv4 number parser',
    rfc3986: '3.2.2 (IPv4address is dotted decimal), 7.4',
    example: 'http://0x7f.1/',
    shows: 'difference',
    summary: 'WHATWG reads hexadecimal, octal, fewer than four parts or one number as an IPv4 address; RFC 3986 reads a reg-name',
  },
  'ipv4-trailing-dot': {
    whatwg: 'Host parsing: ends in a number checker, IPv4 parser ("if the last item in parts is the empty string")',
    rfc3986: '3.2.2, 7.4',
    example: 'http://127.0.0.1./',
    shows: 'difference',
    summary: 'WHATWG reads a dotted IPv4 address with a trailing "." as the address; RFC 3986 reads a reg-name',
  },
  'host-ends-in-number': {
    whatwg: 'Host parsing: ends in a number checker, IPv4 parser (failure)',
    rfc3986: '3.2.2',
    example: 'http://foo.1/',
    shows: 'difference',
    summary: 'a host whose last label is a number must be an IPv4 address to WHATWG, which refuses it otherwise; RFC 3986 reads a reg-name',
  },
  'idna-mapping': {
    whatwg: 'Host parsing: host parser, domain parser (UTS 46 ToASCII)',
    rfc3986: '3.2.2; RFC 3987 3.1, 5.3.2.1',
    example: 'http://evil\u3002com/',
    shows: 'difference',
    summary: 'WHATWG maps a non-ASCII host by UTS 46 (U+3002 becomes "."); RFC 3986 allows no non-ASCII, RFC 3987 keeps it as written',
  },
  'opaque-host': {
    whatwg: 'Host parsing: opaque-host parser (a non-special URL\'s host: no decoding, no case change, UTF-8 percent-encoded)',
    rfc3986: '3.2.2, 6.2.2.1, 6.2.2.2; RFC 3987 3.1',
    example: 'foo://b\u00fccher.de/',
    shows: 'difference',
    summary: 'a non-special URL\'s host is percent-encoded as written, never decoded or mapped by IDNA',
  },
  'ipv6-form': {
    whatwg: 'Host parsing: IPv6 parser; Host serializing: IPv6 serializer',
    rfc3986: '3.2.2 (IPv6address, IPvFuture)',
    example: 'http://[v1.fe80::a]/',
    shows: 'difference',
    summary: 'WHATWG reads IPv6 only (no IPvFuture) and writes it compressed; RFC 3986 also takes IPvFuture; addresses compare by value',
  },
  'zone-id': {
    whatwg: 'Host parsing: IPv6 parser (no zone identifier)',
    rfc3986: 'RFC 6874 2 (obsoleted by RFC 9844)',
    example: 'http://[fe80::1%25en1]/',
    shows: 'difference',
    summary: 'an IPv6 zone identifier, allowed by RFC 6874 (zoneId: true), is refused by WHATWG',
  },
  'port-out-of-range': {
    whatwg: 'URL parsing: port state ("port-out-of-range")',
    rfc3986: '3.2.3 (port = *DIGIT)',
    example: 'http://a:65536/',
    shows: 'difference',
    summary: 'WHATWG refuses a port above 65535; RFC 3986 allows any digits',
  },
  'default-port': {
    whatwg: 'URL parsing: port state ("set url\'s port to null, if port is url\'s scheme\'s default port"); special scheme',
    rfc3986: '3.2.3, 6.2.3',
    example: 'http://h:80/',
    shows: 'note',
    summary: 'a default port is dropped by WHATWG for its six special schemes, by RFC 3986 6.2.3 for the schemes whose specifications give one',
  },
  'port-leading-zeros': {
    whatwg: 'URL parsing: port state (the port is a number)',
    rfc3986: '3.2.3',
    example: 'foo://a:0080/',
    shows: 'note',
    summary: 'WHATWG writes a port as a number, without leading zeros; RFC 3986 keeps the digits (the same port)',
  },
  'file-host': {
    whatwg: 'URL parsing: file state, file slash state, file host state ("localhost" becomes the empty host)',
    rfc3986: 'RFC 8089 2 ("localhost" means no authority), 3.2',
    example: 'file://h:80/x',
    shows: 'difference',
    summary: 'a file URL has a host, possibly empty ("localhost" is empty), and no userinfo or port',
  },
  'windows-drive-letter': {
    whatwg: 'URL parsing: file host state, path state (Windows drive letter quirks)',
    rfc3986: '3.2.2, 3.3; RFC 8089 Appendix E.2',
    example: 'file://C:/x',
    shows: 'difference',
    summary: 'WHATWG reads a Windows drive letter where a file URL\'s host is as the first path segment',
  },
  case: {
    whatwg: 'URL parsing: scheme state (lower-cased); Host parsing (a domain is lower-cased, an opaque host is not)',
    rfc3986: '3.1, 3.2.2, 6.2.2.1',
    example: 'HTTP://EXAMPLE.com/',
    shows: 'note',
    summary: 'letter case of the scheme, a host or a percent-encoding\'s hex digits, which RFC 3986 6.2.2.1 makes equivalent',
  },
  'percent-encoding': {
    whatwg: 'Percent-encoded bytes: userinfo percent-encode set, special-query percent-encode set, path percent-encode set',
    rfc3986: '2.1, 2.2, 3.2.1, 3.4 (a reserved character and its triplet differ, 2.2)',
    example: "http://h/?q='x'",
    shows: 'difference',
    summary: 'WHATWG percent-encodes a character that RFC 3986 allows as itself there ("\'" in a special URL\'s query, ";" or "=" in userinfo)',
  },
  'invalid-character': {
    whatwg: 'URL parsing: path state, query state, fragment state, opaque path state (UTF-8 percent-encode; "invalid-URL-unit" is no failure)',
    rfc3986: '2, 3.3, 3.4, 3.5',
    example: 'http://h/a b',
    shows: 'difference',
    summary: 'a character RFC 3986 does not allow (a space, "|", a second "#", non-ASCII...), which WHATWG percent-encodes or keeps',
  },
  'dot-segment-encoded': {
    whatwg: 'URL parsing: path state (single-dot and double-dot URL path segments include "%2e")',
    rfc3986: '5.2.4, 6.2.2.2, 6.2.2.3',
    example: 'http://h/a/%2e%2e/b',
    shows: 'note',
    summary: 'WHATWG removes "%2e%2e" as ".."; RFC 3986 does only after 6.2.2.2 decodes it: a server that does not normalize sees another path',
  },
  'path-normalization': {
    whatwg: 'URL parsing: path start state, path state; URL serializing',
    rfc3986: '5.2.4, 6.2.2.3, 6.2.3',
    example: 'ftp://h',
    shows: 'difference',
    summary: 'WHATWG removes dot segments and writes a special URL\'s empty path as "/"; RFC 3986 does so by 6.2.2.3 and, for some schemes only, 6.2.3',
  },
  'relative-reference': {
    whatwg: 'URL parsing: no scheme state ("missing-scheme-non-relative-URL"), relative state',
    rfc3986: '4.1, 4.2, 5.2',
    example: '//h/p',
    shows: 'difference',
    summary: 'without a base, WHATWG refuses a relative reference that RFC 3986 reads; with one, a special scheme equal to the base\'s is read as relative',
  },
  other: {
    whatwg: 'URL parsing',
    rfc3986: '3',
    example: 'foo://h/?x#y',
    shows: 'difference',
    summary: 'none of the above: never a difference of scheme, userinfo, host or port (a test checks)',
  },
} as const satisfies Record<string, WhatwgClass>;

/** The class of a difference between the two readings. */
export type WhatwgDifferenceClass = keyof typeof WHATWG_CLASSES;
