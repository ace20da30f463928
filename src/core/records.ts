/**
 * The records urigram returns and takes, in one place: what a parse gives
 * (UriRecord for RFC 3986 and RFC 3987, Rfc2396Record for RFC 2396), the five
 * components of RFC 3986 5.3 that resolution and recomposition work on
 * (UriComponents), and what the peggy grammars' actions return (the trees,
 * from which the peggy back end builds the same records).
 *
 * Each grammar has its own closed set of host and path kinds, so that a type
 * says what a record can hold: an RFC 3986 record never has the host kind
 * 'hostname' or the path kind 'opaque-part'; only an RFC 2396 record has
 * `opaque` and `authorityForm` (isRfc2396Record tells them apart); only a
 * record parsed with `zoneId: true` (Rfc6874Record) has `zone`.
 */

/**
 * The components of RFC 3986 3 (with userinfo, host and port of 3.2), in the
 * order of a URI: the one list that the record's type, the record builders,
 * the CLI's output, the playground and the conformance runner read.
 */
export const COMPONENT_NAMES = ['scheme', 'authority', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;
export type UriComponentName = (typeof COMPONENT_NAMES)[number];

/** [start, end) offsets of a component in the parsed string, in UTF-16 code units. */
export type SpanTuple = readonly [start: number, end: number];

/**
 * Which alternative of RFC 3986 `host` (3.2.2) matched; IP-literal is split
 * into its two forms. RFC 3987's `ireg-name` is 'reg-name'.
 */
export type Rfc3986HostKind = 'IPv4address' | 'IPv6address' | 'IPvFuture' | 'reg-name';

/** RFC 2396's host (3.2.2): hostname or IPv4address, or by RFC 2732 an IPv6reference ('IPv6address'). */
export type Rfc2396HostKind = 'hostname' | 'IPv4address' | 'IPv6address';

/** Any grammar's host kind. */
export type HostKind = Rfc3986HostKind | Rfc2396HostKind;

/** Which of the five path rules of RFC 3986 3.3 matched (for RFC 3987, the same rule with "i" prefixed). */
export type Rfc3986PathKind = 'path-abempty' | 'path-absolute' | 'path-noscheme' | 'path-rootless' | 'path-empty';

/**
 * An RFC 2396 path, by the RFC 3986 rule it corresponds to (Appendix D.2), or
 * 'opaque-part' for the opaque_part of a non-hierarchical URI.
 */
export type Rfc2396PathKind = 'path-abempty' | 'path-absolute' | 'path-noscheme' | 'path-empty' | 'opaque-part';

/** Any grammar's path kind. */
export type PathKind = Rfc3986PathKind | Rfc2396PathKind;

/** The spans of a record: the path's always, each other present component's. */
export type RecordSpans = Readonly<Partial<Record<UriComponentName, SpanTuple>>> & { readonly path: SpanTuple };

/**
 * What every parse record has. Every component is exactly the text the input
 * has for it. A component that is absent is `undefined`; one that is present
 * but empty is `""` (so `http://h?#` has query `""` and fragment `""`, and
 * `http://h` has both `undefined`). The path is always present, possibly "".
 */
export interface RecordOf<H extends HostKind, P extends PathKind> {
  readonly scheme: string | undefined;
  /** The text after "//" up to the path, e.g. `user@host:80`. */
  readonly authority: string | undefined;
  readonly userinfo: string | undefined;
  /** The text of the `host` rule; an IP-literal keeps its brackets: `[::1]`. */
  readonly host: string | undefined;
  readonly port: string | undefined;
  readonly path: string;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
  /** Which alternative of `host` matched (an IP-literal by its inner rule); undefined without an authority. */
  readonly hostKind: H | undefined;
  /** Which path rule matched. */
  readonly pathKind: P;
  /** Offsets of every present component; absent ones have no entry. */
  readonly spans: RecordSpans;
}

/** A URI reference parsed by RFC 3986 (or an IRI reference by RFC 3987, whose rules map onto the same names). */
export type UriRecord = RecordOf<Rfc3986HostKind, Rfc3986PathKind>;

/**
 * A URI reference parsed by the RFC 2396 grammar: the components of
 * UriRecord, plus what RFC 2396 tells apart and RFC 3986 no longer does.
 *
 * - `opaque`: the opaque_part of an absoluteURI whose part after "scheme:" does
 *   not begin with "/" (`mailto:a@b?subject=x` has opaque `a@b?subject=x`).
 *   RFC 2396 gives such a URI no query: the "?" is part of the opaque part. The
 *   path is then the opaque part too, with pathKind 'opaque-part', so that the
 *   record still reads back by RFC 3986 5.3. Undefined otherwise.
 * - `authorityForm`: 'server' ([userinfo "@"] host [":" port], possibly empty)
 *   or 'reg_name' (a registry-based authority: no userinfo, host or port);
 *   undefined without an authority. Where both match, server is taken.
 * - an empty server (`file:///x`) has authority "" and no host: RFC 2396's
 *   server is optional, where RFC 3986 reads an empty reg-name as the host.
 */
export interface Rfc2396Record extends RecordOf<Rfc2396HostKind, Rfc2396PathKind> {
  readonly opaque: string | undefined;
  readonly authorityForm: 'server' | 'reg_name' | undefined;
}

/**
 * A URI reference parsed with `{ zoneId: true }`: by RFC 3986 as RFC 6874 2
 * updates it, so that an IPv6 address literal may carry a zone identifier
 * (`http://[fe80::a%25en1]/`). The components of UriRecord, plus:
 *
 * - `zone`: the ZoneID (RFC 6874 2) of an IP-literal that has one, as
 *   written: the text after the "%25" that RFC 6874 makes the delimiter (the
 *   percent-encoded "%" of RFC 4007's `fe80::a%en1`), up to the "]", still
 *   percent-encoded, like every component of a record. `[fe80::a%25en1]` has
 *   zone `en1`, `[fe80::a%25en%2F1]` has zone `en%2F1` (percentDecode gives
 *   the zone's own name, `en/1`). Undefined when the host has no zone.
 *
 * An address with a zone is still the host kind 'IPv6address', and `host` is
 * the whole literal as written, zone included: `[fe80::a%25en1]`.
 */
export interface Rfc6874Record extends UriRecord {
  readonly zone: string | undefined;
}

/** A record of any grammar. */
export type AnyUriRecord = UriRecord | Rfc2396Record;

/** Whether a record comes from the RFC 2396 grammar (and so has `opaque` and `authorityForm`). */
export function isRfc2396Record(r: AnyUriRecord | UriComponents): r is Rfc2396Record {
  return 'authorityForm' in r;
}

/** A present component: its text and where it is. */
export interface Located {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** A component of a record with its span, or undefined when it is absent: value and span in one, so that no caller asserts the span exists. */
export function located(r: AnyUriRecord, name: UriComponentName): Located | undefined {
  const text = r[name];
  const span = r.spans[name];
  return text === undefined || span === undefined ? undefined : { text, start: span[0], end: span[1] };
}

/** The five components of RFC 3986 5.3. An absent component is undefined; the path is always a string. */
export interface UriComponents {
  readonly scheme: string | undefined;
  readonly authority: string | undefined;
  readonly path: string;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
}

/** The component slots a back end fills: [start, end) or undefined for an absent component. */
export type ComponentSpans = Partial<Record<Exclude<UriComponentName, 'path'>, SpanTuple>>;

/**
 * Where each component of a record is, for buildRecord: the [start, end) of
 * the i-th component of COMPONENT_NAMES at 2i and 2i + 1, the start -1 when it
 * is absent. A typed array, so that the record builder reads every back end's
 * offsets the same way (split.ts reuses one, allocating nothing).
 */
export type ComponentOffsets = Int32Array;

/** Offsets with every component absent. */
export function noComponents(into: ComponentOffsets = new Int32Array(2 * COMPONENT_NAMES.length)): ComponentOffsets {
  for (let k = 0; k < into.length; k += 2) into[k] = -1; // the starts: an end is read only with its start
  return into;
}

/** The offsets of a back end's slots (undefined for an absent component) and of the path. */
export function offsetsOf(parts: ComponentSpans, path: SpanTuple): ComponentOffsets {
  const at = noComponents();
  COMPONENT_NAMES.forEach((name, i) => {
    const span = name === 'path' ? path : parts[name];
    if (span !== undefined) at.set(span, 2 * i);
  });
  return at;
}

/**
 * The one record builder: the text and the span of each present component,
 * from its offsets in the input (ComponentOffsets); an absent component has
 * no text and no key in `spans`. Written out per component: it runs for every
 * parse.
 */
export function buildRecord<H extends HostKind, P extends PathKind>(input: string, at: ComponentOffsets, hostKind: H | undefined, pathKind: P): RecordOf<H, P> {
  const spans: Partial<Record<UriComponentName, SpanTuple>> & { path: SpanTuple } = { path: [at[10], at[11]] };
  let scheme: string | undefined;
  let authority: string | undefined;
  let userinfo: string | undefined;
  let host: string | undefined;
  let port: string | undefined;
  let query: string | undefined;
  let fragment: string | undefined;
  if (at[0] >= 0) {
    spans.scheme = [at[0], at[1]];
    scheme = input.slice(at[0], at[1]);
  }
  if (at[2] >= 0) {
    spans.authority = [at[2], at[3]];
    authority = input.slice(at[2], at[3]);
  }
  if (at[4] >= 0) {
    spans.userinfo = [at[4], at[5]];
    userinfo = input.slice(at[4], at[5]);
  }
  if (at[6] >= 0) {
    spans.host = [at[6], at[7]];
    host = input.slice(at[6], at[7]);
  }
  if (at[8] >= 0) {
    spans.port = [at[8], at[9]];
    port = input.slice(at[8], at[9]);
  }
  if (at[12] >= 0) {
    spans.query = [at[12], at[13]];
    query = input.slice(at[12], at[13]);
  }
  if (at[14] >= 0) {
    spans.fragment = [at[14], at[15]];
    fragment = input.slice(at[14], at[15]);
  }
  return recordObject(scheme, authority, userinfo, host, port, input.slice(at[10], at[11]), query, fragment, hostKind, pathKind, spans);
}

/**
 * The record object itself, its fields in the one order every record has
 * (one shape for V8, one order for a user's Object.keys): buildRecord makes
 * it here, and so does the fast path (split.ts, capturedRecord), whose texts
 * are its expression's captures. `spans` has the path's first, then each
 * present component's in the order of COMPONENT_NAMES.
 */
export function recordObject<H extends HostKind, P extends PathKind>(
  scheme: string | undefined,
  authority: string | undefined,
  userinfo: string | undefined,
  host: string | undefined,
  port: string | undefined,
  path: string,
  query: string | undefined,
  fragment: string | undefined,
  hostKind: H | undefined,
  pathKind: P,
  spans: RecordSpans,
): RecordOf<H, P> {
  return { scheme, authority, userinfo, host, port, path, query, fragment, hostKind, pathKind, spans };
}

// ---------------------------------------------------------------- what the peggy grammars' actions return

/** A matched component: the [start, end) UTF-16 offsets of its text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface HostTree extends Span {
  /** 'IPv6addrz' only from grammar/rfc6874.peggy: an IPv6 address with a zone identifier (the record says 'IPv6address' and has `zone`). */
  readonly kind: Rfc3986HostKind | 'IPv6addrz';
}

export interface AuthorityTree extends Span {
  readonly userinfo: Span | null;
  readonly host: HostTree;
  readonly port: Span | null;
}

/** What `hier-part` and `relative-part` of grammar/rfc3986.peggy (and rfc3987.peggy) return. */
export interface HierTree {
  readonly authority: AuthorityTree | null;
  readonly pathKind: Rfc3986PathKind;
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
  readonly kind: Rfc2396HostKind;
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
  readonly pathKind: Rfc2396PathKind;
  readonly path: Span;
  readonly query: Span | null;
  readonly fragment: Span | null;
  /** The opaque_part of an absoluteURI that is not hierarchical; it is then also the path. */
  readonly opaque: Span | null;
}
