/**
 * `url-prefix`: the old "URL:" prefix of RFC 3986 Appendix C, which is no
 * part of the URI. The fix removes it; the normalization rules then leave its
 * "URL" alone (not a scheme to lower-case).
 */
import { isValid } from '../../core/parse';
import { located } from '../../core/records';
import type { ParsedContext, RuleFamily } from '../diagnostic';

export const urlPrefixRules: RuleFamily = {
  codes: ['url-prefix'],
  runs: 'valid',
  check(ctx: ParsedContext): void {
    const { input: uri, record: r } = ctx;
    const scheme = located(r, 'scheme');
    if (scheme?.text.toLowerCase() !== 'url') return;
    const rest = uri.slice(scheme.end + 1).replace(/^\s+/, '');
    if (!isValid(rest, { rule: 'URI' })) return;
    ctx.report('url-prefix', 'the "URL:" prefix is not part of the URI (RFC 3986 Appendix C)', 0, uri.length - rest.length, { replacement: '', start: 0, end: uri.length - rest.length });
    ctx.urlPrefix = true;
  },
};
