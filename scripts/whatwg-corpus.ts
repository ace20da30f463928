/**
 * compareWithWhatwg over a corpus of URLs, one per line (default
 * test/corpus/web-urls.txt): how many lines get each verdict, and how many
 * lines have a difference of each class (a line counts once per class). Prints
 * the Markdown table that docs/whatwg.md shows (test/whatwg.test.ts checks
 * that the page's table is this one), then, with --list CLASS, the lines of
 * that class.
 *
 *   npx ts-node --transpile-only scripts/whatwg-corpus.ts [FILE] [--list CLASS]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compareWithWhatwg } from '../src';

export interface CorpusCounts {
  readonly lines: number;
  readonly verdicts: Record<string, number>;
  /** By "verdict class" (with " (security)" when a difference of that class is a security one), lines. */
  readonly classes: Record<string, number>;
  /** Notes (equal in canonical form), by class: lines. */
  readonly notes: Record<string, number>;
}

const VERDICTS = ['same', 'differs', 'rfc3986-only', 'whatwg-only', 'neither'];

/** The lines of a corpus file: a byte-order mark and empty lines left out. */
export function corpusLines(text: string): string[] {
  return text
    .replace(/^\ufeff/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '');
}

export function corpusCounts(text: string, each?: (line: string, c: ReturnType<typeof compareWithWhatwg>) => void): CorpusCounts {
  const lines = corpusLines(text);
  const verdicts: Record<string, number> = Object.fromEntries(VERDICTS.map((v) => [v, 0]));
  const classes: Record<string, number> = {};
  const notes: Record<string, number> = {};
  for (const line of lines) {
    const c = compareWithWhatwg(line);
    verdicts[c.verdict]++;
    for (const key of new Set(c.differences.map((d) => `${c.verdict} ${d.class}${d.security ? ' (security)' : ''}`))) classes[key] = (classes[key] ?? 0) + 1;
    for (const key of new Set(c.notes.map((d) => d.class))) notes[key] = (notes[key] ?? 0) + 1;
    each?.(line, c);
  }
  return { lines: lines.length, verdicts, classes, notes };
}

const n = (x: number): string => x.toLocaleString('en-US');

/** The Markdown tables: verdicts, then the classes of the differences, then the notes. */
export function corpusTable(c: CorpusCounts): string {
  const out = [`| verdict | lines |`, `| --- | ---: |`, ...VERDICTS.map((v) => `| ${v} | ${n(c.verdicts[v])} |`), `| all | ${n(c.lines)} |`, ''];
  out.push('| verdict | class | lines |', '| --- | --- | ---: |');
  for (const [key, count] of Object.entries(c.classes).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const [verdict, ...rest] = key.split(' ');
    out.push(`| ${verdict} | \`${rest[0]}\`${rest.length > 1 ? ' (security)' : ''} | ${n(count)} |`);
  }
  out.push('', '| note (equal in canonical form) | lines |', '| --- | ---: |');
  for (const [key, count] of Object.entries(c.notes).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) out.push(`| \`${key}\` | ${n(count)} |`);
  return out.join('\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const listAt = args.indexOf('--list');
  const list = listAt >= 0 ? args.splice(listAt, 2)[1] : undefined;
  const file = args[0] ?? path.join(__dirname, '..', 'test', 'corpus', 'web-urls.txt');
  const listed: string[] = [];
  const counts = corpusCounts(fs.readFileSync(file, 'utf8'), (line, c) => {
    for (const d of c.differences) if (d.class === list) listed.push(`${c.verdict}\t${d.component}\t${d.offset}\t${JSON.stringify(line)}\t${d.message}`);
  });
  process.stdout.write(`${corpusTable(counts)}\n`);
  if (list !== undefined) process.stdout.write(`\n${listed.join('\n')}\n`);
}
