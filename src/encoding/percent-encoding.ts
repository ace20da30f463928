/**
 * Percent-encoding (RFC 3986 2.1, 2.4): text to a component and back, as
 * UTF-8 octets (RFC 3986 2.5), with upper-case hex (2.1).
 */

/** The components percentEncode knows, with the characters each allows unencoded (RFC 3986 Appendix A). */
export type EncodableComponent = 'userinfo' | 'host' | 'path' | 'segment' | 'query' | 'fragment';

import { CodeUnitBuilder } from './code-units';
import { decodePercents, isHexDigit, isTripletAt, isUnreservedOctet, tripletOctet } from './triplets';
import { matches } from '../core/parse';
import type { Rfc3986RuleName } from '../core/rules';
import { boolean, checkOptions, oneOf, type OptionSpec } from '../core/options';
import { PercentEncodingError } from '../core/errors';
export { PercentEncodingError } from '../core/errors';

const ENCODE_OPTIONS: OptionSpec = { keepPercentEncoded: boolean };
const DECODE_OPTIONS: OptionSpec = { only: oneOf(['unreserved']) };

/** The ABNF rule whose characters each component allows as themselves. */
const RULES: Readonly<Record<EncodableComponent, Rfc3986RuleName>> = {
  userinfo: 'userinfo', // *( unreserved / pct-encoded / sub-delims / ":" )
  host: 'reg-name', // *( unreserved / pct-encoded / sub-delims )
  segment: 'segment', // *pchar
  path: 'path', // segments and "/"
  query: 'query', // *( pchar / "/" / "?" )
  fragment: 'fragment', // *( pchar / "/" / "?" )
};

/** For each ASCII character, whether `rule` matches it alone: the grammar, asked once at load time. */
function asciiTable(rule: Rfc3986RuleName): Uint8Array {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = matches(rule, String.fromCharCode(c)) ? 1 : 0;
  return table;
}

// Built on first use: loading urigram to parse a URI should not pay for them.
let allowedTables: Record<EncodableComponent, Uint8Array> | undefined;

function allowedTable(component: EncodableComponent): Uint8Array | undefined {
  allowedTables ??= Object.fromEntries(Object.entries(RULES).map(([c, rule]) => [c, asciiTable(rule)])) as Record<EncodableComponent, Uint8Array>;
  return Object.prototype.hasOwnProperty.call(allowedTables, component) ? allowedTables[component] : undefined;
}

export interface PercentEncodeOptions {
  /**
   * false (the default, RFC 3986 2.4): the text is data, so every "%" is
   * itself encoded as "%25" and percentDecode gives the text back. true: the
   * text is already partly encoded, so a "%" followed by two HEXDIG is kept
   * (never encoded twice, 2.4), its hex digits upper-cased as every triplet
   * this function writes is (2.1: "%2f" becomes "%2F"); any other "%" is
   * still encoded.
   */
  readonly keepPercentEncoded?: boolean;
}

/**
 * Encodes `text` for use as `component`: every character the component does
 * not allow as itself becomes the "%XX" of each of its UTF-8 octets, with
 * upper-case hex. A lone surrogate cannot be UTF-8 and is a PercentEncodingError.
 */
export function percentEncode(text: string, component: EncodableComponent, options: PercentEncodeOptions = {}): string {
  if (typeof text !== 'string') throw new TypeError(`expected the text as a string, got ${typeof text}`);
  checkOptions('percentEncode', options, ENCODE_OPTIONS);
  const allowed = allowedTable(component);
  if (!allowed) throw new TypeError(`unknown component ${JSON.stringify(component)}: expected one of ${Object.keys(RULES).join(', ')}`);
  return encode(text, allowed, options.keepPercentEncoded === true);
}

/**
 * percentEncode by a table of its own: each ASCII character whose entry in
 * `keep` is 1 stays as it is, every other character becomes the triplets of
 * its UTF-8 octets ("%" too, unless kept). For lint's fixes, which encode
 * only the characters no URI has and leave the rest as written.
 */
export function percentEncodeExcept(text: string, keep: Uint8Array): string {
  return encode(text, keep, false);
}

function encode(text: string, allowed: Uint8Array, keepPercentEncoded: boolean): string {
  // The result is written as UTF-16 code units into one typed array (no
  // string per character for the collector to walk) and read out in chunks:
  // the cost per character stays the same from 10 k to 1 M characters.
  const out = new CodeUnitBuilder(text.length + (text.length >> 1));
  const put = (unit: number): void => out.push(unit);
  let changed = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      if (allowed[code]) {
        put(code);
      } else if (code === 0x25 && keepPercentEncoded && isTripletAt(text, i)) {
        put(0x25);
        put(upper(text.charCodeAt(i + 1)));
        put(upper(text.charCodeAt(i + 2)));
        changed ||= text.charCodeAt(i + 1) !== upper(text.charCodeAt(i + 1)) || text.charCodeAt(i + 2) !== upper(text.charCodeAt(i + 2));
        i += 2;
      } else {
        out.pushTriplet(code);
        changed = true;
      }
      continue;
    }
    changed = true;
    let cp = code;
    if (code >= 0xd800 && code <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (!(low >= 0xdc00 && low <= 0xdfff)) throw new PercentEncodingError(text, i, 'a lone surrogate cannot be encoded as UTF-8');
      cp = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      throw new PercentEncodingError(text, i, 'a lone surrogate cannot be encoded as UTF-8');
    }
    out.pushUtf8Triplets(cp);
  }
  return changed ? out.toString() : text;
}

/** A lower-case hex digit's upper-case form; any other code unit as it is. */
const upper = (c: number): number => (c >= 0x61 && c <= 0x66 ? c - 0x20 : c);

export interface PercentDecodeOptions {
  /**
   * 'unreserved': decode only the octets of unreserved characters (RFC 3986
   * 2.3, 6.2.2.2) and leave every other "%XX" exactly as written: the result
   * is an equivalent URI component. Without it, every "%XX" is decoded and
   * the result is the data the component carries.
   */
  readonly only?: 'unreserved';
}

/**
 * Decodes the "%XX" sequences of `text` in one pass (so "%2541" gives "%41",
 * never "A"), reading the octets as UTF-8. A "%" not followed by two HEXDIG,
 * or octets that are not well-formed UTF-8, are a PercentEncodingError at
 * their offset; nothing is guessed.
 */
export function percentDecode(text: string, options: PercentDecodeOptions = {}): string {
  if (typeof text !== 'string') throw new TypeError(`expected the text as a string, got ${typeof text}`);
  checkOptions('percentDecode', options, DECODE_OPTIONS);
  return decode(text, options.only === 'unreserved', (at, message) => {
    throw new PercentEncodingError(text, at, message);
  });
}

/** What tryPercentDecode's failure throws and catches: one value, no Error (no stack trace to record). */
const UNDECODABLE: unique symbol = Symbol('undecodable');

/**
 * percentDecode without options, or undefined where percentDecode would throw: for a caller that only
 * compares the decoded text and takes the text as written when it does not decode (redact's names),
 * without the cost of an error per name.
 */
export function tryPercentDecode(text: string): string | undefined {
  try {
    return decode(text, false, () => {
      throw UNDECODABLE;
    });
  } catch (e) {
    if (e === UNDECODABLE) return undefined;
    throw e;
  }
}

/** percentDecode's rules for the one decoding loop (triplets.ts); `fail` is called (and throws) at the first "%" or octet that does not decode. */
function decode(text: string, onlyUnreserved: boolean, fail: (at: number, message: string) => never): string {
  const byteAt = (i: number): number => {
    if (!isHexDigit(text.charCodeAt(i + 1)) || !isHexDigit(text.charCodeAt(i + 2))) fail(i, '"%" must be followed by two hexadecimal digits');
    return tripletOctet(text, i);
  };
  return decodePercents(text, (out, i, count, octets, r) => {
    const first = byteAt(i);
    if (onlyUnreserved) {
      if (isUnreservedOctet(first)) out.push(first);
      else out.pushRange(text, i, i + 3);
      return 3;
    }
    if ('invalidAt' in r) {
      const at = i + 3 * r.invalidAt;
      if (r.invalidAt === 0) fail(i, `%${text.slice(i + 1, i + 3)} cannot begin a UTF-8 character`);
      if (r.invalidAt === count) {
        if (text[at] === '%') byteAt(at); // a malformed triplet: that error, at its "%"
        fail(i, 'a UTF-8 character is cut short');
      }
      if ((octets[r.invalidAt] & 0xc0) !== 0x80) fail(at, `%${text.slice(at + 1, at + 3)} is not a UTF-8 continuation octet`);
      // A continuation octet outside the range its lead octet allows: an overlong form, a surrogate, or above U+10FFFF.
      fail(i, `${text.slice(i, at + 3)} is not a well-formed UTF-8 character`);
    }
    out.pushCodePoint(r.codePoint);
    return 3 * r.length;
  });
}
