/**
 * The last step of `npm run build`, after tsc has compiled src/ into dist/tsc/src/
 * (CommonJS, with the .d.ts) and dist/tsc/esm/src/ (ES modules, for bundlers):
 *
 * - copies them to dist/src/ and dist/esm/src/, which the steps below rewrite
 *   (tsc's own output stays as it wrote it, for its next --incremental run);
 * - copies generated/*.js and *.d.ts to dist/generated/, where the compiled
 *   modules require them (../generated/rfc3986.dfa), writes the automata,
 *   recognizers and diagnostic back ends as ES modules to dist/esm/generated/*.js
 *   (scripts/es-module.ts), and copies the other generated/*.mjs there as *.js;
 * - puts src/core/load.esm.ts, compiled, in the place of src/core/load.ts in the ES
 *   module build (see both files), and takes src/schemes/on-first-use.ts out of
 *   it (see SCHEME_CHECKS_ON_FIRST_USE);
 * - writes the CommonJS entry, dist/src/index.js, in the place of tsc's: the
 *   exports of src/index.ts, none of which loads a module when read (Node's
 *   `import` reads them all; tsc's entry would load every module up front):
 *   functions are stubs that require their module on their first call, the
 *   error classes come from the core (below), and plain data is written into
 *   dist/src/index.data.json, which the entry reads on first use and its
 *   modules read through the entry (see Plan). The modules that
 *   the first isValid() and parse() need (CORE: parse, backends, grammars,
 *   errors, options, split, and RFC 3986's automata) it holds, bundled by
 *   esbuild and minified. In their places in dist/ it puts a line
 *   that takes each one's exports from the entry (a symbol-keyed, hidden
 *   property of its exports), so that every module uses the one copy. Node
 *   then resolves, reads and compiles one file instead of seven, which is
 *   most of a cold start (BENCHMARKS.md, "Cold start"). The modules that
 *   CORE uses only inside functions (diagnose, load, recognizer-records) stay outside it, each
 *   required on the first call that needs it, and so do the automata of RFC
 *   3986's reference rules other than the default (splitTables);
 * - in the CommonJS build, turns the require() of a module used only on
 *   first use (FIRST_USE_ONLY: diagnose, which explains a rejection; load,
 *   which loads the other grammars, the diagnostic back ends and tr46;
 *   recognizer-records, the records of RFC 2396 and RFC 6874; reserved-operators,
 *   the operators RFC 6570 reserves, for isValid on templates) into one run
 *   on the first call that needs it: tsc requires every import up front, and
 *   valid RFC 3986 input needs none of them;
 * - writes dist/src/index.mjs, Node's `import` entry: the CommonJS entry's
 *   exports (required with createRequire: an import would have Node lex the
 *   entry's source), so that a program that both imports and requires
 *   urigram gets one copy of it (one UriSyntaxError class, one set of loaded
 *   grammars);
 * - writes dist/src/eslint.mjs and formats.mjs, the `import` entries of
 *   urigram/eslint and urigram/formats: their CommonJS modules' exports;
 * - removes the .d.ts that no entry point's types read (scripts/package-types.ts), and the comments of the
 *   compiled modules (stripComments);
 * - marks dist/src/cli.js executable. npm links the `urigram` bin when it
 *   installs, before `prepare` has built dist/, so it never gets to set the
 *   mode itself, and tsc writes files without it.
 *
 * It writes nothing to stdout: `npm pack --json` runs the build (prepare) and
 * its stdout must be JSON alone.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { build, transform, type Plugin } from 'esbuild';
import { GRAMMAR_REGISTRY } from '../generated/registry';
import { toPegName } from '../src/core/rule-names';
import { esModuleOf } from './es-module';
import { removeUnreadTypes } from './package-types';

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');

function copyInto(to: string, files: ReadonlyArray<readonly [string, string]>): void {
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(to, { recursive: true });
  for (const [from, name] of files) fs.copyFileSync(from, path.join(to, name));
}

// tsc writes the CommonJS build to dist/tsc/src and the ES module build to dist/tsc/esm/src (npm run build), where
// --incremental finds them as it left them; what follows rewrites modules of both, so dist/src and dist/esm/src
// start each build as fresh copies of tsc's output. Only of the modules whose source is still in src/: tsc never
// removes what it wrote for a file since removed or renamed, and such a module would ship in the next `npm pack`.
for (const [from, to] of [['src', 'src'], [path.join('esm', 'src'), path.join('esm', 'src')]]) {
  const compiled = path.join(dist, 'tsc', from);
  fs.rmSync(path.join(dist, to), { recursive: true, force: true });
  fs.cpSync(compiled, path.join(dist, to), { recursive: true, filter: (file) => hasSource(path.relative(compiled, file)) });
}

/** Whether a file of tsc's output under dist/tsc/(esm/)src has its source in src/ (a folder, or a file of no kind tsc writes: yes). */
function hasSource(relative: string): boolean {
  const suffix = ['.d.ts.map', '.js.map', '.d.ts', '.js'].find((x) => relative.endsWith(x));
  if (suffix === undefined) return true;
  return fs.existsSync(path.join(root, 'src', `${relative.slice(0, -suffix.length)}.ts`));
}

const generated = fs.readdirSync(path.join(root, 'generated')).sort();
const at = (file: string): string => path.join(root, 'generated', file);
copyInto(
  path.join(dist, 'generated'),
  generated.filter((f) => f.endsWith('.js') || f.endsWith('.d.ts')).map((f) => [at(f), f]),
);
copyInto(
  path.join(dist, 'esm', 'generated'),
  generated.filter((f) => f.endsWith('.mjs')).map((f) => [at(f), `${f.slice(0, -'.mjs'.length)}.js`]),
);
// The automata, recognizers and diagnostic back ends: generated/ has them once, as CommonJS; the ES module build's are written from them.
const ES_TWINS: ReadonlyArray<readonly [string, string]> = [['.dfa.js', 'automata'], ['.recognizer.js', 'recognizer'], ['.diagnose.js', 'diagnostic back end']];
for (const f of generated) {
  const kind = ES_TWINS.find(([suffix]) => f.endsWith(suffix));
  if (kind === undefined) continue;
  const text = fs.readFileSync(at(f), 'utf8');
  fs.writeFileSync(path.join(dist, 'esm', 'generated', f), esModuleOf(f === 'rfc3986.dfa.js' ? referenceAutomataOnly(at(f), text) : text, f, kind[1]));
}

/**
 * RFC 3986's automata as the ES module build has them: those of its reference
 * rules and of the host rules parse uses (IPv4address, IPvFuture) only. The
 * others (grammar/rfc3986.dfa.json has every rule, for matches() in Node) would
 * put 4 KB more, gzipped, in every bundle that uses isValid; a bundle's
 * matches() has the recognizer match them, as src/core/load.esm.ts says.
 */
function referenceAutomataOnly(file: string, js: string): string {
  const rfc3986 = GRAMMAR_REGISTRY.find((e) => e.name === 'rfc3986');
  if (rfc3986 === undefined) throw new Error('the registry has no rfc3986');
  const kept = new Set([...rfc3986.rules, 'IPv4address', 'IPvFuture'].map(toPegName));
  const source = ts.createSourceFile(file, js, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const declarations = source.statements.filter(ts.isVariableStatement).flatMap((s) => [...s.declarationList.declarations]);
  const rules = declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === 'RULES')?.initializer;
  if (rules === undefined || !ts.isObjectLiteralExpression(rules)) throw new Error(`${file}: no \`const RULES = { ... }\`; update referenceAutomataOnly`);
  const edits: Array<[number, number, string]> = [];
  const names: string[] = [];
  for (const property of rules.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) throw new Error(`${file}: RULES has a property that is not \`name: table\`; update referenceAutomataOnly`);
    if (kept.has(property.name.text)) names.push(property.name.text);
    // The property and the comma after it.
    else edits.push([property.getFullStart(), js[property.end] === ',' ? property.end + 1 : property.end, '']);
  }
  const exportsLine = /^module\.exports = \{ (.*)RULE_NAMES: \[[^\]\n]*\] \};$/m.exec(js);
  if (exportsLine === null || names.length !== kept.size) throw new Error(`${file}: not the automata module referenceAutomataOnly expects (RULES of ${[...kept].join(', ')}, RULE_NAMES last exported)`);
  edits.push([exportsLine.index, exportsLine.index + exportsLine[0].length, `module.exports = { ${exportsLine[1]}RULE_NAMES: ${JSON.stringify(names)} };`]);
  let out = js;
  for (const [start, end, text] of edits.sort((x, y) => y[0] - x[0])) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/**
 * The module src/index.ts imports for its effect: it registers with the core
 * a loader of the scheme checks (src/schemes/on-first-use.ts). The CommonJS
 * entry does the same in its own code (writeEntry): its core is bundled into
 * it, and a file required at load would be read by every require('urigram').
 * The ES module build has neither (below).
 */
const SCHEME_CHECKS_ON_FIRST_USE = './schemes/on-first-use';

const esmSrc = path.join(dist, 'esm', 'src');
fs.renameSync(path.join(esmSrc, 'core', 'load.esm.js'), path.join(esmSrc, 'core', 'load.js'));
// The ES module build registers no loader of the scheme checks (a bundle cannot require on first use; useSchemes()
// gives them): src/index.ts's import of SCHEME_CHECKS_ON_FIRST_USE, and the module, are not in it.
{
  const entry = path.join(esmSrc, 'index.js');
  const js = fs.readFileSync(entry, 'utf8');
  const line = new RegExp(`^import ['"]${SCHEME_CHECKS_ON_FIRST_USE.replace(/[./]/g, '\\$&')}(\\.js)?['"];\n`, 'm');
  if (!line.test(js)) throw new Error(`dist/esm/src/index.js: no import of ${SCHEME_CHECKS_ON_FIRST_USE}; update finish-build`);
  fs.writeFileSync(entry, js.replace(line, ''));
  fs.rmSync(path.join(esmSrc, `${SCHEME_CHECKS_ON_FIRST_USE.slice(2)}.js`));
}


/** The value exports of src/index.ts, by the module they come from, in order. */
function indexExports(): Map<string, string[]> {
  const file = path.join(root, 'src', 'index.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2020, false, ts.ScriptKind.TS);
  const byModule = new Map<string, string[]>();
  for (const statement of source.statements) {
    // The one import for its effect: see SCHEME_CHECKS_ON_FIRST_USE.
    if (ts.isImportDeclaration(statement) && statement.importClause === undefined && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text === SCHEME_CHECKS_ON_FIRST_USE) continue;
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) continue;
    const from = statement.moduleSpecifier;
    const clause = statement.exportClause;
    if (from === undefined || !ts.isStringLiteral(from) || clause === undefined || !ts.isNamedExports(clause)) {
      throw new Error(`src/index.ts: scripts/finish-build.ts expects only \`export { a, b } from "./module"\` (and export type), and \`import '${SCHEME_CHECKS_ON_FIRST_USE}'\``);
    }
    for (const element of clause.elements) {
      if (element.isTypeOnly) continue;
      if (element.propertyName !== undefined) throw new Error(`src/index.ts: finish-build does not rename exports (${element.getText(source)})`);
      const names = byModule.get(from.text) ?? [];
      names.push(element.name.text);
      byModule.set(from.text, names);
    }
  }
  return byModule;
}

/** Modules whose exports are only called inside functions, never at load: required on first use in the CommonJS build (as src/index.ts names them). */
const FIRST_USE_ONLY = ['./core/diagnose', './core/load', './core/recognizer-records', './core/reserved-operators', './core/writing'];

/** The FIRST_USE_ONLY module that a require or import of `specifier` in a module of `dir` (under src/, dist/src/ or dist/esm/src/) names, if it does. */
function firstUseModule(srcRoot: string, dir: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const rel = path.relative(srcRoot, path.resolve(dir, specifier.replace(/\.js$/, ''))).split(path.sep).join('/');
  const from = `./${rel}`;
  return FIRST_USE_ONLY.includes(from) ? from : undefined;
}

function requireOnFirstUse(file: string): void {
  const js = fs.readFileSync(file, 'utf8');
  let out = js;
  for (const line of [...js.matchAll(/^const (\w+) = require\(("\.[^"]*")\);$/gm)]) {
    const [text, binding, quoted] = line;
    if (firstUseModule(path.join(dist, 'src'), path.dirname(file), JSON.parse(quoted) as string) === undefined) continue;
    const uses = [...out.matchAll(new RegExp(`\\b${binding}\\b(\\.\\w+)?`, 'g'))].slice(1);
    if (uses.length === 0 || uses.some((m) => m[1] === undefined)) throw new Error(`${file}: ${binding} is used other than as ${binding}.name; update requireOnFirstUse`);
    const used = [...new Set(uses.map((m) => (m[1] as string).slice(1)))];
    const getters = used.map((name) => `get ${name}() { return (${binding}m || (${binding}m = require(${quoted}))).${name}; }`);
    out = out.replace(text, `let ${binding}m; // required on first use (scripts/finish-build.ts)\nconst ${binding} = { ${getters.join(', ')} };`);
  }
  if (out !== js) fs.writeFileSync(file, out);
}
/** Every .js file under a folder. */
function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jsFiles(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []));
}
for (const file of jsFiles(path.join(dist, 'src'))) requireOnFirstUse(file);

/**
 * The modules of the first isValid() and parse(), bundled into the CommonJS
 * entry, dist/src/index.js (the CommonJS build only: the ES module build stays
 * one file per module, for bundlers to tree-shake). Each must import only from
 * these, from RFC 3986's recognizer and, for use inside functions only, from
 * FIRST_USE_ONLY.
 */
const CORE = ['./core/parse', './core/backends', './core/split', './core/records', './core/grammars', './core/errors', './core/options', './core/rule-names', './core/scheme-checks'];
/** The generated modules of the core: RFC 3986's automata (isValid, parse). */
const CORE_GENERATED = ['../generated/rfc3986.dfa', '../generated/registry'];
/** The property of the entry's exports that holds the CORE modules' exports, for their stand-ins in dist/ (not enumerable). */
const CORE_KEY = 'Symbol.for("urigram.core")';

/** The names of the functions a module of src/ exports. */
function exportedFunctions(from: string): string[] {
  const file = path.join(root, 'src', `${from.slice(2)}.ts`);
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2020, false, ts.ScriptKind.TS);
  return source.statements
    .filter((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name !== undefined && (ts.getCombinedModifierFlags(s) & ts.ModifierFlags.Export) !== 0)
    .map((s) => (s.name as ts.Identifier).text);
}

/**
 * In the core bundle, an import from a FIRST_USE_ONLY module becomes one
 * function per export that requires the module (outside the bundle, from
 * dist/src/) on its first call.
 */
const firstUse: Plugin = {
  name: 'first-use',
  setup(b) {
    const esmSrc = path.join(dist, 'esm', 'src');
    b.onResolve({ filter: /^\./ }, (a) => {
      const from = firstUseModule(esmSrc, a.resolveDir, a.path);
      if (from === undefined) return undefined;
      return a.kind === 'require-call' ? { path: from, external: true } : { path: from, namespace: 'first-use' };
    });
    b.onLoad({ filter: /.*/, namespace: 'first-use' }, (a) => ({
      loader: 'js',
      resolveDir: path.join(dist, 'esm', 'src'),
      contents: [
        'let m;',
        `const get = () => m || (m = require(${JSON.stringify(a.path)}));`,
        ...exportedFunctions(a.path).map((f) => `export function ${f}(...args) { return get().${f}(...args); }`),
      ].join('\n'),
    }));
  },
};

/**
 * RFC 3986's automata in the core bundle: the tables of every rule but the
 * default (URI, absolute-URI, relative-ref: 20 KB of what V8 scanned at every
 * require('urigram') before; and every other rule, which matches() runs:
 * grammar/rfc3986.dfa.json) go to dist/generated/rfc3986.dfa.rest.js, which
 * the bundle requires when a call first names one of them; `RULES` has a
 * getter for each in their place. URI-reference, the default of isValid and
 * parse, and the host rules that parse uses (IPv4address, IPvFuture) stay.
 */
const REST_TABLES = 'rfc3986.dfa.rest.js';
const restTables: Plugin = {
  name: 'rest-tables',
  setup(b) {
    b.onResolve({ filter: /rfc3986\.dfa\.rest\.js$/ }, () => ({ path: `../generated/${REST_TABLES}`, external: true }));
    // Every rule's automaton (generated/rfc3986.dfa.js as an ES module), not the ES module build's, which has the reference rules' only (referenceAutomataOnly).
    b.onLoad({ filter: /[\\/]generated[\\/]rfc3986\.dfa\.js$/ }, (a) => ({ loader: 'js', contents: splitTables(a.path, esModuleOf(fs.readFileSync(at('rfc3986.dfa.js'), 'utf8'), 'rfc3986.dfa.js', 'automata')) }));
  },
};

/** The module of RFC 3986's automata with the tables of the rules other than the default in REST_TABLES (written here), and getters that require it. */
function splitTables(file: string, js: string): string {
  const rfc3986 = GRAMMAR_REGISTRY.find((e) => e.name === 'rfc3986');
  if (rfc3986 === undefined) throw new Error('the registry has no rfc3986');
  const kept = new Set([rfc3986.rules[0], 'IPv4address', 'IPvFuture'].map(toPegName));
  const moved = new Set<string>();
  const source = ts.createSourceFile(file, js, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const declarations = source.statements.filter(ts.isVariableStatement).flatMap((s) => [...s.declarationList.declarations]);
  const rules = declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === 'RULES')?.initializer;
  if (rules === undefined || !ts.isObjectLiteralExpression(rules)) throw new Error(`${file}: no \`const RULES = { ... }\`; update splitTables`);
  const literal = (e: ts.Node): boolean => ts.isNumericLiteral(e) || ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || (ts.isArrayLiteralExpression(e) && e.elements.every(literal));
  const tables: string[] = [];
  const edits: Array<[number, number, string]> = [];
  for (const property of rules.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name) || kept.has(property.name.text)) continue;
    const name = property.name.text;
    moved.add(name);
    if (!literal(property.initializer)) throw new Error(`${file}: RULES.${name} is not a literal; update splitTables`);
    tables.push(`  ${name}: ${property.initializer.getText(source)},`);
    edits.push([property.getStart(source), property.end, `get ${name}() { return restTables().${name}; }`]);
  }
  const missing = [...kept].filter((rule) => !rules.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === rule));
  if (missing.length > 0 || moved.size === 0) throw new Error(`${file}: RULES has no ${missing.join(', ') || 'rule to move'}; update splitTables`);
  fs.writeFileSync(
    path.join(dist, 'generated', REST_TABLES),
    ['"use strict";', `// RFC 3986's automata of every rule but ${[...kept].join(', ')}, from generated/rfc3986.dfa.js by scripts/finish-build.ts: the core bundle`, '// in dist/src/index.js requires them when a call first names one of these rules.', 'module.exports = {', ...tables, '};', ''].join('\n'),
  );
  let out = js;
  for (const [start, end, text] of edits.sort((x, y) => y[0] - x[0])) out = out.slice(0, start) + text + out.slice(end);
  return `let rest;\nconst restTables = () => rest || (rest = require(${JSON.stringify(`./${REST_TABLES}`)}));\n${out}`;
}

const moduleKey = (from: string): string => from.replace(/^.*\//, '').replace(/\W/g, '_');

/** The names each of these ES modules exports, in order, as esbuild reads them. */
async function exportNames(files: readonly string[]): Promise<string[][]> {
  const result = await build({ entryPoints: [...files], bundle: false, format: 'esm', write: false, metafile: true, outdir: path.join(dist, 'exports-of'), outbase: dist, absWorkingDir: root, logLevel: 'silent' });
  const byEntry = new Map(Object.values(result.metafile.outputs).map((o) => [path.resolve(root, o.entryPoint as string), o.exports]));
  return files.map((file) => {
    const names = byEntry.get(file);
    if (names === undefined || names.length === 0) throw new Error(`${file}: esbuild found no exports`);
    return names;
  });
}

/** How both bundles (the core's and diagnose's) are built. */
const BUNDLE = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // Whitespace and syntax minified, names left as they are: each function and class has its own name, with nothing to set at
  // load. keepNames (needed with minified names) set them at load, a defineProperty call per function and a static block per
  // class, and cost about 0.5 ms of a cold start (BENCHMARKS.md, "Cold start").
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  metafile: true,
  write: false,
} as const;

/**
 * The CORE modules bundled: a script that sets `module.exports` to `{ v, modules }`: `v`, the exports of every
 * CORE module in one array (the entry reads its exports from there, by the index that `at` gives), and
 * `modules()`, an object of each module's exports, made on its first call (for the stand-ins below).
 */
async function bundleCore(): Promise<{ code: string; at: ReadonlyMap<string, number> }> {
  const esm = path.join(dist, 'esm', 'src');
  const modules = [...CORE, ...CORE_GENERATED];
  // Each module's exports, named: its exports as they are after loading (none is reassigned later). Named imports, not
  // `import * as`: a namespace object made esbuild define a getter per export and the copy call each, at load. An array
  // literal at load, not an object per module: those objects cost about 0.04 ms to make, and only the stand-ins need them.
  const names = await exportNames(modules.map((from) => path.join(esm, `${from}.js`)));
  const at = new Map<string, number>();
  for (const [i, from] of modules.entries()) for (const name of names[i]) at.set(`${moduleKey(from)}.${name}`, at.size);
  const entry = [
    ...modules.map((from, i) => `import { ${names[i].map((name) => `${name} as m${i}_${name}`).join(', ')} } from '${from}.js';`),
    `const v = [${modules.flatMap((_, i) => names[i].map((name) => `m${i}_${name}`)).join(', ')}];`,
    // Each module's export names, in the order of v: a string per module, which V8 scans faster than it parses an object literal.
    `const layout = ${JSON.stringify(modules.map((from, i) => `${moduleKey(from)} ${names[i].join(' ')}`))};`,
    'let modules;',
    'const makeModules = () => {',
    '  const made = {};',
    '  let i = 0;',
    '  for (const line of layout) {',
    '    const [key, ...exported] = line.split(" ");',
    '    const m = made[key] = {};',
    '    for (const name of exported) m[name] = v[i++];',
    '  }',
    '  return made;',
    '};',
    'module.exports = { v, modules: () => modules || (modules = makeModules()) };',
  ].join('\n');
  const result = await build({ ...BUNDLE, stdin: { contents: entry, resolveDir: esm, sourcefile: 'core-entry.js' }, plugins: [firstUse, restTables] });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('first-use:') && !f.endsWith('core-entry.js')).sort();
  const expected = modules.map((from) => path.relative(root, path.join(esm, `${from}.js`))).sort();
  if (JSON.stringify(inputs) !== JSON.stringify(expected)) {
    throw new Error(`the core bundle holds ${inputs.join(', ')}, not ${expected.join(', ')}: a core module imports a module outside CORE; add it to CORE or to FIRST_USE_ONLY`);
  }
  // Whatever else requires a core module (diagnose, resolve, ...) gets the same copy, from the entry.
  for (const from of modules) {
    const file = CORE_GENERATED.includes(from) ? path.join(dist, 'generated', `${path.basename(from)}.js`) : path.join(dist, 'src', `${from.slice(2)}.js`);
    const entry = path.relative(path.dirname(file), path.join(dist, 'src', 'index.js'));
    fs.writeFileSync(file, `"use strict";\n// Bundled into dist/src/index.js (scripts/finish-build.ts).\nmodule.exports = require(${JSON.stringify(entry.startsWith('.') ? entry : `./${entry}`)})[${CORE_KEY}].${moduleKey(from)};\n`);
  }
  const sources = modules.map((from) => fs.readFileSync(path.join(esm, `${from}.js`), 'utf8'));
  // The first-use stubs (the plugin above) have the names of their modules' functions.
  return { code: withOwnNames(result.outputFiles[0].text, [...sources, ...FIRST_USE_ONLY.flatMap(exportedFunctions).map((name) => `function ${name}(`)]), at };
}

const DECLARED = /\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(|\bclass\s+([A-Za-z_$][\w$]*)|\b([A-Za-z_$][\w$]*)\s*=\s*class\b/g;
const declared = (js: string): Set<string> => new Set([...js.matchAll(DECLARED)].map((m) => m[1] ?? m[2] ?? m[3]));

/**
 * The bundle, each function that esbuild renamed (two modules declare a
 * function `run`: one becomes `run2`) given back its name, so that stack
 * traces show the names of the sources.
 */
function withOwnNames(bundle: string, sources: readonly string[]): string {
  const inSources = new Set(sources.flatMap((js) => [...declared(js)]));
  const fixes: string[] = [];
  for (const name of declared(bundle)) {
    if (inSources.has(name) || name.startsWith('__')) continue;
    const own = name.replace(/\d+$/, '');
    if (own === name || !inSources.has(own) || !new RegExp(`\\bfunction ${name.replace(/\$/g, '\\$')}\\(`).test(bundle)) {
      throw new Error(`the core bundle declares ${name}, which no core module does: update withOwnNames`);
    }
    fixes.push(`Object.defineProperty(${name}, "name", { value: ${JSON.stringify(own)} });`);
  }
  return `${bundle.trimEnd()}\n${fixes.join('\n')}\n`;
}

/** The property of the entry's exports that holds `v`, the CORE modules' exports by index, for the diagnose bundle (not enumerable). */
const VALUES_KEY = 'Symbol.for("urigram.core.values")';

/**
 * dist/src/core/diagnose.js, which explains a rejection, in the place of tsc's: src/core/diagnose.ts and
 * RFC 3986's diagnostic back end (which it imports by a literal path) bundled into one file, minified as the
 * core bundle is (names kept), its imports from CORE modules read from the entry's `v` by index. A fresh
 * process's first error loads this one file: tsc's module, the stand-ins of errors and grammars (and the
 * objects of every CORE module that they made), load.js, generated/loaders.js and the back end were five
 * resolutions and loads, about 1.5 ms, five times a first valid parse (BENCHMARKS.md).
 */
async function bundleDiagnose(at: ReadonlyMap<string, number>): Promise<void> {
  const esm = path.join(dist, 'esm', 'src');
  const file = path.join(dist, 'src', 'core', 'diagnose.js');
  const VALUES = 'urigramCore';
  const toEntry = path.relative(path.dirname(file), cjsEntry).split(path.sep).join('/');
  // The names diagnose.ts imports from each CORE module (the shim of each defines only those).
  const source = ts.createSourceFile('diagnose.js', fs.readFileSync(path.join(esm, 'core', 'diagnose.js'), 'utf8'), ts.ScriptTarget.ES2022, false, ts.ScriptKind.JS);
  const imported = new Map<string, string[]>();
  for (const s of source.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    const bindings = s.importClause?.namedBindings;
    if (bindings !== undefined && ts.isNamedImports(bindings)) imported.set(s.moduleSpecifier.text, bindings.elements.map((e) => (e.propertyName ?? e.name).text));
  }
  const fromCore: Plugin = {
    name: 'from-core',
    setup(b) {
      b.onResolve({ filter: /^\./ }, (a) => {
        if (a.namespace === 'from-core') return undefined;
        const from = `./${path.relative(esm, path.resolve(a.resolveDir, a.path.replace(/\.js$/, ''))).split(path.sep).join('/')}`;
        if (!CORE.includes(from)) return undefined;
        const names = imported.get(a.path);
        if (names === undefined || path.resolve(a.resolveDir) !== path.join(esm, 'core')) throw new Error(`bundleDiagnose: an import of ${a.path} from ${a.importer}, not from diagnose.ts: update bundleDiagnose`);
        return { path: from, namespace: 'from-core', pluginData: names };
      });
      b.onLoad({ filter: /.*/, namespace: 'from-core' }, (a) => {
        const key = moduleKey(a.path);
        const index = (name: string): number => {
          const i = at.get(`${key}.${name}`);
          if (i === undefined) throw new Error(`the core bundle has no export ${key}.${name}`);
          return i;
        };
        return { loader: 'js', contents: (a.pluginData as string[]).map((name) => `export const ${name} = ${VALUES}[${index(name)}];`).join('\n') };
      });
    },
  };
  const names = (await exportNames([path.join(esm, 'core', 'diagnose.js')]))[0];
  const result = await build({
    ...BUNDLE,
    stdin: { contents: `import { ${names.join(', ')} } from './core/diagnose.js';\nmodule.exports = { ${names.join(', ')} };\n`, resolveDir: esm, sourcefile: 'diagnose-entry.js' },
    banner: { js: `const ${VALUES} = require(${JSON.stringify(toEntry)})[${VALUES_KEY}];` },
    plugins: [fromCore],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('from-core:') && !f.endsWith('diagnose-entry.js')).sort();
  const expected = [path.join(esm, 'core', 'diagnose.js'), path.join(dist, 'esm', 'generated', 'rfc3986.diagnose.js')].map((f) => path.relative(root, f)).sort();
  if (JSON.stringify(inputs) !== JSON.stringify(expected)) throw new Error(`the diagnose bundle holds ${inputs.join(', ')}, not ${expected.join(', ')}: diagnose.ts imports a module outside CORE; update bundleDiagnose`);
  const sources = expected.map((f) => fs.readFileSync(path.join(root, f), 'utf8'));
  // Then the names of parameters and local variables minified (a transform of the bundle as a script, which renames no
  // top-level name: every function keeps its own): 20% less text for V8 to parse, about 0.2 ms of a first error.
  const { code } = await transform(withOwnNames(result.outputFiles[0].text, sources), { loader: 'js', minifyIdentifiers: true, minifyWhitespace: true, minifySyntax: true, legalComments: 'none' });
  const functions = (js: string) => [...declared(js)].sort().join(' ');
  if (functions(code) !== functions(result.outputFiles[0].text)) throw new Error('bundleDiagnose: the transform renamed a function or a class; update bundleDiagnose');
  fs.writeFileSync(file, `"use strict";\n// Bundled by scripts/finish-build.ts from src/core/diagnose.ts and generated/rfc3986.diagnose.js (see bundleDiagnose).\n${code}`);
}

const HEADER = '// Generated by scripts/finish-build.ts from src/index.ts.';
const byModule = indexExports();
const names = [...byModule.values()].flat();
const cjsEntry = path.join(dist, 'src', 'index.js');
/** The plain data of the entry's `data` exports (see Plan), a JSON file beside it. */
const dataFile = path.join(dist, 'src', 'index.data.json');
/** The property of the entry's exports that holds the values moved into it (DATA), for the modules they came from (not enumerable). */
const DATA_KEY = 'Symbol.for("urigram.data")';

/**
 * How the entry gives an export of a module outside CORE, so that reading it
 * loads nothing (Node's `import` reads every export, see index.mjs):
 * - `core`: the value is a CORE module's export or a property of one (the
 *   error classes, which src/core/errors.ts holds, and URI_RULES), read from the
 *   bundle;
 * - `stub`: a function that requires its module on its first call and hands
 *   the call on, with the same name and length;
 * - `data`: plain data (arrays and objects of strings, numbers and booleans,
 *   such as LINT_RULES): written into index.data.json, which the entry
 *   requires when one of them is first read, and the module's own definition
 *   replaced by a read of the entry's, so that there is one copy;
 * - `module`: anything else (RFC3987_GRAMMAR and the like, objects of
 *   getters), read from its module, which Node's `import` then loads: keep
 *   such modules small.
 */
type Plan = { kind: 'core'; path: string } | { kind: 'stub'; length: number } | { kind: 'data'; json: string } | { kind: 'module' };

/** Whether a value is plain data that a JSON literal recreates exactly (not frozen, no getters, no holes). */
function isPlainData(v: unknown): boolean {
  if (typeof v === 'string' || typeof v === 'boolean' || v === null) return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v !== 'object' || !Object.isExtensible(v) || Object.getOwnPropertySymbols(v).length > 0) return false;
  const proto = Object.getPrototypeOf(v);
  if (Array.isArray(v)) {
    if (proto !== Array.prototype || Object.keys(v).length !== v.length || Object.getOwnPropertyNames(v).length !== v.length + 1) return false;
    return v.every(isPlainData);
  }
  if (proto !== Object.prototype) return false;
  return Object.entries(Object.getOwnPropertyDescriptors(v)).every(([, d]) => d.enumerable === true && d.writable === true && 'value' in d && isPlainData(d.value));
}

/** Where a value is among the CORE modules' exports and their properties, if it is. */
function findInCore(core: Record<string, Record<string, unknown>>, v: unknown): string | undefined {
  for (const [key, exported] of Object.entries(core)) {
    for (const [name, value] of Object.entries(exported)) {
      if (value === v) return `${key}.${name}`;
      if (value !== null && typeof value === 'object') {
        for (const [property, inner] of Object.entries(value)) if (inner === v && typeof v === 'object') return `${key}.${name}.${property}`;
      }
    }
  }
  return undefined;
}

/** The plan of each export outside CORE, from the modules as tsc built them (loaded through the entry that writeEntry(core) wrote). */
function planExports(): Map<string, Plan> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the entry just written
  const entry = require(cjsEntry) as Record<string | symbol, unknown>;
  const core = entry[Symbol.for('urigram.core')] as Record<string, Record<string, unknown>>;
  const plans = new Map<string, Plan>();
  for (const [from, exported] of byModule) {
    if (CORE.includes(from)) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module, to see what each export is
    const m = require(path.join(dist, 'src', `${from.slice(2)}.js`)) as Record<string, unknown>;
    for (const name of exported) {
      const v = m[name];
      const inCore = findInCore(core, v);
      if (inCore !== undefined) plans.set(name, { kind: 'core', path: inCore });
      else if (typeof v === 'function') {
        if (/^class\b/.test(Function.prototype.toString.call(v))) throw new Error(`src/index.ts: the class ${name} (${from}) is outside the core: define it in src/core/errors.ts, so that reading it loads nothing`);
        plans.set(name, { kind: 'stub', length: v.length });
      } else if (isPlainData(v)) plans.set(name, { kind: 'data', json: JSON.stringify(v) });
      else plans.set(name, { kind: 'module' });
    }
  }
  for (const file of Object.keys(require.cache)) if (file.startsWith(dist)) delete require.cache[file];
  return plans;
}

/**
 * In each module of a `data` export, its definition (tsc's `exports.NAME = ...;`)
 * becomes a read of the entry's copy, which is the same data: one copy, and
 * the module no longer computes it when it loads.
 */
function moveData(plans: ReadonlyMap<string, Plan>): void {
  for (const [from, exported] of byModule) {
    const moved = exported.filter((name) => plans.get(name)?.kind === 'data');
    if (moved.length === 0) continue;
    const file = path.join(dist, 'src', `${from.slice(2)}.js`);
    let js = fs.readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, js, ts.ScriptTarget.ES2020, true, ts.ScriptKind.JS);
    const toIndex = `./${path.relative(path.dirname(file), cjsEntry).split(path.sep).join('/')}`.replace(/^\.\/\.\./, '..');
    const edits: Array<[number, number, string]> = [];
    for (const name of moved) {
      const definitions = source.statements.filter((s) => {
        if (!ts.isExpressionStatement(s) || !ts.isBinaryExpression(s.expression) || s.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return false;
        const { left, right } = s.expression;
        const isExports = (e: ts.Expression) => ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'exports';
        if (!isExports(left) || (left as ts.PropertyAccessExpression).name.text !== name) return false;
        // Not tsc's `exports.a = exports.b = void 0;` at the top.
        return !(ts.isVoidExpression(right) || (ts.isBinaryExpression(right) && isExports(right.left)));
      }) as ts.ExpressionStatement[];
      if (definitions.length !== 1) throw new Error(`${file}: ${definitions.length} definitions of exports.${name}, not 1`);
      const right = (definitions[0].expression as ts.BinaryExpression).right;
      edits.push([right.getStart(source), right.end, `require(${JSON.stringify(toIndex)})[${DATA_KEY}].${name}`]);
    }
    for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) js = js.slice(0, start) + text + js.slice(end);
    fs.writeFileSync(file, js);
  }
}

/** The entry's expression of a CORE module's export (`module.name`) or of a property of one (`module.name.property`): in the array `v`. */
function coreValue(at: ReadonlyMap<string, number>, where: string): string {
  const [key, name, ...property] = where.split('.');
  const i = at.get(`${key}.${name}`);
  if (i === undefined) throw new Error(`the core bundle has no export ${key}.${name}`);
  return `v[${i}]${property.map((p) => `.${p}`).join('')}`;
}

function writeEntry(core: { code: string; at: ReadonlyMap<string, number> }, plans?: ReadonlyMap<string, Plan>): void {
  const cjs: string[] = [
    '"use strict";',
    HEADER,
    `// The CommonJS entry: the modules of the first isValid() and parse() (${[...CORE, ...CORE_GENERATED].join(', ')}), bundled and minified;`,
    '// every other module required on the first use of one of its exports: its functions are stubs that require it on their first call,',
    '// its plain data in index.data.json, read on first use: reading every export (as Node\'s `import` does) loads that file and nothing more.',
    'const core = (() => {',
    'const module = { exports: {} };',
    'const exports = module.exports;',
    core.code.trimEnd(),
    'return module.exports;',
    '})();',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    '// Each CORE module\'s exports, for its stand-in in dist/, made when the first of them is required.',
    `Object.defineProperty(exports, ${CORE_KEY}, { get: core.modules });`,
    'const v = core.v;',
    `Object.defineProperty(exports, ${VALUES_KEY}, { value: v });`,
    // One line per export, each a call: a function literal per export cost more to compile than the rest of this file but the bundle.
    'const def = (name, get) => Object.defineProperty(exports, name, { enumerable: true, get });',
    '/** An export whose value is known now. */',
    'const value = (name, v) => def(name, () => v);',
    '/**',
    ' * A function of a module outside the core: a stub with its name and length that requires the module on its first call,',
    ' * made when first read (require(\'urigram\') reads none of them; Node\'s `import` reads them all).',
    ' */',
    'const stub = (load, name, length) => {',
    '  let f;',
    '  def(name, () => {',
    '    if (f === undefined) {',
    '      f = { [name]: function () { return load()[name].apply(this, arguments); } }[name];',
    '      Object.defineProperty(f, "length", { value: length });',
    '    }',
    '    return f;',
    '  });',
    '};',
    '/** A module outside the core, required on first use. */',
    'const first = (from) => { let m; return () => m || (m = require(from)); };',
    '/** An export read from its module: Node\'s `import` loads the module (only small ones). */',
    'const fromModule = (load, name) => def(name, () => load()[name]);',
    `/** An export of plain data, from index.data.json (see ${DATA_KEY}). */`,
    `const fromData = (name) => def(name, () => exports[${DATA_KEY}][name]);`,
  ];
  const data = [...(plans ?? [])].filter((e): e is [string, { kind: 'data'; json: string }] => e[1].kind === 'data');
  fs.rmSync(dataFile, { force: true });
  if (data.length > 0) {
    // In a file of its own, read on first use: as a string in the entry (JSON.parse of it cost less than object literals), its
    // 24 KB were scanned by every require('urigram') that never reads them (about 0.15 ms of a cold start, BENCHMARKS.md).
    fs.writeFileSync(dataFile, `{${data.map(([name, plan]) => `${JSON.stringify(name)}:${plan.json}`).join(',')}}\n`);
    cjs.push(
      `// Data of the modules outside the core, which they read from here (scripts/finish-build.ts): ${path.basename(dataFile)}, on first use.`,
      'let data;',
      `Object.defineProperty(exports, ${DATA_KEY}, { get: () => data || (data = require(${JSON.stringify(`./${path.basename(dataFile)}`)})) });`,
    );
  }
  // What src/index.ts's import of SCHEME_CHECKS_ON_FIRST_USE does: the scheme checks, registered with the core, required on first use.
  const onFirstUse = fs.readFileSync(path.join(dist, 'src', `${SCHEME_CHECKS_ON_FIRST_USE.slice(2)}.js`), 'utf8');
  if (!/\bloadSchemeChecksOnFirstUse\)\(loadSchemeChecks\);/.test(onFirstUse) || !/\breturn require\('\.\/check'\);/.test(onFirstUse)) throw new Error(`${SCHEME_CHECKS_ON_FIRST_USE}.ts no longer registers require('./check'): update writeEntry`);
  cjs.push(`${coreValue(core.at, 'scheme_checks.loadSchemeChecksOnFirstUse')}(() => require("./schemes/check"));`);
  let n = 0;
  for (const [from, exported] of byModule) {
    if (CORE.includes(from)) {
      for (const name of exported) cjs.push(`value(${JSON.stringify(name)}, ${coreValue(core.at, `${moduleKey(from)}.${name}`)});`);
      continue;
    }
    const loader = `load${n++}`;
    cjs.push(`const ${loader} = first(${JSON.stringify(from)});`);
    for (const name of exported) {
      const plan = plans?.get(name) ?? { kind: 'module' };
      const quoted = JSON.stringify(name);
      if (plan.kind === 'core') cjs.push(`value(${quoted}, ${coreValue(core.at, plan.path)});`);
      else if (plan.kind === 'data') cjs.push(`fromData(${quoted});`);
      else if (plan.kind === 'module') cjs.push(`fromModule(${loader}, ${quoted});`);
      else cjs.push(`stub(${loader}, ${quoted}, ${plan.length});`);
    }
  }
  fs.writeFileSync(cjsEntry, `${cjs.join('\n')}\n`);
}

function finish(): void {
  // Each name must come out of its module: a wrong module name in src/index.ts would otherwise surface only when used.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the entry just written, loaded to check it
  const api = require(cjsEntry) as Record<string, unknown>;
  const missing = names.filter((name) => api[name] === undefined);
  if (missing.length > 0) throw new Error(`dist/src/index.js: no value for ${missing.join(', ')}`);
  const misnamed = names.filter((name) => typeof api[name] === 'function' && (api[name] as () => void).name !== name);
  if (misnamed.length > 0) throw new Error(`dist/src/index.js: the functions ${misnamed.join(', ')} do not have their names`);

  fs.writeFileSync(
    path.join(dist, 'src', 'index.mjs'),
    [
      HEADER,
      "// Node's `import` entry: the CommonJS entry's exports, so that a program has one copy of urigram however it loads it.",
      "// Required, not imported: an import would have Node scan the entry's source for its export names (cjs-module-lexer),",
      '// which costs more than loading it, now that the entry holds the core bundle.',
      "import { createRequire } from 'node:module';",
      "const urigram = createRequire(import.meta.url)('./index.js');",
      `export const { ${names.join(', ')} } = urigram;`,
      'export default urigram;',
      '',
    ].join('\n'),
  );

  // The other entry points of package.json's exports: Node's `import` of each is its CommonJS module, as for the main entry.
  for (const entry of ['eslint', 'formats']) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module just built, to list its exports
    const named = Object.keys(require(path.join(dist, 'src', `${entry}.js`))).filter((k) => k !== '__esModule' && k !== 'default');
    const mjs = [`${HEADER.replace('src/index.ts', `src/${entry}.ts`)}`, `import m from './${entry}.js';`, `export const { ${named.join(', ')} } = m;`, 'export default m;', ''];
    fs.writeFileSync(path.join(dist, 'src', `${entry}.mjs`), mjs.join('\n'));
  }

  fs.chmodSync(path.join(dist, 'src', 'cli.js'), 0o755);
}

/**
 * The generated modules as the package ships them (dist/generated/, dist/esm/generated/): without those the
 * CommonJS bundles hold (RFC 3986's automata and the registry in dist/src/index.js, its diagnostic back end in
 * dist/src/core/diagnose.js: nothing requires their files; their .d.ts stay, for the types), and without their
 * comments and indentation (esbuild's minifyWhitespace; names kept, so that a stack trace still reads), under a
 * header naming the file of generated/ each comes from, which is the one to read: 0.9 MB of the package's size,
 * which issue 48 holds to 9 MB (test/generated-files.test.ts). Last, so that the steps above read them whole.
 */
async function minifyGenerated(): Promise<void> {
  for (const bundled of ['registry.js', 'rfc3986.dfa.js', 'rfc3986.diagnose.js']) fs.rmSync(path.join(dist, 'generated', bundled));
  for (const dir of [path.join(dist, 'generated'), path.join(dist, 'esm', 'generated')]) {
    for (const f of fs.readdirSync(dir).filter((name) => name.endsWith('.js'))) {
      const file = path.join(dir, f);
      const { code } = await transform(fs.readFileSync(file, 'utf8'), { loader: 'js', minifyWhitespace: true, legalComments: 'none' });
      const from = dir.includes(`${path.sep}esm${path.sep}`) ? `generated/${f}, as an ES module` : `generated/${f}`;
      fs.writeFileSync(file, `// urigram's ${from} (generated by scripts/generate.ts from grammar/), its whitespace and comments removed by scripts/finish-build.ts.\n${code}`);
    }
  }
}

/**
 * The compiled modules of src/ as the package ships them (dist/src/, dist/esm/src/): without their comments, which are
 * two fifths of their bytes (esbuild's transform prints the code again, one statement a line, every name kept, so a
 * stack trace still reads; the docs stay in the .d.ts, and src/ is the one to read), 0.67 MB of the package, which
 * issue 48 holds to 9 MB (test/generated-files.test.ts). A module esbuild minified already (the entry with the core
 * bundle, diagnose's bundle) would only grow, printed again: it stays as it is. Last, as the steps above read the
 * modules' text.
 */
async function stripComments(): Promise<void> {
  for (const [dir, as] of [[path.join(dist, 'src'), ''], [esmSrc, ', as an ES module']]) {
    for (const file of jsFiles(dir)) {
      const js = fs.readFileSync(file, 'utf8');
      const { code } = await transform(js, { loader: 'js', legalComments: 'none', charset: 'utf8' });
      // Under a line naming the module it comes from (two modules of types alone would otherwise be the same bytes).
      const module = `src/${path.relative(dir, file).split(path.sep).join('/').replace(/\.js$/, '')}`;
      const from = as !== '' && fs.existsSync(path.join(root, `${module}.esm.ts`)) ? `${module}.esm.ts` : `${module}.ts`; // load.esm.ts, above
      const hashbang = code.startsWith('#!') ? code.slice(0, code.indexOf('\n') + 1) : '';
      const out = `${hashbang}// urigram's ${from}${as}, compiled, its comments removed by scripts/finish-build.ts.\n${code.slice(hashbang.length)}`;
      if (out.length < js.length) fs.writeFileSync(file, out);
    }
  }
}

bundleCore()
  .then((core) => {
    writeEntry(core);
    const plans = planExports();
    moveData(plans);
    writeEntry(core, plans);
    return bundleDiagnose(core.at);
  })
  .then(finish)
  .then(minifyGenerated)
  .then(stripComments)
  // The .d.ts of modules no entry point's types reach (the CLI's, the conformance runner's, ...): scripts/package-types.ts.
  .then(() => removeUnreadTypes(root, [path.join(dist, 'src'), path.join(dist, 'generated')]))
  .catch((error: unknown) => {
    process.stderr.write(`scripts/finish-build.ts: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
