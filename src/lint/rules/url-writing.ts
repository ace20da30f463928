/**
 * `url-writing`: with lint's `standard` 'whatwg-url' (or 'auto' on a link's destination), the URI is judged by
 * the URL Standard's "valid URL string" (4.3, URL writing: grammar/whatwg-url.abnf), which the HTML Standard
 * asks of an href, in place of RFC 3986's syntax: a string that is not one is this rule's error, at the
 * writing grammar's offset with what it expected, and naming the validation errors the Standard's parser
 * reports for it (whatwgValidationErrors), in the order met. RFC 3986's own findings on validity (`syntax`,
 * `non-ascii`, `unencoded-character`, `zone-identifier`) are then not made: the standard that governs the
 * context decides what is valid. Every other rule reads the URI as before.
 */
import { tryParse } from '../../core/parse';
import { IdnaDomainTooLongError } from '../../core/errors';
import { whatwgValidationErrors } from '../../whatwg/validation-errors';
import type { LintContext, RuleFamily } from '../diagnostic';

/** The base URL a relative reference is judged against when lint's `base` names none: a special scheme's, as a document read over HTTP(S) has. */
export const DEFAULT_WRITING_BASE = 'https://example.invalid/';

/** A URL-scheme string and ":" at the start (anchored, one class repeated: linear). */
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;

export const urlWritingRules: RuleFamily = {
  codes: ['url-writing'],
  runs: 'any',
  check(ctx: LintContext): void {
    if (ctx.standard !== 'whatwg-url') return;
    // RFC 3986's URI and absolute-URI take no relative reference: nor does the writing grammar without a base.
    const base = ctx.rule === 'URI' || ctx.rule === 'absolute-URI' ? undefined : (ctx.base ?? DEFAULT_WRITING_BASE);
    const options = base === undefined ? { grammar: 'whatwg-url' as const } : { grammar: 'whatwg-url' as const, base };
    const parsed = tryParse(ctx.input, options);
    if (parsed.ok) return;
    const e = parsed.error;
    const errors = parserErrors(ctx.input, base);
    const named =
      errors === undefined
        ? "; the URL parser's validation errors are not named: its host needs UTS 46 and is over whatwgValidationErrors' bound"
        : errors.length === 0
          ? ''
          : `; the URL parser reports ${errors.map((v) => `${v.name} at ${v.offset}`).join(', ')}${errors.failure ? ' and returns failure' : ''}`;
    // The base matters to a relative string only: one that starts with a scheme and ":" is read without it.
    const relative = base !== undefined && !ABSOLUTE.test(ctx.input);
    const message = `not a valid URL string (URL Standard 4.3)${relative ? ` relative to a base like ${JSON.stringify(base)}` : ''}: ${e.message}${named}`;
    const end = Math.min(ctx.input.length, e.offset + Math.max(1, e.found?.length ?? 0));
    ctx.report('url-writing', message, e.offset, end, undefined, undefined, errors === undefined ? undefined : { validationErrors: errors.map((v) => ({ name: v.name, offset: v.offset, fatal: v.fatal })) });
  },
};

/**
 * The parser's validation errors, or undefined when whatwgValidationErrors refuses the input (a host that needs
 * UTS 46 over its bound, IdnaDomainTooLongError): lint reports the grammar's finding all the same, never throws.
 */
function parserErrors(input: string, base: string | undefined): ReturnType<typeof whatwgValidationErrors> | undefined {
  try {
    return whatwgValidationErrors(input, base === undefined ? {} : { base });
  } catch (e) {
    if (e instanceof IdnaDomainTooLongError) return undefined;
    throw e;
  }
}
