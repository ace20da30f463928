/**
 * The option `scheme` from each entry point of the built package (dist/): the
 * core never names the scheme checks (docs/architecture.md); they register
 * with it (src/schemes/on-first-use.ts, and the CommonJS entry that
 * scripts/finish-build.ts writes), so each entry must still have them, loaded
 * on first use. "urn:x:y" is an RFC 3986 URI whose NID is one character,
 * which RFC 8141 2 refuses (NID = alphanum 1*31(alphanum / "-") ...): only
 * the scheme check tells it. The ES module build, which needs useSchemes(),
 * is test/schemes-use.test.ts's.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const dist = path.join(__dirname, '..', 'dist', 'src');
const at = (file: string) => JSON.stringify(path.join(dist, file));

function node(args: readonly string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', input, env: { ...process.env, URIGRAM_JOBS_AT_ONCE: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function json(args: readonly string[]): unknown {
  const r = node(args);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

describe('{ scheme: true } from each entry point', () => {
  it("require('urigram'): the checks, loaded on the first call that asks for them", () => {
    const script = `const u = require(${at('index.js')});
      const checks = () => Object.keys(require.cache).some((f) => f.endsWith('/schemes/check.js'));
      const before = [u.isValid('urn:x:y'), checks()];
      process.stdout.write(JSON.stringify([...before, u.isValid('urn:x:y', { scheme: true }), u.isValid('urn:ab:y', { scheme: true }), checks(), u.lint('urn:x:y').map((d) => d.code)]));`;
    expect(json(['-e', script])).toEqual([true, false, false, true, true, ['scheme-syntax']]);
  });

  it("import 'urigram' (Node's ES module entry, index.mjs)", () => {
    const script = `import * as u from ${at('index.mjs')}; process.stdout.write(JSON.stringify([u.isValid('urn:x:y', { scheme: true }), u.checkScheme('urn:x:y').valid]));`;
    expect(json(['--input-type=module', '-e', script])).toEqual([false, false]);
  });

  it('a module that requires the core directly (as the command line, its --jobs workers, urigram/documents and the ESLint plugin do)', () => {
    expect(json(['-e', `process.stdout.write(JSON.stringify(require(${at('core/parse.js')}).isValid('urn:x:y', { scheme: true })))`])).toBe(false);
  });

  it("urigram/formats: addFormats(ajv, { scheme: true })'s uri", () => {
    const script = `const f = require(${at('formats.js')}); const formats = {}; f.addFormats({ addFormat: (name, v) => { formats[name] = v; } }, { scheme: true });
      const check = (name, s) => { const v = formats[name]; return typeof v === 'function' ? v(s) : v.validate(s); };
      process.stdout.write(JSON.stringify([check('uri', 'urn:x:y'), check('uri', 'urn:ab:y')]));`;
    expect(json(['-e', script])).toEqual([false, true]);
  });

  it("urigram/eslint: valid-uri's scheme-syntax", () => {
    const script = `const { Linter } = require('eslint'); const plugin = require(${at('eslint.js')});
      const linter = new Linter({ configType: 'flat' });
      const found = (code) => linter.verify(code, [{ plugins: { urigram: plugin.default ?? plugin }, rules: { 'urigram/valid-uri': 'error' } }]).map((m) => m.message);
      process.stdout.write(JSON.stringify([found("fetch('urn:x:y');"), found("fetch('urn:isbn:0451450523');")]));`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: path.join(__dirname, '..') });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([[expect.stringMatching(/in NID, found ":" \(scheme-syntax\)$/)], []]);
  });

  it('the command line, on the main thread and in a --jobs worker', () => {
    const main = node([path.join(dist, 'cli.js'), 'validate', '--scheme', '--quiet', 'urn:x:y', 'urn:ab:y']);
    expect([main.status, main.stdout]).toEqual([1, expect.stringMatching(/^invalid {2}"urn:x:y"\n/)]);
    expect(main.stdout).not.toContain('urn:ab:y');
    // URIGRAM_JOBS_AT_ONCE: standard input of any size goes to the workers; URIGRAM_JOBS_STATS says how many parts they ran.
    const lines = Array.from({ length: 120_000 }, (_, i) => (i % 2 === 0 ? `urn:ab:${i}` : `urn:x:${i}`)).join('\n');
    const jobs = spawnSync(process.execPath, [path.join(dist, 'cli.js'), 'validate', '--scheme', '--quiet', '--jobs', '2'], { encoding: 'utf8', input: `${lines}\n`, env: { ...process.env, URIGRAM_JOBS_AT_ONCE: '1', URIGRAM_JOBS_STATS: '1' }, maxBuffer: 1 << 28 });
    const stats = JSON.parse(/^urigram-jobs-stats (\{.*\})$/m.exec(jobs.stderr)?.[1] ?? '{}') as { parts?: number; mainParts?: number };
    expect(stats.parts).toBeGreaterThan(stats.mainParts ?? 0);
    expect(jobs.status).toBe(1);
    expect(jobs.stdout.match(/^invalid {2}"urn:x:\d+"$/gm)).toHaveLength(60_000);
  }, 60_000);
});
