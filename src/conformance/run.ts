/**
 * Runs the conformance suite against an implementation, through a transport:
 * an in-process module (moduleTransport) or a program speaking the JSON-lines
 * protocol (execTransport in ./exec). Each case becomes one request; the
 * answer is judged against the case, and failures are grouped by cause. A run
 * given a time limit (maxTimeMs) stops there and says which cases it did not run.
 */
import { checkProtocol, PROTOCOL_VERSION, type Op, type Request, type Response, type Statement } from './protocol';
import { CATEGORY_SPECS, judge, requestOf, specOf } from './categories';
import type { Category, Grammar, Suite } from './suite';

export type { Op, Request, Response };

export interface Transport {
  /** The implementation's name, until it states its own. */
  readonly name: string;
  call(request: Request): Promise<Response> | Response;
  close?(): Promise<void> | void;
  /** What the implementation has said of itself so far: its protocol and name. */
  stated?(): Statement;
}

/**
 * An in-process implementation: a module that exports, for each operation it supports, a function of
 * the request (camelCase: errorOffset, removeDotSegments, iriToUri, percentDecode, ...). It returns the
 * result, throws for an error (an `offset` property on the error is read), or returns
 * { unsupported: true }. It may export `protocol` (the version it speaks) and `implementation` (its name).
 */
export interface AdapterModule {
  readonly protocol?: unknown;
  readonly implementation?: unknown;
  readonly validate?: AdapterFunction;
  readonly errorOffset?: AdapterFunction;
  readonly components?: AdapterFunction;
  readonly resolve?: AdapterFunction;
  readonly removeDotSegments?: AdapterFunction;
  readonly normalize?: AdapterFunction;
  readonly equivalent?: AdapterFunction;
  readonly iriToUri?: AdapterFunction;
  readonly uriToIri?: AdapterFunction;
  readonly percentEncode?: AdapterFunction;
  readonly percentDecode?: AdapterFunction;
  readonly templateValidate?: AdapterFunction;
  readonly templateExpand?: AdapterFunction;
  /** The URL Standard: whether `input` is a valid URL string (against `base`); an error with `offset` says where it stops being one. */
  readonly whatwgValidate?: AdapterFunction;
  /** The URL Standard: the basic URL parser's validation errors on `input` (against `base`), `{ errors, failure }`. */
  readonly whatwgValidationErrors?: AdapterFunction;
  /** Protocol 2: the parser's reading of `input` (resolved against `base` when the request has one). */
  readonly reading?: AdapterFunction;
}

export type AdapterFunction = (request: Request) => unknown;

const camel = (op: Op): string => op.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * An in-process adapter. Its answer to a case must come within `timeoutMs` (the same limit as a
 * program's, 5 s by default): a promise that never settles is that case's "timed out", not the end of
 * the run (nothing else would keep the process alive). A function that loops forever cannot be
 * stopped in-process: run such an implementation with --exec. An answer that is not JSON data (a
 * BigInt, a cycle) is a bad answer; anything thrown, an Error or not, is the case's error.
 */
export function moduleTransport(name: string, module: AdapterModule, timeoutMs = 5000): Transport {
  // The timers of the answers awaited: close() clears them, so that a run stopped by its time limit does not wait for them.
  const timers = new Set<ReturnType<typeof setTimeout>>();
  return {
    name,
    stated: () => {
      try {
        return { protocol: module.protocol, implementation: module.implementation };
      } catch {
        return {}; // an export whose getter throws states nothing
      }
    },
    async call(request) {
      let f: unknown;
      try {
        f = (module as unknown as Record<string, unknown>)[camel(request.op)];
      } catch {
        return { id: request.id, failure: 'crashed' }; // an export whose getter throws
      }
      if (typeof f !== 'function') return { id: request.id, unsupported: true };
      const run = f as (request: Request) => unknown;
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        // An adapter's function may be async: its promise is awaited, a rejection is its error.
        const late = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), timeoutMs);
          timers.add(timer);
        });
        const result = await Promise.race([Promise.resolve().then(() => run(request)), late]);
        if (result === 'timeout') return { id: request.id, failure: 'timed out' };
        // Judged as data, as a program's answer would be: a copy through JSON, read before anything else (a proxy,
        // a getter, a class instance become plain values; what JSON cannot write, a BigInt, a cycle, a revoked
        // proxy, is a bad answer, never taken for the adapter's error).
        let data: unknown;
        try {
          const json = JSON.stringify(result);
          data = json === undefined ? undefined : (JSON.parse(json) as unknown);
        } catch {
          return { id: request.id, failure: 'bad answer' };
        }
        if (data !== null && typeof data === 'object' && (data as Response).unsupported === true) return { id: request.id, unsupported: true };
        return { id: request.id, result: data };
      } catch (e) {
        let offset: unknown;
        let message: string;
        try {
          offset = e !== null && typeof e === 'object' ? (e as { offset?: unknown }).offset : undefined;
          message = e instanceof Error ? e.message : String(e);
        } catch {
          // A thrown value that cannot even be read or made a string (a getter that throws, a null-prototype object).
          message = 'an error that cannot be described';
        }
        return { id: request.id, error: message, ...(typeof offset === 'number' ? { offset } : {}) };
      } finally {
        clearTimeout(timer);
        if (timer !== undefined) timers.delete(timer);
      }
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

export { requestOf, judge };
export type { Verdict } from './categories';

/** Counts over a set of cases, with the score over those answered and the share answered. */
export interface Tally {
  /** Every case: passed + failed + unsupported + notRun. */
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly unsupported: number;
  /** Cases the run did not ask, having reached its time limit (0 for a run that ran them all); not answered, so not covered. */
  readonly notRun: number;
  /** The score over the cases answered: passed / (passed + failed), as a percentage; null when none was answered. */
  readonly answered: number | null;
  /** The share of cases answered: (passed + failed) / total, as a percentage; null when there are no cases. */
  readonly coverage: number | null;
}

export interface RuleScore extends Tally {
  readonly grammar: Grammar;
  readonly rule: string;
}

export interface CategoryScore extends Tally {
  readonly category: Category;
  /** Passes that needed 6.2.2.1's case normalization (a parser or a resolver that lower-cases the scheme or the host). */
  readonly passedAfterCaseNormalization: number;
  /**
   * Passes on which a field the case gives was not judged, because the answer does not give it (whatwg-validity's
   * offsets from an implementation that names errors only), by field. Absent when every pass judged every field.
   */
  readonly passedWithoutJudging?: Readonly<Record<string, number>>;
  /** Validity: the same counts for each grammar and rule. */
  readonly rules?: readonly RuleScore[];
}

/** A profile: a set of cases across categories, scored on its own. */
export interface ProfileScore extends Tally {
  readonly profile: 'core';
  /** The categories it takes cases from (those that were run). */
  readonly categories: readonly Category[];
}

export interface Failure {
  readonly id: string;
  readonly category: Category;
  readonly cause: string;
  readonly request: Request;
  readonly got: string;
  readonly expected: string;
}

export interface Unanswered {
  readonly id: string;
  readonly category: Category;
  readonly cause: string;
}

/** A case the run did not ask (it reached its time limit before), or was asking when the limit came. */
export interface NotRun {
  readonly id: string;
  readonly category: Category;
}

/** Why a run ended before its last case, and the cases it did not run. */
export interface Stopped {
  /** The run reached its time limit (RunOptions.maxTimeMs, --max-time). */
  readonly reason: 'max-time';
  readonly limitMs: number;
  /** In the suite's order: the first was being asked when the limit came, the others were not asked. */
  readonly notRun: readonly NotRun[];
}

export interface CauseGroup {
  readonly category: Category;
  readonly cause: string;
  readonly count: number;
  /** The shortest few failing cases. */
  readonly examples: readonly Failure[];
}

export interface Report {
  /** As the implementation states it, else the transport's name (the command or module). */
  readonly implementation: string;
  readonly suiteVersion: string;
  /** The protocol this runner speaks, and the one the implementation stated (null: it stated none). */
  readonly protocol: { readonly runner: number; readonly stated: number | null };
  readonly scores: readonly CategoryScore[];
  readonly profiles: readonly ProfileScore[];
  readonly causes: readonly CauseGroup[];
  /** Every failing case, in the suite's order. */
  readonly failures: readonly Failure[];
  /** Every case not answered, in the suite's order. */
  readonly unsupported: readonly Unanswered[];
  /** Present when the run stopped before its last case: its time limit and the cases it did not run. */
  readonly stopped?: Stopped;
}

export interface RunOptions {
  /** Only these categories. */
  readonly categories?: readonly Category[];
  /** Examples kept per cause (default 3). */
  readonly examples?: number;
  /**
   * The whole run's time limit, in milliseconds: the case being asked when it comes, and every case after it, are not
   * run (Report.stopped); the transport is closed (a program is stopped). Unbounded when undefined.
   */
  readonly maxTimeMs?: number;
  /** Told of each case asked and judged: a progress line's count. */
  readonly onCase?: () => void;
}

const size = (r: Request): number => JSON.stringify(r).length;
const percentage = (n: number, of: number): number | null => (of === 0 ? null : Math.round((10000 * n) / of) / 100);

class Counter {
  passed = 0;
  failed = 0;
  unsupported = 0;
  notRun = 0;
  add(status: 'pass' | 'fail' | 'unsupported' | 'not run'): void {
    if (status === 'pass') this.passed++;
    else if (status === 'fail') this.failed++;
    else if (status === 'unsupported') this.unsupported++;
    else this.notRun++;
  }
  tally(): Tally {
    const total = this.passed + this.failed + this.unsupported + this.notRun;
    return { total, passed: this.passed, failed: this.failed, unsupported: this.unsupported, notRun: this.notRun, answered: percentage(this.passed, this.passed + this.failed), coverage: percentage(this.passed + this.failed, total) };
  }
}

/** The answer, or 'over' when `deadline` (Date.now()) comes first; no timer is left behind. */
async function before(answer: Promise<Response> | Response, deadline: number | undefined): Promise<Response | 'over'> {
  if (deadline === undefined) return answer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const over = new Promise<'over'>((resolve) => {
    timer = setTimeout(() => resolve('over'), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([answer, over]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `score` (passed and failed of a Tally) reaches `min` percent, exactly (not the rounded percentage). */
export function reaches(t: Pick<Tally, 'passed' | 'failed'>, min: number): boolean {
  return t.passed + t.failed > 0 && 100 * t.passed >= min * (t.passed + t.failed);
}

export async function runSuite(suite: Suite, transport: Transport, options: RunOptions = {}): Promise<Report> {
  const keep = options.examples ?? 3;
  const limit = options.maxTimeMs;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new RangeError(`maxTimeMs must be a positive integer, got ${limit}`);
  const deadline = limit === undefined ? undefined : Date.now() + limit;
  const notRun: NotRun[] = [];
  const scores: CategoryScore[] = [];
  const causes: CauseGroup[] = [];
  const failures: Failure[] = [];
  const unsupported: Unanswered[] = [];
  const core = new Counter();
  const coreCategories: Category[] = [];
  let stated: Statement = {};
  try {
    for (const file of suite.categories) {
      if (options.categories && !options.categories.includes(file.category)) continue;
      const spec = specOf(file.category);
      const counter = new Counter();
      const rules: RuleCounters = new Map();
      let folded = 0;
      const unjudged: Record<string, number> = {};
      const groups = new Map<string, Failure[]>();
      if (spec.core !== undefined) coreCategories.push(file.category);
      for (const c of file.cases) {
        const request = requestOf(file.category, c);
        // Once the limit has come, every case left is counted as not run, where it would have been counted.
        const answer = notRun.length > 0 || (deadline !== undefined && Date.now() >= deadline) ? 'over' : await before(transport.call(request), deadline);
        if (answer === 'over') {
          notRun.push({ id: c.id, category: file.category });
          counter.add('not run');
          if (spec.core?.(c)) core.add('not run');
          if (spec.rule !== undefined) ruleCounter(rules, spec.rule(c)).add('not run');
          continue;
        }
        stated = transport.stated?.() ?? {};
        checkProtocol(stated, transport.name);
        options.onCase?.();
        const verdict = judge(file.category, c, answer);
        const status = verdict.status;
        counter.add(status);
        if (spec.core?.(c)) core.add(status);
        if (spec.rule !== undefined) ruleCounter(rules, spec.rule(c)).add(status);
        if (verdict.status === 'pass') {
          if (verdict.folded) folded++;
          for (const field of verdict.unjudged ?? []) unjudged[field] = (unjudged[field] ?? 0) + 1;
        } else if (verdict.status === 'unsupported') unsupported.push({ id: c.id, category: file.category, cause: verdict.cause });
        else {
          const failure: Failure = { id: c.id, category: file.category, cause: verdict.cause, request, got: verdict.got, expected: spec.expected(c) };
          failures.push(failure);
          const list = groups.get(verdict.cause) ?? [];
          list.push(failure);
          groups.set(verdict.cause, list);
        }
      }
      scores.push({
        category: file.category,
        ...counter.tally(),
        passedAfterCaseNormalization: folded,
        ...(Object.keys(unjudged).length > 0 ? { passedWithoutJudging: unjudged } : {}),
        ...(spec.rule !== undefined ? { rules: [...rules.values()].map(({ grammar, rule, counter: n }) => ({ grammar, rule, ...n.tally() })) } : {}),
      });
      for (const [cause, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
        causes.push({ category: file.category, cause, count: list.length, examples: [...list].sort((a, b) => size(a.request) - size(b.request)).slice(0, keep) });
      }
    }
  } finally {
    await transport.close?.();
  }
  const name = typeof stated.implementation === 'string' && stated.implementation.trim() !== '' ? stated.implementation : transport.name;
  return {
    implementation: name,
    suiteVersion: suite.version,
    protocol: { runner: PROTOCOL_VERSION, stated: typeof stated.protocol === 'number' ? stated.protocol : null },
    scores,
    profiles: coreCategories.length > 0 ? [{ profile: 'core', categories: coreCategories, ...core.tally() }] : [],
    causes,
    failures,
    unsupported,
    ...(notRun.length > 0 ? { stopped: { reason: 'max-time', limitMs: limit!, notRun } } : {}),
  };
}

type RuleCounters = Map<string, { grammar: Grammar; rule: string; counter: Counter }>;

/** The counter of a grammar's rule, made on its first case. */
function ruleCounter(rules: RuleCounters, { grammar, rule }: { grammar: Grammar; rule: string }): Counter {
  const key = `${grammar} ${rule}`;
  if (!rules.has(key)) rules.set(key, { grammar, rule, counter: new Counter() });
  return rules.get(key)!.counter;
}

/** The categories whose cases make up the core profile. */
export const CORE_CATEGORIES = (Object.keys(CATEGORY_SPECS) as Category[]).filter((c) => CATEGORY_SPECS[c].core !== undefined);
