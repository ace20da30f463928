/**
 * The escapes of a string literal decoded as its language decodes them, so that the URI judged is the
 * string's value: `fetch("http://evil.example\\@good.example/")` requests `http://evil.example\@good.example/`,
 * not `http://evil.example`. Each code unit of the value keeps the offset in the file of what produced it:
 * its own character, or the first character (the backslash) of the escape sequence that stands for it.
 *
 * The rules, by language (sources: ECMA-262 12.9.4 String Literals and 12.9.6 Template Literal Lexical
 * Components; RFC 8259 7; the Python Language Reference 2.4.1.1 Escape Sequences; The Go Programming Language
 * Specification, String literals and Rune literals; JLS 3.3 and 3.10.7; the C# language specification 6.4.5.5;
 * the PHP manual, Strings; the Ruby documentation, Literals; C17 6.4.4.4 and 5.1.1.2):
 * - js: \b \f \n \r \t \v \0, legacy octal (\1 to \377, sloppy mode), \8 \9, \xHH, \uHHHH, \u{H...}, a line
 *   continuation (nothing); any other character after "\" is itself ("\q" is "q"). A template literal's
 *   "${...}" is left as written (it is code: a hole to the reader).
 * - json: \" \\ \/ \b \f \n \r \t \uHHHH.
 * - py: \\ \' \" \a \b \f \n \r \t \v, octal of 1 to 3 digits, \xHH, \uHHHH, \UHHHHHHHH, a line continuation;
 *   any other escape (\q, and \N{name}, whose names are not known here) keeps its backslash, as Python does.
 *   py-bytes: the same without \u, \U and \N.
 * - go: \a \b \f \n \r \t \v \\ \" \', octal of exactly 3 digits, \xHH, \uHHHH, \UHHHHHHHH. go-raw (backquotes):
 *   no escapes, and carriage returns are dropped from the value.
 * - java: \b \t \n \f \r \s \" \' \\, octal (\0 to \377), \uHHHH (with any number of "u"), a line continuation
 *   (in text blocks).
 * - cs: \' \" \\ \0 \a \b \e \f \n \r \t \v, \uHHHH, \UHHHHHHHH, \x and 1 to 4 hex digits. cs-verbatim (@"..."):
 *   no escapes, "" is one quote.
 * - php ("..."): \n \r \t \v \e \f \\ \$ \", octal of 1 to 3 digits (modulo 256), \x and 1 or 2 hex digits,
 *   \u{H...}; any other escape keeps its backslash. php-single ('...'): only \\ and \'.
 * - rb ("..."): \n \t \s \r \f \v \a \e \b, octal of 1 to 3 digits, \x and 1 or 2 hex digits, \uHHHH,
 *   \u{H... H...} (code points separated by spaces), a line continuation; any other character after "\" is
 *   itself. rb-single ('...'): only \\ and \'.
 * - c (C and C++): \' \" \? \\ \a \b \f \n \r \t \v, octal of 1 to 3 digits, \x and any number of hex digits,
 *   \uHHHH, \UHHHHHHHH, a line continuation (phase 2's splice); any other character after "\" is itself (as
 *   GCC and Clang read it, with a warning).
 * Where the language refuses an escape (a "\x" without its digits in JavaScript, a code point past U+10FFFF)
 * the escape is kept as written: its backslash is then in the value, and lint reports it, rather than a
 * value the program cannot have. The byte escapes (\x and octal) of Go, C, PHP, Ruby and a Python bytes literal
 * are bytes of the string's UTF-8: a run of them that is well-formed UTF-8 is its characters ("\xc3\xa9" is "é",
 * each character placed at its first byte's escape); a byte of no well-formed sequence is the character of its
 * number, as JavaScript's "\xe9" is "é".
 *
 * One pass, each escape read by a forward scan of a bounded length (the only unbounded one, C's \x, stops at
 * the first character that is not a hex digit): linear in the literal.
 */

export type EscapeRules =
  | 'js'
  | 'js-template'
  | 'json'
  | 'py'
  | 'py-bytes'
  | 'go'
  | 'go-raw'
  | 'java'
  | 'cs'
  | 'cs-verbatim'
  | 'php'
  | 'php-single'
  | 'rb'
  | 'rb-single'
  | 'c'
  | 'none';

/** A literal's value, and the offset in the file of each of its code units when it is not the body as written. */
export interface DecodedLiteral {
  readonly value: string;
  readonly offsets?: Uint32Array;
}

/** What an escape at a backslash stands for and how many code units it takes; undefined: the backslash is itself. */
interface Escape {
  readonly text: string;
  readonly length: number;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

/** The number of `min` to `max` hex digits at `at` (as many as there are, up to max), and how many; undefined when fewer than min. */
function hexDigits(body: string, at: number, min: number, max: number): { value: number; count: number } | undefined {
  let value = 0;
  let count = 0;
  while (count < max) {
    const h = hexValue(body.charCodeAt(at + count));
    if (h < 0) break;
    // Past 8 digits the number can only grow past U+10FFFF: kept under 2^32 so that it stays exact.
    value = Math.min(value * 16 + h, 0xffffffff);
    count++;
  }
  return count >= min ? { value, count } : undefined;
}

/** Up to `max` octal digits at `at`, their value and count (0 digits: count 0). */
function octalDigits(body: string, at: number, max: number): { value: number; count: number } {
  let value = 0;
  let count = 0;
  while (count < max) {
    const c = body.charCodeAt(at + count);
    if (c < 0x30 || c > 0x37) break;
    value = value * 8 + (c - 0x30);
    count++;
  }
  return { value, count };
}

/** A code point as text, or undefined for one that is none (past U+10FFFF). A lone surrogate is the code unit it names. */
function codePoint(n: number): string | undefined {
  return n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}

const SIMPLE: Readonly<Record<string, string>> = { a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', s: ' ', t: '\t', v: '\v', '0': '\0' };

/** The length of a line break at `at` ("\r\n" is one), or 0. With `separators`, U+2028 and U+2029 too (JavaScript's line terminators). */
function lineBreakAt(body: string, at: number, separators: boolean): number {
  const c = body.charCodeAt(at);
  if (c === 0x0d) return body.charCodeAt(at + 1) === 0x0a ? 2 : 1;
  if (c === 0x0a) return 1;
  return separators && (c === 0x2028 || c === 0x2029) ? 1 : 0;
}

/** `\u{...}` at `at` (the "u"): one code point of 1 to 6 hex digits (any number, in JavaScript, with leading zeros), or undefined. */
function bracedCodePoint(body: string, at: number, max: number): Escape | undefined {
  if (body.charCodeAt(at + 1) !== 0x7b) return undefined;
  const h = hexDigits(body, at + 2, 1, max);
  if (h === undefined || body.charCodeAt(at + 2 + h.count) !== 0x7d) return undefined;
  const text = codePoint(h.value);
  return text === undefined ? undefined : { text, length: h.count + 4 };
}

/** Ruby's `\u{H... H...}` at `at` (the "u"): code points of 1 to 6 hex digits separated by spaces or tabs. */
function rubyCodePoints(body: string, at: number): Escape | undefined {
  if (body.charCodeAt(at + 1) !== 0x7b) return undefined;
  let k = at + 2;
  let text = '';
  for (;;) {
    while (body[k] === ' ' || body[k] === '\t') k++;
    if (body.charCodeAt(k) === 0x7d && text !== '') return { text, length: k + 2 - at };
    const h = hexDigits(body, k, 1, 6);
    const c = h === undefined ? undefined : codePoint(h.value);
    if (h === undefined || c === undefined) return undefined;
    text += c;
    k += h.count;
    if (body[k] !== ' ' && body[k] !== '\t' && body.charCodeAt(k) !== 0x7d) return undefined;
  }
}

/** `count` hex digits exactly at `at` + 1 (after the letter), as a code point; undefined when they are not there. */
function fixedHex(body: string, at: number, count: number): Escape | undefined {
  const h = hexDigits(body, at + 1, count, count);
  const text = h === undefined ? undefined : codePoint(h.value);
  return text === undefined ? undefined : { text, length: count + 2 };
}

/** The escape whose backslash is at `i`, by `rules`. */
/**
 * PHP's and Ruby's byte escapes at `at` (after the backslash): one to three octal digits (their value modulo 256, as
 * both take it) or "x" and one or two hex digits; undefined for an "x" without a digit (the backslash is itself).
 */
function byteEscape(body: string, at: number): Escape | undefined {
  if (body[at] === 'x') {
    const h = hexDigits(body, at + 1, 1, 2);
    return h === undefined ? undefined : { text: String.fromCharCode(h.value), length: h.count + 2 };
  }
  const o = octalDigits(body, at, 3);
  return { text: String.fromCharCode(o.value & 0xff), length: o.count + 1 };
}

function escapeAt(body: string, i: number, rules: EscapeRules): Escape | undefined {
  const d = body[i + 1];
  if (d === undefined) return undefined;
  const at = i + 1; // the character after the backslash
  switch (rules) {
    case 'js':
    case 'js-template': {
      const br = lineBreakAt(body, at, true);
      if (br > 0) return { text: '', length: br + 1 };
      if (d === 'x') return fixedHex(body, at, 2);
      if (d === 'u') return bracedCodePoint(body, at, 0x7fffffff) ?? fixedHex(body, at, 4);
      if (d >= '0' && d <= '7') {
        // \0 not before a digit is NUL; else a legacy octal escape: [0-3] and up to two more digits, [4-7] and up to one.
        const o = octalDigits(body, at, d <= '3' ? 3 : 2);
        return { text: String.fromCharCode(o.value), length: o.count + 1 };
      }
      if ('bfnrtv'.includes(d)) return { text: SIMPLE[d], length: 2 };
      return { text: d, length: 2 };
    }
    case 'json':
      if (d === '"' || d === '\\' || d === '/') return { text: d, length: 2 };
      if (d === 'b' || d === 'f' || d === 'n' || d === 'r' || d === 't') return { text: SIMPLE[d], length: 2 };
      return d === 'u' ? fixedHex(body, at, 4) : undefined;
    case 'py':
    case 'py-bytes': {
      const br = lineBreakAt(body, at, false);
      if (br > 0) return { text: '', length: br + 1 };
      if (d === '\\' || d === "'" || d === '"') return { text: d, length: 2 };
      if ('abfnrtv'.includes(d)) return { text: SIMPLE[d], length: 2 };
      if (d >= '0' && d <= '7') {
        const o = octalDigits(body, at, 3);
        return rules === 'py-bytes' && o.value > 0xff ? undefined : { text: String.fromCharCode(o.value), length: o.count + 1 };
      }
      if (d === 'x') return fixedHex(body, at, 2);
      if (rules === 'py' && d === 'u') return fixedHex(body, at, 4);
      if (rules === 'py' && d === 'U') return fixedHex(body, at, 8);
      return undefined;
    }
    case 'go':
      if (d === '\\' || d === '"' || d === "'") return { text: d, length: 2 };
      if ('abfnrtv'.includes(d)) return { text: SIMPLE[d], length: 2 };
      if (d >= '0' && d <= '7') {
        const o = octalDigits(body, at, 3);
        return o.count === 3 && o.value <= 0xff ? { text: String.fromCharCode(o.value), length: 4 } : undefined;
      }
      if (d === 'x') return fixedHex(body, at, 2);
      if (d === 'u') return fixedHex(body, at, 4);
      if (d === 'U') return fixedHex(body, at, 8);
      return undefined;
    case 'java': {
      const br = lineBreakAt(body, at, false);
      if (br > 0) return { text: '', length: br + 1 };
      if (d === '\\' || d === '"' || d === "'") return { text: d, length: 2 };
      if ('btnfrs'.includes(d)) return { text: SIMPLE[d], length: 2 };
      if (d >= '0' && d <= '7') {
        const o = octalDigits(body, at, d <= '3' ? 3 : 2);
        return { text: String.fromCharCode(o.value), length: o.count + 1 };
      }
      if (d === 'u') {
        let k = at;
        while (body[k] === 'u') k++;
        const h = hexDigits(body, k, 4, 4);
        return h === undefined ? undefined : { text: String.fromCharCode(h.value), length: k - i + 4 };
      }
      return undefined;
    }
    case 'cs':
      if (d === '\\' || d === '"' || d === "'") return { text: d, length: 2 };
      if ('0abefnrtv'.includes(d)) return { text: SIMPLE[d], length: 2 };
      if (d === 'u') return fixedHex(body, at, 4);
      if (d === 'U') return fixedHex(body, at, 8);
      if (d === 'x') {
        const h = hexDigits(body, at + 1, 1, 4);
        return h === undefined ? undefined : { text: String.fromCharCode(h.value), length: h.count + 2 };
      }
      return undefined;
    case 'php':
      if (d === '\\' || d === '$' || d === '"') return { text: d, length: 2 };
      if ('nrtvef'.includes(d)) return { text: SIMPLE[d], length: 2 };
      if ((d >= '0' && d <= '7') || d === 'x') return byteEscape(body, at);
      return d === 'u' ? bracedCodePoint(body, at, 0x7fffffff) : undefined;
    case 'rb': {
      const br = lineBreakAt(body, at, false);
      if (br > 0) return { text: '', length: br + 1 };
      if ('ntsrfvaeb'.includes(d)) return { text: SIMPLE[d], length: 2 };
      if ((d >= '0' && d <= '7') || d === 'x') return byteEscape(body, at);
      if (d === 'u') return body.charCodeAt(at + 1) === 0x7b ? rubyCodePoints(body, at) : fixedHex(body, at, 4);
      return { text: d, length: 2 };
    }
    case 'php-single':
    case 'rb-single':
      return d === '\\' || d === "'" ? { text: d, length: 2 } : undefined;
    case 'c': {
      const br = lineBreakAt(body, at, false);
      if (br > 0) return { text: '', length: br + 1 };
      if (d === '\\' || d === '"' || d === "'" || d === '?') return { text: d, length: 2 };
      if ('abfnrtv'.includes(d)) return { text: SIMPLE[d], length: 2 };
      if (d >= '0' && d <= '7') {
        const o = octalDigits(body, at, 3);
        return { text: String.fromCharCode(o.value), length: o.count + 1 };
      }
      if (d === 'x') {
        // As many hex digits as follow (C17 6.4.4.4): a value past U+10FFFF is none, and the escape stays as written.
        const h = hexDigits(body, at + 1, 1, Infinity);
        const text = h === undefined ? undefined : codePoint(h.value);
        return text === undefined ? undefined : { text, length: h!.count + 2 };
      }
      if (d === 'u') return fixedHex(body, at, 4);
      if (d === 'U') return fixedHex(body, at, 8);
      return { text: d, length: 2 };
    }
    default:
      return undefined;
  }
}

/** The languages whose strings are bytes: a \x or octal escape there is a byte of the string's UTF-8. */
const BYTE_RULES: ReadonlySet<EscapeRules> = new Set<EscapeRules>(['go', 'c', 'php', 'rb', 'py-bytes']);

/** Whether the escape `e` at `i` is a byte: "\x" or octal, of a value up to 0xFF. */
function isByteEscape(body: string, i: number, e: Escape): boolean {
  const d = body.charCodeAt(i + 1);
  return e.text.length === 1 && e.text.charCodeAt(0) <= 0xff && (d === 0x78 /* x */ || (d >= 0x30 && d <= 0x37));
}

/**
 * Bytes read as UTF-8 (RFC 3629 4): each well-formed sequence its character, each byte of an ill-formed one the
 * character of its number (as a byte escape of JavaScript is), never a replacement character; with the index of
 * the byte each begins at.
 */
function* utf8(bytes: readonly number[]): Generator<[string, number]> {
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => k < bytes.length && bytes[k] >= lo && bytes[k] <= hi;
  for (let k = 0; k < bytes.length; ) {
    const b = bytes[k];
    let size = 0;
    if (b >= 0xc2 && b <= 0xdf) size = cont(k + 1) ? 2 : 0;
    else if (b >= 0xe0 && b <= 0xef) size = cont(k + 1, b === 0xe0 ? 0xa0 : 0x80, b === 0xed ? 0x9f : 0xbf) && cont(k + 2) ? 3 : 0;
    else if (b >= 0xf0 && b <= 0xf4) size = cont(k + 1, b === 0xf0 ? 0x90 : 0x80, b === 0xf4 ? 0x8f : 0xbf) && cont(k + 2) && cont(k + 3) ? 4 : 0;
    if (size === 0) {
      yield [String.fromCharCode(b), k];
      k++;
      continue;
    }
    let cp = b & (0xff >> (size + 1));
    for (let j = 1; j < size; j++) cp = (cp << 6) | (bytes[k + j] & 0x3f);
    yield [String.fromCodePoint(cp), k];
    k += size;
  }
}

/** Where the "${...}" of a template literal whose "$" is at `at` ends (past its "}"), braces counted; the body's end when it does not close. */
function substitutionEnd(body: string, at: number): number {
  let depth = 0;
  for (let k = at + 1; k < body.length; k++) {
    const c = body.charCodeAt(k);
    if (c === 0x7b) depth++;
    else if (c === 0x7d && --depth === 0) return k + 1;
  }
  return body.length;
}

/**
 * The value of a string literal whose body (the text between its delimiters) is `body`, at `base` in the file,
 * by the escape rules of its language and form. The offsets are undefined when the value is the body as written.
 */
export function decodeLiteral(body: string, base: number, rules: EscapeRules): DecodedLiteral {
  const special = rules === 'cs-verbatim' ? '"' : rules === 'go-raw' ? '\r' : rules === 'none' ? undefined : '\\';
  if (special === undefined || !body.includes(special)) return { value: body };
  const parts: string[] = [];
  const offsets = new Uint32Array(body.length);
  let n = 0;
  let from = 0; // the start of the run of characters taken as written, not yet in parts
  const flush = (to: number) => {
    if (to > from) {
      parts.push(body.slice(from, to));
      for (let k = from; k < to; k++) offsets[n++] = base + k;
    }
  };
  for (let i = 0; i < body.length; ) {
    const c = body.charCodeAt(i);
    if (rules === 'js-template' && c === 0x24 /* $ */ && body.charCodeAt(i + 1) === 0x7b) {
      i = substitutionEnd(body, i); // code, as written: the reader's hole
      continue;
    }
    if (rules === 'cs-verbatim') {
      if (c === 0x22 && body.charCodeAt(i + 1) === 0x22) {
        flush(i);
        parts.push('"');
        offsets[n++] = base + i;
        from = i += 2;
      } else i++;
      continue;
    }
    if (rules === 'go-raw') {
      if (c === 0x0d) {
        flush(i);
        from = ++i;
      } else i++;
      continue;
    }
    if (c !== 0x5c) {
      i++;
      continue;
    }
    const e = escapeAt(body, i, rules);
    if (e === undefined) {
      // Kept as written: the backslash is the value's, and what follows it is read on its own.
      i++;
      continue;
    }
    flush(i);
    if (BYTE_RULES.has(rules) && isByteEscape(body, i, e) && e.text.charCodeAt(0) >= 0x80) {
      // A run of byte escapes: UTF-8, as the program's bytes are read ("\xc3\xa9" is "é").
      const bytes: number[] = [];
      const at: number[] = [];
      let k = i;
      for (let b: Escape | undefined = e; b !== undefined && isByteEscape(body, k, b); b = body.charCodeAt(k) === 0x5c ? escapeAt(body, k, rules) : undefined) {
        bytes.push(b.text.charCodeAt(0));
        at.push(base + k);
        k += b.length;
      }
      for (const [text, index] of utf8(bytes)) {
        parts.push(text);
        for (let c = 0; c < text.length; c++) offsets[n++] = at[index];
      }
      from = i = k;
      continue;
    }
    parts.push(e.text);
    for (let k = 0; k < e.text.length; k++) offsets[n++] = base + i;
    from = i += e.length;
  }
  // Nothing decoded (every backslash kept): the body as written.
  if (from === 0) return { value: body };
  flush(body.length);
  const value = parts.join('');
  return { value, offsets: offsets.slice(0, n) };
}
