/**
 * Source strings read as their language reads them (issue 46 item 2): a string literal's escapes decoded by its
 * language's rules (src/documents/escapes.ts) before the URI is judged, each decoded code unit placed at the escape
 * that made it, and no fix or suggestion where the value is not the text as written. The library's extraction
 * first, one case per language and escape kind; then `urigram lint --extract` as users run it (the built CLI).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { extractDocument, type DocumentUri } from '../src/documents';
import { decodeLiteral } from '../src/documents/escapes';
import { writtenAsIs } from '../src/documents/found';
import { lint } from '../src';
import { problems, spawnCli, writeIn } from './support/cli-project';

const found = (name: string, text: string): DocumentUri[] => extractDocument(text, { kind: 'source', name });
const urisOf = (name: string, text: string): string[] => found(name, text).map((u) => u.uri);

/** Each case: a file name, its text, and the URIs extraction finds in it (the values as the language has them). */
function expectUris(cases: ReadonlyArray<readonly [string, string, readonly string[]]>): void {
  for (const [name, text, expected] of cases) expect([name, text, urisOf(name, text)]).toEqual([name, text, expected]);
}

describe('escapes decoded by language', () => {
  it('JavaScript and TypeScript: \\\\, \\t, \\n, \\xHH, \\uHHHH, \\u{...}, legacy octal, a line continuation, "\\q" as "q"; template literals without ${}', () => {
    expectUris([
      ['a.js', 'f("http://a.example/x\\\\y");', ['http://a.example/x\\y']],
      ['a.ts', 'f("http://a.example/\\x41");', ['http://a.example/A']],
      ['a.ts', "f('http://a.example/\\u0041');", ['http://a.example/A']],
      ['a.js', 'f("http://a.example/\\u{41}");', ['http://a.example/A']],
      ['a.js', 'f("http://a.example/\\u{1F600}");', ['http://a.example/\u{1F600}']],
      ['a.js', 'f("http://a.example/\\101");', ['http://a.example/A']],
      ['a.js', 'f("http://a.example/\\q");', ['http://a.example/q']],
      ['a.js', 'f("see http://a.example/x\\nand more");', ['http://a.example/x']],
      ['a.js', 'f("see http://a.example/x\\tand more");', ['http://a.example/x']],
      ['a.js', 'f("http://a.example/long/\\\npath");', ['http://a.example/long/path']],
      ['a.jsx', 'f(`http://a.example/\\x41`);', ['http://a.example/A']],
      // A template literal with a substitution: the substitution is a hole, what is before it decoded.
      ['a.ts', 'f(`http://a.example/\\x41/${id}/x`);', ['http://a.example/A/']],
      // String.raw: no escapes.
      ['a.js', 'f(String.raw`http://a.example/\\x41`);', ['http://a.example/\\x41']],
    ]);
  });

  it('JSON: \\/, \\\\, \\uHHHH; an escape JSON does not have is kept as written', () => {
    expectUris([
      ['a.json', '{"u": "http:\\/\\/a.example\\/x"}', ['http://a.example/x']],
      ['a.json', '{"u": "http://a.example\\u0040b.example/"}', ['http://a.example@b.example/']],
      ['a.json', '{"u": "http://a.example/a\\\\b"}', ['http://a.example/a\\b']],
      ['a.json', '{"u": "http://a.example/\\q"}', ['http://a.example/\\q']],
    ]);
  });

  it('Python: \\xHH, octal, \\uHHHH, \\UHHHHHHHH, an unknown escape keeps its backslash; raw r"" as written; bytes b"" without \\u', () => {
    expectUris([
      ['a.py', 'u = "http://a.example/\\x41"', ['http://a.example/A']],
      ['a.py', "u = 'http://a.example/\\101'", ['http://a.example/A']],
      ['a.py', 'u = "http://a.example/\\u0041"', ['http://a.example/A']],
      ['a.py', 'u = "http://a.example/\\U00000041"', ['http://a.example/A']],
      ['a.py', 'u = "http://a.example/\\q"', ['http://a.example/\\q']],
      ['a.py', 'u = r"http://a.example/\\x41"', ['http://a.example/\\x41']],
      ['a.py', 'u = b"http://a.example/\\x41\\u0041"', ['http://a.example/A\\u0041']],
      ['a.py', 'u = f"http://a.example/\\x41/{x}"', ['http://a.example/A/']],
    ]);
  });

  it('Go: interpreted strings (\\xHH, three octal digits, \\uHHHH, \\UHHHHHHHH; others as written), raw backquoted ones as written', () => {
    expectUris([
      ['a.go', 'u := "http://a.example/\\x41"', ['http://a.example/A']],
      ['a.go', 'u := "http://a.example/\\101"', ['http://a.example/A']],
      ['a.go', 'u := "http://a.example/\\u0041\\U00000042"', ['http://a.example/AB']],
      ['a.go', 'u := "http://a.example/a\\\\b"', ['http://a.example/a\\b']],
      // Two octal digits are no Go escape: kept.
      ['a.go', 'u := "http://a.example/\\10"', ['http://a.example/\\10']],
      ['a.go', 'u := `http://a.example/\\x41`', ['http://a.example/\\x41']],
    ]);
  });

  it('Java: \\uHHHH (any number of "u"), octal, \\s, \\\\', () => {
    expectUris([
      ['A.java', 'String u = "http://a.example\\u0040b.example/";', ['http://a.example@b.example/']],
      ['A.java', 'String u = "http://a.example/\\uu0041";', ['http://a.example/A']],
      ['A.java', 'String u = "http://a.example/\\101";', ['http://a.example/A']],
      ['A.java', 'String u = "see http://a.example/x\\sand";', ['http://a.example/x']],
      ['A.java', 'String u = "http://a.example/a\\\\b";', ['http://a.example/a\\b']],
    ]);
  });

  it('C#: \\x of 1 to 4 digits, \\uHHHH, \\\\; verbatim @"" as written but "" for a quote', () => {
    expectUris([
      ['a.cs', 'var u = "http://a.example/\\x41";', ['http://a.example/A']],
      ['a.cs', 'var u = "http://a.example/\\x0041";', ['http://a.example/A']],
      ['a.cs', 'var u = "http://a.example/\\u0041";', ['http://a.example/A']],
      ['a.cs', 'var u = "http://a.example/a\\\\b";', ['http://a.example/a\\b']],
      ['a.cs', 'var u = @"http://a.example/a\\x41";', ['http://a.example/a\\x41']],
      ['a.cs', 'var u = @"http://a.example/""q""";', ['http://a.example/"q"']],
    ]);
  });

  it('PHP: \'...\' decodes only \\\\ and \\\'; "..." \\xH, octal, \\u{...}, and keeps the backslash of an unknown escape', () => {
    expectUris([
      ['a.php', "$u = 'http://a.example/\\x41';", ['http://a.example/\\x41']],
      ['a.php', "$u = 'http://a.example/a\\\\b';", ['http://a.example/a\\b']],
      ['a.php', '$u = "http://a.example/\\x41";', ['http://a.example/A']],
      ['a.php', '$u = "http://a.example/\\101";', ['http://a.example/A']],
      ['a.php', '$u = "http://a.example/\\u{41}";', ['http://a.example/A']],
      ['a.php', '$u = "http://a.example/\\q";', ['http://a.example/\\q']],
    ]);
  });

  it('Ruby: \'...\' decodes only \\\\ and \\\'; "..." \\xH, \\uHHHH, \\u{...}, and "\\q" is "q"', () => {
    expectUris([
      ['a.rb', "u = 'http://a.example/\\x41'", ['http://a.example/\\x41']],
      ['a.rb', "u = 'http://a.example/a\\\\b'", ['http://a.example/a\\b']],
      ['a.rb', 'u = "http://a.example/\\x41"', ['http://a.example/A']],
      ['a.rb', 'u = "http://a.example/\\u0041"', ['http://a.example/A']],
      ['a.rb', 'u = "http://a.example/\\u{41 42}"', ['http://a.example/AB']],
      ['a.rb', 'u = "http://a.example/\\q"', ['http://a.example/q']],
    ]);
  });

  it('C and C++: \\xH..., octal, \\uHHHH, \\?, a line splice; raw R"(...)" as written', () => {
    expectUris([
      ['a.c', 'char *u = "http://a.example/\\x41";', ['http://a.example/A']],
      ['a.c', 'char *u = "http://a.example/\\101";', ['http://a.example/A']],
      ['a.cpp', 'auto u = u8"http://a.example/\\u0041";', ['http://a.example/A']],
      ['a.h', 'char *u = "http://a.example/a\\?";', ['http://a.example/a?']],
      ['a.c', 'char *u = "http://a.example/lo\\\nng";', ['http://a.example/long']],
      ['a.cpp', 'auto u = R"(http://a.example/\\x41)";', ['http://a.example/\\x41']],
    ]);
  });

  it('the byte escapes of Go, C, PHP, Ruby and Python bytes are UTF-8: a well-formed run is its characters, an ill-formed byte its number\'s', () => {
    expectUris([
      // A fullwidth "ａ" (U+FF41) in three bytes: the host a browser maps to "a".
      ['a.go', 'u := "http://\\xef\\xbd\\x81.example/"', ['http://\uff41.example/']],
      ['a.php', '$u = "http://a.example/\\303\\251";', ['http://a.example/\u00e9']],
      ['a.rb', 'u = "http://a.example/\\xc3\\xa9"', ['http://a.example/\u00e9']],
      ['a.py', 'u = b"http://a.example/\\xf0\\x9f\\x98\\x80"', ['http://a.example/\u{1F600}']],
      ['a.c', 'char *u = "http://a.example/\\xc3\\xa9";', ['http://a.example/\u00e9']],
      // Ill-formed: each byte its number's character; JavaScript's and Python's str's \x is a character, not a byte.
      ['a.go', 'u := "http://a.example/\\xc3\\x41"', ['http://a.example/\u00c3A']],
      ['a.js', 'u = "http://a.example/\\xc3\\xa9"', ['http://a.example/\u00c3\u00a9']],
      ['a.py', 'u = "http://a.example/\\xc3\\xa9"', ['http://a.example/\u00c3\u00a9']],
    ]);
    // Each character at its first byte's escape.
    const [u] = found('a.go', 'u := "http://\\xef\\xbd\\x81.example/"');
    expect(u.offsets?.[7]).toBe('u := "http://'.length);
    expect(u.offsets?.[8]).toBe('u := "http://'.length + 12);
  });

  it('what a language refuses is kept as written, never a crash: a "\\x" without digits, a code point past U+10FFFF, a backslash at the end', () => {
    expect(decodeLiteral('a\\xZZ', 0, 'js').value).toBe('a\\xZZ');
    expect(decodeLiteral('a\\u{110000}', 0, 'js').value).toBe('a\\u{110000}');
    expect(decodeLiteral('a\\U0011FFFF', 0, 'py').value).toBe('a\\U0011FFFF');
    expect(decodeLiteral('a\\xFFFFFFFFFFFFFFFF', 0, 'c').value).toBe('a\\xFFFFFFFFFFFFFFFF');
    expect(decodeLiteral('a\\', 0, 'js').value).toBe('a\\');
    expect(decodeLiteral('a\\u{41 ', 0, 'rb').value).toBe('a\\u{41 ');
  });
});

describe('the payloads of issue 46: the value judged, not the text up to its first escape', () => {
  const payloads: Array<[string, string]> = [
    ['fetch("http://evil.example\\\\@good.example/");', 'http://evil.example\\@good.example/'],
    ['fetch("http:\\t//evil.example/");', 'http:\t//evil.example/'],
    ['fetch("ht\\ttp://evil.example/");', 'ht\ttp://evil.example/'],
    ['fetch("http://evil.example\\u0040good.example/");', 'http://evil.example@good.example/'],
    ['fetch("http://evil.example\\u{40}good.example/");', 'http://evil.example@good.example/'],
    ['fetch("http://evil.example\\x40good.example/");', 'http://evil.example@good.example/'],
    ['fetch(`http://evil.example\\x5c@good.example/`);', 'http://evil.example\\@good.example/'],
    ['fetch("http://good.example\\u002F@evil.example/");', 'http://good.example/@evil.example/'],
  ];

  it('each is one URI, the whole value, and lint reports it', () => {
    for (const [text, value] of payloads) {
      const got = found('a.js', text);
      expect([text, got.map((u) => [u.uri, u.kind, u.cut === true])]).toEqual([text, [[value, 'string', false]]]);
      if (value.includes('good.example/@')) continue; // its host is good.example: nothing to report
      expect([text, lint(value).length]).not.toEqual([text, 0]);
    }
  });

  it('the backslash payload in every language that decodes escapes, in each of its quotes', () => {
    const literal = '"http://evil.example\\\\@good.example/"';
    const cases: Array<[string, string]> = [
      ['a.ts', `fetch(${literal});`],
      ['a.json', `{"u": ${literal}}`],
      ['a.py', `get(${literal})`],
      ['a.go', `http.Get(${literal})`],
      ['A.java', `URI.create(${literal});`],
      ['a.cs', `new Uri(${literal});`],
      ['a.php', `file_get_contents(${literal});`],
      ['a.php', `file_get_contents(${literal.replace(/"/g, "'")});`],
      ['a.rb', `URI(${literal})`],
      ['a.rb', `URI(${literal.replace(/"/g, "'")})`],
      ['a.c', `curl_easy_setopt(c, CURLOPT_URL, ${literal});`],
    ];
    for (const [name, text] of cases) expect([name, text, urisOf(name, text)]).toEqual([name, text, ['http://evil.example\\@good.example/']]);
  });

  it('the shapes a browser reads as another host though no "//" follows the scheme, and the relative ones that begin with a slash and a backslash: taken whole', () => {
    const cases: Array<[string, string]> = [
      ['fetch("http:/\\\\evil.example/");', 'http:/\\evil.example/'],
      ['fetch("http:\\\\\\\\evil.example/");', 'http:\\\\evil.example/'],
      ['fetch("https:evil.example");', 'https:evil.example'],
      ['fetch("http:/evil.example");', 'http:/evil.example'],
      ['location.href = "/\\\\evil.example/";', '/\\evil.example/'],
      ['location.href = "\\\\/evil.example/";', '\\/evil.example/'],
      ['a.href = "java\\nscript:alert(1)";', 'java\nscript:alert(1)'],
      // Network-path references (RFC 3986 4.2): another host, "//0x7f.1/" a browser's 127.0.0.1; three slashes, an IP literal.
      ['fetch("//0x7f.1/");', '//0x7f.1/'],
      ['location.href = "///evil.example/";', '///evil.example/'],
      ['fetch("//[::1]:8080/");', '//[::1]:8080/'],
      ['location.href = "//@evil.example/";', '//@evil.example/'],
      ['location.href = "/\\t/ⓔⓥⓘⓛ.example/";', '/\t/ⓔⓥⓘⓛ.example/'],
      ['fetch("file:/\\\\evil.example/");', 'file:/\\evil.example/'],
    ];
    for (const [text, value] of cases) {
      expect([text, urisOf('a.js', text)]).toEqual([text, [value]]);
      // Two that only a reader of the host would flag: a plain IP literal, an empty userinfo.
      if (value !== '//[::1]:8080/' && value !== '//@evil.example/') expect([text, lint(value).length]).not.toEqual([text, 0]);
    }
    // Not these: a Windows share, a path, a label with a colon.
    for (const text of ['p = "\\\\\\\\server\\\\share";', 'p = "/api/v1";', 'p = "file:line";', 'p = "see: here";']) expect([text, urisOf('a.js', text)]).toEqual([text, []]);
  });

  it('the host-differential payloads of test/fixtures (issue 46 item 1), as JavaScript literals in four forms: each that lint reports is extracted whole', () => {
    const payloads = fs
      .readFileSync(path.join(__dirname, 'fixtures/host-differential/lint-payloads.txt'), 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'));
    const escaped = (p: string, keep: RegExp, escape: (c: string) => string) => Array.from(p, (c) => (keep.test(c) ? c : escape(c))).join('');
    const forms: Array<[string, (p: string) => string]> = [
      ['JSON.stringify', (p) => JSON.stringify(p)],
      ['\\u{...}', (p) => `'${escaped(p, /[A-Za-z0-9:/.]/, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)}'`],
      ['\\xHH', (p) => `"${escaped(p, /[A-Za-z0-9:/.]|[^\x00-\xff]/, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}"`],
      ['template literal', (p) => `\`${p.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$/g, '\\$')}\``],
    ];
    const missed: string[] = [];
    let checked = 0;
    for (const p of payloads) {
      if (!lint(p).some((d) => d.data?.hosts !== undefined || d.severity === 'error')) continue;
      for (const [form, literal] of forms) {
        checked++;
        const text = `fetch(${literal(p)});\n`;
        const got = urisOf('a.js', text);
        if (!got.includes(p)) missed.push(`${form}: ${text.trim()} -> ${JSON.stringify(got)}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missed).toEqual([]);
  });

  it('spaces in an authority that a browser reads past are the URI\'s; a message after a URI is not', () => {
    expect(urisOf('a.js', 'fetch("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/");')).toEqual(['http://1.1.1.1 &@2.2.2.2# @3.3.3.3/']);
    expect(urisOf('a.js', 'fetch("http://a b.example/");')).toEqual(['http://a b.example/']);
    expect(urisOf('a.js', 'log("https://a.example is down");')).toEqual(['https://a.example']);
    expect(urisOf('a.js', 'log("http://localhost:8080 unless you set PORT");')).toEqual(['http://localhost:8080']);
    expect(urisOf('a.js', 'log("see http://a.example/ and b@c");')).toEqual(['http://a.example/']);
    // A network-path reference is one URI (RFC 3986 4.2), read whole; lint finds nothing in a plain one.
    expect(urisOf('a.js', 'p = "//cdn.example/x.js";')).toEqual(['//cdn.example/x.js']);
    expect(lint('//cdn.example/x.js')).toEqual([]);
  });

  it('a list of URIs on lines of one string is read as prose, not taken for one URI with line breaks in it', () => {
    expect(urisOf('a.js', 'f("http://a.example/\\nhttp://b.example/");')).toEqual(['http://a.example/', 'http://b.example/']);
    // A line break at a value's end is a line printed: the URI ends before it.
    expect(found('a.js', 'print("http://a.example/\\n");').map((u) => [u.uri, u.valid])).toEqual([['http://a.example/', true]]);
  });
});

describe('places in the file', () => {
  it('each code unit of the value at the offset of what made it: its character, or its escape\'s backslash; the end where the last one\'s source ends', () => {
    const text = 'fetch("http://evil.example\\\\@good.example/");';
    const [u] = found('a.js', text);
    const at = text.indexOf('\\');
    expect(u.start).toBe(text.indexOf('http'));
    expect(u.end).toBe(text.lastIndexOf('"'));
    expect(u.offsets?.[19]).toBe(at);
    expect(u.offsets?.[20]).toBe(at + 2);
    // A URI without an escape in it keeps no offsets: it is the text as written.
    const [plain] = found('a.js', 'f("see http://a.example/x and \\n");');
    expect(plain.offsets).toBeUndefined();
  });

  it('writtenAsIs: a span that ends in a decoded backslash ("\\\\", two characters for one) is not the text as written', () => {
    const text = 'f("http://a.example/a\\\\");';
    const [u] = found('a.js', text);
    expect(u.uri).toBe('http://a.example/a\\');
    const k = u.uri.length - 1;
    expect(text[u.offsets![k]]).toBe('\\');
    expect(writtenAsIs(text, u, k, k + 1)).toBe(false);
    expect(writtenAsIs(text, u, k - 1, k)).toBe(true);
    // An insertion right after it is inside the escape: not a place in the text; one before it is.
    expect(writtenAsIs(text, u, k + 1, k + 1)).toBe(false);
    expect(writtenAsIs(text, u, k, k)).toBe(true);
    // A Markdown link destination's "&amp;": one "&" written with five.
    const doc = '[x](http://a.example/?a&amp;)';
    const [m] = extractDocument(doc, { kind: 'markdown' });
    expect(m.uri).toBe('http://a.example/?a&');
    expect(writtenAsIs(doc, m, m.uri.length - 1, m.uri.length)).toBe(false);
    expect(writtenAsIs(doc, m, m.uri.length - 2, m.uri.length - 1)).toBe(true);
  });
});

describe('urigram lint --extract on source files', () => {
  let project: string;
  // Every rule on (the normalization rules, off by default, are the fixes' examples), as test/lint-cli.test.ts runs it.
  const run = (args: string[]) => spawnCli([], [...args, '--preset=strict', '--rule=whatwg-differs=off'], project);

  beforeEach(() => {
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-escapes-'));
    fs.mkdirSync(path.join(project, '.git'));
  });

  afterEach(() => {
    fs.rmSync(project, { recursive: true, force: true });
  });

  it('reports the backslash payload at the escape\'s place in the file, and a finding after an escape at its column', () => {
    const text = ['const a = 1;', 'fetch("http://evil.example\\\\@good.example/");', 'g("http://a.example/\\u00e9/%zz");', 'h("http://b.example/\\', '%zz");', ''].join('\n');
    writeIn(project, 'a.js', text);
    const r = run(['lint', '--extract', 'a.js']);
    const lines = text.split('\n');
    expect(problems(r.stdout)).toEqual(
      expect.arrayContaining([
        `a.js:2:${lines[1].indexOf('\\') + 1} syntax`,
        // At the "z" that is no hex digit, counted in the file, past the six characters of "\u00e9".
        `a.js:3:${lines[2].indexOf('%zz') + 2} syntax`,
        // Past a line continuation, on the next line.
        'a.js:5:2 syntax',
      ]),
    );
    expect(r.status).toBe(1);
  });

  it('no fix where the span to fix is an escape, a fix where it is the text as written; no suggestion over an escape', () => {
    const text = ['f("\\x48TTP://a.example/");', 'g("HTTP://b.example/\\x41");', 'h("http://c.example/\\"q\\"");', 'i("\\x68tps://d.example/");', 'j("htps://e.example/\\x41");', ''].join('\n');
    writeIn(project, 'a.js', text);
    const r = run(['lint', '--extract', '--fix', 'a.js']);
    // The scheme of g is written as is, and fixed; that of f is "\x48TTP" in the file, and left.
    expect(fs.readFileSync(path.join(project, 'a.js'), 'utf8')).toBe(text.replace('HTTP://b', 'http://b'));
    const json = JSON.parse(run(['lint', '--extract', '--format', 'json', 'a.js']).stdout) as { results: Array<{ uri: string; diagnostics: Array<{ code: string; fix?: unknown; suggestions?: unknown[] }> }> };
    const byUri = new Map(json.results.map((x) => [x.uri, x.diagnostics]));
    const f = byUri.get('HTTP://a.example/')!.find((d) => d.code === 'uppercase-scheme');
    expect(f).toBeDefined();
    expect(f!.fix).toBeUndefined();
    const quoted = byUri.get('http://c.example/"q"')!.find((d) => d.code === 'unencoded-character');
    expect(quoted).toBeDefined();
    expect(quoted!.fix).toBeUndefined();
    const typoEscaped = byUri.get('htps://d.example/')!.find((d) => d.code === 'scheme-typo');
    expect(typoEscaped).toBeDefined();
    expect(typoEscaped!.suggestions).toBeUndefined();
    const typo = byUri.get('htps://e.example/A')!.find((d) => d.code === 'scheme-typo');
    expect(typo!.suggestions).toHaveLength(1);
    expect(r.status).toBe(0);
  });
});

describe('any text, any language: no crash, and every place in the file', () => {
  const FILES = ['a.js', 'a.ts', 'a.json', 'a.py', 'a.go', 'A.java', 'a.cs', 'a.php', 'a.rb', 'a.c', 'a.cpp', 'a.rs'];
  const PIECES = ['\\', '"', "'", '`', 'http://a.example/', 'x', '\\u{', '\\u', '\\x', '{', '}', '0', '7', 'f', 'F', '\n', '\r', '\t', ' ', '@', '$', '@"', 'r"', 'b"', 'R"(', ')"', '""', '%s', '\u2028'];

  it('a URI\'s offsets, one per code unit, within [start, end) of the text, ascending; its start and end in the text', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FILES), fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (file, pieces) => {
        const text = pieces.join('');
        for (const u of found(file, text)) {
          expect(u.start).toBeLessThanOrEqual(u.end);
          expect(u.end).toBeLessThanOrEqual(text.length);
          if (u.offsets === undefined) {
            expect(text.slice(u.start, u.end)).toBe(u.uri);
            continue;
          }
          expect(u.offsets).toHaveLength(u.uri.length);
          for (let k = 0; k < u.offsets.length; k++) {
            expect(u.offsets[k]).toBeGreaterThanOrEqual(u.start);
            expect(u.offsets[k]).toBeLessThan(u.end);
            if (k > 0) expect(u.offsets[k]).toBeGreaterThanOrEqual(u.offsets[k - 1]);
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('linear time on hostile literals', () => {
  /**
   * A million characters each, what makes a decoder scan far: one long escape, runs of backslashes before "u{",
   * escapes that never close, tabs in a URI. As in test/documents.test.ts, no time is measured: each runs and
   * then yields, so that the timeout fails a quadratic one (hours); a linear one takes about a second.
   */
  const M = 1_000_000;
  const FAMILIES: Array<[string, string, (n: number) => string, number]> = [
    ['one C \\x escape of a million hex digits', 'a.c', (n) => `"http://a.example/\\x${'f'.repeat(n)}"`, 1],
    ['one \\u{...} of a million zeros', 'a.js', (n) => `"http://a.example/\\u{${'0'.repeat(n)}41}"`, 1],
    ['Ruby \\u{ that never closes, many times', 'a.rb', (n) => `"http://a.example/${'\\u{41 42 '.repeat(n / 10)}"`, 1],
    ['runs of backslashes before u{', 'a.js', (n) => `"http://a.example/${'\\\\\\\\\\u{41}'.repeat(n / 11)}"`, 1],
    ['escapes in a literal read as prose', 'a.py', (n) => `"see http://a.example/${'\\x41'.repeat(n / 4)} x"`, 1],
    ['one run of UTF-8 byte escapes', 'a.go', (n) => `"http://a.example/${'\\xc3\\xa9'.repeat(n / 8)}"`, 1],
    ['byte escapes that never make a character', 'a.c', (n) => `"http://a.example/${'\\xc3'.repeat(n / 4)}"`, 1],
    ['tabs between the parts of one URI', 'a.go', (n) => `"http:${'\\t'.repeat(n / 2)}//a.example/"`, 1],
    ['line breaks between URIs', 'a.java', (n) => `"${'http://a.example/\\n'.repeat(n / 19)}x"`, Math.floor(M / 19)],
  ];

  it.each(FAMILIES)('%s: read in linear time', async (_name, file, make, expected) => {
    const found = extractDocument(make(M), { kind: 'source', name: file });
    await new Promise((done) => setTimeout(done, 0));
    expect(found).toHaveLength(expected);
  }, 120_000);
});
