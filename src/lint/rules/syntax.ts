/**
 * The rules of a URI that does not parse, one finding per cause (issue 37):
 * `syntax` (the parser's error, named by the component the user sees there,
 * ../user-view), `non-ascii` (an IRI: a URI but for its non-ASCII characters),
 * `unencoded-character` (a URI but for characters browsers accept) and
 * `zone-identifier` (RFC 6874's, which RFC 3986 does not have).
 */
import { isValid, tryParse } from '../../core/parse';
import type { UriRuleName } from '../../core/rules';
import { percentEncodeExcept } from '../../encoding/percent-encoding';
import { PercentEncodingError, UriSyntaxError } from '../../core/errors';
import type { Fix, InvalidContext, Report, RuleFamily } from '../diagnostic';
import { inInput, userViewError } from '../user-view';
import { CHARACTER_REFERENCE } from './character-reference';

export const syntaxRules: RuleFamily = {
  codes: ['syntax', 'non-ascii', 'unencoded-character', 'zone-identifier'],
  runs: 'invalid',
  check(ctx: InvalidContext): void {
    // Under the URL Standard (lint's `standard`), validity is url-writing's to judge.
    if (ctx.standard === 'whatwg-url') return;
    if (scpAddress(ctx)) return;
    syntaxDiagnostics(ctx.input, ctx.rule, ctx.error, ctx.report);
    const zone = zoneIdentifier(ctx.input);
    if (zone) {
      ctx.report('zone-identifier', 'an IPv6 zone identifier (RFC 6874, since obsoleted by RFC 9844) is not part of RFC 3986 and is meaningful only on one host', zone[0], zone[1]);
    }
  },
};

/**
 * An scp-style Git address, "user@host:path" (git@github.com:owner/repo.git), which git and npm read and which is
 * no URI: its scheme would be "git@github.com". Anchored; the three parts are told apart by "@" and ":", which none
 * of them has, and each is bounded: no backtracking that grows with the input.
 */
const SCP_ADDRESS = /^([A-Za-z0-9._-]{1,64})@([A-Za-z0-9.-]{1,253}):(?!\/\/)([^\s:@]{1,4096})$/;

/**
 * "git@github.com:owner/repo.git" (a package.json's repository, a Git remote): one syntax error that says what it
 * is, with the URIs of it as suggestions: git+ssh://, which npm reads in package.json and git as an alias of ssh
 * (npm's docs also show "git+ssh://git@github.com:owner/repo.git", which is no URI either), and git's own ssh://. A
 * path that starts with "/" is absolute in both; any other is relative to the user's home on the host, which a URI
 * has no way to say but "~": Git hosting sites read both the same.
 */
function scpAddress(ctx: InvalidContext): boolean {
  const m = SCP_ADDRESS.exec(ctx.input);
  if (m === null) return false;
  const [, user, host, where] = m;
  const rest = where.startsWith('/') ? where : `/${where}`;
  const uris = ['git+ssh', 'ssh'].map((scheme) => `${scheme}://${user}@${host}${rest}`);
  if (!uris.every((u) => isValid(u, { rule: ctx.rule }))) return false;
  const e = ctx.error;
  ctx.suggest(
    'syntax',
    `invalid ${e.rule} at offset ${e.offset}: an scp-style Git address (user@host:path), which git and npm read but which is no URI (its scheme would be ${JSON.stringify(ctx.input.slice(0, ctx.input.indexOf(':')))}); as a URI it is ${JSON.stringify(uris[0])}`,
    e.offset,
    e.offset + (e.found?.length ?? 0),
    uris.map((u, k) => ({ message: k === 0 ? 'write it as a git+ssh URI (npm and git read it)' : 'write it as an ssh URI (git reads it)', replacement: u, start: 0, end: ctx.input.length })),
  );
  return true;
}

/**
 * ASCII characters no rule takes as themselves, whose percent-encoding is the one cure when they are in the path,
 * query or fragment. (That no rule of grammar/rfc3986.abnf has them is checked against the ABNF in test/lint.test.ts.)
 */
export const ENCODABLE_ILLEGAL_CHARACTERS = ' {}|^`"';
// redos-dynamic: one class of the fixed characters of ENCODABLE_ILLEGAL_CHARACTERS, escaped
const ENCODABLE_ILLEGAL = new RegExp(`[${ENCODABLE_ILLEGAL_CHARACTERS.replace(/[\\\]^-]/g, '\\$&')}]`);

/** For each ASCII character, 1 when it is kept as it is: every one but `encoded`. */
function keepAsciiBut(encoded: string): Uint8Array {
  const keep = new Uint8Array(128).fill(1);
  for (const c of encoded) keep[c.charCodeAt(0)] = 0;
  return keep;
}

/** RFC 3987 3.1's mapping: every non-ASCII character percent-encoded as UTF-8, every ASCII one kept. */
const KEEP_ASCII = keepAsciiBut('');
/** The syntax fix: that, and the characters of ENCODABLE_ILLEGAL encoded too. */
const KEEP_LEGAL_ASCII = keepAsciiBut(ENCODABLE_ILLEGAL_CHARACTERS);

/**
 * The text with those characters percent-encoded (one pass into one typed array, with no string per run:
 * a line of a million spaces and letters), or undefined when there is no such text: a lone surrogate has
 * no UTF-8, and an encoding longer than the engine's longest string is a RangeError.
 */
function encodeAllBut(text: string, keep: Uint8Array): string | undefined {
  try {
    return percentEncodeExcept(text, keep);
  } catch (e) {
    if (e instanceof PercentEncodingError || e instanceof RangeError) return undefined;
    throw e;
  }
}

/** A drive letter of RFC 8089 E.2.2 with its "|": "c|" at the start of a file URI's path, after "file:", "file:/" or "//authority/". */
const OLD_DRIVE_LETTER = /^file:(?:\/\/[^/?#]*)?\/?[A-Za-z]\|/i;

/**
 * The fix of a file URI's old drive letter, "file:///c|/path" (RFC 8089
 * E.2.2: "To update such an old URI, replace the vertical line "|" with a
 * colon ":""), when the parser stopped at its "|" and the URI with a ":" is
 * valid; undefined otherwise. The "|" would otherwise be an
 * unencoded-character with the fix %7C, which is not what RFC 8089 says.
 */
function driveLetterFix(uri: string, rule: UriRuleName, offset: number): Fix | undefined {
  const m = OLD_DRIVE_LETTER.exec(uri);
  if (m === null || m[0].length - 1 !== offset) return undefined;
  const replaced = `${uri.slice(0, offset)}:${uri.slice(offset + 1)}`;
  return isValid(replaced, { rule }) ? { replacement: ':', start: offset, end: offset + 1 } : undefined;
}

/**
 * The fix of a syntax error: the characters of ENCODABLE_ILLEGAL percent-encoded as UTF-8 (from the first to
 * the last of them, with any non-ASCII characters between, as RFC 3987 3.1 maps them), when that makes the
 * input valid (its non-ASCII characters encoded too: those are non-ascii's to report) and every one of them
 * is in the path, the query or the fragment (a space in a host is no typo that "%20" cures). Only tried when
 * the parser stopped at one of them or at a non-ASCII character: on any other error there is no one cure,
 * and no second parse is spent.
 */
function syntaxFix(uri: string, rule: UriRuleName, offset: number): Fix | undefined {
  const stopped = uri.charCodeAt(offset);
  if (!(stopped > 0x7f || (offset < uri.length && ENCODABLE_ILLEGAL.test(uri[offset])))) return undefined;
  let start = 0;
  while (start < uri.length && !ENCODABLE_ILLEGAL.test(uri[start])) start++;
  if (start === uri.length || start < BEFORE_PATH.exec(uri)![0].length) return undefined;
  let end = uri.length;
  while (end > start && !ENCODABLE_ILLEGAL.test(uri[end - 1])) end--;
  const whole = encodeAllBut(uri, KEEP_LEGAL_ASCII);
  // isValid: the recognizer, without the traced run that explains a rejection.
  if (whole === undefined || !isValid(whole, { rule })) return undefined;
  const replacement = encodeAllBut(uri.slice(start, end), KEEP_LEGAL_ASCII);
  return replacement === undefined ? undefined : { replacement, start, end };
}

/** [0-9A-Fa-f:.], by code unit (a regular expression's test of each character made a string of each: 5% of lint on long lines). */
function isAddressCharacter(c: number): boolean {
  return (c >= 0x30 && c <= 0x3a) || c === 0x2e || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/**
 * The [start, end) of the first IPv6 zone identifier (RFC 6874: "[" address "%25" zone "]"), from the
 * "%25" up to the "]": what the regular expression /\[[0-9A-Fa-f:.]+(%25[^\]]*)\]/ finds, in one
 * pass. (That expression itself backtracks: on "[1%25" repeated, each "[" searched to the end of the
 * input for a "]", a quadratic time.) The address characters after one "[" stop at the next "[", so
 * the runs never overlap; and when no "]" follows the first "%25" found, none follows a later one.
 */
function zoneIdentifier(uri: string): [number, number] | undefined {
  for (let open = uri.indexOf('['); open >= 0; open = uri.indexOf('[', open + 1)) {
    let at = open + 1;
    while (at < uri.length && isAddressCharacter(uri.charCodeAt(at))) at++;
    if (at === open + 1 || !uri.startsWith('%25', at)) continue;
    const close = uri.indexOf(']', at + 3);
    return close < 0 ? undefined : [at, close];
  }
  return undefined;
}


/** Any code unit outside ASCII (without the "u" flag: a quick test, before the exact look). */
const NOT_ASCII = /[^\x00-\x7f]/;

/**
 * The findings of a URI that does not parse, one per cause (issue 37): a URI that only its non-ASCII characters
 * keep from being one is an IRI, one `non-ascii` finding (not a syntax error as well); one that characters
 * browsers accept keep from being one (a "|", "^", "{", "}", "`", "[", "]" or a double quote in the path, query or fragment, a
 * second "#") is an `unencoded-character` finding, with the encoded form as its fix; any other is a `syntax`
 * error, where the URI with its non-ASCII characters percent-encoded fails (those are a `non-ascii` finding of
 * their own), named by the component the user sees there (see userViewError).
 */
function syntaxDiagnostics(uri: string, rule: UriRuleName, error: UriSyntaxError, report: Report): void {
  // A file URI's old drive letter ("file:///c|/path"): a syntax error whose fix is RFC 8089 E.2.2's ":", not the
  // "%7C" of a "|" that browsers accept elsewhere.
  const drive = driveLetterFix(uri, rule, error.offset);
  if (drive !== undefined) {
    const e = userViewError(uri, rule, error);
    report('syntax', e.message, e.offset, e.offset + (e.found?.length ?? 0), drive);
    return;
  }
  const browser = browserAcceptedForm(uri, rule);
  if (browser !== undefined) {
    // One finding per cause: non-ascii's fix is the IRI's whole URI mapping (RFC 3987 3.1), the other characters
    // encoded too; unencoded-character is one finding, on the first such character, its fix the span from the first
    // to the last encoded. (With HTML character references in the URI, another cause whose fixes lie in that span,
    // it comes without one: those are fixed first, and the next run offers it.)
    const { mapped, nonAscii, ascii } = browser;
    if (nonAscii >= 0) report('non-ascii', nonAsciiMessage(uri, nonAscii), nonAscii, nonAscii + codePointLength(uri, nonAscii), { replacement: mapped, start: 0, end: uri.length });
    if (ascii.length > 0) {
      const first = ascii[0];
      const last = ascii[ascii.length - 1] + 1;
      let fix: Fix | undefined;
      if (nonAscii < 0 && !CHARACTER_REFERENCE_START.test(uri)) {
        let replacement = '';
        for (let i = first, k = 0; i < last; i++) replacement += i === ascii[k] ? (k++, tripletOf(uri.charCodeAt(i))) : uri[i];
        fix = { replacement, start: first, end: last };
      }
      report('unencoded-character', unencodedMessage(uri, ascii), first, first + 1, fix);
    }
    return;
  }
  // With the "u" flag: a character outside the BMP is one match, both of its surrogates.
  const nonAscii = NOT_ASCII.test(uri) ? /[^\x00-\x7f]/u.exec(uri) : null;
  let e = error;
  if (nonAscii) {
    report('non-ascii', nonAsciiMessage(uri, nonAscii.index), nonAscii.index, nonAscii.index + nonAscii[0].length);
    // Where the URI fails once its non-ASCII characters are what a URI makes of them (a lone surrogate has no UTF-8: as it is).
    const mapped = encodeAllBut(uri, KEEP_ASCII);
    const again = mapped === undefined ? undefined : tryParse(mapped, { rule });
    if (mapped !== undefined && again !== undefined && !again.ok) e = inInput(uri, userViewError(mapped, rule, again.error));
  } else {
    e = userViewError(uri, rule, e);
  }
  // A space in a host is a mistake a person names in words, not by the list of what a reg-name may have.
  const message = e.found === ' ' && e.rulePath.includes('host') ? `invalid ${e.rule} at offset ${e.offset}: a space in the host name, which no host has (RFC 3986 3.2.2)` : e.message;
  report('syntax', message, e.offset, e.offset + (e.found?.length ?? 0), syntaxFix(uri, rule, e.offset));
}

/** The length in code units of the code point at `i`. */
function codePointLength(text: string, i: number): number {
  return (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
}

function nonAsciiMessage(uri: string, at: number): string {
  const ch = String.fromCodePoint(uri.codePointAt(at) ?? 0);
  const encoded = encodeAllBut(ch, KEEP_ASCII);
  return `non-ASCII characters: an IRI (RFC 3987), which browsers accept; a URI has them percent-encoded as UTF-8${encoded === undefined ? '' : ` (${JSON.stringify(ch)} is ${JSON.stringify(encoded)})`}`;
}

/** A numeric or named HTML character reference, as CHARACTER_REFERENCE finds them: whether the URI has one. */
const CHARACTER_REFERENCE_START = /&(?:amp|lt|gt|quot|apos|nbsp|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});/;

/** A character in a message: quoted, and a double quote said in words (JSON would write it "\""). */
function named(c: string): string {
  return c === '"' ? 'a double quote (")' : JSON.stringify(c);
}

function unencodedMessage(uri: string, ascii: readonly number[]): string {
  const ch = uri[ascii[0]];
  const what = ch === '#' ? 'a second "#"' : named(ch);
  const section = ch === '#' ? 'RFC 3986 3.5' : 'RFC 3986 2';
  if (ascii.length === 1) return `${what} is not allowed in a URI (${section}); browsers accept it; percent-encoded, it is "${tripletOf(ch.charCodeAt(0))}"`;
  const others = [...new Set(ascii.slice(1).map((i) => uri[i]))].filter((c) => c !== ch || ch === '#');
  const list = others.length === 0 ? '' : ` (${others.map(named).join(', ')})`;
  return `${what} and ${ascii.length - 1} more${list} are not allowed in a URI (${section}); browsers accept them; percent-encoded, ${named(ch)} is "${tripletOf(ch.charCodeAt(0))}"`;
}

/**
 * ASCII characters that no rule of RFC 3986 has but that browsers accept in a path, query or fragment (the
 * WHATWG URL parser keeps them as written or percent-encodes them itself). A second "#" is one too.
 */
const BROWSER_ACCEPTED: ReadonlySet<number> = new Set([...'{}|^`[]"'].map((ch) => ch.charCodeAt(0)));

/** A scheme and an authority, as RFC 3986 Appendix B reads them: what is before the path. */
const BEFORE_PATH = /^(?:[^:/?#]+:)?(?:\/\/[^/?#]*)?/;

/** The triplet of an ASCII character ("|": "%7C"). */
function tripletOf(c: number): string {
  return `%${c.toString(16).toUpperCase().padStart(2, '0')}`;
}

/**
 * The URI with what keeps it from being one percent-encoded, when that is only forms browsers accept: its
 * non-ASCII characters (anywhere: an IRI), and the characters of BROWSER_ACCEPTED and any "#" after the first
 * (not one of a numeric character reference, "&#38;": html-character-reference's), in the path, the query or
 * the fragment. Undefined when there are none, or when the URI is still not valid with them encoded (another
 * cause). `nonAscii` is where the first non-ASCII character is, or -1; `ascii`, where each ASCII one is.
 */
function browserAcceptedForm(uri: string, rule: UriRuleName): { mapped: string; nonAscii: number; ascii: number[] } | undefined {
  const pathStart = BEFORE_PATH.exec(uri)![0].length;
  const parts: string[] = [];
  let from = 0;
  const ascii: number[] = [];
  let nonAscii = -1;
  let hash = false;
  let delimited = false;
  const references = new Set<number>();
  if (uri.includes('&#')) for (const m of uri.matchAll(CHARACTER_REFERENCE)) if (m[0][1] === '#') references.add(m.index + 1);
  for (let i = 0; i < uri.length; i++) {
    const c = uri.charCodeAt(i);
    if (c >= 0x80) {
      if (nonAscii < 0) nonAscii = i;
      continue;
    }
    if (i < pathStart) continue;
    // By code unit: "#" 0x23, "/" 0x2f, "?" 0x3f, "[" 0x5b, "]" 0x5d.
    if (c === 0x23 && references.has(i)) continue;
    // A "[" or "]" is a path's only after a scheme, an authority or a "/", "?" or "#": one that begins a reference
    // ("[::1]:80", "[1%25...") is an IP literal's without its "//", a syntax error.
    if ((c === 0x5b || c === 0x5d) && pathStart === 0 && !delimited) continue;
    const encode = BROWSER_ACCEPTED.has(c) || (c === 0x23 && hash);
    if (c === 0x23) hash = true;
    if (c === 0x2f || c === 0x3f || c === 0x23) delimited = true;
    if (!encode) continue;
    ascii.push(i);
    parts.push(uri.slice(from, i), tripletOf(c));
    from = i + 1;
  }
  if (ascii.length === 0 && nonAscii < 0) return undefined;
  parts.push(uri.slice(from));
  const asciiEncoded = parts.join('');
  const mapped = nonAscii < 0 ? asciiEncoded : encodeAllBut(asciiEncoded, KEEP_ASCII);
  if (mapped === undefined || !isValid(mapped, { rule })) return undefined;
  return { mapped, nonAscii, ascii };
}
