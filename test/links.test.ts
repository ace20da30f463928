/**
 * Link integrity (issue 45, item 2, and item 1's domain-shaped first segment), at the library: the slug styles
 * against the facts their renderers publish (github-slugger's test cases, pandoc's manual, GitLab's and
 * Python-Markdown's documentation), "did you mean", the anchors of a document, and checkLink against a tree
 * held in memory (the command line's, read from the disk, is test/lint-links-cli.test.ts's).
 */
import * as path from 'node:path';
import * as fs from 'node:fs';
import { Slugger, type SlugStyle } from '../src/lint/slugs';
import { closest, editDistance } from '../src/lint/near';
import { checkLink, domainShaped, type DocumentAnchors, type EntryKind, type LinkOptions, type LinkTree } from '../src/lint/links';
import { baseHrefOf, htmlDocumentAnchors, markdownAnchors } from '../src/documents/anchors';
import { ruleSetting } from '../src/lint/lint';
import { LINT_RULES, ruleOf, type LintCode } from '../src/lint/registry';
import { withLinks } from '../src/cli/lint-files';
import { make } from '../src/documents/found';
import type { Diagnostic } from '../src/lint/diagnostic';

/** Each text slugged in turn by one Slugger of the style (repeats numbered as in one document). */
function slugs(style: SlugStyle, texts: readonly string[]): string[] {
  const s = new Slugger(style);
  return texts.map((t) => s.slug(t));
}

describe('heading slugs', () => {
  it("GitHub's, as github-slugger's published test cases give them (test/vectors/slugs)", () => {
    const vectors = JSON.parse(fs.readFileSync(path.join(__dirname, 'vectors', 'slugs', 'github-slugger.json'), 'utf8')) as { cases: Array<{ name: string; input: string; expected: string }> };
    expect(vectors.cases.length).toBe(43);
    const got = slugs('github', vectors.cases.map((c) => c.input));
    expect(vectors.cases.map((c, i) => [c.name, got[i]])).toEqual(vectors.cases.map((c) => [c.name, c.expected]));
  });

  it("GitHub's by Unicode category: an Alphabetic symbol kept (lower-cased), other symbols, No and separators but the space removed, Nl kept", () => {
    // github-slugger's script: No, P* (but "-" and connectors), S, C* and Z (but " ") removed unless Alphabetic.
    expect(slugs('github', ['a\u24ba \u260eb', 'a\u00bc\u2161b', 'a\u2028b\u00a0c', 'a\u203fb'])).toEqual(['a\u24d4-b', 'a\u2171b', 'abc', 'a\u203fb']);
  });

  it("pandoc's auto_identifiers, as its manual's table gives them", () => {
    // The manual's headings as their text renders ("*Dogs*?--in *my* house?" is "Dogs?--in my house?").
    expect(slugs('pandoc', ['Heading identifiers in HTML', "Ma\u00eetre d'h\u00f4tel", 'Dogs?--in my house?', 'HTML, S5, or RTF?', '3. Applications', '33'])).toEqual([
      'heading-identifiers-in-html',
      'ma\u00eetre-dh\u00f4tel',
      'dogs--in-my-house',
      'html-s5-or-rtf',
      'applications',
      'section',
    ]);
    expect(slugs('pandoc', ['Intro', 'Intro', 'Intro'])).toEqual(['intro', 'intro-1', 'intro-2']);
  });

  it("GitLab's, as its documentation's examples give them: punctuation out, runs of hyphens as one, repeats from 1", () => {
    expect(
      slugs('gitlab', ['This header has spaces in it', 'This header has a :thumbsup: in it', 'This header has Unicode in it: \ud55c\uae00', 'This header has spaces in it', 'This header has spaces in it', 'This header has 3.5 in it (and parentheses)', 'This header has  multiple   spaces']),
    ).toEqual(['this-header-has-spaces-in-it', 'this-header-has-a-thumbsup-in-it', 'this-header-has-unicode-in-it-\ud55c\uae00', 'this-header-has-spaces-in-it-1', 'this-header-has-spaces-in-it-2', 'this-header-has-35-in-it-and-parentheses', 'this-header-has-multiple-spaces']);
  });

  it("Python-Markdown's (MkDocs'): ASCII after NFKD, runs of hyphens and spaces as one, repeats as _1", () => {
    expect(slugs('python-markdown', ['Some Header', '\u00dcbersicht & Co.', 'Some Header', 'Some Header', '\u4f60\u597d'])).toEqual(['some-header', 'ubersicht-co', 'some-header_1', 'some-header_2', '_1']);
  });
});

describe('did you mean', () => {
  it('the edit distance counts a transposition as one, and stops past the maximum', () => {
    expect(editDistance('instalation', 'installation', 3)).toBe(1);
    expect(editDistance('gudie', 'guide', 3)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
  });

  it('the one close name, none when two are as close or none is, a file with another extension at 1', () => {
    expect(closest('gude.md', ['guide.md', 'README.md'], true)).toBe('guide.md');
    expect(closest('guide', ['guide.md', 'other.md'], true)).toBe('guide.md');
    expect(closest('guide.markdown', ['guide.md'], true)).toBe('guide.md');
    expect(closest('a.md', ['b.md', 'c.md'], true)).toBeUndefined();
    expect(closest('usage', ['installation', 'license'])).toBeUndefined();
  });
});

describe('the anchors of a document', () => {
  it('Markdown: each heading as it renders (code, emphasis, links, references; no image, no HTML tag), and HTML ids and names of any element (GitHub finds a fragment by id or name)', () => {
    const text = [
      '# The `parse()` *function*',
      '## [Links](x.md) &amp; ![logo](l.png) <b>bold</b>',
      'Setext heading',
      '---',
      '<a name="old-anchor"></a>',
      '',
      'Some text with <span id="inline">x</span> and <div name="not-an-a">.',
      '',
      '<h3 name="config">',
      'Does it read configuration files?',
      '</h3>',
      '',
      '```',
      '# not a heading',
      '```',
    ].join('\n');
    expect(markdownAnchors(text)).toEqual({ headings: ['The parse() function', 'Links &  bold', 'Setext heading', '\nDoes it read configuration files?\n'], ids: ['old-anchor', 'inline', 'not-an-a', 'config'] });
    // ripgrep's FAQ.md (13.0.0) links its table of contents to `<h3 name="config">` headings; they work on GitHub.
    const tree = new MemoryTree({ '/r/FAQ.md': '* [Config?](#config)\n\n<h3 name="config">\nConfig?\n</h3>\n' });
    expect(checkLink('FAQ.md#config', { path: '/r/README.md' }, tree, options())).toEqual([]);
    expect(checkLink('FAQ.md#colors', { path: '/r/README.md' }, tree, options()).map((d) => d.code)).toEqual(['dead-anchor']);
  });

  it("Markdown's raw HTML headings are headings too, in order with the others (GitHub gives them anchors)", () => {
    const text = '<h1 align="center"><img src="logo.svg"><br>webpack</h1>\n\n# Intro\n\n<h2 align="center">Install &amp; use</h2>\n';
    expect(markdownAnchors(text).headings).toEqual(['webpack', 'Intro', 'Install & use']);
    const tree = new MemoryTree({ '/r/a.md': text });
    expect(checkLink('a.md#install--use', { path: '/r/b.md' }, tree, options())).toEqual([]);
  });

  it('HTML: ids of any element, names of a elements only (HTML finds no other name), character references decoded; the first <base href>', () => {
    const html = '<base target="_top"><base href="../docs/"><base href="ignored/"><h2 id="a&amp;b">x</h2><a name="n"></a><input name="q">';
    expect(htmlDocumentAnchors(html)).toEqual({ headings: [], ids: ['a&b', 'n'] });
    expect(baseHrefOf(html)).toMatchObject({ href: '../docs/' });
    expect(baseHrefOf('<p>no base</p>')).toBeUndefined();
  });
});

/** A tree held in memory: files by absolute path, their directories made from them. */
class MemoryTree implements LinkTree {
  private readonly dirs = new Map<string, Map<string, EntryKind>>();

  constructor(private readonly files: Record<string, string>) {
    this.dirs.set('/', new Map());
    for (const file of Object.keys(files)) {
      const parts = file.split('/').slice(1);
      let dir = '';
      parts.forEach((name, i) => {
        const parent = dir === '' ? '/' : dir;
        if (!this.dirs.has(parent)) this.dirs.set(parent, new Map());
        const last = i === parts.length - 1;
        this.dirs.get(parent)!.set(name, last ? (files[file] === '<dangling>' ? 'other' : 'file') : 'directory');
        dir = `${dir}/${name}`;
        if (!last && !this.dirs.has(dir)) this.dirs.set(dir, new Map());
      });
    }
  }

  entries(dir: string): ReadonlyMap<string, EntryKind> | undefined {
    return this.dirs.get(dir);
  }

  anchors(file: string): DocumentAnchors | undefined {
    const text = this.files[file];
    if (text === undefined) return undefined;
    if (/\.md$/i.test(file)) return markdownAnchors(text);
    if (/\.html?$/i.test(file)) return htmlDocumentAnchors(text);
    return undefined;
  }
}

const TREE = new MemoryTree({
  '/r/README.md': '# Project\n\n## Installation\n\n## Usage\n\n## Usage\n\n<a name="legacy"></a>\n',
  '/r/CONTRIBUTING.md': '# Contributing\n',
  '/r/setup.py': 'print(1)\n',
  '/r/docs/guide.md': '# Guide\n\n## Caf\u00e9 cr\u00e8me\n\n## Equivalence by scheme\n',
  '/r/docs/caf\u00e9.md': '# x\n',
  '/r/docs/my file.md': '# y\n',
  '/r/docs/page.html': '<h1 id="top-section">t</h1>',
  '/r/docs/api/README.md': '# API\n',
  '/r/docs/empty/notes.txt': 'n\n',
  '/r/docs/site/index.html': '<p id="x">x</p>',
  '/r/docs/example.com/index.md': '# a directory named like a host\n',
  '/r/docs/broken-link.md': '<dangling>',
  '/r/src/main.py': 'x\n',
  '/r/public/img/logo.png': 'png',
  '/outside/other.md': '# Other\n',
});

const options = (extra: Partial<LinkOptions> = {}): LinkOptions => ({
  root: '/r',
  indexFiles: ['README.md', 'index.md', 'index.html'],
  slugStyles: ['github'],
  display: (p) => (p.startsWith('/r/') ? p.slice(3) : p),
  setting: (code: LintCode) => ruleSetting({ preset: 'strict' }, code),
  ...extra,
});

const DOC = { path: '/r/docs/guide.md' };

/** The findings of a reference of docs/guide.md, as "code: message". */
function check(reference: string, extra: Partial<LinkOptions> = {}, doc: { path: string; baseHref?: string } = DOC): string[] {
  return checkLink(reference, doc, TREE, options(extra)).map((d) => `${d.code}: ${d.message}`);
}

describe('checkLink', () => {
  it('a file, a directory with an index file, a query (ignored), a file of any kind: nothing to say', () => {
    for (const ok of ['../README.md', './api/', 'api', 'api/README.md', '../setup.py', '../src/main.py', '../README.md?plain=1', 'page.html', '', '?q', '../public/img/logo.png']) expect([ok, check(ok)]).toEqual([ok, []]);
  });

  it('a file that does not exist: dead-link, with the resolved path and the one close name as a suggestion', () => {
    const [d] = checkLink('../docs/gude.md#usage', DOC, TREE, options());
    expect(d).toMatchObject({ code: 'dead-link', severity: 'error', start: 0, end: 15, message: 'links to docs/gude.md, which does not exist; did you mean docs/guide.md?' });
    expect(d.suggestions).toEqual([{ message: 'link to docs/guide.md', replacement: 'guide.md', start: 8, end: 15 }]);
    expect(check('nothing/here.md')).toEqual(['dead-link: links to docs/nothing/here.md, which does not exist: there is no docs/nothing']);
  });

  it('a link that goes up a directory too far: the name beside the document is what was meant', () => {
    const [d] = checkLink('../page.html', DOC, TREE, options());
    expect(d).toMatchObject({ code: 'dead-link', message: 'links to page.html, which does not exist; did you mean docs/page.html?' });
    expect(d.suggestions).toEqual([{ message: 'link to docs/page.html', replacement: 'page.html', start: 0, end: 12 }]);
  });

  it('a name in another case: link-case-mismatch, whatever the file system says, with the name as it is', () => {
    const [d] = checkLink('../readme.md#usage', DOC, TREE, options());
    expect(d).toMatchObject({ code: 'link-case-mismatch', message: 'links to readme.md, which is README.md but for case: a case-sensitive file system or web server finds no such file' });
    expect(d.suggestions).toEqual([{ message: 'write "README.md"', replacement: 'README.md', start: 3, end: 12 }]);
    expect(check('API/readme.md')).toEqual(['link-case-mismatch: links to docs/API, which is docs/api but for case: a case-sensitive file system or web server finds no such file']);
  });

  it('a path its tree\'s ignore files ignore (a build\'s output) is not judged; fallback extensions name a page without its extension', () => {
    const ignoring: LinkTree = { entries: (d) => TREE.entries(d), anchors: (f) => TREE.anchors(f), ignored: (p, root) => root === '/r' && p.startsWith('/r/docs/dist') };
    expect(checkLink('dist/bundle.js', DOC, ignoring, options())).toEqual([]);
    expect(checkLink('dist/bundle.js', DOC, TREE, options()).map((d) => d.code)).toEqual(['dead-link']);
    expect(check('page')).toHaveLength(1);
    expect(check('page', { fallbackExtensions: ['md', 'html'] })).toEqual([]);
    expect(check('page#top-section', { fallbackExtensions: ['html'] })).toEqual([]);
    expect(check('page#nothing', { fallbackExtensions: ['html'] })[0]).toMatch(/^dead-anchor: docs\/page.html has no anchor "nothing"/);
  });

  it('a directory needs one of the index files ("." in the list: the directory itself will do); a file is no directory', () => {
    expect(check('empty/')).toEqual(['dead-link: links to the directory docs/empty/, which has none of the index files README.md, index.md, index.html']);
    expect(check('empty/', { indexFiles: ['README.md', '.'] })).toEqual([]);
    expect(check('empty/', { indexFiles: [] })).toEqual([]);
    expect(check('site/#x')).toEqual([]);
    expect(check('site/#y')).toEqual(['dead-anchor: docs/site/index.html has no anchor "y" (its headings by GitHub\'s slugs, its ids and names); did you mean #x?']);
    expect(check('../README.md/x')).toEqual(['dead-link: links to README.md/x, but README.md is a file, not a directory']);
    expect(check('page.html/')).toEqual(['dead-link: links to the directory docs/page.html/, but docs/page.html is a file']);
    expect(check('broken-link.md')).toEqual(['dead-link: links to docs/broken-link.md, a symbolic link that leads nowhere']);
  });

  it("a fragment names a heading by GitHub's slugs (any case, the user-content- prefix), an id or an a name; #top and # the top", () => {
    for (const ok of ['../README.md#installation', '../README.md#Installation', '../README.md#usage-1', '../README.md#legacy', '../README.md#user-content-usage', '../README.md#top', '../README.md#', '#guide', '#equivalence-by-scheme', 'page.html#top-section']) expect([ok, check(ok)]).toEqual([ok, []]);
    const [d] = checkLink('../README.md#instalation', DOC, TREE, options());
    expect(d).toMatchObject({ code: 'dead-anchor', start: 13, end: 24, message: 'README.md has no anchor "instalation" (its headings by GitHub\'s slugs, its ids and names); did you mean #installation?' });
    expect(d.suggestions).toEqual([{ message: 'link to #installation', replacement: 'installation', start: 13, end: 24 }]);
    expect(check('#usage-2')).toEqual(['dead-anchor: this document has no anchor "usage-2" (its headings by GitHub\'s slugs, its ids and names)']);
    // A word short: the one anchor it begins.
    expect(check('#equivalence')).toEqual(['dead-anchor: this document has no anchor "equivalence" (its headings by GitHub\'s slugs, its ids and names); did you mean #equivalence-by-scheme?']);
  });

  it('a fragment is percent-decoded (UTF-8) before it is matched; a non-ASCII one as written matches too', () => {
    expect(check('#caf%C3%A9-cr%C3%A8me')).toEqual([]);
    expect(check('#caf\u00e9-cr\u00e8me')).toEqual([]);
    expect(check('#caf%C3%A9-cr%C3%A8m')).toHaveLength(1);
  });

  it('a fragment into a file that has no anchors (code, an image) is not judged, nor a line of GitHub\'s source view (?plain=1#L12)', () => {
    expect(check('../setup.py#L10')).toEqual([]);
    expect(check('../public/img/logo.png#x')).toEqual([]);
    expect(check('../README.md?plain=1#L12-L20')).toEqual([]);
    expect(check('../README.md#L12')).toHaveLength(1);
  });

  it('other slug styles, named in the options: an anchor of any of them is one', () => {
    expect(check('#caf\u00e9-cr\u00e8me', { slugStyles: ['python-markdown'] })).toHaveLength(1);
    expect(check('#cafe-creme', { slugStyles: ['python-markdown'] })).toEqual([]);
    expect(check('#cafe-creme', { slugStyles: ['github', 'python-markdown'] })).toEqual([]);
    expect(check('#Guide', { slugStyles: ['gitlab'] })).toHaveLength(1);
  });

  it('a path is decoded as a browser decodes it: percent-encoded and non-ASCII names, a space', () => {
    for (const ok of ['caf\u00e9.md', 'caf%C3%A9.md', 'my%20file.md', 'my file.md']) expect([ok, check(ok)]).toEqual([ok, []]);
    expect(check('caf%C3%A8.md')).toHaveLength(1);
  });

  it('a reference with a scheme or an authority is not judged; a site-absolute path only against a site root', () => {
    for (const skip of ['https://example.com/x.md', 'mailto:a@example.com', '//cdn.example.com/x.js', 'file:///etc/passwd', '/img/logo.png']) expect([skip, check(skip)]).toEqual([skip, []]);
    expect(check('/img/logo.png', { siteRoot: '/r/public' })).toEqual([]);
    expect(check('/img/logo.svg', { siteRoot: '/r/public' })).toEqual(['dead-link: links to public/img/logo.svg, which does not exist; did you mean public/img/logo.png?']);
    // Dot segments stop at the site root, as a server's do.
    expect(check('/../../img/logo.png', { siteRoot: '/r/public' })).toEqual([]);
  });

  it('a link out of the tree: link-outside-tree, an info, not judged', () => {
    expect(check('../../outside/other.md')).toEqual(['link-outside-tree: links to /outside/other.md, outside the tree checked (/r): not checked']);
    expect(checkLink('../../outside/nothing.md', DOC, TREE, options())[0]).toMatchObject({ code: 'link-outside-tree', severity: 'info' });
  });

  it('an HTML <base href>: relative references resolve against it; one that is no file of the tree leaves them unjudged', () => {
    const page = { path: '/r/docs/site/index.html' };
    expect(check('guide.md', {}, page)).toHaveLength(1);
    expect(check('guide.md', {}, { ...page, baseHref: '../' })).toEqual([]);
    expect(check('#guide', {}, { ...page, baseHref: '../guide.md' })).toEqual([]);
    expect(check('nothing.md', {}, { ...page, baseHref: 'https://example.com/' })).toEqual([]);
  });

  it('a first segment shaped like a domain name that names nothing beside the document: path-looks-like-host, with https:// suggested', () => {
    const [d] = checkLink('www.example.org/docs', DOC, TREE, options());
    expect(d).toMatchObject({ code: 'path-looks-like-host', start: 0, end: 15, message: 'no scheme: "www.example.org/docs" is a path relative to the document, and "www.example.org" names no file or directory beside it; did you mean https://www.example.org/docs?' });
    expect(d.suggestions).toEqual([{ message: 'write "https://www.example.org"', replacement: 'https://www.example.org', start: 0, end: 15 }]);
    expect(check('docs.rs/serde')[0]).toMatch(/^path-looks-like-host: /);
    // A file's extension with nothing after it is a file written with a "/" (a site's page), not a host.
    expect(check('formatters.md/#codeframe')[0]).toMatch(/^dead-link: /);
    expect(check('github.com')[0]).toMatch(/^path-looks-like-host: /);
    // Never an existing file or directory; a missing file with a file's extension is a dead link.
    expect(check('example.com/')).toEqual([]);
    expect(check('../CONTRIBUTING.md')).toEqual([]);
    expect(check('../setup.py')).toEqual([]);
    expect(check('CONTRIBUTING.md')[0]).toMatch(/^dead-link: /);
    expect(check('setup.py')[0]).toMatch(/^dead-link: /);
    expect([domainShaped('README.md', false), domainShaped('x.notatld', false), domainShaped('-a.com', false), domainShaped('a.com', false), domainShaped('docs.rs', true)]).toEqual([false, false, false, true, true]);
  });

  it('a rule set off reports nothing, and re-graded reports at its severity', () => {
    const off = { setting: (code: LintCode) => ruleSetting({ rules: { 'dead-link': 'off', 'dead-anchor': 'warning' } }, code) };
    expect(check('gone.md', off)).toEqual([]);
    expect(checkLink('#gone', DOC, TREE, options(off))[0].severity).toBe('warning');
    // The recommended preset leaves the info out.
    expect(check('../../outside/other.md', { setting: (code: LintCode) => ruleSetting({ preset: 'recommended' }, code) })).toEqual([]);
  });

  it('hostile references: a million segments or dot segments, a long fragment, are read in linear time', async () => {
    const M = 1_000_000;
    for (const reference of ['a/'.repeat(M / 2), '../'.repeat(M / 3), `#${'x'.repeat(M)}`, `${'%C3%A9'.repeat(M / 6)}.md`, `${'a.'.repeat(M / 2)}com/x`]) {
      expect(checkLink(reference, DOC, TREE, options()).length).toBeLessThanOrEqual(1);
      await new Promise((r) => setImmediate(r));
    }
  }, 20_000);
});

describe('docs/lint-rules.md: the rules of link integrity', () => {
  const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'lint-rules.md'), 'utf8');
  const sections = [...doc.matchAll(/^## `([a-z-]+)`\n([\s\S]*?)(?=^## |$(?![\s\S]))/gm)].filter((m) => (LINT_RULES as Record<string, { tree?: true }>)[m[1]]?.tree === true);

  it('documents each of them', () => {
    expect(sections.map((m) => m[1]).sort()).toEqual((Object.keys(LINT_RULES) as LintCode[]).filter((c) => ruleOf(c).tree === true).sort());
  });

  it.each(sections.map((m) => [m[1], m[2]]))('%s fires on its bad example and not on its good one, in the tree its example names', (code, body) => {
    const files: Record<string, string> = {};
    for (const f of body.matchAll(/^- file: `([^`]+)`(?: holding `(.*)`)?$/gm)) files[`/r/${f[1]}`] = (f[2] ?? '').replace(/\\n/g, '\n');
    const inFile = /^- in: `([^`]+)`$/m.exec(body)![1];
    files[`/r/${inFile}`] ??= '# Index\n';
    const tree = new MemoryTree(files);
    const codes = (reference: string) => checkLink(reference, { path: `/r/${inFile}` }, tree, options()).map((d) => d.code);
    expect(codes(/^- bad: `(.*)`$/m.exec(body)![1])).toContain(code);
    expect(codes(/^- good: `(.*)`$/m.exec(body)![1])).not.toContain(code);
  });
});

describe('explicit heading identifiers', () => {
  it('pandoc and Python-Markdown take "{#id}" at a heading\'s end for its anchor; GitHub reads it as text', () => {
    const tree = new MemoryTree({ '/r/a.md': '# Install it {#setup .big}\n' });
    const codes = (reference: string, slugStyles: SlugStyle[]) => checkLink(reference, { path: '/r/b.md' }, tree, options({ slugStyles })).map((d) => d.code);
    expect(codes('a.md#setup', ['pandoc'])).toEqual([]);
    expect(codes('a.md#setup', ['python-markdown'])).toEqual([]);
    expect(codes('a.md#install-it', ['pandoc'])).toEqual(['dead-anchor']);
    expect(codes('a.md#setup', ['github'])).toEqual(['dead-anchor']);
    expect(codes('a.md#install-it-setup-big', ['github'])).toEqual([]);
  });
});

describe('one finding per cause', () => {
  it('a reference whose start lint() already reads as something else (a finding with suggestions at 0) is not checked as a path', () => {
    const found = make('www.example.org/docs', 0, 20, 'link');
    const linkFinding = (): Diagnostic[] => checkLink(found.uri, DOC, TREE, options());
    expect(withLinks([], found, linkFinding)).toMatchObject([{ code: 'path-looks-like-host' }]);
    const said: Diagnostic = { code: 'scheme-syntax', severity: 'error', message: 'no scheme', start: 0, end: 15, section: 's', suggestions: [{ message: 'm', replacement: 'https://www.example.org', start: 0, end: 15 }] };
    expect(withLinks([said], found, linkFinding)).toEqual([said]);
    // Another finding of the reference, elsewhere or without suggestions, leaves the link checked.
    const other: Diagnostic = { code: 'non-ascii', severity: 'warning', message: 'x', start: 3, end: 4, section: 's' };
    expect((withLinks([other], found, linkFinding) as Diagnostic[]).map((d) => d.code)).toEqual(['path-looks-like-host', 'non-ascii']);
  });
});
