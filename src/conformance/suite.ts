/**
 * The conformance suite's format (conformance/schema.json says the same for
 * other languages) and its loading. A suite is conformance/suite.json, which
 * lists one file per category; a category file holds cases, each with an id,
 * its source and what the category asks.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONFORMANCE_GRAMMARS } from '../core/grammars';
import { COMPONENT_NAMES } from '../core/records';

/** A grammar the suite's cases are written for (grammar/registry.json: `conformance: true`). */
export type Grammar = 'rfc3986' | 'rfc3987' | 'rfc2396';

export type Source =
  | { kind: 'rfc'; rfc: number; section: string }
  | { kind: 'hand'; why: string; file: string }
  | { kind: 'generated'; grammar: Grammar; rule: string; seed: number; nearMiss: boolean; judge: string }
  | { kind: 'bug'; behaviour: string; why: string };

interface CaseBase {
  readonly id: string;
  readonly source: Source;
}

/** What a components case can ask for: the components of a record (src/core/records.ts) and the kinds of its host and path. */
export const JUDGED_COMPONENTS = [...COMPONENT_NAMES, 'hostKind', 'pathKind'] as const;
export type ComponentName = (typeof JUDGED_COMPONENTS)[number];

export interface CaseOf {
  validity: CaseBase & { grammar: Grammar; rule: string; input: string; valid: boolean };
  'error-offset': CaseBase & { grammar: Grammar; rule: string; input: string; offset: number; codePointOffset: number };
  components: CaseBase & { grammar: Grammar; rule: string; input: string; components: Partial<Record<ComponentName, string | null>> };
  resolution: CaseBase & { base: string; reference: string; mode: 'strict' | 'non-strict' | 'rfc2396'; target: string };
  'remove-dot-segments': CaseBase & { input: string; output: string };
  normalization: CaseBase & { input: string; level: 'syntax' | 'scheme'; output: string };
  equivalence: CaseBase & { a: string; b: string; level: 'simple' | 'syntax' | 'scheme'; equivalent: boolean };
  'iri-to-uri': CaseBase & { input: string; output: string };
  'uri-to-iri': CaseBase & { input: string; output: string };
  'percent-encoding': CaseBase & ({ operation: 'encode'; component: string; input: string; output: string } | { operation: 'decode'; input: string; output?: string; error?: true; offset?: number });
}

export type Category = keyof CaseOf;
export const CATEGORIES: readonly Category[] = ['validity', 'error-offset', 'components', 'resolution', 'remove-dot-segments', 'normalization', 'equivalence', 'iri-to-uri', 'uri-to-iri', 'percent-encoding'];
export type AnyCase = CaseOf[Category];

export interface CategoryFile<C extends Category = Category> {
  readonly suite: string;
  readonly version: string;
  readonly category: C;
  readonly description: string;
  readonly cases: ReadonlyArray<CaseOf[C]>;
}

export interface Suite {
  readonly version: string;
  readonly dir: string;
  readonly categories: ReadonlyArray<CategoryFile>;
}

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

/** A file of the suite, read and parsed: an Error naming the file for one that cannot be read or is not JSON. */
function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message})`);
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const isOffset = (x: unknown): boolean => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const GRAMMARS: readonly unknown[] = CONFORMANCE_GRAMMARS;
const SOURCE_KINDS: readonly unknown[] = ['rfc', 'hand', 'generated', 'bug'];

/**
 * What is wrong with a case, by the fields the runner reads (conformance/schema.json has them all), or
 * undefined: a suite from elsewhere (--suite) is checked before it is run, so that a malformed case is
 * an error naming its file and case, not a crash in the middle of a run.
 */
function caseProblem(category: Category, c: unknown): string | undefined {
  if (!isObject(c)) return 'is not an object';
  if (typeof c.id !== 'string') return 'has no string "id"';
  const source = c.source;
  if (!isObject(source) || !SOURCE_KINDS.includes(source.kind)) return 'has no "source" with a "kind" of rfc, hand, generated or bug';
  if (source.kind === 'bug' && typeof source.behaviour !== 'string') return 'is a "bug" case without a string "behaviour"';
  const strings = (...keys: string[]): string | undefined => {
    const bad = keys.find((k) => typeof c[k] !== 'string');
    return bad === undefined ? undefined : `has no string "${bad}"`;
  };
  const parsed = (): string | undefined => (GRAMMARS.includes(c.grammar) ? strings('rule', 'input') : `has no "grammar" of ${CONFORMANCE_GRAMMARS.join(', ')}`);
  switch (category) {
    case 'validity':
      return parsed() ?? (typeof c.valid === 'boolean' ? undefined : 'has no boolean "valid"');
    case 'error-offset':
      return parsed() ?? (isOffset(c.offset) && isOffset(c.codePointOffset) ? undefined : 'has no "offset" and "codePointOffset" that are integers from 0');
    case 'components':
      return parsed() ?? (isObject(c.components) && Object.keys(c.components).length > 0 && Object.values(c.components).every((v) => v === null || typeof v === 'string') ? undefined : 'has no "components" object of strings and nulls (one at least)');
    case 'resolution':
      return strings('base', 'reference', 'target') ?? (['strict', 'non-strict', 'rfc2396'].includes(c.mode as string) ? undefined : 'has no "mode" of strict, non-strict or rfc2396');
    case 'remove-dot-segments':
    case 'iri-to-uri':
    case 'uri-to-iri':
      return strings('input', 'output');
    case 'normalization':
      return strings('input', 'output') ?? (['syntax', 'scheme'].includes(c.level as string) ? undefined : 'has no "level" of syntax or scheme');
    case 'equivalence':
      return strings('a', 'b') ?? (['simple', 'syntax', 'scheme'].includes(c.level as string) ? (typeof c.equivalent === 'boolean' ? undefined : 'has no boolean "equivalent"') : 'has no "level" of simple, syntax or scheme');
    case 'percent-encoding':
      if (c.operation === 'encode') return strings('component', 'input', 'output');
      if (c.operation !== 'decode') return 'has no "operation" of encode or decode';
      if (typeof c.input !== 'string') return 'has no string "input"';
      if (c.error === true) return c.offset === undefined || isOffset(c.offset) ? undefined : 'has an "offset" that is not an integer from 0';
      return typeof c.output === 'string' ? undefined : 'has neither a string "output" nor "error": true';
  }
}

export function loadSuite(dir: string = defaultSuiteDir()): Suite {
  const manifestFile = path.join(dir, 'suite.json');
  const manifest = readJson(manifestFile);
  if (!isObject(manifest) || manifest.suite !== 'urigram-conformance') throw new Error(`${manifestFile} is not a urigram conformance suite`);
  if (typeof manifest.version !== 'string') throw new Error(`${manifestFile}: no string "version"`);
  // A file name as the schema has it: in the suite's folder, never a path out of it.
  if (!Array.isArray(manifest.files) || !manifest.files.every((f) => typeof f === 'string' && /^[a-z-]+\.json$/.test(f))) {
    throw new Error(`${manifestFile}: "files" must be an array of file names in the suite's folder (lower-case letters and "-", then ".json")`);
  }
  const categories = (manifest.files as string[]).map((f) => {
    const where = path.join(dir, f);
    const file = readJson(where);
    if (!isObject(file)) throw new Error(`${where}: not a category file (an object)`);
    if (!CATEGORIES.includes(file.category as Category)) throw new Error(`${where}: unknown category ${JSON.stringify(file.category)}`);
    if (!Array.isArray(file.cases)) throw new Error(`${where}: no "cases" array`);
    for (const [k, c] of file.cases.entries()) {
      const problem = caseProblem(file.category as Category, c);
      if (problem !== undefined) throw new Error(`${where}: case ${k}${isObject(c) && typeof c.id === 'string' ? ` (${c.id})` : ''} ${problem}`);
    }
    return file as unknown as CategoryFile;
  });
  return { version: manifest.version, dir, categories };
}
