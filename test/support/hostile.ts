/**
 * Hostile input families, shared by `npm run bench -- --worst`,
 * test/worst-case.test.ts, `npm run fuzz` (scripts/fuzz.ts) and its jest
 * slice (test/fuzz.test.ts): one list, not a copy in each.
 *
 * Each family makes a string of about n characters (n a multiple of 1000, at
 * least 1000). `grammar` names the grammar a parser family was written
 * against (bench and the worst-case test run it with that grammar); the
 * families without one were written against the operations (issue 13): run
 * them through every function.
 */
export type HostileGrammar = 'rfc3986' | 'rfc3987' | 'rfc2396';

export interface HostileFamily {
  readonly name: string;
  readonly make: (n: number) => string;
  /** The grammar a parser family targets (bench --worst and the worst-case test); undefined for operation families. */
  readonly grammar?: HostileGrammar;
  /** What makes it hostile, in a few words. */
  readonly why: string;
}

const rep = (s: string, n: number): string => s.repeat(Math.max(1, Math.floor(n / s.length)));

const family = (name: string, why: string, make: (n: number) => string, grammar?: HostileGrammar): HostileFamily => ({ name, why, make, grammar });

/**
 * A host of about n characters of distinct A-labels ("xn--" and Punycode, RFC 3492), each the
 * A-label of "é" and a different run of letters: the ToASCII is WHATWG URL's, in Node and browsers.
 */
function distinctALabels(n: number): string {
  const labels: string[] = [];
  let length = 'http://example/'.length;
  for (let i = 0; length < n; i++) {
    const label = new URL(`http://\u00e9${i.toString(26).replace(/./g, (d) => String.fromCharCode(0x61 + parseInt(d, 26)))}.x/`).hostname.split('.')[0];
    labels.push(label);
    length += label.length + 1;
  }
  return `http://${labels.join('.')}.example/`;
}

/** Parser families for RFC 3986 (bench --worst since the start, and test/worst-case.test.ts). */
export const RFC3986_FAMILIES: readonly HostileFamily[] = [
  family('colons inside [ ]', 'a third ":" after "[::"', (n) => `http://[${':'.repeat(n)}]/`, 'rfc3986'),
  family('run of %', '"%" needs HEXDIG', (n) => `http://h/${'%'.repeat(n)}`, 'rfc3986'),
  family('run of %4', '"%4" needs a second HEXDIG', (n) => `http://h/${'%4'.repeat(n / 2)}`, 'rfc3986'),
  family('run of /', 'empty segments', (n) => `http://h${'/'.repeat(n)}`, 'rfc3986'),
  family('run of ../', 'dot segments', (n) => `http://h/${'../'.repeat(Math.floor(n / 3))}`, 'rfc3986'),
  family('1. in a host', 'a reg-name that begins like an IPv4address', (n) => `http://${'1.'.repeat(n / 2)}/`, 'rfc3986'),
  family('long reg-name', 'no length limit', (n) => `http://${'a'.repeat(n)}/`, 'rfc3986'),
  family('userinfo without @', '"u:pu:p..." could be a userinfo until the "/"', (n) => `http://${'u:p'.repeat(Math.floor(n / 3))}/`, 'rfc3986'),
  family('scheme-like prefix', '"[" after a long first segment', (n) => `${'a'.repeat(n)}+[`, 'rfc3986'),
  family('valid path, then one bad character', 'a space at the end', (n) => `http://h/${'a/'.repeat(n / 2)} `, 'rfc3986'),
];

/** Parser families for RFC 3987 and RFC 2396 (only urigram has these grammars). */
export const OTHER_GRAMMAR_FAMILIES: readonly HostileFamily[] = [
  family('RFC 3987: astral characters in a path', 'each a surrogate pair', (n) => `http://h/${'\u{1F600}'.repeat(n / 2)}`, 'rfc3987'),
  family('RFC 3987: a long non-ASCII ireg-name', 'no length limit', (n) => `http://${'\u00e9'.repeat(n)}/`, 'rfc3987'),
  family('RFC 3987: iprivate in the path', 'iprivate only in the query', (n) => `http://h/\ue000${'a'.repeat(n)}`, 'rfc3987'),
  family('RFC 3987: a lone surrogate after a long path', 'a high surrogate with no low one, last', (n) => `http://h/${'\u00e9'.repeat(n)}\ud800`, 'rfc3987'),
  family('RFC 2396: many hostname labels', 'domainlabels, then the toplabel', (n) => `http://${'a.'.repeat(n / 2)}com/`, 'rfc2396'),
  family('RFC 2396: a run of hyphens, then a space', 'a space at the end', (n) => `http://a${'-'.repeat(n)} `, 'rfc2396'),
  family('RFC 2396: a run of hyphens after a label', 'no hostname, so a reg_name', (n) => `http://a${'-'.repeat(n)}/`, 'rfc2396'),
  family('RFC 2396: a long run of groups', 'RFC 2373 2.2 allows eight: rejected at the ninth', (n) => `http://[${'1:'.repeat(n / 2)}1]/`, 'rfc2396'),
  family('RFC 2396: a server that turns out a reg_name', 'server "...@h:8" then "x"', (n) => `http://${'u;'.repeat(n / 2)}@h:8x/`, 'rfc2396'),
  family('RFC 2396: a long opaque part', 'uric after the first character', (n) => `x:${'a?'.repeat(n / 2)}`, 'rfc2396'),
  family('RFC 2396: params, then a space', 'a space at the end', (n) => `http://h/${'a;'.repeat(n / 2)} `, 'rfc2396'),
];

/** Families aimed at the operations (issue 13 and its hostile testing): extract, lint, resolve, conversions, the CLI. */
export const OPERATION_FAMILIES: readonly HostileFamily[] = [
  // extract (issue 13, items 1 and 2)
  family('many ) after a URL', 'extract recounts the candidate at each ")"', (n) => `http://a/${')'.repeat(n)}`),
  family('.) alternating after a URL', 'trailing punctuation and brackets', (n) => `http://a/${rep('.)', n)}`),
  family('many <a:b> regions', 'extract searches each quote kind to the end', (n) => rep('<a:b> ', n)),
  family('many "a:b" regions', 'the same with double quotes', (n) => rep('"a:b" ', n)),
  family('many <URL:...> regions', 'the URL: prefix in each', (n) => rep('<URL:http://a/b> ', n)),
  family('an unclosed <', 'no ">" anywhere after it', (n) => `<http://a/${rep('b ', n)}`),
  family('an unclosed "', 'no closing quote', (n) => `"http://a/${rep('b ', n)}`),
  family('many URLs between spaces', 'one candidate after another', (n) => rep('http://a/b ', n)),
  family('many lines of one URI', 'lines: the CLI reads one URI per line', (n) => rep('HTTP://A:80/%7e\n', n)),
  // lint (item 3)
  family('[1%25 repeated', "lint's zone-identifier pattern backtracks", (n) => rep('[1%25', n)),
  family('a zone identifier with a long zone', 'an IPv6 zone', (n) => `http://[fe80::1%25${'e'.repeat(n)}]/`),
  family('many uppercase percent-encodings', 'a lint diagnostic for each', (n) => `HTTP://A:80/${rep('%7e', n)}`),
  family('many query parameters to mask', "redact's query option: a value masked in each", (n) => `http://u:p@h/?${rep('t=1&', n)}`),
  family('many query names that do not decode', "redact compares each decoded: no error made per name", (n) => `http://h/?${rep('%C3=1&', n)}`),
  family('many HTML character references', "lint's html-character-reference, a fix checked for each", (n) => `http://a/?${rep('x=&amp;', n)}`),
  family('a few HTML character references in a long URI', 'each of 64 fixes checked by a pass over the whole URI', (n) => `http://a/${rep('b', n - 64 * 6)}${'/&#91;'.repeat(64)}`),
  // resolve (item 4) and normalization
  family('a/ then ../ as many', 'RFC 2396 step 6e restarts after each removal', (n) => `${'a/'.repeat(Math.floor(n / 5))}${'../'.repeat(Math.floor(n / 5))}`),
  family('a/../ repeated', 'one removal at each step', (n) => `http://h/${rep('a/../', n)}`),
  family('encoded dot segments', '%2E%2E next to a real ..', (n) => `http://h/${rep('a/%2E%2E/../', n)}b`),
  family('many valid %XX', 'decoding in normalize, percentDecode, uriToIri', (n) => `http://h/${rep('%41', n)}`),
  family('many %C3%A9', 'UTF-8 to decode', (n) => `http://h/${rep('%C3%A9', n)}`),
  family('ill-formed UTF-8 triplets', '%C3 alone', (n) => `http://h/${rep('%C3a', n)}`),
  // grammar comparison and the IRI grammar (slow but linear in issue 13)
  family('fails at the last character in every grammar', 'all three grammars read to the end', (n) => `http://h/${'a'.repeat(n)}{`),
  family('RFC 3987: non-ASCII path, then a space', 'the IRI grammar reads to the end', (n) => `http://h/${'\u00e9'.repeat(n)} `),
  family('a long query, then a bad character', 'fails at the last character', (n) => `http://h/?${rep('q=1&', n)}^`),
  family('a huge invalid line', 'spaces and brackets everywhere', (n) => rep('a b[c]d{e} ', n)),
  // RFC 2396 against RFC 3986 (item 6)
  family('brackets in a fragment', 'valid by RFC 2396 with RFC 2732 only', (n) => `http://a/b#[${'x'.repeat(n)}]`),
  family('an IPv6 host, then a long path', 'an RFC 2396 IPv6 form', (n) => `http://[1:2]/${rep('b/', n)}`),
  family('an opaque part with ?', 'RFC 2396 reads one opaque part', (n) => `mailto:${rep('a?', n)}`),
  // the scheme checks (issue 34)
  family('a mailto address of many /', 'a mailto-unencoded problem (with its fix) for each', (n) => `mailto:${rep('a/', n)}@b`),
  family('a mailto domain of many ?', 'each "?" may begin hfields that run to the end', (n) => `mailto:a@b${rep('?x', n)}`),
  family('a mailto domain of many ?x=y', 'hfields to each next "?", then an atext', (n) => `mailto:a@b${rep('?x=y', n)}`),
  family('a mailto body of many %0A', 'a line break alone in a body: an error for each', (n) => `mailto:a@b?body=${rep('%0A', n)}`),
  family('a quoted mailto local part of many escapes', 'decoded, then matched against addr-spec', (n) => `mailto:%22${rep('%5C%22', n)}%22@b`),
  family('a URN r-component of many ?=', 'the r-component ends at the first "?="', (n) => `urn:example:a?+${rep('r?=', n)}q`),
  family('a long base64 data URL', 'base64 checked to the end', (n) => `data:;base64,${rep('QUJD', n)}`),
  family('a base64 data URL of escapes', 'decoded, then checked', (n) => `data:;base64,${rep('%41', n)}A`),
  family('a data URL of many parameters', 'one capture each', (n) => `data:text/plain${rep(';a=b', n)},x`),
  // the document readers' expressions that were quadratic (issue 44 item 6): extractDocument on source, Markdown, text
  family('printf runs', 'a string of "% " and zeros: "0" is a printf flag and a width digit', (n) => `x = "% ${'0'.repeat(Math.max(1, n - 20))} http://p/";\n`),
  family('title runs', 'a Markdown destination with a run of spaces, then no title', (n) => `[a](http://x${' '.repeat(Math.max(1, n - 15))}y)\n`),
  family('quoted-spaces runs', 'a quote of a URI and a run of spaces, then a line break', (n) => `"http://a/ ${' '.repeat(Math.max(1, n - 15))}\nb"\n`),
  // runs of one character
  family('raw run of ::', '', (n) => '::'.repeat(n / 2)),
  family('raw run of :', '', (n) => ':'.repeat(n)),
  family('raw run of [', '', (n) => '['.repeat(n)),
  family('raw run of ![', "Markdown image brackets: markdown-it's link parser (issue 30)", (n) => '!['.repeat(n / 2)),
  family('raw run of @', '', (n) => '@'.repeat(n)),
  family('raw run of /', '', (n) => '/'.repeat(n)),
  family('raw run of ?', '', (n) => '?'.repeat(n)),
  family('raw run of #', '', (n) => '#'.repeat(n)),
  family('raw run of spaces', '', (n) => ' '.repeat(n)),
  family('raw run of NUL', 'control characters', (n) => '\u0000'.repeat(n)),
  // surrogates and non-ASCII
  family('lone high surrogates', '', (n) => '\ud800'.repeat(n)),
  family('surrogate pairs', '', (n) => '\u{1F600}'.repeat(n / 2)),
  family('reversed surrogate pairs', 'low then high', (n) => '\udc00\ud800'.repeat(n / 2)),
  family('a URI with lone surrogates in the path', '', (n) => `http://h/${'a\udc00'.repeat(n / 2)}`),
  family('non-ASCII', '', (n) => '\u00e9'.repeat(n)),
  family('a URI with CJK in the path', '', (n) => `http://h/${'\u65e5\u672c'.repeat(n / 2)}`),
  family('a non-ASCII host', 'IDNA work for each label', (n) => `http://${rep('\u00e9.', n)}example/`),
  family('a host of many xn-- labels', 'ToUnicode on each', (n) => `http://${rep('xn--rsum-bpad.', n)}example/`),
  family('a host of distinct xn-- labels', 'ToUnicode on each, none met twice', distinctALabels),
];

/**
 * URI Templates (RFC 6570, issue 33): template texts that are long or break late, and URIs built to make a
 * backtracking matcher exponential on the templates of the matchTemplate targets (adjacent variables, lists
 * that can end anywhere, pairs that can belong to either of two variables).
 */
export const TEMPLATE_FAMILIES: readonly HostileFamily[] = [
  family('template: many expressions', 'a parse of each', (n) => rep('{a}', n)),
  family('template: many expressions, then one unclosed', 'fails at the end', (n) => `${rep('{a}', n - 3)}{a`),
  family('template: one varname of many dotted parts', 'varchar *( ["."] varchar )', (n) => `{${rep('a.', n - 3)}a}`),
  family('template: one expression of many varspecs', 'variable-list', (n) => `{${rep('a,', n - 3)}a}`),
  family('URI for adjacent variables: letters, then one no value holds', 'every split of the run is a way', (n) => `${'a'.repeat(n - 1)}!`),
  family('URI for exploded path lists: segments, then a bad one', 'each "/" may end a list', (n) => `${rep('/a', n - 2)}/!`),
  family('URI for exploded pairs: pairs, then a bad one', 'each "&" may end a variable', (n) => `?${rep('a=b&', n - 2)}=`),
  family('URI of UTF-8 triplets', 'a character is three to twelve code units', (n) => rep('%C3%A9', n)),
  // Issue 44 item 5: a template's literal text was a node per character (and a bit per node and offset).
  family('long templates', 'runs of one literal character between three expressions, each run a text that can begin anywhere in the URI', (n) => {
    const run = 'a'.repeat(Math.max(1, Math.floor(n / 4) - 4));
    return `${run}{x}${run}{/y*}${run}{&z}${run}`;
  }),
];

/** Every family. */
export const HOSTILE_FAMILIES: readonly HostileFamily[] = [...RFC3986_FAMILIES, ...OTHER_GRAMMAR_FAMILIES, ...OPERATION_FAMILIES, ...TEMPLATE_FAMILIES];

/** The family of that name; throws for an unknown name (a typo in a test must not pass silently). */
export function hostileFamily(name: string): HostileFamily {
  const f = HOSTILE_FAMILIES.find((x) => x.name === name);
  if (!f) throw new Error(`no hostile family named ${JSON.stringify(name)}`);
  return f;
}
