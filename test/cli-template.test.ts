/**
 * urigram template parse|expand|match, and urigram lint --extract on the URI
 * Templates of JSON files (--template-property, JSON Hyper-Schema links,
 * OpenAPI servers). Expected outputs come from RFC 6570's examples (3.2) and
 * its grammar, worked out by hand.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const cli = path.join(__dirname, '..', 'dist', 'src', 'cli.js');

function run(args: string[], stdin = '', cwd?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { input: stdin, encoding: 'utf8', cwd });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('urigram template', () => {
  it('parse: the literals and expressions with their spans and the level; an invalid template with its caret, exit 1', () => {
    const r = run(['template', 'parse', '/a{+x,y:3}', '{=path}']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(
      [
        'template   "/a{+x,y:3}"  (Level 4)',
        'literal    "/a"                         [0, 2)',
        'expression {+x,y:3}                     [2, 10)  operator "+"',
        'invalid  "{=path}"',
        '  invalid URI-Template at offset 1: expected ALPHA, DIGIT, op-level2, op-level3, "%" or "_" in op-reserve, found "="; the operator "=" is reserved for future extensions (RFC 6570 2.2: "=" "," "!" "@" "|"), and a template processor refuses it (Appendix A)',
        '    {=path}',
        '     ^',
        '    rule path: URI-Template > expression > operator > op-reserve',
        '',
      ].join('\n'),
    );
  });

  it('parse --json, templates from standard input', () => {
    const r = run(['template', 'parse', '--json'], '{x}\n{x\n');
    expect(r.status).toBe(1);
    const [a, b] = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(a).toEqual({ template: '{x}', valid: true, level: 1, variables: ['x'], parts: [{ type: 'expression', operator: '', variables: [{ name: 'x', explode: false, start: 1, end: 2 }], start: 0, end: 3 }] });
    expect(b).toMatchObject({ template: '{x', valid: false, error: { offset: 2, grammar: 'rfc6570', rule: 'URI-Template' } });
  });

  it('expand --vars: RFC 6570 3.2 examples; --iri; a value it cannot expand reported on its template', () => {
    const vars = JSON.stringify({ list: ['red', 'green', 'blue'], keys: { semi: ';', dot: '.', comma: ',' }, hello: 'Hello World!', e: '\u00e9' });
    const r = run(['template', 'expand', '--vars', vars, '{/list*}', '{?keys*}', '{+hello}', '{keys:1}', '{e}']);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['/red/green/blue', '?semi=%3B&dot=.&comma=%2C', 'Hello%20World!']);
    expect(r.stdout).toMatch(/invalid {2}"\{keys:1\}"\n {2}TemplateExpansionError: the prefix modifier :1 cannot apply to "keys"/);
    expect(r.stdout.trimEnd().split('\n').pop()).toBe('%C3%A9');
    expect(run(['template', 'expand', '--iri', '--vars', vars, '{e}']).stdout).toBe('\u00e9\n');
  });

  it('match: the variables as JSON, or no match (exit 1); URIs from standard input', () => {
    const r = run(['template', 'match', '/users/{id}{?tab}', '/users/42?tab=a%20b', '/groups/1']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('{"id":"42","tab":"a b"}\nno match  "/groups/1"\n');
    const json = run(['template', 'match', '--json', '{x,y}'], '1024,768\n');
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ template: '{x,y}', uri: '1024,768', matches: true, variables: { x: '1024', y: '768' } });
  });

  it.each([
    [['template'], /template needs an action: parse, expand, match/],
    [['template', 'frob'], /got "frob"/],
    [['template', 'expand', '{x}'], /needs --vars JSON/],
    [['template', 'expand', '--vars', '[1]', '{x}'], /--vars must be a JSON object/],
    [['template', 'expand', '--vars', '{', '{x}'], /--vars is not JSON/],
    [['template', 'match'], /needs a TEMPLATE/],
    [['template', 'match', '{x', 'a'], /the template is not one: invalid URI-Template at offset 2/],
    [['template', 'parse', '--vars', '{}', '{x}'], /--vars is for template expand/],
  ])('%j is a usage error (exit 2)', (args, message) => {
    const r = run(args as string[]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('urigram lint --extract on the URI Templates of JSON files', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-templates-'));
    fs.writeFileSync(path.join(dir, 'api.json'), `${JSON.stringify({ openapi: '3.1.0', servers: [{ url: 'https://{region}.example/v1' }, { url: 'https://example/{v' }] }, null, 2)}\n`);
    fs.writeFileSync(path.join(dir, 'schema.json'), `${JSON.stringify({ links: [{ rel: 'self', href: '/things/{ id}' }], uriTemplate: '/ok/{x}', resourceTemplate: 'file:///{path' }, null, 2)}\n`);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports a file\'s templates and URIs in the order they come, not the templates last', () => {
    fs.writeFileSync(path.join(dir, 'one-line.json'), '{"uriTemplate": "/a{b", "home": "http://h/a%zz"}\n');
    const r = run(['lint', '--extract', 'one-line.json'], '', dir);
    const places = [...r.stdout.matchAll(/^one-line\.json:1:(\d+) /gm)].map((m) => Number(m[1]));
    // The template's error (the end of "/a{b", column 22) before the URI's (the "%zz" of "http://h/a%zz", column 45).
    expect(places.length).toBe(2);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    fs.rmSync(path.join(dir, 'one-line.json'));
  });

  it('checks them as templates, at their line and column, and not as URIs', () => {
    const r = run(['lint', '--extract', 'api.json', 'schema.json'], '', dir);
    expect(r.status).toBe(1);
    // api.json: line 8 is `      "url": "https://example/{v"`, the value from column 15; the template ends at offset 18, column 33.
    expect(r.stdout).toMatch(/^api\.json:8:33 {2}error {2}not a URI Template: invalid URI-Template at offset 18: .*found end of input \(RFC 6570 2\) {2}uri-template$/m);
    // schema.json: line 5 is `      "href": "/things/{ id}"`, the value from column 16: the space at offset 9, column 25.
    expect(r.stdout).toMatch(/^schema\.json:5:25 {2}error {2}not a URI Template: invalid URI-Template at offset 9: /m);
    // Not read as a URI: "https://{region}.example/v1" (line 5), whose braces no URI has, is a valid template.
    expect(r.stdout).not.toMatch(/^api\.json:5:/m);
    // A string at no template's place is a URI, linted as one: "file:///{path" (line 9, the "{" at column 32), a
    // character no URI has but browsers accept (issue 37: one unencoded-character warning).
    expect(r.stdout).toMatch(/^schema\.json:9:32 {2}warning {2}"\{" is not allowed in a URI .* {2}unencoded-character$/m);
    expect(r.stdout).toMatch(/^3 problems \(2 errors, 1 warning, 0 infos\)/m);
  });

  it("a YAML OpenAPI document's servers[].url too, as in JSON (issue 45, item 3)", () => {
    const yaml = [
      'openapi: 3.0.3',
      'info:',
      '  title: Example',
      '  version: "1"',
      'servers:',
      '  - url: https://{region}.api.example.com/v1',
      '    variables:',
      '      region:',
      '        default: eu',
      '  - url: "https://api.example.com/{v"',
      '    description: broken',
      '',
    ].join('\n');
    fs.writeFileSync(path.join(dir, 'api.yaml'), yaml);
    // The sequence at its key's column, a quoted key, a comment between items.
    fs.writeFileSync(path.join(dir, 'swagger.yml'), "swagger: '2.0'\nservers:\n# staging first\n- 'url': https://{stage}.example/\n- url: https://example/{ v}\n");
    // No openapi or swagger key: a URI, as in JSON.
    fs.writeFileSync(path.join(dir, 'other.yaml'), 'servers:\n  - url: https://example/{v\n');
    const r = run(['lint', '--extract', 'api.yaml', 'swagger.yml', 'other.yaml'], '', dir);
    // api.yaml line 10 is `  - url: "https://api.example.com/{v"`, the value from column 11; the template ends at offset 26, column 37.
    expect(r.stdout).toMatch(/^api\.yaml:10:37 {2}error {2}not a URI Template: invalid URI-Template at offset 26: .*found end of input \(RFC 6570 2\) {2}uri-template$/m);
    // Line 6's template is valid: nothing there (as a URI, its braces would be a warning).
    expect(r.stdout).not.toMatch(/^api\.yaml:6:/m);
    // swagger.yml line 5 is `- url: https://example/{ v}`, the value from column 8: the space at offset 17, column 25.
    expect(r.stdout).toMatch(/^swagger\.yml:5:25 {2}error {2}not a URI Template: invalid URI-Template at offset 17: /m);
    expect(r.stdout).not.toMatch(/^swagger\.yml:4:/m);
    // other.yaml line 2 is `  - url: https://example/{v`, the value from column 10: a URI, its "{" at column 26 a warning.
    expect(r.stdout).toMatch(/^other\.yaml:2:26 {2}warning {2}"\{" is not allowed in a URI .* {2}unencoded-character$/m);
    expect(r.stdout).toMatch(/^3 problems \(2 errors, 1 warning, 0 infos\)/m);
    for (const f of ['api.yaml', 'swagger.yml', 'other.yaml']) fs.rmSync(path.join(dir, f));
  });

  it('--template-property names more properties; the rule can be switched off', () => {
    const r = run(['lint', '--extract', '--template-property', 'resourceTemplate', 'schema.json'], '', dir);
    // Line 9 is `  "resourceTemplate": "file:///{path"`, the value from column 24; it ends at offset 13, column 37.
    expect(r.stdout).toMatch(/^schema\.json:9:37 {2}error {2}not a URI Template: invalid URI-Template at offset 13: /m);
    expect(r.stdout).not.toMatch(/ syntax$/m);
    expect(run(['lint', '--extract', '--template-property', 'resourceTemplate', '--rule', 'uri-template=off', 'schema.json'], '', dir).status).toBe(0);
    expect(run(['lint', '--template-property', 'x', 'http://a/']).stderr).toMatch(/--template-property is for files: it needs --extract/);
  });
});
