/**
 * `urigram lint` for CI (issue 14, items 2 to 4): the configuration file and
 * --rule, inline directives, URI and path ignores and .gitignore; files,
 * directories and globs; --max-warnings, --quiet, --fix; stdin line numbers;
 * SARIF for code scanning. Run as users run it: a spawned
 * `node dist/src/cli.js` in a scratch project.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import '@microsoft/jest-sarif';
import { LINT_RULES } from '../src/lint/lint';
import { SECURITY_SEVERITY } from '../src/cli/sarif';
import { problems, spawnCli, writeIn } from './support/cli-project';

let project: string;

/**
 * Runs the command line in the scratch project. The tests of one feature (the configuration, files,
 * directives, SARIF, ...) lint with every rule on (--preset strict), so that the normalization rules,
 * off by default since issue 37, still serve as their examples, but whatwg-differs (opt-in, issue 31:
 * its tests are its own); the tests of the default give `preset: false`.
 */
function run(args: string[], options: { cwd?: string; stdin?: string; preset?: false } = {}): { status: number | null; stdout: string; stderr: string } {
  return runWith([], args, options.preset, options);
}

/** run(), with options for node itself before the command line's (-r MODULE). */
function runWith(nodeOptions: string[], args: string[], preset?: false, options: { cwd?: string; stdin?: string } = {}): { status: number | null; stdout: string; stderr: string } {
  const strict = args[0] === 'lint' && preset !== false && !args.some((a) => a.startsWith('--preset')) ? ['--preset=strict', '--rule=whatwg-differs=off'] : [];
  return spawnCli(nodeOptions, [...args, ...strict], options.cwd ?? project, options.stdin);
}

function write(file: string, text: string): void {
  writeIn(project, file, text);
}

beforeEach(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-ci-'));
  // A repository of its own, so that no .gitignore or .urigramrc.json above it counts.
  fs.mkdirSync(path.join(project, '.git'));
});

afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

describe('configuration', () => {
  beforeEach(() => write('doc.md', 'See [a](HTTP://a.example/) and [b](http://b.example:80/).\n'));

  it('the nearest .urigramrc.json, from the working directory up, switches rules off and re-grades them', () => {
    expect(problems(run(['lint', '--extract', 'doc.md']).stdout)).toEqual(['doc.md:1:9 uppercase-scheme', 'doc.md:1:52 default-port']);
    write('.urigramrc.json', JSON.stringify({ rules: { 'uppercase-scheme': 'off', 'default-port': 'error' } }));
    write('sub/other.md', '[c](http://c.example:80/)\n');
    const r = run(['lint', '--extract', 'other.md'], { cwd: path.join(project, 'sub') });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('other.md:1:21  error  80 is the default port of http');
    expect(problems(run(['lint', '--extract', 'doc.md']).stdout)).toEqual(['doc.md:1:52 default-port']);
  });

  it('--rule CODE=S, repeated, wins over the file; --config names another file; --no-config reads none', () => {
    write('.urigramrc.json', JSON.stringify({ rules: { 'uppercase-scheme': 'off' } }));
    write('strict.json', JSON.stringify({ rules: { 'uppercase-scheme': 'error' } }));
    const r = run(['lint', '--extract', 'doc.md', '--rule', 'uppercase-scheme=warning', '--rule=default-port=off']);
    expect(problems(r.stdout)).toEqual(['doc.md:1:9 uppercase-scheme']);
    expect(r.stdout).toContain('  warning  ');
    expect(run(['lint', '--extract', 'doc.md', '--config', 'strict.json']).status).toBe(1);
    expect(problems(run(['lint', '--extract', 'doc.md', '--no-config']).stdout)).toHaveLength(2);
  });

  it('a mistake in the configuration or in --rule is an error that names it (exit 2)', () => {
    write('.urigramrc.json', JSON.stringify({ rules: { 'no-such-rule': 'off' } }));
    let r = run(['lint', '--extract', 'doc.md']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('.urigramrc.json: "rules": unknown rule "no-such-rule"');
    write('.urigramrc.json', JSON.stringify({ rules: { syntax: 'loud' } }));
    expect(run(['lint', '--extract', 'doc.md']).stderr).toContain('"rules"."syntax" must be "off", "info", "warning" or "error", got "loud"');
    write('.urigramrc.json', JSON.stringify({ ignore: [] }));
    expect(run(['lint', '--extract', 'doc.md']).stderr).toContain('unknown key "ignore"');
    write('.urigramrc.json', '{ not json');
    expect(run(['lint', '--extract', 'doc.md']).stderr).toMatch(/\.urigramrc\.json: not JSON/);
    fs.rmSync(path.join(project, '.urigramrc.json'));
    r = run(['lint', 'a:b', '--rule', 'syntax']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--rule needs CODE=SEVERITY');
    expect(run(['lint', 'a:b', '--rule', 'syntax=loud']).stderr).toContain('the severity must be off, info, warning or error, got "loud"');
  });

  it('ignoreUris (regular expressions) and ignorePatterns (globs of paths)', () => {
    write('vendor/lib.md', '[x](HTTP://x.example/)\n');
    write('.urigramrc.json', JSON.stringify({ ignoreUris: ['^HTTP://a\\.example/'], ignorePatterns: ['vendor/**'] }));
    expect(problems(run(['lint', '--extract', '.']).stdout)).toEqual(['doc.md:1:52 default-port']);
  });
});

describe('the WHATWG rules (issue 31), on every document kind', () => {
  it('whatwg-host-differs on a URL in Markdown, HTML, source code and text; whatwg-differs only with the strict preset', () => {
    write('a.md', '[a](http://0x7f.1/) [b](http://h.example/?q=\'x\')\n');
    write('a.html', '<a href="http://0x7f.1/">a</a> <a href="http://h.example/?q=\'x\'">b</a>\n');
    write('a.js', "fetch('http://0x7f.1/'); fetch(\"http://h.example/?q='x'\");\n");
    write('a.txt', "See http://0x7f.1/ and <http://h.example/?q='x'>.\n");
    const r = run(['lint', '--extract', 'a.md', 'a.html', 'a.js', 'a.txt'], { preset: false });
    expect(r.status).toBe(1);
    const found = problems(r.stdout).filter((p) => p.includes('whatwg'));
    expect(found).toEqual(['a.md:1:12 whatwg-host-differs', 'a.html:1:17 whatwg-host-differs', 'a.js:1:15 whatwg-host-differs', 'a.txt:1:12 whatwg-host-differs']);
    expect(r.stdout).toContain('error  the WHATWG URL parser reads the host "127.0.0.1", RFC 3986 "0x7f.1" (ipv4-number-form)');
    write('.urigramrc.json', JSON.stringify({ preset: 'strict' }));
    const strict = problems(run(['lint', '--extract', 'a.md', 'a.html', 'a.js', 'a.txt'], { preset: false }).stdout).filter((p) => p.includes('whatwg-differs'));
    expect(strict.map((p) => p.split(':')[0])).toEqual(['a.md', 'a.html', 'a.js', 'a.txt']);
    write('.urigramrc.json', JSON.stringify({ preset: 'lenient' }));
    expect(run(['lint', '--extract', 'a.md'], { preset: false }).stderr).toContain('"preset" must be "recommended", "normalize", "strict", got "lenient"');
  });

  it('in SARIF: a security-severity, and whatwg-differs off by default', () => {
    write('a.md', '[a](http://0x7f.1/)\n');
    const log = JSON.parse(run(['lint', '--extract', 'a.md', '--format', 'sarif']).stdout);
    const rules = log.runs[0].tool.driver.rules as Array<{ id: string; defaultConfiguration: { level: string; enabled?: boolean }; properties: { 'security-severity'?: string } }>;
    expect(rules.find((x) => x.id === 'whatwg-host-differs')).toMatchObject({ defaultConfiguration: { level: 'error' }, properties: { 'security-severity': '8.1' } });
    expect(rules.find((x) => x.id === 'whatwg-differs')).toMatchObject({ defaultConfiguration: { level: 'warning', enabled: false }, properties: { 'security-severity': '3.1' } });
    expect(log.runs[0].results.map((x: { ruleId: string }) => x.ruleId)).toContain('whatwg-host-differs');
  });
});

describe('files, directories and globs', () => {
  beforeEach(() => {
    write('README.md', '[a](HTTP://a.example/)\n');
    write('docs/guide.md', '[b](HTTP://b.example/)\n');
    write('docs/page.html', '<a href="HTTP://c.example/">c</a>\n');
    write('docs/code.ts', 'const d = "HTTP://d.example/";\n');
    write('build/out.md', '[e](HTTP://e.example/)\n');
    write('node_modules/x/README.md', '[f](HTTP://f.example/)\n');
    write('.gitignore', 'build/\n');
  });

  it('a directory is searched for Markdown, HTML and text, skipping node_modules and what .gitignore ignores', () => {
    const r = run(['lint', '--extract', '.']);
    expect(problems(r.stdout)).toEqual(['README.md:1:5 uppercase-scheme', 'docs/guide.md:1:5 uppercase-scheme', 'docs/page.html:1:10 uppercase-scheme']);
    expect(r.stdout).toContain('in 3 URIs in 3 files');
  });

  it('a glob is matched; a named file is read whatever its extension', () => {
    expect(problems(run(['lint', '--extract', 'docs/**/*.md']).stdout)).toEqual(['docs/guide.md:1:5 uppercase-scheme']);
    expect(problems(run(['lint', '--extract', 'docs/code.ts']).stdout)).toEqual(['docs/code.ts:1:12 uppercase-scheme']);
    const none = run(['lint', '--extract', 'nothing/**/*.md']);
    expect(none.stderr).toContain('no file matches nothing/**/*.md');
    expect(none.status).toBe(66);
  });

  it('a missing file named on the command line is said on standard error, the others are still linted, and the run fails with 66 (issue 45, item 4)', () => {
    const r = run(['lint', '--extract', 'missing.md', 'README.md']);
    expect(r.status).toBe(66);
    expect(r.stderr).toContain('urigram lint: cannot read missing.md');
    expect(problems(r.stdout)).toEqual(['README.md:1:5 uppercase-scheme']);
    const strict = run(['lint', '--extract', '--strict-files', 'missing.md', 'README.md']);
    expect(strict.status).toBe(66);
    expect(problems(strict.stdout)).toEqual(['README.md:1:5 uppercase-scheme']);
    // The highest code wins over findings at error level.
    write('bad.md', '[x](http://a b/)\n');
    expect(run(['lint', '--extract', 'bad.md']).status).toBe(1);
    expect(run(['lint', '--extract', 'missing.md', 'bad.md']).status).toBe(66);
  });

  it('in a searched directory, a link to a file is read, and one that leads nowhere (dangling, a loop) is said as an input that cannot be read', () => {
    write('links/good.md', '[a](HTTP://a.example/)\n');
    const at = (name: string) => path.join(project, 'links', name);
    fs.symlinkSync('/nonexistent/x.md', at('dangling.md'));
    fs.symlinkSync('loopb.md', at('loopa.md'));
    fs.symlinkSync('loopa.md', at('loopb.md'));
    fs.symlinkSync('good.md', at('linked.md'));
    fs.symlinkSync('..', at('up'));
    const r = run(['lint', '--extract', 'links']);
    expect(r.status).toBe(0);
    expect(problems(r.stdout)).toEqual(['links/good.md:1:5 uppercase-scheme', 'links/linked.md:1:5 uppercase-scheme']);
    for (const name of ['dangling.md', 'loopa.md', 'loopb.md']) expect(r.stderr).toContain(`cannot read links/${name}`);
    expect(run(['lint', '--extract', '--strict-files', 'links']).status).toBe(66);
  });
});

describe('inline directives', () => {
  it('in Markdown, HTML and source comments: the next line, or a region', () => {
    write('a.md', '<!-- urigram-disable-next-line uppercase-scheme -->\n[a](HTTP://a.example/) <HTTP://B.example/>\n\n<!-- urigram-disable -->\nHTTP://c.example/\n<!-- urigram-enable -->\nHTTP://d.example/\n');
    write('b.html', '<!-- urigram-disable-next-line -->\n<a href="HTTP://e.example/">e</a>\n<a href="HTTP://f.example/">f</a>\n');
    write('c.js', '// urigram-disable-next-line\nconst g = "HTTP://g.example/";\nconst h = "HTTP://h.example/"; // urigram-disable-line uppercase-scheme\n');
    expect(problems(run(['lint', '--extract', 'a.md', 'b.html', 'c.js']).stdout)).toEqual([
      'a.md:2:32 uppercase-host',
      'a.md:7:1 uppercase-scheme',
      'b.html:3:10 uppercase-scheme',
    ]);
  });
});

describe('CI controls', () => {
  const A = '[a](http://u:pw@a.example/) [b](http://u:pw@b.example/) [c](http://a/%zz) [d](HTTP://d.example/)\n';
  /** The column of `s` in the first line of a.md, from 1, plus `more`. */
  const col = (s: string, more = 0) => A.indexOf(s) + 1 + more;
  // (The syntax error is at the "z" after "%": where a hexadecimal digit was expected.)
  beforeEach(() => write('a.md', A));

  it('--max-warnings N: more than N warnings exit 1, with a message; N or fewer exit as before', () => {
    write('w.md', '[a](http://u:pw@a.example/) [b](http://u:pw@b.example/)\n');
    expect(run(['lint', '--extract', 'w.md', '--max-warnings', '2']).status).toBe(0);
    const r = run(['lint', '--extract', 'w.md', '--max-warnings', '1']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('urigram lint found too many warnings (2; maximum: 1)');
    expect(run(['lint', '--extract', 'w.md', '--max-warnings', 'x']).status).toBe(2);
  });

  it('--quiet reports errors only; the summary still counts everything', () => {
    const r = run(['lint', '--extract', 'a.md', '--quiet']);
    expect(r.status).toBe(1);
    expect(problems(r.stdout)).toEqual([`a.md:1:${col('%zz', 1)} syntax`]);
    expect(r.stdout).toContain('4 problems (1 error, 2 warnings, 1 info)');
  });

  it('the summary line, and exit codes: 0 without errors, 1 with', () => {
    write('ok.md', '[ok](http://ok.example/)\n');
    const ok = run(['lint', '--extract', 'ok.md']);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe('no problems in 1 URI in 1 file\n');
    expect(run(['lint', '--extract', 'a.md']).stdout.split('\n').slice(-2)[0]).toBe('4 problems (1 error, 2 warnings, 1 info) in 4 URIs in 1 file; 1 fixable with --fix');
  });

  it('stdin: URIs one per line are reported at -:LINE:COLUMN; --extract - reads a document', () => {
    expect(problems(run(['lint'], { stdin: 'http://a/\nHTTP://b/\n' }).stdout)).toEqual(['-:2:1 uppercase-scheme']);
    expect(problems(run(['lint', '--extract', '-'], { stdin: 'line\n\nsee HTTP://c.example/ there\n' }).stdout)).toEqual(['-:3:5 uppercase-scheme']);
  });

  it('--format json is one document with a summary', () => {
    const doc = JSON.parse(run(['lint', '--extract', 'a.md', '--format', 'json']).stdout);
    expect(doc.summary).toEqual({ errors: 1, warnings: 2, infos: 1, fixable: 1, uris: 4, files: 1, exitCode: 1 });
    expect(doc.results.map((r: { uri: string; line: number; column: number }) => [r.uri, r.line, r.column])).toEqual([
      ['http://u:pw@a.example/', 1, col('http://u:pw@a')],
      ['http://u:pw@b.example/', 1, col('http://u:pw@b')],
      ['http://a/%zz', 1, col('http://a/%zz')],
      ['HTTP://d.example/', 1, col('HTTP')],
    ]);
  });
});

describe('--fix', () => {
  it('writes the safe fixes back, never inside code, and a second run changes nothing', () => {
    const text = [
      'See [a](HTTP://A.example:80/x/./y) and <https://b.example/%7euser>.',
      '',
      '`HTTP://code.example/` stays, and so does:',
      '',
      '```',
      'HTTP://fenced.example/',
      '```',
      '',
      'An IRI is reported, not rewritten: http://c.example/caf\u00e9 and [esc](http://d.example/\\(x\\)/./z).',
      '',
    ].join('\n');
    write('a.md', text);
    const first = run(['lint', '--extract', '--fix', 'a.md']);
    const fixed = fs.readFileSync(path.join(project, 'a.md'), 'utf8');
    expect(fixed).toBe(
      text
        .replace('HTTP://A.example:80/x/./y', 'http://a.example/x/y')
        .replace('%7euser', '~user'),
    );
    // What is left is reported: the IRI (a syntax error too), and the dot segments written across an escape.
    const line9 = text.split('\n')[8];
    const at = (s: string) => line9.indexOf(s) + 1;
    expect(problems(first.stdout)).toEqual([`a.md:9:${at('\u00e9')} non-ascii`, `a.md:9:${at('/\\(x')} dot-segments`]);
    run(['lint', '--extract', '--fix', 'a.md']);
    expect(fs.readFileSync(path.join(project, 'a.md'), 'utf8')).toBe(fixed);
  });

  it('in source code, a URI ends at a string\'s escape: no syntax error for "\\n", and a fix goes before the escape, never into it', () => {
    const text = 'console.log("see HTTP://a.example\\n");\nconst raw = String.raw`see http://b.example/\\d`;\n';
    write('a.js', text);
    const first = run(['lint', '--extract', '--fix', 'a.js']);
    expect(fs.readFileSync(path.join(project, 'a.js'), 'utf8')).toBe(text.replace('HTTP://a.example\\n', 'http://a.example/\\n'));
    // A raw string's backslash is the URI's own: still a syntax error, at it.
    expect(problems(first.stdout)).toEqual([`a.js:2:${text.split('\n')[1].indexOf('\\') + 1} syntax`]);
  });

  it('a URI cut at an interpolation: nothing reported or fixed at its end, which the string\'s value goes on past', () => {
    const text = [
      'API = f"http://localhost:{port}/api"',
      'URL = f"https://api.example.com{endpoint}"',
      'P = f"https://a.example:443{path}"',
      'B = "http://a.example:80\\x2Fx"',
      'H = f"https://{host}/api/v1"',
      'D = "HTTP://a.example\\n"',
      'E = f"HTTP://b.example/%zz{x}"',
      '',
    ].join('\n');
    write('a.py', text);
    const first = run(['lint', '--extract', '--fix', 'a.py']);
    // D is written: its URI ends at "\n" as its value does; and B, whose "\x2F" is the value's "/" (issue 46 item 2): its port is known
    // to be the default, and ":80" is written as is. The others end at a hole: no empty path, port or host there is known.
    expect(fs.readFileSync(path.join(project, 'a.py'), 'utf8')).toBe(text.replace('HTTP://a.example\\n', 'http://a.example/\\n').replace(':80\\x2F', '\\x2F'));
    // What is before the cut is still reported: E's bad triplet, at the character that is no hex digit.
    expect(problems(first.stdout)).toEqual([`a.py:7:${'E = f"HTTP://b.example/%'.length + 1} syntax`]);
  });

  it('writes a file back in the encoding it was read in, byte for byte but for the fix; one that would not read back the same is left as it was', () => {
    const file = path.join(project, 'a.html');
    const latin1 = Buffer.concat([Buffer.from('<meta charset="iso-8859-1"><p>Caf'), Buffer.from([0xe9]), Buffer.from(' <a href="HTTP://Example.COM/a">x</a></p>\n')]);
    fs.writeFileSync(file, latin1);
    const r = run(['lint', '--extract', '--fix', 'a.html']);
    expect(r.status).toBe(0);
    expect(fs.readFileSync(file).equals(Buffer.from(latin1.toString('latin1').replace('HTTP://Example.COM/a', 'http://example.com/a'), 'latin1'))).toBe(true);
    // Shift_JIS is read (TextDecoder knows it) but not written: no encoder here.
    const sjis = Buffer.concat([Buffer.from('<meta charset="shift_jis"><a href="HTTP://Example.COM/">'), Buffer.from([0x82, 0xa0]), Buffer.from('</a>\n')]);
    fs.writeFileSync(file, sjis);
    const left = run(['lint', '--extract', '--fix', 'a.html']);
    expect(left.stderr).toContain('a.html: not fixed: written back in shift_jis');
    expect(fs.readFileSync(file).equals(sjis)).toBe(true);
    expect(problems(left.stdout)).toEqual(['a.html:1:36 uppercase-scheme', 'a.html:1:43 uppercase-host']);
    // The file's mode is kept (the write is atomic: a temporary file renamed over it).
    fs.writeFileSync(file, '<a href="HTTP://Example.COM/a">x</a>\n');
    fs.chmodSync(file, 0o640);
    run(['lint', '--extract', '--fix', 'a.html']);
    expect([fs.statSync(file).mode & 0o777, fs.readFileSync(file, 'utf8')]).toEqual([0o640, '<a href="http://example.com/a">x</a>\n']);
    expect(fs.readdirSync(project).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // A UTF-8 byte-order mark is kept, and so is UTF-16's.
    fs.writeFileSync(file, '\ufeff<a href="HTTP://Example.COM/a">x</a>\n');
    run(['lint', '--extract', '--fix', 'a.html']);
    expect(fs.readFileSync(file, 'utf8')).toBe('\ufeff<a href="http://example.com/a">x</a>\n');
    fs.writeFileSync(file, Buffer.from('\ufeff<a href="HTTP://Example.COM/a">x</a>\n', 'utf16le'));
    run(['lint', '--extract', '--fix', 'a.html']);
    expect(fs.readFileSync(file).equals(Buffer.from('\ufeff<a href="http://example.com/a">x</a>\n', 'utf16le'))).toBe(true);
  });

  it('needs --extract', () => {
    const r = run(['lint', '--fix', 'HTTP://a/']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--fix writes fixes back to files: it needs --extract');
  });
});

describe('the default signal (issue 37, item 2)', () => {
  const doc = [
    '[npm](http://npmjs.org) and [Home](HTTP://Example.COM/%7euser) and <http://a.example:80/x/./y>.',
    '',
    'An IRI: http://\u00e9.example/ and a pipe: http://a.example/a|b and a second hash: http://a.example/#a#b',
    '',
    'Real problems: [x](http://exa mple.com/) and ftp://u:secret@b.example/ and https:///x here.',
    '',
  ].join('\n');

  it('reports what an author should act on: errors and warnings, one finding per cause; the normalization rules are off', () => {
    write('a.md', doc);
    const r = run(['lint', '--extract', 'a.md'], { preset: false });
    expect(r.status).toBe(1);
    expect(problems(r.stdout).map((p) => p.split(' ')[1])).toEqual(['non-ascii', 'unencoded-character', 'unencoded-character', 'syntax', 'password-in-userinfo', 'empty-host']);
    expect(r.stdout).toContain('browsers accept it; percent-encoded, it is "%7C"');
    expect(r.stdout).toContain('6 problems (2 errors, 4 warnings, 0 infos)');
  });

  it('--preset normalize adds the normalization rules, and --fix writes their fixes only then', () => {
    write('a.md', doc);
    run(['lint', '--extract', '--fix', 'a.md'], { preset: false });
    expect(fs.readFileSync(path.join(project, 'a.md'), 'utf8')).toBe(doc);
    const r = run(['lint', '--extract', '--preset', 'normalize', 'a.md']);
    expect(problems(r.stdout).map((p) => p.split(' ')[1])).toEqual(['empty-path', 'uppercase-scheme', 'uppercase-host', 'percent-encoded-unreserved', 'default-port', 'dot-segments', 'non-ascii', 'unencoded-character', 'unencoded-character', 'syntax', 'password-in-userinfo', 'empty-host']);
    run(['lint', '--extract', '--preset', 'normalize', '--fix', 'a.md']);
    expect(fs.readFileSync(path.join(project, 'a.md'), 'utf8')).toBe(doc.replace('http://npmjs.org', 'http://npmjs.org/').replace('HTTP://Example.COM/%7euser', 'http://example.com/~user').replace('http://a.example:80/x/./y', 'http://a.example/x/y'));
  });

  it('the preset from the configuration, --preset over it; the browser-accepted group re-graded at once', () => {
    write('a.md', doc);
    write('.urigramrc.json', JSON.stringify({ preset: 'strict', rules: { 'browser-accepted': 'error' } }));
    let r = run(['lint', '--extract', 'a.md'], { preset: false });
    expect(r.stdout).toContain('13 problems (5 errors, 2 warnings, 6 infos)');
    expect(problems(r.stdout)).toContain('a.md:1:23 empty-path');
    r = run(['lint', '--extract', 'a.md', '--preset', 'recommended', '--rule', 'browser-accepted=info'], { preset: false });
    expect(r.stdout).toContain('6 problems (2 errors, 1 warning, 3 infos)');
    write('.urigramrc.json', JSON.stringify({ preset: 'loud' }));
    expect(run(['lint', '--extract', 'a.md'], { preset: false }).stderr).toContain('"preset" must be "recommended", "normalize", "strict", got "loud"');
    expect(run(['lint', 'a:b', '--no-config', '--preset', 'loud'], { preset: false }).stderr).toContain('--preset needs recommended, normalize or strict');
  });
});

describe('templates (issue 37, item 5)', () => {
  it('the templates of test/corpus/templates: no finding at a placeholder, the literal parts checked', () => {
    fs.cpSync(path.join(__dirname, 'corpus', 'templates'), path.join(project, 'templates'), { recursive: true });
    const r = run(['lint', '--extract', 'templates', 'templates/page.tmpl', 'templates/profile.php']);
    expect(problems(r.stdout)).toEqual([
      'templates/base.html.j2:22:86 syntax',
      'templates/post.liquid:15:10 uppercase-scheme',
      'templates/post.liquid:15:17 uppercase-host',
      'templates/show.html.erb:10:35 percent-encoded-unreserved',
    ]);
    expect(r.stdout).toContain('in 20 URIs in 9 files');
    // With the syntaxes turned off, the placeholders are read as text.
    write('.urigramrc.json', JSON.stringify({ templates: [] }));
    expect(problems(run(['lint', '--extract', 'templates/card.hbs']).stdout).length).toBeGreaterThan(3);
    write('.urigramrc.json', JSON.stringify({ templates: ['smarty'] }));
    expect(run(['lint', '--extract', 'templates/card.hbs']).stderr).toContain('"templates": unknown placeholder syntax "smarty"');
  });
});

describe('files in other encodings, and files that cannot be read (issue 37, item 6; issue 30, item 4)', () => {
  it('a file that is not UTF-8 is read by its declared encoding, or as windows-1252, and said; the run goes on', () => {
    write('ok.md', '[a](http://u:pw@a.example/)\n');
    // <meta charset>: iso-8859-1 is windows-1252 in the WHATWG Encoding Standard, which TextDecoder follows.
    fs.writeFileSync(path.join(project, 'meta.html'), Buffer.concat([Buffer.from('<meta charset="iso-8859-1"><p>'), Buffer.from([0xc9, 0xe9, 0xfd]), Buffer.from(' <a href="http://u:pw@b.example/">b</a>\n')]));
    fs.writeFileSync(path.join(project, 'decl.xml'), Buffer.concat([Buffer.from('<?xml version="1.0" encoding="ISO-8859-15"?>\n<a xlink:href="http://u:pw@c.example/'), Buffer.from([0xa4]), Buffer.from('"/>\n')]));
    fs.writeFileSync(path.join(project, 'plain.txt'), Buffer.concat([Buffer.from('Caf'), Buffer.from([0xe9, 0x80]), Buffer.from(' see http://u:pw@d.example/\n')]));
    fs.writeFileSync(path.join(project, 'le.md'), Buffer.from('\ufeff[e](http://u:pw@e.example/)\n', 'utf16le'));
    fs.writeFileSync(path.join(project, 'be.md'), Buffer.from('\ufeff[f](http://u:pw@f.example/)\n', 'utf16le').swap16());
    const r = run(['lint', '--extract', 'meta.html', 'decl.xml', 'plain.txt', 'le.md', 'be.md', 'ok.md'], { preset: false });
    expect(r.status).toBe(0);
    // The first ill-formed sequence begins at the 0xC9 (a lead byte that 0xE9 does not continue).
    expect(r.stderr).toContain('urigram lint: meta.html: not UTF-8 (ill-formed UTF-8 at byte 30, 0xC9): read as windows-1252, as <meta charset> declares');
    expect(r.stderr).toContain('decl.xml: not UTF-8 (ill-formed UTF-8 at byte 82, 0xA4): read as iso-8859-15, as the XML declaration declares');
    expect(r.stderr).toContain('plain.txt: not UTF-8 (ill-formed UTF-8 at byte 3, 0xE9; no encoding declared): read as windows-1252');
    expect(r.stderr).toContain('le.md: read as UTF-16LE (its byte-order mark)');
    expect(r.stderr).toContain('be.md: read as UTF-16BE (its byte-order mark)');
    expect(problems(r.stdout)).toEqual(['meta.html:1:53 password-in-userinfo', 'decl.xml:2:38 non-ascii', 'plain.txt:1:20 password-in-userinfo', 'le.md:1:14 password-in-userinfo', 'be.md:1:14 password-in-userinfo', 'ok.md:1:14 password-in-userinfo']);
    // The character the encoding gives: "\u20ac" (the euro sign) is 0xA4 in ISO-8859-15.
    const json = JSON.parse(run(['lint', '--extract', 'decl.xml', '--format', 'json'], { preset: false }).stdout);
    expect(json.results[0].uri).toBe('http://u:pw@c.example/\u20ac');
    // In SARIF, a note of the run's: the log is whole, and the run successful.
    const log = JSON.parse(run(['lint', '--extract', 'plain.txt', '--format', 'sarif'], { preset: false }).stdout);
    expect(log).toBeValidSarifLog();
    expect(log.runs[0].invocations[0].toolExecutionNotifications.map((n: { level: string }) => n.level)).toEqual(['note']);
  });

  it('a directory that cannot be read is an input that cannot be read, as a file is: said, the run goes on, 66 with --strict-files', () => {
    write('ok.md', '[a](http://u:pw@a.example/)\n');
    fs.mkdirSync(path.join(project, 'locked'));
    write('locked/in.md', '[b](http://u:pw@b.example/)\n');
    fs.chmodSync(path.join(project, 'locked'), 0o000);
    // Root reads any directory: then the command line runs with fs.readdirSync failing on it as it fails for
    // anyone else (EACCES), loaded before the command line (node -r), which reads through the same fs module.
    const preload = path.join(project, 'locked-preload.js');
    fs.writeFileSync(
      preload,
      `const fs = require('node:fs'); const real = fs.readdirSync;
       fs.readdirSync = function (p, ...rest) {
         if (String(p).endsWith('/locked')) { const e = new Error("EACCES: permission denied, scandir '" + p + "'"); e.code = 'EACCES'; throw e; }
         return real.call(this, p, ...rest);
       };`,
    );
    const asRoot = process.getuid?.() === 0;
    const locked = (args: string[], preset?: false) => (asRoot ? runWith(['-r', preload], args, preset) : run(args, { preset }));
    try {
      // Named on the command line, it fails the run (issue 45, item 4), and the rest is still read.
      let r = locked(['lint', '--extract', 'locked', 'ok.md'], false);
      expect(r.stderr).toContain('urigram lint: cannot read the directory locked');
      expect(r.status).toBe(66);
      expect(problems(r.stdout)).toEqual(['ok.md:1:14 password-in-userinfo']);
      // Met in a search, it is said, and fails the run only with --strict-files.
      r = locked(['lint', '--extract', '.'], false);
      expect(r.stderr).toContain('cannot read the directory locked');
      expect([r.status, problems(r.stdout)]).toEqual([0, ['ok.md:1:14 password-in-userinfo']]);
      r = locked(['lint', '--extract', '--strict-files', '.'], false);
      expect(r.stderr).toContain('cannot read the directory locked');
      expect(r.status).toBe(66);
      // And the same in urigram extract.
      r = locked(['extract', 'locked', 'ok.md']);
      expect([r.status, r.stdout.trim()]).toEqual([66, 'ok.md:1:5  http://u:pw@a.example/']);
      expect(locked(['extract', '.']).status).toBe(0);
      expect(locked(['extract', '--strict-files', '.']).status).toBe(66);
      expect(locked(['extract', 'missing.md']).status).toBe(66);
    } finally {
      fs.chmodSync(path.join(project, 'locked'), 0o755);
    }
  });

  it('a directory is searched for the OpenAPI, AsyncAPI and JSON Schema documents in JSON and YAML too, by their content (issue 45, item 3)', () => {
    write('api/openapi.yaml', 'openapi: 3.1.0\ninfo:\n  title: T\n  version: "1"\n  description: See [the docs](HTTP://docs.example/).\n');
    write('api/events.json', '{"asyncapi": "3.0.0", "info": {"description": "HTTP://e.example/"}}\n');
    write('schema/thing.schema.json', '{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "HTTP://s.example/thing"}\n');
    // JSON and YAML that are none of these: a $schema that names no JSON Schema dialect, a package, a CI file.
    write('tsconfig.json', '{"$schema": "https://json.schemastore.org/tsconfig", "x": "HTTP://t.example/"}\n');
    write('package.json', '{"homepage": "HTTP://p.example/"}\n');
    write('ci.yml', 'url: HTTP://c.example/\n');
    const r = run(['lint', '--extract', '.']);
    write('README.md', '[a](HTTP://a.example/)\n');
    expect(problems(r.stdout)).toEqual(['api/events.json:1:48 uppercase-scheme', 'api/openapi.yaml:5:31 uppercase-scheme', 'schema/thing.schema.json:1:69 uppercase-scheme']);
    // urigram extract reads them too; --ext names the extensions, and then only those.
    expect(spawnCli([], ['extract', 'api'], project).stdout).toBe('api/events.json:1:48  HTTP://e.example/\napi/openapi.yaml:5:31  HTTP://docs.example/\n');
    expect(problems(run(['lint', '--extract', '.', '--ext', 'md']).stdout)).toEqual(['README.md:1:5 uppercase-scheme']);
  });

  it('--ext and --ignore on the command line', () => {
    write('a.md', '[a](http://u:pw@a.example/)\n');
    write('b.adoc', 'http://u:pw@b.example/\n');
    write('vendor/c.md', '[c](http://u:pw@c.example/)\n');
    expect(problems(run(['lint', '--extract', '.'], { preset: false }).stdout)).toEqual(['a.md:1:14 password-in-userinfo', 'vendor/c.md:1:14 password-in-userinfo']);
    expect(problems(run(['lint', '--extract', '.', '--ext', 'adoc'], { preset: false }).stdout)).toEqual(['b.adoc:1:10 password-in-userinfo']);
    expect(problems(run(['lint', '--extract', '.', '--ext', 'md,adoc', '--ignore', 'vendor/**'], { preset: false }).stdout)).toEqual(['a.md:1:14 password-in-userinfo', 'b.adoc:1:10 password-in-userinfo']);
    expect(run(['lint', '--ext', 'md', 'http://a/']).stderr).toContain('--ext is for files: it needs --extract');
  });
});

describe('SARIF for code scanning', () => {
  type Region = { startLine: number; startColumn: number; endLine: number; endColumn: number };
  type Result = {
    ruleId: string;
    level: string;
    locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: Region } }>;
    partialFingerprints: Record<string, string>;
    fixes?: Array<{ artifactChanges: Array<{ replacements: Array<{ deletedRegion: Region; insertedContent: { text: string } }> }> }>;
  };

  it('a URI that spells a directive is a URI, not a directive: it switches nothing off', () => {
    write('x.md', 'Link: http://a.example/docs#urigram-disable\n\nConnect to ftp://u:secret@b.example/ now.\n');
    expect(problems(run(['lint', '--no-config', '--extract', 'x.md']).stdout)).toEqual(['x.md:3:20 password-in-userinfo']);
  });

  it('a directive naming no rule is said on standard error, and switches nothing off', () => {
    write('d.md', '<!-- urigram-disable-next-line pasword-in-userinfo -->\nftp://u:pw@h/\n');
    const r = run(['lint', '--no-config', '--extract', 'd.md']);
    expect(r.stderr).toContain('d.md:1: urigram-disable-next-line names no rule "pasword-in-userinfo"');
    expect(problems(r.stdout)).toEqual(['d.md:2:9 password-in-userinfo']);
  });

  it('a finding of an empty span at the end of a file has an empty region there, not one past the end of its line', () => {
    // (A scheme alone, "x https://", is no URI in prose since issue 37: the empty path of a host at the end is the example.)
    write('eof.txt', 'x http://a.b');
    const log = JSON.parse(run(['lint', '--no-config', '--extract', 'eof.txt', '--format', 'sarif']).stdout);
    const regions = log.runs[0].results.map((r: { ruleId: string; locations: Array<{ physicalLocation: { region: Region } }> }) => [r.ruleId, r.locations[0].physicalLocation.region]);
    expect(regions).toEqual([['empty-path', { startLine: 1, startColumn: 13, endLine: 1, endColumn: 13 }]]);
  });

  it('valid SARIF 2.1.0 whose rules have names, descriptions, help, helpUri to their section, and security-severity on security rules', () => {
    write('a.md', '[a](http://u:pw@a.example/)\n');
    const log = JSON.parse(run(['lint', '--extract', 'a.md', '--format', 'sarif']).stdout);
    expect(log).toBeValidSarifLog();
    const rules = log.runs[0].tool.driver.rules as Array<{ id: string; name: string; fullDescription: { text: string }; help: { text: string; markdown: string }; helpUri: string; properties: { tags: string[]; 'security-severity'?: string } }>;
    expect(rules.map((r) => r.id)).toEqual(Object.keys(LINT_RULES));
    const docs = fs.readFileSync(path.join(__dirname, '..', 'docs', 'lint-rules.md'), 'utf8');
    for (const rule of rules) {
      expect(rule.name).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      // The anchor is the rule's section of docs/lint-rules.md ("## `code`" is "#code" there).
      expect(rule.helpUri).toMatch(new RegExp(`/docs/lint-rules\\.md#${rule.id}$`));
      expect(docs).toContain(`## \`${rule.id}\``);
      expect(rule.fullDescription.text.length).toBeGreaterThan(20);
      expect(rule.help.markdown).toContain('bad');
      const security = SECURITY_SEVERITY[rule.id];
      expect([rule.id, rule.properties['security-severity']]).toEqual([rule.id, security]);
      expect(rule.properties.tags.includes('security')).toBe(security !== undefined);
    }
    expect(SECURITY_SEVERITY['password-in-userinfo']).toBe('7.5');
  });

  it('paths under %SRCROOT%, fingerprints that survive moved lines, regions over wrapped URIs, fixes as SARIF fixes', () => {
    write('docs/a.txt', 'Wrapped: "http://a.example/\n   b/%7e"\n');
    const sarif = () => JSON.parse(run(['lint', '--extract', 'docs/a.txt', '--format', 'sarif']).stdout);
    const log = sarif();
    expect(log).toBeValidSarifLog();
    expect(log.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe(`file://${fs.realpathSync(project)}/`);
    const [result] = log.runs[0].results as Result[];
    expect(result.ruleId).toBe('percent-encoded-unreserved');
    expect(result.locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'docs/a.txt', uriBaseId: '%SRCROOT%' });
    // The URI is broken after "a.example/": its "%7e" is on line 2, columns 6 to 9.
    expect(result.locations[0].physicalLocation.region).toEqual({ startLine: 2, startColumn: 6, endLine: 2, endColumn: 9 });
    expect(result.fixes?.[0].artifactChanges[0].replacements[0]).toEqual({ deletedRegion: { startLine: 2, startColumn: 6, endLine: 2, endColumn: 9 }, insertedContent: { text: '~' } });
    const fingerprint = result.partialFingerprints['urigramFinding/v1'];
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    // Lines added above: the same alert.
    write('docs/a.txt', 'New first line.\n\nWrapped: "http://a.example/\n   b/%7e"\n');
    expect((sarif().runs[0].results as Result[])[0].partialFingerprints['urigramFinding/v1']).toBe(fingerprint);
    // The same URI a second time in the file: another alert.
    write('docs/a.txt', 'Wrapped: "http://a.example/\n   b/%7e" "http://a.example/b/%7e"\n');
    const twice = sarif().runs[0].results as Result[];
    expect(new Set(twice.map((r) => r.partialFingerprints['urigramFinding/v1'])).size).toBe(2);
  });

  it('a file read in another encoding is a note, and the run is still a successful execution', () => {
    fs.writeFileSync(path.join(project, 'latin1.html'), Buffer.from('<meta charset="iso-8859-1"><a href="HTTP://a.example/">caf\xe9</a>\n', 'latin1'));
    const r = run(['lint', '--extract', 'latin1.html', '--format', 'sarif']);
    const log = JSON.parse(r.stdout);
    const [invocation] = log.runs[0].invocations;
    expect(invocation.toolExecutionNotifications.map((n: { level: string }) => n.level)).toEqual(['note']);
    expect(invocation.executionSuccessful).toBe(true);
    expect(invocation.exitCode).toBe(r.status);
  });

  it('a missing file is a tool execution notification, and the rest of the run goes on (named, it fails the run)', () => {
    write('a.md', '[a](HTTP://a.example/)\n');
    const r = run(['lint', '--extract', 'missing.md', 'a.md', '--format', 'sarif']);
    expect(r.status).toBe(66);
    const log = JSON.parse(r.stdout);
    expect(log).toBeValidSarifLog();
    const [invocation] = log.runs[0].invocations;
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.exitCode).toBe(66);
    expect(invocation.toolExecutionNotifications).toHaveLength(1);
    expect(invocation.toolExecutionNotifications[0].message.text).toContain('missing.md');
    expect(invocation.toolExecutionNotifications[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'missing.md', uriBaseId: '%SRCROOT%' });
    expect((log.runs[0].results as Result[]).map((x) => x.ruleId)).toEqual(['uppercase-scheme']);
  });

  it('URIs from standard input are located at their line of "stdin"', () => {
    const log = JSON.parse(run(['lint', '--format', 'sarif'], { stdin: 'http://a/\nHTTP://b/\n' }).stdout);
    expect(log).toBeValidSarifLog();
    const [first] = log.runs[0].results as Result[];
    expect(first.locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'stdin' });
    expect(first.locations[0].physicalLocation.region).toEqual({ startLine: 2, startColumn: 1, endLine: 2, endColumn: 5 });
  });
});

describe('suggestions (issue 45): what the author probably meant, shown in every format and never applied', () => {
  // scheme-syntax's "%40" for the "@" of a mailto address (a page hiding it from harvesters): the "@" is a suggestion.
  const text = 'Mail [me](mailto:joe%40example.org) or <https://a.example/>.\n';
  const at = text.indexOf('%40') + 1;
  type Suggested = { message: string; replacement: string; start: number; end: number; region?: object };

  it('text: a line under the finding that says what it does and that --fix does not apply it', () => {
    write('a.md', text);
    const r = run(['lint', '--extract', 'a.md'], { preset: false });
    expect(problems(r.stdout)).toEqual([`a.md:1:${at} scheme-syntax`]);
    const lines = r.stdout.split('\n');
    expect(lines[1]).toBe('    suggestion: write "@" for "%40": replace "%40" with "@" (not applied by --fix)');
    expect(r.stdout).not.toContain('fixable');
  });

  it('JSON and JSON lines: the diagnostic\'s suggestions, with offsets in the URI as a fix has them', () => {
    write('a.md', text);
    for (const format of ['json', 'ndjson']) {
      const out = run(['lint', '--extract', 'a.md', '--format', format], { preset: false }).stdout;
      const results = format === 'json' ? JSON.parse(out).results : out.trim().split('\n').map((l) => JSON.parse(l));
      const [d] = results[0].diagnostics as Array<{ code: string; fix?: object; suggestions: Suggested[] }>;
      expect([format, d.code, d.fix, d.suggestions]).toEqual([format, 'scheme-syntax', undefined, [{ message: 'write "@" for "%40"', replacement: '@', start: 10, end: 13 }]]);
    }
  });

  it('SARIF: in the result\'s properties with the region it replaces, never among its fixes', () => {
    write('a.md', text);
    const log = JSON.parse(run(['lint', '--extract', 'a.md', '--format', 'sarif'], { preset: false }).stdout);
    expect(log).toBeValidSarifLog();
    const [result] = log.runs[0].results as Array<{ ruleId: string; fixes?: unknown; properties: { suggestions?: Suggested[] } }>;
    expect(result.ruleId).toBe('scheme-syntax');
    expect(result.fixes).toBeUndefined();
    const region = { startLine: 1, startColumn: at, endLine: 1, endColumn: at + 3 };
    expect(result.properties.suggestions).toEqual([{ message: 'write "@" for "%40"', replacement: '@', start: 10, end: 13, region }]);
    // From standard input: no file to replace a region of, the offsets in the URI only.
    const stdin = JSON.parse(run(['lint', '--format', 'sarif'], { stdin: 'mailto:joe%40example.org\n', preset: false }).stdout);
    expect((stdin.runs[0].results[0].properties as { suggestions: Suggested[] }).suggestions).toEqual([{ message: 'write "@" for "%40"', replacement: '@', start: 10, end: 13 }]);
  });

  it('--fix leaves a suggestion alone, and the file as it was', () => {
    write('a.md', text);
    const r = run(['lint', '--extract', '--fix', 'a.md'], { preset: false });
    expect(fs.readFileSync(path.join(project, 'a.md'), 'utf8')).toBe(text);
    expect(problems(r.stdout)).toEqual([`a.md:1:${at} scheme-syntax`]);
  });
});
