/**
 * The values of a match, read back from the way the automaton found (its tag
 * log: where each expression, each variable's text and each exploded
 * member begins and ends): each place's text decoded into its value, the
 * places of a variable that appears more than once made to agree, and the
 * expressions that wrote nothing checked against the values found (rules 4
 * and 5 of src/template/match.ts, and its limits).
 */
import { TemplateExpansionError } from '../core/errors';
import { decodeAll, decodeEncodedOnly, prefixOf } from './encode';
import { expandExpressionAlone } from './expand';
import { TAG_EXPR_END, TAG_EXPR_START, TAG_ITEM, TAG_VAR_END, TAG_VAR_START, TAGS, type TemplateMatcher, type VarPlace } from './match-automaton';

/** A matched value: a string, a list, or an associative array, decoded. */
export type MatchedValue = string | string[] | Record<string, string>;
/** The variables of a match, by name as the template writes them; an undefined variable has no entry. */
export type MatchedVariables = Record<string, MatchedValue>;

/**
 * What one place of a variable says of it: `empty`, the expression wrote
 * nothing (the variable is undefined, or expands to nothing there);
 * `skipped`, the expression wrote other variables but not this one (it is
 * undefined); or its value (for a prefix, the prefix's).
 */
type Reading = { readonly kind: 'empty' } | { readonly kind: 'skipped' } | { readonly kind: 'value'; readonly value: MatchedValue; readonly prefix?: number; readonly allowReserved: boolean };
const EMPTY: Reading = { kind: 'empty' };
const SKIPPED: Reading = { kind: 'skipped' };

/**
 * The text of a varspec's part, read back into its value; null when it cannot
 * be one (an associative array with a name twice). `items`: the members of an
 * exploded value, as the automaton separated them.
 */
function readValue(place: VarPlace, text: string, items: readonly string[]): MatchedValue | null {
  const { spec, rules: r } = place;
  const decode = r.allowReserved ? decodeEncodedOnly : decodeAll;
  const listOrString = (t: string): MatchedValue => (t.includes(',') ? t.split(',').map(decodeAll) : decodeAll(t));
  const nameAndValue = (m: string): [string, string] => (m.includes('=') ? [m.slice(0, m.indexOf('=')), m.slice(m.indexOf('=') + 1)] : [m, '']);
  if (!r.named) {
    if (spec.prefix !== undefined) return decode(text);
    if (!spec.explode) return r.allowReserved ? decode(text) : listOrString(text);
    if (r.allowReserved || !items.some((m) => m.includes('='))) return items.map(decode);
    return pairs(items.map(nameAndValue));
  }
  if (!spec.explode) {
    const value = text.slice(spec.name.length + 1); // after the name and "=", or "" when there is neither
    return spec.prefix !== undefined ? decodeAll(value) : listOrString(value);
  }
  const split = items.map(nameAndValue);
  if (split.every(([name]) => name === spec.name)) return split.map(([, value]) => decodeAll(value));
  return pairs(split);
}

/** An associative array of decoded pairs; null when a name comes twice. */
function pairs(texts: readonly string[][]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [name, value] of texts) {
    const key = decodeAll(name);
    if (Object.prototype.hasOwnProperty.call(out, key)) return null;
    Object.defineProperty(out, key, { value: decodeAll(value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const same = (x: MatchedValue, y: MatchedValue): boolean => JSON.stringify(x) === JSON.stringify(y) && Array.isArray(x) === Array.isArray(y);

/**
 * The value of a variable from what each of its places says, or null when
 * they disagree; undefined when it is undefined. A place whose expression
 * wrote nothing agrees with any value here: whether the value writes nothing
 * there is for quietExpressions to say, with the other variables' values.
 */
function agree(readings: readonly Reading[]): MatchedValue | undefined | null {
  const values = readings.filter((r): r is Reading & { kind: 'value' } => r.kind === 'value');
  if (values.length === 0) return undefined;
  // A defined variable is written wherever it appears: none of its places skipped it.
  if (readings.some((r) => r.kind === 'skipped')) return null;
  const whole = values.filter((r) => r.prefix === undefined);
  let value: MatchedValue;
  if (whole.length > 0) {
    value = whole[0].value;
    for (let k = 1; k < whole.length; k++) if (!same(whole[k].value, value)) return null;
  } else {
    // Only prefixes: the longest is all the URI shows of the value (the others must be prefixes of it, below).
    value = values.reduce((x, y) => ((y.prefix as number) > (x.prefix as number) ? y : x)).value;
  }
  for (const r of values) {
    if (r.prefix === undefined) continue;
    // Decoded, each place's prefix is the whole value's, as a prefix counts characters (2.4.1).
    if (typeof value !== 'string' || r.value !== prefixOf(value, r.prefix, r.allowReserved)) return null;
  }
  return value;
}

/**
 * Whether every expression that wrote nothing expands to nothing with the
 * values found: a variable defined by its other places is defined in such an
 * expression too, and most operators write something for any defined value
 * (`{/x}` writes "/" for x = "", `{x,y}` a "," for two empty values). The
 * variables of an expression that wrote nothing and appear nowhere else are
 * undefined (rule 4), so only the expressions with a variable that appears
 * more than once are expanded.
 */
function quietExpressions(m: TemplateMatcher, exprEmpty: readonly boolean[], repeated: ReadonlySet<number>, out: MatchedVariables): boolean {
  for (let e = 0; e < m.expressions.length; e++) {
    if (!exprEmpty[e] || !repeated.has(e)) continue;
    try {
      if (expandExpressionAlone(m.expressions[e], out, m.template) !== '') return false;
    } catch (error) {
      // A value no expansion writes there (a list where the expression has a prefix on it): no values expand to the URI.
      if (error instanceof TemplateExpansionError) return false;
      throw error;
    }
  }
  return true;
}

/**
 * The variables of the way pass 2 found (its tag log over `uri`), by the rules
 * of src/template/match.ts; null when the places of a variable disagree, an
 * associative array has a name twice, or an expression that wrote nothing
 * would write something with the values found.
 */
export function valuesOf(m: TemplateMatcher, uri: string, log: readonly number[]): MatchedVariables | null {
  const places = m.places;
  const exprStart: number[] = new Array<number>(m.expressions.length).fill(-1);
  const exprEmpty: boolean[] = new Array<boolean>(m.expressions.length).fill(false);
  const varStart: number[] = new Array<number>(places.length).fill(-1);
  const texts: Array<string | undefined> = new Array<string | undefined>(places.length).fill(undefined);
  const items: Array<string[] | undefined> = new Array<string[] | undefined>(places.length).fill(undefined);
  const itemStart: number[] = new Array<number>(places.length).fill(0);
  for (let k = 0; k < log.length; k += 2) {
    const id = Math.floor(log[k] / TAGS);
    const at = log[k + 1];
    switch (log[k] % TAGS) {
      case TAG_EXPR_START:
        exprStart[id] = at;
        break;
      case TAG_EXPR_END:
        exprEmpty[id] = at === exprStart[id];
        break;
      case TAG_VAR_START:
        varStart[id] = at;
        itemStart[id] = at;
        items[id] = [];
        break;
      case TAG_ITEM:
        (items[id] as string[]).push(uri.slice(itemStart[id], at));
        itemStart[id] = at + 1; // after the separator, one character
        break;
      case TAG_VAR_END:
        texts[id] = uri.slice(varStart[id], at);
        (items[id] as string[]).push(uri.slice(itemStart[id], at));
        break;
    }
  }
  const out: MatchedVariables = {};
  /** What place p says of its variable; null when its text is no value (an associative array with a name twice). */
  const reading = (p: number): Reading | null => {
    const place = places[p];
    const t = texts[p];
    if (exprEmpty[place.expression]) return EMPTY;
    if (t === undefined) return SKIPPED;
    const value = readValue(place, t, items[p] as string[]);
    return value === null ? null : { kind: 'value', value, prefix: place.spec.prefix, allowReserved: place.rules.allowReserved };
  };
  /** The expressions that hold a place of a variable that appears more than once. */
  const repeated = new Set<number>();
  for (const variable of m.variables) {
    let value: MatchedValue | undefined | null;
    if (variable.places.length === 1) {
      // One place: what it read (an empty or skipped expression leaves the variable undefined).
      const r = reading(variable.places[0]);
      if (r === null) return null;
      value = r.kind === 'value' ? r.value : undefined;
    } else {
      const list: Reading[] = [];
      for (const p of variable.places) {
        const r = reading(p);
        if (r === null) return null;
        list.push(r);
        repeated.add(places[p].expression);
      }
      value = agree(list);
      if (value === null) return null;
    }
    if (value === undefined) continue;
    // "__proto__" is a variable name like any other: an own property, not the prototype.
    if (variable.name === '__proto__') Object.defineProperty(out, variable.name, { value, enumerable: true, writable: true, configurable: true });
    else out[variable.name] = value;
  }
  return quietExpressions(m, exprEmpty, repeated, out) ? out : null;
}
