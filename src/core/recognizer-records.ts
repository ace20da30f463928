/**
 * The record of the back end that isValid() and parse() of RFC 3986 and RFC
 * 3987 do not use (see backends.ts): the recognizer's, from its capture log
 * (RFC 2396, and RFC 6874 for `zoneId: true`). (The oracle's, from peggy's
 * tree, is test/support/peggy-oracle.ts's peggyRecord.) A module of
 * its own so that the CommonJS entry requires it on first use
 * (scripts/finish-build.ts).
 *
 * RFC 3986 and RFC 3987 log the same slots in the same order (the IRI rule in
 * place of each URI rule), so one reader serves both; RFC 6874's (for
 * `zoneId: true`) logs RFC 3986's slots and its ZoneID; RFC 2396 has its own.
 */
import { recognizerOf, type GeneratedGrammar, type Recognizer } from './grammars';
import { buildRecord, COMPONENT_NAMES, offsetsOf, type AnyUriRecord, type Rfc6874Record, type ComponentSpans, type UriComponentName, type Rfc2396HostKind, type Rfc2396PathKind, type Rfc2396Record, type Rfc3986HostKind, type Rfc3986PathKind, type SpanTuple } from './records';

/**
 * How to read a recognizer's log into a record, worked out once per
 * recognizer from what it declares (grammar/NAME.recognizer.json): the slot
 * of each component (RFC 3987's IRI rules by the URI component they stand
 * for: iauthority is the authority), the slots of the path rules, and the
 * decisions, logged as (slot, alternative, end) where the grammar makes them.
 * The log is read into `starts` and `ends`, per slot, reused from call to call.
 */
interface Reading {
  /** Per component, its slot; -1 when the grammar logs none. */
  readonly componentSlots: Readonly<Record<Exclude<UriComponentName, 'path'>, number>>;
  /** Per slot: true for a path rule's capture. */
  readonly paths: readonly boolean[];
  /** Per slot: the names of the alternatives of a decision, or undefined. */
  readonly alternatives: ReadonlyArray<readonly string[] | undefined>;
  /** The slot of each decision rule the readers ask about (RFC 3987's by the RFC 3986 name: ihost is host), or -1. */
  readonly decide: Readonly<Record<DecisionRule, number>>;
  /** The slot of ZoneID (RFC 6874's grammar only), or -1. */
  readonly zoneSlot: number;
  /** Per slot, the start of its last entry (a decision's: the alternative's index), or -1; and its end. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

type Component = Exclude<UriComponentName, 'path'>;
type DecisionRule = 'host' | 'IP_literal' | 'hier_part' | 'relative_part' | 'absoluteURI' | 'relativeURI' | 'authority';
const DECISION_RULES: readonly DecisionRule[] = ['host', 'IP_literal', 'hier_part', 'relative_part', 'absoluteURI', 'relativeURI', 'authority'];
const LOGGED: readonly Component[] = COMPONENT_NAMES.filter((c): c is Component => c !== 'path');
const PATH_RULES: ReadonlySet<string> = new Set(['path_abempty', 'path_absolute', 'path_noscheme', 'path_rootless', 'path_empty', 'abs_path', 'rel_path', 'opaque_part']);
const uriName = (name: string): string => (name.startsWith('i') && name !== 'IP_literal' ? name.slice(1) : name);

function readingOf(r: Pick<Recognizer, 'CAPTURE_SLOTS' | 'DECISIONS'>): Reading {
  const decisionList = Object.entries(r.DECISIONS);
  const size = Object.keys(r.CAPTURE_SLOTS).length + decisionList.length;
  const componentSlots = Object.fromEntries(LOGGED.map((c) => [c, -1])) as Record<Component, number>;
  const paths: boolean[] = new Array(size).fill(false);
  let zoneSlot = -1;
  const alternatives: Array<readonly string[] | undefined> = new Array(size).fill(undefined);
  for (const [name, slot] of Object.entries(r.CAPTURE_SLOTS)) {
    const plain = uriName(name);
    if ((LOGGED as readonly string[]).includes(plain)) componentSlots[plain as Component] = slot;
    else if (PATH_RULES.has(plain)) paths[slot] = true;
    else if (name === 'ZoneID') zoneSlot = slot;
    else throw new Error(`internal error: the recognizer captures ${name}, which no record field reads`);
  }
  const decide = Object.fromEntries(DECISION_RULES.map((d) => [d, -1])) as Record<DecisionRule, number>;
  for (const [rule, d] of decisionList) {
    alternatives[d.slot] = d.alternatives;
    const name = uriName(rule);
    if (!(DECISION_RULES as readonly string[]).includes(name)) throw new Error(`internal error: the recognizer decides ${rule}, which no record field reads`);
    decide[name as DecisionRule] = d.slot;
  }
  return { componentSlots, paths, alternatives, decide, zoneSlot, starts: new Int32Array(size), ends: new Int32Array(size) };
}

/** Reads the last recognize()'s log into the reading's starts and ends; returns the slot of the last path capture, or -1. */
function readLog(reading: Reading, log: Int32Array, n: number): number {
  const { starts, ends, paths } = reading;
  starts.fill(-1);
  let pathSlot = -1;
  for (let i = 0; i < n; i++) {
    const slot = log[3 * i];
    starts[slot] = log[3 * i + 1];
    ends[slot] = log[3 * i + 2];
    if (paths[slot]) pathSlot = slot;
  }
  return pathSlot;
}

/** The alternative a decision rule took, by its name, or undefined when the match did not make that decision. */
function chosen(reading: Reading, rule: DecisionRule): string | undefined {
  const slot = reading.decide[rule];
  if (slot < 0 || reading.starts[slot] < 0) return undefined;
  return (reading.alternatives[slot] as readonly string[])[reading.starts[slot]];
}

/** The span of a captured slot, or undefined. */
function spanAt(reading: Reading, slot: number): SpanTuple | undefined {
  return slot < 0 || reading.starts[slot] < 0 ? undefined : [reading.starts[slot], reading.ends[slot]];
}

function componentSpans(reading: Reading): ComponentSpans {
  const c = reading.componentSlots;
  return { scheme: spanAt(reading, c.scheme), authority: spanAt(reading, c.authority), userinfo: spanAt(reading, c.userinfo), host: spanAt(reading, c.host), port: spanAt(reading, c.port), query: spanAt(reading, c.query), fragment: spanAt(reading, c.fragment) };
}

const readings = new Map<GeneratedGrammar, Reading>();

function readingFor(grammar: GeneratedGrammar, r: Recognizer): Reading {
  let reading = readings.get(grammar);
  if (reading === undefined) {
    reading = readingOf(r);
    readings.set(grammar, reading);
  }
  return reading;
}

/** The record from the recognizer's capture log, or undefined when it rejects the input. */
export function recognizerRecord(input: string, startRule: string, grammar: GeneratedGrammar = 'rfc3986'): AnyUriRecord | undefined {
  if (grammar === 'rfc2396') return rfc2396Record(input, startRule);
  const r = recognizerOf(grammar);
  if (!r.recognize(input, startRule)) return undefined;
  const reading = readingFor(grammar, r);
  const pathSlot = readLog(reading, r.captureLog(), r.captureCount());
  if (pathSlot < 0) throw new Error(`internal error: the recognizer matched ${startRule} without a path`);
  const host = chosen(reading, 'host');
  const literal = host === 'IP-literal' ? chosen(reading, 'IP_literal') : host;
  // RFC 6874's IPv6addrz is an IPv6address with a zone: the record says so by its `zone`.
  const hostKind = (literal === 'IPv6addrz' ? 'IPv6address' : literal) as Rfc3986HostKind | undefined;
  const pathKind = (chosen(reading, 'hier_part') ?? chosen(reading, 'relative_part')) as Rfc3986PathKind | undefined;
  if (pathKind === undefined) throw new Error(`internal error: the recognizer matched ${startRule} without deciding the path`);
  const record = buildRecord(input, offsetsOf(componentSpans(reading), [reading.starts[pathSlot], reading.ends[pathSlot]]), hostKind, pathKind);
  if (grammar !== 'rfc6874') return record;
  const zone = spanAt(reading, reading.zoneSlot);
  const zoned: Rfc6874Record = { ...record, zone: zone === undefined ? undefined : input.slice(zone[0], zone[1]) };
  return zoned;
}

/**
 * The RFC 2396 record from its recognizer's log. The path is the one the
 * decisions name: an opaque_part, a rel_path, an abs_path, or a net_path's
 * abs_path (or "" where its authority ends, as the grammar's action has it).
 */
function rfc2396Record(input: string, startRule: string): Rfc2396Record | undefined {
  const r = recognizerOf('rfc2396');
  if (!r.recognize(input, startRule)) return undefined;
  const reading = readingFor('rfc2396', r);
  readLog(reading, r.captureLog(), r.captureCount());
  const S = r.CAPTURE_SLOTS;
  const parts = componentSpans(reading);
  const form = chosen(reading, 'absoluteURI') === 'opaque-part' ? 'opaque-part' : ((chosen(reading, 'hier_part') ?? chosen(reading, 'relativeURI')) as Rfc2396PathKind | undefined);
  const opaque = spanAt(reading, S.opaque_part);
  let path: SpanTuple | undefined;
  switch (form) {
    case 'opaque-part':
      path = opaque;
      break;
    case 'path-noscheme':
      path = spanAt(reading, S.rel_path);
      break;
    case 'path-absolute':
      path = spanAt(reading, S.abs_path);
      break;
    case 'path-abempty': {
      const end = (parts.authority as SpanTuple)[1];
      path = spanAt(reading, S.abs_path) ?? [end, end];
      break;
    }
    default:
      path = [0, 0]; // an empty reference, or a fragment alone
  }
  if (path === undefined) throw new Error(`internal error: the RFC 2396 recognizer decided ${form} without logging its path`);
  return {
    ...buildRecord(input, offsetsOf(parts, path), chosen(reading, 'host') as Rfc2396HostKind | undefined, form ?? 'path-empty'),
    opaque: opaque ? input.slice(opaque[0], opaque[1]) : undefined,
    authorityForm: parts.authority ? (chosen(reading, 'authority') as 'server' | 'reg_name') : undefined,
  };
}
