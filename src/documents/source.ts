/**
 * Source code: string literals and comments, in one pass, each literal ended
 * where its language ends it; a literal that is one URI-like token taken
 * whole, the rest read as prose (./prose), with escapes, interpolations,
 * placeholders and printf conversions hidden (a URI that reaches one is cut).
 */
import { isTripletAt } from '../encoding/triplets';
import { isWhitespace, make } from './found';
import { isSchemeOnly, proseAround } from './prose';
import type { DocumentUri } from './types';
import { decodeLiteral, type EscapeRules } from './escapes';

/** Comments of a source file: "#" for these, "//" and "/* *\/" for the rest. */
const HASH_COMMENTS = /\.(py|rb|sh|bash|pl|r|ya?ml|toml)$/i;

/** What a code unit of a source file is to the prose reading (sourceUris' `keep`). */
// 0: hidden, code and quotes (as the array starts).
const PROSE = 1; // read: comments, the bodies of string literals
const HOLE = 2; // hidden, and a URI that reaches it is cut: an interpolation, a placeholder, an escape of a character a URI may hold
const STOP = 3; // hidden, and a URI ends there as it would in the string's value: an escape of whitespace or of a quote
const BODY = 4; // read, as PROSE: the body of a string literal (where a space in quotes is the value's, not a line wrapped)

/** Whether the prose reading sees a code unit marked `k`. */
const read = (k: number): boolean => k === PROSE || k === BODY;

/**
 * A backslash escape of a string literal, in the forms most languages share (\u{...}, \uXXXX, \UXXXXXXXX,
 * \xXX, octal, or a backslash and one character, a line break included). Only its extent and whether it
 * stands for whitespace or a quote matter: see hideEscapes.
 */
const ESCAPE = /\\(?:u\{[0-9A-Fa-f]{1,6}\}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|x[0-9A-Fa-f]{2}|[0-7]{1,3}|\r\n|[\s\S])/g;

/** The escapes whose character ends a URI in the string's value: a line break, a tab, a form feed, a quote. */
const ENDING_ESCAPE = /^\\[nrtfv"'`]$/;

/**
 * Hides the backslash escapes of a string literal's `body` (at `base` of the file) from the prose reading, as code is
 * hidden, without decoding them: that needs each language's rules (JavaScript's escapes are not those of
 * Python, PHP or Go). Read as written, "see http://a.example/\n" would be a URI with a backslash, which
 * no URI has: a syntax error that is not in the string's value. An escape of whitespace or a quote ends
 * the URI as its character would (STOP); any other (\x2F, \u00e9, a line continuation) stands for what
 * could go on with it, so the URI is cut there (HOLE): what is past it is not known.
 */
function hideEscapes(body: string, base: number, keep: Uint8Array): void {
  ESCAPE.lastIndex = 0;
  for (let m = ESCAPE.exec(body); m !== null; m = ESCAPE.exec(body)) keep.fill(ENDING_ESCAPE.test(m[0]) ? STOP : HOLE, base + m.index, base + m.index + m[0].length);
}

/** A "{...}" that is a placeholder, not text in braces (JSON, CSS, code): no space, quote or brace inside, and short. */
const PLACEHOLDER = /^\{[^{}\s"'`]{0,64}\}$/;

/**
 * A printf conversion: the common ones ("%s", "%d", "%-5.2f", "%v", Python's "%(name)s"), followed by no
 * letter or digit, so that "some%file" or a zone "%en1" stays to be reported. See printfConversions.
 * Flags, then a width: the flag "0" is a digit too, so a width that the flags may have taken begins at 1 to
 * 9 (the language of "[-+ #0]*(?:\d+|\*)?", where "0" could be either, and backtracking tried every split of a
 * run of zeros: quadratic, issue 44 item 6). Each part now begins with a character no part before it ends with.
 */
const PRINTF = /%(?:\([A-Za-z_]\w*\))?[-+ #0]*(?:[1-9]\d*|\*)?(?:\.(?:\d+|\*))?(?:ll|l|z)?[sdiufxXvqrp%](?![A-Za-z0-9])/g;

/** Each printf conversion of `body` as [start, end), but none whose "%" begins a triplet ("%2f" is pct-encoded, RFC 3986 2.1). */
export function* printfConversions(body: string): Generator<[number, number]> {
  if (!body.includes('%')) return;
  PRINTF.lastIndex = 0;
  for (let m = PRINTF.exec(body); m !== null; m = PRINTF.exec(body)) {
    if (isTripletAt(body, m.index)) PRINTF.lastIndex = m.index + 1;
    else yield [m.index, m.index + m[0].length];
  }
}

/**
 * Marks the holes of a string literal's `body` (at `base` of the file): interpolations ("${...}", "#{...}", Swift's
 * "\(...)" and "\#(...)"), placeholders ("{id}", "{}", "{0:N2}": an f-string's or format's field, a URI
 * Template's) and printf conversions ("%s" where "%" is no triplet). No URI holds a brace, and the
 * string's value holds what the program puts there: a URI that reaches a hole is cut at it. Braces are
 * matched in one pass with a stack; a brace that closes nothing, and braces around text (a JSON object,
 * a CSS rule), stay to be read.
 */
function hideHoles(body: string, base: number, keep: Uint8Array, swift: boolean): void {
  const open: number[] = [];
  for (let j = 0; j < body.length; j++) {
    const c = body.charCodeAt(j);
    if (c === 0x7b /* { */ || (swift && c === 0x28 /* ( */ && /\\#*$/.test(body.slice(Math.max(0, j - 8), j)))) {
      open.push(j);
    } else if (open.length > 0 && (c === 0x7d /* } */ ? body.charCodeAt(open[open.length - 1]) === 0x7b : swift && c === 0x29 /* ) */ && body.charCodeAt(open[open.length - 1]) === 0x28)) {
      const start = open.pop()!;
      const before = start > 0 ? body[start - 1] : '';
      if (c === 0x29) keep.fill(HOLE, base + body.lastIndexOf('\\', start), base + j + 1);
      else if (before === '$' || before === '#') keep.fill(HOLE, base + start - 1, base + j + 1);
      else if (PLACEHOLDER.test(body.slice(start, j + 1))) keep.fill(HOLE, base + start, base + j + 1);
    }
  }
  for (const [start, end] of printfConversions(body)) keep.fill(HOLE, base + start, base + end);
}

type Lang = 'py' | 'rs' | 'swift' | 'cs' | 'cpp' | 'go' | 'java' | 'kt' | 'scala' | 'js' | 'json' | 'php' | 'sh' | 'rb' | 'pl' | 'yaml' | 'css' | 'other';

/** The lexical forms of a source language that the reader tells apart, read off the file's name. */
interface SourceLanguage {
  /** The comments: "#" to the end of the line, "//" and "/* *\/", or both (PHP). */
  readonly comment: '#' | '//' | 'both';
  /** Which raw and verbatim string literals and which other quotes the language has (see stringAt). */
  readonly lang: Lang;
  /** A "..." literal may span lines (Rust, PHP, shell, Ruby, Perl, YAML); elsewhere a line break ends an unclosed one. */
  readonly multilineQuotes: boolean;
  /** What is outside comments and literals is read too (YAML's plain scalars, CSS's url(...)), not skipped as code. */
  readonly codeIsProse: boolean;
}

const LANGS: Readonly<Record<string, Lang>> = {
  py: 'py', rs: 'rs', swift: 'swift', cs: 'cs', c: 'cpp', h: 'cpp', cc: 'cpp', cpp: 'cpp', hpp: 'cpp', go: 'go', java: 'java', kt: 'kt', kts: 'kt', scala: 'scala',
  js: 'js', mjs: 'js', cjs: 'js', jsx: 'js', ts: 'js', mts: 'js', cts: 'js', tsx: 'js', json5: 'js', json: 'json', jsonc: 'json',
  php: 'php', sh: 'sh', bash: 'sh', rb: 'rb', pl: 'pl',
  yaml: 'yaml', yml: 'yaml', css: 'css', scss: 'css', less: 'css',
};

export function sourceLanguageOf(name: string): SourceLanguage {
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  const ext = m ? m[1].toLowerCase() : '';
  const lang = Object.prototype.hasOwnProperty.call(LANGS, ext) ? LANGS[ext] : 'other';
  return {
    comment: HASH_COMMENTS.test(name) ? '#' : lang === 'php' ? 'both' : '//',
    lang,
    multilineQuotes: ['rs', 'php', 'sh', 'rb', 'pl', 'yaml'].includes(lang),
    codeIsProse: lang === 'yaml' || lang === 'css',
  };
}

/** A string literal's delimiters and how its body is read. */
interface StringForm {
  /** Where its body begins, and the text that ends it. */
  readonly bodyStart: number;
  readonly close: string;
  /** A backslash takes the next character with it while looking for the end (not in Go's or Rust's raw strings, nor in C#'s verbatim ones). */
  readonly skip: boolean;
  /** Backslash escapes are decoded in the body (hideEscapes). False: a backslash is itself, and the URI's. */
  readonly escapes: boolean;
  /** The body may span lines (otherwise a line break ends an unclosed literal). */
  readonly multiline: boolean;
  /** C#'s verbatim strings: a doubled quote is one quote, not the end. */
  readonly doubled: boolean;
}

/**
 * The string literal whose quote `quote` is at `at`, by the language's forms: Python's r"..." (raw,
 * but a backslash still keeps a quote from ending it), Rust's r"..." and r#"..."# (ended by the quote
 * and as many "#"), Swift's #"..."#, C#'s @"..." (verbatim: "" is a quote) and """...""" (as many
 * quotes as opened it), C++'s R"d(...)d", JavaScript's String.raw`...`, Go's backquotes, Kotlin's triple
 * quotes and Scala's (unless an interpolator other than raw is written before them), Scala's raw"...";
 * otherwise a quote, or three, closed by the same, where a backslash escapes.
 */
function stringAt(text: string, at: number, quote: string, language: SourceLanguage): StringForm {
  const { lang } = language;
  const triple = quote !== '`' && text.startsWith(quote + quote + quote, at);
  const q = triple ? quote + quote + quote : quote;
  const multiline = triple || quote === '`' || (quote === '"' && language.multilineQuotes);
  const plain = { bodyStart: at + q.length, close: q, skip: true, escapes: true, multiline, doubled: false };
  const before = text.slice(Math.max(0, at - 16), at);
  if (quote === '`') {
    if (lang === 'go') return { ...plain, skip: false, escapes: false };
    return /(?:^|[^\w.])String\.raw$/.test(before) ? { ...plain, escapes: false } : plain;
  }
  if (quote !== '"' && lang !== 'py') return plain;
  switch (lang) {
    case 'py':
      return /(?:^|[^\w])(?:[rR][bBfF]?|[bBfF][rR])$/.test(before) ? { ...plain, escapes: false } : plain;
    case 'rs': {
      const m = /(?:^|[^\w])b?r(#*)$/.exec(before);
      return m ? { ...plain, close: `"${m[1]}`, skip: false, escapes: false, multiline: true } : plain;
    }
    case 'swift': {
      const m = /(?:^|[^\w#])(#+)$/.exec(before);
      return m ? { ...plain, close: q + m[1], skip: false, escapes: false } : plain;
    }
    case 'cs': {
      // Verbatim first: @"""C:\a.exe"" /s" is a verbatim string that begins with a doubled quote.
      if (/(?:^|[^\w])(?:\$?@|@\$)$/.test(before)) return { ...plain, bodyStart: at + 1, close: '"', skip: false, escapes: false, multiline: true, doubled: true };
      if (!triple) return plain;
      // C# 11's raw string literals: three quotes or more, closed by as many; no escapes.
      let k = at;
      while (text[k] === '"') k++;
      return { ...plain, bodyStart: k, close: '"'.repeat(k - at), skip: false, escapes: false, multiline: true };
    }
    case 'cpp': {
      if (!/(?:^|[^\w])(?:u8|[uUL])?R$/.test(before)) return plain;
      const d = /^[^()\\\s"]{0,16}\(/.exec(text.slice(at + 1, at + 19));
      return d ? { ...plain, bodyStart: at + 1 + d[0].length, close: `)${d[0].slice(0, -1)}"`, skip: false, escapes: false, multiline: true } : plain;
    }
    case 'kt':
      return triple ? { ...plain, skip: false, escapes: false } : plain;
    case 'scala': {
      const prefix = /(?:^|[^\w])(\w*)$/.exec(before)?.[1] ?? '';
      if (prefix === 'raw') return { ...plain, escapes: false };
      return triple && prefix === '' ? { ...plain, skip: false, escapes: false } : plain;
    }
    default:
      return plain;
  }
}

/**
 * How the string literal whose quote `quote` is at `at` is decoded (./escapes), in the languages whose escapes the
 * reader decodes: JavaScript and TypeScript, JSON, Python, Go, Java, C#, PHP, Ruby, C and C++. Undefined for the
 * others, whose escapes are hidden and cut a URI (hideEscapes).
 */
function escapeRulesOf(text: string, at: number, quote: string, form: StringForm, lang: Lang): EscapeRules | undefined {
  switch (lang) {
    case 'js':
      return quote === '`' ? (form.escapes ? 'js-template' : 'none') : 'js';
    case 'json':
      return 'json';
    case 'py':
      if (!form.escapes) return 'none';
      return /(?:^|[^\w])[bB]$/.test(text.slice(Math.max(0, at - 2), at)) ? 'py-bytes' : 'py';
    case 'go':
      return quote === '`' ? 'go-raw' : 'go';
    case 'java':
      return 'java';
    case 'cs':
      return form.doubled ? 'cs-verbatim' : form.escapes ? 'cs' : 'none';
    case 'php':
      return quote === "'" ? 'php-single' : 'php';
    case 'rb':
      return quote === "'" ? 'rb-single' : 'rb';
    case 'cpp':
      return form.escapes ? 'c' : 'none';
    default:
      return undefined;
  }
}

/**
 * Whether a literal's value is one URI-like token, taken whole: a scheme and "//" (or one of the schemes written
 * without, or a special scheme and anything), no space, placeholder brace or printf conversion. With `decoded` (the
 * value is what the language makes of the literal), a backslash is the value's, and so are tabs and line breaks
 * inside it (the URL Standard takes them out: "http:\t//evil.example/" goes to evil.example), unless they separate
 * URIs ("http://a.example/\nhttp://b.example/") or stand at the value's start or end (a line printed).
 */
function isOneUri(value: string, decoded: boolean): boolean {
  const token = decoded ? value.replace(/[\t\n\r]/g, '') : value;
  // A scheme and "//", one of the schemes written without, or a special scheme a browser reads an authority after
  // whatever follows its ":" (http:/evil.example, https:evil.example, http:\\evil.example all go to evil.example).
  const uriLike = /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/.test(token) && (/^[^:]+:\/\//.test(token) || /^(mailto|urn|tel|data|sip|sips|news|geo|xmpp|javascript):/i.test(token) || /^(?:https?|wss?|ftp):\S/i.test(token) || /^file:[/\\]/i.test(token));
  // A value's //evil.example/, ///evil.example/, /\evil.example/, \/evil.example/, \\evil.example/ or /<tab>/evil.example/: a
  // reference to another host (a network-path reference, RFC 3986 4.2), or one a browser reads as such (an open redirect);
  // "//0x7f.1/" goes to 127.0.0.1, "//@evil.example" and "/\t/ⓔⓥⓘⓛ.example" to evil.example. Not a Windows share (\\server\share: a backslash after the name).
  const hostRelative = decoded && /^[/\\]{2}[/\\]?[^\s/\\]\S*$/.test(token) && (token.length !== value.length || token[0] !== token[1] || token[0] === '/' || !token.includes('\\', 2));
  if (!uriLike && !hostRelative) return decoded && spacedAuthority(value) && !value.includes('{') && printfConversions(value).next().done === true;
  if (token.includes('{') || (!decoded && token.includes('\\')) || printfConversions(token).next().done !== true) return false;
  if (token.length === value.length) return true;
  if (/^[\t\n\r]|[\t\n\r]$/.test(value)) return false;
  // Each piece between breaks that begins with a scheme and ":" is a URI of its own: a list, read as prose.
  let schemes = 0;
  for (const piece of value.split(/[\t\n\r]/)) if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(piece)) schemes++;
  return schemes < 2;
}

/**
 * A value that begins with a special scheme and "//" and has spaces in its authority that a browser reads past: before
 * an "@" there ("http://1.1.1.1 &@2.2.2.2/": the host is 2.2.2.2), or where the authority ends at a "/", "?", "#" or
 * "\\" with no space after it ("http://a b.example/"). Taken whole, where prose ends the URI at the first space
 * ("http://1.1.1.1"); a message ("https://a.example is down", "http://localhost:8080 unless you set PORT") is not.
 */
function spacedAuthority(value: string): boolean {
  const m = /^(?:https?|wss?|ftp):\/\/([^/?#\\]*)/i.exec(value);
  if (m === null || !/\s/.test(m[1]) || /[\n\r]/.test(value)) return false;
  const space = m[1].search(/\s/);
  if (m[1].indexOf('@', space) >= 0) return true;
  return m[0].length < value.length && !/\s/.test(value.slice(m[0].length));
}

/** A "'" that begins no literal: a Rust lifetime ('a, 'static) or a C++14 digit separator (1'000'000). */
function isBareApostrophe(text: string, at: number, lang: Lang): boolean {
  if (lang === 'rs') return /[A-Za-z_]/.test(text[at + 1] ?? '') && text[at + 2] !== "'";
  if (lang === 'cpp') return /[0-9A-Fa-f]/.test(text[at + 1] ?? '') && /(?:^|[^\w'])\d[\w']*$/.test(text.slice(Math.max(0, at - 32), at));
  return false;
}

/**
 * Where a JavaScript regular expression literal that begins at `at` ends (after its flags); -1 when the
 * "/" there is a division (a literal follows an operator, an opening bracket, a ",", ";", ":" or a
 * keyword such as return); minus the end of the line when nothing closes it there (an unescaped "/"
 * outside a class, on the same line).
 */
function regexEnd(text: string, at: number): number {
  let k = at - 1;
  while (k >= 0 && (text[k] === ' ' || text[k] === '\t')) k--;
  const before = k < 0 ? '\n' : text[k];
  if (!/[\n(,=:[!&|?{};+\-*%<>~^]/.test(before) && !/(?:^|[^\w$])(?:return|typeof|case|in|of|delete|void|throw|new|yield|await)$/.test(text.slice(Math.max(0, k - 10), k + 1))) return -1;
  let inClass = false;
  for (let j = at + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\n' || c === '\r') return -j;
    if (c === '\\') j++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      let e = j + 1;
      while (e < text.length && /[a-z]/.test(text[e])) e++;
      return e;
    }
  }
  return -text.length;
}

/**
 * Whether the string literal that ends at `after` is joined to what follows it: a "+" (most languages), a "."
 * (PHP and Perl), or, in the languages that concatenate adjacent literals (Python, C and C++), another literal.
 * Spaces, tabs and line breaks between are skipped.
 */
function concatenatedAfter(text: string, after: number, lang: Lang): boolean {
  let k = after;
  while (k < text.length && (text[k] === ' ' || text[k] === '\t' || text[k] === '\n' || text[k] === '\r')) k++;
  const c = text[k];
  if (c === '+') return text[k + 1] !== '+' && text[k + 1] !== '=';
  if (c === '.' && (lang === 'php' || lang === 'pl')) return text[k + 1] !== '.';
  return (lang === 'py' || lang === 'cpp') && (c === '"' || c === "'");
}

/**
 * String literals and comments of source code, in one pass: a string literal
 * that is one URI-like token is taken whole (kind "string"); the rest of the
 * literals and the comments are read as prose; code is skipped. A URI that
 * runs into a hole (an interpolation, a placeholder, an escape of what a URI
 * may hold) is marked `cut`; one that begins right after a hole is left out
 * (its scheme may be partly in the hole). A block comment's continuation "*"
 * (at the start of a line, as JSDoc writes them) is read as a space, so that
 * a URI wrapped inside <...> across its lines does not take it in.
 */
export function sourceUris(text: string, language: SourceLanguage): DocumentUri[] {
  const { keep, out, stars, literals } = lexSource(text, language);
  for (const u of readSourceProse(text, keep, stars)) out.push(language.lang === 'yaml' && !u.cut && wrapsInYaml(text, u.end) ? { ...u, cut: true } : u);
  for (const literal of literals) for (const u of literalUris(literal)) out.push(u);
  return out;
}

/**
 * The template holes of a source file without the braces of a \u{...} escape (JavaScript, PHP, Ruby; Rust's and Swift's cut a URI as any escape of theirs does):
 * "{40}" there is no placeholder but part of a character the reader decoded (\u{40} is "@"), and a URI is not cut
 * at it. A "u" with an even number of backslashes before it is no escape (\\u{x} is a backslash and "u{x}").
 */
export function withoutEscapeBraces(text: string, holes: Array<[number, number]>): Array<[number, number]> {
  if (holes.length === 0 || !text.includes('\\u{')) return holes;
  return holes.filter(([start]) => {
    if (text.charCodeAt(start) !== 0x7b || text.charCodeAt(start - 1) !== 0x75 /* u */) return true;
    // Each run of backslashes is counted back once: it stands before one "u" only.
    let k = start - 2;
    while (k >= 0 && text.charCodeAt(k) === 0x5c) k--;
    return (start - 2 - k) % 2 === 0;
  });
}

/** A string literal whose escapes were decoded (./escapes), to be read as prose: its value, and where it is. */
interface Literal {
  readonly value: string;
  /** The offset in the file of each code unit of the value; undefined when the value is the body as written. */
  readonly offsets: Uint32Array | undefined;
  /** The [start, end) of its body in the file. */
  readonly bodyStart: number;
  readonly end: number;
  /** The value goes on past the literal (a concatenation): a URI that reaches its end is cut. */
  readonly joined: boolean;
}

/**
 * The URIs of a decoded literal's value, read as the prose reading reads a literal's body (holes, quotes,
 * cuts), each then placed in the file: its code units at the offsets of what made them (an escape's at its
 * backslash), its end where the source of its last code unit ends; offsets kept only where the value is not
 * the file's text as written.
 */
function literalUris(literal: Literal): DocumentUri[] {
  const { value, offsets, bodyStart, end, joined } = literal;
  const n = value.length;
  // One more code unit, hidden, for the closing quote: a hole when the value goes on past it.
  const keep = new Uint8Array(n + 1);
  keep.fill(BODY, 0, n);
  if (joined) keep[n] = HOLE;
  if (/[{%]/.test(value)) hideHoles(value, 0, keep, false);
  const found = readSourceProse(`${value}"`, keep, []);
  const fileAt = (k: number): number => (offsets === undefined ? bodyStart + k : offsets[k]);
  const out: DocumentUri[] = [];
  for (const u of found) {
    const length = u.uri.length;
    const local = (k: number): number => (u.offsets === undefined ? u.start + k : u.offsets[k]);
    if (length === 0) {
      out.push({ ...u, start: fileAt(u.start), end: fileAt(u.start) });
      continue;
    }
    const last = local(length - 1);
    const start = fileAt(local(0));
    const stop = last + 1 < n ? fileAt(last + 1) : end;
    const map = new Uint32Array(length);
    let asWritten = stop === start + length;
    for (let k = 0; k < length; k++) {
      map[k] = fileAt(local(k));
      if (map[k] !== start + k) asWritten = false;
    }
    const placed = make(u.uri, start, stop, u.kind, asWritten ? undefined : map, u.code, u.found);
    out.push(u.cut === true ? { ...placed, cut: true } : placed);
  }
  return out;
}

/**
 * Whether a YAML scalar goes on past `end` on the next line: the URI ends its line, and the next line is
 * indented text that starts no key, list item or comment. A plain or folded scalar's line break is a
 * space in its value, and the line may be a wrapped URI's rest: what reaches the end is not known.
 */
function wrapsInYaml(text: string, end: number): boolean {
  let k = end;
  while (text[k] === ' ' || text[k] === '\t') k++;
  if (text[k] === '\r') k++;
  if (text[k] !== '\n') return false;
  const stop = text.indexOf('\n', k + 1);
  const line = text.slice(k + 1, stop < 0 ? text.length : stop).replace(/\r$/, '');
  return /^[ \t]+\S/.test(line) && !/^[ \t]+(?:- |-$|#|[^\s:#]+:(?:\s|$))/.test(line);
}

/**
 * The lexing pass: string literals that are one URI-like token (taken whole, into `out`), and what each code
 * unit is to the prose reading (`keep`: comments and string bodies read, code hidden, escapes and holes
 * marked); the offsets of the block comments' continuation stars.
 */
function lexSource(text: string, language: SourceLanguage): { keep: Uint8Array; out: DocumentUri[]; stars: number[]; literals: Literal[] } {
  const keep = new Uint8Array(text.length);
  const out: DocumentUri[] = [];
  const literals: Literal[] = [];
  const n = text.length;
  const { comment, lang } = language;
  const hash = comment !== '//';
  const slashes = comment !== '#';
  const stars: number[] = [];
  // The next line break at or after where it was last looked for (so that a file of one-line comments is not searched to its end for each).
  let nextBreak = -1;
  const breakFrom = (k: number): number => {
    if (nextBreak < k) {
      nextBreak = text.indexOf('\n', k);
      if (nextBreak < 0) nextBreak = n;
    }
    return nextBreak;
  };
  // JavaScript: where a regular expression literal may begin again (after a line on which one did not close), and the last found.
  let noRegexBefore = 0;
  let regex = 0;
  let i = 0;
  while (i < n) {
    const c = text[i];
    if ((slashes && c === '/' && text[i + 1] === '/') || (hash && c === '#')) {
      const e = breakFrom(i);
      keep.fill(PROSE, i, e);
      i = e;
    } else if (slashes && c === '/' && text[i + 1] === '*') {
      let e = text.indexOf('*/', i + 2);
      e = e < 0 ? n : e + 2;
      keep.fill(PROSE, i, e);
      for (let l = breakFrom(i); l < e; l = breakFrom(l + 1)) {
        let k = l + 1;
        while (k < e && (text[k] === ' ' || text[k] === '\t')) k++;
        if (k < e && text[k] === '*' && text[k + 1] !== '/') stars.push(k);
      }
      i = e;
    } else if (lang === 'js' && c === '/' && i >= noRegexBefore && (regex = regexEnd(text, i)) !== -1) {
      if (regex > 0) i = regex;
      else {
        noRegexBefore = -regex; // no literal closes on this line: none is looked for again on it
        i++;
      }
    } else if ((c === '"' || c === "'" || c === '`') && !(c === "'" && isBareApostrophe(text, i, lang))) {
      const form = stringAt(text, i, c, language);
      const { close: closer, bodyStart } = form;
      let j = bodyStart;
      let close = -1;
      while (j < n) {
        const d = text[j];
        if (d === '\\' && form.skip) {
          // A backslash at the end of a CRLF line takes the whole line break (a continuation), not the CR alone.
          j += text[j + 1] === '\r' && text[j + 2] === '\n' ? 3 : 2;
          continue;
        }
        if (d === '\n' && !form.multiline) break;
        if (d === closer[0] && text.startsWith(closer, j)) {
          if (form.doubled && text[j + 1] === '"') {
            j += 2;
            continue;
          }
          close = j;
          break;
        }
        j++;
      }
      const end = close < 0 ? Math.min(j, n) : close; // a backslash at the very end steps past it
      const body = text.slice(bodyStart, end);
      // The value goes on past the literal ("http://h:" + port + "/api", Python's "a" "b"): a URI that reaches its end is cut there.
      const joined = close >= 0 && concatenatedAfter(text, close + closer.length, lang);
      if (joined) keep[close] = HOLE;
      const rules = escapeRulesOf(text, i, c, form, lang);
      if (rules !== undefined) {
        // The language's value (./escapes): judged as the program has it, each code unit at the offset of what made it.
        const { value, offsets } = decodeLiteral(body, bodyStart, rules);
        if (isSchemeOnly(value)) {
          // As below: a scheme alone.
        } else if (isOneUri(value, true)) {
          const u = make(value, bodyStart, end, 'string', offsets);
          out.push(joined ? { ...u, cut: true } : u);
        } else if (value.includes(':')) literals.push({ value, offsets, bodyStart, end, joined });
      } else if (isSchemeOnly(body)) {
        // "https://" or "mailto:" alone: a scheme the program puts a URI together with ('https://' + host), no URI to check.
      } else if (isOneUri(body, false)) {
        const u = make(body, bodyStart, end, 'string');
        out.push(joined ? { ...u, cut: true } : u);
      } else {
        keep.fill(BODY, bodyStart, end);
        // Both read the body alone: a search for the next escape or "%" never runs on into the rest of the file.
        if (form.escapes && body.includes('\\')) hideEscapes(body, bodyStart, keep);
        if (/[{%]/.test(body) || (lang === 'swift' && body.includes('\\'))) hideHoles(body, bodyStart, keep, lang === 'swift');
      }
      i = close < 0 ? j : close + closer.length;
    } else {
      if (language.codeIsProse) keep[i] = PROSE;
      i++;
    }
  }
  return { keep, out, stars, literals };
}

/**
 * The prose reading: comments and the bodies of string literals (what `keep` marks read), each stretch read
 * alone; a URI right after a hole left out, one in quotes on one line of a string read as written, and one
 * that runs into a hole marked cut.
 */
function readSourceProse(text: string, keep: Uint8Array, stars: readonly number[]): DocumentUri[] {
  const n = text.length;
  const out: DocumentUri[] = [];
  const hidden: Array<[number, number]> = [];
  for (let k = 0; k < n; ) {
    if (read(keep[k])) {
      k++;
      continue;
    }
    const from = k;
    while (k < n && !read(keep[k])) k++;
    hidden.push([from, k]);
  }
  // The continuation stars read as spaces: the same length, so every offset stays; only a URI's text comes from the copy.
  let prose = text;
  if (stars.length > 0) {
    const parts: string[] = [];
    let from = 0;
    for (const k of stars) {
      parts.push(text.slice(from, k));
      from = k + 1;
    }
    parts.push(text.slice(from));
    prose = parts.join(' ');
  }
  // In quotes on one line of a string literal, a space is in the string's value: read below as written.
  const found = proseAround(prose, hidden, false, (start) => keep[start] === BODY);
  for (let f = 0; f < found.length; f++) {
    let u = found[f];
    // Right after a hole its scheme may be partly in the hole; after a line continuation ("\\" and a line break, nothing in the value) it begins.
    if (u.start > 0 && keep[u.start - 1] === HOLE && text[u.start - 1] !== '\n') continue;
    // Appendix C's delimiters take whitespace out of a URI wrapped over lines; in quotes on one line of a string
    // literal, a space is in the string's value ('{"home": "https://a.example/a b"}'): the URI is read as written.
    // (Angle brackets and comments are prose: "<ns0:tag />" and a wrapped <URI> are as Appendix C has them.)
    if (u.offsets !== undefined && u.found?.delimited === 'quote' && keep[u.start] === BODY && !text.slice(u.start, u.end).includes('\n')) {
      u = make(text.slice(u.start, u.end), u.start, u.end, 'text', undefined, false, u.found);
    }
    // Cut: the URI's token runs on, past what extract left off its end (a ":" or "." it took for punctuation), into a hole.
    const limit = f + 1 < found.length ? found[f + 1].start : n;
    let k = u.end;
    while (k < limit && read(keep[k]) && !isWhitespace(text.charCodeAt(k))) k++;
    out.push(k < limit && keep[k] === HOLE ? { ...u, cut: true } : u);
  }
  return out;
}
