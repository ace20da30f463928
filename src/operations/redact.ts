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
import { parse } from '../core/parse';
import { UriSyntaxError } from '../core/errors';
import { percentEncode, PercentEncodingError, tryPercentDecode } from '../encoding/percent-encoding';
import { replaceSpans } from '../encoding/code-units';
import { checkOptions, describeValue, oneOf, type OptionCheck, type OptionSpec } from '../core/options';

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
  // A mask the encoder refuses (a lone surrogate has no UTF-8) is refused with the options, before the input is read.
  mask: (value) => {
    if (typeof value !== 'string') return `must be a string, got ${describeValue(value)}`;
    try {
      encodeMask(value);
      return undefined;
    } catch (e) {
      if (e instanceof PercentEncodingError) return `must be well-formed UTF-16 (it is percent-encoded as UTF-8): ${e.message}`;
      throw e;
    }
  },
};

/** The mask as it is written: percent-encoded as a segment, then ":", "@", "&", "=" and ";" too (a PercentEncodingError for a lone surrogate). */
function encodeMask(mask: string): string {
  return percentEncode(mask, 'segment').replace(/[:@&=;]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
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
 * redact() must not log what redact() was asked to hide. What could be a
 * userinfo: after the first "//", up to the last "@" of the input. In an
 * invalid input nothing says where a userinfo ends (a password may hold an
 * unencoded "/", "?" or "#"), so the mask errs on the side of hiding: a "@"
 * in the path hides the text before it too.
 */
function withoutSecrets(e: UriSyntaxError): UriSyntaxError {
  const input = e.input;
  const slashes = input.indexOf('//');
  if (slashes < 0) return e;
  const from = slashes + 2;
  const at = input.lastIndexOf('@');
  if (at < from) return e;
  const masked = input.slice(0, from) + '*'.repeat(at - from) + input.slice(at);
  return new UriSyntaxError({ input: masked, grammar: e.grammar, rule: e.rule, offset: e.offset, found: e.offset >= from && e.offset < at ? '*' : e.found, expected: e.expected, rulePath: e.rulePath, hint: e.hint });
}

/** What redact() writes in place of a secret by default; lint's password-in-userinfo suggests it too. Valid in a userinfo and a query. */
export const DEFAULT_MASK = '****';

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
  const mask = options?.mask === undefined ? DEFAULT_MASK : encodeMask(options.mask);
  // Replacements of the input, in order and never overlapping, as columns: a query of many named values has one each.
  const starts: number[] = [];
  const ends: number[] = [];
  const texts: string[] = [];
  const edit = (start: number, end: number, text: string): void => {
    starts.push(start);
    ends.push(end);
    texts.push(text);
  };
  const userinfo = record.spans.userinfo;
  if (userinfo !== undefined && record.userinfo !== undefined && mode !== 'keep') {
    const [start, end] = userinfo;
    if (mode === 'remove') edit(start, end + 1, ''); // with its "@"
    else if (mode === 'mask') edit(start, end, mask);
    else {
      const colon = record.userinfo.indexOf(':');
      if (colon >= 0 && start + colon + 1 < end) edit(start + colon + 1, end, mask);
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
        // Compared as written, then decoded when it has a "%" and decodes (no error made for one that does not).
        if (eq + 1 <= stop && (wanted.has(name) || (name.includes('%') && wanted.has(tryPercentDecode(name) ?? name)))) edit(eq + 1, stop, mask);
      }
      at = stop + 1;
    }
  }
  return starts.length === 0 ? uri : replaceSpans(uri, starts, ends, texts);
}
