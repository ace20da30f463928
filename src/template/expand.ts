/**
 * Template expansion (RFC 6570 3, with Appendix A's algorithm): Levels 1 to 4,
 * every operator, prefix and explode modifiers, strings, numbers, lists and
 * associative arrays.
 *
 * Values, as 2.3 and 2.4.2 describe them:
 * - undefined: `undefined` or `null`, or a variable the variables do not
 *   have; also a list with no defined member and an associative array with no
 *   defined value (2.3). An undefined variable is skipped (3.2.1);
 * - a string, or a number (written as String(n) writes it; NaN and the
 *   infinities are refused). The empty string is a defined value (2.3);
 * - a list: an array of strings and numbers (`undefined` and `null` members
 *   are undefined, and skipped);
 * - an associative array: a plain object or a Map, whose keys are strings
 *   (a Map's may be numbers) and whose values are strings and numbers
 *   (pairs whose value is `undefined` or `null` are skipped), in the order
 *   the object or Map gives them.
 * Anything else (a boolean, a nested list, a Date, a class instance...) is a
 * TemplateExpansionError naming the variable, as is a prefix modifier on a
 * list or an associative array (2.4.1: prefixes "are not applicable to
 * variables that have composite values").
 *
 * Where Appendix A (non-normative) and 3.2.1 (normative) differ, 3.2.1 is
 * followed: an exploded associative array's pair whose value is empty is
 * written "name", without "=", for every operator but "?" and "&" (Appendix
 * A writes "name=" for the operators that are not named); the names of an
 * exploded array's pairs are encoded as the values are ("Both name and value
 * strings are encoded in the same way as simple string values"). A list
 * whose members all expand to nothing (`['']`) is an empty value for the
 * named operators: `{;list}` gives ";list", `{?list}` "?list=".
 *
 * Templates are compiled once (src/template/compile.ts) and kept: expanding
 * the same template again costs no parsing.
 */
import { TemplateExpansionError } from '../core/errors';
import { describeValue } from '../core/options';
import { encodeLiteral, encodeValue, prefixOf } from './encode';
import type { ParsedTemplate, TemplateExpression, TemplateVarSpec } from './parse';
import { OPERATORS } from './syntax';

/** A value a variable may have: see the module's comment. */
export type TemplateScalar = string | number;
export type TemplateValue =
  | TemplateScalar
  | readonly (TemplateScalar | null | undefined)[]
  | { readonly [key: string]: TemplateScalar | null | undefined }
  | ReadonlyMap<string | number, TemplateScalar | null | undefined>
  | null
  | undefined;

/** The variables of an expansion, by name (as the template writes it): a plain object or a Map. */
export type TemplateVariables = { readonly [name: string]: TemplateValue } | ReadonlyMap<string, TemplateValue>;

export interface ExpandOptions {
  /**
   * true: the result is an IRI (RFC 3987), not a URI: a ucschar in a value or
   * a literal is written as itself instead of percent-encoded (RFC 6570 1.1
   * allows an IRI template; 1.6 has a URI's non-ASCII characters
   * percent-encoded as UTF-8). iprivate characters, which an IRI allows in its
   * query only, are still percent-encoded. Default false: a URI.
   */
  readonly iri?: boolean;
}

/**
 * A template, ready to expand: its literals already encoded, for URIs and for
 * IRIs, and its expressions as parseTemplate gives them (no copy: a template
 * of a million characters is a third of a million expressions, and each
 * object more is time in the garbage collector).
 */
export interface ExpansionPlan {
  readonly template: string;
  readonly steps: ReadonlyArray<string | TemplateExpression>;
  readonly iriSteps: ReadonlyArray<string | TemplateExpression>;
}

/** The plan of a parsed template. */
export function planExpansion(parsed: ParsedTemplate): ExpansionPlan {
  const steps: Array<string | TemplateExpression> = [];
  const iriSteps: Array<string | TemplateExpression> = [];
  for (const part of parsed.parts) {
    if (part.type === 'literal') {
      steps.push(encodeLiteral(part.text, false));
      iriSteps.push(encodeLiteral(part.text, true));
    } else {
      steps.push(part);
      iriSteps.push(part);
    }
  }
  return { template: parsed.template, steps, iriSteps };
}

const hasOwn = Object.prototype.hasOwnProperty;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Checks the variables argument: a plain object or a Map (or undefined: no variables). */
export function checkVariables(variables: unknown, fn: string): void {
  if (variables === undefined) return;
  if (variables === null || typeof variables !== 'object' || (!(variables instanceof Map) && !isPlainObject(variables))) {
    throw new TypeError(`${fn}: expected the variables as a plain object or a Map, got ${describeValue(variables)}`);
  }
}

/** Why a value cannot be expanded, for the message. */
function refuse(template: string, v: TemplateVarSpec, what: string): TemplateExpansionError {
  return new TemplateExpansionError(template, v.name, v.start, `the value of ${JSON.stringify(v.name)} ${what}: a value is a string, a number, a list of them (an array) or an associative array of them (a plain object or a Map), or undefined or null (RFC 6570 2.3, 2.4.2)`);
}

/** A scalar as text, or undefined when it is undefined (null, undefined); a TemplateExpansionError for anything else. */
function scalarText(value: unknown, template: string, v: TemplateVarSpec, where: string): string | undefined {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return String(value);
    throw refuse(template, v, `${where}is ${String(value)}, which is no number a URI can hold`);
  }
  throw refuse(template, v, `${where}is ${describeValue(value)}`);
}

/**
 * A composite value's texts: its defined members (a list), or its pairs with
 * a defined value (name, value, name, value...), into `texts` (reused: one
 * array per expansion, not per value). Returns whether it is a list.
 */
function composite(value: object, template: string, v: TemplateVarSpec, texts: string[]): boolean {
  texts.length = 0;
  if (Array.isArray(value)) {
    for (let k = 0; k < value.length; k++) {
      const t = scalarText(value[k], template, v, `has a member (index ${k}) that `);
      if (t !== undefined) texts.push(t);
    }
    return true;
  }
  if (value instanceof Map) {
    for (const [key, member] of value) {
      if (typeof key !== 'string' && !(typeof key === 'number' && Number.isFinite(key))) throw refuse(template, v, `is a Map with a key that is ${describeValue(key)}, not a string or a number`);
      const t = scalarText(member, template, v, `has a pair (${JSON.stringify(String(key))}) whose value `);
      if (t !== undefined) texts.push(String(key), t);
    }
    return false;
  }
  if (isPlainObject(value)) {
    for (const key in value) {
      if (!hasOwn.call(value, key)) continue;
      const t = scalarText((value as Record<string, unknown>)[key], template, v, `has a pair (${JSON.stringify(key)}) whose value `);
      if (t !== undefined) texts.push(key, t);
    }
    return false;
  }
  throw refuse(template, v, `is ${describeValue(value)}`);
}

/** One expansion's state: the variables, how to look them up, the scratch array of composite values. */
interface Expansion {
  readonly variables: TemplateVariables | undefined;
  readonly map: ReadonlyMap<string, TemplateValue> | undefined;
  readonly iri: boolean;
  readonly template: string;
  readonly texts: string[];
}

function expandExpression(e: TemplateExpression, x: Expansion): string {
  const r = OPERATORS[e.operator];
  const allowReserved = r.allowReserved;
  const { iri, template, variables, map } = x;
  let out = '';
  let first = true;
  const vars = e.variables;
  for (let k = 0; k < vars.length; k++) {
    const v = vars[k];
    const value: unknown = map !== undefined ? map.get(v.name) : variables !== undefined && hasOwn.call(variables, v.name) ? (variables as Record<string, unknown>)[v.name] : undefined;
    if (value === undefined || value === null) continue;
    if (typeof value !== 'object') {
      const text = typeof value === 'string' ? value : (scalarText(value, template, v, '') as string);
      out += first ? r.first : r.sep;
      first = false;
      if (r.named) {
        out += v.name;
        if (text === '') {
          out += r.ifemp;
          continue;
        }
        out += '=';
      }
      out += encodeValue(v.prefix !== undefined ? prefixOf(text, v.prefix, allowReserved) : text, allowReserved, iri, template, v.name, v.start);
      continue;
    }
    const texts = x.texts;
    const list = composite(value, template, v, texts);
    if (texts.length === 0) continue; // no member, or no defined one: undefined (2.3)
    if (v.prefix !== undefined) {
      throw new TemplateExpansionError(template, v.name, v.start, `the prefix modifier :${v.prefix} cannot apply to ${JSON.stringify(v.name)}, whose value is ${list ? 'a list' : 'an associative array'}: prefixes are not applicable to composite values (RFC 6570 2.4.1)`);
    }
    out += first ? r.first : r.sep;
    first = false;
    const enc = (text: string): string => encodeValue(text, allowReserved, iri, template, v.name, v.start);
    if (!v.explode) {
      let joined = '';
      for (let j = 0; j < texts.length; j++) joined += (j === 0 ? '' : ',') + enc(texts[j]);
      if (r.named) {
        out += v.name;
        if (joined === '') {
          out += r.ifemp;
          continue;
        }
        out += '=';
      }
      out += joined;
      continue;
    }
    if (list) {
      for (let j = 0; j < texts.length; j++) {
        if (j > 0) out += r.sep;
        if (r.named) out += texts[j] === '' ? v.name + r.ifemp : `${v.name}=`;
        out += enc(texts[j]);
      }
      continue;
    }
    for (let j = 0; j < texts.length; j += 2) {
      if (j > 0) out += r.sep;
      const name = enc(texts[j]);
      const member = texts[j + 1];
      // 3.2.1: "name=value", or, when the value is empty and the operator is not "?" or "&", "name" alone.
      out += member === '' ? name + (r.named ? r.ifemp : '') : `${name}=${enc(member)}`;
    }
  }
  return out;
}

/**
 * One expression of `template` expanded with the variables, as a URI: what
 * matching asks of an expression that wrote nothing (src/template/match-values.ts).
 * Throws a TemplateExpansionError for a value it cannot expand, as expandTemplate does.
 */
export function expandExpressionAlone(e: TemplateExpression, variables: TemplateVariables, template: string): string {
  return expandExpression(e, { variables, map: undefined, iri: false, template, texts: [] });
}

/** Expands a plan with the variables (checked by the caller). */
export function expandPlan(plan: ExpansionPlan, variables: TemplateVariables | undefined, iri: boolean): string {
  const steps = iri ? plan.iriSteps : plan.steps;
  const x: Expansion = { variables, map: variables instanceof Map ? variables : undefined, iri, template: plan.template, texts: [] };
  let out = '';
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    out += typeof step === 'string' ? step : expandExpression(step, x);
  }
  return out;
}
