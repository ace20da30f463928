/**
 * Fixes that never change what a URI points to (issue 37, item 1): `lint --extract --fix` writes a
 * fix only where the URI's extent is certain. On generated documents (Markdown and HTML with links,
 * prose, code, templates, escapes, broken destinations, a URI against a code span or a
 * placeholder), with the normalization rules on: the fixed document has the same URIs in the same
 * places, each equivalent to the original (RFC 3986 section 6), the text between them byte for
 * byte the same, and a second --fix changes nothing. src/cli/lint-command's fixedText is what
 * --fix writes.
 */
import fc from 'fast-check';
import { equivalent, isValid, lint, type Diagnostic } from '../src';
import { extractDocument } from '../src/documents';
import { fixedText } from '../src/cli/lint-files';
import { readDocument } from '../src/cli/read-documents';
import { loadConfig } from '../src/cli/config';

const config = loadConfig({ noConfig: true, rules: [], cwd: process.cwd(), preset: 'normalize' });
const options = { preset: config.preset, rules: config.rules };
const lintOf = (uri: string): Diagnostic[] => lint(uri, options);

/** URIs with something to normalize, and some that are no URI at all. */
const URIS = [
  'HTTP://Example.COM',
  'http://a.example/%7euser/./x',
  'http://a.example:80',
  'http://npmjs.org',
  'https://A.example/a/../b?%2f#F',
  'http://exa mple.com/',
  'http://a.example/{{ x }}/b',
  'HTTP://B.example/{{x}}',
  'http://a.example/a|b',
  'http://\u00e9.example/',
  'mailto:A@B.example',
  'http://a.example:80{{ port }}',
];

const piece = fc.oneof(
  fc.tuple(fc.constantFrom(...URIS), fc.constantFrom(
    (u: string) => `[t](${u})`,
    (u: string) => `![i](${u} "title")`,
    (u: string) => `see ${u}.`,
    (u: string) => `see ${u}`,
    (u: string) => `(${u})`,
    (u: string) => `"${u}"`,
    (u: string) => `<${u}>`,
    (u: string) => `${u}\`code\``,
    (u: string) => `${u}\\_x`,
    (u: string) => `${u}{{ more }}`,
    (u: string) => `{{ base }}${u}`,
    (u: string) => `\`${u}\``,
    (u: string) => `<a href="${u}">a</a>`,
    (u: string) => `| \`${u}\\|\` | ${u} |`,
    (u: string) => `[r]: ${u}`,
  )).map(([u, make]) => make(u)),
  fc.constantFrom(' ', '\n', '\n\n', 'text ', '- ', '> ', '```\nHTTP://fenced.example\n```\n', '| a | b |\n|---|---|\n', '\\', '`', '{{', '}}'),
);

/** The URIs of a text as markdown (or HTML) reads them. */
const urisOf = (text: string, kind: 'markdown' | 'html') => extractDocument(text, { kind });
const matches = (uri: string): boolean => isValid(uri);

describe('--fix changes no URI into another and no byte outside a URI (property)', () => {
  it.each(['markdown', 'html'] as const)('%s', (kind) => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 25 }), (pieces) => {
        const text = pieces.join('');
        const fixed = fixedText(readDocument(`doc.${kind === 'markdown' ? 'md' : 'html'}`, { text, encoding: 'utf-8', bom: false }, {}), config, lintOf);
        const before = urisOf(text, kind);
        const after = urisOf(fixed, kind);
        expect(after.map((u) => u.kind)).toEqual(before.map((u) => u.kind));
        let b = 0;
        let a = 0;
        for (let k = 0; k < before.length; k++) {
          // The text between two URIs is as it was.
          expect(fixed.slice(a, after[k].start)).toBe(text.slice(b, before[k].start));
          const [x, y] = [before[k], after[k]];
          if (x.uri !== y.uri) {
            // A URI written otherwise is the same URI, and it was a valid one (no fix is written into a URI that is not).
            expect([x.uri, x.valid, y.valid, equivalent(x.uri, y.uri)]).toEqual([x.uri, true, true, true]);
          }
          b = x.end;
          a = y.end;
        }
        expect(fixed.slice(a)).toBe(text.slice(b));
        // A second --fix changes nothing.
        expect(fixedText(readDocument('doc.md', { text: fixed, encoding: 'utf-8', bom: false }, { kind }), config, lintOf)).toBe(fixed);
      }),
      { numRuns: 400 },
    );
  });

  /**
   * A paragraph around a URI: what is written before and after it, and what the author means by the URI there:
   * the text as rendered (an escape without its backslash, a code span's text, a placeholder's value that goes on
   * with the URI, a link destination whole).
   */
  interface Around {
    readonly before: string;
    readonly after: string;
    readonly meant: (uri: string) => string;
  }
  /** A placeholder's value: a digit, which goes on with a host, a port or a path alike. */
  const rendered = (uri: string): string => uri.replace(/\{\{[^}]*\}\}/g, '0');
  const AROUND: readonly Around[] = [
    { before: '[t](', after: ')', meant: (u) => u },
    // In prose a URI ends at whitespace (Appendix C): that much is what it means.
    { before: 'see ', after: '.', meant: (u) => u.split(' ')[0] },
    { before: '(', after: ')', meant: (u) => u.split(' ')[0] },
    { before: '"', after: '"', meant: (u) => u },
    { before: '<', after: '>', meant: (u) => u },
    { before: '<a href="', after: '">a</a>', meant: (u) => u },
    { before: 'see ', after: '\\_x', meant: (u) => `${u}_x`.split(' ').pop()! },
    { before: 'see ', after: '`.org/x`', meant: (u) => `${u}.org/x`.split(' ').pop()! },
    { before: 'see ', after: '{{ more }}', meant: (u) => `${u}.org/x`.split(' ').pop()! },
    { before: 'see ', after: '<b>.org</b>', meant: (u) => `${u}.org`.split(' ').pop()! },
    { before: '`', after: '`', meant: () => '' },
  ];

  it('what the author means by each URI stays what it was: equivalent where a fix was written (property)', () => {
    const piece = fc.tuple(fc.constantFrom(...URIS), fc.constantFrom(...AROUND));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), (pieces) => {
        const text = pieces.map(([u, a]) => `${a.before}${u}${a.after}`).join('\n\n');
        const fixed = fixedText(readDocument('doc.md', { text, encoding: 'utf-8', bom: false }, {}), config, lintOf);
        const paragraphs = fixed.split('\n\n');
        expect(paragraphs).toHaveLength(pieces.length);
        pieces.forEach(([u, a], k) => {
          const p = paragraphs[k];
          expect([p.startsWith(a.before), p.endsWith(a.after)]).toEqual([true, true]);
          const written = p.slice(a.before.length, p.length - a.after.length);
          if (written === u) return;
          const meant = rendered(a.meant(u));
          // A fix went in: the URI meant was a URI, and it is the same one.
          expect([u, a.before, a.after, written, matches(meant) && equivalent(meant, rendered(a.meant(written)))]).toEqual([u, a.before, a.after, written, true]);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('the cases of issue 37: a space in a link destination, a URI cut at an escape, a code span or a placeholder', () => {
    const fix = (text: string) => fixedText(readDocument('doc.md', { text, encoding: 'utf-8', bom: false }, {}), config, lintOf);
    expect(fix('[x](http://exa mple.com/)')).toBe('[x](http://exa mple.com/)');
    expect(fix('see http://a.example\\_b and http://b.example`x` and http://c.example{{ y }} and http://d.example.')).toBe('see http://a.example\\_b and http://b.example`x` and http://c.example{{ y }} and http://d.example/.');
    expect(fix('[npm](http://npmjs.org)')).toBe('[npm](http://npmjs.org/)');
  });
});

/** --fix on one file's text, as the command line writes it (the normalize preset: every safe fix on). */
const fixedFile = (name: string, text: string): string => fixedText(readDocument(name, { text, encoding: 'utf-8', bom: false }, {}), config, lintOf);

describe('where a URI goes on past what was read, nothing is fixed at its end (a reviewer\'s cases)', () => {
  it.each([
    // A string literal that the program joins to more: its value is not the URI.
    ['a.js', 'const a = "http://localhost:" + port + "/api";\n'],
    ['a.js', 'const b = "http://Example.COM" + "/x";\n'],
    ['a.php', '$u = "http://Example.COM" . $path;\n'],
    // Python and C join adjacent literals.
    ['b.py', 'a = "http://Example.COM" "/path"\n'],
    ['c.c', 'const char *u = "http://Example.COM"\n  "/path";\n'],
    // A YAML scalar whose next line goes on (folded or plain): the line break is a space of its value.
    ['c.yaml', 'folded: >\n  http://Example.COM\n  /continued\n'],
    ['c.yaml', 'plain: http://Example.COM\n  /multi-line-plain\n'],
  ])('%s: %j', (name, text) => {
    expect(fixedFile(name, text)).toBe(text);
  });

  it('quotes around words on one line are a quotation: the URI in them is fixed only where its end is not concerned', () => {
    // Appendix C read "HTTP://Example.COMisdown" over the spaces, and --fix wrote "/" into the prose.
    expect(fixedFile('q.md', 'The site "HTTP://Example.COM is down".\n')).toBe('The site "http://Example.COM is down".\n');
    expect(fixedFile('q.txt', 'The site "HTTP://Example.COM is down".\n')).toBe('The site "http://Example.COM is down".\n');
  });

  it.each([
    ['a.js', 'const ok = "http://Example.COM";\n', 'const ok = "http://example.com/";\n'],
    ['b.py', 'b = "http://Example.COM"\n', 'b = "http://example.com/"\n'],
    ['c.yaml', 'alone: http://Example.COM\nnext: x\n', 'alone: http://example.com/\nnext: x\n'],
    ['c.yaml', 'list:\n  - http://Example.COM\n  - b\n', 'list:\n  - http://example.com/\n  - b\n'],
    // A URI wrapped over lines in quotes (Appendix C's own case) is one URI, fixed.
    ['w.md', 'A "HTTP://A.example/very/\n  long" URI.\n', 'A "http://a.example/very/\n  long" URI.\n'],
  ])('and where it does not, the fix is written: %s %j', (name, text, fixed) => {
    expect(fixedFile(name, text)).toBe(fixed);
  });

  it('a scheme alone in a string literal is no URI to check, nor one joined to a host', () => {
    const found = (text: string) => extractDocument(text, { kind: 'source', name: 'a.js' }).map((u) => u.uri);
    expect(found('const h = "https://" + host;\nconst p = c ? "https://" : "http://";\n')).toEqual([]);
    expect(lint('https://').map((d) => d.code)).toEqual(['empty-host']);
    expect(extractDocument('const a = "http://localhost:" + port;\n', { kind: 'source', name: 'a.js' }).map((u) => [u.uri, u.cut === true])).toEqual([['http://localhost:', true]]);
  });
});
