/**
 * npm run lint-recall -- [--set tune|judge|all] [--cache DIR] [--per-class N] [--seed S] [--cli FILE] [--standard S] [--list]
 *
 * How many of the links authors break `urigram lint --extract` reports (issue 45, docs/lint-signal.md), and
 * how much it says about links nobody broke. Real repository trees, as their projects released them: the
 * upstream tarballs (`.orig.tar.*`) of Debian source packages, which hold the docs, READMEs and CHANGELOGs
 * with the files their relative links point to (unlike npm tarballs or installed packages). Each tree is
 * named with its Debian version and its licence (TREES; those whose tarballs the mirror here served: python-mkdocs,
 * node-axios, node-chalk, jq, node-mocha and rust-tokio answered 404), downloaded once with `apt-get source
 * --download-only` into a cache outside the repository (--cache, default $URIGRAM_RECALL_CACHE or
 * ~/.cache/urigram-recall), never at test time.
 *
 * 1. Noise: each tree, unbroken, linted as a new user would (`--no-config`, the default preset): every error
 *    and warning is listed for a person to judge (actionable or not), and counted per 10,000 URIs.
 * 2. Recall: the real links of the tree's Markdown and HTML files (destinations of links, images,
 *    definitions, autolinks and HTML attributes, written as they are read, on lines where the unbroken run
 *    found nothing) are broken the way authors break them, each CLASS its own way, at most --per-class
 *    links a class in a tree, one per line, drawn with a seed. For each class, a copy of the tree (hard
 *    links) with the broken files written over is linted, and a broken link counts as found when a
 *    finding (any rule, any severity) is on its line. Recall per class and overall.
 *
 * A class is one entry of CLASSES: which links it can break and how. Classes that need the tree (a
 * relative link to a file that does not exist, a dead anchor) are entries like the others: `breaks` is
 * given the tree's file list.
 *
 * The trees are in two sets: `tune` (those the rules were tuned on) and `judge` (looked at only to
 * report): figures for judging come from the second.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { extractDocument, kindOfFile, type DocumentUri } from '../src/documents';
import { Random } from './grammar-check/generate';

/** A tree: a Debian source package at a version, its licence, and the set it is in. */
interface Tree {
  readonly pkg: string;
  readonly version: string;
  readonly licence: string;
  readonly set: 'tune' | 'judge';
}

export const TREES: readonly Tree[] = [
  { pkg: 'node-markdown-it', version: '22.2.3+dfsg+~12.2.3-2', licence: 'MIT', set: 'tune' },
  { pkg: 'node-express', version: '4.18.2+~4.17.14-1', licence: 'MIT', set: 'tune' },
  { pkg: 'golang-github-spf13-cobra', version: '1.6.1-1', licence: 'Apache-2.0', set: 'tune' },
  { pkg: 'node-commander', version: '9.4.1-1', licence: 'MIT', set: 'tune' },
  { pkg: 'golang-github-gin-gonic-gin', version: '1.8.1-1', licence: 'MIT', set: 'judge' },
  { pkg: 'rust-clap', version: '4.0.32-1', licence: 'MIT or Apache-2.0', set: 'judge' },
  { pkg: 'node-yargs', version: '16.2.0+~16.0.4-7', licence: 'MIT', set: 'judge' },
  { pkg: 'fzf', version: '0.38.0-1', licence: 'MIT', set: 'judge' },
  { pkg: 'rust-ripgrep', version: '13.0.0-4', licence: 'MIT or Unlicense', set: 'judge' },
  { pkg: 'node-webpack', version: '5.75.0+dfsg+~cs17.16.14-1+deb12u1', licence: 'MIT', set: 'judge' },
  { pkg: 'node-marked', version: '4.2.3+ds+~4.0.7-2', licence: 'MIT', set: 'judge' },
  { pkg: 'node-js-yaml', version: '4.1.0+dfsg+~4.0.5-7', licence: 'MIT', set: 'judge' },
  { pkg: 'golang-github-urfave-cli', version: '1.22.9-2', licence: 'MIT', set: 'judge' },
];

/** A real link of a tree: where it is, and what the document says it is. */
export interface Link {
  /** The file, relative to the tree. */
  readonly file: string;
  readonly uri: string;
  /** Its [start, end) in the file's text, where the text is the URI as written. */
  readonly start: number;
  readonly end: number;
  /** Its line, from 1. */
  readonly line: number;
  readonly kind: DocumentUri['kind'];
}

/** What a class is given besides the link: the tree's files (relative, "/"-separated), and the seeded draw. */
export interface BreakContext {
  readonly files: ReadonlySet<string>;
  readonly random: Random;
}

/** A way authors break a link: the links it can break, and the destination text it makes of one. */
export interface BreakClass {
  /** Its name in the report (the lint rule that should find it, where there is one). */
  readonly name: string;
  /** What it does, for the report. */
  readonly what: string;
  readonly takes: (link: Link) => boolean;
  readonly breaks: (link: Link, ctx: BreakContext) => string;
}

const WEB = /^https?:\/\/[^/?#\s]/i;
const pick = <T>(random: Random, xs: readonly T[]): T => xs[random.int(xs.length)];

/** Typos of a scheme as hands make them: a letter dropped, doubled, swapped with the next, or its neighbour on the keyboard typed. */
function typos(scheme: string): string[] {
  const near: Record<string, string> = { h: 'gj', t: 'ry', p: 'o', s: 'ad', m: 'n', a: 's', i: 'uo', l: 'k', o: 'ip' };
  const out = new Set<string>();
  for (let i = 0; i < scheme.length; i++) {
    out.add(scheme.slice(0, i) + scheme.slice(i + 1));
    out.add(scheme.slice(0, i + 1) + scheme[i] + scheme.slice(i + 1));
    if (i + 1 < scheme.length) out.add(scheme.slice(0, i) + scheme[i + 1] + scheme[i] + scheme.slice(i + 2));
    for (const c of near[scheme[i]] ?? '') out.add(scheme.slice(0, i) + c + scheme.slice(i + 1));
  }
  out.delete(scheme);
  return [...out];
}

/** Schemes a typo must not land on: what a link's scheme can legitimately be (a typo that lands there is no typo a linter can see). */
const LANDS_ON = new Set(['http', 'https', 'ftp', 'ftps', 'mailto', 'ttp', 'hftp', 'shttp', 'ws', 'wss']);

export const CLASSES: readonly BreakClass[] = [
  {
    name: 'missing-colon',
    what: 'the ":" after http or https left out, or typed as ";"',
    takes: (l) => WEB.test(l.uri),
    breaks: (l, { random }) => l.uri.replace(':', pick(random, ['', '', ';'])),
  },
  {
    name: 'missing-slash',
    what: 'one "/" of "//" left out',
    takes: (l) => WEB.test(l.uri),
    breaks: (l) => l.uri.replace('://', ':/'),
  },
  {
    name: 'missing-scheme',
    what: 'a link to a www. host without its scheme and "//"',
    takes: (l) => /^https?:\/\/www\d{0,3}\./i.test(l.uri),
    breaks: (l) => l.uri.replace(/^https?:\/\//i, ''),
  },
  {
    name: 'doubled-scheme',
    what: 'the scheme written twice ("https://https://", "http://http//")',
    takes: (l) => WEB.test(l.uri),
    breaks: (l, { random }) => {
      const scheme = /^[a-z]+/i.exec(l.uri)![0];
      return random.int(2) === 0 ? `${scheme}://${l.uri}` : `${scheme}://${scheme}//${l.uri.slice(scheme.length + 3)}`;
    },
  },
  {
    name: 'scheme-typo',
    what: 'a typo in http, https or mailto (a letter dropped, doubled, swapped or its neighbour typed)',
    takes: (l) => WEB.test(l.uri) || /^mailto:[^@\s]+@/i.test(l.uri),
    breaks: (l, { random }) => {
      const scheme = /^[a-z]+/i.exec(l.uri)![0].toLowerCase();
      return pick(random, typos(scheme).filter((t) => !LANDS_ON.has(t))) + l.uri.slice(scheme.length);
    },
  },
  {
    name: 'trailing-punctuation',
    what: 'the sentence\'s "." or "," typed inside the link\'s destination, or a closing smart quote after the URI',
    takes: (l) => WEB.test(l.uri) && !/[.,)\u201d]$/.test(l.uri),
    breaks: (l, { random }) => l.uri + pick(random, l.kind === 'attribute' ? ['.', ',', ')', '\u201d'] : ['.', ',', '\u201d']),
  },
];

interface Options {
  set: 'tune' | 'judge' | 'all';
  cache: string;
  perClass: number;
  seed: number;
  cli: string;
  list: boolean;
  /** --standard: lint's standard (rfc3986, whatwg-url, auto), passed to every run; undefined: the default. */
  standard?: string;
}

function parseArgs(argv: string[]): Options {
  const out: Options = {
    set: 'all',
    cache: process.env.URIGRAM_RECALL_CACHE ?? path.join(os.homedir(), '.cache', 'urigram-recall'),
    perClass: 40,
    seed: 45,
    cli: path.join(__dirname, '..', 'dist', 'src', 'cli.js'),
    list: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--set') out.set = argv[++i] as Options['set'];
    else if (a === '--cache') out.cache = path.resolve(argv[++i]);
    else if (a === '--per-class') out.perClass = Number(argv[++i]);
    else if (a === '--seed') out.seed = Number(argv[++i]);
    else if (a === '--cli') out.cli = path.resolve(argv[++i]);
    else if (a === '--list') out.list = true;
    else if (a === '--standard') out.standard = argv[++i];
    else throw new Error(`npm run lint-recall: unknown argument ${JSON.stringify(a)}`);
  }
  if (!['tune', 'judge', 'all'].includes(out.set)) throw new Error('--set is tune, judge or all');
  return out;
}

/** The apt options of the deb-src index (docs: debian-src), made when missing. */
function aptSourceIndex(): string[] {
  const dir = process.env.URIGRAM_DEBSRC ?? '/tmp/debsrc';
  const options = ['-o', 'Dir::Etc::SourceList=/dev/null', '-o', `Dir::Etc::SourceParts=${dir}/srcparts`, '-o', `Dir::State::Lists=${dir}/lists`];
  if (!fs.existsSync(path.join(dir, 'lists'))) {
    fs.mkdirSync(path.join(dir, 'srcparts'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'lists', 'partial'), { recursive: true });
    const sources = fs.readFileSync('/etc/apt/sources.list.d/debian.sources', 'utf8').replace(/^Types: deb$/gm, 'Types: deb-src');
    fs.writeFileSync(path.join(dir, 'srcparts', 'src.sources'), sources);
    run('apt-get', [...options, 'update'], dir);
  }
  return options;
}

function run(command: string, args: string[], cwd: string): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/** The tree's folder in the cache: downloaded and unpacked the first time. */
function fetchTree(tree: Tree, cache: string): string {
  const dir = path.join(cache, 'trees', `${tree.pkg}_${tree.version}`);
  if (fs.existsSync(path.join(dir, '.complete'))) return dir;
  const downloads = path.join(cache, 'downloads');
  fs.mkdirSync(downloads, { recursive: true });
  const upstream = tree.version.replace(/^\d+:/, '').replace(/-[^-]+$/, '');
  const orig = (): string | undefined => fs.readdirSync(downloads).find((f) => f.startsWith(`${tree.pkg}_${upstream}.orig.tar.`));
  if (orig() === undefined) {
    process.stderr.write(`downloading ${tree.pkg} ${tree.version}\n`);
    // Some component tarballs are missing from the mirrors: the main .orig.tar.* is what is needed.
    spawnSync('apt-get', [...aptSourceIndex(), 'source', '--download-only', `${tree.pkg}=${tree.version}`], { cwd: downloads, encoding: 'utf8' });
  }
  const tarball = orig();
  if (tarball === undefined) throw new Error(`no ${tree.pkg}_${upstream}.orig.tar.* in ${downloads}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  run('tar', ['xf', path.join(downloads, tarball), '-C', dir], dir);
  fs.writeFileSync(path.join(dir, '.complete'), `${tarball}\n`);
  return dir;
}

/** The files of a tree, relative and "/"-separated. */
function filesOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r);
      else if (e.isFile() && r !== '.complete') out.push(r);
    }
  };
  walk('');
  return out.sort();
}

/** The start offset of each line. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid;
  }
  return lo + 1;
}

const DESTINATIONS = new Set<DocumentUri['kind']>(['link', 'image', 'definition', 'autolink', 'attribute']);

/** The real links of a tree's Markdown and HTML files, as written (the text is the URI). */
function linksOf(dir: string, files: readonly string[]): Link[] {
  const out: Link[] = [];
  for (const file of files) {
    const kind = kindOfFile(file);
    if (kind !== 'markdown' || !/\.(?:md|markdown)$/i.test(file)) {
      if (kind !== 'html' || !/\.html?$/i.test(file)) continue;
    }
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const starts = lineStarts(text);
    for (const u of extractDocument(text, { kind, name: file })) {
      if (!DESTINATIONS.has(u.kind) || u.cut === true || text.slice(u.start, u.end) !== u.uri) continue;
      out.push({ file, uri: u.uri, start: u.start, end: u.end, line: lineOf(starts, u.start), kind: u.kind });
    }
  }
  return out;
}

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly code: string;
  readonly severity: string;
  readonly message: string;
  readonly uri: string;
}

/** `urigram lint --extract` of a folder, as a new user runs it: its findings, URIs and files. */
function lintTree(cli: string, dir: string, standard?: string): { findings: Finding[]; uris: number; files: number } {
  const r = spawnSync(process.execPath, [cli, 'lint', '--extract', '--no-config', ...(standard === undefined ? [] : ['--standard', standard]), '--format', 'json', '.'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (!r.stdout.startsWith('{')) throw new Error(`urigram lint in ${dir} gave no JSON (exit ${r.status}): ${r.stderr.slice(0, 500)}`);
  const doc = JSON.parse(r.stdout) as { results: Array<{ file: string; uri: string; diagnostics?: Array<{ code: string; severity: string; message: string; line: number }> }>; summary: { uris: number; files: number } };
  const findings: Finding[] = [];
  for (const res of doc.results) for (const d of res.diagnostics ?? []) findings.push({ file: res.file.split(path.sep).join('/').replace(/^\.\//, ''), line: d.line, code: d.code, severity: d.severity, message: d.message, uri: res.uri });
  return { findings, uris: doc.summary.uris, files: doc.summary.files };
}

/** A copy of the tree (hard links: the files are not written to) with some files written over. */
function copyWith(dir: string, into: string, replaced: ReadonlyMap<string, string>): void {
  fs.rmSync(into, { recursive: true, force: true });
  run('cp', ['-al', `${dir}/.`, into], path.dirname(into));
  for (const [file, text] of replaced) {
    const p = path.join(into, file);
    fs.rmSync(p);
    fs.writeFileSync(p, text);
  }
}

interface ClassCount {
  broken: number;
  found: number;
  missed: Array<{ tree: string; file: string; line: number; broken: string }>;
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const trees = TREES.filter((t) => options.set === 'all' || t.set === options.set);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-recall-'));
  const counts = new Map<string, Map<string, ClassCount>>(); // set -> class -> count
  const noise: Array<Finding & { tree: string; set: string }> = [];
  const sizes = new Map<string, { uris: number; files: number }>();
  console.log('| tree | Debian version | licence | set | files read | URIs | links | errors and warnings |');
  console.log('| --- | --- | --- | --- | ---: | ---: | ---: | ---: |');
  for (const tree of trees) {
    const dir = fetchTree(tree, options.cache);
    const files = filesOf(dir);
    const clean = lintTree(options.cli, dir, options.standard);
    const flagged = clean.findings.filter((f) => f.severity !== 'info');
    for (const f of flagged) noise.push({ ...f, tree: tree.pkg, set: tree.set });
    const size = sizes.get(tree.set) ?? { uris: 0, files: 0 };
    size.uris += clean.uris;
    size.files += clean.files;
    sizes.set(tree.set, size);
    const busy = new Set(clean.findings.map((f) => `${f.file}:${f.line}`));
    const links = linksOf(dir, files).filter((l) => !busy.has(`${l.file}:${l.line}`));
    console.log(`| ${tree.pkg} | ${tree.version} | ${tree.licence} | ${tree.set} | ${clean.files} | ${clean.uris} | ${links.length} | ${flagged.length} |`);
    const texts = new Map<string, string>();
    const textOf = (file: string): string => {
      let t = texts.get(file);
      if (t === undefined) texts.set(file, (t = fs.readFileSync(path.join(dir, file), 'utf8')));
      return t;
    };
    for (const cls of CLASSES) {
      const random = new Random(options.seed);
      const ctx: BreakContext = { files: new Set(files), random };
      // One link a line, in a seeded order: the first --per-class that the class takes.
      const candidates = links.filter(cls.takes);
      for (let i = candidates.length - 1; i > 0; i--) {
        const j = random.int(i + 1);
        [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
      }
      const chosen: Array<Link & { broken: string }> = [];
      const lines = new Set<string>();
      for (const l of candidates) {
        if (chosen.length >= options.perClass || lines.has(`${l.file}:${l.line}`)) continue;
        lines.add(`${l.file}:${l.line}`);
        chosen.push({ ...l, broken: cls.breaks(l, ctx) });
      }
      if (chosen.length === 0) continue;
      const byFile = new Map<string, Array<Link & { broken: string }>>();
      for (const c of chosen) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
      const replaced = new Map<string, string>();
      for (const [file, cs] of byFile) {
        let text = textOf(file);
        for (const c of [...cs].sort((a, b) => b.start - a.start)) text = text.slice(0, c.start) + c.broken + text.slice(c.end);
        replaced.set(file, text);
      }
      const copy = path.join(work, `${tree.pkg}-${cls.name}`);
      copyWith(dir, copy, replaced);
      const found = new Set(lintTree(options.cli, copy, options.standard).findings.map((f) => `${f.file}:${f.line}`));
      fs.rmSync(copy, { recursive: true, force: true });
      const perSet = counts.get(tree.set) ?? new Map<string, ClassCount>();
      counts.set(tree.set, perSet);
      const count = perSet.get(cls.name) ?? { broken: 0, found: 0, missed: [] };
      perSet.set(cls.name, count);
      for (const c of chosen) {
        count.broken++;
        if (found.has(`${c.file}:${c.line}`)) count.found++;
        else count.missed.push({ tree: tree.pkg, file: c.file, line: c.line, broken: c.broken });
      }
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
  for (const [set, perSet] of counts) {
    let broken = 0;
    let found = 0;
    console.log(`\n## Recall, ${set} trees (--per-class ${options.perClass}, --seed ${options.seed})\n`);
    console.log('| class | broken | reported | recall |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const cls of CLASSES) {
      const c = perSet.get(cls.name);
      if (c === undefined) continue;
      broken += c.broken;
      found += c.found;
      console.log(`| ${cls.name} | ${c.broken} | ${c.found} | ${((100 * c.found) / c.broken).toFixed(1)}% |`);
    }
    console.log(`| all | ${broken} | ${found} | ${((100 * found) / broken).toFixed(1)}% |`);
    const missed = [...perSet.values()].flatMap((c) => c.missed);
    if (missed.length > 0) console.log(`\nMissed:\n${missed.map((m) => `- ${m.tree} ${m.file}:${m.line} ${JSON.stringify(m.broken)}`).join('\n')}`);
  }
  for (const [set, size] of sizes) {
    const here = noise.filter((n) => n.set === set);
    console.log(`\n## Errors and warnings on the unbroken ${set} trees: ${here.length} in ${size.uris} URIs in ${size.files} files (${((10_000 * here.length) / Math.max(1, size.uris)).toFixed(2)} per 10,000 URIs), for a person to judge\n`);
    if (options.list || here.length <= 200) for (const n of here) console.log(`- ${n.code} (${n.severity}) ${n.tree} ${n.file}:${n.line} ${JSON.stringify(n.uri.length > 100 ? `${n.uri.slice(0, 100)}…` : n.uri)}: ${n.message}`);
  }
}

if (require.main === module) main();
