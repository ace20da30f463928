/**
 * npm run size
 *
 * What urigram adds to a browser bundle: for each case, a program that
 * imports some of urigram (by its package name, so through package.json's
 * `exports`: the ES module build), bundled by esbuild as a bundler would
 * (platform browser, minified, tree-shaken), then gzipped (level 9). Prints a
 * report: the bytes, the budget where there is one, and whether tr46 or a
 * diagnostic back end (or traced parser) is in the bundle. Needs the build (dist/esm). Sizes do not
 * depend on the machine: test/size.test.ts asserts the budgets.
 */
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { buildSync } from 'esbuild';
import { bundlePage, gzipSize, PAGE_BUDGET } from './site';

const root = path.resolve(__dirname, '..');
const KB = 1024;

export interface SizeCase {
  readonly name: string;
  /** The program, an ES module that imports from 'urigram'. */
  readonly code: string;
  /** At most this many gzipped bytes. */
  readonly budget?: number;
}

export const CASES: readonly SizeCase[] = [
  { name: 'isValid', code: "import { isValid } from 'urigram'; export default isValid;", budget: 15 * KB },
  { name: 'parse', code: "import { parse } from 'urigram'; export default parse;" },
  { name: 'parse, resolve, normalize', code: "import { parse, resolve, normalize } from 'urigram'; export { parse, resolve, normalize };", budget: 60 * KB },
  {
    name: 'iriToUri, uriToIri (they parse by RFC 3987: useGrammar)',
    code: "import { iriToUri, uriToIri, useGrammar, RFC3987_GRAMMAR } from 'urigram'; useGrammar(RFC3987_GRAMMAR); export { iriToUri, uriToIri };",
  },
  {
    name: 'parse with RFC 3987 (useGrammar)',
    code: "import { parse, useGrammar, RFC3987_GRAMMAR } from 'urigram'; useGrammar(RFC3987_GRAMMAR); export default parse;",
  },
  { name: 'the whole API', code: "export * from 'urigram';" },
  {
    name: "iriToUri with host: 'idna' (useTr46)",
    code: "import * as tr46 from 'tr46'; import { iriToUri, useGrammar, useTr46, RFC3987_GRAMMAR } from 'urigram'; useGrammar(RFC3987_GRAMMAR); useTr46(tr46); export default iriToUri;",
  },
];

export interface SizeRow {
  readonly name: string;
  readonly minified: number;
  readonly gzipped: number;
  readonly budget?: number;
  /** The files that put bytes into the bundle, relative to the repository (node_modules/NAME/... for dependencies). */
  readonly inputs: readonly string[];
}

/** Bundles `code` as a bundler would for a browser; 'iife' (with `globalName`) to run the bundle in a test. */
export function bundle(code: string, format: 'esm' | 'iife' = 'esm', globalName?: string) {
  return buildSync({
    stdin: { contents: code, resolveDir: root, sourcefile: 'entry.js', loader: 'js' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format,
    globalName,
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: root,
  });
}

export function measure(sizeCase: SizeCase): SizeRow {
  const result = bundle(sizeCase.code);
  const output = result.outputFiles[0].contents;
  const meta = Object.values(result.metafile.outputs)[0];
  const inputs = Object.entries(meta.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => file)
    .filter((file) => file !== 'entry.js');
  return { name: sizeCase.name, minified: output.length, gzipped: zlib.gzipSync(output, { level: 9 }).length, budget: sizeCase.budget, inputs };
}

export const hasTr46 = (row: SizeRow): boolean => row.inputs.some((f) => f.includes('node_modules/tr46/'));
/** The modules of the error path in a bundle: the diagnostic back ends (or a traced parser, which no bundle should hold). */
export const errorPathModules = (row: SizeRow): string[] => row.inputs.filter((f) => /\.(trace|diagnose)\.js$/.test(f)).map((f) => path.basename(f, '.js'));

function report(rows: readonly SizeRow[]): string {
  const kb = (n: number): string => `${(n / KB).toFixed(1)} KB`;
  const lines = [
    'What urigram adds to a browser bundle: esbuild (platform browser, bundle, minify), gzip -9; 1 KB = 1024 bytes.',
    '',
    '| imports | minified | gzipped | budget | tr46 | error-path modules |',
    '| --- | ---: | ---: | ---: | :---: | --- |',
  ];
  for (const row of rows) {
    const budget = row.budget === undefined ? '' : `${kb(row.budget)} ${row.gzipped <= row.budget ? 'ok' : 'OVER'}`;
    lines.push(`| ${row.name} | ${kb(row.minified)} | ${kb(row.gzipped)} | ${budget} | ${hasTr46(row) ? 'yes' : 'no'} | ${errorPathModules(row).join(', ') || 'none'} |`);
  }
  return lines.join('\n');
}

if (require.main === module) {
  const rows = CASES.map(measure);
  process.stdout.write(`${report(rows)}\n`);
  if (rows.some((r) => r.budget !== undefined && r.gzipped > r.budget)) process.exitCode = 1;
  // The playground's script (scripts/site.ts), measured the same way; it is in no bundle of the package.
  bundlePage().then(({ js }) => {
    const gz = gzipSize(js);
    process.stdout.write(`\nThe playground page (dist/playground/playground.js, in no bundle of the package): ${(js.length / KB).toFixed(1)} KB minified, ${(gz / KB).toFixed(1)} KB gzipped, its own budget ${PAGE_BUDGET / KB} KB ${gz <= PAGE_BUDGET ? 'ok' : 'OVER'}\n`);
    if (gz > PAGE_BUDGET) process.exitCode = 1;
  });
}
