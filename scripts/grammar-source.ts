/**
 * Reads grammar/NAME.peggy as peggy compiles it: with its include lines
 * expanded. A grammar that shares rules with another says so on a line
 *
 *   // @include rfc3986: scheme port IP_literal ...
 *
 * and the named rules of grammar/rfc3986.peggy are appended, as that file
 * writes them, after a marker comment. RFC 3987 2.2 lists the rules that "are
 * the same as those in [RFC3986]"; taking them from rfc3986.peggy means a fix
 * there is a fix in both grammars, and the equivalence check runs on each.
 *
 * Why not peggy's own `import ... from`: it imports a compiled parser at run
 * time, so generated/rfc3987.js would call into generated/rfc3986.js, the
 * traced build would not trace the imported rules, and the recognizer compiler
 * would have to follow imports. Text inclusion keeps each generated parser
 * self-contained.
 *
 * A file may include from a file that has includes of its own, but only the
 * rules that file defines itself (RFC 6570 takes ucschar and iprivate from
 * grammar/rfc3987.peggy): includes do not nest.
 *
 * Used by scripts/generate.ts, scripts/check-grammar.ts and the tests.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { parsePeggy } from './grammar-check/peggy';
import { grammarFileOf } from './registry';

const INCLUDE = /^\/\/ @include ([a-z0-9]+): ((?:[A-Za-z_][A-Za-z0-9_]*)(?: +[A-Za-z_][A-Za-z0-9_]*)*) *$/gm;

export interface PeggySource {
  /** The text peggy compiles. */
  readonly text: string;
  /** The included rules, by the grammar they come from. */
  readonly included: ReadonlyMap<string, readonly string[]>;
}

/**
 * The text (of `file`, in the repository at `root`) with its include lines
 * expanded. The named grammar's .peggy file is where grammar/registry.json's
 * line puts it (grammar/[DIR/]NAME.peggy). An included rule must be one the
 * other file writes itself, not one it includes: includes do not nest.
 */
export function expandIncludes(text: string, root: string, file: string): PeggySource {
  const included = new Map<string, string[]>();
  const parts: string[] = [];
  for (const m of text.matchAll(INCLUDE)) {
    const from = m[1];
    const names = m[2].trim().split(/ +/);
    const fromFile = grammarFileOf(root, from, 'peggy');
    const fromText = fs.readFileSync(path.join(root, fromFile), 'utf8');
    // Only the file's own rules (parsePeggy reads its text, includes unexpanded): includes do not nest.
    const rules = new Map(parsePeggy(fromText).rules.map((r) => [r.name, r]));
    const chunks: string[] = [];
    for (const name of names) {
      const rule = rules.get(name);
      if (!rule) throw new Error(`${file}: @include ${from}: ${fromFile} has no rule ${name} of its own (includes do not nest: include a rule from the file that defines it)`);
      chunks.push(fromText.slice(rule.location.start.offset, rule.location.end.offset).trimEnd());
    }
    included.set(from, names);
    parts.push(`\n// ----- the rules above named by "@include ${from}", from ${fromFile} (scripts/grammar-source.ts) -----\n\n${chunks.join('\n\n')}\n`);
  }
  return { text: text + parts.join(''), included };
}

/** grammar/[DIR/]NAME.peggy, includes expanded. */
export function readPeggySource(root: string, name: string): PeggySource {
  const file = grammarFileOf(root, name, 'peggy');
  return expandIncludes(fs.readFileSync(path.join(root, file), 'utf8'), root, file);
}
