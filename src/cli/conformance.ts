/**
 * urigram conformance: runs the conformance suite (conformance/, see its
 * README) against urigram itself, an in-process adapter module, or a program
 * over the JSON-lines protocol, and reports per category and by cause.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATEGORIES, loadSuite, type Category } from '../conformance/suite';
import { moduleTransport, runSuite, type AdapterModule, type Transport } from '../conformance/run';
import { execTransport, MAX_TIMEOUT_MS } from '../conformance/exec';
import { reportJson, reportMarkdown, reportSvg, reportText } from '../conformance/report';
import { URIGRAM_ADAPTER } from '../conformance/urigram-adapter';
import { UsageError } from './io';
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
  let suite;
  try {
    suite = loadSuite(suiteDir === undefined ? undefined : path.resolve(suiteDir));
  } catch (e) {
    throw new UsageError(`cannot read the suite: ${(e as Error).message}`);
  }
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
  const report = await runSuite(suite, transport, { categories: categories as Category[] | undefined });
  const format = ctx.value('--format') ?? 'text';
  ctx.out.write(format === 'json' ? reportJson(report) : format === 'markdown' ? reportMarkdown(report) : format === 'svg' ? reportSvg([report]) : reportText(report));
  if (report.scores.some((s) => s.failed > 0)) ctx.fail();
  await ctx.out.flush();
}
