/**
 * `urigram readings`: each URI as every parser of a stack reads it, one
 * table per input (rows: the readers; columns: the components), then the
 * hosts each group of readers reads and each cause of a difference, with its
 * class and the pairs of readers that show it (compareReadings, urigram/node,
 * docs/whatwg.md).
 * Built-in readers: rfc3986, whatwg, node-legacy; any other name is asked
 * of the conformance adapters (./external-readers), and a reader that cannot
 * be started is said on standard error. Exits 1 when two readers disagree
 * on the scheme, userinfo, host or port of an input, as `urigram whatwg` does.
 */
import { UriOptionError } from '../core/options';
import type { WhatwgComponent } from '../whatwg/compare-whatwg';
import type { Reader } from '../whatwg/reader';
import type { ReadingDifference, ReadingsComparison } from '../whatwg/readers/compare';
import { compareReadings, NODE_READERS } from '../node';
import { caretWindow } from '../core/errors';
import { errorMessage, tooLongResult } from './output';
import { inputBatches } from './inputs';
import { UsageError } from './io';
import { externalReaders } from './external-readers';
import type { Context } from './command';

const COMPONENTS: readonly WhatwgComponent[] = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
const BUILT_IN: readonly string[] = ['rfc3986', 'whatwg', ...Object.keys(NODE_READERS)];

/** A cell: the value quoted, "-" for none; a long one cut (a table stays readable, --format json has it whole). */
function cell(v: string | null): string {
  if (v === null) return '-';
  const s = JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

function tableText(c: ReadingsComparison): string[] {
  const rows: string[][] = [['', ...COMPONENTS]];
  for (const name of c.readers) {
    const r = c.readings[name];
    rows.push(r.ok ? [name, ...COMPONENTS.map((k) => cell(r.reading[k]))] : [name, `refuses it: ${r.error.length > 100 ? `${r.error.slice(0, 100)}…` : r.error}`]);
  }
  const widths = COMPONENTS.map((_, k) => Math.max(...rows.filter((row) => row.length > 2).map((row) => row[k + 1].length)));
  const first = Math.max(...rows.map((row) => row[0].length));
  return rows.map((row) => `  ${row[0].padEnd(first)}  ${row.length === 2 ? row[1] : row.slice(1).map((v, k) => v.padEnd(widths[k])).join('  ')}`.trimEnd());
}

/** The readers grouped by the host they read: "rfc3986, whatwg: "a.example"; node-legacy: "a"". */
function hosts(c: ReadingsComparison): string {
  const groups = new Map<string, string[]>();
  for (const name of c.readers) {
    const r = c.readings[name];
    const key = r.ok ? (r.reading.host === null ? 'no host' : JSON.stringify(r.reading.host)) : 'refuses it';
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  return [...groups].map(([host, names]) => `${names.join(', ')}: ${host}`).join('; ');
}

function comparisonText(c: ReadingsComparison): string {
  const lines = [`input      ${JSON.stringify(c.input)}`, ...tableText(c)];
  const hostDiffers = c.pairs.some((p) => p.differences.some((d) => d.component === 'host' && d.security));
  lines.push(`hosts      ${hostDiffers ? 'differ' : 'agree'}: ${hosts(c)}`);
  // One entry per cause (component, class, offset), with the pairs that show it: five readers make ten pairs.
  const causes = new Map<string, { d: ReadingDifference; pairs: string[] }>();
  for (const p of c.pairs) {
    for (const d of p.differences) {
      const key = `${d.component}\u0000${d.class}\u0000${d.offset}\u0000${d.security}`;
      const entry = causes.get(key) ?? causes.set(key, { d, pairs: [] }).get(key)!;
      entry.pairs.push(`${p.readers[0]} / ${p.readers[1]}`);
    }
  }
  for (const { d, pairs } of causes.values()) {
    lines.push(`  ${d.component}, ${d.class}${d.security ? ' (security)' : ''}: ${pairs.join(', ')}`);
    if (d.offset >= 0) {
      const { shown, caret } = caretWindow(c.input, d.offset, 72);
      lines.push(`    ${shown}`, `    ${' '.repeat(caret)}^`);
    }
    lines.push(`    ${d.message}`);
  }
  lines.push(`verdict    ${c.security ? 'security difference' : c.pairs.some((p) => p.differences.length > 0) ? 'differences, none of security' : 'the same'}`);
  return `${lines.join('\n')}\n`;
}

export async function runReadings(ctx: Context): Promise<void> {
  const json = ctx.value('--format') === 'json';
  const grammar = (ctx.value('--grammar') ?? 'rfc3986') as 'rfc3986' | 'rfc3987';
  const base = ctx.value('--base');
  const names = (ctx.value('--readers') ?? 'rfc3986,whatwg,node-legacy').split(',').map((n) => n.trim());
  if (names.some((n) => n === '')) throw new UsageError(`--readers: a comma-separated list of reader names, got ${JSON.stringify(ctx.value('--readers'))}`);
  const twice = names.find((n, k) => names.indexOf(n) !== k);
  if (twice !== undefined) throw new UsageError(`--readers: ${JSON.stringify(twice)} is named twice`);
  const external = names.filter((n) => !BUILT_IN.includes(n));
  // A base the built-in readers cannot read: a usage error before any input is read (as urigram whatwg does).
  const builtins = names.filter((n) => BUILT_IN.includes(n));
  if (base !== undefined && builtins.length > 0) {
    try {
      compareReadings('', { readers: builtins, grammar, base });
    } catch (e) {
      if (e instanceof UriOptionError && e.option === 'base') throw new UsageError(`--base: ${e.message.replace(/^compareReadings: option base /, '')}`);
      throw e;
    }
  }
  let told = false;
  let first = true;
  for await (const batch of inputBatches(ctx)) {
    // The external readers answer a batch at once (one process per adapter for the batch).
    const strings = batch.filter((l): l is string => typeof l === 'string');
    let others: Record<string, Reader> = {};
    if (external.length > 0) {
      // The base too, read against itself: compareReadings asks every reader to read it.
      const got = await externalReaders(external, base === undefined ? strings : [base, ...strings], base);
      others = got.readers;
      if (!told) for (const m of got.missing) ctx.io.stderr.write(`urigram readings: ${m.name}: ${m.why}\n`);
      told = true;
    }
    const readers: Record<string, Reader | string> = {};
    for (const n of names) {
      if (BUILT_IN.includes(n)) readers[n] = n;
      else if (others[n] !== undefined) readers[n] = others[n];
    }
    if (Object.keys(readers).length === 0) throw new UsageError(`--readers: none of ${names.join(', ')} can be read with (built in: ${BUILT_IN.join(', ')})`);
    const options = { readers, grammar, ...(base === undefined ? {} : { base }) };
    for (const input of batch) {
      if (typeof input !== 'string') {
        ctx.fail();
        ctx.out.write(tooLongResult(input, json ? { input: null, error: input.message } : undefined));
        await ctx.out.flushSoon();
        continue;
      }
      let c: ReadingsComparison;
      try {
        c = compareReadings(input, options);
      } catch (e) {
        if (e instanceof UriOptionError && e.option === 'base') throw new UsageError(`--base: ${e.message.replace(/^compareReadings: option base /, '')}`);
        // Not for a bad input (every string has its readings): a bug, or a reader that threw, reported on its input, and the next one read.
        ctx.fail();
        ctx.out.write(json ? `${JSON.stringify({ input, error: errorMessage(e) })}\n` : `input      ${JSON.stringify(input)}\n  ${errorMessage(e)}\n`);
        await ctx.out.flushSoon();
        continue;
      }
      if (c.security) ctx.fail();
      ctx.out.write(json ? `${JSON.stringify(c)}\n` : `${first ? '' : '\n'}${comparisonText(c)}`);
      first = false;
      await ctx.out.flushSoon();
    }
  }
}
