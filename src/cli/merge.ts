/**
 * `urigram merge-sarif` and `urigram merge-json`: the logs of the shards of a
 * run (`lint --extract --shard i/n --format sarif` or `--format json`, one per
 * machine of a CI matrix) joined into the log of the whole run.
 *
 * SARIF: one run, the first log's tool and originalUriBaseIds, the rules
 * deduplicated by id (in the order first met; each result's ruleIndex pointed
 * at its rule there), the results of each log in the order the logs are given
 * and each log's own order within it, one invocation whose notifications are
 * every log's, deduplicated, and executionSuccessful when every log's was.
 * JSON: the results concatenated the same way, and the summary's counts summed
 * (tooManyWarnings worked out again from the sum, when the logs agree on
 * maxWarnings). Each log is read (and parsed) twice, one at a time: memory holds
 * one log, not all of them.
 *
 * Exit: as lint would have exited on the whole run: 0 merged, 1 merged and the
 * whole run has an error (a result at level error; JSON: errors, or too many
 * warnings), 66 a shard's log says its run exited 66 (a path named that yields
 * no file: the SARIF invocation's exitCode, the JSON summary's); 2 a log that
 * cannot be read or is not such a log. The merged log records that exit code
 * when every log recorded its own (a log written before they did has none).
 */
import { EXIT_INVALID, EXIT_NO_INPUT, InputError, readFile, UsageError } from './io';
import { openObject } from './output';
import type { Context } from './command';

interface SarifRun {
  tool?: { driver?: { name?: string; rules?: Array<{ id?: string }> } };
  results?: Array<{ ruleId?: string; ruleIndex?: number; level?: string }>;
  invocations?: Array<{ executionSuccessful?: boolean; toolExecutionNotifications?: unknown[]; exitCode?: unknown }>;
  [key: string]: unknown;
}

function readJson(file: string): unknown {
  const { text } = readFile(file);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new InputError(`${file} is not JSON: ${(e as Error).message}`);
  }
}

function sarifRun(file: string): SarifRun {
  const log = readJson(file) as { version?: unknown; runs?: unknown } | null;
  if (log === null || typeof log !== 'object' || log.version !== '2.1.0' || !Array.isArray(log.runs)) throw new InputError(`${file} is not a SARIF 2.1.0 log`);
  if (log.runs.length !== 1) throw new InputError(`${file} has ${log.runs.length} runs: a shard's log has one`);
  const run = log.runs[0] as SarifRun;
  if (typeof run !== 'object' || run === null || !Array.isArray(run.results)) throw new InputError(`${file} has no results array`);
  return run;
}

export async function runMergeSarif(ctx: Context): Promise<void> {
  if (ctx.args.length === 0) throw new UsageError('merge-sarif needs at least one SARIF log');
  // First pass: the rules, the notifications, the tool.
  let first: SarifRun | undefined;
  const rules: Array<{ id?: string }> = [];
  const ruleIndex = new Map<string, number>();
  const notifications: unknown[] = [];
  const said = new Set<string>();
  let successful = true;
  let everyExitCode = true;
  for (const file of ctx.args) {
    const run = sarifRun(file);
    const name = run.tool?.driver?.name;
    if (first === undefined) first = run;
    else if (name !== first.tool?.driver?.name) throw new InputError(`${file} is a log of ${JSON.stringify(name)}, not of ${JSON.stringify(first.tool?.driver?.name)}`);
    for (const rule of run.tool?.driver?.rules ?? []) {
      if (typeof rule.id !== 'string' || ruleIndex.has(rule.id)) continue;
      ruleIndex.set(rule.id, rules.length);
      rules.push(rule);
    }
    for (const invocation of run.invocations ?? []) {
      if (invocation.executionSuccessful === false) successful = false;
      if (typeof invocation.exitCode === 'number') shardExit(ctx, invocation.exitCode);
      else everyExitCode = false;
      for (const n of invocation.toolExecutionNotifications ?? []) {
        const key = JSON.stringify(n);
        if (said.has(key)) continue;
        said.add(key);
        notifications.push(n);
      }
    }
  }
  const head = first!;
  const { results: _results, invocations: _invocations, tool, ...rest } = head;
  void _results;
  void _invocations;
  const log = readJson(ctx.args[0]) as Record<string, unknown>;
  const { runs: _runs, ...logHead } = log;
  void _runs;
  // Second pass: the results, each log's in turn, written as they are read.
  openObject(ctx.out, logHead);
  ctx.out.write('"runs":[');
  openObject(ctx.out, { tool: { ...tool, driver: { ...tool?.driver, rules } }, ...rest });
  ctx.out.write('"results":[\n');
  let wrote = false;
  for (const file of ctx.args) {
    const run = sarifRun(file);
    const rulesOf = run.tool?.driver?.rules ?? [];
    for (const result of run.results!) {
      if (result.level === 'error') ctx.fail();
      if (typeof result.ruleIndex === 'number') {
        const id = result.ruleId ?? rulesOf[result.ruleIndex]?.id;
        const index = id !== undefined ? ruleIndex.get(id) : undefined;
        if (index !== undefined) result.ruleIndex = index;
      }
      ctx.out.write(`${wrote ? ',\n' : ''}${JSON.stringify(result)}`);
      wrote = true;
      if (ctx.out.full) await ctx.out.flush();
    }
  }
  const invocation = { executionSuccessful: successful, toolExecutionNotifications: notifications, ...(everyExitCode ? { exitCode: ctx.status } : {}) };
  ctx.out.write(`${wrote ? '\n' : ''}],"invocations":[${JSON.stringify(invocation)}]}]}\n`);
}

/**
 * A shard's exit code, as its log records it (SARIF: the invocation's exitCode; JSON: the summary's): the
 * whole run's is at least each shard's, for each outcome is monotone in the files read (a result at level
 * error, more warnings than --max-warnings: the sum has at least a part's; 66, a path named that yields no
 * file: every shard lists, and says, what the command line names). Only the outcomes of a complete log count.
 */
function shardExit(ctx: Context, code: number): void {
  if (code === EXIT_INVALID || code === EXIT_NO_INPUT) ctx.fail(code);
}

interface JsonDocument {
  results: unknown[];
  summary: Record<string, unknown>;
}

const COUNTS = ['errors', 'warnings', 'infos', 'fixable', 'uris', 'files'] as const;

function jsonDocument(file: string): JsonDocument {
  const doc = readJson(file) as Partial<JsonDocument> | null;
  if (doc === null || typeof doc !== 'object' || !Array.isArray(doc.results) || typeof doc.summary !== 'object' || doc.summary === null) throw new InputError(`${file} is not a lint --format json document ({"results", "summary"})`);
  for (const key of COUNTS) if (typeof doc.summary[key] !== 'number') throw new InputError(`${file}: its summary has no count of ${key}`);
  return doc as JsonDocument;
}

export async function runMergeJson(ctx: Context): Promise<void> {
  if (ctx.args.length === 0) throw new UsageError('merge-json needs at least one lint --format json document');
  const sum: Record<string, number> = Object.fromEntries(COUNTS.map((k) => [k, 0]));
  let maxWarnings: unknown;
  let everyExitCode = true;
  ctx.out.write('{"results":[\n');
  let wrote = false;
  for (const [k, file] of ctx.args.entries()) {
    const doc = jsonDocument(file);
    if (k === 0) maxWarnings = doc.summary.maxWarnings;
    else if (doc.summary.maxWarnings !== maxWarnings) throw new InputError(`${file} was linted with another --max-warnings (${JSON.stringify(doc.summary.maxWarnings ?? null)}) than ${ctx.args[0]} (${JSON.stringify(maxWarnings ?? null)})`);
    for (const key of COUNTS) sum[key] += doc.summary[key] as number;
    if (typeof doc.summary.exitCode === 'number') shardExit(ctx, doc.summary.exitCode);
    else everyExitCode = false;
    for (const result of doc.results) {
      ctx.out.write(`${wrote ? ',\n' : ''}${JSON.stringify(result)}`);
      wrote = true;
      if (ctx.out.full) await ctx.out.flush();
    }
  }
  const summary: Record<string, unknown> = { ...sum };
  if (typeof maxWarnings === 'number') {
    summary.maxWarnings = maxWarnings;
    summary.tooManyWarnings = sum.warnings > maxWarnings;
  }
  if (sum.errors > 0 || summary.tooManyWarnings === true) ctx.fail();
  if (everyExitCode) summary.exitCode = ctx.status;
  ctx.out.write(`\n],"summary":${JSON.stringify(summary)}}\n`);
}
