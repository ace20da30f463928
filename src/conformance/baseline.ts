/**
 * Known failures as data: a baseline file lists the cases an implementation
 * fails, by id, with their causes, and the cases it answers (passed or failed),
 * by category. A run compared with it fails only on a change: a new failure, a
 * known failure that no longer fails (it passes, or is no longer answered), a
 * case that was answered and no longer is, or a case the suite no longer has;
 * each means the baseline is to be looked at, and written again
 * (--write-baseline) when the change is wanted. A case answered, and passed,
 * that it does not record is said but fails nothing: more coverage, or a newer
 * suite's case. A baseline
 * written before the answered cases were recorded still loads: its failures are
 * compared, and the comparison says that coverage cannot be checked. The file is
 * JSON, one id per line, in the suite's order, so that it diffs well under
 * version control.
 */
import type { AnyCase, Category, Suite } from './suite';
import type { Failure, Report } from './run';

export interface Baseline {
  readonly suiteVersion: string;
  readonly implementation: string;
  /** The categories the run that wrote it ran: a failure in one of them not listed here is new. */
  readonly categories: readonly Category[];
  /** Case id to the cause it failed with. */
  readonly failures: Readonly<Record<string, string>>;
  /**
   * For each category it records, the ids of the cases answered (passed or failed), in the suite's order. A category
   * it does not record (a baseline written before they were recorded, or one kept from such a baseline) cannot have its
   * coverage checked.
   */
  readonly answered: Readonly<Partial<Record<Category, readonly string[]>>>;
}

/** A case of the run's categories whose coverage changed from the baseline's. */
export interface CoverageChange {
  readonly id: string;
  readonly category: Category;
  /** The grammar and rule the case asks about, in a category that has them (validity, error-offset, components). */
  readonly rule?: string;
}

export interface NoLongerFailing {
  readonly id: string;
  readonly category: Category;
  /** What it does now. */
  readonly now: 'passes' | 'not supported';
  /** The cause the baseline gives. */
  readonly cause: string;
}

export interface BaselineComparison {
  readonly file: string;
  /** The suite version the baseline was written with. */
  readonly suiteVersion: string;
  /** Failures the baseline lists that still fail. */
  readonly known: number;
  /** Failures it does not list. */
  readonly new: readonly Failure[];
  readonly noLongerFailing: readonly NoLongerFailing[];
  /** Cases it records as answered that the run did not answer (not supported now), known failures apart (noLongerFailing). */
  readonly noLongerAnswered: readonly CoverageChange[];
  /**
   * Cases the run answered, and passed, that it does not record as answered: said, and no change that fails the run
   * (more coverage, or a newer suite's cases; a failure among them is new). Written again, the baseline holds them.
   */
  readonly newlyAnswered: readonly CoverageChange[];
  /** Categories run whose answered cases it does not record: their coverage is not checked (write the baseline again). */
  readonly coverageUnchecked: readonly Category[];
  /** Ids it lists that the suite does not have (a case removed or renamed in a new major version). */
  readonly notInSuite: readonly string[];
  /** Whether anything changed: the run fails. */
  readonly changed: boolean;
}

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** A baseline file's text parsed and checked: an Error saying what is wrong. */
export function parseBaseline(text: string): Baseline {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`not JSON (${(e as Error).message})`);
  }
  if (!isObject(data) || data.baseline !== 'urigram-conformance') throw new Error('not a conformance baseline (no "baseline": "urigram-conformance")');
  if (typeof data.suiteVersion !== 'string' || typeof data.implementation !== 'string') throw new Error('no string "suiteVersion" and "implementation"');
  if (!Array.isArray(data.categories) || !data.categories.every((c) => typeof c === 'string')) throw new Error('no "categories" array of strings');
  if (!isObject(data.failures) || !Object.values(data.failures).every((c) => typeof c === 'string')) throw new Error('no "failures" object of case ids and causes');
  // Absent in a baseline written before the answered cases were recorded: it loads, and coverage is not checked.
  const answered = data.answered ?? {};
  if (!isObject(answered) || !Object.values(answered).every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === 'string'))) {
    throw new Error('"answered" is not an object of categories and arrays of case ids');
  }
  return { suiteVersion: data.suiteVersion, implementation: data.implementation, categories: data.categories as Category[], failures: data.failures as Record<string, string>, answered: answered as Record<Category, string[]> };
}

/** The ids of the cases a run answered (passed or failed), by category: those of the categories it ran, less those not supported or not run. */
function answeredBy(report: Report, suite: Suite): Map<Category, string[]> {
  const ran = new Set(report.scores.map((s) => s.category));
  const not = new Set([...report.unsupported.map((u) => u.id), ...(report.stopped?.notRun ?? []).map((n) => n.id)]);
  const out = new Map<Category, string[]>();
  for (const file of suite.categories) if (ran.has(file.category)) out.set(file.category, file.cases.filter((c) => !not.has(c.id)).map((c) => c.id));
  return out;
}

/**
 * The baseline of a run: its failures and answered cases, and those of `previous` in categories the run did not
 * run (a run of a few categories updates their part of the baseline and keeps the rest). A run stopped by its time
 * limit makes none: what it did not run would read as no longer answered.
 */
export function baselineOf(report: Report, suite: Suite, previous?: Baseline): Baseline {
  if (report.stopped !== undefined) throw new Error(`a run stopped by its time limit makes no baseline (${report.stopped.notRun.length} cases were not run)`);
  const ran = report.scores.map((s) => s.category);
  const failing = new Map(report.failures.map((f) => [f.id, f.cause]));
  const categoryOf = idCategories(suite);
  const kept = Object.entries(previous?.failures ?? {}).filter(([id]) => {
    const c = categoryOf.get(id);
    return c !== undefined && !ran.includes(c);
  });
  for (const [id, cause] of kept) failing.set(id, cause);
  // In the suite's order, whatever the order they were found in.
  const failures: Record<string, string> = {};
  for (const file of suite.categories) for (const c of file.cases) if (failing.has(c.id)) failures[c.id] = failing.get(c.id)!;
  const categories = suite.categories.map((f) => f.category).filter((c) => ran.includes(c) || previous?.categories.includes(c));
  // The run's categories from the run; the others as `previous` records them (or not at all).
  const now = answeredBy(report, suite);
  const answered: Partial<Record<Category, readonly string[]>> = {};
  for (const c of categories) {
    const ids = now.get(c) ?? previous?.answered[c];
    if (ids !== undefined) answered[c] = ids;
  }
  return { suiteVersion: suite.version, implementation: report.implementation, categories, failures, answered };
}

export function serializeBaseline(b: Baseline): string {
  const head = JSON.stringify({ baseline: 'urigram-conformance', suiteVersion: b.suiteVersion, implementation: b.implementation, categories: b.categories }, null, 2).slice(0, -2);
  const lines = Object.entries(b.failures).map(([id, cause]) => `    ${JSON.stringify(id)}: ${JSON.stringify(cause)}`);
  const categories = Object.entries(b.answered).map(([c, ids]) => `    ${JSON.stringify(c)}: [${ids!.length === 0 ? ']' : `\n${ids!.map((id) => `      ${JSON.stringify(id)}`).join(',\n')}\n    ]`}`);
  const block = (open: string, close: string, rows: string[]) => (rows.length === 0 ? `${open}${close}` : `${open}\n${rows.join(',\n')}\n  ${close}`);
  return `${head},\n  "failures": ${block('{', '}', lines)},\n  "answered": ${block('{', '}', categories)}\n}\n`;
}

function idCategories(suite: Suite): Map<string, Category> {
  const m = new Map<string, Category>();
  for (const file of suite.categories) for (const c of file.cases) m.set(c.id, file.category);
  return m;
}

/**
 * The run against the baseline: only the categories the run ran are compared, and of a run stopped by its time
 * limit only the cases it ran.
 */
export function compareBaseline(report: Report, suite: Suite, baseline: Baseline, file: string): BaselineComparison {
  const ran = new Set(report.scores.map((s) => s.category));
  const categoryOf = idCategories(suite);
  const failing = new Set(report.failures.map((f) => f.id));
  const unanswered = new Set(report.unsupported.map((u) => u.id));
  const notRun = new Set((report.stopped?.notRun ?? []).map((n) => n.id));
  const listed = Object.keys(baseline.failures);
  const recorded = Object.values(baseline.answered).flat() as string[];
  const notInSuite = [...new Set([...listed, ...recorded])].filter((id) => !categoryOf.has(id));
  const noLongerFailing: NoLongerFailing[] = [];
  let known = 0;
  for (const id of listed) {
    const category = categoryOf.get(id);
    if (category === undefined || !ran.has(category) || notRun.has(id)) continue;
    if (failing.has(id)) known++;
    else noLongerFailing.push({ id, category, now: unanswered.has(id) ? 'not supported' : 'passes', cause: baseline.failures[id] });
  }
  const isListed = (id: string) => Object.prototype.hasOwnProperty.call(baseline.failures, id);
  const fresh = report.failures.filter((f) => !isListed(f.id));
  // Coverage, in the categories whose answered cases the baseline records.
  const noLongerAnswered: CoverageChange[] = [];
  const newlyAnswered: CoverageChange[] = [];
  const cases = new Map(suite.categories.flatMap((f) => f.cases.map((c): [string, AnyCase] => [c.id, c])));
  const change = (id: string, category: Category): CoverageChange => {
    const c = cases.get(id) as { grammar?: unknown; rule?: unknown } | undefined;
    return { id, category, ...(typeof c?.grammar === 'string' && typeof c.rule === 'string' ? { rule: `${c.grammar} ${c.rule}` } : {}) };
  };
  const coverageUnchecked: Category[] = [];
  for (const [category, now] of answeredBy(report, suite)) {
    const before = baseline.answered[category];
    if (before === undefined) {
      coverageUnchecked.push(category);
      continue;
    }
    const was = new Set(before);
    const is = new Set(now);
    for (const id of before) if (!is.has(id) && unanswered.has(id) && !isListed(id)) noLongerAnswered.push(change(id, category));
    for (const id of now) if (!was.has(id) && !failing.has(id)) newlyAnswered.push(change(id, category));
  }
  const changes = fresh.length + noLongerFailing.length + noLongerAnswered.length + notInSuite.length;
  return { file, suiteVersion: baseline.suiteVersion, known, new: fresh, noLongerFailing, noLongerAnswered, newlyAnswered, coverageUnchecked, notInSuite, changed: changes > 0 };
}
