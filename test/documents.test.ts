/**
 * Document-aware extraction (src/documents/): Markdown through markdown-it,
 * HTML through htmlparser2, source code by string literal and comment, text by
 * Appendix C; each URI at its exact place in the text. The cases of issue 14
 * first, then each kind, the inline directives, and linear time on hostile
 * documents.
 */
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { directives, extractDocument, kindOfFile, suppressedBy, type DocumentKind, type DocumentUri } from '../src/documents';
import { extract } from '../src/lint/extract';
import { lint } from '../src';

const md = (text: string, code = false) => extractDocument(text, { kind: 'markdown', code });
const uris = (found: readonly DocumentUri[]) => found.map((u) => u.uri);

/** Each URI's text in the document, by its offsets: what the range says the URI is. */
function atOffsets(text: string, u: DocumentUri): string {
  return u.offsets ? Array.from(u.offsets, (o) => text[o]).join('') : text.slice(u.start, u.end);
}

describe('Markdown: the cases of issue 14', () => {
  it('a badge: the image and the link, each whole, not one URI across "](', () => {
    const text = '[![v](https://img.shields.io/x.svg?style=flat)](https://www.npmjs.com/package/x)\n';
    const found = md(text);
    expect(found.map((u) => [u.kind, u.uri])).toEqual([
      ['image', 'https://img.shields.io/x.svg?style=flat'],
      ['link', 'https://www.npmjs.com/package/x'],
    ]);
    for (const u of found) expect(text.slice(u.start, u.end)).toBe(u.uri);
  });

  it('a link followed by "\\]" or "-dependent" ends at its ")"', () => {
    expect(uris(md('[RFC 2616](https://www.ietf.org/rfc/rfc2616.txt)\\]'))).toEqual(['https://www.ietf.org/rfc/rfc2616.txt']);
    expect(uris(md('[scheme](https://en.wikipedia.org/wiki/URI_scheme)-dependent'))).toEqual(['https://en.wikipedia.org/wiki/URI_scheme']);
  });

  it('code spans are no URIs, and quoted words are not either', () => {
    expect(uris(md('Use `mode: fast` or "note: this".'))).toEqual([]);
    // Plain Appendix C, as before, takes both.
    expect(extract('Use `mode: fast` or "note: this"').map((f) => f.uri)).toEqual(['mode:fast', 'note:this']);
  });

  it('quotes never pair across a blank line', () => {
    const text = 'He said "note: the first\n\nparagraph ends, and another" starts.';
    expect(uris(md(text))).toEqual([]);
    expect(uris(extractDocument(text))).toEqual([]);
    // Within a paragraph, a URI broken across lines in quotes is still one (Appendix C).
    expect(uris(md('See "http://a.example/\n  b" here.'))).toEqual(['http://a.example/b']);
  });

  it('HTML in Markdown: an attribute value ends at its delimiter', () => {
    expect(uris(md('<a href=https://a.com/u>z</a> and <img src="http://b.com/i.png">'))).toEqual(['https://a.com/u', 'http://b.com/i.png']);
  });
});

describe('Markdown', () => {
  it('links, images, autolinks, reference definitions and bare URLs, at exact ranges', () => {
    const text = [
      '# Title with [a link](http://a.example/h)',
      '',
      '> A quote with ![an image](http://b.example/i.png "title") and <https://c.example/auto>.',
      '',
      '- a list item with [a reference][r] and http://d.example/bare.',
      '  1. nested: [x](<http://e.example/with space>)',
      '',
      '| col | col |',
      '| --- | --- |',
      '| [y](http://f.example/cell) | [y](http://g.example/cell) |',
      '',
      '[r]: http://h.example/def  "a title"',
      '',
    ].join('\n');
    const found = md(text);
    expect(found.map((u) => [u.kind, u.uri])).toEqual([
      ['link', 'http://a.example/h'],
      ['image', 'http://b.example/i.png'],
      ['autolink', 'https://c.example/auto'],
      ['text', 'http://d.example/bare'],
      ['link', 'http://e.example/with space'],
      ['link', 'http://f.example/cell'],
      ['link', 'http://g.example/cell'],
      ['definition', 'http://h.example/def'],
    ]);
    for (const u of found) {
      expect(u.offsets).toBeUndefined();
      expect(text.slice(u.start, u.end)).toBe(u.uri);
    }
  });

  it('escapes and character references are decoded, and each code unit mapped back', () => {
    const text = 'A [link](http://a.example/\\(x\\)?a=1&amp;b=2) here.';
    const [u] = md(text);
    expect(u.uri).toBe('http://a.example/(x)?a=1&b=2');
    expect(text.slice(u.start, u.end)).toBe('http://a.example/\\(x\\)?a=1&amp;b=2');
    expect(u.offsets).toHaveLength(u.uri.length);
    // Each decoded unit points at its escape's character, or at the "&" of its reference.
    expect(text[u.offsets![u.uri.indexOf('(')]]).toBe('(');
    expect(text[u.offsets![u.uri.indexOf('&')]]).toBe('&');
    expect(text.slice(u.offsets![u.uri.indexOf('b=')])).toMatch(/^b=2\)/);
  });

  it('code spans and code blocks are skipped, unless asked for', () => {
    const text = 'See `http://a.example/span` and\n\n```\nhttp://b.example/fenced\n```\n\n    http://c.example/indented\n\nhttp://d.example/prose\n';
    expect(uris(md(text))).toEqual(['http://d.example/prose']);
    const all = md(text, true);
    expect(all.map((u) => [u.uri, u.code])).toEqual([
      ['http://a.example/span', true],
      ['http://b.example/fenced', true],
      ['http://c.example/indented', true],
      ['http://d.example/prose', false],
    ]);
    for (const u of all) expect(text.slice(u.start, u.end)).toBe(u.uri);
  });

  it('a link whose text is a URI is one URI, the destination', () => {
    expect(uris(md('[http://a.example/](http://a.example/)'))).toEqual(['http://a.example/']);
  });

  it('CR LF line ends: offsets are in the text as given', () => {
    const text = 'Line one\r\n\r\n> [a](http://a.example/x)\r\n[r]: http://b.example/y\r\n';
    const found = md(text);
    expect(uris(found)).toEqual(['http://a.example/x', 'http://b.example/y']);
    for (const u of found) expect(text.slice(u.start, u.end)).toBe(u.uri);
  });

  it('a link label ends at its own "]": not at one escaped, in a code span or in raw HTML, or one a "[" opened', () => {
    // The inline parse skips runs of text up to where a rule can begin: these labels need it to stop at "\\", "`", "<", "!" and "[".
    const text = [
      '[a \\] b](http://a.example/1)',
      '[a `]` b](http://a.example/2)',
      '[a <span title="]"> b](http://a.example/3)',
      '*_~[a ! b: c & d](http://a.example/4)~_*',
      '[a ![b] c](http://a.example/5)',
      // Without a stop at "!", "[b](...)" would be read as a link inside the label, which a link cannot hold, and the outer link lost.
      '[a ![b](http://a.example/i) c](http://a.example/6)',
    ].join('\n\n');
    const found = md(text);
    expect(found.map((u) => [u.kind, u.uri])).toEqual([
      ['link', 'http://a.example/1'],
      ['link', 'http://a.example/2'],
      ['link', 'http://a.example/3'],
      ['link', 'http://a.example/4'],
      ['link', 'http://a.example/5'],
      ['image', 'http://a.example/i'],
      ['link', 'http://a.example/6'],
    ]);
    for (const u of found) expect(text.slice(u.start, u.end)).toBe(u.uri);
  });

  it('relative references in links are URI references too', () => {
    expect(uris(md('[docs](./docs/a.md#part) and [top](#top)'))).toEqual(['./docs/a.md#part', '#top']);
  });
});

describe('Markdown: issue 37', () => {
  it('a code span in a table cell with "\\|" is skipped, and a link there keeps its destination whole (item 4)', () => {
    const table = '| a | b |\n|---|---|\n';
    expect(uris(md(`${table}| \`http://h/a\\|b\` | x |\n`))).toEqual([]);
    const text = `${table}| \`http://h/a\` | [x](http://y\\|z) and \`a\\|b\` http://p.example/ |\n`;
    const found = md(text);
    expect(found.map((u) => [u.kind, u.uri])).toEqual([
      ['link', 'http://y|z'],
      ['text', 'http://p.example/'],
    ]);
    for (const u of found) expect(atOffsets(text, u)).toBe(u.uri.replace('|', '|'));
    expect(atOffsets(text, found[0])).toBe('http://y|z');
  });

  it('a link or code span inside an image\'s label is placed in the text, not in the label (markdown-it parses the label alone)', () => {
    const text = 'x ![a [b](http://in.example/) `http://code.example/`](http://img.example/)';
    const found = md(text);
    expect(found.map((u) => [u.kind, u.uri])).toEqual([
      ['link', 'http://in.example/'],
      ['image', 'http://img.example/'],
    ]);
    for (const u of found) expect(text.slice(u.start, u.end)).toBe(u.uri);
  });

  it('a link destination with whitespace is one URI over its whole extent, not the URI before the space (item 1)', () => {
    const text = 'See [x](http://exa mple.com/) and [y](./a b.md "title") and [z](<http://a/b c>).';
    const found = md(text);
    expect(found.map((u) => [u.kind, u.uri])).toEqual([
      ['link', 'http://exa mple.com/'],
      ['link', './a b.md'],
      ['link', 'http://a/b c'],
    ]);
    for (const u of found) expect(text.slice(u.start, u.end)).toBe(u.uri);
    // Text in parentheses that does not begin as a URI reference is no destination.
    expect(uris(md('[1](see below) and [2](a b)'))).toEqual([]);
  });

  it('a backslash escape ends an undelimited URI, which is cut there; in quotes it is not part of the URI', () => {
    const text = 'see http://b.example\\_c and "http://c.example/a\\_b" and http://d.example/ end';
    const found = md(text);
    expect(found.map((u) => [u.uri, u.cut === true])).toEqual([
      ['http://b.example', true],
      ['http://c.example/a_b', false],
      ['http://d.example/', false],
    ]);
    expect(atOffsets(text, found[1])).toBe('http://c.example/a_b');
  });

  it('a URI that runs into a code span, a link or inline HTML is cut; one that ends at whitespace or punctuation is not', () => {
    const cut = (text: string) => md(text).map((u) => [u.uri, u.cut === true]);
    expect(cut('http://a.example/`x` http://b.example/[l](http://l.example/) http://c.example/<b>x</b>')).toEqual([
      ['http://a.example/', true],
      ['http://b.example/', true],
      ['http://l.example/', false],
      ['http://c.example/', true],
    ]);
    expect(cut('see http://a.example. And (http://b.example) and http://c.example/\n')).toEqual([
      ['http://a.example', false],
      ['http://b.example', false],
      ['http://c.example/', false],
    ]);
  });

  it('URIs inside code spans are never reported, in any construct (property)', () => {
    // A code span holding a URI a linter would report, in a table cell (with "\\|"), a list, a block quote,
    // a list in a block quote, a heading, a link's text; the prose URI beside it is still found.
    const inner = fc.constantFrom('http://code.invalid/a\\|b', 'http://code.invalid/a b', 'HTTP://CODE.INVALID', 'http://code.invalid:80/x^y');
    const construct = fc.constantFrom(
      (c: string, p: string) => `| a | b |\n|---|---|\n| \`${c}\` | ${p} |\n`,
      (c: string, p: string) => `- item \`${c}\`\n- ${p}\n`,
      (c: string, p: string) => `> quote \`${c}\` and\n> ${p}\n`,
      (c: string, p: string) => `> - \`${c}\`\n>   ${p}\n`,
      (c: string, p: string) => `## \`${c}\` ${p}\n`,
      (c: string, p: string) => `[\`${c}\`](http://link.example/) ${p}\n`,
      (c: string, p: string) => `1. a\n\n   | x |\n   |---|\n   | \`${c}\` \\| ${p} |\n`,
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(construct, inner), { minLength: 1, maxLength: 6 }), (parts) => {
        const text = parts.map(([make, c]) => make(c, 'http://prose.example/')).join('\n');
        const found = md(text);
        expect(found.filter((u) => u.uri.toLowerCase().includes('code.invalid'))).toEqual([]);
        expect(found.filter((u) => u.uri === 'http://prose.example/')).toHaveLength(parts.length);
      }),
    );
  });

  /** markdown-it's own links and images, as it renders them (a reference link's destination is its definition's). */
  const reference = new MarkdownIt('default', { html: true, linkify: false });
  reference.normalizeLink = (u: string) => u;
  reference.validateLink = () => true;
  function rendered(text: string): string[] {
    const out: string[] = [];
    const walk = (tokens: ReturnType<MarkdownIt['parse']>) => {
      for (const t of tokens) {
        if (t.type === 'link_open') out.push(t.attrGet('href') ?? '');
        if (t.type === 'image') out.push(t.attrGet('src') ?? '');
        if (t.children) walk(t.children);
      }
    };
    walk(reference.parse(text, {}));
    return out.filter((x) => x !== '');
  }

  it('finds the links markdown-it renders, and no others, on bracket-heavy documents, long paragraphs included (property)', () => {
    // Pieces that make labels, nested labels, images in links, code spans, escapes, definitions and tables; long runs
    // of "[" and "![" make paragraphs past the length from which label scans are kept (src/documents/link-label.ts).
    const piece = fc.constantFrom('[', '[', ']', '(', ')', '!', 'a', ' ', '`', '\\', '<', '>', '](u)', '](v w)', '![', '\n', '|', '\n|-|-|\n', '\n- ', '> ', '[r]', '\n[r]: d\n', '<x:y>', '&amp;', '[['.repeat(300), '!['.repeat(300), ']'.repeat(50), '![[', '](u)]', '![a [b](c) d](u)');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        const found = extractDocument(text, { kind: 'markdown' });
        const all = new Set(found.filter((u) => u.kind !== 'text').map((u) => u.uri));
        const theirs = rendered(text);
        // Every destination markdown-it renders is found (a reference link's as its definition), and every link or image found is one it renders.
        expect(theirs.filter((x) => !all.has(x))).toEqual([]);
        expect(found.filter((u) => (u.kind === 'link' || u.kind === 'image') && !theirs.includes(u.uri) && !/\s/.test(u.uri)).map((u) => u.uri)).toEqual([]);
        // And each is where its range says, every code unit of it (escapes decoded, a reference one unit each).
        for (const u of found) if (!u.offsets) expect(text.slice(u.start, u.end)).toBe(u.uri);
      }),
      { numRuns: 300 },
    );
  });

  it('the same on long paragraphs of nested brackets, where label scans are kept and jumped over (property)', () => {
    // One paragraph of 1,500 to 4,000 characters: labels nested and closed, inner links, images, code spans, escapes.
    const piece = fc.constantFrom('[', '[', '[', ']', ']', '](u)', '](v)', '![', 'a', '`', '\\', '[a](w)', ']]', '[[');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1500, maxLength: 4000 }), (pieces) => {
        const text = pieces.join('');
        const found = extractDocument(text, { kind: 'markdown' }).filter((u) => u.kind === 'link' || u.kind === 'image');
        expect(found.map((u) => u.uri).sort()).toEqual(rendered(text).sort());
        for (const u of found) expect(text.slice(u.start, u.end)).toBe(u.uri);
      }),
      { numRuns: 60 },
    );
  });
});

describe('template placeholders (issue 37, item 5)', () => {
  const html = (text: string, options: { templates?: Array<'mustache' | 'jinja' | 'erb' | 'php' | 'interpolation' | 'uri-template'> } = {}) =>
    extractDocument(text, { kind: 'html', ...options }).map((u) => [u.uri, u.cut === true]);

  it('a URI is read up to the first placeholder and cut there; one that begins in or right after a placeholder is not read', () => {
    expect(html('<a href="{{ page_url }}">x</a><script src="{{ \'/a.js\' | url }}"></script>')).toEqual([]);
    expect(html('<a href="https://github.com/{{ owner }}/x">')).toEqual([['https://github.com/', true]]);
    expect(html('<a href="{{ base }}/a b">')).toEqual([]);
    expect(html('<a href="http://a.example/">')).toEqual([['http://a.example/', false]]);
  });

  it('each syntax: {{ }}, {{{ }}}, {% %}, {# #}, <% %>, <%= %>, <?php ?>, <?= ?>, ${...}, #{...}, {var}', () => {
    const forms = ['{{ x }}', '{{{ x }}}', "{% url 'a' %}", '{# c #}', '<% x %>', '<%= x %>', '<%- x %>', '<?php echo $x; ?>', '<?= $x ?>', '${x}', '#{x}', '{x}', '{?q,lang}'];
    for (const form of forms) expect(html(`<a href="http://a.example/p/${form}/q r">`)).toEqual([['http://a.example/p/', true]]);
  });

  it('in Markdown, text, and the strings of source code too; character references and escapes keep their places', () => {
    const text = 'See [a](https://a.example/{{ page.url }}) and [b]({{ site.url }}/b) and https://github.com/{{ owner }} and {% link c.md %}.';
    expect(md(text).map((u) => [u.uri, u.cut === true])).toEqual([
      ['https://a.example/', true],
      ['https://github.com/', true],
    ]);
    expect(extractDocument('visit http://a.example/<%= path %> now').map((u) => [u.uri, u.cut === true])).toEqual([['http://a.example/', true]]);
    // "https://" before a hole: nothing of the URI but its scheme is known, so it is not read.
    expect(extractDocument('url = f"https://{{ host }}/v1"; x = "https://example.com/{{ a }} b"', { kind: 'source', name: 'a.py' }).map((u) => [u.uri, u.cut === true])).toEqual([['https://example.com/', true]]);
    const ref = '<a href="http://a.example/&amp;{{ x }}">';
    const [u] = extractDocument(ref, { kind: 'html' });
    expect([u.uri, u.cut, atOffsets(ref, u)]).toEqual(['http://a.example/&', true, 'http://a.example/&']);
  });

  it('an RFC 6570 expression is a hole too: the URI Templates of API documentation', () => {
    const text = 'GET https://api.github.com/repos/{owner}/{repo}/issues{?state,labels} and https://a.example/{+path}/x';
    expect(extractDocument(text).map((u) => [u.uri, u.cut === true])).toEqual([
      ['https://api.github.com/repos/', true],
      ['https://a.example/', true],
    ]);
    // Braces around anything else are not an expression: JSON, a space, a quote.
    expect(extractDocument('see http://a.example/{"a": 1} and http://b.example/{a b}').map((u) => u.cut === true)).toEqual([false, false]);
    expect(html('<a href="http://a.example/{x}">', { templates: ['mustache'] })).toEqual([['http://a.example/{x}', false]]);
  });

  it('an elision ("...", "…") is a hole; a scheme alone ("http://" in "the http:// transport") is no URI in prose', () => {
    const text = 'the http:// and https:// transports; "ssh://..." URL; see https://github.com/.../issues and http://a/../b and [x](http://) and <a href="https://a.example/…">';
    expect(md(text).map((u) => [u.uri, u.kind, u.cut === true])).toEqual([
      ['https://github.com/', 'text', true],
      ['http://a/../b', 'text', false],
      ['http://', 'link', false],
      ['https://a.example/', 'attribute', true],
    ]);
    // Three dots between two letters or digits are a URI's own: GitHub compares two commits so.
    expect(md('See https://github.com/joyent/node/compare/975f1930b1...61e796decc and http://a.example/docs... and more').map((u) => [u.uri, u.cut === true])).toEqual([
      ['https://github.com/joyent/node/compare/975f1930b1...61e796decc', false],
      // At the end of a word, trailing punctuation, as Appendix C's reading leaves it off.
      ['http://a.example/docs', false],
    ]);
  });

  it('a syntax can be turned off; an unknown one is a TypeError', () => {
    expect(html('<a href="http://a.example/<%= x %>">', { templates: ['mustache'] })).toEqual([['http://a.example/<%= x %>', false]]);
    expect(html('<a href="http://a.example/{{ x }}">', { templates: [] })).toEqual([['http://a.example/{{ x }}', false]]);
    expect(() => extractDocument('x', { templates: ['smarty' as never] })).toThrow(TypeError);
  });

  it('an opener without its closer, or with one too far off, is no placeholder', () => {
    expect(html('<a href="http://a.example/{{x">')).toEqual([['http://a.example/{{x', false]]);
    expect(html(`<a href="http://a.example/{{${'x'.repeat(5000)}}}">`)).toHaveLength(1);
  });

  it('documentation placeholders (issue 45, item 3): "<name>", "<Your Name>" inside a URI and "{kebab-name}" are holes', () => {
    const read = (text: string, kind: DocumentKind = 'text', name?: string) => extractDocument(text, { kind, name }).map((u) => [u.uri, u.cut === true]);
    // As READMEs and API guides write them: the URI is checked up to the placeholder, and nothing at or past it.
    expect(read('git clone https://github.com/<your-name>/urigram.git && cd urigram')).toEqual([['https://github.com/', true]]);
    expect(read('Your site is at https://<Your Name>.github.io/blog/ once it is built.')).toEqual([]);
    expect(read('Write to mailto:<you>@example.com or call https://api.example.com/v1/users/<user id>/posts?key=<API key>.')).toEqual([['https://api.example.com/v1/users/', true]]);
    expect(read('GET https://api.example.com/v2/orgs/{org-slug}/members/{member_id}')).toEqual([['https://api.example.com/v2/orgs/', true]]);
    expect(read('## Setup\n\nClone https://github.com/<owner>/<repo>.git, then see [the guide](https://example.org/docs/{doc-name}).\n', 'markdown')).toEqual([
      ['https://github.com/', true],
      ['https://example.org/docs/', true],
    ]);
    expect(read('# Fork https://github.com/<your-username>/project first\nurl = "https://hooks.example.com/services/{team-id}/{channel-id}"\n', 'source', 'deploy.py')).toEqual([
      ['https://github.com/', true],
      ['https://hooks.example.com/services/', true],
    ]);
    // Not inside a URI: an HTML tag, angle brackets in a sentence; what follows them is read.
    expect(read('Done.<br>http://a.example/x and a <your-name> b http://b.example/')).toEqual([
      ['http://a.example/x', false],
      ['http://b.example/', false],
    ]);
    expect(read('Done.<br>http://a.example/x and <b>http://c.example/</b>', 'markdown')).toEqual([
      ['http://a.example/x', false],
      ['http://c.example/', true],
    ]);
    // Braces around what is no name stay to be reported: a GUID is a value (an ASP site's, in test/corpus/web-urls.txt).
    expect(read('see http://a.example/{-x}').map(([u]) => u)).toEqual(['http://a.example/{-x}']);
    expect(read('https://www.example.gov/index.asp?SEC={5B00AA02-CFA6-43A4-9CA3-6E0A11F4B7C3} and http://b.example/{1-3}')).toEqual([
      ['https://www.example.gov/index.asp?SEC={5B00AA02-CFA6-43A4-9CA3-6E0A11F4B7C3}', false],
      ['http://b.example/{1-3}', false],
    ]);
    // The syntax can be turned off as the others can.
    expect(extractDocument('https://github.com/<your-name>/x', { templates: ['mustache'] }).map((u) => u.uri)).toEqual(['https://github.com/<your-name>/x']);
  });

  it('documentation placeholders: each "<" and "{" is looked at a bounded distance (linear on runs of openers)', () => {
    const angles = `http://a.example/${'<a'.repeat(200_000)}`;
    expect(extractDocument(angles).map((u) => u.uri)).toHaveLength(1);
    const braces = `http://a.example/${'{a-'.repeat(200_000)}`;
    expect(extractDocument(braces)[0].uri.startsWith('http://a.example/{a-')).toBe(true);
    const long = `http://a.example/<${'a '.repeat(100_000)}>`;
    expect(extractDocument(long)[0].cut === true).toBe(false);
  });

  it('template files are read for what they render: page.html.j2 as HTML, post.njk, card.hbs, show.html.erb as HTML, nginx.conf.j2 as text', () => {
    expect(['page.html.j2', 'post.njk', 'card.hbs', 'show.html.erb', 'views.ejs', 'post.liquid', 'x.twig', 'README.md.j2', 'nginx.conf.j2', 'page.tmpl', 'app.js.erb'].map(kindOfFile)).toEqual([
      'html', 'html', 'html', 'html', 'html', 'html', 'html', 'markdown', 'text', 'text', 'source',
    ]);
    expect(kindOfFile('a.constructor')).toBe('text');
  });
});

describe('GFM table cells (issue 45): a pipe in a table row ends the cell', () => {
  const cells = (text: string) => md(text).map((u) => [u.uri, u.cut === true, text.slice(u.start, u.end)]);

  it('two URIs in one cell\'s text, split by a pipe: two URIs; a pipe right after a URI ends it, for certain', () => {
    expect(cells('| a | b |\n|---|---|\n| a | https://a.example/x|https://b.example/y |\n')).toEqual([
      ['https://a.example/x', false, 'https://a.example/x'],
      ['https://b.example/y', false, 'https://b.example/y'],
    ]);
    expect(cells('| a | b |\n|---|---|\n| x | https://c.example/|\n')).toEqual([['https://c.example/', false, 'https://c.example/']]);
    // Without the outer pipes, in the header row, and in a table inside a blockquote or a list item.
    expect(uris(md('a | b\n--|--\nhttps://e.example/x|https://f.example/y\n'))).toEqual(['https://e.example/x', 'https://f.example/y']);
    expect(uris(md('| https://h.example/|b |\n|---|---|\n| c | d |\n'))).toEqual(['https://h.example/']);
    expect(uris(md('> | a | b |\n> |---|---|\n> | https://q.example/|https://r.example/ |\n'))).toEqual(['https://q.example/', 'https://r.example/']);
    expect(uris(md('- item\n\n  | a | b |\n  |---|---|\n  | https://l.example/|x |\n'))).toEqual(['https://l.example/']);
  });

  it('an escaped pipe ("\\|") does not end the cell: an escape in prose, where the URI ends and is cut', () => {
    expect(cells('| a | b |\n|---|---|\n| x | https://a.example/x\\|y |\n')).toEqual([['https://a.example/x', true, 'https://a.example/x']]);
    // In quotes, the escape's backslash is taken out as a line break would be, and the pipe is the URI's (placed in the file): one URI, not two cells.
    expect(cells('| a | b |\n|---|---|\n| x | "https://a.example/x\\|y" |\n')).toEqual([['https://a.example/x|y', false, 'https://a.example/x\\|y']]);
  });

  it('outside a table (no delimiter row under the first), a pipe is read as before', () => {
    expect(uris(md('not a table https://c.example/| and a|b https://d.example/x|y\n'))).toEqual(['https://c.example/|', 'https://d.example/x|y']);
    expect(uris(md('| a | https://a.example/x|https://b.example/y |\n| c | d |\n'))).toEqual(['https://a.example/x|https://b.example/y']);
    // The paragraph after a table (a blank line ends it) is prose again.
    expect(uris(md('| a |\n|---|\n| b |\n\nhttps://p.example/x|y\n'))).toEqual(['https://p.example/x|y']);
  });
});

describe('HTML', () => {
  it('URI-valued attributes, with character references decoded and mapped, and srcset lists', () => {
    const text = '<a href=" http://a.example/?x=1&amp;y=2 ">a</a><form action=/post><img srcset="a.png 1x, http://b.example/b.png 2x"><q cite=\'http://c.example/\'>q</q><p title="http://not.example/">';
    const found = extractDocument(text, { kind: 'html' });
    expect(found.map((u) => u.uri)).toEqual(['http://a.example/?x=1&y=2', '/post', 'a.png', 'http://b.example/b.png', 'http://c.example/']);
    for (const u of found) expect(atOffsets(text, u).replace(/&amp;/g, '&')).toBe(u.uri.replace(/&/g, '&'));
    expect(text.slice(found[0].start, found[0].end)).toBe('http://a.example/?x=1&amp;y=2');
  });

  it('a Markdown autolink is its text as written: no escape or entity decoded (CommonMark; markdown-it links to the text)', () => {
    const uris = (t: string) => extractDocument(t, { kind: 'markdown' }).map((u) => u.uri);
    expect(uris('<http://B.com:80&#63;q>')).toEqual(['http://B.com:80&#63;q']);
    expect(uris('<http://a.example/\\[x>')).toEqual(['http://a.example/\\[x']);
    // A link's destination is decoded, as markdown-it decodes it.
    expect(uris('[a](http://a.example/&#63;q)')).toEqual(['http://a.example/?q']);
  });

  it('a URI of Markdown prose is cut at a character reference, which the rendered text has decoded (a reviewer\'s --fix wrote "/" after "&")', () => {
    const read = (t: string) => extractDocument(t, { kind: 'markdown' }).map((u) => [u.uri, u.cut === true]);
    expect(read('Prose http://Example.COM&#47;a here.')).toEqual([['http://Example.COM', true]]);
    expect(read('see http://example.com/?a=1&amp;b=2 ok')).toEqual([['http://example.com/?a=1', true]]);
    expect(read('http://Example.COM&copy;')).toEqual([['http://Example.COM', true]]);
    // Not a reference ("&foo;" is no entity markdown-it knows): the URI's own.
    expect(read('http://a.example/&foo; z')).toEqual([['http://a.example/&foo', false]]);
    // A link's destination is decoded, not cut.
    expect(read('[l](http://a.example/&#63;q)')).toEqual([['http://a.example/?q', false]]);
  });

  it('a URI of Markdown prose as rendered: no emphasis delimiters or hard-break backslash; cut where a link or definition markdown-it did not take leaves its end uncertain (a reviewer\'s cases)', () => {
    const read = (t: string) => extractDocument(t, { kind: 'markdown' }).map((u) => [u.uri, u.cut === true]);
    expect(read('~~https://old.example.com~~ x')).toEqual([['https://old.example.com', false]]);
    expect(read('__https://new.example.com__')).toEqual([['https://new.example.com', false]]);
    expect(read('_https://it.example.com_')).toEqual([['https://it.example.com', false]]);
    expect(read('See http://example.com/\\\nnext line')).toEqual([['http://example.com/', false]]);
    // A "_" the URI holds stays (no "_" before it).
    expect(read('a_b http://a.example/a_b_ c')).toEqual([['http://a.example/a_b_', false]]);
    expect(read('See [x](http://exa\nmple.com/) here.')).toEqual([['http://exa', true]]);
    expect(read('[y]: http://exa mple.com/')).toEqual([['http://exa', true]]);
    expect(read('(http://a.example/x) ok')).toEqual([['http://a.example/x', false]]);
  });

  it('a JSON file is read as source code: its escapes decoded as JSON decodes them, a space in a string is the value\'s (a reviewer found http://a.com/ab, a URI not in the file)', () => {
    expect(kindOfFile('a.json')).toBe('source');
    const t = '{"c": "http://Example.COM\\/x", "e": "http://a.com/a b", "f": "https://ok.example/x"}';
    expect(extractDocument(t, { kind: 'source', name: 'a.json' }).map((u) => [u.uri, u.cut === true])).toEqual([
      ['http://Example.COM/x', false],
      ['http://a.com/a', false],
      ['https://ok.example/x', false],
    ]);
  });

  it('srcset as HTML parses it: a URL runs to whitespace, commas in it are its own (a data: URL), trailing commas end a candidate', () => {
    const uris = (value: string) => extractDocument(`<img srcset="${value}">`, { kind: 'html' }).map((u) => u.uri);
    expect(uris('data:image/gif;base64,R0lGODlhAQABAAAAACw= 1x, b.png 2x')).toEqual(['data:image/gif;base64,R0lGODlhAQABAAAAACw=', 'b.png']);
    // One URL: "HTTP://A.COM,b.png" (its host is "A.COM,b.png"), not two.
    expect(uris('HTTP://A.COM,b.png 1x')).toEqual(['HTTP://A.COM,b.png']);
    expect(uris('a.png, b.png')).toEqual(['a.png', 'b.png']);
    expect(uris(' a.png  100w , b.png 2x,c.png')).toEqual(['a.png', 'b.png', 'c.png']);
    expect(lint('data:image/gif;base64,R0lGODlhAQABAAAAACw=')).toEqual([]);
  });
});

/** Each case, a file of source code by its name: the URIs found in it and whether each is valid, with the case named on failure. */
function expectSourceUris(cases: Array<[string, string, Array<[string, boolean]>]>): void {
  for (const [name, text, expected] of cases) {
    expect([name, text, extractDocument(text, { kind: 'source', name }).map((u) => [u.uri, u.valid])]).toEqual([name, text, expected]);
  }
}

describe('source code', () => {
  it('string literals that are one URI, and the URIs in comments; not code', () => {
    const text = 'const a = "http://a.example/x"; // see http://b.example/doc\nconst b = `mode: ${x}`; /* <http://c.example/> */ f(\'note: this\');\n';
    const found = extractDocument(text, { kind: 'source', name: 'a.ts' });
    expect(found.map((u) => [u.kind, u.uri])).toEqual([
      ['string', 'http://a.example/x'],
      ['text', 'http://b.example/doc'],
      ['text', 'http://c.example/'],
    ]);
    for (const u of found) expect(text.slice(u.start, u.end)).toBe(u.uri);
  });

  it('in a language whose escapes are not decoded (Rust, Kotlin, Scala, Swift, shell, Perl, YAML), an escape in a string literal ends a URI there: not a backslash in the URI', () => {
    const text = 'f("see http://a.example/x\\n");\ng("http://b.example/p\\u{e9}q and more");\nh("at http://c.example/\\x41b");\n';
    const found = extractDocument(text, { kind: 'source', name: 'a.rs' });
    expect(found.map((u) => [u.uri, u.valid])).toEqual([
      ['http://a.example/x', true],
      ['http://b.example/p', true],
      ['http://c.example/', true],
    ]);
    for (const u of found) expect(text.slice(u.start, u.end)).toBe(u.uri);
    // JavaScript's are decoded (issue 46 item 2, below).
    expect(extractDocument(text.replace('"at', '`at').replace('b");', 'b`);').replace('{e9}', '00e9'), { kind: 'source', name: 'a.js' }).map((u) => [u.uri, u.valid])).toEqual([
      ['http://a.example/x', true],
      ['http://b.example/p\u00e9q', false],
      ['http://c.example/Ab', true],
    ]);
    // A comment has no escapes: a backslash there is in the URI.
    expect(extractDocument('// http://a.example/x\\n\n', { kind: 'source', name: 'a.js' }).map((u) => [u.uri, u.valid])).toEqual([['http://a.example/x\\n', false]]);
  });

  it('in a raw string a backslash is itself, and so in the URI: Python r"", Rust r#""#, Swift #""#, C# @"", String.raw, Go backquotes, Kotlin triple quotes', () => {
    const cases: Array<[string, string]> = [
      ['a.py', 'x = r"see http://a.example/\\d"\n'],
      ['a.py', "x = Rb'see http://a.example/\\d'\n"],
      ['a.rs', 'let x = r#"see http://a.example/\\d"#;\n'],
      ['a.cs', 'var x = @"see http://a.example/\\d";\n'],
      ['a.js', 'const x = String.raw`see http://a.example/\\d`;\n'],
      ['a.go', 'x := `see http://a.example/\\d`\n'],
      ['a.swift', 'let x = #"see http://a.example/\\d"#\n'],
      ['a.kt', 'val x = """see http://a.example/\\d"""\n'],
    ];
    for (const [name, text] of cases) {
      expect([name, extractDocument(text, { kind: 'source', name }).map((u) => [u.uri, u.valid])]).toEqual([name, [['http://a.example/\\d', false]]]);
    }
    // The same strings without the prefix, or backquoted outside Go (a JavaScript template literal), have escapes: "\\d" is
    // "d" in JavaScript, and Python keeps the backslash of an escape it does not know.
    const escaped: Array<[string, string, string, boolean]> = [
      ['a.py', 'x = "see http://a.example/\\d"\n', 'http://a.example/\\d', false],
      ['a.js', 'x = `see http://a.example/\\d`\n', 'http://a.example/d', true],
      ['a.py', 'for_r = "see http://a.example/\\d"\n', 'http://a.example/\\d', false],
      ['a.py', 'x = """see http://a.example/\\d"""\n', 'http://a.example/\\d', false],
      ['a.py', 'x = "see http://a.example/\\x64"\n', 'http://a.example/d', true],
    ];
    for (const [name, text, uri, valid] of escaped) {
      expect([name, text, extractDocument(text, { kind: 'source', name }).map((u) => [u.uri, u.valid])]).toEqual([name, text, [[uri, valid]]]);
    }
  });

  it('an interpolation, placeholder or printf conversion cuts a URI, as an escape of what a URI may hold does', () => {
    const cases: Array<[string, string, Array<[string, boolean]>]> = [
      ['a.ts', 'const t = `http://a.example/${id}/x`;', [['http://a.example/', true]]],
      ['a.py', 'x = f"http://a.example/{id}/x"', [['http://a.example/', true]]],
      ['a.rb', 'x = "http://a.example/#{id}/x"', [['http://a.example/', true]]],
      ['a.sh', 'curl "https://a.example/api/${VERSION}/x"', [['https://a.example/api/', true]]],
      ['a.php', '$x = "https://a.example/{$id}/x";', [['https://a.example/', true]]],
      ['a.cs', 'var x = $"https://a.example/{id}/x";', [['https://a.example/', true]]],
      ['a.py', 'x = "https://api.example/{}/items".format(id)', [['https://api.example/', true]]],
      // Nothing known but the scheme: no URI to read (a scheme alone, before a hole as in prose).
      ['a.go', 'u := fmt.Sprintf("https://%s/api/v%d", host, 1)', []],
      // "%2f" is a triplet, not a conversion of width 2: the URI goes on to the "%s".
      ['a.py', 'x = "see http://a.example/%2f/%s" % y', [['http://a.example/%2f/', true]]],
      ['a.swift', 'let c = #"https://c.example/\\#(id)"#\nlet d = "https://d.example/\\(id)/x"', [['https://c.example/', true], ['https://d.example/', true]]],
      // Extract leaves a ":" off the URI's end as punctuation; the token still runs into the hole.
      ['a.py', 'API = f"http://localhost:{port}/api"', [['http://localhost', true]]],
      // An escape of what a URI may hold ("/" here) cuts it where the language's escapes are not decoded; one of whitespace ends it, as in the string's value.
      ['a.rs', 'B = "http://a.example:80\\x2Fx"\nD = "see http://a.example\\n"', [['http://a.example:80', true], ['http://a.example', false]]],
      // Decoded, it is the value's "/", and a newline ends the URI as in the value.
      ['a.py', 'B = "http://a.example:80\\x2Fx"\nD = "see http://a.example\\n"', [['http://a.example:80/x', false], ['http://a.example', false]]],
      // A brace that closes nothing stays, and a placeholder after it is still one.
      ['a.js', 'x = "{ see http://a.example/{id}/x"', [['http://a.example/', true]]],
    ];
    for (const [name, text, expected] of cases) {
      const found = extractDocument(text, { kind: 'source', name });
      expect([name, text, found.map((u) => [u.uri, u.cut === true])]).toEqual([name, text, expected]);
      for (const u of found) expect(u.valid).toBe(true);
    }
    // Right after a hole, a URI's scheme may be partly in it: not read.
    expect(extractDocument('x = f"{proto}http://a.example/"', { kind: 'source', name: 'a.py' })).toEqual([]);
    // A brace that closes nothing in the string is the URI's, and reported.
    expect(extractDocument('x = "see http://a.example/b{c"', { kind: 'source', name: 'a.py' }).map((u) => [u.uri, u.valid])).toEqual([['http://a.example/b{c', false]]);
  });

  it('what a corpus run found: XML tags and namespaces are no URIs, a "%" that is no conversion is reported', () => {
    const cases: Array<[string, string, Array<[string, boolean]>]> = [
      // Angle brackets in a string or a comment are prose: Appendix C takes their whitespace out, as in text.
      ['a.py', "x = '  <ns0:tag />\\n'", [['ns0:tag/', true]]],
      ['a.h', '/* template <cuda::ptx::dot_scope Scope> */', []],
      ['a.pl', 'print "# hashref dumped via Data::Dump\\n";', []],
      ['a.js', "check('http://[fe80::a%en1]/');", [['http://[fe80::a%en1]/', false]]],
      ['a.php', 'unlink("gs://my_bucket/some%file.txt");', [['gs://my_bucket/some%file.txt', false]]],
    ];
    expectSourceUris(cases);
  });

  it('braces around text are no placeholder: the URIs of JSON or CSS held in a string are read, a space in quotes included', () => {
    const text = 'JSON.parse(\'{"homepage": "https://a.example/bad path", "n": 1}\');\nconst c = `body { background: url(http://b.example/x.png) }`;\n';
    expect(extractDocument(text, { kind: 'source', name: 'a.js' }).map((u) => [u.uri, u.valid])).toEqual([
      ['https://a.example/bad path', false],
      ['http://b.example/x.png', true],
    ]);
  });

  it('raw strings end where their language ends them: a trailing backslash, quotes inside, a doubled quote, a delimiter', () => {
    const cases: Array<[string, string, Array<[string, boolean]>]> = [
      ['c.go', 'var sep = `\\`\nvar msg = "see https://a.example/\\n"\nvar end = `x`\nfetch(`https://raw.example/a\\b`)', [['https://a.example/', true], ['https://raw.example/a\\b', false]]],
      ['a.rs', 'let p = r"C:\\"; let u = "see http://a.example/%7e";', [['http://a.example/%7e', true]]],
      ['a.cs', 'var p = @"C:\\"; var u = "see http://a.example/%7e";', [['http://a.example/%7e', true]]],
      ['a.swift', 'let p = #"C:\\"#; let u = "see http://a.example/%7e"', [['http://a.example/%7e', true]]],
      ['a.rs', 'let q = r#"say "hi" http://a.example/r\\x"#;', [['http://a.example/r\\x', false]]],
      ['a.cpp', 'auto q = R"(say "hi" http://a.example/a\\x)";', [['http://a.example/a\\x', false]]],
      ['a.cs', 'var q = @"say ""http://a.example/q\\x"" ok";', [['http://a.example/q\\x', false]]],
      ['a.scala', 'val r = raw"C:\\x https://b.example/b\\x"', [['https://b.example/b\\x', false]]],
      ['a.cs', 'var q = """see "it" http://a.example/c\\x""";', [['http://a.example/c\\x', false]]],
      // Scala's s and f interpolators decode escapes, in triple quotes too.
      ['a.scala', 'val a = s"""see https://a.example/$id\\n"""', [['https://a.example/$id', true]]],
      // A backslash before a CRLF continues the line: the string goes on.
      ['a.js', 'const s = "line1 \\\r\nsee http://a.example/%7e";', [['http://a.example/%7e', true]]],
    ];
    expectSourceUris(cases);
  });

  it('PHP has "#" comments too; a block comment\'s continuation "*" is no part of a URI wrapped in <...>', () => {
    expect(uris(extractDocument('<?php $a = 1; # see http://a.example/x\n', { kind: 'source', name: 'a.php' }))).toEqual(['http://a.example/x']);
    const text = '/**\n * See <HTTP://b.example/very/\n * long/%7e/path>\n */\n';
    const [u] = extractDocument(text, { kind: 'source', name: 'a.js' });
    expect(u.uri).toBe('HTTP://b.example/very/long/%7e/path');
    expect(text.slice(u.start, u.end)).toBe('HTTP://b.example/very/\n * long/%7e/path');
  });

  it('YAML and CSS: what is outside literals is read too (plain scalars, url(...)); a quoted value is a literal', () => {
    const yaml = 'url: http://a.example/%7e\nlist:\n  - http://a.example/l\nrepo: "https://b.example/r%zz"\n';
    expect(extractDocument(yaml, { kind: kindOfFile('a.yaml'), name: 'a.yaml' }).map((u) => [u.uri, u.valid])).toEqual([
      ['http://a.example/%7e', true],
      ['http://a.example/l', true],
      ['https://b.example/r%zz', false],
    ]);
    expect(uris(extractDocument('a { background: url(http://a.example/x.png); }', { kind: kindOfFile('a.css'), name: 'a.css' }))).toEqual(['http://a.example/x.png']);
  });

  it('lexes past what is no string: Rust lifetimes, C++ digit separators, JavaScript regular expressions; Rust, PHP and shell strings span lines', () => {
    const cases: Array<[string, string, Array<[string, boolean]>]> = [
      ['a.rs', 'fn usage(name: &\'static str) -> String { format!(r#"\nDocs: https://a.example/docs/%zz\n"#) }', [['https://a.example/docs/%zz', false]]],
      ['a.cpp', 'long big = 1\'000\'000; auto s = R"(\nsee http://a.example/%zz\n)";', [['http://a.example/%zz', false]]],
      ['a.js', 'const parts = md.split(/`/);\nconst a = "see http://a.example/%zz";', [['http://a.example/%zz', false]]],
      ['a.js', 'const isAbs = /^https?:\\/\\//; const home = "see https://a.example/a b";', [['https://a.example/a', true]]],
      ['a.rs', 'const HELP: &str = "usage: tool\nSee https://docs.example.com/t%zz for more.\n";', [['https://docs.example.com/t%zz', false]]],
      ['a.php', '$msg = "Hello,\nvisit https://c.example/w%zz page";', [['https://c.example/w%zz', false]]],
      ['a.cs', 'var cmd = @"""C:\\Program Files\\app.exe"" /s";\nConsole.WriteLine("see http://b.example/\\n");', [['http://b.example/', true]]],
    ];
    expectSourceUris(cases);
  });

  it('"#" comments for Python and the like', () => {
    const text = 'x = 1  # http://a.example/\ny = "https://b.example/"\n';
    expect(uris(extractDocument(text, { kind: 'source', name: 'a.py' }))).toEqual(['http://a.example/', 'https://b.example/']);
  });
});

describe('link labels that hold code spans or images (issue 45, item 3)', () => {
  it('a README as projects write them: badges, code spans as labels, a URL in a code span as its own label', () => {
    const text = [
      '# tool [![npm](https://img.shields.io/npm/v/tool.svg)](https://www.npmjs.com/package/tool) [![CI](https://github.com/acme/tool/actions/workflows/ci.yml/badge.svg)](https://github.com/acme/tool/actions)',
      '',
      'Use [`--fix`](docs/cli.md#fix) or [`tool lint`][lint]; see [`https://example.com/`](https://example.com/x) and [![logo](docs/logo.png "Logo")](https://example.com/y).',
      '| [`a`](https://a.example/) | [![b](b.png)](https://b.example/) |',
      '|---|---|',
      '',
      '[lint]: docs/cli.md',
    ].join('\n');
    const found = md(text);
    for (const u of found) expect(atOffsets(text, u)).toBe(u.uri);
    expect(found.map((u) => [u.uri, u.kind])).toEqual([
      ['https://img.shields.io/npm/v/tool.svg', 'image'],
      ['https://www.npmjs.com/package/tool', 'link'],
      ['https://github.com/acme/tool/actions/workflows/ci.yml/badge.svg', 'image'],
      ['https://github.com/acme/tool/actions', 'link'],
      ['docs/cli.md#fix', 'link'],
      ['https://example.com/x', 'link'],
      ['docs/logo.png', 'image'],
      ['https://example.com/y', 'link'],
      ['https://a.example/', 'link'],
      ['b.png', 'image'],
      ['https://b.example/', 'link'],
      ['docs/cli.md', 'definition'],
    ]);
  });
});

describe('link labels that hold code spans or images, with a destination that holds whitespace (issue 45, item 3)', () => {
  it('is one URI over the whole destination, as it is with a label of text: not the URI up to the space', () => {
    const cases: Array<[string, string]> = [
      ['[x](http://exa mple.com/)', 'http://exa mple.com/'],
      ['[`x`](http://exa mple.com/)', 'http://exa mple.com/'],
      ['See [`npm run build`](https://docs.example.com/build steps "Build").', 'https://docs.example.com/build steps'],
      ['[![CI](https://ci.example.com/badge.svg)](https://ci.example.com/acme/tool runs)', 'https://ci.example.com/acme/tool runs'],
      ['[<b>x</b>](http://b.example/ c)', 'http://b.example/ c'],
      ['[<http://auto.example/>](http://c.example/ d)', 'http://c.example/ d'],
      ['[`a](b`](http://x.example/ y)', 'http://x.example/ y'],
    ];
    for (const [text, uri] of cases) {
      const found = md(text).filter((u) => u.kind === 'link');
      expect([text, found.map((u) => [u.uri, atOffsets(text, u)])]).toEqual([text, [[uri, uri]]]);
      expect(lint(uri).some((d) => d.code === 'syntax')).toBe(true);
    }
    // The construct's own URIs are read as they were; a link before the label is no part of it.
    expect(md('[![b](http://i.example/a.png)](http://a.example/b c)').map((u) => [u.uri, u.kind])).toEqual([
      ['http://i.example/a.png', 'image'],
      ['http://a.example/b c', 'link'],
    ]);
    expect(md('[a](u) `c`](http://x.example/ y)').map((u) => [u.uri, u.kind])).toEqual([
      ['u', 'link'],
      ['http://x.example/', 'text'],
    ]);
  });

  it("an image in a link's label whose destination holds whitespace is read as the one outside a label is", () => {
    // markdown-it renders the image as text and the link around it as a link: the image's destination was read as nothing.
    const text = 'See [![Screenshot](./docs/screen shot.png)](https://example.com/demo) and [x ![b](http://i.example/a b.png)](http://a.example/) and ![c](./c d.png).';
    expect(md(text).map((u) => [u.uri, u.kind, atOffsets(text, u)])).toEqual([
      ['./docs/screen shot.png', 'link', './docs/screen shot.png'],
      ['https://example.com/demo', 'link', 'https://example.com/demo'],
      ['http://i.example/a b.png', 'link', 'http://i.example/a b.png'],
      ['http://a.example/', 'link', 'http://a.example/'],
      ['./c d.png', 'link', './c d.png'],
    ]);
  });

  it('linear on runs of code spans and "](" between a "[" and a destination', () => {
    const text = `[${'`a` '.repeat(100_000)}](http://a.example/ b)\n${'[`x`](y z '.repeat(50_000)}`;
    const found = md(text).filter((u) => u.kind === 'link');
    expect(found[0].uri).toBe('http://a.example/ b');
    // 50,000 links whose labels hold a broken image, each label read once.
    const labels = '[![b](./a b.png)](u) '.repeat(50_000);
    expect(md(labels).filter((u) => u.uri === './a b.png')).toHaveLength(50_000);
  });
});

describe('the Markdown of OpenAPI and AsyncAPI descriptions (issue 45, item 3)', () => {
  const read = (text: string, name: string) => extractDocument(text, { kind: kindOfFile(name), name });
  /** Each URI as [uri, kind], and a check that its range (or offsets) in the document holds it, escapes aside. */
  const placedIn = (text: string, found: readonly DocumentUri[]) =>
    found.map((u) => {
      if (u.offsets === undefined) expect(text.slice(u.start, u.end)).toBe(u.uri);
      else expect(Array.from(u.offsets, (o) => text[o]).every((c, k) => c === u.uri[k] || c === '\\')).toBe(true);
      return [u.uri, u.kind];
    });

  it('an OpenAPI document in YAML: links, code spans and images in labels, autolinks, prose, in block and quoted scalars', () => {
    const text = [
      'openapi: 3.0.3',
      'info:',
      '  title: Pet store (see https://title.example/ as text)',
      '  version: 1.0.0',
      '  description: |',
      '    This is a sample server. Read [the guide](https://example.com/guide) and',
      '    [`petstore.yaml`](https://github.com/acme/petstore/blob/main/petstore.yaml "Source"),',
      '    [![Build](https://ci.example.com/badge.svg)](https://ci.example.com/acme/petstore).',
      '',
      '    Questions: <mailto:api@example.com>, or https://forum.example.com/c/api.',
      'paths:',
      '  /pets/{petId}:',
      '    get:',
      '      summary: Info for a pet',
      '      description: "Returns a pet. See [errors](https://example.com/errors#pets)."',
      '      parameters:',
      '        - name: petId',
      "          description: 'The id, as [listed](https://example.com/pets ''The list'').'",
      '',
    ].join('\n');
    expect(placedIn(text, read(text, 'openapi.yaml'))).toEqual([
      ['https://title.example/', 'text'],
      ['https://example.com/guide', 'link'],
      ['https://github.com/acme/petstore/blob/main/petstore.yaml', 'link'],
      ['https://ci.example.com/badge.svg', 'image'],
      ['https://ci.example.com/acme/petstore', 'link'],
      ['mailto:api@example.com', 'autolink'],
      ['https://forum.example.com/c/api', 'text'],
      ['https://example.com/errors#pets', 'link'],
      ['https://example.com/pets', 'link'],
    ]);
  });

  it('an AsyncAPI document in JSON: escapes in the string are mapped back to their places', () => {
    const doc = {
      asyncapi: '3.0.0',
      info: { title: 'Streetlights', version: '1.0.0', description: 'Turn lights on and off.\n\n* [Docs](https://docs.example.com/lights)\n* [`lumens`](https://docs.example.com/lumens "Lumens")' },
      channels: { lightMeasured: { address: 'smartylighting/{streetlightId}', description: 'The topic on which measured values may be produced. See [MQTT](https://mqtt.example.org/)' } },
    };
    const text = JSON.stringify(doc, null, 2).replace('https://docs.example.com/lights', 'https:\\/\\/docs.example.com\\/lights');
    expect(placedIn(text, read(text, 'asyncapi.json'))).toEqual([
      ['https://docs.example.com/lights', 'link'],
      ['https://docs.example.com/lumens', 'link'],
      ['https://mqtt.example.org/', 'link'],
    ]);
  });

  it('before: a Markdown link in a description read as prose, one broken URI; a JSON Schema description stays prose', () => {
    const openapi = '{"openapi": "3.1.0", "info": {"title": "t", "version": "1", "description": "[http://a.example/](http://a.example/)"}}';
    expect(placedIn(openapi, read(openapi, 'api.json'))).toEqual([['http://a.example/', 'link']]);
    // JSON Schema's description is plain text (2020-12 validation 9.1): what the rest of the file is, prose.
    const schema = '{"$schema": "https://json-schema.org/draft/2020-12/schema", "description": "See [the docs](https://docs.example.com/x)."}';
    expect(read(schema, 'schema.json').map((u) => [u.uri, u.kind])).toEqual([
      ['https://json-schema.org/draft/2020-12/schema', 'string'],
      ['https://docs.example.com/x', 'text'],
    ]);
    // Not an API document (no openapi, swagger or asyncapi at the root): as before.
    const other = '{"info": {"description": "[a](http://a.example/x)"}}';
    expect(read(other, 'other.json').every((u) => u.kind !== 'link')).toBe(true);
  });

  it('hostile: 20,000 descriptions, one of a million "[", a description 500 deep, nesting past the bound', () => {
    const many = `openapi: 3.0.0\nitems:\n${'  - description: "[a](http://a.example/)"\n'.repeat(20_000)}`;
    expect(read(many, 'many.yaml')).toHaveLength(20_000);
    const brackets = JSON.stringify({ openapi: '3.0.0', info: { description: `${'['.repeat(1_000_000)}(http://a.example/)` } });
    expect(read(brackets, 'b.json').length).toBeLessThanOrEqual(1);
    let deep: unknown = { description: '[d](http://d.example/)' };
    for (let d = 0; d < 500; d++) deep = { a: deep };
    const deepText = JSON.stringify({ openapi: '3.0.0', deep });
    expect(read(deepText, 'deep.json').map((u) => [u.uri, u.kind])).toEqual([['http://d.example/', 'link']]);
    // Past the bound (512): read as source, as any JSON the reader does not take, and no stack overflow.
    const tooDeep = `{"openapi": "3.0.0", "x": ${'['.repeat(100_000)}"[e](http://e.example/)"${']'.repeat(100_000)}}`;
    expect(read(tooDeep, 'deep.json').map((u) => u.kind)).not.toContain('link');
  }, 60_000);
});

describe('kinds and options', () => {
  it('by extension', () => {
    const kinds: Array<[string, DocumentKind]> = [
      ['README.md', 'markdown'],
      ['a/b.MARKDOWN', 'markdown'],
      ['index.html', 'html'],
      ['x.ts', 'source'],
      ['x.py', 'source'],
      ['notes.txt', 'text'],
      ['Makefile', 'text'],
    ];
    for (const [name, kind] of kinds) expect([name, kindOfFile(name)]).toEqual([name, kind]);
  });

  it('refuses a kind it does not know, and text that is not a string', () => {
    expect(() => extractDocument('x', { kind: 'pdf' as DocumentKind })).toThrow(/unknown document kind "pdf"/);
    expect(() => extractDocument(3 as unknown as string)).toThrow(TypeError);
  });

  it('text: Appendix C, quotes only around URI-like text', () => {
    expect(uris(extractDocument('a "b: c" and "http://a/ b" and <urn:x:y> and "mailto:a@b"'))).toEqual(['http://a/', 'urn:x:y', 'mailto:a@b']);
    // Quotes with spaces on one line are a quotation: the URI in them is read as prose, cut where a space ends it
    // before the closing quote; over a line break they are Appendix C's wrapped URI, read whole.
    const read = (t: string) => extractDocument(t).map((u) => [u.uri, u.cut === true]);
    expect(read('The default is "http://localhost:8080 unless you set PORT".')).toEqual([['http://localhost:8080', true]]);
    expect(read('A "http://a.example/very/\n  long" URI.')).toEqual([['http://a.example/very/long', false]]);
  });
});

describe('inline directives', () => {
  it('are found in HTML, //, /* */ and # comments, with their codes', () => {
    const text = '<!-- urigram-disable-next-line -->\nx\n// urigram-disable uppercase-host, default-port\n/* urigram-enable default-port */\n# urigram-disable-line syntax\nurigram-disable in prose is no directive\n';
    expect(directives(text)).toEqual([
      { kind: 'disable-next-line', line: 1, codes: [] },
      { kind: 'disable', line: 3, codes: ['uppercase-host', 'default-port'] },
      { kind: 'enable', line: 4, codes: ['default-port'] },
      { kind: 'disable-line', line: 5, codes: ['syntax'] },
    ]);
  });

  it('are comments: a marker where a comment can begin, ending the comment or the line; never in a URI', () => {
    const text = [
      'Link: http://a.example/docs#urigram-disable',
      'See http://x.example//urigram-disable-line and more.',
      'foo("http://EXAMPLE.com/");// urigram-disable-line',
      '<a href="http://EXAMPLE.com/">x</a><!-- urigram-disable-line -->',
      '<p>{/* urigram-disable-next-line */}',
      '\t# urigram-disable-next-line default-port',
    ].join('\n');
    const found = extractDocument(text, { kind: 'text' });
    expect(found.map((u) => text.slice(u.start, u.end))).toEqual(expect.arrayContaining(['http://a.example/docs#urigram-disable', 'http://x.example//urigram-disable-line']));
    const expected = [
      { kind: 'disable-line', line: 3, codes: [] },
      { kind: 'disable-line', line: 4, codes: [] },
      { kind: 'disable-next-line', line: 5, codes: [] },
      { kind: 'disable-next-line', line: 6, codes: ['default-port'] },
    ];
    expect(directives(text, found)).toEqual(expected);
    // By their shape alone, without the URIs: the same.
    expect(directives(text)).toEqual(expected);
    // A marker that has a comment's shape inside a URI (after ";", which a path may hold) is part of the URI.
    const inUri = 'http://a.example/x;#urigram-disable';
    expect(directives(inUri)).toHaveLength(1);
    expect(directives(inUri, extractDocument(inUri, { kind: 'text' }))).toEqual([]);
    // Where no comment is: in a URI, a string literal, a code span, a link title, an attribute, or prose that goes on.
    const none = [
      '`http://a.co/x#urigram-disable`',
      'const a = "#urigram-disable";',
      'const b = "//urigram-disable.example/x";',
      '<img alt="x #urigram-disable">',
      '[a](http://x "t #urigram-disable")',
      'see //urigram-disable.example/x',
      '<script>var a="http://a.co/#urigram-disable";</script>',
      'a sentence # urigram-disable, then more.',
    ];
    for (const line of none) expect([line, directives(line)]).toEqual([line, []]);
    // A reason after " -- " is allowed, as ESLint allows one.
    expect(directives('x(); // urigram-disable-line syntax -- the test needs it')).toEqual([{ kind: 'disable-line', line: 1, codes: ['syntax'] }]);
    // "-->" right after the last code ends the list: the code is not "password-in-userinfo--".
    expect(directives('<!-- urigram-disable-next-line password-in-userinfo-->')).toEqual([{ kind: 'disable-next-line', line: 1, codes: ['password-in-userinfo'] }]);
  });

  it('switch rules off for the next line, the same line, or until enabled', () => {
    const off = suppressedBy(directives('<!-- urigram-disable-next-line syntax -->\nA\nB\n<!-- urigram-disable -->\nC\n<!-- urigram-enable -->\nD\n'));
    expect(off(2, 'syntax')).toBe(true);
    expect(off(2, 'uppercase-host')).toBe(false);
    expect(off(3, 'syntax')).toBe(false);
    expect(off(5, 'anything')).toBe(true);
    expect(off(7, 'anything')).toBe(false);
  });

  it('codes switch off and on within a region; a code that names no rule changes nothing', () => {
    const off = suppressedBy(directives('<!-- urigram-disable -->\n<!-- urigram-enable syntax -->\nA\n<!-- urigram-disable syntax no-such-rule -->\nB\n<!-- urigram-enable -->\n<!-- urigram-disable no-such-rule -->\nC\n'));
    expect([off(3, 'syntax'), off(3, 'uppercase-host')]).toEqual([false, true]);
    expect([off(5, 'syntax'), off(5, 'uppercase-host')]).toEqual([true, true]);
    expect([off(8, 'syntax'), off(8, 'uppercase-host')]).toEqual([false, false]);
  });
});

describe('linear time on hostile documents', () => {
  /**
   * Hostile documents of a million characters: what makes a Markdown, HTML or
   * source reader search far or nest deep. No time is measured (a shared
   * machine makes ratios flaky): each runs, then yields to the event loop, so
   * that the test's timeout fails it when the work outlasted it. A linear run
   * takes about a second on a busy machine; a quadratic one, hours. Each also
   * checks how many URIs it found.
   */
  const M = 1_000_000;
  const FAMILIES: Array<[string, DocumentKind, (n: number) => string, (n: number) => number]> = [
    ['open brackets', 'markdown', (n) => '['.repeat(n), () => 0],
    ['image brackets', 'markdown', (n) => '!['.repeat(n / 2), () => 0],
    ['open brackets, then a link', 'markdown', (n) => `${'['.repeat(n - 20)}](http://a.example/)`, () => 1],
    ['image brackets, then a destination', 'markdown', (n) => `${'!['.repeat(n / 2 - 10)}](http://a.example/)`, () => 1],
    ['unclosed destinations', 'markdown', (n) => '[x](http://a bc '.repeat(n / 16), (n) => n / 16],
    ['many "](" without a "["', 'markdown', (n) => '](a b) '.repeat(n / 7), () => 0],
    ['link openers', 'markdown', (n) => '[a]('.repeat(n / 4), () => 0],
    ['image openers', 'markdown', (n) => '![a](http://a/ '.repeat(n / 16), (n) => n / 16],
    ['angle brackets', 'markdown', (n) => '<'.repeat(n), () => 0],
    ['backticks', 'markdown', (n) => '`a'.repeat(n / 2), () => 0],
    ['nested quotes', 'markdown', (n) => `${'> '.repeat(n / 2)}[a](http://a/)`, () => 1],
    ['definitions', 'markdown', (n) => Array.from({ length: n / 20 }, (_, i) => `[d${i}]: http://a/${i}`).join('\n'), (n) => n / 20],
    ['quotes and blank lines', 'markdown', (n) => '"http:\n\n'.repeat(n / 8), () => 0],
    ['escapes in a destination', 'markdown', (n) => `[a](http://a/${'\\('.repeat(n / 2)})`, () => 1],
    ['table rows', 'markdown', (n) => `| a | b |\n|---|---|\n${'| [x](http://a/) | `y` |\n'.repeat(n / 25)}`, (n) => n / 25],
    ['unclosed attribute', 'html', (n) => `<a href="${'x'.repeat(n)}`, () => 0],
    ['attributes', 'html', (n) => '<a href="http://a/" '.repeat(n / 20), (n) => n / 20],
    ['unclosed comments', 'source', (n) => '/* http://a/ '.repeat(n / 13), (n) => Math.floor(n / 13)],
    ['escapes in string literals', 'source', (n) => '"see http://ab/\\n"; '.repeat(n / 20), (n) => n / 20],
    ['one string of escapes', 'source', (n) => `"http://a/${'\\u00e9'.repeat(n / 6)}"`, () => 1],
    ['braces in a string', 'source', (n) => `"http://a/${'{'.repeat(n / 2)}${'}'.repeat(n / 2 - 1)}"`, () => 1],
    ['unbalanced braces in strings', 'source', (n) => '"see http://a/{" '.repeat(n / 17), (n) => Math.floor(n / 17)],
    ['block comment of continuation stars', 'source', (n) => `/**${'\n * http://a/'.repeat(n / 15)}\n */`, (n) => Math.floor(n / 15)],
    ['one-line block comments', 'source', (n) => `${'/*c*/'.repeat(n / 5 - 2)}\nx`, () => 0],
    ['slashes that could begin regular expressions', 'source', (n) => '(/'.repeat(n / 2), () => 0],
    ['regular expressions that never close', 'source', (n) => '(/['.repeat(n / 3), () => 0],
    ['placeholders and printf conversions', 'source', (n) => `"http://a/${'{x}%s'.repeat(n / 5)}"`, () => 1],
    ['opening braces in a string', 'source', (n) => `"http://a/${'{'.repeat(n)}"`, () => 1],
    ['pipes in table rows', 'markdown', (n) => `| a | b |\n|---|---|\n${'| http://a/|x |\n'.repeat(Math.floor(n / 15) - 2)}`, (n) => Math.floor(n / 15) - 2],
    ['pipes in one long table row', 'markdown', (n) => `| a | b |\n|---|---|\n${'http://a/|'.repeat(n / 10 - 3)}\n`, (n) => n / 10 - 3],
    ['directives', 'markdown', (n) => '<!-- urigram-disable -->\n'.repeat(n / 25), () => 0],
    ['placeholder openers without closers', 'html', (n) => `<a href="http://a/${'{{ <% <? ${ #{ {% '.repeat(n / 20)}">`, () => 1],
    ['placeholders', 'markdown', (n) => 'http://a/{{x}} ,'.repeat(n / 16), (n) => n / 16],
    ['directives naming codes', 'markdown', (n) => Array.from({ length: n / 40 }, (_, i) => `<!-- urigram-${i % 2 ? 'enable' : 'disable'} syntax x${i} -->\n`).join(''), () => 0],
  ];

  /** How many lines the directives silence "syntax" on: every line under "disable", every other one when they alternate. */
  const SILENCED: Record<string, (n: number) => number> = { directives: (n) => n / 25 + 1, 'directives naming codes': (n) => n / 80 };

  it.each(FAMILIES)('%s: a million characters, read in linear time', async (name, kind, make, expected) => {
    const text = make(M);
    const found = extractDocument(text, { kind, name: kind === 'source' ? 'a.js' : undefined });
    // A question per line, as a linter asks for each diagnostic.
    const off = suppressedBy(directives(text));
    let silenced = 0;
    for (let line = 1, lines = text.split('\n').length; line <= lines; line++) if (off(line, 'syntax')) silenced++;
    await new Promise((done) => setTimeout(done, 0));
    expect(found).toHaveLength(expected(M));
    expect(silenced).toBe(SILENCED[name]?.(M) ?? 0);
  }, 120_000);

  it('escaped pipes in table cells: two million characters, each cell looked for on its own line only', async () => {
    // A cell whose text is not in its line as written ("\|" reads as "|") is not placed. Looking for it
    // from its line to the end of the text took minutes here (200,000 rows, each searching the rest);
    // on its line alone, a few seconds.
    const row = '| `a\\|` |\n';
    const text = `| a | b |\n|---|---|\n${row.repeat((2 * M) / row.length)}`;
    const found = extractDocument(text, { kind: 'markdown' });
    await new Promise((done) => setTimeout(done, 0));
    expect(found).toHaveLength(0);
    // The same cell next to a link: the link is still found, on every row.
    expect(extractDocument(`| a | b |\n|---|---|\n${'| `a\\|` | [x](http://a/) |\n'.repeat(3)}`, { kind: 'markdown' }).map((u) => u.uri)).toEqual(['http://a/', 'http://a/', 'http://a/']);
  }, 120_000);

  it('prose between code spans, with no ":": six million characters, the next ":" searched for once', async () => {
    // Each stretch of prose between two code spans looked for a ":" up to the end of the text (a URI needs
    // one): 1.5 million stretches, each searching the rest, took minutes in two-byte text; now a second or two.
    const text = '`\u0101'.repeat(3 * M);
    const found = extractDocument(text, { kind: 'markdown' });
    await new Promise((done) => setTimeout(done, 0));
    expect(found).toHaveLength(0);
    // The ":" that is there is still found, in the last stretch and in the first.
    expect(extractDocument(`${'`\u0101'.repeat(1000)} http://a/`, { kind: 'markdown' }).map((u) => u.uri)).toEqual(['http://a/']);
    expect(extractDocument(`http://a/ ${'`\u0101'.repeat(1000)} http://b/`, { kind: 'markdown' }).map((u) => u.uri)).toEqual(['http://a/', 'http://b/']);
  }, 30_000);
});
