/**
 * Redaction for logs: a URI reference with its password (the text after the
 * first ":" of the userinfo, which RFC 3986 3.2.1 deprecates and 7.5 warns
 * about), and optionally the whole userinfo or the values of named query
 * parameters, replaced by a mask. The result is still a valid URI reference
 * with the same other components, written as they were.
 *
 * One parse, then slices of the input around the component spans: linear in
 * the input's length.
 */
import { parse } from './parse';
import { UriSyntaxError } from './errors';
import { percentDecode, percentEncode, PercentEncodingError } from './percent-encoding';
import { checkOptions, describeValue, oneOf, type OptionCheck, type OptionSpec } from './options';

export interface RedactOptions {
  /**
   * What happens to the userinfo (RFC 3986 3.2.1): 'password' (the default)
   * masks the text after its first ":" when that is not empty ("user:****");
   * 'mask' masks the whole userinfo ("****@host"); 'remove' removes it with
   * its "@"; 'keep' leaves it as it is.
   */
  readonly userinfo?: 'password' | 'mask' | 'remove' | 'keep';
  /**
   * Names of query parameters whose values are masked: in a query split at
   * "&" into `name=value` pairs, a pair whose name is one of these (compared
   * as written, or percent-decoded) keeps its name and "=" and has its value
   * masked. A pair without "=" has no value and stays.
   */
  readonly query?: readonly string[];
  /**
   * The text that replaces what is hidden; '****' by default. It is
   * percent-encoded so that only unreserved characters and the sub-delims
   * "!", "$", "'", "(", ")", "*", "+" and "," stay as themselves: it can
   * never end a userinfo, split a query parameter or begin a password.
   */
  readonly mask?: string;
}

const stringList: OptionCheck = (value) =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? undefined : `must be an array of strings, got ${describeValue(value)}`;

const REDACT_OPTIONS: OptionSpec = {
  userinfo: oneOf(['password', 'mask', 'remove', 'keep']),
  query: stringList,
  mask: (value) => (typeof value === 'string' ? undefined : `must be a string, got ${describeValue(value)}`),
};

/** The mask as it is written: percent-encoded as a segment, then ":", "@", "&", "=" and ";" too. */
function encodeMask(mask: string): string {
  try {
    return percentEncode(mask, 'segment').replace(/[:@&=;]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch (e) {
    if (e instanceof PercentEncodingError) throw new TypeError(`redact: option mask cannot be encoded: ${e.message}`);
    throw e;
  }
}

/** A query parameter's name, decoded when it decodes; as written otherwise (for comparison only). */
function decodedName(name: string): string {
  try {
    return percentDecode(name);
  } catch {
    return name;
  }
}

/**
 * `uri` with its password hidden (and, as `options` say, the whole userinfo
 * or named query parameters' values), still a valid URI reference. An
 * invalid input is a UriSyntaxError: nothing is redacted from text that is
 * not a URI reference, so a caller cannot log it believing it clean.
 */
/**
 * The syntax error of an input that is not a URI, with what could be a
 * userinfo in its `input` masked, character for character (so `offset` and
 * the caret still point at the same place): a program that logs the error of
 * redact() must not log what redact() was asked to hide. What looks like a
 * userinfo: after "//", up to the last "@" before the next "/", "?" or "#".
 */
function withoutSecrets(e: UriSyntaxError): UriSyntaxError {
  const input = e.input;
  const slashes = input.indexOf('//');
  if (slashes < 0) return e;
  const from = slashes + 2;
  let end = input.length;
  for (const delimiter of ['/', '?', '#']) {
    const at = input.indexOf(delimiter, from);
    if (at >= 0 && at < end) end = at;
  }
  const at = input.lastIndexOf('@', end - 1);
  if (at < from) return e;
  const masked = input.slice(0, from) + '*'.repeat(at - from) + input.slice(at);
  return new UriSyntaxError({ input: masked, grammar: e.grammar, rule: e.rule, offset: e.offset, found: e.offset < at ? '*' : e.found, expected: e.expected, rulePath: e.rulePath, hint: e.hint });
}

export function redact(uri: string, options?: RedactOptions): string {
  checkOptions('redact', options, REDACT_OPTIONS);
  if (typeof uri !== 'string') throw new TypeError(`redact: expected the URI as a string, got ${describeValue(uri)}`);
  let record: ReturnType<typeof parse>;
  try {
    record = parse(uri);
  } catch (e) {
    throw e instanceof UriSyntaxError ? withoutSecrets(e) : e;
  }
  const mode = options?.userinfo ?? 'password';
  const names = options?.query ?? [];
  const mask = encodeMask(options?.mask ?? '****');
  // Replacements [start, end, text] in the input, in order and never overlapping.
  const edits: Array<[number, number, string]> = [];
  const userinfo = record.spans.userinfo;
  if (userinfo !== undefined && record.userinfo !== undefined && mode !== 'keep') {
    const [start, end] = userinfo;
    if (mode === 'remove') edits.push([start, end + 1, '']); // with its "@"
    else if (mode === 'mask') edits.push([start, end, mask]);
    else {
      const colon = record.userinfo.indexOf(':');
      if (colon >= 0 && start + colon + 1 < end) edits.push([start + colon + 1, end, mask]);
    }
  }
  const query = record.spans.query;
  if (query !== undefined && names.length > 0) {
    const wanted = new Set(names);
    const [start, end] = query;
    let at = start;
    // The next "=" at or after `at`, searched again only once `at` has passed it: linear overall.
    let eq = -1;
    while (at <= end) {
      const amp = uri.indexOf('&', at);
      const stop = amp < 0 || amp > end ? end : amp;
      if (eq < at) {
        eq = uri.indexOf('=', at);
        if (eq < 0) eq = uri.length; // none left: never searched again
      }
      if (eq < stop) {
        const name = uri.slice(at, eq);
        if ((wanted.has(name) || wanted.has(decodedName(name))) && eq + 1 <= stop) edits.push([eq + 1, stop, mask]);
      }
      at = stop + 1;
    }
  }
  if (edits.length === 0) return uri;
  let out = '';
  let from = 0;
  for (const [start, end, text] of edits) {
    out += uri.slice(from, start) + text;
    from = end;
  }
  return out + uri.slice(from);
}
