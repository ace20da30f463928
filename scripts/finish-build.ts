/**
 * The last step of `npm run build`, after tsc has compiled src/ into dist/src/
 * (CommonJS, with the .d.ts) and dist/esm/src/ (ES modules, for bundlers):
 *
 * - copies generated/*.js and *.d.ts to dist/generated/, where the compiled
 *   modules require them (../generated/rfc3986), and generated/*.mjs (the
 *   ES module recognizers and traced parsers) to dist/esm/generated/*.js;
 * - puts src/load.esm.ts, compiled, in the place of src/load.ts in the ES
 *   module build (see both files);
 * - writes the CommonJS entry, dist/src/index.js, in the place of tsc's: the
 *   exports of src/index.ts, each module required on the first use of one of
 *   its exports (tsc's would load every module up front, and loading is most
 *   of a cold start);
 * - in the CommonJS build, turns the require() of a module used only on
 *   first use (FIRST_USE_ONLY: diagnose, which explains a rejection; load,
 *   which loads the other grammars, the traced parsers and tr46) into one run
 *   on the first call that needs it: tsc requires every import up front, and
 *   valid RFC 3986 input needs neither;
 * - writes dist/src/index.mjs, Node's `import` entry: the CommonJS entry's
 *   exports, so that a program that both imports and requires urigram gets
 *   one copy of it (one UriSyntaxError class, one set of loaded grammars);
 * - writes dist/src/eslint.mjs and formats.mjs, the `import` entries of
 *   urigram/eslint and urigram/formats, the same way;
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
    const line = new RegExp(`^const (\\w+) = require\\(${JSON.stringify(from).replace(/[.\/]/g, '\\$&')}\\);$`, 'm').exec(out);
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

const HEADER = '// Generated by scripts/finish-build.ts from src/index.ts.';
const byModule = indexExports();
const names = [...byModule.values()].flat();
const cjs: string[] = [
  '"use strict";',
  HEADER,
  '// The CommonJS entry: each module is required on the first use of one of its exports.',
  'Object.defineProperty(exports, "__esModule", { value: true });',
];
let n = 0;
for (const [from, exported] of byModule) {
  const loader = `load${n++}`;
  cjs.push('', `let ${loader}m;`, `function ${loader}() { return ${loader}m || (${loader}m = require(${JSON.stringify(from)})); }`);
  for (const name of exported) {
    cjs.push(`Object.defineProperty(exports, ${JSON.stringify(name)}, { enumerable: true, get: function () { return ${loader}().${name}; } });`);
  }
}
const cjsEntry = path.join(dist, 'src', 'index.js');
fs.writeFileSync(cjsEntry, `${cjs.join('\n')}\n`);

// Each name must come out of its module: a wrong module name in src/index.ts would otherwise surface only when used.
const api = require(cjsEntry) as Record<string, unknown>;
const missing = names.filter((name) => api[name] === undefined);
if (missing.length > 0) throw new Error(`dist/src/index.js: no value for ${missing.join(', ')}`);

fs.writeFileSync(
  path.join(dist, 'src', 'index.mjs'),
  [
    HEADER,
    "// Node's `import` entry: the CommonJS entry's exports, so that a program has one copy of urigram however it loads it.",
    "import urigram from './index.js';",
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
