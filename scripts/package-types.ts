/**
 * The declaration files the package ships: those TypeScript reads for a program that imports every entry point of
 * package.json's exports (each "types" file, `*` taken over the files there are). tsc writes a .d.ts for every module
 * of src/, the CLI's, the conformance runner's and the other internals' too; nothing can import those modules
 * (the exports map names none), so no program reads their types: 0.24 MB of the package, which issue 48 holds to
 * 9 MB (test/generated-files.test.ts). scripts/finish-build.ts removes the others from dist/src/ and dist/generated/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/** Every "types" value of an exports map, however deep its conditions nest. */
function typesOf(exportsMap: unknown): string[] {
  if (typeof exportsMap !== 'object' || exportsMap === null) return [];
  return Object.entries(exportsMap).flatMap(([key, value]) => (key === 'types' && typeof value === 'string' ? [value] : typesOf(value)));
}

/** The entry points' declaration files, in the package at `root` (its dist/ built). */
export function typeEntries(root: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { types?: string; exports?: unknown };
  const files = new Set<string>();
  for (const entry of [...(pkg.types === undefined ? [] : [pkg.types]), ...typesOf(pkg.exports)]) {
    if (!entry.includes('*')) {
      files.add(path.join(root, entry));
      continue;
    }
    const [before, after] = entry.split('*');
    const dir = path.join(root, before.slice(0, before.lastIndexOf('/') + 1));
    const prefix = before.slice(before.lastIndexOf('/') + 1);
    for (const f of fs.readdirSync(dir)) if (f.startsWith(prefix) && f.endsWith(after) && f.length > prefix.length + after.length) files.add(path.join(dir, f));
  }
  return [...files].sort();
}

/** The declaration files under `dirs` that a program of every entry point reads (absolute paths). */
export function typesRead(root: string): Set<string> {
  const entries = typeEntries(root);
  const missing = entries.filter((f) => !fs.existsSync(f));
  if (missing.length > 0) throw new Error(`package.json's exports name types that are not built: ${missing.map((f) => path.relative(root, f)).join(', ')}`);
  const program = ts.createProgram(entries, { strict: true, noEmit: true, types: [], module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 });
  return new Set(program.getSourceFiles().map((f) => path.resolve(f.fileName)));
}

/** Removes the .d.ts under `dirs` that no program of the entry points reads; returns them, relative to `root`. */
export function removeUnreadTypes(root: string, dirs: readonly string[]): string[] {
  const read = typesRead(root);
  const removed: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (e.name.endsWith('.d.ts') && !read.has(file)) {
        fs.rmSync(file);
        removed.push(path.relative(root, file));
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return removed;
}
