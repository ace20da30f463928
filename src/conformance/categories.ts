/**
 * The categories of the suite, one entry each: what makes a case of it well
 * formed, the request it becomes, how an answer is judged, what the case
 * expects (for reports), and whether it is in the core profile. A new
 * category is a new entry here, its case type in ./suite, its files' schema
 * (conformance/schema.json) and its generator (scripts/conformance/).
 */
import { authorityCase, hexUpper, hostCase, schemeCase, uriCase, type Request, type Response } from './protocol';
import { JUDGED_COMPONENTS, type AnyCase, type Category, type CaseOf, type ComponentName, type Grammar } from './cases';
import { CONFORMANCE_GRAMMARS } from '../core/grammars';

/**
 * The judgement of one answer. A pass may have needed 6.2.2.1's case normalization (`folded`); a case
 * that is not supported, or whose answer judges nothing it asks, is `unsupported`, with the reason. A pass
 * that could not judge a field the case gives, the answer not giving it, names the field (`unjudged`).
 */
export type Verdict = { status: 'pass'; folded?: true; unjudged?: readonly string[] } | { status: 'unsupported'; cause: string } | { status: 'fail'; cause: string; got: string };

export interface CategorySpec<C extends Category> {
  /** What is wrong with a case, by the fields the runner reads, or undefined (a case from elsewhere is checked before it runs). */
  problem(c: Record<string, unknown>): string | undefined;
  /** The request for a case, less its id. */
  request(c: CaseOf[C]): Omit<Request, 'id'>;
  /** Judges an answer that is not "unsupported" and not a runner's failure. `fail` words the cause and what was got. */
  judge(c: CaseOf[C], r: Response, fail: (cause: string, got?: string) => Verdict): Verdict;
  /** What the case expects, in a few words (reports). */
  expected(c: CaseOf[C]): string;
  /** Whether the case is in the core profile: what any URI library can answer (README, "Scores"). */
  readonly core?: (c: CaseOf[C]) => boolean;
  /** The grammar and rule a case is scored under beside its category (validity's per-rule breakdown). */
  readonly rule?: (c: CaseOf[C]) => { grammar: Grammar; rule: string };
}

const PASS: Verdict = { status: 'pass' };
const show = (x: unknown): string => (x === undefined ? 'nothing' : JSON.stringify(x));
const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const isOffset = (x: unknown): boolean => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const GRAMMARS: readonly unknown[] = CONFORMANCE_GRAMMARS;
/** The rules of RFC 3986 4.1 to 4.3 that any URI library can answer for: the core profile's validity. */
export const CORE_RULES: readonly string[] = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'];

/** How a component is put in its case-normal form (6.2.2.1) before a second comparison; the kinds are names, compared as they are. */
const COMPONENT_CASE: Partial<Record<ComponentName, (s: string) => string>> = {
  scheme: schemeCase,
  authority: authorityCase,
  userinfo: hexUpper,
  host: hostCase,
  path: hexUpper,
  query: hexUpper,
  fragment: hexUpper,
};

const strings =
  (...keys: string[]) =>
  (c: Record<string, unknown>): string | undefined => {
    const bad = keys.find((k) => typeof c[k] !== 'string');
    return bad === undefined ? undefined : `has no string "${bad}"`;
  };
const parsed = (c: Record<string, unknown>): string | undefined => (GRAMMARS.includes(c.grammar) ? strings('rule', 'input')(c) : `has no "grammar" of ${CONFORMANCE_GRAMMARS.join(', ')}`);
const oneOf = (key: string, values: readonly string[]) => (c: Record<string, unknown>): string | undefined => (values.includes(c[key] as string) ? undefined : `has no "${key}" of ${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`);
const all = (...checks: Array<(c: Record<string, unknown>) => string | undefined>) => (c: Record<string, unknown>): string | undefined => {
  for (const check of checks) {
    const problem = check(c);
    if (problem !== undefined) return problem;
  }
  return undefined;
};

/** A string answer, compared exactly, or (`uri`) after 6.2.2.1's case normalization of both sides when it differs. */
function expectString(expected: string, r: Response, cause: string, fail: (cause: string) => Verdict, uri = false): Verdict {
  if (r.error !== undefined) return fail(`${cause}: fails on valid input`);
  if (r.result === expected) return PASS;
  if (uri && typeof r.result === 'string' && uriCase(r.result) === uriCase(expected)) return { status: 'pass', folded: true };
  return fail(cause);
}

/** A category whose case maps `input` to `output` by the operation of its name, compared exactly. */
function inputToOutput<C extends 'remove-dot-segments' | 'iri-to-uri' | 'uri-to-iri'>(category: C): CategorySpec<C> {
  return {
    problem: strings('input', 'output'),
    request: (c) => ({ op: category, input: c.input }),
    judge: (c, r, fail) => expectString(c.output, r, category, fail),
    expected: (c) => JSON.stringify(c.output),
  };
}

type WhatwgCase = CaseOf['whatwg-validity'];
const baseOf = (c: { base: string | null }): { base?: string } => (c.base === null ? {} : { base: c.base });
const againstBase = (c: { base: string | null }): string => (c.base === null ? '' : ` against ${c.base}`);

/**
 * A whatwg-validity case is well formed: a string or null `base`; `writing` with a string `rule`, a boolean `valid`
 * and an offset only when invalid; `parser` with `errors` of names and offsets, and a boolean `failure`.
 */
function whatwgProblem(c: Record<string, unknown>): string | undefined {
  if (c.base !== null && typeof c.base !== 'string') return 'has no "base" string (or null, for none)';
  if (c.definition === 'writing') {
    if (typeof c.valid !== 'boolean') return 'has no boolean "valid"';
    if (c.offset !== undefined && (c.valid || !isOffset(c.offset))) return 'has an "offset" that is not an integer from 0 on an invalid string';
    return strings('rule', 'input')(c);
  }
  if (c.definition !== 'parser') return 'has no "definition" of writing or parser';
  const errors = c.errors;
  if (!Array.isArray(errors) || !errors.every((e) => isObject(e) && typeof e.name === 'string' && isOffset(e.offset))) return 'has no "errors" array of objects with a string "name" and an integer "offset" from 0';
  if (typeof c.failure !== 'boolean') return 'has no boolean "failure"';
  return c.error === undefined || typeof c.error === 'string' ? strings('input')(c) : 'has an "error" that is not a string';
}

/** Judges a writing case: a boolean, or an error answer for an invalid string, whose offset is judged when both give one. */
function judgeWriting(c: Extract<WhatwgCase, { definition: 'writing' }>, r: Response, fail: (cause: string, got?: string) => Verdict): Verdict {
  const cause = `valid URL string (${c.rule})`;
  if (r.error !== undefined) {
    if (c.valid) return fail(`${cause}: rejects a valid string`);
    if (c.offset === undefined) return PASS;
    if (r.offset === undefined) return { status: 'pass', unjudged: ['offset'] };
    return r.offset === c.offset ? PASS : fail(`${cause}: another offset where the string stops being valid`, `offset ${r.offset}`);
  }
  if (typeof r.result !== 'boolean') return fail(`${cause}: no boolean answer`);
  if (r.result !== c.valid) return fail(`${cause}: ${c.valid ? 'rejects a valid string' : 'accepts an invalid string'}`);
  return !c.valid && c.offset !== undefined ? { status: 'pass', unjudged: ['offset'] } : PASS;
}

/** A validation error of an answer: a name alone (a string) or { name, offset? }; undefined when it is neither. */
function answeredError(e: unknown): { name: string; offset?: number } | undefined {
  if (typeof e === 'string') return { name: e };
  if (!isObject(e) || typeof e.name !== 'string') return undefined;
  if (e.offset === undefined || e.offset === null) return { name: e.name };
  return typeof e.offset === 'number' ? { name: e.name, offset: e.offset } : undefined;
}

/**
 * Judges a parser case: the names in order, then failure and each offset where the answer gives them (a pass says which
 * it could not judge). The cause names the error the case is for, so that failures group by it.
 */
function judgeParser(c: Extract<WhatwgCase, { definition: 'parser' }>, r: Response, fail: (cause: string, got?: string) => Verdict): Verdict {
  const cause = `validation errors${c.error === undefined ? ' (none)' : ` (${c.error})`}`;
  if (r.error !== undefined) return fail(`${cause}: an error answer (the parser reports errors, or failure, on any string)`);
  const result = r.result;
  const list = isObject(result) && Array.isArray(result.errors) ? result.errors.map(answeredError) : undefined;
  if (!isObject(result) || list === undefined || list.some((e) => e === undefined)) return fail(`${cause}: no "errors" list of names (or of objects with a "name")`);
  const got = list as Array<{ name: string; offset?: number }>;
  const names = got.map((e) => e.name);
  const shown = names.length === 0 ? 'no error' : names.join(' ');
  if (names.join(' ') !== c.errors.map((e) => e.name).join(' ')) return fail(`${cause}: other names, or in another order`, shown);
  if (result.failure !== undefined && result.failure !== null && typeof result.failure !== 'boolean') return fail(`${cause}: a "failure" that is not a boolean`, show(result.failure));
  if (typeof result.failure === 'boolean' && result.failure !== c.failure) return fail(`${cause}: ${c.failure ? 'the parse succeeds where it returns failure' : 'returns failure where the parse succeeds'}`, `${shown}${result.failure === true ? ', failure' : ''}`);
  const wrong = got.findIndex((e, i) => e.offset !== undefined && e.offset !== c.errors[i].offset);
  if (wrong >= 0) return fail(`${cause}: another offset for ${got[wrong].name}`, `${got[wrong].name} at ${got[wrong].offset}`);
  const unjudged = [...(got.some((e) => e.offset === undefined) ? ['offset'] : []), ...(typeof result.failure === 'boolean' ? [] : ['failure'])];
  return unjudged.length > 0 ? { status: 'pass', unjudged } : PASS;
}

export const CATEGORY_SPECS: { readonly [C in Category]: CategorySpec<C> } = {
  validity: {
    problem: all(parsed, (c) => (typeof c.valid === 'boolean' ? undefined : 'has no boolean "valid"')),
    request: (c) => ({ op: 'validate', grammar: c.grammar, rule: c.rule, input: c.input }),
    judge: (c, r, fail) => {
      if (typeof r.result !== 'boolean') return fail(`${c.grammar} ${c.rule}: no boolean answer`);
      return r.result === c.valid ? PASS : fail(`${c.grammar} ${c.rule}: ${c.valid ? 'rejects valid input' : 'accepts invalid input'}`);
    },
    expected: (c) => (c.valid ? 'valid' : 'invalid'),
    core: (c) => c.grammar === 'rfc3986' && CORE_RULES.includes(c.rule),
    rule: (c) => ({ grammar: c.grammar, rule: c.rule }),
  },
  'error-offset': {
    problem: all(parsed, (c) => (isOffset(c.offset) && isOffset(c.codePointOffset) ? undefined : 'has no "offset" and "codePointOffset" that are integers from 0')),
    request: (c) => ({ op: 'error-offset', grammar: c.grammar, rule: c.rule, input: c.input }),
    judge: (c, r, fail) => {
      const offset = typeof r.result === 'number' ? r.result : r.offset;
      const cp = r.codePointOffset ?? (r.result as { codePointOffset?: number } | undefined)?.codePointOffset;
      if (offset === undefined && cp === undefined) return fail(r.error === undefined ? `${c.grammar}: accepts invalid input (no error)` : `${c.grammar}: an error without an offset`);
      return offset === c.offset || cp === c.codePointOffset ? PASS : fail(`${c.grammar}: another offset for the first offending character`, `offset ${offset ?? cp}`);
    },
    expected: (c) => `an error at offset ${c.offset} (code point ${c.codePointOffset})`,
  },
  components: {
    problem: all(parsed, (c) => (isObject(c.components) && Object.keys(c.components).length > 0 && Object.values(c.components).every((v) => v === null || typeof v === 'string') ? undefined : 'has no "components" object of strings and nulls (one at least)')),
    request: (c) => ({ op: 'components', grammar: c.grammar, rule: c.rule, input: c.input }),
    judge: (c, r, fail) => {
      if (r.error !== undefined || r.result === null || typeof r.result !== 'object' || Array.isArray(r.result)) return fail(`${c.grammar}: rejects valid input`);
      const got = r.result as Record<string, unknown>;
      // Only what the case asks and the answer reports is judged; an answer that reports none of it judges nothing.
      const judged = JUDGED_COMPONENTS.filter((key) => key in c.components && key in got);
      if (judged.length === 0) return { status: 'unsupported', cause: 'reports none of the components the case asks' };
      let folded = false;
      for (const key of judged) {
        const expected = c.components[key];
        const actual = got[key];
        if (actual === expected) continue;
        const normal = COMPONENT_CASE[key];
        if (normal !== undefined && typeof actual === 'string' && typeof expected === 'string' && normal(actual) === normal(expected)) {
          folded = true;
          continue;
        }
        const what = expected === '' && actual === null ? 'an empty one read as absent' : expected === null && actual === '' ? 'an absent one read as empty' : 'differs';
        return fail(`${c.grammar}: ${key} ${what}`, `${key} ${show(actual)}`);
      }
      return folded ? { status: 'pass', folded: true } : PASS;
    },
    expected: (c) => JSON.stringify(c.components),
    core: (c) => c.grammar === 'rfc3986',
  },
  resolution: {
    problem: all(strings('base', 'reference', 'target'), oneOf('mode', ['strict', 'non-strict', 'rfc2396'])),
    request: (c) => ({ op: 'resolve', base: c.base, reference: c.reference, mode: c.mode }),
    judge: (c, r, fail) => expectString(c.target, r, `resolution (${c.mode})`, fail, true),
    expected: (c) => JSON.stringify(c.target),
    core: (c) => c.mode === 'strict',
  },
  'remove-dot-segments': inputToOutput('remove-dot-segments'),
  normalization: {
    problem: all(strings('input', 'output'), oneOf('level', ['syntax', 'scheme'])),
    request: (c) => ({ op: 'normalize', input: c.input, level: c.level }),
    judge: (c, r, fail) => expectString(c.output, r, `normalization (${c.level})`, fail),
    expected: (c) => JSON.stringify(c.output),
    core: (c) => c.level === 'syntax',
  },
  equivalence: {
    problem: all(strings('a', 'b'), oneOf('level', ['simple', 'syntax', 'scheme']), (c) => (typeof c.equivalent === 'boolean' ? undefined : 'has no boolean "equivalent"')),
    request: (c) => ({ op: 'equivalent', a: c.a, b: c.b, level: c.level }),
    judge: (c, r, fail) => {
      if (typeof r.result !== 'boolean') return fail(`equivalence (${c.level}): no boolean answer`);
      return r.result === c.equivalent ? PASS : fail(`equivalence (${c.level}): ${c.equivalent ? 'misses an equivalence' : 'finds one the level does not give'}`);
    },
    expected: (c) => (c.equivalent ? 'equivalent' : 'not equivalent'),
  },
  'iri-to-uri': inputToOutput('iri-to-uri'),
  'uri-to-iri': inputToOutput('uri-to-iri'),
  'percent-encoding': {
    problem: (c) => {
      if (c.operation === 'encode') return strings('component', 'input', 'output')(c);
      if (c.operation !== 'decode') return 'has no "operation" of encode or decode';
      if (typeof c.input !== 'string') return 'has no string "input"';
      if (c.error === true) return c.offset === undefined || isOffset(c.offset) ? undefined : 'has an "offset" that is not an integer from 0';
      return typeof c.output === 'string' ? undefined : 'has neither a string "output" nor "error": true';
    },
    request: (c) => (c.operation === 'encode' ? { op: 'percent-encode', input: c.input, component: c.component } : { op: 'percent-decode', input: c.input }),
    judge: (c, r, fail) => {
      if (c.operation === 'encode') return expectString(c.output, r, `percent-encoding for ${c.component}`, fail);
      if (c.error) {
        if (r.error === undefined) return fail('percent-decoding: accepts what cannot be decoded');
        return c.offset === undefined || r.offset === undefined || r.offset === c.offset ? PASS : fail('percent-decoding: another offset for the error', `offset ${r.offset}`);
      }
      return expectString(c.output as string, r, 'percent-decoding', fail);
    },
    expected: (c) => (c.operation === 'encode' || !c.error ? JSON.stringify(c.output) : `an error${c.offset === undefined ? '' : ` at offset ${c.offset}`}`),
  },
  'template-validity': {
    problem: all(strings('template'), (c) => (typeof c.valid === 'boolean' ? undefined : 'has no boolean "valid"')),
    request: (c) => ({ op: 'template-validate', template: c.template }),
    judge: (c, r, fail) => {
      if (typeof r.result !== 'boolean') return fail('template validity: no boolean answer');
      return r.result === c.valid ? PASS : fail(c.valid ? 'template validity: rejects a valid template' : 'template validity: accepts an invalid template');
    },
    expected: (c) => (c.valid ? 'valid' : 'invalid'),
  },
  'template-expansion': {
    problem: all(strings('template'), (c) => (isObject(c.variables) ? undefined : 'has no "variables" object'), (c) => (c.expected === null || typeof c.expected === 'string' ? undefined : 'has no "expected" string (or null, for an error)')),
    request: (c) => ({ op: 'template-expand', template: c.template, variables: c.variables, ...(c.iri === true ? { iri: true } : {}) }),
    judge: (c, r, fail) => {
      if (c.expected === null) return r.error !== undefined ? PASS : fail('template expansion: expands what it must refuse (RFC 6570 2.3, 2.4.1: a value of another type, a prefix on a composite value)');
      return expectString(c.expected, r, 'template expansion', fail);
    },
    expected: (c) => (c.expected === null ? 'an error' : JSON.stringify(c.expected)),
  },
  'whatwg-validity': {
    problem: whatwgProblem,
    request: (c) => ({ op: c.definition === 'writing' ? 'whatwg-validate' : 'whatwg-validation-errors', input: c.input, ...baseOf(c) }),
    judge: (c, r, fail) => (c.definition === 'writing' ? judgeWriting(c, r, fail) : judgeParser(c, r, fail)),
    expected: (c) =>
      c.definition === 'writing'
        ? `${c.valid ? 'valid' : `invalid${c.offset === undefined ? '' : ` from offset ${c.offset}`}`}${againstBase(c)}`
        : `${c.errors.length === 0 ? 'no validation error' : c.errors.map((e) => `${e.name} at ${e.offset}`).join(', ')}${c.failure ? ', failure' : ''}${againstBase(c)}`,
  },
};

export const CATEGORIES = Object.keys(CATEGORY_SPECS) as readonly Category[];

type AnySpec = CategorySpec<Category> & { judge(c: AnyCase, r: Response, fail: (cause: string, got?: string) => Verdict): Verdict };
export const specOf = (category: Category): AnySpec => CATEGORY_SPECS[category] as unknown as AnySpec;

/** The request for a case. */
export function requestOf(category: Category, c: AnyCase): Request {
  return { id: c.id, ...specOf(category).request(c) } as Request;
}

/** Judges an answer against its case. */
export function judge(category: Category, c: AnyCase, r: Response): Verdict {
  if (r.unsupported) return { status: 'unsupported', cause: 'the implementation does not support it' };
  const fail = (cause: string, got: string = r.error !== undefined ? `error: ${r.error}` : show(r.result)): Verdict => ({
    status: 'fail',
    cause: c.source.kind === 'bug' ? `${cause}: ${c.source.behaviour}` : cause,
    got,
  });
  if (r.failure) return fail(`the implementation ${r.failure}`, r.failure);
  return specOf(category).judge(c, r, fail);
}
