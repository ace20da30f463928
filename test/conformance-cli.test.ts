/**
 * `urigram conformance` as another project's CI runs it (the built command
 * line, spawned): every failure by id in JSON, a baseline of known failures
 * that fails the run only on a change, JUnit XML, --min-score, reports
 * written to a path atomically, and its exit codes.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import { loadSuite } from '../src/conformance/suite';
import type { Report } from '../src/conformance/run';
import { parseBaseline } from '../src/conformance/baseline';

const root = path.join(__dirname, '..');
const cli = path.join(root, 'dist', 'src', 'cli.js');
const dist = path.join(root, 'dist', 'src', 'index.js');
const suite = loadSuite(path.join(root, 'conformance'));
const ids = (category: string): string[] => suite.categories.find((f) => f.category === category)!.cases.map((c) => c.id);
let work: string;

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, 'conformance', ...args], { cwd: work, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * An adapter module over urigram that gets wrong the cases whose ids it is given (it answers their
 * percent-encoding wrongly, or says "unsupported" to those in `unsupported`).
 */
function adapter(name: string, wrong: readonly string[], unsupported: readonly string[] = []): string {
  const file = path.join(work, `${name}.js`);
  fs.writeFileSync(
    file,
    `const u = require(${JSON.stringify(dist)});
const wrong = new Set(${JSON.stringify(wrong)}), unsupported = new Set(${JSON.stringify(unsupported)});
const answer = (f) => (r) => (unsupported.has(r.id) ? { unsupported: true } : wrong.has(r.id) ? 'wrong' : f(r));
exports.protocol = 1;
exports.implementation = ${JSON.stringify(name)};
exports.percentEncode = answer((r) => u.percentEncode(r.input, r.component));
exports.percentDecode = answer((r) => u.percentDecode(r.input));
exports.uriToIri = answer((r) => u.uriToIri(r.input));
`,
  );
  return file;
}

beforeAll(() => {
  if (!fs.existsSync(cli)) throw new Error('dist/src/cli.js is missing: run `npm run build` (npm test does)');
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-conformance-cli-'));
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const [p1, p2, p3] = ids('percent-encoding').slice(0, 3);
const CATEGORIES = ['--category', 'percent-encoding,uri-to-iri'];

describe('--format json', () => {
  it('lists every failing and every unsupported case by id with its cause, and scores over the cases answered beside the coverage', () => {
    const r = run(['--adapter', adapter('json', [p1, p2], [p3]), ...CATEGORIES, '--format', 'json']);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.implementation).toBe('json');
    expect(report.failures.map((f) => [f.id, f.category, f.got])).toEqual([
      [p1, 'percent-encoding', '"wrong"'],
      [p2, 'percent-encoding', '"wrong"'],
    ]);
    expect(report.failures.every((f) => f.cause.length > 0 && f.expected.length > 0)).toBe(true);
    expect(report.unsupported).toEqual([{ id: p3, category: 'percent-encoding', cause: 'the implementation does not support it' }]);
    const n = ids('percent-encoding').length;
    // In the suite's order: uri-to-iri, then percent-encoding.
    expect(report.scores[1]).toMatchObject({ category: 'percent-encoding', total: n, passed: n - 3, failed: 2, unsupported: 1, answered: Math.round((10000 * (n - 3)) / (n - 1)) / 100, coverage: Math.round((10000 * (n - 1)) / n) / 100 });
    expect(report.scores[0]).toMatchObject({ category: 'uri-to-iri', answered: 100, coverage: 100 });
  });
});

describe('--baseline and --write-baseline', () => {
  const baseline = () => path.join(work, 'baseline.json');

  it('writes the known failures (one per line, in the suite\'s order) and exits 0; against them, a run with the same failures exits 0', () => {
    const w = run(['--adapter', adapter('known', [p2, p1]), ...CATEGORIES, '--write-baseline', baseline()]);
    expect(w.status).toBe(0);
    const text = fs.readFileSync(baseline(), 'utf8');
    const b = parseBaseline(text);
    expect(Object.keys(b.failures)).toEqual([p1, p2]);
    expect(b).toMatchObject({ suiteVersion: suite.version, implementation: 'known', categories: ['uri-to-iri', 'percent-encoding'] });
    // Each failure on a line of its own with its cause; each case answered on a line of its own, by category.
    expect(text.split('\n').filter((l) => l.trim().startsWith(`"${p1}": `) || l.trim().startsWith(`"${p2}": `))).toHaveLength(2);
    expect(b.answered).toEqual({ 'uri-to-iri': ids('uri-to-iri'), 'percent-encoding': ids('percent-encoding') });
    expect(text.split('\n').filter((l) => /^ {6}"percent-encoding\/\d+",?$/.test(l))).toHaveLength(ids('percent-encoding').length);
    // Nothing else is left in the folder: the file was written through a temporary one, renamed.
    expect(fs.readdirSync(work).filter((f) => f.includes('baseline'))).toEqual(['baseline.json']);
    const again = run(['--adapter', adapter('known', [p1, p2]), ...CATEGORIES, '--baseline', baseline()]);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/against the baseline .*baseline\.json \(suite [0-9.]+\): 2 known failures still fail .*, 0 new, 0 no longer fail/);
  });

  it('exits 1 on a new failure, listing it with its request and answer, and reports the known ones as known', () => {
    const r = run(['--adapter', adapter('worse', [p1, p2, p3]), ...CATEGORIES, '--baseline', baseline()]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/2 known failures still fail .*, 1 new, 0 no longer fail/);
    expect(r.stdout).toMatch(new RegExp(`new failures by cause:[\\s\\S]*${p3.replace('/', '\\/')}: .* -> "wrong"`));
    expect(r.stdout).not.toContain(`${p1}: `);
  });

  it('exits 1 when a known failure passes or is no longer answered, saying to write the baseline again', () => {
    const better = run(['--adapter', adapter('better', [p1], [p2]), ...CATEGORIES, '--baseline', baseline()]);
    expect(better.status).toBe(1);
    expect(better.stdout).toContain(`no longer fails: ${p2} (not supported;`);
    expect(better.stdout).toContain(`--write-baseline ${baseline()}`);
    const fixed = run(['--adapter', adapter('fixed', [p2]), ...CATEGORIES, '--baseline', baseline()]);
    expect(fixed.status).toBe(1);
    expect(fixed.stdout).toContain(`no longer fails: ${p1} (passes;`);
  });

  it('with --category, compares and rewrites only the categories run; a listed id the suite does not have is a change', () => {
    const file = path.join(work, 'partial.json');
    fs.copyFileSync(baseline(), file);
    // uri-to-iri alone: the percent-encoding entries are neither compared nor dropped.
    expect(run(['--adapter', adapter('known', [p1, p2]), '--category', 'uri-to-iri', '--baseline', file]).status).toBe(0);
    const u = ids('uri-to-iri')[0];
    expect(run(['--adapter', adapter('known', [u]), '--category', 'uri-to-iri', '--write-baseline', file]).status).toBe(0);
    expect(Object.keys(parseBaseline(fs.readFileSync(file, 'utf8')).failures)).toEqual([u, p1, p2]);
    const stale = JSON.parse(fs.readFileSync(file, 'utf8'));
    stale.failures['percent-encoding/9999'] = 'a case of another version';
    fs.writeFileSync(file, JSON.stringify(stale));
    const r = run(['--adapter', adapter('known', [p1, p2, u]), ...CATEGORIES, '--baseline', file]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('not in this suite: percent-encoding/9999');
  });

  it('with --format markdown, says what changed from the baseline', () => {
    const r = run(['--adapter', adapter('worse', [p1, p2, p3]), ...CATEGORIES, '--baseline', baseline(), '--format', 'markdown']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/## Against the baseline\n\n`.*baseline\.json` \(suite [0-9.]+\): 2 known failures still fail, 1 new, 0 no longer fail, 0 no longer answered, 0 newly answered\./);
    expect(r.stdout).toContain(`- new: \`${p3}\``);
  });

  it('a baseline that cannot be read stops the run before it starts (exit 2); --write-baseline never replaces a file that is not a baseline', () => {
    const missing = run(['--adapter', adapter('known', []), ...CATEGORIES, '--baseline', path.join(work, 'none.json')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read the baseline .*none\.json: .*\(write one with --write-baseline\)/);
    const notes = path.join(work, 'notes.json');
    fs.writeFileSync(notes, '{"my": "notes"}\n');
    const r = run(['--adapter', adapter('known', []), ...CATEGORIES, '--write-baseline', notes]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/notes\.json: not a conformance baseline .*not overwritten/);
    expect(fs.readFileSync(notes, 'utf8')).toBe('{"my": "notes"}\n');
  });

  it('a file that cannot be written is exit 74, with the old file as it was', () => {
    const r = run(['--adapter', adapter('known', []), ...CATEGORIES, '--write-baseline', path.join(work, 'no-such-folder', 'b.json')]);
    expect(r.status).toBe(74);
    expect(r.stderr).toMatch(/cannot write .*b\.json \(making the temporary file\): ENOENT.*b\.json is unchanged/);
    // The rename fails (the path is a folder): the temporary file is removed, the folder left as it was.
    const folder = path.join(work, 'a-folder');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'inside'), 'kept');
    const before = fs.readdirSync(work).sort();
    const o = run(['--adapter', adapter('known', []), ...CATEGORIES, '--format', 'json', '--output', folder]);
    expect(o.status).toBe(74);
    expect(o.stderr).toMatch(/a-folder is unchanged/);
    expect(fs.readdirSync(work).sort()).toEqual(before);
    expect(fs.readFileSync(path.join(folder, 'inside'), 'utf8')).toBe('kept');
  });
});

describe('the protocol', () => {
  it('an implementation that states another protocol is refused: exit 2, naming the versions', () => {
    const r = run(['--exec', `"${process.execPath}" "${path.join(__dirname, 'support', 'partial-adapter.js')}" protocol 3`, '--category', 'uri-to-iri']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/speaks protocol 3; this runner speaks protocols 1 and 2/);
    expect(r.stdout).toBe('');
  });
});

describe('--format junit', () => {
  const xmlOf = (text: string) => parseDocument(text, { xmlMode: true });

  it('one testsuite per category and one testcase per case; a failure with its cause, request, answer and expected answer; unsupported skipped; only characters XML allows', () => {
    // p1's input holds U+0000 and U+007F: characters XML 1.0 cannot hold (U+0000) are written as \u0000.
    const nul = suite.categories.find((f) => f.category === 'percent-encoding')!.cases.find((c) => (c as { input: string }).input.includes('\u0000'))!.id;
    const r = run(['--adapter', adapter('junit', [p1, nul], [p3]), ...CATEGORIES, '--format', 'junit']);
    expect(r.status).toBe(1);
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    const doc = xmlOf(r.stdout);
    const suites = DomUtils.getElementsByTagName('testsuite', doc);
    expect(suites.map((s) => [s.attribs.name, Number(s.attribs.tests)])).toEqual([
      ['uri-to-iri', ids('uri-to-iri').length],
      ['percent-encoding', ids('percent-encoding').length],
    ]);
    const cases = DomUtils.getElementsByTagName('testcase', doc);
    expect(cases.map((c) => c.attribs.name)).toEqual([...ids('uri-to-iri'), ...ids('percent-encoding')]);
    const failed = cases.filter((c) => DomUtils.getElementsByTagName('failure', c).length > 0);
    expect(failed.map((c) => c.attribs.name)).toEqual([p1, nul].sort());
    const failure = DomUtils.getElementsByTagName('failure', failed[0])[0];
    expect(failure.attribs.message).toMatch(/percent-encoding/);
    expect(DomUtils.textContent(failure)).toMatch(/^request: \{.*\}\ngot: "wrong"\nexpected: /);
    const nulText = DomUtils.textContent(DomUtils.getElementsByTagName('failure', cases.find((c) => c.attribs.name === nul)!)[0]);
    expect(nulText).toContain('\\u0000');
    const skipped = cases.filter((c) => DomUtils.getElementsByTagName('skipped', c).length > 0).map((c) => c.attribs.name);
    expect(skipped).toEqual([p3]);
    expect(DomUtils.getElementsByTagName('testsuites', doc)[0].attribs).toMatchObject({ tests: String(cases.length), failures: '2', skipped: '1' });
  });

  it('against a baseline, known failures are skipped and only a change is a failure: the test results fail when the run does', () => {
    const file = path.join(work, 'junit-baseline.json');
    expect(run(['--adapter', adapter('junit', [p1, p2]), ...CATEGORIES, '--write-baseline', file]).status).toBe(0);
    const same = run(['--adapter', adapter('junit', [p1, p2]), ...CATEGORIES, '--baseline', file, '--format', 'junit']);
    expect(same.status).toBe(0);
    expect(DomUtils.getElementsByTagName('failure', xmlOf(same.stdout))).toHaveLength(0);
    expect(same.stdout).toContain('known failure (baseline)');
    const changed = run(['--adapter', adapter('junit', [p2, p3]), ...CATEGORIES, '--baseline', file, '--format', 'junit']);
    expect(changed.status).toBe(1);
    const failures = DomUtils.getElementsByTagName('testcase', xmlOf(changed.stdout)).filter((c) => DomUtils.getElementsByTagName('failure', c).length > 0);
    expect(failures.map((c) => [c.attribs.name, DomUtils.getElementsByTagName('failure', c)[0].attribs.type])).toEqual([
      [p1, 'baseline'],
      [p3, 'new failure'],
    ]);
  });
});

describe('--min-score and --output', () => {
  it('exits by the scores named alone: 0 when each is met (failures or not), 1 when one is not', () => {
    const file = adapter('scores', [p1]);
    const n = ids('percent-encoding').length;
    const score = (100 * (n - 1)) / n;
    const met = run(['--adapter', file, ...CATEGORIES, '--min-score', `percent-encoding=${Math.floor(score)}`, '--min-score', 'uri-to-iri=100']);
    expect(met.status).toBe(0);
    expect(met.stdout).toMatch(/--min-score percent-encoding=\d+: met/);
    const unmet = run(['--adapter', file, ...CATEGORIES, '--min-score', `percent-encoding=${Math.ceil(score)}`]);
    expect(unmet.status).toBe(1);
    expect(unmet.stdout).toMatch(/--min-score percent-encoding=\d+: NOT MET/);
  });

  it('core is the profile; a category not run, an unknown one or a score over 100 is a usage error', () => {
    const file = adapter('scores', []);
    // No core category is run: the profile cannot be scored.
    expect(run(['--adapter', file, ...CATEGORIES, '--min-score', 'core=50']).status).toBe(2);
    const core = run(['--adapter', file, '--category', 'resolution', '--min-score', 'core=50']);
    expect(core.status).toBe(1); // resolution is not answered: no score, so not met
    expect(core.stdout).toMatch(/--min-score core=50: NOT MET \(no case answered\)/);
    for (const bad of ['validity=50', 'nothing=1', 'uri-to-iri=101', 'uri-to-iri']) {
      const r = run(['--adapter', file, ...CATEGORIES, '--min-score', bad]);
      expect([bad, r.status]).toEqual([bad, 2]);
    }
  });

  it('--output writes the report in --format to the file (atomically) and the text report to standard output', () => {
    const out = path.join(work, 'report.json');
    fs.writeFileSync(out, 'an older report');
    const r = run(['--adapter', adapter('out', [p1]), ...CATEGORIES, '--format', 'json', '--output', out]);
    expect(r.status).toBe(1);
    expect((JSON.parse(fs.readFileSync(out, 'utf8')) as Report).failures.map((f) => f.id)).toEqual([p1]);
    expect(r.stdout).toMatch(/^out: conformance suite [0-9.]+, protocol 1\n/);
    expect(fs.readdirSync(work).filter((f) => f.includes('report.json'))).toEqual(['report.json']);
  });
});

describe('coverage: the baseline records the cases answered, and --min-coverage', () => {
  const file = () => path.join(work, 'coverage-baseline.json');
  const p = ids('percent-encoding');

  beforeAll(() => {
    // Known: p[0] fails, p[5] is not answered.
    expect(run(['--adapter', adapter('coverage', [p[0]], [p[5]]), ...CATEGORIES, '--write-baseline', file()]).status).toBe(0);
    expect(parseBaseline(fs.readFileSync(file(), 'utf8')).answered['percent-encoding']).toEqual(p.filter((id) => id !== p[5]));
  });

  it('a case that stops being answered fails the run as a new failure does, named with its category; the same answers pass', () => {
    expect(run(['--adapter', adapter('coverage', [p[0]], [p[5]]), ...CATEGORIES, '--baseline', file()]).status).toBe(0);
    // p[3] passed and is now "unsupported": no failure, no score lost (the score is over the cases answered), but a change.
    const lost = run(['--adapter', adapter('coverage', [p[0]], [p[5], p[3]]), ...CATEGORIES, '--baseline', file()]);
    expect(lost.status).toBe(1);
    expect(lost.stdout).toMatch(/1 known failures still fail .*, 0 new, 0 no longer fail, 1 no longer answered, 0 newly answered/);
    expect(lost.stdout).toContain(`no longer answered (the baseline has them answered): percent-encoding: 1 (${p[3]})`);
    expect(lost.stdout).toContain(`--write-baseline ${file()}`);
    const json = JSON.parse(run(['--adapter', adapter('coverage', [p[0]], [p[5], p[3]]), ...CATEGORIES, '--baseline', file(), '--format', 'json']).stdout);
    expect(json.baseline.noLongerAnswered).toEqual([{ id: p[3], category: 'percent-encoding' }]);
    expect(json.baseline.changed).toBe(true);
  });

  it('a case answered (and passed) that the baseline does not record as answered is said, and fails nothing; one that fails is a new failure', () => {
    const gained = run(['--adapter', adapter('coverage', [p[0]]), ...CATEGORIES, '--baseline', file()]);
    expect(gained.status).toBe(0);
    expect(gained.stdout).toMatch(/0 new, 0 no longer fail, 0 no longer answered, 1 newly answered/);
    expect(gained.stdout).toContain(`newly answered (and passed; no failure): percent-encoding: 1 (${p[5]})`);
    expect(gained.stdout).toContain(`write the baseline again when this is wanted: --write-baseline ${file()}`);
    const wrong = run(['--adapter', adapter('coverage', [p[0], p[5]]), ...CATEGORIES, '--baseline', file()]);
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toMatch(/1 new, 0 no longer fail, 0 no longer answered, 0 newly answered/);
  });

  it('in JUnit XML, a case whose coverage changed is a failure of type baseline', () => {
    const r = run(['--adapter', adapter('coverage', [p[0]], [p[5], p[3]]), ...CATEGORIES, '--baseline', file(), '--format', 'junit']);
    expect(r.status).toBe(1);
    const failed = DomUtils.getElementsByTagName('testcase', parseDocument(r.stdout, { xmlMode: true })).filter((c) => DomUtils.getElementsByTagName('failure', c).length > 0);
    expect(failed.map((c) => [c.attribs.name, DomUtils.getElementsByTagName('failure', c)[0].attribs.type])).toEqual([[p[3], 'baseline']]);
    expect(DomUtils.getElementsByTagName('failure', failed[0])[0].attribs.message).toMatch(/^no longer answered \(not supported\) but the baseline .* has it answered/);
  });

  it('a baseline written before the answered cases were recorded still loads: failures compared, coverage said to be unchecked, not failed', () => {
    const old = path.join(work, 'old-baseline.json');
    const data = JSON.parse(fs.readFileSync(file(), 'utf8'));
    delete data.answered;
    fs.writeFileSync(old, JSON.stringify(data, null, 2));
    const same = run(['--adapter', adapter('coverage', [p[0]], [p[5], p[3]]), ...CATEGORIES, '--baseline', old]);
    expect(same.status).toBe(0);
    expect(same.stdout).toMatch(/1 known failures still fail .*, 0 new, 0 no longer fail, 0 no longer answered, 0 newly answered/);
    expect(same.stdout).toContain(`coverage not checked for uri-to-iri, percent-encoding: the baseline records no answered cases there (written before they were recorded); write it again to check it: --write-baseline ${old}`);
    expect(JSON.parse(run(['--adapter', adapter('coverage', [p[0]]), ...CATEGORIES, '--baseline', old, '--format', 'json']).stdout).baseline.coverageUnchecked).toEqual(['uri-to-iri', 'percent-encoding']);
    // Its failures are still compared.
    expect(run(['--adapter', adapter('coverage', [p[0], p[1]]), ...CATEGORIES, '--baseline', old]).status).toBe(1);
    // Written again with --category, the categories run get their answered cases, and the others stay unrecorded.
    expect(run(['--adapter', adapter('coverage', [p[0]]), '--category', 'uri-to-iri', '--write-baseline', old]).status).toBe(0);
    const rewritten = parseBaseline(fs.readFileSync(old, 'utf8'));
    expect(rewritten.answered).toEqual({ 'uri-to-iri': ids('uri-to-iri') });
    expect(Object.keys(rewritten.failures)).toEqual([p[0]]);
    const partly = run(['--adapter', adapter('coverage', [p[0]], [p[5], p[3]]), ...CATEGORIES, '--baseline', old]);
    expect(partly.status).toBe(0);
    expect(partly.stdout).toContain('coverage not checked for percent-encoding:');
  });

  it('a baseline whose "answered" is not categories and arrays of ids is refused before the run (exit 2)', () => {
    const bad = path.join(work, 'bad-baseline.json');
    fs.writeFileSync(bad, JSON.stringify({ ...JSON.parse(fs.readFileSync(file(), 'utf8')), answered: { 'uri-to-iri': 'all' } }));
    const r = run(['--adapter', adapter('coverage', []), ...CATEGORIES, '--baseline', bad]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad-baseline\.json: "answered" is not an object of categories and arrays of case ids/);
  });

  it('--min-coverage CATEGORY=N: exit 1 under N percent of the cases answered, exactly; it waives no failure; usage errors as --min-score', () => {
    const n = p.length;
    const covered = (100 * (n - 2)) / n; // two not answered
    const file = adapter('covering', [], [p[1], p[2]]);
    const met = run(['--adapter', file, ...CATEGORIES, '--min-coverage', `percent-encoding=${Math.floor(covered)}`, '--min-coverage', 'uri-to-iri=100']);
    expect(met.status).toBe(0);
    expect(met.stdout).toMatch(/--min-coverage percent-encoding=\d+: met \([0-9.]+% of the cases answered\)/);
    const unmet = run(['--adapter', file, ...CATEGORIES, '--min-coverage', `percent-encoding=${covered + 0.001}`]);
    expect(unmet.status).toBe(1);
    expect(unmet.stdout).toMatch(/--min-coverage percent-encoding=[0-9.]+: NOT MET/);
    expect(JSON.parse(run(['--adapter', file, ...CATEGORIES, '--min-coverage', 'percent-encoding=50', '--format', 'json']).stdout).minCoverages).toEqual([{ target: 'percent-encoding', min: 50, coverage: Math.round(100 * covered) / 100, met: true }]);
    // A failure still fails a run whose coverage is met.
    expect(run(['--adapter', adapter('covering', [p[0]]), ...CATEGORIES, '--min-coverage', 'percent-encoding=50']).status).toBe(1);
    for (const bad of ['validity=50', 'nothing=1', 'uri-to-iri=101', 'uri-to-iri', 'core=1']) {
      const r = run(['--adapter', file, ...CATEGORIES, '--min-coverage', bad]);
      expect([bad, r.status, r.stderr.split('\n')[0]]).toEqual([bad, 2, expect.stringMatching(/^urigram: --min-coverage /)]);
    }
  });
});

describe('--list-rules', () => {
  /** The rules the validity, error-offset and components files name, counted here from the files themselves. */
  const counted = (categories: string[]) => {
    const m = new Map<string, Record<string, number>>();
    for (const f of suite.categories) {
      if (!categories.includes(f.category)) continue;
      for (const c of f.cases as ReadonlyArray<{ grammar?: string; rule?: string }>) {
        if (c.rule === undefined) continue;
        const key = `${c.grammar} ${c.rule}`;
        const counts = m.get(key) ?? {};
        counts[f.category] = (counts[f.category] ?? 0) + 1;
        m.set(key, counts);
      }
    }
    return m;
  };

  it('prints every grammar and rule the cases name, with its cases per category, and runs nothing', () => {
    const r = run(['--list-rules']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    const [head, ...rows] = r.stdout.trimEnd().split('\n');
    expect(head.split(/\s+/)).toEqual(['grammar', 'rule', 'validity', 'error-offset', 'components']);
    const expected = counted(['validity', 'error-offset', 'components']);
    expect(rows.length).toBe(expected.size);
    for (const row of rows) {
      const [grammar, rule, ...counts] = row.split(/\s+/);
      const e = expected.get(`${grammar} ${rule}`)!;
      expect([grammar, rule, counts.map(Number)]).toEqual([grammar, rule, ['validity', 'error-offset', 'components'].map((c) => e[c] ?? 0)]);
    }
    expect(rows.some((row) => /^rfc3986 +IPv6address /.test(row))).toBe(true);
    expect(rows.some((row) => /^rfc3987 +ipath-abempty /.test(row))).toBe(true);
  });

  it('--category and --format json; an option of a run is a usage error', () => {
    const json = JSON.parse(run(['--list-rules', '--category', 'components', '--format', 'json']).stdout);
    expect(json.suiteVersion).toBe(suite.version);
    const expected = counted(['components']);
    expect(json.rules.map((r: { grammar: string; rule: string; cases: Record<string, number> }) => [`${r.grammar} ${r.rule}`, r.cases])).toEqual([...expected]);
    expect(run(['--list-rules', '--category', 'uri-to-iri']).stdout).toBe('grammar  rule\n');
    for (const args of [['--exec', 'true'], ['--adapter', 'a.js'], ['--baseline', 'b.json'], ['--max-time', '5'], ['--format', 'junit']]) {
      const r = run(['--list-rules', ...args]);
      expect([args, r.status, r.stdout]).toEqual([args, 2, '']);
    }
  });
});

describe('--max-time and --timeout through the command line', () => {
  const slow = (...args: string[]) => `"${process.execPath}" "${path.join(root, 'test', 'fixtures', 'conformance', 'slow-adapter.js')}" ${args.join(' ')}`;
  /** Whether the process runs: it exists and, where /proc tells, is not a zombie (a killed child whose parent is gone may wait to be reaped). */
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    try {
      return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return true;
    }
  };

  it('a silent program: --max-time ends the run within its first case (its start-up allowance too), the program stopped, exit 1, every case counted as not run', () => {
    const starts = path.join(work, 'silent-starts.log');
    const out = path.join(work, 'silent-baseline.json');
    const r = run(['--exec', slow('silent', starts), '--category', 'uri-to-iri', '--timeout', '100', '--max-time', '1500', '--format', 'json', '--write-baseline', out]);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    const n = ids('uri-to-iri').length;
    expect(report.scores).toEqual([expect.objectContaining({ category: 'uri-to-iri', total: n, passed: 0, failed: 0, unsupported: 0, notRun: n, coverage: 0 })]);
    expect(report.stopped).toEqual({ reason: 'max-time', limitMs: 1500, notRun: ids('uri-to-iri').map((id) => ({ id, category: 'uri-to-iri' })) });
    // One start (the 30 s allowance would have kept it alive), and it is gone; no baseline was written.
    const pids = fs.readFileSync(starts, 'utf8').trim().split('\n').map(Number);
    expect(pids).toHaveLength(1);
    expect(alive(pids[0])).toBe(false);
    expect(fs.existsSync(out)).toBe(false);
    expect(r.stderr).toMatch(/silent-baseline\.json is not written: the run stopped at its time limit \(--max-time\) with 13 cases not run/);
  }, 30_000);

  it('a slow program: the run stops at --max-time with the cases it ran judged and the others not run; the text report says where', () => {
    const r = run(['--exec', slow('slow', '30'), '--category', 'uri-to-iri,resolution', '--max-time', '1500']);
    expect(r.status).toBe(1);
    const m = /came while (\S+) was asked: it and the (\d+) cases after it were not run/.exec(r.stdout)!;
    expect(m).not.toBeNull();
    const all = [...ids('resolution'), ...ids('uri-to-iri')];
    // The cases before it were asked (and answered "unsupported"); it and the rest were not.
    const at = all.indexOf(m[1]);
    expect(at).toBeGreaterThan(0);
    expect(Number(m[2])).toBe(all.length - at - 1);
    expect(r.stdout).toMatch(new RegExp(`resolution +0 +0 +${Math.min(at, ids('resolution').length)} +${ids('resolution').length} .*\\(\\d+ not run\\)`));
  }, 30_000);

  it('--max-time and --timeout take milliseconds from 1', () => {
    for (const bad of ['0', '-1', '1.5', 'soon', String(2 ** 31)]) {
      const r = run(['--category', 'uri-to-iri', '--max-time', bad]);
      expect([bad, r.status, r.stderr.split('\n')[0]]).toEqual([bad, 2, `urigram: --max-time needs a number of milliseconds from 1 to ${2 ** 31 - 1}, got ${JSON.stringify(bad)}`]);
    }
    // Long enough: the run ends first, and nothing says it stopped.
    const r = run(['--category', 'uri-to-iri', '--max-time', '600000']);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain('stopped');
  });
});
