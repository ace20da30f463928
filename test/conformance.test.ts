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
import { buildSuite, serialize } from '../scripts/conformance/generate-suite';
import { loadSuite, type CaseOf, type Suite } from '../src/conformance/suite';
import { moduleTransport, runSuite, type AdapterModule, type Report } from '../src/conformance/run';
import { execTransport } from '../src/conformance/exec';
import { reportMarkdown, reportSvg, reportText } from '../src/conformance/report';
import { URIGRAM_ADAPTER } from '../src/conformance/urigram-adapter';

const dir = path.join(__dirname, '..', 'conformance');
const suite: Suite = loadSuite(dir);
const casesOf = <C extends keyof CaseOf>(category: C): ReadonlyArray<CaseOf[C]> => (suite.categories.find((f) => f.category === category)?.cases ?? []) as ReadonlyArray<CaseOf[C]>;

describe('the suite files', () => {
  const schema = JSON.parse(fs.readFileSync(path.join(dir, 'schema.json'), 'utf8'));
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'schema.json');

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

  it('are what npm run conformance:generate writes (seeded: the same every time)', () => {
    const built = buildSuite();
    for (const [name, file] of Object.entries(built)) expect([name, fs.readFileSync(path.join(dir, name), 'utf8') === serialize(file)]).toEqual([name, true]);
    expect(Object.keys(built).sort()).toEqual(files.filter((f) => f !== 'suite.json').sort());
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

  it('urigram scores 100% on every category', () => {
    expect(urigram.causes).toEqual([]);
    for (const s of urigram.scores) expect(s).toEqual({ category: s.category, total: s.total, passed: s.total, failed: 0, unsupported: 0 });
    expect(urigram.scores.map((s) => s.category)).toEqual(suite.categories.map((f) => f.category));
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
    expect(reportText(report)).toMatch(/validity +\d+ passed +\d+ failed/);
  });

  it('awaits an adapter\'s async functions, and takes a rejection as the error', async () => {
    const asyncAdapter: AdapterModule = {
      percentDecode: async (r) => (URIGRAM_ADAPTER.percentDecode as (x: typeof r) => string)(r),
      percentEncode: async (r) => (URIGRAM_ADAPTER.percentEncode as (x: typeof r) => string)(r),
    };
    const report = await runSuite(suite, moduleTransport('async', asyncAdapter), { categories: ['percent-encoding'] });
    expect(report.scores).toEqual([{ category: 'percent-encoding', total: casesOf('percent-encoding').length, passed: casesOf('percent-encoding').length, failed: 0, unsupported: 0 }]);
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
    expect(report.scores[0]).toEqual({ category: 'validity', total: 6, passed: 3, failed: 3, unsupported: 0 });
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
    expect(report.scores[0]).toEqual({ category: 'validity', total: good.length, passed: good.length, failed: 0, unsupported: 0 });
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
    // Not a timed assertion of speed: without a per-case deadline this run never ends (jest's timeout fails it).
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  }, 15000);

  it('refuses a time limit setTimeout cannot keep (a longer one would fire at once)', () => {
    expect(() => execTransport(program, { timeoutMs: 2 ** 31 })).toThrow(RangeError);
    expect(() => execTransport(program, { timeoutMs: 0 })).toThrow(RangeError);
  });

  it('the whole validity category through a process agrees with the in-process run', async () => {
    const validity = suite.categories.filter((f) => f.category === 'validity');
    const report = await runSuite({ ...suite, categories: validity }, execTransport(program));
    expect(report.scores).toEqual([{ category: 'validity', total: validity[0].cases.length, passed: validity[0].cases.length, failed: 0, unsupported: 0 }]);
  }, 60000);
});
