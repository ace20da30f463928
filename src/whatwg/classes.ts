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
  /** An input that shows it (compareWithWhatwg gives a difference or a note of this class for it); '' for `other`, which no known input needs. */
  readonly example: string;
  /** 'difference' when the example gives a difference of the class; 'note' when the class is a difference of spelling only (equal after RFC 3986 6.2.2, 6.2.3). */
  readonly shows: 'difference' | 'note';
}

export const WHATWG_CLASSES = {
  'control-or-space-trimmed': {
    whatwg: 'URL parsing: basic URL parser, "remove any leading and trailing C0 control or space"',
    rfc3986: '2, Appendix C (no space or control character in a URI)',
    example: ' javascript:alert(1)',
    shows: 'difference',
  },
  'tab-or-newline': {
    whatwg: 'URL parsing: basic URL parser, "remove all ASCII tab or newline"',
    rfc3986: '2, Appendix C',
    example: 'ht\ttp://ex\nample.com/',
    shows: 'difference',
  },
  backslash: {
    whatwg: 'URL parsing: special authority slashes state, special authority ignore slashes state, authority state, host state, path start state, path state ("url is special and c is U+005C (\\)")',
    rfc3986: '2.2, 3 ("\\" is no URI character)',
    example: 'http://a\\@b/',
    shows: 'difference',
  },
  slashes: {
    whatwg: 'URL parsing: special authority slashes state, special authority ignore slashes state, special relative or authority state',
    rfc3986: '3, 3.2, 3.3, 5.2.2',
    example: 'http:example.com',
    shows: 'difference',
  },
  'empty-host': {
    whatwg: 'URL parsing: authority state, host state ("host-missing"); file host state',
    rfc3986: '3.2.2 (a reg-name may be empty)',
    example: 'http://',
    shows: 'difference',
  },
  userinfo: {
    whatwg: 'URL parsing: authority state (the last "@" ends the userinfo)',
    rfc3986: '3.2.1 (no "@" in userinfo)',
    example: 'http://a@b@c/',
    shows: 'difference',
  },
  'percent-encoded-host': {
    whatwg: 'Host parsing: host parser (percent-decoding, then UTF-8 decode without BOM)',
    rfc3986: '3.2.2, 2.1, 6.2.2.2',
    example: 'http://a%2fb/',
    shows: 'difference',
  },
  'ipv4-number-form': {
    whatwg: 'Host parsing: ends in a number checker, IPv4 parser, IPv4 number parser',
    rfc3986: '3.2.2 (IPv4address is dotted decimal), 7.4',
    example: 'http://0x7f.1/',
    shows: 'difference',
  },
  'ipv4-trailing-dot': {
    whatwg: 'Host parsing: ends in a number checker, IPv4 parser ("if the last item in parts is the empty string")',
    rfc3986: '3.2.2, 7.4',
    example: 'http://127.0.0.1./',
    shows: 'difference',
  },
  'host-ends-in-number': {
    whatwg: 'Host parsing: ends in a number checker, IPv4 parser (failure)',
    rfc3986: '3.2.2',
    example: 'http://foo.1/',
    shows: 'difference',
  },
  'idna-mapping': {
    whatwg: 'Host parsing: host parser, domain parser (UTS 46 ToASCII)',
    rfc3986: '3.2.2; RFC 3987 3.1, 5.3.2.1',
    example: 'http://evil\u3002com/',
    shows: 'difference',
  },
  'opaque-host': {
    whatwg: 'Host parsing: opaque-host parser (a non-special URL\'s host: no decoding, no case change, UTF-8 percent-encoded)',
    rfc3986: '3.2.2, 6.2.2.1, 6.2.2.2; RFC 3987 3.1',
    example: 'foo://b\u00fccher.de/',
    shows: 'difference',
  },
  'ipv6-form': {
    whatwg: 'Host parsing: IPv6 parser; Host serializing: IPv6 serializer',
    rfc3986: '3.2.2 (IPv6address, IPvFuture)',
    example: 'http://[v1.fe80::a]/',
    shows: 'difference',
  },
  'zone-id': {
    whatwg: 'Host parsing: IPv6 parser (no zone identifier)',
    rfc3986: 'RFC 6874 2 (obsoleted by RFC 9844)',
    example: 'http://[fe80::1%25en1]/',
    shows: 'difference',
  },
  'port-out-of-range': {
    whatwg: 'URL parsing: port state ("port-out-of-range")',
    rfc3986: '3.2.3 (port = *DIGIT)',
    example: 'http://a:65536/',
    shows: 'difference',
  },
  'default-port': {
    whatwg: 'URL parsing: port state ("set url\'s port to null, if port is url\'s scheme\'s default port"); special scheme',
    rfc3986: '3.2.3, 6.2.3',
    example: 'http://h:80/',
    shows: 'note',
  },
  'port-leading-zeros': {
    whatwg: 'URL parsing: port state (the port is a number)',
    rfc3986: '3.2.3',
    example: 'foo://a:0080/',
    shows: 'note',
  },
  'file-host': {
    whatwg: 'URL parsing: file state, file slash state, file host state ("localhost" becomes the empty host)',
    rfc3986: 'RFC 8089 2 ("localhost" means no authority), 3.2',
    example: 'file://h:80/x',
    shows: 'difference',
  },
  'windows-drive-letter': {
    whatwg: 'URL parsing: file host state, path state (Windows drive letter quirks)',
    rfc3986: '3.2.2, 3.3; RFC 8089 Appendix E.2',
    example: 'file://C:/x',
    shows: 'difference',
  },
  case: {
    whatwg: 'URL parsing: scheme state (lower-cased); Host parsing (a domain is lower-cased, an opaque host is not)',
    rfc3986: '3.1, 3.2.2, 6.2.2.1',
    example: 'HTTP://EXAMPLE.com/',
    shows: 'note',
  },
  'percent-encoding': {
    whatwg: 'Percent-encoded bytes: userinfo percent-encode set, special-query percent-encode set, path percent-encode set',
    rfc3986: '2.1, 2.2, 3.2.1, 3.4 (a reserved character and its triplet differ, 2.2)',
    example: "http://h/?q='x'",
    shows: 'difference',
  },
  'invalid-character': {
    whatwg: 'URL parsing: path state, query state, fragment state, opaque path state (UTF-8 percent-encode; "invalid-URL-unit" is no failure)',
    rfc3986: '2, 3.3, 3.4, 3.5',
    example: 'http://h/a b',
    shows: 'difference',
  },
  'dot-segment-encoded': {
    whatwg: 'URL parsing: path state (single-dot and double-dot URL path segments include "%2e")',
    rfc3986: '5.2.4, 6.2.2.2, 6.2.2.3',
    example: 'http://h/a/%2e%2e/b',
    shows: 'note',
  },
  'path-normalization': {
    whatwg: 'URL parsing: path start state, path state; URL serializing',
    rfc3986: '5.2.4, 6.2.2.3, 6.2.3',
    example: 'ftp://h',
    shows: 'difference',
  },
  'relative-reference': {
    whatwg: 'URL parsing: no scheme state ("missing-scheme-non-relative-URL"), relative state',
    rfc3986: '4.1, 4.2, 5.2',
    example: '//h/p',
    shows: 'difference',
  },
  other: {
    whatwg: 'URL parsing',
    rfc3986: '3',
    // No input is known: none of the web-platform-tests URL data, the corpora or the generated inputs of the tests falls here.
    example: '',
    shows: 'difference',
  },
} as const satisfies Record<string, WhatwgClass>;

/** The class of a difference between the two readings. */
export type WhatwgDifferenceClass = keyof typeof WHATWG_CLASSES;
