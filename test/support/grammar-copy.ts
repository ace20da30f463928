/**
 * For the tests that run generate in a copy of the repository: keep only
 * some grammars of the copy's registry, and remove every file of the others
 * (their sources in grammar/ or its folders, their generated/ modules, their
 * grammar pages, their hashes in generated/proven.json), so that generate has
 * less to do and nothing left over.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readRegistry } from '../../scripts/registry';

/** Keeps the grammars named in `keep` in the repository copy at `work`; returns the registry's text as it was. */
export function keepOnlyGrammars(work: string, keep: readonly string[]): string {
  const registryFile = path.join(work, 'grammar', 'registry.json');
  const text = fs.readFileSync(registryFile, 'utf8');
  const dropped = readRegistry(work).filter((e) => !keep.includes(e.name));
  const files = (dir: string, name: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(`${name}.`)).map((f) => path.join(dir, f)) : []);
  for (const e of dropped) {
    const sources = path.join(work, 'grammar', ...(e.dir === undefined ? [] : [e.dir]));
    for (const f of [...files(sources, e.name), ...files(path.join(work, 'generated'), e.name), ...files(path.join(work, 'docs', 'grammars'), e.name)]) fs.rmSync(f);
  }
  // generated/proven.json as generate writes it (one space a level), without the grammars dropped.
  const provenFile = path.join(work, 'generated', 'proven.json');
  if (fs.existsSync(provenFile)) {
    const proven = JSON.parse(fs.readFileSync(provenFile, 'utf8')) as { grammars: Record<string, unknown> };
    proven.grammars = Object.fromEntries(Object.entries(proven.grammars).filter(([name]) => keep.includes(name)));
    fs.writeFileSync(provenFile, `${JSON.stringify(proven, null, 1)}\n`);
  }
  const registry = JSON.parse(text) as { grammars: Array<{ name: string }> };
  fs.writeFileSync(registryFile, JSON.stringify({ ...registry, grammars: registry.grammars.filter((g) => keep.includes(g.name)) }, null, 2));
  return text;
}
