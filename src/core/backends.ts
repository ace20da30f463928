/**
 * The back ends generated from each grammar, each turning a successful match
 * into the same UriRecord:
 *
 * - the automata (generated/NAME.dfa.js, from grammar/NAME.abnf): used for
 *   every input of isValid, matches and parse; the record of RFC 3986 and RFC
 *   3987 comes from the delimiters of what they accepted (split.ts);
 * - the recognizer (generated/NAME.recognizer.js, from grammar/NAME.peggy):
 *   allocation-free; the record of RFC 2396 and RFC 6874 comes from its
 *   capture log, and it is the reference the automata are tested against;
 * - peggy's parser (the tests' oracle, scripts/peggy-oracle.ts, not in the package):
 *   the reference the recognizer is tested against (test/support/peggy-oracle.ts).
 *
 * (A rejection is explained by the diagnostic back end: diagnose.ts.)
 *
 * The recognizer's records are made in recognizer-records.ts, which the
 * CommonJS entry requires on first use.
 */
import { automataOf, automatonFor, grammarEntry, recognizerOf, RFC3986_AUTOMATA, type GeneratedGrammar } from './grammars';
import type { AnyUriRecord } from './records';
// The recognizer's records: RFC 2396 and RFC 6874 only, and the tests; required on first use.
import { recognizerRecord } from './recognizer-records';
import { capturedRecord, capturedRootlessRecord, splitRecord, type HostTests } from './split';

export type { UriComponentName, SpanTuple, UriRecord, Rfc2396Record } from './records';
export { recognizerRecord };

/** RFC 3986's automata, their function taken once: called directly on the hot path. */
const accepts3986 = RFC3986_AUTOMATA.accepts;

/**
 * RFC 3986's fast path (generated/rfc3986.dfa.js, FAST): two regular
 * expressions of a subset of the rules it names (absolute URIs with an
 * authority and no userinfo or IP-literal, percent-encodings only in the path
 * and the query; a scheme and a rootless path), proven at
 * generate time to accept nothing the automata of those rules reject, the
 * second to capture the components where the delimiter split finds them. One
 * native pass; on a miss, the automaton decides as before.
 */
const FAST = RFC3986_AUTOMATA.FAST;
const FAST_TEST = FAST?.test;
const FAST_SPLIT = FAST?.split;
const FAST_ROOTLESS = FAST?.rootless;
const FAST_RULES: ReadonlySet<string> = new Set(FAST?.rules ?? []);
/**
 * The longest input the fast path is tried on. A miss costs V8 a step back per
 * character over the runs it matched (about 4.6 ns a character here, against
 * 0.5 for a match and 0.5 for the automaton), which made an error at the end
 * of a 10 k-character line cost 12x a valid parse of it; past this length a
 * match gains nothing but the record's split (BENCHMARKS.md, "The error path").
 */
const FAST_MAX_LENGTH = 1024;

/** Whether the whole input matches a reference rule, by the grammar's automaton of the rule (generated/NAME.dfa.js), or first, for RFC 3986, by its fast path. */
export function accepts(input: string, startRule: string, grammar: GeneratedGrammar = 'rfc3986'): boolean {
  if (grammar !== 'rfc3986') return automataOf(grammar).accepts(input, startRule);
  return (FAST_TEST !== undefined && input.length <= FAST_MAX_LENGTH && FAST_RULES.has(startRule) && FAST_TEST.test(input)) || accepts3986(input, startRule);
}

/** Whether the whole input matches any rule of the grammar: by the rule's automaton where there is one, else by the recognizer. */
export function matchesRule(input: string, rule: string, grammar: GeneratedGrammar): boolean {
  const automata = automatonFor(grammar, rule);
  return automata === undefined ? recognizerOf(grammar).recognize(input, rule) : automata.accepts(input, rule);
}

/** Per grammar, the automata that tell host kinds apart, for splitRecord; made on first use. */
const hostTests: Partial<Record<GeneratedGrammar, HostTests>> = {};

function hostTestsOf(grammar: GeneratedGrammar): HostTests {
  let tests = hostTests[grammar];
  if (tests === undefined) {
    const automata = automataOf(grammar);
    tests = { IPv4address: automata.spanTest('IPv4address'), IPvFuture: automata.spanTest('IPvFuture') };
    hostTests[grammar] = tests;
  }
  return tests;
}

/** RFC 3986's host tests, held here once made: the fast path's record asks them on every parse. */
let hosts3986: HostTests | undefined;

/**
 * The record of `input` by the automaton of the rule and, when it accepts,
 * one pass over the delimiters (split.ts); undefined when it rejects. The
 * grammars whose registry line says `records: "recognizer"` have the
 * recognizer's record: RFC 2396, whose delimiters alone do not decide its
 * record (a server or a reg_name, an opaque part), and RFC 6874 (`zoneId:
 * true`), whose record also has the zone.
 */
export function automatonRecord(input: string, startRule: string, grammar: GeneratedGrammar = 'rfc3986'): AnyUriRecord | undefined {
  if (grammar === 'rfc3986') {
    if (FAST_SPLIT !== undefined && input.length <= FAST_MAX_LENGTH && FAST_RULES.has(startRule)) {
      const m = FAST_SPLIT.exec(input);
      if (m !== null) return capturedRecord(input, m, hosts3986 ?? (hosts3986 = hostTestsOf('rfc3986')));
      const r = (FAST_ROOTLESS as RegExp).exec(input);
      if (r !== null) return capturedRootlessRecord(input, r);
    }
    if (!accepts3986(input, startRule)) return undefined;
  } else if (grammarEntry(grammar).records === 'recognizer') {
    return recognizerRecord(input, startRule, grammar);
  } else if (!automataOf(grammar).accepts(input, startRule)) {
    return undefined;
  }
  return splitRecord(input, hostTestsOf(grammar));
}

/** Whether the whole input matches the rule, by the recognizer. */
export function recognizes(input: string, startRule: string, grammar: GeneratedGrammar = 'rfc3986'): boolean {
  return recognizerOf(grammar).recognize(input, startRule);
}
