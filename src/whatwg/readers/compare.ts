/**
 * compareReadings: one string as every parser of a stack reads it, side by
 * side, and where any two disagree (issue 46, item 4). A reader is a function
 * (../reader): `rfc3986` and `whatwg` are built in; urigram/node adds
 * `node-legacy` (Node's `url.parse`); the CLI adds other languages' parsers
 * through the conformance protocol.
 *
 * Each pair of readers is compared as compareWithWhatwg compares RFC 3986
 * and the URL Standard, with the same classes and `security` flag; the pair
 * of the two built-ins *is* compareWithWhatwg's comparison (its verdict,
 * differences and notes, the values in the pair's order), so that
 * compareWithWhatwg is the two-reader case. Other pairs: ./pair.
 */
import { checkOptions, boolean, describeValue, oneOf, UriOptionError, type OptionSpec } from '../../core/options';
import { appendixB, whatwgLayout, type WhatwgLayout } from '../layout';
import { comparison, type WhatwgComparison, type WhatwgDifference } from '../compare-whatwg';
import type { ReaderResult, Reader } from '../reader';
import { fromRfc3986Reading, fromWhatwgReading, rfc3986Reader, whatwgReader } from './builtin';
import { comparePair, type PairVerdict, type ReadersPair, type ReadingDifference } from './pair';

export type { ReadersPair, ReadingDifference, PairVerdict } from './pair';
export type { ReadingDifferenceClass } from './classes';

export interface ReadingsOptions {
  /**
   * The readers: names of built-in readers (`rfc3986`, `whatwg`; urigram/node adds `node-legacy`),
   * or an object of readers by name (a value may be a built-in's name). Default: ['rfc3986', 'whatwg'].
   */
  readonly readers?: readonly string[] | Readonly<Record<string, Reader | string>>;
  /** A base URL, which every reader must read; each reads the input against it. */
  readonly base?: string;
  /** The rfc3986 reader's grammar, as compareWithWhatwg takes it: 'rfc3986' (default) or 'rfc3987'. */
  readonly grammar?: 'rfc3986' | 'rfc3987';
  /** The rfc3986 reader takes RFC 6874's zone identifiers, as compareWithWhatwg does. */
  readonly zoneId?: boolean;
}

export interface ReadingsComparison {
  readonly input: string;
  /** The readers' names, in the order given. */
  readonly readers: readonly string[];
  /** Each reader's reading, or its refusal. */
  readonly readings: Readonly<Record<string, ReaderResult>>;
  /** Every pair of readers (in the order given: the first with each later one, then the second, ...). */
  readonly pairs: readonly ReadersPair[];
  /** Whether any pair has a security difference: two readers of the stack send a request to another place or with other credentials. */
  readonly security: boolean;
}

const BUILT_IN = ['rfc3986', 'whatwg'];

const OPTIONS: OptionSpec = {
  readers: (value) => (typeof value === 'object' && value !== null ? undefined : `must be an array of reader names or an object of readers by name, got ${describeValue(value)}`),
  base: (value) => (typeof value === 'string' ? undefined : `must be a string, got ${describeValue(value)}`),
  grammar: oneOf(['rfc3986', 'rfc3987']),
  zoneId: boolean,
};

const RFC3986 = Symbol('rfc3986');
const WHATWG = Symbol('whatwg');
type Resolved = Reader | typeof RFC3986 | typeof WHATWG;

/** The readers by name, each a function or one of the two built-ins (read together through compareWithWhatwg). */
function resolveReaders(fn: string, readers: ReadingsOptions['readers'], extra: Readonly<Record<string, Reader>>): Array<[string, Resolved]> {
  const known = [...BUILT_IN, ...Object.keys(extra)];
  const named = (name: string, as: string): Resolved => {
    if (as === 'rfc3986') return RFC3986;
    if (as === 'whatwg') return WHATWG;
    const r = Object.prototype.hasOwnProperty.call(extra, as) ? extra[as] : undefined;
    if (r === undefined) throw new UriOptionError(fn, 'readers', readers, `option readers names ${JSON.stringify(as)}${as === name ? '' : ` for ${JSON.stringify(name)}`}, which is no built-in reader (${known.join(', ')})${extra['node-legacy'] === undefined ? '; node-legacy is in urigram/node' : ''}`);
    return r;
  };
  let list: Array<[string, Resolved]>;
  if (readers === undefined) list = BUILT_IN.map((n) => [n, named(n, n)]);
  else if (Array.isArray(readers)) list = readers.map((n: unknown) => {
    if (typeof n !== 'string') throw new UriOptionError(fn, 'readers', readers, `option readers must hold reader names (strings), got ${describeValue(n)}`);
    return [n, named(n, n)];
  });
  else list = Object.entries(readers as Record<string, unknown>).map(([n, r]) => {
    if (typeof r === 'string') return [n, named(n, r)];
    if (typeof r !== 'function') throw new UriOptionError(fn, 'readers', readers, `option readers: ${JSON.stringify(n)} must be a reader (a function) or a built-in reader's name, got ${describeValue(r)}`);
    return [n, r as Reader];
  });
  if (list.length === 0) throw new UriOptionError(fn, 'readers', readers, 'option readers names no reader');
  const seen = new Set<string>();
  for (const [n] of list) {
    if (seen.has(n)) throw new UriOptionError(fn, 'readers', readers, `option readers names ${JSON.stringify(n)} twice`);
    seen.add(n);
  }
  return list;
}

/** What a call's options come to: the readers, compareWithWhatwg's options, the rfc3986 reader. */
interface Prepared {
  readonly options: ReadingsOptions | undefined;
  readonly readers: ReadingsOptions['readers'];
  readonly base: string | undefined;
  readonly grammar: string | undefined;
  readonly zoneId: boolean | undefined;
  readonly extra: Readonly<Record<string, Reader>>;
  readonly list: Array<[string, Resolved]>;
  readonly stdOptions: { base?: string; grammar?: 'rfc3986' | 'rfc3987'; zoneId?: boolean };
  readonly rfc: Reader;
  /** The readers' names and values when prepared: an array or object changed in place since is prepared again. */
  readonly snapshot: readonly unknown[];
}

const snapshotOf = (readers: ReadingsOptions['readers']): unknown[] => (readers === undefined || readers === null || typeof readers !== 'object' ? [] : Array.isArray(readers) ? [...(readers as unknown[])] : Object.entries(readers).flat());

/** The last options prepared: a stream of inputs read with one options object checks and resolves them once. */
let last: Prepared | undefined;

function prepared(fn: string, options: ReadingsOptions | undefined, extra: Readonly<Record<string, Reader>>): Prepared {
  // The same object with the same fields (not changed since): what was made of it.
  if (last !== undefined && options !== undefined && last.options === options && last.extra === extra && last.readers === options.readers && last.base === options.base && last.grammar === options.grammar && last.zoneId === options.zoneId) {
    const now = snapshotOf(options.readers);
    if (now.length === last.snapshot.length && now.every((v, k) => v === last!.snapshot[k])) return last;
  }
  checkOptions(fn, options, OPTIONS);
  const list = resolveReaders(fn, options?.readers, extra);
  const base = options?.base;
  const stdOptions = { ...(base === undefined ? {} : { base }), ...(options?.grammar === undefined ? {} : { grammar: options.grammar }), ...(options?.zoneId === undefined ? {} : { zoneId: options.zoneId }) };
  const rfc = options?.grammar === undefined && options?.zoneId === undefined ? rfc3986Reader() : rfc3986Reader(stdOptions);
  const p: Prepared = { options, readers: options?.readers, base, grammar: options?.grammar, zoneId: options?.zoneId, extra, list, stdOptions, rfc, snapshot: snapshotOf(options?.readers) };
  if (options !== undefined) last = p;
  return p;
}

/** The last base every reader read, and the readers. */
let lastBase: { base: string; readers: Resolved[] } | undefined;

/** The pair of the two built-ins: compareWithWhatwg's comparison, in the pair's order. */
function standardPair(c: WhatwgComparison, names: readonly [string, string], rfcFirst: boolean): ReadersPair {
  const map = (d: WhatwgDifference): ReadingDifference => ({ component: d.component, class: d.class, offset: d.offset, values: rfcFirst ? [d.rfc3986, d.whatwg] : [d.whatwg, d.rfc3986], message: d.message, security: d.security });
  const verdict: PairVerdict = c.verdict === 'rfc3986-only' ? (rfcFirst ? 'first-only' : 'second-only') : c.verdict === 'whatwg-only' ? (rfcFirst ? 'second-only' : 'first-only') : c.verdict;
  return { readers: names, verdict, differences: c.differences.map(map), notes: c.notes.map(map) };
}

/**
 * compareReadings with extra built-in readers (urigram/node's `node-legacy`): for the entries that add readers.
 * @internal
 */
export function compareReadingsWith(fn: string, input: string, options: ReadingsOptions | undefined, extra: Readonly<Record<string, Reader>>): ReadingsComparison {
  if (typeof input !== 'string') throw new TypeError(`${fn}: expected the input as a string, got ${input === null ? 'null' : typeof input}`);
  const { list, stdOptions, rfc } = prepared(fn, options, extra);
  const base = options?.base;
  const both = list.some(([, r]) => r === RFC3986) && list.some(([, r]) => r === WHATWG);
  // compareWithWhatwg's comparison: the built-ins' readings when both are asked for (one parse, one URL), and the causes of other pairs.
  let std: WhatwgComparison | undefined | null = null;
  const standard = (): WhatwgComparison | undefined => {
    if (std !== null) return std;
    try {
      std = comparison(input, stdOptions);
    } catch (e) {
      if (both) throw e;
      std = undefined;
    }
    return std;
  };
  if (base !== undefined && !(lastBase?.base === base && lastBase.readers.length === list.length && lastBase.readers.every((r, k) => r === list[k][1]))) {
    // Once per base and readers: a base is read once, however many references are read against it.
    for (const [name, r] of list) {
      const b = r === RFC3986 ? rfc(base) : r === WHATWG ? whatwgReader(base) : r(base);
      if (!b.ok) throw new UriOptionError(fn, 'base', base, `option base must be a URL every reader reads, and ${name} refuses it: ${b.error}`);
    }
    lastBase = { base, readers: list.map(([, r]) => r) };
  }
  const readings: Record<string, ReaderResult> = {};
  for (const [name, r] of list) {
    if (r === RFC3986) readings[name] = both ? fromRfc3986Reading((standard() as WhatwgComparison).rfc3986) : rfc(input, base);
    else if (r === WHATWG) readings[name] = both ? fromWhatwgReading((standard() as WhatwgComparison).whatwg) : whatwgReader(input, base);
    else readings[name] = r(input, base);
  }
  let layout: WhatwgLayout | undefined;
  const ctx = {
    input,
    layout: (): WhatwgLayout => (layout ??= whatwgLayout(input, base === undefined ? undefined : schemeOf(base))),
    standard,
  };
  const pairs: ReadersPair[] = [];
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const [an, ar] = list[i];
      const [bn, br] = list[j];
      const names = [an, bn] as const;
      const builtins = (ar === RFC3986 && br === WHATWG) || (ar === WHATWG && br === RFC3986);
      pairs.push(builtins ? standardPair(standard() as WhatwgComparison, names, ar === RFC3986) : comparePair(ctx, names, readings[an], readings[bn]));
    }
  }
  return { input, readers: list.map(([n]) => n), readings, pairs, security: pairs.some((p) => p.differences.some((d) => d.security)) };
}

/** A base's scheme, lower-cased (Appendix B), for the layout of a relative reference. */
function schemeOf(base: string): string | undefined {
  const b = appendixB(base);
  return b.schemeEnd < 0 ? undefined : base.slice(0, b.schemeEnd).toLowerCase();
}

/**
 * Reads `input` with each reader (built-in names `rfc3986`, `whatwg`, or
 * reader functions by name) and compares every pair: their readings side by
 * side, and per pair the differences, with compareWithWhatwg's classes and
 * `security` flags. compareWithWhatwg is the case of the two built-ins.
 */
export function compareReadings(input: string, options?: ReadingsOptions): ReadingsComparison {
  return compareReadingsWith('compareReadings', input, options, {});
}
