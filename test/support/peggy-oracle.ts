/**
 * The tests' oracle (scripts/peggy-oracle.ts: peggy's parser of each grammar, built
 * with --trace on first use, never in generated/ nor in the package), and what
 * the tests read from it: peggyRecord, the record from its tree, which the
 * recognizer's and the automata's records are held to; tracedFailure, the
 * failure as one traced run finds it (TracedRun), which the diagnostic back
 * end (src/core/diagnose.ts) is held to.
 */
import { CHARACTER_RULES, disagreement, failureOf, singleCharacterRulesOf, type Failure } from '../../src/core/diagnose';
import type { GeneratedGrammar, GrammarName, PeggyExpectation } from '../../src/core/grammars';
import { buildRecord, offsetsOf, type AnyUriRecord, type ComponentSpans, type Rfc2396Record, type Rfc2396Tree, type Rfc3986HostKind, type Rfc3986PathKind, type Rfc6874Record, type Span, type SpanTuple, type UriTree } from '../../src/core/records';
import { peggyOracle } from '../../scripts/peggy-oracle';

export { peggyOracle, peggyOracleFile, type PeggyOracle, type PeggyOracleSyntaxError } from '../../scripts/peggy-oracle';

const spanOf = (s: Span | null | undefined): SpanTuple | undefined => (s ? [s.start, s.end] : undefined);

/** The record from the tree of peggy's parser (the oracle), or undefined when it rejects the input. */
export function peggyRecord(input: string, startRule: string, grammar: GeneratedGrammar = 'rfc3986'): AnyUriRecord | undefined {
  const peggy = peggyOracle(grammar);
  let tree: UriTree | Rfc2396Tree;
  try {
    tree = peggy.parse(input, { startRule }) as UriTree | Rfc2396Tree;
  } catch (e) {
    if (e instanceof peggy.SyntaxError) return undefined;
    throw e;
  }
  const a = tree.authority;
  const parts: ComponentSpans = { scheme: spanOf(tree.scheme), authority: spanOf(a), userinfo: spanOf(a?.userinfo), host: spanOf(a?.host), port: spanOf(a?.port), query: spanOf(tree.query), fragment: spanOf(tree.fragment) };
  const path: SpanTuple = [tree.path.start, tree.path.end];
  if (grammar === 'rfc6874') {
    const host = (tree as UriTree).authority?.host;
    const record = buildRecord(input, offsetsOf(parts, path), host?.kind === 'IPv6addrz' ? 'IPv6address' : host?.kind, tree.pathKind as Rfc3986PathKind);
    // The ZoneID's span is what the grammar's IPv6addrz rule returns, run on the literal between its brackets.
    const inner = host?.kind === 'IPv6addrz' ? host.start + 1 : -1;
    const zone = inner < 0 ? undefined : (peggy.parse(input.slice(inner, (host as Span).end - 1), { startRule: 'IPv6addrz' }) as Span);
    const zoned: Rfc6874Record = { ...record, zone: zone === undefined ? undefined : input.slice(inner + zone.start, inner + zone.end) };
    return zoned;
  }
  if (grammar !== 'rfc2396') {
    const t = tree as UriTree;
    return buildRecord(input, offsetsOf(parts, path), t.authority?.host.kind as Rfc3986HostKind | undefined, t.pathKind);
  }
  const t = tree as Rfc2396Tree;
  const base = buildRecord(input, offsetsOf(parts, path), t.authority?.host?.kind, t.pathKind);
  const extended: Rfc2396Record = { ...base, opaque: t.opaque ? input.slice(t.opaque.start, t.opaque.end) : undefined, authorityForm: t.authority?.form };
  return extended;
}


interface TraceEvent {
  type: 'rule.enter' | 'rule.match' | 'rule.fail';
  rule: string;
  location: { start: { offset: number }; end: { offset: number } };
}

/** What the traced parser returns with peggy's `peg$library` option: its state, with no error built. */
interface LibraryResult {
  peg$success: boolean;
  peg$result: unknown;
  peg$FAILED: unknown;
  peg$currPos: number;
  peg$maxFailPos: number;
  peg$maxFailExpected: PeggyExpectation[];
}

/**
 * One run of the oracle (tracedFailure): the definition of the rule path that
 * the diagnostic back end reproduces (scripts/compile-recognizer.ts,
 * compileDiagnostic, does the same on rule indices in typed arrays, and
 * gives rules with a display name no frame at all). The options of the traced parser, its tracer
 * (trace) and its failure hook (peg$onFail), in one object whose methods are
 * the same functions on every run, so that the parser's calls into them stay
 * monomorphic. The tracer sees every rule invocation and the hook every
 * failed terminal, so each does as little as it can: the stack is three
 * parallel arrays and a depth (no object per invocation); whether an
 * invocation was on the stack when an expected item at the furthest offset
 * was recorded is the `epoch` of that offset, so that moving the offset
 * forward marks every frame stale at once; the paths (best, common) are
 * copied into arrays that are reused, never allocated per event.
 */
export class TracedRun {
  readonly peg$library = true;
  readonly tracer: TracedRun = this;
  private readonly names: string[] = [];
  private readonly starts: number[] = [];
  private readonly reachedIn: number[] = [];
  private depth = 0;
  private max = -1;
  /** Numbers the furthest offsets seen so far: 1 for the first. */
  private epoch = 0;
  readonly best: string[] = [];
  bestLength = 0;
  readonly common: string[] = [];
  /** The length of the common prefix of the paths of the expected items at `max`; -1 before the first. */
  commonLength = -1;
  /**
   * The common prefix is the path only when no invocation gives one (best):
   * past offset 0 the start rule itself began before the offset, and gives one
   * when it returns, unless it is a rule that never ends a path.
   */
  private readonly startRuleGivesPath: boolean;

  constructor(
    readonly startRule: string,
    private readonly singleCharacterRules: ReadonlySet<string>,
  ) {
    this.startRuleGivesPath = !singleCharacterRules.has(startRule) && !CHARACTER_RULES.has(startRule);
  }

  /** Called by peg$fail (added by scripts/generate.ts) for every expected item, with the offset where it was expected. */
  peg$onFail(position: number): void {
    if (position < this.max) return;
    if (position > this.max) {
      this.max = position;
      this.epoch++;
      this.bestLength = 0;
      this.commonLength = -1;
    }
    const { reachedIn, epoch, names } = this;
    for (let i = this.depth - 1; i >= 0 && reachedIn[i] !== epoch; i--) reachedIn[i] = epoch;
    if (position > 0 && this.startRuleGivesPath) return;
    // This attempt's path: the stack without the single-character rules at its top.
    let top = this.depth;
    while (top > 0 && this.singleCharacterRules.has(names[top - 1])) top--;
    const common = this.common;
    if (this.commonLength < 0) {
      for (let i = 0; i < top; i++) common[i] = names[i];
      this.commonLength = top;
    } else {
      let n = 0;
      const limit = this.commonLength < top ? this.commonLength : top;
      while (n < limit && common[n] === names[n]) n++;
      this.commonLength = n;
    }
  }

  /**
   * The tracer. Small, and always the same function, so that V8 can inline it
   * where the parser calls it and never allocate the event (enter and exit
   * take only numbers and strings, so the event does not escape).
   */
  trace(event: TraceEvent): void {
    if (event.type === 'rule.enter') this.enter(event.rule, event.location.start.offset);
    else this.exit();
  }

  private enter(rule: string, start: number): void {
    const depth = this.depth;
    this.names[depth] = rule;
    this.starts[depth] = start;
    this.reachedIn[depth] = 0; // no epoch: epochs start at 1
    this.depth = depth + 1;
  }

  private exit(): void {
    const depth = --this.depth;
    if (this.reachedIn[depth] === this.epoch && this.starts[depth] < this.max && depth >= this.bestLength) {
      const { names, best } = this;
      const rule = names[depth];
      if (!this.singleCharacterRules.has(rule) && !CHARACTER_RULES.has(rule)) {
        for (let i = 0; i <= depth; i++) best[i] = names[i];
        this.bestLength = depth + 1;
      }
    }
  }

}


/**
 * The failure as one run of peggy's traced parser (the oracle, scripts/peggy-oracle.ts)
 * finds it, in peggy's library mode (no error message built only to be thrown
 * away), with TracedRun as its tracer and failure hook: the oracle the
 * diagnostic back end is tested against.
 */
export function tracedFailure(input: string, startRule: string, grammar: GrammarName = 'rfc3986'): Failure {
  const traced = peggyOracle(grammar);
  const run = new TracedRun(startRule, singleCharacterRulesOf(grammar));
  const r = traced.parse(input, run as unknown as Parameters<typeof traced.parse>[1]) as LibraryResult;
  if (r.peg$success) throw disagreement(input, startRule, "peggy's traced parser");
  return failureOf(
    {
      matched: r.peg$result !== r.peg$FAILED,
      end: r.peg$currPos,
      maxFailPos: r.peg$maxFailPos,
      expectations: r.peg$maxFailExpected,
      best: run.best.slice(0, run.bestLength),
      common: run.commonLength < 0 ? [] : run.common.slice(0, run.commonLength),
    },
    input,
    startRule,
  );
}

