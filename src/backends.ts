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
import { buildRecord, type AnyUriRecord, type ComponentSpans, type Rfc2396HostKind, type Rfc2396PathKind, type Rfc2396Record, type Rfc3986HostKind, type Rfc3986PathKind, type Rfc2396Tree, type Span, type SpanTuple, type UriTree } from './records';

export type { UriComponentName, SpanTuple, UriRecord, Rfc2396Record } from './records';

const spanOf = (s: Span | null | undefined): SpanTuple | undefined => (s ? [s.start, s.end] : undefined);

/** The record from the peggy parser's tree, or undefined when it rejects the input. */
export function peggyRecord(input: string, startRule: string, grammar: GrammarName = 'rfc3986'): AnyUriRecord | undefined {
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
  const parts: ComponentSpans = { scheme: spanOf(tree.scheme), authority: spanOf(a), userinfo: spanOf(a?.userinfo), host: spanOf(a?.host), port: spanOf(a?.port), query: spanOf(tree.query), fragment: spanOf(tree.fragment) };
  const path: SpanTuple = [tree.path.start, tree.path.end];
  if (grammar !== 'rfc2396') {
    const t = tree as UriTree;
    return buildRecord(input, parts, path, t.authority?.host.kind, t.pathKind);
  }
  const t = tree as Rfc2396Tree;
  const base = buildRecord(input, parts, path, t.authority?.host?.kind, t.pathKind);
  const extended: Rfc2396Record = { ...base, opaque: t.opaque ? input.slice(t.opaque.start, t.opaque.end) : undefined, authorityForm: t.authority?.form };
  return extended;
}

const SLOT_COUNT = Object.keys(CAPTURE_SLOTS).length;
const starts = new Int32Array(SLOT_COUNT);
const ends = new Int32Array(SLOT_COUNT);
const PATH_KINDS: Array<Rfc3986PathKind | undefined> = new Array(SLOT_COUNT).fill(undefined);
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
export function recognizerRecord(input: string, startRule: string, grammar: GrammarName = 'rfc3986'): AnyUriRecord | undefined {
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
  const span = (slot: number): SpanTuple | undefined => (starts[slot] < 0 ? undefined : [starts[slot], ends[slot]]);
  let hostKind: Rfc3986HostKind | undefined;
  const hostStart = starts[S_HOST];
  if (hostStart >= 0) {
    const hostEnd = ends[S_HOST];
    if (starts[S_IPV6] === hostStart + 1 && ends[S_IPV6] === hostEnd - 1) hostKind = 'IPv6address';
    else if (starts[S_IPVFUTURE] === hostStart + 1 && ends[S_IPVFUTURE] === hostEnd - 1) hostKind = 'IPvFuture';
    else hostKind = wholeHostIsIpv4(log, n, S_IPV4, hostStart, hostEnd) ? 'IPv4address' : 'reg-name';
  }
  const parts: ComponentSpans = { scheme: span(S_SCHEME), authority: span(S_AUTHORITY), userinfo: span(S_USERINFO), host: span(S_HOST), port: span(S_PORT), query: span(S_QUERY), fragment: span(S_FRAGMENT) };
  return buildRecord(input, parts, [starts[pathSlot], ends[pathSlot]], hostKind, PATH_KINDS[pathSlot] as Rfc3986PathKind);
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
  let path: [number, number, Rfc2396PathKind] | undefined;
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
  const host = at.get(S.host);
  let hostKind: Rfc2396HostKind | undefined;
  if (host) {
    const v6 = at.get(S.IPv6address);
    const v4 = at.get(S.IPv4address);
    const hostname = at.get(S.hostname);
    if (v6 && v6[0] === host[0] + 1) hostKind = 'IPv6address';
    else if (v4 && v4[0] === host[0] && v4[1] === host[1]) hostKind = 'IPv4address';
    else if (hostname && hostname[0] === host[0]) hostKind = 'hostname';
  }
  const opaque = at.get(S.opaque_part);
  const parts: ComponentSpans = { scheme: at.get(S.scheme), authority, userinfo: at.get(S.userinfo), host, port: at.get(S.port), query: at.get(S.query), fragment: at.get(S.fragment) };
  return {
    ...buildRecord(input, parts, [path[0], path[1]], hostKind, path[2]),
    opaque: opaque ? input.slice(opaque[0], opaque[1]) : undefined,
    authorityForm: authority ? (at.has(S.reg_name) ? 'reg_name' : 'server') : undefined,
  };
}
