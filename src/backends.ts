/**
 * The back ends generated from each grammar (grammar/NAME.peggy), each turning
 * a successful match into the same UriRecord:
 *
 * - the recognizer (generated/NAME.recognizer.js): allocation-free, used
 *   for every input; the record comes from its capture log;
 * - the peggy parser (generated/NAME.js): used to explain a rejection,
 *   and as the reference the recognizer is tested against; the record comes
 *   from the offsets its grammar actions return.
 *
 * RFC 3986 and RFC 3987 log the same slots in the same order (the IRI rule in
 * place of each URI rule), so one reader serves both; RFC 2396 has its own.
 */
import type * as PeggyParser from '../generated/rfc3986';
import type { StartRuleNames } from '../generated/rfc3986';
import { recognize, captureLog, captureCount, CAPTURE_SLOTS } from '../generated/rfc3986.recognizer';
import { generatedModule, recognizerOf, type GrammarName } from './grammars';
import type { HostKind, PathKind, Rfc2396Tree, Span, UriTree } from './tree';

/** The components of RFC 3986 3 (with userinfo, host and port of 3.2). */
export type UriComponentName = 'scheme' | 'authority' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment';

/** [start, end) offsets of a component in the parsed string, in UTF-16 code units. */
export type SpanTuple = readonly [start: number, end: number];

/**
 * A parsed URI reference. Every component is exactly the text the input has
 * for it. A component that is absent is `undefined`; one that is present but
 * empty is `""` (so `http://h?#` has query `""` and fragment `""`, and
 * `http://h` has both `undefined`). The path is always present, possibly "".
 */
export interface UriRecord {
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
  readonly hostKind: HostKind | undefined;
  /** Which of the five path rules matched. */
  readonly pathKind: PathKind;
  /** Offsets of every present component; absent ones have no entry. */
  readonly spans: Readonly<Partial<Record<UriComponentName, SpanTuple>>> & { readonly path: SpanTuple };
}

/**
 * A URI reference parsed by the RFC 2396 grammar: the components of UriRecord,
 * plus what RFC 2396 tells apart and RFC 3986 no longer does.
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
export interface Rfc2396Record extends UriRecord {
  readonly opaque: string | undefined;
  readonly authorityForm: 'server' | 'reg_name' | undefined;
}

type Spans = Partial<Record<UriComponentName, SpanTuple>> & { path: SpanTuple };

function record(
  input: string,
  parts: Record<Exclude<UriComponentName, 'path'>, Span | null>,
  path: Span,
  hostKind: HostKind | undefined,
  pathKind: PathKind,
): UriRecord {
  const spans: Spans = { path: [path.start, path.end] };
  const text = (name: Exclude<UriComponentName, 'path'>): string | undefined => {
    const span = parts[name];
    if (span === null) return undefined;
    spans[name] = [span.start, span.end];
    return input.slice(span.start, span.end);
  };
  return {
    scheme: text('scheme'),
    authority: text('authority'),
    userinfo: text('userinfo'),
    host: text('host'),
    port: text('port'),
    path: input.slice(path.start, path.end),
    query: text('query'),
    fragment: text('fragment'),
    hostKind,
    pathKind,
    spans,
  };
}

/** The record from the peggy parser's tree, or undefined when it rejects the input. */
export function peggyRecord(input: string, startRule: string, grammar: GrammarName = 'rfc3986'): UriRecord | undefined {
  // Loaded on first use: only the tests and the benchmark compare the back ends.
  const peggy = generatedModule<typeof PeggyParser>(grammar, 'parser');
  let tree: UriTree | Rfc2396Tree;
  try {
    tree = peggy.parse(input, { startRule } as Parameters<typeof peggy.parse>[1]) as UriTree | Rfc2396Tree;
  } catch (e) {
    if (e instanceof peggy.SyntaxError) return undefined;
    throw e;
  }
  const a = tree.authority;
  const base = record(
    input,
    { scheme: tree.scheme, authority: a, userinfo: a?.userinfo ?? null, host: a?.host ?? null, port: a?.port ?? null, query: tree.query, fragment: tree.fragment },
    tree.path,
    a?.host?.kind,
    tree.pathKind,
  );
  if (grammar !== 'rfc2396') return base;
  const t = tree as Rfc2396Tree;
  const extended: Rfc2396Record = { ...base, opaque: t.opaque ? input.slice(t.opaque.start, t.opaque.end) : undefined, authorityForm: t.authority?.form };
  return extended;
}

const SLOT_COUNT = Object.keys(CAPTURE_SLOTS).length;
const starts = new Int32Array(SLOT_COUNT);
const ends = new Int32Array(SLOT_COUNT);
const PATH_KINDS: Array<PathKind | undefined> = new Array(SLOT_COUNT).fill(undefined);
PATH_KINDS[CAPTURE_SLOTS.path_abempty] = 'path-abempty';
PATH_KINDS[CAPTURE_SLOTS.path_absolute] = 'path-absolute';
PATH_KINDS[CAPTURE_SLOTS.path_noscheme] = 'path-noscheme';
PATH_KINDS[CAPTURE_SLOTS.path_rootless] = 'path-rootless';
PATH_KINDS[CAPTURE_SLOTS.path_empty] = 'path-empty';
const { scheme: S_SCHEME, authority: S_AUTHORITY, userinfo: S_USERINFO, host: S_HOST, port: S_PORT, query: S_QUERY, fragment: S_FRAGMENT } = CAPTURE_SLOTS;
const { IPv6address: S_IPV6, IPvFuture: S_IPVFUTURE, IPv4address: S_IPV4 } = CAPTURE_SLOTS;

/** Whether the whole input matches the rule, by the recognizer. */
export function recognizes(input: string, startRule: string, grammar: GrammarName = 'rfc3986'): boolean {
  return grammar === 'rfc3986' ? recognize(input, startRule as StartRuleNames) : recognizerOf(grammar).recognize(input, startRule);
}

/**
 * The RFC 3987 recognizer logs its IRI rules in the slots of their URI rules
 * (grammar/rfc3987.recognizer.json): checked once, when it is first used.
 */
let iriSlotsChecked = false;

function checkIriSlots(slots: Readonly<Record<string, number>>): void {
  for (const [name, slot] of Object.entries(CAPTURE_SLOTS)) {
    const iriName = name in slots ? name : `i${name}`;
    if (slots[iriName] !== slot) throw new Error(`internal error: generated/rfc3987.recognizer.js logs ${iriName} in slot ${slots[iriName]}, not ${slot} as ${name}`);
  }
  iriSlotsChecked = true;
}

/** The record from the recognizer's capture log, or undefined when it rejects the input. */
export function recognizerRecord(input: string, startRule: string, grammar: GrammarName = 'rfc3986'): UriRecord | undefined {
  if (grammar === 'rfc2396') return rfc2396Record(input, startRule);
  let log: Int32Array;
  let n: number;
  if (grammar === 'rfc3986') {
    if (!recognize(input, startRule as StartRuleNames)) return undefined;
    log = captureLog();
    n = captureCount();
  } else {
    const r = recognizerOf(grammar);
    if (!iriSlotsChecked) checkIriSlots(r.CAPTURE_SLOTS);
    if (!r.recognize(input, startRule)) return undefined;
    log = r.captureLog();
    n = r.captureCount();
  }
  starts.fill(-1);
  let pathSlot = -1;
  for (let i = 0; i < n; i++) {
    const slot = log[3 * i];
    if (slot === S_IPV4) continue; // only the one that is the whole host matters; see below
    starts[slot] = log[3 * i + 1];
    ends[slot] = log[3 * i + 2];
    if (PATH_KINDS[slot] !== undefined) pathSlot = slot;
  }
  if (pathSlot < 0) throw new Error(`internal error: the recognizer matched ${startRule} without a path`);
  const spans: Spans = { path: [starts[pathSlot], ends[pathSlot]] };
  const text = (slot: number, name: Exclude<UriComponentName, 'path'>): string | undefined => {
    const start = starts[slot];
    if (start < 0) return undefined;
    spans[name] = [start, ends[slot]];
    return input.slice(start, ends[slot]);
  };
  let hostKind: HostKind | undefined;
  const hostStart = starts[S_HOST];
  if (hostStart >= 0) {
    const hostEnd = ends[S_HOST];
    if (starts[S_IPV6] === hostStart + 1 && ends[S_IPV6] === hostEnd - 1) hostKind = 'IPv6address';
    else if (starts[S_IPVFUTURE] === hostStart + 1 && ends[S_IPVFUTURE] === hostEnd - 1) hostKind = 'IPvFuture';
    else hostKind = wholeHostIsIpv4(log, n, S_IPV4, hostStart, hostEnd) ? 'IPv4address' : 'reg-name';
  }
  return {
    scheme: text(S_SCHEME, 'scheme'),
    authority: text(S_AUTHORITY, 'authority'),
    userinfo: text(S_USERINFO, 'userinfo'),
    host: text(S_HOST, 'host'),
    port: text(S_PORT, 'port'),
    path: input.slice(starts[pathSlot], ends[pathSlot]),
    query: text(S_QUERY, 'query'),
    fragment: text(S_FRAGMENT, 'fragment'),
    hostKind,
    pathKind: PATH_KINDS[pathSlot] as PathKind,
    spans,
  };
}

/** Whether an IPv4address capture is the whole host (others sit inside an IPv6address). */
function wholeHostIsIpv4(log: Int32Array, n: number, slot: number, hostStart: number, hostEnd: number): boolean {
  for (let i = 0; i < n; i++) {
    if (log[3 * i] === slot && log[3 * i + 1] === hostStart && log[3 * i + 2] === hostEnd) return true;
  }
  return false;
}

let rfc2396Slots: Readonly<Record<string, number>> | undefined;

/**
 * The RFC 2396 record from its recognizer's log. The path is the last path
 * capture (a rel_path ends after the abs_path inside it); a net_path's path is
 * the abs_path that begins where the authority ends, or "" there.
 */
function rfc2396Record(input: string, startRule: string): Rfc2396Record | undefined {
  const r = recognizerOf('rfc2396');
  if (!r.recognize(input, startRule)) return undefined;
  const S = (rfc2396Slots ??= r.CAPTURE_SLOTS);
  const log = r.captureLog();
  const n = r.captureCount();
  const at = new Map<number, [number, number]>();
  let path: [number, number, PathKind] | undefined;
  for (let i = 0; i < n; i++) {
    const slot = log[3 * i];
    const span: [number, number] = [log[3 * i + 1], log[3 * i + 2]];
    if (slot === S.IPv4address || slot === S.IPv6address) {
      if (!at.has(slot) || span[0] < (at.get(slot) as [number, number])[0]) at.set(slot, span); // the outermost: the host's
      continue;
    }
    at.set(slot, span);
    if (slot === S.abs_path) path = [span[0], span[1], 'path-absolute'];
    else if (slot === S.rel_path) path = [span[0], span[1], 'path-noscheme'];
    else if (slot === S.opaque_part) path = [span[0], span[1], 'opaque-part'];
  }
  const authority = at.get(S.authority);
  if (authority) {
    path = path && path[0] === authority[1] ? [path[0], path[1], 'path-abempty'] : [authority[1], authority[1], 'path-abempty'];
  }
  path ??= [0, 0, 'path-empty']; // an empty reference, or a fragment alone
  const spans: Spans = { path: [path[0], path[1]] };
  const text = (slot: number, name: Exclude<UriComponentName, 'path'>): string | undefined => {
    const span = at.get(slot);
    if (span === undefined) return undefined;
    spans[name] = span;
    return input.slice(span[0], span[1]);
  };
  const host = at.get(S.host);
  let hostKind: HostKind | undefined;
  if (host) {
    const v6 = at.get(S.IPv6address);
    const v4 = at.get(S.IPv4address);
    const hostname = at.get(S.hostname);
    if (v6 && v6[0] === host[0] + 1) hostKind = 'IPv6address';
    else if (v4 && v4[0] === host[0] && v4[1] === host[1]) hostKind = 'IPv4address';
    else if (hostname && hostname[0] === host[0]) hostKind = 'hostname';
  }
  const opaque = at.get(S.opaque_part);
  return {
    scheme: text(S.scheme, 'scheme'),
    authority: text(S.authority, 'authority'),
    userinfo: text(S.userinfo, 'userinfo'),
    host: text(S.host, 'host'),
    port: text(S.port, 'port'),
    path: input.slice(path[0], path[1]),
    query: text(S.query, 'query'),
    fragment: text(S.fragment, 'fragment'),
    hostKind,
    pathKind: path[2],
    spans,
    opaque: opaque ? input.slice(opaque[0], opaque[1]) : undefined,
    authorityForm: authority ? (at.has(S.reg_name) ? 'reg_name' : 'server') : undefined,
  };
}
