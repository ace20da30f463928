/**
 * urigram/formats: the resource-identifier formats of JSON Schema 2020-12
 * (Validation, sections 7.3.5 and 7.3.6), for ajv 8 (`addFormats(ajv)`) and,
 * as plain predicates, for any other validator:
 *
 * - "uri": a valid URI, according to RFC 3986 (the rule `URI`: a scheme, and a fragment allowed);
 * - "uri-reference": a valid URI reference (a URI or a relative reference), RFC 3986 `URI-reference`;
 * - "iri": a valid IRI, according to RFC 3987 (`IRI`);
 * - "iri-reference": a valid IRI reference, RFC 3987 `IRI-reference`;
 * - "uri-template": a valid URI Template (of any level), according to RFC 6570:
 *   what isValid(t, { grammar: 'rfc6570' }) answers, the grammar's
 *   URI-Template without the operators 2.2 reserves for future extensions,
 *   which a processor refuses.
 *
 * And the formats that schema authors use for a scheme of their own, checked
 * by the scheme's grammar (docs/schemes.md): one per `format` of a scheme in
 * grammar/registry.json (SCHEME_FORMAT_NAMES), a string that checkScheme()
 * finds valid and of that scheme. Today:
 *
 * - "urn": a URN, RFC 8141 (its syntax; the NID rules of 5.1 and 5.2 are
 *   rules of registration, warnings of checkScheme, not failures here);
 * - "data-url": a data URL, RFC 2397 (the name react-jsonschema-form's file
 *   widgets use; a ";base64" body must be base64).
 *
 * With `addFormats(ajv, { scheme: true })`, "uri" and "uri-reference" check a
 * URI of a scheme that has a grammar (mailto, urn, data, file, http, https:
 * the registry's `schemes`) by its scheme's grammar too.
 *
 * Exactly the grammar's strings: nothing is trimmed, decoded or repaired.
 * ajv is not imported: addFormats takes any object with ajv 8's `addFormat`.
 * This module is an entry point of its own (package.json's exports); nothing
 * in the core imports it.
 */
import { checkScheme, isValid, useGrammar, useSchemes, GRAMMAR_REGISTRY, RFC3987_GRAMMAR, RFC6570_GRAMMAR } from './index';
import type { SchemeFormatName } from './core/grammars';
import { boolean, checkOptions, describeValue, type OptionCheck } from './core/options';
import { schemeGrammarModules } from './core/load';

/** The format names of JSON Schema 2020-12 that urigram checks. */
export const FORMAT_NAMES = ['uri', 'uri-reference', 'iri', 'iri-reference', 'uri-template'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

export type { SchemeFormatName };

/** Each scheme's format (grammar/registry.json: a scheme's `format`), with its scheme, in the registry's order. */
const schemeFormats: Array<readonly [SchemeFormatName, string]> = [];
for (const e of GRAMMAR_REGISTRY) {
  for (const [scheme, s] of Object.entries(e.schemes ?? {})) if (s.format !== undefined) schemeFormats.push([s.format, scheme]);
}

/** The formats of one scheme each, named as schema authors name them (not JSON Schema's own): the registry's (grammar/registry.json, a scheme's `format`). */
export const SCHEME_FORMAT_NAMES: readonly SchemeFormatName[] = schemeFormats.map(([format]) => format);

let schemeGrammars = false;
/** An ES module bundle has the scheme checks and grammars only when given them (useSchemes): given on the first check that needs them. Harmless in Node. */
function schemes(): void {
  if (!schemeGrammars) {
    useSchemes(...schemeGrammarModules());
    schemeGrammars = true;
  }
}

let iriGrammar = false;
/** An ES module bundle loads RFC 3987 only when given it (useGrammar): given on the first IRI check. Harmless in Node. */
function rfc3987(): 'rfc3987' {
  if (!iriGrammar) {
    useGrammar(RFC3987_GRAMMAR);
    iriGrammar = true;
  }
  return 'rfc3987';
}

let templateGrammar = false;
/** RFC 6570's grammar, given to useGrammar on the first template check, as RFC 3987's is. */
function rfc6570(): 'rfc6570' {
  if (!templateGrammar) {
    useGrammar(RFC6570_GRAMMAR);
    templateGrammar = true;
  }
  return 'rfc6570';
}

function text(value: unknown, format: FormatName | SchemeFormatName): string {
  if (typeof value !== 'string') throw new TypeError(`the ${format} format checks strings, got ${typeof value}`);
  return value;
}

/** "uri": RFC 3986 `URI` (`scheme ":" hier-part [ "?" query ] [ "#" fragment ]`). */
export function uri(value: string): boolean {
  return isValid(text(value, 'uri'), { rule: 'URI' });
}

/** "uri-reference": RFC 3986 `URI-reference` (a URI or a relative reference; "" is one). */
export function uriReference(value: string): boolean {
  return isValid(text(value, 'uri-reference'), { rule: 'URI-reference' });
}

/** "iri": RFC 3987 `IRI`. */
export function iri(value: string): boolean {
  return isValid(text(value, 'iri'), { grammar: rfc3987(), rule: 'IRI' });
}

/** "iri-reference": RFC 3987 `IRI-reference`. */
export function iriReference(value: string): boolean {
  return isValid(text(value, 'iri-reference'), { grammar: rfc3987(), rule: 'IRI-reference' });
}

/** "uri-template": a URI Template of any level (RFC 6570), as isValid(t, { grammar: 'rfc6570' }) answers. */
export function uriTemplate(value: string): boolean {
  return isValid(text(value, 'uri-template'), { grammar: rfc6570() });
}

/** The format of a scheme: a string that checkScheme() finds valid (RFC 3986, then the scheme's grammar and checks) and of that scheme. */
function schemeFormat(format: SchemeFormatName, scheme: string): (value: string) => boolean {
  return (value) => {
    schemes();
    const c = checkScheme(text(value, format));
    return c.valid && c.scheme === scheme;
  };
}

const byFormat = new Map(schemeFormats.map(([format, scheme]) => [format, schemeFormat(format, scheme)]));

/** A scheme's format by name (its type is the registry's names, so that a name it lacks does not compile). */
function schemeFormatNamed(format: SchemeFormatName): (value: string) => boolean {
  return (
    byFormat.get(format) ??
    (() => {
      throw new Error(`urigram/formats: grammar/registry.json names no scheme with the format ${format}`);
    })
  );
}

/** "urn": an RFC 8141 URN (`namestring`), with the NID rules of RFC 8141 5. */
export const urn: (value: string) => boolean = schemeFormatNamed('urn');

/** "data-url": an RFC 2397 data URL (`dataurl`), its ";base64" body base64. */
export const dataUrl: (value: string) => boolean = schemeFormatNamed('data-url');

/** "uri" with `scheme: true`: RFC 3986 `URI`, and its scheme's grammar where urigram has one. */
export function uriByScheme(value: string): boolean {
  schemes();
  return isValid(text(value, 'uri'), { rule: 'URI', scheme: true });
}

/** "uri-reference" with `scheme: true`: RFC 3986 `URI-reference`, and a URI's scheme's grammar where urigram has one. */
export function uriReferenceByScheme(value: string): boolean {
  schemes();
  return isValid(text(value, 'uri-reference'), { rule: 'URI-reference', scheme: true });
}

/** The predicates by format name. */
export const formats: Readonly<Record<FormatName | SchemeFormatName, (value: string) => boolean>> = {
  uri,
  'uri-reference': uriReference,
  iri,
  'iri-reference': iriReference,
  'uri-template': uriTemplate,
  ...(Object.fromEntries(byFormat) as Record<SchemeFormatName, (value: string) => boolean>),
};

/** What addFormats needs of an ajv instance: ajv 8's addFormat (ajv itself is not imported). */
export interface AjvLike {
  addFormat(name: string, format: { type: 'string'; validate: (value: string) => boolean }): unknown;
}

export interface AddFormatsOptions {
  /** The formats to register (default: the five of JSON Schema; a scheme's, "urn" and "data-url", only when named here). */
  readonly formats?: readonly (FormatName | SchemeFormatName)[];
  /** true: "uri" and "uri-reference" check a URI by its scheme's grammar too (mailto, urn, data, file, http, https). */
  readonly scheme?: boolean;
}

const ALL_FORMATS: readonly string[] = [...FORMAT_NAMES, ...SCHEME_FORMAT_NAMES];

const formatList: OptionCheck = (value) => {
  if (!Array.isArray(value)) return `must be an array of format names, got ${describeValue(value)}`;
  const unknown = value.find((name) => !ALL_FORMATS.includes(name));
  return unknown === undefined ? undefined : `must hold only ${ALL_FORMATS.map((n) => JSON.stringify(n)).join(', ')}, got ${JSON.stringify(unknown)}`;
};

/**
 * Registers "uri", "uri-reference", "iri", "iri-reference" and "uri-template"
 * (or those in options.formats, "urn" and "data-url" among them) with an ajv 8
 * instance, replacing any format of the same name; returns the instance. They
 * apply to strings only, as every format.
 */
export function addFormats<T extends AjvLike>(ajv: T, options?: AddFormatsOptions): T {
  checkOptions('addFormats', options, { formats: formatList, scheme: boolean });
  if (ajv === null || typeof ajv !== 'object' || typeof (ajv as Partial<AjvLike>).addFormat !== 'function') {
    throw new TypeError(`addFormats expects an ajv instance (an object with addFormat), got ${ajv === null ? 'null' : typeof ajv}`);
  }
  const byScheme: Partial<Record<FormatName, (value: string) => boolean>> = options?.scheme === true ? { uri: uriByScheme, 'uri-reference': uriReferenceByScheme } : {};
  for (const name of options?.formats ?? FORMAT_NAMES) ajv.addFormat(name, { type: 'string', validate: byScheme[name as FormatName] ?? formats[name] });
  return ajv;
}
