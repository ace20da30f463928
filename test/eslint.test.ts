/**
 * urigram/eslint: the valid-uri rule through ESLint's RuleTester, the same
 * cases with ESLint 9 (the `eslint` dev dependency) and ESLint 10 (`eslint10`,
 * an alias), every position and every option, valid and invalid; the exact
 * source range of a report through the literal's escapes; fixes and
 * suggestions; and the recommended config through Linter.
 */
import { Linter as Linter9, RuleTester as RuleTester9 } from 'eslint';
import { Linter as Linter10, RuleTester as RuleTester10 } from 'eslint10';
import plugin from '../src/eslint';
import { jsonRuleTesterFailures } from './support/eslint-json';

const rule = plugin.rules['valid-uri'];
const jsx = { parserOptions: { ecmaFeatures: { jsx: true } } };

/** Where `part` (its first occurrence after `from`) is in `code`: what a report on exactly those characters has. */
function at(code: string, part: string, from = 0): { line: number; column: number; endLine: number; endColumn: number } {
  const start = code.indexOf(part, from);
  if (start < 0) throw new Error(`${JSON.stringify(part)} is not in ${JSON.stringify(code)}`);
  const pos = (offset: number) => {
    const before = code.slice(0, offset).split(/\r\n|\r|\n/);
    return { line: before.length, column: before[before.length - 1].length + 1 };
  };
  const s = pos(start);
  const e = pos(start + part.length);
  return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
}

/** A report of `code` (the lint code) on exactly `part` of the test's source (the first after `from`, by default the first string's opening quote). */
const err = (code: string, source: string, part: string, from = source.search(/['"`]/), extra: object = {}) => ({ message: new RegExp(`\\(${code}\\)$`), ...at(source, part, from), ...extra });

/** The one suggestion of a report: the source as it becomes. */
const suggests = (output: string) => ({ suggestions: [{ messageId: 'fix', output }] });
/** A syntax report on the space of `part` whose suggestion percent-encodes it. */
const space = (source: string, part: string) => err('syntax', source, ' ', source.indexOf(part), suggests(source.replace(part, part.replace(' ', '%20'))));

interface Invalid {
  code: string;
  options?: unknown[];
  errors: object[];
  output?: string | null;
  languageOptions?: object;
  name?: string;
}

const valid: Array<string | { code: string; options?: unknown[]; languageOptions?: object }> = [
  // positions, valid strings
  "new URL('https://example.com/a?b#c')",
  "new URL('../g', 'http://a/b/c/d')",
  "URL.canParse('mailto:a@example.com')",
  "URL.parse('urn:isbn:0451450523')",
  "fetch('/api/items?page=2')",
  'fetch(`https://example.com/`)',
  "const o = { url: 'https://example.com/', homepageUrl: 'https://example.com/', href: '#top' }",
  "location.href = 'https://example.com/'",
  { code: '<a href="https://example.com/" src="/x.png" />', languageOptions: jsx },
  // not URI positions, or not literals
  "foo('a b')",
  "const s = 'a b'",
  "const o = { name: 'a b', title: `a b` }",
  'fetch(`http://a/${path} b`)',
  'fetch(address)',
  "new Foo('a b')",
  "o[url] = 'a b'",
  { code: '<a title="a b" data-href="a b" />', languageOptions: jsx },
  "axios.get('a b')",
  // options that allow
  { code: "fetch('a b')", options: [{ codes: { syntax: 'off' } }] },
  { code: "fetch('HTTP://a/')", options: [{}] }, // info (uppercase-scheme) is below the default report level
  { code: "fetch('ftp://u:pw@h/')", options: [{ report: 'error' }] }, // password-in-userinfo is a warning
  { code: "fetch('http://é/')", options: [{ grammar: 'rfc3987' }] },
  { code: "fetch('https://a/'); fetch('/relative'); fetch('HTTPS://a/')", options: [{ schemes: ['https'] }] },
  { code: "fetch('http://a/')", options: [{ schemes: ['https'], codes: { 'disallowed-scheme': 'off' } }] },
  { code: "const o = { url: 'a b', link: 'http://a/' }", options: [{ properties: '^link$' }] },
  { code: '<a href="a b" />', options: [{ jsxAttributes: ['to'] }], languageOptions: jsx },
  { code: "fetch('http://a/b')", options: [{ rule: 'URI' }] },
];

const s = {
  newUrl: "new URL('http://a b/')",
  canParse: "URL.canParse('a:%zz')",
  urlParse: "URL.parse('a:b#c#d')",
  base: "new URL('g', 'http://[::g]/')",
  fetch: "fetch('http://a/%zz')",
  globalFetch: "globalThis.fetch('a b'); window.fetch('c d')",
  property: "const o = { url: 'a b', 'href': 'c d', imageUrl: 'e f', baseURL: 'g h', endpoint: 'i j' }",
  assignment: "location.href = 'a b'",
  jsxString: '<a href="a b" />',
  jsxExpression: "<img src={'a b'} />",
  jsxTemplate: '<form action={`a b`} />',
  callee: "axios.get('a b'); open('c d')",
  customProperty: "const o = { link: 'a b' }",
  customJsx: '<Link to="a b" />',
  ruleUri: "fetch('/relative')",
  grammar: "fetch('http://é/ a')",
  schemes: "fetch('http://a/')",
  unicodeEscape: 'fetch("http://a\\u0020b/")',
  backslash: "fetch('http://a/\\\\ b')",
  continuation: "fetch('http://a/\\\nb c')",
  codePointEscape: 'fetch("http://a/\\u{1F600}")',
  jsxEntity: '<a href="http://a/&amp;b c" />',
  templateCrlf: 'fetch(`a\r\nb`)',
};

const invalid: Invalid[] = [
  { code: s.newUrl, errors: [err('syntax', s.newUrl, ' ')] },
  { code: s.canParse, errors: [err('syntax', s.canParse, 'z')] },
  // A second "#": a form browsers accept (issue 37), with its triplet as the suggestion.
  { code: s.urlParse, errors: [err('unencoded-character', s.urlParse, '#', s.urlParse.indexOf('#') + 1, suggests("URL.parse('a:b#c%23d')"))] },
  { code: s.base, errors: [err('syntax', s.base, 'g', 20)] },
  { code: s.fetch, errors: [err('syntax', s.fetch, 'z')] },
  { code: s.globalFetch, errors: [space(s.globalFetch, 'a b'), space(s.globalFetch, 'c d')] },
  {
    code: s.property,
    errors: ['a b', 'c d', 'e f', 'g h', 'i j'].map((v) => space(s.property, v)),
  },
  { code: s.assignment, errors: [space(s.assignment, 'a b')] },
  { code: s.jsxString, errors: [space(s.jsxString, 'a b')], languageOptions: jsx },
  { code: s.jsxExpression, errors: [space(s.jsxExpression, 'a b')], languageOptions: jsx },
  { code: s.jsxTemplate, errors: [space(s.jsxTemplate, 'a b')], languageOptions: jsx },
  { code: s.callee, options: [{ callees: ['axios.get', 'open'] }], errors: [space(s.callee, 'a b'), space(s.callee, 'c d')] },
  { code: s.customProperty, options: [{ properties: '^link$' }], errors: [space(s.customProperty, 'a b')] },
  { code: s.customJsx, options: [{ jsxAttributes: ['to'] }], errors: [space(s.customJsx, 'a b')], languageOptions: jsx },
  // rule: a relative reference is no URI; the parse stops at its first character
  { code: s.ruleUri, options: [{ rule: 'URI' }], errors: [{ message: /invalid URI at offset 0.*\(syntax\)$/, ...at(s.ruleUri, '/') }] },
  // grammar rfc3987: "é" is fine, the space is not
  { code: s.grammar, options: [{ grammar: 'rfc3987' }], errors: [{ message: /invalid IRI-reference at offset 9: .*\(syntax\)$/, ...at(s.grammar, ' ') }] },
  // schemes
  // schemes: lint's own option, reported under its code disallowed-scheme
  { code: s.schemes, options: [{ schemes: ['https', 'mailto'] }], errors: [{ message: 'the scheme "http" is not one of the allowed schemes: https, mailto (disallowed-scheme)', ...at(s.schemes, 'http') }] },
  { code: s.schemes, options: [{ schemes: [] }], errors: [{ message: 'the scheme "http" is not allowed: the list of allowed schemes is empty (disallowed-scheme)', ...at(s.schemes, 'http') }] },
  { code: s.schemes, options: [{ schemes: ['https'], codes: { 'disallowed-scheme': 'warning' } }], errors: [{ message: /\(disallowed-scheme\)$/, ...at(s.schemes, 'http') }] },
  { code: "fetch('http://é/')", options: [{ schemes: ['https'], grammar: 'rfc3987' }], errors: [{ message: /"http" is not one of the allowed schemes: https \(disallowed-scheme\)$/, ...at("fetch('http://é/')", 'http') }] },
  // codes: a grade raised into the reported ones
  {
    code: "fetch('http://a:80/')",
    options: [{ codes: { 'default-port': 'warning' } }],
    errors: [{ message: /^80 is the default port of http: it can go \(default-port\)$/, ...at("fetch('http://a:80/')", ':80') }],
    output: "fetch('http://a/')",
  },
  // report: error alone; report: info adds the normalization diagnostics
  { code: "fetch('ftp://u:pw@h/ x')", options: [{ report: 'error' }], errors: [space("fetch('ftp://u:pw@h/ x')", '/ x')] },
  // the password's fix masks it, as redact() does: a suggestion, since the URI changes
  {
    code: "fetch('ftp://u:pw@h/')",
    errors: [{ message: /\(password-in-userinfo\)$/, ...at("fetch('ftp://u:pw@h/')", 'pw'), ...suggests("fetch('ftp://u:****@h/')") }],
  },
  // the exact range through escapes
  { code: s.unicodeEscape, errors: [err('syntax', s.unicodeEscape, '\\u0020')] },
  { code: s.backslash, errors: [err('syntax', s.backslash, '\\\\')] },
  { code: s.continuation, errors: [space(s.continuation, 'b c')] },
  // one escape, two UTF-16 units: lint() points at both (the syntax error first, as for a BMP character), the report covers the whole escape
  // An IRI: one finding (issue 37), not a syntax error as well.
  { code: s.codePointEscape, errors: [err('non-ascii', s.codePointEscape, '\\u{1F600}', undefined, { suggestions: [{ messageId: 'fix', output: 'fetch("http://a/%F0%9F%98%80")' }] })] },
  { code: s.jsxEntity, errors: [space(s.jsxEntity, 'b c')], languageOptions: jsx },
  { code: s.templateCrlf, errors: [err('syntax', s.templateCrlf, '\r\n')] },
  // fixes: equivalent rewrites (RFC 3986 6.2.2, 6.2.3) are fixes, escapes outside the fixed range are kept
  {
    code: "new URL('HTTP://\\x41.example:80/a/./b/%7e?%2f')",
    options: [{ report: 'info' }],
    errors: [
      err('uppercase-scheme', "new URL('HTTP://\\x41.example:80/a/./b/%7e?%2f')", 'HTTP'),
      err('uppercase-host', "new URL('HTTP://\\x41.example:80/a/./b/%7e?%2f')", '\\x41.example'),
      err('default-port', "new URL('HTTP://\\x41.example:80/a/./b/%7e?%2f')", ':80'),
      err('dot-segments', "new URL('HTTP://\\x41.example:80/a/./b/%7e?%2f')", '/a/./b/%7e'),
      err('lowercase-percent-encoding', "new URL('HTTP://\\x41.example:80/a/./b/%7e?%2f')", '%2f'),
    ],
    // ESLint applies in one pass only fixes that neither overlap nor touch: the port's, which begins where the host's ends, waits for the next pass
    output: "new URL('http://a.example:80/a/b/~?%2F')",
  },
  {
    code: "fetch('HTTP://a/\\u0062')",
    options: [{ report: 'info' }],
    errors: [err('uppercase-scheme', "fetch('HTTP://a/\\u0062')", 'HTTP')],
    output: "fetch('http://a/\\u0062')",
  },
  {
    code: 'fetch(`http://a/%7e`)',
    options: [{ report: 'info' }],
    errors: [err('percent-encoded-unreserved', 'fetch(`http://a/%7e`)', '%7e')],
    output: 'fetch(`http://a/~`)',
  },
  {
    code: '<a href="HTTP://a/" />',
    options: [{ report: 'info' }],
    errors: [err('uppercase-scheme', '<a href="HTTP://a/" />', 'HTTP')],
    output: '<a href="http://a/" />',
    languageOptions: jsx,
  },
  // suggestions: fixes that change what the string says
  {
    code: "fetch('a:b\\'c/é')",
    errors: [err('non-ascii', "fetch('a:b\\'c/é')", 'é', undefined, { suggestions: [{ messageId: 'fix', output: "fetch('a:b\\'c/%C3%A9')" }] })],
  },
  {
    code: "fetch('URL:http://a/')",
    errors: [err('url-prefix', "fetch('URL:http://a/')", 'URL:', undefined, { suggestions: [{ messageId: 'fix', output: "fetch('http://a/')" }] })],
  },
  // a finding's own suggestion (what the author probably meant: the "@" of a mailto address written "%40"), never a fix
  // (RuleTester fails a rule that fixes without an `output`): an ESLint suggestion with its message, through escapes
  {
    code: "fetch('mailto:joe%40example.org')",
    errors: [err('scheme-syntax', "fetch('mailto:joe%40example.org')", '%40', undefined, { suggestions: [{ desc: 'Write "@" for "%40": "%40" to "@" (scheme-syntax)', output: "fetch('mailto:joe@example.org')" }] })],
  },
  {
    code: "fetch('mailto:j\\x6fe%40example.org')",
    errors: [err('scheme-syntax', "fetch('mailto:j\\x6fe%40example.org')", '%40', undefined, { suggestions: [{ messageId: 'suggestion', output: "fetch('mailto:j\\x6fe@example.org')" }] })],
  },
  // and through an IRI's URI mapping (rfc3987), mapped back to the string
  {
    code: "fetch('mailto:jos\u00e9%40example.org')",
    options: [{ grammar: 'rfc3987' }],
    errors: [err('scheme-syntax', "fetch('mailto:jos\u00e9%40example.org')", '%40', undefined, { suggestions: [{ messageId: 'suggestion', output: "fetch('mailto:jos\u00e9@example.org')" }] })],
  },
  // rfc3987: ranges and fixes mapped back from the URI mapping; a fix over a non-ASCII character is dropped
  {
    code: "fetch('HTTP://h/é/%7e')",
    options: [{ grammar: 'rfc3987', report: 'info' }],
    errors: [err('uppercase-scheme', "fetch('HTTP://h/é/%7e')", 'HTTP'), err('percent-encoded-unreserved', "fetch('HTTP://h/é/%7e')", '%7e')],
    output: "fetch('http://h/é/~')",
  },
  {
    code: "fetch('http://h/é/../a')",
    options: [{ grammar: 'rfc3987', report: 'info' }],
    errors: [err('dot-segments', "fetch('http://h/é/../a')", '/é/../a')],
  },
];

describe.each([
  ['ESLint 9', RuleTester9],
  ['ESLint 10', RuleTester10],
])('valid-uri with %s', (_name, RuleTester) => {
  const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
  // eslint's and eslint10's RuleModule types are the same shape; RuleTester runs its own describe/it.
  tester.run('valid-uri', rule as never, { valid: valid as never, invalid: invalid as never });
});

describe.each([
  ['ESLint 9', Linter9],
  ['ESLint 10', Linter10],
])('the recommended config with %s', (_name, Linter) => {
  it('turns valid-uri on as an error, with the plugin under the name urigram', () => {
    const linter = new (Linter as typeof Linter9)({ configType: 'flat' });
    const messages = linter.verify("fetch('http://a b/'); fetch('http://a/')", [plugin.configs.recommended]);
    expect(messages.map((m) => [m.ruleId, m.severity, m.column])).toEqual([['urigram/valid-uri', 2, 16]]);
  });

  it('gives each finding its own severity: an error is an ESLint error, a warning an ESLint warning, an info nothing (issue 37, item 7)', () => {
    const linter = new (Linter as typeof Linter9)({ configType: 'flat' });
    const code = "fetch('http://a b/'); fetch('ftp://u:pw@h/'); fetch('http://a/x|y'); fetch('HTTP://A/')";
    const messages = linter.verify(code, [plugin.configs.recommended]);
    expect(messages.map((m) => [m.ruleId, m.severity, /\((\S+)\)$/.exec(m.message)?.[1]])).toEqual([
      ['urigram/valid-uri', 2, 'syntax'],
      ['urigram/uri-warnings', 1, 'password-in-userinfo'],
      ['urigram/uri-warnings', 1, 'unencoded-character'],
    ]);
    // The user maps them: one rule at one severity takes every finding from `report` up, as before.
    const mapped = linter.verify(code, [{ plugins: { urigram: plugin }, rules: { 'urigram/valid-uri': 'warn' } }]);
    expect(mapped.map((m) => [m.ruleId, m.severity])).toEqual([['urigram/valid-uri', 1], ['urigram/valid-uri', 1], ['urigram/valid-uri', 1]]);
    // Overriding a recommended rule's severity keeps its options (flat config): the errors, now as warnings.
    const override = linter.verify(code, [plugin.configs.recommended, { rules: { 'urigram/valid-uri': 'warn' } }]);
    expect(override.map((m) => [m.ruleId, m.severity])).toEqual([['urigram/valid-uri', 1], ['urigram/uri-warnings', 1], ['urigram/uri-warnings', 1]]);
  });

  it('the strict config: every rule of the strict preset, whatwg-differs and the infos too, the errors as errors and the rest as warnings', () => {
    const linter = new (Linter as typeof Linter9)({ configType: 'flat' });
    const code = "fetch('http://a b/'); fetch(\"http://h.example/?q='x'\"); fetch('HTTP://h.example/')";
    const found = (config: Linter9.Config) => linter.verify(code, [config]).map((m) => [m.ruleId, m.severity, /\((\S+)\)$/.exec(m.message)?.[1]]);
    expect(found(plugin.configs.strict)).toEqual([
      ['urigram/valid-uri', 2, 'syntax'],
      ['urigram/uri-warnings', 1, 'whatwg-differs'],
      ['urigram/uri-warnings', 1, 'uppercase-scheme'],
    ]);
    expect(found(plugin.configs.recommended)).toEqual([['urigram/valid-uri', 2, 'syntax']]);
  });

  it('keeps messages to about 120 characters, naming the rule a user would; the detail and the parser\'s rule path in data (issue 37, item 7)', () => {
    const linter = new (Linter as typeof Linter9)({ configType: 'flat' });
    // A rule that reports what valid-uri reports, keeping the descriptors: the data a message was made from.
    const reports: Array<{ data: Record<string, string> }> = [];
    const spy = {
      create: (context: Parameters<typeof rule.create>[0]) =>
        rule.create(Object.create(context, { report: { value: (d: { data: Record<string, string> }) => (reports.push(d), context.report(d as never)) } })),
    };
    const config = [{ plugins: { spy: { rules: { uri: { ...rule, ...spy } } } }, rules: { 'spy/uri': ['error', { report: 'info' }] as Linter9.RuleEntry } }];
    const long = `http://${'a'.repeat(80)}.EXAMPLE/${'b'.repeat(200)} c`;
    const messages = linter.verify(`fetch('http://h:port/'); fetch('http://a/{x} y'); fetch('HTTP://${'A'.repeat(100)}/'); fetch('${long}')`, config);
    for (const m of messages) expect(m.message.length).toBeLessThanOrEqual(120);
    expect(messages[0].message).toBe('invalid URI-reference at offset 9: expected DIGIT in port, found "p" (syntax)');
    expect(reports[0].data).toMatchObject({ code: 'syntax', severity: 'error', section: 'RFC 3986 3, 4', rulePath: 'URI-reference > URI > hier-part > authority > userinfo' });
    expect(reports[0].data.detail).toBe('invalid URI-reference at offset 9: expected DIGIT in port, found "p"');
    // A long list of what was expected: three, then "…"; the whole of it in data.detail.
    expect(messages[1].message).toBe('invalid URI-reference at offset 9: expected sub-delims, unreserved, "#", … in path-abempty, found "{" (syntax)');
    expect(reports[1].data.detail).toContain('"@" or end of input');
    expect(messages.some((m) => m.message.includes('…"'))).toBe(true);
  });

  it('cuts a long message at a word\'s end, with "…"; says a space in a host in words (issue 45, item 6)', () => {
    const linter = new (Linter as typeof Linter9)({ configType: 'flat' });
    const reports: Array<{ data: Record<string, string> }> = [];
    const spy = {
      create: (context: Parameters<typeof rule.create>[0]) =>
        rule.create(Object.create(context, { report: { value: (d: { data: Record<string, string> }) => (reports.push(d), context.report(d as never)) } })),
    };
    const config = [{ plugins: { spy: { rules: { uri: { ...rule, ...spy } } } }, rules: { 'spy/uri': ['error', { report: 'info' }] as Linter9.RuleEntry } }];
    const messages = linter.verify("fetch('http:/example.com/some/longer/path'); fetch('http://exa mple.com/'); fetch('https://https://example.com/a/b')", config);
    expect(messages.map((m) => / \(([a-z-]+)\)$/.exec(m.message)?.[1])).toEqual(['missing-slash', 'syntax', 'doubled-scheme']);
    const cut = messages[0].message.replace(/ \(missing-slash\)$/, '');
    expect(cut.endsWith('…')).toBe(true);
    const head = cut.slice(0, -1);
    const detail = reports[0].data.detail;
    // A prefix of the whole message that ends where a word ends (a space, or punctuation then a space, follows it).
    expect(detail.startsWith(head)).toBe(true);
    expect([head, /^[,;:]* /.test(detail.slice(head.length))]).toEqual([head, true]);
    expect(messages[0].message.length).toBeLessThanOrEqual(120);
    expect(messages[1].message).toBe('invalid URI-reference at offset 10: a space in the host name, which no host has (RFC 3986 3.2.2) (syntax)');
  });

  it('--fix reaches normalize()\'s result in passes, through the escapes', () => {
    const linter = new (Linter as typeof Linter9)({ configType: 'flat' });
    const config = [{ plugins: { urigram: plugin }, rules: { 'urigram/valid-uri': ['error', { report: 'info' }] as Linter9.RuleEntry } }];
    const fixed = linter.verifyAndFix("const o = { url: 'HTTP://\\x41.example:80/a/./b/%7e?%2f' }", config);
    expect([fixed.fixed, fixed.output, fixed.messages]).toEqual([true, "const o = { url: 'http://a.example/a/b/~?%2F' }", []]);
  });

  it('rejects an unknown option, and a properties pattern that is not a regular expression', () => {
    const linter = new (Linter as typeof Linter9)({ configType: 'flat' });
    const config = (options: object) => [{ plugins: { urigram: plugin }, rules: { 'urigram/valid-uri': ['error', options] as Linter9.RuleEntry } }];
    expect(() => linter.verify('x', config({ grammer: 'rfc3987' }))).toThrow(/grammer/);
    expect(() => linter.verify('x', config({ codes: { bogus: 'off' } }))).toThrow(/bogus/);
    expect(() => linter.verify("fetch('a b')", config({ properties: '(' }))).toThrow(/urigram\/valid-uri: option properties is not a regular expression/);
  });
});

describe('package-json, in ESLint\'s JSON language (@eslint/json, an ES module: run by node, on the build)', () => {
  const pkg = (fields: object) => JSON.stringify(fields);
  const q = {
    space: pkg({ homepage: 'https://a b/' }),
    relative: pkg({ homepage: '/docs' }),
    scp: pkg({ repository: { type: 'git', url: 'git@github.com:a/b.git' } }),
    escape: '{"bugs": {"url": "https://a/\\u0020"}}',
    bugsString: pkg({ bugs: 'http://a/%zz' }),
    fix: pkg({ homepage: 'HTTPS://a/' }),
    scheme: pkg({ homepage: 'http://a/' }),
  };
  const cases = {
    valid: [
      { code: pkg({ homepage: 'https://example.com/', repository: { type: 'git', url: 'git+https://github.com/a/b.git' }, bugs: { url: 'https://github.com/a/b/issues' } }), filename: 'package.json' },
      { code: pkg({ bugs: 'https://github.com/a/b/issues', repository: 'github:a/b', name: 'a b', description: 'x y' }), filename: 'package.json' },
      // An e-mail address as "bugs", which npm reads as { email }.
      { code: pkg({ bugs: 'bugs@example.com' }), filename: 'package.json' },
      { code: q.space, filename: 'other.json' },
    ],
    invalid: [
      { code: q.space, filename: 'package.json', errors: [err('syntax', q.space, ' ', q.space.indexOf('https'))] },
      { code: q.relative, filename: 'package.json', errors: [{ message: /invalid URI at offset 0/, ...at(q.relative, '/') }] },
      // An scp-style Git address: no URI, and the URIs of it suggested, git+ssh first (npm reads it; issue 45, item 6).
      {
        code: q.scp,
        filename: 'package.json',
        errors: [
          err('syntax', q.scp, '@', undefined, {
            suggestions: [
              { messageId: 'suggestion', output: pkg({ repository: { type: 'git', url: 'git+ssh://git@github.com/a/b.git' } }) },
              { messageId: 'suggestion', output: pkg({ repository: { type: 'git', url: 'ssh://git@github.com/a/b.git' } }) },
            ],
          }),
        ],
      },
      { code: q.escape, filename: 'package.json', errors: [err('syntax', q.escape, '\\u0020', undefined, suggests('{"bugs": {"url": "https://a/%20"}}'))] },
      { code: q.bugsString, filename: 'package.json', errors: [err('syntax', q.bugsString, 'z')] },
      { code: q.fix, filename: 'package.json', options: [{ report: 'info' }], errors: [err('uppercase-scheme', q.fix, 'HTTPS')], output: pkg({ homepage: 'https://a/' }) },
      { code: q.scheme, filename: 'package.json', options: [{ schemes: ['https'] }], errors: [{ message: /the scheme "http" is not one of the allowed schemes: https \(disallowed-scheme\)$/, ...at(q.scheme, 'http', q.scheme.indexOf(':')) }] },
      // A field that is no string is no URI: said.
      { code: pkg({ homepage: 5 }), filename: 'package.json', errors: [{ message: 'homepage must be a URI, a string; it is a number' }] },
      { code: pkg({ bugs: { url: null } }), filename: 'package.json', errors: [{ message: 'bugs.url must be a URI, a string; it is null' }] },
      { code: pkg({ bugs: 5, repository: [1], homepage: { url: 'x' } }), filename: 'package.json', errors: [{ message: 'bugs must be a URI, a string; it is a number' }, { message: 'repository must be a URI, a string; it is an array' }, { message: 'homepage must be a URI, a string; it is an object' }] },
      // A key written twice: the last one, as JSON.parse and npm read it.
      { code: '{"homepage": "http://a/", "homepage": "http://a b/"}', filename: 'package.json', errors: [{ message: /invalid URI at offset 8/ }] },
    ],
  };
  it.each(['eslint', 'eslint10'])('passes RuleTester with %s', (eslint) => {
    expect(jsonRuleTesterFailures(eslint, 'package-json', cases)).toEqual([]);
  }, 30_000);
});

describe('a message cut to its length never splits a character (a reviewer found a lone surrogate)', () => {
  it('cuts before a surrogate pair, not between its halves', () => {
    const linter = new Linter9({ configType: 'flat' });
    for (let pad = 0; pad < 4; pad++) {
      const uri = `http://x.com/${'a'.repeat(pad)}${'\u{1F600}'.repeat(40)}|`;
      const found = linter.verify(`fetch(${JSON.stringify(uri)});`, [{ plugins: { urigram: plugin }, rules: { 'urigram/valid-uri': ['error', { report: 'info' }] } }]);
      expect(found.length).toBeGreaterThan(0);
      for (const m of found) {
        expect(m.message.length).toBeLessThanOrEqual(120);
        expect([m.message, /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(m.message)]).toEqual([m.message, false]);
      }
    }
  });
});
