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
 * Exactly the grammar's strings: nothing is trimmed, decoded or repaired.
 * ajv is not imported: addFormats takes any object with ajv 8's `addFormat`.
 * This module is an entry point of its own (package.json's exports); nothing
 * in the core imports it.
 */
import { isValid, useGrammar, RFC3987_GRAMMAR, RFC6570_GRAMMAR } from './index';
import { checkOptions, describeValue, type OptionCheck } from './core/options';

/** The format names of JSON Schema 2020-12 that urigram checks. */
export const FORMAT_NAMES = ['uri', 'uri-reference', 'iri', 'iri-reference', 'uri-template'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

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

function text(value: unknown, format: FormatName): string {
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

/** The predicates by format name. */
export const formats: Readonly<Record<FormatName, (value: string) => boolean>> = {
  uri,
  'uri-reference': uriReference,
  iri,
  'iri-reference': iriReference,
  'uri-template': uriTemplate,
};

/** What addFormats needs of an ajv instance: ajv 8's addFormat (ajv itself is not imported). */
export interface AjvLike {
  addFormat(name: string, format: { type: 'string'; validate: (value: string) => boolean }): unknown;
}

export interface AddFormatsOptions {
  /** The formats to register (default: all five). */
  readonly formats?: readonly FormatName[];
}

const formatList: OptionCheck = (value) => {
  if (!Array.isArray(value)) return `must be an array of format names, got ${describeValue(value)}`;
  const unknown = value.find((name) => !(FORMAT_NAMES as readonly unknown[]).includes(name));
  return unknown === undefined ? undefined : `must hold only ${FORMAT_NAMES.map((n) => JSON.stringify(n)).join(', ')}, got ${JSON.stringify(unknown)}`;
};

/**
 * Registers "uri", "uri-reference", "iri", "iri-reference" and "uri-template"
 * (or those in options.formats) with an ajv 8 instance, replacing any format of the same
 * name; returns the instance. They apply to strings only, as every format.
 */
export function addFormats<T extends AjvLike>(ajv: T, options?: AddFormatsOptions): T {
  checkOptions('addFormats', options, { formats: formatList });
  if (ajv === null || typeof ajv !== 'object' || typeof (ajv as Partial<AjvLike>).addFormat !== 'function') {
    throw new TypeError(`addFormats expects an ajv instance (an object with addFormat), got ${ajv === null ? 'null' : typeof ajv}`);
  }
  for (const name of options?.formats ?? FORMAT_NAMES) ajv.addFormat(name, { type: 'string', validate: formats[name] });
  return ajv;
}
