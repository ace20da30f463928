/**
 * The protocol between the runner and an implementation (conformance/README.md,
 * "The protocol"): its version, a request and an answer, and the one
 * comparison the runner makes beyond string equality, RFC 3986 6.2.2.1's case
 * normalization, for the answers of a parser or a resolver.
 */

/**
 * The protocol's version. An adapter states the version it speaks on a line of its own
 * (`{"protocol": 1}`, or `export const protocol = 1` in a module); the runner refuses any other.
 * It changes, with the suite's major version, when an adapter written for it would be judged
 * differently or could no longer answer.
 */
export const PROTOCOL_VERSION = 1;

export type Op =
  | 'validate'
  | 'error-offset'
  | 'components'
  | 'resolve'
  | 'remove-dot-segments'
  | 'normalize'
  | 'equivalent'
  | 'iri-to-uri'
  | 'uri-to-iri'
  | 'percent-encode'
  | 'percent-decode'
  | 'template-validate'
  | 'template-expand';

/** One line the runner writes: the case's id, the operation and its arguments. */
export interface Request {
  readonly id: string;
  readonly op: Op;
  readonly [argument: string]: unknown;
}

/** One line the implementation answers. */
export interface Response {
  readonly id?: string;
  /** The answer: a boolean, a string, a number (an offset) or an object (components). */
  readonly result?: unknown;
  /** The implementation does not do this operation, or not with these arguments. */
  readonly unsupported?: boolean;
  /** The operation failed (the input is invalid): a message, and where, when known. */
  readonly error?: string;
  readonly offset?: number;
  readonly codePointOffset?: number;
  /** Set by the runner, not the implementation: the program crashed or timed out on this case. */
  readonly failure?: 'crashed' | 'timed out' | 'bad answer';
}

/** What an implementation says of itself: the protocol it speaks and its name, when it says them. */
export interface Statement {
  readonly protocol?: unknown;
  readonly implementation?: unknown;
}

/** The implementation states a protocol this runner does not speak: the run stops. */
export class ProtocolError extends Error {}

/** Refuses a stated protocol other than this runner's (a statement without one is taken as this runner's). */
export function checkProtocol(stated: Statement, who: string): void {
  if (stated.protocol === undefined || stated.protocol === PROTOCOL_VERSION) return;
  throw new ProtocolError(`${who} speaks protocol ${JSON.stringify(stated.protocol)}; this runner speaks protocol ${PROTOCOL_VERSION} (conformance/README.md, "The protocol")`);
}

/*
 * 6.2.2.1: the scheme and the host are case-insensitive (3.1, 3.2.2), and so are the hex digits of
 * a percent-encoding, anywhere; a parser or a resolver may give them in their normal case (lower,
 * and upper for the hex digits). Nothing else is normalized: percent-encodings are not decoded
 * (6.2.2.2) and dot segments stay (6.2.2.3), so an answer that does either is judged as it is.
 */

/** The hex digits of each percent-encoding upper-cased. */
export const hexUpper = (s: string): string => s.replace(/%[0-9a-fA-F]{2}/g, (t) => t.toUpperCase());

/** A scheme in its normal case: ASCII letters lower-cased. */
export const schemeCase = (s: string): string => s.replace(/[A-Z]+/g, (t) => t.toLowerCase());

/** A host in its normal case: ASCII letters lower-cased outside percent-encodings, their hex digits upper-cased. */
export const hostCase = (s: string): string => s.replace(/%[0-9a-fA-F]{2}|[A-Z]+/g, (t) => (t.startsWith('%') ? t.toUpperCase() : t.toLowerCase()));

/** An authority in its normal case: userinfo "@" host ":" port (3.2), the host as hostCase, the rest as hexUpper. */
export function authorityCase(authority: string): string {
  const at = authority.indexOf('@'); // userinfo has no "@"
  const userinfo = at < 0 ? '' : hexUpper(authority.slice(0, at + 1));
  const rest = authority.slice(at + 1);
  // The host ends at the "]" of an IP literal, else at the first ":" (a reg-name has none).
  const end = rest.startsWith('[') ? rest.indexOf(']') + 1 || rest.length : rest.includes(':') ? rest.indexOf(':') : rest.length;
  return userinfo + hostCase(rest.slice(0, end)) + rest.slice(end);
}

/** A URI reference in its case-normal form, its components found by RFC 3986 Appendix B. */
export function uriCase(uri: string): string {
  const m = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/s.exec(uri)!;
  const [, scheme, authority, path, query, fragment] = m;
  return (scheme === undefined ? '' : `${schemeCase(scheme)}:`) + (authority === undefined ? '' : `//${authorityCase(authority)}`) + hexUpper(path + (query ?? '') + (fragment ?? ''));
}
