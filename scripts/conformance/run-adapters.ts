/**
 * npm run conformance:adapters
 *
 * What a project in another language does with the suite, done here for each
 * example adapter of conformance/adapters/ whose toolchain this machine has
 * (CI runs it; it says which adapters it skipped and why, and skips none
 * silently):
 *
 * 1. vendors the suite without the library: `npm pack ./conformance`, the
 *    tarball unpacked into an empty folder;
 * 2. runs the adapter over the whole vendored suite with the built command
 *    line (dist/src/cli.js), writing a baseline of its failures and the JSON
 *    report; the run must exit 0, the adapter must state protocol 1, and no
 *    case may have crashed it, timed out or had an answer that is not JSON;
 * 3. runs it again against that baseline, writing JUnit XML: the run must
 *    exit 0 (nothing changed), and the XML must have one test case per case
 *    of the suite and no failure;
 * 4. asks it protocol 2's `reading` of READING_CHECKS (foreign-adapters.ts),
 *    in one batch per base, as `urigram readings` does: each host (or the
 *    refusal) must be the one worked out by hand for its library (an adapter
 *    that is no reader, whatwg-url's, is not asked).
 *
 * Exits 1 when a check fails for an adapter that ran.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import { buildIn, FOREIGN_ADAPTERS, READING_CHECKS, type ForeignAdapter } from './foreign-adapters';
import { readerFrom } from '../../src/cli/external-readers';
import type { Report } from '../../src/conformance/run';
import { PROTOCOL_VERSION } from '../../src/conformance/protocol';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'src', 'cli.js');

function run(command: string, args: readonly string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r;
}

/** The suite as a project in another language vendors it: packed alone, and unpacked into an empty folder. */
export function vendorSuite(into: string): string {
  const packed = run('npm', ['pack', './conformance', '--json', '--pack-destination', into], root);
  if (packed.status !== 0) throw new Error(`npm pack ./conformance: exit ${packed.status}\n${packed.stderr}`);
  const tarball = path.join(into, (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0].filename);
  const vendor = path.join(into, 'vendor');
  fs.mkdirSync(vendor);
  const unpacked = run('tar', ['-xzf', tarball, '-C', vendor], into);
  if (unpacked.status !== 0) throw new Error(`tar: ${unpacked.stderr}`);
  return path.join(vendor, 'package');
}

/** What is wrong with the adapter's readings of READING_CHECKS, run in `dir` (none: every host is the expected one). */
async function checkReadings(adapter: ForeignAdapter & { reader: string }, dir: string): Promise<string[]> {
  const wrong: string[] = [];
  for (const base of new Set(READING_CHECKS.map((c) => c.base))) {
    const checks = READING_CHECKS.filter((c) => c.base === base);
    const reader = await readerFrom(['sh', ['-c', adapter.exec]], checks.map((c) => c.input), base, { env: process.env, timeoutMs: 120_000, cwd: dir });
    if (typeof reader === 'string') return [`does not answer reading: ${reader}`];
    for (const c of checks) {
      const r = reader(c.input, base);
      const host = r.ok ? r.reading.host : 'error';
      if (host !== c.host[adapter.reader]) wrong.push(`reads ${JSON.stringify(c.input)}${base === undefined ? '' : ` against ${JSON.stringify(base)}`} with the host ${JSON.stringify(host)}, not ${JSON.stringify(c.host[adapter.reader])}${r.ok ? '' : ` (${r.error})`}`);
    }
  }
  return wrong;
}

async function main(): Promise<number> {
  if (!fs.existsSync(cli)) throw new Error(`${cli} is not built: run npm run build first`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-adapters-'));
  const problems: string[] = [];
  const skipped: string[] = [];
  try {
    const suite = vendorSuite(work);
    const total = (JSON.parse(fs.readFileSync(path.join(suite, 'suite.json'), 'utf8')) as { total: number }).total;
    console.log(`the suite, vendored by npm pack ./conformance: ${suite} (${total} cases)`);
    for (const adapter of FOREIGN_ADAPTERS) {
      const why = adapter.missing();
      if (why !== undefined) {
        skipped.push(`${adapter.name}: ${why} (Debian: apt-get install ${adapter.packages.join(' ')})`);
        continue;
      }
      const label = adapter.file.replace(/^.*\//, '').replace(/\W/g, '-');
      const dir = buildIn(adapter, root, path.join(work, label));
      const baseline = path.join(work, `${label}.baseline.json`);
      const json = path.join(work, `${label}.json`);
      const junit = path.join(work, `${label}.xml`);
      const fail = (what: string): void => void problems.push(`${adapter.name}: ${what}`);
      console.log(`\n${adapter.name}: urigram conformance --suite VENDORED --exec ${JSON.stringify(adapter.exec)}`);
      const first = run(process.execPath, [cli, 'conformance', '--suite', suite, '--exec', adapter.exec, '--write-baseline', baseline, '--format', 'json', '--output', json], dir);
      // The score table, not the failures by cause (the JSON report has them all).
      process.stdout.write(first.stdout.split('\n\n')[0] + '\n');
      if (first.status !== 0) {
        fail(`exit ${first.status} writing its baseline\n${first.stderr}`);
        continue;
      }
      const report = JSON.parse(fs.readFileSync(json, 'utf8')) as Report;
      if (report.protocol.stated !== PROTOCOL_VERSION) fail(`states protocol ${report.protocol.stated}, not ${PROTOCOL_VERSION}`);
      const broken = report.failures.filter((f) => f.cause.startsWith('the implementation '));
      if (broken.length > 0) fail(`${broken.length} cases crashed it, timed out or had an answer that is not JSON, as ${broken.slice(0, 5).map((f) => `${f.id} (${f.got})`).join(', ')}`);
      const again = run(process.execPath, [cli, 'conformance', '--suite', suite, '--exec', adapter.exec, '--baseline', baseline, '--format', 'junit', '--output', junit], dir);
      if (again.status !== 0) fail(`exit ${again.status} against the baseline it wrote (its answers are not the same from run to run?)\n${again.stdout.split('\n\n').slice(1).join('\n\n')}${again.stderr}`);
      const xml = parseDocument(fs.readFileSync(junit, 'utf8'), { xmlMode: true });
      const cases = DomUtils.getElementsByTagName('testcase', xml).length;
      const failures = DomUtils.getElementsByTagName('failure', xml).length;
      if (cases !== total || failures !== 0) fail(`its JUnit XML has ${cases} test cases (of ${total}) and ${failures} failures (none expected against its baseline)`);
      else console.log(`  against its baseline (${Object.keys((JSON.parse(fs.readFileSync(baseline, 'utf8')) as { failures: object }).failures).length} known failures): exit 0; JUnit XML with ${cases} test cases, no failure`);
      if (adapter.reader === undefined) {
        console.log('  reading (protocol 2): not answered (the adapter is no reader of `urigram readings`)');
        continue;
      }
      const readings = await checkReadings({ ...adapter, reader: adapter.reader }, dir);
      for (const w of readings) fail(w);
      if (readings.length === 0) console.log(`  reading (protocol 2): the ${READING_CHECKS.length} checks read with the hosts expected`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`\nadapters run: ${FOREIGN_ADAPTERS.length - skipped.length} of ${FOREIGN_ADAPTERS.length}`);
  for (const s of skipped) console.log(`  skipped ${s}`);
  for (const p of problems) console.error(`FAILED ${p}`);
  return problems.length > 0 ? 1 : 0;
}

if (require.main === module) {
  main().then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
