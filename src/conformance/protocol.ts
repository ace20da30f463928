/**
 * The protocol between the runner and an implementation (conformance/README.md,
 * "The protocol"): its version, a request and an answer, and the one
 * comparison the runner makes beyond string equality, RFC 3986 6.2.2.1's case
 * normalization, for the answers of a parser or a resolver.
 */

/**
 * The protocol's version, the newest this runner speaks. An adapter states the version it speaks on
 * a line of its own (`{"protocol": 2}`, or `export const protocol = 2` in a module); the runner
 * refuses one it does not speak (PROTOCOL_VERSIONS). Version 2 added the `reading` operation, which
 * no case of the suite asks: an adapter written for version 1 is judged as before, and is never
 * asked for a reading (the runner of `urigram readings` reports it as not answering one).
 */
export const PROTOCOL_VERSION = 2;

/** The versions this runner speaks: 1, and 2 (1 and the `reading` operation). */
export const PROTOCOL_VERSIONS: readonly number[] = [1, 2];

/** The first version with the `reading` operation. */
export const READING_PROTOCOL = 2;

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
  | 'template-expand'
  | 'whatwg-validate'
  | 'whatwg-validation-errors'
  | 'reading';

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

/** Refuses a stated protocol this runner does not speak (a statement without one is taken as version 1). */
export function checkProtocol(stated: Statement, who: string): void {
  if (stated.protocol === undefined || PROTOCOL_VERSIONS.includes(stated.protocol as number)) return;
  throw new ProtocolError(`${who} speaks protocol ${JSON.stringify(stated.protocol)}; this runner speaks protocols ${PROTOCOL_VERSIONS.join(' and ')} (conformance/README.md, "The protocol")`);
}

/** The components of a `reading` answer, each a string or null (absent); `path` is always a string. */
export const READING_KEYS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;

/** A `reading` answer's result: that parser's components, raw as it gives them, null where it says one is absent. */
export type Reading = { readonly [K in (typeof READING_KEYS)[number]]: K extends 'path' ? string : string | null };

/**
 * The result of a `reading` answer, checked: each of READING_KEYS a string or null (the path a string),
 * other keys left out; a string saying what is wrong for anything else.
 */
export function readingOf(result: unknown): Reading | string {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return 'its result is not an object';
  const r = result as Record<string, unknown>;
  const out: Record<string, string | null> = {};
  for (const key of READING_KEYS) {
    const v = r[key];
    if (typeof v === 'string' || (v === null && key !== 'path')) out[key] = v;
    else return `its ${key} is ${v === undefined ? 'missing' : key === 'path' ? 'not a string' : 'neither a string nor null'}`;
  }
  return out as Reading;
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
