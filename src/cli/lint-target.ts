/**
 * What `urigram lint` (./lint-command) and its file parts (./lint-files) both take: a URI to lint and where it is
 * (Target), what lint threw for one (LintFailure), and which fixes --fix writes.
 */
import type { Diagnostic } from '../lint/lint';
import { safeFixCodes } from '../lint/registry';
import type { LocatedUri } from './positions';

/**
 * The fixes --fix writes: those LINT_RULES calls safe, which keep the URI
 * equivalent (RFC 3986 6.2.2 and 6.2.3). A fix that changes what the URI
 * identifies or how it reads (a suggestion: non-ascii, an IRI as its URI;
 * password-in-userinfo) is reported, not written; so are a finding's
 * suggestions, which are never fixes.
 */
export const SAFE_FIXES: ReadonlySet<string> = safeFixCodes();

/** What lint threw for a URI (a bug), carried to where the URI is reported. */
export class LintFailure {
  constructor(readonly error: unknown) {}
}

/** One URI to lint, and where it is. */
export interface Target {
  readonly uri: string;
  /** The file ("-": standard input); none for a URI given as an argument. */
  readonly file?: string;
  /** For a URI in a file: where it was found. */
  readonly located?: LocatedUri;
  /** For a URI read as a line of standard input: the line. */
  readonly line?: number;
  /** The n-th time this URI occurs in its file (for stable fingerprints). */
  readonly occurrence: number;
  /** Diagnostics on these lines are switched off by inline directives. */
  readonly suppressed?: (line: number, code: string) => boolean;
}

/** A fix that can be written in the file: a safe one, outside code, where the URI is in the file as written. */
export function writableFix(t: Target, d: Diagnostic): boolean {
  return d.fix !== undefined && SAFE_FIXES.has(d.code) && t.located !== undefined && t.file !== '-' && !t.located.found.code && t.located.verbatim(d.fix.start, d.fix.end);
}

