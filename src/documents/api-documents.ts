/**
 * API description documents in JSON or YAML, recognized by their content: an
 * OpenAPI document (a root `openapi`, or `swagger` for Swagger 2.0), an
 * AsyncAPI document (a root `asyncapi`), a JSON Schema (a root `$schema` that
 * names a JSON Schema dialect). And the Markdown in them: OpenAPI's and
 * AsyncAPI's `description` fields are CommonMark (OpenAPI 3.0 and 3.1, "Rich
 * Text Formatting": "Throughout the specification `description` fields are
 * noted as supporting CommonMark markdown formatting"; AsyncAPI 2 and 3, each
 * `description`: "CommonMark syntax can be used for rich text
 * representation"; Swagger 2.0: "GFM syntax can be used"), read as Markdown
 * (./markdown) and not as prose: `[a](http://a)` is one link, not the text
 * `http://a](http://a)`. Their `summary` and `title` fields are plain text,
 * as JSON Schema's `description` is ("a short explanation", 2020-12
 * validation 9.1): read as the rest of the file.
 */
import { jsonStrings } from '../template/json';
import { yamlStrings, type StructuredString, type StructuredStrings } from '../template/yaml';
import type { DocumentUri } from './types';

export type ApiDocumentKind = 'openapi' | 'asyncapi' | 'json-schema';

/** A `$schema` that names a JSON Schema dialect: json-schema.org's meta-schemas, OpenAPI 3.1's dialect. */
const SCHEMA_DIALECT = /^https?:\/\/(?:json-schema\.org\/|spec\.openapis\.org\/oas\/)/;

/** Whether a file's name says JSON or YAML, and which. */
export function structuredFormat(name: string): 'json' | 'yaml' | undefined {
  if (/\.json$/i.test(name)) return 'json';
  if (/\.ya?ml$/i.test(name)) return 'yaml';
  return undefined;
}

/** The strings of a JSON or YAML text that `keep` asks for (JSON: all), and its root keys; undefined for a text of neither. */
function stringsOf(text: string, format: 'json' | 'yaml', keep: (path: readonly (string | number)[]) => boolean): StructuredStrings | undefined {
  return format === 'json' ? jsonStrings(text) : yamlStrings(text, keep);
}

function kindOf(read: StructuredStrings): ApiDocumentKind | undefined {
  const keys = read.rootKeys;
  if (keys.has('openapi') || keys.has('swagger')) return 'openapi';
  if (keys.has('asyncapi')) return 'asyncapi';
  if (!keys.has('$schema')) return undefined;
  const schema = read.strings.find((s) => s.path.length === 1 && s.path[0] === '$schema');
  return schema !== undefined && SCHEMA_DIALECT.test(schema.value) ? 'json-schema' : undefined;
}

/** What a JSON or YAML document (by its name) is, by its content; undefined when it is none of these, or neither JSON nor YAML. */
export function apiDocumentKind(text: string, name: string): ApiDocumentKind | undefined {
  const format = structuredFormat(name);
  if (format === undefined) return undefined;
  const read = stringsOf(text, format, (path) => path.length === 1 && path[0] === '$schema');
  return read === undefined ? undefined : kindOf(read);
}

/**
 * The Markdown of an OpenAPI or AsyncAPI document: each `description` string's [start, end) in the text, and the URIs
 * `readMarkdown` finds in its value (as a Markdown document: its own coordinates), placed in the text.
 */
export function apiDescriptionUris(text: string, name: string, readMarkdown: (value: string) => DocumentUri[]): { ranges: Array<[number, number]>; uris: DocumentUri[] } | undefined {
  const format = structuredFormat(name);
  if (format === undefined) return undefined;
  const isDescription = (path: readonly (string | number)[]) => path[path.length - 1] === 'description';
  const read = stringsOf(text, format, (path) => isDescription(path) || (path.length === 1 && path[0] === '$schema'));
  if (read === undefined) return undefined;
  const kind = kindOf(read);
  if (kind !== 'openapi' && kind !== 'asyncapi') return undefined;
  const ranges: Array<[number, number]> = [];
  const uris: DocumentUri[] = [];
  for (const s of read.strings) {
    if (!isDescription(s.path)) continue;
    ranges.push([s.start, s.end]);
    for (const u of readMarkdown(s.value)) uris.push(placed(u, s, text));
  }
  return { ranges, uris };
}

/** A URI found in a string's value, placed in the document: its start, end and each code unit's offset through the string's. */
function placed(u: DocumentUri, s: StructuredString, text: string): DocumentUri {
  const at = (i: number): number => (s.offsets !== undefined ? s.offsets[i] : s.start + i);
  const offsets = new Uint32Array(u.uri.length);
  for (let k = 0; k < u.uri.length; k++) offsets[k] = at(u.offsets !== undefined ? u.offsets[k] : u.start + k);
  const start = at(u.start);
  const end = u.end > u.start ? at(u.end - 1) + 1 : start;
  // The text's own code units, one after the other: no offsets needed.
  let verbatim = end - start === u.uri.length;
  for (let k = 0; verbatim && k < offsets.length; k++) verbatim = offsets[k] === start + k && text.charCodeAt(start + k) === u.uri.charCodeAt(k);
  const { offsets: _inner, ...rest } = u;
  void _inner;
  return verbatim ? { ...rest, start, end } : { ...rest, start, end, offsets };
}
