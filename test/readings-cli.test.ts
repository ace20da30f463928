/**
 * `urigram readings` (issue 46, item 4): one table per input, rows the
 * readers, the hosts they read and each difference; --format json; standard
 * input; --base; exit 1 on a security difference, 0 otherwise; a reader that
 * is not built in and cannot be started is said on standard error. Runs dist/
 * (npm run build).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const cli = path.join(__dirname, '..', 'dist', 'src', 'cli.js');

function run(args: readonly string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('urigram readings', () => {
  it('prints a table per input, a row per reader, the hosts each group reads and the differences, exit 1 on a host url.parse reads otherwise', () => {
    const r = run(['readings', 'http://api.good.example;.evil.example/']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('input      "http://api.good.example;.evil.example/"');
    expect(lines[1].split(/\s+/).filter(Boolean)).toEqual(['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment']);
    expect(lines[2].split(/\s+/).filter(Boolean)).toEqual(['rfc3986', '"http"', '-', '"api.good.example;.evil.example"', '-', '"/"', '-', '-']);
    expect(lines[4].split(/\s+/).filter(Boolean)).toEqual(['node-legacy', '"http"', '-', '"api.good.example"', '-', '";.evil.example/"', '-', '-']);
    expect(lines[5]).toBe('hosts      differ: rfc3986, whatwg: "api.good.example;.evil.example"; node-legacy: "api.good.example"');
    // One entry per cause, with the pairs that show it.
    expect(r.stdout).toContain('  host, host-delimiter (security): rfc3986 / node-legacy, whatwg / node-legacy\n    http://api.good.example;.evil.example/\n                           ^\n');
    expect(r.stdout).toContain('  path, host-delimiter: rfc3986 / node-legacy, whatwg / node-legacy\n');
    expect(lines[lines.length - 2]).toBe('verdict    security difference');
  });

  it('urigram/node is an entry of the package (its exports map), for require and import alike, with the Node-only names', () => {
    const root = path.join(__dirname, '..');
    const cjs = spawnSync(process.execPath, ['-e', "console.log(Object.keys(require('urigram/node')).sort().join(' '))"], { cwd: root, encoding: 'utf8' });
    expect(cjs.stdout.trim()).toBe('NODE_READERS compareReadings nodeLegacyReader');
    const esm = spawnSync(process.execPath, ['--input-type=module', '-e', "import { compareReadings } from 'urigram/node'; console.log(compareReadings('http://a;b/', { readers: ['whatwg', 'node-legacy'] }).security)"], { cwd: root, encoding: 'utf8' });
    expect(esm.stdout.trim()).toBe('true');
  });

  it('exits 0 when every reader reads the same scheme, userinfo, host and port (a note or a path apart)', () => {
    const r = run(['readings', 'http://example.com/a', 'HTTP://Example.com:80/a']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('hosts      agree: rfc3986, whatwg, node-legacy: "example.com"');
  });

  it('--format json: compareReadings\' result, one object per line; reads standard input; takes --readers and --base', () => {
    const r = run(['readings', '--format', 'json', '--readers', 'whatwg,node-legacy', '--base', 'http://h/a/'], 'b\n0x7f.1\n');
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((c) => [c.input, c.readers, c.security])).toEqual([
      ['b', ['whatwg', 'node-legacy'], false],
      ['0x7f.1', ['whatwg', 'node-legacy'], false],
    ]);
    expect(lines[0].readings['node-legacy'].reading).toMatchObject({ host: 'h', path: '/a/b' });
    expect(r.status).toBe(0);
    const s = run(['readings', '--format', 'json', '--readers', 'whatwg,node-legacy', 'http://0x7f.1/']);
    expect(JSON.parse(s.stdout).pairs[0].differences[0]).toMatchObject({ component: 'host', class: 'ipv4-number-form', values: ['127.0.0.1', '0x7f.1'], security: true });
    expect(s.status).toBe(1);
  });

  it('says on standard error which readers it cannot start, and reads with the others', () => {
    const r = run(['readings', '--readers', 'rfc3986,whatwg,nosuchparser', 'http://a/']);
    expect(r.stderr).toMatch(/^urigram readings: nosuchparser: .+\n$/);
    expect(r.stdout).toContain('hosts      agree: rfc3986, whatwg: "a"');
    expect(r.status).toBe(0);
  });

  it('refuses a base a reader cannot read, a reader named twice, and only unknown readers, as usage errors', () => {
    expect(run(['readings', '--base', 'not a base', 'x'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--base: must be a URL every reader reads, and rfc3986 refuses it/) });
    // Before any input: with none on standard input too.
    expect(run(['readings', '--base', 'not a base'], '')).toMatchObject({ status: 2, stderr: expect.stringMatching(/--base: must be a URL every reader reads/) });
    expect(run(['readings', '--readers', 'whatwg,whatwg', 'x'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/"whatwg" is named twice/) });
    expect(run(['readings', '--readers', 'nosuchparser', 'x'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/none of nosuchparser can be read with/) });
  });

  it("is as docs/whatwg.md shows it (its lines before \"...\" and its last line)", () => {
    const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'whatwg.md'), 'utf8');
    const m = /^\$ npx urigram readings '([^']+)'\n([\s\S]*?)^```$/m.exec(doc)!;
    const shown = m[2].trimEnd().split('\n');
    const cut = shown.indexOf('  ...');
    const out = run(['readings', m[1]]).stdout.trimEnd().split('\n');
    expect(cut).toBeGreaterThan(5);
    expect(out.slice(0, cut)).toEqual(shown.slice(0, cut));
    expect(out[out.length - 1]).toBe(shown[shown.length - 1]);
  });
});
