/**
 * `urigram whatwg`: each URI as RFC 3986 reads it and as the WHATWG URL
 * Standard does (the runtime's URL), side by side, with the differences, their
 * classes and a caret under each cause (compareWithWhatwg, docs/whatwg.md);
 * `--json`, one comparison per line; `--table`, one Markdown table of all the
 * inputs, what each side reads. Exits 1 when any input has a security
 * difference (scheme, userinfo, host or port): a CI gate over a list of URLs.
 */
import { UriOptionError } from '../core/options';
import { compareWithWhatwg, type WhatwgComparison, type WhatwgComponent, type WhatwgDifference } from '../whatwg/compare-whatwg';
import { caretWindow } from '../core/errors';
import { errorMessage, syntaxErrorJson, tooLongResult } from './output';
import { inputs } from './inputs';
import { UsageError } from './io';
import type { Context } from './command';

const COMPONENTS: readonly WhatwgComponent[] = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];

/** A component's value for the side-by-side table: quoted, or "absent". */
const shown = (v: string | undefined): string => (v === undefined ? 'absent' : JSON.stringify(v));

/** The two readings, component by component, in two columns. */
function sideBySide(c: WhatwgComparison): string[] {
  const r = c.rfc3986;
  const w = c.whatwg;
  const rows: Array<[string, string, string]> = [['', 'RFC 3986', 'WHATWG']];
  const rfcCell = (k: WhatwgComponent): string => {
    if (!r.valid) return k === 'scheme' ? `invalid at offset ${r.error.offset}` : '';
    const v = shown(r[k]);
    return k === 'host' && r.hostKind !== undefined ? `${v} ${r.hostKind}` : v;
  };
  const whatwgCell = (k: WhatwgComponent): string => {
    if (!w.valid) return k === 'scheme' ? 'failure' : '';
    if (k === 'userinfo') return shown(w.username === '' && w.password === '' ? undefined : w.password === '' ? w.username : `${w.username}:${w.password}`);
    const v = shown(k === 'scheme' ? w.scheme : k === 'host' ? w.host : k === 'port' ? w.port : k === 'path' ? w.path : k === 'query' ? w.query : w.fragment);
    return k === 'host' && w.hostKind !== undefined ? `${v} ${w.hostKind}` : v;
  };
  for (const k of COMPONENTS) rows.push([k, rfcCell(k), whatwgCell(k)]);
  const width = Math.max(...rows.map((row) => row[1].length), 'RFC 3986'.length) + 2;
  return rows.map(([k, a, b]) => `  ${k.padEnd(10)} ${b === '' && a === '' ? '' : a.padEnd(width)}${b}`.trimEnd());
}

/** One difference (or note), with a caret under its cause. */
function entryText(input: string, d: WhatwgDifference, note: boolean): string[] {
  const head = `  ${note ? 'note' : 'difference'}: ${d.component}, ${d.class}${d.security ? ' (security)' : ''}`;
  if (d.offset < 0) return [head, `    ${d.message}`];
  const { shown: text, caret } = caretWindow(input, d.offset, 72);
  return [head, `    ${text}`, `    ${' '.repeat(caret)}^`, `    ${d.message}`];
}

function comparisonText(c: WhatwgComparison): string {
  const lines = [`input      ${JSON.stringify(c.input)}`, ...sideBySide(c)];
  lines.push(`verdict    ${c.verdict}`);
  if (!c.rfc3986.valid) lines.push(`  RFC 3986: ${c.rfc3986.error.message}`);
  if (!c.whatwg.valid) lines.push(`  WHATWG: ${c.whatwg.error.message}`);
  for (const d of c.differences) lines.push(...entryText(c.input, d, false));
  for (const d of c.notes) lines.push(...entryText(c.input, d, true));
  return `${lines.join('\n')}\n`;
}

export function comparisonJson(c: WhatwgComparison): string {
  const rfc3986 = c.rfc3986.valid ? c.rfc3986 : { valid: false, error: syntaxErrorJson(c.rfc3986.error) };
  // An absent component is null, as in every --json output of urigram.
  return `${JSON.stringify(nullForUndefined({ ...c, rfc3986 }))}\n`;
}

/**
 * The value with each undefined in it null: what JSON.stringify with the replacer (_k, v) => (v === undefined ? null :
 * v) writes, written by JSON.stringify without one, which is a third faster (a replacer takes it off its fast path).
 * For the plain data of a comparison (objects, arrays, strings, numbers, booleans); a toJSON is called as
 * JSON.stringify would.
 */
function nullForUndefined(v: unknown): unknown {
  if (v === undefined) return null;
  if (v === null || typeof v !== 'object') return v;
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return nullForUndefined((v as { toJSON(): unknown }).toJSON());
  if (Array.isArray(v)) return v.map(nullForUndefined);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = nullForUndefined((v as Record<string, unknown>)[k]);
  return out;
}

// ------------------------------------------------------------- --table: what each side reads

/** The components an entry is about, in order, from the differences and the notes. */
function about(c: WhatwgComparison): WhatwgComponent[] {
  const set = new Set<WhatwgComponent>([...c.differences, ...c.notes].map((d) => d.component));
  // A one-sided verdict: the side that reads shows its host and path, where the cause takes effect.
  if (c.verdict === 'whatwg-only' || c.verdict === 'rfc3986-only') set.add('host').add('path');
  return COMPONENTS.filter((k) => set.has(k));
}

const code = (s: string): string => `\`${s.replace(/\|/g, '\\|').replace(/\t/g, '\\t').replace(/\n/g, '\\n')}\``;

/** What one side reads, in a few words: "host `127.0.0.1` (IPv4)", "invalid at offset 5", "failure". */
function reads(c: WhatwgComparison, side: 'rfc3986' | 'whatwg'): string {
  const parts: string[] = [];
  if (side === 'whatwg') {
    const w = c.whatwg;
    if (!w.valid) return 'failure';
    for (const k of about(c)) {
      if (k === 'host') parts.push(w.host === undefined ? 'no host' : `host ${code(w.host)}${w.hostKind === 'IPv4' || w.hostKind === 'IPv6' ? ` (${w.hostKind})` : ''}`);
      else if (k === 'userinfo') parts.push(w.username === '' && w.password === '' ? 'no userinfo' : `userinfo ${code(w.password === '' ? w.username : `${w.username}:${w.password}`)}`);
      else if (k === 'scheme') parts.push(`scheme ${code(w.scheme)}`);
      else if (k === 'port') parts.push(w.port === undefined ? 'no port' : `port ${code(w.port)}`);
      else if (k === 'path') parts.push(`path ${code(w.path)}`);
      else parts.push(w[k] === undefined ? `no ${k}` : `${k} ${code(w[k] as string)}`);
    }
  } else {
    const r = c.rfc3986;
    if (!r.valid) return `invalid at offset ${r.error.offset}`;
    for (const k of about(c)) {
      if (k === 'host') parts.push(r.host === undefined ? 'no authority' : r.host === '' ? 'empty host' : `${r.hostKind} ${code(r.host)}`);
      else if (k === 'path') parts.push(`path ${code(r.path)}`);
      else parts.push(r[k] === undefined ? `no ${k}` : `${k} ${code(r[k] as string)}`);
    }
  }
  return parts.length === 0 ? 'the same' : parts.join(', ');
}

function verdictCell(c: WhatwgComparison): string {
  // Each class once, "(security)" when any of its differences is one.
  const classes = [...new Set(c.differences.map((d) => d.class))].map((k) => `${k}${c.differences.some((d) => d.class === k && d.security) ? ' (security)' : ''}`);
  const notes = [...new Set(c.notes.map((d) => d.class))];
  if (c.verdict === 'same') return notes.length === 0 ? 'same' : `same; notes: ${notes.join(', ')}`;
  return classes.length === 0 ? c.verdict : `${c.verdict}: ${classes.join(', ')}`;
}

function tableRow(c: WhatwgComparison): string {
  return `| ${code(c.input)} | ${reads(c, 'whatwg')} | ${reads(c, 'rfc3986')} | ${verdictCell(c)} |\n`;
}

export async function runWhatwg(ctx: Context): Promise<void> {
  const json = ctx.has('--json');
  const table = ctx.has('--table');
  const grammar = (ctx.value('--grammar') ?? 'rfc3986') as 'rfc3986' | 'rfc3987';
  const base = ctx.value('--base');
  const options = { grammar, ...(base === undefined ? {} : { base }) };
  if (base !== undefined) {
    try {
      compareWithWhatwg('', options);
    } catch (e) {
      if (e instanceof UriOptionError) throw new UsageError(`--base: ${e.message.replace(/^compareWithWhatwg: option base /, '')}`);
      throw e;
    }
  }
  if (table) ctx.out.write(`| input | WHATWG reads | RFC ${grammar === 'rfc3987' ? '3987' : '3986'} reads | verdict |\n| --- | --- | --- | --- |\n`);
  let first = true;
  for await (const input of inputs(ctx)) {
    if (typeof input !== 'string') {
      ctx.fail();
      ctx.out.write(tooLongResult(input, json ? { input: null, error: input.message } : undefined));
      await ctx.out.flushSoon();
      continue;
    }
    let c: WhatwgComparison;
    try {
      c = compareWithWhatwg(input, options);
    } catch (e) {
      // Not for a bad input (every string has a verdict): a bug, reported on its input, and the next one read.
      ctx.fail();
      ctx.out.write(json ? `${JSON.stringify({ input, error: errorMessage(e) })}\n` : `input      ${JSON.stringify(input)}\n  ${errorMessage(e)}\n`);
      await ctx.out.flushSoon();
      continue;
    }
    if (c.differences.some((d) => d.security)) ctx.fail();
    ctx.out.write(json ? comparisonJson(c) : table ? tableRow(c) : `${first ? '' : '\n'}${comparisonText(c)}`);
    first = false;
    await ctx.out.flushSoon();
  }
}
