/**
 * The progress line (src/cli/progress.ts): what it says, when it is drawn, and that it never reaches standard
 * output. The command-line tests run `node dist/src/cli.js` under a pseudo-terminal (util-linux's `script`)
 * and without one, on an input long enough that a run takes over a second.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Writable } from 'node:stream';
import { Progress, startProgress, wanted } from '../src/cli/progress';
import type { Io } from '../src/cli/io';

const cli = path.join(__dirname, '..', 'dist', 'src', 'cli.js');

class Collected extends Writable {
  text = '';
  isTTY?: boolean;
  columns?: number;
  constructor(tty?: boolean) {
    super({ decodeStrings: false });
    this.isTTY = tty;
  }
  override _write(chunk: string | Buffer, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

describe('the line', () => {
  let now = 0;
  const clock = () => now;
  afterEach(() => (now = 0));

  it('says what is done of the whole, the rate and the time; nothing in the first second; erased at the end', () => {
    const err = new Collected(true);
    let done = 0;
    const p = new Progress(err, 'validate', 'bytes', () => done, clock);
    p.total = 4_000_000;
    now = 900;
    done = 900_000;
    p.draw();
    expect(err.text).toBe('');
    now = 2000;
    done = 1_000_000;
    p.draw();
    expect(err.text).toBe('\rurigram validate: 1.0 MB of 4.0 MB (25%), 500.0 kB/s, 2 s\x1b[K');
    err.text = '';
    p.stop();
    expect(err.text).toBe('\r\x1b[K');
    err.text = '';
    p.stop();
    expect(err.text).toBe('');
  });

  it('files and cases are counted as added; minutes past a minute; cut to the terminal\'s width, never wrapped', () => {
    const err = new Collected(true);
    const files = new Progress(err, 'lint', 'files', undefined, clock);
    files.add(3);
    files.add();
    now = 65_000;
    expect(files.line()).toBe('urigram lint: 4 files, 0 files/s, 1 min 05 s');
    const cases = new Progress(err, 'conformance', 'cases', undefined, clock);
    cases.total = 5000;
    cases.add(2500);
    now = 65_000 + 5000;
    expect(cases.line()).toBe('urigram conformance: 2,500 of 5,000 cases (50%), 500 cases/s, 5 s');
    err.columns = 30;
    cases.draw();
    expect(err.text).toBe('\rurigram conformance: 2,500 o…\x1b[K');
    files.stop();
    cases.stop();
  });

  it('what else is written to standard error erases the line first', () => {
    const err = new Collected(true);
    const io: Io = { stdin: process.stdin, stdout: new Collected(), stderr: err };
    const p = new Progress(err, 'lint', 'files', undefined, clock);
    now = 1500;
    p.add(7);
    p.draw();
    p.around(io).stderr.write('urigram lint: cannot read x.md\n');
    expect(err.text).toBe('\rurigram lint: 7 files, 5 files/s, 1 s\x1b[K\r\x1b[Kurigram lint: cannot read x.md\n');
    p.stop();
    expect(err.text.endsWith('cannot read x.md\n')).toBe(true);
  });

  it('is wanted on a terminal (standard output elsewhere); --progress and --no-progress override, --no-progress winning', () => {
    const has = (...given: string[]) => ({ has: (o: string) => given.includes(o) });
    expect(wanted(has(), { isTTY: false }, { isTTY: true })).toBe(true);
    expect(wanted(has(), {}, {})).toBe(false);
    expect(wanted(has(), { isTTY: true }, { isTTY: true })).toBe(false);
    expect(wanted(has('--progress'), {}, {})).toBe(true);
    expect(wanted(has('--no-progress'), {}, { isTTY: true })).toBe(false);
    expect(wanted(has('--progress', '--no-progress'), {}, {})).toBe(false);
  });

  it('is drawn for the long commands only, and only when they read standard input or files', () => {
    const io: Io = { stdin: new Collected() as unknown as Io['stdin'], stdout: new Collected(), stderr: new Collected(true) };
    const started = (name: string, args: string[] = [], ...flags: string[]) => {
      const p = startProgress({ command: { name } as never, args, has: (o) => flags.includes(o), io });
      p?.stop();
      return p !== undefined;
    };
    expect(started('validate')).toBe(true);
    expect(started('validate', ['http://a/'])).toBe(false);
    expect(started('lint', ['docs'], '--extract')).toBe(true);
    expect(started('conformance')).toBe(true);
    expect(started('parse')).toBe(false);
    expect(started('normalize', [], '--no-progress')).toBe(false);
  });
});

describe('on the command line', () => {
  let dir: string;
  let input: string;
  let size: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-progress-'));
    input = path.join(dir, 'uris.txt');
    // About 27 MB: some seconds of normalize (about 10 MB/s) on any machine here.
    const block = Array.from({ length: 10_000 }, (_, k) => `HTTP://Example.COM/a/./b/../%7e${k}?q=${k}#F`).join('\n') + '\n';
    fs.writeFileSync(input, block.repeat(60));
    size = (fs.statSync(input).size / 1e6).toFixed(1).replace('.', '\\.');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const plain = () => spawnSync(process.execPath, [cli, 'normalize', '--jobs', '1'], { stdio: [fs.openSync(input, 'r'), 'pipe', 'pipe'], maxBuffer: 1 << 30 });

  it('under a terminal: the line on standard error, erased at the end; standard output as without it', () => {
    const out = path.join(dir, 'out.txt');
    const shell = `'${process.execPath}' '${cli}' normalize --jobs 1 < '${input}' > '${out}'`;
    const r = spawnSync('script', ['-qec', shell, '/dev/null'], { encoding: 'latin1', maxBuffer: 1 << 28 });
    expect(r.status).toBe(0);
    const drawn = r.stdout.split('\r').filter((s) => s.startsWith('urigram normalize: '));
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn[0]).toMatch(new RegExp(`^urigram normalize: [\\d.]+ [kM]?B of ${size} MB \\(\\d+%\\), [\\d.]+ [kM]?B/s, \\d+ s\x1b\\[K`));
    expect(r.stdout.endsWith('\r\x1b[K')).toBe(true);
    const without = plain();
    expect(fs.readFileSync(out).equals(without.stdout)).toBe(true);
    // Standard error not a terminal: no line, however long the run.
    expect(without.stderr.toString()).toBe('');
  }, 120_000);

  it('lint --extract counts the files read, by the workers of --jobs 2 too', () => {
    const tree = path.join(dir, 'tree');
    fs.mkdirSync(tree);
    for (let k = 0; k < 6000; k++) fs.writeFileSync(path.join(tree, `f${k}.md`), `see [a](http://example.com/${k}) and HTTP://x.example/%7e\n`);
    const r = spawnSync(process.execPath, [cli, 'lint', '--extract', tree, '--progress', '--jobs', '2', '--no-links', '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
    expect(JSON.parse(r.stdout).summary.files).toBe(6000);
    const counts = [...r.stderr.matchAll(/\rurigram lint: ([\d,]+) files, /g)].map((m) => Number(m[1].replace(/,/g, '')));
    expect(counts.length).toBeGreaterThan(0);
    // More than the first part (8 files, on the main thread), never more than there are, never going back.
    expect(Math.max(...counts)).toBeGreaterThan(8);
    expect(Math.max(...counts)).toBeLessThanOrEqual(6000);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(r.stderr.endsWith('\r\x1b[K')).toBe(true);
  }, 120_000);

  it('--progress draws it on any standard error; --no-progress never', () => {
    // Runs of 3 s that cost next to nothing (the input above costs about 8 s of CPU a run): standard input a pipe that
    // stays open that long, so the line says the bytes read so far, with no total.
    const slow = `(head -n 2000 '${input}'; sleep 3; head -n 2000 '${input}')`;
    const run = (command: string) => spawnSync('sh', ['-c', command], { encoding: 'latin1', maxBuffer: 1 << 28 });
    const forced = run(`${slow} | '${process.execPath}' '${cli}' normalize --jobs 1 --progress`);
    expect(forced.status).toBe(0);
    expect(forced.stderr).toMatch(/^\rurigram normalize: [\d.]+ [kM]?B, [\d.]+ [kM]?B\/s, \d+ s\x1b\[K/);
    expect(forced.stderr.endsWith('\r\x1b[K')).toBe(true);
    const unforced = run(`(head -n 2000 '${input}'; head -n 2000 '${input}') | '${process.execPath}' '${cli}' normalize --jobs 1`);
    expect([unforced.status, unforced.stderr]).toEqual([0, '']);
    expect(forced.stdout.split('\n').length).toBe(4001);
    expect(forced.stdout).toBe(unforced.stdout);
    const never = spawnSync('script', ['-qec', `${slow} | '${process.execPath}' '${cli}' normalize --no-progress > /dev/null`, '/dev/null'], { encoding: 'latin1' });
    expect(never.status).toBe(0);
    expect(never.stdout).toBe('');
  }, 120_000);
});
