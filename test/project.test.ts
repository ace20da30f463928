/**
 * The project around the library: the package's entry points as Node loads
 * them, and `npm run generate -- --check` catching a stale generated/.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readRegistry, registryFiles } from '../scripts/registry';
import { keepOnlyGrammars } from './support/grammar-copy';
import { railroadPages } from '../scripts/railroad';

const root = path.join(__dirname, '..');

function node(args: string[], cwd = root): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the package', () => {
  it("require('urigram') works (CommonJS)", () => {
    const r = node(['-e', 'const u = require("urigram"); console.log(JSON.stringify([u.parse("a:b").path, u.isValid("a b"), u.matches("h16", "ffff")]))']);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(['b', false, true]);
  });

  it("import { parse } from 'urigram' works (ES module, named exports)", () => {
    const r = node(['--input-type=module', '-e', 'import { parse, UriSyntaxError } from "urigram"; console.log(JSON.stringify([parse("//h").host, typeof UriSyntaxError]))']);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(['h', 'function']);
  });

  it('ships its types', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.exports['.'].types).toBe('./dist/src/index.d.ts');
    const dts = fs.readFileSync(path.join(root, pkg.exports['.'].types), 'utf8');
    expect(dts).toContain('parse');
    expect(fs.existsSync(path.join(root, 'dist', 'generated', 'rfc3986.recognizer.d.ts'))).toBe(true);
  });

  it('the urigram bin is executable, so that npx can run it', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const bin = path.join(root, pkg.bin.urigram);
    expect(fs.statSync(bin).mode & 0o111).toBe(0o111);
    expect(fs.readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('has its runtime dependencies pinned: tr46 (UTS 46 for iriToUri host: "idna"), loaded only for that, and the command line\'s (markdown-it, htmlparser2, ignore, picomatch), which the library never loads', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const pinned = expect.stringMatching(/^\d+\.\d+\.\d+$/);
    expect(pkg.dependencies ?? {}).toEqual({ tr46: pinned, 'markdown-it': pinned, htmlparser2: pinned, ignore: pinned, picomatch: pinned });
    const cli = spawnSync(process.execPath, ['-e', `const u = require(${JSON.stringify(path.join(root, 'dist', 'src', 'index.js'))}); u.lint('HTTP://a/'); u.extract('see http://a/'); process.stdout.write(JSON.stringify(Object.keys(require.cache).filter((f) => /node_modules\\/(markdown-it|htmlparser2|ignore|picomatch)\\//.test(f))))`], { encoding: 'utf8' });
    expect(cli.stderr).toBe('');
    expect(JSON.parse(cli.stdout)).toEqual([]);
    const script = `const u = require(${JSON.stringify(path.join(root, 'dist', 'src', 'index.js'))});
      u.parse('http://a/'); u.iriToUri('http://\u00e9/');
      const before = Object.keys(require.cache).some((f) => f.includes('/node_modules/tr46/'));
      u.iriToUri('http://\u00e9/', { host: 'idna' });
      const after = Object.keys(require.cache).some((f) => f.includes('/node_modules/tr46/'));
      process.stdout.write(JSON.stringify([before, after]));`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([false, true]);
  });
});

describe('npm run generate -- --check', () => {
  let work: string;
  const generate = (...args: string[]) =>
    node(['-r', require.resolve('ts-node/register/transpile-only'), path.join(work, 'scripts', 'generate.ts'), ...args], work);

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-check-'));
    // src/ for the rule-name converter and the grammars' titles, docs/ for the grammar pages (scripts/railroad.ts).
    for (const entry of ['grammar', 'generated', 'scripts', 'src', 'docs', 'tsconfig.json']) {
      fs.cpSync(path.join(root, entry), path.join(work, entry), { recursive: true });
    }
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
    // One grammar is enough to test the check, and each one costs its compilers' runs per call: the registry keeps its
    // one line for rfc3986, and what generate writes from the registry follows it.
    keepOnlyGrammars(work, ['rfc3986']);
    for (const [file, text] of registryFiles(readRegistry(work))) fs.writeFileSync(path.join(work, 'generated', file), text);
    for (const [file, text] of railroadPages(work, ['rfc3986'])) fs.writeFileSync(path.join(work, file), text); // its page links the grammars there are
  });

  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('passes when generated/ matches the grammar', () => {
    const r = generate('--check');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('fails, naming the file, when a generated file is edited, missing or left over', () => {
    const target = path.join(work, 'generated', 'rfc3986.recognizer.js');
    fs.appendFileSync(target, '// edited by hand\n');
    fs.rmSync(path.join(work, 'generated', 'rfc3986.dfa.d.ts'));
    fs.writeFileSync(path.join(work, 'generated', 'old.js'), '');
    const r = generate('--check');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('generated/rfc3986.recognizer.js is stale');
    expect(r.stderr).toContain('generated/rfc3986.dfa.d.ts is missing');
    expect(r.stderr).toContain('generated/old.js does not come from any grammar/*.peggy');
  });

  it('fails when the grammar changes and generated/ does not, and passes once regenerated', () => {
    const grammar = path.join(work, 'grammar', 'rfc3986.peggy');
    // An edit the ABNF agrees with (generate proves it, scripts/grammar-check/proven.ts): HEXDIG+ written out.
    const text = fs.readFileSync(grammar, 'utf8');
    expect(text).toContain('  = "v"i HEXDIG+');
    fs.writeFileSync(grammar, text.replace('  = "v"i HEXDIG+', '  = "v"i HEXDIG HEXDIG*'));
    expect(generate('--check').status).toBe(1);
    expect(generate().status).toBe(0);
    expect(generate('--check').status).toBe(0);
    expect(fs.existsSync(path.join(work, 'generated', 'old.js'))).toBe(false);
  });

  it('rejects an unknown argument as a usage error', () => {
    expect(generate('--chek').status).toBe(2);
  });
});
