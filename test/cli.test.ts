/**
 * The command line, run as users run it: a spawned `node dist/src/cli.js`
 * (built by `npm test`, which runs `npm run build` first).
 */
import { spawn, spawnSync, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import '@microsoft/jest-sarif';
import { commandTable, main } from '../src/cli';
import { COMMANDS, TOP_OPTIONS } from '../src/cli/table';
import type { Command } from '../src/cli/command';

const root = path.join(__dirname, '..');
const cli = path.join(root, 'dist', 'src', 'cli.js');

/**
 * `lint` with every rule on (--preset strict), unless the arguments name a preset: these tests of the
 * output and the conventions use the normalization rules, off by default since issue 37, as their
 * examples (test/lint-cli.test.ts tests the default).
 */
function strict(args: readonly string[]): string[] {
  return args[0] === 'lint' && !args.some((a) => a.startsWith('--preset')) && !args.includes('--help') ? [...args, '--preset=strict'] : [...args];
}

function run(args: string[], stdin?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...strict(args)], { input: stdin ?? '', encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  if (!fs.existsSync(cli)) throw new Error('dist/src/cli.js is missing: run `npm run build` (npm test does)');
});

describe('urigram parse', () => {
  it('prints each component, absent and empty told apart, with offsets and kinds', () => {
    const r = run(['parse', 'http://h:/p?#']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('input      "http://h:/p?#"');
    const row = (name: string) => lines.find((l) => l.startsWith(`${name} `)) ?? '';
    expect(row('userinfo')).toBe('userinfo   absent');
    expect(row('port')).toMatch(/^port\s+""\s+\[9, 9\)$/);
    expect(row('host')).toMatch(/^host\s+"h"\s+\[7, 8\) reg-name$/);
    expect(row('path')).toMatch(/^path\s+"\/p"\s+\[9, 11\) path-abempty$/);
    expect(row('query')).toMatch(/^query\s+""\s+\[12, 12\)$/);
    expect(row('fragment')).toMatch(/^fragment\s+""\s+\[13, 13\)$/);
  });

  it('--json prints one object per input, absent components as null', () => {
    const r = run(['parse', '--json', 'ldap://[2001:db8::7]/c=GB?objectClass?one', 's:']);
    expect(r.status).toBe(0);
    const [first, second] = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(first).toEqual({
      input: 'ldap://[2001:db8::7]/c=GB?objectClass?one',
      valid: true,
      scheme: 'ldap',
      authority: '[2001:db8::7]',
      userinfo: null,
      host: '[2001:db8::7]',
      port: null,
      path: '/c=GB',
      query: 'objectClass?one',
      fragment: null,
      hostKind: 'IPv6address',
      pathKind: 'path-abempty',
      spans: { scheme: [0, 4], authority: [7, 20], host: [7, 20], path: [20, 25], query: [26, 41] },
    });
    expect(second).toMatchObject({ scheme: 's', path: '', pathKind: 'path-empty', authority: null, hostKind: null });
  });

  it('--json reports an invalid input with its error, and exits 1', () => {
    const r = run(['parse', '--json', 'a:b', 'http://[::g]']);
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines[0].valid).toBe(true);
    expect(lines[1]).toEqual({
      input: 'http://[::g]',
      valid: false,
      error: {
        message: 'invalid URI-reference at offset 10: expected HEXDIG, dec-octet or "]" in IPv6address, found "g"',
        grammar: 'rfc3986',
        rule: 'URI-reference',
        offset: 10,
        codePointOffset: 10,
        found: 'g',
        expected: ['HEXDIG', 'dec-octet', '"]"'],
        rulePath: ['URI-reference', 'URI', 'hier-part', 'authority', 'host', 'IP-literal', 'IPv6address'],
      },
    });
  });

  it('--rule chooses the rule', () => {
    expect(run(['parse', '--rule', 'URI', '../a']).status).toBe(1);
    expect(run(['parse', '--rule=relative-ref', '../a']).status).toBe(0);
  });

  it('reads one URI per line from standard input when given none', () => {
    const r = run(['parse', '--json'], 'a:b\r\n//h\n\nx y\n');
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.input, l.valid])).toEqual([
      ['a:b', true],
      ['//h', true],
      ['', true],
      ['x y', false],
    ]);
  });

  it('streams standard input: the first result comes out before the input ends', async () => {
    const child = spawn(process.execPath, [cli, 'parse', '--json']);
    const first = new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString())));
    child.stdin.write('s:first\n');
    expect(JSON.parse((await first).split('\n')[0]).input).toBe('s:first');
    child.stdin.end('s:second\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
  });
});

describe('urigram validate', () => {
  it('says valid, or draws the error with a caret, and exits 1 if any input is invalid', () => {
    const r = run(['validate', 'http://a/b', 'http://a/%zz']);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')).toEqual([
      'valid    "http://a/b"',
      'invalid  "http://a/%zz"',
      '  invalid URI-reference at offset 10: expected HEXDIG in pct-encoded, found "z"',
      '    http://a/%zz',
      '              ^',
      '    rule path: URI-reference > URI > hier-part > path-abempty > segment > pchar > pct-encoded',
      '',
    ]);
  });

  it('exits 0 when every input is valid', () => {
    expect(run(['validate', 'a:b', '', '#f']).status).toBe(0);
  });

  it('--quiet prints only the invalid inputs', () => {
    const r = run(['validate', '--quiet'], 'a:b\nc d\n');
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe('invalid  "c d"');
    expect(r.stdout).not.toContain('valid    ');
  });
});

describe('--scheme: validate and parse by the scheme grammars (issue 34)', () => {
  it('validate --scheme checks RFC 3986, then the scheme grammar and its prose; without it, RFC 3986 alone', () => {
    const r = run(['validate', '--scheme', 'urn:isbn:', 'urn:isbn:1', 'https:///a', 'foo:bar']);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n').filter((l) => /^(in)?valid /.test(l))).toEqual(['invalid  "urn:isbn:"', 'valid    "urn:isbn:1"', 'invalid  "https:///a"', 'valid    "foo:bar"']);
    expect(r.stdout).toContain('  invalid namestring at offset 9: expected sub-delims, unreserved, "%", ":" or "@" in assigned-name, found end of input\n    urn:isbn:\n             ^\n');
    expect(r.stdout).toContain('invalid https-URI at offset 8: an https URI with an empty host: a recipient MUST reject it as invalid (RFC 9110 4.2.2)');
    expect(run(['validate', 'urn:isbn:'])).toMatchObject({ status: 0, stdout: 'valid    "urn:isbn:"\n' });
  });

  it('parse --scheme prints the scheme\'s components, as a row and in --json', () => {
    const table = run(['parse', '--scheme', 'mailto:a@b']);
    expect(table.status).toBe(0);
    expect(table.stdout).toContain('\nmailto     {"scheme":"mailto","to":[{"text":"a@b","localPart":"a","domain":"b","address":"a@b","span":[7,10]}],"headers":[]}\n');
    const json = run(['parse', '--scheme', '--json', 'urn:example:a']);
    expect(JSON.parse(json.stdout).schemeComponents).toEqual({ scheme: 'urn', nid: 'example', nss: 'a', informal: false, spans: { nid: [4, 11], nss: [12, 13] } });
    expect(JSON.parse(run(['parse', '--json', 'urn:example:a']).stdout)).not.toHaveProperty('schemeComponents');
  });

  it('takes the default grammar only; parse and resolve take the grammars with a URI record, validate and match every grammar', () => {
    expect(run(['validate', '--scheme', '--grammar', 'rfc3987', 'a:b'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/^urigram: --scheme checks a URI by RFC 3986 and then by its scheme's grammar: it takes --grammar rfc3986 \(the default\), not rfc3987\n/) });
    expect(run(['parse', '--grammar', 'rfc6068', 'mailto:a@b'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/^urigram: --grammar needs rfc3986, rfc3987 or rfc2396, got "rfc6068"\n/) });
    expect(run(['resolve', '--grammar', 'rfc8141', 'http://a/', 'b']).status).toBe(2);
    expect(run(['validate', '--grammar', 'rfc6068', '--rule', 'addr-spec', 'a@b'])).toMatchObject({ status: 0, stdout: 'valid    "a@b"\n' });
    expect(run(['match', '--grammar', 'rfc8141', 'NID', 'x-'])).toMatchObject({ status: 1 });
  });
});

describe('urigram match', () => {
  it('exits 0 when the string matches the rule, 1 when not', () => {
    const yes = run(['match', 'IPv6address', '1::2']);
    expect(yes.status).toBe(0);
    expect(yes.stdout).toBe('match  IPv6address  "1::2"\n');
    const no = run(['match', 'dec-octet', '256']);
    expect(no.status).toBe(1);
    expect(no.stdout).toBe('no match  dec-octet  "256"\n');
  });

  it('an unknown rule is a usage error (2) that lists the rules', () => {
    const r = run(['match', 'hostname', 'a']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown rule "hostname"');
    expect(r.stderr).toContain('IPv6address');
  });
});

describe('urigram resolve', () => {
  it('resolves each reference against the base (RFC 3986 5.4.1)', () => {
    const r = run(['resolve', 'http://a/b/c/d;p?q', 'g', '../../g', '//g', 'http:g']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('http://a/b/c/g\nhttp://a/g\nhttp://g\nhttp:g\n');
  });

  it('--non-strict and --json', () => {
    const r = run(['resolve', '--non-strict', '--json', 'http://a/b/c/d;p?q', 'http:g']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ base: 'http://a/b/c/d;p?q', reference: 'http:g', target: 'http://a/b/c/g' });
  });

  it('a relative base or an invalid reference exits 1 with the reason', () => {
    const relative = run(['resolve', '//a', 'g']);
    expect(relative.status).toBe(1);
    expect(relative.stdout).toContain('relative reference');
    const invalid = run(['resolve', '--json', 'http://a/', 'g h', 'g']);
    expect(invalid.status).toBe(1);
    const [bad, good] = invalid.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(bad.error).toMatch(/^invalid URI-reference at offset 1/);
    expect(good.target).toBe('http://a/g');
  });

  it('without a reference is a usage error', () => {
    expect(run(['resolve', 'http://a/']).status).toBe(2);
  });
});

describe('urigram normalize', () => {
  it('normalizes, and --explain lists the steps with their sections and offsets', () => {
    const r = run(['normalize', '--explain', 'HTTP://Example.COM:80/a/./b/%7e']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('http://example.com/a/b/~');
    expect(lines.slice(1).map((l) => l.trim().split(/\s+/)[0])).toEqual([
      'decode-unreserved',
      'lowercase-scheme',
      'lowercase-host',
      'remove-dot-segments',
      'remove-default-port',
    ]);
    expect(lines[1]).toContain('6.2.2.2');
    expect(lines[1]).toContain('[28, 31) "%7e" -> "~"');
  });

  it('--level syntax, --json and standard input', () => {
    const r = run(['normalize', '--level', 'syntax', '--json'], 'HTTP://A:80\nb c\n');
    expect(r.status).toBe(1);
    const [first, second] = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(first.result).toBe('http://a:80');
    expect(first.steps.map((s: { step: string }) => s.step)).toEqual(['lowercase-scheme', 'lowercase-host']);
    expect(second).toEqual({ input: 'b c', error: expect.stringMatching(/^invalid URI-reference at offset 1/) });
  });

  it('an unknown level is a usage error', () => {
    expect(run(['normalize', '--level', 'http', 'a:b']).status).toBe(2);
  });
});

describe('urigram compare', () => {
  it('exits 0 when equivalent, saying at which level', () => {
    const r = run(['compare', 'http://a:80', 'HTTP://A/']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('equivalent (scheme-based normalization, 6.2.3)\n');
  });

  it('exits 1 when not, naming the component', () => {
    const r = run(['compare', '--json', 'http://a/b', 'http://a/c']);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({ a: 'http://a/b', b: 'http://a/c', equivalent: false, level: null, difference: { component: 'path', a: '/b', b: '/c' } });
  });

  it('needs exactly two arguments', () => {
    expect(run(['compare', 'a:b']).status).toBe(2);
  });
});

describe('urigram extract', () => {
  it('prints file:line:column and the URI, marking invalid ones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-extract-'));
    const file = path.join(dir, 'notes.md');
    fs.writeFileSync(file, 'Yes, see "http://www.w3.org/Addressing/",\nor <ftp://foo.example.\n com/rfc/>. Bad: http://a/b|c.\n');
    try {
      const r = run(['extract', file]);
      expect(r.status).toBe(0);
      // The position of the URI's first character, past the quote, the bracket or a "URL:" prefix.
      expect(r.stdout).toBe(`${file}:1:11  http://www.w3.org/Addressing/\n${file}:2:5  ftp://foo.example.com/rfc/\n${file}:3:18  http://a/b|c  invalid\n`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--json, from standard input', () => {
    const r = run(['extract', '--json'], 'x <URL:http://a.example/>\n');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ file: '-', line: 1, column: 8, uri: 'http://a.example/', raw: '<URL:http://a.example/>', delimited: 'angle', kind: 'text', valid: true });
  });

  it('a file named that cannot be read is said on standard error and fails the run with 66, with --strict-files or without', () => {
    const r = run(['extract', '/nonexistent/file']);
    expect(r.status).toBe(66);
    expect(r.stderr).toContain('urigram extract: cannot read /nonexistent/file');
    expect(run(['extract', '--strict-files', '/nonexistent/file']).status).toBe(66);
  });
});

describe('urigram lint', () => {
  it('text: each problem as "URI":1:COLUMN  severity  message  code, and a summary line; exit 1 on an error', () => {
    const r = run(['lint', 'HTTP://a/', 'http://a b/']);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')).toEqual([
      '"HTTP://a/":1:1  info  the scheme is case-insensitive and normally lower case: "http" (RFC 3986 3.1, 6.2.2.1)  uppercase-scheme',
      '"http://a b/":1:9  error  invalid URI-reference at offset 8: a space in the host name, which no host has (RFC 3986 3.2.2) (RFC 3986 3, 4)  syntax',
      '2 problems (1 error, 0 warnings, 1 info) in 2 URIs',
      '',
    ]);
  });

  it('exits 0 when nothing is at error level', () => {
    expect(run(['lint', 'http://a:25/']).status).toBe(0);
  });

  const defaultPort = {
    code: 'default-port',
    severity: 'info',
    message: '80 is the default port of http: it can go',
    start: 8,
    end: 11,
    section: 'RFC 3986 3.2.3, 6.2.3',
    fix: { replacement: '', start: 8, end: 11 },
  };

  it('json, from standard input: one document, each URI at its line of standard input', () => {
    const r = run(['lint', '--format', 'json'], 'http://a/\nhttp://a:80/\n');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      results: [
        { file: '-', line: 1, column: 1, uri: 'http://a/', diagnostics: [] },
        { file: '-', line: 2, column: 1, uri: 'http://a:80/', diagnostics: [{ ...defaultPort, line: 2, column: 9, endLine: 2, endColumn: 12 }] },
      ],
      summary: { errors: 0, warnings: 0, infos: 1, fixable: 0, uris: 2, files: 0, exitCode: 0 },
    });
  });

  it('ndjson: one object per URI', () => {
    const r = run(['lint', '--format', 'ndjson', 'http://a:80/', 'http://b/']);
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l))).toEqual([
      { uri: 'http://a:80/', diagnostics: [{ ...defaultPort, line: 1, column: 9, endLine: 1, endColumn: 12 }] },
      { uri: 'http://b/', diagnostics: [] },
    ]);
  });

  describe('--extract', () => {
    let dir: string;
    let file: string;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-lint-'));
      file = path.join(dir, 'notes.md');
      fs.writeFileSync(file, '# Notes\nSee <HTTP://example.com/x> and http://h:25/.\nBroken: http://a/b|c\n');
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('text: file, line and column of each problem, its severity, message and code, and a summary', () => {
      const r = run(['lint', '--extract', file]);
      expect(r.status).toBe(0);
      expect(r.stdout.split('\n').map((l) => l.split('  ').filter((_x, i) => i !== 2).join('  '))).toEqual([
        `${file}:2:6  info  uppercase-scheme`,
        `${file}:2:41  info  unusual-port`,
        `${file}:3:19  warning  unencoded-character`,
        '3 problems (0 errors, 1 warning, 2 infos) in 3 URIs in 1 file; 1 fixable with --fix',
        '',
      ]);
    });

    it('sarif: a valid SARIF 2.1.0 log, with each result at its line and column', () => {
      const r = run(['lint', '--format', 'sarif', '--extract', file]);
      expect(r.status).toBe(0);
      const log = JSON.parse(r.stdout);
      expect(log).toBeValidSarifLog();
      const results = log.runs[0].results as Array<{ ruleId: string; level: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> } }> }>;
      expect(results.map((x) => [x.ruleId, x.level, x.locations[0].physicalLocation.region.startLine, x.locations[0].physicalLocation.region.startColumn])).toEqual([
        ['uppercase-scheme', 'note', 2, 6],
        ['unusual-port', 'note', 2, 41],
        ['unencoded-character', 'warning', 3, 19],
      ]);
      // Outside the working directory: a file: URI, not one under %SRCROOT%.
      expect(results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: `file://${file}` });
      expect(log.runs[0].tool.driver.rules.map((x: { id: string }) => x.id)).toContain('dot-segments');
    });
  });

  it('sarif without files is still valid SARIF', () => {
    const r = run(['lint', '--format', 'sarif', 'http://a b/']);
    expect(JSON.parse(r.stdout)).toBeValidSarifLog();
  });

  it('an unknown format or grammar is a usage error', () => {
    expect(run(['lint', '--format', 'xml', 'a:b']).status).toBe(2);
    expect(run(['lint', '--grammar', 'rfc1738', 'a:b']).status).toBe(2);
  });
});

describe('usage', () => {
  it.each([['parse'], ['validate'], ['match'], ['resolve'], ['normalize'], ['compare'], ['extract'], ['lint']])('%s --help describes the command and exits 0', (command) => {
    const r = run([command, '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`usage: urigram ${command}`);
  });

  it('--version prints the package version', () => {
    const r = run(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version);
  });

  it.each([[['frobnicate']], [['parse', '--frob']], [['parse', '--rule', 'path']], [['parse', '--rule']], [['match', 'URI']], [[]]])(
    'a usage error (%p) exits 2',
    (args) => {
      const r = run(args);
      expect(r.status).toBe(2);
    },
  );
});

describe('the grammars on the command line (RFC 3987, RFC 2396)', () => {
  it('parse --grammar rfc3987 reads IRIs; rfc2396 shows the opaque part and the authority form', () => {
    const iri = run(['parse', '--json', '--grammar', 'rfc3987', 'http://r\u00e9sum\u00e9.example/\u00fc']);
    expect(iri.status).toBe(0);
    expect(JSON.parse(iri.stdout)).toMatchObject({ valid: true, host: 'r\u00e9sum\u00e9.example', path: '/\u00fc' });
    const old = run(['parse', '--grammar=rfc2396', 'mailto:a?b']);
    expect(old.status).toBe(0);
    expect(old.stdout).toMatch(/^opaque +"a\?b"$/m);
    expect(old.stdout).toMatch(/^query +absent$/m);
    expect(JSON.parse(run(['parse', '--json', '--grammar', 'rfc2396', 'x://a_b/']).stdout)).toMatchObject({ authorityForm: 'reg_name', host: null });
  });

  it('--rule is checked against the grammar', () => {
    expect(run(['validate', '--grammar', 'rfc3987', '--rule', 'IRI', 'a:\u00e9']).status).toBe(0);
    const r = run(['validate', '--rule', 'IRI', 'a:b']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown rule for --rule with rfc3986: "IRI"');
    expect(run(['validate', '--grammar', 'rfc9999', 'a:b']).status).toBe(2);
  });

  it('validate --grammar rfc3987 reports the error in code units and code points (json)', () => {
    const r = run(['parse', '--json', '--grammar', 'rfc3987', 'a:\u{1F600}\u{1F600} ']);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).error).toMatchObject({ grammar: 'rfc3987', offset: 6, codePointOffset: 4, found: ' ' });
  });

  it('match --grammar takes that grammar\'s rules', () => {
    expect(run(['match', '--grammar', 'rfc3987', 'ucschar', '\u00e9']).status).toBe(0);
    expect(run(['match', '--grammar', 'rfc2396', 'hostname', 'a.b.c.']).status).toBe(0);
    expect(run(['match', '--grammar', 'rfc2396', 'opaque_part', '/a']).stdout).toBe('no match  opaque-part  "/a"\n');
    expect(run(['match', 'hostname', 'a']).status).toBe(2);
  });

  it('resolve --algorithm rfc2396 and --grammar rfc3987', () => {
    const r = run(['resolve', '--algorithm', 'rfc2396', 'http://a/b/c/d;p?q', '../../../g', '?y']);
    expect(r.stdout).toBe('http://a/../g\nhttp://a/b/c/?y\n');
    expect(run(['resolve', 'http://a/b/c/d;p?q', '../../../g', '?y']).stdout).toBe('http://a/g\nhttp://a/b/c/d;p?y\n');
    expect(run(['resolve', '--grammar', 'rfc3987', 'http://\u00e9/a/b', '\u00fc']).stdout).toBe('http://\u00e9/a/\u00fc\n');
    expect(run(['resolve', '--algorithm', 'rfc1808', 'a:b', 'c']).status).toBe(2);
  });

  it('grammars shows the verdicts (the three URI grammars, then the URL Standard\'s writing grammar) and the notes, and exits 1 when one grammar rejects', () => {
    const r = run(['grammars', 'http://a/?q=[1]']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^RFC 3986 .* invalid at offset 12: /m);
    expect(r.stdout).toMatch(/^RFC 2396 .* valid URI-reference$/m);
    expect(r.stdout).toContain('(RFC 3986 2.2, 3.2.2; RFC 2732 3)');
    expect(r.stdout).toMatch(/^WHATWG URL .* invalid at offset 12: /m);
    expect(run(['grammars', 'http://example.com/']).status).toBe(0);
    const json = JSON.parse(run(['grammars', '--json', 'about:']).stdout);
    expect(json.verdicts.map((v: { valid: boolean }) => v.valid)).toEqual([true, true, false, true]);
    expect(json.verdicts[2].error).toMatchObject({ grammar: 'rfc2396', offset: 6 });
    expect(json.notes.map((n: { code: string }) => n.code)).toEqual(['empty-path']);
  });

  it('grammars --table prints the RFC 3986 D.2 table', () => {
    const r = run(['grammars', '--table']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^hostname +reg-name$/m);
    expect(r.stdout).toMatch(/^opaque_part +path-rootless \[ "\?" query \]$/m);
  });

  it('to-uri and to-iri convert, and report invalid input', () => {
    expect(run(['to-uri', 'http://r\u00e9sum\u00e9.example.org']).stdout).toBe('http://r%C3%A9sum%C3%A9.example.org\n');
    expect(run(['to-uri', '--idna', 'http://r\u00e9sum\u00e9.example.org']).stdout).toBe('http://xn--rsum-bpad.example.org\n');
    expect(run(['to-uri', '--nfc', 'x:e\u0301']).stdout).toBe('x:%C3%A9\n');
    expect(run(['to-iri'], 'http://www.example.org/D%C3%BCrst\nhttp://www.example.org/D%FCrst\n').stdout).toBe('http://www.example.org/D\u00fcrst\nhttp://www.example.org/D%FCrst\n');
    const bad = run(['to-uri', 'a b']);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('invalid  "a b"');
  });
});

/**
 * The entry `main(argv, io)` with injected streams: a terminal on standard
 * input, an output that fails, a library function that throws.
 */
async function runMain(args: string[], stdin = '', options: { tty?: boolean; stdout?: Writable } = {}): Promise<{ code: number; stdout: string; chunks: string[]; stderr: string }> {
  const input = new PassThrough() as PassThrough & { isTTY?: boolean };
  if (options.tty) input.isTTY = true;
  input.end(stdin);
  const chunks: string[] = [];
  const stdout =
    options.stdout ??
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
  const errors: string[] = [];
  const stderr = new Writable({
    write(chunk: Buffer, _encoding, done) {
      errors.push(chunk.toString());
      done();
    },
  });
  const code = await main(strict(args), { stdin: input, stdout, stderr });
  return { code, stdout: chunks.join(''), chunks, stderr: errors.join('') };
}

/** The command-line reference, docs/cli.md (the README links it). */
function readmeCli(): string {
  return fs.readFileSync(path.join(root, 'docs', 'cli.md'), 'utf8');
}

describe('command-line conventions', () => {
  it('a bare urigram prints its usage to stderr, not stdout, and exits 2, as every usage error does', () => {
    const r = run([]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('usage: urigram <command>');
    for (const args of [['frobnicate'], ['parse', '--frob'], ['compare', 'a:b']]) {
      const r = run(args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^urigram: /);
    }
  });

  it('urigram help [COMMAND] prints the help, and an unknown COMMAND is a usage error', () => {
    const all = run(['help']);
    expect(all.status).toBe(0);
    expect(all.stdout).toContain('usage: urigram <command>');
    const one = run(['help', 'compare']);
    expect(one.status).toBe(0);
    expect(one.stdout).toBe(run(['compare', '--help']).stdout);
    expect(one.stdout).toMatch(/^usage: urigram compare /);
    expect(run(['help', 'frobnicate']).status).toBe(2);
  });

  // Each command and the options it takes, as the README's synopsis shows them.
  const OPTIONS: Array<[string, string[]]> = [
    ['parse', ['--grammar', '--rule', '--scheme', '--json', '--jobs', '--max-input-bytes']],
    ['validate', ['--grammar', '--rule', '--scheme', '--quiet', '--jobs', '--max-input-bytes', '--progress', '--no-progress']],
    ['match', ['--grammar']],
    ['resolve', ['--grammar', '--algorithm', '--non-strict', '--json']],
    ['grammars', ['--json', '--table', '--jobs', '--max-input-bytes']],
    ['to-uri', ['--nfc', '--idna', '--jobs', '--max-input-bytes']],
    ['to-iri', ['--idna', '--jobs', '--max-input-bytes']],
    ['normalize', ['--grammar', '--level', '--explain', '--json', '--jobs', '--max-input-bytes', '--progress', '--no-progress']],
    ['compare', ['--grammar', '--json']],
    ['extract', ['--json', '--type', '--code', '--strict-files', '--max-input-bytes', '--jobs', '--shard', '--progress', '--no-progress']],
    ['lint', ['--format', '--grammar', '--extract', '--type', '--code', '--config', '--no-config', '--standard', '--preset', '--rule', '--ext', '--ignore', '--strict-files', '--quiet', '--max-warnings', '--links', '--no-links', '--site-root', '--template-property', '--fix', '--max-input-bytes', '--jobs', '--shard', '--progress', '--no-progress']],
  ];

  it.each(OPTIONS)('%s --help lists every option the command takes, and the command takes them', (command, options) => {
    const help = run([command, '--help']).stdout;
    const listed = help.slice(help.indexOf('\noptions:\n'));
    for (const option of options) expect(listed).toMatch(new RegExp(`^  ${option}\\b`, 'm'));
    expect(commandTable().find((c) => c.name === command)?.options).toEqual(options);
    // And an option of another command is refused.
    const other = command === 'validate' || command === 'lint' ? '--nfc' : '--quiet';
    const refused = run([command, other, 'a:b', 'a:b']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`unknown option for ${command}: ${other}`);
  });

  it('every help fits in 80 columns (match wraps its rule list)', () => {
    for (const args of [['--help'], ...OPTIONS.map(([command]) => ['help', command])]) {
      const long = run(args).stdout.split('\n').filter((line) => line.length > 80);
      expect({ args, long }).toEqual({ args, long: [] });
    }
  });

  it('with no arguments on a terminal, says on stderr what it reads, then reads it', async () => {
    const r = await runMain(['validate'], 'a:b\n', { tty: true });
    expect(r.stderr).toContain('urigram validate: reading one URI per line from the terminal; end with Ctrl-D');
    expect(r.stdout).toBe('valid    "a:b"\n');
    expect(r.code).toBe(0);
    const piped = await runMain(['validate'], 'a:b\n');
    expect(piped.stderr).toBe('');
  });

  it('a byte-order mark at the start of standard input or of a file is skipped', () => {
    const r = run(['validate'], '\ufeffhttp://a/\n\ufeffb:c\n');
    // Only the first: a U+FEFF later on is part of the input (and not valid in a URI).
    expect(r.stdout.split('\n').filter((l) => /^\S/.test(l))).toEqual(['valid    "http://a/"', 'invalid  "\ufeffb:c"']);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-bom-'));
    const file = path.join(dir, 'bom.txt');
    fs.writeFileSync(file, '\ufeffhttp://a/ x\n');
    try {
      expect(run(['extract', file]).stdout).toBe(`${file}:1:1  http://a/\n`);
      expect(run(['lint', '--format', 'json', '--extract', file]).stdout).toContain('"line":1,"column":1');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('extract and lint --extract give the same line and column for the same URI', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-positions-'));
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'a "http://a/ b" and <URL: HTTP://b/>\n\u00e9\u{1F600} `http://c/`, URL:http://d/ and [x](http://e/).\n');
    try {
      const extracted = run(['extract', file]).stdout.trimEnd().split('\n').map((l) => l.split('  ')[0]);
      const linted = run(['lint', '--format', 'ndjson', '--extract', file])
        .stdout.trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l))
        .map((t: { file: string; line: number; column: number }) => `${t.file}:${t.line}:${t.column}`);
      // Columns count UTF-16 code units from 1 (README): the emoji counts two.
      expect(extracted).toEqual([`${file}:1:4`, `${file}:1:27`, `${file}:2:6`, `${file}:2:22`, `${file}:2:40`]);
      expect(linted).toEqual(extracted);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the README documents every command, option and exit code', () => {
    const section = readmeCli();
    for (const { usage, options } of commandTable()) {
      for (const line of usage) expect(section).toContain(line);
      for (const option of options) expect(section).toContain(option);
    }
    for (const code of [0, 1, 2, 66, 70, 74]) expect(section).toMatch(new RegExp(`\\b${code}\\b`));
  });
});

describe('the command line on hostile input (issue 13)', () => {
  // A test that fails (times out) leaves its child waiting on standard input: end it.
  const children: ChildProcess[] = [];
  const start = (args: string[]): ChildProcessWithoutNullStreams => {
    const child = spawn(process.execPath, [cli, ...strict(args)]);
    children.push(child);
    return child;
  };
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill();
  });

  it('one reference that cannot be resolved does not stop the others (resolve --grammar rfc2396)', () => {
    const r = run(['resolve', '--grammar', 'rfc2396', 'http://a/b', '#[x]', 'g']);
    expect(r.stderr).not.toContain('internal error');
    expect([0, 1]).toContain(r.status);
    expect(r.stdout.trimEnd().split('\n').pop()).toBe('http://a/g');
  });

  const THROWERS: Array<[string, string[], string, string]> = [
    ['resolve', ['resolve', 'http://a/', 'x', 'g'], '../src/operations/resolve', 'resolve'],
    ['parse', ['parse', 'x', 'g:'], '../src/core/parse', 'tryParse'],
    ['validate', ['validate', 'x', 'g:'], '../src/core/parse', 'check'],
    ['normalize', ['normalize', 'x', 'g:'], '../src/operations/normalize', 'explainNormalize'],
    ['grammars', ['grammars', 'x', 'g:'], '../src/operations/grammar-comparison', 'explainGrammars'],
    ['to-uri', ['to-uri', 'x', 'g:'], '../src/operations/iri', 'iriToUri'],
    ['to-iri', ['to-iri', 'x', 'g:'], '../src/operations/iri', 'uriToIri'],
    ['lint', ['lint', 'x', 'g:'], '../src/lint/lint', 'lint'],
    ['lint --format sarif', ['lint', '--format', 'sarif', 'x', 'g:'], '../src/lint/lint', 'lint'],
    ['compare', ['compare', '--json', 'x', 'g:'], '../src/operations/compare', 'compare'],
    ['match', ['match', 'scheme', 'x'], '../src/core/parse', 'matches'],
  ];

  it.each(THROWERS)('%s: any error a library call throws for one input is reported on that input, and the next input is done (exit 1, never 70)', async (_name, args, module, name) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module named by the table row, spied on as the CLI requires it
    const spy = jest.spyOn(require(module) as Record<string, (...a: unknown[]) => unknown>, name).mockImplementationOnce(() => {
      throw new TypeError('a library bug');
    });
    try {
      const r = await runMain(args);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain('a library bug');
      if (args[0] !== 'compare' && args[0] !== 'match') expect(spy.mock.calls.length).toBeGreaterThan(1);
      if (args.includes('sarif')) expect(JSON.parse(r.stdout).runs[0].results.length).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('extract: a file extract fails on is reported on stderr (exit 1), and the next file is read', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-throw-'));
    const file = path.join(dir, 'a.txt');
    const next = path.join(dir, 'b.txt');
    fs.writeFileSync(file, 'see http://a/\n');
    fs.writeFileSync(next, 'see http://a/\n');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object the CLI requires, so that the spy replaces what it calls
    const spy = jest.spyOn(require('../src/lint/extract') as Record<string, (...a: unknown[]) => unknown>, 'extract').mockImplementationOnce(() => {
      throw new TypeError('a library bug');
    });
    try {
      const r = await runMain(['extract', file, next]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`urigram extract: ${file}: TypeError: a library bug\n`);
      expect(r.stdout).toBe(`${next}:1:5  http://a/\n`);
    } finally {
      spy.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('validate -- with 150,000 arguments does not overflow the stack', () => {
    const args = ['validate', '--quiet', '--'].concat(new Array<string>(150000).fill('a'));
    const r = run(args);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('lint --format sarif streams: the first result comes out before the input ends', async () => {
    const child = start(['lint', '--format', 'sarif']);
    let text = '';
    const first = new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        text += d.toString();
        if (text.includes('"ruleId"')) resolve();
      });
    });
    child.stdin.write('HTTP://A:80/%7e\n');
    await first;
    expect(text).toContain('"ruleId":"uppercase-scheme"');
    child.stdin.end('http://a b/\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    const log = JSON.parse(text);
    expect(log).toBeValidSarifLog();
    expect(log.runs[0].columnKind).toBe('utf16CodeUnits');
    expect(log.runs[0].results.map((x: { ruleId: string }) => x.ruleId)).toEqual(['uppercase-scheme', 'uppercase-host', 'default-port', 'percent-encoded-unreserved', 'syntax']);
  });

  // One input with many diagnostics or steps is written in pieces, not built as one string
  // (a 10 MB line made more text than a string can hold).
  it.each(['lint --format json', 'lint --format sarif', 'lint --format text', 'normalize --json', 'normalize --explain'])('%s writes one large result in bounded pieces', async (command) => {
    const args = command.split(' ');
    const r = await runMain(args, `http://a/${'%7e'.repeat(20000)}\n`);
    expect(r.stdout.length).toBeGreaterThan(1000000);
    expect(Math.max(...r.chunks.map((c) => c.length))).toBeLessThan(100000);
    if (args[0] === 'lint' && args[2] === 'json') expect(JSON.parse(r.stdout).results[0].diagnostics).toHaveLength(20000);
    if (args[0] === 'normalize' && args[1] === '--json') expect(JSON.parse(r.stdout).result).toBe(`http://a/${'~'.repeat(20000)}`);
    if (args[2] === 'sarif') {
      // Linear in size: a result names its URI cut to 256 code units, not the whole 60,009 of it each time.
      expect(r.stdout.length).toBeLessThan(20000 * 1000);
      const results = JSON.parse(r.stdout).runs[0].results as Array<{ properties: { uri: string } }>;
      expect(results).toHaveLength(20000);
      expect(results[0].properties.uri).toBe(`http://a/${'%7e'.repeat(82)}%\u2026`);
    }
  });

  it('compare --json prints JSON when an input is invalid', () => {
    const r = run(['compare', '--json', 'a b', 'c:d']);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ a: 'a b', b: 'c:d', equivalent: false, level: null, error: { input: 'a', offset: 1, message: expect.stringMatching(/^invalid URI-reference at offset 1/) } });
  });

  it('a directory on standard input is an error (exit 2), not an empty input', () => {
    const fd = fs.openSync(os.tmpdir(), 'r');
    try {
      const r = spawnSync(process.execPath, [cli, 'parse'], { stdio: [fd, 'pipe', 'pipe'], encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr).toBe('urigram parse: cannot read standard input: it is a directory\n');
    } finally {
      fs.closeSync(fd);
    }
  });

  it('after a broken pipe, exits quietly with the code of the inputs read so far', async () => {
    const child = start(['validate']);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const first = new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString())));
    child.stdin.write('x y\n');
    expect(await first).toMatch(/^invalid {2}"x y"/);
    child.stdout.destroy(); // the reader goes away, as `| head -1` does
    child.stdin.on('error', () => undefined);
    child.stdin.end('a:b\n'.repeat(1000));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe('');
  });

  it('an output that cannot be written (a full disk) is exit 74 with a one-line message', async () => {
    const full = fs.openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [cli, 'parse', 'a:b'], { stdio: ['pipe', full, 'pipe'], encoding: 'utf8' });
      expect(r.status).toBe(74);
      expect(r.stderr).toMatch(/^urigram: cannot write the output: ENOSPC[^\n]*\n$/);
    } finally {
      fs.closeSync(full);
    }
    const failing = new Writable({
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' }));
      },
    });
    const r = await runMain(['validate', 'a:b', 'c:d'], '', { stdout: failing });
    expect(r.code).toBe(74);
    expect(r.stderr).toBe('urigram: cannot write the output: EIO: i/o error, write\n');
  });

  it.each([['constructor'], ['toString'], ['__proto__'], ['hasOwnProperty']])('%s is an unknown command, and the hint is "urigram help"', (name) => {
    const r = run([name]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`urigram: unknown command ${JSON.stringify(name)}\nRun "urigram help" for usage.\n`);
  });
});

describe('the command table drives the parser and the help (issue 12.5)', () => {
  const longFlag = (flags: readonly string[]) => flags[flags.length - 1];
  const everyOption = [...new Set(COMMANDS.flatMap((c) => c.options.map((o) => longFlag(o.flags))))];

  it.each(COMMANDS.map((c) => [c.name]))('%s refuses every option of the table that it does not take (exit 2, on stderr)', async (name) => {
    const own = commandTable().find((c) => c.name === name)?.options ?? [];
    const others = everyOption.filter((o) => !own.includes(o));
    expect(others.length).toBeGreaterThan(0);
    for (const option of others) {
      const r = await runMain([name, option, 'x', 'a:b', 'a:b']);
      expect({ option, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        option,
        code: 2,
        stdout: '',
        stderr: `urigram: unknown option for ${name}: ${option}\nRun "urigram help ${name}" for usage.\n`,
      });
    }
  });

  it('an option refuses a value it does not allow, and names the ones it does; a switch refuses any value', async () => {
    const level = await runMain(['normalize', '--level', 'full', 'a:b']);
    expect(level.code).toBe(2);
    expect(level.stderr).toBe('urigram: --level needs syntax or scheme, got "full"\nRun "urigram help normalize" for usage.\n');
    const format = await runMain(['lint', '--format=xml', 'a:b']);
    expect(format.stderr).toMatch(/^urigram: --format needs text, json, ndjson or sarif, got "xml"\n/);
    const lintGrammar = await runMain(['lint', '--grammar', 'rfc3987', 'a:b']);
    expect(lintGrammar.stderr).toMatch(/^urigram: --grammar needs rfc3986 \(the lint rules are written for RFC 3986\), got "rfc3987"\n/);
    const missing = await runMain(['resolve', 'http://a/', 'b', '--algorithm']);
    expect(missing.stderr).toMatch(/^urigram: --algorithm needs a value \(A\): rfc3986 or rfc2396\n/);
    const switched = await runMain(['parse', '--json=yes', 'a:b']);
    expect(switched.code).toBe(2);
    expect(switched.stderr).toMatch(/^urigram: --json takes no value\n/);
    // Every value an option allows is taken.
    for (const command of COMMANDS) {
      for (const option of command.options) {
        for (const value of option.allowed ?? []) {
          const r = await runMain([command.name, '--help', `${longFlag(option.flags)}=${value}`]);
          expect({ command: command.name, value, code: r.code }).toEqual({ command: command.name, value, code: 0 });
        }
      }
    }
  });

  it("each command's help lists the table's options, in order, with -h/--help, and its summary-free description", async () => {
    for (const command of COMMANDS) {
      const r = await runMain([command.name, '--help']);
      expect(r.code).toBe(0);
      const options = r.stdout.slice(r.stdout.indexOf('\noptions:\n') + '\noptions:\n'.length, r.stdout.indexOf('\n\nExit codes: '));
      const labels = options
        .split('\n')
        .filter((l) => /^ {2}-/.test(l))
        .map((l) => l.trim().split(/ {2,}/)[0]);
      const expected = [...command.options.map((o) => `${o.flags.join(', ')}${o.value ? ` ${o.value}` : ''}${o.repeatable ? ' ...' : ''}`), '-h, --help'];
      expect({ command: command.name, labels }).toEqual({ command: command.name, labels: expected });
      expect(r.stdout.replace(/\s+/g, ' ')).toContain(command.description.replace(/\s+/g, ' '));
      expect(r.stdout.replace(/\s+/g, ' ')).toContain(`Exit codes: ${command.exits},`);
    }
  });

  it("each command's help describes only its own options: its exit codes name no other's, and its text names another's only beside that command's name", async () => {
    const optionsOf = (c: Command) => new Set([...c.options.flatMap((o) => o.flags), '-h', '--help']);
    for (const command of COMMANDS) {
      const help = (await runMain([command.name, '--help'])).stdout;
      const own = optionsOf(command);
      const exits = help.slice(help.indexOf('\nExit codes: '));
      // The exit codes: only this command's options (conformance's once described lint's --extract and --strict-files).
      const foreign = [...exits.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].map((m) => m[0]).filter((f) => !own.has(f));
      expect({ command: command.name, foreign }).toEqual({ command: command.name, foreign: [] });
      // Elsewhere, another command's option only in a paragraph that names a command taking it ("lint --format sarif" in merge-sarif's).
      for (const paragraph of help.slice(0, help.indexOf('\nExit codes: ')).split(/\n\n/)) {
        const text = paragraph.replace(/\s+/g, ' ');
        for (const m of text.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)) {
          if (own.has(m[0])) continue;
          const named = COMMANDS.filter((c) => c !== command && new RegExp(`(?<![\\w-])${c.name}(?![\\w-])`).test(text) && optionsOf(c).has(m[0]));
          expect({ command: command.name, option: m[0], named: named.length > 0 }).toEqual({ command: command.name, option: m[0], named: true });
        }
      }
    }
    // The shared exit codes say what files that cannot be read do only for the commands that read files.
    expect((await runMain(['extract', '--help'])).stdout.replace(/\s+/g, ' ')).toContain('2 usage error or an input that cannot be read (standard input; a file or directory found in a tree that cannot be read is said and the run goes on, see --strict-files; a path named that yields no file is 66)');
    expect((await runMain(['lint', '--help'])).stdout.replace(/\s+/g, ' ')).toContain('(standard input or the configuration; a file or directory');
    expect((await runMain(['conformance', '--help'])).stdout.replace(/\s+/g, ' ')).toContain('1 otherwise, 2 usage error or an input that cannot be read, 74 the output cannot be written, 70 internal error (a bug in urigram).');
  });

  it("the top-level help lists the table's commands with their summaries, and urigram's own options", async () => {
    const r = await runMain(['--help']);
    const commands = r.stdout.slice(r.stdout.indexOf('\ncommands:\n') + '\ncommands:\n'.length, r.stdout.indexOf('\n\noptions:\n'));
    const rows = commands.split('\n').filter((l) => /^ {2}\S/.test(l)).map((l) => l.trim().split(/ {2,}/)[0]);
    expect(rows).toEqual(COMMANDS.map((c) => c.name));
    for (const c of COMMANDS) expect(commands.replace(/\s+/g, ' ')).toContain(`${c.name} ${c.summary}`);
    for (const o of TOP_OPTIONS) expect(r.stdout).toContain(`  ${o.flags.join(', ')}  `);
    expect((await runMain(['-v'])).stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect((await runMain(['--version'])).stdout).toBe((await runMain(['-v'])).stdout);
  });

  it('extract, lint --extract (text, JSON, SARIF) agree on positions in a multi-line file with non-ASCII text, and SARIF regions land on the text they name', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-regions-'));
    const file = path.join(dir, 'notes.txt');
    // A URI broken across lines in quotes, one in angle brackets after an emoji (two UTF-16
    // code units) and broken after a non-ASCII host, and an undelimited one after "é".
    const text = '\u00e9 "http://a/\n  b%7e" x\n\u{1F600} <http://\u00e9.example/\n%7E> HTTP://C/%7e\n';
    fs.writeFileSync(file, text);
    try {
      const extracted = (await runMain(['extract', file])).stdout.trimEnd().split('\n').map((l) => l.split('  ')[0]);
      // Columns in UTF-16 code units from 1: "\u{1F600} <" puts "h" at column 5, "\u00e9 " puts "H" at 6.
      expect(extracted).toEqual([`${file}:1:4`, `${file}:3:5`, `${file}:4:6`]);
      const json = JSON.parse((await runMain(['lint', '--format', 'json', '--extract', file])).stdout).results;
      expect(json.map((t: { file: string; line: number; column: number }) => `${t.file}:${t.line}:${t.column}`)).toEqual(extracted);
      // The text output gives each problem where it is: where its SARIF region starts.
      const textual = (await runMain(['lint', '--extract', file])).stdout.split('\n').filter((l) => l.startsWith(file)).map((l) => l.split('  ')[0]);
      const sarif = JSON.parse((await runMain(['lint', '--format', 'sarif', '--extract', file])).stdout);
      expect(sarif).toBeValidSarifLog();
      const lines = text.split('\n');
      type Result = { ruleId: string; locations: Array<{ physicalLocation: { region: { startLine: number; startColumn: number; endLine: number; endColumn: number } } }>; properties: { uri: string; start: number; end: number } };
      const cut = (r: Result) => {
        const g = r.locations[0].physicalLocation.region;
        expect(g.endLine).toBe(g.startLine);
        return lines[g.startLine - 1].slice(g.startColumn - 1, g.endColumn - 1);
      };
      const results = sarif.runs[0].results as Result[];
      expect(results.map((r) => [r.ruleId, cut(r)])).toEqual([
        ['percent-encoded-unreserved', '%7e'],
        ['non-ascii', '\u00e9'],
        ['uppercase-scheme', 'HTTP'],
        ['uppercase-host', 'C'],
        ['percent-encoded-unreserved', '%7e'],
      ]);
      expect(textual).toEqual(results.map((r) => `${file}:${r.locations[0].physicalLocation.region.startLine}:${r.locations[0].physicalLocation.region.startColumn}`));
      expect(textual).toEqual([`${file}:2:4`, `${file}:3:12`, `${file}:4:6`, `${file}:4:13`, `${file}:4:15`]);
      // Each region holds the URI's own text at the diagnostic's offsets.
      for (const r of results) expect(cut(r)).toBe(r.properties.uri.slice(r.properties.start, Math.max(r.properties.end, r.properties.start + 1)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
