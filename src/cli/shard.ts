/**
 * The files of `extract` and `lint --extract` as items (./jobs: each file, and
 * what listing them said, in order), and `--shard i/n`: the files of one of n
 * shards.
 *
 * The partition (docs/cli.md, "Shards"): the files are listed as a whole run
 * lists them; each one's size is read (0 when it cannot be read); they are
 * taken largest first (ties: by path, in UTF-16 code unit order) and each is
 * given to the shard with the fewest bytes so far (ties: the lowest number).
 * Every file is in exactly one shard, the same one on every machine that lists
 * the same files of the same sizes, and the shards' sizes differ by at most the
 * largest file's (when a shard was last given a file, it had the fewest bytes).
 * A shard reads its files in the order of the whole run's listing. What the
 * listing says (a directory that cannot be read, a glob that matches nothing)
 * is said by every shard.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { listFiles, type FileListOptions } from './files';
import { say, UsageError } from './io';
import type { Context } from './command';
import { fileParts, jobsOf, runParts, type FileItem, type Joins } from './jobs';
import { fileProblems } from './inputs';

/** The files listFiles lists, with its warnings and the directories it cannot read as items where they occur. */
export function* listedItems(args: readonly string[], options: Omit<FileListOptions, 'warn' | 'unreadable'>): Generator<FileItem> {
  const said: FileItem[] = [];
  const files = listFiles(args, { ...options, warn: (message) => said.push({ warn: message }), unreadable: (dir, message) => said.push({ unreadable: [dir, message] }) });
  for (const file of files) {
    yield* said.splice(0);
    yield file;
  }
  yield* said.splice(0);
}

/** The items replayed in a part: each file yielded, what listing said told to `unreadable` or said on standard error. */
export function* replayItems(ctx: Context, items: Iterable<FileItem>, unreadable: (file: string, message: string) => void): Generator<string> {
  for (const item of items) {
    if (typeof item === 'string') yield item;
    else if ('unreadable' in item) unreadable(item.unreadable[0], item.unreadable[1]);
    else say(ctx.io, `urigram ${ctx.command.name}: ${item.warn}\n`);
  }
}

/** --shard i/n, read: [i, n] with 1 <= i <= n; none without it. */
export function shardOf(ctx: Context, args: readonly string[]): [number, number] | undefined {
  const given = ctx.value('--shard');
  if (given === undefined) return undefined;
  const m = /^([1-9]\d*)\/([1-9]\d*)$/.exec(given);
  if (m === null || Number(m[1]) > Number(m[2])) throw new UsageError(`--shard needs I/N with 1 <= I <= N (as 2/4), got ${JSON.stringify(given)}`);
  if (args.includes('-')) throw new UsageError('--shard partitions files: standard input ("-") cannot be shared out');
  return [Number(m[1]), Number(m[2])];
}

/** Each file's shard (0 to n - 1), by the partition above: sizes[k] is names[k]'s size. */
export function assignShards(names: readonly string[], sizes: readonly number[], n: number): number[] {
  const order = names.map((_, k) => k);
  order.sort((a, b) => sizes[b] - sizes[a] || (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
  const totals = new Array<number>(n).fill(0);
  const shard = new Array<number>(names.length);
  for (const k of order) {
    let least = 0;
    for (let s = 1; s < n; s++) if (totals[s] < totals[least]) least = s;
    shard[k] = least;
    totals[least] += sizes[k];
  }
  return shard;
}

/** The items of shard i of n: every file listed, sized, then only shard i's (in listing order), with all that listing said. */
export function shardItems(items: Iterable<FileItem>, [i, n]: [number, number], cwd: string): FileItem[] {
  const all = [...items];
  const names: string[] = [];
  const sizes: number[] = [];
  for (const item of all) {
    if (typeof item !== 'string') continue;
    names.push(item);
    let size = 0;
    try {
      size = fs.statSync(path.resolve(cwd, item)).size;
    } catch {
      // read (and said) by the shard it falls to
    }
    sizes.push(size);
  }
  const shards = assignShards(names, sizes, n);
  let k = 0;
  return all.filter((item) => typeof item !== 'string' || shards[k++] === i - 1);
}

/**
 * The files of a run of extract or lint --extract given --shard or more than one job: with more than one job (and
 * no "-" among them), run over them in parts (./jobs) with `joins`, and true (done); else, with --shard, the
 * shard's files to read here; else none (the one-job path lists them itself).
 */
export async function filesChosen(ctx: Context, args: readonly string[], listing: Omit<FileListOptions, 'warn' | 'unreadable'>, joins: Joins = { separator: '' }, unreadable = fileProblems(ctx).unreadable): Promise<true | Iterable<string> | undefined> {
  const jobs = jobsOf(ctx);
  const shard = shardOf(ctx, args);
  const parallel = jobs > 1 && !args.includes('-');
  if (shard === undefined && !parallel) return undefined;
  let items: Iterable<FileItem> = listedItems(args, listing);
  if (shard !== undefined) items = shardItems(items, shard, listing.cwd);
  if (!parallel) return replayItems(ctx, items, unreadable);
  await runParts(ctx, fileParts(items), jobs, joins);
  return true;
}
