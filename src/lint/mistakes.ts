/**
 * What the rules of authors' mistakes share (issue 45: missing-colon and
 * missing-slash, missing-scheme, doubled-scheme, scheme-typo,
 * trailing-punctuation, each a module of ./rules/): a URI quoted in a message,
 * the schemes whose URIs need an authority, and how a mistake takes over the
 * findings other rules make of the same cause.
 */
import { isValid } from '../core/parse';
import type { LintContext } from './diagnostic';
import type { LintCode } from './registry';

/** The longest URI a message quotes whole; a longer one is cut, with "…" (the URI is in the finding's range). */
const QUOTED_MAX = 80;

/** A URI (or a part of one) in a message: JSON-quoted, cut at QUOTED_MAX code units (not between a surrogate pair). */
export function quoted(text: string): string {
  if (text.length <= QUOTED_MAX) return JSON.stringify(text);
  const c = text.charCodeAt(QUOTED_MAX - 1);
  return JSON.stringify(`${text.slice(0, c >= 0xd800 && c <= 0xdbff ? QUOTED_MAX - 1 : QUOTED_MAX)}…`);
}

/**
 * The schemes whose URIs are written with "//" and an authority that names a host, as the people who write
 * documents type them: http and https (RFC 9110 4.2.1, 4.2.2), ws and wss (RFC 6455 3), ftp (RFC 1738 3.1).
 * The WHATWG URL Standard's special schemes but file, whose "file:/path" is a URI of its own (RFC 8089 2).
 */
export const WEB_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ws', 'wss', 'ftp']);

/** The rules whose findings have the cause a mistake has reported: lint() leaves them out (LintContext.subsumed). */
export function subsume(ctx: LintContext, ...codes: LintCode[]): void {
  ctx.subsumed ??= new Set();
  for (const code of codes) ctx.subsumed.add(code);
}

/**
 * The rules that say, each its own way, that a URI does not parse (syntax, non-ascii, unencoded-character): a
 * mistake takes them over when what it suggests is a valid URI reference (by lint's rule), the one cause.
 */
export function subsumeSyntaxWhenCured(ctx: LintContext, cured: string): void {
  if (!ctx.parsed.ok && isValid(cured, { rule: ctx.rule })) subsume(ctx, 'syntax', 'non-ascii', 'unencoded-character');
}
