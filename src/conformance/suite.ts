/**
 * The conformance suite's loading (its format, which conformance/schema.json
 * says for other languages too, is cases.ts). A suite is conformance/suite.json, which
 * lists one file per category; a category file holds cases, each with an id,
 * its source and what the category asks.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CATEGORIES, specOf } from './categories';
import type { Category, CategoryFile, Grammar, Suite } from './cases';

export { CATEGORIES };

export { JUDGED_COMPONENTS } from './cases';
export type { AnyCase, CaseOf, Category, CategoryFile, ComponentName, Grammar, Source, Suite } from './cases';

/**
 * The suite shipped with this package: conformance/ at the package's root,
 * which is one folder up from src/ in the repository and two from dist/src/
 * in the package.
 */
export function defaultSuiteDir(): string {
  for (const up of [['..', '..'], ['..', '..', '..']]) {
    const dir = path.join(__dirname, ...up, 'conformance');
    if (fs.existsSync(path.join(dir, 'suite.json'))) return dir;
  }
  throw new Error('the conformance suite (conformance/suite.json) is not beside this package');
}

/** A file of the suite, read: an Error naming the file for one that cannot be read. */
function readBytes(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
}

/** A file's bytes parsed as JSON: an Error naming the file for one that is not JSON. */
function parseJson(file: string, bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message})`);
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const sha256 = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * The suite in `dir`, checked before it runs: the manifest and every case must have the fields the
 * runner reads (a malformed case is an error naming its file and case, not a crash in the middle of a
 * run), and the files must be those the manifest describes: as many cases as its "counts" say and,
 * where it gives them, the bytes its "sha256" says (a vendored copy that was cut short, edited, or
 * had its line ends converted is refused, naming the file).
 */
export function loadSuite(dir: string = defaultSuiteDir()): Suite {
  const manifestFile = path.join(dir, 'suite.json');
  const manifest = parseJson(manifestFile, readBytes(manifestFile));
  if (!isObject(manifest) || manifest.suite !== 'urigram-conformance') throw new Error(`${manifestFile} is not a urigram conformance suite`);
  if (typeof manifest.version !== 'string') throw new Error(`${manifestFile}: no string "version"`);
  // A file name as the schema has it: in the suite's folder, never a path out of it.
  if (!Array.isArray(manifest.files) || !manifest.files.every((f) => typeof f === 'string' && /^[a-z-]+\.json$/.test(f))) {
    throw new Error(`${manifestFile}: "files" must be an array of file names in the suite's folder (lower-case letters and "-", then ".json")`);
  }
  const counts = manifest.counts === undefined ? {} : manifest.counts;
  const sums = manifest.sha256 === undefined ? {} : manifest.sha256;
  if (!isObject(counts) || !isObject(sums)) throw new Error(`${manifestFile}: "counts" and "sha256" must be objects`);
  const checked = (name: string): Buffer => {
    const where = path.join(dir, name);
    const bytes = readBytes(where);
    const expected = sums[name];
    if (expected !== undefined && sha256(bytes) !== expected) {
      throw new Error(`${where}: its SHA-256 is not the one suite.json gives: the file changed after the manifest was written (vendor the files byte for byte: no line-end conversion)`);
    }
    return bytes;
  };
  for (const name of Object.keys(sums)) if (!(manifest.files as string[]).includes(name)) checked(name); // schema.json
  const categories = (manifest.files as string[]).map((f) => {
    const where = path.join(dir, f);
    const file = parseJson(where, checked(f));
    if (!isObject(file)) throw new Error(`${where}: not a category file (an object)`);
    const category = file.category as Category;
    if (!CATEGORIES.includes(category)) throw new Error(`${where}: unknown category ${JSON.stringify(file.category)}`);
    if (!Array.isArray(file.cases)) throw new Error(`${where}: no "cases" array`);
    if (counts[category] !== undefined && counts[category] !== file.cases.length) throw new Error(`${where}: ${file.cases.length} cases, where suite.json counts ${JSON.stringify(counts[category])}`);
    for (const [k, c] of file.cases.entries()) {
      const problem = caseProblem(category, c);
      if (problem !== undefined) throw new Error(`${where}: case ${k}${isObject(c) && typeof c.id === 'string' ? ` (${c.id})` : ''} ${problem}`);
    }
    return file as unknown as CategoryFile;
  });
  return { version: manifest.version, dir, categories };
}

const SOURCE_KINDS: readonly unknown[] = ['rfc', 'hand', 'generated', 'bug'];

/** What is wrong with a case, by the fields the runner reads (conformance/schema.json has them all), or undefined. */
function caseProblem(category: Category, c: unknown): string | undefined {
  if (!isObject(c)) return 'is not an object';
  if (typeof c.id !== 'string') return 'has no string "id"';
  const source = c.source;
  if (!isObject(source) || !SOURCE_KINDS.includes(source.kind)) return 'has no "source" with a "kind" of rfc, hand, generated or bug';
  if (source.kind === 'bug' && typeof source.behaviour !== 'string') return 'is a "bug" case without a string "behaviour"';
  return specOf(category).problem(c);
}

/** A grammar's rule that the suite asks about, with the number of cases asking in each category. */
export interface AskedRule {
  readonly grammar: Grammar;
  readonly rule: string;
  readonly cases: Readonly<Partial<Record<Category, number>>>;
}

/**
 * The rules the suite's cases name (validity, error-offset and components ask by grammar and rule), each with its
 * cases per category, in the order the suite first names them: what an adapter is asked to map to its own functions.
 */
export function askedRules(suite: Suite, categories?: readonly Category[]): AskedRule[] {
  const rules = new Map<string, { grammar: Grammar; rule: string; cases: Partial<Record<Category, number>> }>();
  for (const file of suite.categories) {
    if (categories !== undefined && !categories.includes(file.category)) continue;
    for (const c of file.cases as ReadonlyArray<{ grammar?: Grammar; rule?: string }>) {
      if (c.grammar === undefined || c.rule === undefined) continue;
      const key = `${c.grammar} ${c.rule}`;
      if (!rules.has(key)) rules.set(key, { grammar: c.grammar, rule: c.rule, cases: {} });
      const counts = rules.get(key)!.cases;
      counts[file.category] = (counts[file.category] ?? 0) + 1;
    }
  }
  return [...rules.values()];
}
