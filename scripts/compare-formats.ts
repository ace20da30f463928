/**
 * npm run compare:formats [-- --check]
 *
 * Runs ajv 8 with ajv-formats (its "fast" and "full" modes) and with
 * urigram/formats on the "uri" and "uri-reference" formats of the inputs
 * below, and writes the rows where they do not all agree into docs/formats.md,
 * between `<!-- compare-formats:begin -->` and `<!-- compare-formats:end -->`,
 * each with the section of RFC 3986 behind urigram's answer. ajv-formats has
 * no "iri" or "iri-reference". With --check it writes nothing and fails when
 * docs/formats.md's table is not what it would write (test/formats.test.ts runs it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import ajvFormats from 'ajv-formats';
import { addFormats } from '../src/formats';
import { sectionOf, writeOrCheckSection } from './report';

const README = path.join(__dirname, '..', 'docs', 'formats.md');
const SECTION = 'compare-formats';
const FORMATS = ['uri', 'uri-reference'] as const;

/** Each input, with the RFC 3986 rule and section that decide it (for both formats unless it says which). */
export const INPUTS: ReadonlyArray<readonly [string, string]> = [
  ['foo:', '§3: `hier-part` may be `path-empty`, so a scheme and `:` is a URI'],
  ['http://[::g]', '§3.2.2: `h16 = 1*4HEXDIG`'],
  ['http://[1::2::3]/', '§3.2.2: one `::` at most'],
  ['http://[::1', '§3.2.2: an `IP-literal` ends with `]`'],
  ['http://[::ffff:01.2.3.4]/', '§3.2.2: in brackets `ls32` ends in an `IPv4address`, whose `dec-octet` has no leading zero'],
  ['http://01.2.3.4/', '§3.2.2: not an `IPv4address`, so a `reg-name`, which may hold digits and dots'],
  ['http://256.1.1.1/', '§3.2.2: a `reg-name`'],
  ['http://[fe80::1%25eth0]/', '§3.2.2: no zone identifier in an `IP-literal` (RFC 6874 extends RFC 3986)'],
  ['http://[v1.x]/', '§3.2.2: `IPvFuture`'],
  ['http://%41/', '§3.2.2: `pct-encoded` in a `reg-name`'],
  ['s://u@v@h', '§3.2.1: no `@` in `userinfo` or `reg-name`'],
  ['http://h:p/', '§3.2.3: `port = *DIGIT`'],
  ['http://h:80:80/', '§3.2.3: one port'],
  ['a:%zz', '§2.1: `pct-encoded = "%" HEXDIG HEXDIG`'],
  ['http://h/%', '§2.1: a `%` begins a `pct-encoded`'],
  ['a:b#%zz', '§2.1, §3.5'],
  ['a:b#c#d', '§3.5: `fragment = *( pchar / "/" / "?" )`: no second `#`'],
  ['a:{b}', '§2: `{` and `}` are in no rule'],
  ['a:[b]', '§3.3: `[` and `]` are `gen-delims`, not `pchar`'],
  ['http://h/a"b', '§2: `"` is in no rule'],
  ['http://h/a^b', '§2: `^` is in no rule'],
  ['http://h/a|b', '§2: `|` is in no rule'],
  ['http://h/a`b', '§2: a backquote is in no rule'],
  ['a:b\\c', '§2: `\\` is in no rule'],
  ['http:\\\\h\\p', '§2: `\\` is in no rule'],
  ['\\\\server\\share', '§2: `\\` is in no rule'],
  ['http://a b/', '§2: a space is in no rule'],
  ['http://h/?q=a b', '§2: a space is in no rule'],
  ['a:\t', '§2: no control characters'],
  ['http://é.example/', '§2: a URI is ASCII (an IRI, RFC 3987, is not)'],
  ['1a:b', '§3.1: a scheme begins with `ALPHA`; §4.2: and `path-noscheme` has no `:` in its first segment'],
  [':a', '§3.1: a scheme is not empty; §4.2: `path-noscheme` has no `:` in its first segment'],
  ['', '§4.1: the empty `URI-reference` (same-document); §3: no URI without a scheme'],
  ['//[::1]', '§4.2: a network-path reference; §3: no URI without a scheme'],
  ['x:/..//', '§3.3: `path-absolute`'],
  ['javascript:alert(1)', '§3: `path-rootless` with sub-delims'],
];

function ajvWith(mode: 'fast' | 'full'): Ajv {
  const ajv = new Ajv();
  ajvFormats(ajv, { mode, formats: [...FORMATS] });
  return ajv;
}

type Verdicts = readonly [boolean, boolean, boolean];

/**
 * For each input, the formats where fast, full and urigram do not all agree,
 * with the verdicts: one row for both formats when their verdicts are the same.
 */
export function differences(): Array<readonly [string, string, Verdicts, string]> {
  const checkers = [ajvWith('fast'), ajvWith('full'), addFormats(new Ajv())].map((ajv) => Object.fromEntries(FORMATS.map((f) => [f, ajv.compile({ type: 'string', format: f })])));
  const rows: Array<readonly [string, string, Verdicts, string]> = [];
  for (const [input, why] of INPUTS) {
    const differ = FORMATS.map((format) => [format, checkers.map((c) => c[format](input) as boolean) as unknown as Verdicts] as const).filter(([, v]) => v.some((x) => x !== v[0]));
    if (differ.length === 2 && differ[0][1].every((v, k) => v === differ[1][1][k])) rows.push([input, 'both', differ[0][1], why]);
    else for (const [format, verdicts] of differ) rows.push([input, format, verdicts, why]);
  }
  return rows;
}

function code(input: string): string {
  if (input === '') return '(empty)';
  const shown = input.replace(/\t/g, '\\t').replace(/\|/g, '\\|');
  return shown.includes('`') ? `\`\` ${shown} \`\`` : `\`${shown}\``;
}

const version = (name: string): string => JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;

export function table(): string {
  const word = (v: boolean): string => (v ? 'valid' : '**invalid**');
  const lines = [
    `Generated by \`npm run compare:formats\` (scripts/compare-formats.ts): ajv ${version('ajv')} with ajv-formats ${version('ajv-formats')} in its two modes, and urigram/formats, on ${INPUTS.length} inputs: those where they do not all agree (format "both": uri and uri-reference, with the same answers).`,
    '',
    '| input | format | ajv-formats fast | ajv-formats full | urigram | RFC 3986 |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const [input, format, [fast, full, urigram], why] of differences()) {
    lines.push(`| ${code(input)} | ${format} | ${word(fast)} | ${word(full)} | ${word(urigram)} | ${why.replace(/\|/g, '\\|')} |`);
  }
  return lines.join('\n');
}

export function readmeTable(): string | undefined {
  return sectionOf(README, SECTION);
}

if (require.main === module) writeOrCheckSection(README, SECTION, table(), 'docs/formats.md: the table of ajv-formats and urigram differs from what scripts/compare-formats.ts writes: run npm run compare:formats');
