/**
 * What RFC 6570 says about each operator (2.2, 3.2, Appendix A's table), and
 * the error of an expression whose operator 2.2 reserves, which the grammar
 * accepts and a Level 4 processor refuses: what `isValid(t, { grammar:
 * 'rfc6570' })` and check() add to the grammar's answer. Small and on its own,
 * so that src/core/parse.ts, which the first isValid() of a program loads,
 * requires it only on the first call that needs it (scripts/finish-build.ts,
 * FIRST_USE_ONLY).
 */
import { UriSyntaxError } from '../core/errors';

/** An expression's operator (RFC 6570 2.2): '' for simple string expansion, which has none. */
export type TemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** One column of Appendix A's table: how an operator expands. */
export interface OperatorRules {
  readonly operator: TemplateOperator;
  /** Appended first when any of the expression's variables is defined. */
  readonly first: string;
  /** Appended between the expansions of defined variables (and between exploded members). */
  readonly sep: string;
  /** Whether a variable's name is written before its value (";", "?", "&"). */
  readonly named: boolean;
  /** Appended after the name when the value is empty. */
  readonly ifemp: string;
  /** true: (U+R), unreserved, reserved and pct-encoded triplets pass unencoded ("+", "#"); false: (U), only unreserved do. */
  readonly allowReserved: boolean;
  /** The level that introduced the operator (RFC 6570 1.2). */
  readonly level: 1 | 2 | 3;
}

const rules = (operator: TemplateOperator, first: string, sep: string, named: boolean, ifemp: string, allowReserved: boolean, level: 1 | 2 | 3): OperatorRules =>
  Object.freeze({ operator, first, sep, named, ifemp, allowReserved, level });

/** Appendix A's table, by operator. */
export const OPERATORS: Readonly<Record<TemplateOperator, OperatorRules>> = Object.freeze({
  '': rules('', '', ',', false, '', false, 1),
  '+': rules('+', '', ',', false, '', true, 2),
  '#': rules('#', '#', ',', false, '', true, 2),
  '.': rules('.', '.', '.', false, '', false, 3),
  '/': rules('/', '/', '/', false, '', false, 3),
  ';': rules(';', ';', ';', true, '', false, 3),
  '?': rules('?', '?', '&', true, '=', false, 3),
  '&': rules('&', '&', '&', true, '=', false, 3),
});

/** The operators 2.2 reserves for future extensions (op-reserve): the grammar has them, a processor refuses them (Appendix A). */
export const RESERVED_OPERATORS = '=,!@|';

/**
 * The offset of the first expression whose operator is reserved for future
 * extensions, before `before`, in a text that the grammar accepts up to
 * `before` (where every "{" opens an expression: the grammar has "{" in no
 * literal); -1 when there is none.
 */
export function reservedOperatorAt(template: string, before = template.length): number {
  for (let i = template.indexOf('{'); i >= 0 && i + 1 < before; i = template.indexOf('{', i + 1)) {
    if (RESERVED_OPERATORS.includes(template.charAt(i + 1))) return i + 1;
  }
  return -1;
}

/**
 * The error of `template` as a Level 4 processor reads it, given the
 * grammar's (undefined when the grammar accepts it): the first expression
 * whose operator 2.2 reserves for future extensions (`=` `,` `!` `@` `|`),
 * at the operator, when it comes before the grammar's error; else the
 * grammar's. A processor's templates are the grammar's without those
 * expressions, so no template it expands begins "{=": `{=a-b}` is refused at
 * 1, the "=", as `{=ab}` is, and not at 3, where the grammar alone stops.
 * Where the grammar's error expects an operator, the processor's expects
 * op-level2 and op-level3, the operators it takes.
 */
export function processorError(template: string, grammarError: UriSyntaxError | undefined): UriSyntaxError | undefined {
  const at = reservedOperatorAt(template, grammarError === undefined ? template.length : grammarError.offset);
  if (at >= 0) return reservedOperatorError(template, at);
  if (grammarError === undefined || !grammarError.expected.includes('operator')) return grammarError;
  // Where the grammar expects an operator, a processor takes op-level2 and op-level3 only (`{~a}`).
  const { input, grammar, rule, offset, found, rulePath, hint } = grammarError;
  const expected = grammarError.expected.flatMap((item) => (item === 'operator' ? ['op-level2', 'op-level3'] : [item]));
  return new UriSyntaxError({ input, grammar, rule, offset, found, expected, rulePath, ...(hint === undefined ? {} : { hint }) });
}

/** The error of the expression whose operator, at `at`, is reserved for future extensions (2.2). */
function reservedOperatorError(template: string, at: number): UriSyntaxError {
  const operator = template.charAt(at);
  return new UriSyntaxError({
    input: template,
    grammar: 'rfc6570',
    rule: 'URI-Template',
    offset: at,
    found: operator,
    expected: ['ALPHA', 'DIGIT', 'op-level2', 'op-level3', '"%"', '"_"'],
    rulePath: ['URI-Template', 'expression', 'operator', 'op-reserve'],
    hint: `the operator ${JSON.stringify(operator)} is reserved for future extensions (RFC 6570 2.2: ${[...RESERVED_OPERATORS].map((c) => JSON.stringify(c)).join(' ')}), and a template processor refuses it (Appendix A)`,
  });
}
