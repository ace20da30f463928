/**
 * Matching a URI against a template (the inverse of RFC 6570 expansion, 1.4):
 * the values of the template's variables that expand to the URI, decoded,
 * or null when no values do.
 *
 * The template is compiled into an automaton over the URI's characters
 * (match-automaton.ts: a node per run of literal text, per choice, per tag,
 * and loops that read a value one character at a time), run in passes each
 * linear in the URI (match-passes.ts), and the values are read back from the
 * way found (match-values.ts). Time and memory are O(length of the URI x
 * varspecs of the template), whatever its literal text; a template of more
 * varspecs than TEMPLATE_MATCH_LIMITS allows, or a match whose tables would
 * take more memory, is a TemplateMatchError before any work.
 *
 * Where several values expand to the URI, the automaton's order of choices
 * decides, in this order of rules (docs/templates.md, "Matching"):
 * 1. a variable is defined rather than undefined, the earlier ones first;
 * 2. a value (or an exploded list) takes as many characters as it can, except
 * 3. that the expression's separator ends a variable's text (a value, or an
 *    exploded one's members) when a later variable of the same expression can
 *    take the rest: `{x,y}` reads "1,2" as x = "1", y = "2", not x = ["1",
 *    "2"], and `{/list*,x}` reads "/a/b" as list = ["a"], x = "b";
 * 4. an expression that expands to nothing leaves its variables undefined:
 *    `{x}` on "" gives {}, not { x: "" };
 * 5. a value is a string; a value that is not exploded is a list when its text
 *    holds the commas that only a list's expansion writes (the operators that
 *    encode ","); an exploded one is a list, or an associative array when its
 *    members show names: "=" in them (unnamed operators other than "+" and
 *    "#"), names other than the variable's (";", "?", "&").
 * A variable that appears more than once is matched at each place on its own,
 * and the values must agree (a prefix being a prefix of the whole value), and
 * an expression that wrote nothing must expand to nothing with the values
 * found (`{/x}{#x}` on "#" reads x = "" at "{#x}", with which "{/x}" writes
 * "/"); when they do not, or an associative array has read a name twice (an
 * exploded variable with others after it, whose text it can read as pairs,
 * or they its), the result is null even where another reading would do.
 */
import { compileMatcher, type TemplateMatcher } from './match-automaton';
import { run, tooLarge } from './match-passes';
import { uriForm, uriFormLength } from './match-text';
import { valuesOf, type MatchedValue, type MatchedVariables } from './match-values';

export { compileMatcher };
export type { MatchedValue, MatchedVariables, TemplateMatcher };

/**
 * Whether the automaton reads `text`: ASCII, 'ascii'; with `iri`, characters
 * above ASCII too, 'iri' (each one character, as its triplets would be, RFC
 * 3987 3.1), but no lone surrogate, which has no UTF-8 and so no URI; else
 * false.
 */
function readable(text: string, iri: boolean): 'ascii' | 'iri' | false {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) < 0x80) i++;
  if (i === text.length) return 'ascii';
  return iri && !LONE_SURROGATE.test(text) ? 'iri' : false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The values of `template`'s variables that expand to `uri` (by the rules in
 * the module's comment), or null. `iri`: the URI may be an IRI (its
 * characters above ASCII are read as the triplets of their UTF-8). A
 * TemplateMatchError when the match would take more memory than
 * TEMPLATE_MATCH_LIMITS allows.
 */
export function matchCompiled(m: TemplateMatcher, uri: string, iri: boolean): MatchedVariables | null {
  const kind = readable(uri, iri);
  if (kind === false) return null;
  const refused = tooLarge(m, uri.length, kind === 'iri' ? uriFormLength(uri) : undefined);
  if (refused !== undefined) throw refused;
  const log = run(m, uri, kind === 'iri' ? uriForm(uri) : undefined);
  return log === undefined ? null : valuesOf(m, uri, log);
}
