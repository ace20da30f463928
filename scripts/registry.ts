/**
 * grammar/registry.json, read and checked: the one list of the grammars
 * urigram is generated from (see the file's own comment for its fields).
 * scripts/generate.ts writes it into generated/registry.js (the data, which
 * src/core/grammars.ts reads), generated/loaders.js (a require per generated
 * module, for src/core/load.ts) and generated/NAME.grammar.js (the modules of a
 * grammar, for useGrammar() in an ES module bundle: `urigram/grammars/NAME`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface RegistryEntry {
  readonly name: string;
  /** The RFC texts in grammar/ that NAME.abnf is copied from. */
  readonly texts: readonly string[];
  readonly title: string;
  readonly section: string;
  readonly select: 'grammar' | 'zoneId';
  readonly variantOf?: string;
  readonly rules: readonly string[];
  readonly records: 'delimiters' | 'recognizer' | 'none';
  readonly ruleSpelling?: 'underscore';
  readonly conformance?: boolean;
  /** The folder under grammar/ that holds NAME.abnf, NAME.peggy and its option files ("schemes"); grammar/ itself without one. */
  readonly dir?: string;
  /** For a scheme grammar: per URI scheme it narrows (lower case), the rule a URI of that scheme must match. */
  readonly schemes?: Readonly<Record<string, SchemeRule>>;
}

/**
 * How a scheme grammar checks a URI of its scheme: `rule`, matched against
 * the URI up to its "#" (the fragment is RFC 3986's, 3.5: its meaning does
 * not depend on the scheme), or against the whole URI when `withFragment` is
 * true (RFC 8141's namestring has its own f-component).
 */
export interface SchemeRule {
  readonly rule: string;
  readonly withFragment?: boolean;
  /**
   * The name of the format of urigram/formats that checks a URI of this
   * scheme (a string that checkScheme finds valid and of this scheme), as
   * schema authors name it ("urn", "data-url"); none without it.
   */
  readonly format?: string;
}

/** JSON Schema's own formats, which urigram/formats checks by RFC 3986, 3987 and 6570: no scheme's format may take their names. */
export const JSON_SCHEMA_FORMATS: readonly string[] = ['uri', 'uri-reference', 'iri', 'iri-reference', 'uri-template'];

const KEYS = new Set(['name', 'texts', 'title', 'section', 'select', 'variantOf', 'rules', 'records', 'ruleSpelling', 'conformance', 'dir', 'schemes']);

/** The entries of grammar/registry.json under `root`, checked: an Error names the line and the field that is wrong. */
export function readRegistry(root: string): RegistryEntry[] {
  const file = path.join(root, 'grammar', 'registry.json');
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { grammars?: unknown };
  if (!Array.isArray(data.grammars)) throw new Error('grammar/registry.json: "grammars" must be an array');
  const names = new Set<string>();
  const entries = data.grammars.map((raw: unknown, i): RegistryEntry => {
    const where = `grammar/registry.json, grammars[${i}]`;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${where}: an entry must be an object`);
    const e = raw as Record<string, unknown>;
    for (const key of Object.keys(e)) if (!KEYS.has(key)) throw new Error(`${where}: unknown field ${JSON.stringify(key)} (known: ${[...KEYS].join(', ')})`);
    const text = (key: string): string => {
      if (typeof e[key] !== 'string' || e[key] === '') throw new Error(`${where}: "${key}" must be a non-empty string`);
      return e[key] as string;
    };
    const name = text('name');
    if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(name)) throw new Error(`${where}: name ${JSON.stringify(name)} must be lower-case letters and digits (with '-'), the base name of grammar/NAME.peggy`);
    if (names.has(name)) throw new Error(`${where}: ${name} is registered twice`);
    names.add(name);
    const select = text('select');
    if (select !== 'grammar' && select !== 'zoneId') throw new Error(`${where}: "select" must be "grammar" or "zoneId"`);
    const records = text('records');
    if (records !== 'delimiters' && records !== 'recognizer' && records !== 'none') throw new Error(`${where}: "records" must be "delimiters", "recognizer" or "none"`);
    const rules = e.rules;
    if (!Array.isArray(rules) || rules.length === 0 || !rules.every((r) => typeof r === 'string' && /^[A-Za-z][A-Za-z0-9_-]*$/.test(r))) {
      throw new Error(`${where}: "rules" must be a non-empty array of rule names`);
    }
    const texts = e.texts;
    if (!Array.isArray(texts) || texts.length === 0 || !texts.every((t) => typeof t === 'string' && /^[a-z0-9-]+\.txt$/.test(t))) {
      throw new Error(`${where}: "texts" must be a non-empty array of file names in grammar/ (rfc3986.txt)`);
    }
    if ((select === 'zoneId') !== (e.variantOf !== undefined)) throw new Error(`${where}: "variantOf" goes with "select": "zoneId", and only with it`);
    if (e.ruleSpelling !== undefined && e.ruleSpelling !== 'underscore') throw new Error(`${where}: "ruleSpelling" can only be "underscore"`);
    if (e.conformance !== undefined && typeof e.conformance !== 'boolean') throw new Error(`${where}: "conformance" must be true or false`);
    if (e.dir !== undefined && (typeof e.dir !== 'string' || !/^[a-z][a-z0-9-]*$/.test(e.dir))) throw new Error(`${where}: "dir" must be the name of a folder under grammar/ (lower-case letters, digits, '-')`);
    const schemes = e.schemes === undefined ? undefined : schemeRules(e.schemes, rules as string[], where);
    if (schemes !== undefined && (select !== 'grammar' || records !== 'none')) throw new Error(`${where}: "schemes" goes with "select": "grammar" and "records": "none" (a scheme grammar narrows URIs that RFC 3986 parses)`);
    return {
      name,
      texts: texts as string[],
      title: text('title'),
      section: text('section'),
      select,
      ...(e.variantOf === undefined ? {} : { variantOf: text('variantOf') }),
      rules: rules as string[],
      records,
      ...(e.ruleSpelling === undefined ? {} : { ruleSpelling: 'underscore' as const }),
      ...(e.conformance === undefined ? {} : { conformance: e.conformance as boolean }),
      ...(e.dir === undefined ? {} : { dir: e.dir as string }),
      ...(schemes === undefined ? {} : { schemes }),
    };
  });
  const claimed = new Map<string, string>();
  const formats = new Map<string, string>();
  for (const e of entries) {
    for (const [scheme, s] of Object.entries(e.schemes ?? {})) {
      const other = claimed.get(scheme);
      if (other !== undefined) throw new Error(`grammar/registry.json: the scheme ${scheme} has two grammars, ${other} and ${e.name}`);
      claimed.set(scheme, e.name);
      if (s.format === undefined) continue;
      const taken = formats.get(s.format);
      if (taken !== undefined) throw new Error(`grammar/registry.json: the format ${s.format} names two schemes, ${taken} and ${scheme}`);
      formats.set(s.format, scheme);
    }
  }
  if (entries[0]?.name !== 'rfc3986') throw new Error('grammar/registry.json: the first grammar must be rfc3986, the default');
  for (const e of entries) {
    if (e.variantOf !== undefined && !entries.some((o) => o.name === e.variantOf && o.select === 'grammar')) {
      throw new Error(`grammar/registry.json: ${e.name} is a variant of ${e.variantOf}, which is no grammar the option grammar selects`);
    }
  }
  return entries;
}

/** The `schemes` field, checked: scheme names as RFC 3986 3.1 has them, in lower case, each with one of the grammar's reference rules. */
function schemeRules(raw: unknown, rules: readonly string[], where: string): Record<string, SchemeRule> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${where}: "schemes" must be an object of { "scheme": { "rule": "..." } }`);
  const out: Record<string, SchemeRule> = {};
  for (const [scheme, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^[a-z][a-z0-9+.-]*$/.test(scheme)) throw new Error(`${where}: "schemes": ${JSON.stringify(scheme)} is not a scheme in lower case (RFC 3986 3.1)`);
    const v = value as { rule?: unknown; withFragment?: unknown; format?: unknown } | null;
    if (v === null || typeof v !== 'object' || Object.keys(v).some((k) => k !== 'rule' && k !== 'withFragment' && k !== 'format')) {
      throw new Error(`${where}: "schemes"."${scheme}" must be { "rule": "...", "withFragment"?: true, "format"?: "..." }`);
    }
    if (typeof v.rule !== 'string' || !rules.includes(v.rule)) throw new Error(`${where}: "schemes"."${scheme}".rule must be one of the grammar's "rules"`);
    if (v.withFragment !== undefined && typeof v.withFragment !== 'boolean') throw new Error(`${where}: "schemes"."${scheme}".withFragment must be true or false`);
    if (v.format !== undefined) {
      // One or more lower-case words joined by '-' (a linear pattern: no two quantifiers can match the same character).
      if (typeof v.format !== 'string' || !/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(v.format)) throw new Error(`${where}: "schemes"."${scheme}".format must be a format name in lower case ("data-url")`);
      if (JSON_SCHEMA_FORMATS.includes(v.format)) throw new Error(`${where}: "schemes"."${scheme}".format ${JSON.stringify(v.format)} is one of JSON Schema's own formats`);
    }
    out[scheme] = {
      rule: v.rule,
      ...(v.withFragment === true ? { withFragment: true } : {}),
      ...(v.format === undefined ? {} : { format: v.format as string }),
    };
  }
  return out;
}

/** Where a grammar's own file of this kind is, from the repository's root: grammar/[DIR/]NAME.EXT ('abnf', 'peggy', 'config.json', ...). */
export function grammarFile(entry: Pick<RegistryEntry, 'name' | 'dir'>, ext: string): string {
  return `grammar/${entry.dir === undefined ? '' : `${entry.dir}/`}${entry.name}.${ext}`;
}

/** grammarFile of the grammar named `name` in the registry under `root`; an Error when there is no such grammar. */
export function grammarFileOf(root: string, name: string, ext: string): string {
  const entry = readRegistry(root).find((e) => e.name === name);
  if (entry === undefined) throw new Error(`grammar/registry.json has no grammar ${name}`);
  return grammarFile(entry, ext);
}

/** The names of the grammars that `{ grammar }` selects (GrammarName), in the registry's order. */
export function selectableGrammars(entries: readonly RegistryEntry[]): string[] {
  return entries.filter((e) => e.select === 'grammar').map((e) => e.name);
}

/** The grammars that name URI schemes (a `schemes` field), in the registry's order: urigram/formats gives their modules to useSchemes(). */
export function schemeGrammars(entries: readonly RegistryEntry[]): RegistryEntry[] {
  return entries.filter((e) => e.schemes !== undefined);
}

/** The formats the registry's scheme entries name, each with its scheme and grammar, in the registry's order. */
export function schemeFormats(entries: readonly RegistryEntry[]): Array<{ format: string; scheme: string; grammar: string }> {
  return entries.flatMap((e) => Object.entries(e.schemes ?? {}).flatMap(([scheme, s]) => (s.format === undefined ? [] : [{ format: s.format, scheme, grammar: e.name }])));
}

/** The generated modules of one grammar that src/core/load.ts can load, by kind, and the file each is in. */
export type LoadableKind = 'recognizer' | 'dfa' | 'diagnose';
const FILE_OF: Readonly<Record<LoadableKind, string>> = { recognizer: '.recognizer', dfa: '.dfa', diagnose: '.diagnose' };

const HEADER = [
  '// DO NOT EDIT. Generated by scripts/generate.ts from grammar/registry.json.',
  '// Edit the registry and run `npm run generate`; `npm run generate -- --check` fails when this file is stale.',
  '',
].join('\n');

const union = (names: readonly string[]): string => (names.length === 0 ? 'never' : names.map((n) => JSON.stringify(n)).join(' | '));

/**
 * What generate writes from the registry, by file name under generated/:
 * registry.js, .mjs and .d.ts (the data, with a literal type per grammar);
 * loaders.js and .d.ts (a literal require of each generated module, which
 * Node runs on first use); scheme-grammars.js, .mjs and .d.ts (the modules
 * of the grammars that name schemes, which urigram/formats gives to
 * useSchemes()); and per grammar but RFC 3986, NAME.grammar.js, .mjs and
 * .d.ts, its modules for useGrammar() (`urigram/grammars/NAME`).
 */
export function registryFiles(entries: readonly RegistryEntry[]): Map<string, string> {
  const files = new Map<string, string>();
  const data = JSON.stringify(entries, null, 2);
  files.set('registry.js', `'use strict';\n${HEADER}module.exports = { GRAMMAR_REGISTRY: ${data} };\n`);
  files.set('registry.mjs', `${HEADER}export const GRAMMAR_REGISTRY = ${data};\n`);
  const names = entries.map((e) => e.name);
  const rulesOf = entries.map((e) => `  readonly ${JSON.stringify(e.name)}: ${union(e.rules)};`);
  files.set(
    'registry.d.ts',
    [
      HEADER,
      '/** One grammar of grammar/registry.json (its comment says what each field means). */',
      'export interface GrammarEntry {',
      '  readonly name: RegisteredGrammar;',
      '  readonly texts: readonly string[];',
      '  readonly title: string;',
      '  readonly section: string;',
      "  readonly select: 'grammar' | 'zoneId';",
      '  readonly variantOf?: SelectableGrammar;',
      '  readonly rules: readonly string[];',
      "  readonly records: 'delimiters' | 'recognizer' | 'none';",
      "  readonly ruleSpelling?: 'underscore';",
      '  readonly conformance?: boolean;',
      '  readonly dir?: string;',
      '  readonly schemes?: Readonly<Record<string, { readonly rule: string; readonly withFragment?: boolean; readonly format?: SchemeFormatName }>>;',
      '}',
      '/** Every grammar urigram is generated from. */',
      `export type RegisteredGrammar = ${union(names)};`,
      '/** The grammars that the option `grammar` selects. */',
      `export type SelectableGrammar = ${union(selectableGrammars(entries))};`,
      '/** Per grammar, the rules a whole input is checked against (the default first). */',
      'export interface ReferenceRulesOf {',
      ...rulesOf,
      '}',
      "/** The formats of urigram/formats that check a URI of one scheme (a `schemes` entry's `format`), in the registry's order. */",
      `export type SchemeFormatName = ${union(schemeFormats(entries).map((f) => f.format))};`,
      'export declare const GRAMMAR_REGISTRY: readonly GrammarEntry[];',
      '',
    ].join('\n'),
  );
  const cases = entries.flatMap((e) =>
    (Object.keys(FILE_OF) as LoadableKind[]).map((kind) => `    case ${JSON.stringify(`${e.name}.${kind}`)}: return require(${JSON.stringify(`./${e.name}${FILE_OF[kind]}`)});`),
  );
  files.set(
    'loaders.js',
    [
      "'use strict';",
      HEADER.trimEnd(),
      '// A literal require per module, so that each loads only when first asked for (src/core/load.ts).',
      '/** The generated module of a grammar, by kind: "recognizer", "dfa" or "diagnose"; undefined for another. */',
      'function loadGenerated(grammar, kind) {',
      '  switch (`${grammar}.${kind}`) {',
      ...cases,
      '    default: return undefined;',
      '  }',
      '}',
      'module.exports = { loadGenerated };',
      '',
    ].join('\n'),
  );
  files.set(
    'loaders.d.ts',
    `${HEADER}import type { RegisteredGrammar } from './registry';\n\nexport declare function loadGenerated(grammar: RegisteredGrammar, kind: ${union(Object.keys(FILE_OF))}): unknown;\n`,
  );
  // The modules of the scheme grammars, for urigram/formats (src/formats.ts, through src/core/load.ts), which gives them to useSchemes(): in the
  // ES module build an import of each grammar's NAME.grammar, so that a bundle of urigram/formats holds them, and only
  // then; in CommonJS a require of each, whose modules load when first read.
  const schemes = schemeGrammars(entries);
  const list = 'The grammars of grammar/registry.json that name URI schemes';
  files.set(
    'scheme-grammars.js',
    `'use strict';\n${HEADER}// ${list}, for useSchemes() (urigram/formats, by schemeGrammarModules of src/core/load.ts); each grammar's modules load when first read.\nmodule.exports = {\n  SCHEME_GRAMMAR_MODULES: [\n${schemes.map((e) => `    require('./${e.name}.grammar'),\n`).join('')}  ],\n};\n`,
  );
  files.set(
    'scheme-grammars.mjs',
    `${HEADER}// ${list}, for useSchemes() (urigram/formats, by schemeGrammarModules of src/core/load.esm.ts): a bundle that does not import this has none of them.\n${schemes.map((e, i) => `import grammar${i} from './${e.name}.grammar.js';\n`).join('')}\nexport const SCHEME_GRAMMAR_MODULES = [${schemes.map((_, i) => `grammar${i}`).join(', ')}];\n`,
  );
  files.set(
    'scheme-grammars.d.ts',
    `${HEADER}// ${list}, for useSchemes() (urigram/formats, by schemeGrammarModules of src/core/load.ts).\nimport type { GrammarModules } from '../src/core/types';\n\n/** ${schemes.map((e) => e.name).join(', ') || 'None'}, in the registry's order. */\nexport declare const SCHEME_GRAMMAR_MODULES: readonly GrammarModules[];\n`,
  );
  for (const e of entries.slice(1)) {
    const n = e.name;
    files.set(
      `${n}.grammar.js`,
      `'use strict';\n${HEADER}// The modules of ${e.title}, for useGrammar(); each loads when first read.\nmodule.exports = {\n  grammar: ${JSON.stringify(n)},\n  get recognizer() { return require('./${n}.recognizer'); },\n  get dfa() { return require('./${n}.dfa'); },\n  get diagnose() { return require('./${n}.diagnose'); },\n};\n`,
    );
    files.set(
      `${n}.grammar.mjs`,
      `${HEADER}// The modules of ${e.title}, for useGrammar() in an ES module bundle: import grammar from 'urigram/grammars/${n}'; useGrammar(grammar).\nimport * as recognizer from './${n}.recognizer.js';\nimport * as dfa from './${n}.dfa.js';\nimport * as diagnose from './${n}.diagnose.js';\n\nexport default { grammar: ${JSON.stringify(n)}, recognizer, dfa, diagnose };\n`,
    );
    files.set(
      `${n}.grammar.d.ts`,
      `${HEADER}// The modules of ${e.title}, for useGrammar(): import grammar from 'urigram/grammars/${n}'.\nimport type { GrammarModules } from '../src/core/types';\n\ndeclare const grammar: GrammarModules & { readonly grammar: ${JSON.stringify(n)} };\nexport = grammar;\n`,
    );
  }
  return files;
}
