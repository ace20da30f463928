/**
 * Two readers' readings of one string, compared (compareReadings, ./compare):
 * component by component the same text, equal once each is brought to RFC
 * 3986's canonical form (6.2.2, 6.2.3: a note), or a difference, with the
 * class, the cause's offset in the input and `security` as compareWithWhatwg
 * gives them. The cause is read off the text: where the two standards read a
 * component otherwise (compareWithWhatwg's difference in that component, when
 * one of the two readers reads it as a standard does), or else the first of
 * the text's known confusions in reach (a host one reader ends early, a tab,
 * a backslash, a second "@", a "%" or a non-ASCII character in the host, a
 * host that ends in a number, slashes).
 */
import { tryParse } from '../../core/parse';
import { tryPercentDecode } from '../../encoding/percent-encoding';
import { SCHEME_DEFAULTS } from '../../operations/normalize';
import { removeDotSegments } from '../../operations/remove-dot-segments';
import { backslashCause, beforeAuthorityEnd, cause, firstIn, MESSAGES, whatwgComponentAt, type Cause } from '../causes';
import type { WhatwgDifferenceClass } from '../classes';
import type { WhatwgComparison } from '../compare-whatwg';
import { canonicalTriplets, COMPONENTS, fileLocal, portValue, q, sameAddress, SECURITY_COMPONENTS, userPassword, type WhatwgComponent } from '../components';
import { lowerOutsideTriplets } from '../../encoding/triplets';
import { endsInNumber, whatwgIpv4 } from '../ipv4';
import type { WhatwgLayout } from '../layout';
import type { ParserReading, ReaderResult } from '../reader';
import { isSpecial, SPECIAL_SCHEMES } from '../runtime';
import { READER_CLASSES, type ReadingDifferenceClass } from './classes';

export interface ReadingDifference {
  readonly component: WhatwgComponent;
  readonly class: ReadingDifferenceClass;
  /** The UTF-16 offset in the input of the cause; -1 when urigram cannot place it in the input (the base's). */
  readonly offset: number;
  /** The component as each reader of the pair reads it, in the pair's order (null: none, or the reader refuses the string). */
  readonly values: readonly [string | null, string | null];
  readonly message: string;
  /** True when it is about the scheme, the userinfo, the host or the port: where a request goes and with which credentials. */
  readonly security: boolean;
}

/** 'first-only', 'second-only': one reader of the pair reads the string, the other refuses it. */
export type PairVerdict = 'same' | 'differs' | 'first-only' | 'second-only' | 'neither';

export interface ReadersPair {
  readonly readers: readonly [string, string];
  readonly verdict: PairVerdict;
  readonly differences: readonly ReadingDifference[];
  /** Components written otherwise that are equal after RFC 3986 6.2.2 and 6.2.3 (never security). */
  readonly notes: readonly ReadingDifference[];
}

/** Classes of a difference in scheme, userinfo, host or port that are not about where a request goes (compareWithWhatwg's). */
export const NOT_SECURITY: ReadonlySet<ReadingDifferenceClass> = new Set(['percent-encoding', 'case', 'default-port', 'port-leading-zeros', 'relative-reference']);

/** What a pair comparison reads of the input besides the two readings: the layout, compareWithWhatwg's comparison (when it can be made). */
export interface PairContext {
  readonly input: string;
  readonly layout: () => WhatwgLayout;
  readonly standard: () => WhatwgComparison | undefined;
}

const NONE: readonly ReadingDifference[] = Object.freeze([]);

type Compared = 'same' | { note: WhatwgDifferenceClass } | 'encoded' | 'differs';

const decoded = (t: string): string => tryPercentDecode(t) ?? t;

function defaultPort(scheme: string): string | undefined {
  return SCHEME_DEFAULTS[scheme]?.port ?? SPECIAL_SCHEMES[scheme] ?? undefined;
}

/** How one component of two readings compares (both values present or absent; their scheme, lower-cased). */
function compareValues(c: WhatwgComponent, a: ParserReading, b: ParserReading, scheme: string): Compared {
  const x = a[c];
  const y = b[c];
  if (x === y) return 'same';
  switch (c) {
    case 'scheme':
      return x !== null && y !== null && x.toLowerCase() === y.toLowerCase() ? { note: 'case' } : 'differs';
    case 'userinfo': {
      const [xu, xp] = userPassword(x ?? undefined);
      const [yu, yp] = userPassword(y ?? undefined);
      // "" and none, "user:" and "user": the same credentials (as compareWithWhatwg has them).
      if (xu === yu && xp === yp) return 'same';
      if (canonicalTriplets(xu) === canonicalTriplets(yu) && canonicalTriplets(xp) === canonicalTriplets(yp)) return { note: 'case' };
      return decoded(xu) === decoded(yu) && decoded(xp) === decoded(yp) ? 'encoded' : 'differs';
    }
    case 'host': {
      if (scheme === 'file' && fileLocal(x ?? undefined) && fileLocal(y ?? undefined)) return { note: 'file-host' };
      if (x === null || y === null) return 'differs';
      if (sameAddress(x, y)) return { note: 'ipv6-form' };
      if (lowerOutsideTriplets(canonicalTriplets(x)) === lowerOutsideTriplets(canonicalTriplets(y))) return { note: x.includes('%') || y.includes('%') ? 'percent-encoded-host' : 'case' };
      return 'differs';
    }
    case 'port': {
      const def = defaultPort(scheme);
      const px = portValue(x ?? undefined);
      const py = portValue(y ?? undefined);
      if (px === py) return { note: x === '' || y === '' ? 'default-port' : 'port-leading-zeros' };
      return (px === def ? undefined : px) === (py === def ? undefined : py) ? { note: 'default-port' } : 'differs';
    }
    case 'path': {
      const canon = (p: string, host: string | null): string => {
        const t = removeDotSegments(canonicalTriplets(p));
        return t === '' && host !== null && isSpecial(scheme) ? '/' : t;
      };
      if (canon(a.path, a.host) === canon(b.path, b.host)) return { note: /%2e/i.test(a.path + b.path) ? 'dot-segment-encoded' : 'path-normalization' };
      return decoded(a.path) === decoded(b.path) ? 'encoded' : 'differs';
    }
    default:
      if (x === null || y === null) return 'differs';
      if (canonicalTriplets(x) === canonicalTriplets(y)) return { note: 'case' };
      return decoded(x) === decoded(y) ? 'encoded' : 'differs';
  }
}

/** Where the WHATWG layout puts the host in the input: [start, end), or undefined without an authority. */
function hostSpan(layout: WhatwgLayout): [number, number] | undefined {
  const a = layout.authority;
  if (a === undefined) return undefined;
  const end = a.portColon >= 0 ? a.portColon : a.end;
  return [layout.at(a.hostStart), layout.at(end)];
}

/**
 * The cause of a difference in component `c` between the values `x` and `y`,
 * from the text: compareWithWhatwg's, when one of the two reads the component
 * as a standard does; else the first known confusion in reach.
 */
function textCause(ctx: PairContext, c: WhatwgComponent, x: string | null, y: string | null): { cls: ReadingDifferenceClass; offset: number; why: string } {
  const std = ctx.standard();
  const d = std?.differences.find((e) => e.component === c);
  if (d !== undefined && (x === d.rfc3986 || x === d.whatwg || y === d.rfc3986 || y === d.whatwg)) return { cls: d.class, offset: d.offset, why: d.message };
  const { input } = ctx;
  const layout = ctx.layout();
  const span = hostSpan(layout);
  const security = SECURITY_COMPONENTS.has(c);
  // A host that one reader ends early: the character it ends at.
  if (c === 'host' && x !== null && y !== null && x !== y) {
    const [short, long] = x.length < y.length ? [x, y] : [y, x];
    const at = span === undefined ? -1 : input.toLowerCase().indexOf(long.toLowerCase(), span[0]);
    if (long.toLowerCase().startsWith(short.toLowerCase()) && at >= 0) {
      const o = at + short.length;
      return { cls: 'host-delimiter', offset: o, why: `one reader ends the host at ${JSON.stringify(input[o])}, the other keeps it in the host (Node's url.parse ends a host at ";", "{", "}", a space, "\\"", "%"..., reading the rest as the path)` };
    }
  }
  const inReach = (o: number): boolean => !security || beforeAuthorityEnd(input, layout, o);
  const k = ((): Cause | undefined => {
    if (layout.tabOrNewline >= 0 && inReach(layout.tabOrNewline)) return cause('tab-or-newline', layout.tabOrNewline);
    if (layout.backslash >= 0 && inReach(layout.at(layout.backslash))) return backslashCause(layout, layout.at(layout.backslash));
    if (layout.leadEnd > 0) return cause('control-or-space-trimmed', 0);
    if (layout.trailStart < input.length && !security) return cause('control-or-space-trimmed', layout.trailStart);
    const a = layout.authority;
    if (a !== undefined && (c === 'userinfo' || c === 'host')) {
      const from = layout.at(a.start);
      const first = input.indexOf('@', from);
      if (first >= 0 && first < layout.at(a.userinfoEnd)) return cause('userinfo', first);
    }
    if (a !== undefined && a.portColon >= 0 && (c === 'host' || c === 'port')) {
      // A port that is no number, or above 65535: the URL Standard refuses it, url.parse reads the host and more.
      const from = layout.at(a.portColon + 1);
      const port = input.slice(from, layout.at(a.end));
      const bad = firstIn(port, 0, port.length, /[^0-9]/);
      if (bad >= 0) return cause('invalid-character', from + bad, `a port that is no number (${q(port)}): the URL Standard refuses it (port state); a lenient reader reads the host and puts the rest elsewhere`);
      if (port.replace(/^0+/, '').length > 5 || Number(port) > 65535) return cause('port-out-of-range', from);
    }
    if (span !== undefined && (c === 'host' || c === 'port')) {
      const host = input.slice(span[0], span[1]);
      const percent = host.indexOf('%');
      if (percent >= 0) return cause('percent-encoded-host', span[0] + percent);
      const nonAscii = firstIn(host, 0, host.length, /[^\x00-\x7f]/);
      if (nonAscii >= 0) return cause(layout.special ? 'idna-mapping' : 'opaque-host', span[0] + nonAscii);
      const lower = host.toLowerCase();
      if (layout.special && endsInNumber(lower)) {
        const v = whatwgIpv4(lower);
        if (!v.ok) return cause('host-ends-in-number', span[0] + v.offset);
        if (lower.endsWith('.')) return cause('ipv4-trailing-dot', span[1] - 1);
        return cause('ipv4-number-form', span[0] + (v.parts.find((p) => p.radix !== 10) ?? v.parts[0]).start);
      }
    }
    if (layout.special && layout.authority !== undefined && layout.slashes.end - layout.slashes.start !== 2 && security) return cause('slashes', layout.at(layout.slashes.start));
    return undefined;
  })();
  if (k !== undefined) return { cls: k.cls, offset: k.offset, why: k.why };
  return { cls: 'other', offset: 0, why: c === 'host' || c === 'port' ? `the readers end or read the ${c} otherwise, for no cause urigram knows` : MESSAGES.other.replace(/:.*/, '') };
}

function entry(c: WhatwgComponent, k: { cls: ReadingDifferenceClass; offset: number; why: string }, x: string | null, y: string | null, names: readonly [string, string]): ReadingDifference {
  const security = SECURITY_COMPONENTS.has(c) && !NOT_SECURITY.has(k.cls);
  return { component: c, class: k.cls, offset: k.offset, values: [x, y], message: `${names[0]} reads ${q(x)}, ${names[1]} ${q(y)}: ${k.why}`, security };
}

/** The comparison of two readers' results on one input (not the rfc3986 and whatwg built-ins together: compareWithWhatwg's is theirs). */
export function comparePair(ctx: PairContext, names: readonly [string, string], a: ReaderResult, b: ReaderResult): ReadersPair {
  if (!a.ok && !b.ok) return { readers: names, verdict: 'neither', differences: NONE, notes: NONE };
  if (!a.ok || !b.ok) {
    const reads = (a.ok ? a.reading : (b as { reading: ParserReading }).reading) as ParserReading;
    const refusal = (a.ok ? b : a) as { error: string };
    const k = oneSidedCause(ctx, reads);
    // The reader that reads it has a host, and the cause is in the scheme or the authority (as either reads it): a check
    // by one reader and a request by the other see no common host. About the host, then; a cause after the authority (a
    // space in the fragment) is about that component.
    const inAuthority = reads.host !== null && (k.offset < 0 || SECURITY_COMPONENTS.has(k.component));
    const component: WhatwgComponent = inAuthority ? 'host' : k.component;
    const value = reads[component];
    const security = inAuthority && !NOT_SECURITY.has(k.cls);
    const refuser = a.ok ? names[1] : names[0];
    const reader = a.ok ? names[0] : names[1];
    const d: ReadingDifference = {
      component,
      class: k.cls,
      offset: k.offset,
      values: a.ok ? [value, null] : [null, value],
      message: `${refuser} refuses it (${refusal.error.length > 80 ? `${refusal.error.slice(0, 80)}…` : refusal.error}); ${reader} reads the ${component} ${q(value)}: ${k.why}`,
      security,
    };
    return { readers: names, verdict: a.ok ? 'first-only' : 'second-only', differences: [d], notes: NONE };
  }
  const x = a.reading;
  const y = b.reading;
  let differences: ReadingDifference[] | undefined;
  let notes: ReadingDifference[] | undefined;
  const scheme = (x.scheme ?? y.scheme ?? '').toLowerCase();
  for (const c of COMPONENTS) {
    if (x[c] === y[c]) continue;
    const how = compareValues(c, x, y, scheme);
    if (how === 'same') continue;
    if (typeof how === 'object') {
      (notes ??= []).push({ component: c, class: how.note, offset: placeOf(ctx.input, x[c], y[c]), values: [x[c], y[c]], message: `${names[0]} reads ${q(x[c])}, ${names[1]} ${q(y[c])}: equal once each is in RFC 3986's canonical form (6.2.2, 6.2.3)`, security: false });
      continue;
    }
    let k = how === 'encoded' ? { cls: 'percent-encoding' as const, offset: -1, why: 'the same octets once percent-decoded, not the same URI by RFC 3986 2.2' } : textCause(ctx, c, x[c], y[c]);
    // What a host ended early leaves goes to the path (or the query, the fragment): the same cause, as where the host
    // difference has another class and nothing else explains this one.
    const host = differences?.find((d) => d.component === 'host');
    if (host !== undefined && !SECURITY_COMPONENTS.has(c) && (host.class === 'host-delimiter' || k.cls === 'other')) {
      k = { cls: host.class, offset: host.offset, why: host.class === 'host-delimiter' ? 'the rest of the host that one reader ends early' : `what the host's difference (${host.class}) leaves to the ${c}` };
    }
    (differences ??= []).push(entry(c, k, x[c], y[c], names));
  }
  return { readers: names, verdict: differences === undefined ? 'same' : 'differs', differences: differences ?? NONE, notes: notes ?? NONE };
}

/** Where one of two values of a component is written in the input (a note's offset), or -1. */
function placeOf(input: string, x: string | null, y: string | null): number {
  for (const v of [x, y]) if (v !== null && v !== '' && input.includes(v)) return input.indexOf(v);
  return -1;
}

/** The cause of a one-sided pair: the first known confusion in the text, or RFC 3986's error offset (class refused). */
function oneSidedCause(ctx: PairContext, reads: ParserReading): { cls: ReadingDifferenceClass; offset: number; why: string; component: WhatwgComponent } {
  const layout = ctx.layout();
  const k = textCause(ctx, 'host', reads.host, null);
  const place = (offset: number): WhatwgComponent => {
    const c = offset < 0 ? 'host' : whatwgComponentAt(layout, offset);
    return !SECURITY_COMPONENTS.has(c) && offset >= 0 && beforeAuthorityEnd(ctx.input, layout, offset) ? 'host' : c;
  };
  if (k.cls !== 'other') return { ...k, component: place(k.offset) };
  const r = tryParse(ctx.input);
  const offset = r.ok ? 0 : r.error.offset;
  return { cls: 'refused', offset, why: READER_CLASSES.refused.description, component: r.ok ? 'host' : place(offset) };
}
