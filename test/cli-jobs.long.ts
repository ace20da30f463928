/**
 * Issue 36, items 4 and 5: `--jobs N` gives the one-job output (content, order,
 * standard error, exit code) in every format; `--shard I/N` partitions the files
 * (every file in exactly one shard, balanced by size) and `merge-sarif` and
 * `merge-json` join the shards into the whole run's log; the line commands are
 * filters whose partitions' outputs concatenate to the whole's (docs/cli.md,
 * "Jobs and shards", "As a line filter"). Run as users run it: a spawned
 * `node dist/src/cli.js`.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileParts, FILES_PER_PART, type FileItem } from '../src/cli/jobs';
import { assignShards } from '../src/cli/shard';

const cli = path.join(__dirname, '..', 'dist', 'src', 'cli.js');

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `stats`: with URIGRAM_JOBS_STATS (what a run with workers says of its parts, on standard error). `stdinFile`: standard input read from a file, as a file is read (chunks of 64 KiB: where parts are cut is the same from run to run).
 * Standard input of any size starts the workers (URIGRAM_JOBS_AT_ONCE), so that these inputs of a few hundred KB run in them; `sized`: as a user's run decides (under 8 MiB, on the main thread alone).
 */
function run(args: string[], options: { cwd?: string; stdin?: string | Buffer; stdinFile?: string; stats?: boolean; sized?: boolean } = {}): Ran {
  const env = { ...process.env, ...(options.stats ? { URIGRAM_JOBS_STATS: '1' } : {}), ...(options.sized ? {} : { URIGRAM_JOBS_AT_ONCE: '1' }) };
  const fd = options.stdinFile === undefined ? undefined : fs.openSync(options.stdinFile, 'r');
  try {
    const stdio = fd === undefined ? undefined : ([fd, 'pipe', 'pipe'] as ['pipe' | number, 'pipe', 'pipe']);
    const r = spawnSync(process.execPath, [cli, ...args], { cwd: options.cwd ?? scratch, ...(stdio ? { stdio } : { input: options.stdin ?? '' }), encoding: 'utf8', maxBuffer: 1 << 30, env });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** How many parts a run with URIGRAM_JOBS_STATS says it ran: the first (before any worker) and those after it; undefined when it ran no more than the first. */
function partsOf(r: Ran): number | undefined {
  const m = /^urigram-jobs-stats (\{.*\})$/m.exec(r.stderr);
  return m === null ? undefined : 1 + (JSON.parse(m[1]) as { parts: number }).parts;
}

let scratch: string;

/** A pseudo-random sequence, the same on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const LINES = [
  'http://example.com/a/b?c=d#e',
  'HTTP://Example.COM:80/%7euser',
  'https://user:secret@example.org/',
  'http://a b/',
  'http:\\\\back\\slash',
  'mailto:someone@example.net',
  'urn:isbn:0451450523',
  '"quoted"',
  '',
  'http://[::1]:8080/',
  'http://%zz/',
  'ftp://ftp.is.co.za/rfc/rfc1808.txt',
  'http://xn--rsum-bpad.example/',
  'http://résumé.example/',
  '//net/path',
  '../relative;p?q',
  'data:,hello',
  'http://a/|pipe',
];

/** About 800 K characters of lines (several parts of standard input: jobs.ts cuts at 256 KiB): valid, invalid, empty, long; LF, CR LF and lone CR ends; a byte-order mark first. */
function linesInput(): string {
  const next = random(36);
  const out: string[] = ['\ufeff'];
  let size = 0;
  let k = 0;
  while (size < 800_000) {
    let line = LINES[Math.floor(next() * LINES.length)];
    if (k % 997 === 500) line = `http://a/${'%7e'.repeat(3000)}`; // one long result, written in pieces
    const end = k % 7 === 3 ? '\r\n' : k % 11 === 5 ? '\r' : '\n';
    out.push(line, end);
    size += line.length + end.length;
    k++;
  }
  out.push('http://last/without-end');
  return out.join('');
}

/** A tree of Markdown, HTML and text files with URIs, good and bad, a file in windows-1252, and an empty one. */
function makeTree(root: string): string[] {
  const next = random(3986);
  const files: string[] = [];
  for (let i = 0; i < 45; i++) {
    const dir = path.join(root, `d${i % 4}`, i % 3 === 0 ? 'sub' : '');
    fs.mkdirSync(dir, { recursive: true });
    const uris = Array.from({ length: 1 + Math.floor(next() * 30) }, () => LINES[Math.floor(next() * LINES.length)] || 'https://example.com/');
    const kind = i % 3;
    const name = path.join(dir, `f${i}.${['md', 'html', 'txt'][kind]}`);
    const body =
      kind === 0
        ? uris.map((u, j) => `Line ${j} [link](<${u}>) and <${u}>\n`).join('')
        : kind === 1
          ? `<html><body>${uris.map((u) => `<a href="${u.replace(/"/g, '&quot;')}">x</a>\n`).join('')}</body></html>\n`
          : uris.map((u) => `see <${u}> there\n`).join('');
    fs.writeFileSync(name, body.repeat(1 + (i % 5)));
    files.push(path.relative(root, name));
  }
  fs.writeFileSync(path.join(root, 'd0', 'latin1.txt'), Buffer.from('see <http://caf\xe9.example/> \xe9t\xe9\n', 'latin1'));
  files.push(path.join('d0', 'latin1.txt'));
  fs.writeFileSync(path.join(root, 'd1', 'empty.md'), '');
  files.push(path.join('d1', 'empty.md'));
  return files;
}

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-jobs-'));
  makeTree(path.join(scratch, 'tree'));
  fs.writeFileSync(path.join(scratch, 'lines.txt'), linesInput());
});

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

function expectSame(a: Ran, b: Ran): void {
  expect(b.status).toBe(a.status);
  // Not toBe on megabytes: the first line that differs says where.
  if (b.stdout !== a.stdout) {
    const x = a.stdout.split('\n');
    const y = b.stdout.split('\n');
    const at = x.findIndex((line, i) => line !== y[i]);
    expect({ at, line: y[at] }).toEqual({ at, line: x[at] });
    expect(b.stdout.length).toBe(a.stdout.length);
  }
  expect(b.stderr).toBe(a.stderr);
}

describe('--jobs N gives the one-job output', () => {
  const stdinCommands: string[][] = [
    ['validate'],
    ['validate', '--quiet'],
    ['parse'],
    ['parse', '--json'],
    ['grammars', '--json'],
    ['normalize', '--json'],
    ['to-uri'],
    ['to-iri'],
    ['lint'],
    ['lint', '--format', 'json'],
    ['lint', '--format', 'ndjson'],
    ['lint', '--format', 'sarif'],
    ['lint', '--max-warnings', '0'],
    ['lint', '--format', 'json', '--max-warnings', '100000', '--preset', 'strict'],
  ];

  it('the input spans several parts, with results of every kind (the comparison below can tell)', () => {
    const input = fs.readFileSync(path.join(scratch, 'lines.txt'), 'utf8');
    expect(partsOf(run(['validate', '--jobs', '2'], { stdin: input, stats: true }))).toBeGreaterThanOrEqual(3);
    const one = run(['validate', '--jobs', '1'], { stdin: input });
    expect(one.status).toBe(1);
    expect(one.stdout).toMatch(/^valid {4}"http:\/\/example\.com\/a\/b\?c=d#e"$/m);
    expect(one.stdout).toMatch(/^invalid {2}"http:\/\/a b\/"$/m);
    expect(one.stdout.split('\n').filter((l) => /^(valid|invalid) /.test(l)).length).toBeGreaterThan(5_000);
  });

  it.each(stdinCommands)('urigram %s ... on standard input: --jobs 2 and 3 as --jobs 1', (...args) => {
    const input = fs.readFileSync(path.join(scratch, 'lines.txt'), 'utf8');
    const one = run([...args, '--jobs', '1'], { stdin: input });
    expect(one.stdout.length).toBeGreaterThan(0);
    expectSame(one, run([...args, '--jobs', '2'], { stdin: input }));
    expectSame(one, run([...args, '--jobs', '3'], { stdin: input }));
    // As a user's run decides: under 8 MiB, the parts one after another on the main thread.
    expectSame(one, run([...args, '--jobs', '2'], { stdin: input, sized: true }));
  }, 120_000);

  it('lint numbers the lines of later parts as one job does', () => {
    const input = fs.readFileSync(path.join(scratch, 'lines.txt'), 'utf8');
    const three = run(['lint', '--format', 'ndjson', '--jobs', '3'], { stdin: input });
    const records = three.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { line: number; uri: string });
    const lines = input.slice(1).split(/\r\n|\r|\n/);
    expect(records.length).toBeGreaterThan(5_000);
    for (const r of records.filter((_, i) => i % 97 === 0)) expect(lines[r.line - 1]).toBe(r.uri);
    expect(records[records.length - 1]).toMatchObject({ uri: 'http://last/without-end', line: lines.length });
  });

  const fileCommands: string[][] = [
    ['lint', '--extract'],
    ['lint', '--extract', '--format', 'json'],
    ['lint', '--extract', '--format', 'ndjson'],
    ['lint', '--extract', '--format', 'sarif'],
    ['lint', '--extract', '--quiet', '--max-warnings', '3'],
    ['lint', '--extract', '--format', 'json', '--max-warnings', '3', '--preset', 'strict'],
    ['lint', '--extract', '--strict-files', '--format', 'sarif'],
    ['extract'],
    ['extract', '--json'],
    ['extract', '--strict-files'],
  ];

  it.each(fileCommands)('urigram %s ... on a tree, an unreadable file and a glob that matches nothing: --jobs 2 and 3 as --jobs 1', (...args) => {
    const inputs = ['tree', 'missing.md', 'nothing/**/*.md', 'tree/d2'];
    const one = run([...args, '--jobs', '1', ...inputs]);
    expect(one.stderr).toContain('missing.md');
    expect(one.stderr).toContain('no file matches nothing/**/*.md');
    expect(one.stderr).toContain('latin1.txt');
    expectSame(one, run([...args, '--jobs', '2', ...inputs]));
    expectSame(one, run([...args, '--jobs', '3', ...inputs]));
  }, 120_000);

  it('lint --extract --fix writes the same files and says the same with --jobs 3', () => {
    const a = path.join(scratch, 'fix-a');
    const b = path.join(scratch, 'fix-b');
    fs.cpSync(path.join(scratch, 'tree'), a, { recursive: true });
    fs.cpSync(path.join(scratch, 'tree'), b, { recursive: true });
    const one = run(['lint', '--extract', '--fix', '--preset', 'normalize', '--jobs', '1', '.'], { cwd: a });
    const three = run(['lint', '--extract', '--fix', '--preset', 'normalize', '--jobs', '3', '.'], { cwd: b });
    expectSame(one, three);
    const fixed = fs.readdirSync(a, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(a, f)).isFile());
    let changed = 0;
    for (const f of fixed) {
      expect(fs.readFileSync(path.join(b, f), 'latin1')).toBe(fs.readFileSync(path.join(a, f), 'latin1'));
      if (fs.readFileSync(path.join(a, f), 'latin1') !== fs.readFileSync(path.join(scratch, 'tree', f), 'latin1')) changed++;
    }
    expect(changed).toBeGreaterThan(5);
  }, 60_000);

  it.each([['sarif'], ['json'], ['text']])('lint --format %s: results in the first part only, and none after, as one job', (format) => {
    const input = `a b\n${'http://example.com/\n'.repeat(20_000)}`;
    const one = run(['lint', '--format', format, '--jobs', '1'], { stdin: input });
    expect(one.status).toBe(1);
    expect(one.stdout).toMatch(format === 'text' ? /^-:1:2 {2}error/ : /a b/);
    expectSame(one, run(['lint', '--format', format, '--jobs', '2'], { stdin: input }));
  });

  it('bytes that are not UTF-8, and a byte-order mark that is not first, read as one job reads them', () => {
    const line = Buffer.from('http://a/\xff\xfe/\xe2\x82\n\xef\xbb\xbfhttp://b/\n', 'latin1');
    const input = Buffer.concat(Array.from({ length: 6000 }, () => line));
    for (const args of [['validate'], ['parse', '--json'], ['lint', '--format', 'ndjson']]) {
      const one = run([...args, '--jobs', '1'], { stdin: input });
      expect(one.stdout).toContain('\ufffd');
      expectSame(one, run([...args, '--jobs', '3'], { stdin: input }));
    }
  }, 60_000);

  it('a character, or a sequence that is not UTF-8, cut where a part is decoded in slices (64 KiB, as a stream is read) is read as one job reads it', () => {
    // The first part (a file is read 256 KiB at a time) is bytes 0 to its last LF; a part is decoded 64 KiB at a time.
    const SLICE = 1 << 16;
    const ascii = (s: string) => Buffer.from(s, 'latin1');
    const lineTo = (at: number, head: Buffer, end: number) => Buffer.concat([head, ascii(`http://a/${'x'.repeat(end - at - head.length - 10)}\n`)]);
    const euro = Buffer.from('€'); // E2 82 AC, over the first slice's end
    const cut = Buffer.from([0xe2, 0x82]); // a sequence cut short, over the second's: one U+FFFD when read whole
    const face = Buffer.from('😀'); // 4 bytes, over the third's
    const blocks = [lineTo(0, Buffer.alloc(0), SLICE - 1), lineTo(SLICE - 1, euro, 2 * SLICE - 1), lineTo(2 * SLICE - 1, cut, 3 * SLICE - 2), lineTo(3 * SLICE - 2, face, 3 * SLICE + 5000)];
    const head = Buffer.concat(blocks);
    expect([head.indexOf(euro), head.lastIndexOf(cut), head.indexOf(face)]).toEqual([SLICE - 1, 2 * SLICE - 1, 3 * SLICE - 2]);
    // Decoded slice by slice, each on its own, these bytes would read otherwise: the comparison below can tell.
    const alone = [0, 1, 2, 3].map((k) => head.subarray(k * SLICE, (k + 1) * SLICE).toString('utf8')).join('');
    expect(alone).not.toBe(head.toString('utf8'));
    // Then more parts of such lines, for the workers.
    const next = random(64);
    const more = Array.from({ length: 12_000 }, () => Buffer.concat([ascii(`http://b/${'y'.repeat(Math.floor(next() * 40))}`), [euro, cut, face, ascii('%7e')][Math.floor(next() * 4)], ascii('/\n')]));
    const file = path.join(scratch, 'slices.txt');
    fs.writeFileSync(file, Buffer.concat([head, ...more]));
    for (const args of [['validate'], ['parse', '--json']]) {
      const one = run([...args, '--jobs', '1'], { stdinFile: file });
      expect(one.stdout).toContain('€');
      const two = run([...args, '--jobs', '2'], { stdinFile: file, stats: true });
      expect(partsOf(two)).toBeGreaterThanOrEqual(3);
      expectSame(one, { ...two, stderr: two.stderr.replace(/^urigram-jobs-stats .*\n/m, '') });
    }
  }, 60_000);

  it.each([['1'], ['2'], ['3']])('--jobs %s: after a broken pipe, exits quietly with the code of the inputs read so far', async (jobs) => {
    const child = spawn(process.execPath, [cli, 'validate', '--jobs', jobs], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const first = new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString())));
    child.stdin.on('error', () => undefined);
    child.stdin.write('x y\n');
    expect(await first).toMatch(/^invalid {2}"x y"/);
    child.stdout.destroy(); // the reader goes away, as `| head -1` does
    child.stdin.end('a b\n'.repeat(200_000));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe('');
  }, 60_000);

  it.each([
    ['lint', '1'],
    ['lint', '2'],
    ['validate --quiet', '1'],
    ['validate --quiet', '2'],
  ])('%s --jobs %s: the part whose output meets the broken pipe counts in the exit code (its inputs were read)', async (command, jobs) => {
    // Valid lines first (no output from these commands), then invalid ones in later parts: the first output is a later part's.
    const file = path.join(scratch, 'valid-then-invalid.txt');
    if (!fs.existsSync(file)) fs.writeFileSync(file, 'http://a/\n'.repeat(40_000) + 'http://a b\n'.repeat(20_000));
    const fd = fs.openSync(file, 'r');
    const child = spawn(process.execPath, [cli, ...command.split(' '), '--jobs', jobs], { cwd: scratch, stdio: [fd, 'pipe', 'pipe'] });
    fs.closeSync(fd);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    child.stdout!.destroy(); // the reader goes away, as `| head -1` does
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe('');
  }, 60_000);

  // Standard input is cut at 256 KiB (at a line end), read from a file in chunks of 64 KiB: what ends at byte 262,144 is at a cut.
  const PART = 1 << 18;
  /** Lines of `filler` ended by `end`, to `length` bytes in all (the last line padded to fit). */
  function filled(length: number, end: string, filler = 'http://example.com/d\u00e9j\u00e0/\u{1f600}?q=1'): string {
    const line = filler + end;
    const bytes = Buffer.byteLength(line);
    const whole = Math.floor(length / bytes) - 1;
    const rest = length - whole * bytes - Buffer.byteLength(end);
    return line.repeat(whole) + 'http://a/' + 'x'.repeat(rest - 9) + end;
  }
  const boundaries: Array<[string, string]> = [
    ['a CR LF split by the cut, after lines ended by CR alone (no LF before it)', `${filled(PART, '\r')}\n${filled(PART, '\r')}http://end/\n`],
    ['a CR LF split by the cut, after LF lines', `${filled(PART - 1, '\n')}\r\n${filled(PART, '\r\n')}`],
    ['a LF right at the cut', `${filled(PART, '\n')}${filled(PART, '\n')}last`],
    ['a line longer than a part, then lines', `\ufeff${filled(PART / 2, '\n')}http://a/${'y'.repeat(PART * 2)}\r\n${filled(PART, '\n')}`],
    ['lines ended by CR alone only', filled(PART * 3, '\r')],
    ['a byte-order mark, and a first line longer than a part', `\ufeff${'z'.repeat(PART + 10)}\n${filled(PART, '\n')}`],
  ];
  it.each(boundaries)('where a part of standard input is cut: %s, as one job', (_name, text) => {
    const file = path.join(scratch, 'boundary.txt');
    fs.writeFileSync(file, text);
    for (const args of [['validate'], ['lint', '--format', 'ndjson']]) {
      const one = run([...args, '--jobs', '1'], { stdinFile: file });
      expect(one.stdout.length).toBeGreaterThan(0);
      const two = run([...args, '--jobs', '2'], { stdinFile: file, stats: true });
      expect(partsOf(two)).toBeGreaterThanOrEqual(2);
      expectSame(one, { ...two, stderr: two.stderr.replace(/^urigram-jobs-stats .*\n/m, '') });
    }
  }, 60_000);

  it('standard input that is a file is read from where it stands, as one job reads it', () => {
    const file = path.join(scratch, 'lines.txt');
    const input = fs.readFileSync(file);
    const from = input.indexOf(0x0a, 300_000) + 1;
    const ran = (jobs: string): Ran => {
      const fd = fs.openSync(file, 'r');
      try {
        fs.readSync(fd, Buffer.alloc(from), 0, from, null); // as `(head -c N >/dev/null; urigram ...) < file` leaves it
        const r = spawnSync(process.execPath, [cli, 'validate', '--jobs', jobs], { cwd: scratch, stdio: [fd, 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 30 });
        return { status: r.status, stdout: r.stdout, stderr: r.stderr };
      } finally {
        fs.closeSync(fd);
      }
    };
    const one = ran('1');
    expect(one.stdout).toBe(run(['validate', '--jobs', '1'], { stdin: input.subarray(from) }).stdout);
    expectSame(one, ran('2'));
  });

  it('the workers run parts (from files listed at once, too: the main thread lets their messages in)', () => {
    // Enough parts that the workers are ready before the main thread has run them all, on a loaded machine too
    // (CI once saw 3 parts all run by the main thread while the workers started).
    const once = fs.readFileSync(path.join(scratch, 'lines.txt'), 'utf8').replace(/^\ufeff/, '');
    const input = Array.from({ length: 12 }, () => once).join('\n');
    const stats = (r: Ran) => JSON.parse(/^urigram-jobs-stats (\{.*\})$/m.exec(r.stderr)![1]) as { parts: number; mainParts: number };
    const lines = stats(run(['lint', '--format', 'ndjson', '--jobs', '2'], { stdin: input, stats: true }));
    expect(lines.parts).toBeGreaterThan(20);
    expect(lines.mainParts).toBeLessThan(lines.parts);
    const dir = path.join(scratch, 'many');
    for (let i = 0; i < 40; i++) fs.cpSync(path.join(scratch, 'tree'), path.join(dir, `t${i}`), { recursive: true });
    const files = stats(run(['lint', '--extract', '--jobs', '2', 'many'], { stats: true }));
    expect(files.parts).toBeGreaterThan(100);
    expect(files.mainParts).toBeLessThan(files.parts);
  }, 60_000);

  it("a worker loads its command's code alone: a line command's, neither the document extractors, nor lint, nor the other commands", () => {
    // What a worker loads before it says it is ready (worker.ts: the table, then the command's load()), in a process of its own.
    const loaded = (name: string): string[] => {
      const script = `const t = require(${JSON.stringify(path.join(path.dirname(cli), 'cli', 'table.js'))}); t.commandNamed(${JSON.stringify(name)}).load().then(() => console.log(JSON.stringify(Object.keys(require.cache))));`;
      const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      expect(r.status).toBe(0);
      return (JSON.parse(r.stdout) as string[]).map((f) => path.relative(path.join(path.dirname(cli), '..'), f).split(path.sep).join('/'));
    };
    const heavy = /^src\/(documents|lint)\/|^src\/cli\/(positions|read-documents|lint-command|config|sarif|conformance|playground|whatwg-command|template-command|merge|operations)\.js$/;
    for (const name of ['parse', 'validate', 'normalize', 'grammars', 'to-uri', 'to-iri']) {
      const files = loaded(name);
      expect(files).toContain('src/cli/commands.js');
      expect(files.filter((f) => heavy.test(f))).toEqual([]);
    }
    // lint loads what it needs (the comparison can tell): the linter, and (since its file code moved to ./lint-files,
    // 2026-12-07) not the document readers, which only a run that reads files loads.
    const lint = loaded('lint').filter((f) => heavy.test(f));
    expect(lint).toEqual(expect.arrayContaining(['src/cli/lint-command.js', 'src/lint/lint.js']));
    expect(lint.filter((f) => /^src\/(cli\/read-documents|documents\/index)\.js$/.test(f))).toEqual([]);
  });

  it('a small input starts no worker; a large one does', () => {
    expect(partsOf(run(['validate', '--jobs', '4'], { stdin: 'a:b\nc d\n', stats: true }))).toBeUndefined();
    expect(partsOf(run(['lint', '--extract', '--jobs', '4', 'tree/d1/f1.html'], { stats: true }))).toBeUndefined();
    expect(partsOf(run(['lint', '--extract', '--jobs', '4', 'tree'], { stats: true }))).toBeGreaterThanOrEqual(5);
  });

  it('standard input under 8 MiB runs on the main thread alone, a pipe or a file; a file of 8 MiB or more starts the workers at once, and a pipe once 8 MiB have run', () => {
    const input = fs.readFileSync(path.join(scratch, 'lines.txt'));
    expect(partsOf(run(['validate', '--jobs', '2'], { stdin: input, stats: true, sized: true }))).toBeUndefined();
    expect(partsOf(run(['validate', '--jobs', '2'], { stdinFile: path.join(scratch, 'lines.txt'), stats: true, sized: true }))).toBeUndefined();
    // Of 12 copies (9.6 MB): as a file, every part after the first is counted (sent to the workers or run here after they started);
    // as a pipe, only those after the first 8 MiB (the stats count the parts from the first one the workers could take).
    const big = path.join(scratch, 'big.txt');
    fs.writeFileSync(big, Buffer.concat(Array.from({ length: 12 }, () => input)));
    const asFile = run(['validate', '--quiet', '--jobs', '2'], { stdinFile: big, stats: true, sized: true });
    const asPipe = run(['validate', '--quiet', '--jobs', '2'], { stdin: fs.readFileSync(big), stats: true, sized: true });
    expect(partsOf(asFile)).toBeGreaterThan(30);
    expect(partsOf(asPipe)).toBeGreaterThan(1);
    expect(partsOf(asPipe)).toBeLessThan(partsOf(asFile)! - 25);
    expect(asPipe.stdout).toBe(asFile.stdout);
    expect(asFile.stdout).toBe(run(['validate', '--quiet', '--jobs', '1'], { stdinFile: big }).stdout);
  }, 60_000);

  it('a small input and URIs given as arguments are the same with any --jobs', () => {
    expectSame(run(['parse', '--jobs', '1'], { stdin: 'a:b\nc d\n' }), run(['parse', '--jobs', '4'], { stdin: 'a:b\nc d\n' }));
    expectSame(run(['lint', '--format', 'sarif', '--jobs', '1', 'HTTP://a/', 'b c']), run(['lint', '--format', 'sarif', '--jobs', '4', 'HTTP://a/', 'b c']));
    expectSame(run(['lint', '--jobs', '1'], { stdin: '' }), run(['lint', '--jobs', '4'], { stdin: '' }));
    expect(run(['lint', '--jobs', '4'], { stdin: '' }).stdout).toBe('no problems in 0 URIs\n');
  });

  it.each([['0'], ['x'], ['1.5'], ['-2']])('--jobs %s is a usage error', (n) => {
    const r = run(['validate', `--jobs=${n}`], { stdin: 'a:b\n' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--jobs needs a whole number of 1 or more/);
  });
});

/** The files a run of extract --json named, with the URIs it found in each. */
function filesOf(stdout: string): Set<string> {
  return new Set(stdout.trimEnd().split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { file: string }).file));
}

describe('files in parts', () => {
  const items = (part: ReturnType<typeof fileParts> extends Generator<infer P> ? P : never): readonly FileItem[] => (part.kind === 'files' ? part.items : []);

  it('what listing says after a full part goes with the files after it (a part writes its standard error before its output)', () => {
    const files = (from: number, n: number) => Array.from({ length: n }, (_, i) => `f${from + i}.md`);
    const warn: FileItem = { warn: 'no file matches x/**' };
    const unreadable: FileItem = { unreadable: ['gone.md', 'cannot read gone.md'] };
    const parts = [...fileParts([...files(0, FILES_PER_PART), warn, unreadable, ...files(FILES_PER_PART, 2), warn])].map(items);
    expect(parts).toEqual([files(0, FILES_PER_PART), [warn, unreadable, ...files(FILES_PER_PART, 2), warn]]);
  });

  it('on any listing, the parts are the items in order, at most FILES_PER_PART files each, and every part but the last ends with a file', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let round = 0; round < 200; round++) {
      const list: FileItem[] = [];
      const n = Math.floor(random() * 40);
      for (let i = 0; i < n; i++) list.push(random() < 0.7 ? `f${i}` : { warn: `w${i}` });
      const parts = [...fileParts(list)].map(items);
      expect(parts.flat()).toEqual(list);
      parts.forEach((part, i) => {
        expect(part.filter((x) => typeof x === 'string').length).toBeLessThanOrEqual(FILES_PER_PART);
        if (i < parts.length - 1) expect(typeof part[part.length - 1]).toBe('string');
      });
    }
  });
});

describe('--shard I/N', () => {
  it.each([[1], [2], [3], [5]])('with N = %i, every file is in exactly one shard, and the shards are balanced by size within the largest file', (n) => {
    const whole = run(['extract', '--json', 'tree']);
    const all = filesOf(whole.stdout);
    // Every file but the empty one has URIs, so extract names it.
    expect(all.size).toBe(46);
    const seen = new Map<string, number>();
    const sizes: number[] = [];
    for (let i = 1; i <= n; i++) {
      const shard = run(['extract', '--json', '--shard', `${i}/${n}`, '--jobs', String(1 + (i % 2)), 'tree']);
      expect(shard.status).toBe(0);
      let size = 0;
      for (const f of filesOf(shard.stdout)) {
        expect(seen.get(f)).toBeUndefined();
        seen.set(f, i);
        size += fs.statSync(path.join(scratch, f)).size;
      }
      sizes.push(size);
    }
    expect([...seen.keys()].sort()).toEqual([...all].sort());
    const largest = Math.max(...[...all].map((f) => fs.statSync(path.join(scratch, f)).size));
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(largest);
    // And a shard reads its files in the whole run's order.
    const order = [...all];
    const first = [...filesOf(run(['extract', '--json', '--shard', `1/${n}`, 'tree']).stdout)];
    expect(first).toEqual(order.filter((f) => first.includes(f)));
  }, 60_000);

  it('assignShards: deterministic whatever the order of the names, each file in one shard, within the largest file', () => {
    const next = random(7);
    for (let trial = 0; trial < 50; trial++) {
      const count = 1 + Math.floor(next() * 200);
      const names = Array.from({ length: count }, (_, k) => `f${k}`);
      const sizes = names.map(() => Math.floor(next() ** 3 * 100_000));
      const n = 1 + Math.floor(next() * 8);
      const shard = assignShards(names, sizes, n);
      expect(shard.every((s) => Number.isInteger(s) && s >= 0 && s < n)).toBe(true);
      const totals = new Array<number>(n).fill(0);
      shard.forEach((s, k) => (totals[s] += sizes[k]));
      if (count >= n) expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(Math.max(...sizes));
      const reversed = assignShards([...names].reverse(), [...sizes].reverse(), n).reverse();
      expect(reversed).toEqual(shard);
    }
  });

  it.each([['0/2'], ['3/2'], ['1'], ['a/b']])('--shard %s is a usage error', (s) => {
    const r = run(['extract', '--shard', s, 'tree']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--shard needs I\/N/);
  });

  it('needs files: lint --shard without --extract and a shard of standard input are usage errors', () => {
    expect(run(['lint', '--shard', '1/2', 'a:b']).status).toBe(2);
    expect(run(['extract', '--shard', '1/2', '-']).stderr).toMatch(/standard input/);
    expect(run(['extract', '--shard', '1/2']).status).toBe(2);
  });
});

describe('merge-sarif and merge-json join the shards into the whole run', () => {
  const inputs = ['tree', 'missing.md'];
  type Log = { runs: Array<{ tool: { driver: { rules: Array<{ id: string }> } }; results: Array<{ ruleId: string; ruleIndex: number }>; invocations: Array<{ toolExecutionNotifications: unknown[] }> }> };
  const key = (x: unknown) => JSON.stringify(x);

  it.each([[2], [3]])('SARIF, %i shards: the same results (in shard order), rules and notifications as one run; the same exit code', (n) => {
    const whole = run(['lint', '--extract', '--format', 'sarif', ...inputs]);
    const files: string[] = [];
    for (let i = 1; i <= n; i++) {
      const shard = run(['lint', '--extract', '--format', 'sarif', '--shard', `${i}/${n}`, ...inputs]);
      const file = path.join(scratch, `shard-${n}-${i}.sarif`);
      fs.writeFileSync(file, shard.stdout);
      files.push(file);
    }
    const merged = run(['merge-sarif', ...files]);
    expect(merged.status).toBe(whole.status);
    const a = JSON.parse(whole.stdout) as Log;
    const b = JSON.parse(merged.stdout) as Log;
    expect(a.runs[0].results.length).toBeGreaterThan(20);
    expect(b.runs[0].results.map(key).sort()).toEqual(a.runs[0].results.map(key).sort());
    // Each shard says the file it could not read; the merged log, once.
    expect(b.runs[0].invocations[0].toolExecutionNotifications.filter((x) => JSON.stringify(x).includes('cannot read missing.md'))).toHaveLength(1);
    for (const r of b.runs[0].results) expect(b.runs[0].tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
    a.runs[0].results = [];
    b.runs[0].results = [];
    // The notifications are each log's, each once: a shard says what listing finds (a named path that yields no file)
    // before the files it reads, the whole run in the order it meets them.
    for (const log of [a, b]) log.runs[0].invocations[0].toolExecutionNotifications.sort((x, y) => key(x).localeCompare(key(y)));
    expect(b).toEqual(a);
  }, 60_000);

  it('SARIF, one log: merge-sarif writes it back byte for byte', () => {
    const whole = run(['lint', '--extract', '--format', 'sarif', ...inputs]);
    const file = path.join(scratch, 'one.sarif');
    fs.writeFileSync(file, whole.stdout);
    expect(run(['merge-sarif', file]).stdout).toBe(whole.stdout);
  });

  it('SARIF: rules in another order (another version) are deduplicated and each ruleIndex points at its rule', () => {
    const one = JSON.parse(run(['lint', '--extract', '--format', 'sarif', '--shard', '1/2', 'tree']).stdout) as Log;
    const two = JSON.parse(run(['lint', '--extract', '--format', 'sarif', '--shard', '2/2', 'tree']).stdout) as Log;
    const rules = two.runs[0].tool.driver.rules;
    const reversed = [...rules].reverse();
    for (const r of two.runs[0].results) r.ruleIndex = reversed.findIndex((x) => x.id === r.ruleId);
    two.runs[0].tool.driver.rules = reversed;
    fs.writeFileSync(path.join(scratch, 'r1.sarif'), JSON.stringify(one));
    fs.writeFileSync(path.join(scratch, 'r2.sarif'), JSON.stringify(two));
    const merged = JSON.parse(run(['merge-sarif', 'r1.sarif', 'r2.sarif']).stdout) as Log;
    expect(merged.runs[0].tool.driver.rules.map((r) => r.id)).toEqual(one.runs[0].tool.driver.rules.map((r) => r.id));
    expect(two.runs[0].results.length).toBeGreaterThan(0);
    for (const r of merged.runs[0].results) expect(merged.runs[0].tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
  });

  it.each([[undefined], ['3'], ['100000']])('JSON with --max-warnings %s: the summary summed, the same results and exit code as one run', (max) => {
    const extra = max === undefined ? [] : ['--max-warnings', max];
    const whole = run(['lint', '--extract', '--format', 'json', ...extra, ...inputs]);
    const files = [1, 2, 3].map((i) => {
      const file = path.join(scratch, `shard-${i}.json`);
      fs.writeFileSync(file, run(['lint', '--extract', '--format', 'json', ...extra, '--shard', `${i}/3`, ...inputs]).stdout);
      return file;
    });
    const merged = run(['merge-json', ...files]);
    expect(merged.status).toBe(whole.status);
    const a = JSON.parse(whole.stdout) as { results: unknown[]; summary: unknown };
    const b = JSON.parse(merged.stdout) as { results: unknown[]; summary: unknown };
    expect(b.summary).toEqual(a.summary);
    expect(b.results.map(key).sort()).toEqual(a.results.map(key).sort());
    expect(a.results.length).toBeGreaterThan(100);
  }, 60_000);

  it('the exit code each log records: 66 from one shard is the whole run\'s; a log without one (an older urigram) leaves the merged log without one', () => {
    const one = JSON.parse(run(['lint', '--extract', '--format', 'json', '--shard', '1/2', 'tree']).stdout) as { summary: Record<string, unknown> };
    const two = JSON.parse(run(['lint', '--extract', '--format', 'json', '--shard', '2/2', 'tree']).stdout) as { summary: Record<string, unknown> };
    expect(typeof one.summary.exitCode).toBe('number');
    const shardExits = [one.summary.exitCode, two.summary.exitCode] as number[];
    two.summary.exitCode = 66;
    fs.writeFileSync(path.join(scratch, 'x1.json'), JSON.stringify(one));
    fs.writeFileSync(path.join(scratch, 'x2.json'), JSON.stringify(two));
    const merged = run(['merge-json', 'x1.json', 'x2.json']);
    expect(merged.status).toBe(66);
    expect((JSON.parse(merged.stdout) as { summary: { exitCode: number } }).summary.exitCode).toBe(66);
    delete two.summary.exitCode;
    fs.writeFileSync(path.join(scratch, 'x2.json'), JSON.stringify(two));
    const older = run(['merge-json', 'x1.json', 'x2.json']);
    expect(older.status).toBe(Math.max(...shardExits));
    expect((JSON.parse(older.stdout) as { summary: Record<string, unknown> }).summary).not.toHaveProperty('exitCode');
    const sarif = JSON.parse(run(['lint', '--extract', '--format', 'sarif', '--shard', '1/2', 'tree']).stdout) as { runs: Array<{ invocations: Array<Record<string, unknown>>; results: unknown[] }> };
    sarif.runs[0].invocations[0].exitCode = 66;
    sarif.runs[0].results = [];
    fs.writeFileSync(path.join(scratch, 'x.sarif'), JSON.stringify(sarif));
    const fromSarif = run(['merge-sarif', 'x.sarif']);
    expect(fromSarif.status).toBe(66);
    expect((JSON.parse(fromSarif.stdout) as typeof sarif).runs[0].invocations[0].exitCode).toBe(66);
  });

  it('refuses what is not such a log (exit 2)', () => {
    fs.writeFileSync(path.join(scratch, 'not.json'), '{"a":1}');
    expect(run(['merge-sarif', 'not.json']).status).toBe(2);
    expect(run(['merge-json', 'not.json']).status).toBe(2);
    expect(run(['merge-json', 'absent.json']).stderr).toMatch(/cannot read absent\.json/);
    expect(run(['merge-sarif']).status).toBe(2);
  });
});

describe('the line commands as filters over partitions (Hadoop Streaming, Spark pipe)', () => {
  /** The input cut into `n` partitions at line ends, as an engine splits a data set. */
  function partitions(text: string, n: number): string[] {
    const lines = text.split('\n');
    const per = Math.ceil(lines.length / n);
    return Array.from({ length: n }, (_, i) => lines.slice(i * per, (i + 1) * per).join('\n') + ((i + 1) * per < lines.length ? '\n' : '')).filter((p) => p.length > 0);
  }
  const input = Array.from({ length: 3000 }, (_, k) => LINES[(k * 7) % LINES.length] || 'http://x/').join('\n') + '\n';

  it.each([[['parse', '--json']], [['validate']], [['normalize', '--json']], [['to-uri']], [['grammars', '--json']]])('%j: the partitions\' outputs, concatenated, are the whole run\'s; exit codes 0 or 1, the whole\'s the highest', (args) => {
    const whole = run([...args, '--jobs', '1'], { stdin: input });
    const parts = partitions(input, 4).map((p) => run([...args, '--jobs', '1'], { stdin: p }));
    expect(parts).toHaveLength(4);
    expect(parts.map((p) => p.stdout).join('')).toBe(whole.stdout);
    for (const p of parts) expect([0, 1]).toContain(p.status);
    expect(Math.max(...parts.map((p) => p.status ?? 99))).toBe(whole.status);
    // JSON lines: one line per input line, in input order.
    if (args.includes('--json')) {
      const records = whole.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { input: string });
      expect(records.map((r) => r.input)).toEqual(input.trimEnd().split('\n'));
    }
  });

  it('lint --format ndjson: one line per input line; the partitions\' outputs, lines counted within each, are the whole\'s', () => {
    const whole = run(['lint', '--format', 'ndjson'], { stdin: input });
    const records = whole.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { line: number; uri: string });
    expect(records.map((r) => r.uri)).toEqual(input.trimEnd().split('\n'));
    let before = 0;
    const joined: unknown[] = [];
    for (const p of partitions(input, 3)) {
      const out = run(['lint', '--format', 'ndjson'], { stdin: p });
      expect([0, 1]).toContain(out.status);
      for (const l of out.stdout.trimEnd().split('\n')) {
        const r = JSON.parse(l) as { line: number; diagnostics: Array<{ line: number; endLine: number }> };
        joined.push({ ...r, line: r.line + before, diagnostics: r.diagnostics.map((d) => ({ ...d, line: d.line + before, endLine: d.endLine + before })) });
      }
      before += p.split('\n').length - 1;
    }
    expect(joined).toEqual(records);
  });
});
