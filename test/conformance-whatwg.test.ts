/**
 * The conformance category whatwg-validity (issue 49 item 5): its cases are
 * the spec data (test/fixtures/whatwg-validity/, written by hand from the URL
 * Standard, and the validation error table of scripts/conformance/whatwg-cases.ts),
 * one per writing rule both ways and one per named validation error at
 * least; urigram's adapter answers every case, offsets included; a wrong
 * answer of each kind is caught; an answer of names alone (whatwg-url's)
 * passes on what it answers, and the report says what it did not judge.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSuite, type CaseOf, type Suite } from '../src/conformance/suite';
import { judge, specOf } from '../src/conformance/categories';
import { moduleTransport, runSuite, type AdapterModule, type Report, type Request } from '../src/conformance/run';
import { execTransport } from '../src/conformance/exec';
import { reportMarkdown, reportText } from '../src/conformance/report';
import { URIGRAM_ADAPTER } from '../src/conformance/urigram-adapter';
import { FOREIGN_ADAPTERS } from '../scripts/conformance/foreign-adapters';
import { WHATWG_VALIDATION_ERROR_NAMES } from '../src';

const root = path.join(__dirname, '..');
const suite: Suite = loadSuite(path.join(root, 'conformance'));
type WhatwgCase = CaseOf['whatwg-validity'];
type Writing = Extract<WhatwgCase, { definition: 'writing' }>;
type Parser = Extract<WhatwgCase, { definition: 'parser' }>;
const cases = suite.categories.find((f) => f.category === 'whatwg-validity')!.cases as readonly WhatwgCase[];
const writing = cases.filter((c): c is Writing => c.definition === 'writing');
const parser = cases.filter((c): c is Parser => c.definition === 'parser');
const fixture = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(root, 'test', 'fixtures', 'whatwg-validity', name), 'utf8')) as T;

const only = (adapter: AdapterModule): Promise<Report> => runSuite(suite, moduleTransport('test', adapter), { categories: ['whatwg-validity'] });
const urigramValidate = URIGRAM_ADAPTER.whatwgValidate!;
const urigramErrors = URIGRAM_ADAPTER.whatwgValidationErrors! as (r: Request) => { errors: Array<{ name: string; offset: number }>; failure: boolean };

describe('the cases are the spec data', () => {
  it('a valid and an invalid string per writing rule, each invalid one with the fixture\'s offset, and every example of the Standard\'s text', () => {
    const rules = fixture<{ cases: Array<{ rule: string; base: string | null; valid: string[]; invalid: Array<{ input: string; offset: number }> }> }>('writing-rules.json').cases;
    expect(rules.length).toBeGreaterThan(20);
    for (const r of rules) {
      const mine = writing.filter((c) => c.rule === r.rule);
      expect([r.rule, mine.filter((c) => c.valid).map((c) => c.input)]).toEqual([r.rule, r.valid]);
      expect([r.rule, mine.filter((c) => !c.valid).map((c) => [c.input, c.offset])]).toEqual([r.rule, r.invalid.map((x) => [x.input, x.offset])]);
      expect(mine.every((c) => c.base === r.base)).toBe(true);
    }
    const examples = fixture<{ examples: Array<{ input: string; base: string | null; valid: boolean }> }>('prose-examples.json').examples;
    for (const e of examples) expect(writing.filter((c) => c.input === e.input && c.base === e.base).map((c) => c.valid)).toContain(e.valid);
  });

  it('an input per named validation error of the Standard\'s table, whose errors name it', () => {
    for (const name of WHATWG_VALIDATION_ERROR_NAMES) {
      const mine = parser.filter((c) => c.error === name);
      expect([name, mine.length > 0 && mine.every((c) => c.errors.some((e) => e.name === name))]).toEqual([name, true]);
    }
    // Only the names of the table, and inputs with no error at all.
    expect(parser.every((c) => c.errors.every((e) => (WHATWG_VALIDATION_ERROR_NAMES as readonly string[]).includes(e.name)))).toBe(true);
    expect(parser.filter((c) => c.error === undefined).every((c) => c.errors.length === 0 && !c.failure)).toBe(true);
    // Each offset is in its input.
    for (const c of parser) expect([c.input, c.errors.every((e) => e.offset <= c.input.length)]).toEqual([c.input, true]);
  });
});

describe("the Standard's validation error table (grammar/whatwg-url.bs)", () => {
  it('every example input it gives is a parser case, against the base it gives', () => {
    const bs = fs.readFileSync(path.join(root, 'grammar', 'whatwg-url.bs'), 'utf8');
    const start = bs.indexOf('<td><dfn id=validation-error-domain-to-ascii>');
    const table = bs.slice(start, bs.indexOf('</table>', start));
    // Bikeshed's markup: "\[" is a "[", <br> a newline. Inline code in the prose (a decoded host, "//", "file") is no input.
    const unmark = (x: string) => x.replace(/\\\[/g, '[').replace(/<br>/g, '\n');
    const quoted = [...table.matchAll(/"<code>([^<]*(?:<br>[^<]*)*)<\/code>"/g)].map((m) => [unmark(m[1]), null] as const).filter(([x]) => x.includes(':'));
    const constructed = [...table.matchAll(/new URL\("([^"]*)"(?:, "([^"]*)")?\)/g)].map((m) => [m[1], m[2] ?? null] as const);
    const examples = [...quoted, ...constructed];
    expect(examples.length).toBeGreaterThan(40);
    const asked = new Set(parser.map((c) => JSON.stringify([c.input, c.base])));
    expect(examples.filter(([input, base]) => !asked.has(JSON.stringify([input, base])))).toEqual([]);
  });
});

describe('a case from elsewhere is checked before it runs', () => {
  const problem = (c: Record<string, unknown>) => specOf('whatwg-validity').problem(c);
  it('names what is missing or malformed in a writing or a parser case', () => {
    for (const c of cases) expect(problem(c as unknown as Record<string, unknown>)).toBeUndefined();
    const w = { definition: 'writing', rule: 'r', input: 'x', base: null, valid: false, offset: 1 };
    expect(problem({ ...w, base: 1 })).toBe('has no "base" string (or null, for none)');
    expect(problem({ ...w, valid: 'no' })).toBe('has no boolean "valid"');
    expect(problem({ ...w, valid: true })).toMatch(/"offset" that is not an integer from 0 on an invalid string/);
    expect(problem({ ...w, offset: -1 })).toMatch(/"offset"/);
    expect(problem({ ...w, definition: 'other' })).toBe('has no "definition" of writing or parser');
    const p = { definition: 'parser', input: 'x', base: null, errors: [{ name: 'port-invalid', offset: 0 }], failure: true };
    expect(problem(p)).toBeUndefined();
    expect(problem({ ...p, errors: ['port-invalid'] })).toMatch(/has no "errors" array/);
    expect(problem({ ...p, failure: undefined })).toBe('has no boolean "failure"');
    expect(problem({ ...p, error: 1 })).toBe('has an "error" that is not a string');
  });
});

describe("urigram's adapter", () => {
  it('passes every case, every offset judged (the writing grammar\'s error offsets, whatwgValidationErrors\' offsets)', async () => {
    const report = await only(URIGRAM_ADAPTER);
    expect(report.failures).toEqual([]);
    expect(report.scores).toEqual([expect.objectContaining({ category: 'whatwg-validity', total: cases.length, passed: cases.length, failed: 0, unsupported: 0 })]);
    expect(report.scores[0].passedWithoutJudging).toBeUndefined();
    expect(reportText(report)).not.toContain('passed without judging');
  });
});

describe('wrong answers are caught', () => {
  const invalid = writing.filter((c) => !c.valid && c.offset !== undefined);
  const withErrors = parser.filter((c) => c.errors.length > 0);

  it('a writing answer flipped, and an invalid string refused at another offset', async () => {
    const target = invalid[0];
    const flipped = await only({ ...URIGRAM_ADAPTER, whatwgValidate: (r) => (r.input === target.input && r.base === (target.base ?? undefined) ? true : urigramValidate(r)) });
    expect(flipped.failures.map((f) => [f.id, f.cause])).toEqual([[target.id, `valid URL string (${target.rule}): accepts an invalid string`]]);
    const shifted = await only({
      ...URIGRAM_ADAPTER,
      whatwgValidate: (r) => {
        try {
          return urigramValidate(r);
        } catch (e) {
          throw Object.assign(new Error('invalid'), { offset: (e as { offset: number }).offset + 1 });
        }
      },
    });
    expect(shifted.failures.map((f) => f.id)).toEqual(invalid.map((c) => c.id));
    expect(new Set(shifted.failures.map((f) => f.cause.replace(/^valid URL string \(.*\): /, '')))).toEqual(new Set(['another offset where the string stops being valid']));
  });

  it('validation errors: a shifted offset, a name left out, failure said wrongly, an error answer', async () => {
    const shifted = await only({ ...URIGRAM_ADAPTER, whatwgValidationErrors: (r) => ({ ...urigramErrors(r), errors: urigramErrors(r).errors.map((e) => ({ ...e, offset: e.offset + 1 })) }) });
    expect(shifted.failures.map((f) => f.id)).toEqual(withErrors.map((c) => c.id));
    expect(shifted.failures.every((f) => /^validation errors \(.*\): another offset for /.test(f.cause))).toBe(true);
    const dropped = await only({ ...URIGRAM_ADAPTER, whatwgValidationErrors: (r) => ({ ...urigramErrors(r), errors: urigramErrors(r).errors.slice(0, -1) }) });
    expect(dropped.failures.map((f) => f.id)).toEqual(withErrors.map((c) => c.id));
    expect(dropped.failures[0].cause).toMatch(/^validation errors \(domain-to-ASCII\): other names, or in another order$/);
    const never = await only({ ...URIGRAM_ADAPTER, whatwgValidationErrors: (r) => ({ ...urigramErrors(r), failure: false }) });
    expect(never.failures.map((f) => f.id)).toEqual(parser.filter((c) => c.failure).map((c) => c.id));
    expect(never.failures[0].cause).toMatch(/the parse succeeds where it returns failure$/);
    const thrown = await only({ ...URIGRAM_ADAPTER, whatwgValidationErrors: () => { throw new Error('no'); } });
    expect(thrown.failures.length).toBe(parser.length);
  });

  it('an answer without offsets or failure passes on the names and says what it did not judge; a valid string refused fails', () => {
    const c = withErrors.find((x) => x.errors.length === 2 && x.failure)!;
    const names = c.errors.map((e) => e.name);
    expect(judge('whatwg-validity', c, { result: { errors: names } })).toEqual({ status: 'pass', unjudged: ['offset', 'failure'] });
    expect(judge('whatwg-validity', c, { result: { errors: names, failure: true } })).toEqual({ status: 'pass', unjudged: ['offset'] });
    expect(judge('whatwg-validity', c, { result: { errors: [...names].reverse(), failure: true } })).toMatchObject({ status: 'fail', got: [...names].reverse().join(' ') });
    expect(judge('whatwg-validity', c, { result: names })).toMatchObject({ status: 'fail', cause: expect.stringMatching(/no "errors" list/) });
    expect(judge('whatwg-validity', c, { result: { errors: names, failure: 'yes' } })).toMatchObject({ status: 'fail', cause: expect.stringMatching(/a "failure" that is not a boolean$/), got: '"yes"' });
    const bad = invalid[0];
    expect(judge('whatwg-validity', bad, { result: false })).toEqual({ status: 'pass', unjudged: ['offset'] });
    expect(judge('whatwg-validity', bad, { error: 'invalid' })).toEqual({ status: 'pass', unjudged: ['offset'] });
    expect(judge('whatwg-validity', bad, { error: 'invalid', offset: bad.offset })).toEqual({ status: 'pass' });
    const good = writing.find((x) => x.valid)!;
    expect(judge('whatwg-validity', good, { error: 'invalid', offset: 0 })).toMatchObject({ status: 'fail', cause: expect.stringMatching(/rejects a valid string$/) });
    expect(judge('whatwg-validity', good, { result: 'yes' })).toMatchObject({ status: 'fail', cause: expect.stringMatching(/no boolean answer$/) });
  });
});

describe('an implementation that names errors only (whatwg-url 17.3, the example adapter)', () => {
  it('names only: every case passes, and the text and Markdown reports count the offsets not judged', async () => {
    const namesOnly = await only({
      // A boolean alone: false for an invalid string, with no offset.
      whatwgValidate: (r) => {
        try {
          return urigramValidate(r) === true;
        } catch {
          return false;
        }
      },
      whatwgValidationErrors: (r) => ({ errors: urigramErrors(r).errors.map((e) => e.name) }),
    });
    expect(namesOnly.failures).toEqual([]);
    const invalidWithOffset = writing.filter((c) => !c.valid && c.offset !== undefined).length;
    const withErrors = parser.filter((c) => c.errors.length > 0).length;
    expect(namesOnly.scores[0]).toMatchObject({ passed: cases.length, passedWithoutJudging: { offset: invalidWithOffset + withErrors, failure: parser.length } });
    expect(reportText(namesOnly)).toContain(`(passed without judging, not answered: offset ${invalidWithOffset + withErrors}, failure ${parser.length})`);
    expect(reportMarkdown(namesOnly)).toContain(`Passed without judging a field the answers do not give: whatwg-validity (offset ${invalidWithOffset + withErrors}, failure ${parser.length}).`);
  });

  it('the whatwg-url adapter of conformance/adapters/ over the JSON-lines protocol: every case passes, offsets not judged', async () => {
    const adapter = FOREIGN_ADAPTERS.find((a) => a.name === 'whatwg-url')!;
    // whatwg-url is a devDependency at 17.3.0 (package.json): a checkout whose node_modules predates it needs npm ci.
    // It loads in Node.js 20.19 or later (require of ES modules); urigram runs on any Node.js 20, where an older one
    // has the adapter missing, with that reason (and conformance:adapters skips it, saying so).
    const [major, minor] = process.versions.node.split('.').map(Number);
    if (major === 20 && minor < 19) {
      expect(adapter.missing()).toContain('Node.js 20.19 or later');
      return;
    }
    expect(adapter.missing()).toBeUndefined();
    const report = await runSuite(suite, execTransport(adapter.exec, { cwd: root, timeoutMs: 30_000 }), { categories: ['whatwg-validity', 'uri-to-iri'] });
    expect(report.implementation).toMatch(/^whatwg-url 17\.\d+\.\d+ \(Node\.js /);
    expect(report.failures).toEqual([]);
    const score = (c: string) => report.scores.find((s) => s.category === c)!;
    expect(score('whatwg-validity')).toMatchObject({ passed: cases.length, unsupported: 0 });
    expect(score('whatwg-validity').passedWithoutJudging).toEqual({ offset: writing.filter((c) => !c.valid && c.offset !== undefined).length + parser.filter((c) => c.errors.length > 0).length });
    // What it does not implement is not supported, not failed.
    expect(score('uri-to-iri')).toMatchObject({ passed: 0, failed: 0, unsupported: score('uri-to-iri').total });
  }, 60_000);
});
