/**
 * `doubled-scheme`: a URI whose authority is another scheme's name and
 * delimiter, "https://https://host/" or "http://http//host": a URL pasted
 * after a scheme already typed (a form's "http://" prefilled). RFC 3986 and
 * browsers alike read the host "https" (or "http") and the path "//host/".
 * Wrapping schemes (view-source:, blob:, jar:, feed:) have no "//" before the
 * inner URI and are not this.
 */
import type { LintContext, RuleFamily } from '../diagnostic';
import { quoted, subsume, subsumeSyntaxWhenCured } from '../mistakes';

export const doubledSchemeRules: RuleFamily = {
  codes: ['doubled-scheme'],
  runs: 'any',
  check(ctx: LintContext): void {
    doubledScheme(ctx);
  },
};

/** A web scheme and "//", then a web scheme's name with "://", ":/" or "//" before a host's first character. Anchored, no repetition. */
const DOUBLED = /^(https?|ftp|wss?|file):\/\/(https?|ftp|wss?|file)(:\/\/|:\/|\/\/)(?=[A-Za-z0-9[%])/i;

function doubledScheme(ctx: LintContext): void {
  const { input } = ctx;
  const m = DOUBLED.exec(input);
  if (m === null) return;
  const [whole, outer, inner] = m;
  const meant = `${inner}://${input.slice(whole.length)}`;
  const twice = outer.toLowerCase() === inner.toLowerCase() ? `"${outer}://" twice` : `"${outer}://" then "${inner}"`;
  ctx.suggest('doubled-scheme', `a doubled scheme, ${twice}: the host is ${quoted(inner)} to RFC 3986 and to browsers; probably meant ${quoted(meant)}`, 0, whole.length, [{ message: `keep only "${inner}://"`, replacement: `${inner}://`, start: 0, end: whole.length }]);
  // "https://https://": the inner scheme's ":" is an empty port (empty-port's fix would remove it); "http://http:/h"'s
  // path is what the http grammar reads: one cause.
  subsume(ctx, 'empty-port', 'scheme-syntax', 'invalid-dns-name');
  subsumeSyntaxWhenCured(ctx, meant);
}
