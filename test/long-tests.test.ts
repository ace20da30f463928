/**
 * Issue 47 item 5: npm test runs test/*.test.ts and `npm run test:long` runs test/*.long.ts, which CI (.ci/run)
 * runs too. A test moved to a .long.ts file leaves npm test but is still run: each file is in exactly one of the
 * two lists jest gives, and .ci/run and CONTRIBUTING.md name every long file, so that none is added unsaid.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The test files jest runs with `args`, by their path from the repository, sorted. */
function listed(args: string[]): string[] {
  const r = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), '--listTests', '--json', ...args], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`jest --listTests: exit ${r.status}\n${r.stderr}`);
  return (JSON.parse(r.stdout) as string[]).map((f) => path.relative(root, f)).sort();
}

const files = (suffix: string) => fs.readdirSync(path.join(root, 'test')).filter((f) => f.endsWith(suffix)).map((f) => `test/${f}`).sort();

describe('npm test and npm run test:long', () => {
  it('npm test runs every test/*.test.ts and no test/*.long.ts; test:long runs every test/*.long.ts', () => {
    expect(pkg.scripts.test).toMatch(/&& jest$/);
    expect(pkg.scripts['test:long']).toBe("jest --testMatch '<rootDir>/test/**/*.long.ts'");
    const quick = listed([]);
    expect(quick.filter((f) => f.endsWith('.long.ts'))).toEqual([]);
    expect(quick.filter((f) => /^test\/[^/]+\.test\.ts$/.test(f))).toEqual(files('.test.ts'));
    const long = files('.long.ts');
    expect(long.length).toBeGreaterThan(5);
    expect(listed(['--testMatch', '<rootDir>/test/**/*.long.ts'])).toEqual(long);
  }, 60_000);

  it('.ci/run runs test:long, and it and CONTRIBUTING.md name every long file', () => {
    const run = fs.readFileSync(path.join(root, '.ci', 'run'), 'utf8');
    expect(run).toMatch(/^npm run test:long$/m);
    // The comment above the command, which says what the long tests are.
    const ci = run.slice(run.indexOf('# The long tests'), run.indexOf('\nnpm run test:long\n'));
    expect(ci.length).toBeGreaterThan(100);
    const contributing = fs.readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8');
    for (const file of files('.long.ts')) {
      const name = path.basename(file, '.long.ts');
      expect([file, new RegExp(`\\b${name}\\b`).test(ci), new RegExp(`\\b${name}\\b`).test(contributing)]).toEqual([file, true, true]);
    }
  });
});
