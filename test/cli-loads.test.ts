/**
 * A command loads only what it runs (issue 48 item 3): the built command line
 * (dist/), run as its bin runs it (main with the arguments), with the list of
 * the modules the process loaded. A valid `parse` explains no rejection and
 * matches no rule by name, so it needs no recognizer and no diagnostic back
 * end; the help of `match`, which names every rule of RFC 3986 from the
 * recognizer, is built only when it is shown.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.join(__dirname, '..');
const cli = path.join(root, 'dist', 'src', 'cli.js');

/** The command line's output and the files the process loaded (relative to dist/, '/'-separated), for these arguments. */
function loaded(args: readonly string[]): { code: number; stdout: string; files: string[] } {
  const script = `require(${JSON.stringify(cli)}).main(${JSON.stringify(args)}).then((code) => {
    process.stdout.write('\\nurigram-loaded ' + JSON.stringify({ code, files: Object.keys(require.cache) }) + '\\n');
  });`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  const at = r.stdout.lastIndexOf('\nurigram-loaded ');
  const { code, files } = JSON.parse(r.stdout.slice(at + '\nurigram-loaded '.length)) as { code: number; files: string[] };
  return { code, stdout: r.stdout.slice(0, at), files: files.map((f) => path.relative(path.join(root, 'dist'), f).split(path.sep).join('/')) };
}

const heavy = (files: readonly string[]) => files.filter((f) => /^generated\/.*\.(recognizer|diagnose)(\.|$)|^src\/core\/diagnose\.js$/.test(f));

describe('what a command loads', () => {
  it('a valid parse loads no recognizer and no diagnostic back end', () => {
    const run = loaded(['parse', 'http://a/b?c#d']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^scheme\s+"http"/m);
    expect(run.files).toContain('src/cli/commands.js');
    expect(heavy(run.files)).toEqual([]);
  });

  it("match's help, which names RFC 3986's rules, loads its recognizer when it is shown (the comparison can tell)", () => {
    const run = loaded(['help', 'match']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('IPv6address');
    expect(heavy(run.files)).toEqual(['generated/rfc3986.recognizer.js']);
  });

  it('lint on arguments loads no document reader, file listing or link check (./lint-files); --extract does', () => {
    const fileParts = (files: readonly string[]) => files.filter((f) => /^src\/(documents\/(index|found|markdown|html|source)|cli\/(lint-files|read-documents|files|shard|lint-links))\.js$|node_modules\/(markdown-it|htmlparser2|ignore)\//.test(f));
    const run = loaded(['lint', '--no-config', 'http://a/b c']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('  syntax');
    expect(fileParts(run.files)).toEqual([]);
    const extracting = loaded(['lint', '--no-config', '--extract', path.join(root, 'test', 'corpus', 'README.md')]);
    expect(fileParts(extracting.files)).toEqual(expect.arrayContaining(['src/cli/lint-files.js', 'src/documents/index.js', 'src/cli/read-documents.js']));
  });
});
