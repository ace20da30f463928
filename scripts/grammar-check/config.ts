/**
 * The grammars of the repository and their check settings: which grammars
 * there are (grammar/NAME.abnf with a grammar/NAME.peggy beside it) and
 * grammar/NAME.check.json, read into a CheckConfig. Used by
 * scripts/check-grammar.ts and by the tests that generate strings from an
 * ABNF, so that none of them imports an entry point.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CheckConfig } from './check';
import type { Substitute } from './generate';
import { grammarFileOf, readRegistry } from '../registry';

/** The repository: this file is scripts/grammar-check/config.ts. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** grammar/NAME.check.json as written. */
interface RawCheckConfig {
  /** A comment: JSON has no other way to say why. */
  '//'?: unknown;
  pegHelpers?: Record<string, string>;
  substitutes?: Record<string, Substitute[]>;
  fuzzRules?: string[];
  /** Written "U+E000": readable, and a lone surrogate ("U+D800") is one code point like any other. */
  nearMissCodePoints?: string[];
  /** Rules of NAME.abnf that are in none of its RFC texts as written, each with the reason (the drift check, verbatim.ts). */
  notVerbatim?: Record<string, string>;
}

const KEYS: ReadonlySet<string> = new Set(['//', 'pegHelpers', 'substitutes', 'fuzzRules', 'nearMissCodePoints', 'notVerbatim']);

function readRaw(name: string, root: string): RawCheckConfig {
  // Optional (docs/adding-a-grammar.md, step 4): a grammar without one has the defaults of loadConfig.
  const file = path.join(root, grammarFileOf(root, name, 'check.json'));
  const raw = (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}) as RawCheckConfig;
  for (const key of Object.keys(raw)) {
    if (!KEYS.has(key)) throw new Error(`${name}.check.json: unknown key ${JSON.stringify(key)} (known: ${[...KEYS].join(', ')})`);
  }
  return raw;
}

/**
 * The rules of a grammar's ABNF that its RFC texts do not have as written,
 * with the reason for each (NAME.check.json's notVerbatim): a rule the RFC
 * imports from a text that is not in the repository, or writes in prose, or
 * that an erratum or the RFC's own prose changes.
 */
export function loadNotVerbatim(name: string, root: string = REPO_ROOT): Readonly<Record<string, string>> {
  const listed = readRaw(name, root).notVerbatim ?? {};
  for (const [rule, reason] of Object.entries(listed)) {
    if (typeof reason !== 'string' || reason.trim() === '') throw new Error(`${name}.check.json: notVerbatim.${rule} needs its reason`);
  }
  return listed;
}

/**
 * The check settings of a grammar; a grammar without a NAME.check.json has
 * none, and its long fuzz run (npm run fuzz:grammar) checks its reference
 * rules (the registry's `rules`), as one that lists no fuzzRules.
 */
export function loadConfig(name: string, root: string = REPO_ROOT): CheckConfig {
  const raw = readRaw(name, root);
  return {
    pegHelpers: raw.pegHelpers ?? {},
    substitutes: raw.substitutes ?? {},
    fuzzRules: raw.fuzzRules ?? [...(readRegistry(root).find((e) => e.name === name)?.rules ?? [])],
    nearMissCharacters: (raw.nearMissCodePoints ?? []).map((c) => {
      if (!/^U\+[0-9A-F]{4,6}$/.test(c)) throw new Error(`${name}.check.json: nearMissCodePoints: ${JSON.stringify(c)} is not written U+XXXX`);
      return String.fromCodePoint(parseInt(c.slice(2), 16));
    }),
  };
}

/** The grammars that can be checked: those of grammar/registry.json (each has its .abnf and .peggy: npm run generate checks), sorted. */
export function grammarNames(root: string = REPO_ROOT): string[] {
  return readRegistry(root)
    .map((e) => e.name)
    .sort();
}
