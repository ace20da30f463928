/**
 * Produces strings from an ABNF grammar, by walking its syntax tree, and the
 * near misses around them.
 *
 * - Alternatives: every other choice goes round-robin through the
 *   alternatives of that node, so each is taken; the rest are random.
 * - Repetitions: the edges are favoured: min, min + 1, the maximum when there
 *   is one, and runs well past one when there is none.
 * - Ranges: the first and last character are favoured (dec-octet's 250-255,
 *   %x30-35 and so on), then any in between.
 * - Case-insensitive literals come out in random case ("v" or "V").
 * - Substitutes (from the grammar's check file) put a known hard spot where a
 *   rule is generated: an IPv4address-shaped prefix in a reg-name, say. What
 *   they produce is still judged by the oracle.
 */
import type { AbnfGrammar, AbnfNode } from './abnf';

/** A small seeded generator (mulberry32): the same seed gives the same strings. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}

/** A sequence of rule names and quoted literals, e.g. ["IPv4address", "reg-name"] or ["dec-octet", "\".\""]. */
export type Substitute = readonly string[];

export interface GeneratorOptions {
  /** Per rule, sequences that the generator may produce in its place. */
  readonly substitutes?: Readonly<Record<string, readonly Substitute[]>>;
  /** How often a rule with substitutes uses one (0-1). */
  readonly substituteRate?: number;
}

export class Generator {
  /** For each alternation node, how many times each alternative was taken. */
  readonly coverage = new Map<AbnfNode, number[]>();
  private readonly turns = new Map<AbnfNode, number>();
  private readonly substitutes: Map<string, readonly Substitute[]>;
  private readonly substituteRate: number;

  constructor(
    private readonly grammar: AbnfGrammar,
    private readonly random: Random,
    options: GeneratorOptions = {},
  ) {
    this.substitutes = new Map();
    for (const [rule, subs] of Object.entries(options.substitutes ?? {})) {
      const name = grammar.canonical(rule);
      if (name === undefined) throw new Error(`substitute for ${rule}, which the ABNF does not define`);
      this.substitutes.set(name, subs);
    }
    this.substituteRate = options.substituteRate ?? 0.2;
  }

  /** A string that the ABNF's `rule` matches (by construction; the check has the oracle confirm it). */
  generate(rule: string): string {
    const name = this.grammar.canonical(rule);
    if (name === undefined) throw new Error(`the ABNF has no rule ${rule}`);
    const out: string[] = [];
    this.emit({ kind: 'ref', name }, out, 0);
    return out.join('');
  }

  /** Alternatives never taken so far, as "rule: alternative i of n". */
  uncovered(): string[] {
    const missing: string[] = [];
    for (const [rule, def] of this.grammar.rules) {
      const visit = (node: AbnfNode, where: string): void => {
        if (node.kind === 'alt') {
          const counts = this.coverage.get(node);
          node.alts.forEach((alt, i) => {
            if (counts && !counts[i]) missing.push(`${rule}: ${where}alternative ${i + 1} of ${node.alts.length}`);
            visit(alt, where);
          });
        } else if (node.kind === 'seq') {
          node.items.forEach((item) => visit(item, where));
        } else if (node.kind === 'rep') {
          visit(node.node, where);
        }
      };
      visit(def, '');
    }
    return missing;
  }

  /** Alternation nodes that were reached at all, and alternatives taken, for the summary. */
  coverageCounts(): { alternatives: number; taken: number } {
    let alternatives = 0;
    let taken = 0;
    for (const counts of this.coverage.values()) {
      alternatives += counts.length;
      taken += counts.filter((c) => c > 0).length;
    }
    return { alternatives, taken };
  }

  private repeatCount(min: number, max: number): number {
    const r = this.random.next();
    if (max !== Infinity) {
      if (r < 0.3) return min;
      if (r < 0.55) return max;
      if (r < 0.7) return Math.min(min + 1, max);
      return min + this.random.int(max - min + 1);
    }
    if (r < 0.3) return min;
    if (r < 0.5) return min + 1;
    if (r < 0.85) return min + 2 + this.random.int(4);
    return min + 6 + this.random.int(15);
  }

  private emit(node: AbnfNode, out: string[], depth: number): void {
    if (depth > 200) throw new Error('the ABNF is too deeply recursive to generate from');
    switch (node.kind) {
      case 'lit': {
        let text = node.text;
        if (node.caseInsensitive) {
          text = [...text].map((c) => (/[a-z]/i.test(c) && this.random.next() < 0.5 ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c)).join('');
        }
        out.push(text);
        return;
      }
      case 'range': {
        const r = this.random.next();
        const code = r < 0.3 ? node.first : r < 0.6 ? node.last : node.first + this.random.int(node.last - node.first + 1);
        out.push(String.fromCharCode(code));
        return;
      }
      case 'prose':
        throw new Error(`cannot generate from prose <${node.text}>`);
      case 'ref': {
        const name = this.grammar.canonical(node.name) ?? node.name;
        const subs = this.substitutes.get(name);
        if (subs && this.random.next() < this.substituteRate) {
          for (const part of this.random.pick(subs)) {
            if (part.startsWith('"')) out.push(JSON.parse(part) as string);
            else this.emit({ kind: 'ref', name: part }, out, depth + 1);
          }
          return;
        }
        const def = this.grammar.rules.get(name);
        if (!def) throw new Error(`the ABNF has no rule ${node.name}`);
        this.emit(def, out, depth + 1);
        return;
      }
      case 'alt': {
        let counts = this.coverage.get(node);
        if (!counts) {
          counts = new Array<number>(node.alts.length).fill(0);
          this.coverage.set(node, counts);
        }
        let i: number;
        if (this.random.next() < 0.5) {
          const turn = this.turns.get(node) ?? 0;
          this.turns.set(node, turn + 1);
          i = turn % node.alts.length;
        } else {
          i = this.random.int(node.alts.length);
        }
        counts[i]++;
        this.emit(node.alts[i], out, depth + 1);
        return;
      }
      case 'seq':
        for (const item of node.items) this.emit(item, out, depth + 1);
        return;
      case 'rep': {
        const n = this.repeatCount(node.min, node.max);
        for (let i = 0; i < n; i++) this.emit(node.node, out, depth + 1);
        return;
      }
    }
  }
}

/**
 * Characters for near misses: the URI alphabet (some of each class), every
 * delimiter, and characters outside it: controls, space, the excluded ASCII
 * characters, non-ASCII ones (a lone surrogate and an astral character
 * included).
 */
export const NEAR_MISS_CHARACTERS: readonly string[] = [
  'a', 'Z', 'v', 'V', 'f', 'F', 'g', '0', '1', '2', '5', '9', '-', '.', '_', '~',
  ':', '/', '?', '#', '[', ']', '@',
  '!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '=',
  '%',
  ' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u0000', '\t', '\n', '\u007f',
  '\u00e9', '\u00a0', '\u200e', '\ud800', '\udc00', '\u{1F600}', '\ufffd',
];

/** One edit away from `s`: a character inserted, deleted or replaced, or a short run repeated (a repetition past its maximum). */
export function nearMiss(s: string, random: Random, alphabet: readonly string[] = NEAR_MISS_CHARACTERS): string {
  const op = random.int(s.length === 0 ? 1 : 4);
  const i = random.int(s.length + 1);
  switch (op) {
    case 0:
      return s.slice(0, i) + random.pick(alphabet) + s.slice(i);
    case 1: {
      const j = Math.min(i, s.length - 1);
      return s.slice(0, j) + s.slice(j + 1);
    }
    case 2: {
      const j = Math.min(i, s.length - 1);
      return s.slice(0, j) + random.pick(alphabet) + s.slice(j + 1);
    }
    default: {
      const j = Math.min(i, s.length - 1);
      const len = 1 + random.int(Math.min(5, s.length - j));
      return s.slice(0, j + len) + s.slice(j, j + len) + s.slice(j + len);
    }
  }
}
