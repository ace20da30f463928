/**
 * What generate says when the proof (proven.ts) finds a disagreement: first
 * the shortest counterexample, its rule, which side accepts it, the rule's
 * PEG line and ABNF line (file:line), and the usual cause when it can be
 * seen; then every disagreement found. Issue 47 item 2: the first lines say
 * what is wrong.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as peggy from 'peggy';
import { formatDisagreement, type Disagreement } from './check';
import { parsePeggy, type PeggyRule } from './peggy';
import type { ProofGrammar, ProofResult } from './proven';
import { expandIncludes } from '../grammar-source';
import { grammarFile, grammarFileOf } from '../registry';
import { toPegName } from '../../src/core/rule-names';

export const PREFIX_CAUSE = "an earlier alternative is a prefix of a later one: PEG's ordered choice commits to it";
/** What is said when the prefix cause is not seen: the usual ways a transcription goes wrong, by which side accepts. */
const WIDER = 'the PEG accepts more than the ABNF: a repetition bound, a range or a set of characters wider than the ABNF\'s, or an alternative it does not have';
const NARROWER =
  "the PEG accepts less than the ABNF: an alternative or a character it lacks, a literal that is case-sensitive where the ABNF's is not, or a repetition, or an alternative of a rule this one uses, that takes what the rest needs (PEG never gives back)";
const OFFSET = 'the PEG stops at another place than the ABNF: a literal of several characters (write it character by character), or a lookahead that records no expected item (docs/adding-a-grammar.md, step 3)';

/** Where a PEG rule is written: the grammar's own .peggy, or the file its @include line takes it from. */
export function pegLocation(root: string, g: ProofGrammar, pegName: string): { file: string; line: number; text: string } | undefined {
  const own = grammarFile(g.entry, 'peggy');
  const ownText = fs.readFileSync(path.join(root, own), 'utf8');
  const candidates = [own, ...[...expandIncludes(ownText, root, own).included].filter(([, names]) => names.includes(pegName)).map(([from]) => grammarFileOf(root, from, 'peggy'))];
  for (const file of candidates) {
    const text = file === own ? ownText : fs.readFileSync(path.join(root, file), 'utf8');
    const rule = parsePeggy(text).rules.find((r) => r.name === pegName);
    if (rule) return { file, line: rule.location.start.line, text: text.split('\n')[rule.location.start.line - 1].trim() };
  }
  return undefined;
}

function abnfLocation(root: string, g: ProofGrammar, rule: string): { file: string; line: number; text: string } | undefined {
  const line = g.abnf.lines.get(rule);
  if (line === undefined) return undefined;
  const file = grammarFile(g.entry, 'abnf');
  return { file, line, text: fs.readFileSync(path.join(root, file), 'utf8').split(/\r?\n/)[line - 1].trim() };
}

/** The alternatives of a rule that is a choice (through a display name), as source text; undefined for any other rule. */
function alternatives(g: ProofGrammar, rule: PeggyRule): string[] | undefined {
  let e: { type: string; expression?: unknown; alternatives?: Array<{ location: { start: { offset: number }; end: { offset: number } } }> } = rule.expression as never;
  if (e.type === 'named') e = e.expression as never;
  if (e.type !== 'choice' || e.alternatives === undefined) return undefined;
  return e.alternatives.map((a) => g.pegText.slice(a.location.start.offset, a.location.end.offset).trim());
}

/**
 * The usual cause of a counterexample the ABNF accepts and the PEG refuses in
 * a choice: an alternative that matches a proper prefix of it comes before one
 * that matches all of it, so the PEG commits to the shorter match.
 */
export function prefixCause(g: ProofGrammar, d: Disagreement): string | undefined {
  if (!d.abnf || d.peg) return undefined;
  const rule = g.pegRules.get(toPegName(d.rule));
  const alts = rule && alternatives(g, rule);
  if (!alts || alts.length < 2) return undefined;
  const names = alts.map((_, i) => `urigram_alternative_${i}`);
  const parser = peggy.generate(`${g.pegText}\n${alts.map((a, i) => `${names[i]} = ${a}`).join('\n')}\n`, { allowedStartRules: names });
  const matches = (i: number, s: string): boolean => {
    try {
      parser.parse(s, { startRule: names[i] });
      return true;
    } catch {
      return false;
    }
  };
  const input = [...d.input];
  const whole = alts.findIndex((_, j) => matches(j, d.input));
  for (let i = 0; i < whole; i++) {
    for (let k = input.length - 1; k >= 1; k--) {
      const prefix = input.slice(0, k).join('');
      if (matches(i, prefix)) {
        return `${PREFIX_CAUSE} (alternative ${i + 1}, ${alts[i]}, matches ${JSON.stringify(prefix)}; alternative ${whole + 1}, ${alts[whole]}, matches all of ${JSON.stringify(d.input)})`;
      }
    }
  }
  return undefined;
}

interface Found {
  readonly result: ProofResult;
  readonly d: Disagreement;
}

/**
 * The shortest counterexample of `results` (the edited rules' first when two are as short),
 * explained in five lines that start with `heading`; undefined when there is none.
 */
export function explainShortest(root: string, results: readonly ProofResult[], heading: string): string[] | undefined {
  const all: Found[] = results.flatMap((result) => result.report.disagreements.map((d) => ({ result, d })));
  const lines: string[] = [];
  const length = (f: Found) => [...f.d.input].length;
  const first = [...all].sort((a, b) => length(a) - length(b) || Number(!a.result.own.includes(a.d.rule)) - Number(!b.result.own.includes(b.d.rule)))[0];
  if (first) {
    const { result, d } = first;
    const g = result.grammar;
    const say = (accepted: boolean) => (accepted ? 'accepts' : 'rejects');
    lines.push(`${heading}: ${grammarFile(g.entry, 'peggy')} and ${grammarFile(g.entry, 'abnf')} disagree in ${d.rule} on ${JSON.stringify(d.input)}`);
    lines.push(
      d.offsets
        ? `  both reject ${JSON.stringify(d.input)}, but the ABNF at offset ${d.offsets.abnf} and the PEG at ${d.offsets.peg}: ${d.pegError}`
        : `  the ABNF ${say(d.abnf)} ${JSON.stringify(d.input)}, the PEG ${say(d.peg)} it${d.pegError ? `: ${d.pegError}` : ''}`,
    );
    const peg = pegLocation(root, g, toPegName(d.rule));
    const abnf = abnfLocation(root, g, d.rule);
    lines.push(`  PEG  ${peg ? `${peg.file}:${peg.line}: ${peg.text}` : `(no PEG rule ${toPegName(d.rule)})`}`);
    lines.push(`  ABNF ${abnf ? `${abnf.file}:${abnf.line}: ${abnf.text}` : `(no ABNF rule ${d.rule})`}`);
    const cause = prefixCause(g, d);
    if (cause) lines.push(`  usual cause: ${cause}`);
    else if (!d.abnf && d.peg) lines.push(`  possible cause: ${WIDER}`);
    else if (d.abnf && !d.peg) lines.push(`  possible cause: ${NARROWER}`);
    else lines.push(`  possible cause: ${OFFSET}`);
    return lines;
  }
  return undefined;
}

/** The report of a refused proof: the shortest counterexample first, explained; then the full list. */
export function explainRefusal(root: string, results: readonly ProofResult[], unchecked = 0): string {
  const lines = explainShortest(root, results, 'generate: refused') ?? ['generate: refused: the check of the changed rules found no counterexample, but the problems below'];
  for (const result of results) {
    const r = result.report;
    const problems = [...r.ruleSetErrors.map((e) => `  RULE SET: ${e}`), ...r.generatorErrors.map((e) => `  GENERATOR: ${e}`), ...r.disagreements.map((d) => formatDisagreement(d).replace(/^/gm, '  '))];
    if (problems.length === 0) continue;
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    lines.push(`${result.grammar.entry.name}: ${plural(r.disagreements.length, 'disagreement')} in ${plural(r.summaries.length, 'changed rule')} checked (seed ${r.seed}, ${r.summaries[0]?.generated ?? 0} strings a rule):`, ...problems);
  }
  if (unchecked > 0) lines.push(`(${unchecked} rules that use the edited ones were not checked: they are, once the edited ones agree.)`);
  lines.push('Nothing was written. Fix the PEG (with a `PEG:` comment that says why it is written so) and run `npm run generate` again; `npm run check:grammar -- --grammar NAME --rule RULE` checks one rule further.');
  return `${lines.join('\n')}\n`;
}
