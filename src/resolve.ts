/**
 * Reference resolution (RFC 3986 5.2): the transform of 5.2.2 with the merge
 * of 5.2.3 and the dot-segment removal of 5.2.4, then recomposition (5.3).
 * Resolution normalizes nothing else: no case change, no decoding, no ports.
 */
import { parse, tryParse, type UriRecord } from './parse';
import { UriSyntaxError } from './errors';
import { recompose, type UriComponents } from './recompose';
import { removeDotSegments } from './remove-dot-segments';

export interface ResolveOptions {
  /**
   * true (the default, RFC 3986 5.2.2): a reference with a scheme is taken as
   * it is. false: the "backwards-compatible" reading that 5.2.2 allows, in
   * which a reference whose scheme equals the base's (compared
   * case-insensitively, 3.1) is resolved as if it had none, so that `http:g`
   * against `http://a/b/c/d;p?q` gives `http://a/b/c/g`.
   */
  readonly strict?: boolean;
}

/** The base cannot be used: it is not a valid URI reference, or not an absolute URI (5.2.1). */
export class UriResolveError extends Error {
  readonly base: string;
  /** The syntax error, when the base is not a valid URI reference at all. */
  readonly syntaxError?: UriSyntaxError;

  constructor(base: string, message: string, syntaxError?: UriSyntaxError) {
    super(message);
    this.name = 'UriResolveError';
    this.base = base;
    this.syntaxError = syntaxError;
  }
}

function components(r: UriRecord): UriComponents {
  return { scheme: r.scheme, authority: r.authority, path: r.path, query: r.query, fragment: r.fragment };
}

function baseComponents(base: UriRecord | string): UriComponents {
  let record: UriRecord;
  let text: string;
  if (typeof base === 'string') {
    const parsed = tryParse(base);
    if (!parsed.ok) {
      throw new UriResolveError(base, `the base is not a valid URI reference: ${parsed.error.message}`, parsed.error);
    }
    record = parsed.value;
    text = base;
  } else if (base !== null && typeof base === 'object' && typeof base.path === 'string') {
    record = base;
    text = '';
  } else {
    throw new TypeError('expected the base as a string or a UriRecord');
  }
  if (record.scheme === undefined) {
    throw new UriResolveError(text, `the base ${JSON.stringify(text)} is a relative reference: RFC 3986 5.2.1 needs a base URI with a scheme`);
  }
  // 5.2.1: a base taken from a URI reference is stripped of its fragment.
  return { ...components(record), fragment: undefined };
}

function referenceComponents(reference: UriRecord | string): UriComponents {
  if (typeof reference === 'string') return components(parse(reference));
  if (reference !== null && typeof reference === 'object' && typeof reference.path === 'string') return components(reference);
  throw new TypeError('expected the reference as a string or a UriRecord');
}

/** 5.2.3 Merge Paths. */
function merge(base: UriComponents, referencePath: string): string {
  if (base.authority !== undefined && base.path === '') return `/${referencePath}`;
  const slash = base.path.lastIndexOf('/');
  return slash < 0 ? referencePath : base.path.slice(0, slash + 1) + referencePath;
}

/**
 * The target's components exactly as 5.2.2 computes them. Their string form
 * is not always readable back (a path "//g" with no authority): resolve()
 * says what it returns then.
 */
export function resolveRecord(base: UriRecord | string, reference: UriRecord | string, options: ResolveOptions = {}): UriComponents {
  const strict = options.strict ?? true;
  const B = baseComponents(base);
  let R = referenceComponents(reference);
  if (!strict && R.scheme !== undefined && B.scheme !== undefined && R.scheme.toLowerCase() === B.scheme.toLowerCase()) {
    R = { ...R, scheme: undefined };
  }
  if (R.scheme !== undefined) {
    return { scheme: R.scheme, authority: R.authority, path: removeDotSegments(R.path), query: R.query, fragment: R.fragment };
  }
  if (R.authority !== undefined) {
    return { scheme: B.scheme, authority: R.authority, path: removeDotSegments(R.path), query: R.query, fragment: R.fragment };
  }
  if (R.path === '') {
    return { scheme: B.scheme, authority: B.authority, path: B.path, query: R.query !== undefined ? R.query : B.query, fragment: R.fragment };
  }
  const path = R.path.startsWith('/') ? removeDotSegments(R.path) : removeDotSegments(merge(B, R.path));
  return { scheme: B.scheme, authority: B.authority, path, query: R.query, fragment: R.fragment };
}

/**
 * Resolves `reference` against `base` (RFC 3986 5.2) and returns the target
 * URI as a string (5.3).
 *
 * Deviation, named: when the target has no authority and its path begins
 * with "//" (base `f:/a`, reference `.//g` gives path "//g"), 5.3 would write
 * `f://g`, which reads back as the authority "g". resolve() writes the path
 * as "/.//g" instead (`f:/.//g`): the same path once dot segments are
 * removed, and read back as a path. resolveRecord() keeps the RFC's "//g".
 */
export function resolve(base: string, reference: string, options: ResolveOptions = {}): string {
  if (typeof base !== 'string' || typeof reference !== 'string') throw new TypeError('expected the base and the reference as strings');
  const target = resolveRecord(base, reference, options);
  const path = target.authority === undefined && target.path.startsWith('//') ? `/.${target.path}` : target.path;
  return recompose({ ...target, path });
}
