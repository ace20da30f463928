/**
 * `whatwg-host-differs` and `whatwg-differs`: where browsers read the URI
 * otherwise (src/whatwg/lint-rules.ts). For URI references only (the rule's
 * parse is the comparison's), and only when one of the two is on: the
 * comparison is the costliest check lint makes.
 */
import { whatwgDiagnostics } from '../../whatwg/lint-rules';
import type { LintContext, RuleFamily } from '../diagnostic';

export const whatwgRules: RuleFamily = {
  codes: ['whatwg-host-differs', 'whatwg-differs'],
  runs: 'any',
  check(ctx: LintContext): void {
    if (ctx.rule === 'URI-reference' && (ctx.on('whatwg-host-differs') || ctx.on('whatwg-differs'))) whatwgDiagnostics(ctx.input, ctx.parsed, ctx.report);
  },
};
