/**
 * npm run generate [-- --check]
 *
 * Compiles every grammar of grammar/registry.json (grammar/NAME.peggy, with the
 * options in grammar/NAME.config.json) into generated/; a .peggy file without a
 * registry line, or a line without its files, stops it. generated/ holds what
 * urigram runs, and nothing else (test/generated-files.test.ts holds it to that):
 *
 *   generated/NAME.recognizer.js (+ .d.ts)  the allocation-free recognizer (logging the
 *                                      rules grammar/NAME.recognizer.json names, if any) that
 *                                      scripts/compile-recognizer.ts compiles from the
 *                                      grammar; its .d.ts has the grammar's StartRuleNames
 *                                      (every rule, by PEG name), which the public types use
 *
 *   generated/NAME.diagnose.js (+ .d.ts)  the diagnostic back end that scripts/
 *                                      compile-recognizer.ts compiles from the grammar
 *                                      after peggy's passes: src/core/diagnose.ts explains
 *                                      every rejection with it, as peggy's traced parser
 *                                      (the tests' oracle) would
 *
 *   generated/NAME.dfa.js (+ .d.ts)   one minimal DFA per rule grammar/NAME.dfa.json lists as
 *                                      `core` (the registry's reference rules without one),
 *                                      compiled from grammar/NAME.abnf by scripts/compile-dfa.ts;
 *                                      isValid(), parse() and matches() run them; matches()
 *                                      has the recognizer match every other rule
 *
 * peggy's own parser is not here: built with --trace, it is the tests' oracle
 * (scripts/peggy-oracle.ts builds it on first use into node_modules/.cache/). The
 * railroad diagrams are not here either: scripts/railroad.ts computes them
 * when the site or its test needs them.
 *
 * A grammar's @include lines (scripts/grammar-source.ts) are expanded before
 * peggy or the recognizer compiler sees it.
 *
 * The ES module build that bundlers tree-shake has the recognizer, the
 * automata and the diagnostic back end as ES modules: scripts/finish-build.ts
 * writes them (dist/esm/generated/NAME.*.js) from these files with
 * scripts/es-module.ts, so that generated/ holds each module once.
 *
 * From grammar/registry.json itself (scripts/registry.ts): generated/registry.js
 * (the data src/core/grammars.ts reads), generated/loaders.js (a literal
 * require of each module, for src/core/load.ts) and generated/NAME.grammar.js
 * (+ .mjs), a grammar's modules for useGrammar() (`urigram/grammars/NAME`).
 *
 * scripts/railroad.ts writes the grammar pages (docs/grammars/NAME.html), checked the same way.
 *
 * Each file starts with a do-not-edit header. With --check nothing is written:
 * the command exits 1 and names each file of generated/ that is missing, stale
 * or left over from a grammar that no longer exists. A --check whose inputs
 * and outputs are those of the last full run on this machine (the stamp,
 * below) passes at once; --full checks all the same.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compileAutomata, emitAutomata, fastPathSources } from './compile-dfa';
import * as peggy from 'peggy';
import { compileDiagnostic, compileRecognizer } from './compile-recognizer';
import { explainRefusal } from './grammar-check/explain';
import { changedRules, PROOF_COUNT, PROVEN_FILE, proveRules, provenText, readProofGrammar, readProven } from './grammar-check/proven';
import { readPeggySource } from './grammar-source';
import { railroadPages } from './railroad';
import { grammarFile, readRegistry, registryFiles, type RegistryEntry } from './registry';
import { toPegName } from '../src/core/rule-names';

const root = path.resolve(__dirname, '..');
const grammarDir = path.join(root, 'grammar');
const generatedDir = path.join(root, 'generated');
const peggyPackage = require.resolve('peggy/package.json', { paths: [root] });
const peggyVersion: string = JSON.parse(fs.readFileSync(peggyPackage, 'utf8')).version;

/**
 * generated/NAME.diagnose.js (+ .d.ts): the diagnostic back end that
 * scripts/compile-recognizer.ts (compileDiagnostic) compiles from the grammar
 * as peggy compiles it: peggy's own passes run on it (output: 'ast', with the
 * options of grammar/NAME.config.json), so that what they change (classes
 * merged from literals, proxy rules bypassed) is what the back end
 * reproduces. Every grammar gets one: src/core/diagnose.ts explains every
 * rejection with it.
 */
function diagnosticFiles(entry: RegistryEntry): Map<string, string> {
  const name = entry.name;
  const peggyFile = grammarFile(entry, 'peggy');
  const config = JSON.parse(fs.readFileSync(path.join(root, grammarFile(entry, 'config.json')), 'utf8')) as { allowedStartRules?: string[] };
  const ast = peggy.generate(readPeggySource(root, name).text, { output: 'ast', allowedStartRules: config.allowedStartRules, grammarSource: peggyFile });
  const { js, dts } = compileDiagnostic(ast as unknown as Parameters<typeof compileDiagnostic>[0], peggyFile);
  const head = header(peggyFile).replace('.\n//', ' (the diagnostic back end, by scripts/compile-recognizer.ts).\n//');
  return new Map([
    [`${name}.diagnose.js`, head + js],
    [`${name}.diagnose.d.ts`, head + dts],
  ]);
}

function header(grammarFile: string): string {
  return [
    `// DO NOT EDIT. Generated by scripts/generate.ts from ${grammarFile}`,
    `// with peggy ${peggyVersion}.`,
    '// Edit the grammar and run `npm run generate`; `npm run generate -- --check` fails when this file is stale.',
    '',
  ].join('\n');
}

/**
 * The edit loop's shortcut: a stamp, in node_modules/.cache/ (never committed,
 * so a fresh clone, as in CI, has none and runs everything), of what the last
 * full run checked or wrote: a hash of every input of generation (grammar/,
 * scripts/, the rule-name converter, peggy's and railroad-diagrams' versions)
 * and of every output (generated/, docs/grammars/*.html). `--check` with a
 * stamp that both still match says so at once, without running peggy.
 */
const STAMP = path.join(root, 'node_modules', '.cache', 'urigram', 'generate-stamp.json');

function hashFiles(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${path.relative(root, file)}\0`).update(fs.existsSync(file) ? fs.readFileSync(file) : 'missing').update('\0');
  return hash.digest('hex');
}

function filesUnder(dir: string, keep: (f: string) => boolean = () => true): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name), keep) : keep(e.name) ? [path.join(dir, e.name)] : []))
    .sort();
}

function inputsHash(): string {
  const versions = ['peggy', 'railroad-diagrams'].map((p) => path.join(root, 'node_modules', p, 'package.json'));
  return hashFiles([...filesUnder(grammarDir), ...filesUnder(path.join(root, 'scripts')), path.join(root, 'src', 'core', 'rule-names.ts'), ...versions]);
}

function outputsHash(): string {
  return hashFiles([...filesUnder(generatedDir), ...filesUnder(path.join(root, 'docs', 'grammars'), (f) => f.endsWith('.html'))]);
}

function stampHolds(): boolean {
  try {
    const stamp = JSON.parse(fs.readFileSync(STAMP, 'utf8')) as { inputs?: string; outputs?: string };
    return stamp.inputs === inputsHash() && stamp.outputs === outputsHash();
  } catch {
    return false;
  }
}

function writeStamp(): void {
  try {
    fs.mkdirSync(path.dirname(STAMP), { recursive: true });
    const tmp = `${STAMP}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ inputs: inputsHash(), outputs: outputsHash() }));
    fs.renameSync(tmp, STAMP);
  } catch {
    // A read-only node_modules: no shortcut next time, and nothing else lost.
  }
}

/**
 * The ABNF-vs-PEG check on every rule whose text (or the text of a rule it
 * reaches) changed since generated/proven.json: the rules edited first, then
 * the rules that use them. Returns the new proven.json, or undefined when a
 * rule disagrees with its ABNF (the report on standard error, the shortest
 * counterexample first). No rule changed: no check, nothing to pay.
 */
function prove(registry: readonly RegistryEntry[]): string | undefined {
  const before = readProven(root);
  const grammars = registry.map((entry) => readProofGrammar(root, entry));
  const changes = grammars.map((g) => ({ g, ...changedRules(g, before) }));
  const edited = changes.reduce((n, c) => n + c.own.length, 0);
  const using = changes.reduce((n, c) => n + c.reaching.length, 0);
  if (edited + using === 0) {
    process.stdout.write(`proof: no rule changed since ${PROVEN_FILE} (no check run)\n`);
    return provenText(grammars);
  }
  const touched = changes.filter((c) => c.own.length + c.reaching.length > 0).map((c) => c.g.entry.name);
  process.stdout.write(`proof: checking ${edited} edited rules and ${using} that use them (${touched.join(', ')}) against the ABNF, ${PROOF_COUNT} strings and near misses each\n`);
  const cpu = process.cpuUsage();
  for (const phase of ['own', 'reaching'] as const) {
    const results = changes.filter((c) => c[phase].length > 0).map((c) => proveRules(root, c.g, c[phase], c.own));
    const failed = results.filter((r) => !r.report.ok);
    if (failed.length > 0) {
      process.stderr.write(explainRefusal(root, failed, phase === 'own' ? using : 0));
      return undefined;
    }
  }
  const used = process.cpuUsage(cpu);
  process.stdout.write(`proof: ${edited + using} rules agree with their ABNF (${((used.user + used.system) / 1e6).toFixed(1)} s of CPU); ${PROVEN_FILE} records them\n`);
  return provenText(grammars);
}

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((a) => a !== '--check' && a !== '--full');
  if (unknown.length > 0) {
    process.stderr.write(`usage: npm run generate [-- --check [--full]]\nunknown argument: ${unknown[0]}\n`);
    return 2;
  }
  const check = argv.includes('--check');
  if (check && !argv.includes('--full') && stampHolds()) {
    process.stdout.write('generated/ and docs/grammars/ are up to date with grammar/ (unchanged since the last full check; --full checks again)\n');
    return 0;
  }
  // The grammars are grammar/registry.json's, and every grammar/*.peggy (and grammar/DIR/*.peggy) must be one of them.
  const registry = readRegistry(root);
  const grammars = registry.map((e) => e.name);
  const peggyFiles = [grammarDir, ...fs.readdirSync(grammarDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join(grammarDir, d.name))]
    .flatMap((dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.peggy')).map((f) => path.relative(root, path.join(dir, f)).split(path.sep).join('/')));
  const registered = new Set(registry.map((e) => grammarFile(e, 'peggy')));
  const unregistered = peggyFiles.filter((file) => !registered.has(file));
  if (unregistered.length > 0) {
    const clash = registry.find((e) => unregistered[0].endsWith(`/${e.name}.peggy`));
    throw new Error(`${unregistered[0]} has no line in grammar/registry.json${clash ? ` (the line of ${clash.name} says its files are ${grammarFile(clash, 'peggy')})` : ''}: add one (docs/adding-a-grammar.md)`);
  }
  const missing = registry.filter((e) => !peggyFiles.includes(grammarFile(e, 'peggy')) || !fs.existsSync(path.join(root, grammarFile(e, 'abnf'))));
  if (missing.length > 0) throw new Error(`grammar/registry.json names ${missing[0].name}, but ${grammarFile(missing[0], 'peggy')} or ${grammarFile(missing[0], 'abnf')} is missing`);

  // The proof first (scripts/grammar-check/proven.ts): a rule that changed since generated/proven.json and disagrees with its ABNF stops everything.
  const proven = prove(registry);
  if (proven === undefined) return 1;

  const expected = new Map<string, string>();
  for (const entry of registry) {
    const name = entry.name;
    // The recognizer (scripts/compile-recognizer.ts): grammar/NAME.recognizer.json names the rules it logs for the record;
    // without one it logs none (a grammar whose records are 'none' needs none).
    const recognizerConfig = path.join(root, grammarFile(entry, 'recognizer.json'));
    {
      const peggyFile = grammarFile(entry, 'peggy');
      const options = fs.existsSync(recognizerConfig) ? JSON.parse(fs.readFileSync(recognizerConfig, 'utf8')) : { captures: [], decisions: {} };
      const { js, dts } = compileRecognizer(readPeggySource(root, name).text, peggyFile, options);
      const head = header(peggyFile).replace('.\n//', ' (the recognizer, by scripts/compile-recognizer.ts).\n//');
      expected.set(`${name}.recognizer.js`, head + js);
      expected.set(`${name}.recognizer.d.ts`, head + dts);
    }
    // The automata (scripts/compile-dfa.ts): the rules isValid, parse and matches() run in NAME.dfa.js; the recognizer matches the others.
    // grammar/NAME.dfa.json names them; without one they are the grammar's reference rules (the registry's rules).
    const dfaConfig = path.join(root, grammarFile(entry, 'dfa.json'));
    {
      const abnfFile = grammarFile(entry, 'abnf');
      const { core, fast } = fs.existsSync(dfaConfig) ? (JSON.parse(fs.readFileSync(dfaConfig, 'utf8')) as { core: string[]; fast?: { rules: string[] } }) : { core: [...entry.rules], fast: undefined };
      const automata = compileAutomata(fs.readFileSync(path.join(root, abnfFile), 'utf8'), abnfFile);
      // The fast path (a regular expression proven within the rules named, and its split).
      const fastPath = fast === undefined ? undefined : fastPathSources(automata, fast.rules);
      const { js, dts } = emitAutomata(automata, abnfFile, toPegName, core, fastPath);
      const head = [
        `// DO NOT EDIT. Generated by scripts/generate.ts from ${abnfFile}${fs.existsSync(dfaConfig) ? ` and ${grammarFile(entry, 'dfa.json')}` : ' and grammar/registry.json'}`,
        '// (the automata, by scripts/compile-dfa.ts).',
        '// Edit them and run `npm run generate`; `npm run generate -- --check` fails when this file is stale.',
        '',
      ].join('\n');
      expected.set(`${name}.dfa.js`, head + js);
      expected.set(`${name}.dfa.d.ts`, head + dts);
    }
  }
  // The registry's data and loaders (scripts/registry.ts).
  for (const [file, text] of registryFiles(registry)) expected.set(file, text);

  for (const entry of registry) for (const [file, text] of diagnosticFiles(entry)) expected.set(file, text);

  // The grammar pages (docs/grammars/NAME.html): scripts/railroad.ts. Checked like the rest; the only files written outside generated/.
  const pagesDir = path.join(root, 'docs', 'grammars');
  const outputs = new Map([...expected].map(([file, text]) => [`generated/${file}`, text]));
  for (const [file, text] of railroadPages(root, grammars)) outputs.set(file, text);
  outputs.set(PROVEN_FILE, proven);
  const listed = (dir: string, rel: string, keep: (f: string) => boolean) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter(keep).sort().map((f) => `${rel}/${f}`) : []);
  const existing = [...listed(generatedDir, 'generated', () => true), ...listed(pagesDir, 'docs/grammars', (f) => f.endsWith('.html'))];
  const problems: string[] = [];
  for (const [file, text] of outputs) {
    const target = path.join(root, file);
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
    if (current === text) continue;
    if (check) {
      problems.push(`${file} is ${current === undefined ? 'missing' : 'stale'}`);
    } else {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, text);
      process.stdout.write(`wrote ${file}\n`);
    }
  }
  for (const file of existing) {
    if (outputs.has(file)) continue;
    if (check) {
      problems.push(`${file} does not come from any grammar/*.peggy or grammar/registry.json`);
    } else {
      fs.rmSync(path.join(root, file));
      process.stdout.write(`removed ${file}\n`);
    }
  }

  if (check) {
    if (problems.length > 0) {
      process.stderr.write(
        `${problems.join('\n')}\ngenerated/ does not match grammar/: run \`npm run generate\` and commit generated/ and docs/grammars/.\n`,
      );
      return 1;
    }
    process.stdout.write(`generated/ and docs/grammars/ are up to date with grammar/ (${outputs.size} files, peggy ${peggyVersion})\n`);
  }
  writeStamp();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
