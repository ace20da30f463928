/**
 * Issue 47 item 3, the long half of test/registry.test.ts (not in `npm test`:
 * about 2 minutes, a copy of the repository and a jest run inside it; CI runs
 * it: `npx jest --testMatch '<rootDir>/test/registry-suites.long.ts'`).
 *
 * The fixture scheme grammar of test/fixtures/grammar/ is added by
 * docs/adding-a-grammar.md's steps to a copy of the repository with every
 * grammar (the tests that list grammars also use them), the guide's step 6
 * run, and then the tests that list grammars run in the copy, unchanged: each
 * reads the registry, so a grammar added by the guide needs no edit of them.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.join(__dirname, '..');
const fixture = path.join(__dirname, 'fixtures', 'grammar');

/** The tests that list the grammars, the schemes or their formats, by file and name (jest's -t, a regular expression). */
const LISTING: ReadonlyArray<readonly [string, string]> = [
  ['test/registry.test.ts', 'grammar/registry.json is the list the library reads'],
  ['test/options.test.ts', 'rulesOf names the grammar it does not know'],
  ['test/schemes.test.ts', "every scheme of grammar/registry.json|schemeGrammarModules\\(\\), which urigram/formats"],
  ['test/grammar-check.test.ts', 'grammar/NAME.check.json'],
  ['test/formats.test.ts', 'addFormats'],
  ['test/docs-examples.test.ts', 'docs/api.md|docs/formats.md'],
];

describe('a scheme grammar added by the guide: the tests that list grammars pass in the copy, unedited', () => {
  let work: string;

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-guide-suites-'));
    for (const entry of ['grammar', 'generated', 'scripts', 'src', 'docs', 'test', 'tsconfig.json', 'package.json']) {
      fs.cpSync(path.join(root, entry), path.join(work, entry), { recursive: true });
    }
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
    // Steps 1 to 5: the text, the .abnf, the .peggy, the peggy options, one registry line appended.
    fs.copyFileSync(path.join(fixture, 'kvlist.txt'), path.join(work, 'grammar', 'kvlist.txt'));
    for (const f of ['kvlist.abnf', 'kvlist.peggy', 'kvlist.config.json']) fs.copyFileSync(path.join(fixture, f), path.join(work, 'grammar', 'schemes', f));
    const registryFile = path.join(work, 'grammar', 'registry.json');
    const registry = JSON.parse(fs.readFileSync(registryFile, 'utf8')) as { grammars: unknown[] };
    const line = JSON.parse(fs.readFileSync(path.join(fixture, 'registry-line.json'), 'utf8'));
    fs.writeFileSync(registryFile, JSON.stringify({ ...registry, grammars: [...registry.grammars, line] }, null, 2));
    // Step 6's first command (test/registry-guide.long.ts runs both, as the guide writes them).
    const generate = spawnSync('npm', ['run', 'generate'], { cwd: work, encoding: 'utf8', timeout: 300_000 });
    if (generate.status !== 0) throw new Error(`npm run generate failed in the copy:\n${generate.stderr}`);
  }, 360_000);

  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it.each(LISTING)('%s: "%s" passes with kvlist added', (file, name) => {
    const r = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), file, '-t', name, '--ci', '--maxWorkers=1'], { cwd: work, encoding: 'utf8', timeout: 300_000 });
    // jest writes its report to standard error; the count of tests run (not only skipped) is there.
    expect([file, r.status, r.stderr.slice(-2000)]).toEqual([file, 0, expect.stringMatching(/Tests:\s+(\d+ skipped, )?[1-9]\d* passed/)]);
  }, 300_000);
});
