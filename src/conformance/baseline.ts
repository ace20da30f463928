/**
 * Known failures as data: a baseline file lists the cases an implementation
 * fails, by id, with their causes. A run compared with it fails only on a
 * change: a new failure, or a known failure that no longer fails (it passes,
 * or is no longer answered), or a case the suite no longer has; each means the
 * baseline is to be looked at, and written again (--write-baseline) when the
 * change is wanted. The file is JSON, one failure per line, in the suite's
 * order, so that it diffs well under version control.
 */
import type { Category, Suite } from './suite';
import type { Failure, Report } from './run';

export interface Baseline {
  readonly suiteVersion: string;
  readonly implementation: string;
  /** The categories the run that wrote it ran: a failure in one of them not listed here is new. */
  readonly categories: readonly Category[];
  /** Case id to the cause it failed with. */
  readonly failures: Readonly<Record<string, string>>;
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
  return { suiteVersion: data.suiteVersion, implementation: data.implementation, categories: data.categories as Category[], failures: data.failures as Record<string, string> };
}

/**
 * The baseline of a run: its failures, and those of `previous` in categories the run did not run
 * (a run of a few categories updates their part of the baseline and keeps the rest).
 */
export function baselineOf(report: Report, suite: Suite, previous?: Baseline): Baseline {
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
  return { suiteVersion: suite.version, implementation: report.implementation, categories, failures };
}

export function serializeBaseline(b: Baseline): string {
  const head = JSON.stringify({ baseline: 'urigram-conformance', suiteVersion: b.suiteVersion, implementation: b.implementation, categories: b.categories }, null, 2).slice(0, -2);
  const lines = Object.entries(b.failures).map(([id, cause]) => `    ${JSON.stringify(id)}: ${JSON.stringify(cause)}`);
  return `${head},\n  "failures": {${lines.length === 0 ? '}' : `\n${lines.join(',\n')}\n  }`}\n}\n`;
}

function idCategories(suite: Suite): Map<string, Category> {
  const m = new Map<string, Category>();
  for (const file of suite.categories) for (const c of file.cases) m.set(c.id, file.category);
  return m;
}

/** The run against the baseline: only the categories the run ran are compared. */
export function compareBaseline(report: Report, suite: Suite, baseline: Baseline, file: string): BaselineComparison {
  const ran = new Set(report.scores.map((s) => s.category));
  const categoryOf = idCategories(suite);
  const failing = new Set(report.failures.map((f) => f.id));
  const unanswered = new Set(report.unsupported.map((u) => u.id));
  const listed = Object.keys(baseline.failures);
  const notInSuite = listed.filter((id) => !categoryOf.has(id));
  const noLongerFailing: NoLongerFailing[] = [];
  let known = 0;
  for (const id of listed) {
    const category = categoryOf.get(id);
    if (category === undefined || !ran.has(category)) continue;
    if (failing.has(id)) known++;
    else noLongerFailing.push({ id, category, now: unanswered.has(id) ? 'not supported' : 'passes', cause: baseline.failures[id] });
  }
  const fresh = report.failures.filter((f) => !Object.prototype.hasOwnProperty.call(baseline.failures, f.id));
  return { file, suiteVersion: baseline.suiteVersion, known, new: fresh, noLongerFailing, notInSuite, changed: fresh.length + noLongerFailing.length + notInSuite.length > 0 };
}
