/**
 * The values that the actions of grammar/rfc3986.peggy return: where each
 * component was matched, as [start, end) offsets into the input, and which
 * alternative of a rule matched. Nothing here is decoded or changed; the record
 * that users see is built from these offsets in parse.ts.
 */

/** A matched component: the [start, end) UTF-16 offsets of its text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Which alternative of RFC 3986 `host` (3.2.2) matched; IP-literal is split into its two forms. */
export type HostKind = 'IPv4address' | 'IPv6address' | 'IPvFuture' | 'reg-name';

/** Which of the five path rules of RFC 3986 3.3 matched. */
export type PathKind = 'path-abempty' | 'path-absolute' | 'path-noscheme' | 'path-rootless' | 'path-empty';

export interface HostTree extends Span {
  readonly kind: HostKind;
}

export interface AuthorityTree extends Span {
  readonly userinfo: Span | null;
  readonly host: HostTree;
  readonly port: Span | null;
}

/** What `hier-part` and `relative-part` return. */
export interface HierTree {
  readonly authority: AuthorityTree | null;
  readonly pathKind: PathKind;
  readonly path: Span;
}

/** What `URI-reference`, `URI`, `absolute-URI` and `relative-ref` return; null marks an absent component. */
export interface UriTree extends HierTree {
  readonly scheme: Span | null;
  readonly query: Span | null;
  readonly fragment: Span | null;
}
