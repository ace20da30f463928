/**
 * Where a document says a string is a URI Template (RFC 6570), for `urigram
 * lint --extract` and the ESLint rule `urigram/valid-uri-template` (the
 * diagnostic of a string there that is not one is lint's: src/lint/rules/uri-template.ts).
 *
 * - a member whose name is one of the template properties (default
 *   `uriTemplate`, as JSON Schema's and MCP's resource templates name it;
 *   more by option);
 * - `href` of a link description object in a `links` array (JSON Hyper-Schema,
 *   whose `href` "is a URI Template");
 * - `url` of a Server Object in a `servers` array of an OpenAPI document (one
 *   whose root has `openapi` or `swagger`): OpenAPI 3's server URLs hold
 *   `{variables}`.
 *
 * A string there is checked as a template, and not as a URI (a template is
 * not a URI: RFC 6570 1.4).
 */

/** The template properties by default. */
export const DEFAULT_TEMPLATE_PROPERTIES: readonly string[] = ['uriTemplate'];

/** A step of a path into a JSON document: a member's name, or an array index. */
export type JsonStep = string | number;

/**
 * Whether the string at `path` (from the document's root) is a template:
 * `openApi` says whether the document's root has `openapi` or `swagger`.
 */
export function isTemplatePlace(path: readonly JsonStep[], properties: ReadonlySet<string>, openApi: boolean): boolean {
  const n = path.length;
  const last = path[n - 1];
  if (typeof last !== 'string') return false;
  if (properties.has(last)) return true;
  const inArrayOf = (key: string): boolean => n >= 3 && typeof path[n - 2] === 'number' && path[n - 3] === key;
  if (last === 'href' && inArrayOf('links')) return true;
  return openApi && last === 'url' && inArrayOf('servers');
}
