/**
 * `html-character-reference`: HTML character references (`&amp;`, `&#38;`)
 * left in a URI copied from HTML source, each with the fix that writes the
 * character it stands for, where that keeps the URI what it was.
 */
import { isValid, matches } from '../../core/parse';
import type { UriRuleName } from '../../core/rules';
import { RFC3986_AUTOMATA } from '../../core/grammars';
import { toPegName } from '../../core/rule-names';
import { percentEncode } from '../../encoding/percent-encoding';
import { replaceSpans } from '../../encoding/code-units';
import type { LintContext, Report, RuleFamily } from '../diagnostic';

export const characterReferenceRules: RuleFamily = {
  codes: ['html-character-reference'],
  runs: 'any',
  check(ctx: LintContext): void {
    characterReferenceDiagnostics(ctx.input, ctx.rule, ctx.parsed.ok, ctx.report);
  },
};

/**
 * HTML character references left in a URI copied from HTML source: the named
 * ones that turn up in URIs, and numeric ones. Bounded repetitions: one pass.
 */
export const CHARACTER_REFERENCE = /&(?:(amp|lt|gt|quot|apos|nbsp)|#([0-9]{1,7})|#[xX]([0-9A-Fa-f]{1,6}));/g;
const NAMED_REFERENCES: Readonly<Record<string, number>> = { amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27, nbsp: 0xa0 };

/** The ways a URI can write the character a reference stands for, best first: itself (an ASCII character a URI has), then its UTF-8 percent-encoded; none for a code point that is no character. */
function referencedTexts(codePoint: number): string[] {
  if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return [];
  const ch = String.fromCodePoint(codePoint);
  const encoded = percentEncode(ch, 'fragment');
  return codePoint < 0x80 && (matches('unreserved', ch) || matches('reserved', ch)) && encoded !== ch ? [ch, encoded] : [encoded];
}

/**
 * The most passes of the automaton a URI's references get, two per check (a spelling as itself, then
 * percent-encoded): up to this many references, a check each; past it, a check per distinct character,
 * all its references at once (a valid URI has at most one numeric reference, the "#" of the others
 * being a second "#", and six named ones: a handful of checks); past this many distinct characters,
 * the rest get no fix, and their message says they were not checked.
 */
const REFERENCE_CHECKS = 64;

/**
 * The references, each with a fix when writing its character keeps the URI what it was: valid when it
 * was valid (the character itself where a URI may have it there, else percent-encoded: "&#91;" in a path
 * is "%5B", not "["; and none when neither is valid: the "#" of "&#x20;" began a fragment, so "a&#x20;b:"
 * is a valid relative reference whose fix would put the ":" in its first segment), or, when it was
 * invalid, failing no earlier than it did. Each check is a pass of the automaton over the URI with the
 * references of one group replaced: each reference its own group up to REFERENCE_CHECKS of them, then
 * one group per distinct character (its references all get the same spelling, or none).
 */
function characterReferenceDiagnostics(input: string, rule: UriRuleName, inputValid: boolean, report: Report): void {
  if (!input.includes('&')) return;
  // As columns, and each distinct reference's texts and message made once: a URI of many "&amp;" has a diagnostic
  // per reference, and an object or string per reference kept alive besides would grow its cost per character.
  const starts: number[] = [];
  const ends: number[] = [];
  const codePoints: number[] = [];
  for (const m of input.matchAll(CHARACTER_REFERENCE)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
    codePoints.push(m[1] !== undefined ? NAMED_REFERENCES[m[1]] : m[2] !== undefined ? Number(m[2]) : parseInt(m[3], 16));
  }
  const n = starts.length;
  if (n === 0) return;
  const textsByCodePoint = new Map<number, string[]>();
  const textsOf = (k: number): string[] => {
    let t = textsByCodePoint.get(codePoints[k]);
    if (t === undefined) textsByCodePoint.set(codePoints[k], (t = referencedTexts(codePoints[k])));
    return t;
  };
  // The groups, each a list of reference indices in order: one per reference, or one per distinct character.
  let groups: number[][];
  if (n <= REFERENCE_CHECKS) {
    groups = starts.map((_, k) => [k]);
  } else {
    const byCodePoint = new Map<number, number[]>();
    for (let k = 0; k < n; k++) {
      const group = byCodePoint.get(codePoints[k]);
      if (group === undefined) byCodePoint.set(codePoints[k], [k]);
      else group.push(k);
    }
    groups = [...byCodePoint.values()];
  }
  const pegRule = toPegName(rule);
  const inputViable = inputValid ? input.length : RFC3986_AUTOMATA.viablePrefix(input, pegRule);
  /** Whether the input with the group's references written `text` is what the fix needs (see above). */
  const keeps = (group: number[], text: string): boolean => {
    // All after where an invalid input fails: the candidate has the same prefix, so it fails no earlier (no pass needed).
    if (!inputValid && starts[group[0]] >= inputViable) return true;
    const candidate = replaceSpans(input, group.map((k) => starts[k]), group.map((k) => ends[k]), group.map(() => text));
    if (inputValid) return isValid(candidate, { rule });
    // Where the input failed, in the candidate: moved by the replacements before it; after a replacement it was inside.
    let shift = 0;
    let least = -1;
    for (const k of group) {
      if (ends[k] <= inputViable) {
        shift += text.length - (ends[k] - starts[k]);
        continue;
      }
      if (starts[k] < inputViable) least = starts[k] + shift + text.length;
      break;
    }
    return RFC3986_AUTOMATA.viablePrefix(candidate, pegRule) >= (least < 0 ? inputViable + shift : least);
  };
  // Per reference: its fix's text, or why it has none.
  const replacements: Array<string | undefined> = new Array<string | undefined>(n);
  const unchecked = new Uint8Array(n);
  for (const [g, group] of groups.entries()) {
    const texts = textsOf(group[0]);
    const text = g < REFERENCE_CHECKS ? texts.find((t) => keeps(group, t)) : undefined;
    for (const k of group) {
      replacements[k] = text;
      if (g >= REFERENCE_CHECKS) unchecked[k] = 1;
    }
  }
  const messages = new Map<string, string>();
  for (let k = 0; k < n; k++) {
    const from = starts[k];
    const to = ends[k];
    const reference = input.slice(from, to);
    const texts = textsOf(k);
    const replacement = replacements[k];
    const why = texts.length === 0 || replacement !== undefined ? '' : unchecked[k] ? ' (a fix is not checked past 64 distinct characters in one URI)' : ' (written there, it would not keep the URI valid)';
    const key = `${reference}\u0000${replacement ?? ''}\u0000${why}`;
    let message = messages.get(key);
    if (message === undefined) {
      const stands = texts.length === 0 ? 'not a character' : JSON.stringify(replacement ?? texts[0]);
      messages.set(key, (message = `${reference} is an HTML character reference: the URI in the HTML is ${stands} here${why}`));
    }
    report('html-character-reference', message, from, to, replacement === undefined ? undefined : { replacement, start: from, end: to });
  }
}
