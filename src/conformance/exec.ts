/**
 * The JSON-lines protocol: the runner starts the program (through the shell),
 * writes one request per line on its standard input and reads one response
 * per line on its standard output, in order. A program that exits, or does
 * not answer a case within the time limit, is reported on that case and
 * started again for the next; a line that is not JSON is a bad answer.
 * What the program writes on standard error is passed through.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Request, Response, Transport } from './run';

export interface ExecOptions {
  /** Per case, in milliseconds (default 5000). */
  readonly timeoutMs?: number;
  readonly cwd?: string;
}

interface Session {
  readonly process: ChildProcessWithoutNullStreams;
  buffer: string;
  readonly lines: string[];
  waiting?: (line: string | undefined) => void;
  exited: boolean;
}

export function execTransport(command: string, options: ExecOptions = {}): Transport {
  const timeoutMs = options.timeoutMs ?? 5000;
  let session: Session | undefined;

  // Each start is a session of its own: what a killed program still writes, or its exit, reaches only its session.
  const start = (): Session => {
    const p = spawn(command, { shell: true, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    const s: Session = { process: p, buffer: '', lines: [], exited: false };
    const deliver = (line: string | undefined): void => {
      const w = s.waiting;
      s.waiting = undefined;
      if (w) w(line);
      else if (line !== undefined) s.lines.push(line);
    };
    p.stdout.setEncoding('utf8');
    p.stdout.on('data', (chunk: string) => {
      s.buffer += chunk;
      let nl: number;
      while ((nl = s.buffer.indexOf('\n')) >= 0) {
        const line = s.buffer.slice(0, nl).replace(/\r$/, '');
        s.buffer = s.buffer.slice(nl + 1);
        deliver(line);
      }
    });
    p.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    p.stdin.on('error', () => {}); // a program that exits mid-write is reported by its exit
    p.on('exit', () => {
      s.exited = true;
      deliver(undefined);
    });
    return s;
  };

  const stop = (s: Session): void => {
    try {
      if (s.process.pid !== undefined && process.platform !== 'win32') process.kill(-s.process.pid, 'SIGKILL');
      else s.process.kill('SIGKILL');
    } catch {
      // already gone
    }
  };

  const next = (s: Session): Promise<string | undefined | 'timeout'> =>
    new Promise((resolve) => {
      if (s.lines.length > 0) return resolve(s.lines.shift());
      if (s.exited) return resolve(undefined);
      const timer = setTimeout(() => {
        s.waiting = undefined;
        resolve('timeout');
      }, timeoutMs);
      s.waiting = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
    });

  return {
    name: command,
    async call(request: Request): Promise<Response> {
      const s = (session ??= start());
      s.process.stdin.write(JSON.stringify(request) + '\n');
      const line = await next(s);
      if (line === 'timeout' || line === undefined) {
        stop(s);
        session = undefined;
        return { id: request.id, failure: line === 'timeout' ? 'timed out' : 'crashed' };
      }
      try {
        const r = JSON.parse(line) as Response;
        if (r === null || typeof r !== 'object' || (r.id !== undefined && r.id !== request.id)) return { id: request.id, failure: 'bad answer' };
        return r;
      } catch {
        return { id: request.id, failure: 'bad answer' };
      }
    },
    close(): void {
      if (session) {
        session.process.stdin.end();
        stop(session);
        session = undefined;
      }
    },
  };
}
