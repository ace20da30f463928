/**
 * generated/ holds what urigram runs, and the package ships nothing that no
 * runtime path loads (issue 48 item 1): each entry point (the library's
 * require and import, the CLI's parse and lint, urigram/eslint,
 * urigram/formats, urigram/grammars/NAME, and the ES module build that
 * bundlers and the playground use) is run, and what it loads from
 * dist/generated/ and dist/esm/generated/ is listed; every generated module of
 * the package must be in one of those lists. And the sizes: generated/ at
 * most 2.5 MB, the package at most 9 MB unpacked. matches() without the
 * automata module of the other rules; peggy's parser as the tests' oracle.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import * as ts from 'typescript';
import { GRAMMAR_REGISTRY } from '../generated/registry';
import { matches, rulesOf, type Rfc3986RuleName } from '../src';
import { automataOf, automatonFor, recognizerOf } from '../src/core/grammars';
import { toPegName } from '../src/core/rule-names';
import * as peggy from 'peggy';
import { readPeggySource } from '../scripts/grammar-source';
import { peggyOracle, peggyOracleFile } from './support/peggy-oracle';

const root = path.join(__dirname, '..');
const dist = path.join(root, 'dist');

/** Records, when the process exits, every module it loaded from dist/ (CommonJS's require.cache), into the file $URIGRAM_LOADED. */
const PRELOAD = `process.on('exit', () => require('fs').writeFileSync(process.env.URIGRAM_LOADED, JSON.stringify(Object.keys(require.cache))));`;

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-loaded-'));
  fs.writeFileSync(path.join(work, 'preload.js'), PRELOAD);
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The files of dist/generated/ a node process with these arguments loads (paths from dist/). */
function loadedBy(args: readonly string[], stdin?: string): string[] {
  const out = path.join(work, `loaded-${Math.random().toString(36).slice(2)}.json`);
  const r = spawnSync(process.execPath, ['-r', path.join(work, 'preload.js'), ...args], { cwd: work, input: stdin, encoding: 'utf8', env: { ...process.env, URIGRAM_LOADED: out } });
  if (!fs.existsSync(out)) throw new Error(`node ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  const files = JSON.parse(fs.readFileSync(out, 'utf8')) as string[];
  return files.filter((f) => f.startsWith(path.join(dist, 'generated') + path.sep)).map((f) => path.relative(dist, f));
}

const lib = JSON.stringify(path.join(dist, 'src', 'index.js'));
const cli = path.join(dist, 'src', 'cli.js');

/** Each entry point, run as a user runs it, with what it does that loads more (a rejection explained, a rule matched). */
const ENTRY_POINTS: ReadonlyArray<readonly [string, () => string[]]> = [
  ["require('urigram'): isValid, parse's error, matches, rulesOf", () => loadedBy(['-e', `const u = require(${lib}); u.isValid('http://a/'); u.tryParse('http://a b'); u.matches('IPv6address', '::1'); u.rulesOf('rfc3986');`])],
  [
    "require('urigram'): every grammar the option grammar and zoneId select",
    () => loadedBy(['-e', `const u = require(${lib}); for (const g of u.GRAMMARS) { u.tryParse('http://a b', { grammar: g }); u.rulesOf(g); } u.tryParse('http://[fe80::1%25 x]/', { zoneId: true }); u.matches('ZoneID', 'x', { zoneId: true });`]),
  ],
  ["import('urigram')", () => loadedBy(['--input-type=module', '-e', `const u = await import(${JSON.stringify(path.join(dist, 'src', 'index.mjs'))}); u.isValid('http://a/'); u.tryParse('http://a b');`])],
  ['urigram parse', () => loadedBy([cli, 'parse', 'http://a b'])],
  ['urigram lint', () => loadedBy([cli, 'lint', '-'], 'see http://a b/ and mailto:x@y\n')],
  ["require('urigram/eslint')", () => loadedBy(['-e', `const p = require(${JSON.stringify(path.join(dist, 'src', 'eslint.js'))}); Object.keys(p.rules ?? {});`])],
  [
    "require('urigram/formats'): every scheme's format",
    () =>
      loadedBy([
        '-e',
        `const f = require(${JSON.stringify(path.join(dist, 'src', 'formats.js'))}); const all = f.fullFormats ?? f.formats ?? f; for (const [name, fmt] of Object.entries(all)) { const v = typeof fmt === 'function' ? fmt : fmt && fmt.validate; if (typeof v === 'function') { v('x:y'); v('http://a b'); } }`,
      ]),
  ],
  [
    "require('urigram/grammars/NAME'): each grammar's modules",
    () =>
      loadedBy([
        '-e',
        `for (const g of ${JSON.stringify(GRAMMAR_REGISTRY.slice(1).map((e) => e.name))}) { const m = require(${JSON.stringify(path.join(dist, 'generated'))} + '/' + g + '.grammar.js'); m.recognizer; m.dfa; m.diagnose; }`,
      ]),
  ],
];

/** What a bundler takes from the ES module build (dist/esm/generated/), for the entries the package's exports give it: urigram, urigram/formats, urigram/grammars/NAME. */
async function bundled(): Promise<string[]> {
  const entries = [path.join(dist, 'esm', 'src', 'index.js'), path.join(dist, 'esm', 'src', 'formats.js'), ...GRAMMAR_REGISTRY.slice(1).map((e) => path.join(dist, 'esm', 'generated', `${e.name}.grammar.js`))];
  const result = await build({ entryPoints: entries, bundle: true, format: 'esm', write: false, metafile: true, outdir: path.join(work, 'bundle'), platform: 'neutral', mainFields: ['module', 'main'], external: ['tr46', 'ajv', 'eslint', 'markdown-it', 'htmlparser2', 'ignore', 'picomatch', 'node:*'], logLevel: 'silent' });
  return Object.keys(result.metafile.inputs)
    .map((f) => path.relative(dist, path.resolve(root, f)))
    .filter((f) => f.startsWith(`esm${path.sep}generated${path.sep}`));
}

/** The package's files, as `npm pack` lists them (without its prepare step: dist/ is this run's build), and its unpacked size. */
function packed(): { files: string[]; unpackedSize: number } {
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`npm pack --dry-run: exit ${r.status}\n${r.stderr}`);
  const [pack] = JSON.parse(r.stdout) as Array<{ files: Array<{ path: string }>; unpackedSize: number }>;
  return { files: pack.files.map((f) => f.path), unpackedSize: pack.unpackedSize };
}

describe('generated/ and the package hold what runs (issue 48)', () => {
  it('generated/ is at most 2.5 MB and holds only the runtime modules: per grammar the automata, the recognizer, the diagnostic back end and the grammar glue', () => {
    const files = fs.readdirSync(path.join(root, 'generated'));
    const size = files.reduce((n, f) => n + fs.statSync(path.join(root, 'generated', f)).size, 0);
    expect(size).toBeLessThanOrEqual(2_500_000);
    const names = GRAMMAR_REGISTRY.map((e) => e.name);
    const kinds = /^(.*)\.(dfa|recognizer|diagnose|grammar)\.(js|d\.ts|mjs)$/;
    const other = files.filter((f) => {
      const m = kinds.exec(f);
      if (m !== null) return !(names as string[]).includes(m[1]) || (m[3] === 'mjs' && m[2] !== 'grammar');
      return !['registry.js', 'registry.mjs', 'registry.d.ts', 'loaders.js', 'loaders.d.ts', 'scheme-grammars.js', 'scheme-grammars.mjs', 'scheme-grammars.d.ts', 'proven.json'].includes(f);
    });
    expect(other).toEqual([]);
  });

  it("every .d.ts of generated/ type-checks strictly: the public rule-name types read the recognizers' (StartRuleNames)", () => {
    const files = fs.readdirSync(path.join(root, 'generated')).filter((f) => f.endsWith('.d.ts')).map((f) => path.join(root, 'generated', f));
    const program = ts.createProgram(files, { strict: true, noEmit: true, skipLibCheck: false, types: [] });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.relative(root, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    expect(problems).toEqual([]);
  });

  it('the package is at most 9 MB unpacked, and every generated module in it is loaded by an entry point', async () => {
    const { files, unpackedSize } = packed();
    expect(unpackedSize).toBeLessThanOrEqual(9_000_000);
    const loaded = new Set<string>();
    const byEntry: Record<string, string[]> = {};
    for (const [entry, load] of ENTRY_POINTS) {
      byEntry[entry] = load().sort();
      for (const f of byEntry[entry]) loaded.add(f.split(path.sep).join('/'));
    }
    for (const f of await bundled()) loaded.add(f.split(path.sep).join('/'));
    // Each entry point loads the modules of the grammars it runs, and parse's error its diagnostic back end: the lists are real.
    expect(byEntry["require('urigram'): isValid, parse's error, matches, rulesOf"]).toEqual(expect.arrayContaining(['generated/rfc3986.recognizer.js', 'generated/rfc3986.dfa.rest.js']));
    // urigram parse runs from the core bundle, which holds RFC 3986's automata and diagnostic back end: it loads no
    // other module, not the recognizer for match's help (issue 48 item 3); nor does lint on these lines (since the
    // WHATWG comparison's fast paths, 2026-12-07, it builds no recognizer record for them).
    expect(byEntry['urigram parse']).toEqual([]);
    expect(byEntry['urigram lint']).toEqual([]);
    const modules = files.filter((f) => /^dist\/(esm\/)?generated\/.*\.js$/.test(f)).map((f) => f.slice('dist/'.length));
    expect(modules.filter((f) => !loaded.has(f))).toEqual([]);
    // The types: a .d.ts per module of generated/ (its module is a file of its own, or in a bundle of dist/src/), and no other.
    const types = files.filter((f) => /^dist\/generated\/.*\.d\.ts$/.test(f)).map((f) => f.slice('dist/'.length));
    expect(types.filter((f) => !fs.existsSync(path.join(root, f.replace(/\.d\.ts$/, '.js'))))).toEqual([]);
  }, 120_000);
});

describe('the types the package ships (issue 48)', () => {
  it("are the .d.ts that TypeScript reads for a program of every entry point's types, which type-check strictly, and no other", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const declared = JSON.stringify(pkg.exports).match(/"types":"\.\/[^"]+"/g)!.map((t) => t.slice('"types":"./'.length, -1));
    // ./grammars/*: one per grammar that has its glue module (all but the default, RFC 3986).
    const entries = declared.flatMap((t) => (t.includes('*') ? GRAMMAR_REGISTRY.map((e) => t.replace('*', e.name)).filter((f) => fs.existsSync(path.join(root, f))) : [t]));
    expect(entries).toEqual(expect.arrayContaining(['dist/src/index.d.ts', 'dist/src/eslint.d.ts', 'dist/src/formats.d.ts', 'dist/generated/rfc3987.grammar.d.ts', 'dist/generated/whatwg-url.grammar.d.ts']));
    const program = ts.createProgram(entries.map((f) => path.join(root, f)), { strict: true, noEmit: true, types: [], module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.relative(root, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    expect(problems).toEqual([]);
    const read = program.getSourceFiles().map((f) => path.relative(root, f.fileName).split(path.sep).join('/')).filter((f) => f.startsWith('dist/'));
    const shipped = packed().files.filter((f) => f.endsWith('.d.ts'));
    expect(shipped.filter((f) => !read.includes(f))).toEqual([]);
    expect(read.filter((f) => !shipped.includes(f))).toEqual([]);
  }, 120_000);
});

/** The bytes of a JavaScript file's comments (as TypeScript's parser finds them before each token: not inside strings or regular expressions). */
function commentBytes(text: string): number {
  const file = ts.createSourceFile('module.js', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const seen = new Set<number>();
  let bytes = 0;
  const visit = (node: ts.Node): void => {
    for (const r of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      if (!seen.has(r.pos)) bytes += r.end - r.pos;
      seen.add(r.pos);
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return bytes;
}

describe('the compiled modules the package ships (issue 48)', () => {
  it("hold at most a tenth of the comments of tsc's output (dist/tsc/), each under a line naming the module of src/ it comes from", () => {
    const modules = packed().files.filter((f) => /^dist\/(esm\/)?src\/.*\.js$/.test(f));
    expect(modules.length).toBeGreaterThan(100);
    let shipped = 0;
    let compiled = 0;
    const unnamed: string[] = [];
    let stripped = 0;
    for (const f of modules) {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      shipped += commentBytes(text);
      const tsc = path.join(dist, 'tsc', f.slice('dist/'.length).replace(/^esm\/src\/core\/load\.js$/, 'esm/src/core/load.esm.js'));
      if (fs.existsSync(tsc)) compiled += commentBytes(fs.readFileSync(tsc, 'utf8'));
      const named = /^(?:#!.*\n)?\/\/ urigram's (src\/\S+\.ts)(, as an ES module)?, compiled, its comments removed by scripts\/finish-build\.ts\.\n/.exec(text);
      // A module left as it was (the entry's bundle, diagnose's, a one-line module: printed again they would grow) keeps its own.
      if (named !== null && !fs.existsSync(path.join(root, named[1]))) unnamed.push(`${f}: ${named[1]}`);
      if (named !== null) stripped++;
    }
    expect(unnamed).toEqual([]);
    expect(stripped).toBeGreaterThan(modules.length / 2);
    expect(compiled).toBeGreaterThan(500_000);
    expect(shipped).toBeLessThanOrEqual(compiled / 10);
  }, 120_000);
});

describe('matches() without generated/NAME.rules-dfa.js (issue 48)', () => {
  it('runs an automaton for every rule of RFC 3986 (the recognizer was up to 4x slower: npm run bench:matches), and answers as the recognizer does', () => {
    for (const rule of rulesOf('rfc3986')) {
      const peg = toPegName(rule);
      // generated/rfc3986.dfa.js's own automaton (no module of the other rules' any more).
      expect([rule, automatonFor('rfc3986', peg) === automataOf('rfc3986')]).toEqual([rule, true]);
      for (const input of ['', 'a', '::1', '1.2.3.4', 'http://a/b?c#d', '%41', 'v1.x', '[::1]']) expect([rule, input, matches(rule as Rfc3986RuleName, input)]).toEqual([rule, input, recognizerOf('rfc3986').recognize(input, peg)]);
    }
  });

  it("runs an automaton for the rules of RFC 6068 that src/schemes/mailto.ts matches on every header field", () => {
    for (const rule of ['hfname', 'hfields', 'addr_spec']) expect([rule, automatonFor('rfc6068', rule) === automataOf('rfc6068')]).toEqual([rule, true]);
    expect(automataOf('rfc6068').accepts('?subject=a&body=b', 'hfields')).toBe(true);
    expect(automataOf('rfc6068').accepts('subject=a', 'hfields')).toBe(false);
  });
});

describe("peggy's parser, the tests' oracle (scripts/peggy-oracle.ts), outside generated/", () => {
  it('is peggy\'s parser of the grammar: the same trees and errors as an untraced build, no trace printed, offsets only in its trace events', () => {
    const untraced = peggy.generate(readPeggySource(root, 'rfc3986').text, { allowedStartRules: ['*'] });
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      for (const input of ['http://a/b?c#d', '//[::1]:8/', 'a b', '']) {
        const run = (p: { parse(i: string, o: { startRule: string }): unknown }): unknown => {
          try {
            return p.parse(input, { startRule: 'URI_reference' });
          } catch (e) {
            return (e as Error).message;
          }
        };
        expect([input, run(peggyOracle('rfc3986'))]).toEqual([input, run(untraced)]);
      }
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
    const events: Array<{ location: unknown }> = [];
    peggyOracle('rfc3986').parse('//a', { startRule: 'URI_reference', tracer: { trace: (e: unknown) => events.push(e as { location: unknown }) } });
    expect(events.length).toBeGreaterThan(0);
    expect(events[0].location).toEqual({ start: { offset: 0 }, end: { offset: 0 } });
    expect(path.relative(root, peggyOracleFile('rfc3986'))).toMatch(/^node_modules\/\.cache\/urigram\/oracle\/rfc3986\.[0-9a-f]{16}\.trace\.js$/);
  });
});
