/**
 * Link integrity on the command line (issue 45, item 2, and item 1's domain-shaped first segment), and item 4
 * (no run passes by reading nothing). Run as users run it: a spawned `node dist/src/cli.js` in a scratch
 * project (a repository of its own: a `.git` directory, so that the tree is the project). The checks
 * themselves are test/links.test.ts's; here, what the command line reads and says.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import '@microsoft/jest-sarif';
import { problems, spawnCli, writeIn } from './support/cli-project';

const root = path.join(__dirname, '..');

let project: string;

const runWith = (nodeOptions: string[], args: string[], cwd = project) => spawnCli(nodeOptions, args, cwd);
const run = (args: string[], cwd = project) => spawnCli([], args, cwd);
const write = (file: string, text: string) => writeIn(project, file, text);

beforeEach(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-links-'));
  fs.mkdirSync(path.join(project, '.git'));
});

afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

/** A small documentation tree, with one link of each kind that is broken. */
function tree(): void {
  write('README.md', '# Project\n\n## Installation\n\nSee [the guide](docs/guide.md) and [usage](docs/guide.md#usage).\n');
  write('docs/index.md', ['# Docs', '', '[guide](gude.md)', '[readme](../Readme.md)', '[anchor](../README.md#instalation)', '[own](#docs)', '[site](example.com/docs)', '[api](api/)', '[setup](../setup.py)', ''].join('\n'));
  write('docs/guide.md', '# Guide\n\n## Usage\n\nBack to [the index](index.md#docs) and [the top](../README.md#installation).\n');
  write('docs/api/README.md', '# API\n');
  write('setup.py', 'print(1)\n');
}

describe('link integrity', () => {
  it('is on for a directory: each broken link reported at its place, with the resolved path and "did you mean"', () => {
    tree();
    const r = run(['lint', '--extract', '.']);
    expect(r.status).toBe(1);
    expect(problems(r.stdout)).toEqual(['docs/index.md:3:9 dead-link', 'docs/index.md:4:10 link-case-mismatch', 'docs/index.md:5:23 dead-anchor', 'docs/index.md:7:8 path-looks-like-host']);
    expect(r.stdout).toContain('docs/index.md:3:9  error  links to docs/gude.md, which does not exist; did you mean docs/guide.md? (RFC 3986 5.2; RFC 8089 2)  dead-link\n    suggestion: link to docs/guide.md: replace "gude.md" with "guide.md" (not applied by --fix)\n');
    expect(r.stdout).toContain('README.md has no anchor "instalation" (its headings by GitHub\'s slugs, its ids and names); did you mean #installation?');
    expect(r.stdout).toContain('no scheme: "example.com/docs" is a path relative to the document');
    expect(r.stdout).toContain('4 problems (4 errors, 0 warnings, 0 infos)');
  });

  it('is off for files named alone, on with --links; --no-links or the configuration\'s "check": false turn it off', () => {
    tree();
    expect(problems(run(['lint', '--extract', 'docs/index.md']).stdout)).toEqual([]);
    expect(problems(run(['lint', '--extract', '--links', 'docs/index.md']).stdout)).toHaveLength(4);
    expect(problems(run(['lint', '--extract', '--no-links', '.']).stdout)).toEqual([]);
    write('.urigramrc.json', JSON.stringify({ links: { check: false } }));
    expect(problems(run(['lint', '--extract', '.']).stdout)).toEqual([]);
    expect(problems(run(['lint', '--extract', '--links', '.']).stdout)).toHaveLength(4);
    // For files only, and not both ways at once.
    expect(run(['lint', '--links', 'a.md']).status).toBe(2);
    expect(run(['lint', '--extract', '--links', '--no-links', '.']).stderr).toContain('--links and --no-links together');
  });

  it('the configuration: the index files, the slug styles, the site root; --site-root wins over it', () => {
    write('docs/index.md', '[empty](empty/) [caf\u00e9](guide.md#cafe-creme) [logo](/img/logo.png) [gone](/img/gone.png)\n');
    write('docs/empty/notes.txt', 'n\n');
    write('docs/guide.md', '# Caf\u00e9 cr\u00e8me\n');
    write('public/img/logo.png', 'png');
    write('static/img/gone.png', 'png');
    expect(problems(run(['lint', '--extract', 'docs']).stdout)).toEqual(['docs/index.md:1:9 dead-link', 'docs/index.md:1:33 dead-anchor']);
    write('.urigramrc.json', JSON.stringify({ links: { indexFiles: ['README.md', '.'], slugStyles: ['python-markdown'], siteRoot: 'public' } }));
    expect(problems(run(['lint', '--extract', 'docs']).stdout)).toEqual(['docs/index.md:1:74 dead-link']);
    expect(problems(run(['lint', '--extract', 'docs', '--site-root', 'static']).stdout)).toEqual(['docs/index.md:1:52 dead-link']);
    write('.urigramrc.json', JSON.stringify({ links: { slugStyles: ['kramdown'] } }));
    expect(run(['lint', '--extract', 'docs']).stderr).toContain('"links"."slugStyles": unknown style "kramdown" (the styles: github, gitlab, pandoc, python-markdown)');
  });

  it('reads a path as a browser does (percent-encoded, non-ASCII, a space), ignores the query, decodes the fragment', () => {
    write('docs/caf\u00e9 cr\u00e8me.md', '# R\u00e9sum\u00e9\n');
    write('docs/index.md', '[a](caf%C3%A9%20cr%C3%A8me.md#r%C3%A9sum%C3%A9) [b](<caf\u00e9 cr\u00e8me.md?plain=1#r\u00e9sum\u00e9>) [c](caf%C3%A9.md)\n');
    // The second is also an IRI with a space (lint's own findings); its link is good all the same.
    expect(problems(run(['lint', '--extract', 'docs']).stdout)).toEqual(['docs/index.md:1:57 non-ascii', 'docs/index.md:1:58 syntax', 'docs/index.md:1:89 dead-link']);
  });

  it('HTML: href and src, a <base href>, ids and names as anchors; a template\'s links are not its own, nor a page\'s scripts and style sheets', () => {
    write('site/index.html', '<base href="../"><a href="site/page.html#part">p</a> <img src="site/missing.png"> <form action="submit.php"></form>\n<script src="dist/app.js"></script><link rel="stylesheet" href="dist/app.css">\n');
    write('site/page.html', '<h2 id="part">Part</h2>\n');
    write('site/layout.html.j2', '<link href="css/main.css" rel="stylesheet">\n');
    expect(problems(run(['lint', '--extract', 'site']).stdout)).toEqual(['site/index.html:1:64 dead-link']);
  });

  it('a link into what .gitignore ignores (a build\'s output) is not judged; fallbackExtensions names a page without its extension', () => {
    write('.gitignore', 'build/\n');
    write('docs/sub/.gitignore', '*.generated.md\n');
    write('docs/index.md', '[a](../build/api.md) [b](sub/x.generated.md) [c](../built/api.md) [d](guide) [e](guide#usage)\n');
    write('docs/guide.md', '# Usage\n');
    expect(problems(run(['lint', '--extract', 'docs']).stdout)).toEqual(['docs/index.md:1:50 dead-link', 'docs/index.md:1:71 dead-link', 'docs/index.md:1:82 dead-link']);
    write('.urigramrc.json', JSON.stringify({ links: { fallbackExtensions: ['md'] } }));
    expect(problems(run(['lint', '--extract', 'docs']).stdout)).toEqual(['docs/index.md:1:50 dead-link']);
  });

  it('a directive switches a finding off, as for any rule; --rule re-grades one', () => {
    write('docs/index.md', '<!-- urigram-disable-next-line dead-link -->\n[a](gone.md)\n[b](gone.md)\n');
    expect(problems(run(['lint', '--extract', 'docs']).stdout)).toEqual(['docs/index.md:3:5 dead-link']);
    const r = run(['lint', '--extract', 'docs', '--rule', 'dead-link=warning']);
    expect([r.status, r.stdout]).toEqual([0, expect.stringContaining('docs/index.md:3:5  warning  links to docs/gone.md')]);
  });

  it('a link out of the tree is not checked: an info in the strict preset, nothing by default', () => {
    write('docs/index.md', '[up](../../elsewhere.md)\n');
    expect(run(['lint', '--extract', 'docs']).stdout).toBe('no problems in 1 URI in 1 file\n');
    expect(problems(run(['lint', '--extract', 'docs', '--preset', 'strict']).stdout)).toEqual(['docs/index.md:1:6 link-outside-tree']);
  });

  it('JSON and SARIF carry the findings and their suggestions (SARIF in the property bag, not among fixes)', () => {
    tree();
    const json = JSON.parse(run(['lint', '--extract', '.', '--format', 'json']).stdout);
    const dead = json.results.flatMap((x: { diagnostics: Array<{ code: string }> }) => x.diagnostics).find((d: { code: string }) => d.code === 'dead-link');
    expect(dead.suggestions).toEqual([{ message: 'link to docs/guide.md', replacement: 'guide.md', start: 0, end: 7 }]);
    const log = JSON.parse(run(['lint', '--extract', '.', '--format', 'sarif']).stdout);
    expect(log).toBeValidSarifLog();
    const results = log.runs[0].results as Array<{ ruleId: string; fixes?: unknown; properties?: { suggestions?: unknown[] } }>;
    expect(results.map((x) => x.ruleId)).toEqual(['dead-link', 'link-case-mismatch', 'dead-anchor', 'path-looks-like-host']);
    for (const x of results) {
      expect(x.fixes).toBeUndefined();
      expect(x.properties?.suggestions).toHaveLength(1);
    }
    expect(log.runs[0].tool.driver.rules.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining(['dead-link', 'dead-anchor', 'link-case-mismatch', 'path-looks-like-host', 'link-outside-tree']));
  });

  it('--shard and --jobs: each part reads the targets it needs, in its share or not, and the findings are one run\'s', () => {
    // Each document links to the others, an anchor of each and a missing one: a shard's targets are mostly the other's.
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const [k, n] of names.entries()) {
      const next = names[(k + 1) % names.length];
      write(`docs/${n}.md`, `# ${n.toUpperCase()}${' padding'.repeat(k * 40)}\n\n## Part ${n}\n\n[next](${next}.md#part-${next}) [bad](${next}.md#part-${n}) [gone](../${next}.md) [case](${next.toUpperCase()}.md)\n`);
    }
    const whole = run(['lint', '--extract', 'docs', '--jobs', '1']);
    const found = problems(whole.stdout);
    expect(found).toHaveLength(18);
    const shards = [1, 2, 3].map((i) => run(['lint', '--extract', 'docs', '--jobs', '1', '--shard', `${i}/3`]));
    const sharded = shards.flatMap((s) => problems(s.stdout));
    // Every shard has files, and every shard's files have findings about files of another shard.
    expect(shards.every((s) => problems(s.stdout).length > 0)).toBe(true);
    expect(sharded.sort()).toEqual([...found].sort());
    for (const jobs of ['2', '3']) expect(run(['lint', '--extract', 'docs', '--jobs', jobs]).stdout).toBe(whole.stdout);
  }, 60_000);

  it('a case mismatch is reported on a case-insensitive file system too (simulated: stat and reads that ignore case)', () => {
    write('README.md', '# Readme\n');
    write('docs/index.md', '[a](../Readme.md) [b](../README.md)\n');
    // What a case-insensitive file system answers: any case of a name finds the file.
    const preload = path.join(project, 'insensitive.js');
    fs.writeFileSync(
      preload,
      `const fs = require('node:fs'); const path = require('node:path');
       const actual = (p) => { const dir = path.dirname(p); try { const m = fs.readdirSync(dir).find((n) => n.toLowerCase() === path.basename(p).toLowerCase()); return m === undefined ? p : path.join(dir, m); } catch { return p; } };
       for (const name of ['statSync', 'lstatSync', 'existsSync', 'readFileSync', 'openSync', 'accessSync']) { const real = fs[name]; fs[name] = function (p, ...rest) { return real.call(this, typeof p === 'string' ? actual(p) : p, ...rest); }; }`,
    );
    const r = runWith(['-r', preload], ['lint', '--extract', 'docs']);
    // The simulation works: the file is found in another case.
    expect(runWith(['-r', preload, '-e', `process.stdout.write(String(require('node:fs').existsSync(${JSON.stringify(path.join(project, 'readme.MD'))})))`], []).stdout).toBe('true');
    expect(problems(r.stdout)).toEqual(['docs/index.md:1:5 link-case-mismatch']);
  });
});

describe('no run passes by reading nothing (issue 45, item 4)', () => {
  it('a path named that is not there, a dangling link, an empty directory, a glob that matches nothing: exit 66 and the reason, without --strict-files', () => {
    write('ok.md', '[a](https://a.example/)\n');
    fs.mkdirSync(path.join(project, 'empty'));
    write('only-text/notes.rst', 'x\n');
    fs.symlinkSync('/nonexistent/x.md', path.join(project, 'dangling.md'));
    const cases: Array<[string[], string]> = [
      [['missing.md'], 'cannot read missing.md: ENOENT'],
      [['dangling.md'], 'cannot read dangling.md: ENOENT'],
      [['empty'], 'no file to read in the directory empty'],
      [['only-text/'], 'no file to read in the directory only-text'],
      [['nothing/**/*.md'], 'no file matches nothing/**/*.md'],
    ];
    for (const [args, reason] of cases) {
      for (const command of [['lint', '--extract'], ['extract']]) {
        const r = run([...command, ...args, 'ok.md']);
        expect([args, command[0], r.status, r.stderr.includes(reason)]).toEqual([args, command[0], 66, true]);
        // The rest is still read.
        expect(r.stdout).toContain(command[0] === 'lint' ? 'in 1 URI in 1 file' : 'ok.md:1:5');
      }
    }
    // In SARIF: the reason is a notification, and the log whole.
    const log = JSON.parse(run(['lint', '--extract', 'empty', 'ok.md', '--format', 'sarif']).stdout);
    expect(log).toBeValidSarifLog();
    expect(log.runs[0].invocations[0].toolExecutionNotifications[0].message.text).toContain('no file to read in the directory empty');
  });

  it('a directory named that cannot be read (readdir failing as for anyone without permission, root included: an error injected at the fs layer) fails the run', () => {
    write('locked/in.md', '[b](https://b.example/)\n');
    const preload = path.join(project, 'locked.js');
    fs.writeFileSync(preload, `const fs = require('node:fs'); const real = fs.readdirSync; fs.readdirSync = function (p, ...rest) { if (String(p).endsWith('/locked')) { const e = new Error("EACCES: permission denied, scandir '" + p + "'"); e.code = 'EACCES'; throw e; } return real.call(this, p, ...rest); };`);
    const r = runWith(['-r', preload], ['lint', '--extract', 'locked']);
    expect([r.status, r.stderr]).toEqual([66, "urigram lint: cannot read the directory locked: EACCES: permission denied, scandir '" + path.join(project, 'locked') + "'\n"]);
  });

  it('one found inside a tree that cannot be read stays a notification, unless --strict-files; a named file the ignore patterns ignore is said, not a failure', () => {
    write('docs/ok.md', '[a](https://a.example/)\n');
    fs.symlinkSync('/nonexistent/x.md', path.join(project, 'docs', 'dangling.md'));
    const r = run(['lint', '--extract', 'docs']);
    expect([r.status, r.stderr.includes('cannot read docs/dangling.md')]).toEqual([0, true]);
    expect(run(['lint', '--extract', '--strict-files', 'docs']).status).toBe(66);
    write('.urigramrc.json', JSON.stringify({ ignorePatterns: ['vendor/**'] }));
    write('vendor/x.md', '[a](https://a.example/)\n');
    const ignored = run(['lint', '--extract', 'vendor/x.md', 'docs/ok.md']);
    expect([ignored.status, ignored.stderr]).toEqual([0, expect.stringContaining('urigram lint: vendor/x.md is not read: the ignore patterns ignore it')]);
  });
});

describe("the package's own documents", () => {
  it('docs/, the README, the CHANGELOG and the other Markdown the package ships lint clean with link integrity on', () => {
    const documents = ['docs', 'README.md', 'CHANGELOG.md', 'CONTRIBUTING.md', 'NOTICE.md', 'grammar/README.md', 'conformance/README.md', 'conformance/CHANGELOG.md'];
    const r = run(['lint', '--extract', '--no-config', '--links', ...documents], root);
    expect(r.stderr).toBe('');
    expect([r.status, r.stdout]).toEqual([0, expect.stringMatching(/^no problems in \d+ URIs in \d+ files\n$/)]);
  });
});
