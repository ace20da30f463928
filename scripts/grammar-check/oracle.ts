/**
 * The oracle: decides whether a string matches a rule of an ABNF grammar, by
 * the ABNF's own semantics, independently of the PEG. It is a backtracking
 * matcher that computes, for a node and a start offset, the set of every
 * offset where a match can end, so that alternation is true union and
 * repetition gives back as much as any continuation needs. Rule results are
 * memoized per offset, which keeps it polynomial on any input.
 */
import type { AbnfGrammar, AbnfNode } from './abnf';

function foldAscii(code: number): number {
  return code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
}

export class Oracle {
  /** Set while matching a prefix: some terminal needed input at or past its end. */
  private wantedMore = false;

  constructor(private readonly grammar: AbnfGrammar) {}

  /** Whether the whole of `input` matches `rule` (named in any case). */
  accepts(rule: string, input: string): boolean {
    const name = this.grammar.canonical(rule);
    if (name === undefined) throw new Error(`the ABNF has no rule ${rule}`);
    const memo = new Map<string, ReadonlySet<number>>();
    return this.ends({ kind: 'ref', name }, input, 0, memo).has(input.length);
  }

  /**
   * Whether `prefix` begins some string that `rule` matches: some derivation
   * consumes all of it, and either ends there or needs more input.
   */
  isViablePrefix(rule: string, prefix: string): boolean {
    const name = this.grammar.canonical(rule);
    if (name === undefined) throw new Error(`the ABNF has no rule ${rule}`);
    this.wantedMore = false;
    const complete = this.ends({ kind: 'ref', name }, prefix, 0, new Map()).has(prefix.length);
    return complete || this.wantedMore;
  }

  /**
   * For an input that `rule` rejects, the offset of the first character that
   * no string of the rule has there: the length of its longest viable prefix
   * (the input's length when all of it is viable). Viability is monotone, so
   * a binary search finds it.
   *
   * Offsets count characters, which are code points: the grammars' terminals
   * are code points (RFC 3987 2.2), and a string is read as UTF-16. When the
   * viable prefix ends inside a code point, after a high surrogate (one left
   * alone, or one whose pair is no character the rule allows there), the
   * first invalid character is that code point, at the high surrogate.
   */
  firstInvalidOffset(rule: string, input: string): number {
    let lo = 0; // the empty prefix is viable for any rule that matches anything
    let hi = input.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.isViablePrefix(rule, input.slice(0, mid))) lo = mid;
      else hi = mid - 1;
    }
    if (lo > 0) {
      const before = input.charCodeAt(lo - 1);
      if (before >= 0xd800 && before <= 0xdbff) return lo - 1;
    }
    return lo;
  }

  private ends(node: AbnfNode, input: string, pos: number, memo: Map<string, ReadonlySet<number>>): ReadonlySet<number> {
    switch (node.kind) {
      case 'lit': {
        const { text } = node;
        for (let i = 0; i < text.length; i++) {
          if (pos + i >= input.length) {
            this.wantedMore = true;
            return EMPTY;
          }
          const a = input.charCodeAt(pos + i);
          const b = text.charCodeAt(i);
          if (a !== b && !(node.caseInsensitive && foldAscii(a) === foldAscii(b))) return EMPTY;
        }
        return new Set([pos + text.length]);
      }
      case 'range': {
        if (pos >= input.length) {
          this.wantedMore = true;
          return EMPTY;
        }
        const c = input.charCodeAt(pos);
        return c >= node.first && c <= node.last ? new Set([pos + 1]) : EMPTY;
      }
      case 'prose':
        throw new Error(`the oracle cannot match prose <${node.text}>`);
      case 'ref': {
        const key = `${node.name}@${pos}`;
        const known = memo.get(key);
        if (known) return known;
        const def = this.grammar.rules.get(this.grammar.canonical(node.name) ?? node.name);
        if (!def) throw new Error(`the ABNF has no rule ${node.name}`);
        memo.set(key, EMPTY); // no rule of these grammars is left-recursive; a cycle matches nothing
        const result = this.ends(def, input, pos, memo);
        memo.set(key, result);
        return result;
      }
      case 'alt': {
        const out = new Set<number>();
        for (const alt of node.alts) for (const e of this.ends(alt, input, pos, memo)) out.add(e);
        return out;
      }
      case 'seq': {
        let current: ReadonlySet<number> = new Set([pos]);
        for (const item of node.items) {
          const next = new Set<number>();
          for (const p of current) for (const e of this.ends(item, input, p, memo)) next.add(e);
          if (next.size === 0) return EMPTY;
          current = next;
        }
        return current;
      }
      case 'rep': {
        // Breadth-first by count. Once the count reaches min, a position seen
        // before was seen with a smaller count and so more repetitions left:
        // seeing it again adds nothing.
        const out = new Set<number>();
        const seen = new Set<number>();
        let frontier: Set<number> = new Set([pos]);
        if (node.min === 0) {
          out.add(pos);
          seen.add(pos);
        }
        for (let count = 1; count <= node.max && frontier.size > 0; count++) {
          const next = new Set<number>();
          for (const p of frontier) for (const e of this.ends(node.node, input, p, memo)) next.add(e);
          if (count < node.min) {
            frontier = next;
            continue;
          }
          frontier = new Set();
          for (const e of next) {
            if (seen.has(e)) continue;
            seen.add(e);
            out.add(e);
            frontier.add(e);
          }
        }
        return out;
      }
    }
  }
}

const EMPTY: ReadonlySet<number> = new Set();
