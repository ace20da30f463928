/**
 * src/cli/external-readers.ts: other languages' parsers as readers, through the example
 * adapters' `reading` (protocol 2). Each adapter whose toolchain this machine has is asked
 * READING_CHECKS (worked out by hand) in one batch; one whose toolchain is absent is reported
 * missing with why (CI has Python, Go and a C compiler with uriparser; a JDK only where one is
 * installed). A PATH without the toolchains, an adapter that speaks protocol 1, answers
 * "unsupported", hangs, exits early or answers nonsense: missing, never a crash.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EXTERNAL_READERS, externalReaders, readerFrom } from '../src/cli/external-readers';
import { FOREIGN_ADAPTERS, READING_CHECKS } from '../scripts/conformance/foreign-adapters';
import type { Reader } from '../src/whatwg/reader';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-readers-'));
const cacheDir = path.join(work, 'cache');
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The host a reader reads, or 'error' where it refuses. */
const hostOf = (reader: Reader, input: string, base?: string): string | null => {
  const r = reader(input, base);
  return r.ok ? r.reading.host : 'error';
};

const bases = [...new Set(READING_CHECKS.map((c) => c.base))];
/** The example adapters that are readers (whatwg-url's answers the suite's whatwg-validity only). */
const READER_ADAPTERS = FOREIGN_ADAPTERS.filter((a): a is (typeof a & { reader: string }) => a.reader !== undefined);

describe('the example adapters as readers', () => {
  it('knows the four example adapters by name', () => {
    expect([...EXTERNAL_READERS].sort()).toEqual(READER_ADAPTERS.map((a) => a.reader).sort());
  });

  it.each(READER_ADAPTERS.map((a) => [a.reader, a] as const))('%s: reads the checks as its library does, or is missing with why its toolchain is absent', async (name, adapter) => {
    for (const base of bases) {
      const checks = READING_CHECKS.filter((c) => c.base === base);
      const { readers, missing } = await externalReaders([name], checks.map((c) => c.input), base, { cacheDir });
      const why = adapter.missing();
      if (why !== undefined) {
        // The machine lacks the toolchain: reported, not thrown.
        expect(readers).toEqual({});
        expect(missing).toHaveLength(1);
        expect(missing[0].name).toBe(name);
        continue;
      }
      expect(missing).toEqual([]);
      for (const c of checks) expect([c.input, hostOf(readers[name], c.input, base)]).toEqual([c.input, c.host[name]]);
    }
  }, 300_000);

  it('python: the components raw, as urlsplit cuts them (userinfo at the last "@", the host not lower-cased, the port as text)', async () => {
    const inputs = ['http://a.example\\@b.example/', 'HTTP://U:P@Example.COM:080/p;x?q#f', 'http://h/?#', 'mailto:a@b'];
    const { readers, missing } = await externalReaders(['python'], inputs);
    expect(missing).toEqual([]);
    const read = (input: string) => readers.python(input);
    expect(read(inputs[0])).toEqual({ ok: true, reading: { scheme: 'http', userinfo: 'a.example\\', host: 'b.example', port: null, path: '/', query: null, fragment: null } });
    expect(read(inputs[1])).toEqual({ ok: true, reading: { scheme: 'http', userinfo: 'U:P', host: 'Example.COM', port: '080', path: '/p;x', query: 'q', fragment: 'f' } });
    // urlsplit gives "" for an absent query or fragment and for an empty one: null, it cannot say they are present.
    expect(read(inputs[2])).toEqual({ ok: true, reading: { scheme: 'http', userinfo: null, host: 'h', port: null, path: '/', query: null, fragment: null } });
    expect(read(inputs[3])).toEqual({ ok: true, reading: { scheme: 'mailto', userinfo: null, host: null, port: null, path: 'a@b', query: null, fragment: null } });
    // Only what it was asked, with the base it was given.
    expect(readers.python('http://other/')).toEqual({ ok: false, error: expect.stringMatching(/^not asked/) });
    expect(readers.python(inputs[0], 'http://base/')).toEqual({ ok: false, error: expect.stringMatching(/^not asked/) });
  }, 60_000);

  it('python under a locale that is not UTF-8 (PYTHONIOENCODING=latin-1) reads the same string: the requests are ASCII', async () => {
    const inputs = ['http://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/\u00e9', 'http://a/\u{1f600}'];
    const { readers, missing } = await externalReaders(['python'], inputs, undefined, { env: { ...process.env, PYTHONIOENCODING: 'latin-1' } });
    expect(missing).toEqual([]);
    expect(readers.python(inputs[0])).toMatchObject({ ok: true, reading: { host: '\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54', path: '/\u00e9' } });
    expect(readers.python(inputs[1])).toMatchObject({ ok: true, reading: { host: 'a', path: '/\u{1f600}' } });
  }, 60_000);

  it('asks each adapter once for all inputs: one process, one line per distinct input', async () => {
    const log = path.join(work, 'asked.log');
    const script = path.join(work, 'counting.js');
    fs.writeFileSync(
      script,
      `const fs = require('fs');
fs.appendFileSync(${JSON.stringify(log)}, 'start\\n');
console.log(JSON.stringify({ protocol: 2 }));
require('readline').createInterface({ input: process.stdin }).on('line', (l) => {
  const r = JSON.parse(l);
  fs.appendFileSync(${JSON.stringify(log)}, r.input + '\\n');
  console.log(JSON.stringify({ id: r.id, result: { scheme: null, userinfo: null, host: r.input, port: null, path: '', query: null, fragment: null } }));
});`,
    );
    const reader = await readerFrom([process.execPath, [script]], ['a', 'b', 'c'], undefined, { env: process.env, timeoutMs: 30_000 });
    expect(typeof reader).toBe('function');
    expect(fs.readFileSync(log, 'utf8')).toBe('start\na\nb\nc\n');
    expect(hostOf(reader as Reader, 'b')).toBe('b');
  });
});

describe('a reader that cannot answer is missing, with why, never a crash', () => {
  it('a PATH without the toolchains: every example adapter missing, each naming what it lacks; an unknown name too', async () => {
    const empty = path.join(work, 'empty-bin');
    fs.mkdirSync(empty, { recursive: true });
    const { readers, missing } = await externalReaders([...EXTERNAL_READERS, 'perl'], ['http://a/'], undefined, { env: { ...process.env, PATH: empty }, cacheDir });
    expect(readers).toEqual({});
    expect(Object.fromEntries(missing.map((m) => [m.name, m.why]))).toEqual({
      python: 'no python3 on the PATH',
      go: 'no go on the PATH',
      java: 'no java on the PATH',
      uriparser: 'no C compiler (cc) on the PATH',
      perl: 'no external reader is known by this name (known: python, go, java, uriparser)',
    });
  });

  it('a build that fails: missing with the command and its error, and nothing left in the cache (nor what a killed build left)', async () => {
    const bin = path.join(work, 'broken-cc');
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'cc'), '#!/bin/sh\nif [ "$1" = --version ]; then echo "cc 1.0"; exit 0; fi\necho "uriparser/Uri.h: No such file or directory" >&2\nexit 1\n', { mode: 0o755 });
    const cache = path.join(work, 'broken-cache');
    // The temporary folders of builds killed before (a day old), and of one running now: the first removed, the other kept.
    const stale = path.join(cache, 'adapters', '.go-0123456789abcdef-OLD123');
    const running = path.join(cache, 'adapters', '.java-0123456789abcdef-NEW123');
    for (const f of [stale, running]) fs.mkdirSync(f, { recursive: true });
    fs.utimesSync(stale, new Date(Date.now() - 86_400_000), new Date(Date.now() - 86_400_000));
    const { missing } = await externalReaders(['uriparser'], ['http://a/'], undefined, { env: { ...process.env, PATH: bin }, cacheDir: cache });
    expect(missing).toEqual([{ name: 'uriparser', why: expect.stringMatching(/^its build failed: `cc -O2 -o .*uriparser_adapter\.c -luriparser` exits 1: uriparser\/Uri\.h: No such file or directory$/) }]);
    expect(fs.readdirSync(path.join(cache, 'adapters'))).toEqual([path.basename(running)]);
  });

  const node = (source: string): readonly [string, readonly string[]] => {
    const file = path.join(work, `adapter-${Math.random().toString(36).slice(2)}.js`);
    fs.writeFileSync(file, source);
    return [process.execPath, [file]];
  };

  it('an adapter that speaks protocol 1 (test/support/partial-adapter.js): it has no reading operation', async () => {
    const r = await readerFrom([process.execPath, [path.join(__dirname, 'support', 'partial-adapter.js')]], ['http://a/'], undefined, { env: process.env, timeoutMs: 30_000 });
    expect(r).toBe('it speaks protocol 1, which has no reading operation (protocol 2 added it)');
  });

  it('one that states a protocol this runner does not speak, or states none and answers "unsupported"', async () => {
    const unsupported = 'require("readline").createInterface({ input: process.stdin }).on("line", (l) => console.log(JSON.stringify({ id: JSON.parse(l).id, unsupported: true })));';
    expect(await readerFrom(node(`console.log('{"protocol": 3}');\n${unsupported}`), ['x'], undefined, { env: process.env, timeoutMs: 30_000 })).toBe('it speaks protocol 3, which this runner does not speak (it speaks 1 and 2)');
    expect(await readerFrom(node(unsupported), ['x'], undefined, { env: process.env, timeoutMs: 30_000 })).toBe('it does not answer the reading operation ("unsupported")');
  });

  it('one that hangs is killed, with what it started, and reported missing within its time', async () => {
    const pidFile = path.join(work, 'grandchild.pid');
    const hang = node(`const c = require('child_process').spawn('sleep', ['60'], { stdio: 'ignore' });
require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(c.pid));
console.log('{"protocol": 2}');
process.stdin.resume();`);
    const started = Date.now();
    const r = await readerFrom(hang, ['x'], undefined, { env: process.env, timeoutMs: 1500 });
    expect(r).toBe('it did not answer within 1.5 s, and was stopped, having answered 0 of 1 inputs');
    expect(Date.now() - started).toBeLessThan(10_000);
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    // The whole process group was killed: the grandchild is gone too, or a zombie that its new parent
    // has not reaped yet (a container's first process may never reap it); kill 0 only asks.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const state = (): string => {
      try {
        return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
      } catch {
        try {
          process.kill(pid, 0);
          return 'alive';
        } catch {
          return 'gone';
        }
      }
    };
    expect(['gone', 'Z']).toContain(state());
  });

  it('one that leaves a process of its own session holding its standard output: its answers are taken a few seconds after it exits, or after it is killed', async () => {
    const pidFile = path.join(work, 'daemon.pid');
    const leave = (then: string, answer = true) =>
      node(`const d = require('child_process').spawn('sleep', ['60'], { detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(d.pid));
console.log('{"protocol": 2}');
require('readline').createInterface({ input: process.stdin }).on('line', (l) => ${answer} && console.log(JSON.stringify({ id: JSON.parse(l).id, error: 'refused' }))).on('close', () => { ${then} });`);
    try {
      let started = Date.now();
      const reader = await readerFrom(leave('process.exit(0)'), ['x'], undefined, { env: process.env, timeoutMs: 60_000 });
      expect(typeof reader === 'function' ? reader('x') : reader).toEqual({ ok: false, error: 'refused' });
      expect(Date.now() - started).toBeLessThan(20_000);
      process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 'SIGKILL');
      started = Date.now();
      // It answers nothing and hangs: killed at its time limit, and reported without waiting for its daemon.
      expect(await readerFrom(leave('setInterval(() => {}, 1000)', false), ['x'], undefined, { env: process.env, timeoutMs: 1000 })).toBe('it did not answer within 1 s, and was stopped, having answered 0 of 1 inputs');
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      try {
        process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 'SIGKILL');
      } catch {
        // gone
      }
    }
  }, 60_000);

  it('one that exits before answering all, or answers what is not a reading', async () => {
    const once = 'const rl = require("readline").createInterface({ input: process.stdin }); rl.once("line", (l) => { console.log(JSON.stringify({ id: JSON.parse(l).id, error: "no" })); console.error("gone"); process.exit(3); });';
    expect(await readerFrom(node(once), ['x', 'y'], undefined, { env: process.env, timeoutMs: 30_000 })).toBe('it exited (status 3), having answered 1 of 2 inputs: gone');
    const noPath = 'require("readline").createInterface({ input: process.stdin }).on("line", (l) => console.log(JSON.stringify({ id: JSON.parse(l).id, result: { scheme: "http", userinfo: null, host: "h", port: null, query: null, fragment: null } })));';
    expect(await readerFrom(node(noPath), ['x'], undefined, { env: process.env, timeoutMs: 30_000 })).toBe('its answer for "x" is not a reading: the path is missing');
    const hostNumber = noPath.replace('host: "h"', 'host: 7, path: ""');
    expect(await readerFrom(node(hostNumber), ['x'], undefined, { env: process.env, timeoutMs: 30_000 })).toBe('its answer for "x" is not a reading: the host is neither a string nor null');
  });

  it('an error answer is that input\'s refusal, with the parser\'s message', async () => {
    const refuse = 'require("readline").createInterface({ input: process.stdin }).on("line", (l) => console.log(JSON.stringify({ id: JSON.parse(l).id, error: "bad host" })));';
    const reader = (await readerFrom(node(refuse), ['http://[/'], undefined, { env: process.env, timeoutMs: 30_000 })) as Reader;
    expect(reader('http://[/')).toEqual({ ok: false, error: 'bad host' });
  });
});

describe('the built adapters are kept in the cache', () => {
  it('a second run builds nothing: the cache folder is the same, one entry per adapter built', async () => {
    const built = READER_ADAPTERS.filter((a) => a.reader !== 'python' && a.missing() === undefined);
    const cache = path.join(work, 'second-cache');
    await externalReaders(built.map((a) => a.reader), ['http://a/'], undefined, { cacheDir: cache });
    const first = built.length === 0 ? [] : fs.readdirSync(path.join(cache, 'adapters')).sort();
    expect(first.map((f) => f.replace(/-[0-9a-f]{16}$/, ''))).toEqual(built.map((a) => a.reader).sort());
    const stamps = first.map((f) => fs.statSync(path.join(cache, 'adapters', f)).mtimeMs);
    const { missing } = await externalReaders(built.map((a) => a.reader), ['http://a/'], undefined, { cacheDir: cache });
    expect(missing).toEqual([]);
    expect(built.length === 0 ? [] : fs.readdirSync(path.join(cache, 'adapters')).sort()).toEqual(first);
    expect(first.map((f) => fs.statSync(path.join(cache, 'adapters', f)).mtimeMs)).toEqual(stamps);
  }, 300_000);

  it('from the installed package (npm pack\'s tarball, unpacked): the python reader runs the adapter it ships', () => {
    const into = path.join(work, 'packed');
    fs.mkdirSync(into, { recursive: true });
    // The tarball of the built package (dist/ as npm run build left it: the tests run after it).
    const packed = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', into], { cwd: path.join(__dirname, '..'), encoding: 'utf8' });
    expect(packed.status).toBe(0);
    const [{ filename, files }] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    for (const a of FOREIGN_ADAPTERS) expect([a.file, files.some((f) => f.path === a.file)]).toEqual([a.file, true]);
    expect(spawnSync('tar', ['-xzf', path.join(into, filename), '-C', into]).status).toBe(0);
    const script = `require('./dist/src/cli/external-readers.js').externalReaders(['python'], ['http://a.example\\\\@b.example/']).then((r) => console.log(JSON.stringify([r.missing, r.readers.python && r.readers.python('http://a.example\\\\@b.example/')])))`;
    const r = spawnSync(process.execPath, ['-e', script], { cwd: path.join(into, 'package'), encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([[], { ok: true, reading: { scheme: 'http', userinfo: 'a.example\\', host: 'b.example', port: null, path: '/', query: null, fragment: null } }]);
  }, 120_000);
});
