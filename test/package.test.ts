/**
 * The package as a user gets it: `npm pack` in a copy of the repository, the
 * tarball installed into a new project, then used from CommonJS, an ES
 * module, TypeScript and its bin. One pack and one install, shared by every
 * assertion. The copy takes this checkout's dist/, which `npm test` has just
 * built, and packs it with --ignore-scripts: that its prepare step (the
 * build, from nothing) gives the same files is test/package.long.ts
 * (npm run test:long, CI), which keeps a second full build out of npm test.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';

const root = path.join(__dirname, '..');
let work: string;
let project: string;
let installed: string;
let packed: { filename: string; files: Array<{ path: string }> };

/** The environment of this run without what `npm test` sets for its own package. */
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_(package|lifecycle)_|^INIT_CWD$/.test(k)));

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r;
}

function ok(r: SpawnSyncReturns<string>): string {
  if (r.status !== 0) throw new Error(`exit ${r.status}\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-package-'));
  const copy = path.join(work, 'urigram');
  fs.mkdirSync(copy);
  for (const entry of fs.readdirSync(root)) {
    if (['node_modules', 'dist', '.git', 'coverage', 'test'].includes(entry)) continue;
    fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  // What package.json's files take of dist/ (not tsc's own output and state, dist/tsc and dist/tsbuildinfo).
  for (const built of ['src', 'generated', 'esm', 'playground']) fs.cpSync(path.join(root, 'dist', built), path.join(copy, 'dist', built), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const out = ok(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], copy));
  packed = JSON.parse(out)[0];

  // Installed as the README says to today (urigram is not on npm's registry yet): `npm pack` in the clone writes the
  // tarball there (here it was packed to `work`: the same file, put where the README's command looks for it), and the
  // README's own command line installs it from the project's folder beside the clone.
  const [clone, pack, install] = installLines();
  expect([clone, pack]).toEqual([expect.stringMatching(/^git clone \S.* urigram +# /), expect.stringMatching(/^\(cd urigram && npm ci && npm pack\) +# /)]);
  fs.copyFileSync(path.join(work, packed.filename), path.join(copy, packed.filename));
  project = path.join(work, 'your-project');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'uses-urigram', version: '1.0.0', private: true }));
  const offline = { ...env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
  const r = spawnSync('sh', ['-c', install], { cwd: work, env: offline, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${install}: exit ${r.status}\n${r.stderr}`);
  installed = path.join(project, 'node_modules', 'urigram');
}, 300_000);

/** The README's lines that install urigram today, the first block of its "Using the package" section, comments kept. */
function installLines(file = 'README.md'): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const block = /^```sh\n(git clone [\s\S]*?)^```$/m.exec(text);
  if (block === null) throw new Error(`${file} has no block of install lines beginning "git clone"`);
  return block[1].split('\n').slice(0, 3);
}

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('the tarball', () => {
  it('ships each file once: no top-level generated/, no two files with the same bytes', () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths.filter((p) => p.startsWith('generated/'))).toEqual([]);
    const byHash = new Map<string, string[]>();
    for (const p of paths) {
      const hash = crypto.createHash('sha256').update(fs.readFileSync(path.join(installed, p))).digest('hex');
      byHash.set(hash, [...(byHash.get(hash) ?? []), p]);
    }
    expect([...byHash.values()].filter((same) => same.length > 1)).toEqual([]);
  });

  it("ships the docs the README and `lint --help` point to, the grammars, and not the RFC texts, the test corpora or the docs' images", () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['docs/lint-rules.md', 'docs/schemes.md', 'README.md', 'grammar/rfc3986.abnf', 'grammar/rfc3986.peggy', 'grammar/schemes/rfc6068.abnf', 'grammar/schemes/rfc6068.peggy', 'dist/src/index.d.ts']));
    expect(paths.filter((p) => p.endsWith('.txt') || p.startsWith('test/') || p.startsWith('scripts/') || p.startsWith('src/'))).toEqual([]);
    // The screenshots and the scorecard's chart (0.2 MB): no runtime path loads them, and the registry's page does not
    // take a README's images from the tarball (it points relative ones at the repository). Issue 48's 9 MB.
    expect(paths.filter((p) => /^docs\/.*\.(png|svg|jpe?g|gif)$/.test(p))).toEqual([]);
    // What `urigram playground` serves: the built page and the grammar pages it links.
    expect(paths).toEqual(expect.arrayContaining(['dist/playground/index.html', 'dist/playground/playground.js', 'dist/playground/playground.css', 'docs/grammars/rfc3986.html', 'docs/grammars/rfc3987.html', 'docs/grammars/rfc2396.html']));
  });

  it('declares keywords, sideEffects: false, and import, require and types entries', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
    expect(pkg.keywords).toEqual(expect.arrayContaining(['uri', 'rfc3986']));
    expect(pkg.sideEffects).toBe(false);
    const entry = pkg.exports['.'];
    for (const file of [entry.types, entry.import, entry.require, entry.node.import, entry.node.default]) expect(fs.existsSync(path.join(installed, file))).toBe(true);
  });
});

describe('how the docs say to install it', () => {
  const DOCS = ['README.md', 'docs/api.md', 'docs/conformance.md', 'conformance/README.md'];

  it('the README, docs/api.md and both conformance docs give the lines this suite installed it with (npm pack in a clone, then its tarball)', () => {
    const lines = installLines();
    expect(lines[2]).toBe('cd your-project && npm install ../urigram/urigram-*.tgz');
    // The tarball `npm pack` wrote is the one the command's pattern names.
    expect(packed.filename).toMatch(/^urigram-[0-9][^/]*\.tgz$/);
    for (const file of DOCS) expect([file, installLines(file)]).toEqual([file, lines]);
  });

  it('npm install urigram (and npm pack urigram) only where the text says it works once urigram is published, and not yet', () => {
    for (const file of DOCS) {
      const paragraphs = fs.readFileSync(path.join(root, file), 'utf8').split(/\n\s*\n/).filter((p) => /npm (install|pack) urigram\b/.test(p));
      expect([file, paragraphs.length > 0]).toEqual([file, true]);
      // "once urigram is published ... (not yet: it fails today)", or "urigram is not on npm's registry yet".
      for (const p of paragraphs) expect([file, p, /published|registry/.test(p) && /\bnot\b[^.]*\byet\b/.test(p)]).toEqual([file, p, true]);
    }
  });
});

describe('the installed package', () => {
  const program = `
    const u = URIGRAM;
    const error = u.tryParse('http://a b/').error;
    process.stdout.write(JSON.stringify([
      u.parse('http://a/b?c').query,
      error instanceof u.UriSyntaxError, error.offset, error.rulePath.length > 0,
      u.isValid('http://\\u00e9/', { grammar: 'rfc3987' }),
      u.tryParse('http://[::192.9.5.5]/ipng', { grammar: 'rfc2396' }).ok && !u.isValid('http://[1:2]/', { grammar: 'rfc2396' }),
      u.tryParse('\\u00e9 ', { grammar: 'rfc3987' }).error.offset,
      u.resolve('http://a/b/c', '../d'),
      u.iriToUri('http://\\u00e9/', { host: 'idna' }),
    ]));`;
  const expected = ['c', true, 8, true, true, true, 1, 'http://a/d', 'http://xn--9ca/'];

  it("works from CommonJS: require('urigram')", () => {
    const r = run(process.execPath, ['-e', program.replace('URIGRAM', "require('urigram')")], project);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(expected);
  });

  it("works from an ES module: import { parse } from 'urigram', the same copy as require's", () => {
    const file = path.join(project, 'main.mjs');
    fs.writeFileSync(
      file,
      `import * as named from 'urigram'; import { parse, resolve, LINT_RULES } from 'urigram'; import { createRequire } from 'node:module';
       const required = createRequire(import.meta.url)('urigram');
       if (parse !== required.parse || resolve !== required.resolve || LINT_RULES !== required.LINT_RULES) throw new Error('two copies of urigram');
       ${program.replace('URIGRAM', 'named')}`,
    );
    const r = run(process.execPath, [file], project);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(expected);
  });

  it("exports what src/index.ts exports, by the same names, from require and import alike: getters in its order, one copy", () => {
    // The value exports of src/index.ts, read by TypeScript, in the order the CommonJS entry has always defined them: by
    // module, in the order each module is first named (scripts/finish-build.ts rewrites the entry; this reads the source).
    const file = path.join(root, 'src', 'index.ts');
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2020, false, ts.ScriptKind.TS);
    const byModule = new Map<string, string[]>();
    for (const statement of source.statements) {
      if (!ts.isExportDeclaration(statement) || statement.isTypeOnly || statement.exportClause === undefined || !ts.isNamedExports(statement.exportClause)) continue;
      const from = (statement.moduleSpecifier as ts.StringLiteral).text;
      byModule.set(from, [...(byModule.get(from) ?? []), ...statement.exportClause.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text)]);
    }
    const names = [...byModule.values()].flat();
    expect(names.length).toBeGreaterThan(70);
    const script = `import { createRequire } from 'node:module';
      const required = createRequire(import.meta.url)('urigram');
      const imported = await import('urigram');
      const shape = Object.entries(Object.getOwnPropertyDescriptors(required)).map(([k, d]) => [k, d.enumerable, d.configurable, typeof d.get, d.set === undefined, 'value' in d]);
      const same = Object.keys(imported).filter((k) => k !== 'default').filter((k) => imported[k] !== required[k]);
      process.stdout.write(JSON.stringify([Object.keys(required), shape, Object.keys(imported), same, imported.default === required]));`;
    const r = run(process.execPath, ['--input-type=module', '-e', script], project);
    expect(r.stderr).toBe('');
    const [keys, shape, importedKeys, different, sameDefault] = JSON.parse(r.stdout) as [string[], unknown[][], string[], string[], boolean];
    expect(keys).toEqual(names);
    // __esModule (a value, not enumerable), then a getter for each export, as tsc's CommonJS output has them.
    expect(shape).toEqual([['__esModule', false, false, 'undefined', true, true], ...names.map((name) => [name, true, false, 'function', true, false])]);
    expect(importedKeys).toEqual([...names, 'default'].sort());
    expect(different).toEqual([]);
    expect(sameDefault).toBe(true);
  });

  it('type-checks from TypeScript (CommonJS and ES module files) against its own types', () => {
    const code = `import { parse, tryParse, isValid, type UriRecord, type ParseOptions } from 'urigram';
      import * as formats from 'urigram/formats';
      const record: UriRecord = parse('http://a/');
      const options: ParseOptions = { grammar: 'rfc3987', rule: 'IRI' };
      const host: string | undefined = record.host;
      const valid: boolean = isValid('x', options);
      const result = tryParse('x');
      if (!result.ok) { const offset: number = result.error.offset; void offset; }
      // @ts-expect-error: the input is a string
      parse(42);
      // @ts-expect-error: a format predicate takes a string
      formats.iri(42);
      // @ts-expect-error: no such grammar
      isValid('x', { grammar: 'rfc1738' });
      export { host, valid };
    `;
    fs.writeFileSync(path.join(project, 'check.ts'), code);
    fs.writeFileSync(path.join(project, 'check.mts'), code);
    fs.writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true, noEmit: true, types: [] }, files: ['check.ts', 'check.mts'] }),
    );
    const r = run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', project], project);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 120_000);

  it('loads only what a call uses: for valid RFC 3986 input, no error explanation, no other grammar, no other operation', () => {
    const loaded = (calls: string) => {
      const script = `const u = require('urigram'); ${calls};
        process.stdout.write(JSON.stringify(Object.keys(require.cache).filter((f) => f.includes('/node_modules/')).map((f) => f.split('/node_modules/')[1]).sort()));`;
      const r = run(process.execPath, ['-e', script], project);
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as string[];
    };
    // The entry alone: it holds parse, backends, grammars, errors, options and RFC 3986's recognizer, bundled (scripts/finish-build.ts).
    const core = ['dist/src/index.js'].map((f) => `urigram/${f}`);
    expect(loaded("u.isValid('http://a/b'); u.parse('http://a/b?c')")).toEqual(core);
    // A rejection adds one file: diagnose.ts and RFC 3986's diagnostic back end, bundled (scripts/finish-build.ts bundleDiagnose),
    // with no generic loader (load.js, generated/loaders.js), no other grammar, and not peggy's traced parser (the tests' oracle only).
    expect(loaded("u.tryParse('a b')")).toEqual([...core, 'urigram/dist/src/core/diagnose.js'].sort());
    // The automata of the other reference rules load when a call names one and its input is not of the fast path's forms
    // (a userinfo is not: generated/rfc3986.dfa.js, FAST), scripts/finish-build.ts splitTables; what the fast path takes needs none.
    expect(loaded("u.isValid('http://a/b', { rule: 'URI' })")).toEqual(core);
    expect(loaded("u.isValid('http://user@a/b', { rule: 'URI' })")).toEqual(['urigram/dist/generated/rfc3986.dfa.rest.js', ...core]);
  }, 30_000);

  it('takes each reference rule of RFC 3986 (4.1 to 4.3), whether its automaton is in the entry or loaded on first use', () => {
    const rules = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'];
    // Per input, whether it is each rule: a fragment is not in absolute-URI, a scheme not in relative-ref.
    const vectors: Array<[string, boolean[]]> = [
      ['http://a/b?c#d', [true, true, false, false]],
      ['//a/b', [false, true, false, true]],
      ['a:b', [true, true, true, false]],
      ['/x#y', [false, true, false, true]],
      ['http://a b', [false, false, false, false]],
      ['', [false, true, false, true]],
    ];
    const script = `const u = require('urigram');
      process.stdout.write(JSON.stringify(${JSON.stringify(vectors.map(([input]) => input))}.map((s) => ${JSON.stringify(rules)}.map((rule) => u.isValid(s, { rule }) && u.tryParse(s, { rule }).ok))));`;
    const r = run(process.execPath, ['-e', script], project);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(vectors.map(([, results]) => results));
  }, 30_000);

  it("loads no more from an ES module: import reads every export, and reading one loads nothing but load.js (RFC3987_GRAMMAR's getters) and index.data.json (LINT_RULES and the other plain data)", () => {
    const script = `import * as u from 'urigram'; import { createRequire } from 'node:module';
      u.isValid('http://a/b'); u.parse('http://a/b?c');
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((f) => f.includes('/node_modules/')).map((f) => f.split('/node_modules/')[1]).sort();
      process.stdout.write(JSON.stringify([loaded, typeof u.resolve, u.resolve.name, u.resolve.length, Object.keys(u.LINT_RULES).length > 20]));`;
    const r = run(process.execPath, ['--input-type=module', '-e', script], project);
    expect(r.stderr).toBe('');
    // A stub keeps the name and length of the function it stands for (resolve(base, reference, options = {})).
    expect(JSON.parse(r.stdout)).toEqual([['urigram/dist/src/core/load.js', 'urigram/dist/src/index.data.json', 'urigram/dist/src/index.js'], 'function', 'resolve', 2, true]);
  }, 30_000);

  it('runs its urigram bin', () => {
    const r = run(path.join(project, 'node_modules', '.bin', 'urigram'), ['parse', '--json', 'ldap://[2001:db8::7]/c=GB?objectClass?one'], project);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ scheme: 'ldap', host: '[2001:db8::7]', query: 'objectClass?one' });
  });

  it('holds the conformance suite, which a project in another language unpacks from the tarball alone, as conformance/README.md shows', () => {
    // The README's command: tar -xzf urigram-*.tgz -C vendor/urigram-conformance --strip-components=2 package/conformance
    const vendor = path.join(work, 'vendor', 'urigram-conformance');
    fs.mkdirSync(vendor, { recursive: true });
    ok(run('tar', ['-xzf', path.join(work, packed.filename), '-C', vendor, '--strip-components=2', 'package/conformance'], work));
    const manifest = JSON.parse(fs.readFileSync(path.join(vendor, 'suite.json'), 'utf8'));
    for (const [file, sum] of Object.entries(manifest.sha256 as Record<string, string>)) {
      expect([file, crypto.createHash('sha256').update(fs.readFileSync(path.join(vendor, file))).digest('hex')]).toEqual([file, sum]);
    }
    // Every example adapter of the repository (Java, Go, C, Python, and whatwg-url's in JavaScript), each in the tarball.
    expect(fs.readdirSync(path.join(vendor, 'adapters')).sort()).toEqual(fs.readdirSync(path.join(root, 'conformance', 'adapters')).sort());
    // The installed command line runs the vendored copy.
    const r = run(path.join(project, 'node_modules', '.bin', 'urigram'), ['conformance', '--suite', vendor, '--category', 'uri-to-iri', '--format', 'json'], project);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).suiteVersion).toBe(manifest.version);
  }, 60_000);

  it('ships no document that fails its own linter with the default configuration (issue 37, item 3)', () => {
    // Every document of the packed file list, each read for what it is (Markdown, HTML and SVG, text), by the bin it ships.
    const documents = packed.files.map((f) => f.path).filter((p) => /\.(md|markdown|html?|svg|txt)$/.test(p));
    expect(documents).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'docs/lint-rules.md', 'docs/scorecard.md', 'dist/playground/index.html']));
    const bin = path.join(project, 'node_modules', '.bin', 'urigram');
    const r = run(bin, ['lint', '--extract', '--no-config', '--strict-files', ...documents], installed);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(new RegExp(`^no problems in \\d+ URIs in ${documents.length} files\\n$`));
  }, 60_000);

  it('runs the conformance suite it ships (urigram conformance), against itself and an adapter module of the user\'s', () => {
    const bin = path.join(project, 'node_modules', '.bin', 'urigram');
    const own = run(bin, ['conformance', '--category', 'uri-to-iri,resolution', '--format', 'json'], project);
    expect(own.status).toBe(0);
    const report = JSON.parse(own.stdout) as { scores: Array<{ category: string; total: number; passed: number }> };
    expect(report.scores.map((s) => s.category)).toEqual(['resolution', 'uri-to-iri']);
    for (const s of report.scores) expect(s.passed).toBe(s.total);
    // An adapter that only validates, and wrongly: everything is valid.
    fs.writeFileSync(path.join(project, 'adapter.js'), 'exports.validate = () => true;\n');
    const mine = run(bin, ['conformance', '--adapter', 'adapter.js', '--category', 'validity'], project);
    expect(mine.status).toBe(1);
    expect(mine.stdout).toMatch(/accepts invalid input/);
  }, 60_000);
});

describe('urigram/eslint and urigram/formats, installed (ESLint and ajv are the repository\'s: optional peers)', () => {
  const ajv = JSON.stringify(require.resolve('ajv'));
  const check = `const checks = (plugin, f, Ajv) => { const a = f.addFormats(new Ajv());
    return [typeof plugin.rules['valid-uri'].create, plugin.configs.recommended.plugins.urigram === plugin, a.validate({ type: 'string', format: 'uri' }, 'foo:'), a.validate({ type: 'string', format: 'uri' }, 'http://[::ffff:01.2.3.4]/'), a.validate({ type: 'string', format: 'iri' }, 'http://\\u00e9/'), f.uriReference('')]; };`;
  const expected = ['function', true, true, false, true, true];

  it('every file the exports map names exists', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
    const files = ['./eslint', './formats'].flatMap((e) => JSON.stringify(pkg.exports[e]).match(/\.\/dist\/[^"]+/g) ?? []);
    expect(files.length).toBe(9);
    expect(files.filter((f) => !fs.existsSync(path.join(installed, f)))).toEqual([]);
  });

  it('work from CommonJS and from an ES module (the same copy as require\'s)', () => {
    const cjs = run(process.execPath, ['-e', `${check} process.stdout.write(JSON.stringify(checks(require('urigram/eslint'), require('urigram/formats'), require(${ajv}))))`], project);
    expect(cjs.stderr).toBe('');
    expect(JSON.parse(cjs.stdout)).toEqual(expected);
    fs.writeFileSync(
      path.join(project, 'entries.mjs'),
      `import urigram from 'urigram/eslint'; import * as formats from 'urigram/formats'; import { addFormats } from 'urigram/formats'; import { createRequire } from 'node:module';
       const require = createRequire(import.meta.url);
       if (addFormats !== require('urigram/formats').addFormats || urigram !== require('urigram/eslint')) throw new Error('two copies');
       ${check} process.stdout.write(JSON.stringify(checks(urigram, formats, require(${ajv}))));`,
    );
    const esm = run(process.execPath, [path.join(project, 'entries.mjs')], project);
    expect(esm.stderr).toBe('');
    expect(JSON.parse(esm.stdout)).toEqual(expected);
  });

  it.each(['eslint', 'eslint10'])('lint a file with %s from an eslint.config.js (CommonJS) and an eslint.config.mjs', (eslint) => {
    for (const [config, text] of [
      ['eslint.config.js', "const urigram = require('urigram/eslint'); module.exports = [urigram.configs.recommended];"],
      ['eslint.config.mjs', "import urigram from 'urigram/eslint'; export default [{ plugins: { urigram }, rules: { 'urigram/valid-uri': ['error', { schemes: ['https'] }] } }];"],
    ]) {
      const dir = path.join(project, `${eslint}-${config}`);
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, config), text);
      fs.writeFileSync(path.join(dir, 'a.js'), "fetch('http://a b/');\nfetch('ftp://a/');\n");
      const script = `const { ESLint } = require(${JSON.stringify(require.resolve(eslint))});
        new ESLint({ cwd: ${JSON.stringify(dir)} }).lintFiles(['a.js']).then(([r]) => process.stdout.write(JSON.stringify(r.messages.map((m) => [m.ruleId, m.line, m.column, m.message.replace(/ at offset.*\\(/, ' (')]))));`;
      const r = run(process.execPath, ['-e', script], dir);
      expect(r.stderr).toBe('');
      const scheme = ['urigram/valid-uri', 2, 8, 'the scheme "ftp" is not one of the allowed schemes: https (disallowed-scheme)'];
      expect([config, JSON.parse(r.stdout)]).toEqual([config, [['urigram/valid-uri', 1, 16, 'invalid URI-reference (syntax)'], ...(config.endsWith('.mjs') ? [scheme] : [])]]);
    }
  }, 60_000);
});
