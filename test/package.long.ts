/**
 * The long half of test/package.test.ts (issue 47 item 5: not in `npm test`, run by `npm run test:long` and CI).
 * package.test.ts packs this checkout's dist/ with --ignore-scripts, so that npm test builds once; here `npm pack`
 * runs as a user runs it, in a copy of the repository without dist/, where its prepare step (npm run build) builds
 * everything from nothing: the tarball must hold the same files as the one package.test.ts installs and uses.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.join(__dirname, '..');

/** The environment of this run without what `npm test` sets for its own package. */
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_(package|lifecycle)_|^INIT_CWD$/.test(k)));

function ok(r: SpawnSyncReturns<string>): string {
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`exit ${r.status}\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

/** The paths of the files `npm pack --json` (or its --dry-run) says it packed, sorted. */
const files = (json: string): string[] => (JSON.parse(json)[0] as { files: Array<{ path: string }> }).files.map((f) => f.path).sort();

let work: string;
afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('npm pack, its prepare step included', () => {
  it('builds from nothing in a copy without dist/ and packs the files that package.test.ts packs from the built dist/', () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-package-long-'));
    const copy = path.join(work, 'urigram');
    fs.mkdirSync(copy);
    for (const entry of fs.readdirSync(root)) {
      if (['node_modules', 'dist', '.git', 'coverage', 'test'].includes(entry)) continue;
      fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
    }
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    // The whole of stdout is JSON: the build (prepare) writes to stderr.
    const built = files(ok(spawnSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: copy, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })));
    expect(fs.existsSync(path.join(copy, 'dist', 'src', 'index.js'))).toBe(true);
    const shipped = files(ok(spawnSync('npm', ['pack', '--json', '--dry-run', '--ignore-scripts'], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })));
    expect(built.length).toBeGreaterThan(100);
    expect(built).toEqual(shipped);
  }, 600_000);

  it('packs no module whose source is gone: tsc leaves its output, the build copies only what src/ still has', () => {
    const copy = path.join(work, 'urigram');
    // What tsc left of a module since removed from src/, in both of its builds.
    for (const dir of [path.join('dist', 'tsc', 'src', 'lint'), path.join('dist', 'tsc', 'esm', 'src', 'lint')]) {
      fs.writeFileSync(path.join(copy, dir, 'removed-module.js'), 'exports.x = 1;\n');
      fs.writeFileSync(path.join(copy, dir, 'removed-module.d.ts'), 'export declare const x = 1;\n');
    }
    ok(spawnSync('npx', ['ts-node', '--transpile-only', 'scripts/finish-build.ts'], { cwd: copy, env, encoding: 'utf8' }));
    for (const dir of [path.join('dist', 'src', 'lint'), path.join('dist', 'esm', 'src', 'lint')]) {
      expect(fs.existsSync(path.join(copy, dir, 'registry.js'))).toBe(true);
      expect(fs.existsSync(path.join(copy, dir, 'removed-module.js'))).toBe(false);
      expect(fs.existsSync(path.join(copy, dir, 'removed-module.d.ts'))).toBe(false);
    }
    const packed = files(ok(spawnSync('npm', ['pack', '--json', '--dry-run', '--ignore-scripts'], { cwd: copy, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })));
    expect(packed.filter((f) => f.includes('removed-module'))).toEqual([]);
    expect(packed).toContain('dist/src/lint/registry.js');
  }, 300_000);
});
