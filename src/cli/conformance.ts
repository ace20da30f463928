/**
 * urigram conformance: runs the conformance suite (conformance/, see its
 * README) against urigram itself, an in-process adapter module, or a program
 * over the JSON-lines protocol; reports per category, per rule and by cause,
 * and exits 1 on failures, or only on a change from a baseline of known
 * failures, or on a score under a minimum.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATEGORIES, loadSuite, type Category, type Suite } from '../conformance/suite';
import { CORE_CATEGORIES, moduleTransport, reaches, runSuite, type AdapterModule, type Report, type Transport } from '../conformance/run';
import { execTransport, MAX_TIMEOUT_MS } from '../conformance/exec';
import { ProtocolError } from '../conformance/protocol';
import { baselineOf, compareBaseline, parseBaseline, serializeBaseline, type Baseline } from '../conformance/baseline';
import { reportJson, reportJunit, reportMarkdown, reportSvg, reportText, type FullReport, type MinScore } from '../conformance/report';
import { URIGRAM_ADAPTER } from '../conformance/urigram-adapter';
import { InputError, OutputFailed, UsageError } from './io';
import { writeFileAtomic } from './write-file';
import type { Context } from './command';

async function loadAdapter(file: string): Promise<AdapterModule> {
  const full = path.resolve(file);
  // import() takes CommonJS and ES modules alike; a default export that is an object is the adapter.
  // Written through Function so that the CommonJS build keeps a real import() (TypeScript would make it a require()).
  const dynamicImport = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;
  const module = (await dynamicImport(pathToFileURL(full).href)) as AdapterModule & { default?: unknown };
  // A CommonJS module's exports come as the default export, and as named exports where Node can see them: take both.
  const { default: inner, ...named } = module;
  return { ...(inner !== null && typeof inner === 'object' ? (inner as AdapterModule) : {}), ...named };
}

/** Writes a baseline or a report to its path, atomically (./write-file); a failure is the output's (exit 74), the file unchanged. */
function writeOutput(file: string, text: string): void {
  try {
    writeFileAtomic(file, text);
  } catch (e) {
    throw new OutputFailed((e as Error).message);
  }
}

/** A baseline file read and checked (an InputError naming it otherwise), or undefined when `missing` allows it not to exist. */
function readBaseline(file: string, missing: 'error' | 'none'): Baseline | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if (missing === 'none' && (e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new InputError(`cannot read the baseline ${file}: ${(e as Error).message}${(e as NodeJS.ErrnoException).code === 'ENOENT' ? ' (write one with --write-baseline)' : ''}`);
  }
  try {
    return parseBaseline(text);
  } catch (e) {
    throw new InputError(`${file}: ${(e as Error).message}${missing === 'none' ? ' (not overwritten: --write-baseline replaces only a baseline)' : ''}`);
  }
}

/** The --min-score values: CATEGORY=N, N a percentage of the cases answered. */
function minScores(values: readonly string[], run: readonly Category[]): Array<{ target: string; min: number }> {
  return values.map((v) => {
    const m = /^([a-z-]+)=([0-9]+(?:\.[0-9]+)?)$/.exec(v);
    if (m === null || Number(m[2]) > 100) throw new UsageError(`--min-score needs CATEGORY=N, N a percentage from 0 to 100, got ${JSON.stringify(v)}`);
    const [, target, min] = m;
    if (target === 'core') {
      if (!CORE_CATEGORIES.some((c) => run.includes(c))) throw new UsageError(`--min-score ${v}: none of the core profile's categories (${CORE_CATEGORIES.join(', ')}) is run`);
    } else if (!CATEGORIES.includes(target as Category)) throw new UsageError(`--min-score ${v}: unknown category ${JSON.stringify(target)} (expected core or one of: ${CATEGORIES.join(', ')})`);
    else if (!run.includes(target as Category)) throw new UsageError(`--min-score ${v}: ${target} is not run (--category)`);
    return { target, min: Number(min) };
  });
}

function format(name: string, report: FullReport, suite: Suite): string {
  switch (name) {
    case 'json':
      return reportJson(report);
    case 'markdown':
      return reportMarkdown(report);
    case 'svg':
      return reportSvg([report]);
    case 'junit':
      return reportJunit(report, suite);
    default:
      return reportText(report);
  }
}

export async function runConformance(ctx: Context): Promise<void> {
  if (ctx.args.length > 0) throw new UsageError(`conformance takes no arguments (got ${JSON.stringify(ctx.args[0])}): name the implementation with --adapter or --exec`);
  const adapter = ctx.value('--adapter');
  const exec = ctx.value('--exec');
  if (adapter !== undefined && exec !== undefined) throw new UsageError('give --adapter or --exec, not both');
  const categories = ctx.value('--category')?.split(',');
  for (const c of categories ?? []) if (!CATEGORIES.includes(c as Category)) throw new UsageError(`unknown category ${JSON.stringify(c)} (expected: ${CATEGORIES.join(', ')})`);
  const timeout = ctx.value('--timeout');
  if (timeout !== undefined && (!/^[1-9][0-9]*$/.test(timeout) || Number(timeout) > MAX_TIMEOUT_MS)) {
    throw new UsageError(`--timeout needs a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got ${JSON.stringify(timeout)}`);
  }
  const suiteDir = ctx.value('--suite');
  let suite: Suite;
  try {
    suite = loadSuite(suiteDir === undefined ? undefined : path.resolve(suiteDir));
  } catch (e) {
    throw new UsageError(`cannot read the suite: ${(e as Error).message}`);
  }
  const run = suite.categories.map((f) => f.category).filter((c) => categories === undefined || categories.includes(c));
  const targets = minScores(ctx.all('--min-score'), run);
  // Read before the run, so that a baseline that cannot be used stops it at once.
  const baselineFile = ctx.value('--baseline');
  const writeBaseline = ctx.value('--write-baseline');
  const baseline = baselineFile === undefined ? undefined : readBaseline(baselineFile, 'error');
  const previous = writeBaseline === undefined ? undefined : writeBaseline === baselineFile ? baseline : readBaseline(writeBaseline, 'none');

  let transport: Transport;
  if (exec !== undefined) transport = execTransport(exec, { timeoutMs: timeout === undefined ? undefined : Number(timeout) });
  else if (adapter !== undefined) {
    let module: AdapterModule;
    try {
      module = await loadAdapter(adapter);
    } catch (e) {
      throw new UsageError(`cannot load the adapter ${adapter}: ${(e as Error).message}`);
    }
    transport = moduleTransport(adapter, module, timeout === undefined ? undefined : Number(timeout));
  } else transport = moduleTransport('urigram', URIGRAM_ADAPTER);
  let report: Report;
  try {
    report = await runSuite(suite, transport, { categories: categories as Category[] | undefined });
  } catch (e) {
    if (e instanceof ProtocolError) throw new InputError(e.message);
    throw e;
  }

  const scored: MinScore[] = targets.map(({ target, min }) => {
    const t = target === 'core' ? report.profiles.find((p) => p.profile === 'core')! : report.scores.find((s) => s.category === target)!;
    return { target, min, answered: t.answered, met: reaches(t, min) };
  });
  const comparison = baseline === undefined ? undefined : compareBaseline(report, suite, baseline, baselineFile!);
  const full: FullReport = { ...report, ...(comparison ? { baseline: comparison } : {}), ...(scored.length > 0 ? { minScores: scored } : {}) };

  if (writeBaseline !== undefined) writeOutput(writeBaseline, serializeBaseline(baselineOf(report, suite, previous)));
  const name = ctx.value('--format') ?? 'text';
  const output = ctx.value('--output');
  if (output !== undefined) {
    writeOutput(output, format(name, full, suite));
    // The report went to the file; the log gets the text report (CI shows both).
    ctx.out.write(reportText(full));
  } else ctx.out.write(format(name, full, suite));

  // Exit 1: a score under its minimum; a change from the baseline (unless it was written again);
  // without either, any failure.
  if (scored.some((m) => !m.met)) ctx.fail();
  if (writeBaseline === undefined) {
    if (comparison !== undefined) {
      if (comparison.changed) ctx.fail();
    } else if (scored.length === 0 && report.failures.length > 0) ctx.fail();
  }
  await ctx.out.flush();
}
