/**
 * The conformance suite's format (conformance/schema.json says the same for
 * other languages) and its loading. A suite is conformance/suite.json, which
 * lists one file per category; a category file holds cases, each with an id,
 * its source and what the category asks.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

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

export type ComponentName = 'scheme' | 'authority' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment' | 'hostKind' | 'pathKind';

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

export function loadSuite(dir: string = defaultSuiteDir()): Suite {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'suite.json'), 'utf8')) as { suite: string; version: string; files: string[] };
  if (manifest.suite !== 'urigram-conformance') throw new Error(`${path.join(dir, 'suite.json')} is not a urigram conformance suite`);
  const categories = manifest.files.map((f) => {
    const file = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as CategoryFile;
    if (!CATEGORIES.includes(file.category)) throw new Error(`${f}: unknown category ${JSON.stringify(file.category)}`);
    return file;
  });
  return { version: manifest.version, dir, categories };
}
