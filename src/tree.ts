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

/**
 * Which alternative of RFC 3986 `host` (3.2.2) matched; IP-literal is split into its two forms.
 * The same names serve RFC 3987 (`ireg-name` is 'reg-name'); RFC 2396 adds 'hostname'
 * (its host is hostname, IPv4address or, by RFC 2732, an IPv6reference: 'IPv6address').
 */
export type HostKind = 'IPv4address' | 'IPv6address' | 'IPvFuture' | 'reg-name' | 'hostname';

/**
 * Which of the five path rules of RFC 3986 3.3 matched (for RFC 3987, the same rule with
 * "i" prefixed). RFC 2396 paths are given the RFC 3986 rule they correspond to (Appendix D.2),
 * and 'opaque-part' for the opaque_part of a non-hierarchical URI.
 */
export type PathKind = 'path-abempty' | 'path-absolute' | 'path-noscheme' | 'path-rootless' | 'path-empty' | 'opaque-part';

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

/** What the host rule of grammar/rfc2396.peggy returns. */
export interface Rfc2396HostTree extends Span {
  readonly kind: 'hostname' | 'IPv4address' | 'IPv6address';
}

/** What authority, server and reg_name of grammar/rfc2396.peggy return; a reg_name has no userinfo, host or port, and a server may be empty. */
export interface Rfc2396AuthorityTree extends Span {
  readonly form: 'server' | 'reg_name';
  readonly userinfo: Span | null;
  readonly host: Rfc2396HostTree | null;
  readonly port: Span | null;
}

/** What URI-reference, absoluteURI and relativeURI of grammar/rfc2396.peggy return. */
export interface Rfc2396Tree {
  readonly scheme: Span | null;
  readonly authority: Rfc2396AuthorityTree | null;
  readonly pathKind: PathKind;
  readonly path: Span;
  readonly query: Span | null;
  readonly fragment: Span | null;
  /** The opaque_part of an absoluteURI that is not hierarchical; it is then also the path. */
  readonly opaque: Span | null;
}
