/**
 * Railroad diagrams of every rule of the three grammars, and the grammar pages.
 *
 *   railroadGrammar(root, NAME)   every rule of grammar/NAME.peggy (its @include'd
 *                                 rules too): its ABNF name, ABNF text, RFC
 *                                 section, PEG deviations and SVG diagram. Computed
 *                                 when needed, never a file in generated/: the
 *                                 site (scripts/site.ts) puts it in the playground's
 *                                 page, and test/playground.test.ts checks it.
 *   docs/grammars/NAME.html       the grammar page (scripts/generate.ts writes it,
 *                                 and `npm run generate -- --check`, the first step
 *                                 of `npm run build`, fails when it is stale): each rule's diagram beside its
 *                                 ABNF text and section, rule names linked, PEG
 *                                 deviations marked. Static, no script.
 *
 * The diagrams are drawn by the railroad-diagrams package from peggy's own AST
 * of the grammar (scripts/grammar-check/peggy.ts): a sequence is a Sequence, a
 * choice a Choice, `?` `*` `+` and `|n..m|` the repetitions, a rule reference a
 * NonTerminal (linked to that rule), a literal or a character class a Terminal
 * (ABNF notation: "a", %x41-5A), a lookahead (PEG only) a comment. Labels,
 * actions, plucks and $() are transparent: they change the value, not the
 * strings matched.
 *
 * The ABNF text of a rule is the comment above it in the .peggy file (each rule
 * carries its ABNF line); the PEG deviations are the `// PEG: [name]`
 * paragraphs of that comment; the section is the last `// ----- N. Title -----`
 * divider above it (RFC 3987 and RFC 2396 have none: section 2.2 and Appendix A).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as rr from 'railroad-diagrams';
import { parsePeggy, type PeggyRule } from './grammar-check/peggy';
import { grammarFile, readRegistry, type RegistryEntry } from './registry';
import { toAbnfName } from '../src/core/rule-names';
import type * as peggy from 'peggy';

type Expr = peggy.ast.Expression | peggy.ast.Named;

export interface RailroadDeviation {
  /** The deviation's name, as in `// PEG: [name]` and the vectors. */
  readonly name: string;
  /** The comment's text. */
  readonly note: string;
}

export interface RailroadRule {
  /** The ABNF name (dec-octet). */
  readonly name: string;
  /** The ABNF text of the rule, as the comment above it gives it; "" for a rule the ABNF does not have. */
  readonly abnf: string;
  /** Where the RFC defines it: "RFC 3986 3.2.2. Host". */
  readonly section: string;
  /** The grammar file the rule is written in, when it is not this grammar's own (an @include). */
  readonly from?: string;
  readonly deviations: readonly RailroadDeviation[];
  /** The diagram: an <svg> whose rule boxes are links <a href="#NAME" data-rule="NAME">. */
  readonly svg: string;
}

export interface RailroadGrammar {
  readonly grammar: string;
  readonly title: string;
  readonly rules: readonly RailroadRule[];
}

/** A code point as ABNF writes it: %x41. */
function hex(code: number): string {
  return `%x${code.toString(16).toUpperCase().padStart(2, '0')}`;
}

function isPrintable(text: string): boolean {
  return /^[\x21-\x7e]+$/.test(text);
}

function quoted(text: string): string {
  if (isPrintable(text) && !text.includes('"')) return `"${text}"`;
  return [...text].map((c) => hex(c.codePointAt(0)!)).join(' ');
}

function literalText(value: string, ignoreCase: boolean): string {
  const q = quoted(value);
  if (!ignoreCase || value.toLowerCase() === value.toUpperCase()) return q;
  return value.length === 1 ? `"${value.toLowerCase()}" or "${value.toUpperCase()}"` : `${q} (any case)`;
}

function classParts(node: peggy.ast.CharacterClass): string[] {
  const parts = node.parts.map((p) => {
    if (typeof p === 'string') return isPrintable(p) && p !== '"' ? `"${p}"` : hex(p.codePointAt(0)!);
    if (Array.isArray(p)) return `${hex(p[0].codePointAt(0)!)}-${hex(p[1].codePointAt(0)!).slice(2)}`;
    return String(p);
  });
  return node.inverted ? [`not ${parts.join(' / ')}`] : parts;
}

/** A short text of an expression, for the comments of lookaheads. */
function exprText(e: Expr): string {
  switch (e.type) {
    case 'rule_ref':
      return toAbnfName(e.name);
    case 'literal':
      return literalText(e.value, e.ignoreCase);
    case 'class':
      return classParts(e).join(' / ');
    case 'any':
      return 'any character';
    case 'choice':
      return `(${e.alternatives.map(exprText).join(' / ')})`;
    case 'sequence':
      return e.elements.map(exprText).join(' ');
    case 'simple_not':
      return `!${exprText(e.expression)}`;
    case 'simple_and':
      return `&${exprText(e.expression)}`;
    case 'optional':
      return `[${exprText(e.expression)}]`;
    case 'zero_or_more':
      return `*${exprText(e.expression)}`;
    case 'one_or_more':
      return `1*${exprText(e.expression)}`;
    case 'action':
    case 'labeled':
    case 'text':
    case 'group':
    case 'named':
      return exprText(e.expression);
    default:
      return e.type;
  }
}

function boundary(b: { type: string; value?: unknown } | null | undefined): number | null {
  return b && b.type === 'constant' && typeof b.value === 'number' ? b.value : null;
}

/** The railroad item of an expression. */
function item(e: Expr): rr.Item {
  switch (e.type) {
    case 'rule_ref':
      return rr.NonTerminal(toAbnfName(e.name));
    case 'literal':
      return rr.Terminal(literalText(e.value, e.ignoreCase));
    case 'class': {
      const parts = classParts(e);
      return parts.length === 1 ? rr.Terminal(parts[0]) : rr.Choice(0, ...parts.map((p) => rr.Terminal(p)));
    }
    case 'any':
      return rr.Terminal('any character');
    case 'choice':
      return rr.Choice(0, ...e.alternatives.map(item));
    case 'sequence':
      return e.elements.length === 0 ? rr.Skip() : rr.Sequence(...e.elements.map(item));
    case 'optional':
      return rr.Optional(item(e.expression));
    case 'zero_or_more':
      return rr.ZeroOrMore(item(e.expression));
    case 'one_or_more':
      return rr.OneOrMore(item(e.expression));
    case 'repeated': {
      const max = boundary(e.max);
      const min = e.min === null ? max : boundary(e.min);
      const inner = item(e.expression);
      if ((min ?? 0) === 0 && max === 1) return rr.Optional(inner);
      const times = `${min ?? 0}${max === min ? '' : `..${max ?? ''}`} times`;
      const repeated = rr.OneOrMore(inner, rr.Comment(times));
      return (min ?? 0) === 0 ? rr.Optional(repeated) : repeated;
    }
    case 'simple_not':
      return rr.Comment(`PEG: not followed by ${exprText(e.expression)}`);
    case 'simple_and':
      return rr.Comment(`PEG: followed by ${exprText(e.expression)}`);
    case 'semantic_and':
    case 'semantic_not':
      return rr.Comment('PEG: a test in code');
    case 'action':
    case 'labeled':
    case 'text':
    case 'group':
    case 'named':
      return item(e.expression);
    default:
      throw new Error(`scripts/railroad.ts: no railroad item for a peggy ${e.type} node`);
  }
}

const NON_TERMINAL = /<rect x="[^"]*" y="[^"]*" width="[^"]*" height="[^"]*"><\/rect>\n<text x="[^"]*" y="[^"]*">([A-Za-z0-9-]+)<\/text>\n/g;

/** The diagram of a rule as railroad-diagrams writes it, its rule boxes made links to the rules' anchors. */
export function linkedDiagram(rule: PeggyRule): string {
  const svg = rr.Diagram(item(rule.expression)).toString();
  // railroad-diagrams 1.0.0 draws a rule box as a rect without rx (a terminal's has rx) and its name.
  return svg.replace(NON_TERMINAL, (box, name: string) => `<a href="#${name}" data-rule="${name}">${box}</a>\n`);
}

/** The diagram of a rule, as the grammar pages and the playground have it: linkedDiagram, compacted. */
export function ruleDiagram(rule: PeggyRule): string {
  return compactSvg(linkedDiagram(rule));
}

/** One tag of railroad-diagrams' output (a path with its end tag), or the text between two tags. */
const SVG_TOKEN = /<path d="[^"]*"><\/path>|<[^<>]*>|[^<]+/g;
const ZERO_LENGTH_PATH = /^<path d="M-?[\d.]+ -?[\d.]+h0"><\/path>$/;
const PATH = /^<path d="([^"]*)"><\/path>$/;

/**
 * The same drawing in fewer bytes (issue 48: the diagrams are in every grammar page and in the playground's page,
 * about a quarter of their bytes were these). railroad-diagrams 1.0.0 writes a zero-length path ("M40 31h0") at
 * both ends of every item, which draws nothing (its stylesheet's paths have the default butt line cap); wraps every
 * item in a <g> without attributes, which draws nothing of its own; writes one <path> per line segment, all styled
 * alike (`svg.railroad-diagram path`), where one <path> of several subpaths (each starts with an absolute M) draws
 * the same; and puts a newline between tags, which SVG does not render outside <text>. Those go; paths are joined
 * only where they were next to each other, so what is drawn over what stays as it was.
 */
export function compactSvg(svg: string): string {
  const out: string[] = [];
  const bare: boolean[] = []; // for each open <g>: whether it had no attributes (its </g> goes with it)
  let run: string[] = []; // the paths since the last other tag: written as one when another comes
  const push = (token: string): void => {
    if (run.length > 0) out.push(`<path d="${run.join('')}"></path>`);
    run = [];
    out.push(token);
  };
  for (const token of svg.match(SVG_TOKEN) ?? []) {
    if (!token.startsWith('<')) {
      if (token.trim() !== '') push(token);
    } else if (token.startsWith('<g')) {
      bare.push(token === '<g>');
      if (token !== '<g>') push(token);
    } else if (token === '</g>') {
      if (!bare.pop()) push(token);
    } else if (PATH.test(token)) {
      if (!ZERO_LENGTH_PATH.test(token)) run.push(PATH.exec(token)![1]);
    } else {
      push(token);
    }
  }
  push('');
  return out.join('');
}

/** The comment block right above a rule (its // lines, up to a blank line), without the slashes. */
function commentAbove(text: string, offset: number): string[] {
  const lines = text.slice(0, offset).split('\n');
  lines.pop(); // the rule's own line, up to its name
  const out: string[] = [];
  while (lines.length > 0 && /^\/\/( |$)/.test(lines[lines.length - 1])) out.unshift(lines.pop()!.replace(/^\/\/ ?/, ''));
  return out;
}

/** A grammar's line of grammar/registry.json. */
function entryOf(root: string, grammar: string): RegistryEntry {
  const entry = readRegistry(root).find((e) => e.name === grammar);
  if (entry === undefined) throw new Error(`scripts/railroad.ts: ${grammar} is not in grammar/registry.json`);
  return entry;
}

/**
 * The section of the RFC a rule is in: the last `// ----- N. Title -----`
 * divider above it (with the RFC its registry section names), or the
 * registry's section where there is none.
 */
function sectionAbove(text: string, offset: number, entry: RegistryEntry): string {
  const dividers = [...text.slice(0, offset).matchAll(/^\/\/ ----- ([0-9A-Z][^\n]*?) -----$/gm)];
  const last = dividers[dividers.length - 1];
  if (!last) return entry.section;
  const title = last[1].replace(/ \(continued\)$/, '');
  return title.startsWith('RFC ') ? title : `${/^RFC \d+/.exec(entry.section)?.[0] ?? entry.section} ${title}`;
}

interface Described {
  abnf: string;
  section: string;
  deviations: RailroadDeviation[];
}

function describe(text: string, rule: PeggyRule, entry: RegistryEntry): Described {
  const paragraphs = commentAbove(text, rule.location.start.offset)
    .join('\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const name = toAbnfName(rule.name);
  const abnfRule = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=`, 'i');
  const abnf = paragraphs.find((p) => abnfRule.test(p)) ?? '';
  const deviations: RailroadDeviation[] = [];
  for (const p of paragraphs) {
    for (const m of p.matchAll(/PEG: \[([a-z0-9-]+)\]/g)) {
      if (!deviations.some((d) => d.name === m[1])) deviations.push({ name: m[1], note: p.replace(/\s*\n\s*/g, ' ') });
    }
  }
  return { abnf, section: sectionAbove(text, rule.location.start.offset, entry), deviations };
}

const INCLUDE = /^\/\/ @include ([a-z0-9]+): ([A-Za-z0-9_ ]+)$/gm;

/** Every rule of grammar/NAME.peggy, its included rules described as the grammar they come from writes them. */
export function railroadGrammar(root: string, grammar: string): RailroadGrammar {
  const entry = entryOf(root, grammar);
  const read = (name: string) => fs.readFileSync(path.join(root, grammarFile(entryOf(root, name), 'peggy')), 'utf8');
  const text = read(grammar);
  const rules: RailroadRule[] = [];
  for (const rule of parsePeggy(text).rules) {
    rules.push({ name: toAbnfName(rule.name), ...describe(text, rule, entry), svg: ruleDiagram(rule) });
  }
  for (const m of text.matchAll(INCLUDE)) {
    const fromText = read(m[1]);
    const names = new Set(m[2].trim().split(/ +/));
    for (const rule of parsePeggy(fromText).rules) {
      if (!names.has(rule.name)) continue;
      rules.push({ name: toAbnfName(rule.name), ...describe(fromText, rule, entryOf(root, m[1])), from: grammarFile(entryOf(root, m[1]), 'peggy'), svg: ruleDiagram(rule) });
    }
  }
  return { grammar, title: entry.title, rules };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** ABNF text with each rule name it mentions linked to that rule's anchor (not inside quoted strings). */
export function linkRuleNames(abnf: string, names: ReadonlySet<string>): string {
  const byLower = new Map([...names].map((n) => [n.toLowerCase(), n]));
  return abnf
    .split(/("[^"\n]*"|;[^\n]*)/)
    .map((piece, i) => {
      if (i % 2 === 1) return escapeHtml(piece);
      return escapeHtml(piece).replace(/[A-Za-z][A-Za-z0-9-]*/g, (word) => {
        const target = byLower.get(word.toLowerCase()); // ABNF rule names are case-insensitive
        return target === undefined ? word : `<a href="#${target}">${word}</a>`;
      });
    })
    .join('');
}

/** The railroad-diagrams package's stylesheet and the page's own, for the grammar pages and the playground. */
export function diagramCss(root: string): string {
  return fs.readFileSync(path.join(root, 'node_modules', 'railroad-diagrams', 'railroad-diagrams.css'), 'utf8');
}

const PAGE_CSS = `
body { font: 16px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; color: #1b1b1b; }
header p { max-width: 48rem; }
nav.rules { columns: 12rem; font-family: monospace; margin: 1rem 0 2rem; }
nav.rules a { display: block; }
section.rule { border-top: 1px solid #ccc; padding: 1rem 0; display: grid; grid-template-columns: minmax(16rem, 28rem) 1fr; gap: 1rem; }
section.rule:target { background: #fff8d6; }
section.rule h2 { font: bold 1.15rem monospace; margin: 0 0 .25rem; }
section.rule .where { color: #555; font-size: .9rem; margin: 0 0 .5rem; }
pre.abnf { background: #f4f4f4; padding: .5rem; overflow-x: auto; margin: 0; }
.peg { border-left: 4px solid #c60; background: #fff3e6; padding: .25rem .5rem; margin: .5rem 0 0; font-size: .9rem; }
.peg b { color: #a40; }
.diagram { overflow-x: auto; }
svg.railroad-diagram a rect { fill: hsl(210,100%,92%); }
svg.railroad-diagram a:hover rect, svg.railroad-diagram a:focus rect { fill: hsl(210,100%,80%); }
svg.railroad-diagram text.comment { fill: #a40; }
@media (max-width: 48rem) { section.rule { grid-template-columns: 1fr; } }
`;

/** The grammar page: every rule, with its diagram beside its ABNF text and section. */
export function grammarPage(data: RailroadGrammar, css: string, registry: readonly RegistryEntry[]): string {
  const names = new Set(data.rules.map((r) => r.name));
  const others = registry.filter((e) => e.select === 'grammar' && e.name !== data.grammar);
  const own = registry.find((e) => e.name === data.grammar);
  const peggyFile = own === undefined ? `grammar/${data.grammar}.peggy` : grammarFile(own, 'peggy');
  const deviations = data.rules.reduce((n, r) => n + (r.deviations.length > 0 ? 1 : 0), 0);
  const sections = data.rules.map((r) => {
    const where = `${escapeHtml(r.section)}${r.from ? ` · written in ${escapeHtml(r.from)} (@include)` : ''}`;
    const abnf = r.abnf === '' ? '<p class="where">No ABNF rule: a helper of the PEG.</p>' : `<pre class="abnf">${linkRuleNames(r.abnf, names)}</pre>`;
    const peg = r.deviations
      .map((d) => `<p class="peg"><b>PEG deviation [${escapeHtml(d.name)}]</b> ${escapeHtml(d.note.replace(/^.*?PEG: \[[a-z0-9-]+\] */, ''))}</p>`)
      .join('\n');
    return `<section class="rule" id="${r.name}">
<div>
<h2><a href="#${r.name}">${escapeHtml(r.name)}</a></h2>
<p class="where">${where}</p>
${abnf}
${peg}
</div>
<div class="diagram" role="img" aria-label="railroad diagram of ${escapeHtml(r.name)}">
${r.svg}</div>
</section>`;
  });
  return `<!DOCTYPE html>
<!-- DO NOT EDIT. Generated by scripts/railroad.ts (npm run generate) from ${peggyFile}. -->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(data.title)}: railroad diagrams of every rule</title>
<style>
${css.trim()}
${PAGE_CSS.trim()}
</style>
</head>
<body>
<header>
<h1>${escapeHtml(data.title)}</h1>
<p>Every rule of <code>${peggyFile}</code>, the PEG that urigram's parser is generated from, drawn as a railroad diagram beside the ABNF text it transcribes and the section of the RFC that defines it. A box is a rule: click it to go to that rule. Comments on the line (“PEG: not followed by …”) are lookaheads, which the ABNF does not have; the ${deviations} rules marked <b>PEG deviation</b> are written differently from the ABNF to match exactly the same strings, and say why.</p>
<p>The other grammars: ${others.map((e) => `<a href="${e.name}.html">${escapeHtml(e.title)}</a>`).join(', ')}.</p>
</header>
<nav class="rules" aria-label="rules">
${data.rules.map((r) => `<a href="#${r.name}">${escapeHtml(r.name)}${r.deviations.length > 0 ? ' *' : ''}</a>`).join('\n')}
</nav>
<main>
${sections.join('\n')}
</main>
</body>
</html>
`;
}

/** What `npm run generate` writes for the diagrams, the grammar pages: paths from the repository's root, and their text. */
export function railroadPages(root: string, grammars: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const css = diagramCss(root);
  const registry = readRegistry(root);
  for (const name of grammars) {
    files.set(`docs/grammars/${name}.html`, grammarPage(railroadGrammar(root, name), css, registry));
  }
  return files;
}
