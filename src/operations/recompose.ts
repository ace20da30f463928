/**
 * Recomposition (RFC 3986 5.3): the five components back into a string.
 *
 * The RFC's algorithm concatenates whatever it is given. urigram does the
 * same, then refuses (UriComposeError) components whose string would not be
 * read back as the same components: a path that begins with "//" without an
 * authority (read back as an authority), a path that does not begin with "/"
 * after an authority, a first segment with ":" and no scheme (read back as a
 * scheme), or a component with characters its rule does not allow. Nothing is
 * silently changed.
 */
import { GRAMMAR_OPTION, tryParse, zoneGrammar } from '../core/parse';
import { isRfc2396Record, type AnyUriRecord, type UriComponents } from '../core/records';
import type { GrammarName } from '../core/grammars';
import { boolean, checkOptions, type OptionSpec } from '../core/options';
import { UriComposeError } from '../core/errors';
export { UriComposeError } from '../core/errors';

export type { UriComponents } from '../core/records';

/** 5.3 exactly, without checking: the string, and where each present component landed in it. */
function concatenateWithSpans(c: UriComponents): { text: string; spans: Array<[keyof UriComponents, number, number]> } {
  let text = '';
  const spans: Array<[keyof UriComponents, number, number]> = [];
  const put = (name: keyof UriComponents, before: string, value: string, after: string) => {
    text += before;
    spans.push([name, text.length, text.length + value.length]);
    text += value + after;
  };
  if (c.scheme !== undefined) put('scheme', '', c.scheme, ':');
  if (c.authority !== undefined) put('authority', '//', c.authority, '');
  put('path', '', c.path, '');
  if (c.query !== undefined) put('query', '?', c.query, '');
  if (c.fragment !== undefined) put('fragment', '#', c.fragment, '');
  return { text, spans };
}

/** 5.3 exactly, without checking: the string that the five components make (concatenateWithSpans' text, without the spans). */
export function concatenate(c: UriComponents): string {
  let text = c.scheme === undefined ? '' : `${c.scheme}:`;
  if (c.authority !== undefined) text += `//${c.authority}`;
  text += c.path;
  if (c.query !== undefined) text += `?${c.query}`;
  return c.fragment === undefined ? text : `${text}#${c.fragment}`;
}

const FIVE = ['scheme', 'authority', 'path', 'query', 'fragment'] as const;

/**
 * The five components of a record, in RFC 3986's terms: an RFC 2396 record's
 * opaque part is RFC 3986's path-rootless [ "?" query ] (Appendix D.2), so
 * "mailto:a?b" has the path "a" and the query "b". Other records as they are.
 */
export function componentsOf(r: UriComponents | AnyUriRecord): UriComponents {
  const opaque = isRfc2396Record(r) ? r.opaque : undefined;
  if (opaque !== undefined) {
    const q = opaque.indexOf('?');
    return { scheme: r.scheme, authority: undefined, path: q < 0 ? opaque : opaque.slice(0, q), query: q < 0 ? undefined : opaque.slice(q + 1), fragment: r.fragment };
  }
  return { scheme: r.scheme, authority: r.authority, path: r.path, query: r.query, fragment: r.fragment };
}

/** The first of the five components on which `a` and `b` differ, or undefined. */
function firstDifference(a: UriComponents, b: UriComponents): keyof UriComponents | undefined {
  return FIVE.find((name) => a[name] !== b[name]);
}

export interface RecomposeOptions {
  /**
   * The grammar the string must read back in: 'rfc3986' (the default),
   * 'rfc3987' (an IRI) or 'rfc2396' (the obsolete grammar, with RFC 2732,
   * whose characters differ: "[" and "]" anywhere in a query or fragment).
   */
  readonly grammar?: GrammarName;
  /** true: the authority may hold an IPv6 zone identifier (RFC 6874 2, `[fe80::a%25en1]`), read back as parse() reads it with this option. */
  readonly zoneId?: boolean;
}

const RECOMPOSE_OPTIONS: OptionSpec = { grammar: GRAMMAR_OPTION, zoneId: boolean };

/**
 * The five components as a string (RFC 3986 5.3), or a UriComposeError naming
 * the component that would not read back as itself in `options.grammar`.
 * Components are compared as given, or in RFC 3986's terms (Appendix D.2):
 * an RFC 2396 record, whose opaque part holds the "?" and the query
 * ("mailto:a?b": path "a?b", no query), reads back in any grammar, as does
 * its RFC 3986 reading (path "a", query "b") by RFC 2396's grammar.
 */
export function recompose(components: UriComponents | AnyUriRecord, options?: RecomposeOptions): string {
  checkOptions('recompose', options, RECOMPOSE_OPTIONS);
  if (components === null || typeof components !== 'object') throw new TypeError('expected the components as an object');
  for (const name of FIVE) {
    const value = components[name];
    if (name === 'path' ? typeof value !== 'string' : value !== undefined && typeof value !== 'string') {
      throw new TypeError(`${name} must be a string${name === 'path' ? ' (possibly empty)' : ' or undefined'}, got ${typeof value}`);
    }
  }
  const { authority, path, scheme } = components;
  // What RFC 3986 3.3 and 4.2 forbid, each with what to do instead (build() and withComponents() say it through here).
  if (authority === undefined && path.startsWith('//')) {
    throw new UriComposeError(
      'path',
      `without an authority, the path cannot begin with "//" (RFC 3986 3.3): ${JSON.stringify(path)} would be read as an authority; a path that begins with "//" needs an authority: give one ("" for an empty host) or write the path as "/.${path}"`,
    );
  }
  if (authority !== undefined && path !== '' && !path.startsWith('/')) {
    throw new UriComposeError('path', `with an authority, the path must be empty or begin with "/" (RFC 3986 3.3), got ${JSON.stringify(path)}`);
  }
  if (scheme === undefined && authority === undefined && path.split('/', 1)[0].includes(':')) {
    throw new UriComposeError(
      'path',
      `in a relative reference, the first path segment cannot contain ":" (RFC 3986 3.3, 4.2): ${JSON.stringify(path)} would be read as a scheme; write it as "./${path}"`,
    );
  }
  const { text, spans } = concatenateWithSpans(components);
  const grammar = options?.grammar ?? 'rfc3986';
  const zoneId = options?.zoneId;
  zoneGrammar(grammar, zoneId, 'recompose');
  const parsed = grammar === 'rfc3986' && zoneId !== true ? tryParse(text) : tryParse(text, { grammar, zoneId });
  if (!parsed.ok) {
    const at = parsed.error.offset;
    const [name] = spans.find(([, start, end]) => at >= start && at <= end) ?? spans[spans.length - 1];
    throw new UriComposeError(name, `${name} ${JSON.stringify(components[name])} cannot be written there: ${parsed.error.message}`);
  }
  const name = firstDifference(components, parsed.value) && firstDifference(componentsOf(components), componentsOf(parsed.value));
  if (name !== undefined) {
    throw new UriComposeError(name, `${name} ${JSON.stringify(components[name])} would be read back as ${JSON.stringify(parsed.value[name])} from ${JSON.stringify(text)}`);
  }
  return text;
}
