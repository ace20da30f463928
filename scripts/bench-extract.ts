/**
 * Document-aware extraction, measured on the real README files of
 * test/corpus/readmes/ (npm run bench:extract):
 *
 * - precision and recall against a CommonMark parser's link list: each file
 *   rendered by markdown-it (raw HTML on, bare URLs linked as GitHub does,
 *   destinations as written), and the href, src and other URI-valued
 *   attributes of the rendered HTML read back by htmlparser2. Compared per
 *   file as sets of distinct URIs; plain Appendix C extraction (./extract) is
 *   measured the same way, for comparison;
 * - exact ranges: the share of URIs whose range in the file reads, once its
 *   escapes and character references are decoded, as the URI;
 * - speed: `urigram lint --extract` on all the files as one document (MB/s,
 *   median of runs), and markdown-it's own parse of the same text in the same
 *   minutes (the ratio), in alternating blocks of runs of one kind;
 * - linear time: `urigram lint --extract` on a hostile Markdown document of
 *   1 MB and of 10 MB, as time per MB.
 *
 * `--json` prints the figures as JSON; `--check` exits 1 when a target
 * (precision 98%, recall 95%, all ranges exact, 10 MB/s of wall time, per-MB cost of 10 MB
 * within 1.3x of 1 MB's) is missed.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Writable, Readable } from 'node:stream';
import MarkdownIt from 'markdown-it';
import { Parser } from 'htmlparser2';
import { extractDocument } from '../src/documents';
import { extract } from '../src/lint/extract';
import { main } from '../src/cli/main';

const DIR = path.join(__dirname, '..', 'test', 'corpus', 'readmes');
const ATTRIBUTES = new Set(['href', 'src', 'action', 'cite', 'formaction', 'poster', 'data', 'background', 'longdesc', 'manifest', 'codebase', 'icon', 'usemap', 'itemtype', 'itemid', 'xlink:href']);

/** The reference: the URIs of the document as markdown-it renders it. */
export function referenceLinks(text: string): Set<string> {
  const md = new MarkdownIt('default', { html: true, linkify: true });
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false });
  md.normalizeLink = (u: string) => u;
  md.normalizeLinkText = (u: string) => u;
  md.validateLink = () => true;
  const links = new Set<string>();
  const parser = new Parser({
    onattribute(name, value) {
      if (ATTRIBUTES.has(name.toLowerCase()) && value.trim() !== '') links.add(value.trim());
    },
  });
  parser.write(md.render(text));
  parser.end();
  return links;
}

export interface Figures {
  files: number;
  bytes: number;
  reference: number;
  found: number;
  truePositives: number;
  precision: number;
  recall: number;
  plain: { found: number; truePositives: number; precision: number; recall: number };
  ranges: { checked: number; exact: number; overlapping: number };
  misses: string[];
  extras: string[];
}

const ENTITY = /&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);/g;

/** The range text, decoded as the URI's kind decodes it. */
function decodeRange(raw: string, markdown: boolean): string {
  const md = new MarkdownIt();
  let s = raw.replace(ENTITY, (m) => md.utils.unescapeAll(m));
  if (markdown) s = s.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  return s;
}

export function measure(): Figures {
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.md') && f !== 'README.md').sort();
  const f: Figures = { files: files.length, bytes: 0, reference: 0, found: 0, truePositives: 0, precision: 0, recall: 0, plain: { found: 0, truePositives: 0, precision: 0, recall: 0 }, ranges: { checked: 0, exact: 0, overlapping: 0 }, misses: [], extras: [] };
  for (const file of files) {
    const text = fs.readFileSync(path.join(DIR, file), 'utf8');
    f.bytes += Buffer.byteLength(text);
    const ref = referenceLinks(text);
    const found = extractDocument(text, { kind: 'markdown' });
    const mine = new Set(found.map((u) => u.uri));
    const plain = new Set(extract(text).map((u) => u.uri));
    f.reference += ref.size;
    f.found += mine.size;
    f.plain.found += plain.size;
    for (const u of mine) {
      if (ref.has(u)) f.truePositives++;
      else f.extras.push(`${file}: ${u}`);
    }
    for (const u of ref) if (!mine.has(u)) f.misses.push(`${file}: ${u}`);
    for (const u of plain) if (ref.has(u)) f.plain.truePositives++;
    // No text is read twice: a URI's range never overlaps the next one's.
    for (let i = 1; i < found.length; i++) if (found[i].start < found[i - 1].end) f.ranges.overlapping++;
    for (const u of found) {
      f.ranges.checked++;
      const raw = text.slice(u.start, u.end);
      const whole = u.offsets ? Array.from(u.offsets, (o) => text[o]).join('') : raw;
      // Without offsets, the range is the URI itself; with them, each code unit is where they say (or decodes there).
      if (u.offsets ? decodeRange(raw, u.kind !== 'attribute').replace(/\s+/g, '') === u.uri.replace(/\s+/g, '') || whole === u.uri : raw === u.uri) f.ranges.exact++;
    }
  }
  f.precision = f.truePositives / f.found;
  f.recall = f.truePositives / f.reference;
  f.plain.precision = f.plain.truePositives / f.plain.found;
  f.plain.recall = f.plain.truePositives / f.reference;
  return f;
}

class Sink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.bytes += chunk.length;
    done();
  }
}

export interface Speed {
  mbPerSecond: number;
  cpuMbPerSecond: number;
  bytes: number;
  ms: number;
  cpuMs: number;
  /** markdown-it's own parse of the same text (all its rules, raw HTML on), in the same minutes: CPU and wall. */
  markdownItMbPerSecond: number;
  markdownItWallMbPerSecond: number;
  /** lint --extract's time over markdown-it's, medians of the same rounds: CPU and wall. */
  ratio: number;
  wallRatio: number;
}

/** Runs of the command before the timed ones: the first few compile its code and take two to five times as long. */
const WARM_UP = 5;
/** Timed runs of one kind in a row (after one that is not timed). */
const BLOCK = 3;

/** `urigram lint --extract` on all the files as one Markdown document: MB/s, the median of `runs` (after WARM_UP runs), in blocks of BLOCK. */
export async function speed(runs = 15, times = 1): Promise<Speed> {
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.md') && f !== 'README.md').sort();
  const all = files.map((f) => fs.readFileSync(path.join(DIR, f), 'utf8')).join('\n\n').repeat(times);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-bench-'));
  const file = path.join(tmp, 'all.md');
  fs.writeFileSync(file, all);
  const bytes = Buffer.byteLength(all);
  const samples: number[] = [];
  const cpu: number[] = [];
  const parser: number[] = [];
  const parserWall: number[] = [];
  const md = new MarkdownIt('default', { html: true });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const lint = async (): Promise<void> => {
    const io = { stdin: Readable.from([]) as never, stdout: new Sink(), stderr: new Sink() };
    await main(['lint', '--no-config', '--extract', file], io);
  };
  try {
    // Warm-up, not counted: the first runs compile the command's code (markdown-it is warm already, from measure()).
    for (let i = 0; i < WARM_UP; i++) await lint();
    // In rounds, each a block of the command's runs, then a block of markdown-it's parses: a timed run follows a run
    // of its own kind, whose garbage is its own. (Alternated run by run, each paid for collecting the other's: the
    // command's figure fell from about 12 MB/s of CPU to 7.5, markdown-it's own parse keeps every inline token.)
    // The first run of each block is not timed: it collects what the other block left.
    const rounds = Math.ceil(runs / BLOCK);
    for (let round = 0; round < rounds; round++) {
      await lint();
      for (let i = 0; i < BLOCK; i++) {
        const c0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        await lint();
        samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
      }
      // markdown-it's own parse of the same text, in the same minutes: the ceiling for Markdown.
      md.parse(all, {});
      for (let i = 0; i < BLOCK; i++) {
        const p0 = process.cpuUsage();
        const w0 = process.hrtime.bigint();
        md.parse(all, {});
        parserWall.push(Number(process.hrtime.bigint() - w0) / 1e6);
        const p = process.cpuUsage(p0);
        parser.push((p.user + p.system) / 1000);
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const ms = median(samples);
  const cpuMs = median(cpu);
  const rate = (t: number) => bytes / 1e6 / (t / 1000);
  return { mbPerSecond: rate(ms), cpuMbPerSecond: rate(cpuMs), bytes, ms, cpuMs, markdownItMbPerSecond: rate(median(parser)), markdownItWallMbPerSecond: rate(median(parserWall)), ratio: cpuMs / median(parser), wallRatio: ms / median(parserWall) };
}

/**
 * A hostile Markdown document of about `mb` MB: the families of
 * test/documents.test.ts's hostile documents (runs of "[", "[a](", "![a](",
 * "<", backticks, block quotes, definitions, quotes between blank lines,
 * escapes in a destination, table rows, escaped pipes in table cells,
 * directives), an equal share each, between blank lines.
 */
export function hostileMarkdown(mb: number): string {
  const families: Array<(n: number) => string> = [
    (n) => '['.repeat(n),
    (n) => '[a]('.repeat(n / 4),
    (n) => '![a](http://a/ '.repeat(n / 16),
    (n) => '<'.repeat(n),
    (n) => '`a'.repeat(n / 2),
    (n) => `${'> '.repeat(n / 2)}[a](http://a/)`,
    (n) => Array.from({ length: n / 20 }, (_, i) => `[d${i}]: http://a/${i}`).join('\n'),
    (n) => '"http:\n\n'.repeat(n / 8),
    (n) => `[a](http://a/${'\\('.repeat(n / 2)})`,
    (n) => `| a | b |\n|---|---|\n${'| [x](http://a/) | `y` |\n'.repeat(n / 25)}`,
    (n) => `| a | b |\n|---|---|\n${'| `a\\|` |\n'.repeat(n / 10)}`,
    (n) => '<!-- urigram-disable -->\n'.repeat(n / 25),
  ];
  const share = Math.floor((mb * 1e6) / families.length / 400) * 400;
  return families.map((f) => f(share)).join('\n\n');
}

/** `urigram lint --extract` on a hostile document of 1 MB and of 10 MB: CPU ms per MB of each (the median of `runs` for 1 MB, one run for 10 MB). */
export async function hostile(runs = 3): Promise<{ small: { bytes: number; msPerMb: number }; large: { bytes: number; msPerMb: number }; ratio: number }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-bench-'));
  const time = async (text: string): Promise<number> => {
    const file = path.join(tmp, 'hostile.md');
    fs.writeFileSync(file, text);
    const io = { stdin: Readable.from([]) as never, stdout: new Sink(), stderr: new Sink() };
    // CPU time: one run of 10 MB lasts seconds, long enough on a shared machine to be descheduled for part of them.
    const c0 = process.cpuUsage();
    await main(['lint', '--no-config', '--extract', file], io);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  try {
    await time(hostileMarkdown(0.1)); // warm-up
    const small = hostileMarkdown(1);
    const large = hostileMarkdown(10);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await time(small));
    const smallMs = [...samples].sort((a, b) => a - b)[samples.length >> 1];
    const largeMs = await time(large);
    const perMb = (ms: number, text: string) => ms / (Buffer.byteLength(text) / 1e6);
    const s = { bytes: Buffer.byteLength(small), msPerMb: perMb(smallMs, small) };
    const l = { bytes: Buffer.byteLength(large), msPerMb: perMb(largeMs, large) };
    return { small: s, large: l, ratio: l.msPerMb / s.msPerMb };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function run(): Promise<void> {
  const f = measure();
  const s = await speed();
  const h = await hostile();
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...f, misses: f.misses.length, extras: f.extras.length, speed: s, hostile: h }, null, 2));
  } else {
    console.log(`${f.files} README files, ${(f.bytes / 1024).toFixed(0)} KiB; reference (markdown-it's links): ${f.reference} distinct URIs per file, summed`);
    console.log(`document-aware: ${f.found} found, ${f.truePositives} in the reference: precision ${pct(f.precision)}, recall ${pct(f.recall)}`);
    console.log(`plain Appendix C: ${f.plain.found} found, ${f.plain.truePositives} in the reference: precision ${pct(f.plain.precision)}, recall ${pct(f.plain.recall)}`);
    console.log(`exact ranges: ${f.ranges.exact} of ${f.ranges.checked}; overlapping ranges: ${f.ranges.overlapping}`);
    const load = `${os.loadavg()[0].toFixed(1)}`;
    console.log(`lint --extract: ${(s.bytes / 1e6).toFixed(2)} MB in ${s.ms.toFixed(0)} ms wall, ${s.cpuMs.toFixed(0)} ms CPU (medians of 15, after ${WARM_UP} warm-up runs): ${s.mbPerSecond.toFixed(1)} MB/s wall, ${s.cpuMbPerSecond.toFixed(1)} MB/s CPU; markdown-it's parse alone: ${s.markdownItWallMbPerSecond.toFixed(1)} MB/s wall, ${s.markdownItMbPerSecond.toFixed(1)} MB/s CPU; lint --extract takes ${s.wallRatio.toFixed(2)}x its time (wall), ${s.ratio.toFixed(2)}x (CPU); load average ${load} on ${os.cpus().length} CPUs`);
    console.log(`hostile Markdown: ${(h.small.bytes / 1e6).toFixed(1)} MB at ${h.small.msPerMb.toFixed(0)} ms/MB, ${(h.large.bytes / 1e6).toFixed(1)} MB at ${h.large.msPerMb.toFixed(0)} ms/MB (CPU): ${h.ratio.toFixed(2)}x per MB`);
    // The rows of BENCHMARKS.md's tables, as they are written there.
    const time = new Date().toISOString().slice(11, 16);
    console.log(`| ${time} (${load}) | ${s.ms.toFixed(0)} ms | ${s.cpuMs.toFixed(0)} ms | ${s.mbPerSecond.toFixed(1)} | ${s.cpuMbPerSecond.toFixed(1)} | ${s.markdownItWallMbPerSecond.toFixed(1)} | ${s.markdownItMbPerSecond.toFixed(1)} | ${s.wallRatio.toFixed(2)}x | ${s.ratio.toFixed(2)}x |`);
    console.log(`| ${time} (${load}) | ${h.small.msPerMb.toFixed(0)} ms | ${h.large.msPerMb.toFixed(0)} ms | ${h.ratio.toFixed(2)}x |`);
    if (process.argv.includes('--verbose')) {
      for (const m of f.misses) console.log(`missed  ${m}`);
      for (const e of f.extras) console.log(`extra   ${e}`);
    }
  }
  if (process.argv.includes('--check') && (f.precision < 0.98 || f.recall < 0.95 || f.ranges.exact < f.ranges.checked || f.ranges.overlapping > 0 || s.mbPerSecond < 10 || h.ratio > 1.3)) process.exitCode = 1;
}

if (require.main === module) void run();
