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
import { tryParse } from './parse';
import type { UriComponentName } from './parse';

/** The five components of RFC 3986 5.3. An absent component is undefined; the path is always a string. */
export interface UriComponents {
  readonly scheme: string | undefined;
  readonly authority: string | undefined;
  readonly path: string;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
}

export class UriComposeError extends Error {
  /** The component that cannot be written as given. */
  readonly component: UriComponentName;

  constructor(component: UriComponentName, message: string) {
    super(message);
    this.name = 'UriComposeError';
    this.component = component;
  }
}

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

/** 5.3 exactly, without checking: the string that the five components make. */
export function concatenate(c: UriComponents): string {
  return concatenateWithSpans(c).text;
}

const FIVE = ['scheme', 'authority', 'path', 'query', 'fragment'] as const;

export function recompose(components: UriComponents, options: { readonly grammar?: 'rfc3986' | 'rfc3987' } = {}): string {
  if (components === null || typeof components !== 'object') throw new TypeError('expected the components as an object');
  for (const name of FIVE) {
    const value = components[name];
    if (name === 'path' ? typeof value !== 'string' : value !== undefined && typeof value !== 'string') {
      throw new TypeError(`${name} must be a string${name === 'path' ? ' (possibly empty)' : ' or undefined'}, got ${typeof value}`);
    }
  }
  const { authority, path, scheme } = components;
  if (authority === undefined && path.startsWith('//')) {
    throw new UriComposeError('path', `a path that begins with "//" needs an authority (RFC 3986 3.3): ${JSON.stringify(path)} would be read as one`);
  }
  if (authority !== undefined && path !== '' && !path.startsWith('/')) {
    throw new UriComposeError('path', `after an authority the path must be empty or begin with "/" (RFC 3986 3.3), got ${JSON.stringify(path)}`);
  }
  if (scheme === undefined && authority === undefined && path.split('/', 1)[0].includes(':')) {
    throw new UriComposeError('path', `without a scheme, a first path segment with ":" would be read as a scheme (RFC 3986 4.2): ${JSON.stringify(path)}`);
  }
  const { text, spans } = concatenateWithSpans(components);
  const parsed = options.grammar === 'rfc3987' ? tryParse(text, { grammar: 'rfc3987' }) : tryParse(text);
  if (!parsed.ok) {
    const at = parsed.error.offset;
    const [name] = spans.find(([, start, end]) => at >= start && at <= end) ?? spans[spans.length - 1];
    throw new UriComposeError(name, `${name} ${JSON.stringify(components[name])} cannot be written there: ${parsed.error.message}`);
  }
  for (const name of FIVE) {
    if (parsed.value[name] !== components[name]) {
      throw new UriComposeError(name, `${name} ${JSON.stringify(components[name])} would be read back as ${JSON.stringify(parsed.value[name])} from ${JSON.stringify(text)}`);
    }
  }
  return text;
}
