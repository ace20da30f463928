/**
 * urigram/formats: ajv 8 (draft 2020-12) on schemas with each format. The
 * expected answers are written from the words of JSON Schema 2020-12
 * Validation section 7.3.5 ("uri": a valid URI according to RFC 3986;
 * "uri-reference": a URI or a relative reference; "iri", "iri-reference": the
 * same by RFC 3987) and from the RFCs' ABNF, each with the rule behind it;
 * not from running urigram.
 */
import Ajv2020 from 'ajv/dist/2020';
import * as vm from 'node:vm';
import { addFormats, formats, FORMAT_NAMES, iri, iriReference, uri, uriReference, uriTemplate, type FormatName } from '../src/formats';
import { bundle, CASES, measure } from '../scripts/size';
import { readmeTable, table } from '../scripts/compare-formats';

const ajv = addFormats(new Ajv2020());
const validators = Object.fromEntries(FORMAT_NAMES.map((f) => [f, ajv.compile({ type: 'string', format: f })])) as unknown as Record<FormatName, (x: unknown) => boolean>;

/** [input, why] pairs. */
type Cases = ReadonlyArray<readonly [string, string]>;

const URI_VALID: Cases = [
  ['http://example.com/a?b#c', 'RFC 3986 3: every component'],
  ['foo:', 'RFC 3986 3: hier-part may be path-empty, so a scheme and ":" alone is a URI'],
  ['urn:isbn:0451450523', 'RFC 3986 3: path-rootless'],
  ['mailto:John.Doe@example.com', 'RFC 3986 1.1.2'],
  ['http://01.2.3.4/', 'RFC 3986 3.2.2: not an IPv4address (dec-octet has no leading zero), so a reg-name, which may hold digits and dots'],
  ['http://[::ffff:1.2.3.4]/', 'RFC 3986 3.2.2: IPv6address with ls32 as an IPv4address'],
  ['http://[v1.x]/', 'RFC 3986 3.2.2: IPvFuture'],
  ['a:b#', 'RFC 3986 3.5: an empty fragment'],
  ['a:b#c/?d', 'RFC 3986 3.5: "/" and "?" in a fragment'],
  ['http://h:/', 'RFC 3986 3.2.3: port = *DIGIT, so empty'],
  ['http://h:99999/', 'RFC 3986 3.2.3: port = *DIGIT, no range'],
  ['http://%41/', 'RFC 3986 3.2.2: pct-encoded in a reg-name'],
  ["a:!$&'()*+,;=", 'RFC 3986 2.2: sub-delims in a path segment'],
  ['s://u:p@h', 'RFC 3986 3.2.1: userinfo'],
  ['HTTP://EXAMPLE.COM/', 'RFC 3986 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), either case'],
];

const URI_INVALID: Cases = [
  ['http://[::ffff:01.2.3.4]/', 'RFC 3986 3.2.2: inside brackets ls32 must be an IPv4address, and dec-octet has no leading zero'],
  ['http://[::g]', 'RFC 3986 3.2.2: h16 = 1*4HEXDIG'],
  ['a:%zz', 'RFC 3986 2.1: pct-encoded = "%" HEXDIG HEXDIG'],
  ['a:b%4', 'RFC 3986 2.1: a "%" needs two HEXDIG'],
  ['a:b#c#d', 'RFC 3986 3.5: fragment = *( pchar / "/" / "?" ), no "#"'],
  ['a:{b}', 'RFC 3986 2: "{" and "}" are in no rule'],
  ['a:b\\c', 'RFC 3986 2: "\\" is in no rule'],
  ['http://a b/', 'RFC 3986 2: a space is in no rule'],
  [' http://a/', 'RFC 3986 3: a URI begins with its scheme'],
  ['http://a/\n', 'RFC 3986 2: no control characters'],
  ['', 'RFC 3986 3: a URI has a scheme'],
  ['//h/p', 'RFC 3986 4.2: a relative reference, not a URI'],
  ['/path', 'RFC 3986 4.2: a relative reference, not a URI'],
  ['1a:b', 'RFC 3986 3.1: a scheme begins with ALPHA'],
  ['http://é.example/', 'RFC 3986 2: non-ASCII characters are in no rule (RFC 3987 IRIs)'],
  ['http://[1::2::3]/', 'RFC 3986 3.2.2: one "::" at most'],
  ['http://h:p/', 'RFC 3986 3.2.3: port = *DIGIT'],
  ['http://[fe80::1%25eth0]/', 'RFC 3986 3.2.2: no zone identifier in IP-literal (RFC 6874 was an extension, not RFC 3986)'],
  ['a:[b]', 'RFC 3986 3.3: "[" and "]" are gen-delims, not pchar'],
];

const REFERENCE_ONLY: Cases = [
  ['', 'RFC 3986 4.2: relative-part may be path-empty: "" is the same-document reference'],
  ['foo', 'RFC 3986 4.2: path-noscheme'],
  ['//h', 'RFC 3986 4.2: "//" authority path-abempty'],
  ['/a', 'RFC 3986 4.2: path-absolute'],
  ['?q', 'RFC 3986 4.2: a query alone'],
  ['#f', 'RFC 3986 4.2: a fragment alone'],
  ['./a:b', 'RFC 3986 4.2: a ":" after the first segment'],
  ['a/b:c', 'RFC 3986 4.2: a ":" in a later segment'],
];

const REFERENCE_INVALID: Cases = [
  ['a:b#c#d', 'RFC 3986 3.5: no "#" in a fragment'],
  ['#a#b', 'RFC 3986 3.5: no "#" in a fragment'],
  ['\\', 'RFC 3986 2: "\\" is in no rule'],
  ['a b', 'RFC 3986 2: a space is in no rule'],
  [':a', 'RFC 3986 4.2: the first segment of a relative path has no ":" (path-noscheme), and a scheme is not empty'],
  ['%zz', 'RFC 3986 2.1'],
  ['é', 'RFC 3986 2: non-ASCII'],
  ['//[::ffff:01.2.3.4]/', 'RFC 3986 3.2.2: no leading zero in the dec-octets of an IP literal'],
];

const IRI_VALID: Cases = [
  ['http://é.example/ö?ü#ä', 'RFC 3987 2.2: ucschar in ihost, ipath, iquery, ifragment'],
  ['http://例え.テスト/', 'RFC 3987 2.2: ucschar in ireg-name'],
  ['a:b?\uE000', 'RFC 3987 2.2: iprivate in iquery'],
  ['a:\u00A0', 'RFC 3987 2.2: ucschar begins at U+00A0'],
  ['http://01.2.3.4/', 'RFC 3987 2.2: a ireg-name, as in RFC 3986'],
  ['foo:', 'RFC 3987 2.2: ihier-part may be ipath-empty'],
  ['a:\u{10000}', 'RFC 3987 2.2: ucschar %x10000-1FFFD'],
];

const IRI_INVALID: Cases = [
  ['a:\uE000', 'RFC 3987 2.2: iprivate only in iquery'],
  ['a:b#\uE000', 'RFC 3987 2.2: iprivate only in iquery, not in ifragment'],
  ['http://[::ffff:01.2.3.4]/', 'RFC 3987 2.2: IP-literal is RFC 3986\'s: no leading zero'],
  ['http://[é]/', 'RFC 3987 2.2: IP-literal is ASCII'],
  ['a:b c', 'RFC 3987 2.2: a space is in no rule'],
  ['a:\\', 'RFC 3987 2.2: "\\" is in no rule'],
  ['a:b#c#d', 'RFC 3987 2.2: ifragment has no "#"'],
  ['é', 'RFC 3987 2.2: an IRI has a scheme'],
  ['a:\uFDD0', 'RFC 3987 2.2: ucschar skips %xFDD0-FDEF'],
  ['a:\uFFFF', 'RFC 3987 2.2: ucschar ends at %xFFEF in the BMP'],
  ['a:\u0080', 'RFC 3987 2.2: U+0080 to U+009F are controls, not ucschar'],
  ['a:\uD800', 'RFC 3987 2.2: a lone surrogate is no character'],
];

const IRI_REFERENCE_ONLY: Cases = [
  ['', 'RFC 3987 2.2: irelative-ref with ipath-empty'],
  ['ö', 'RFC 3987 2.2: ipath-noscheme'],
  ['//é/', 'RFC 3987 2.2: iauthority with ucschar'],
  ['#ä', 'RFC 3987 2.2: an ifragment alone'],
];

const IRI_REFERENCE_INVALID: Cases = [
  ['a b', 'RFC 3987 2.2: a space is in no rule'],
  ['ö#c#d', 'RFC 3987 2.2: ifragment has no "#"'],
  ['\u0080', 'RFC 3987 2.2: not ucschar'],
  ['?\uE000#\uE000', 'RFC 3987 2.2: iprivate only in iquery'],
];

function expectAll(format: FormatName, cases: Cases, valid: boolean): void {
  const wrong = cases.filter(([input]) => validators[format](input) !== valid || formats[format](input) !== valid);
  expect(wrong).toEqual([]);
}

describe('ajv 8 (draft 2020-12) with addFormats: JSON Schema 2020-12 Validation 7.3.5', () => {
  it('"uri" is RFC 3986 URI', () => {
    expectAll('uri', URI_VALID, true);
    expectAll('uri', URI_INVALID, false);
    expectAll('uri', REFERENCE_ONLY, false);
  });

  it('"uri-reference" is RFC 3986 URI-reference: a URI or a relative reference', () => {
    expectAll('uri-reference', URI_VALID, true);
    expectAll('uri-reference', REFERENCE_ONLY, true);
    expectAll('uri-reference', REFERENCE_INVALID, false);
  });

  it('"iri" is RFC 3987 IRI; every URI is an IRI', () => {
    expectAll('iri', IRI_VALID, true);
    expectAll('iri', IRI_INVALID, false);
    expectAll('iri', URI_VALID, true);
    expectAll('iri', IRI_REFERENCE_ONLY, false);
  });

  it('"iri-reference" is RFC 3987 IRI-reference; every URI reference is an IRI reference', () => {
    expectAll('iri-reference', IRI_VALID, true);
    expectAll('iri-reference', IRI_REFERENCE_ONLY, true);
    expectAll('iri-reference', REFERENCE_ONLY, true);
    expectAll('iri-reference', IRI_REFERENCE_INVALID, false);
  });

  it('Unicode is valid only under the iri formats', () => {
    const unicode = 'http://例え.テスト/ö';
    // ... and "uri-template": RFC 6570 2.1, a literal may be a ucschar.
    expect(FORMAT_NAMES.map((f) => validators[f](unicode))).toEqual([false, false, true, true, true]);
  });

  it('the same text is a valid reg-name outside brackets and invalid inside', () => {
    expect(FORMAT_NAMES.map((f) => validators[f]('http://01.2.3.4/'))).toEqual([true, true, true, true, true]);
    // A template's literals are characters, not a URI's components (RFC 6570 2.1): "[" and "]" are literals.
    expect(FORMAT_NAMES.map((f) => validators[f]('http://[::ffff:01.2.3.4]/'))).toEqual([false, false, false, false, true]);
  });

  it('a format applies to strings only: other types are valid (2020-12 Validation 7.1)', () => {
    const untyped = addFormats(new Ajv2020({ strictTypes: false })).compile({ format: 'uri' });
    expect([42, null, true, {}, ['a b'], 'a b'].map((x) => untyped(x))).toEqual([true, true, true, true, true, false]);
  });

  it('works in a schema: the error names the format and the property', () => {
    const validate = ajv.compile({ type: 'object', properties: { homepage: { type: 'string', format: 'uri' } } });
    expect(validate({ homepage: 'https://example.com/' })).toBe(true);
    expect(validate({ homepage: 'example.com' })).toBe(false);
    expect(validate.errors).toMatchObject([{ instancePath: '/homepage', keyword: 'format', params: { format: 'uri' } }]);
  });
});

describe('"uri-template": JSON Schema 2020-12 Validation 7.3.6, a URI Template of any level (RFC 6570)', () => {
  it.each([
    ['http://example.com/{id}', true, 'Level 1'],
    ['/search{?q,lang}', true, 'Level 3'],
    ['/users/{id}{/path*}', true, 'Level 4'],
    ['no expression at all', false, 'RFC 6570 2.1: SP is not a literal'],
    ['plain/path', true, 'literals only are a template'],
    ['{unclosed', false, 'RFC 6570 2.2: an expression ends with "}"'],
    ['{=path}', false, 'RFC 6570 2.2: "=" is reserved for future extensions, and a processor refuses it (Appendix A)'],
    ['{var:10000}', false, 'RFC 6570 2.4.1: max-length < 10000'],
    ['{keys:1}', true, 'syntax only: whether keys is composite is known at expansion'],
  ] as const)('%j is %s (%s)', (input, valid, _why) => {
    expect(validators['uri-template'](input)).toBe(valid);
    expect(uriTemplate(input)).toBe(valid);
  });
});

describe('addFormats', () => {
  it('returns the instance, registers only the formats asked for, replacing ajv-formats\' of the same name', () => {
    const only = new Ajv2020();
    expect(addFormats(only, { formats: ['iri'] })).toBe(only);
    expect(only.compile({ type: 'string', format: 'iri' })('http://é/')).toBe(true);
    expect(() => only.compile({ type: 'string', format: 'uri' })).toThrow(/unknown format "uri"/);
  });

  it('refuses bad options and what is not an ajv instance', () => {
    // JSON Schema's five, then the schemes' formats of grammar/registry.json (urn, data-url, and any a grammar added by
    // docs/adding-a-grammar.md names).
    expect(() => addFormats(new Ajv2020(), { formats: ['url'] } as never)).toThrow(/addFormats: option formats must hold only "uri", "uri-reference", "iri", "iri-reference", "uri-template", "urn", "data-url"(, "[a-z0-9-]+")*, got "url"/);
    expect(() => addFormats(new Ajv2020(), { format: ['uri'] } as never)).toThrow(/addFormats: unknown option "format"/);
    expect(() => addFormats({} as never)).toThrow(TypeError);
    expect(() => addFormats(null as never)).toThrow(/addFormats expects an ajv instance/);
  });
});

describe('the predicates', () => {
  it('are the formats, for other validators', () => {
    expect([uri('foo:'), uri(''), uriReference(''), iri('a:é'), iriReference('é'), iri('é'), uriTemplate('{x}'), uriTemplate('{x')]).toEqual([true, false, true, true, true, false, true, false]);
    expect(formats['uri-template']).toBe(uriTemplate);
    expect(formats.uri).toBe(uri);
    expect(formats['iri-reference']).toBe(iriReference);
  });

  it('throw a TypeError for what is not a string', () => {
    expect(() => uri(42 as never)).toThrow(/the uri format checks strings, got number/);
    expect(() => iriReference(undefined as never)).toThrow(TypeError);
  });
});

describe('bundles', () => {
  it('no size case of the core holds urigram/formats or urigram/eslint', () => {
    for (const c of CASES) expect([c.name, measure(c).inputs.filter((f) => /src\/(formats|eslint)\.js$/.test(f))]).toEqual([c.name, []]);
  }, 120_000);

  it("'urigram/formats' works bundled for a browser (ES module build, RFC 3987 given to useGrammar by the module)", () => {
    const out = bundle("import { iri, uri, uriTemplate } from 'urigram/formats'; export const run = () => [uri('a:b'), uri('a:é'), iri('a:é'), iri('a:\\uE000'), uriTemplate('{x}'), uriTemplate('{=x}')];", 'iife', 'bundled').outputFiles[0].text;
    const context = vm.createContext({});
    vm.runInContext(`${out}\nglobalThis.result = JSON.stringify(bundled.run());`, context);
    expect(JSON.parse((context as { result: string }).result)).toEqual([true, false, true, false, true, false]);
  });
});

describe('the docs/formats.md table of ajv-formats and urigram (scripts/compare-formats.ts)', () => {
  it('is what the script writes now: run npm run compare:formats after changing either', () => {
    expect(readmeTable()).toBe(table());
  });

  it('shows the traps of the issue: fast accepts [::g], %zz, a second # and {b}; full rejects foo:', () => {
    const rows = table().split('\n');
    const row = (input: string) => rows.find((r) => r.startsWith(`| \`${input}\` |`));
    expect(row('foo:')).toMatch(/^\| `foo:` \| uri \| valid \| \*\*invalid\*\* \| valid \| §3:/);
    for (const input of ['http://[::g]', 'a:%zz', 'a:b#c#d', 'a:{b}']) expect(row(input)).toMatch(/\| both \| valid \| \*\*invalid\*\* \| \*\*invalid\*\* \| §/);
    expect(row('http://[::ffff:01.2.3.4]/')).toMatch(/\| both \| valid \| valid \| \*\*invalid\*\* \| §3\.2\.2/);
  });
});
