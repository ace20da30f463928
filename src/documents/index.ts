/**
 * Document-aware URI extraction: the URIs a document means, found by what
 * the document is. Markdown through markdown-it (a CommonMark parser): link
 * and image destinations, autolinks and reference definitions, code spans and
 * blocks skipped unless asked for, raw HTML as HTML, and the prose in between
 * by Appendix C (./extract) with quotes taken only when they hold something
 * URI-like. HTML through htmlparser2's tokenizer: the URI-valued attributes.
 * Source code: string literals, and the text of comments. Plain text: ./extract.
 *
 * Every URI comes with its exact place in the text: the [start, end) of the
 * text it was read from and, when the URI differs from that text (a backslash
 * escape, a character reference, a line break inside delimiters), the offset
 * of each of its code units. Also the inline directives
 * (urigram-disable-next-line, urigram-disable, urigram-enable) in comments.
 *
 * The readers are ./markdown, ./html, ./source and ./prose (text), one module
 * per kind of document; ./directives reads the inline directives. (The command
 * line imports '../documents/index', by name: a dist/src/documents.js that an
 * incremental build kept from before this folder, src/documents.ts, would be
 * found before the folder.)
 *
 * This module loads markdown-it and htmlparser2: it is an entry point of its
 * own (urigram/documents) and the command line's, never part of the core
 * bundle (src/index.ts does not import it). Time is linear in the text.
 */
import type { DocumentKind, DocumentOptions, DocumentUri } from './types';
import { DOCUMENT_KINDS, TEMPLATE_SYNTAXES } from './types';
import { cutAtHoles, elisionHoles, mergeHoles, shortened, templateHoles } from './templates';
import { markdownUris } from './markdown';
import { htmlUris } from './html';
import { sourceLanguageOf, sourceUris, withoutEscapeBraces } from './source';
import { proseUris } from './prose';
import { characterReferenceHoles } from './found';
import { apiDescriptionUris } from './api-documents';

export { DOCUMENT_KINDS, TEMPLATE_SYNTAXES, type DocumentKind, type DocumentOptions, type DocumentUri, type TemplateSyntax } from './types';
export { directives, suppressedBy, type Directive } from './directives';

const EXTENSIONS: Readonly<Record<string, DocumentKind>> = {
  md: 'markdown', markdown: 'markdown', mdown: 'markdown', mkd: 'markdown', mdx: 'markdown',
  html: 'html', htm: 'html', xhtml: 'html', svg: 'html', xml: 'html', vue: 'html',
  js: 'source', mjs: 'source', cjs: 'source', jsx: 'source', ts: 'source', mts: 'source', cts: 'source', tsx: 'source',
  java: 'source', kt: 'source', scala: 'source', c: 'source', h: 'source', cc: 'source', cpp: 'source', hpp: 'source', cs: 'source',
  go: 'source', rs: 'source', swift: 'source', php: 'source', py: 'source', rb: 'source', sh: 'source', bash: 'source',
  pl: 'source', r: 'source', yaml: 'source', yml: 'source', toml: 'source', css: 'source', scss: 'source', less: 'source', kts: 'source',
  // JSON's strings are a programming language's: escapes, a value in quotes (a space in one is the value's).
  json: 'source', jsonc: 'source', json5: 'source',
};

/**
 * The extensions of template files, and what such a file is when its name has no other extension that is known:
 * "page.html.j2" is HTML and "nginx.conf.j2" text, by the extension before the template's; "page.hbs" is HTML.
 */
const TEMPLATE_EXTENSIONS: Readonly<Record<string, DocumentKind>> = {
  j2: 'text', jinja: 'text', jinja2: 'text', tmpl: 'text', tpl: 'text', gotmpl: 'text',
  njk: 'html', nunjucks: 'html', liquid: 'html', hbs: 'html', handlebars: 'html', mustache: 'html', twig: 'html', erb: 'html', ejs: 'html', phtml: 'html',
};

/** A file's name without the extension of a template engine ("page.html.j2": "page.html"), and that extension's kind when there is one. */
function templateName(name: string): { name: string; kind?: DocumentKind } {
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  const ext = m?.[1].toLowerCase();
  if (ext === undefined || !Object.prototype.hasOwnProperty.call(TEMPLATE_EXTENSIONS, ext)) return { name };
  return { name: name.slice(0, -m![0].length), kind: TEMPLATE_EXTENSIONS[ext] };
}

/** Whether a file is a template (by its extension: "page.html.j2", "show.html.erb", "base.njk"): its relative links are relative to the pages it renders, not to itself. */
export function isTemplateFile(name: string): boolean {
  return templateName(name).name !== name;
}

/** The kind of a file by its name's extension (a template's by the extension before the engine's); text when it has none that is known. */
export function kindOfFile(name: string): DocumentKind {
  const template = templateName(name);
  const m = /\.([A-Za-z0-9]+)$/.exec(template.name);
  const ext = m?.[1].toLowerCase();
  return (ext !== undefined && Object.prototype.hasOwnProperty.call(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined) ?? template.kind ?? 'text';
}

/**
 * A URI of Markdown prose as the rendered text has it: without the emphasis delimiters around it
 * ("~~https://old.example~~" is struck-through text) or a hard line break's backslash at its end; cut when
 * its extent is not certain: after a "(" that it does not end at the ")" of (a link markdown-it did not take,
 * "[x](http://exa" then a line break), or as the destination of a reference definition markdown-it did not take.
 */
function markdownProse(text: string, u: DocumentUri): DocumentUri {
  let v = u;
  // The run of one emphasis character at the URI's end, counted back (a regular expression anchored at the end
  // would try every start in a long run: quadratic), kept when the same run does not stand before the URI.
  const last = v.uri[v.uri.length - 1];
  if (last === '*' || last === '_' || last === '~') {
    let k = v.uri.length - 1;
    while (k > 0 && v.uri[k - 1] === last) k--;
    const run = v.uri.length - k;
    if (k > 0 && text.slice(v.start - run, v.start) === last.repeat(run)) v = shortened(v, k);
  }
  if (v.uri.endsWith('\\') && (text[v.end] === '\n' || text[v.end] === '\r')) v = shortened(v, v.uri.length - 1);
  if (v.cut === true) return v;
  const uncertain = (text[v.start - 1] === '(' && text[v.end] !== ')') || inDefinition(text, v.start);
  return uncertain ? { ...v, cut: true } : v;
}

/** The longest link label CommonMark allows (999 characters) and its brackets, the colon and up to 3 spaces of indentation. */
const DEFINITION_REACH = 1006;

/**
 * Whether `at` is where a reference definition's destination would begin ("[label]: " at the start of a line,
 * indented at most three spaces): what comes before it is looked at back to the line's start, never past
 * DEFINITION_REACH characters, so that a line of many URIs is not read again for each.
 */
function inDefinition(text: string, at: number): boolean {
  let k = at;
  while (k > 0 && (text[k - 1] === ' ' || text[k - 1] === '\t')) k--;
  if (text[k - 1] !== ':' || text[k - 2] !== ']') return false;
  const stop = Math.max(0, at - DEFINITION_REACH);
  let open = k - 3;
  while (open >= stop && text[open] !== '[' && text[open] !== ']' && text[open] !== '\n') open--;
  if (open < stop || text[open] !== '[' || open === k - 3) return false;
  let i = open;
  while (i > 0 && text[i - 1] === ' ' && open - i < 3) i--;
  return i === 0 || text[i - 1] === '\n';
}

/**
 * The URIs of a source file, with those of an OpenAPI or AsyncAPI document's descriptions read as the Markdown they
 * are (./api-documents) in place of what the source reading found in them.
 */
function withApiDescriptions(text: string, found: DocumentUri[], name: string, readMarkdown: (value: string) => DocumentUri[]): DocumentUri[] {
  const api = apiDescriptionUris(text, name, readMarkdown);
  if (api === undefined || api.ranges.length === 0) return found;
  // Both in order: the ranges as the document has them (disjoint), the URIs sorted by where they start.
  const ranges = api.ranges;
  const sorted = [...found].sort((a, b) => a.start - b.start);
  const out: DocumentUri[] = [];
  let r = 0;
  for (const u of sorted) {
    while (r < ranges.length && ranges[r][1] <= u.start) r++;
    if (r < ranges.length && ranges[r][0] <= u.start) continue;
    out.push(u);
  }
  for (const u of api.uris) out.push(u);
  return out;
}

/** Finds the URIs of a document, in order of where they start. */
export function extractDocument(text: string, options: DocumentOptions & { name?: string } = {}): DocumentUri[] {
  if (typeof text !== 'string') throw new TypeError(`expected the text as a string, got ${typeof text}`);
  const kind = options.kind ?? 'text';
  if (!DOCUMENT_KINDS.includes(kind)) throw new TypeError(`unknown document kind ${JSON.stringify(kind)} (expected ${DOCUMENT_KINDS.join(', ')})`);
  const templates = options.templates ?? TEMPLATE_SYNTAXES;
  if (!Array.isArray(templates) || templates.some((t) => !TEMPLATE_SYNTAXES.includes(t))) {
    throw new TypeError(`templates must be a list of ${TEMPLATE_SYNTAXES.join(', ')}, got ${JSON.stringify(templates)}`);
  }
  let out: DocumentUri[];
  if (kind === 'markdown') out = markdownUris(text, options.code === true);
  else if (kind === 'html') out = htmlUris(text, 0, text.length);
  else if (kind === 'source') {
    const name = templateName(options.name ?? '').name;
    out = withApiDescriptions(text, sourceUris(text, sourceLanguageOf(name)), name, (value) => extractDocument(value, { ...options, kind: 'markdown', name: undefined }));
  }
  else out = proseUris(text, 0);
  let holes = mergeHoles(templateHoles(text, templates), elisionHoles(text));
  if (kind === 'source') holes = withoutEscapeBraces(text, holes);
  out = cutAtHoles(out, holes);
  // Markdown's prose is rendered with its character references decoded: a URI there that reaches one is cut at it
  // (link destinations are decoded, and keep theirs).
  if (kind === 'markdown' && text.includes('&')) {
    const refs = characterReferenceHoles(text);
    if (refs.length > 0) out = [...out.filter((u) => u.kind !== 'text'), ...cutAtHoles(out.filter((u) => u.kind === 'text'), refs)];
  }
  if (kind === 'markdown') out = out.map((u) => (u.kind === 'text' ? markdownProse(text, u) : u));
  return out.sort((a, b) => a.start - b.start);
}
