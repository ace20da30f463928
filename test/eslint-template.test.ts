/**
 * urigram/eslint's valid-uri-template: strings a document marks as URI
 * Templates (RFC 6570) must be templates. In JavaScript (RuleTester, ESLint
 * 9 and 10) by property name; in JSON (@eslint/json, an ES module: run by
 * node, on the build) by property name, JSON Hyper-Schema's links[].href and
 * OpenAPI's servers[].url. Expected offsets are where RFC 6570's grammar
 * fails, worked out by hand.
 */
import { RuleTester as RuleTester9 } from 'eslint';
import { RuleTester as RuleTester10 } from 'eslint10';
import plugin from '../src/eslint';
import { jsonRuleTesterFailures } from './support/eslint-json';

const rule = plugin.rules['valid-uri-template'];

/** Where `part` (its first occurrence after `from`) is in one-line `code`: a report on exactly those characters. */
function at(code: string, part: string, from = 0): { line: number; column: number; endLine: number; endColumn: number } {
  const start = code.indexOf(part, from);
  if (start < 0) throw new Error(`${JSON.stringify(part)} is not in ${JSON.stringify(code)}`);
  return { line: 1, column: start + 1, endLine: 1, endColumn: start + 1 + part.length };
}

const err = (source: string, part: string, from: number) => ({ message: /^invalid URI-Template at offset \d+: .* \(uri-template\)$/, ...at(source, part, from) });

describe.each([
  ['ESLint 9', RuleTester9],
  ['ESLint 10', RuleTester10],
] as const)('valid-uri-template in JavaScript (%s)', (_name, RuleTester) => {
  const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
  const s = {
    unclosed: "const r = { uriTemplate: 'file:///{path' }",
    reserved: "r.uriTemplate = '/a{=b}'",
    custom: "const link = { hrefTemplate: '/users/{ id}' }",
    escaped: "const r = { uriTemplate: '\\u002F{a b}' }",
  };
  // eslint's and eslint10's RuleModule types are the same shape.
  tester.run('valid-uri-template', rule as never, {
    valid: [
      "const r = { uriTemplate: 'file:///{+path}', name: 'a b' }",
      "const r = { url: '/{a b}' }", // not a template's place (valid-uri's)
      { code: "const r = { hrefTemplate: '/users/{id}{?q*}' }", options: [{ properties: ['hrefTemplate'] }] },
      { code: "const r = { uriTemplate: '{a b}' }", options: [{ properties: ['other'] }] },
    ],
    invalid: [
      // "file:///{path" ends inside the expression: offset 13, its end.
      { code: s.unclosed, errors: [{ message: /offset 13: expected ALPHA, DIGIT, "%", … in varname, found end of input \(uri-template\)$/ }] },
      { code: s.reserved, errors: [err(s.reserved, '=', s.reserved.indexOf("'"))] },
      { code: s.custom, options: [{ properties: ['hrefTemplate'] }], errors: [err(s.custom, ' ', s.custom.indexOf('{ id'))] },
      // The value "/{a b}": offset 3 is the space, written as itself after the escape \u002F in the source.
      { code: s.escaped, errors: [{ ...err(s.escaped, ' ', s.escaped.indexOf('{a')), message: /offset 3:/ }] },
    ],
  });
});

describe("valid-uri-template in ESLint's JSON language (@eslint/json, on the build)", () => {
  const doc = (value: object) => JSON.stringify(value);
  const q = {
    property: doc({ name: 'x', uriTemplate: 'file:///{path' }),
    hyper: doc({ $schema: 'https://json-schema.org/draft/2019-09/hyper-schema', links: [{ rel: 'self', href: '/things/{ id}' }] }),
    openapi: doc({ openapi: '3.1.0', servers: [{ url: 'https://{region}.api.example/v1' }, { url: 'https://api.example/{v' }] }),
    notOpenapi: doc({ servers: [{ url: 'https://api.example/{v' }] }),
  };
  const cases = {
    valid: [
      { code: doc({ uriTemplate: '/a/{b}{?c*}', url: '/{not a template}' }), filename: 'x.json' },
      { code: q.notOpenapi, filename: 'x.json' },
      { code: doc({ links: [{ rel: 'x', href: '/{+a}' }] }), filename: 'x.json' },
    ],
    invalid: [
      { code: q.property, filename: 'x.json', errors: [{ message: /offset 13: expected/ }] },
      { code: q.hyper, filename: 'x.json', errors: [{ message: /offset 9: /, ...at(q.hyper, ' ', q.hyper.indexOf('{ id')) }] },
      { code: q.openapi, filename: 'x.json', errors: [{ message: /offset 22: / }] },
    ],
  };
  it.each(['eslint', 'eslint10'])('passes RuleTester with %s', (eslint) => {
    expect(jsonRuleTesterFailures(eslint, 'valid-uri-template', cases)).toEqual([]);
  }, 30_000);
});
