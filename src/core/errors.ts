/**
 * The errors urigram throws, in one place (UriOptionError, for a bad option,
 * is the options module's own). UriSyntaxError: what the parser reports when
 * its input is not valid for the rule it was asked to match. Fields are for
 * programs, the message and format() for people. Then each operation's own:
 * IriConversionError, Utf8DecodeError, PercentEncodingError,
 * UriComposeError, UriResolveError, FileUriError.
 */
import { checkOptions, describeValue, type OptionSpec } from './options';
import type { UriComponentName } from './records';
import type { GrammarName } from './types';

export interface UriSyntaxErrorDetails {
  /** The input that was parsed. */
  readonly input: string;
  /** The grammar it was parsed by: 'rfc3986' (the default), 'rfc3987', 'rfc2396' or another of grammar/registry.json. */
  readonly grammar?: GrammarName;
  /** The ABNF rule the whole input was matched against, e.g. "URI-reference". */
  readonly rule: string;
  /**
   * UTF-16 offset of the first character that cannot be part of a valid input
   * (the input's length when the input stops too early).
   */
  readonly offset: number;
  /** The character (a whole code point) found at `offset`, or null at the end of the input. */
  readonly found: string | null;
  /** What would have been valid at `offset`: ABNF rule names (HEXDIG), quoted literals ("]"), %x ranges, or "end of input". */
  readonly expected: readonly string[];
  /**
   * The ABNF rules being matched at `offset`, outermost first, down to the innermost rule that
   * began before the offset and was being matched when an `expected` item was recorded there.
   */
  readonly rulePath: readonly string[];
  /** For input given as UTF-8 octets (parseUtf8): `offset` as a byte offset into them. */
  readonly byteOffset?: number;
  /**
   * What to do about it, when urigram knows more than the grammar says: when a
   * URI grammar stops at a character that is not ASCII, whether the input is
   * an IRI (RFC 3987) or how a URI carries the character. Also in the message.
   */
  readonly hint?: string;
}

export class UriSyntaxError extends SyntaxError implements UriSyntaxErrorDetails {
  readonly input: string;
  readonly grammar: GrammarName;
  readonly rule: string;
  readonly offset: number;
  /**
   * `offset` counted in code points instead of UTF-16 code units (a character
   * outside the BMP counts once): the same place for a reader of the text.
   * Offsets are always at a code point boundary.
   */
  readonly codePointOffset: number;
  /** For input given as UTF-8 octets (parseUtf8): `offset` as a byte offset into them; undefined otherwise. */
  readonly byteOffset?: number;
  readonly found: string | null;
  readonly expected: readonly string[];
  readonly rulePath: readonly string[];
  /** What to do about it, when known (see UriSyntaxErrorDetails.hint); undefined otherwise. */
  readonly hint?: string;

  constructor(details: UriSyntaxErrorDetails) {
    super(describe(details));
    this.name = 'UriSyntaxError';
    this.input = details.input;
    this.grammar = details.grammar ?? 'rfc3986';
    this.rule = details.rule;
    this.offset = details.offset;
    this.codePointOffset = codePointOffset(details.input, details.offset);
    if (details.byteOffset !== undefined) this.byteOffset = details.byteOffset;
    this.found = details.found;
    this.expected = details.expected;
    this.rulePath = details.rulePath;
    if (details.hint !== undefined) this.hint = details.hint;
  }

  /**
   * The message, then the input with a caret under `offset` and the rule path.
   * Control and non-ASCII-space characters are drawn escaped so that the caret
   * stays under the right character; long inputs are cut around the offset.
   */
  format(options: { width?: number } = {}): string {
    checkOptions('format', options, FORMAT_OPTIONS);
    const width = options.width ?? 72;
    const { shown, caret } = caretWindow(this.input, this.offset, width);
    return [
      this.message,
      `  ${shown}`,
      `  ${' '.repeat(caret)}^`,
      `  rule path: ${this.rulePath.join(' > ')}`,
    ].join('\n');
  }

  toJSON(): UriSyntaxErrorDetails & { message: string; codePointOffset: number } {
    return {
      message: this.message,
      input: this.input,
      grammar: this.grammar,
      rule: this.rule,
      offset: this.offset,
      codePointOffset: this.codePointOffset,
      found: this.found,
      expected: this.expected,
      rulePath: this.rulePath,
      ...(this.byteOffset === undefined ? {} : { byteOffset: this.byteOffset }),
      ...(this.hint === undefined ? {} : { hint: this.hint }),
    };
  }
}

/**
 * A URI that the generic grammar and its scheme's grammar accept, but that a
 * constraint its scheme's RFC states in prose rules out: an http URI with an
 * empty host (RFC 9110 4.2.1), a data URL whose base64 is not (RFC 2397 2),
 * an r-component that ends at "?=" (RFC 8141 2.3.1). A UriSyntaxError (its offset, the
 * scheme grammar's rule, the rule path down to the part concerned), with the
 * problem's code and the section that says it; `expected` is empty, the
 * message says what is wrong.
 */
export class UriSchemeError extends UriSyntaxError {
  /** The problem's code (src/core/scheme-types.ts, SchemeProblemCode). */
  readonly code: string;
  /** The section of the scheme's RFC: "RFC 9110 4.2.1". */
  readonly section: string;

  constructor(details: Omit<UriSyntaxErrorDetails, 'expected'> & { readonly code: string; readonly section: string; readonly problem: string }) {
    super({ ...details, expected: [] });
    this.name = 'UriSchemeError';
    this.code = details.code;
    this.section = details.section;
    this.message = `invalid ${details.rule} at offset ${details.offset}: ${details.problem} (${details.section})`;
  }

  override toJSON(): UriSyntaxErrorDetails & { message: string; codePointOffset: number; code: string; section: string } {
    return { ...super.toJSON(), code: this.code, section: this.section };
  }
}

/** format()'s least width. */
const MIN_WIDTH = 20;

const FORMAT_OPTIONS: OptionSpec = {
  // Fewer than 20 characters of input would not show where the offset is: refused, not widened in silence.
  width: (value) => (typeof value === 'number' && Number.isInteger(value) && value >= MIN_WIDTH ? undefined : `must be an integer of at least ${MIN_WIDTH} (characters of the input shown), got ${describeValue(value)}`),
};

function describe(d: UriSyntaxErrorDetails): string {
  const innermost = d.rulePath.length > 0 ? d.rulePath[d.rulePath.length - 1] : d.rule;
  const found = d.found === null ? 'end of input' : quoted(d.found);
  const hint = d.hint === undefined ? '' : `; ${d.hint}`;
  return `invalid ${d.rule} at offset ${d.offset}: expected ${orList(d.expected)} in ${innermost}, found ${found}${hint}`;
}

/** JSON.stringify of each ASCII character met, by its code: the `found` of most errors, quoted once. */
const quotedAscii: Array<string | undefined> = [];

function quoted(ch: string): string {
  const code = ch.length === 1 ? ch.charCodeAt(0) : 128;
  if (code >= 128) return JSON.stringify(ch);
  return (quotedAscii[code] ??= JSON.stringify(ch));
}

/** orList of each list met, by identity: the parser shares one frozen list among the errors that expect the same items. */
const orLists = new WeakMap<readonly string[], string>();

export function orList(items: readonly string[]): string {
  if (items.length === 0) return 'nothing';
  if (items.length === 1) return items[0];
  let text = orLists.get(items);
  if (text === undefined) {
    text = `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
    if (Object.isFrozen(items)) orLists.set(items, text);
  }
  return text;
}

/**
 * Spaces, controls, format characters, unassigned code points and lone surrogates, made on first use: as a
 * literal, V8 built its Unicode sets when it parsed the module (about 0.2 ms of every cold start, BENCHMARKS.md).
 */
let invisible: RegExp | undefined;

/** One character as format() draws it: printable characters as themselves, controls, spaces other than " ", format characters and lone surrogates escaped. */
function draw(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 0x20 && code <= 0x7e) return ch;
  if (code >= 0xa0 && !(invisible ??= new RegExp('[\\p{Z}\\p{C}]', 'u')).test(ch)) return ch;
  return code <= 0xffff ? `\\u${code.toString(16).toUpperCase().padStart(4, '0')}` : `\\u{${code.toString(16).toUpperCase()}}`;
}

/** The input around an offset, `width` characters of it drawn (controls escaped), and the column of the offset in it: for a caret. */
export function caretWindow(input: string, offset: number, width: number): { shown: string; caret: number } {
  let from = Math.max(0, offset - Math.floor(width / 2));
  const to = Math.min(input.length, from + width);
  if (to - from < width) from = Math.max(0, to - width);
  let shown = from > 0 ? '...' : '';
  let caret = -1;
  for (let i = from; i < to; ) {
    if (i >= offset && caret < 0) caret = shown.length;
    const cp = input.codePointAt(i) ?? 0;
    shown += draw(String.fromCodePoint(cp));
    i += cp > 0xffff ? 2 : 1;
  }
  if (caret < 0) caret = shown.length;
  if (to < input.length) shown += '...';
  return { shown, caret };
}

const LOW_SURROGATE = /[\udc00-\udfff]/;
/** The longest prefix codePointOffset reads without the regex engine's scan. */
const SHORT_PREFIX = 64;

/**
 * The number of code points in the first `offset` UTF-16 code units of `text`
 * (a surrogate pair counts once). `offset` must be an integer from 0 to
 * `text.length`: anything else (a negative, fractional or NaN offset, one past
 * the end, Infinity) is a RangeError, never a loop over code units that are
 * not there.
 */
export function codePointOffset(text: string, offset: number): number {
  if (typeof text !== 'string') throw new TypeError(`expected the text as a string, got ${text === null ? 'null' : typeof text}`);
  if (!Number.isInteger(offset) || offset < 0 || offset > text.length) {
    throw new RangeError(`offset ${String(offset)} is not an offset into a text of ${text.length} UTF-16 code units: expected an integer from 0 to ${text.length}`);
  }
  // Only a low surrogate after a high one takes a code point off: up to the first low surrogate, found by the
  // regex engine's scan (a loop of charCodeAt here cost a third of explaining a 10 k-character input that fails
  // at its end), none does. A short prefix is read by the loop alone: the scan's slice and call cost more there.
  let first = 1;
  if (offset > SHORT_PREFIX) {
    const low = text.slice(1, offset).search(LOW_SURROGATE);
    first = low < 0 ? offset : low + 1;
  }
  let n = offset;
  for (let i = first; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) {
      const h = text.charCodeAt(i - 1);
      if (h >= 0xd800 && h <= 0xdbff) n--;
    }
  }
  return n;
}

// ---------------------------------------------------------------- the other operations' errors, in one place

/**
 * A template that cannot be expanded with the values given (RFC 6570 3): a
 * value that is neither a string, a number, a list nor an associative array
 * of them, a prefix modifier on a list or an associative array (2.4.1), a
 * string that has no UTF-8 form. `offset` is where the varspec that names the
 * variable begins, in `template`. (A template that is not one is a
 * UriSyntaxError.)
 */
export class TemplateExpansionError extends Error {
  readonly template: string;
  /** The variable whose value cannot be expanded, as the template names it. */
  readonly variable: string;
  /** UTF-16 offset of the varspec in the template. */
  readonly offset: number;

  constructor(template: string, variable: string, offset: number, message: string) {
    super(`${message} (the varspec at offset ${offset} of the template)`);
    this.name = 'TemplateExpansionError';
    this.template = template;
    this.variable = variable;
    this.offset = offset;
  }
}

/**
 * A match that matchTemplate refuses before any work, for its size (the
 * template is valid and expands; matching it is what is refused):
 * - `reason: 'varspecs'`: the template has more varspecs than a match takes
 *   (`limit`; its automaton, and each match's time and memory, grow with
 *   them); `offset` is where the first varspec beyond the limit begins in
 *   `template`;
 * - `reason: 'memory'`: the tables of this URI's match would take more bytes
 *   than a match takes (`limit`): they grow with the URI's length times the
 *   template's varspecs. `offset` is undefined.
 * `needed` is what it would have taken: the varspecs, or the bytes.
 */
export class TemplateMatchError extends Error {
  readonly template: string;
  readonly reason: 'varspecs' | 'memory';
  readonly limit: number;
  readonly needed: number;
  /** UTF-16 offset in the template of the first varspec beyond the limit ('varspecs'); undefined for 'memory'. */
  readonly offset: number | undefined;

  constructor(template: string, reason: 'varspecs' | 'memory', limit: number, needed: number, offset: number | undefined, message: string) {
    super(message);
    this.name = 'TemplateMatchError';
    this.template = template;
    this.reason = reason;
    this.limit = limit;
    this.needed = needed;
    this.offset = offset;
  }
}

/** An IRI that cannot be mapped as asked: a host that IDNA rejects. */
export class IriConversionError extends Error {
  readonly input: string;
  /** Where the part that cannot be converted begins (UTF-16 offset). */
  readonly offset: number;

  constructor(input: string, offset: number, message: string) {
    super(message);
    this.name = 'IriConversionError';
    this.input = input;
    this.offset = offset;
  }
}

/**
 * whatwgValidationErrors refuses a host that needs UTS 46 ToASCII (not ASCII
 * after percent-decoding) and is longer than its bound: tr46 takes time
 * quadratic in a label's length (docs/whatwg-validity.md).
 */
export class IdnaDomainTooLongError extends RangeError {
  /** Where the host begins (UTF-16 offset in the input). */
  readonly offset: number;
  /** The domain's length after percent-decoding, in UTF-16 code units. */
  readonly length: number;

  constructor(offset: number, length: number, limit: number) {
    super(`whatwgValidationErrors: the host at offset ${offset} is ${length} code units long after percent-decoding and needs UTS 46 ToASCII (it is not ASCII); over ${limit} is refused, as tr46 takes time quadratic in a label's length`);
    this.name = 'IdnaDomainTooLongError';
    this.offset = offset;
    this.length = length;
  }
}

/** Bytes that are not well-formed UTF-8, where parseUtf8 was given an IRI as octets. */
export class Utf8DecodeError extends SyntaxError {
  /** The offset of the first byte that cannot be part of well-formed UTF-8 there (the length when the bytes stop in a character). */
  readonly byteOffset: number;

  constructor(byteOffset: number, found: number | undefined) {
    super(
      `ill-formed UTF-8 at byte ${byteOffset}: ${found === undefined ? 'the bytes end inside a character' : `0x${found.toString(16).toUpperCase().padStart(2, '0')} cannot be there`}`,
    );
    this.name = 'Utf8DecodeError';
    this.byteOffset = byteOffset;
  }
}

/** Malformed percent-encoding, or text that cannot be encoded as UTF-8; `offset` points at it. */
export class PercentEncodingError extends Error {
  readonly offset: number;
  readonly input: string;

  constructor(input: string, offset: number, message: string) {
    super(`${message} at offset ${offset}`);
    this.name = 'PercentEncodingError';
    this.input = input;
    this.offset = offset;
  }
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

/**
 * A file URI that names no path on the platform, or a path that has no file
 * URI: `offset` is where, in `input` (the URI or the path).
 */
export class FileUriError extends Error {
  readonly input: string;
  readonly offset: number;

  constructor(input: string, offset: number, message: string) {
    super(`${message} (at offset ${offset})`);
    this.name = 'FileUriError';
    this.input = input;
    this.offset = offset;
  }
}
