/**
 * A worker thread of --jobs (./jobs): runs its command, as the main thread
 * read it, on each part it is sent, one at a time, and sends back what the
 * part made, tagged with its sequence number: pieces of its output as they
 * are written (UTF-8, transferred), then its end.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { runPart, type Part, type PartResult } from './jobs';
import { commandNamed } from './table';

/** What the main thread gives a worker: the command's name and what its command line said. */
export interface WorkerData {
  readonly command: string;
  readonly values: Map<string, string | true | string[]>;
  readonly args: string[];
}

/** Answers the parts that come on `port`, in the order they come. */
export async function serve(port: MessagePort, { command: name, values, args }: WorkerData): Promise<void> {
  const command = commandNamed(name);
  await command?.load?.();
  const state = new Map<string, unknown>();
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (m: { seq: number; part: Part }) => {
    queue = queue.then(async () => {
      let result: PartResult;
      if (command === undefined) result = { out: [], err: '', status: 0, error: { internal: `no command ${name}` } };
      else result = await runPart(command, values, args, m.part, state, undefined, (piece) => port.postMessage({ seq: m.seq, piece }, [piece.buffer as ArrayBuffer]));
      port.postMessage({ seq: m.seq, result });
    });
  });
  // Its command loaded: parts may come.
  port.postMessage({ ready: true });
}

if (parentPort !== null) void serve(parentPort, workerData as WorkerData);
