/**
 * The last step of `npm run build`, after tsc has compiled src/ into dist/src/
 * (CommonJS, with the .d.ts) and dist/esm/src/ (ES modules, for bundlers):
 *
 * - copies generated/*.js and *.d.ts to dist/generated/, where the compiled
 *   modules require them (../generated/rfc3986), and generated/*.mjs (the
 *   ES module automata, recognizers and diagnostic back ends) to dist/esm/generated/*.js;
 * - puts src/load.esm.ts, compiled, in the place of src/load.ts in the ES
 *   module build (see both files);
 * - writes the CommonJS entry, dist/src/index.js, in the place of tsc's: the
 *   exports of src/index.ts, each module required on the first use of one of
 *   its exports (tsc's would load every module up front), except the modules
 *   that the first isValid() and parse() need (CORE: parse, backends,
 *   grammars, errors, options, split, and RFC 3986's automata), which it holds,
 *   bundled by esbuild and minified. In their places in dist/ it puts a line
 *   that takes each one's exports from the entry (a symbol-keyed, hidden
 *   property of its exports), so that every module uses the one copy. Node
 *   then resolves, reads and compiles one file instead of seven, which is
 *   most of a cold start (BENCHMARKS.md, "Cold start"). The modules that
 *   CORE uses only inside functions (diagnose, load) stay outside it, each
 *   required on the first call that needs it;
 * - in the CommonJS build, turns the require() of a module used only on
 *   first use (FIRST_USE_ONLY: diagnose, which explains a rejection; load,
 *   which loads the other grammars, the diagnostic back ends and tr46) into one run
 *   on the first call that needs it: tsc requires every import up front, and
 *   valid RFC 3986 input needs neither;
 * - writes dist/src/index.mjs, Node's `import` entry: the CommonJS entry's
 *   exports (required with createRequire: an import would have Node lex the
 *   entry's source), so that a program that both imports and requires
 *   urigram gets one copy of it (one UriSyntaxError class, one set of loaded
 *   grammars);
 * - writes dist/src/eslint.mjs and formats.mjs, the `import` entries of
 *   urigram/eslint and urigram/formats: their CommonJS modules' exports;
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
import { build, type Plugin } from 'esbuild';

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');

function copyInto(to: string, files: ReadonlyArray<readonly [string, string]>): void {
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(to, { recursive: true });
  for (const [from, name] of files) fs.copyFileSync(from, path.join(to, name));
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

const esmSrc = path.join(dist, 'esm', 'src');
fs.renameSync(path.join(esmSrc, 'load.esm.js'), path.join(esmSrc, 'load.js'));

/** The value exports of src/index.ts, by the module they come from, in order. */
function indexExports(): Map<string, string[]> {
  const file = path.join(root, 'src', 'index.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2020, false, ts.ScriptKind.TS);
  const byModule = new Map<string, string[]>();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) continue;
    const from = statement.moduleSpecifier;
    const clause = statement.exportClause;
    if (from === undefined || !ts.isStringLiteral(from) || clause === undefined || !ts.isNamedExports(clause)) {
      throw new Error('src/index.ts: scripts/finish-build.ts expects only `export { a, b } from "./module"` (and export type)');
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

/** Modules whose exports are only called inside functions, never at load: required on first use in the CommonJS build. */
const FIRST_USE_ONLY = ['./diagnose', './load'];

function requireOnFirstUse(file: string): void {
  const js = fs.readFileSync(file, 'utf8');
  let out = js;
  for (const from of FIRST_USE_ONLY) {
    const line = new RegExp(`^const (\\w+) = require\\(${JSON.stringify(from).replace(/[./]/g, '\\$&')}\\);$`, 'm').exec(out);
    if (line === null) continue;
    const binding = line[1];
    const uses = [...out.matchAll(new RegExp(`\\b${binding}\\b(\\.\\w+)?`, 'g'))].slice(1);
    if (uses.length === 0 || uses.some((m) => m[1] === undefined)) throw new Error(`${file}: ${binding} is used other than as ${binding}.name; update requireOnFirstUse`);
    const used = [...new Set(uses.map((m) => (m[1] as string).slice(1)))];
    const getters = used.map((name) => `get ${name}() { return (${binding}m || (${binding}m = require(${JSON.stringify(from)}))).${name}; }`);
    out = out.replace(line[0], `let ${binding}m; // required on first use (scripts/finish-build.ts)\nconst ${binding} = { ${getters.join(', ')} };`);
  }
  if (out !== js) fs.writeFileSync(file, out);
}
for (const file of fs.readdirSync(path.join(dist, 'src'))) if (file.endsWith('.js')) requireOnFirstUse(path.join(dist, 'src', file));

/**
 * The modules of the first isValid() and parse(), bundled into the CommonJS
 * entry, dist/src/index.js (the CommonJS build only: the ES module build stays
 * one file per module, for bundlers to tree-shake). Each must import only from
 * these, from RFC 3986's recognizer and, for use inside functions only, from
 * FIRST_USE_ONLY.
 */
const CORE = ['./parse', './backends', './split', './records', './grammars', './errors', './options'];
/** The generated modules of the core: RFC 3986's automata (isValid, parse). */
const CORE_GENERATED = ['../generated/rfc3986.dfa'];
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
    const filter = new RegExp(`^(${FIRST_USE_ONLY.map((f) => f.replace(/[./]/g, '\\$&')).join('|')})(\\.js)?$`);
    b.onResolve({ filter }, (a) => {
      const from = a.path.replace(/\.js$/, '');
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

const moduleKey = (from: string): string => from.replace(/^.*\//, '').replace(/\W/g, '_');

/** The CORE modules bundled: a script that sets `module.exports` to an object with each module's exports. */
async function bundleCore(): Promise<string> {
  const esm = path.join(dist, 'esm', 'src');
  const modules = [...CORE, ...CORE_GENERATED];
  // Each module's exports copied into a plain object: its exports as they are after loading (none is reassigned later).
  const entry = modules.map((from, i) => `import * as m${i} from '${from}.js';\nexport const ${moduleKey(from)} = { ...m${i} };`).join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: esm, sourcefile: 'core-entry.js' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minify: true,
    keepNames: true,
    legalComments: 'none',
    metafile: true,
    write: false,
    plugins: [firstUse],
  });
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
  return result.outputFiles[0].text;
}

const HEADER = '// Generated by scripts/finish-build.ts from src/index.ts.';
const byModule = indexExports();
const names = [...byModule.values()].flat();
const cjsEntry = path.join(dist, 'src', 'index.js');

function writeEntry(core: string): void {
  const cjs: string[] = [
    '"use strict";',
    HEADER,
    `// The CommonJS entry: the modules of the first isValid() and parse() (${[...CORE, ...CORE_GENERATED].join(', ')}), bundled and minified;`,
    '// every other module required on the first use of one of its exports.',
    'const core = (() => {',
    'const module = { exports: {} };',
    'const exports = module.exports;',
    core.trimEnd(),
    'return module.exports;',
    '})();',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    `Object.defineProperty(exports, ${CORE_KEY}, { value: core });`,
  ];
  let n = 0;
  for (const [from, exported] of byModule) {
    if (CORE.includes(from)) {
      cjs.push('');
      for (const name of exported) cjs.push(`Object.defineProperty(exports, ${JSON.stringify(name)}, { enumerable: true, get: function () { return core.${moduleKey(from)}.${name}; } });`);
      continue;
    }
    const loader = `load${n++}`;
    cjs.push('', `let ${loader}m;`, `function ${loader}() { return ${loader}m || (${loader}m = require(${JSON.stringify(from)})); }`);
    for (const name of exported) {
      cjs.push(`Object.defineProperty(exports, ${JSON.stringify(name)}, { enumerable: true, get: function () { return ${loader}().${name}; } });`);
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

bundleCore()
  .then(writeEntry)
  .then(finish)
  .catch((error: unknown) => {
    process.stderr.write(`scripts/finish-build.ts: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
