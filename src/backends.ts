/**
 * The two back ends generated from grammar/rfc3986.peggy, each turning a
 * successful match into the same UriRecord:
 *
 * - the recognizer (generated/rfc3986.recognizer.js): allocation-free, used
 *   for every input; the record comes from its capture log;
 * - the peggy parser (generated/rfc3986.js): used to explain a rejection,
 *   and as the reference the recognizer is tested against; the record comes
 *   from the offsets its grammar actions return.
 */
import type * as PeggyParser from '../generated/rfc3986';
import type { StartRuleNames } from '../generated/rfc3986';
import { recognize, captureLog, captureCount, CAPTURE_SLOTS } from '../generated/rfc3986.recognizer';
import type { HostKind, PathKind, Span, UriTree } from './tree';

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
/** CommonJS's own require (this library is compiled to CommonJS), declared here so that the core needs no Node types. */
declare const require: (id: string) => unknown;

let peggy: typeof PeggyParser | undefined;

export function peggyRecord(input: string, startRule: StartRuleNames): UriRecord | undefined {
  // Loaded on first use: only the tests and the benchmark compare the back ends.
  peggy ??= require('../generated/rfc3986') as typeof PeggyParser;
  let tree: UriTree;
  try {
    tree = peggy.parse(input, { startRule }) as UriTree;
  } catch (e) {
    if (e instanceof peggy.SyntaxError) return undefined;
    throw e;
  }
  const a = tree.authority;
  return record(
    input,
    { scheme: tree.scheme, authority: a, userinfo: a?.userinfo ?? null, host: a?.host ?? null, port: a?.port ?? null, query: tree.query, fragment: tree.fragment },
    tree.path,
    a?.host.kind,
    tree.pathKind,
  );
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
export function recognizes(input: string, startRule: StartRuleNames): boolean {
  return recognize(input, startRule);
}

/** The record from the recognizer's capture log, or undefined when it rejects the input. */
export function recognizerRecord(input: string, startRule: StartRuleNames): UriRecord | undefined {
  if (!recognize(input, startRule)) return undefined;
  const log = captureLog();
  const n = captureCount();
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
    else {
      hostKind = 'reg-name';
      // An IPv4address capture that is the whole host (others sit inside an IPv6address).
      for (let i = 0; i < n; i++) {
        if (log[3 * i] === S_IPV4 && log[3 * i + 1] === hostStart && log[3 * i + 2] === hostEnd) hostKind = 'IPv4address';
      }
    }
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
