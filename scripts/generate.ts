/**
 * npm run generate [-- --check]
 *
 * Compiles every grammar of grammar/registry.json (grammar/NAME.peggy, with the
 * options in grammar/NAME.config.json) into generated/ by way of peggy's own
 * command line (which also writes the typed .d.ts); a .peggy file without a
 * registry line, or a line without its files, stops it. Two parsers come out
 * of each grammar:
 *
 *   generated/NAME.js (+ .d.ts)        peggy's parser: the reference back end that
 *                                      the recognizer is tested against (every input
 *                                      goes through the recognizer, below)
 *   generated/NAME.trace.js (+ .d.ts)  the same parser built with peggy's --trace,
 *                                      run only after a failure, to find the rule
 *                                      path of the error; nothing else pays for
 *                                      tracing
 *
 *   generated/NAME.diagnose.js (+ .d.ts)  the diagnostic back end that scripts/
 *                                      compile-recognizer.ts compiles from the grammar
 *                                      after peggy's passes: src/core/diagnose.ts explains
 *                                      every rejection with it, as the traced parser
 *                                      (now the oracle of the tests) would
 *
 *   generated/NAME.recognizer.js (+ .d.ts)  the allocation-free recognizer (logging the
 *                                      rules grammar/NAME.recognizer.json names, if any) that
 *                                      scripts/compile-recognizer.ts compiles from the
 *                                      same grammar; parse() and isValid() run it first
 *
 *   generated/NAME.dfa.js (+ .d.ts)   one minimal DFA per rule grammar/NAME.dfa.json lists as
 *                                      `core` (the registry's reference rules without one; and
 *                                      IPv4address, which the record needs), compiled from
 *                                      grammar/NAME.abnf by scripts/compile-dfa.ts; isValid(),
 *                                      parse() and matches() run them
 *   generated/NAME.rules-dfa.js (+ .d.ts)  the automata of every other rule, for matches()
 *                                      in Node (an ES module bundle has the recognizer do it,
 *                                      so that it does not carry them)
 *
 * The traced parser gets two changes, both for src/core/diagnose.ts, its only user:
 * - peggy's tracer reports rules entered and left, but not the literals tried
 *   inside a rule, so peg$fail (where peggy records an expected item) first
 *   calls options.peg$onFail(offset, expected) when the caller gives one; that
 *   names the rule each expected item came from;
 * - trace events carry offsets only ({ start: { offset }, end: { offset } }),
 *   not peggy's line and column, which cost a lookup per event and made the
 *   error path of a 1 MB input take seconds.
 * Generation stops if peggy's code is not shaped as these changes expect.
 *
 * A grammar's @include lines (scripts/grammar-source.ts) are expanded before
 * peggy or the recognizer compiler sees it.
 *
 * The recognizer, the automata and the traced parser also come as ES modules,
 * NAME.recognizer.mjs, NAME.dfa.mjs and NAME.trace.mjs (the same code, with import/export), for the ES module
 * build that bundlers tree-shake (scripts/finish-build.ts copies them to
 * dist/esm/generated/NAME.*.js); their types are those of the .d.ts beside them.
 *
 * From grammar/registry.json itself (scripts/registry.ts): generated/registry.js
 * (the data src/core/grammars.ts reads), generated/loaders.js (a literal
 * require of each module, for src/core/load.ts) and generated/NAME.grammar.js
 * (+ .mjs), a grammar's modules for useGrammar() (`urigram/grammars/NAME`).
 *
 * scripts/railroad.ts adds the railroad diagrams of every rule (generated/NAME.railroad.json)
 * and the grammar pages (docs/grammars/NAME.html), checked the same way.
 *
 * Each file starts with a do-not-edit header. With --check nothing is written:
 * the command exits 1 and names each file of generated/ that is missing, stale
 * or left over from a grammar that no longer exists. A --check whose inputs
 * and outputs are those of the last full run on this machine (the stamp,
 * below) passes at once; --full checks all the same.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compileAutomata, emitAutomata, fastPathSources } from './compile-dfa';
import * as peggy from 'peggy';
import { compileDiagnostic, compileRecognizer } from './compile-recognizer';
import { explainRefusal } from './grammar-check/explain';
import { changedRules, PROOF_COUNT, PROVEN_FILE, proveRules, provenText, readProofGrammar, readProven } from './grammar-check/proven';
import { readPeggySource } from './grammar-source';
import { railroadFiles } from './railroad';
import { grammarFile, grammarFileOf, readRegistry, registryFiles, type RegistryEntry } from './registry';
import { toPegName } from '../src/core/rule-names';

const root = path.resolve(__dirname, '..');
const grammarDir = path.join(root, 'grammar');
const generatedDir = path.join(root, 'generated');
const peggyPackage = require.resolve('peggy/package.json', { paths: [root] });
const peggyBin = path.join(path.dirname(peggyPackage), 'bin', 'peggy.js');
const peggyVersion: string = JSON.parse(fs.readFileSync(peggyPackage, 'utf8')).version;

interface Variant {
  suffix: string;
  extraArgs: string[];
  patch?: (js: string, file: string) => string;
  /** An ES module (NAME.SUFFIX.mjs) without its own .d.ts: the CommonJS variant's types describe it. */
  esm?: boolean;
}

const FAIL_FUNCTION = '  function peg$fail(expected) {\n';

function addFailHook(js: string, file: string): string {
  const at = js.indexOf(FAIL_FUNCTION);
  if (at < 0 || js.indexOf(FAIL_FUNCTION, at + 1) >= 0) {
    throw new Error(`${file}: peggy's peg$fail is not where scripts/generate.ts expects it; update addFailHook`);
  }
  const hook = '    if (options.peg$onFail) options.peg$onFail(peg$currPos, expected); // added by scripts/generate.ts\n';
  return js.slice(0, at + FAIL_FUNCTION.length) + hook + js.slice(at + FAIL_FUNCTION.length);
}

const TRACE_LOCATIONS: ReadonlyArray<readonly [string, string]> = [
  ['location: peg$computeLocation(startPos, startPos, true)', 'location: { start: { offset: startPos }, end: { offset: startPos } }'],
  ['location: peg$computeLocation(startPos, peg$currPos, true)', 'location: { start: { offset: startPos }, end: { offset: peg$currPos } }'],
];

function offsetsOnlyInTrace(js: string, file: string): string {
  const rules = js.split('\n  function peg$parse').length - 1;
  let out = js;
  for (const [from, to] of TRACE_LOCATIONS) {
    const count = out.split(from).length - 1;
    if (count === 0 || count % rules !== 0) {
      throw new Error(`${file}: peggy's trace calls are not shaped as scripts/generate.ts expects (${count} of ${JSON.stringify(from)} for ${rules} rules)`);
    }
    out = out.split(from).join(to);
  }
  return out;
}

function patchTraced(js: string, file: string): string {
  return offsetsOnlyInTrace(addFailHook(js, file), file);
}

const variants: Variant[] = [
  { suffix: '', extraArgs: [] },
  { suffix: '.trace', extraArgs: ['--trace'], patch: patchTraced },
  { suffix: '.trace', extraArgs: ['--trace', '--format', 'es'], patch: patchTraced, esm: true },
];

const STRICT = "'use strict';\n";
/** The one line of our own generated CommonJS modules that exports: `module.exports = { a, b, NAME: [...] };`. */
const EXPORTS_LINE = /^module\.exports = \{ (.*) \};$/m;
/** An entry of that line that is a value (a JSON array of rule names), not a name already declared. */
const VALUE_ENTRY = /(\w+): (\[[^\]\n]*\])(?:, )?/g;

/**
 * A module that scripts/compile-recognizer.ts or scripts/compile-dfa.ts wrote
 * (the recognizer, the diagnostic back end, the automata) as an ES module: the
 * same code, without 'use strict', its one module.exports line turned into
 * declarations of its values and an export list. `what` names the module for
 * the error when its shape is not this.
 */
function asEsModule(js: string, file: string, what: string): string {
  const match = EXPORTS_LINE.exec(js);
  if (!js.startsWith(STRICT) || match === null || js.includes('module.exports', match.index + 1) || js.includes('require(')) {
    throw new Error(`${file}: the ${what}'s module shape is not what scripts/generate.ts expects; update asEsModule`);
  }
  const values = [...match[1].matchAll(VALUE_ENTRY)];
  const names = match[1].replace(VALUE_ENTRY, '').split(', ').filter((n) => n !== '');
  if (!names.every((n) => /^\w+$/.test(n))) throw new Error(`${file}: the ${what}'s exports are not names and arrays; update asEsModule`);
  const declarations = values.map(([, name, value]) => `const ${name} = ${value};\n`).join('');
  return js.slice(STRICT.length, match.index) + `${declarations}export { ${[...names, ...values.map((v) => v[1])].join(', ')} };` + js.slice(match.index + match[0].length);
}

/**
 * generated/NAME.diagnose.js (+ .mjs, .d.ts): the diagnostic back end that
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
  const esm = asEsModule(js, `${name}.diagnose.mjs`, 'diagnostic back end');
  const head = header(peggyFile, false).replace('.\n//', ' (the diagnostic back end, by scripts/compile-recognizer.ts).\n//');
  return new Map([
    [`${name}.diagnose.js`, head + js],
    [`${name}.diagnose.d.ts`, head + dts],
    [`${name}.diagnose.mjs`, head.replace(' (the diagnostic back end,', ' (the diagnostic back end, as an ES module,') + esm],
  ]);
}

function header(grammarFile: string, traced: boolean, esm = false): string {
  return [
    `// DO NOT EDIT. Generated by scripts/generate.ts from ${grammarFile}`,
    `// with peggy ${peggyVersion}${traced ? ' (--trace: used on the error path only)' : ''}${esm ? ', as an ES module' : ''}.`,
    '// Edit the grammar and run `npm run generate`; `npm run generate -- --check` fails when this file is stale.',
    '',
  ].join('\n');
}

/** Runs a command to its end, collecting its output. */
function run(command: string, args: string[], cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs peggy's command line and returns the generated JavaScript and .d.ts text. */
async function compile(name: string, variant: Variant): Promise<Map<string, string>> {
  const peggyFile = grammarFileOf(root, name, 'peggy');
  const configFile = grammarFileOf(root, name, 'config.json');
  if (!fs.existsSync(path.join(root, configFile))) {
    throw new Error(`${configFile} is missing: every grammar needs its peggy options file`);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-generate-'));
  try {
    const outJs = path.join(tmp, `${name}${variant.suffix}.${variant.esm ? 'mjs' : 'js'}`);
    // The grammar as peggy compiles it, its @include lines expanded (scripts/grammar-source.ts).
    const source = path.join(tmp, `${name}.peggy`);
    fs.writeFileSync(source, readPeggySource(root, name).text);
    const result = await run(process.execPath, [peggyBin, '-c', configFile, ...variant.extraArgs, '-o', outJs, source], root);
    if (result.status !== 0) {
      throw new Error(`peggy failed on ${peggyFile} (includes expanded):\n${result.stderr}${result.stdout}`);
    }
    const files = new Map<string, string>();
    const traced = variant.extraArgs.includes('--trace');
    for (const ext of variant.esm ? ['.mjs'] : ['.js', '.d.ts']) {
      const base = `${name}${variant.suffix}${ext}`;
      let text = fs.readFileSync(path.join(tmp, base), 'utf8');
      if (ext !== '.d.ts' && variant.patch) text = variant.patch(text, base);
      files.set(base, header(peggyFile, traced, variant.esm) + text);
    }
    return files;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
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
  // peggy runs as one process per grammar and variant (CommonJS and ES module), all at once.
  const compiled = await Promise.all(grammars.flatMap((name) => variants.map((variant) => compile(name, variant))));
  for (const files of compiled) for (const [file, text] of files) expected.set(file, text);
  for (const entry of registry) {
    const name = entry.name;
    // The recognizer (scripts/compile-recognizer.ts): grammar/NAME.recognizer.json names the rules it logs for the record;
    // without one it logs none (a grammar whose records are 'none' needs none).
    const recognizerConfig = path.join(root, grammarFile(entry, 'recognizer.json'));
    {
      const peggyFile = grammarFile(entry, 'peggy');
      const options = fs.existsSync(recognizerConfig) ? JSON.parse(fs.readFileSync(recognizerConfig, 'utf8')) : { captures: [], decisions: {} };
      const { js, dts } = compileRecognizer(readPeggySource(root, name).text, peggyFile, options);
      const head = header(peggyFile, false).replace('.\n//', ' (the recognizer, by scripts/compile-recognizer.ts).\n//');
      expected.set(`${name}.recognizer.js`, head + js);
      expected.set(`${name}.recognizer.d.ts`, head + dts);
      expected.set(`${name}.recognizer.mjs`, head.replace(' (the recognizer,', ' (the recognizer, as an ES module,') + asEsModule(js, `${name}.recognizer.mjs`, 'recognizer'));
    }
    // The automata (scripts/compile-dfa.ts): the rules isValid and parse run in NAME.dfa.js, the rest in NAME.rules-dfa.js.
    // grammar/NAME.dfa.json names the core; without one it is the grammar's reference rules (the registry's rules).
    const dfaConfig = path.join(root, grammarFile(entry, 'dfa.json'));
    {
      const abnfFile = grammarFile(entry, 'abnf');
      const { core, fast } = fs.existsSync(dfaConfig) ? (JSON.parse(fs.readFileSync(dfaConfig, 'utf8')) as { core: string[]; fast?: { rules: string[] } }) : { core: [...entry.rules], fast: undefined };
      const automata = compileAutomata(fs.readFileSync(path.join(root, abnfFile), 'utf8'), abnfFile);
      // The fast path (a regular expression proven within the rules named, and its split), in the core module only.
      const fastPath = fast === undefined ? undefined : fastPathSources(automata, fast.rules);
      const rest = [...automata.rules.keys()].filter((rule) => !core.includes(rule));
      for (const [file, rules] of [[`${name}.dfa`, core], [`${name}.rules-dfa`, rest]] as const) {
        const { js, dts } = emitAutomata(automata, abnfFile, toPegName, rules, rules === core ? fastPath : undefined);
        const head = [
          `// DO NOT EDIT. Generated by scripts/generate.ts from ${abnfFile}${fs.existsSync(dfaConfig) ? ` and ${grammarFile(entry, 'dfa.json')}` : ' and grammar/registry.json'}`,
          '// (the automata, by scripts/compile-dfa.ts).',
          '// Edit them and run `npm run generate`; `npm run generate -- --check` fails when this file is stale.',
          '',
        ].join('\n');
        expected.set(`${file}.js`, head + js);
        expected.set(`${file}.d.ts`, head + dts);
        // The ES module build has the recognizer match the other rules: only the core has an ES module.
        if (rules === core) expected.set(`${file}.mjs`, head.replace('(the automata,', '(the automata, as an ES module,') + asEsModule(js, `${file}.mjs`, 'automata'));
      }
    }
  }
  // The registry's data and loaders (scripts/registry.ts).
  for (const [file, text] of registryFiles(registry)) expected.set(file, text);

  for (const entry of registry) for (const [file, text] of diagnosticFiles(entry)) expected.set(file, text);

  // The railroad diagrams (generated/NAME.railroad.json) and the grammar pages (docs/grammars/NAME.html):
  // scripts/railroad.ts. Both are checked like the rest; the pages are the only files written outside generated/.
  const pagesDir = path.join(root, 'docs', 'grammars');
  const outputs = new Map([...expected].map(([file, text]) => [`generated/${file}`, text]));
  for (const [file, text] of railroadFiles(root, grammars)) outputs.set(file, text);
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
