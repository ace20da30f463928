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
  reached: boolean;
}

/**
 * The rule path at `offset`: the stack of the innermost rule invocation that
 * began before the offset and reached it (something was entered at the
 * offset inside it, or it matched up to the offset and so could have gone on).
 * Single-character rules and pchar are never the innermost rule: the rule
 * around them is the context a reader needs. With no such invocation (a
 * failure at offset 0), the rules entered at the offset that all attempts
 * share, or the start rule alone.
 */
export function rulePathAt(input: string, startRule: StartRuleNames, offset: number): string[] {
  const stack: Frame[] = [];
  let best: string[] = [];
  let enteredAtOffset: string[] | undefined;
  let singleCharacterDepth = -1;
  const reach = (): void => {
    for (let i = stack.length - 1; i >= 0 && !stack[i].reached; i--) stack[i].reached = true;
  };
  const tracer = {
    trace(event: TraceEvent): void {
      if (event.type === 'rule.enter') {
        const singleCharacter = SINGLE_CHARACTER_RULES.has(event.rule);
        if (singleCharacterDepth < 0 && event.location.start.offset === offset) {
          reach();
          const path = stack.map((f) => f.rule);
          if (!singleCharacter) path.push(event.rule);
          if (enteredAtOffset === undefined) enteredAtOffset = path;
          else enteredAtOffset.length = commonPrefix(enteredAtOffset, path);
        }
        if (singleCharacter && singleCharacterDepth < 0) singleCharacterDepth = stack.length;
        stack.push({ rule: event.rule, start: event.location.start.offset, reached: false });
        return;
      }
      const frame = stack[stack.length - 1];
      if (singleCharacterDepth < 0 && event.type === 'rule.match' && event.location.end.offset === offset) reach();
      if (
        frame.reached &&
        frame.start < offset &&
        stack.length > best.length &&
        !SINGLE_CHARACTER_RULES.has(frame.rule) &&
        frame.rule !== 'pchar'
      ) {
        best = stack.map((f) => f.rule);
      }
      stack.pop();
      if (stack.length === singleCharacterDepth) singleCharacterDepth = -1;
    },
  };
  try {
    traced.parse(input, { startRule, tracer });
  } catch {
    // The failure is the one being diagnosed; only the trace is wanted.
  }
  const path = best.length > 0 ? best : enteredAtOffset !== undefined && enteredAtOffset.length > 0 ? enteredAtOffset : [startRule];
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
