/**
 * The drift check between each grammar/NAME.abnf and the RFC text it
 * transcribes (grammar/rfcNNNN.txt, beside it).
 *
 * - RFC 3986, RFC 3987 and RFC 6874: every rule of the .abnf file, with its
 *   continuation lines and comments, must occur in one of its source texts
 *   (RFC 3986 Appendix A or RFC 3987 2.2, RFC 6874 2 with RFC 3986
 *   Appendix A, and RFC 5234 Appendix B.1 for the core rules) character for
 *   character, whitespace aside: the texts break pages inside rules, and the
 *   .abnf files close those breaks up.
 * - RFC 2396: its Appendix A is not ABNF, and grammar/rfc2396.abnf converts
 *   it (its header says how). Every rule of Appendix A must be in the .abnf
 *   file, and equal to it once converted ("|" written "/", "_" in names
 *   written "-", comments and whitespace aside), unless AMENDED_2396 names the
 *   rule and the reason.
 *
 * - Any other grammar: each rule of its .abnf must be a rule of one of the
 *   texts its registry line lists, whitespace aside (a rule of RFC 2397's BNF,
 *   `name := ...`, written `name = ...`); or, when RFC 2396 is among its
 *   texts, a rule of RFC 2396 Appendix A converted as for grammar/rfc2396.abnf;
 *   or be listed in its NAME.check.json's `notVerbatim` with the reason (a
 *   rule imported from a text that is not in the repository, written in prose,
 *   or changed by an erratum or by the RFC's own prose). A rule listed there
 *   that is verbatim after all, or that the .abnf does not have, is reported
 *   too, so that the list stays true.
 *
 * A failure is a list of messages, one per rule that drifted.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { toAbnfName } from '../../src/core/rule-names';
import { grammarFileOf, readRegistry } from '../registry';
import { loadNotVerbatim } from './config';

/** One rule of an ABNF-like text: its name and its whole definition (first line and continuation lines). */
export interface RuleText {
  name: string;
  text: string;
}


/** Rules of RFC 2396 Appendix A that grammar/rfc2396.abnf deliberately writes otherwise, and why. */
export const AMENDED_2396: Readonly<Record<string, string>> = {
  host: 'RFC 2732 section 3 (1) adds IPv6reference',
  IPv4address: 'RFC 2732 section 3 (2) takes RFC 2373\'s form, at most three digits per part',
  reserved: 'RFC 2732 section 3 (3) adds "[" and "]"',
  hex: 'its letters are case-sensitive, so written as %x ranges (an ABNF string is not)',
  lowalpha: 'case-sensitive letters, written as a %x range',
  upalpha: 'case-sensitive letters, written as a %x range',
  digit: 'written as a %x range, like the other single-character lists',
};

const FOOTER = /\[Page \d+\]\s*$/;
const HEADER = /^RFC \d{4} {2,}.* {2,}\S+ \d{4}\s*$/;

/**
 * The RFC text without its page breaks: the footer line, the form feed, the
 * header line, and the blank lines around them, so that a rule broken across
 * two pages reads as one.
 */
export function withoutPageBreaks(rfcText: string): string {
  const out: string[] = [];
  const lines = rfcText.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!FOOTER.test(lines[i])) {
      out.push(lines[i]);
      continue;
    }
    while (out.length > 0 && out[out.length - 1].trim() === '') out.pop();
    while (i + 1 < lines.length && (lines[i + 1].trim() === '' || lines[i + 1].includes('\f') || HEADER.test(lines[i + 1]))) i++;
  }
  return out.join('\n');
}

/** Whitespace collapsed, and the defining ":=" of a BNF rule written "=". */
const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim().replace(/^([A-Za-z][A-Za-z0-9_-]*) :?= /, '$1 = ');

/**
 * The rules of an ABNF-like text: a line that begins (after at most twelve
 * spaces, the RFCs' indentation) with a name and "=" starts a rule; the lines
 * after it that are indented deeper continue it, up to a blank line or the
 * next rule. Comment lines at the left margin belong to no rule.
 */
export function ruleTexts(text: string): RuleText[] {
  const rules: RuleText[] = [];
  let current: { name: string; lines: string[]; indent: number } | undefined;
  const close = () => {
    if (current) rules.push({ name: current.name, text: current.lines.join('\n') });
    current = undefined;
  };
  for (const line of text.split('\n')) {
    // "name =" (ABNF), or "name :=" (the BNF of RFC 2397 3).
    const start = /^( {0,12})([A-Za-z][A-Za-z0-9_-]*)\s*:?=(?!\/)/.exec(line);
    if (start) {
      close();
      current = { name: start[2], lines: [line], indent: start[1].length };
    } else if (current && line.trim() !== '' && /^\s/.test(line) && line.search(/\S/) > current.indent) {
      current.lines.push(line);
    } else {
      close();
    }
  }
  close();
  return rules;
}

function read(root: string, file: string): string {
  return fs.readFileSync(path.join(root, 'grammar', file), 'utf8');
}

/**
 * Problems with a grammar whose .abnf is verbatim from its RFCs: each rule
 * that is not, whitespace aside, a rule of the same name in its sources.
 */
export function checkVerbatim(abnfText: string, sourceTexts: readonly string[], rfc2396Text?: string, notVerbatim: Readonly<Record<string, string>> = {}): string[] {
  const theirs = new Map<string, Set<string>>();
  for (const rule of sourceTexts.flatMap((t) => ruleTexts(withoutPageBreaks(t)))) {
    const texts = theirs.get(rule.name) ?? new Set<string>();
    texts.add(collapse(rule.text));
    theirs.set(rule.name, texts);
  }
  // RFC 2396 Appendix A's rules, as grammar/rfc2396.abnf converts them (compared without comments).
  const converted = new Map((rfc2396Text === undefined ? [] : rfc2396AppendixA(rfc2396Text)).map((r) => [toAbnfName(r.name).toLowerCase(), convert2396(r.text)]));
  const problems: string[] = [];
  const rules = ruleTexts(abnfText);
  for (const r of rules) {
    const verbatim = theirs.get(r.name)?.has(collapse(r.text)) === true || converted.get(r.name.toLowerCase()) === withoutComments(r.text);
    const listed = Object.prototype.hasOwnProperty.call(notVerbatim, r.name);
    if (verbatim && listed) problems.push(`${r.name}: listed in notVerbatim, but it is verbatim from its RFC: take it off the list`);
    else if (!verbatim && !listed) problems.push(`${r.name}: not verbatim from its RFC: ${JSON.stringify(collapse(r.text))}`);
  }
  for (const name of Object.keys(notVerbatim)) {
    if (!rules.some((r) => r.name === name)) problems.push(`${name}: listed in notVerbatim, but the .abnf has no such rule`);
  }
  return problems;
}

/** RFC 2396 Appendix A's rules, from the RFC text. */
export function rfc2396AppendixA(rfc2396Text: string): RuleText[] {
  const text = withoutPageBreaks(rfc2396Text);
  const from = text.indexOf('\nA. Collected BNF for URI');
  const to = text.indexOf('\nB. ', from);
  if (from < 0 || to < 0) throw new Error('rfc2396.txt: Appendix A not found');
  return ruleTexts(text.slice(from, to));
}

/** RFC 2396 BNF written as grammar/rfc2396.abnf writes it: "|" is "/", names have "-" for "_". */
export function convert2396(bnf: string): string {
  return collapse(bnf.replace(/"[^"]*"|[A-Za-z][A-Za-z0-9_]*|\|/g, (t) => (t === '|' ? '/' : t.startsWith('"') ? t : toAbnfName(t))));
}

const withoutComments = (abnf: string): string => collapse(abnf.replace(/"[^"]*"|;[^\n]*/g, (t) => (t.startsWith('"') ? t : '')));

/** Problems with grammar/rfc2396.abnf against RFC 2396 Appendix A. */
export function checkRfc2396(abnfText: string, rfc2396Text: string, amended: Readonly<Record<string, string>> = AMENDED_2396): string[] {
  const ours = new Map(ruleTexts(abnfText).map((r) => [r.name.toLowerCase(), withoutComments(r.text)]));
  const problems: string[] = [];
  for (const rule of rfc2396AppendixA(rfc2396Text)) {
    const name = toAbnfName(rule.name);
    const mine = ours.get(name.toLowerCase());
    if (mine === undefined) problems.push(`${name}: RFC 2396 Appendix A has this rule, rfc2396.abnf does not`);
    else if (mine !== convert2396(rule.text) && !(name in amended)) {
      problems.push(`${name}: ${JSON.stringify(mine)} is not RFC 2396's ${JSON.stringify(convert2396(rule.text))}, and AMENDED_2396 gives no reason`);
    }
  }
  for (const name of Object.keys(amended)) {
    if (!ours.has(name.toLowerCase())) problems.push(`${name}: listed as amended, but rfc2396.abnf has no such rule`);
  }
  return problems;
}

/** The drift check for grammar NAME, reading the files beside it; [] when it holds or when NAME has no known source. */
export function checkSources(root: string, name: string): string[] {
  // The RFC texts it is copied from: its line of grammar/registry.json.
  const entry = readRegistry(root).find((e) => e.name === name);
  if (!entry) return [`${name}: grammar/registry.json has no line for it`];
  const abnf = fs.readFileSync(path.join(root, grammarFileOf(root, name, 'abnf')), 'utf8');
  if (name === 'rfc2396') return checkRfc2396(abnf, read(root, 'rfc2396.txt'));
  const texts = entry.texts.filter((f) => f !== 'rfc2396.txt').map((f) => read(root, f));
  return checkVerbatim(abnf, texts, entry.texts.includes('rfc2396.txt') ? read(root, 'rfc2396.txt') : undefined, loadNotVerbatim(name, root));
}
