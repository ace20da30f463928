/**
 * The error of an expression whose operator RFC 6570 2.2 reserves for future
 * extensions, which the grammar accepts and a Level 4 processor refuses: what
 * `isValid(t, { grammar: 'rfc6570' })` and check() add to the grammar's
 * answer. In the core, which owns that answer (src/core/parse.ts); the rest of
 * what RFC 6570 says of its operators is src/template/syntax.ts. Small and on
 * its own, so that src/core/parse.ts, which the first isValid() of a program
 * loads, requires it only on the first call that needs it
 * (scripts/finish-build.ts, FIRST_USE_ONLY).
 */
import { UriSyntaxError } from './errors';

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
