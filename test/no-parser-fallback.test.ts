/**
 * urigram/no-parser-fallback (issue 31): through ESLint's RuleTester with
 * ESLint 9 and 10, each case named after the report or the shape it comes
 * from. No report on the real code of node_modules that calls a URL parser
 * is test/no-parser-fallback.long.ts (npm run test:long, CI).
 */
import { Linter, RuleTester as RuleTester9 } from 'eslint';
import { RuleTester as RuleTester10 } from 'eslint10';
import { parser as tsParser } from 'typescript-eslint';
import plugin from '../src/eslint';

const rule = plugin.rules['no-parser-fallback'];
const esm = { languageOptions: { sourceType: 'module' as const } };
const script = { languageOptions: { sourceType: 'script' as const } };

/** The message's data for a check with `first` (line `line`) and a request by `request` that reads with `second`. */
function data(subject: string, first: string, line: number, request: string, second = 'the WHATWG URL parser') {
  return { subject, first, line: String(line), request, second };
}
const LEGACY = "Node's legacy url.parse";

/** Issue 46 item 3: each request function, each reading, each shape of the check (direct, helper, alias). */
function requested() {
  const error = (d: ReturnType<typeof data>, line: number) => [{ messageId: 'requested', data: d, line }];
  return [
    // The request functions, each after a url.parse host check (if ... throw).
    ...(
      [
        ['fetch', '', 'fetch(t)', 'fetch'],
        ['globalThis.fetch', '', 'globalThis.fetch(t)', 'globalThis.fetch'],
        ['new Request', '', 'new Request(t)', 'Request'],
        ['http.get', "import http from 'node:http';", 'http.get(t)', 'http.get'],
        ['https.request', "import * as https from 'https';", 'https.request(t, { method: \'POST\' })', 'https.request'],
        ['a get imported from https', "import { get } from 'https';", 'get(t)', 'get'],
        ['axios(t)', "import axios from 'axios';", 'axios(t)', 'axios'],
        ['axios({ url })', "import axios from 'axios';", "axios({ method: 'get', url: t })", 'axios'],
        ['axios.post', "import axios from 'axios';", 'axios.post(t, body)', 'axios.post'],
        ['axios.request({ url })', "import axios from 'axios';", 'axios.request({ url: t })', 'axios.request'],
        ['an axios instance', "import axios from 'axios'; const api = axios.create({ timeout: 5 });", 'api.get(t)', 'api.get'],
        ['got(t)', "import got from 'got';", 'got(t)', 'got'],
        ['got.get', "import got from 'got';", 'got.get(t)', 'got.get'],
        ['undici.request', "import * as undici from 'undici';", 'undici.request(t)', 'undici.request'],
        ['request imported from undici', "import { request } from 'undici';", 'request(t)', 'request'],
        ['node-fetch', "import fetch from 'node-fetch';", 'fetch(t)', 'fetch'],
      ] as const
    ).map(([name, imports, call, callee]) => ({
      name: `url.parse(t).hostname checked, then ${name}`,
      code: `${imports} import url from 'node:url';\nexport function f(t, body) {\n  if (url.parse(t).hostname !== 'good.example') throw new Error('not allowed');\n  return ${call};\n}`,
      ...esm,
      errors: error(data('t', LEGACY, 3, callee), 4),
    })),
    // superagent reads with url.parse (Node): a WHATWG check does not hold for it.
    { name: 'new URL(t).hostname checked, then superagent.get', code: "const superagent = require('superagent');\nfunction f(t) {\n  if (new URL(t).hostname !== 'good.example') throw new Error('no');\n  return superagent.get(t);\n}", ...script, errors: error(data('t', 'the WHATWG URL parser', 3, 'superagent.get', LEGACY), 4) },
    { name: "superagent('GET', t) after a new URL check", code: "import request from 'superagent';\nexport function f(t) { return new URL(t).host === 'good.example' ? request('GET', t) : null; }", ...esm, errors: error(data('t', 'the WHATWG URL parser', 2, 'request', LEGACY), 2) },
    // The readings: url-parse (new and called), a regular expression (test, match), a prefix.
    { name: 'new URLParse(t) checked, then fetch', code: "import URLParse from 'url-parse';\nexport function f(t) { if (new URLParse(t).hostname !== 'good.example') return; return fetch(t); }", ...esm, errors: error(data('t', 'url-parse', 2, 'fetch'), 2) },
    { name: "parse(t) from 'url-parse' checked, then axios.get", code: "const parse = require('url-parse'); const axios = require('axios');\nfunction f(t) { if (parse(t).hostname !== 'good.example') return; return axios.get(t); }", ...script, errors: error(data('t', 'url-parse', 2, 'axios.get'), 2) },
    { name: 'a regular expression test on the string, then got', code: "import got from 'got';\nconst ALLOWED = /^https?:\\/\\/([a-z0-9-]+\\.)*good\\.example(:\\d+)?(\\/|$)/;\nexport function f(t) {\n  if (!ALLOWED.test(t)) throw new Error('no');\n  return got(t);\n}", ...esm, errors: error(data('t', 'a regular expression', 4, 'got'), 5) },
    { name: 'a regular expression literal, then fetch', code: "export function f(t) {\n  if (/^https:\\/\\/good\\.example/.test(t)) return fetch(t);\n}", ...esm, errors: error(data('t', 'a regular expression', 2, 'fetch'), 2) },
    { name: 't.match(/.../) extracts the host, then http.get', code: "import http from 'http';\nexport function f(t) {\n  const m = t.match(/^https?:\\/\\/([^/?#]+)/);\n  if (!m || m[1] !== 'good.example') throw new Error('no');\n  return http.get(t);\n}", ...esm, errors: error(data('t', 'a regular expression', 3, 'http.get'), 5) },
    { name: 'new RegExp on the string, then fetch', code: "const re = new RegExp('^https://good\\\\.example');\nfunction f(t) { return re.test(t) && fetch(t); }", ...script, errors: error(data('t', 'a regular expression', 2, 'fetch'), 2) },
    { name: "t.startsWith('https://good.example'), then fetch", code: "export function f(t) {\n  if (!t.startsWith('https://good.example')) throw new Error('no');\n  return fetch(t);\n}", ...esm, errors: error(data('t', 'a prefix test (startsWith)', 2, 'fetch'), 3) },
    // The conditions: &&, ?:, return guard, throw guard (above), and no condition at all (a value read first).
    { name: 'check && request', code: "import url from 'url'; import axios from 'axios';\nexport const f = (t) => url.parse(t).host === 'good.example' && axios.get(t);", ...esm, errors: error(data('t', LEGACY, 2, 'axios.get'), 2) },
    { name: 'check ? request : null', code: "import { parse } from 'url';\nexport const f = (t) => (parse(t).host === 'good.example' ? fetch(t) : null);", ...esm, errors: error(data('t', LEGACY, 2, 'fetch'), 2) },
    { name: 'if (!check) return; request', code: "import { parse } from 'url';\nexport function f(t) {\n  if (!ALLOWED.includes(parse(t).hostname)) return undefined;\n  return fetch(t);\n}", ...esm, errors: error(data('t', LEGACY, 3, 'fetch'), 4) },
    { name: 'the host read into a variable, checked, then requested', code: "import { parse } from 'url';\nexport function f(t) {\n  const { hostname } = parse(t);\n  if (!ALLOWED.has(hostname)) throw new Error('no');\n  return fetch(t);\n}", ...esm, errors: error(data('t', LEGACY, 3, 'fetch'), 5) },
    { name: 'request(check ? t : fallback)', code: "import { parse } from 'url';\nexport const f = (t) => fetch(parse(t).hostname === 'good.example' ? t : 'https://good.example/');", ...esm, errors: error(data('t', LEGACY, 2, 'fetch'), 2) },
    // Through a helper of the same file (one level): a function declaration, an arrow; the check of a property.
    {
      name: 'a helper function that checks with url.parse, then fetch',
      code: "const url = require('url');\nfunction isAllowed(u) {\n  return url.parse(u).hostname === 'good.example';\n}\nfunction f(t) {\n  if (isAllowed(t)) return fetch(t);\n}",
      ...script,
      errors: error(data('t', `${LEGACY} in isAllowed`, 3, 'fetch'), 6),
    },
    { name: 'an arrow helper with a regular expression, then got.get', code: "import got from 'got';\nconst isAllowed = (u) => /^https:\\/\\/good\\.example/.test(u);\nexport async function f(t) { if (!isAllowed(t)) throw new Error('no'); return got.get(t); }", ...esm, errors: error(data('t', 'a regular expression in isAllowed', 2, 'got.get'), 3) },
    { name: 'a helper that checks a property of its parameter', code: "import { parse } from 'url';\nfunction allowed(req) { return parse(req.url).hostname === 'good.example'; }\nexport function f(req) {\n  if (!allowed(req)) throw new Error('no');\n  return fetch(req.url);\n}", ...esm, errors: error(data('req.url', `${LEGACY} in allowed`, 2, 'fetch'), 5) },
    { name: 'a helper that requests: checked with url.parse, requested by fetch in the helper', code: "import { parse } from 'url';\nconst get = (u) => fetch(u);\nexport function f(t) {\n  if (parse(t).hostname !== 'good.example') throw new Error('no');\n  return get(t);\n}", ...esm, errors: [{ messageId: 'requested', data: { ...data('t', LEGACY, 4, 'fetch in get'), second: 'the WHATWG URL parser' }, line: 5 }] },
    { name: 'a helper whose parameter has a default', code: "import { parse } from 'url';\nfunction allowed(u = '', hosts = ALLOWED) { return hosts.includes(parse(u).hostname); }\nexport const f = (t) => allowed(t) && fetch(t);", ...esm, errors: error(data('t', `${LEGACY} in allowed`, 2, 'fetch'), 3) },
    { name: 'a method of the class, called as this.allowed(t)', code: "import { parse } from 'url';\nexport class Proxy {\n  allowed(u) { return parse(u).hostname === 'good.example'; }\n  get(t) { return this.allowed(t) ? fetch(t) : null; }\n}", ...esm, errors: error(data('t', `${LEGACY} in this.allowed`, 3, 'fetch'), 4) },
    // Through aliases: const, let (never written again), destructuring; either side.
    { name: 'const a = t; check(a); fetch(t)', code: "import { parse } from 'url';\nexport function f(t) {\n  const a = t;\n  if (parse(a).hostname !== 'good.example') throw new Error('no');\n  return fetch(t);\n}", ...esm, errors: error(data('t', LEGACY, 4, 'fetch'), 5) },
    { name: 'let a = t; check(t); fetch(a)', code: "import { parse } from 'url';\nexport function f(t) {\n  let a = t;\n  if (parse(t).hostname !== 'good.example') throw new Error('no');\n  return fetch(a);\n}", ...esm, errors: error(data('t', LEGACY, 4, 'fetch'), 5) },
    { name: 'const { url } = req; check(url); fetch(req.url)', code: "import URLParse from 'url-parse';\nexport function f(req) {\n  const { url } = req;\n  if (new URLParse(url).hostname !== 'good.example') throw new Error('no');\n  return fetch(req.url);\n}", ...esm, errors: error(data('req.url', 'url-parse', 4, 'fetch'), 5) },
    { name: 'const { target: u } = body; a helper checks u; axios(u)', code: "import axios from 'axios'; import url from 'url';\nconst ok = (s) => url.parse(s).host === 'good.example';\nexport function f(body) {\n  const { target: u } = body;\n  return ok(body.target) ? axios(u) : null;\n}", ...esm, errors: error(data('body.target', `${LEGACY} in ok`, 2, 'axios'), 5) },
    // The request in a callback within the function that checked.
    { name: 'checked, then requested in a Promise callback', code: "const url = require('url'); const https = require('https');\nfunction f(t) {\n  if (url.parse(t).hostname !== 'good.example') return Promise.reject(new Error('no'));\n  return new Promise((resolve, reject) => https.get(t, resolve).on('error', reject));\n}", ...script, errors: error(data('t', LEGACY, 3, 'https.get'), 4) },
    { name: 'checked in a callback (ALLOWED.some), then requested', code: "import { parse } from 'url';\nexport function f(t) {\n  if (!ALLOWED.some((h) => parse(t).hostname === h)) throw new Error('no');\n  return fetch(t);\n}", ...esm, errors: error(data('t', LEGACY, 3, 'fetch'), 4) },
    // TypeScript: `t as string`, `t!`; and a template literal of the value alone.
    { name: 'TypeScript: fetch(t as string) after a url.parse check', code: "import { parse } from 'url';\nexport function f(t: unknown) {\n  if (parse(t as string).hostname !== 'good.example') throw new Error('no');\n  return fetch(t!);\n}", languageOptions: { parser: tsParser, sourceType: 'module' as const }, errors: error(data('t', LEGACY, 3, 'fetch'), 4) },
    { name: 'fetch(`${t}`) after a url.parse check', code: "import { parse } from 'url';\nexport function f(t) {\n  if (parse(t).hostname !== 'good.example') throw new Error('no');\n  return fetch(`${t}`);\n}", ...esm, errors: error(data('t', LEGACY, 3, 'fetch'), 4) },
    // A parser check then a request of another reading in the catch: a fallback.
    { name: 'new URL in the try, superagent in the catch', code: "import superagent from 'superagent';\nexport function f(t) { try { return fetch(new URL(t)); } catch { return superagent.get(t); } }", ...esm, errors: [{ messageId: 'fallback', data: { first: 'the WHATWG URL parser', second: LEGACY } }] },
  ];
}

const valid = [
  // One parser, however often.
  { code: 'function f(x) { try { return new URL(x); } catch { return new URL(x, base); } }', ...script },
  { code: "const url = require('url'); function f(x) { const a = url.parse(x); return url.parse(a.href); }", ...script },
  // A fallback that refuses, not one that parses.
  { code: 'function f(x) { try { return new URL(x); } catch { throw new TypeError(`not a URL: ${x}`); } }', ...script },
  // Two parsers on two strings.
  { code: "import { parse } from 'url'; function f(a, b) { const u = new URL(a); return parse(b); }", ...esm },
  // The variable is assigned between: the second parser reads the first one's serialization (node-fetch's shape).
  { code: "const Url = require('url'); function f(s) { s = new URL(s).toString(); return Url.parse(s); }", ...script },
  // A local URL or parse is no URL parser.
  { code: "function f(x) { const URL = class {}; try { return new URL(x); } catch { return require('url').parse(x); } }", ...script },
  { code: 'function f(x, url) { try { return new URL(x); } catch { return url.parse(x); } }', ...script },
  { code: "const qs = require('querystring'); function f(x) { try { return new URL(x); } catch { return qs.parse(x); } }", ...script },
  // A name of Object's prototype is no module and no member (`'constructor' in MODULES` was true).
  { name: "require('constructor') is no URL module", code: "const c = require('constructor'); function f(x) { try { return new URL(x); } catch { return c.parse(x); } }", ...script },
  { name: 'url.toString is no parser', code: "const url = require('url'); function f(x) { try { return new URL(x); } catch { return url.toString(x); } }", ...script },
  // Issue 46 item 3: checked and requested with one reading.
  { name: 'new URL(t).hostname checked, fetch(t): both WHATWG', code: "export function f(t) { if (new URL(t).hostname !== 'good.example') throw new Error('no'); return fetch(t); }", ...esm },
  { name: 'URL.canParse and new URL checks, http.get(t): Node reads a string with new URL', code: "import http from 'node:http';\nexport function f(t) { if (!URL.canParse(t) || new URL(t).hostname !== 'good.example') return null; return http.get(t); }", ...esm },
  { name: 'url.parse(t) checked, http.get(url.parse(t)): the request gets the checked reading', code: "const url = require('url'); const http = require('http');\nfunction f(t) { if (url.parse(t).hostname !== 'good.example') throw new Error('no'); return http.get(url.parse(t)); }", ...script },
  { name: 'url.parse(t) checked, superagent.get(t): superagent reads with url.parse in Node', code: "import superagent from 'superagent'; import url from 'url';\nexport function f(t) { if (url.parse(t).hostname !== 'good.example') throw new Error('no'); return superagent.get(t); }", ...esm },
  { name: 'a helper that checks with new URL, then axios.get', code: "import axios from 'axios';\nfunction isAllowed(u) { return ALLOWED.has(new URL(u).hostname); }\nexport function f(t) { return isAllowed(t) ? axios.get(t) : null; }", ...esm },
  { name: 'the checked URL object is what is requested', code: "const got = require('got');\nfunction f(t) { const u = new URL(t); if (u.hostname !== 'good.example') throw new Error('no'); return got(u); }", ...script },
  { name: 'a regular expression on the WHATWG hostname, then fetch', code: "export function f(t) { if (!/(^|\\.)good\\.example$/.test(new URL(t).hostname)) throw new Error('no'); return fetch(t); }", ...esm },
  { name: 'a scheme test by regular expression reads no host', code: "export function f(t) { if (!/^https?:\\/\\//i.test(t)) throw new Error('no'); return fetch(t); }", ...esm },
  { name: 'a regular expression with a character class only (a scheme) reads no host', code: "const SCHEME = /^[A-Za-z0-9+\\-.]+:/; function f(t) { return SCHEME.test(t) ? fetch(t) : null; }", ...script },
  { name: 'a prefix that ends the authority fixes the host', code: "export function f(t) { if (!t.startsWith('https://good.example/')) throw new Error('no'); return fetch(t); }", ...esm },
  { name: 'a prefix test of a path reads no host', code: "export function f(t) { return t.startsWith('/api/') ? fetch(t) : null; }", ...esm },
  { name: 'the alias is assigned again: another string', code: "import url from 'url';\nexport function f(t, other) { let a = t; a = other; if (url.parse(a).hostname !== 'x') throw new Error('no'); return fetch(t); }", ...esm },
  { name: 'the requested variable is assigned after the check', code: "import url from 'url';\nexport function f(t) { if (url.parse(t).hostname !== 'x') throw new Error('no'); t = url.format(url.parse(t)); return fetch(t); }", ...esm },
  { name: 'the request first, a parser after (a log): nothing checked before the request', code: "import url from 'url';\nexport async function f(t) { const r = await fetch(t); console.log(url.parse(t).pathname); return r; }", ...esm },
  { name: 'a local fetch or axios is no request function', code: "import url from 'url';\nexport function f(t, axios) { const fetch = (x) => x; if (url.parse(t).hostname !== 'x') return; fetch(t); return axios.get(t); }", ...esm },
  { name: 'a parameter of the same name in a callback is another variable', code: "import { parse } from 'url';\nexport function f(t, list) { if (parse(t).hostname !== 'x') return; return list.map((t) => fetch(t)); }", ...esm },
  { name: 'a constant read at the top level and requested in a function (a benchmark, no check of an input)', code: "import { parse } from 'uri-js';\nconst domain = 'https://example.com/';\nparse(domain);\nexport function f() { return fetch(domain); }", ...esm },
  { name: 'this.allowed in a function of its own is not the class\'s method', code: "import { parse } from 'url';\nexport class P {\n  allowed(u) { return parse(u).hostname === 'x'; }\n  get(t) { return [t].map(function (x) { return this.allowed(x) && fetch(x); }, other); }\n}", ...esm },
  { name: 'a helper two levels down is not followed (a limit: docs, what it cannot see)', code: "import url from 'url';\nfunction host(u) { return url.parse(u).hostname; }\nfunction isAllowed(u) { return host(u) === 'x'; }\nexport function f(t) { if (isAllowed(t)) return fetch(t); }", ...esm },
];

const invalid = [
  // CVE-2023-26159 (follow-redirects before 1.15.4): new URL refused, url.parse read it.
  {
    name: 'CVE-2023-26159: follow-redirects, url.parse in the catch of new URL',
    code: 'var url = require("url");\nvar URL = url.URL;\nfunction request(input) {\n  var parsed;\n  try {\n    parsed = urlToOptions(new URL(input));\n  }\n  catch (err) {\n    parsed = url.parse(input);\n  }\n  return parsed;\n}',
    ...script,
    errors: [{ messageId: 'fallback', data: { first: 'the WHATWG URL parser', second: "Node's legacy url.parse" }, line: 9 }],
  },
  { name: 'an imported parse in the catch', code: "import { parse } from 'node:url';\nexport function f(x) { try { return new URL(x); } catch { return parse(x); } }", ...esm, errors: [{ messageId: 'fallback', line: 2 }] },
  { name: 'url-parse in the catch', code: "import Url from 'url-parse';\nexport const f = (x) => { try { return new URL(x).host; } catch { return new Url(x).host; } };", ...esm, errors: [{ messageId: 'fallback', data: { first: 'the WHATWG URL parser', second: 'url-parse' } }] },
  { name: 'the legacy parser first, the WHATWG one as the fallback', code: "const { parse } = require('url');\nfunction f(x) { try { return parse(x); } catch (e) { return URL.parse(x); } }", ...script, errors: [{ messageId: 'fallback', data: { first: "Node's legacy url.parse", second: 'the WHATWG URL parser' } }] },
  { name: 'URL.canParse(x) ? new URL(x) : url.parse(x)', code: "const url = require('url');\nconst f = (x) => (URL.canParse(x) ? new URL(x) : url.parse(x));", ...script, errors: [{ messageId: 'fallback' }] },
  { name: 'if (URL.canParse(x)) ... else uri-js', code: "import * as URI from 'uri-js';\nexport function f(x) { if (URL.canParse(x)) { return new URL(x); } else { return URI.parse(x); } }", ...esm, errors: [{ messageId: 'fallback', data: { first: 'the WHATWG URL parser', second: 'uri-js' } }] },
  // Validated by one, used through the other: the check holds for a host the request does not go to.
  {
    name: 'checked by new URL, requested through url.parse',
    code: "const url = require('url');\nconst http = require('http');\nfunction fetchAllowed(target) {\n  if (!ALLOWED.has(new URL(target).hostname)) throw new Error('no');\n  return http.get(url.parse(target));\n}",
    ...script,
    errors: [{ messageId: 'twoParsers', data: { subject: 'target', first: 'the WHATWG URL parser', second: "Node's legacy url.parse", line: '4' }, line: 5 }],
  },
  { name: 'a property read by two parsers', code: "import fastUri from 'fast-uri';\nexport function f(req) { const host = fastUri.parse(req.url).host; return new URL(req.url); }", ...esm, errors: [{ messageId: 'twoParsers', data: { subject: 'req.url', first: 'fast-uri', second: 'the WHATWG URL parser', line: '2' } }] },
  // Issue 46 item 3: a value checked with one reading and requested by a function that reads it with another.
  ...requested(),
  { name: 'require(\'url\').parse inline', code: "function f(x) { try { return new URL(x); } catch { return require('url').parse(x); } }", ...script, errors: [{ messageId: 'fallback' }] },
];

describe.each([
  ['ESLint 9', RuleTester9],
  ['ESLint 10', RuleTester10],
] as const)('no-parser-fallback with %s', (_name, RuleTester) => {
  const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022 } });
  RuleTester.describe = describe;
  RuleTester.it = it;
  tester.run('no-parser-fallback', rule as never, { valid, invalid } as never);
});

describe('the plugin', () => {
  it('has no-parser-fallback in its recommended config, and whatwg-differs on in its strict one', () => {
    expect(plugin.configs.recommended.rules).toMatchObject({ 'urigram/no-parser-fallback': 'error' });
    // The strict preset's codes (whatwg-differs on), on both rules: the errors as errors, the rest as warnings (issue 37).
    expect(plugin.configs.strict.rules?.['urigram/valid-uri']).toMatchObject(['error', { severities: ['error'], codes: { 'whatwg-differs': 'warning' } }]);
    expect(plugin.configs.strict.rules?.['urigram/uri-warnings']).toMatchObject(['warn', { codes: { 'whatwg-differs': 'warning' } }]);
    const linter = new Linter({ configType: 'flat' });
    const code = "fetch('http://h/?q=\\'x\\'')";
    expect(linter.verify(code, [plugin.configs.recommended as never]).map((m) => m.message)).toEqual([]);
    expect(linter.verify(code, [plugin.configs.strict as never]).map((m) => [m.ruleId, m.severity, m.message])).toEqual([['urigram/uri-warnings', 1, expect.stringMatching(/\(percent-encoding\) \(whatwg-differs\)$/)]]);
  });

  it('valid-uri reports whatwg-host-differs on a string literal, with the class in the message', () => {
    const linter = new Linter({ configType: 'flat' });
    const messages = linter.verify("fetch('http://0x7f.1/')", [plugin.configs.recommended as never]);
    // The error as valid-uri's, the warning (ambiguous-ip-form) as uri-warnings' (issue 37: each finding at its own severity).
    expect(messages.map((m) => [m.ruleId, m.column, m.endColumn])).toEqual([
      ['urigram/valid-uri', 15, 21],
      ['urigram/uri-warnings', 15, 21],
    ]);
    // Issue 46 item 1 adds where the request goes ("; a request goes to ..."), cut to the message's 120 characters.
    expect(messages[0].message).toMatch(/reads the host "127\.0\.0\.1", RFC 3986 "0x7f\.1" \(ipv4-number-form\); a request… \(whatwg-host-differs\)$/);
  });
});

describe('a file of many readings', () => {
  // 10,000 of each shape: the rule compared each reading with every one before it, and scanned every
  // write of the variable for each pair (24 to 35 s each on a loaded 2-core machine, red before the
  // fix); now the nearest check of each other reading, the writes by halving: about 1 s with ESLint's
  // own parse. Under the 15 s given, with the reports counted.
  const N = 10_000;
  const linter = new Linter({ configType: 'flat' });
  const messages = (body: string, head = "import url from 'url';\n") =>
    linter.verify(`${head}export function f(t) {\n${body.repeat(N)}}\n`, [{ plugins: { urigram: plugin }, rules: { 'urigram/no-parser-fallback': 'error' as const }, languageOptions: { sourceType: 'module' as const, ecmaVersion: 2022 as const } }]);
  const count = (list: ReturnType<typeof messages>) => list.reduce<Record<string, number>>((n, m) => ({ ...n, [m.messageId as string]: (n[m.messageId as string] ?? 0) + 1 }), {});

  it('a check, a request and an assignment, 10,000 times', () => {
    expect(count(messages('  url.parse(t); fetch(t); t = next(t);\n'))).toEqual({ requested: N });
  }, 15_000);
  it('a helper check and a request, 10,000 times', () => {
    expect(count(messages('  if (ok(t)) fetch(t);\n', "import url from 'url';\nfunction ok(u) { return url.parse(u).host === 'x'; }\n"))).toEqual({ requested: N });
  }, 15_000);
  it('a fallback, 10,000 times', () => {
    expect(count(messages('  try { new URL(t); } catch { url.parse(t); }\n'))).toEqual({ fallback: N, twoParsers: N - 1 });
  }, 15_000);
});
