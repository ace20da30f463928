/**
 * Comparison (RFC 3986 6.2): the ladder of 6.2.1 simple string comparison,
 * 6.2.2 syntax-based and 6.2.3 scheme-based normalization. Both inputs must be
 * valid URI references (a UriSyntaxError otherwise), at every level.
 */
import { parse, type UriComponentName } from './parse';
import { normalize } from './normalize';

export type ComparisonLevel = 'simple' | 'syntax' | 'scheme';

export interface Comparison {
  readonly equivalent: boolean;
  /** The first rung of the ladder at which the two became equal; undefined when they never do. */
  readonly level: ComparisonLevel | undefined;
  /** When not equivalent: the first component, in 5.3 order, that differs after scheme-based normalization. */
  readonly difference?: { readonly component: UriComponentName; readonly a: string | undefined; readonly b: string | undefined };
}

const ORDER: readonly UriComponentName[] = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];

function normalizeAt(uri: string, level: ComparisonLevel): string {
  if (level === 'simple') {
    parse(uri); // valid or a UriSyntaxError, as at every other level
    return uri;
  }
  return normalize(uri, { level });
}

/** Whether `a` and `b` are equivalent at `level` (default 'scheme', the strongest RFC 3986 defines). */
export function equivalent(a: string, b: string, options: { level?: ComparisonLevel } = {}): boolean {
  const level = options.level ?? 'scheme';
  if (level !== 'simple' && level !== 'syntax' && level !== 'scheme') throw new TypeError(`unknown level ${JSON.stringify(level)}`);
  return normalizeAt(a, level) === normalizeAt(b, level);
}

/** Climbs the ladder of 6.2 and says where `a` and `b` became equal, or where they differ. */
export function compare(a: string, b: string): Comparison {
  for (const level of ['simple', 'syntax', 'scheme'] as const) {
    if (normalizeAt(a, level) === normalizeAt(b, level)) return { equivalent: true, level };
  }
  const ra = parse(normalize(a));
  const rb = parse(normalize(b));
  const component = ORDER.find((c) => ra[c] !== rb[c]) ?? 'path';
  return { equivalent: false, level: undefined, difference: { component, a: ra[component], b: rb[component] } };
}
