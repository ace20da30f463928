/**
 * The conformance suite (conformance/) and its runner (src/conformance/):
 * the files follow their schema and are what the generator writes; every
 * validity and offset case agrees with the ABNF oracle (not the PEG); urigram
 * scores 100% on every category through the runner; a broken implementation
 * scores lower with its breakage named; a program over the JSON-lines
 * protocol that hangs, crashes or answers nonsense is reported, not fatal.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { Oracle } from '../scripts/grammar-check/oracle';
import { spawnSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import { bumped, changelogVersions, requiredBump, suiteFiles, suitePackageJson, SUITE_VERSION, type CaseText } from '../scripts/conformance/generate-suite';
import { loadSuite, type AnyCase, type Category, type CaseOf, type Suite } from '../src/conformance/suite';
import { CORE_RULES, judge, requestOf } from '../src/conformance/categories';
import { moduleTransport, runSuite, type AdapterModule, type Report } from '../src/conformance/run';
import { execTransport } from '../src/conformance/exec';
import { PROTOCOL_VERSION, ProtocolError, readingOf } from '../src/conformance/protocol';
import { reportMarkdown, reportSvg, reportText } from '../src/conformance/report';
import { URIGRAM_ADAPTER } from '../src/conformance/urigram-adapter';
import { FOREIGN_ADAPTERS } from '../scripts/conformance/foreign-adapters';
import { recompose, transform } from '../scripts/conformance/reference';

const dir = path.join(__dirname, '..', 'conformance');
const suite: Suite = loadSuite(dir);
const casesOf = <C extends keyof CaseOf>(category: C): ReadonlyArray<CaseOf[C]> => (suite.categories.find((f) => f.category === category)?.cases ?? []) as ReadonlyArray<CaseOf[C]>;

describe('the suite files', () => {
  const schema = JSON.parse(fs.readFileSync(path.join(dir, 'schema.json'), 'utf8'));
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'schema.json' && f !== 'package.json');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'suite.json'), 'utf8'));

  it.each(files)('%s follows conformance/schema.json', (f) => {
    const ok = validate(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the schema catches a malformed case (a misspelt field, an absent component written as undefined)', () => {
    const file = JSON.parse(fs.readFileSync(path.join(dir, 'components.json'), 'utf8'));
    file.cases[0].compnents = file.cases[0].components;
    expect(validate(file)).toBe(false);
    const other = JSON.parse(fs.readFileSync(path.join(dir, 'validity.json'), 'utf8'));
    delete other.cases[0].valid;
    expect(validate(other)).toBe(false);
  });

  it('are what npm run conformance:generate writes (seeded: the same every time), package.json included', () => {
    const built = suiteFiles();
    for (const [name, text] of Object.entries(built)) expect([name, fs.readFileSync(path.join(dir, name), 'utf8') === text]).toEqual([name, true]);
    expect(Object.keys(built).sort()).toEqual(files.sort());
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(suitePackageJson([...Object.keys(built), 'schema.json']));
  });

  it('suite.json counts each file\'s cases and gives the SHA-256 of each file\'s bytes', () => {
    const sha256 = (f: string) => crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, f))).digest('hex');
    expect(Object.keys(manifest.sha256).sort()).toEqual([...manifest.files, 'schema.json'].sort());
    for (const f of Object.keys(manifest.sha256)) expect([f, manifest.sha256[f]]).toEqual([f, sha256(f)]);
    for (const f of manifest.files as string[]) {
      const file = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
      expect([f, manifest.counts[file.category]]).toEqual([f, file.cases.length]);
      expect([f, file.version]).toEqual([f, manifest.version]);
    }
    expect(manifest.total).toBe(Object.values(manifest.counts as Record<string, number>).reduce((a, n) => a + n, 0));
    expect(manifest.protocol).toBe(PROTOCOL_VERSION);
  });

  it('has one version: suite.json, conformance/package.json, the generator and the newest CHANGELOG entry, which is dated', () => {
    const changelog = fs.readFileSync(path.join(dir, 'CHANGELOG.md'), 'utf8');
    expect(changelogVersions(changelog)[0]).toBe(manifest.version);
    expect(changelog).toMatch(new RegExp(`^## ${manifest.version.replace(/\./g, '\\.')} \\(\\d{4}-\\d{2}-\\d{2}\\)$`, 'm'));
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version).toBe(manifest.version);
    expect(SUITE_VERSION).toBe(manifest.version);
    expect(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')).toContain(`Suite version ${manifest.version}`);
  });

  it('conformance/LICENSE is the repository\'s, under a line naming the suite', () => {
    const text = fs.readFileSync(path.join(dir, 'LICENSE'), 'utf8');
    expect(text.endsWith(fs.readFileSync(path.join(dir, '..', 'LICENSE'), 'utf8'))).toBe(true);
    expect(text.split('\n')[0]).toMatch(/conformance suite/);
  });

  it('has thousands of cases, every id unique, every category non-empty, every rule of every grammar covered', () => {
    const ids = suite.categories.flatMap((f) => f.cases.map((c) => c.id));
    expect(ids.length).toBeGreaterThan(5000);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of suite.categories) expect([f.category, f.cases.length > 0]).toEqual([f.category, true]);
    for (const grammar of ['rfc3986', 'rfc3987', 'rfc2396'] as const) {
      const abnf = readAbnf(path.join(__dirname, '..', 'grammar', `${grammar}.abnf`));
      const covered = new Set(casesOf('validity').filter((c) => c.grammar === grammar).map((c) => c.rule));
      expect(abnf.names.filter((r) => !covered.has(r))).toEqual([]);
    }
  });
});

describe('the suite\'s version follows its cases (semantic versioning)', () => {
  const texts = (entries: Array<[string, string, string]>): Map<string, CaseText> => new Map(entries.map(([id, question, whole]) => [id, { question, whole }]));
  const before = texts([['a/0001', 'q1', 'q1 yes'], ['a/0002', 'q2', 'q2 no']]);

  it('asks nothing when nothing changed, a patch for a corrected answer, a minor version for an added case, a major one for a removed or renumbered case', () => {
    expect(requiredBump(before, before).bump).toBe('none');
    expect(requiredBump(before, texts([['a/0001', 'q1', 'q1 no'], ['a/0002', 'q2', 'q2 no']]))).toEqual({ bump: 'patch', added: 0, corrected: 1, removedOrMoved: 0 });
    expect(requiredBump(before, texts([['a/0001', 'q1', 'q1 yes'], ['a/0002', 'q2', 'q2 no'], ['a/0003', 'q3', 'q3 no']])).bump).toBe('minor');
    expect(requiredBump(before, texts([['a/0001', 'q1', 'q1 yes']])).bump).toBe('major');
    // A case inserted before a/0002 renumbers it: the id now asks another question.
    expect(requiredBump(before, texts([['a/0001', 'q1', 'q1 yes'], ['a/0002', 'q9', 'q9 no'], ['a/0003', 'q2', 'q2 no']])).bump).toBe('major');
  });

  it('a step is at least what is due', () => {
    expect(bumped('1.0.0', '1.0.1', 'patch')).toBe(true);
    expect(bumped('1.0.0', '1.0.1', 'minor')).toBe(false);
    expect(bumped('1.0.9', '1.1.0', 'minor')).toBe(true);
    expect(bumped('1.9.0', '2.0.0', 'major')).toBe(true);
    expect(bumped('1.1.0', '1.2.0', 'major')).toBe(false);
    expect(bumped('1.1.0', '1.1.0', 'none')).toBe(true);
    expect(bumped('1.1.0', '1.1.0', 'patch')).toBe(false);
  });
});

describe('validity and offsets against the ABNF oracle (not the PEG)', () => {
  const oracles = new Map((['rfc3986', 'rfc3987', 'rfc2396'] as const).map((g) => [g, new Oracle(readAbnf(path.join(__dirname, '..', 'grammar', `${g}.abnf`)))]));

  it('every validity case', () => {
    const wrong = casesOf('validity').filter((c) => oracles.get(c.grammar)!.accepts(c.rule, c.input) !== c.valid);
    expect(wrong.map((c) => c.id)).toEqual([]);
    expect(casesOf('validity').filter((c) => c.valid).length).toBeGreaterThan(1000);
    expect(casesOf('validity').filter((c) => !c.valid).length).toBeGreaterThan(1000);
  });

  it('every offset case: the input is invalid and its longest viable prefix ends at the offset', () => {
    const wrong = casesOf('error-offset').filter((c) => {
      const oracle = oracles.get(c.grammar)!;
      return oracle.accepts(c.rule, c.input) || oracle.firstInvalidOffset(c.rule, c.input) !== c.offset || [...c.input.slice(0, c.offset)].length !== c.codePointOffset;
    });
    expect(wrong.map((c) => c.id)).toEqual([]);
  });
});

describe('the runner', () => {
  let urigram: Report;
  beforeAll(async () => {
    urigram = await runSuite(suite, moduleTransport('urigram', URIGRAM_ADAPTER));
  });

  it('urigram scores 100% on every category, over the cases answered and in coverage, and on the core profile', () => {
    expect(urigram.causes).toEqual([]);
    expect(urigram.failures).toEqual([]);
    expect(urigram.unsupported).toEqual([]);
    for (const s of urigram.scores) expect(s).toMatchObject({ category: s.category, total: s.total, passed: s.total, failed: 0, unsupported: 0, answered: 100, coverage: 100, passedAfterCaseNormalization: 0 });
    expect(urigram.scores.map((s) => s.category)).toEqual(suite.categories.map((f) => f.category));
    expect(urigram.protocol).toEqual({ runner: PROTOCOL_VERSION, stated: PROTOCOL_VERSION });
    const core = casesOf('validity').filter((c) => c.grammar === 'rfc3986' && CORE_RULES.includes(c.rule)).length + casesOf('components').filter((c) => c.grammar === 'rfc3986').length + casesOf('resolution').filter((c) => c.mode === 'strict').length + casesOf('normalization').filter((c) => c.level === 'syntax').length;
    expect(urigram.profiles).toEqual([{ profile: 'core', categories: ['validity', 'components', 'resolution', 'normalization'], total: core, passed: core, failed: 0, unsupported: 0, notRun: 0, answered: 100, coverage: 100 }]);
    // Validity per grammar and rule: every rule of the three grammars, adding up to the category.
    const rules = urigram.scores.find((s) => s.category === 'validity')!.rules!;
    expect(rules.reduce((a, r) => a + r.total, 0)).toBe(casesOf('validity').length);
    expect(new Set(rules.map((r) => `${r.grammar} ${r.rule}`)).size).toBe(rules.length);
  });

  it('scores over the cases answered beside the coverage, lists every failing and unsupported case by id, and breaks validity down by rule', async () => {
    // Validates URI-reference alone, wrongly for inputs with a space; says "unsupported" to every other rule.
    const some: AdapterModule = { validate: (r) => (r.rule === 'URI-reference' && r.grammar === 'rfc3986' ? !(r.input as string).includes(' ') : { unsupported: true }) };
    const report = await runSuite(suite, moduleTransport('some', some), { categories: ['validity'] });
    const asked = casesOf('validity').filter((c) => c.grammar === 'rfc3986' && c.rule === 'URI-reference');
    const wrong = asked.filter((c) => c.valid !== !c.input.includes(' '));
    const [v] = report.scores;
    expect(v).toMatchObject({ total: casesOf('validity').length, passed: asked.length - wrong.length, failed: wrong.length, unsupported: casesOf('validity').length - asked.length });
    expect(wrong.length).toBeGreaterThan(0);
    expect(v.answered).toBe(Math.round((10000 * (asked.length - wrong.length)) / asked.length) / 100);
    expect(v.coverage).toBe(Math.round((10000 * asked.length) / casesOf('validity').length) / 100);
    expect(report.failures.map((f) => f.id)).toEqual(wrong.map((c) => c.id));
    expect(report.failures[0]).toMatchObject({ category: 'validity', request: { op: 'validate', rule: 'URI-reference' }, expected: expect.stringMatching(/^(in)?valid$/) });
    expect(report.unsupported.length).toBe(v.unsupported);
    expect(report.unsupported.every((u) => u.cause === 'the implementation does not support it' && u.category === 'validity')).toBe(true);
    const rule = v.rules!.find((r) => r.grammar === 'rfc3986' && r.rule === 'URI-reference')!;
    expect(rule).toMatchObject({ total: asked.length, failed: wrong.length, unsupported: 0, coverage: 100 });
    expect(v.rules!.filter((r) => r !== rule).every((r) => r.answered === null && r.coverage === 0)).toBe(true);
    // The core profile counts only its cases: the validity of the four reference rules.
    const core = casesOf('validity').filter((c) => c.grammar === 'rfc3986' && CORE_RULES.includes(c.rule));
    expect(report.profiles[0]).toMatchObject({ total: core.length, passed: asked.length - wrong.length, failed: wrong.length });
    const text = reportText(report);
    expect(text).toMatch(new RegExp(`validity +${v.passed} +${v.failed} +${v.unsupported} +${v.total} +${((100 * v.passed) / (v.passed + v.failed)).toFixed(1)}% +${((100 * asked.length) / v.total).toFixed(1)}%`));
    expect(text).toMatch(/rfc3986 URI-reference +\d+ +\d+/);
  });

  it('a broken implementation scores lower, its breakage named by cause with the shortest examples', async () => {
    const broken: AdapterModule = {
      ...URIGRAM_ADAPTER,
      // Trims before validating: accepts a trailing newline.
      validate: (r) => (URIGRAM_ADAPTER.validate as (x: typeof r) => boolean)({ ...r, input: (r.input as string).trimEnd() }),
      // Lower-cases the whole host, percent-encodings included.
      normalize: (r) => (URIGRAM_ADAPTER.normalize as (x: typeof r) => string)(r).replace(/%[0-9A-F]{2}/g, (t) => t.toLowerCase()),
      // Reads an empty query as absent.
      components: (r) => ({ ...(URIGRAM_ADAPTER.components as (x: typeof r) => Record<string, unknown>)(r), ...((r.input as string).endsWith('?') ? { query: null } : {}) }),
      uriToIri: undefined,
    };
    const report = await runSuite(suite, moduleTransport('broken', broken));
    const score = (c: string) => report.scores.find((s) => s.category === c)!;
    expect(score('validity').failed).toBeGreaterThan(0);
    expect(score('normalization').failed).toBeGreaterThan(0);
    expect(score('uri-to-iri')).toMatchObject({ passed: 0, unsupported: casesOf('uri-to-iri').length });
    expect(score('resolution').failed).toBe(0);
    const causes = report.causes.map((c) => c.cause);
    expect(causes).toContain('rfc3986 URI: accepts invalid input: a trailing newline accepted (a regular expression anchored with ^...$)');
    expect(causes.some((c) => c.includes('lower-cased with the host'))).toBe(true);
    expect(causes.some((c) => /query an empty one read as absent/.test(c))).toBe(true);
    for (const c of report.causes) expect(c.examples.length).toBeGreaterThan(0);
    expect(reportText(report)).toMatch(/validity +\d+ +\d+ +\d+ +\d+ +\d+\.\d% +100\.0%/);
  });

  it('awaits an adapter\'s async functions, and takes a rejection as the error', async () => {
    const asyncAdapter: AdapterModule = {
      percentDecode: async (r) => (URIGRAM_ADAPTER.percentDecode as (x: typeof r) => string)(r),
      percentEncode: async (r) => (URIGRAM_ADAPTER.percentEncode as (x: typeof r) => string)(r),
    };
    const report = await runSuite(suite, moduleTransport('async', asyncAdapter), { categories: ['percent-encoding'] });
    expect(report.scores).toEqual([expect.objectContaining({ category: 'percent-encoding', total: casesOf('percent-encoding').length, passed: casesOf('percent-encoding').length, failed: 0, unsupported: 0 })]);
  });

  it('an adapter that throws anything, answers what is not JSON, never settles, or has an export that throws: reported on its case, not fatal', async () => {
    const validity = suite.categories.find((f) => f.category === 'validity')!;
    const three = { ...suite, categories: [{ ...validity, cases: validity.cases.slice(0, 3) }] };
    const odd: Array<[string, AdapterModule, string]> = [
      ['throws null', { validate: () => { throw null; } }, 'rejects valid input|accepts invalid input|no boolean answer'],
      ['throws a cycle', { validate: () => { const e: { self?: unknown; offset?: unknown } = {}; e.self = e; e.offset = 1; throw e; } }, 'no boolean answer'],
      ['a BigInt', { validate: () => 1n }, 'the implementation bad answer'],
      ['never settles', { validate: () => new Promise(() => undefined) }, 'the implementation timed out'],
      ['a getter that throws', Object.defineProperty({}, 'validate', { get: () => { throw new Error('no'); }, enumerable: true }) as AdapterModule, 'the implementation crashed'],
      ['a proxy whose traps throw', { validate: () => new Proxy({}, { ownKeys: () => { throw new Error('trap'); } }) }, 'the implementation bad answer'],
      // A revoked proxy throws when the runner awaits it (its "then" is read): the adapter's error, as a rejection is.
      ['a revoked proxy', { validate: () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; } }, 'no boolean answer'],
      ['a proxy whose get trap throws', { validate: () => new Proxy({}, { get: (_t, k) => { if (k === 'then') return undefined; throw new Error('trap'); } }) }, 'the implementation bad answer'],
    ];
    for (const [what, adapter, cause] of odd) {
      const report = await runSuite(three, moduleTransport(what, adapter, 200));
      expect([what, report.scores[0].failed]).toEqual([what, 3]);
      for (const c of report.causes) expect([what, c.cause]).toEqual([what, expect.stringMatching(new RegExp(cause))]);
      expect(() => reportText(report) + reportMarkdown(report) + reportSvg([report])).not.toThrow();
    }
  }, 20000);

  it('a suite that is not well-formed is refused before it runs, naming the file and the case', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-'));
    const write = (files: Record<string, unknown>) => {
      fs.rmSync(root, { recursive: true, force: true });
      fs.mkdirSync(root);
      for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(root, name), typeof content === 'string' ? content : JSON.stringify(content));
    };
    const manifest = { suite: 'urigram-conformance', version: '1.0.0', files: ['v.json'] };
    const category = (cases: unknown) => ({ suite: 'urigram-conformance', version: '1.0.0', category: 'validity', description: '', cases });
    const good = { id: 'validity/x/0001', source: { kind: 'rfc', rfc: 3986, section: '3' }, grammar: 'rfc3986', rule: 'URI', input: 'a:b', valid: true };
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ 'suite.json': 'vm\n' }, /suite\.json: not JSON/],
      [{ 'suite.json': { ...manifest, files: ['../../etc/hostname'] } }, /"files" must be an array of file names in the suite's folder/],
      [{ 'suite.json': manifest, 'v.json': { category: 'validity' } }, /v\.json: no "cases" array/],
      [{ 'suite.json': manifest, 'v.json': category(null) }, /v\.json: no "cases" array/],
      [{ 'suite.json': manifest, 'v.json': category([null]) }, /v\.json: case 0 is not an object/],
      [{ 'suite.json': manifest, 'v.json': category([good, { ...good, id: 'validity/x/0002', source: undefined }]) }, /v\.json: case 1 \(validity\/x\/0002\) has no "source"/],
      [{ 'suite.json': manifest, 'v.json': category([{ ...good, valid: 'yes' }]) }, /case 0 \(validity\/x\/0001\) has no boolean "valid"/],
      [{ 'suite.json': { ...manifest, files: ['c.json'] }, 'c.json': { ...category([{ ...good, components: null }]), category: 'components' } }, /has no "components" object/],
      [{ 'suite.json': { ...manifest, files: ['c.json'] }, 'c.json': { ...category([{ ...good, components: {} }]), category: 'components' } }, /has no "components" object of strings and nulls \(one at least\)/],
    ];
    for (const [files, message] of refusals) {
      write(files);
      expect(() => loadSuite(root)).toThrow(message);
    }
    // A copy that does not match its manifest: another count, other bytes.
    const text = JSON.stringify(category([good]));
    const sum = crypto.createHash('sha256').update(text).digest('hex');
    write({ 'suite.json': { ...manifest, counts: { validity: 2 } }, 'v.json': text });
    expect(() => loadSuite(root)).toThrow(/v\.json: 1 cases, where suite\.json counts 2/);
    write({ 'suite.json': { ...manifest, sha256: { 'v.json': sum } }, 'v.json': text.replace('a:b', 'a:c') });
    expect(() => loadSuite(root)).toThrow(/v\.json: its SHA-256 is not the one suite\.json gives/);
    write({ 'suite.json': { ...manifest, sha256: { 'v.json': sum, 'schema.json': sum } }, 'v.json': text, 'schema.json': '{}' });
    expect(() => loadSuite(root)).toThrow(/schema\.json: its SHA-256/);
    write({ 'suite.json': { ...manifest, counts: { validity: 1 }, sha256: { 'v.json': sum } }, 'v.json': text });
    expect(loadSuite(root).categories[0].cases).toHaveLength(1);
    write({ 'suite.json': manifest, 'v.json': category([good]) });
    expect(loadSuite(root).categories[0].cases).toHaveLength(1);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('reports as Markdown and as an SVG chart', () => {
    const markdown = reportMarkdown(urigram);
    expect(markdown).toContain('| validity | ');
    expect(markdown).toContain('100.0%');
    const svg = reportSvg([urigram]);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<rect /g)?.length).toBeGreaterThanOrEqual(suite.categories.length);
  });
});

describe('the protocol as conformance/README.md settles it', () => {
  const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
  /** The rows of the README's table of judged examples: category, the case's fields, the answer, the verdict. */
  const rows = readme
    .slice(readme.indexOf('Judged examples'))
    .split('\n')
    .filter((l) => /^\| [a-z-]+ \| `/.test(l))
    .map((l) => l.split(' | ').map((cell) => cell.replace(/^\| |^`|`$| \|$/g, '')));
  /** The rest of a case, as any case of its category has it. */
  const BASE: Partial<Record<Category, Record<string, unknown>>> = {
    components: { grammar: 'rfc3986', rule: 'URI-reference' },
    validity: { grammar: 'rfc3986' },
    'error-offset': { grammar: 'rfc3986', rule: 'URI-reference' },
  };

  it('the table of judged examples has a row for each rule it states', () => {
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(new Set(rows.map((r) => r[3].replace(/:.*/, '')))).toEqual(new Set(['passed', 'failed', 'not supported', 'passed after case normalization', 'passed, not judging offset']));
  });

  it.each(rows.map((r, k) => [k + 1, ...r]))('row %i: %s, %s, answered %s: %s', (k, category, fields, answer, verdict) => {
    const c = { id: `readme/${k}`, source: { kind: 'hand', why: 'conformance/README.md', file: 'conformance/README.md' }, ...BASE[category as Category], ...JSON.parse(fields as string) } as AnyCase;
    const v = judge(category as Category, c, { id: c.id, ...JSON.parse(answer as string) });
    const said = v.status === 'pass' ? (v.folded ? 'passed after case normalization' : v.unjudged ? `passed, not judging ${v.unjudged.join(', ')}` : 'passed') : v.status === 'unsupported' ? `not supported: ${v.cause}` : `failed: ${v.cause}`;
    expect(said).toBe(verdict);
  });

  it('a base URI\'s fragment is not part of the base (RFC 3986 5.1): the cases, RFC 3986\'s algorithm as written, urigram\'s adapter and both docs agree', async () => {
    const withFragment = casesOf('resolution').filter((c) => c.base.includes('#'));
    // 36 cases: the generated ones against s://u@h:1/p/q/?x#f and two by hand; all in RFC 3986's modes.
    expect(withFragment.length).toBeGreaterThanOrEqual(36);
    expect(withFragment.filter((c) => c.mode === 'rfc2396')).toEqual([]);
    expect(withFragment.some((c) => c.reference === '')).toBe(true); // where a kept fragment would show
    for (const c of withFragment) {
      const stripped = c.base.slice(0, c.base.indexOf('#'));
      // 5.2.2 as written never reads Base.fragment: the base with and without it give the case's target.
      expect([c.id, recompose(transform(stripped, c.reference, c.mode === 'strict'))]).toEqual([c.id, c.target]);
      expect([c.id, recompose(transform(c.base, c.reference, c.mode === 'strict'))]).toEqual([c.id, c.target]);
      // urigram's adapter answers the same for both, and that is the target.
      const ask = (base: string) => URIGRAM_ADAPTER.resolve!({ id: c.id, op: 'resolve', base, reference: c.reference, mode: c.mode });
      expect([c.id, ask(c.base), ask(stripped)]).toEqual([c.id, c.target, c.target]);
    }
    expect(readme).toContain('A `base` may have a fragment, which is not part of the base: RFC 3986 5.1 strips a base URI of its fragment');
    expect(fs.readFileSync(path.join(dir, '..', 'docs', 'conformance.md'), 'utf8').replace(/\s+/g, ' ')).toContain("a `base` URI's fragment is not part of the base (RFC 3986 5.1)");
    // A program that keeps the base's fragment for an empty reference fails exactly the cases where it shows.
    const keeping: AdapterModule = { resolve: (r) => (r.reference === '' ? String(r.base) : URIGRAM_ADAPTER.resolve!(r)) };
    const report = await runSuite(suite, moduleTransport('keeps the fragment', keeping), { categories: ['resolution'] });
    expect(report.failures.map((f) => f.id).sort()).toEqual(casesOf('resolution').filter((c) => c.reference === '' && c.base.includes('#')).map((c) => c.id).sort());
  });

  it('the README states the protocol version the runner speaks, and each example adapter prints it first', () => {
    expect(readme).toContain(`## The protocol (version ${PROTOCOL_VERSION})`);
    expect(readme).toContain(`{"protocol": ${PROTOCOL_VERSION}, "implementation": `);
    for (const f of fs.readdirSync(path.join(dir, 'adapters'))) {
      const source = fs.readFileSync(path.join(dir, 'adapters', f), 'utf8');
      expect([f, new RegExp(`\\\\?"protocol\\\\?": ${PROTOCOL_VERSION}\\b`).test(source)]).toEqual([f, true]);
    }
  });

  it('the README gives each example adapter\'s command lines, and each adapter\'s opening comment gives the same', () => {
    for (const a of FOREIGN_ADAPTERS) {
      const source = fs.readFileSync(path.join(dir, '..', a.file), 'utf8');
      for (const command of [...a.build, a.exec]) {
        expect([a.name, readme.includes(`\`${command}\``) || readme.includes(`--exec "${command}"\``) || readme.includes(`--exec ${command}\``)]).toEqual([a.name, true]);
        expect([a.name, source.slice(0, 1200).includes(command.replace(/^\.\//, './'))]).toEqual([a.name, true]);
      }
      for (const p of a.packages) expect([a.name, readme.includes(`\`${p}\``)]).toEqual([a.name, true]);
    }
    expect(fs.readdirSync(path.join(dir, 'adapters')).sort()).toEqual(FOREIGN_ADAPTERS.map((a) => path.basename(a.file)).sort());
  });

  const partial = (...args: string[]) => `"${process.execPath}" "${path.join(__dirname, 'support', 'partial-adapter.js')}" ${args.join(' ')}`;

  it('a deliberately partial adapter: what it leaves out is not judged, case normalization is forgiven, its statement names the report', async () => {
    const report = await runSuite(suite, execTransport(partial()), { categories: ['validity', 'components', 'resolution', 'normalization'] });
    expect(report.implementation).toBe('a partial adapter');
    // It states protocol 1: a version 1 adapter, run by a runner of version 2.
    expect(report.protocol).toEqual({ runner: PROTOCOL_VERSION, stated: 1 });
    // It answers correctly what it answers: no failure, whatever it leaves out.
    expect(report.failures).toEqual([]);
    const score = (c: string) => report.scores.find((s) => s.category === c)!;
    // Validity: URI-reference of RFC 3986 alone.
    const uriReference = casesOf('validity').filter((c) => c.grammar === 'rfc3986' && c.rule === 'URI-reference');
    expect(score('validity')).toMatchObject({ passed: uriReference.length, failed: 0, unsupported: casesOf('validity').length - uriReference.length, answered: 100 });
    // Components: a case that asks only what it leaves out (authority, hostKind, pathKind) is not supported; every other passes.
    const left = ['authority', 'hostKind', 'pathKind'];
    const only = casesOf('components').filter((c) => c.grammar !== 'rfc3986' || Object.keys(c.components).every((k) => left.includes(k)));
    expect(only.some((c) => c.grammar === 'rfc3986')).toBe(true);
    expect(score('components')).toMatchObject({ failed: 0, unsupported: only.length, passed: casesOf('components').length - only.length });
    expect(report.unsupported.filter((u) => u.category === 'components' && u.cause === 'reports none of the components the case asks').map((u) => u.id)).toEqual(only.filter((c) => c.grammar === 'rfc3986').map((c) => c.id));
    // Its lower-cased schemes and hosts pass after case normalization, and are counted so.
    const upper = casesOf('components').filter((c) => c.grammar === 'rfc3986' && /[A-Z]/.test((c.components.scheme ?? '') + (c.components.host ?? '').replace(/%[0-9A-Fa-f]{2}/g, '')));
    expect(upper.length).toBeGreaterThan(0);
    expect(score('components').passedAfterCaseNormalization).toBeGreaterThanOrEqual(upper.length);
    const strict = casesOf('resolution').filter((c) => c.mode === 'strict');
    expect(score('resolution')).toMatchObject({ passed: strict.length, failed: 0, unsupported: casesOf('resolution').length - strict.length });
    expect(score('resolution').passedAfterCaseNormalization).toBeGreaterThan(0);
    expect(score('normalization')).toMatchObject({ passed: 0, failed: 0, answered: null, coverage: 0 });
  }, 60000);

  it('an implementation that states another protocol stops the run, naming the versions', async () => {
    await expect(runSuite(suite, execTransport(partial('protocol', '3')), { categories: ['uri-to-iri'] })).rejects.toThrow(ProtocolError);
    await expect(runSuite(suite, execTransport(partial('protocol', '3')), { categories: ['uri-to-iri'] })).rejects.toThrow(/speaks protocol 3; this runner speaks protocols 1 and 2/);
    await expect(runSuite(suite, moduleTransport('m', { protocol: 7, uriToIri: () => 'x' }), { categories: ['uri-to-iri'] })).rejects.toThrow(/speaks protocol 7/);
  }, 30000);

  it('urigram\'s adapter answers reading (protocol 2): RFC 3986\'s components, raw, null where absent; resolved against a base; an error with its offset', async () => {
    const t = moduleTransport('urigram', URIGRAM_ADAPTER);
    expect(await t.call({ id: 'r1', op: 'reading', input: 'HTTP://u@Example.COM:080/a%7e?#' })).toEqual({ id: 'r1', result: { scheme: 'HTTP', userinfo: 'u', host: 'Example.COM', port: '080', path: '/a%7e', query: '', fragment: '' } });
    expect(await t.call({ id: 'r2', op: 'reading', input: 'http://api.good.example;.evil.example/' })).toEqual({ id: 'r2', result: { scheme: 'http', userinfo: null, host: 'api.good.example;.evil.example', port: null, path: '/', query: null, fragment: null } });
    expect(await t.call({ id: 'r3', op: 'reading', input: '../g', base: 'http://a/b/c/d' })).toEqual({ id: 'r3', result: { scheme: 'http', userinfo: null, host: 'a', port: null, path: '/b/g', query: null, fragment: null } });
    expect(await t.call({ id: 'r4', op: 'reading', input: 'mailto:x' })).toEqual({ id: 'r4', result: { scheme: 'mailto', userinfo: null, host: null, port: null, path: 'x', query: null, fragment: null } });
    // A backslash is no character of RFC 3986: refused where it stands.
    expect(await t.call({ id: 'r5', op: 'reading', input: 'http://a.example\\@b.example/' })).toMatchObject({ id: 'r5', error: expect.any(String), offset: 16 });
    expect(readingOf((await t.call({ id: 'r6', op: 'reading', input: '' })).result)).toEqual({ scheme: null, userinfo: null, host: null, port: null, path: '', query: null, fragment: null });
  });

  it('a program that states no protocol is run as protocol 1, and its report says so', async () => {
    const report = await runSuite(suite, moduleTransport('silent', { uriToIri: URIGRAM_ADAPTER.uriToIri }), { categories: ['uri-to-iri'] });
    expect(report.protocol).toEqual({ runner: 2, stated: null });
    expect(reportText(report).split('\n')[0]).toBe(`silent: conformance suite ${suite.version}, protocol 1 (the implementation states none)`);
  });

  it('protocol 2 (the reading operation) and protocol 1 are both accepted, and judged alike: no case asks a reading', async () => {
    expect(PROTOCOL_VERSION).toBe(2);
    const v1 = await runSuite(suite, execTransport(partial('protocol', '1')), { categories: ['uri-to-iri', 'resolution'] });
    const v2 = await runSuite(suite, execTransport(partial('protocol', '2')), { categories: ['uri-to-iri', 'resolution'] });
    expect(v1.protocol).toEqual({ runner: 2, stated: 1 });
    expect(v2.protocol).toEqual({ runner: 2, stated: 2 });
    expect(v2.scores).toEqual(v1.scores);
    expect(v1.failures).toEqual([]);
    expect(suite.categories.flatMap((f) => f.cases.map((c) => requestOf(f.category, c).op)).filter((op) => op === 'reading')).toEqual([]);
  }, 60000);
});

describe('the suite without the library (vendored)', () => {
  it('npm pack ./conformance makes a tarball of the suite alone that the runner takes, its checksums verified, as the README unpacks it', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-vendor-'));
    try {
      const packed = spawnSync('npm', ['pack', './conformance', '--json', '--pack-destination', work], { cwd: path.join(dir, '..'), encoding: 'utf8' });
      expect(packed.status).toBe(0);
      const [{ filename, files }] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
      expect(filename).toBe(`urigram-conformance-${suite.version}.tgz`);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'suite.json'), 'utf8'));
      const adapters = fs.readdirSync(path.join(dir, 'adapters')).map((f) => `adapters/${f}`);
      expect(files.map((f) => f.path).sort()).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json', 'suite.json', ...Object.keys(manifest.sha256), ...adapters].sort());
      // The README's command: tar -xzf urigram-conformance-VERSION.tgz --strip-components=1 -C DIR
      const vendor = path.join(work, 'vendor');
      fs.mkdirSync(vendor);
      expect(spawnSync('tar', ['-xzf', path.join(work, filename), '--strip-components=1', '-C', vendor]).status).toBe(0);
      const copy = loadSuite(vendor);
      expect(copy.version).toBe(suite.version);
      const report = await runSuite(copy, moduleTransport('urigram', URIGRAM_ADAPTER), { categories: ['uri-to-iri'] });
      expect(report.failures).toEqual([]);
      // A copy whose line ends were converted is refused.
      const file = path.join(vendor, 'uri-to-iri.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/\n/g, '\r\n'));
      expect(() => loadSuite(vendor)).toThrow(/uri-to-iri\.json: its SHA-256 is not the one suite\.json gives/);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 60000);
});

describe('a program over the JSON-lines protocol', () => {
  const program = `"${process.execPath}" "${path.join(__dirname, 'support', 'conformance-program.js')}"`;
  const cases: Array<CaseOf['validity']> = [
    { id: 'validity/test/0001', grammar: 'rfc3986', rule: 'URI', input: 'http://a/', valid: true, source: { kind: 'rfc', rfc: 3986, section: '3' } },
    { id: 'validity/test/0002', grammar: 'rfc3986', rule: 'URI', input: 'hang', valid: false, source: { kind: 'rfc', rfc: 3986, section: '3' } },
    { id: 'validity/test/0003', grammar: 'rfc3986', rule: 'URI', input: 'crash', valid: false, source: { kind: 'rfc', rfc: 3986, section: '3' } },
    { id: 'validity/test/0004', grammar: 'rfc3986', rule: 'URI', input: 'garbage', valid: false, source: { kind: 'rfc', rfc: 3986, section: '3' } },
    { id: 'validity/test/0005', grammar: 'rfc3986', rule: 'URI', input: 'a b', valid: false, source: { kind: 'rfc', rfc: 3986, section: '3' } },
    { id: 'validity/test/0006', grammar: 'rfc3987', rule: 'IRI', input: 'http://é/', valid: true, source: { kind: 'rfc', rfc: 3987, section: '2.2' } },
  ];
  const small: Suite = { version: suite.version, dir, categories: [{ suite: 'urigram-conformance', version: suite.version, category: 'validity', description: '', cases }, ...suite.categories.filter((f) => f.category === 'uri-to-iri')] };

  it('is run case by case: a hang and a crash are reported on their case and the program is started again; an unsupported operation is counted as such', async () => {
    const report = await runSuite(small, execTransport(program, { timeoutMs: 1500 }));
    expect(report.scores[0]).toMatchObject({ category: 'validity', total: 6, passed: 3, failed: 3, unsupported: 0 });
    expect(report.scores[1]).toMatchObject({ category: 'uri-to-iri', unsupported: casesOf('uri-to-iri').length, failed: 0 });
    const byCause = Object.fromEntries(report.causes.map((c) => [c.cause, c.examples.map((e) => e.id)]));
    expect(byCause).toEqual({
      'the implementation timed out': ['validity/test/0002'],
      'the implementation crashed': ['validity/test/0003'],
      'the implementation bad answer': ['validity/test/0004'],
    });
  }, 20000);

  it('an answer written just before the program exits counts (the runner reads standard output to its end), and the program is started again', async () => {
    const good = cases.filter((c) => !['hang', 'crash', 'garbage'].includes(c.input));
    const report = await runSuite({ ...small, categories: [{ ...small.categories[0], cases: good }] }, execTransport(`${program} once`, { timeoutMs: 5000 }));
    expect(report.scores[0]).toMatchObject({ category: 'validity', total: good.length, passed: good.length, failed: 0, unsupported: 0 });
  }, 30000);

  it('a line that answers nothing (a banner) is passed over, not taken for the first answer', async () => {
    const good = cases.filter((c) => !['hang', 'crash', 'garbage'].includes(c.input));
    const report = await runSuite({ ...small, categories: [{ ...small.categories[0], cases: good }] }, execTransport(`${program} banner`));
    expect(report.scores[0]).toMatchObject({ passed: good.length, failed: 0 });
  }, 30000);

  it('the time limit is per case: lines that answer nothing do not start it again', async () => {
    const hang = cases.filter((c) => c.input === 'hang');
    const started = Date.now();
    const report = await runSuite({ ...small, categories: [{ ...small.categories[0], cases: hang }] }, execTransport(`${program} chatter`, { timeoutMs: 500 }));
    expect(report.causes.map((c) => c.cause)).toEqual(['the implementation timed out']);
    // Not a timed assertion of speed: without a per-case deadline this run never ends, and if the program's first
    // line did not end its start-up allowance (30 s by default) it would take 30 s: jest's timeout fails either.
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  }, 15000);

  it('the first case after each start also has the time the program takes to start (a JVM compiling a source file)', async () => {
    const good = cases.filter((c) => c.input === 'http://a/');
    const one = { ...small, categories: [{ ...small.categories[0], cases: good }] };
    expect((await runSuite(one, execTransport(`${program} slow`, { timeoutMs: 300, startMs: 5000 }))).failures).toEqual([]);
    expect((await runSuite(one, execTransport(`${program} slow`, { timeoutMs: 300, startMs: 0 }))).failures.map((f) => f.cause)).toEqual(['the implementation timed out']);
  }, 30000);

  const slowAdapter = (...args: string[]) => `"${process.execPath}" "${path.join(__dirname, 'fixtures', 'conformance', 'slow-adapter.js')}" ${args.join(' ')}`;
  const six = (): Suite => ({ ...small, categories: [{ ...small.categories[0], cases: Array.from({ length: 6 }, (_, k) => ({ ...cases[0], id: `validity/test/01${k}` })) }] });
  const startsIn = (log: string): number => fs.readFileSync(log, 'utf8').trim().split('\n').length;
  /** Where the fake program logs its starts. */
  let logs: string;
  beforeAll(() => {
    logs = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-starts-'));
  });
  afterAll(() => fs.rmSync(logs, { recursive: true, force: true }));

  it('a silent program has the start-up allowance once, not again after each restart: each later case costs its own limit', async () => {
    const log = path.join(logs, 'silent');
    // 5 s to start, 100 ms a case, 6 cases: about 5.1 + 5 x 0.1 s. Were the allowance granted on every restart, 6 x 5.1 s:
    // the run's generous limit of 20 s would stop it (Report.stopped) before the fourth case.
    const report = await runSuite(six(), execTransport(slowAdapter('silent', log), { timeoutMs: 100, startMs: 5000 }), { maxTimeMs: 20_000 });
    expect(report.stopped).toBeUndefined();
    expect(report.scores[0]).toMatchObject({ total: 6, failed: 6, notRun: 0 });
    expect(report.causes.map((c) => [c.cause, c.count])).toEqual([['the implementation timed out', 6]]);
    // It was started (the starts after the first may be stopped, 100 ms on, before Node has even run the script).
    expect(startsIn(log)).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('a program that states its protocol and then never answers: each start ends its allowance with that line, so each case costs its limit', async () => {
    const log = path.join(logs, 'mute');
    const report = await runSuite(six(), execTransport(slowAdapter('slow', '1000000', log), { timeoutMs: 200 }), { maxTimeMs: 20_000 });
    expect(report.stopped).toBeUndefined();
    expect(report.causes.map((c) => [c.cause, c.count])).toEqual([['the implementation timed out', 6]]);
    expect(startsIn(log)).toBe(6);
  }, 60_000);

  it('a program that writes lines keeps the allowance after a restart: one slow to start, started again after a crash, is not cut short', async () => {
    const good = cases.find((c) => c.input === 'http://a/')!;
    const crash = cases.find((c) => c.input === 'crash')!;
    const run = { ...small, categories: [{ ...small.categories[0], cases: [good, crash, { ...good, id: 'validity/test/0100' }] }] };
    const report = await runSuite(run, execTransport(`${program} slow`, { timeoutMs: 300, startMs: 5000 }));
    expect(report.failures.map((f) => [f.id, f.cause])).toEqual([[crash.id, 'the implementation crashed']]);
  }, 30_000);

  it('a line that reads "timeout" is a bad answer, like any line that is not JSON, not taken for the time limit', async () => {
    const report = await runSuite(six(), execTransport(slowAdapter('word'), { timeoutMs: 5000 }));
    expect(report.causes.map((c) => [c.cause, c.count])).toEqual([['the implementation bad answer', 6]]);
  }, 30_000);

  it('the run\'s time limit (maxTimeMs) stops a run whose adapter never settles, whatever the per-case limit; the cases not run are counted and listed', async () => {
    const never: AdapterModule = { uriToIri: () => new Promise(() => {}) };
    const report = await runSuite(suite, moduleTransport('never', never, 60_000), { categories: ['uri-to-iri', 'percent-encoding'], maxTimeMs: 300 });
    const all = [...casesOf('uri-to-iri').map((c) => c.id), ...casesOf('percent-encoding').map((c) => c.id)];
    expect(report.stopped).toEqual({ reason: 'max-time', limitMs: 300, notRun: all.map((id) => ({ id, category: id.startsWith('uri-to-iri') ? 'uri-to-iri' : 'percent-encoding' })) });
    expect(report.scores.map((s) => [s.category, s.total, s.notRun, s.coverage])).toEqual([
      ['uri-to-iri', casesOf('uri-to-iri').length, casesOf('uri-to-iri').length, 0],
      ['percent-encoding', casesOf('percent-encoding').length, casesOf('percent-encoding').length, 0],
    ]);
    expect(reportText(report)).toContain(`stopped: the run's time limit (--max-time 300 ms) came while ${all[0]} was asked: it and the ${all.length - 1} cases after it were not run`);
    await expect(runSuite(suite, moduleTransport('never', never), { maxTimeMs: 0 })).rejects.toThrow(RangeError);
  }, 30_000);

  it('refuses a time limit setTimeout cannot keep (a longer one would fire at once)', () => {
    expect(() => execTransport(program, { timeoutMs: 2 ** 31 })).toThrow(RangeError);
    expect(() => execTransport(program, { timeoutMs: 0 })).toThrow(RangeError);
    expect(() => execTransport(program, { startMs: -1 })).toThrow(RangeError);
  });

  it('the whole validity category through a process agrees with the in-process run', async () => {
    const validity = suite.categories.filter((f) => f.category === 'validity');
    const report = await runSuite({ ...suite, categories: validity }, execTransport(program));
    expect(report.scores).toEqual([expect.objectContaining({ category: 'validity', total: validity[0].cases.length, passed: validity[0].cases.length, failed: 0, unsupported: 0 })]);
  }, 60000);
});
