/**
 * urigram conformance: runs the conformance suite (conformance/, see its
 * README) against urigram itself, an in-process adapter module, or a program
 * over the JSON-lines protocol; reports per category, per rule and by cause,
 * and exits 1 on failures, or only on a change from a baseline of known
 * failures and answered cases, or on a score or a coverage under a minimum,
 * and on a run stopped by its time limit. --list-rules lists the rules the
 * suite asks about instead.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { askedRules, CATEGORIES, loadSuite, type Category, type Suite } from '../conformance/suite';
import { CORE_CATEGORIES, moduleTransport, reaches, runSuite, type AdapterModule, type Report, type Tally, type Transport } from '../conformance/run';
import { execTransport, MAX_TIMEOUT_MS } from '../conformance/exec';
import { ProtocolError } from '../conformance/protocol';
import { baselineOf, compareBaseline, parseBaseline, serializeBaseline, type Baseline } from '../conformance/baseline';
import { reportJson, reportJunit, reportMarkdown, reportSvg, reportText, type FullReport, type MinCoverage, type MinScore } from '../conformance/report';
import { URIGRAM_ADAPTER } from '../conformance/urigram-adapter';
import { InputError, OutputFailed, say, UsageError } from './io';
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

/** The values of --min-score or --min-coverage: CATEGORY=N (or core=N, the profile), N a percentage. */
function minimums(option: '--min-score' | '--min-coverage', values: readonly string[], run: readonly Category[]): Array<{ target: string; min: number }> {
  return values.map((v) => {
    const m = /^([a-z-]+)=([0-9]+(?:\.[0-9]+)?)$/.exec(v);
    if (m === null || Number(m[2]) > 100) throw new UsageError(`${option} needs CATEGORY=N, N a percentage from 0 to 100, got ${JSON.stringify(v)}`);
    const [, target, min] = m;
    if (target === 'core') {
      if (!CORE_CATEGORIES.some((c) => run.includes(c))) throw new UsageError(`${option} ${v}: none of the core profile's categories (${CORE_CATEGORIES.join(', ')}) is run`);
    } else if (!CATEGORIES.includes(target as Category)) throw new UsageError(`${option} ${v}: unknown category ${JSON.stringify(target)} (expected core or one of: ${CATEGORIES.join(', ')})`);
    else if (!run.includes(target as Category)) throw new UsageError(`${option} ${v}: ${target} is not run (--category)`);
    return { target, min: Number(min) };
  });
}

/** A number of milliseconds from 1 to the longest time limit setTimeout keeps, or undefined when the option is not given. */
function milliseconds(ctx: Context, option: '--timeout' | '--max-time'): number | undefined {
  const v = ctx.value(option);
  if (v !== undefined && (!/^[1-9][0-9]*$/.test(v) || Number(v) > MAX_TIMEOUT_MS)) throw new UsageError(`${option} needs a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got ${JSON.stringify(v)}`);
  return v === undefined ? undefined : Number(v);
}

/** The options that only a run reads: --list-rules runs nothing, so it takes none of them. */
const RUN_ONLY = ['--adapter', '--exec', '--output', '--baseline', '--write-baseline', '--min-score', '--min-coverage', '--timeout', '--max-time'];

/** --list-rules: the rules the suite's cases name, with their cases per category, as text (a table) or JSON. */
function listRules(ctx: Context, suite: Suite, categories: readonly Category[] | undefined): string {
  const given = RUN_ONLY.filter((o) => ctx.has(o));
  if (given.length > 0) throw new UsageError(`--list-rules runs no implementation: ${given.join(', ')} cannot be given with it`);
  const format = ctx.value('--format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--list-rules writes text or json, not ${format}`);
  const rules = askedRules(suite, categories);
  if (format === 'json') return JSON.stringify({ suiteVersion: suite.version, rules }, null, 2) + '\n';
  const asking = suite.categories.map((f) => f.category).filter((c) => rules.some((r) => r.cases[c] !== undefined));
  const rows = [['grammar', 'rule', ...asking], ...rules.map((r) => [r.grammar, r.rule, ...asking.map((c) => String(r.cases[c] ?? 0))])];
  const widths = rows[0].map((_, k) => Math.max(...rows.map((row) => row[k].length)));
  // The names left-aligned, the counts right-aligned under their category.
  return rows.map((row) => row.map((cell, k) => (k < 2 ? cell.padEnd(widths[k]) : cell.padStart(widths[k]))).join('  ').trimEnd()).join('\n') + '\n';
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
  const timeout = milliseconds(ctx, '--timeout');
  const maxTime = milliseconds(ctx, '--max-time');
  const suiteDir = ctx.value('--suite');
  let suite: Suite;
  try {
    suite = loadSuite(suiteDir === undefined ? undefined : path.resolve(suiteDir));
  } catch (e) {
    throw new UsageError(`cannot read the suite: ${(e as Error).message}`);
  }
  if (ctx.has('--list-rules')) {
    ctx.out.write(listRules(ctx, suite, categories as Category[] | undefined));
    return await ctx.out.flush();
  }
  const run = suite.categories.map((f) => f.category).filter((c) => categories === undefined || categories.includes(c));
  const targets = minimums('--min-score', ctx.all('--min-score'), run);
  const coverageTargets = minimums('--min-coverage', ctx.all('--min-coverage'), run);
  // Read before the run, so that a baseline that cannot be used stops it at once.
  const baselineFile = ctx.value('--baseline');
  const writeBaseline = ctx.value('--write-baseline');
  const baseline = baselineFile === undefined ? undefined : readBaseline(baselineFile, 'error');
  const previous = writeBaseline === undefined ? undefined : writeBaseline === baselineFile ? baseline : readBaseline(writeBaseline, 'none');

  let transport: Transport;
  if (exec !== undefined) transport = execTransport(exec, { timeoutMs: timeout });
  else if (adapter !== undefined) {
    let module: AdapterModule;
    try {
      module = await loadAdapter(adapter);
    } catch (e) {
      throw new UsageError(`cannot load the adapter ${adapter}: ${(e as Error).message}`);
    }
    transport = moduleTransport(adapter, module, timeout);
  } else transport = moduleTransport('urigram', URIGRAM_ADAPTER);
  let report: Report;
  try {
    if (ctx.progress !== undefined) ctx.progress.total = suite.categories.filter((f) => categories === undefined || categories.includes(f.category)).reduce((n, f) => n + f.cases.length, 0);
    report = await runSuite(suite, transport, { categories: categories as Category[] | undefined, maxTimeMs: maxTime, onCase: () => ctx.progress?.add(1) });
  } catch (e) {
    if (e instanceof ProtocolError) throw new InputError(e.message);
    throw e;
  }

  const tally = (target: string): Tally => (target === 'core' ? report.profiles.find((p) => p.profile === 'core')! : report.scores.find((s) => s.category === target)!);
  const scored: MinScore[] = targets.map(({ target, min }) => ({ target, min, answered: tally(target).answered, met: reaches(tally(target), min) }));
  const covered: MinCoverage[] = coverageTargets.map(({ target, min }) => {
    const t = tally(target);
    // Exactly, as reaches() does the score: the answered of all the cases, not the rounded percentage.
    return { target, min, coverage: t.coverage, met: t.total > 0 && 100 * (t.passed + t.failed) >= min * t.total };
  });
  const comparison = baseline === undefined ? undefined : compareBaseline(report, suite, baseline, baselineFile!);
  const full: FullReport = { ...report, ...(comparison ? { baseline: comparison } : {}), ...(scored.length > 0 ? { minScores: scored } : {}), ...(covered.length > 0 ? { minCoverages: covered } : {}) };

  // A run stopped by its time limit writes no baseline: what it did not run would be recorded as not answered.
  if (writeBaseline !== undefined && report.stopped === undefined) writeOutput(writeBaseline, serializeBaseline(baselineOf(report, suite, previous)));
  else if (writeBaseline !== undefined) say(ctx.io, `urigram conformance: ${writeBaseline} is not written: the run stopped at its time limit (--max-time) with ${report.stopped!.notRun.length} cases not run\n`);
  const name = ctx.value('--format') ?? 'text';
  const output = ctx.value('--output');
  if (output !== undefined) {
    writeOutput(output, format(name, full, suite));
    // The report went to the file; the log gets the text report (CI shows both).
    ctx.out.write(reportText(full));
  } else ctx.out.write(format(name, full, suite));

  // Exit 1: a run stopped by its time limit; a score or a coverage under its minimum; a change from the
  // baseline (unless it was written again); without a baseline or a --min-score, any failure.
  if (report.stopped !== undefined) ctx.fail();
  if (scored.some((m) => !m.met) || covered.some((m) => !m.met)) ctx.fail();
  if (writeBaseline === undefined) {
    if (comparison !== undefined) {
      if (comparison.changed) ctx.fail();
    } else if (scored.length === 0 && report.failures.length > 0) ctx.fail();
  }
  await ctx.out.flush();
}
