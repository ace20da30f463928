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
  /** Found in a code span or block (only with `code: true`). */
  readonly code: boolean;
  /** Whether `uri` is a valid RFC 3986 URI reference. */
  readonly valid: boolean;
  /** For kind "text": what ./extract found, with its delimiters. */
  readonly found?: ExtractedUri;
  /**
   * Source code: the URI runs on into an interpolation, a placeholder or an escape whose value the
   * reader does not know, so what the string holds past `end` is not known (lint leaves out what
   * reaches the URI's end: an empty path there may not be empty).
   */
  readonly cut?: boolean;
}

export interface DocumentOptions {
  /** What the text is (default: "text"). */
  readonly kind?: DocumentKind;
  /** Also the URIs in code spans and code blocks (Markdown), read as text. */
  readonly code?: boolean;
}
