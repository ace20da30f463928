/**
 * npm run check:redos [-- --all]
 *
 * Every regular expression written in src/ checked by a ReDoS checker (issue 44 item 7): recheck
 * (https://makenowjust-labs.github.io/recheck/, the npm package, devDependency), which says of each
 * expression whether backtracking can make a match take polynomial or exponential time in the input's
 * length. The expressions are found by the TypeScript compiler's parser, not by a pattern: each regular
 * expression literal, and each `new RegExp(...)` (or `RegExp(...)`) of constant text (a string literal
 * or a template without substitutions, and constant flags).
 *
 * - A `polynomial` or `exponential` verdict fails, unless the expression carries a comment
 *   `// redos-bound: <why the input is bounded>` on its line or the line before: its input is short
 *   whatever the document (the 1,024 bytes of the <meta charset> sniffer, a scheme name checked for
 *   length first), and the comment says why.
 * - A verdict the checker could not give (`unknown`: a timeout, a feature it does not support) fails
 *   the same way: an expression nobody could check is not known to be linear.
 * - A `RegExp` built from text that is not constant is not checked (its text is known only at run
 *   time) and needs a comment `// redos-dynamic: <where its text comes from>` on its line or the line
 *   before: built from the user's configuration (the user's expression: docs/lint.md says so), or
 *   from constants (a class of characters, an alternation of fixed words) whose shape the comment
 *   states.
 *
 * The checker takes from a few milliseconds to a few seconds per expression, so its verdicts are kept
 * in scripts/redos-verdicts.json, keyed by pattern and flags (and the checker's version): only new or
 * changed expressions are checked again. test/redos.test.ts runs `checkRedos` (so `npm test` does) and
 * fails on a problem; this command does the same, writes the verdicts file (new verdicts in, those of
 * expressions no longer in src/ out), and exits 1 on a problem. `--all` checks every expression again.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '..');
export const VERDICTS_FILE = path.join(root, 'scripts', 'redos-verdicts.json');

/** One regular expression found in src/. */
export interface FoundRegex {
  /** The file, relative to the repository. */
  readonly file: string;
  /** 1-based line and column of the expression. */
  readonly line: number;
  readonly column: number;
  /** Its pattern and flags when constant; undefined for a RegExp built at run time. */
  readonly source?: string;
  readonly flags?: string;
  /** The text of a `redos-bound:` comment on its line or the line before, if any. */
  readonly bound?: string;
  /** The text of a `redos-dynamic:` comment on its line or the line before, if any. */
  readonly dynamic?: string;
}

export interface Verdict {
  readonly status: 'safe' | 'vulnerable' | 'unknown';
  /** recheck's complexity type ('constant', 'linear', 'safe', 'polynomial', 'exponential'), or its error's kind. */
  readonly complexity: string;
  /** For a vulnerable expression, recheck's summary ("2nd degree polynomial") and an attack string's shape. */
  readonly detail?: string;
}

interface VerdictsFile {
  readonly checker: string;
  readonly verdicts: Record<string, Verdict>;
}

export interface RedosProblem {
  readonly where: string;
  readonly what: string;
}

export interface RedosReport {
  readonly found: FoundRegex[];
  readonly problems: RedosProblem[];
  /** How many expressions the checker was run on (not in the verdicts file). */
  readonly checked: number;
  readonly verdicts: VerdictsFile;
}

/** The key of an expression in the verdicts file. */
export const keyOf = (source: string, flags: string): string => `/${source}/${flags}`;

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...tsFiles(p));
    else if (/\.(?:ts|mts|cts|js|mjs|cjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out.sort();
}

/** The constant text of a string literal or a template without substitutions; undefined for anything else. */
function constantText(node: ts.Node | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node)) return constantText(node.expression);
  return undefined;
}

/** The text after `marker` in a `//` comment on line `line` (0-based) or the one before, if any. */
function markedComment(lines: readonly string[], line: number, marker: string): string | undefined {
  for (const l of [lines[line], lines[line - 1]]) {
    if (l === undefined) continue;
    const at = l.indexOf(`// ${marker}:`);
    if (at < 0) continue;
    // On the line before, the comment is the whole line; on the expression's own line, it ends it.
    if (l === lines[line - 1] && l.slice(0, at).trim() !== '') continue;
    const why = l.slice(at + marker.length + 4).trim();
    if (why !== '') return why;
  }
  return undefined;
}

/** Every regular expression of the TypeScript (or JavaScript) text `text`, named `file`. */
export function regexesOf(file: string, text: string): FoundRegex[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = text.split('\n');
  const out: FoundRegex[] = [];
  const at = (node: ts.Node, fields: { source?: string; flags?: string }): void => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    out.push({ file, line: line + 1, column: character + 1, ...fields, bound: markedComment(lines, line, 'redos-bound'), dynamic: markedComment(lines, line, 'redos-dynamic') });
  };
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(sf);
      const slash = literal.lastIndexOf('/');
      at(node, { source: literal.slice(1, slash), flags: literal.slice(slash + 1) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      const args = node.arguments ?? ts.factory.createNodeArray();
      const source = constantText(args[0]);
      const flags = args.length < 2 ? '' : constantText(args[1]);
      at(node, source !== undefined && flags !== undefined ? { source, flags } : {});
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every regular expression in the files under `dir` (src/ by default). */
export function findRegexes(dir = path.join(root, 'src')): FoundRegex[] {
  return tsFiles(dir).flatMap((p) => regexesOf(path.relative(root, p), fs.readFileSync(p, 'utf8')));
}

function checkerVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(require.resolve('recheck/package.json'), 'utf8')) as { version: string };
  return `recheck ${pkg.version}`;
}

export function readVerdicts(file = VERDICTS_FILE): VerdictsFile {
  const checker = checkerVersion();
  if (!fs.existsSync(file)) return { checker, verdicts: {} };
  const read = JSON.parse(fs.readFileSync(file, 'utf8')) as VerdictsFile;
  // Another version of the checker may judge otherwise: all are checked again.
  return read.checker === checker ? read : { checker, verdicts: {} };
}

/** recheck's verdict on one expression (the native binary where it is installed, its JavaScript build elsewhere). */
export async function recheckVerdict(source: string, flags: string): Promise<Verdict> {
  const { check } = await import('recheck');
  // A fixed seed (recheck's default, named): the same verdict on every run. Time limits as recheck's defaults.
  const d = await check(source, flags, { randomSeed: 0 });
  if (d.status === 'safe') return { status: 'safe', complexity: d.complexity.type };
  if (d.status === 'vulnerable') return { status: 'vulnerable', complexity: d.complexity.type, detail: `${d.complexity.summary}; attack: ${d.attack.pattern.slice(0, 120)}` };
  return { status: 'unknown', complexity: d.error.kind, detail: 'message' in d.error ? d.error.message : undefined };
}

/** What is wrong with `r`, given its verdict (undefined for a dynamic RegExp); undefined when nothing is. */
export function problemOf(r: FoundRegex, verdict: Verdict | undefined): string | undefined {
  if (r.source === undefined) return r.dynamic === undefined ? 'a RegExp of text that is not constant (not checked): say where its text comes from in a "// redos-dynamic: ..." comment on its line or the line before' : undefined;
  if (verdict === undefined || verdict.status === 'safe' || r.bound !== undefined) return undefined;
  const what = verdict.status === 'vulnerable' ? `${verdict.complexity} (${verdict.detail ?? ''})` : `not checked: ${verdict.complexity}${verdict.detail ? ` (${verdict.detail})` : ''}`;
  return `${keyOf(r.source, r.flags ?? '')} is ${what}: make it linear, or bound its input and say why in a "// redos-bound: ..." comment on its line or the line before`;
}

/**
 * Finds the expressions of `dir`, takes each verdict from `verdicts` or from the checker, and returns the
 * problems (none when all is well) and the verdicts of the expressions found (those no longer found left out).
 */
export async function checkRedos(options: { dir?: string; verdicts?: VerdictsFile; all?: boolean } = {}): Promise<RedosReport> {
  const found = findRegexes(options.dir);
  const known = options.all ? { checker: checkerVersion(), verdicts: {} } : (options.verdicts ?? readVerdicts());
  const verdicts: Record<string, Verdict> = {};
  let checked = 0;
  for (const r of found) {
    if (r.source === undefined) continue;
    const key = keyOf(r.source, r.flags ?? '');
    if (verdicts[key] !== undefined) continue;
    const had = known.verdicts[key];
    if (had !== undefined) verdicts[key] = had;
    else {
      verdicts[key] = await recheckVerdict(r.source, r.flags ?? '');
      checked++;
    }
  }
  const problems: RedosProblem[] = [];
  for (const r of found) {
    const what = problemOf(r, r.source === undefined ? undefined : verdicts[keyOf(r.source, r.flags ?? '')]);
    if (what !== undefined) problems.push({ where: `${r.file}:${r.line}:${r.column}`, what });
  }
  const sorted = Object.fromEntries(Object.entries(verdicts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { found, problems, checked, verdicts: { checker: known.checker, verdicts: sorted } };
}

async function main(): Promise<void> {
  const all = process.argv.includes('--all');
  const report = await checkRedos({ all });
  const text = `${JSON.stringify(report.verdicts, null, 2)}\n`;
  if (!fs.existsSync(VERDICTS_FILE) || fs.readFileSync(VERDICTS_FILE, 'utf8') !== text) {
    const tmp = `${VERDICTS_FILE}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, VERDICTS_FILE);
  }
  const constant = report.found.filter((r) => r.source !== undefined);
  const counts = new Map<string, number>();
  for (const v of Object.values(report.verdicts.verdicts)) counts.set(v.complexity, (counts.get(v.complexity) ?? 0) + 1);
  console.log(
    `${report.found.length} regular expressions in src/ (${constant.length} of constant text, ${new Set(constant.map((r) => keyOf(r.source!, r.flags!))).size} distinct; ${report.found.length - constant.length} built at run time): ${report.checked} checked now, the rest from ${path.relative(root, VERDICTS_FILE)}. Verdicts: ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')}; ${report.found.filter((r) => r.bound !== undefined).length} carry a redos-bound comment.`,
  );
  for (const p of report.problems) console.log(`${p.where}: ${p.what}`);
  console.log(report.problems.length === 0 ? 'check:redos: pass' : `check:redos: ${report.problems.length} problems`);
  process.exit(report.problems.length === 0 ? 0 : 1);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(2);
  });
}
