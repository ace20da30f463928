/**
 * Turns a failure of the generated parser into a UriSyntaxError in the ABNF's
 * own vocabulary. Runs only after a parse has failed: valid input never pays
 * for any of this.
 *
 * - `expected` maps peggy's expectations to ABNF terms: rules with a display
 *   name in the grammar (HEXDIG, unreserved, ...) by that name, literals quoted
 *   as in the ABNF ("]"), character classes as ABNF ranges (%x30-35), the end
 *   as "end of input".
 * - `rulePath` comes from re-running the traced build of the same grammar
 *   (generated/rfc3986.trace.js): see rulePathAt.
 */
import type { Expectation, StartRuleNames, SyntaxError as PegSyntaxError } from '../generated/rfc3986';
import * as traced from '../generated/rfc3986.trace';
import { UriSyntaxError } from './errors';
import { toAbnfName } from './rules';

/** PEG rules that match exactly one character and carry a display name: reported as expected items. */
const SINGLE_CHARACTER_RULES: ReadonlySet<string> = new Set([
  'ALPHA',
  'DIGIT',
  'HEXDIG',
  'unreserved',
  'reserved',
  'gen_delims',
  'sub_delims',
]);

/**
 * Expectation sets that can only come from one rule starting at the failure
 * offset, replaced by that rule's name when all their members are present.
 * dec-octet is tried longest first, which would otherwise list "25", "2",
 * "1", %x31-39 and DIGIT.
 */
const RULE_STARTS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['dec-octet', ['"25"', '"2"', '"1"', '%x31-39', 'DIGIT']],
];

function hex(ch: string): string {
  return (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(2, '0');
}

/**
 * peggy merges adjacent one-character literals into a class (":" / "@" becomes
 * [:@]); a class of at most four characters is shown as those literals again,
 * a larger one as ABNF ranges (%x30-35).
 */
function describeClass(parts: ReadonlyArray<string | readonly [string, string]>, inverted: boolean): string {
  const chars: string[] = [];
  for (const p of parts) {
    if (typeof p === 'string') chars.push(p);
    else for (let c = p[0].charCodeAt(0); c <= p[1].charCodeAt(0) && chars.length <= 4; c++) chars.push(String.fromCharCode(c));
  }
  if (!inverted && chars.length <= 4) return chars.map((c) => JSON.stringify(c)).join('\n');
  const ranges = parts.map((p) => (typeof p === 'string' ? `%x${hex(p)}` : `%x${hex(p[0])}-${hex(p[1])}`));
  return (inverted ? 'anything but ' : '') + ranges.join(' / ');
}

function describeExpectation(e: Expectation): string {
  switch (e.type) {
    case 'literal':
      return JSON.stringify(e.text);
    case 'other':
      return e.description;
    case 'end':
      return 'end of input';
    case 'any':
      return 'any character';
    case 'class':
      return describeClass(e.parts, e.inverted);
  }
}

/** Rule names first, then %x ranges, then literals by character, then the end of input. */
function rank(item: string): number {
  if (item === 'end of input') return 3;
  if (item.startsWith('"')) return 2;
  if (item.startsWith('%x')) return 1;
  return 0;
}

export function expectedItems(expectations: readonly Expectation[]): string[] {
  const items = new Set(expectations.flatMap((e) => describeExpectation(e).split('\n')));
  for (const [rule, starts] of RULE_STARTS) {
    if (starts.every((s) => items.has(s))) {
      for (const s of starts) items.delete(s);
      items.add(rule);
    }
  }
  return [...items].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

interface TraceEvent {
  type: 'rule.enter' | 'rule.match' | 'rule.fail';
  rule: string;
  location: { start: { offset: number }; end: { offset: number } };
}

interface Frame {
  readonly rule: string;
  readonly start: number;
  /** Whether an expected item was recorded at the offset while this invocation was on the stack. */
  reached: boolean;
}

/**
 * The rule path at `offset`, from a run of the traced parser that reports
 * each expected item as peggy records it (peg$onFail, see scripts/generate.ts):
 *
 * - the stack, outermost first, of the innermost rule invocation that began
 *   before the offset and was on the stack when an expected item at the
 *   offset was recorded, so that the path ends in the rule where the input
 *   went wrong (single-character rules and pchar never end it: the rule
 *   around them is the context a reader needs);
 * - with no such invocation (a failure at offset 0), the longest prefix common
 *   to the stacks of all the expected items;
 * - the start rule alone when even that is empty.
 */
export function rulePathAt(input: string, startRule: StartRuleNames, offset: number): string[] {
  const stack: Frame[] = [];
  let best: string[] = [];
  let common: string[] | undefined;
  const tracer = {
    trace(event: TraceEvent): void {
      if (event.type === 'rule.enter') {
        stack.push({ rule: event.rule, start: event.location.start.offset, reached: false });
        return;
      }
      const frame = stack[stack.length - 1];
      if (frame.reached && frame.start < offset && stack.length > best.length && !SINGLE_CHARACTER_RULES.has(frame.rule) && frame.rule !== 'pchar') {
        best = stack.map((f) => f.rule);
      }
      stack.pop();
    },
  };
  const onFail = (position: number): void => {
    if (position !== offset) return;
    for (let i = stack.length - 1; i >= 0 && !stack[i].reached; i--) stack[i].reached = true;
    const path = stack.map((f) => f.rule);
    while (path.length > 0 && SINGLE_CHARACTER_RULES.has(path[path.length - 1])) path.pop();
    if (common === undefined) common = path;
    else common.length = commonPrefix(common, path);
  };
  try {
    traced.parse(input, { startRule, tracer, peg$onFail: onFail } as Parameters<typeof traced.parse>[1]);
  } catch {
    // The failure is the one being diagnosed; only the trace is wanted.
  }
  const path = best.length > 0 ? best : common !== undefined && common.length > 0 ? common : [startRule];
  return path.map(toAbnfName);
}

function commonPrefix(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Builds the UriSyntaxError for a failure of the fast parser. */
export function diagnose(input: string, startRule: StartRuleNames, failure: PegSyntaxError): UriSyntaxError {
  const offset = failure.location.start.offset;
  return new UriSyntaxError({
    input,
    rule: toAbnfName(startRule),
    offset,
    found: failure.found ?? null,
    expected: expectedItems(failure.expected ?? []),
    rulePath: rulePathAt(input, startRule, offset),
  });
}
