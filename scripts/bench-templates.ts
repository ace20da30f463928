/**
 * npm run bench:templates [-- --write] [-- --quick]
 *
 * URI Templates (RFC 6570): urigram against the npm libraries users pick,
 * side by side in one run:
 *
 * - url-template (the most downloaded), uri-template-lite (expansion and
 *   matching: "extraction"), @hyperjump/uri-template (Level 4 with error
 *   messages) and @std-uritemplate/std-uritemplate (the fastest maintained
 *   one we found; expansion only);
 * - expansion, of a template compiled once (each library's parsed object;
 *   std-uritemplate has none, and takes the text each time) and from its text
 *   (each library's one-call API), on the RFC's examples (every example of 1.2,
 *   2.4 and 3.2 with its variables) and on a generated set (seeded: the same
 *   templates and values for every library);
 * - parsing (compiling) a template;
 * - matching a URI against a compiled template (urigram and uri-template-lite,
 *   the one other that matches), on the expansions of the RFC's examples;
 * - matching on hostile families: templates and URIs that make a backtracking
 *   matcher exponential, each at 10 k, 100 k and 1 M characters for urigram
 *   (ms per MB: linear means flat), and at growing small sizes for
 *   uri-template-lite, in a child with a time limit;
 * - long templates and many varspecs (urigram alone): a literal template of
 *   n characters, and templates of 8 to 512 adjacent expressions, with the
 *   bytes of a match's tables per character of the URI.
 *
 * Each (library, workload) runs in a process of its own (a library's code is
 * then compiled and optimised for itself alone, not for what ran before it),
 * in rounds alternating the libraries; the figure is the median of the
 * rounds. The report (markdown) goes to standard output, and with --write
 * into BENCHMARKS.md between the template markers.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { replaceSection } from './report';
import { Random } from './grammar-check/generate';

const root = path.resolve(__dirname, '..');
const LIBRARIES = ['urigram', 'url-template', 'uri-template-lite', '@hyperjump/uri-template', '@std-uritemplate/std-uritemplate'] as const;
type Library = (typeof LIBRARIES)[number];
type Workload = 'expand-compiled' | 'expand-text' | 'parse' | 'match';
type Set = 'rfc' | 'generated';

interface Case {
  template: string;
  variables: Record<string, unknown>;
}

/** Every example of RFC 6570 with its variables (test/vectors/templates/expansion.json, the RFC's groups). */
function rfcCases(): Case[] {
  const groups = (JSON.parse(fs.readFileSync(path.join(root, 'test', 'vectors', 'templates', 'expansion.json'), 'utf8')) as { groups: Array<{ source: string; why?: string; variables: Record<string, unknown>; cases: Array<[string, string, object?]> }> }).groups;
  return groups.filter((g) => g.why === undefined).flatMap((g) => g.cases.filter((c) => c[2] === undefined).map(([template]) => ({ template, variables: g.variables })));
}

/** 500 templates of two to four expressions of every operator and modifier, with values of every kind, as an API's paths and queries look. */
function generatedCases(): Case[] {
  // mulberry32, as the grammar check's generator: the same generated set in every process.
  const rng = new Random(6570);
  const random = (): number => rng.next();
  const pick = <T>(xs: readonly T[]): T => rng.pick(xs);
  const words = ['users', 'repos', 'a b', 'caf\u00e9', 'x/y', '50%', 'list', 'id', '42', 'Hello World!', '\u65e5\u672c'];
  const cases: Case[] = [];
  for (let k = 0; k < 500; k++) {
    let template = `/${pick(['api', 'v1', 'items'])}`;
    const variables: Record<string, unknown> = {};
    const count = 2 + Math.floor(random() * 3);
    for (let e = 0; e < count; e++) {
      const op = pick(['', '+', '#', '.', '/', ';', '?', '&', '/', '?']);
      const names: string[] = [];
      for (let v = 0; v < 1 + Math.floor(random() * 3); v++) {
        const name = `v${e}${v}`;
        const kind = pick(['string', 'string', 'string', 'list', 'map', 'undefined']);
        const modifier = kind === 'string' ? pick(['', '', ':3']) : pick(['', '*']);
        names.push(name + modifier);
        if (kind === 'string') variables[name] = pick(words);
        if (kind === 'list') variables[name] = [pick(words), pick(words), pick(words)];
        if (kind === 'map') variables[name] = { [pick(words)]: pick(words), k2: pick(words) };
      }
      template += `${e > 0 && op === '' ? '/' : ''}{${op}${names.join(',')}}`;
      if (op === '#') break;
    }
    cases.push({ template, variables });
  }
  return cases;
}

/** One library's API: compile, expand (compiled, from text), match; undefined where it has none. */
interface Api {
  compile?: (template: string) => unknown;
  expandCompiled?: (compiled: unknown, variables: Record<string, unknown>) => string;
  expandText: (template: string, variables: Record<string, unknown>) => string;
  match?: (compiled: unknown, uri: string) => unknown;
}

async function api(library: Library): Promise<Api> {
  switch (library) {
    case 'urigram': {
      // The build, as users load it.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const u = require(path.join(root, 'dist', 'src', 'index.js')) as typeof import('../src');
      return {
        compile: (t) => u.compileTemplate(t),
        expandCompiled: (c, v) => (c as import('../src').CompiledTemplate).expand(v as never),
        expandText: (t, v) => u.expandTemplate(t, v as never),
        match: (c, uri) => (c as import('../src').CompiledTemplate).match(uri),
      };
    }
    case 'url-template': {
      // An ES module only: imported as one (this script is compiled to CommonJS, where import() would become require()).
      const load = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;
      const m = (await load('url-template')) as { parseTemplate(t: string): { expand(v: object): string } };
      return { compile: (t) => m.parseTemplate(t), expandCompiled: (c, v) => (c as { expand(v: object): string }).expand(v), expandText: (t, v) => m.parseTemplate(t).expand(v) };
    }
    case 'uri-template-lite': {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const Lite = require('uri-template-lite') as { new (t: string): { expand(v: object): string; match(uri: string): unknown }; expand(t: string, v: object): string };
      return {
        compile: (t) => new Lite(t),
        expandCompiled: (c, v) => (c as { expand(v: object): string }).expand(v),
        expandText: (t, v) => Lite.expand(t, v),
        match: (c, uri) => (c as { match(uri: string): unknown }).match(uri),
      };
    }
    case '@hyperjump/uri-template': {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const hj = require('@hyperjump/uri-template') as { parse(t: string): unknown; expand(t: unknown, v: object): string };
      return { compile: (t) => hj.parse(t), expandCompiled: (c, v) => hj.expand(c, v), expandText: (t, v) => hj.expand(t, v) };
    }
    case '@std-uritemplate/std-uritemplate': {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { StdUriTemplate } = require('@std-uritemplate/std-uritemplate') as { StdUriTemplate: { expand(t: string, v: object): string } };
      return { expandText: (t, v) => StdUriTemplate.expand(t, v) };
    }
  }
}

/** The child: one (library, workload, set), `rounds` timed rounds of at least ROUND_MS each; prints operations per second of each round as JSON. */
async function child(library: Library, workload: Workload, set: Set, rounds: number): Promise<void> {
  const a = await api(library);
  const cases = set === 'rfc' ? rfcCases() : generatedCases();
  let op: (() => void) | undefined;
  if (workload === 'expand-text') op = () => cases.forEach((c) => a.expandText(c.template, c.variables));
  if (workload === 'expand-compiled' && a.compile && a.expandCompiled) {
    const compiled = cases.map((c) => a.compile!(c.template));
    op = () => cases.forEach((c, k) => a.expandCompiled!(compiled[k], c.variables));
  }
  if (workload === 'parse' && a.compile) op = () => cases.forEach((c) => a.compile!(c.template));
  if (workload === 'match' && a.compile && a.match) {
    // urigram's expansions of the cases, and what urigram matches back: the URIs each matcher is asked about.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const u = require(path.join(root, 'dist', 'src', 'index.js')) as typeof import('../src');
    const pairs = cases.map((c) => [a.compile!(c.template), u.expandTemplate(c.template, c.variables as never)] as const);
    op = () => pairs.forEach(([compiled, uri]) => a.match!(compiled, uri));
  }
  if (op === undefined) {
    process.stdout.write('null');
    return;
  }
  const ROUND_MS = 300;
  for (let i = 0; i < 30; i++) op(); // warm up
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let n = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0;
    while (elapsed < ROUND_MS) {
      op();
      n++;
      elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    }
    rates.push((n * cases.length) / (elapsed / 1000));
  }
  process.stdout.write(JSON.stringify(rates));
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function runChild(library: Library, workload: Workload, set: Set, rounds: number): number[] | null {
  const r = spawnSync(process.execPath, ['-r', require.resolve('ts-node/register/transpile-only'), __filename, '--child', library, workload, set, String(rounds)], { encoding: 'utf8', cwd: root, maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`${library} ${workload} ${set}: ${r.stderr}`);
  return JSON.parse(r.stdout) as number[] | null;
}

/**
 * The hostile matching families: a template, a URI of about n characters that a backtracking
 * matcher takes exponential time to refuse, and one of the same shape that matches.
 */
export const MATCH_FAMILIES: ReadonlyArray<{ name: string; template: string; uri: (n: number) => string; good: (n: number) => string }> = [
  { name: 'eight adjacent variables, one bad character last', template: '{a}{b}{c}{d}{e}{f}{g}{h}', uri: (n) => `${'a'.repeat(n - 1)}!`, good: (n) => 'a'.repeat(n) },
  { name: 'three variables of one expression, commas', template: '{x,y,z}', uri: (n) => `${'a,'.repeat(n / 2 - 1)}!`, good: (n) => `${'a,'.repeat(n / 2 - 1)}a` },
  { name: 'adjacent exploded path lists', template: '{/x*}{/y*}{/z*}', uri: (n) => `${'/a'.repeat(n / 2 - 1)}/!`, good: (n) => '/a'.repeat(n / 2) },
  { name: 'exploded query pairs, a bad pair last', template: '{?k*,j*}', uri: (n) => `?${'a=b&'.repeat(n / 4 - 1)}=`, good: (n) => `?${'a=b&'.repeat(n / 4 - 1)}c=d` },
  { name: 'prefixes side by side', template: '{x:9999}{y:9999}{z}', uri: (n) => `${'a'.repeat(n - 1)}!`, good: (n) => 'a'.repeat(n) },
];

/** urigram's matcher on one family at n characters: ms of CPU per MB (best of a few runs; CPU time, which other processes on a shared machine do not inflate). */
function urigramPerMb(template: string, uri: string): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const u = require(path.join(root, 'dist', 'src', 'index.js')) as typeof import('../src');
  const c = u.compileTemplate(template);
  // Warmed up on a short URI of the same shape first: the first size measured is not the one that pays for compiling the matcher's code.
  for (let k = 0; k < 50; k++) c.match(uri.slice(0, 1000));
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const t = process.cpuUsage();
    c.match(uri);
    const d = process.cpuUsage(t);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best / (uri.length / 1e6);
}

/**
 * Long templates and many varspecs (issue 44): a template's literal text is one node, so a long literal
 * template matches in time linear in it and the URI; time and memory grow with the URI's length times the
 * template's varspecs. Each: a template and a URI of about n characters.
 */
export const SIZE_FAMILIES: ReadonlyArray<{ name: string; template: (n: number) => string; uri: (n: number) => string }> = [
  { name: 'a literal template, against itself', template: (n) => 'a'.repeat(n), uri: (n) => 'a'.repeat(n) },
  { name: 'a value before a literal run of its own character', template: (n) => `{x}${'a'.repeat(n / 2)}`, uri: (n) => 'a'.repeat(n) },
  ...[8, 64, 512].map((k) => ({
    name: `${k} adjacent exploded path lists, each of which may write nothing`,
    template: () => Array.from({ length: k }, (_, i) => `{/v${i}*}`).join(''),
    uri: (n: number) => '/a'.repeat(n / 2),
  })),
];

/** urigram on one size family at n characters: ms of CPU per MB of URI (as urigramPerMb), and the bytes of its tables per character of the URI. */
function sizePerMb(f: (typeof SIZE_FAMILIES)[number], n: number): [number, number] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { compileMatcher } = require(path.join(root, 'dist', 'src', 'template', 'match.js')) as typeof import('../src/template/match');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { tableBytes } = require(path.join(root, 'dist', 'src', 'template', 'match-passes.js')) as typeof import('../src/template/match-passes');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parseTemplate } = require(path.join(root, 'dist', 'src', 'index.js')) as typeof import('../src');
  const template = f.template(n);
  const uri = f.uri(n);
  return [urigramPerMb(template, uri), tableBytes(compileMatcher(parseTemplate(template)), uri.length, undefined) / uri.length];
}

/** uri-template-lite's match on one family at n characters, in a child killed after `limitMs`: ms, or undefined when killed. */
function litePerCall(template: string, n: number, family: number, limitMs: number): number | undefined {
  const script = `const L = require('uri-template-lite'); const f = require(${JSON.stringify(__filename)}).MATCH_FAMILIES[${family}]; const c = new L(f.template); const uri = f.uri(${n}); const t = process.hrtime.bigint(); c.match(uri); process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));`;
  const r = spawnSync(process.execPath, ['-r', require.resolve('ts-node/register/transpile-only'), '-e', script], { encoding: 'utf8', cwd: root, timeout: limitMs });
  if (r.status !== 0) return undefined;
  void template;
  return Number(r.stdout);
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === '--child') {
    await child(argv[1] as Library, argv[2] as Workload, argv[3] as Set, Number(argv[4]));
    return;
  }
  const quick = argv.includes('--quick');
  const ROUNDS = quick ? 2 : 5;
  const BLOCKS = quick ? 1 : 3;
  const rows: string[] = [];
  const workloads: Array<[Workload, Set, string]> = [
    ['expand-compiled', 'rfc', "expand a compiled template, RFC 6570's examples"],
    ['expand-compiled', 'generated', 'expand a compiled template, the generated set'],
    ['expand-text', 'rfc', "expand from the template's text, RFC 6570's examples"],
    ['expand-text', 'generated', "expand from the template's text, the generated set"],
    ['parse', 'rfc', "parse (compile) a template, RFC 6570's examples"],
    ['parse', 'generated', 'parse (compile) a template, the generated set'],
    ['match', 'rfc', "match a URI against a compiled template, RFC 6570's examples"],
    ['match', 'generated', 'match a URI against a compiled template, the generated set'],
  ];
  const summary: string[] = [];
  for (const [workload, set, title] of workloads) {
    // Rounds in blocks alternating the libraries: each library's median over BLOCKS x ROUNDS rounds.
    const rates = new Map<Library, number[]>();
    for (let b = 0; b < BLOCKS; b++) {
      for (const library of LIBRARIES) {
        const got = runChild(library, workload, set, ROUNDS);
        if (got !== null) rates.set(library, [...(rates.get(library) ?? []), ...got]);
      }
    }
    const medians = [...rates].map(([library, xs]) => [library, median(xs)] as const);
    // url-template's parseTemplate does no work (it keeps the text for expand to read): not a parse to compare with.
    const peers = medians.filter(([l]) => l !== 'urigram' && !(workload === 'parse' && l === 'url-template'));
    const fastest = peers.reduce((x, y) => (y[1] > x[1] ? y : x), peers[0]);
    const ours = medians.find(([l]) => l === 'urigram')?.[1] ?? NaN;
    rows.push(`### ${title}`, '', '| library | operations/s | urigram is |', '| --- | ---: | ---: |');
    for (const [library, rate] of medians.sort((x, y) => y[1] - x[1])) {
      const note = workload === 'parse' && library === 'url-template' ? ' (its parseTemplate keeps the text; expand parses it)' : '';
      rows.push(`| ${library}${note} | ${Math.round(rate).toLocaleString('en-US')} | ${library === 'urigram' ? '' : `${(ours / rate).toFixed(2)}x`} |`);
    }
    rows.push('');
    if (fastest !== undefined) summary.push(`| ${title} | ${fastest[0]} | ${(ours / fastest[1]).toFixed(2)}x |`);
  }
  const hostile: string[] = ['| family | template | refused, 10 k | 100 k | 1 M | matched, 1 M | uri-template-lite (time to refuse) |', '| --- | --- | ---: | ---: | ---: | ---: | --- |'];
  MATCH_FAMILIES.forEach((f, k) => {
    const sizes = quick ? [1e4, 1e5] : [1e4, 1e5, 1e6];
    const per = [...sizes.map((n) => urigramPerMb(f.template, f.uri(n))), urigramPerMb(f.template, f.good(sizes[sizes.length - 1]))];
    const lite: string[] = [];
    for (const n of [16, 24, 32, 48, 64, 1000, 10000]) {
      const ms = litePerCall(f.template, n, k, quick ? 3000 : 10000);
      lite.push(ms === undefined ? `${n} chars: over ${quick ? 3 : 10} s, killed` : `${n}: ${ms < 1 ? ms.toFixed(2) : Math.round(ms)} ms`);
      if (ms === undefined) break;
    }
    const cells = per.map((x) => `${Math.round(x)} ms/MB`);
    if (quick) cells.splice(2, 0, '-');
    hostile.push(`| ${f.name} | \`${f.template}\` | ${cells.join(' | ')} | ${lite.join('; ')} |`);
  });
  const sizes: string[] = ['| family | 10 k | 100 k | 1 M | tables per character of the URI |', '| --- | ---: | ---: | ---: | ---: |'];
  for (const f of SIZE_FAMILIES) {
    const ns = f.name.startsWith('512') ? [1e4, 1e5] : quick ? [1e4, 1e5] : [1e4, 1e5, 1e6];
    const per = ns.map((n) => sizePerMb(f, n));
    const cells = per.map(([ms]) => `${Math.round(ms)} ms/MB`);
    while (cells.length < 3) cells.push('-');
    sizes.push(`| ${f.name} | ${cells.join(' | ')} | ${per[per.length - 1][1].toFixed(1)} bytes |`);
  }
  const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const report = [
    `Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpu} (${os.cpus().length} cores, shared), with \`npm run bench:templates\`${quick ? ' --quick' : ''}: each library in a process of its own per workload, in ${BLOCKS} block(s) of ${ROUNDS} rounds of 300 ms alternating the libraries; the median round. Versions: ${LIBRARIES.filter((l) => l !== 'urigram').map((l) => `${l} ${JSON.parse(fs.readFileSync(path.join(root, 'node_modules', l, 'package.json'), 'utf8')).version}`).join(', ')}. RFC 6570's examples: ${rfcCases().length} (template, variables) pairs; the generated set: 500 (seeded).`,
    '',
    '### urigram against the fastest library of each workload',
    '',
    '| workload | fastest other library | urigram is |',
    '| --- | --- | ---: |',
    ...summary,
    '',
    ...rows,
    '### matching on hostile families (linear: a flat cost per MB)',
    '',
    'urigram: compileTemplate(template).match(uri), best of 3 runs, ms of CPU per MB of URI: the URIs of the family, each refused, at three sizes, and one of the same shape that matches ("matched", at the largest size). uri-template-lite: its match, once per size, in a child killed after the limit (its matcher builds a regular expression).',
    '',
    ...hostile,
    '',
    '### long templates and many varspecs',
    '',
    'urigram: compileTemplate(template).match(uri) as above, the template and the URI each of about the size given (a template of varspecs: the URI alone), ms of CPU per MB of URI; and the bytes of the match\'s tables per character of the URI (tableBytes of src/template/match-passes.ts, at the largest size). A literal run is one node whatever its length; time and memory grow with the URI\'s length times the template\'s varspecs.',
    '',
    ...sizes,
  ].join('\n');
  process.stdout.write(`${report}\n`);
  if (argv.includes('--write')) replaceSection(path.join(root, 'BENCHMARKS.md'), 'templates', `## URI Templates (RFC 6570)\n\n${report}`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  });
}
