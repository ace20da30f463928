/**
 * The one way the command line writes a file (`lint --fix`, and any report,
 * baseline or other file a command writes to a path): atomically, so that no
 * run loses a user's data. The text goes to a new temporary file in the same
 * directory (so that the rename stays on one file system), every byte of it
 * (a short write is written on from where it stopped; a write that takes
 * nothing is an error), is flushed to the disk (`fsync`), is given the
 * original's mode (and, for root, its owner), and replaces the original by
 * `rename`, which POSIX makes atomic: a reader, a crash or a kill at any
 * moment finds the old file or the new one, never a mix and never an empty
 * file. The directory is flushed after the rename, where the platform allows.
 * On any error before the rename, the temporary file is removed and the
 * original is untouched, and the error says so.
 *
 * Why not npm's write-file-atomic (the house style's first choice): its one
 * `write` call ignores how many bytes were written, so on a disk that fills
 * up part way (a short write, which is how Linux reports a full disk to the
 * first write that reaches it) it renames a cut-short file over the original
 * and reports success; measured with 8.0.0 on a 256 KiB tmpfs: a 400 KiB text
 * replaced the file with its first 258,048 bytes, with no error. It also has
 * no seam for a test to inject a fault but patching `fs` itself.
 *
 * A write killed before its rename (SIGKILL, a power cut) leaves its temporary file: the next write into that
 * directory, by any urigram run, removes those its name shows to be stale (removeStaleTemporaries).
 *
 * `FileOps` is that seam: the file-system calls this module makes, node:fs by
 * default; tests pass their own to fail a write, a rename, or to stop the
 * process between them.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The file-system calls of an atomic write (the synchronous node:fs ones by default). */
export interface FileOps {
  /** lstat/stat of the target: undefined when it does not exist. */
  stat(file: string): fs.Stats | undefined;
  /** The file a symbolic link points to (the link is kept and its target replaced), or the path itself. */
  realpath(file: string): string;
  open(file: string, flags: string, mode: number): number;
  /** Writes up to `length` bytes from `buffer[offset]`; returns how many it wrote. */
  write(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsync(fd: number): void;
  fchmod(fd: number, mode: number): void;
  fchown(fd: number, uid: number, gid: number): void;
  close(fd: number): void;
  rename(from: string, to: string): void;
  unlink(file: string): void;
  /** Flushes a directory's entries (the rename) to the disk; may be unsupported (Windows). */
  fsyncDirectory(dir: string): void;
}

export const NODE_FILE_OPS: FileOps = {
  stat: (file) => {
    try {
      return fs.statSync(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  },
  realpath: (file) => {
    try {
      return fs.realpathSync(file);
    } catch {
      return file; // a file yet to be made, or a dangling link: written where named
    }
  },
  open: (file, flags, mode) => fs.openSync(file, flags, mode),
  write: (fd, buffer, offset, length) => fs.writeSync(fd, buffer, offset, length),
  fsync: (fd) => fs.fsyncSync(fd),
  fchmod: (fd, mode) => fs.fchmodSync(fd, mode),
  fchown: (fd, uid, gid) => fs.fchownSync(fd, uid, gid),
  close: (fd) => fs.closeSync(fd),
  rename: (from, to) => fs.renameSync(from, to),
  unlink: (file) => fs.unlinkSync(file),
  fsyncDirectory: (dir) => {
    let fd: number | undefined;
    try {
      fd = fs.openSync(dir, 'r');
      fs.fsyncSync(fd);
    } catch {
      // Not every platform can open or flush a directory (Windows); the rename is done all the same.
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  },
};

/** A write that failed; `step` says where, and the original file is unchanged (the message says so too). */
export class WriteFileError extends Error {
  constructor(
    message: string,
    /** The file to be written, as named. */
    readonly file: string,
    /** What failed: making, writing, flushing or closing the temporary file, or renaming it over the file. */
    readonly step: 'stat' | 'open' | 'write' | 'fsync' | 'chmod' | 'close' | 'rename',
    /** The error code of the failed call (ENOSPC, EACCES, ...), when it had one. */
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'WriteFileError';
  }
}

export interface WriteFileOptions {
  /** The file-system calls (tests). */
  readonly ops?: FileOps;
  /** The mode of a file that does not exist yet (default 0o666, less the umask); an existing file keeps its own. */
  readonly mode?: number;
}

let written = 0;

/** This machine, in a temporary file's name: 8 hex digits of a hash of its host name (a directory may be shared by several machines). */
const HOST = crypto.createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);

/** The temporary file's name: in the target's directory, hidden, and saying whose it is (the machine, the process). */
function temporaryName(target: string): string {
  const rand = Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0');
  return path.join(path.dirname(target), `.${path.basename(target)}.urigram-${HOST}-${process.pid}-${++written}-${rand}.tmp`);
}

/**
 * A temporary file of temporaryName's: `.NAME.urigram-HOST-PID-N-RAND.tmp`. The name is at most 255 bytes (a file
 * name's limit), and the pattern has one unbounded run, `.+`, anchored at both ends with a fixed tail: linear.
 */
const TEMPORARY = /^\..+\.urigram-([0-9a-f]{8})-([0-9]{1,10})-[0-9]{1,16}-[0-9a-f]{8}\.tmp$/;

/** A temporary file older than this is stale whoever made it: a write takes seconds, and its process's id may since have been given to another. */
const STALE_MS = 24 * 60 * 60 * 1000;

/** Whether a process of this machine with this id is running (EPERM: it is, another user's). */
function running(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The directories whose stale temporary files this process has removed already. */
const swept = new Set<string>();

/**
 * Removes the temporary files that a write killed before its rename left in `dir` (a `lint --fix` killed, a machine
 * that lost power): those named as temporaryName names them, made on this machine by a process that is no longer
 * running, or older than STALE_MS. A temporary file of a running process is never touched (nor one of another
 * machine sharing the directory, until it is a day old). Once per directory per process; what cannot be listed or
 * removed is left as it is (the write goes on). Returns the names removed.
 */
export function removeStaleTemporaries(dir: string, now = Date.now()): string[] {
  const key = path.resolve(dir);
  if (swept.has(key)) return [];
  swept.add(key);
  const removed: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    const m = name.length <= 255 ? TEMPORARY.exec(name) : null;
    if (m === null) continue;
    const file = path.join(dir, name);
    try {
      const stat = fs.lstatSync(file);
      if (!stat.isFile()) continue;
      const dead = m[1] === HOST && !running(Number(m[2]));
      if (!dead && now - stat.mtimeMs < STALE_MS) continue;
      fs.unlinkSync(file);
      removed.push(name);
    } catch {
      // gone already (another run swept it), or not ours to remove: left
    }
  }
  return removed;
}

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Writes `data` (text as UTF-8, or bytes) to `file` atomically: the file holds the old content or
 * the new, whatever happens. Throws a WriteFileError, with the original untouched, when anything
 * before the rename fails.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, options: WriteFileOptions = {}): void {
  const ops = options.ops ?? NODE_FILE_OPS;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let step: WriteFileError['step'] = 'stat';
  let temp: string | undefined;
  let fd: number | undefined;
  let renamed = false;
  const target = ops.realpath(file);
  try {
    const original = ops.stat(target);
    if (original !== undefined && !original.isFile()) throw Object.assign(new Error(`${file} is not a regular file`), { code: 'EINVAL' });
    step = 'open';
    if (ops === NODE_FILE_OPS) removeStaleTemporaries(path.dirname(target));
    temp = temporaryName(target);
    // Made new ('wx': never an existing file); for a file that exists, readable by its owner alone
    // until it has the original's mode. A new file's mode is the umask's say, as for any file made.
    fd = ops.open(temp, 'wx', original !== undefined ? 0o600 : (options.mode ?? 0o666));
    step = 'write';
    for (let at = 0; at < bytes.length; ) {
      const n = ops.write(fd, bytes, at, bytes.length - at);
      if (!(n > 0)) throw Object.assign(new Error(`the disk took none of the last ${bytes.length - at} bytes`), { code: 'ENOSPC' });
      at += n;
    }
    step = 'fsync';
    ops.fsync(fd);
    if (original !== undefined) {
      step = 'chmod';
      ops.fchmod(fd, original.mode & 0o7777);
      if (typeof process.getuid === 'function' && process.getuid() === 0 && (original.uid !== 0 || original.gid !== 0)) {
        // Root keeps the original's owner where the file system allows it; anyone else makes files of
        // their own, as an editor does.
        try {
          ops.fchown(fd, original.uid, original.gid);
        } catch {
          // a file system without owners (FAT): the content is what matters
        }
      }
    }
    step = 'close';
    const closing = fd;
    fd = undefined;
    ops.close(closing);
    step = 'rename';
    ops.rename(temp, target);
    renamed = true;
  } catch (e) {
    let left = '';
    if (fd !== undefined) {
      try {
        ops.close(fd);
      } catch {
        // the error that matters is the one above
      }
    }
    if (temp !== undefined && step !== 'open') {
      try {
        ops.unlink(temp);
      } catch (u) {
        left = ` (the temporary file ${temp} could not be removed: ${reason(u)})`;
      }
    }
    const code = (e as NodeJS.ErrnoException).code;
    const doing = step === 'stat' ? 'reading its mode' : step === 'rename' ? 'replacing it' : `${step === 'open' ? 'making' : step === 'fsync' ? 'flushing' : step === 'chmod' ? 'setting the mode of' : step === 'close' ? 'closing' : 'writing'} the temporary file`;
    throw new WriteFileError(`cannot write ${file} (${doing}): ${reason(e)}; ${file} is unchanged${left}`, file, step, code);
  }
  if (renamed) ops.fsyncDirectory(path.dirname(target));
}

/**
 * Puts a folder built whole elsewhere (a temporary folder beside `final`, on the same file system) in place, by one
 * rename: a reader sees no folder or the whole one, never a half-built one. Throws when it cannot (another run's
 * folder there first, among others): the caller says what it does then.
 */
export function publishFolder(temporary: string, final: string): void {
  fs.renameSync(temporary, final);
}

/** Removes a folder this program made (a temporary build folder), and what is in it; nothing when it is gone already. */
export function removeOwnFolder(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
