/**
 * The long half of test/registry.test.ts (issue 47 item 5: not in `npm test`, run by `npm run test:long` and CI;
 * issue 47 items 3 and 4 ask CI to follow the guide). A grammar is one entry: adding one is its .abnf, its .peggy,
 * its peggy options and a registry line (docs/adding-a-grammar.md). This test follows the guide, step by step as
 * its headings number them, in a copy of the repository with the fixture grammar of test/fixtures/grammar/
 * (key-value lists, kvlist.txt standing in for an RFC, and the URI scheme kv made of them, with a format of
 * urigram/formats): it runs the guide's own commands (step 6), proves the PEG equal to the ABNF, and uses the
 * grammar through the public API, the scheme checks, urigram/formats, the ES module build's list of scheme
 * grammars and the command line; and it checks that nothing but grammar/, generated/ and docs/grammars/ changed
 * (nothing under src/, as the guide says). It generates, proves and runs the copy with ts-node: about half a
 * minute of CPU (2026-12-07).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { keepOnlyGrammars } from './support/grammar-copy';

const root = path.join(__dirname, '..');
const fixture = path.join(__dirname, 'fixtures', 'grammar');

/** docs/adding-a-grammar.md's steps, by their headings ("## 1. The RFC text"), and the commands of its step 6, NAME as written. */
function guide(): { steps: string[]; commands: string[] } {
  const text = fs.readFileSync(path.join(root, 'docs', 'adding-a-grammar.md'), 'utf8');
  const steps = [...text.matchAll(/^## (\d+)\. (.*)$/gm)].map((m) => `${m[1]}. ${m[2]}`);
  const step6 = text.slice(text.indexOf('\n## 6. '), text.indexOf('\n## 7. '));
  const block = /^```sh\n([\s\S]*?)^```$/m.exec(step6);
  const commands = (block?.[1] ?? '').split('\n').map((l) => l.replace(/#.*$/, '').trim()).filter((l) => l !== '');
  return { steps, commands };
}

/** Every file under `dir` (node_modules aside), by its path from `dir`, with its contents' hash. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string): void => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const p = rel === '' ? e.name : `${rel}/${e.name}`;
      if (p === 'node_modules') continue;
      if (e.isDirectory()) walk(p);
      else out.set(p, createHash('sha256').update(fs.readFileSync(path.join(dir, p))).digest('hex'));
    }
  };
  walk('');
  return out;
}

describe('a new scheme grammar through the registry (the fixture kvlist, by docs/adding-a-grammar.md)', () => {
  let work: string;
  let before: Map<string, string>;
  const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: work, encoding: 'utf8', timeout: 240_000 });
  const tsNode = ['-r', require.resolve('ts-node/register/transpile-only')];

  it('the guide has the steps this test follows, and step 6 the commands it runs', () => {
    // A step added to the guide, or a command changed, is one this test does not follow yet: it fails until it does.
    expect(guide().steps).toEqual([
      '1. The RFC text',
      '2. `grammar/NAME.abnf`',
      '3. `grammar/NAME.peggy`',
      '4. `grammar/NAME.config.json`',
      '5. One line in `grammar/registry.json`',
      '6. Generate, prove, commit',
      '7. Use it',
    ]);
    expect(guide().commands).toEqual(['npm run generate', 'npm run check:grammar -- --grammar NAME']);
    expect(fs.readFileSync(path.join(root, 'docs', 'adding-a-grammar.md'), 'utf8')).toContain('Nothing under `src/` changes');
  });

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-new-grammar-'));
    for (const entry of ['grammar', 'generated', 'scripts', 'src', 'docs', 'test', 'tsconfig.json', 'package.json']) {
      fs.cpSync(path.join(root, entry), path.join(work, entry), { recursive: true });
    }
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
    // RFC 3986 (the default, which the library needs) and the new grammar: the others only cost generation time here.
    keepOnlyGrammars(work, ['rfc3986']);
    before = snapshot(work);
    // Step 1: the RFC text in grammar/. Steps 2 to 4: the .abnf, the .peggy and the peggy options, in the folder of scheme
    // grammars (no NAME.check.json: it is optional). Step 5: one registry line, with the folder, the scheme the grammar
    // checks and that scheme's format, appended.
    fs.copyFileSync(path.join(fixture, 'kvlist.txt'), path.join(work, 'grammar', 'kvlist.txt'));
    for (const f of ['kvlist.abnf', 'kvlist.peggy', 'kvlist.config.json']) fs.copyFileSync(path.join(fixture, f), path.join(work, 'grammar', 'schemes', f));
    const registryFile = path.join(work, 'grammar', 'registry.json');
    const registry = JSON.parse(fs.readFileSync(registryFile, 'utf8')) as { grammars: Array<{ name: string }> };
    const line = JSON.parse(fs.readFileSync(path.join(fixture, 'registry-line.json'), 'utf8'));
    fs.writeFileSync(registryFile, JSON.stringify({ ...registry, grammars: [...registry.grammars, line] }, null, 2));
  }, 60_000);

  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("step 6, the guide's commands: npm run generate writes its modules, its registry entry and its grammar page, check:grammar proves it; --check then passes", () => {
    for (const command of guide().commands) {
      const r = spawnSync('sh', ['-c', command.replace(/\bNAME\b/g, 'kvlist')], { cwd: work, encoding: 'utf8', timeout: 240_000 });
      expect([command, r.status, r.stderr.replace(/^npm (notice|warn).*\n/gm, '')]).toEqual([command, 0, '']);
    }
    for (const f of ['kvlist.dfa.js', 'kvlist.recognizer.js', 'kvlist.diagnose.js', 'kvlist.grammar.mjs']) {
      expect(fs.existsSync(path.join(work, 'generated', f))).toBe(true);
    }
    expect(fs.readFileSync(path.join(work, 'generated', 'registry.js'), 'utf8')).toContain('"name": "kvlist"');
    expect(fs.readFileSync(path.join(work, 'generated', 'loaders.js'), 'utf8')).toContain("case \"kvlist.dfa\": return require(\"./kvlist.dfa\");");
    expect(fs.readFileSync(path.join(work, 'docs', 'grammars', 'kvlist.html'), 'utf8')).toContain('Key-value lists (a test fixture)');
    expect(node([...tsNode, path.join('scripts', 'generate.ts'), '--check']).status).toBe(0);
  }, 480_000);

  it('changes nothing but grammar/, generated/ and docs/grammars/: nothing under src/, no test, no other doc', () => {
    const after = snapshot(work);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f)).sort();
    expect(changed.filter((f) => !/^(grammar|generated|docs\/grammars)\//.test(f))).toEqual([]);
    expect(changed).toEqual(expect.arrayContaining(['grammar/registry.json', 'grammar/schemes/kvlist.peggy', 'generated/kvlist.grammar.mjs', 'generated/scheme-grammars.mjs']));
  });

  it("the ES module build's scheme grammars (generated/scheme-grammars.mjs, which urigram/formats gives to useSchemes) import it", () => {
    const esm = fs.readFileSync(path.join(work, 'generated', 'scheme-grammars.mjs'), 'utf8');
    expect(esm).toMatch(/^import (grammar\d+) from '\.\/kvlist\.grammar\.js';$/m);
    const name = /^import (grammar\d+) from '\.\/kvlist\.grammar\.js';$/m.exec(esm)![1];
    expect(/^export const SCHEME_GRAMMAR_MODULES = \[(.*)\];$/m.exec(esm)![1].split(', ')).toContain(name);
    expect(fs.readFileSync(path.join(work, 'generated', 'registry.d.ts'), 'utf8')).toMatch(/^export type SchemeFormatName = "kv-list";$/m);
  });

  it('urigram/formats has the format its registry line names, checked by the scheme grammar, for ajv too', () => {
    const script = `
      const f = require('./src/formats');
      const Ajv = require('ajv/dist/2020').default;
      const ajv = f.addFormats(new Ajv(), { formats: ['uri', 'kv-list'] });
      const kv = ajv.compile({ type: 'string', format: 'kv-list' });
      let unknown;
      try { f.addFormats(new Ajv(), { formats: ['urn'] }); } catch (x) { unknown = x.message; }
      process.stdout.write(JSON.stringify({
        names: f.SCHEME_FORMAT_NAMES,
        predicate: ['kv:a=1;b=2', 'kv:a', 'KV:a=1', 'kv:a=1#f', 'x:a=1', 'kv:a=1;'].map((s) => f.formats['kv-list'](s)),
        ajv: [kv('kv:a=1'), kv('kv:a='), kv('kv:=1')],
        unknown,
        schemeTrue: f.addFormats(new Ajv(), { scheme: true }).compile({ type: 'string', format: 'uri' })('kv:a'),
      }));`;
    const r = node([...tsNode, '-e', script]);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      names: ['kv-list'],
      // kvURI = "kv:" kvlist (kvlist.txt 2), the scheme either case (RFC 3986 3.1), the fragment RFC 3986's (no withFragment).
      predicate: [true, false, true, true, false, false],
      // value = *( ALPHA / DIGIT ) may be empty; key = 1*ALPHA may not.
      ajv: [true, true, false],
      // This copy has no RFC 8141 grammar, so no "urn" format: the registry's formats are urigram/formats'.
      unknown: expect.stringContaining('must hold only "uri", "uri-reference", "iri", "iri-reference", "uri-template", "kv-list", got "urn"'),
      schemeTrue: false,
    });
  }, 60_000);

  it('npm run check:grammar proves the PEG equal to the ABNF, and the ABNF verbatim from its text', () => {
    const r = node([...tsNode, path.join('scripts', 'check-grammar.ts'), '--grammar', 'kvlist', '--count', '300', '--seed', '1']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/kvlist/);
    // The proof can fail: a PEG that gives up on a rule of the ABNF is caught, by generate itself (it proves what changed).
    const peggy = path.join(work, 'grammar', 'schemes', 'kvlist.peggy');
    const text = fs.readFileSync(peggy, 'utf8');
    expect(text).toContain('= (ALPHA / DIGIT)*');
    fs.writeFileSync(peggy, text.replace('= (ALPHA / DIGIT)*', '= ALPHA*'));
    try {
      const refused = node([...tsNode, path.join('scripts', 'generate.ts')]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/^generate: refused: grammar\/schemes\/kvlist\.peggy and grammar\/schemes\/kvlist\.abnf disagree in /);
    } finally {
      fs.writeFileSync(peggy, text);
      expect(node([...tsNode, path.join('scripts', 'generate.ts')]).status).toBe(0);
    }
  }, 480_000);

  it('the public API takes it: GRAMMARS, isValid, matches, rulesOf, check; parse says it has no URI record', () => {
    const script = `
      const u = require('./src');
      const e = u.check('a=1;b', { grammar: 'kvlist' });
      const kv = u.checkScheme('kv:a=1;b');
      let refused;
      try { u.parse('a=1', { grammar: 'kvlist' }); } catch (x) { refused = [x.name, x.option, /isValid/.test(x.message)]; }
      process.stdout.write(JSON.stringify({
        grammars: u.GRAMMARS, rules: u.REFERENCE_RULES.kvlist, title: u.GRAMMAR_TITLES.kvlist,
        valid: [u.isValid('a=1;bc=x2', { grammar: 'kvlist' }), u.isValid('a=1;', { grammar: 'kvlist' }), u.isValid('a=1', { grammar: 'kvlist', rule: 'kvlist' })],
        matches: [u.matches('key', 'abc', { grammar: 'kvlist' }), u.matches('key', 'ab1', { grammar: 'kvlist' })],
        rulesOf: u.rulesOf('kvlist'),
        error: [e.offset, e.expected, e.rulePath, e.grammar, e.rule],
        none: u.check('a=1', { grammar: 'kvlist' }) === undefined,
        refused,
        scheme: [u.checkScheme('KV:a=1;b=2').valid, u.checkScheme('KV:a=1;b=2').grammar, kv.valid, kv.error.grammar, kv.error.rule, kv.error.offset, u.isValid('kv:a=1', { scheme: true }), u.isValid('kv:a', { scheme: true }), u.SCHEME_GRAMMARS.kv],
      }));`;
    const r = node([...tsNode, '-e', script]);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      grammars: ['rfc3986', 'kvlist'],
      rules: ['kvlist', 'kvURI'],
      title: 'Key-value lists (a test fixture)',
      valid: [true, false, true],
      matches: [true, false],
      rulesOf: ['kvlist', 'pair', 'key', 'value', 'ALPHA', 'DIGIT', 'kvURI'],
      // At offset 5 the key 'b' may go on (ALPHA) or end ("="); key is the rule being matched.
      error: [5, ['ALPHA', '"="'], ['kvlist', 'pair', 'key'], 'kvlist', 'kvlist'],
      none: true,
      refused: ['UriOptionError', 'grammar', true],
      // The registry line names the scheme kv and its rule: checkScheme and { scheme: true } take it, with no code of its own.
      scheme: [true, 'kvlist', false, 'kvlist', 'kvURI', 8, true, false, { grammar: 'kvlist', rule: 'kvURI', withFragment: false }],
    });
  }, 60_000);

  it("the command line's --grammar takes it", () => {
    const cli = path.join('src', 'cli.ts');
    const ok = node([...tsNode, cli, 'validate', '--grammar', 'kvlist', 'a=1;b=2']);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('valid');
    const bad = node([...tsNode, cli, 'validate', '--grammar', 'kvlist', 'a=1;b']);
    expect(bad.status).toBe(1);
    expect(bad.stdout + bad.stderr).toMatch(/offset 5/);
    expect(node([...tsNode, cli, 'validate', '--help']).stdout.replace(/\s+/g, ' ')).toContain('kvlist (Key-value lists (a test fixture))');
  }, 60_000);
});
