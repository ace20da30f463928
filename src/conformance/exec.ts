/**
 * The JSON-lines protocol: the runner starts the program (through the shell),
 * writes one request per line on its standard input and reads one response
 * per line on its standard output, in order. A program that exits, or does
 * not answer a case within the time limit, is reported on that case and
 * started again for the next; a line that is not JSON is a bad answer. The
 * first start has a start-up allowance beside its first case's limit; a later
 * start has it only while no start has spent it all without writing a line.
 * What the program writes on standard error is passed through. A line that
 * answers no request and states a protocol (`{"protocol": 1, "implementation":
 * "..."}`, written first) is what the program says of itself.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Request, Response, Statement } from './protocol';
import type { Transport } from './run';

export interface ExecOptions {
  /** Per case, in milliseconds (default 5000). */
  readonly timeoutMs?: number;
  /**
   * Time the program has to start, beside the first case's limit after a start, in milliseconds (default 30000: a JVM
   * compiling a source file). Granted until the program writes its first line, and withdrawn for good once a start has
   * used it all and the first case's limit without writing a line: a silent program then has `timeoutMs` per case.
   */
  readonly startMs?: number;
  readonly cwd?: string;
}

interface Session {
  readonly process: ChildProcessWithoutNullStreams;
  /** It has been asked nothing yet: its start-up counts toward its first case's limit. */
  fresh: boolean;
  buffer: string;
  readonly lines: string[];
  waiting?: (line: string | undefined) => void;
  exited: boolean;
  /** The program wrote a line longer than MAX_LINE. */
  overlong?: boolean;
}

/** What next() gives when the deadline comes first: not a string, which a program could write as a line. */
const TIMEOUT = Symbol('timeout');

/** The longest answer line read (in UTF-16 code units). */
const MAX_LINE = 16 * 1024 * 1024;

/** The longest time limit setTimeout takes (a longer one fires at once). */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export function execTransport(command: string, options: ExecOptions = {}): Transport {
  const timeoutMs = options.timeoutMs ?? 5000;
  const startMs = options.startMs ?? 30_000;
  if (!Number.isInteger(startMs) || startMs < 0) throw new RangeError(`startMs must be an integer from 0, got ${startMs}`);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) throw new RangeError(`timeoutMs must be an integer from 1 to ${MAX_TIMEOUT_MS}, got ${timeoutMs}`);
  let session: Session | undefined;
  let stated: Statement = {};
  /** Whether a start still gets `startMs`: until a start has used it all without writing a line (a silent program). */
  let allowance = true;
  /** close() was called: nothing is started again (a run stopped by its time limit, with a case still asked). */
  let closed = false;

  // Each start is a session of its own: what a killed program still writes, or its exit, reaches only its session.
  const start = (): Session => {
    const p = spawn(command, { shell: true, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    const s: Session = { process: p, fresh: true, buffer: '', lines: [], exited: false };
    const deliver = (line: string | undefined): void => {
      const w = s.waiting;
      s.waiting = undefined;
      if (w) w(line);
      else if (line !== undefined) s.lines.push(line);
    };
    p.stdout.setEncoding('utf8');
    p.stdout.on('data', (chunk: string) => {
      // Only the new chunk is searched for line ends: a long line costs its length once, not once per chunk.
      let from = 0;
      let nl: number;
      while ((nl = chunk.indexOf('\n', from)) >= 0) {
        const line = (s.buffer + chunk.slice(from, nl)).replace(/\r$/, '');
        s.buffer = '';
        from = nl + 1;
        deliver(line);
      }
      s.buffer += chunk.slice(from);
      // A line longer than any answer could be: the program is stopped, and the case reported as a bad answer.
      if (s.buffer.length > MAX_LINE) {
        s.buffer = '';
        s.overlong = true;
        stop(s);
      }
    });
    p.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    p.stdin.on('error', () => {}); // a program that exits mid-write is reported by its exit
    // 'close', not 'exit': 'exit' can come before the last of standard output has been read.
    p.on('close', () => {
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

  /** The next line, or TIMEOUT once `deadline` (Date.now()) has passed (undefined: the program exited). */
  const next = (s: Session, deadline: number): Promise<string | undefined | typeof TIMEOUT> =>
    new Promise((resolve) => {
      if (s.lines.length > 0) return resolve(s.lines.shift());
      if (s.exited) return resolve(undefined);
      const timer = setTimeout(() => {
        s.waiting = undefined;
        resolve(TIMEOUT);
      }, Math.max(0, deadline - Date.now()));
      s.waiting = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
    });

  /** The answer to `request` from session `s`, or the failure the runner reports for it. */
  const answerTo = async (s: Session, request: Request): Promise<Response> => {
    // Lines that answer no request (a banner, a log line) or an earlier one are passed over: the answer is the line with this id.
    // The time limit is the case's, whatever the program writes meanwhile (a line does not start it again).
    // The first case after a start also has the time the program takes to start, until it writes
    // its first line (its statement of its protocol, when it writes one): a program that hangs after
    // its first line is not given that time again on each restart. One that writes nothing before the
    // deadline has shown that it does not start in that time: no later start gets the allowance, so a
    // silent program costs startMs once and then timeoutMs a case, not startMs a case.
    let starting = s.fresh && allowance;
    let deadline = Date.now() + timeoutMs + (starting ? Math.min(startMs, MAX_TIMEOUT_MS - timeoutMs) : 0);
    s.fresh = false;
    for (;;) {
      const line = await next(s, deadline);
      if (starting && typeof line === 'string') {
        starting = false;
        deadline = Math.min(deadline, Date.now() + timeoutMs);
      }
      if (line === TIMEOUT || line === undefined) {
        if (line === TIMEOUT && starting) allowance = false;
        stop(s);
        if (session === s) session = undefined;
        return { id: request.id, failure: s.overlong ? 'bad answer' : line === TIMEOUT ? 'timed out' : 'crashed' };
      }
      let r: Response;
      try {
        r = JSON.parse(line) as Response;
      } catch {
        return { id: request.id, failure: 'bad answer' };
      }
      if (r === null || typeof r !== 'object' || Array.isArray(r)) return { id: request.id, failure: 'bad answer' };
      if (r.id === request.id) return r;
      if (r.id === undefined && !('result' in r) && !('unsupported' in r) && !('error' in r)) {
        // Not an answer: a banner, a log line, or the program's statement of its protocol and name.
        if ('protocol' in r) stated = { protocol: (r as Statement).protocol, implementation: (r as Statement).implementation };
        continue;
      }
      if (r.id !== undefined) continue; // an answer to another request
      return { id: request.id, failure: 'bad answer' };
    }
  };

  return {
    name: command,
    stated: () => stated,
    async call(request: Request): Promise<Response> {
      // A program that exits without answering is started again and asked once more: one that answers and
      // then exits (one process per request) may not have read this request before it went. Twice is a crash.
      for (let attempt = 0; ; attempt++) {
        if (closed) return { id: request.id, failure: 'crashed' };
        if (session?.exited) session = undefined;
        const s = (session ??= start());
        s.process.stdin.write(JSON.stringify(request) + '\n');
        const answer = await answerTo(s, request);
        if (answer.failure !== 'crashed' || attempt === 1) return answer;
      }
    },
    close(): void {
      closed = true;
      if (session) {
        session.process.stdin.end();
        stop(session);
        session = undefined;
      }
    },
  };
}
