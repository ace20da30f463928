/**
 * `scheme-syntax` and `scheme-recommendation`: a URI of a scheme urigram has a
 * grammar for (src/schemes/) by its RFC's syntax and the constraints its RFC
 * states in prose. The scheme's components are left in the context for the
 * normalization rules (./normalization), which read them again otherwise.
 */
import { tryParse, type UriRecord } from '../../core/parse';
import { grammarEntry, type GeneratedGrammar } from '../../core/grammars';
import { availableSchemeCheck } from '../../core/scheme-checks';
import type { SchemeComponents } from '../../core/scheme-types';
import type { LintCode } from '../registry';
import type { ParsedContext, Report, RuleFamily, Suggest, Suggestion } from '../diagnostic';

export const schemeSyntaxRules: RuleFamily = {
  codes: ['scheme-syntax', 'scheme-recommendation'],
  runs: 'valid',
  check(ctx: ParsedContext): void {
    ctx.schemeComponents = schemeSyntaxDiagnostics(ctx.input, ctx.record, ctx.report, ctx.suggest, ctx.on);
  },
};

/**
 * A mailto URI whose one address has its "@" percent-encoded ("mailto:joe%40example.com", common in pages that
 * hide addresses from harvesters): the suggestion that writes the "@", when the URI is then a valid mailto URI;
 * undefined otherwise. Only for an address with no "@" of its own, so that a "%40" inside a quoted local part
 * stays. A suggestion, not a fix: "%40" is data in an address (RFC 3986 2.2), so the "@" makes another URI, the
 * one the author probably meant (and the page may have hidden the "@" on purpose).
 */
function encodedAtSuggestion(input: string, r: UriRecord): Suggestion | undefined {
  const path = r.spans.path;
  const to = input.slice(path[0], path[1]);
  if (to.includes('@') || to.includes(',')) return undefined;
  const m = /%40/i.exec(to);
  if (m === null || /%40/i.test(to.slice(m.index + 3))) return undefined;
  const start = path[0] + m.index;
  const candidate = `${input.slice(0, start)}@${input.slice(start + 3)}`;
  const parsed = tryParse(candidate);
  if (!parsed.ok) return undefined;
  return availableSchemeCheck(candidate, parsed.value)?.valid === true ? { message: 'write "@" for "%40"', replacement: '@', start, end: start + 3 } : undefined;
}

/**
 * scheme-syntax and scheme-recommendation: the scheme's grammar and the
 * constraints its RFC states in prose (src/schemes/check.ts), for the schemes
 * urigram has a grammar for (in an ES module bundle, those given to
 * useSchemes()). An http URI's empty host is empty-host's, and its userinfo with
 * a password password-in-userinfo's (while that rule is on): one cause, reported once.
 */
function schemeSyntaxDiagnostics(input: string, r: UriRecord, report: Report, suggest: Suggest, on: (code: LintCode) => boolean): SchemeComponents | undefined {
  const c = availableSchemeCheck(input, r);
  if (c === undefined || c.grammar === undefined) return undefined;
  const e = c.error;
  if (e !== undefined && c.components === undefined) {
    // The scheme grammar refused it: the error says where and what was expected.
    const section = grammarEntry(c.grammar as GeneratedGrammar).section;
    const message = `not a ${c.scheme} URI as ${section} has it: ${e.message}`;
    const at = c.scheme === 'mailto' ? encodedAtSuggestion(input, r) : undefined;
    if (at !== undefined) suggest('scheme-syntax', `${message}; its "@" is percent-encoded ("%40" is data in an address, RFC 3986 2.2), though mail programs decode it`, at.start, at.end, [at], section);
    else report('scheme-syntax', message, e.offset, Math.min(input.length, e.offset + (e.found?.length ?? 0)), undefined, section);
    return undefined;
  }
  // Each problem with its own section (the rule's lists every scheme's).
  for (const p of c.problems) {
    if (p.code === 'http-empty-host' || (p.code === 'http-userinfo' && r.userinfo?.includes(':') === true && on('password-in-userinfo'))) continue;
    report(p.severity === 'error' ? 'scheme-syntax' : 'scheme-recommendation', p.message, p.start, p.end, p.fix, p.section);
  }
  return c.components;
}
