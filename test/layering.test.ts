/**
 * The folders of src/ are layers (docs/architecture.md, its diagram): each
 * imports only from the layers under it, values and types alike, and no two
 * folders import each other, directly or around a circle. The order is read
 * from the diagram itself, so the picture and the code cannot drift apart:
 * every folder and top-level module of src/ must be in it, once.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const root = path.join(__dirname, '..');

/** One import of a module of src/: the importing file, the file it names, both relative to the root, and whether it takes types only. */
interface Edge {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

/** Every .ts file under src/, relative to the root, '/'-separated. */
function sourceFiles(dir = path.join(root, 'src')): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.relative(root, path.join(dir, e.name)).split(path.sep).join('/')] : []));
}

/** The file a relative specifier names from `from`: a module of src/ (NAME.ts or NAME/index.ts) or a file of generated/ (NAME.js, NAME.d.ts, NAME.mjs). */
function resolveSpecifier(from: string, specifier: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier.replace(/\.js$/, '')));
  for (const candidate of [`${base}.ts`, `${base}/index.ts`, `${base}.d.ts`, `${base}.js`, base]) {
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

/** The relative imports of a source text: import and export declarations, import types, import() and require() of a literal. */
export function importsOf(file: string, text: string): Array<{ specifier: string; typeOnly: boolean }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Array<{ specifier: string; typeOnly: boolean }> = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const typeOnly = ts.isImportDeclaration(node)
        ? clause !== undefined && (clause.isTypeOnly || (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((e) => e.isTypeOnly)))
        : node.isTypeOnly;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((i) => i.specifier.startsWith('.'));
}

/** Every import of a module of src/ of another module of src/ or of generated/. */
function sourceImports(): Edge[] {
  return sourceFiles().flatMap((from) => importsOf(from, fs.readFileSync(path.join(root, from), 'utf8')).map(({ specifier, typeOnly }) => ({ from, to: resolveSpecifier(from, specifier), typeOnly })));
}

/** The layer unit of a file: its folder under src/ (with its subfolders: src/lint/rules/ is src/lint/), a top-level module of src/, or generated/. */
export function unitOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'generated') return 'generated/';
  if (parts[0] !== 'src') throw new Error(`${file} is outside src/ and generated/`);
  return parts.length === 2 ? file : `src/${parts[1]}/`;
}

/**
 * The layers of docs/architecture.md's diagram, top first: each row (a line
 * with a label in its first column, and the lines under it up to the next)
 * holds the folders (src/NAME/), top-level modules (src/NAME.ts) and
 * generated/ written as words of their own in it (not "(src/x.ts)" or
 * "src/x.ts:" in prose). "A ──▶ B" puts B in a row of its own under A's
 * (the lines under it then add to B's). The units of one row are side by
 * side, and import none of each other.
 */
export function diagramLayers(markdown: string): string[][] {
  const block = /\n```\n((?: .*\n)+)```\n/.exec(markdown);
  if (block === null) throw new Error('docs/architecture.md: no diagram (a ``` block of lines that start with a space)');
  const unit = /^(?:src\/[\w-]+(?:\/|\.ts)|generated\/)$/;
  const rows: string[][] = [];
  for (const line of block[1].split('\n')) {
    if (/^ \S/.test(line)) rows.push([]);
    if (rows.length === 0) continue;
    // "A ──▶ B": B opens a row under A's; the lines under this one then add to B's.
    for (const [i, segment] of line.split('──▶').entries()) {
      if (i > 0) rows.push([]);
      rows[rows.length - 1].push(...segment.trim().split(/\s+/).filter((word) => unit.test(word)));
    }
  }
  return rows.filter((r) => r.length > 0);
}

/** The imports that break the layers: a unit importing one not under it (in its own row or above), one message each (the first file that does it). */
export function layerViolations(edges: ReadonlyArray<{ from: string; to: string }>, layers: readonly (readonly string[])[]): string[] {
  const rank = new Map<string, number>();
  for (const [i, row] of layers.entries()) for (const u of row) rank.set(u, i);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const e of edges) {
    const [a, b] = [unitOf(e.from), unitOf(e.to)];
    if (a === b) continue;
    const [ra, rb] = [rank.get(a), rank.get(b)];
    if (ra === undefined || rb === undefined) throw new Error(`${ra === undefined ? a : b} is not in the diagram`);
    if (rb > ra || seen.has(`${a} ${b}`)) continue;
    seen.add(`${a} ${b}`);
    out.push(`${a} imports ${b} (${e.from} imports ${e.to}), which is not under it`);
  }
  return out;
}

/** The circles of a directed graph (its strongly connected components of more than one node), each sorted, as lists sorted by their first node. */
export function circles(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) {
    if (a === b) continue;
    next.set(a, [...(next.get(a) ?? []), b]);
    if (!next.has(b)) next.set(b, []);
  }
  // Tarjan's algorithm, without recursion (a long chain of modules would not overflow the stack).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: Array<[string, number]> = [[start, 0]];
    index.set(start, index.size);
    low.set(start, index.get(start) as number);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const [v, i] = top;
      const targets = next.get(v) as string[];
      if (i < targets.length) {
        top[1]++;
        const w = targets[i];
        if (!index.has(w)) {
          index.set(w, index.size);
          low.set(w, index.get(w) as number);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent) as number, low.get(v) as number));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop() as string;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1) out.push(component.sort());
      }
    }
  }
  return out.sort((x, y) => (x[0] < y[0] ? -1 : 1));
}

describe('the checker, on small graphs', () => {
  const layers = [['src/cli.ts'], ['src/cli/'], ['src/index.ts'], ['src/lint/', 'src/template/'], ['src/core/'], ['generated/']];

  it('passes imports downward, across rows and within a folder', () => {
    const edges = [
      { from: 'src/cli.ts', to: 'src/cli/main.ts' },
      { from: 'src/cli/main.ts', to: 'src/core/parse.ts' },
      { from: 'src/lint/lint.ts', to: 'src/lint/rules/index.ts' },
      { from: 'src/core/parse.ts', to: 'generated/rfc3986.dfa.js' },
    ];
    expect(layerViolations(edges, layers)).toEqual([]);
  });

  it('fails an import upward, and one between the side-by-side units of a row', () => {
    const edges = [
      { from: 'src/core/parse.ts', to: 'src/template/syntax.ts' },
      { from: 'src/core/load.ts', to: 'src/template/syntax.ts' },
      { from: 'src/template/places.ts', to: 'src/lint/lint.ts' },
    ];
    expect(layerViolations(edges, layers)).toEqual([
      'src/core/ imports src/template/ (src/core/parse.ts imports src/template/syntax.ts), which is not under it',
      'src/template/ imports src/lint/ (src/template/places.ts imports src/lint/lint.ts), which is not under it',
    ]);
  });

  it('throws for a unit the diagram does not have', () => {
    expect(() => layerViolations([{ from: 'src/new/a.ts', to: 'src/core/parse.ts' }], layers)).toThrow('src/new/ is not in the diagram');
  });

  it('finds each circle once, with every unit on it', () => {
    expect(circles([['a', 'b'], ['b', 'c'], ['c', 'a'], ['c', 'd'], ['d', 'e'], ['e', 'd'], ['f', 'f'], ['g', 'a']])).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(circles([['a', 'b'], ['b', 'c'], ['a', 'c']])).toEqual([]);
  });

  it('reads the rows of a diagram: a label opens a row, "──▶" puts its left over its right, words in prose are not units', () => {
    const doc = [
      '# A',
      '',
      '```',
      ' entries    src/index.ts   src/eslint.ts',
      ' tools      src/cli/ ──▶ src/conformance/',
      '                         src/playground/ (a page)',
      ' kernel     src/core/      parse, through a hook (src/core/scheme-checks.ts),',
      '                           and src/node.ts: url.parse',
      ' generated  generated/',
      '```',
      '',
    ].join('\n');
    expect(diagramLayers(doc)).toEqual([['src/index.ts', 'src/eslint.ts'], ['src/cli/'], ['src/conformance/', 'src/playground/'], ['src/core/'], ['generated/']]);
  });

  it('reads every import form: values, types, type-only names, export from, import types, import() and require()', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import { type C } from './c';",
      "export { d } from './d';",
      "export type { E } from './e';",
      "let f: import('./f').F;",
      "const g = () => import('./g');",
      "const h = require('../h');",
      "import * as fs from 'node:fs';",
    ].join('\n');
    expect(importsOf('x.ts', text)).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: '../b', typeOnly: true },
      { specifier: './c', typeOnly: true },
      { specifier: './d', typeOnly: false },
      { specifier: './e', typeOnly: true },
      { specifier: './f', typeOnly: true },
      { specifier: './g', typeOnly: false },
      { specifier: '../h', typeOnly: false },
    ]);
  });
});

describe('src/ against docs/architecture.md', () => {
  const edges = sourceImports();
  const layers = diagramLayers(fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8'));

  it('has every folder and top-level module of src/ in the diagram, once, and generated/ under all of them', () => {
    const units = [...new Set([...sourceFiles().map(unitOf), 'generated/'])].sort();
    expect([...layers.flat()].sort()).toEqual(units);
    expect(layers[layers.length - 1]).toEqual(['generated/']);
  });

  it('each folder imports only the folders under it (values and types)', () => {
    expect(layerViolations(edges, layers)).toEqual([]);
  });

  it('no import circle between folders', () => {
    expect(circles(edges.map((e) => [unitOf(e.from), unitOf(e.to)] as const))).toEqual([]);
  });

  it('no import circle between modules, not even of types only', () => {
    expect(circles(edges.map((e) => [e.from, e.to] as const))).toEqual([]);
  });
});
