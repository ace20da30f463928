/**
 * Issue 44 item 8: endless input. A line longer than --max-input-bytes (default 16 MiB) is reported on that line as
 * invalid input (exit 1; the run goes on, per the line-filter contract of docs/cli.md) as soon as the limit is passed,
 * and read past without being kept; a document over it (extract, lint --extract) is said as a file that cannot be
 * read is, and read no further. Run as users run it: the built CLI, spawned, with a kill timer (no test can hang).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from './support/spawn-cli';

const LIMIT = 1024;

/** The lines of the test's input, with the line end after each. */
function lines(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  // Enough short lines for --jobs to cut the input into parts (of 256 KiB) before, between and after the long ones.
  const short = (n: number) => {
    for (let i = 0; i < n; i++) out.push([`http://a.example/${out.length}`, '\n']);
  };
  short(12_000);
  out.push([`http://x/${'a'.repeat(200_000)}`, '\n']); // over the limit, across many chunks
  out.push([`http://x/${'a'.repeat(LIMIT - 9)}`, '\n']); // exactly LIMIT bytes: read
  out.push([`http://x/${'a'.repeat(LIMIT - 8)}`, '\r\n']); // LIMIT + 1 bytes, a CR LF after it
  out.push([`http://x/${'é'.repeat((LIMIT - 10) / 2)}`, '\n']); // 1023 bytes of UTF-8 (an IRI)
  out.push([`http://x/${'é'.repeat((LIMIT - 8) / 2)}`, '\r']); // 1025 bytes, 517 UTF-16 code units; a CR after it
  short(12_000);
  out.push([`http://x/${'b'.repeat(300_000)}`, '\r\n']);
  short(3);
  out.push([`http://x/${'c'.repeat(5000)}`, '']); // the last line, with no line end
  return out;
}

const over = (line: string): boolean => Buffer.byteLength(line, 'utf8') > LIMIT;
const reportOf = (line: string): string => `invalid  (a line of more than ${LIMIT} bytes)\n  the line is longer than ${LIMIT} bytes (--max-input-bytes): read past, not checked; it begins ${JSON.stringify(line.slice(0, 40))}\n`;

/** The input in chunks of 64 KiB, as a stream would bring it (a long line cut across several). */
function* chunksOf(text: string): Generator<string> {
  for (let at = 0; at < text.length; at += 1 << 16) yield text.slice(at, at + (1 << 16));
}

describe('a line over --max-input-bytes is reported on that line and read past', () => {
  const input = lines();
  const text = input.map(([line, end]) => line + end).join('');
  it.each([['1'], ['2']])('validate --jobs %s', async (jobs) => {
    const run = await runCli(['validate', '--grammar', 'rfc3987', '--max-input-bytes', '1K', '--jobs', jobs], { input: chunksOf(text), env: { URIGRAM_JOBS_AT_ONCE: '1' } });
    expect(run.signal).toBeNull();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(input.map(([line]) => (over(line) ? reportOf(line) : `valid    ${JSON.stringify(line)}\n`)).join(''));
  }, 60_000);

  it.each([['1'], ['2']])('lint --format ndjson --jobs %s: each record on its line', async (jobs) => {
    const run = await runCli(['lint', '--no-config', '--format', 'ndjson', '--max-input-bytes', '1K', '--jobs', jobs], { input: chunksOf(text), env: { URIGRAM_JOBS_AT_ONCE: '1' } });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    const records = run.stdout.trimEnd().split('\n').map((r) => JSON.parse(r) as { line: number; uri: string | null; error?: string });
    expect(records).toHaveLength(input.length);
    records.forEach((r, i) => {
      const [line] = input[i];
      expect(r.line).toBe(i + 1);
      if (over(line)) expect(r).toEqual({ file: '-', line: i + 1, column: 1, uri: null, error: reportOf(line).split('\n')[1].trim() });
      else expect(r.uri).toBe(line);
    });
  }, 60_000);

  it('parse --json, normalize --json and redact report it in their formats', async () => {
    const long = `http://x/${'a'.repeat(2000)}`;
    const input = [`http://a/\n${long}\nhttp://b/\n`];
    const message = reportOf(long).split('\n')[1].trim();
    const parse = await runCli(['parse', '--json', '--max-input-bytes', '1024', '--jobs', '1'], { input });
    expect(parse.code).toBe(1);
    expect(parse.stdout.trimEnd().split('\n').map((r) => JSON.parse(r) as { input: string | null })).toEqual([
      expect.objectContaining({ input: 'http://a/', valid: true }),
      { input: null, valid: false, error: { message } },
      expect.objectContaining({ input: 'http://b/', valid: true }),
    ]);
    const normalize = await runCli(['normalize', '--json', '--max-input-bytes', '1024'], { input });
    expect(normalize.stdout.split('\n')[1]).toBe(JSON.stringify({ input: null, error: message }));
    // redact never echoes an input, not even the start of one.
    const redact = await runCli(['redact', '--max-input-bytes', '1024'], { input });
    expect(redact.code).toBe(1);
    expect(redact.stdout).toBe(`http://a/\ninvalid  input 2\n  the line is longer than 1024 bytes (--max-input-bytes): read past, not checked\nhttp://b/\n`);
  }, 60_000);

  it('--max-input-bytes takes a whole number of bytes, or K, M, G', async () => {
    for (const bad of ['0', '1.5', '1T', '-1', 'K']) {
      const run = await runCli(['validate', '--max-input-bytes', bad, 'a:b']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--max-input-bytes needs a whole number of bytes');
    }
  }, 60_000);
});

/** The peak resident set of a running process (VmHWM of /proc/PID/status), in bytes; 0 when it has just ended. */
function peakOf(pid: number): number {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0;
  }
  const m = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  return m === null ? 0 : Number(m[1]) * 1024;
}

const linux = process.platform === 'linux' && fs.existsSync('/dev/zero');

describe('endless input: /dev/zero', () => {
  const zeros = reportOf('\0'.repeat(40));
  (linux ? it.each([['1'], ['2']]) : it.skip.each([['1'], ['2']]))('validate --jobs %s < /dev/zero says so at once and reads on in bounded memory', async (jobs) => {
    const fd = fs.openSync('/dev/zero', 'r');
    let peak = 0;
    let seenAt = 0;
    try {
      // /dev/zero never ends: once the report is out, the run reads past for 2 s more, its peak memory taken, then it is killed.
      const run = await runCli(['validate', '--max-input-bytes', '1K', '--jobs', jobs], {
        input: fd,
        killAfter: 40_000,
        until: (out, pid) => {
          if (out !== zeros) return false;
          seenAt ||= Date.now();
          peak = Math.max(peak, peakOf(pid));
          return Date.now() - seenAt > 2000;
        },
      });
      expect(run.signal).toBe('SIGKILL');
      expect(run.stdout).toBe(zeros);
    } finally {
      fs.closeSync(fd);
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(150e6);
  }, 60_000);
});

describe('a line of 64 MiB of zeros, then a URI', () => {
  it.each([['1'], ['2']])('validate --jobs %s ends on its own: the long line reported, the next one checked, in bounded memory', async (jobs) => {
    const input = function* (): Generator<Buffer> {
      for (let i = 0; i < 1024; i++) yield Buffer.alloc(1 << 16);
      yield Buffer.from('\nhttp://a/\n');
    };
    const run = await runCli(['validate', '--max-input-bytes', '1K', '--jobs', jobs], { input: input(), killAfter: 40_000, env: { URIGRAM_JOBS_AT_ONCE: '1' } });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(`${reportOf('\0'.repeat(40))}valid    "http://a/"\n`);
    expect(run.maxRss).toBeLessThan(150e6);
  }, 60_000);
});

describe('a document over --max-input-bytes is said, as a file that cannot be read, and read no further', () => {
  (linux ? it : it.skip)('lint --extract /dev/zero and extract /dev/zero end on their own', async () => {
    const lint = await runCli(['lint', '--no-config', '--extract', '/dev/zero', '--max-input-bytes', '1K'], { killAfter: 30_000 });
    expect(lint.signal).toBeNull();
    expect(lint.code).toBe(66); // a path named that cannot be read
    expect(lint.stderr).toBe('urigram lint: cannot read /dev/zero: it is longer than 1024 bytes (--max-input-bytes); not read\n');
    // The default limit, 16 MiB.
    const extract = await runCli(['extract', '/dev/zero'], { killAfter: 30_000 });
    expect(extract.signal).toBeNull();
    expect(extract.code).toBe(66);
    expect(extract.stderr).toBe('urigram extract: cannot read /dev/zero: it is longer than 16777216 bytes (--max-input-bytes); not read\n');
    expect(extract.maxRss).toBeLessThan(150e6);
  }, 60_000);

  it('standard input over the limit, and a file over it in a tree: said, and the run goes on', async () => {
    const zeros = function* (): Generator<Buffer> {
      for (let i = 0; i < 64; i++) yield Buffer.alloc(1 << 16, 0x61);
    };
    const stdin = await runCli(['extract', '--max-input-bytes', '1M'], { input: zeros(), killAfter: 30_000 });
    expect(stdin.signal).toBeNull();
    expect(stdin.code).toBe(66);
    expect(stdin.stderr).toBe('urigram extract: cannot read standard input: it is longer than 1048576 bytes (--max-input-bytes); not read\n');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-endless-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.md'), `[x](http://a.example/${'a'.repeat(2000)})\n`);
      fs.writeFileSync(path.join(dir, 'b.md'), '[y](http://b.example/)\n');
      const run = await runCli(['extract', dir, '--max-input-bytes', '1K', '--jobs', '1']);
      expect(run.code).toBe(0); // found in a tree: said (exit 66 only with --strict-files)
      expect(run.stderr).toBe(`urigram extract: cannot read ${path.join(dir, 'a.md')}: it is longer than 1024 bytes (--max-input-bytes); not read\n`);
      expect(run.stdout).toBe(`${path.join(dir, 'b.md')}:1:5  http://b.example/\n`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
