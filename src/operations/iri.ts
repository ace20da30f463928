/**
 * IRIs and URIs (RFC 3987 3): mapping an IRI to a URI (3.1), converting a URI
 * to an IRI (3.2), and reading an IRI carried as UTF-8 octets (the "8URI" of
 * the draft that became RFC 3987).
 */
import { matches, parse, type AnyUriRecord, type ParseOptions, type Rfc2396ParseOptions, type Rfc2396Record, type UriRecord } from '../core/parse';
import { UriSyntaxError } from '../core/errors';
import { decodeUtf8, utf8Length } from '../encoding/utf8';
import { decodePercents, isUnreservedOctet } from '../encoding/triplets';
import { CodeUnitBuilder } from '../encoding/code-units';
import { setUts46, uts46, type Tr46 } from '../core/uts46';
import { checkOptions, oneOf, type OptionSpec } from '../core/options';
import { PARSE_OPTIONS, startRuleOf } from '../core/parse';
import { IriConversionError, Utf8DecodeError } from '../core/errors';
export { IriConversionError, Utf8DecodeError } from '../core/errors';

const IRI_TO_URI_OPTIONS: OptionSpec = { normalize: oneOf(['NFC']), host: oneOf(['percent-encode', 'idna']) };
const URI_TO_IRI_OPTIONS: OptionSpec = { host: oneOf(['keep', 'idna']) };

export interface IriToUriOptions {
  /**
   * 'NFC': normalize the IRI to Unicode Normalization Form C first. RFC 3987
   * 3.1 step 1 asks for NFC only when the IRI comes from paper, speech or a
   * non-Unicode encoding (1a, 1b); text that is already Unicode is not
   * normalized (1c, and 5.3.2.2). A JavaScript string is Unicode, so the default
   * is not to normalize; the option is the NFC step of the original draft, for
   * IRIs known to come from such a source. The result of NFC must still be a
   * valid IRI.
   */
  readonly normalize?: 'NFC';
  /**
   * 'percent-encode' (the default, RFC 3987 3.1 step 2): a non-ASCII ireg-name
   * is percent-encoded like every other component. 'idna': it becomes its IDNA
   * A-label ("bücher.example" is "xn--bcher-kva.example"), by UTS 46 ToASCII
   * (nontransitional, with the STD3 rules, bidi, joiner, hyphen and DNS length
   * checks), as RFC 3987 3.1 allows for hosts resolved through the DNS. Its
   * percent-encoded octets are read as UTF-8 first (RFC 3986 3.2.2). A host
   * that is not a valid domain name is an IriConversionError, not left as it
   * was.
   */
  readonly host?: 'percent-encode' | 'idna';
}

/**
 * Every non-ASCII character as the "%XX" of each of its UTF-8 octets, upper-case hex; ASCII (so "%XX" too) as it
 * is. `text` is a valid IRI reference, or a part of one cut at a delimiter.
 */
function encodeNonAscii(text: string): string {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) < 0x80) i++;
  if (i === text.length) return text;
  // By the engine: encodeURI writes each character outside its unescaped set as the triplets of its UTF-8 octets,
  // with upper-case hex (ECMA-262, encodeURI). Of the ASCII a valid IRI holds (unreserved, reserved, "%"),
  // that set leaves out "[", "]" and "%" only: they are written back. No octet of a non-ASCII character is below
  // 0x80, so no triplet the engine wrote for one is among "%5B", "%5D" and "%25"; a "%5B" of the input is
  // "%255B", which holds no "%5B", before "%25" becomes "%" again. A lone surrogate, which no valid IRI holds, is a
  // URIError there: the loop below writes it as before.
  try {
    let out = encodeURI(text);
    if (text.includes('[')) out = out.replace(/%5B/g, '[');
    if (text.includes(']')) out = out.replace(/%5D/g, ']');
    if (text.includes('%')) out = out.replace(/%25/g, '%');
    return out;
  } catch (e) {
    if (!(e instanceof URIError)) throw e;
  }
  // Built as code units (code-units.ts): no string per character for the collector.
  const out = new CodeUnitBuilder(text.length * 2);
  out.pushRange(text, 0, i);
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      out.push(c);
      continue;
    }
    const cp = text.codePointAt(i) as number;
    out.pushUtf8Triplets(cp);
    if (cp > 0xffff) i++;
  }
  return out.toString();
}

/**
 * UTS 46, from the tr46 package: only host: 'idna' needs it. Node loads it on
 * first use (src/core/load.ts); an ES module bundle holds it only when the program
 * passes it to useTr46().
 */
export type { Tr46 } from '../core/uts46';

const UTS46_OPTIONS = { checkBidi: true, checkHyphens: true, checkJoiners: true, useSTD3ASCIIRules: true, transitionalProcessing: false };

/**
 * Gives iriToUri and uriToIri the tr46 package for host: 'idna', and
 * whatwgValidationErrors for a host that needs UTS 46 (`import *
 * as tr46 from 'tr46'; useTr46(tr46)`): needed once in an ES module bundle,
 * which does not load tr46 by itself; unneeded in Node.
 */
export function useTr46(lib: Tr46): void {
  if (lib === null || typeof lib !== 'object' || typeof lib.toASCII !== 'function' || typeof lib.toUnicode !== 'function') {
    throw new TypeError('useTr46 expects the tr46 package (an object with toASCII and toUnicode)');
  }
  setUts46(lib);
}


function idnaHost(iri: string, record: UriRecord): string {
  const host = record.host as string;
  const at = record.spans.host?.[0] ?? 0;
  let name: string;
  try {
    name = decodeURIComponentStrict(host);
  } catch {
    throw new IriConversionError(iri, at, `the host ${JSON.stringify(host)} has percent-encoded octets that are not UTF-8, so it has no IDNA form`);
  }
  // A final "." (a fully qualified name) is kept: UTS 46's length check counts it as an empty label.
  const rooted = name.endsWith('.') && name.length > 1;
  // Each label maps to at least one character (or ToASCII fails on an empty label), and mapping
  // never removes a ".": 127 dots or more make a name over the 253 characters DNS allows. Said
  // here without ToASCII, whose cost per character on a host of thousands of labels is over 1 s per MB.
  let dots = 0;
  for (let i = name.indexOf('.'); i >= 0 && i < name.length - (rooted ? 1 : 0); i = name.indexOf('.', i + 1)) dots++;
  if (dots >= 127) {
    throw new IriConversionError(iri, at, `the host ${JSON.stringify(host)} is not a valid internationalized domain name (UTS 46 ToASCII fails), so it has no IDNA form`);
  }
  const tr46 = uts46();
  const ascii = tr46.toASCII(rooted ? name.slice(0, -1) : name, { ...UTS46_OPTIONS, verifyDNSLength: true });
  if (ascii === null) {
    throw new IriConversionError(iri, at, `the host ${JSON.stringify(host)} is not a valid internationalized domain name (UTS 46 ToASCII fails), so it has no IDNA form`);
  }
  return rooted ? `${ascii}.` : ascii;
}

/** The "%XX" triplets of a valid ireg-name read as UTF-8; throws when they are not UTF-8. */
function decodeURIComponentStrict(text: string): string {
  return text.includes('%') ? decodeURIComponent(text) : text;
}

/**
 * Maps an IRI reference to a URI reference (RFC 3987 3.1): each character
 * outside US-ASCII (a ucschar or an iprivate: nothing else is valid in an
 * IRI) becomes the "%XX" of each of its UTF-8 octets, with upper-case hex;
 * ASCII, "%XX" triplets included, is left as it is. The input must be a valid
 * IRI reference (a UriSyntaxError otherwise, with the offset); the output is
 * a valid URI reference.
 */
export function iriToUri(iri: string, options: IriToUriOptions = {}): string {
  if (typeof iri !== 'string') throw new TypeError(`expected the IRI as a string, got ${iri === null ? 'null' : typeof iri}`);
  checkOptions('iriToUri', options, IRI_TO_URI_OPTIONS);
  const hostOption = options.host ?? 'percent-encode';
  const text = options.normalize === 'NFC' ? iri.normalize('NFC') : iri;
  const record = parse(text, { grammar: 'rfc3987' });
  if (hostOption === 'idna' && record.hostKind === 'reg-name' && record.spans.host && /[^\x00-\x7f]|%[89a-fA-F]/.test(record.host as string)) {
    const [start, end] = record.spans.host;
    return encodeNonAscii(text.slice(0, start)) + idnaHost(text, record) + encodeNonAscii(text.slice(end));
  }
  return encodeNonAscii(text);
}

/**
 * The bidirectional formatting characters that an IRI must not contain (RFC
 * 3987 4.1: LRM, RLM, LRE, RLE, PDF, LRO, RLO) and those Unicode added since
 * (ALM U+061C and the isolates U+2066-2069, Unicode 6.3), which are the same
 * kind of character: uriToIri leaves all of them percent-encoded.
 */
export const BIDI_FORMATTING_CHARACTERS: readonly number[] = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];

/** Whether code point `c` is a ucschar: asked of the grammar, not restated here. */
function isUcschar(c: number): boolean {
  return matches('ucschar', String.fromCodePoint(c), { grammar: 'rfc3987' });
}

function isIprivate(c: number): boolean {
  return matches('iprivate', String.fromCodePoint(c), { grammar: 'rfc3987' });
}

/**
 * RFC 3987 3.2 steps 2-5 on one component's text: runs of "%XX" are read as
 * octets; each well-formed UTF-8 sequence becomes its character when that
 * character may appear in the component as itself (an unreserved ASCII
 * character, a ucschar, an iprivate in the query only) and is not a bidi
 * formatting character. "%XX" of other ASCII characters stay exactly as
 * written (step 2 does not touch them); other octets are re-encoded (steps 3
 * and 4) with upper-case hex.
 */
function decodeComponent(text: string, allowPrivate: boolean): string {
  return decodePercents(text, (out, at, count, octets, r) => {
    if (count === 0) {
      out.push(0x25); // not a triplet: cannot happen in a parsed component, and is left as it is
      return 1;
    }
    if ('invalidAt' in r) {
      out.pushTriplet(octets[0]); // step 3: not part of a well-formed sequence
      return 3;
    }
    const c = r.codePoint;
    if (c < 0x80) {
      // Step 2 leaves "%", reserved and disallowed ASCII encoded, exactly as written.
      if (isUnreservedOctet(c)) out.push(c);
      else out.pushRange(text, at, at + 3);
      return 3;
    }
    const keep = BIDI_FORMATTING_CHARACTERS.includes(c) || !(isUcschar(c) || (allowPrivate && isIprivate(c)));
    // Octets that step 2 decoded and step 3 or 4 re-encodes come back with upper-case hex (RFC 3986 2.1),
    // as in the RFC's own example (%e2%80%ae becomes %E2%80%AE): step 4, or step 5.
    if (keep) for (let k = 0; k < r.length; k++) out.pushTriplet(octets[k]);
    else out.pushCodePoint(c);
    return 3 * r.length;
  });
}

/**
 * Converts a URI reference to an IRI reference (RFC 3987 3.2): percent-encoded
 * octets that form well-formed UTF-8 become their characters where the IRI
 * grammar allows those characters as themselves in that component (userinfo,
 * host, path, query, fragment; iprivate only in the query). Left encoded, as
 * 3.2 says: "%" and reserved and other ASCII characters that are not
 * unreserved, octets that are not well-formed UTF-8, bidi formatting characters
 * (4.1) and characters the component does not allow. Unreserved ASCII
 * characters are decoded (3.2 step 2, as RFC 3986 6.2.2.2 allows). The input
 * must be a valid URI reference (a UriSyntaxError otherwise); the result is a
 * valid IRI reference that iriToUri maps back to the input, apart from the
 * decoded unreserved characters and the case of the hex digits of non-ASCII
 * octets left encoded (upper case, as in RFC 3987 3.2.1).
 */
export function uriToIri(uri: string, options: UriToIriOptions = {}): string {
  if (typeof uri !== 'string') throw new TypeError(`expected the URI as a string, got ${uri === null ? 'null' : typeof uri}`);
  checkOptions('uriToIri', options, URI_TO_IRI_OPTIONS);
  const hostOption = options.host ?? 'keep';
  const record = parse(uri);
  const idna = hostOption === 'idna' && record.hostKind === 'reg-name' && /(^|\.)xn--/i.test(record.host as string);
  if (!uri.includes('%') && !idna) return uri;
  const pieces: Array<[number, number, (text: string) => string]> = [];
  for (const name of ['userinfo', 'host', 'path', 'query', 'fragment'] as const) {
    const span = record.spans[name];
    if (!span || (name === 'host' && record.hostKind !== 'reg-name')) continue;
    const convert = (text: string) => decodeComponent(text, name === 'query');
    pieces.push([span[0], span[1], name === 'host' && idna ? (text) => aLabelsToUnicode(convert(text)) : convert]);
  }
  let out = '';
  let at = 0;
  for (const [start, end, convert] of pieces) {
    out += uri.slice(at, start) + convert(uri.slice(start, end));
    at = end;
  }
  return out + uri.slice(at);
}

export interface UriToIriOptions {
  /**
   * 'keep' (the default): a host's "xn--" labels stay as they are, as RFC 3987
   * 3.2 does. 'idna': each "xn--" label of a registered name that UTS 46
   * ToUnicode turns into a valid label of ucschar becomes that label (RFC 3987
   * 3.2.1 allows it: "xn--99zt52a" is U+7D0D U+8C46); other labels, and labels
   * that fail, are left as they are.
   */
  readonly host?: 'keep' | 'idna';
}

function aLabelsToUnicode(host: string): string {
  const tr46 = uts46();
  const lib = tr46;
  // ToUnicode is a function of the label alone: a label met again is not decoded again (a host of
  // thousands of labels costs what its distinct labels cost).
  const seen = new Map<string, string>();
  return host
    .split('.')
    .map((label) => {
      if (!/^xn--/i.test(label)) return label;
      let converted = seen.get(label);
      if (converted === undefined) {
        const r = lib.toUnicode(label, UTS46_OPTIONS);
        const ok = !r.error && [...r.domain].every((c) => c.charCodeAt(0) < 0x80 || (isUcschar(c.codePointAt(0) as number) && !BIDI_FORMATTING_CHARACTERS.includes(c.codePointAt(0) as number)));
        converted = ok ? r.domain : label;
        seen.set(label, converted);
      }
      return converted;
    })
    .join('.');
}

/**
 * Parses an IRI given as UTF-8 octets (the "8URI" of the draft that became
 * RFC 3987), by the RFC 3987 grammar unless `options.grammar` says otherwise.
 * The octets are decoded strictly: ill-formed UTF-8 (overlong forms,
 * surrogates, stray continuation bytes, a cut-off character) is a
 * Utf8DecodeError at its byte offset. A byte order mark is not stripped: it is
 * the character U+FEFF, a ucschar (RFC 3987 2.2, %xFDF0-FFEF), so it is read
 * as part of the IRI (an irelative-ref's first segment, at the start). A syntax error is a UriSyntaxError whose `byteOffset` gives its
 * place in the octets too.
 */
export function parseUtf8(bytes: Uint8Array, options: Rfc2396ParseOptions): Rfc2396Record;
export function parseUtf8(bytes: Uint8Array, options?: Omit<ParseOptions, 'grammar'> & { readonly grammar?: 'rfc3986' | 'rfc3987' }): UriRecord;
export function parseUtf8(bytes: Uint8Array, options?: ParseOptions): AnyUriRecord;
export function parseUtf8(bytes: Uint8Array, options: ParseOptions = {}): AnyUriRecord {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('expected the IRI as a Uint8Array of UTF-8 octets');
  // The options checked before any decoding.
  checkOptions('parseUtf8', options, PARSE_OPTIONS);
  const parseOptions = { ...options, grammar: options.grammar ?? 'rfc3987' };
  startRuleOf(parseOptions, 'parseUtf8');
  const decoded = decodeUtf8(bytes);
  if ('invalidAt' in decoded) throw new Utf8DecodeError(decoded.invalidAt, bytes[decoded.invalidAt]);
  const text = decoded.text;
  try {
    return parse(text, parseOptions);
  } catch (e) {
    if (!(e instanceof UriSyntaxError)) throw e;
    throw new UriSyntaxError({ ...e.toJSON(), byteOffset: utf8Length(text, e.offset) });
  }
}
