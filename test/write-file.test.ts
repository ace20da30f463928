/**
 * Issue 30, item 1: every file urigram writes goes through src/cli/write-file.ts,
 * which writes a temporary file in the same directory, flushes it, gives it the
 * original's mode and renames it over the original. The faults are injected
 * through its seam (`FileOps`): a failing write, ENOSPC part way, short
 * writes, a failing flush or rename, and a process killed between the write and
 * the rename. A real `urigram lint --extract --fix` on a large file killed
 * while it writes is test/write-file.long.ts (npm run test:long, CI).
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NODE_FILE_OPS, WriteFileError, writeFileAtomic, type FileOps } from '../src/cli/write-file';

const cli = path.join(__dirname, '..', 'dist', 'src', 'cli.js');
const builtWriteFile = path.join(__dirname, '..', 'dist', 'src', 'cli', 'write-file.js');

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-write-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const errno = (code: string, message = code): NodeJS.ErrnoException => Object.assign(new Error(`${code}: ${message}`), { code });

/** The node:fs calls, each recorded by name, with `faults` in place of some. */
function recording(faults: Partial<FileOps> = {}): { ops: FileOps; calls: string[] } {
  const calls: string[] = [];
  const ops = {} as Record<string, unknown>;
  for (const [name, real] of Object.entries(NODE_FILE_OPS) as Array<[keyof FileOps, (...a: unknown[]) => unknown]>) {
    ops[name] = (...args: unknown[]) => {
      calls.push(name);
      return ((faults[name] as ((...a: unknown[]) => unknown) | undefined) ?? real)(...args);
    };
  }
  return { ops: ops as unknown as FileOps, calls };
}

/** Writes the original (mode 0640), tries the write with `faults`, and returns the error. */
function failingWrite(faults: Partial<FileOps>, data: string | Uint8Array = 'new text\n'): { error: unknown; file: string } {
  const file = path.join(dir, 'doc.md');
  fs.writeFileSync(file, 'the original\n');
  fs.chmodSync(file, 0o640);
  let error: unknown;
  try {
    writeFileAtomic(file, data, { ops: recording(faults).ops });
  } catch (e) {
    error = e;
  }
  return { error, file };
}

/** What a failed write must leave: the original as it was, no temporary file, and a message that says the file is unchanged. */
function expectUntouched(error: unknown, file: string, step: string, code: string): void {
  expect(error).toBeInstanceOf(WriteFileError);
  const e = error as WriteFileError;
  expect([e.step, e.code]).toEqual([step, code]);
  expect(e.message).toContain(`${file} is unchanged`);
  expect(fs.readFileSync(file, 'utf8')).toBe('the original\n');
  expect(fs.statSync(file).mode & 0o777).toBe(0o640);
  expect(fs.readdirSync(dir)).toEqual(['doc.md']);
}

describe('writeFileAtomic', () => {
  it('writes through a temporary file in the same directory: open, write, fsync, mode, close, rename, then the directory flushed', () => {
    const file = path.join(dir, 'doc.md');
    fs.writeFileSync(file, 'old');
    const { ops, calls } = recording({
      open: (f, flags, mode) => {
        expect(path.dirname(f)).toBe(dir);
        expect(f).not.toBe(file);
        expect(flags).toBe('wx');
        return NODE_FILE_OPS.open(f, flags, mode);
      },
    });
    writeFileAtomic(file, 'new é');
    writeFileAtomic(file, 'newer é', { ops });
    expect(fs.readFileSync(file, 'utf8')).toBe('newer é');
    expect(calls).toEqual(['realpath', 'stat', 'open', 'write', 'fsync', 'fchmod', 'close', 'rename', 'fsyncDirectory']);
    expect(fs.readdirSync(dir)).toEqual(['doc.md']);
  });

  it("keeps the original's mode (executable, group-writable), and a new file gets the umask's", () => {
    const file = path.join(dir, 'run.sh');
    fs.writeFileSync(file, '#!/bin/sh\n');
    fs.chmodSync(file, 0o751);
    writeFileAtomic(file, '#!/bin/sh\necho http://a.example/\n');
    expect(fs.statSync(file).mode & 0o7777).toBe(0o751);
    fs.chmodSync(file, 0o664);
    writeFileAtomic(file, 'x');
    expect(fs.statSync(file).mode & 0o7777).toBe(0o664);
    const made = path.join(dir, 'new.txt');
    writeFileAtomic(made, 'x');
    const umask = process.umask(0o022);
    process.umask(umask);
    expect(fs.statSync(made).mode & 0o777).toBe(0o666 & ~umask);
  });

  it('writes the file a symbolic link points to, and keeps the link', () => {
    const real = path.join(dir, 'real.md');
    const link = path.join(dir, 'link.md');
    fs.writeFileSync(real, 'old');
    fs.symlinkSync(real, link);
    writeFileAtomic(link, 'new');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(real, 'utf8')).toBe('new');
  });

  it('writes on after short writes, as many as the disk makes', () => {
    const file = path.join(dir, 'doc.md');
    fs.writeFileSync(file, 'old');
    const text = 'http://a.example/\u00e9\u{1F600}\n'.repeat(500);
    let writes = 0;
    writeFileAtomic(file, text, { ops: recording({ write: (fd, b, o, l) => (writes++, NODE_FILE_OPS.write(fd, b, o, Math.min(l, 7))) }).ops });
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(writes).toBe(Math.ceil(Buffer.byteLength(text) / 7));
  });

  it('a failing write: the original untouched, the temporary file gone, and the message says so', () => {
    const { error, file } = failingWrite({ write: () => { throw errno('EIO', 'i/o error, write'); } });
    expectUntouched(error, file, 'write', 'EIO');
    expect((error as Error).message).toBe(`cannot write ${file} (writing the temporary file): EIO: i/o error, write; ${file} is unchanged`);
  });

  it('ENOSPC part way through the write (a short write, then the error)', () => {
    let first = true;
    const { error, file } = failingWrite(
      {
        write: (fd, b, o, l) => {
          if (!first) throw errno('ENOSPC', 'no space left on device, write');
          first = false;
          return NODE_FILE_OPS.write(fd, b, o, Math.floor(l / 2));
        },
      },
      'x'.repeat(100_000),
    );
    expectUntouched(error, file, 'write', 'ENOSPC');
  });

  it('a disk that takes nothing (a write of 0 bytes) is a full disk, not a loop', () => {
    const { error, file } = failingWrite({ write: () => 0 });
    expectUntouched(error, file, 'write', 'ENOSPC');
  });

  it('a failing fsync, close or rename', () => {
    expectUntouched(...(Object.values(failingWrite({ fsync: () => { throw errno('EIO'); } })) as [unknown, string]), 'fsync', 'EIO');
    expectUntouched(...(Object.values(failingWrite({ close: () => { throw errno('EDQUOT'); } })) as [unknown, string]), 'close', 'EDQUOT');
    const { error, file } = failingWrite({ rename: () => { throw errno('EXDEV'); } });
    expectUntouched(error, file, 'rename', 'EXDEV');
    expect((error as Error).message).toContain('(replacing it)');
  });

  it('a temporary file that cannot be made (a directory not writable) says so, and changes nothing', () => {
    const { error, file } = failingWrite({ open: () => { throw errno('EACCES', 'permission denied, open'); } });
    expectUntouched(error, file, 'open', 'EACCES');
  });

  it('a temporary file that cannot be removed after a failure is named in the message', () => {
    let temp = '';
    const { error, file } = failingWrite({
      open: (f, flags, mode) => ((temp = f), NODE_FILE_OPS.open(f, flags, mode)),
      rename: () => { throw errno('EIO'); },
      unlink: () => { throw errno('EBUSY'); },
    });
    expect((error as Error).message).toBe(`cannot write ${file} (replacing it): EIO: EIO; ${file} is unchanged (the temporary file ${temp} could not be removed: EBUSY: EBUSY)`);
    expect(fs.readFileSync(file, 'utf8')).toBe('the original\n');
  });

  it('refuses what is not a regular file (a directory), and changes nothing', () => {
    expect(() => writeFileAtomic(dir, 'x')).toThrow(/is not a regular file; .* is unchanged/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a process killed between the write and the rename leaves the original as it was (and the new text, whole, in the temporary file)', () => {
    const file = path.join(dir, 'doc.md');
    fs.writeFileSync(file, 'the original\n');
    const text = 'new text '.repeat(100_000);
    // A real process, killed (SIGKILL: no handler runs) by the seam at the moment of the rename.
    const script = `
      const { writeFileAtomic, NODE_FILE_OPS } = require(${JSON.stringify(builtWriteFile)});
      const ops = { ...NODE_FILE_OPS, rename: () => process.kill(process.pid, 'SIGKILL') };
      writeFileAtomic(process.argv[1], 'new text '.repeat(100000), { ops });
      console.log('not killed');
    `;
    const r = spawnSync(process.execPath, ['-e', script, file], { encoding: 'utf8' });
    expect([r.signal, r.stdout]).toEqual(['SIGKILL', '']);
    expect(fs.readFileSync(file, 'utf8')).toBe('the original\n');
    const left = fs.readdirSync(dir).filter((f) => f !== 'doc.md');
    expect(left).toEqual([expect.stringMatching(/^\.doc\.md\.urigram-[0-9a-f]{8}-\d+-1-[0-9a-f]{8}\.tmp$/)]);
    expect(fs.readFileSync(path.join(dir, left[0]), 'utf8')).toBe(text);
  });
});

describe('one file layer', () => {
  it('no module of src/ but write-file.ts writes, renames or removes a file (each writer goes through writeFileAtomic)', () => {
    const src = path.join(__dirname, '..', 'src');
    const writers: string[] = [];
    const walk = (d: string): void => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.ts$/.test(e.name) && e.name !== 'write-file.ts') {
          const text = fs.readFileSync(p, 'utf8');
          const m = /\b(writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|writeSync|renameSync|rename|truncateSync|truncate|copyFileSync|copyFile|unlinkSync|rmSync|openSync(?=\([^)]*['"][wa]x?\+?['"]))\s*\(/.exec(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''));
          if (m && /\bfs\b|node:fs|fs\/promises/.test(text)) writers.push(`${path.relative(src, p)}: ${m[1]}`);
        }
      }
    };
    walk(src);
    expect(writers).toEqual([]);
  });
});

describe('the temporary files a killed write left are removed by the next run (issue 44 item 10)', () => {
  /** Leaves a temporary file as a killed `lint --fix` does: a real process killed (SIGKILL) at the rename; returns its name. */
  function killedAtRename(file: string): string {
    const script = `
      const { writeFileAtomic, NODE_FILE_OPS } = require(${JSON.stringify(builtWriteFile)});
      writeFileAtomic(process.argv[1], 'new text', { ops: { ...NODE_FILE_OPS, rename: () => process.kill(process.pid, 'SIGKILL') } });
    `;
    const before = new Set(fs.readdirSync(dir));
    const r = spawnSync(process.execPath, ['-e', script, file], { encoding: 'utf8' });
    expect(r.signal).toBe('SIGKILL');
    const left = fs.readdirSync(dir).filter((f) => !before.has(f));
    expect(left).toHaveLength(1);
    return left[0];
  }

  /** A process that makes its temporary file and then waits (30 s) before its rename: a write under way. */
  async function writingNow(file: string): Promise<{ name: string; stop: () => void }> {
    const script = `
      const { writeFileAtomic, NODE_FILE_OPS } = require(${JSON.stringify(builtWriteFile)});
      writeFileAtomic(process.argv[1], 'new text', { ops: { ...NODE_FILE_OPS, rename: (a, b) => { console.log('made'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30000); } } });
    `;
    const before = new Set(fs.readdirSync(dir));
    const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    const made = fs.readdirSync(dir).filter((f) => !before.has(f));
    expect(made).toHaveLength(1);
    return { name: made[0], stop: () => child.kill('SIGKILL') };
  }

  const fix = (...files: string[]) => spawnSync(process.execPath, [cli, 'lint', '--no-config', '--extract', '--fix', '--preset', 'normalize', ...files], { encoding: 'utf8' });

  it("lint --fix removes a dead process's temporary files beside the files it reads, and never a running one's", async () => {
    const file = path.join(dir, 'doc.md');
    fs.writeFileSync(file, '<HTTP://a.example/>\n');
    const dead = [killedAtRename(file), killedAtRename(file)];
    const live = await writingNow(file);
    // Another machine's (a shared directory): a recent one kept, one older than a day removed. Not urigram's: kept.
    const other = '.doc.md.urigram-00000000-1-1-0123abcd.tmp';
    const otherOld = '.doc.md.urigram-00000000-2-1-0123abcd.tmp';
    const notOurs = ['.doc.md.urigram-notes.tmp', 'doc.md.urigram-1-1-0123abcd.tmp'];
    for (const name of [other, otherOld, ...notOurs]) fs.writeFileSync(path.join(dir, name), 'x');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    fs.utimesSync(path.join(dir, otherOld), twoDaysAgo, twoDaysAgo);
    try {
      expect(fs.readdirSync(dir)).toEqual(expect.arrayContaining(dead));
      const r = fix(file);
      expect(r.status).toBe(0);
      expect(fs.readFileSync(file, 'utf8')).toBe('<http://a.example/>\n');
      expect(fs.readdirSync(dir).sort()).toEqual(['doc.md', live.name, other, ...notOurs].sort());
    } finally {
      live.stop();
    }
  }, 60_000);

  it('and so does a run that has nothing to write there', () => {
    const file = path.join(dir, 'doc.md');
    fs.writeFileSync(file, '<http://a.example/>\n');
    killedAtRename(file);
    const r = fix(file);
    expect(r.status).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe('<http://a.example/>\n');
    expect(fs.readdirSync(dir)).toEqual(['doc.md']);
  }, 60_000);
});
