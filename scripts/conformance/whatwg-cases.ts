/**
 * The whatwg-validity category's cases (issue 49 item 5), from data written
 * by hand from the URL Standard's text (our copy: grammar/whatwg-url.bs),
 * never from urigram's answers:
 *
 * - `writing`: a valid and an invalid string per rule of the URL writing and
 *   host writing sections (test/fixtures/whatwg-validity/writing-rules.json,
 *   with the offset where each invalid string stops being valid), and the
 *   strings the Standard's own text gives as examples (prose-examples.json);
 * - `parser`: an input per named validation error of the Standard's table,
 *   with the names and offsets the basic URL parser's steps report, in order,
 *   and whether it returns failure (VALIDATION_ERROR_INPUTS below, each with
 *   its reasoning: every example of the Standard's validation error table,
 *   and the inputs of test/whatwg-validation-errors.test.ts; the offsets as
 *   docs/whatwg-validity.md's offset table defines them).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../grammar-check/config';

export interface WhatwgCase {
  id: string;
  source: { kind: 'hand'; why: string; file: string };
  [field: string]: unknown;
}

const FIXTURES = 'test/fixtures/whatwg-validity';

/** [input, base or null, [name, offset] in the order met, the parse returns failure, why]. */
type ErrorInput = readonly [string, string | null, ReadonlyArray<readonly [string, number]>, boolean, string];

/**
 * Per name of the Standard's validation error table (in its order), the inputs that trigger it. Offsets are UTF-16
 * code units of the input; "https://" is offsets 0 to 7, so a special URL's host starts at 8.
 */
export const VALIDATION_ERROR_INPUTS: ReadonlyArray<readonly [string, readonly ErrorInput[]]> = [
  ['domain-to-ASCII', [
    ['https://exa%23mple.org', null, [['domain-percent-encoded', 11], ['domain-to-ASCII', 8]], true, 'host parser: "%23" is a percent-encoded byte (domain-percent-encoded at its "%"); it decodes to "exa#mple.org", whose strict ToASCII fails (domain-to-ASCII at the host); relaxed, "#" is a forbidden domain code point: failure'],
    ['https://a..b/', null, [['domain-to-ASCII', 8]], false, 'an empty label fails VerifyDnsLength, which only the strict ToASCII checks: an error, and the URL parses'],
  ]],
  ['domain-percent-encoded', [['https://exam%70le.org', null, [['domain-percent-encoded', 12]], false, 'the "%" of the first percent-encoded byte of a domain']]],
  ['host-invalid-code-point', [
    ['foo://exa[mple.org', null, [['host-invalid-code-point', 9]], true, 'the opaque-host parser refuses the forbidden host code point "["'],
    ['sc://a<b%zz/', null, [['host-invalid-code-point', 6]], true, '"<" is a forbidden host code point: failure before the "%" is read'],
    ['sc://a^b/', null, [['host-invalid-code-point', 6]], true, '"^" is a forbidden host code point'],
  ]],
  ['IPv4-empty-part', [['https://127.0.0.1./', null, [['domain-to-ASCII', 8], ['IPv4-empty-part', 17]], false, 'strict ToASCII fails on the empty last label (domain-to-ASCII at the host); the IPv4 parser then drops the empty last part, at the final "."']]],
  ['IPv4-too-few-parts', [['https://1.2.3/', null, [['IPv4-too-few-parts', 8]], false, 'three parts: the host\'s first code point']]],
  ['IPv4-too-many-parts', [['https://1.2.3.4.5/', null, [['IPv4-too-many-parts', 16]], true, 'parts at 8, 10, 12, 14, 16: the fifth part']]],
  ['IPv4-non-numeric-part', [
    ['https://1.2.x3.4/', null, [['IPv4-non-numeric-part', 12]], true, 'the part "x3"'],
    ['https://test.42', null, [['IPv4-too-few-parts', 8], ['IPv4-non-numeric-part', 8]], true, 'the table\'s example: two parts, so IPv4-too-few-parts (step 3) comes first; "test" at 8 is no number'],
  ]],
  ['IPv4-non-decimal-part', [
    ['https://127.0.0x0.1', null, [['IPv4-non-decimal-part', 14]], false, '"0x0" at 14'],
    ['https://0x7f.01.0.1/', null, [['IPv4-non-decimal-part', 8], ['IPv4-non-decimal-part', 13]], false, 'each hexadecimal or octal part: "0x7f" at 8, "01" at 13'],
  ]],
  ['IPv4-out-of-range-part', [
    ['https://255.255.4000.1', null, [['IPv4-out-of-range-part', 16]], true, '"4000" at 16 is over 255 and not the last part: failure'],
    ['https://1.65536/', null, [['IPv4-too-few-parts', 8], ['IPv4-out-of-range-part', 10]], false, 'the last part may fill three bytes: an error, and the URL parses (https://1.1.0.0/)'],
  ]],
  ['IPv6-unclosed', [['https://[::1', null, [['IPv6-unclosed', 8]], true, 'the "["']]],
  ['IPv6-invalid-compression', [['https://[:1]', null, [['IPv6-invalid-compression', 9]], true, 'in the IPv6 parser the offset is its pointer\'s: the address starts at 9, after "["; the first ":"']]],
  ['IPv6-too-many-pieces', [['https://[1:2:3:4:5:6:7:8:9]', null, [['IPv6-too-many-pieces', 25]], true, '"1:2:3:4:5:6:7:8:" is 16 code units: the ninth piece at 9 + 16']]],
  ['IPv6-multiple-compression', [['https://[1::1::1]', null, [['IPv6-multiple-compression', 14]], true, 'the pointer is at the ":" at address index 5 when compress is already set: 9 + 5']]],
  ['IPv6-invalid-code-point', [
    ['https://[1:2:3!:4]', null, [['IPv6-invalid-code-point', 14]], true, 'the "!" at 9 + 5'],
    ['https://[1:2:3:]', null, [['IPv6-invalid-code-point', 15]], true, 'the address ends after a ":": the "]" at 9 + 6'],
  ]],
  ['IPv6-too-few-pieces', [['https://[1:2:3]', null, [['IPv6-too-few-pieces', 14]], true, 'three pieces and no compression: the "]"']]],
  ['IPv6-piece-leading-zero', [['https://[::01]', null, [['IPv6-piece-leading-zero', 11]], false, 'the piece "01"\'s first digit; the URL parses (https://[::1]/)']]],
  ['IPv4-in-IPv6-too-many-pieces', [['https://[1:1:1:1:1:1:1:127.0.0.1]', null, [['IPv4-in-IPv6-too-many-pieces', 23]], true, 'seven "1:" are 14 code units: the IPv4 part\'s first digit at 9 + 14']]],
  ['IPv4-in-IPv6-invalid-code-point', [
    ['https://[ffff::.0.0.1]', null, [['IPv4-in-IPv6-invalid-code-point', 15]], true, '"ffff::" is 6 code units: the "." at 9 + 6, where a digit must be'],
    ['https://[ffff::127.0.xyz.1]', null, [['IPv4-in-IPv6-invalid-code-point', 21]], true, 'after "127.0" (two parts) the "." is taken, and "x" at 9 + 12 is no digit'],
    ['https://[ffff::127.0xyz]', null, [['IPv4-in-IPv6-invalid-code-point', 20]], true, 'after "127.0", "x" at 9 + 11 is not the "." that must follow a part'],
    ['https://[ffff::127.00.0.1]', null, [['IPv4-in-IPv6-invalid-code-point', 20]], true, '"127.00": a part with a leading zero, at the second "0", 9 + 11'],
    ['https://[ffff::127.0.0.1.2]', null, [['IPv4-in-IPv6-invalid-code-point', 24]], true, 'after four parts, the "." at 9 + 15 (numbersSeen is 4)'],
  ]],
  ['IPv4-in-IPv6-out-of-range-part', [['https://[ffff::127.0.0.4000]', null, [['IPv4-in-IPv6-out-of-range-part', 25]], true, '"4000" at 9 + 14; 400 is reached at its third digit, 9 + 16']]],
  ['IPv4-in-IPv6-too-few-parts', [['https://[ffff::127.0.0]', null, [['IPv4-in-IPv6-too-few-parts', 22]], true, 'three parts: the "]"']]],
  ['invalid-URL-unit', [
    ['https://example.org/>', null, [['invalid-URL-unit', 20]], false, '">" is no URL code point'],
    [' https://example.org ', null, [['invalid-URL-unit', 0]], false, 'leading and trailing C0 control or space: one error, at the first'],
    ['https://example.org ', null, [['invalid-URL-unit', 19]], false, 'a trailing space'],
    ['ht\ntps://example.org', null, [['invalid-URL-unit', 2]], false, 'a newline, removed before the state machine runs'],
    ['https://example.org/%s', null, [['invalid-URL-unit', 20]], false, 'a "%" without two hex digits'],
    ['https://exa\tmple.org/%zz', null, [['invalid-URL-unit', 11], ['invalid-URL-unit', 21]], false, 'the tab is met before the state machine runs, and the offsets after it are the input\'s: "%" at 21'],
    ['https://a/\u{1F4A9}>', null, [['invalid-URL-unit', 12]], false, 'UTF-16 offsets: U+1F4A9 (a URL code point) is code units 10 and 11; ">" at 12'],
    ['sc:a b', null, [['invalid-URL-unit', 4]], false, 'a space in an opaque path'],
    ['sc://a"b%zz/', null, [['invalid-URL-unit', 6], ['invalid-URL-unit', 8]], false, 'in an opaque host: the first code point that is no URL code point, then the first "%" without two hex digits'],
  ]],
  ['special-scheme-missing-following-solidus', [
    ['https:example.org', null, [['special-scheme-missing-following-solidus', 6]], false, 'where "//" should be'],
    ['file:c:/my-secret-folder', null, [['special-scheme-missing-following-solidus', 5]], false, 'file: where "//" should be'],
    ['https:foo.html', 'https://example.org/', [['special-scheme-missing-following-solidus', 6]], false, 'against a base of the same special scheme: read as relative to it (https://example.org/foo.html)'],
    ['https:///\\a/', null, [['special-scheme-missing-following-solidus', 8], ['special-scheme-missing-following-solidus', 9]], false, 'two slashes, then a third and a backslash that the special authority ignore slashes state skips, each an error'],
  ]],
  ['missing-scheme-non-relative-URL', [
    ['\u{1F4A9}', null, [['missing-scheme-non-relative-URL', 0]], true, 'no scheme and no base: the first code point'],
    ['\u{1F4A9}', 'mailto:user@example.org', [['missing-scheme-non-relative-URL', 0]], true, 'no scheme, and a base with an opaque path takes a fragment only'],
    ['  x', null, [['invalid-URL-unit', 0], ['missing-scheme-non-relative-URL', 2]], true, 'the leading spaces are removed (invalid-URL-unit at 0); then "x" at 2'],
  ]],
  ['invalid-reverse-solidus', [['https://example.org\\path\\to\\file', null, [['invalid-reverse-solidus', 19], ['invalid-reverse-solidus', 24], ['invalid-reverse-solidus', 27]], false, 'each backslash of a special URL']]],
  ['invalid-credentials', [
    ['https://user@example.org', null, [['invalid-credentials', 12]], false, 'the "@"'],
    ['ssh://user@example.org', null, [['invalid-credentials', 10]], false, 'credentials are an error in any URL'],
    ['https://a@b@c/', null, [['invalid-credentials', 9], ['invalid-credentials', 11]], false, 'each "@"; the URL parses (https://a%40b@c/)'],
  ]],
  ['host-missing', [
    ['https://#fragment', null, [['host-missing', 8]], true, 'where the host should be'],
    ['https://:443', null, [['host-missing', 8]], true, 'a port without a host'],
    ['https://user:pass@', null, [['invalid-credentials', 17], ['host-missing', 18]], true, 'the "@", then no host after it'],
  ]],
  ['port-out-of-range', [['https://example.org:70000', null, [['port-out-of-range', 20]], true, 'the port\'s first digit']]],
  ['port-invalid', [['https://example.org:7z', null, [['port-invalid', 21]], true, 'the code point that is no digit']]],
  ['file-invalid-Windows-drive-letter', [['c|/path', 'file:///x/', [['file-invalid-Windows-drive-letter', 0], ['invalid-URL-unit', 1]], false, '"c|" is no scheme ("|" is no scheme code point), so the file state reads it: it starts with a Windows drive letter; then the path state reads "|", which is no URL code point (file:///c:/path)']]],
  ['file-invalid-Windows-drive-letter-host', [['file://c:', null, [['file-invalid-Windows-drive-letter-host', 7]], false, 'the drive letter where the host would be (file:///c:)']]],
];

/** Inputs the parser reads without a validation error. */
const NO_ERROR: readonly ErrorInput[] = [
  ['https://example.org:8080/a/./b/../c?d#e', null, [], false, 'every piece as the Standard writes it; dot segments are no error'],
  ['#x', 'mailto:user@example.org', [], false, 'a fragment against a base with an opaque path'],
  [
    '/c:/path/to/file',
    'file:///c:/',
    [],
    false,
    'the example the validation error table gives for file-invalid-Windows-drive-letter reports no error by the steps: "/" takes the file state to the file slash state, which reports none for "c:", and the error is reported only in the file state, for a string that does not start with "/" or "\\" (as "c|/path" above)',
  ],
];

/** The inputs the Standard's validation error table gives as its examples (its `example` paragraphs and code). */
const TABLE_EXAMPLES = new Set([
  'https://exa%23mple.org', 'https://exam%70le.org', 'foo://exa[mple.org', 'https://127.0.0.1./', 'https://1.2.3/', 'https://1.2.3.4.5/', 'https://test.42', 'https://127.0.0x0.1',
  'https://255.255.4000.1', 'https://[::1', 'https://[:1]', 'https://[1:2:3:4:5:6:7:8:9]', 'https://[1::1::1]', 'https://[1:2:3!:4]', 'https://[1:2:3:]', 'https://[1:2:3]', 'https://[::01]',
  'https://[1:1:1:1:1:1:1:127.0.0.1]', 'https://[ffff::.0.0.1]', 'https://[ffff::127.0.xyz.1]', 'https://[ffff::127.0xyz]', 'https://[ffff::127.00.0.1]', 'https://[ffff::127.0.0.1.2]',
  'https://[ffff::127.0.0.4000]', 'https://[ffff::127.0.0]', 'https://example.org/>', ' https://example.org ', 'ht\ntps://example.org', 'https://example.org/%s', 'file:c:/my-secret-folder',
  'https:example.org', 'https:foo.html', '\u{1F4A9}', 'https://example.org\\path\\to\\file', 'https://user@example.org', 'ssh://user@example.org', 'https://#fragment', 'https://:443',
  'https://user:pass@', 'https://example.org:70000', 'https://example.org:7z', '/c:/path/to/file', 'file://c:',
]);

interface WritingRule {
  rule: string;
  base: string | null;
  valid: string[];
  invalid: Array<{ input: string; offset: number }>;
}

interface ProseExample {
  input: string;
  base: string | null;
  valid: boolean;
  where: string;
}

const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, FIXTURES, file), 'utf8')) as T;

/** The cases, ids from `next` (the suite's counter, by prefix). */
export function whatwgValidityCases(next: (prefix: string) => string): WhatwgCase[] {
  const out: WhatwgCase[] = [];
  const rulesFile = `${FIXTURES}/writing-rules.json`;
  for (const r of read<{ cases: WritingRule[] }>('writing-rules.json').cases) {
    const why = `the URL Standard's ${r.rule} (grammar/whatwg-url.abnf)${r.base === null ? '' : `, against a base ${r.base}`}`;
    for (const input of r.valid) out.push({ id: next('whatwg-validity/writing'), definition: 'writing', rule: r.rule, input, base: r.base, valid: true, source: { kind: 'hand', why, file: rulesFile } });
    for (const x of r.invalid) out.push({ id: next('whatwg-validity/writing'), definition: 'writing', rule: r.rule, input: x.input, base: r.base, valid: false, offset: x.offset, source: { kind: 'hand', why, file: rulesFile } });
  }
  for (const e of read<{ examples: ProseExample[] }>('prose-examples.json').examples) {
    out.push({ id: next('whatwg-validity/writing'), definition: 'writing', rule: 'valid-URL-string', input: e.input, base: e.base, valid: e.valid, source: { kind: 'hand', why: `the URL Standard's own example: ${e.where}`, file: `${FIXTURES}/prose-examples.json` } });
  }
  const here = 'scripts/conformance/whatwg-cases.ts';
  const parser = (error: string | undefined, [input, base, errors, failure, why]: ErrorInput): WhatwgCase => ({
    id: next('whatwg-validity/parser'),
    definition: 'parser',
    ...(error === undefined ? {} : { error }),
    input,
    base,
    errors: errors.map(([name, offset]) => ({ name, offset })),
    failure,
    source: { kind: 'hand', why: `${TABLE_EXAMPLES.has(input) ? "the URL Standard's own example (its validation error table); " : ''}the basic URL parser's steps: ${why}`, file: here },
  });
  for (const [name, inputs] of VALIDATION_ERROR_INPUTS) for (const input of inputs) out.push(parser(name, input));
  for (const input of NO_ERROR) out.push(parser(undefined, input));
  return out;
}
