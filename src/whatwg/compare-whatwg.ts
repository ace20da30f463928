/**
 * compareWithWhatwg: where browsers read a string otherwise than RFC 3986.
 *
 * The RFC 3986 reading is urigram's parse (RFC 3987 with `grammar:
 * 'rfc3987'`), resolved against `base` by RFC 3986 5.2 when one is given.
 * The WHATWG reading is the runtime's own URL (./runtime). Each component is
 * compared: the same when both readings have the same text, or when they are
 * equal once each is brought to RFC 3986's canonical form (6.2.2 case and
 * percent-encoding normalization and dot segments, 6.2.3 the scheme's default
 * port and empty path; a WHATWG serialization is a URI reference, so 6.2.2
 * applies to it as well); IP addresses compare by value. A difference that
 * normalization removes is a note (`notes`), not a difference: "%6c%6fcalhost"
 * and "localhost" are equal by 6.2.2.2, yet a check on the text as written
 * sees another host.
 *
 * Each difference has a class (./classes, docs/whatwg.md), the offset of its
 * cause in the input (found by reading the text as the URL Standard's steps
 * walk it, ./layout: where the backslash, the tab, the hexadecimal IPv4 part
 * is), both values, a one-line message, and `security`: whether it is about
 * the scheme, the userinfo, the host or the port, where a request goes and
 * with which credentials.
 */
import type { UriSyntaxError } from '../core/errors';
import { checkOptions, boolean, describeValue, oneOf, UriOptionError, type OptionSpec } from '../core/options';
import { tryParse, zoneGrammar, type ParseResult, type UriRecord } from '../core/parse';
import type { HostKind } from '../core/records';
import { resolve } from '../operations/resolve';
import { backslashCause, beforeAuthorityEnd, cause, hostCause, noteCause, otherCause, rfcOnlyCause, slashCause, spanStart, whatwgComponentAt, whatwgOnlyCause, type Cause, type Context } from './causes';
import type { WhatwgDifferenceClass } from './classes';
import { canonicalRfc, canonicalWhatwg, compareComponent, COMPONENTS, partsOf, q, SECURITY_COMPONENTS, whatwgParts, type Parts, type WhatwgComponent } from './components';
import { appendixB, whatwgLayout, type WhatwgLayout } from './layout';
import { isSpecial, whatwgReading, type WhatwgReading } from './runtime';

export type { WhatwgDifferenceClass } from './classes';
export type { WhatwgReading, WhatwgHostKind } from './runtime';
export type { WhatwgComponent } from './components';

export interface WhatwgDifference {
  readonly component: WhatwgComponent;
  readonly class: WhatwgDifferenceClass;
  /** The UTF-16 offset in the input of the cause (the backslash, the tab, the hexadecimal part, the "%"). */
  readonly offset: number;
  /** The component as RFC 3986 reads it (as written; resolved against the base when there is one), or null when it has none. */
  readonly rfc3986: string | null;
  /** The component as the WHATWG URL has it (its serialization), or null when it has none. */
  readonly whatwg: string | null;
  readonly message: string;
  /** True when it is about the scheme, the userinfo, the host or the port: where a request goes and with which credentials. */
  readonly security: boolean;
}

/** What RFC 3986 (or RFC 3987) made of the input. */
export type Rfc3986Reading =
  | {
      readonly valid: true;
      /** With a base: the target, resolved by RFC 3986 5.2 (strict). Without one: undefined. */
      readonly target: string | undefined;
      readonly scheme: string | undefined;
      readonly userinfo: string | undefined;
      /** The userinfo's user: up to its first ":" (RFC 3986 3.2.1), or undefined without a userinfo. */
      readonly user: string | undefined;
      /** What follows the userinfo's first ":", or undefined when it has none. */
      readonly password: string | undefined;
      readonly host: string | undefined;
      readonly hostKind: HostKind | undefined;
      readonly port: string | undefined;
      readonly path: string;
      readonly query: string | undefined;
      readonly fragment: string | undefined;
    }
  | { readonly valid: false; readonly error: UriSyntaxError };

export type WhatwgVerdict = 'same' | 'differs' | 'rfc3986-only' | 'whatwg-only' | 'neither';

export interface WhatwgComparison {
  readonly input: string;
  readonly verdict: WhatwgVerdict;
  readonly rfc3986: Rfc3986Reading;
  readonly whatwg: WhatwgReading;
  /** One entry per component that differs (a one-sided verdict: its cause, and what can be compared besides). */
  readonly differences: readonly WhatwgDifference[];
  /** Components written otherwise that are equal after RFC 3986 6.2.2 and 6.2.3 (never security: the same URI by RFC 3986 6). */
  readonly notes: readonly WhatwgDifference[];
}

export interface WhatwgCompareOptions {
  /** A base URI: the input is read against it by both (RFC 3986 5.2; the URL parser's base). It must be an absolute URI that both read alike. */
  readonly base?: string;
  /** 'rfc3986' (default) or 'rfc3987': the input is an IRI, compared as RFC 3987 reads it. */
  readonly grammar?: 'rfc3986' | 'rfc3987';
  /** true: RFC 6874's zone identifiers in IP-literals (`[fe80::1%25en1]`), as parse() takes them. A departure from RFC 3986, off by default. */
  readonly zoneId?: boolean;
}

const OPTIONS: OptionSpec = {
  base: (value) => (typeof value === 'string' ? undefined : `must be a string, got ${describeValue(value)}`),
  grammar: oneOf(['rfc3986', 'rfc3987']),
  zoneId: boolean,
};

// ---------------------------------------------------------------------------------------------
// The comparison.

type ValidWhatwg = Extract<WhatwgReading, { valid: true }>;

function difference(c: WhatwgComponent, k: Cause, rfc: string | undefined, w: string | undefined, security: boolean): WhatwgDifference {
  return { component: c, class: k.cls, offset: k.offset, rfc3986: rfc ?? null, whatwg: w ?? null, message: k.why, security };
}

/** A component's value for the report: userinfo as user[:password]. */
const valueOf = (p: Parts, c: WhatwgComponent): string | undefined => p[c];

/** Classes of a difference in scheme, userinfo, host or port that are not about where a request goes. */
const NOT_SECURITY: ReadonlySet<WhatwgDifferenceClass> = new Set(['percent-encoding', 'case', 'default-port', 'port-leading-zeros', 'relative-reference']);

/** The differences and notes between the RFC reading `raw` (its canonical form `rfcCanonical`) and the WHATWG reading. */
function compareReadings(ctx: Context, raw: Parts, rawKind: HostKind | undefined, rfcCanonical: () => Parts | undefined, w: ValidWhatwg, only?: ReadonlySet<WhatwgComponent>): { differences: WhatwgDifference[]; notes: WhatwgDifference[] } {
  const wp = whatwgParts(w);
  let wcanon: Parts | undefined;
  const wc = () => (wcanon ??= canonicalWhatwg(wp));
  const differences: WhatwgDifference[] = [];
  const notes: WhatwgDifference[] = [];
  let slashes: Cause | undefined | null = null;
  for (const c of COMPONENTS) {
    if (only !== undefined && !only.has(c)) continue;
    // The common case: the same text.
    if (raw[c] === wp[c]) continue;
    const how = compareComponent(c, raw, wp, rfcCanonical, wc, ctx.scheme, w.hostKind === 'domain');
    if (how === 'same') continue;
    if (how === 'note') {
      const k = noteCause(ctx, c, raw, wp);
      notes.push(difference(c, { ...k, offset: ctx.layout.at(k.offset) }, valueOf(raw, c), valueOf(wp, c), false));
      continue;
    }
    if (slashes === null) slashes = slashCause(ctx, raw.host !== undefined, w.host !== undefined);
    let k: Cause;
    // Slashes move the authority's bounds (and, read relative to a base, every component after the scheme).
    if (slashes !== undefined && c !== 'scheme' && ((c !== 'query' && c !== 'fragment') || ctx.layout.authority === undefined)) k = slashes;
    else if (c === 'host') k = hostCause(ctx, raw.host, rawKind, w);
    else if (c === 'port' && ctx.scheme === 'file') k = cause('windows-drive-letter', spanStart(ctx, 'port') - 1);
    else k = otherCause(ctx, c, raw, wp);
    differences.push(difference(c, { ...k, offset: ctx.layout.at(k.offset) }, valueOf(raw, c), valueOf(wp, c), SECURITY_COMPONENTS.has(c) && !NOT_SECURITY.has(k.cls)));
  }
  return { differences, notes };
}

interface BaseReading {
  readonly key: string;
  /** Its scheme, lower-cased. */
  readonly scheme: string;
  /** Whether the URL parser gives it an opaque path. */
  readonly opaque: boolean;
  /** How the two read it: a reference takes the differences of what it takes from the base. */
  readonly comparison: WhatwgComparison;
}

/** The last base read: a base is read once, however many references are read against it. */
let lastBase: BaseReading | undefined;

/** The base, checked (an absolute URI by RFC 3986 5.1, and one the URL parser reads: else a UriOptionError) and read by both. */
function readBase(base: string, grammar: 'rfc3986' | 'rfc3987', zoneId: boolean): BaseReading {
  const key = `${grammar}\u0000${zoneId}\u0000${base}`;
  if (lastBase?.key === key) return lastBase;
  const rule = grammar === 'rfc3987' ? 'IRI' : 'URI';
  const r = tryParse(base, { grammar, rule, ...(zoneId ? { zoneId } : {}) });
  if (!r.ok) throw new UriOptionError('compareWithWhatwg', 'base', base, `option base must be an absolute ${rule} (RFC ${grammar === 'rfc3987' ? '3987' : '3986'} 5.1): ${r.error.message}`);
  const comparison = compareWithWhatwg(base, zoneId ? { grammar, zoneId } : { grammar });
  if (!comparison.whatwg.valid) throw new UriOptionError('compareWithWhatwg', 'base', base, `option base must be a URL the URL parser reads, and it refuses ${q(base)}: ${comparison.whatwg.error.message}`);
  lastBase = { key, scheme: (r.value.scheme as string).toLowerCase(), opaque: comparison.whatwg.opaquePath, comparison };
  return lastBase;
}

/** The components a reference takes from its base (RFC 3986 5.2.2, strict). */
function fromBase(r: UriRecord): ReadonlySet<WhatwgComponent> {
  if (r.scheme !== undefined) return new Set();
  if (r.authority !== undefined) return new Set(['scheme']);
  if (r.path === '') return new Set(r.query === undefined ? ['scheme', 'userinfo', 'host', 'port', 'path', 'query'] : ['scheme', 'userinfo', 'host', 'port', 'path']);
  return new Set(['scheme', 'userinfo', 'host', 'port']);
}

/**
 * Compares the reading of `input` by RFC 3986 (or RFC 3987) with the WHATWG
 * URL Standard's, as the runtime's URL reads it: the verdict, both readings,
 * each difference with its class, the offset of its cause and whether it is
 * about where a request goes (`security`), and the notes (written otherwise,
 * equal in canonical form).
 */
export function compareWithWhatwg(input: string, options?: WhatwgCompareOptions): WhatwgComparison {
  if (typeof input !== 'string') throw new TypeError(`compareWithWhatwg: expected the input as a string, got ${input === null ? 'null' : typeof input}`);
  checkOptions('compareWithWhatwg', options, OPTIONS);
  return comparison(input, options);
}

/**
 * compareWithWhatwg with the options checked, for lint, which has parsed the
 * input already (by RFC 3986's URI-reference, the options' grammar): `parsed`
 * is that result, so that the input is not parsed twice. `securityOnly`: for
 * lint with whatwg-differs off, which reports only the security differences:
 * where both read the input, only the scheme, userinfo, host and port are
 * compared (so the verdict 'same' or 'differs', and the notes, are theirs
 * alone), and so is what the URL parser reads after its first steps where
 * only it reads the input; every security difference is as without it.
 */
export function comparison(input: string, options: WhatwgCompareOptions | undefined, parsedAlready?: ParseResult, securityOnly = false): WhatwgComparison {
  const grammar = options?.grammar ?? 'rfc3986';
  const zoneId = options?.zoneId === true;
  if (options !== undefined) zoneGrammar(grammar, options.zoneId, 'compareWithWhatwg');
  const base = options?.base;
  const baseReading = base === undefined ? undefined : readBase(base, grammar, zoneId);
  const baseScheme = baseReading?.scheme;
  // No options object for the default (RFC 3986): parse's fast path.
  const parseOptions = zoneId ? { grammar, zoneId } : grammar === 'rfc3986' ? undefined : { grammar };
  const parsed = parsedAlready ?? tryParse(input, parseOptions);
  const whatwg = whatwgReading(input, base, base === undefined && parsed.ok ? parsed.value : undefined);

  let rfc: Rfc3986Reading;
  let record: UriRecord | undefined;
  let target: UriRecord | undefined;
  let targetText: string | undefined;
  if (!parsed.ok) {
    rfc = { valid: false, error: parsed.error };
  } else {
    record = parsed.value;
    target = record;
    if (base !== undefined) {
      targetText = resolve(base, input, parseOptions);
      const t = tryParse(targetText, parseOptions);
      // resolve() gives a valid URI for a valid reference and base (RFC 3986 5.2): anything else is a bug in urigram.
      if (!t.ok) throw new Error(`internal error: the target ${q(targetText)} of a valid reference is not valid: ${t.error.message}`);
      target = t.value;
    }
    const t = target;
    const colon = t.userinfo === undefined ? -1 : t.userinfo.indexOf(':');
    const user = t.userinfo === undefined || colon < 0 ? t.userinfo : t.userinfo.slice(0, colon);
    const password = colon < 0 ? undefined : (t.userinfo as string).slice(colon + 1);
    rfc = { valid: true, target: targetText, scheme: t.scheme, userinfo: t.userinfo, user, password, host: t.host, hostKind: t.hostKind, port: t.port, path: t.path, query: t.query, fragment: t.fragment };
  }

  // Both read it, component by component the same text (most URLs): nothing more to work out.
  if (target !== undefined && whatwg.valid && baseReading === undefined && sameText(target, whatwg)) return { input, verdict: 'same', rfc3986: rfc, whatwg, differences: NONE, notes: NONE };

  const scheme = whatwg.valid ? whatwg.scheme : (target?.scheme ?? appendixScheme(input) ?? baseScheme ?? '').toLowerCase();
  // The layout is read only when there is a cause to place.
  let layout: WhatwgLayout | undefined;
  const ctx: Context = {
    input,
    get layout(): WhatwgLayout {
      return (layout ??= whatwgLayout(input, baseScheme));
    },
    record,
    scheme,
    special: isSpecial(scheme),
    base,
    grammar,
    baseOpaque: baseReading?.opaque === true,
  };

  if (record !== undefined && target !== undefined && whatwg.valid) {
    const uri = targetText ?? input;
    let canonical: Parts | undefined | null = null;
    const rc = () => (canonical === null ? (canonical = canonicalRfc(uri, grammar, zoneId, target)) : canonical);
    const { differences, notes } = compareReadings(ctx, partsOf(target), target.hostKind, rc, whatwg, securityOnly ? SECURITY_COMPONENTS : undefined);
    if (baseReading !== undefined && baseReading.comparison.verdict !== 'same') inheritFromBase(differences, fromBase(record), baseReading.comparison);
    return { input, verdict: differences.length === 0 ? 'same' : 'differs', rfc3986: rfc, whatwg, differences, notes };
  }
  if (record !== undefined && !whatwg.valid) {
    const k = rfcOnlyCause(ctx, record, zoneId, whatwg.error.message);
    const component = HOST_CLASSES.has(k.cls) ? 'host' : k.cls === 'port-out-of-range' ? 'port' : k.cls === 'relative-reference' ? 'scheme' : componentOfRecord(record, k.offset);
    const security = k.cls !== 'relative-reference' && SECURITY_COMPONENTS.has(component);
    const rfcValue = valueOf(partsOf(target ?? record), component);
    return { input, verdict: 'rfc3986-only', rfc3986: rfc, whatwg, differences: [difference(component, k, rfcValue, undefined, security)], notes: [] };
  }
  if (!parsed.ok && whatwg.valid) {
    return { input, verdict: 'whatwg-only', rfc3986: rfc, whatwg, differences: whatwgOnlyDifferences(ctx, parsed.error, whatwg, grammar, zoneId, securityOnly), notes: [] };
  }
  return { input, verdict: 'neither', rfc3986: rfc, whatwg, differences: NONE, notes: NONE };
}

/** No entries: one frozen array, shared (the result's lists are read-only). */
const NONE: readonly WhatwgDifference[] = Object.freeze([]);

/** Whether the two readings have the same text in every component (the WHATWG userinfo as RFC 3986 writes it). */
function sameText(r: UriRecord, w: ValidWhatwg): boolean {
  if (r.path !== w.path || r.host !== w.host || r.scheme !== w.scheme || r.port !== w.port || r.query !== w.query || r.fragment !== w.fragment) return false;
  if (r.userinfo === undefined) return w.username === '' && w.password === '';
  return r.userinfo === (w.password === '' ? w.username : `${w.username}:${w.password}`);
}

/**
 * A difference in a component the reference takes from the base is the
 * base's: its class and message, with offset -1 (the cause is not in the input).
 */
function inheritFromBase(differences: WhatwgDifference[], inherited: ReadonlySet<WhatwgComponent>, base: WhatwgComparison): void {
  differences.forEach((d, k) => {
    if (!inherited.has(d.component)) return;
    const b = base.differences.find((x) => x.component === d.component);
    if (b !== undefined) differences[k] = { ...d, class: b.class, offset: -1, message: `from the base: ${b.message}`, security: b.security };
  });
}

/** The scheme Appendix B finds, if any. */
function appendixScheme(input: string): string | undefined {
  const b = appendixB(input);
  return b.schemeEnd < 0 ? undefined : input.slice(0, b.schemeEnd);
}

/** The classes whose cause is in the host, whatever characters it is at. */
const HOST_CLASSES: ReadonlySet<WhatwgDifferenceClass> = new Set(['empty-host', 'zone-id', 'ipv6-form', 'percent-encoded-host', 'host-ends-in-number', 'idna-mapping', 'file-host']);

/** Which component of a record holds an input offset. */
function componentOfRecord(r: UriRecord, offset: number): WhatwgComponent {
  for (const c of ['scheme', 'userinfo', 'host', 'port', 'query', 'fragment'] as const) {
    const s = r.spans[c];
    if (s !== undefined && offset >= s[0] && offset <= s[1]) return c;
  }
  const a = r.spans.authority;
  if (a !== undefined && offset >= a[0] - 2 && offset <= a[1]) return 'host';
  return 'path';
}

/**
 * The entries of a whatwg-only verdict: the cause at RFC 3986's error offset;
 * the first tab or newline, trimmed character and backslash elsewhere (WHATWG
 * steps that change what it reads); and, where the string the URL parser
 * reads after its first steps (trimmed, tabs and newlines removed) or its
 * scheme and authority are valid by RFC 3986, the differences those show.
 */
function whatwgOnlyDifferences(ctx: Context, error: UriSyntaxError, w: ValidWhatwg, grammar: 'rfc3986' | 'rfc3987', zoneId: boolean, securityOnly: boolean): WhatwgDifference[] {
  const { input, layout } = ctx;
  const out: WhatwgDifference[] = [];
  const seen = new Set<string>();
  const add = (k: Cause): void => {
    if (seen.has(k.cls)) return;
    seen.add(k.cls);
    let component = whatwgComponentAt(layout, k.offset);
    const security = beforeAuthorityEnd(input, layout, k.offset) || SECURITY_COMPONENTS.has(component);
    // A cause before the end of the authority as either reads it (a backslash where the URL parser ends the host) is about the host.
    if (security && !SECURITY_COMPONENTS.has(component)) component = 'host';
    out.push(difference(component, k, undefined, valueOf(whatwgParts(w), component), security));
  };
  add(whatwgOnlyCause(input, error, layout, w));
  if (layout.leadEnd > 0) add(cause('control-or-space-trimmed', 0));
  if (layout.trailStart < input.length) add(cause('control-or-space-trimmed', layout.trailStart));
  if (layout.tabOrNewline >= 0) add(cause('tab-or-newline', layout.tabOrNewline));
  if (layout.backslash >= 0) add(backslashCause(layout, layout.at(layout.backslash)));
  // What the URL parser reads, after its first steps, compared component by component when RFC 3986 reads it too.
  const parseOptions = zoneId ? { grammar, zoneId } : { grammar };
  let text = layout.text;
  let only: ReadonlySet<WhatwgComponent> | undefined = securityOnly ? SECURITY_COMPONENTS : undefined;
  let r = text === input ? undefined : tryParse(text, parseOptions);
  if (r === undefined || !r.ok) {
    // Else its scheme and authority, when RFC 3986 fails only after them.
    const b = appendixB(text);
    const e = r?.ok === false ? r.error.offset : layout.text === input ? error.offset : -1;
    if (b.authority === undefined || e < b.authority.end || layout.backslash >= 0) return out;
    text = text.slice(0, b.authority.end);
    r = tryParse(text, parseOptions);
    only = SECURITY_COMPONENTS;
  }
  if (!r.ok || ctx.base !== undefined) return out;
  // The record's offsets are the layout text's, which compareReadings maps to the input's.
  const sub: Context = { ...ctx, record: r.value };
  const { differences } = compareReadings(sub, partsOf(r.value), r.value.hostKind, () => canonicalRfc(text, grammar, zoneId, r.value), w, only);
  for (const d of differences) out.push({ ...d, message: `${d.message} (in what the URL parser reads)` });
  return out;
}

