/**
 * Parsing a URI Template (RFC 6570 2): the automaton of URI-Template
 * (generated/rfc6570.dfa.js, compiled from grammar/rfc6570.abnf) decides
 * whether the text is one; when it is, the tree is read off the delimiters,
 * which the grammar keeps out of every literal and varname: "{" and "}"
 * bound an expression, its first character may be an operator, "," separates
 * the varspecs, ":" starts a prefix and "*" is an explode. A rejection is
 * explained by the grammar's diagnostic back end (src/diagnose.ts), as parse()
 * explains a URI's. An expression whose operator 2.2 reserves for future
 * extensions matches the grammar but no processor expands it (Appendix A):
 * it is refused here too, at the operator (check() of the grammar does both).
 */
import type { UriSyntaxError } from '../core/errors';
import { check } from '../core/parse';
import { OPERATORS, type TemplateOperator } from './syntax';

export type { TemplateOperator } from './syntax';

/** Literal characters, copied to the expansion (RFC 6570 2.1, 3.1). */
export interface TemplateLiteral {
  readonly type: 'literal';
  /** The characters as the template writes them. */
  readonly text: string;
  /** UTF-16 offsets into the template: [start, end). */
  readonly start: number;
  readonly end: number;
}

/** A variable specifier (RFC 6570 2.3, 2.4): a name and at most one modifier. */
export interface TemplateVarSpec {
  /** The varname as written: pct-encoded triplets are part of the name, never decoded (2.3). */
  readonly name: string;
  /** The prefix modifier's max-length (":3" is 3), 1 to 9999; absent without one (2.4.1). */
  readonly prefix?: number;
  /** Whether the explode modifier "*" is present (2.4.2). */
  readonly explode: boolean;
  /** UTF-16 offsets of the varspec (name and modifier) in the template: [start, end). */
  readonly start: number;
  readonly end: number;
}

/** An expression (RFC 6570 2.2): "{", an optional operator, one or more varspecs, "}". */
export interface TemplateExpression {
  readonly type: 'expression';
  /** The operator; '' for simple string expansion, which has none. */
  readonly operator: TemplateOperator;
  readonly variables: readonly TemplateVarSpec[];
  /** UTF-16 offsets of the expression, braces included: [start, end). */
  readonly start: number;
  readonly end: number;
}

export type TemplatePart = TemplateLiteral | TemplateExpression;

/** A parsed URI Template: its literals and expressions, in order. */
export interface ParsedTemplate {
  readonly template: string;
  readonly parts: readonly TemplatePart[];
  /** Every variable name the template uses, once each, in order of first use. */
  readonly variableNames: readonly string[];
  /**
   * The lowest level of RFC 6570 1.2 that holds the template: 1 for simple
   * expressions of one variable, 2 with "+" or "#", 3 with several variables
   * or a Level 3 operator, 4 with a prefix or explode modifier.
   */
  readonly level: 1 | 2 | 3 | 4;
}

function checkTemplate(template: unknown, fn: string): asserts template is string {
  if (typeof template !== 'string') throw new TypeError(`${fn}: expected the template as a string, got ${template === null ? 'null' : typeof template}`);
}

/** Why `template` is not one a processor expands: the grammar's error, or the reserved operator's (check() of RFC 6570's grammar). */
export function templateError(template: string): UriSyntaxError | undefined {
  return check(template, TEMPLATE_GRAMMAR);
}

const TEMPLATE_GRAMMAR = { grammar: 'rfc6570' } as const;

/** The tree of a template the grammar accepts, without a reserved operator: read off its delimiters. */
function split(template: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  const names = new Set<string>();
  let level: 1 | 2 | 3 | 4 = 1;
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    const literalEnd = open < 0 ? template.length : open;
    if (literalEnd > i) parts.push(Object.freeze({ type: 'literal', text: template.slice(i, literalEnd), start: i, end: literalEnd }));
    if (open < 0) break;
    const close = template.indexOf('}', open);
    let at = open + 1;
    const c = template.charAt(at);
    const operator = (c in OPERATORS && c !== '' ? c : '') as TemplateOperator;
    if (operator !== '') at++;
    const variables: TemplateVarSpec[] = [];
    while (at < close) {
      // The "," that ends the varspec and its ":", looked for inside the expression only: an indexOf
      // would run on to the end of the template for each varspec, quadratic in a long one.
      let end = at;
      let colon = -1;
      for (let c = template.charCodeAt(end); end < close && c !== 0x2c; c = template.charCodeAt(++end)) if (c === 0x3a && colon < 0) colon = end;
      const explode = template.charCodeAt(end - 1) === 0x2a; // "*"
      const nameEnd = colon >= 0 && colon < end ? colon : explode ? end - 1 : end;
      const name = template.slice(at, nameEnd);
      const spec: TemplateVarSpec = nameEnd === colon ? { name, prefix: Number(template.slice(colon + 1, end)), explode, start: at, end } : { name, explode, start: at, end };
      variables.push(Object.freeze(spec));
      names.add(name);
      at = end + 1;
    }
    const own = variables.some((v) => v.prefix !== undefined || v.explode) ? 4 : variables.length > 1 ? 3 : OPERATORS[operator].level;
    if (own > level) level = own;
    parts.push(Object.freeze({ type: 'expression', operator, variables: Object.freeze(variables), start: open, end: close + 1 }));
    i = close + 1;
  }
  return Object.freeze({ template, parts: Object.freeze(parts), variableNames: Object.freeze([...names]), level });
}

/**
 * Parses a URI Template (RFC 6570 2) into its literals and expressions, each
 * with its span. Throws a UriSyntaxError, as parse() does for a URI (offset,
 * expected items, rule path, `format()` with a caret), when the text is not a
 * template a Level 4 processor expands: not URI-Template by the grammar, or
 * an expression whose operator 2.2 reserves for future extensions
 * (`=` `,` `!` `@` `|`); a TypeError when it is not a string.
 */
export function parseTemplate(template: string): ParsedTemplate {
  checkTemplate(template, 'parseTemplate');
  const error = templateError(template);
  if (error !== undefined) throw error;
  return split(template);
}

/** Like parseTemplate, but returns the error instead of throwing it. */
export function tryParseTemplate(template: string): { readonly ok: true; readonly value: ParsedTemplate } | { readonly ok: false; readonly error: UriSyntaxError } {
  checkTemplate(template, 'tryParseTemplate');
  const error = templateError(template);
  return error === undefined ? { ok: true, value: split(template) } : { ok: false, error };
}
