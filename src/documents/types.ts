/**
 * What document-aware extraction gives and takes: the kinds of document, a URI
 * found in one with its exact place, and the options. Shared by the reader of
 * each kind (./markdown, ./html, ./source, ./prose) and the entry (./index).
 */
import type { ExtractedUri } from '../lint/extract';

export type DocumentKind = 'markdown' | 'html' | 'source' | 'text';
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['markdown', 'html', 'source', 'text'];

export interface DocumentUri {
  /** The URI as the document means it: escapes and character references decoded, delimiters and line breaks gone. */
  readonly uri: string;
  /** The [start, end) of the text it was read from, in UTF-16 code units. */
  readonly start: number;
  readonly end: number;
  /** The offset in the text of each code unit of `uri`, when `uri` is not text.slice(start, end). */
  readonly offsets?: Uint32Array;
  /** What found it. */
  readonly kind: 'link' | 'image' | 'autolink' | 'definition' | 'attribute' | 'string' | 'text';
  /** For kind "attribute": the attribute's name, in lower case ("href", "src", "srcset"). */
  readonly attribute?: string;
  /** For kind "attribute": its element's name, in lower case ("a", "img", "script"). */
  readonly element?: string;
  /** Found in a code span or block (only with `code: true`). */
  readonly code: boolean;
  /** Whether `uri` is a valid RFC 3986 URI reference. */
  readonly valid: boolean;
  /** For kind "text": what ./extract found, with its delimiters. */
  readonly found?: ExtractedUri;
  /**
   * Where the URI ends is not where the document's URI ends: it runs on into something the reader
   * does not know the value of (a template placeholder; in source code an interpolation, a
   * placeholder or an escape), or stops at something the reader cut it at (a Markdown escape, code
   * span, link or inline HTML right after it). So what is past `end` is not known: lint leaves out
   * what reaches the URI's end (an empty path there may not be empty), and --fix writes nothing
   * there.
   */
  readonly cut?: boolean;
}

/**
 * Template placeholder syntaxes (./templates), by the engines best known for them:
 * - mustache: "{{ ... }}" and "{{{ ... }}}" (Mustache, Handlebars, Jinja, Nunjucks, Liquid, Twig, Django, Go templates, Vue, Angular);
 * - jinja: "{% ... %}" and "{# ... #}" (the tags and comments of Jinja, Nunjucks, Liquid, Twig, Django);
 * - erb: "<% ... %>", "<%= ... %>", "<%- ... %>" (ERB, EJS, JSP, ASP);
 * - php: "<?php ... ?>", "<?= ... ?>";
 * - interpolation: "${...}" and "#{...}" (JavaScript template literals, JSP EL, Groovy, shell, Ruby, Pug);
 * - uri-template: an RFC 6570 expression, "{var}", "{+path}", "{?q,lang}" (API documentation, OpenAPI paths);
 * - placeholder: what documentation writes for a value the reader puts in, "<name>", "<Your Name>" (after a URI's
 *   ":", "/", "@", "=" and the like) and "{kebab-name}" (a name RFC 6570 does not allow: "-" is no varchar).
 */
export type TemplateSyntax = 'mustache' | 'jinja' | 'erb' | 'php' | 'interpolation' | 'uri-template' | 'placeholder';
export const TEMPLATE_SYNTAXES: readonly TemplateSyntax[] = ['mustache', 'jinja', 'erb', 'php', 'interpolation', 'uri-template', 'placeholder'];

export interface DocumentOptions {
  /** What the text is (default: "text"). */
  readonly kind?: DocumentKind;
  /** Also the URIs in code spans and code blocks (Markdown), read as text. */
  readonly code?: boolean;
  /**
   * The template placeholder syntaxes read as holes (default: all of TEMPLATE_SYNTAXES): a URI is
   * read up to the first hole in it, and is cut there; [] reads none.
   */
  readonly templates?: readonly TemplateSyntax[];
}
