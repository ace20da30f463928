/**
 * Turns a failure of the generated parser into a UriSyntaxError in the ABNF's
 * own vocabulary. Runs only after a parse has failed: valid input never pays
 * for any of this.
 *
 * - `expected` maps peggy's expectations to ABNF terms: rules with a display
 *   name in the grammar (HEXDIG, unreserved, ...) by that name, literals quoted
 *   as in the ABNF ("]"), character classes as ABNF ranges (%x30-35), the end
 *   as "end of input".
 * - `offset`, `expected` and `rulePath` come from one run of the diagnostic
 *   back end of the same grammar (generated/NAME.diagnose.js, compiled by
 *   scripts/compile-recognizer.ts): see diagnose(). It finds what one run of
 *   peggy's traced parser (the tests' oracle, scripts/peggy-oracle.ts) with
 *   test/support/peggy-oracle.ts's TracedRun finds, at a small part of its cost;
 *   the tests hold it to that run (tracedFailure, which shares failureOf below).
 */
import { UriSyntaxError } from './errors';
import { generatedModule, recognizerOf, type GrammarName, type PeggyExpectation, type Recognizer } from './grammars';
import * as rfc3986Diagnose from '../../generated/rfc3986.diagnose';

/**
 * PEG rules that carry a display name: the generator makes sure each matches
 * exactly one character (one code point). They are reported as expected items,
 * not as rules of the path.
 */
const singleCharacterRules: Partial<Record<GrammarName, ReadonlySet<string>>> = {};

export function singleCharacterRulesOf(grammar: GrammarName): ReadonlySet<string> {
  // From the diagnostic back end, which a rejection loads anyway: not the recognizer, which a first error would otherwise load for this list alone (about 1.5 ms).
  return (singleCharacterRules[grammar] ??= new Set(diagnosticModule(grammar).NAMED_RULES));
}

/**
 * RFC 3986's diagnostic back end, by a literal import (a plain object of its exports): the first rejection of
 * the default grammar loads it with this module (scripts/finish-build.ts bundles the two into one file of the
 * CommonJS build), not through the generic loaders (src/core/load.ts, generated/loaders.js), whose three
 * resolutions and loads were about a third of a fresh process's first error (BENCHMARKS.md). useGrammar()
 * never provides RFC 3986 (grammars.ts), so this is the module generatedModule() would load.
 */
let rfc3986Module: DiagnosticModule | undefined;

/** A grammar's diagnostic back end (generated/NAME.diagnose.js). */
function diagnosticModule(grammar: GrammarName): DiagnosticModule {
  if (grammar !== 'rfc3986') return generatedModule<DiagnosticModule>(grammar, 'diagnose');
  return (rfc3986Module ??= { ...(rfc3986Diagnose as DiagnosticModule) });
}

/** Rules of a character or a percent-encoded triplet, which never end a rule path either: the rule around them is the context. */
export const CHARACTER_RULES: ReadonlySet<string> = new Set(['pchar', 'ipchar', 'uric', 'uric_no_slash']);

/**
 * Rules whose start, when all of it is expected at the failure offset, is
 * reported by the rule's name. dec-octet is tried longest first, which would
 * otherwise list "25", "2", "1", %x31-39 and DIGIT. The start set itself is
 * the grammar's: what it expects when the rule is tried on empty input.
 */
const COLLAPSED_RULES: readonly string[] = ['dec_octet'];
const ruleStarts: Partial<Record<GrammarName, ReadonlyArray<readonly [string, readonly string[]]>>> = {};

function startSets(grammar: GrammarName): ReadonlyArray<readonly [string, readonly string[]]> {
  const d = diagnosticOf(grammar);
  const { module } = d;
  return (ruleStarts[grammar] ??= COLLAPSED_RULES.filter((rule) => module.RULES.includes(rule)).map((rule) => {
    // Read from the back end's arrays, as diagnose() reads them (a first rejection compiles no other way of reading them).
    if (module.run('', rule, d.pathless) === 0) throw disagreement('', rule, 'the diagnostic back end');
    const starts = new Set<string>();
    for (let i = 0; i < module.FOUND[1]; i++) for (const item of itemsOf(module.EXPECTATIONS[module.EXPECTED[i]])) starts.add(item);
    return [abnfNameIn(d, rule), [...starts]] as const;
  }));
}

function hex(ch: string): string {
  return (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(2, '0');
}

/**
 * peggy merges adjacent one-character literals into a class (":" / "@" becomes
 * [:@]); a class of at most four characters, or of at most twelve printable
 * characters that is not one range (RFC 2396 lists its delimiters one by
 * one), is shown as those literals again; any other as ABNF ranges (%x30-35).
 */
function describeClass(parts: ReadonlyArray<string | readonly [string, string]>, inverted: boolean): string {
  const chars: string[] = [];
  for (const p of parts) {
    if (typeof p === 'string') chars.push(p);
    else for (let c = p[0].charCodeAt(0); c <= p[1].charCodeAt(0) && chars.length <= 12; c++) chars.push(String.fromCharCode(c));
  }
  // A class written as one range in the grammar ([\x30-\x35]) reads better as that range.
  const singles = (parts.length > 1 || typeof parts[0] === 'string') && chars.every((c) => c > ' ' && c < '\x7f');
  if (!inverted && (chars.length <= 4 || (singles && chars.length <= 12))) return chars.map((c) => JSON.stringify(c)).join('\n');
  const ranges = parts.map((p) => (typeof p === 'string' ? `%x${hex(p)}` : `%x${hex(p[0])}-${hex(p[1])}`));
  return (inverted ? 'anything but ' : '') + ranges.join(' / ');
}

function describeExpectation(e: PeggyExpectation): string {
  switch (e.type) {
    case 'literal':
      return JSON.stringify(e.text);
    case 'other':
      return e.description;
    case 'end':
      return 'end of input';
    case 'any':
      return 'any character';
    case 'class':
      return describeClass(e.parts, e.inverted);
  }
}

/** Rule names first, then %x ranges, then literals by character, then the end of input. */
function rank(item: string): number {
  if (item === 'end of input') return 3;
  if (item.startsWith('"')) return 2;
  if (item.startsWith('%x')) return 1;
  return 0;
}

/**
 * The ABNF items of each expectation object, described once: the diagnostic
 * back end's expectations are the constants of its table, so that an error
 * describes only what it has not met before.
 */
const described = new WeakMap<PeggyExpectation, readonly string[]>();

function itemsOf(e: PeggyExpectation): readonly string[] {
  let items = described.get(e);
  if (items === undefined) {
    items = describeExpectation(e).split('\n');
    described.set(e, items);
  }
  return items;
}

/** A number for each expectation object met, for the keys of `itemLists` ("end of input" is 0: peggy's error makes a new one each time). */
const expectationIds = new WeakMap<PeggyExpectation, number>();
let nextExpectationId = 1;
/**
 * The expected items of each set of expectations met so far, per grammar, by
 * the set's key: the same few sets come back error after error. Frozen, since
 * every error with that set shares the array; emptied when it grows large.
 * For the traced run's failures (the oracle's, in the tests); the diagnostic
 * back end's are looked up by the indices of its expectations (itemsAt).
 */
const itemLists = new Map<string, readonly string[]>();
const MAX_ITEM_LISTS = 4096;

/** expectedItems, shared and frozen: what a UriSyntaxError holds. */
function expectedItemsOf(expectations: readonly PeggyExpectation[], grammar: GrammarName): readonly string[] {
  let key: string = grammar;
  for (const e of expectations) {
    let id = e.type === 'end' ? 0 : expectationIds.get(e);
    if (id === undefined) {
      id = nextExpectationId++;
      expectationIds.set(e, id);
    }
    key += ` ${id}`;
  }
  let items = itemLists.get(key);
  if (items === undefined) {
    if (itemLists.size >= MAX_ITEM_LISTS) itemLists.clear();
    items = Object.freeze(expectedItems(expectations, grammar));
    itemLists.set(key, items);
  }
  return items;
}

/**
 * A node of a grammar's trie of the sets of expectations the diagnostic back
 * end has recorded, by their indices in the order recorded (`next`), and with
 * "end of input" added (`end`): the expected items of the set that ends here,
 * shared and frozen, once met. Walking it costs a typed-array read and an
 * array index per expectation, where a string key cost its building and hashing.
 */
interface ItemNode {
  items: readonly string[] | undefined;
  readonly next: Array<ItemNode | undefined>;
  end: ItemNode | undefined;
}

const newItemNode = (): ItemNode => ({ items: undefined, next: [], end: undefined });

/**
 * The expected items of the expectations `ids` (the diagnostic back end's
 * indices, `count` of them), with "end of input" when `end`: frozen, and the
 * same array for every error with the same set.
 */
function itemsAt(d: Diagnostic, grammar: GrammarName, ids: ArrayLike<number>, count: number, end: boolean): readonly string[] {
  if (d.itemNodes >= MAX_ITEM_LISTS) {
    d.items = newItemNode();
    d.itemNodes = 0;
  }
  let node = d.items;
  for (let i = 0; i < count; i++) {
    const id = ids[i];
    let next = node.next[id];
    if (next === undefined) {
      next = node.next[id] = newItemNode();
      d.itemNodes++;
    }
    node = next;
  }
  if (end) {
    if (node.end === undefined) {
      node.end = newItemNode();
      d.itemNodes++;
    }
    node = node.end;
  }
  let items = node.items;
  if (items === undefined) {
    const expectations: PeggyExpectation[] = [];
    for (let i = 0; i < count; i++) expectations.push(d.module.EXPECTATIONS[ids[i]]);
    if (end) expectations.push({ type: 'end' });
    items = node.items = Object.freeze(expectedItems(expectations, grammar));
  }
  return items;
}

/**
 * The ABNF name of a rule of the grammar (the back end's ABNF_NAMES, by the
 * rule's index), kept by name once met: a first rejection runs no conversion
 * (and loads no module for one).
 */
function abnfNameIn(d: Diagnostic, rule: string): string {
  let name = d.abnfByRule.get(rule);
  if (name === undefined) {
    const i = d.module.RULES.indexOf(rule);
    if (i < 0) throw new Error(`internal error: ${rule} is not a rule of the diagnostic back end`);
    name = d.abnfNames[i];
    d.abnfByRule.set(rule, name);
  }
  return name;
}

export function expectedItems(expectations: readonly PeggyExpectation[], grammar: GrammarName = 'rfc3986'): string[] {
  const items = new Set<string>();
  for (const e of expectations) for (const item of itemsOf(e)) items.add(item);
  for (const [rule, starts] of startSets(grammar)) {
    if (starts.every((s) => items.has(s))) {
      for (const s of starts) items.delete(s);
      items.add(rule);
    }
  }
  return [...items].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * What a rejection comes to, before it is described: peggy's furthest failure
 * offset, its expectations there (peggy's objects), and the rule path (PEG
 * names, outermost first). The two back ends (the diagnostic one and the
 * traced peggy run) each give one, and the rest is the same code.
 */
export interface Failure {
  readonly offset: number;
  readonly expectations: readonly PeggyExpectation[];
  readonly path: readonly string[];
  /** From the diagnostic back end: its expectations' indices, without the end of input (`endAdded`), by which the described items are found. */
  readonly expectationIds?: readonly number[];
  readonly endAdded?: boolean;
}

/**
 * What one run of a back end leaves, in the terms of TracedRun: whether the
 * start rule matched and where it stopped, peggy's furthest failure and its
 * expectations, and the two candidate paths (best: the stack of the innermost
 * invocation that began before the offset and was on the stack when an
 * expected item there was recorded; common: the prefix common to the stacks
 * of the expected items, for failures where no invocation gives one).
 */
export interface Run {
  readonly matched: boolean;
  readonly end: number;
  readonly maxFailPos: number;
  readonly expectations: readonly PeggyExpectation[];
  readonly best: readonly string[];
  readonly common: readonly string[];
  /** The diagnostic back end's indices of `expectations` (the traced run has none). */
  readonly expectationIds?: readonly number[];
}

/**
 * The failure of a run on `input`:
 *
 * - offset and expected: peggy's furthest failure and what it expected there,
 *   with "end of input" added as peggy's own error would add it when the
 *   start rule matched a prefix (outside every rule: the common prefix is empty);
 * - the path: best, else common, else the start rule alone.
 */
export function failureOf(run: Run, input: string, startRule: string): Failure {
  let offset = run.maxFailPos;
  let expectations = run.expectations;
  let best = run.best;
  let common = run.common;
  let ids = run.expectationIds;
  const how = endOfInput(run.matched, run.end, offset, input.length);
  if (how !== NO_END) {
    if (how === END_ALONE) {
      offset = run.end;
      expectations = [];
      best = [];
      if (ids !== undefined) ids = [];
    }
    expectations = [...expectations, { type: 'end' }];
    common = [];
  }
  const path = best.length > 0 ? best : common.length > 0 ? common : [startRule];
  if (ids === undefined) return { offset, expectations, path };
  return { offset, expectations, path, expectationIds: ids, endAdded: how !== NO_END };
}

/** endOfInput: the run's failure as it is; "end of input" added to its expectations; the end of input alone, where the match ended (past the furthest failure). */
const NO_END = 0;
const END_ADDED = 1;
const END_ALONE = 2;

/**
 * How "end of input" enters a failure, as peggy's own error would add it:
 * when the start rule matched a prefix (`matched`, ending at `end`) that
 * reaches the furthest failure, either beside the expectations there (the
 * match ends there) or alone at the match's end (past it). Either way no
 * common prefix gives the path (the end is expected outside every rule), and
 * alone, no invocation does either.
 */
function endOfInput(matched: boolean, end: number, maxFailPos: number, length: number): typeof NO_END | typeof END_ADDED | typeof END_ALONE {
  if (!matched || end >= length || end < maxFailPos) return NO_END;
  return end > maxFailPos ? END_ALONE : END_ADDED;
}

/** The diagnostic back end's module (generated/NAME.diagnose.d.ts), the same for every grammar. */
interface DiagnosticModule {
  run(text: string, startRule: string, pathlessRules: Uint8Array): number;
  readonly FOUND: Int32Array;
  readonly EXPECTED: Int32Array;
  readonly BEST: Int32Array;
  readonly COMMON: Int32Array;
  readonly EXPECTATIONS: readonly PeggyExpectation[];
  readonly RULES: readonly string[];
  readonly ABNF_NAMES: readonly string[];
  readonly NAMED_RULES: readonly string[];
}

/**
 * A grammar's diagnostic back end with the flags, by rule index, of the rules
 * that never end a path. (The back end cuts the single-character rules, those
 * with a display name, from the top of a failure's stack by itself: it gives
 * them no frame.)
 */
interface Diagnostic {
  readonly module: DiagnosticModule;
  readonly pathless: Uint8Array;
  /** The ABNF name of each rule, by index (the names of a rule path), and by name as met (abnfNameIn). */
  readonly abnfNames: readonly string[];
  readonly abnfByRule: Map<string, string>;
  /** The expected items of the sets of expectations met (itemsAt), and how many nodes that trie has. */
  items: ItemNode;
  itemNodes: number;
}

const diagnostics: Partial<Record<GrammarName, Diagnostic>> = {};

function diagnosticOf(grammar: GrammarName): Diagnostic {
  let d = diagnostics[grammar];
  if (d === undefined) {
    // Loaded on the first rejection only: valid input never pays for loading it.
    const module = diagnosticModule(grammar);
    const single = singleCharacterRulesOf(grammar);
    const pathless = Uint8Array.from(module.RULES, (rule) => (single.has(rule) || CHARACTER_RULES.has(rule) ? 1 : 0));
    d = { module, pathless, abnfNames: module.ABNF_NAMES, abnfByRule: new Map(), items: newItemNode(), itemNodes: 0 };
    diagnostics[grammar] = d;
  }
  return d;
}

function explainWith(d: Diagnostic, input: string, startRule: string): Failure {
  const { module } = d;
  const end = module.run(input, startRule, d.pathless);
  if (end === input.length) throw disagreement(input, startRule, 'the diagnostic back end');
  const [maxFailPos, count, bestLength, commonLength] = module.FOUND;
  const ids = [...module.EXPECTED.subarray(0, count)];
  const names = (rules: Int32Array, n: number) => [...rules.subarray(0, Math.max(0, n))].map((i) => module.RULES[i]);
  const run: Run = {
    matched: end >= 0,
    end,
    maxFailPos,
    expectations: ids.map((i) => module.EXPECTATIONS[i]),
    best: names(module.BEST, bestLength),
    common: names(module.COMMON, commonLength),
    expectationIds: ids,
  };
  return failureOf(run, input, startRule);
}

export function disagreement(input: string, startRule: string, what: string): Error {
  return new Error(`internal error: urigram's back ends disagree on ${JSON.stringify(input)} as ${startRule}: it was rejected (by the automaton, or the recognizer for RFC 2396 and zone identifiers), and ${what} accepts it; please report it`);
}

/** The failure of `input` as `startRule`, by the diagnostic back end: offset, expectations, rule path. */
export function diagnosticFailure(input: string, startRule: string, grammar: GrammarName = 'rfc3986'): Failure {
  return explainWith(diagnosticOf(grammar), input, startRule);
}

/**
 * Builds the UriSyntaxError for an input the recognizer rejected, from one
 * run of the diagnostic back end of the grammar (generated/NAME.diagnose.js),
 * which finds what one run of peggy's traced parser would:
 *
 * - offset and expected: peggy's furthest failure and what it expected there
 *   (with "end of input" added as peggy's own error would add it);
 * - rulePath: the stack, outermost first, of the innermost rule invocation
 *   that began before the offset and was on the stack when an expected item
 *   at the offset was recorded, so that the path ends in the rule where the
 *   input went wrong (single-character rules and pchar (ipchar, uric) never
 *   end it: the rule around them is the context a reader needs); with no such
 *   invocation (a failure at offset 0), the longest prefix common to the
 *   stacks of all the expected items; the start rule alone when even that is
 *   empty. The furthest offset is only known at the end, so the bookkeeping
 *   starts over each time it moves forward.
 */
export function diagnose(input: string, startRule: string, grammar: GrammarName = 'rfc3986'): UriSyntaxError {
  // diagnosticFailure and syntaxError, read from the back end's arrays: no Failure, no array of expectations or of rule names is made (that was a third of the cost of a short line's error).
  const d = diagnosticOf(grammar);
  const { module } = d;
  const end = module.run(input, startRule, d.pathless);
  if (end === input.length) throw disagreement(input, startRule, 'the diagnostic back end');
  const found = module.FOUND;
  const maxFailPos = found[0];
  const count = found[1];
  const foundBest = found[2];
  const foundCommon = found[3];
  const how = endOfInput(end >= 0, end, maxFailPos, input.length);
  const alone = how === END_ALONE;
  // As failureOf: best, else common, else the start rule; the end of input leaves no common prefix, and alone, no best.
  const rulePath: string[] = [];
  const bestLength = alone ? 0 : foundBest;
  const commonLength = how === NO_END ? foundCommon : 0;
  if (bestLength > 0) for (let i = 0; i < bestLength; i++) rulePath.push(d.abnfNames[module.BEST[i]]);
  else if (commonLength > 0) for (let i = 0; i < commonLength; i++) rulePath.push(d.abnfNames[module.COMMON[i]]);
  else rulePath.push(abnfNameIn(d, startRule));
  // Last: describing a set met for the first time may run the back end again (startSets), over what it left.
  const expected = itemsAt(d, grammar, module.EXPECTED, alone ? 0 : count, how !== NO_END);
  return errorAt(d, input, startRule, grammar, alone ? end : maxFailPos, expected, rulePath);
}

/** The UriSyntaxError of a failure, in the ABNF's terms. */
export function syntaxError(failure: Failure, input: string, startRule: string, grammar: GrammarName): UriSyntaxError {
  const d = diagnosticOf(grammar);
  const ids = failure.expectationIds;
  const expected = ids === undefined ? expectedItemsOf(failure.expectations, grammar) : itemsAt(d, grammar, ids, ids.length, failure.endAdded === true);
  return errorAt(d, input, startRule, grammar, failure.offset, expected, failure.path.map((rule) => abnfNameIn(d, rule)));
}

/** The UriSyntaxError for a failure at `offset` of `input` as `startRule`, its expected items and rule path (ABNF names) found. */
function errorAt(d: Diagnostic, input: string, startRule: string, grammar: GrammarName, offset: number, expected: readonly string[], rulePath: readonly string[]): UriSyntaxError {
  const code = input.codePointAt(offset);
  const found = code === undefined ? null : String.fromCodePoint(code);
  const hint = nonAsciiHint(input, startRule, grammar, found);
  return new UriSyntaxError({ input, grammar, rule: abnfNameIn(d, startRule), offset, found, expected, rulePath, hint });
}

/** The IRI rule (RFC 3987 2.2) that corresponds to each whole-reference rule of RFC 3986 and RFC 2396: its PEG name and its ABNF name. */
const IRI_RULES: Readonly<Record<string, readonly [string, string]>> = {
  URI_reference: ['IRI_reference', 'IRI-reference'],
  URI: ['IRI', 'IRI'],
  absolute_URI: ['absolute_IRI', 'absolute-IRI'],
  relative_ref: ['irelative_ref', 'irelative-ref'],
  absoluteURI: ['absolute_IRI', 'absolute-IRI'],
  relativeURI: ['irelative_ref', 'irelative-ref'],
};

/**
 * When a URI grammar stops at a character that is not ASCII: no URI holds one
 * as itself (RFC 3986 2.1, 2.5). If the whole input is an IRI, the way on is
 * RFC 3987, and the hint says so; otherwise it says how a URI carries it.
 */
function nonAsciiHint(input: string, startRule: string, grammar: GrammarName, found: string | null): string | undefined {
  // A template (RFC 6570) holds ucschar and iprivate as they are: what a URI needs is no help there.
  if (grammar === 'rfc3987' || grammar === 'rfc6570' || found === null || found.charCodeAt(0) < 0x80) return undefined;
  const iriRule = IRI_RULES[startRule];
  const sections = grammar === 'rfc2396' ? 'RFC 2396 2.1, 2.4' : 'RFC 3986 2.1, 2.5';
  const encoded = `a URI holds a character that is not ASCII only percent-encoded, as UTF-8 (${sections})`;
  let iri: Recognizer;
  try {
    iri = recognizerOf('rfc3987');
  } catch {
    // A browser bundle without useGrammar(RFC3987_GRAMMAR): no way to tell, so both ways on.
    return `${encoded}; an IRI (RFC 3987) may hold it as itself`;
  }
  if (iriRule !== undefined && iri.recognize(input, iriRule[0])) {
    return `the input is a valid ${iriRule[1]} (RFC 3987): parse it with { grammar: 'rfc3987' }, or map it to a URI with iriToUri (RFC 3987 3.1)`;
  }
  return encoded;
}
