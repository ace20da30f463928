/**
 * The four operations on URI Templates (RFC 6570) that users call:
 * parseTemplate (src/template/parse.ts), expandTemplate, matchTemplate and
 * compileTemplate, which keeps a template's expansion plan and automaton for
 * the many URIs a router or an MCP server expands and matches with one
 * template.
 *
 * expandTemplate and matchTemplate take the template as a string (or as a
 * ParsedTemplate, or as what compileTemplate returned) and keep the last
 * templates they compiled, so that a program that expands one template again
 * and again parses it once.
 */
import { boolean, checkOptions, describeValue, type OptionSpec } from '../core/options';
import { checkVariables, expandPlan, planExpansion, type ExpandOptions, type ExpansionPlan, type TemplateVariables } from './expand';
import { compileMatcher, matchCompiled, type MatchedVariables, type TemplateMatcher } from './match';
import { parseTemplate, type ParsedTemplate } from './parse';

export interface MatchOptions {
  /**
   * true: the URI may be an IRI (RFC 3987): its characters above ASCII are
   * read as the triplets of their UTF-8 octets (RFC 3987 3.1), as they are
   * or percent-encoded. Default false: a URI, which has none.
   */
  readonly iri?: boolean;
}

const EXPAND_OPTIONS: OptionSpec = { iri: boolean };
const MATCH_OPTIONS: OptionSpec = { iri: boolean };

/** A template compiled for expanding and matching many times. */
export interface CompiledTemplate {
  readonly template: string;
  /** The parsed template (parseTemplate's result). */
  readonly parsed: ParsedTemplate;
  /** Every variable name the template uses, once each, in order of first use. */
  readonly variableNames: readonly string[];
  /** The lowest level of RFC 6570 1.2 that holds the template. */
  readonly level: 1 | 2 | 3 | 4;
  /** expandTemplate with this template. */
  expand(variables?: TemplateVariables, options?: ExpandOptions): string;
  /** matchTemplate with this template. */
  match(uri: string, options?: MatchOptions): MatchedVariables | null;
}

/** What is kept of a template: its parse, its expansion plan, and, once matched, its automaton. */
class Compiled implements CompiledTemplate {
  readonly template: string;
  readonly variableNames: readonly string[];
  readonly level: 1 | 2 | 3 | 4;
  private readonly plan: ExpansionPlan;
  private matcher: TemplateMatcher | undefined;

  constructor(readonly parsed: ParsedTemplate) {
    this.template = parsed.template;
    this.variableNames = parsed.variableNames;
    this.level = parsed.level;
    this.plan = planExpansion(parsed);
  }

  expand(variables?: TemplateVariables, options?: ExpandOptions): string {
    checkVariables(variables, 'expandTemplate');
    checkOptions('expandTemplate', options, EXPAND_OPTIONS);
    return expandPlan(this.plan, variables, options?.iri === true);
  }

  match(uri: string, options?: MatchOptions): MatchedVariables | null {
    if (typeof uri !== 'string') throw new TypeError(`matchTemplate: expected the URI as a string, got ${describeValue(uri)}`);
    checkOptions('matchTemplate', options, MATCH_OPTIONS);
    this.matcher ??= compileMatcher(this.parsed);
    return matchCompiled(this.matcher, uri, options?.iri === true);
  }
}

/**
 * The templates compiled last, by their text: at most CACHE_SIZE, the whole cache dropped when full, and only
 * templates of at most CACHE_MAX_LENGTH code units. A longer one is compiled for each call: a cache of 512 texts of
 * any length could keep gigabytes alive (512 templates of 16 M characters), and a template that long is not one
 * a program expands over and over.
 */
const cache = new Map<string, Compiled>();
const CACHE_SIZE = 512;
const CACHE_MAX_LENGTH = 4096;

/** Whether `template` is in the cache (for the tests: the cache is not API). */
export function isCachedTemplate(template: string): boolean {
  return cache.has(template);
}

function compiledOf(template: string | ParsedTemplate | CompiledTemplate, fn: string): Compiled {
  if (template instanceof Compiled) return template;
  if (typeof template === 'string') {
    let c = cache.get(template);
    if (c === undefined) {
      c = new Compiled(parseTemplate(template));
      if (template.length <= CACHE_MAX_LENGTH) {
        if (cache.size >= CACHE_SIZE) cache.clear();
        cache.set(template, c);
      }
    }
    return c;
  }
  if (template !== null && typeof template === 'object' && typeof (template as ParsedTemplate).template === 'string' && Array.isArray((template as ParsedTemplate).parts)) {
    // A ParsedTemplate: parsed again from its text, so that a tree built by hand is never trusted.
    return compiledOf((template as ParsedTemplate).template, fn);
  }
  throw new TypeError(`${fn}: expected the template as a string, a ParsedTemplate or a CompiledTemplate, got ${describeValue(template)}`);
}

/**
 * Compiles a template once, for many expansions and matches. Throws
 * parseTemplate's UriSyntaxError when it is not a template.
 */
export function compileTemplate(template: string): CompiledTemplate {
  if (typeof template !== 'string') throw new TypeError(`compileTemplate: expected the template as a string, got ${describeValue(template)}`);
  return new Compiled(parseTemplate(template));
}

/**
 * Expands a URI Template (RFC 6570 3, Levels 1 to 4) with the variables'
 * values: a URI reference (an IRI with `{ iri: true }`). Throws a
 * UriSyntaxError when the template is not one (parseTemplate), a
 * TemplateExpansionError when a value cannot be expanded (its type, a prefix
 * on a composite value), a TypeError when the arguments are not a template
 * and an object or a Map of variables.
 */
export function expandTemplate(template: string | ParsedTemplate | CompiledTemplate, variables?: TemplateVariables, options?: ExpandOptions): string {
  return compiledOf(template, 'expandTemplate').expand(variables, options);
}

/**
 * The values of the template's variables that expand to `uri`, decoded, or
 * null when none do: the inverse of expandTemplate. Where several values
 * would, the rules of docs/templates.md ("Matching") choose. Linear in the
 * URI's length: the template is compiled into an automaton, never a regular
 * expression.
 */
export function matchTemplate(template: string | ParsedTemplate | CompiledTemplate, uri: string, options?: MatchOptions): MatchedVariables | null {
  return compiledOf(template, 'matchTemplate').match(uri, options);
}
