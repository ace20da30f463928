/**
 * A worker thread of --jobs (./jobs): runs its command, as the main thread
 * read it, on each part it is sent, one at a time, and sends back what the
 * part made, tagged with its sequence number.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runPart, type Part, type PartResult } from './jobs';
import { commandNamed } from './table';

const { command: name, values, args } = workerData as { command: string; values: Map<string, string | true | string[]>; args: string[] };
const command = commandNamed(name);
const state = new Map<string, unknown>();
let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', (m: { seq: number; part: Part }) => {
  queue = queue.then(async () => {
    let result: PartResult;
    if (command === undefined) result = { out: new Uint8Array(0), err: '', status: 0, error: { internal: `no command ${name}` } };
    else result = await runPart(command, values, args, m.part, state, undefined, (piece) => parentPort!.postMessage({ seq: m.seq, piece }, [piece.buffer as ArrayBuffer]));
    parentPort!.postMessage({ seq: m.seq, result }, [result.out.buffer as ArrayBuffer]);
  });
});
