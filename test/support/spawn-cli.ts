/**
 * Runs the built command line (dist/src/cli.js) as a user does, its standard input a stream the test makes (written
 * with backpressure, so that input of any size costs the test no memory) or a file descriptor (/dev/zero); a kill
 * timer so that no test can hang; the peak memory of the run (test/support/max-rss.js).
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';

export const CLI = path.join(__dirname, '..', '..', 'dist', 'src', 'cli.js');
const MAX_RSS = path.join(__dirname, 'max-rss.js');

export interface Run {
  readonly code: number | null;
  /** The signal that ended it: 'SIGKILL' when the kill timer did. */
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The peak resident set of the run, in bytes (undefined when it was killed). */
  readonly maxRss: number | undefined;
}

export interface RunOptions {
  /** Standard input: chunks written as the child takes them, or an open file descriptor. */
  readonly input?: Iterable<string | Buffer> | number;
  readonly env?: Record<string, string>;
  /** Killed (SIGKILL) after this many milliseconds. */
  readonly killAfter?: number;
  /** Called with the output so far on each chunk of it and every 100 ms; returning true kills the run (a run that cannot end). */
  readonly until?: (stdout: string, pid: number) => boolean;
}

export function runCli(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  const input = options.input;
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: [typeof input === 'number' ? input : 'pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env, NODE_OPTIONS: `--require ${MAX_RSS}` },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  const timer = setTimeout(() => child.kill('SIGKILL'), options.killAfter ?? 60_000);
  let killed = false;
  const check = (): void => {
    if (killed || child.exitCode !== null || child.signalCode !== null) return;
    if (options.until?.(stdout, child.pid!)) {
      killed = true;
      child.kill('SIGKILL');
    }
  };
  const poll = options.until !== undefined ? setInterval(check, 100) : undefined;
  child.stdout!.on('data', (chunk: string) => {
    stdout += chunk;
    check();
  });
  child.stderr!.on('data', (chunk: string) => {
    stderr += chunk;
  });
  if (child.stdin !== null) {
    child.stdin.on('error', () => undefined); // the child stopped reading (killed, or done early)
    if (input !== undefined && typeof input !== 'number') {
      const chunks = input[Symbol.iterator]();
      const more = (): void => {
        for (;;) {
          const next = chunks.next();
          if (next.done) return void child.stdin!.end();
          if (!child.stdin!.write(next.value)) return void child.stdin!.once('drain', more);
        }
      };
      more();
    } else child.stdin.end();
  }
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      const m = /\nurigram-test-max-rss (\d+)\n/.exec(stderr);
      resolve({ code, signal, stdout, stderr: stderr.replace(/\nurigram-test-max-rss \d+\n/, ''), maxRss: m ? Number(m[1]) * 1024 : undefined });
    });
  });
}
