/**
 * `missing-colon` and `missing-slash`: the delimiter between a web scheme and
 * its authority written wrong. "https//host/x" (no ":", or "http;//" with
 * another character for it) is a relative path to every reader; "http:/host"
 * (one "/", or none) is a URI without a host to RFC 3986 and the host "host"
 * to browsers, one cause and one finding, which names both hosts (the
 * finding's data) and so stands for the host difference as well.
 */
import { tryParse } from '../../core/parse';
import { located } from '../../core/records';
import { comparison } from '../../whatwg/compare-whatwg';
import type { LintContext, RuleFamily } from '../diagnostic';
import { quoted, subsume, subsumeSyntaxWhenCured, WEB_SCHEMES } from '../mistakes';

export const schemeDelimiterRules: RuleFamily = {
  codes: ['missing-colon', 'missing-slash'],
  runs: 'any',
  check(ctx: LintContext): void {
    if (!missingColon(ctx)) missingSlash(ctx);
  },
};

/**
 * A web scheme's name, then nothing or one character typed for the ":" (";", ".", ","), then "//" and the first
 * character of a host. Anchored, one pass: no repetition that could backtrack.
 */
const NO_COLON = /^(https?|ftp|wss?)([;.,]?)\/\/(?=[A-Za-z0-9[%])/i;

/** "https//host/x", "http;//host": a relative reference whose first segment is a web scheme without its ":". */
function missingColon(ctx: LintContext): boolean {
  const { input } = ctx;
  const m = NO_COLON.exec(input);
  // A reference with a scheme of its own ("x:https//"...) cannot match an anchored name of letters: the first ":" is after the "//".
  if (m === null) return false;
  const [, scheme, typed] = m;
  const at = scheme.length;
  const meant = `${scheme}:${input.slice(at + typed.length)}`;
  const what = typed === '' ? `missing ":" after the scheme "${scheme}"` : `${JSON.stringify(typed)} where the ":" after the scheme "${scheme}" goes`;
  ctx.suggest('missing-colon', `${what}: this is a path relative to the document (RFC 3986 4.2), to browsers too; probably meant ${quoted(meant)}`, 0, at + typed.length, [{ message: typed === '' ? 'insert ":"' : `write ":" for ${JSON.stringify(typed)}`, replacement: ':', start: at, end: at + typed.length }]);
  subsumeSyntaxWhenCured(ctx, meant);
  return true;
}

/** A web scheme, ":", then one "/" or none before the first character of a host. Anchored, no repetition. */
const FEW_SLASHES = /^(https?|ftp|wss?):(\/?)(?=[A-Za-z0-9[%])/i;

/**
 * What the WHATWG URL parser makes of the URI's host, where it differs from RFC 3986's (none, here): the host it
 * reads, or `refused` when it refuses the URI (an invalid host or port after the slashes it adds); undefined when
 * the two agree or the runtime has no URL parser to ask.
 */
function whatwgHost(ctx: LintContext): { host: string } | { refused: string } | undefined {
  try {
    // Read by RFC 3986's URI-reference whatever lint's rule is: where a request goes does not depend on it.
    const c = comparison(ctx.input, undefined, ctx.rule === 'URI-reference' ? ctx.parsed : tryParse(ctx.input));
    // A difference in the host, or in the userinfo before it ("http:a b@h/": one cause, which the comparison names first).
    if (!c.differences.some((x) => x.security)) return undefined;
    if (!c.whatwg.valid) return { refused: c.whatwg.error.message };
    return c.whatwg.host === undefined || c.whatwg.host === '' ? undefined : { host: c.whatwg.host };
  } catch {
    return undefined;
  }
}

/** "http:/host", "https:host": a URI of a web scheme whose "//" lacks a "/" (or both). */
function missingSlash(ctx: LintContext): void {
  const { input } = ctx;
  const m = FEW_SLASHES.exec(input);
  if (m === null) return;
  // A URI that RFC 3986 reads as having an authority is not this: the regular expression has no "//" in it, so only
  // a scheme of its own could (RFC 3986 3: "http:/x" has none).
  if (ctx.parsed.ok && located(ctx.parsed.value, 'host') !== undefined) return;
  const [whole, scheme, slash] = m;
  const name = scheme.toLowerCase();
  if (!WEB_SCHEMES.has(name)) return;
  const missing = slash === '' ? '//' : '/';
  const meant = `${input.slice(0, whole.length)}${missing}${input.slice(whole.length)}`;
  const host = whatwgHost(ctx);
  const path = `RFC 3986 reads no host and the path ${quoted(input.slice(scheme.length + 1))}`;
  const readings = host === undefined ? '' : 'host' in host ? `; ${path}, browsers the host ${quoted(host.host)}` : `; ${path}, browsers refuse it (${host.refused})`;
  ctx.suggest(
    'missing-slash',
    `missing ${JSON.stringify(missing)}: after "${scheme}:" a host needs "//" (RFC 3986 3.2; ${name === 'http' || name === 'https' ? 'RFC 9110 4.2' : name === 'ftp' ? 'RFC 1738 3.1' : 'RFC 6455 3'})${readings}; probably meant ${quoted(meant)}`,
    scheme.length,
    whole.length,
    [{ message: `insert ${JSON.stringify(missing)}`, replacement: missing, start: whole.length, end: whole.length }],
    undefined,
    host === undefined ? undefined : { hosts: { rfc3986: null, whatwg: 'host' in host ? host.host : null } },
  );
  // The http grammar's error ("expected "/""), and the WHATWG rules' difference of the same slashes: one cause.
  subsume(ctx, 'scheme-syntax', 'whatwg-host-differs', 'whatwg-differs');
  subsumeSyntaxWhenCured(ctx, meant);
}
