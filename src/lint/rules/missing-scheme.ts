/**
 * `missing-scheme`: a reference that starts with a host name but has no
 * scheme and no "//": "www.example.com/docs" is a path relative to the
 * document (RFC 3986 4.2), to browsers too; "localhost:3000/api" is a URI of
 * the scheme "localhost" (RFC 3986 3.1); "127.0.0.1:8080/x" is no URI
 * reference at all (a scheme begins with a letter). The host names are those
 * no file is named like: "www." and a name, "localhost", an IPv4 address with
 * a port. (A first segment shaped like any domain name is judged by link
 * integrity, which knows the tree's files.)
 */
import type { LintContext, RuleFamily } from '../diagnostic';
import { quoted, subsumeSyntaxWhenCured } from '../mistakes';

export const missingSchemeRules: RuleFamily = {
  codes: ['missing-scheme'],
  runs: 'any',
  check(ctx: LintContext): void {
    missingScheme(ctx);
  },
};

/**
 * The host (and port) at the start of the reference, up to the end of the first segment: "www." and DNS labels,
 * "localhost", or an IPv4 address in dotted decimal with a port. Anchored; the labels' repetition is separated by
 * ".", which no label has, and each label is bounded (63): linear.
 */
const HOST_FIRST = /^(?:(www\d{0,3}\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)(?::(\d{1,5}))?|(localhost)(?::(\d{1,5}))?|((?:\d{1,3}\.){3}\d{1,3}):(\d{1,5}))(?=$|[/?#])/i;

function missingScheme(ctx: LintContext): void {
  const { input } = ctx;
  const m = HOST_FIRST.exec(input);
  if (m === null) return;
  const [whole, www, , localhost, , ip] = m;
  const host = www ?? localhost ?? ip;
  // https for a public name, http for this machine's and an address's, as their servers mostly are.
  const scheme = www !== undefined ? 'https' : 'http';
  const meant = `${scheme}://${input}`;
  const hasPort = whole.length > host.length;
  // With a port, RFC 3986 reads the name as a scheme (an address cannot be one: no URI reference at all).
  const reading = !hasPort
    ? 'this is a path relative to the document (RFC 3986 4.2), to browsers too'
    : ip !== undefined
      ? 'this is no URI reference: a scheme begins with a letter (RFC 3986 3.1)'
      : `this is a URI of the scheme ${quoted(host)} (RFC 3986 3.1), not a host and port`;
  ctx.suggest('missing-scheme', `no scheme before the host ${quoted(host)}: ${reading}; probably meant ${quoted(meant)}`, 0, whole.length, [{ message: `insert "${scheme}://"`, replacement: `${scheme}://`, start: 0, end: 0 }]);
  subsumeSyntaxWhenCured(ctx, meant);
}
