/**
 * urigram/no-parser-fallback (issue 31): through ESLint's RuleTester with
 * ESLint 9 and 10, each case named after the report or the shape it comes
 * from; and no report on the real code of node_modules that calls a URL
 * parser (every .js, .cjs and .mjs file there that names one: the packages of
 * package-lock.json, so the same files in every clone).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Linter, RuleTester as RuleTester9 } from 'eslint';
import { RuleTester as RuleTester10 } from 'eslint10';
import plugin from '../src/eslint';

const rule = plugin.rules['no-parser-fallback'];
const esm = { languageOptions: { sourceType: 'module' as const } };
const script = { languageOptions: { sourceType: 'script' as const } };

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
    expect(messages[0].message).toMatch(/reads the host "127\.0\.0\.1", RFC 3986 "0x7f\.1" \(ipv4-number-form\) \(whatwg-host-differs\)$/);
  });
});

describe('the real code of node_modules', () => {
  const root = path.join(__dirname, '..', 'node_modules');
  const PARSER = /new URL\(|URL\.(?:parse|canParse)\(|url\.parse\(|require\(['"](?:node:)?url['"]\)|from ['"](?:node:)?url['"]|url-parse|uri-js|fast-uri|urijs/;
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.[cm]?js$/.test(e.name) && !e.name.endsWith('.min.js')) files.push(p);
    }
  };
  walk(root);

  it('gets no report on any file that calls a URL parser (and there are over a hundred)', () => {
    const linter = new Linter({ configType: 'flat' });
    const config = (sourceType: 'module' | 'script') => [
      { files: ['**/*.js'], plugins: { urigram: plugin }, rules: { 'urigram/no-parser-fallback': 'error' as const }, linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' as const }, languageOptions: { ecmaVersion: 'latest' as const, sourceType } },
    ];
    let scanned = 0;
    const reports: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      if (text.length > 2_000_000 || !PARSER.test(text)) continue;
      let messages = linter.verify(text, config('module'), 'file.js');
      if (messages.some((m) => m.fatal)) messages = linter.verify(text, config('script'), 'file.js');
      if (messages.some((m) => m.fatal)) continue;
      scanned++;
      for (const m of messages.filter((x) => x.ruleId === 'urigram/no-parser-fallback')) reports.push(`${path.relative(root, file)}:${m.line} ${m.message}`);
    }
    expect(scanned).toBeGreaterThan(100);
    expect(reports).toEqual([]);
  }, 120_000);
});
