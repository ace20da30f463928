/**
 * Which call reads a URL how, for `urigram/no-parser-fallback`
 * (./no-parser-fallback.ts; docs/eslint-no-parser-fallback.md): the URL
 * parsers, the request functions (each reads its URL argument with a parser:
 * the one named here) and the string tests that read a host (a regular
 * expression, a prefix that ends in the authority).
 *
 * Which parser each request function reads a string with (a URL object or
 * options object is not read again):
 * - `fetch` and `new Request`: the WHATWG URL Standard (Fetch Standard, "new
 *   Request": parse the input with the URL parser); Node's fetch is undici's.
 * - Node's `http.get`, `http.request` (and https's): `new URL(input)` for a
 *   string (lib/_http_client.js, ClientRequest: `urlToHttpOptions(new
 *   URL(urlStr))`; Node's docs: "If url is a string, it is automatically parsed
 *   with new URL()").
 * - axios 1.x: `new URL(fullPath, ...)` (lib/adapters/http.js); axios before
 *   1.0 read it with `url.parse`, as the browser's XMLHttpRequest reads it with
 *   the WHATWG parser.
 * - got: its Options keep the URL as a WHATWG `URL` (source/core/options.ts).
 * - undici's `request`, `fetch` and `stream`: `new URL` (lib/core/util.js,
 *   parseURL); node-fetch 3: `new Request`, node-fetch 2: an absolute URL
 *   through `new URL` first.
 * - superagent in Node: Node's legacy `url.parse` (src/node/index.js,
 *   Request.prototype.request: `url = parse(url)`); in a browser, the
 *   XMLHttpRequest's WHATWG parser. The rule takes Node's reading.
 */
import type * as ESTree from 'estree';

/** A reading's family: two readings of one family see one host. */
export type Family =
  | 'whatwg'
  | 'node-legacy'
  | 'url-parse'
  | 'uri-js'
  | 'fast-uri'
  | 'urijs'
  | 'parse-url'
  | 'url-parse-lax'
  | 'regexp'
  | 'prefix';

/**
 * What a call does with the string: parses it (a parser: its result may be
 * both checked and used), sends a request to it (the use), or tests it (the
 * check: a string test).
 */
export type Role = 'parse' | 'request' | 'test';

/** A callable a module exports: its reading, and where its URL argument is (`url-first`: the first argument or its `url` property; `method-url`: superagent's `request(method, url)`). */
export interface Reader {
  readonly family: Family;
  readonly role: Role;
  readonly argument?: 'url-first' | 'method-url';
}

const parser = (family: Family): Reader => ({ family, role: 'parse' });
const request = (family: Family, argument: Reader['argument'] = 'url-first'): Reader => ({ family, role: 'request', argument });

const NODE_URL = { members: { parse: parser('node-legacy'), resolve: parser('node-legacy'), URL: parser('whatwg') } };
const NODE_HTTP = { members: { get: request('whatwg'), request: request('whatwg') } };
const VERBS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
const verbs = (reader: Reader, more: readonly string[] = []): Record<string, Reader> => Object.fromEntries([...VERBS, ...more].map((v) => [v, reader]));

/** What each module exports that reads a URL: the whole module when it is itself the reader ('default'), or its members. */
export const MODULES: Readonly<Record<string, { readonly default?: Reader; readonly members: Readonly<Record<string, Reader>> }>> = {
  url: NODE_URL,
  'node:url': NODE_URL,
  'whatwg-url': { members: { URL: parser('whatwg'), parseURL: parser('whatwg'), basicURLParse: parser('whatwg') } },
  'url-parse': { default: parser('url-parse'), members: {} },
  'uri-js': { members: { parse: parser('uri-js') } },
  'fast-uri': { members: { parse: parser('fast-uri') } },
  urijs: { default: parser('urijs'), members: {} },
  'parse-url': { default: parser('parse-url'), members: {} },
  'url-parse-lax': { default: parser('url-parse-lax'), members: {} },
  http: NODE_HTTP,
  https: NODE_HTTP,
  'node:http': NODE_HTTP,
  'node:https': NODE_HTTP,
  axios: { default: request('whatwg'), members: verbs(request('whatwg'), ['request', 'postForm', 'putForm', 'patchForm']) },
  got: { default: request('whatwg'), members: verbs(request('whatwg'), ['stream']) },
  undici: { members: { request: request('whatwg'), fetch: request('whatwg'), stream: request('whatwg'), Request: request('whatwg') } },
  'node-fetch': { default: request('whatwg'), members: { Request: request('whatwg') } },
  superagent: { default: request('node-legacy', 'method-url'), members: verbs(request('node-legacy'), ['del']) },
};

/** How a message names a family. */
export const NAMES: Readonly<Record<Family, string>> = {
  whatwg: 'the WHATWG URL parser',
  'node-legacy': "Node's legacy url.parse",
  'url-parse': 'url-parse',
  'uri-js': 'uri-js',
  'fast-uri': 'fast-uri',
  urijs: 'urijs',
  'parse-url': 'parse-url',
  'url-parse-lax': 'url-parse-lax',
  regexp: 'a regular expression',
  prefix: 'a prefix test (startsWith)',
};

/** The globals that send a request, reading their first argument with the WHATWG parser. */
export const GLOBAL_REQUESTS: ReadonlySet<string> = new Set(['fetch', 'Request']);
/** The objects a global is also reached through (`globalThis.fetch`). */
export const GLOBAL_OBJECTS: ReadonlySet<string> = new Set(['globalThis', 'window', 'self', 'global']);

/** The argument a request reads its URL from: the first (or its `url` property), or superagent's `request(method, url)`. */
export function urlArgument(call: ESTree.CallExpression | ESTree.NewExpression, reader: Reader): ESTree.Node | undefined {
  const args = call.arguments;
  let arg = args[0] as ESTree.Node | undefined;
  // superagent('GET', url): a method first, then the URL; superagent(url) is a GET.
  if (reader.argument === 'method-url' && args.length >= 2 && arg?.type === 'Literal' && typeof arg.value === 'string') arg = args[1] as ESTree.Node;
  if (arg?.type === 'ObjectExpression') {
    // axios({ url }), got({ url }): the options' url.
    for (const p of arg.properties) {
      if (p.type === 'Property' && !p.computed && ((p.key.type === 'Identifier' && p.key.name === 'url') || (p.key.type === 'Literal' && p.key.value === 'url'))) return p.value as ESTree.Node;
    }
    return undefined;
  }
  return arg?.type === 'SpreadElement' ? undefined : arg;
}

/** The text of a string literal, or of a template literal without expressions. */
export function stringValue(node: ESTree.Node | undefined): string | undefined {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked ?? undefined;
  return undefined;
}

/**
 * Whether a regular expression (its source) reads a host, not only a scheme:
 * something constrained after its `//` (`^https:\/\/good\.example\/`,
 * `^https?:\/\/([^/]+)`), or an escaped dot (`\.good\.example$`, a name). A
 * scheme test (`^https?:\/\/`, `^https?:`) is none: the scheme reads alike.
 * A scan of the source, no regular expression of its own.
 */
export function readsHost(source: string): boolean {
  // Character classes read one character each (`[\w.-]`, `[A-Za-z0-9+\-.]`: a scheme's): left out, their escapes too.
  let outside = '';
  for (let k = 0, inClass = false; k < source.length; k++) {
    const c = source[k];
    if (c === '\\') {
      if (!inClass) outside += source.slice(k, k + 2);
      k++;
    } else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else outside += c;
  }
  source = outside;
  if (source.includes('\\.')) return true;
  for (const slashes of ['\\/\\/', '//']) {
    const at = source.indexOf(slashes);
    if (at < 0) continue;
    // What follows the slashes, less what matches anything or nothing: a host constraint is left.
    let rest = source.slice(at + slashes.length);
    for (const open of ['.*', '.+', '$', ')', '|', '?']) rest = rest.split(open).join('');
    if (rest.length > 0) return true;
  }
  return false;
}

/**
 * Whether a `startsWith` literal ends inside the authority
 * (`https://good.example`): a prefix test that checks a host by its first
 * characters, which `https://good.example.evil.example/` and
 * `https://good.example@evil.example/` pass. One that ends the authority
 * (`https://good.example/`) fixes the host for every parser: not a reading
 * that differs. Other prefixes (`/`, `https:`) read no host.
 */
export function prefixReadsHost(prefix: string): boolean {
  const at = prefix.indexOf('://');
  if (at <= 0) return false;
  const authority = prefix.slice(at + 3);
  return authority.length > 0 && !/[/?#\\]/.test(authority);
}
