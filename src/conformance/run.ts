/**
 * Runs the conformance suite against an implementation, through a transport:
 * an in-process module (moduleTransport) or a program speaking the JSON-lines
 * protocol (execTransport in ./exec). Each case becomes one request; the
 * answer is judged against the case, and failures are grouped by cause.
 */
import { JUDGED_COMPONENTS, type AnyCase, type Category, type CaseOf, type ComponentName, type Suite } from './suite';

export type Op =
  | 'validate'
  | 'error-offset'
  | 'components'
  | 'resolve'
  | 'remove-dot-segments'
  | 'normalize'
  | 'equivalent'
  | 'iri-to-uri'
  | 'uri-to-iri'
  | 'percent-encode'
  | 'percent-decode';

/** One line the runner writes: the case's id, the operation and its arguments. */
export interface Request {
  readonly id: string;
  readonly op: Op;
  readonly [argument: string]: unknown;
}

/** One line the implementation answers. */
export interface Response {
  readonly id?: string;
  /** The answer: a boolean, a string, a number (an offset) or an object (components). */
  readonly result?: unknown;
  /** The implementation does not do this operation, or not with these arguments. */
  readonly unsupported?: boolean;
  /** The operation failed (the input is invalid): a message, and where, when known. */
  readonly error?: string;
  readonly offset?: number;
  readonly codePointOffset?: number;
  /** Set by the runner, not the implementation: the program crashed or timed out on this case. */
  readonly failure?: 'crashed' | 'timed out' | 'bad answer';
}

export interface Transport {
  readonly name: string;
  call(request: Request): Promise<Response> | Response;
  close?(): Promise<void> | void;
}

/** An in-process implementation: a module that exports, for each operation it supports, a function of the request (camelCase: errorOffset, removeDotSegments, iriToUri, percentDecode, ...). It returns the result, throws for an error (an `offset` property on the error is read), or returns { unsupported: true }. */
export type AdapterModule = Partial<Record<string, (request: Request) => unknown>>;

const camel = (op: Op): string => op.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * An in-process adapter. Its answer to a case must come within `timeoutMs` (the same limit as a
 * program's, 5 s by default): a promise that never settles is that case's "timed out", not the end of
 * the run (nothing else would keep the process alive). A function that loops forever cannot be
 * stopped in-process: run such an implementation with --exec. An answer that is not JSON data (a
 * BigInt, a cycle) is a bad answer; anything thrown, an Error or not, is the case's error.
 */
export function moduleTransport(name: string, module: AdapterModule, timeoutMs = 5000): Transport {
  return {
    name,
    async call(request) {
      let f: unknown;
      try {
        f = module[camel(request.op)];
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
      }
    },
  };
}

/** The request for a case. */
export function requestOf(category: Category, c: AnyCase): Request {
  switch (category) {
    case 'validity': {
      const v = c as CaseOf['validity'];
      return { id: v.id, op: 'validate', grammar: v.grammar, rule: v.rule, input: v.input };
    }
    case 'error-offset': {
      const v = c as CaseOf['error-offset'];
      return { id: v.id, op: 'error-offset', grammar: v.grammar, rule: v.rule, input: v.input };
    }
    case 'components': {
      const v = c as CaseOf['components'];
      return { id: v.id, op: 'components', grammar: v.grammar, rule: v.rule, input: v.input };
    }
    case 'resolution': {
      const v = c as CaseOf['resolution'];
      return { id: v.id, op: 'resolve', base: v.base, reference: v.reference, mode: v.mode };
    }
    case 'remove-dot-segments':
      return { id: c.id, op: 'remove-dot-segments', input: (c as CaseOf['remove-dot-segments']).input };
    case 'normalization': {
      const v = c as CaseOf['normalization'];
      return { id: v.id, op: 'normalize', input: v.input, level: v.level };
    }
    case 'equivalence': {
      const v = c as CaseOf['equivalence'];
      return { id: v.id, op: 'equivalent', a: v.a, b: v.b, level: v.level };
    }
    case 'iri-to-uri':
      return { id: c.id, op: 'iri-to-uri', input: (c as CaseOf['iri-to-uri']).input };
    case 'uri-to-iri':
      return { id: c.id, op: 'uri-to-iri', input: (c as CaseOf['uri-to-iri']).input };
    case 'percent-encoding': {
      const v = c as CaseOf['percent-encoding'];
      return v.operation === 'encode' ? { id: v.id, op: 'percent-encode', input: v.input, component: v.component } : { id: v.id, op: 'percent-decode', input: v.input };
    }
  }
}

export type Verdict = { status: 'pass' } | { status: 'unsupported' } | { status: 'fail'; cause: string; got: string };

const show = (x: unknown): string => (x === undefined ? 'nothing' : JSON.stringify(x));
const COMPONENTS: readonly ComponentName[] = JUDGED_COMPONENTS;

/** Judges an answer against its case. */
export function judge(category: Category, c: AnyCase, r: Response): Verdict {
  if (r.unsupported) return { status: 'unsupported' };
  const fail = (cause: string, got: string = r.error !== undefined ? `error: ${r.error}` : show(r.result)): Verdict => ({
    status: 'fail',
    cause: c.source.kind === 'bug' ? `${cause}: ${c.source.behaviour}` : cause,
    got,
  });
  if (r.failure) return fail(`the implementation ${r.failure}`, r.failure);
  const expectString = (expected: string, cause: string): Verdict => (r.error === undefined && r.result === expected ? { status: 'pass' } : fail(r.error !== undefined ? `${cause}: fails on valid input` : cause));
  switch (category) {
    case 'validity': {
      const v = c as CaseOf['validity'];
      if (typeof r.result !== 'boolean') return fail(`${v.grammar} ${v.rule}: no boolean answer`);
      return r.result === v.valid ? { status: 'pass' } : fail(`${v.grammar} ${v.rule}: ${v.valid ? 'rejects valid input' : 'accepts invalid input'}`);
    }
    case 'error-offset': {
      const v = c as CaseOf['error-offset'];
      const offset = typeof r.result === 'number' ? r.result : r.offset;
      const cp = r.codePointOffset ?? (r.result as { codePointOffset?: number } | undefined)?.codePointOffset;
      if (offset === undefined && cp === undefined) return fail(`${v.grammar}: no offset for invalid input`);
      return offset === v.offset || cp === v.codePointOffset ? { status: 'pass' } : fail(`${v.grammar}: another offset for the first offending character`, `offset ${offset ?? cp}`);
    }
    case 'components': {
      const v = c as CaseOf['components'];
      if (r.error !== undefined || r.result === null || typeof r.result !== 'object') return fail(`${v.grammar}: rejects valid input`);
      const got = r.result as Record<string, unknown>;
      if (!Object.keys(v.components).some((k) => k in got)) return fail(`${v.grammar}: reports none of the components asked`);
      for (const key of COMPONENTS) {
        if (!(key in v.components)) continue;
        // A component the implementation does not report (no such key) is not judged; an absent one must be null.
        if (!(key in got)) continue;
        const expected = v.components[key];
        const actual = got[key] === undefined ? null : got[key];
        if (actual === expected) continue;
        const what = expected === '' && actual === null ? 'an empty one read as absent' : expected === null && actual === '' ? 'an absent one read as empty' : 'differs';
        return fail(`${v.grammar}: ${key} ${what}`, `${key} ${show(actual)}`);
      }
      return { status: 'pass' };
    }
    case 'resolution':
      return expectString((c as CaseOf['resolution']).target, `resolution (${(c as CaseOf['resolution']).mode})`);
    case 'normalization':
      return expectString((c as CaseOf['normalization']).output, `normalization (${(c as CaseOf['normalization']).level})`);
    case 'equivalence': {
      const v = c as CaseOf['equivalence'];
      if (typeof r.result !== 'boolean') return fail(`equivalence (${v.level}): no boolean answer`);
      return r.result === v.equivalent ? { status: 'pass' } : fail(`equivalence (${v.level}): ${v.equivalent ? 'misses an equivalence' : 'finds one the level does not give'}`);
    }
    case 'remove-dot-segments':
    case 'iri-to-uri':
    case 'uri-to-iri':
      return expectString((c as CaseOf['iri-to-uri']).output, category);
    case 'percent-encoding': {
      const v = c as CaseOf['percent-encoding'];
      if (v.operation === 'encode') return expectString(v.output, `percent-encoding for ${v.component}`);
      if (v.error) {
        if (r.error === undefined) return fail('percent-decoding: accepts what cannot be decoded');
        return v.offset === undefined || r.offset === undefined || r.offset === v.offset ? { status: 'pass' } : fail('percent-decoding: another offset for the error', `offset ${r.offset}`);
      }
      return expectString(v.output as string, 'percent-decoding');
    }
  }
}

export interface Failure {
  readonly id: string;
  readonly request: Request;
  readonly got: string;
}

export interface CauseGroup {
  readonly category: Category;
  readonly cause: string;
  readonly count: number;
  /** The shortest few failing cases. */
  readonly examples: readonly Failure[];
}

export interface CategoryScore {
  readonly category: Category;
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly unsupported: number;
}

export interface Report {
  readonly implementation: string;
  readonly suiteVersion: string;
  readonly scores: readonly CategoryScore[];
  readonly causes: readonly CauseGroup[];
}

export interface RunOptions {
  /** Only these categories. */
  readonly categories?: readonly Category[];
  /** Examples kept per cause (default 3). */
  readonly examples?: number;
}

const size = (r: Request): number => JSON.stringify(r).length;

export async function runSuite(suite: Suite, transport: Transport, options: RunOptions = {}): Promise<Report> {
  const keep = options.examples ?? 3;
  const scores: CategoryScore[] = [];
  const causes: CauseGroup[] = [];
  try {
    for (const file of suite.categories) {
      if (options.categories && !options.categories.includes(file.category)) continue;
      let passed = 0;
      let failed = 0;
      let unsupported = 0;
      const groups = new Map<string, Failure[]>();
      for (const c of file.cases) {
        const request = requestOf(file.category, c);
        const verdict = judge(file.category, c, await transport.call(request));
        if (verdict.status === 'pass') passed++;
        else if (verdict.status === 'unsupported') unsupported++;
        else {
          failed++;
          const list = groups.get(verdict.cause) ?? [];
          list.push({ id: c.id, request, got: verdict.got });
          groups.set(verdict.cause, list);
        }
      }
      scores.push({ category: file.category, total: file.cases.length, passed, failed, unsupported });
      for (const [cause, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
        causes.push({ category: file.category, cause, count: list.length, examples: [...list].sort((a, b) => size(a.request) - size(b.request)).slice(0, keep) });
      }
    }
  } finally {
    await transport.close?.();
  }
  return { implementation: transport.name, suiteVersion: suite.version, scores, causes };
}
