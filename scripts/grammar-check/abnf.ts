/**
 * Reads an ABNF file with the `abnf` package (RFC 5234 / RFC 7405) and turns
 * its syntax tree into a small model of our own that the oracle and the
 * generator walk. Nothing here knows about the PEG.
 */
import * as fs from 'node:fs';

export type AbnfNode =
  | { readonly kind: 'alt'; readonly alts: readonly AbnfNode[] }
  | { readonly kind: 'seq'; readonly items: readonly AbnfNode[] }
  | { readonly kind: 'rep'; readonly min: number; readonly max: number; readonly node: AbnfNode }
  /** A quoted string: case-insensitive for US-ASCII letters (RFC 5234 2.3), unless written %s"..." or %x. */
  | { readonly kind: 'lit'; readonly text: string; readonly caseInsensitive: boolean }
  /** A %x range of UTF-16 code units (the abnf package splits astral ranges into surrogate pairs). */
  | { readonly kind: 'range'; readonly first: number; readonly last: number }
  | { readonly kind: 'ref'; readonly name: string }
  | { readonly kind: 'prose'; readonly text: string };

export interface AbnfGrammar {
  readonly source: string;
  /** Rule names as the ABNF defines them, in file order. */
  readonly names: readonly string[];
  /** Rule definitions by name, as defined. */
  readonly rules: ReadonlyMap<string, AbnfNode>;
  /** The line of the source each rule is defined on (1-based). */
  readonly lines: ReadonlyMap<string, number>;
  /** References to rules the ABNF does not define ("rule" at line N). */
  readonly undefinedRefs: readonly string[];
  /** Rules no other rule refers to (the grammar's entry points among them). */
  readonly unreferenced: readonly string[];
  /** The defined name for a name in any case (ABNF rule names are case-insensitive). */
  canonical(name: string): string | undefined;
}

interface RawNode {
  type: string;
  [key: string]: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the abnf package has no type declarations; RawRules types what we read
const abnf: { parseString(text: string, source: string, utf16?: boolean): RawRules } = require('abnf');

interface RawRules {
  defs: Record<string, { name: string; def: RawNode; loc: { start: { line: number } } }>;
  refs: Array<{ name: string; loc: { start: { line: number } } }>;
}

function convert(n: RawNode): AbnfNode {
  switch (n.type) {
    case 'alternation':
      return { kind: 'alt', alts: (n.alts as RawNode[]).map(convert) };
    case 'concatenation':
      return { kind: 'seq', items: (n.elements as RawNode[]).map(convert) };
    case 'group':
      return convert(n.alt as RawNode);
    case 'repetition': {
      const rep = n.rep as { min: number; max: number | null };
      return { kind: 'rep', min: rep.min, max: rep.max === null ? Infinity : rep.max, node: convert(n.el as RawNode) };
    }
    case 'caseInsensitveString':
      return { kind: 'lit', text: n.str as string, caseInsensitive: true };
    case 'caseSensitveString':
      return { kind: 'lit', text: n.str as string, caseInsensitive: false };
    case 'range':
      return { kind: 'range', first: n.first as number, last: n.last as number };
    case 'ruleref':
      return { kind: 'ref', name: n.name as string };
    case 'prose':
      return { kind: 'prose', text: n.str as string };
    default:
      throw new Error(`unknown ABNF node type ${n.type}`);
  }
}

export function parseAbnf(text: string, source: string): AbnfGrammar {
  const raw = abnf.parseString(text, source, true);
  const byUpper = new Map<string, string>();
  const rules = new Map<string, AbnfNode>();
  const lines = new Map<string, number>();
  const defs = Object.values(raw.defs).sort((a, b) => a.loc.start.line - b.loc.start.line);
  for (const d of defs) {
    byUpper.set(d.name.toUpperCase(), d.name);
    rules.set(d.name, convert(d.def));
    lines.set(d.name, d.loc.start.line);
  }
  const canonical = (name: string) => byUpper.get(name.toUpperCase());
  const undefinedRefs = raw.refs.filter((r) => !canonical(r.name)).map((r) => `${r.name} (${source}:${r.loc.start.line})`);
  const referenced = new Set(raw.refs.map((r) => r.name.toUpperCase()));
  const names = defs.map((d) => d.name);
  return {
    source,
    names,
    rules,
    lines,
    undefinedRefs,
    unreferenced: names.filter((n) => !referenced.has(n.toUpperCase())),
    canonical,
  };
}

export function readAbnf(file: string): AbnfGrammar {
  return parseAbnf(fs.readFileSync(file, 'utf8'), file);
}
