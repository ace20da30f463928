/**
 * npm run lint-signal -- [--cli dist/src/cli.js] [--sample N] [--seed S] PATH ...
 *
 * What `urigram lint --extract` says on trees nobody here wrote (docs/lint-signal.md): runs the
 * command line (the build's, or --cli's: another checkout's, to compare) with each preset over
 * each PATH, and prints the findings by rule and severity, then N of the non-info findings of
 * the default preset drawn at random (a seeded draw, so that the same trees give the same
 * sample), each with its file, line, URI and message, for a person to read and judge. The
 * judging is not done here: a finding is actionable when an author who read it would change the
 * document, and only a reader can say that.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { Random } from './grammar-check/generate';

interface Finding {
  readonly code: string;
  readonly severity: string;
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly uri: string;
}

function parseArgs(argv: string[]): { cli: string; sample: number; seed: number; paths: string[] } {
  const out = { cli: path.join(__dirname, '..', 'dist', 'src', 'cli.js'), sample: 50, seed: 37, paths: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--cli') out.cli = path.resolve(argv[++i]);
    else if (a === '--sample') out.sample = Number(argv[++i]);
    else if (a === '--seed') out.seed = Number(argv[++i]);
    else out.paths.push(a);
  }
  if (out.paths.length === 0) throw new Error('usage: npm run lint-signal -- [--cli FILE] [--sample N] [--seed S] PATH ...');
  return out;
}

/** The findings of one run, with one preset (none: the command line's default), over one path. */
function findings(cli: string, target: string, preset: string | undefined): { findings: Finding[]; uris: number; files: number } | undefined {
  const cwd = path.dirname(path.resolve(target));
  const args = [cli, 'lint', '--extract', '--no-config', '--format', 'json', ...(preset ? ['--preset', preset] : []), path.basename(path.resolve(target))];
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  // A command line from before issue 37 has no --preset: a usage error, and no JSON.
  if (!r.stdout.startsWith('{')) return undefined;
  const doc = JSON.parse(r.stdout) as { results: Array<{ file: string; uri: string; diagnostics?: Array<{ code: string; severity: string; message: string; line: number }> }>; summary: { uris: number; files: number } };
  const out: Finding[] = [];
  for (const result of doc.results) for (const d of result.diagnostics ?? []) out.push({ code: d.code, severity: d.severity, message: d.message, file: result.file, line: d.line, uri: result.uri });
  return { findings: out, uris: doc.summary.uris, files: doc.summary.files };
}

function main(): void {
  const { cli, sample, seed, paths } = parseArgs(process.argv.slice(2));
  const defaults: Finding[] = [];
  for (const preset of [undefined, 'normalize', 'strict']) {
    const byRule = new Map<string, number>();
    let uris = 0;
    let files = 0;
    let known = true;
    for (const p of paths) {
      const run = findings(cli, p, preset);
      if (run === undefined) {
        known = false;
        break;
      }
      uris += run.uris;
      files += run.files;
      for (const f of run.findings) byRule.set(`${f.code} (${f.severity})`, (byRule.get(`${f.code} (${f.severity})`) ?? 0) + 1);
      if (preset === undefined) defaults.push(...run.findings.map((f) => ({ ...f, file: path.join(p, path.relative(path.basename(path.resolve(p)), f.file)) })));
    }
    if (!known) {
      console.log(`\n## ${preset}: this command line has no --preset`);
      continue;
    }
    const total = [...byRule.values()].reduce((a, b) => a + b, 0);
    console.log(`\n## ${preset ?? 'default'}: ${total} findings in ${uris} URIs in ${files} files\n`);
    for (const [rule, n] of [...byRule].sort((a, b) => b[1] - a[1])) console.log(`| ${rule} | ${n} |`);
  }
  const candidates = defaults.filter((f) => f.severity !== 'info');
  const random = new Random(seed);
  // A partial Fisher-Yates shuffle: the first `sample` of a random order (all of them when there are fewer).
  const drawn = candidates.slice();
  for (let i = 0; i < Math.min(sample, drawn.length); i++) {
    const j = i + random.int(drawn.length - i);
    [drawn[i], drawn[j]] = [drawn[j], drawn[i]];
  }
  console.log(`\n## ${Math.min(sample, drawn.length)} of the ${candidates.length} non-info findings of the default, drawn with seed ${seed}\n`);
  for (const f of drawn.slice(0, sample)) console.log(`- ${f.code} ${f.file}:${f.line} ${JSON.stringify(f.uri.length > 100 ? `${f.uri.slice(0, 100)}…` : f.uri)}: ${f.message}`);
}

main();
