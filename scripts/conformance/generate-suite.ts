/**
 * npm run conformance:generate [-- --check]
 *
 * Writes the conformance suite, conformance/*.json, from sources that are not
 * urigram's code:
 *
 * - the RFCs' own examples, read from grammar/rfc3986.txt, rfc2396.txt
 *   (resolution 5.4 and Appendix C, normalization and equivalence 6.2) and
 *   written out where the RFC gives them in prose (RFC 3987 3.1, 3.2);
 * - the hand-derived vectors of test/vectors/, each with its reason;
 * - strings generated from each grammar's ABNF and their near misses (the
 *   generator of npm run check:grammar, seeded), judged by the ABNF oracle,
 *   which also gives the offset of the first offending character;
 * - for generated resolution, remove_dot_segments, components and IRI
 *   mapping cases, the literal transcriptions of scripts/conformance/reference.ts;
 * - cases for known classes of implementation bugs, by behaviour;
 * - the URL Standard's validity (whatwg-validity): the hand-written data of
 *   test/fixtures/whatwg-validity/ and the validation error table of
 *   scripts/conformance/whatwg-cases.ts.
 *
 * The output is deterministic: --check fails when conformance/ differs from
 * what this script would write (npm test runs that check).
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readAbnf, type AbnfGrammar } from '../grammar-check/abnf';
import { loadConfig, REPO_ROOT } from '../grammar-check/config';
import { Generator, nearMiss, NEAR_MISS_CHARACTERS, Random } from '../grammar-check/generate';
import { Oracle } from '../grammar-check/oracle';
import { allVectors, templateSyntaxVectors, TEMPLATE_VECTORS_DIR } from '../../test/support/vectors';
import * as reference from './reference';
import { HAND_CASES } from './hand-cases';
import { whatwgValidityCases } from './whatwg-cases';
import { readRegistry } from '../registry';
import type { AnyCase, Category, Grammar, Source } from '../../src/conformance/suite';
import { requestOf } from '../../src/conformance/categories';
import { PROTOCOL_VERSION } from '../../src/conformance/protocol';

export type { Source };

export const SUITE_VERSION = '1.4.0';
const SUITE_DIR = path.join(REPO_ROOT, 'conformance');
/** The grammars whose grammar/registry.json line says `conformance: true`, and the default rule of each. */
const REGISTRY = readRegistry(REPO_ROOT).filter((e) => e.conformance === true);
const GRAMMARS = REGISTRY.map((e) => e.name as Grammar);
const REFERENCE_RULE = Object.fromEntries(REGISTRY.map((e) => [e.name, e.rules[0]])) as Record<Grammar, string>;
/** Per rule of each grammar: strings generated from the ABNF, and as many near misses. */
const PER_RULE = 16;
const SEED = 3986;

export interface Case {
  id: string;
  source: Source;
  [field: string]: unknown;
}

export interface CategoryFile {
  $schema: string;
  suite: string;
  version: string;
  category: string;
  description: string;
  cases: Case[];
}

const codePoints = (s: string): number => [...s].length;

class Ids {
  private readonly counts = new Map<string, number>();
  next(prefix: string): string {
    const n = (this.counts.get(prefix) ?? 0) + 1;
    this.counts.set(prefix, n);
    return `${prefix}/${String(n).padStart(4, '0')}`;
  }
}

function grammarData(grammar: Grammar): { abnf: AbnfGrammar; oracle: Oracle } {
  const abnf = readAbnf(path.join(REPO_ROOT, 'grammar', `${grammar}.abnf`));
  return { abnf, oracle: new Oracle(abnf) };
}

const data = Object.fromEntries(GRAMMARS.map((g) => [g, grammarData(g)])) as Record<Grammar, { abnf: AbnfGrammar; oracle: Oracle }>;

/** Strings of each rule and near misses, each once, with the seed that made them. */
function generated(grammar: Grammar): Array<{ rule: string; input: string; nearMiss: boolean }> {
  const { abnf } = data[grammar];
  const config = loadConfig(grammar);
  const out: Array<{ rule: string; input: string; nearMiss: boolean }> = [];
  const alphabet = [...NEAR_MISS_CHARACTERS, ...(config.nearMissCharacters ?? [])];
  for (const rule of abnf.names) {
    const random = new Random(SEED + abnf.names.indexOf(rule));
    const generator = new Generator(abnf, random, config);
    const seen = new Set<string>();
    for (let i = 0; i < PER_RULE * 4 && seen.size < PER_RULE * 2; i++) {
      const s = generator.generate(rule);
      // Long strings make poor reading; the generator's long runs are for the fuzz check.
      if (s.length > 60) continue;
      for (const [input, miss] of [[s, false], [nearMiss(s, random, alphabet), true]] as const) {
        if (seen.has(input)) continue;
        seen.add(input);
        out.push({ rule, input, nearMiss: miss });
      }
    }
  }
  return out;
}

function validity(ids: Ids): { validity: Case[]; errors: Case[]; components: Case[] } {
  const validityCases: Case[] = [];
  const errorCases: Case[] = [];
  const componentCases: Case[] = [];
  const seenErrors = new Set<string>();
  const addError = (grammar: Grammar, rule: string, input: string, source: Source): void => {
    const key = `${grammar} ${rule} ${input}`;
    if (seenErrors.has(key)) return;
    seenErrors.add(key);
    const offset = data[grammar].oracle.firstInvalidOffset(rule, input);
    errorCases.push({ id: ids.next(`error-offset/${grammar}`), grammar, rule, input, offset, codePointOffset: codePoints(input.slice(0, offset)), source });
  };
  // Hand-derived vectors first: they carry the reasons.
  for (const v of allVectors()) {
    const grammar = v.grammar as Grammar;
    const source: Source = { kind: 'hand', why: v.why, file: 'test/vectors' };
    const valid = data[grammar].oracle.accepts(v.rule, v.input);
    if (valid !== v.valid) throw new Error(`test/vectors: the ABNF oracle disagrees on ${grammar} ${v.rule} ${JSON.stringify(v.input)}`);
    validityCases.push({ id: ids.next(`validity/${grammar}`), grammar, rule: v.rule, input: v.input, valid, source });
    if (!valid && v.rule === REFERENCE_RULE[grammar]) addError(grammar, v.rule, v.input, source);
  }
  for (const grammar of GRAMMARS) {
    const { oracle } = data[grammar];
    for (const g of generated(grammar)) {
      const valid = oracle.accepts(g.rule, g.input);
      const source: Source = { kind: 'generated', grammar, rule: g.rule, seed: SEED, nearMiss: g.nearMiss, judge: `the ABNF of RFC ${grammar.slice(3)}` };
      validityCases.push({ id: ids.next(`validity/${grammar}`), grammar, rule: g.rule, input: g.input, valid, source });
      // The same string as a whole reference: its first offending character, or its components.
      const ref = REFERENCE_RULE[grammar];
      if (!oracle.accepts(ref, g.input)) {
        if (g.nearMiss) addError(grammar, ref, g.input, source);
      } else if (grammar !== 'rfc2396' && (g.rule === ref || g.rule === 'URI' || g.rule === 'IRI' || g.rule === 'relative-ref' || g.rule === 'irelative-ref')) {
        componentCases.push(componentsCase(ids, grammar, g.input, source));
      }
    }
  }
  return { validity: validityCases, errors: errorCases, components: componentCases };
}

function hostKind(grammar: Grammar, host: string): string {
  const { oracle } = data[grammar];
  if (host.startsWith('[')) return oracle.accepts('IPv6address', host.slice(1, -1)) ? 'IPv6address' : 'IPvFuture';
  return oracle.accepts('IPv4address', host) ? 'IPv4address' : 'reg-name';
}

/** Which path rule of 3.3 (4.2 for a relative reference) the path is: the shape of the reference decides it. RFC 3987's ipath-* rules are reported by the RFC 3986 names. */
function pathKind(c: reference.Components): string {
  if (c.authority !== null) return 'path-abempty';
  if (c.path === '') return 'path-empty';
  if (c.path.startsWith('/')) return 'path-absolute';
  return c.scheme !== null ? 'path-rootless' : 'path-noscheme';
}

function componentsCase(ids: Ids, grammar: Grammar, input: string, source: Source): Case {
  const c = reference.split(input);
  const authority = c.authority === null ? { userinfo: null, host: null, port: null } : reference.splitAuthority(c.authority);
  return {
    id: ids.next(`components/${grammar}`),
    grammar,
    rule: REFERENCE_RULE[grammar],
    input,
    components: {
      scheme: c.scheme,
      authority: c.authority,
      userinfo: authority.userinfo,
      host: authority.host,
      port: authority.port,
      path: c.path,
      query: c.query,
      fragment: c.fragment,
      hostKind: authority.host === null ? null : hostKind(grammar, authority.host),
      pathKind: pathKind(c),
    },
    source: source.kind === 'generated' ? { ...source, judge: `${source.judge}; components by RFC 3986 Appendix B and 3.2, kinds by 3.2.2 and 3.3` } : source,
  };
}

/** "ref" = "target" lines of an RFC's resolution examples, between two headings. */
function examples(text: string, from: string, to: string, line: RegExp): Array<[string, string]> {
  const start = text.indexOf(from);
  const end = text.indexOf(to, start);
  if (start < 0 || end < 0) throw new Error(`headings not found: ${from} / ${to}`);
  return [...text.slice(start, end).matchAll(line)].map((m) => [m[1], m[2]]);
}

function resolution(ids: Ids): Case[] {
  const cases: Case[] = [];
  const rfc3986 = fs.readFileSync(path.join(REPO_ROOT, 'grammar', 'rfc3986.txt'), 'utf8');
  const rfc2396 = fs.readFileSync(path.join(REPO_ROOT, 'grammar', 'rfc2396.txt'), 'utf8');
  const BASE = 'http://a/b/c/d;p?q';
  for (const [section, from, to] of [
    ['5.4.1', '5.4.1.  Normal Examples', '5.4.2.  Abnormal Examples'],
    ['5.4.2', '5.4.2.  Abnormal Examples', '6.  Normalization and Comparison'],
  ] as const) {
    for (const [ref, target] of examples(rfc3986, `${from}\n`, `${to}\n`, /^ {6}"([^"]*)" += {2}"([^"]*)"/gm)) {
      cases.push({ id: ids.next('resolution/rfc3986'), base: BASE, reference: ref, mode: 'strict', target, source: { kind: 'rfc', rfc: 3986, section } });
    }
  }
  cases.push({ id: ids.next('resolution/rfc3986'), base: BASE, reference: 'http:g', mode: 'non-strict', target: 'http://a/b/c/g', source: { kind: 'rfc', rfc: 3986, section: '5.4.2' } });
  for (const [ref, target] of examples(rfc2396, 'C. Examples of Resolving Relative URI References\n\n', 'D. Embedding the Base URI in HTML documents', /^ {6}(\S+) += {2}(\(current document\)\S*|\S+)/gm)) {
    cases.push({ id: ids.next('resolution/rfc2396'), base: BASE, reference: ref === '<>' ? '' : ref, mode: 'rfc2396', target: target.replace('(current document)', BASE), source: { kind: 'rfc', rfc: 2396, section: 'Appendix C' } });
  }
  // Generated references against a few bases, the target by the transcription of 5.2 and 5.3.
  const bases = ['http://a/b/c/d;p?q', 'http://a', 'foo:a/b', 's://u@h:1/p/q/?x#f', 'f:/a', 'file:///', 'urn:x:y', 'http://a/b/c/'];
  const random = new Random(SEED);
  const generator = new Generator(data.rfc3986.abnf, random, loadConfig('rfc3986'));
  for (let i = 0; cases.length < 400 && i < 5000; i++) {
    const rule = i % 3 === 0 ? 'URI-reference' : 'relative-ref';
    const ref = generator.generate(rule);
    if (ref.length > 40) continue;
    const base = bases[i % bases.length];
    const strict = i % 5 !== 0;
    const T = reference.transform(base, ref, strict);
    // 5.3 writes a path beginning "//" after no authority as an authority: such a target has no string form (see the suite's README).
    if (T.authority === null && T.path.startsWith('//')) continue;
    cases.push({
      id: ids.next('resolution/generated'),
      base,
      reference: ref,
      mode: strict ? 'strict' : 'non-strict',
      target: reference.recompose(T),
      source: { kind: 'generated', grammar: 'rfc3986', rule, seed: SEED, nearMiss: false, judge: 'RFC 3986 5.2.2 to 5.2.4 and 5.3, transcribed' },
    });
  }
  return cases;
}

function removeDotSegments(ids: Ids): Case[] {
  const cases: Case[] = [];
  for (const [input, output] of [['/a/b/c/./../../g', '/a/g'], ['mid/content=5/../6', 'mid/6']]) {
    cases.push({ id: ids.next('remove-dot-segments'), input, output, source: { kind: 'rfc', rfc: 3986, section: '5.2.4' } });
  }
  const random = new Random(SEED + 1);
  const pieces = ['a', 'b', '.', '..', '', '%2E', '.a', 'a.', '...', 'g:h'];
  const seen = new Set<string>();
  for (let i = 0; seen.size < 200 && i < 5000; i++) {
    const n = 1 + random.int(6);
    let p = random.int(2) === 0 ? '/' : '';
    for (let k = 0; k < n; k++) p += (k ? '/' : '') + random.pick(pieces);
    if (seen.has(p)) continue;
    seen.add(p);
    cases.push({ id: ids.next('remove-dot-segments'), input: p, output: reference.removeDotSegments(p), source: { kind: 'generated', grammar: 'rfc3986', rule: 'path', seed: SEED + 1, nearMiss: false, judge: 'RFC 3986 5.2.4, transcribed' } });
  }
  return cases;
}

function iriToUri(ids: Ids): Case[] {
  const cases: Case[] = [];
  const random = new Random(SEED + 2);
  const generator = new Generator(data.rfc3987.abnf, random, loadConfig('rfc3987'));
  const seen = new Set<string>();
  for (let i = 0; seen.size < 150 && i < 5000; i++) {
    const iri = generator.generate('IRI-reference');
    if (iri.length > 50 || ![...iri].some((ch) => ch.codePointAt(0)! > 0x7f) || seen.has(iri)) continue;
    seen.add(iri);
    cases.push({ id: ids.next('iri-to-uri'), input: iri, output: reference.iriToUri(iri), source: { kind: 'generated', grammar: 'rfc3987', rule: 'IRI-reference', seed: SEED + 2, nearMiss: false, judge: 'RFC 3987 3.1 step 2, transcribed' } });
  }
  return cases;
}

/** Hand-written validity cases, confirmed by the ABNF oracle (a mistake in them stops the build). */
function judged(cases: Case[]): Case[] {
  for (const c of cases) {
    if (data[c.grammar as Grammar].oracle.accepts(c.rule as string, c.input as string) !== c.valid) throw new Error(`hand-cases: the ABNF oracle disagrees on ${c.id} ${JSON.stringify(c.input)}`);
  }
  return cases;
}

/**
 * Each printable ASCII character and a few others, encoded as data for each
 * component (2.1, 2.4): kept when the component's ABNF takes it as itself
 * (the oracle decides: userinfo, reg-name for a host, segment, a path is
 * segments and "/", query, fragment), else the %XX of its UTF-8 octets.
 */
function encodeEachCharacter(ids: Ids): Case[] {
  const { oracle } = data.rfc3986;
  const allowed: Record<string, (ch: string) => boolean> = {
    userinfo: (ch) => oracle.accepts('userinfo', ch),
    host: (ch) => oracle.accepts('reg-name', ch),
    path: (ch) => ch === '/' || oracle.accepts('segment', ch),
    segment: (ch) => oracle.accepts('segment', ch),
    query: (ch) => oracle.accepts('query', ch),
    fragment: (ch) => oracle.accepts('fragment', ch),
  };
  const characters = [...Array.from({ length: 0x5f }, (_, i) => String.fromCharCode(0x20 + i)), '\u0000', '\u007f', '\u00e9', '\u20ac', '\u{1F600}'];
  /** The %XX of each UTF-8 octet of one character. */
  const encoded = (ch: string): string => [...Buffer.from(ch, 'utf8')].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
  const cases: Case[] = [];
  for (const [component, ok] of Object.entries(allowed)) {
    const output = characters.map((ch) => (ok(ch) ? ch : encoded(ch))).join('');
    cases.push({ id: ids.next('percent-encoding'), operation: 'encode', component, input: characters.join(''), output, source: { kind: 'generated', grammar: 'rfc3986', rule: component, seed: 0, nearMiss: false, judge: 'the ABNF of RFC 3986: a character the component takes as itself is kept, any other is its UTF-8 octets as %XX' } });
  }
  return cases;
}

/** Generated URI references, normalized at level syntax by the transcription of 6.2.2, and each pair also as an equivalence. */
function generatedNormalization(ids: Ids): { normalization: Case[]; equivalence: Case[] } {
  const normalization: Case[] = [];
  const equivalence: Case[] = [];
  const random = new Random(SEED + 3);
  const generator = new Generator(data.rfc3986.abnf, random, loadConfig('rfc3986'));
  const seen = new Set<string>();
  for (let i = 0; normalization.length < 200 && i < 5000; i++) {
    const rule = i % 4 === 0 ? 'relative-ref' : 'URI';
    const input = generator.generate(rule);
    if (input.length > 50 || seen.has(input)) continue;
    seen.add(input);
    const output = reference.normalizeSyntax(input);
    if (output === null) continue;
    const source: Source = { kind: 'generated', grammar: 'rfc3986', rule, seed: SEED + 3, nearMiss: false, judge: 'RFC 3986 6.2.2, transcribed' };
    normalization.push({ id: ids.next('normalization/generated'), input, level: 'syntax', output, source });
    if (output !== input && equivalence.length < 100) equivalence.push({ id: ids.next('equivalence/generated'), a: input, b: output, level: 'syntax', equivalent: true, source });
  }
  return { normalization, equivalence };
}

/**
 * RFC 6570's categories, from the template vectors (test/vectors/templates/): the syntax vectors for
 * template-validity; the expansions for template-expansion (the RFC's examples with their section, the
 * hand-derived ones with their reason), and the values an expansion must refuse (2.3, 2.4.1).
 */
function templates(ids: Ids): { validity: Case[]; expansion: Case[] } {
  const file = 'test/vectors/templates';
  const validity: Case[] = templateSyntaxVectors().map((v) => ({
    id: ids.next('template-validity/hand'),
    template: v.template,
    valid: v.valid,
    source: { kind: 'hand', why: v.why, file: `${file}/syntax.json` },
  }));
  const groups = (JSON.parse(fs.readFileSync(path.join(TEMPLATE_VECTORS_DIR, 'expansion.json'), 'utf8')) as { groups: Array<{ source: string; why?: string; variables: Record<string, unknown>; cases: Array<[string, string, { iri?: boolean }?]> }> }).groups;
  const expansion: Case[] = [];
  for (const g of groups) {
    const rfc = /^RFC 6570 ([0-9.]+)/.exec(g.source);
    const source: Source = g.why === undefined && rfc !== null ? { kind: 'rfc', rfc: 6570, section: rfc[1] } : { kind: 'hand', why: g.why ?? g.source, file: `${file}/expansion.json` };
    for (const [template, expected, options] of g.cases) {
      expansion.push({ id: ids.next(`template-expansion/${source.kind}`), template, variables: g.variables, expected, ...(options?.iri ? { iri: true } : {}), source });
    }
  }
  const refused: Array<[string, Record<string, unknown>, string]> = [
    ['{keys:1}', { keys: { semi: ';', dot: '.' } }, 'RFC 6570 2.4.1: prefix modifiers are not applicable to variables that have composite values'],
    ['{+keys:1}', { keys: { semi: ';' } }, 'RFC 6570 2.4.1, as {keys:1}'],
    ['{?list:2}', { list: ['red', 'green'] }, 'RFC 6570 2.4.1: a list is a composite value too'],
    ['{x}', { x: true }, 'RFC 6570 2.3, 2.4.2: a value is a string, a list or an associative array (of strings): a boolean is none'],
    ['{x}', { x: [['a']] }, 'RFC 6570 2.4.2: a list of strings, not of lists'],
    ['{x}', { x: { a: { b: 'c' } } }, 'RFC 6570 2.4.2: an associative array of strings, not of objects'],
  ];
  for (const [template, variables, why] of refused) expansion.push({ id: ids.next('template-expansion/hand'), template, variables, expected: null, source: { kind: 'hand', why, file: 'scripts/conformance/generate-suite.ts' } });
  return { validity, expansion };
}

export function buildSuite(): Record<string, CategoryFile> {
  const ids = new Ids();
  const v = validity(ids);
  const hand = HAND_CASES(ids);
  const norm = generatedNormalization(ids);
  const template = templates(ids);
  const categories: Array<[string, string, Case[]]> = [
    ['validity', 'Whether an input matches a rule of a grammar (RFC 3986, RFC 3987, RFC 2396), for every rule.', [...v.validity, ...judged(hand.validity)]],
    ['error-offset', 'For an input its grammar\'s reference rule rejects: the offset of the first character no string of the rule has there, in UTF-16 code units and in code points.', v.errors],
    ['components', 'The components of a valid reference; null is an absent component, "" a present and empty one.', [...hand.components, ...v.components]],
    ['resolution', 'The target of a reference against a base: RFC 3986 5.2 (strict, non-strict) and RFC 2396 5.2.', [...resolution(ids), ...hand.resolution]],
    ['remove-dot-segments', 'RFC 3986 5.2.4 on a path.', removeDotSegments(ids)],
    ['normalization', 'Syntax-based (RFC 3986 6.2.2) and scheme-based (6.2.3) normalization.', [...hand.normalization, ...norm.normalization]],
    ['equivalence', 'Whether two URIs are equivalent at a rung of the comparison ladder of RFC 3986 6.2.', [...hand.equivalence, ...norm.equivalence]],
    ['iri-to-uri', 'RFC 3987 3.1: an IRI mapped to a URI.', [...hand.iriToUri, ...iriToUri(ids)]],
    ['uri-to-iri', 'RFC 3987 3.2: a URI mapped to an IRI.', hand.uriToIri],
    ['percent-encoding', 'RFC 3986 2.1 and 2.4: encoding data for a component, and decoding.', [...hand.percentEncoding, ...encodeEachCharacter(ids)]],
    ['template-validity', 'RFC 6570 2: whether a text is a URI Template that a Level 4 processor expands (the operators 2.2 reserves for future extensions are refused).', template.validity],
    ['template-expansion', 'RFC 6570 3: a URI Template expanded with values (null: undefined); null expected: the expansion is refused.', template.expansion],
    ['whatwg-validity', 'The URL Standard\'s two definitions of validity: whether a string is a valid URL string (URL writing; against a base, or none), and the validation errors the basic URL parser reports (names and offsets, in order) and whether it returns failure.', whatwgValidityCases((prefix) => ids.next(prefix))],
  ];
  const files: Record<string, CategoryFile> = {};
  for (const [category, description, cases] of categories) {
    files[`${category}.json`] = { $schema: './schema.json', suite: 'urigram-conformance', version: SUITE_VERSION, category, description, cases };
  }
  return files;
}

/** One case per line: the files stay readable and diff well. */
export function serialize(file: CategoryFile): string {
  const { cases, ...head } = file;
  const top = JSON.stringify(head, null, 2).slice(0, -2);
  return `${top},\n  "cases": [\n${cases.map((c) => `    ${JSON.stringify(c)}`).join(',\n')}\n  ]\n}\n`;
}

/** What a change of the cases asks of the version (semantic versioning, as conformance/CHANGELOG.md says). */
export type Bump = 'none' | 'patch' | 'minor' | 'major';

/** A case as the version rule sees it: the question it asks (its request) and the whole case (with its answer and source). */
export interface CaseText {
  readonly question: string;
  readonly whole: string;
}

/**
 * The least version step from `before` to `after` (each a map of case id to the case): a case removed,
 * or an id that now asks another question (a case inserted before it renumbered it), is major; a case
 * added is minor; a case whose answer or source changed (corrected) is patch.
 */
export function requiredBump(before: ReadonlyMap<string, CaseText>, after: ReadonlyMap<string, CaseText>): { bump: Bump; added: number; corrected: number; removedOrMoved: number } {
  let added = 0;
  let corrected = 0;
  let removedOrMoved = 0;
  for (const [id, c] of after) {
    const old = before.get(id);
    if (old === undefined) added++;
    else if (old.question !== c.question) removedOrMoved++;
    else if (old.whole !== c.whole) corrected++;
  }
  for (const id of before.keys()) if (!after.has(id)) removedOrMoved++;
  const bump: Bump = removedOrMoved > 0 ? 'major' : added > 0 ? 'minor' : corrected > 0 ? 'patch' : 'none';
  return { bump, added, corrected, removedOrMoved };
}

/** Whether the step from version `from` to `to` is at least `bump`. */
export function bumped(from: string, to: string, bump: Bump): boolean {
  const [a, b] = [from, to].map((v) => v.split('.').map(Number));
  const major = b[0] > a[0];
  const minor = major || (b[0] === a[0] && b[1] > a[1]);
  const patch = minor || (b[0] === a[0] && b[1] === a[1] && b[2] > a[2]);
  return bump === 'none' || (bump === 'major' ? major : bump === 'minor' ? minor : patch);
}

/** The cases of category files' texts, by id. */
function caseTexts(texts: Iterable<string>): Map<string, CaseText> {
  const cases = new Map<string, CaseText>();
  for (const text of texts) {
    const file = JSON.parse(text) as { category: Category; cases: Case[] };
    for (const c of file.cases) cases.set(c.id, { question: JSON.stringify(requestOf(file.category, c as unknown as AnyCase)), whole: JSON.stringify(c) });
  }
  return cases;
}

/** The suite in `dir` as written now: its version and cases; none when there is no suite there yet. */
function suiteIn(dir: string): { version: string; cases: Map<string, CaseText> } | undefined {
  const manifest = path.join(dir, 'suite.json');
  if (!fs.existsSync(manifest)) return undefined;
  const { version, files } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string; files: string[] };
  return { version, cases: caseTexts(files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))) };
}

/** The versions conformance/CHANGELOG.md has entries for ("## 1.1.0 (2026-12-04)"), newest first. */
export function changelogVersions(text: string): string[] {
  return [...text.matchAll(/^## ([0-9]+\.[0-9]+\.[0-9]+) /gm)].map((m) => m[1]);
}

const sha256 = (text: string): string => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** Every file of the suite as text, by name: the category files and the manifest, which counts them and gives their checksums (schema.json's too: it is written by hand). */
export function suiteFiles(): Record<string, string> {
  const files = buildSuite();
  const out: Record<string, string> = {};
  for (const [name, file] of Object.entries(files)) out[name] = serialize(file);
  const counts = Object.fromEntries(Object.values(files).map((c) => [c.category, c.cases.length]));
  const checksums: Record<string, string> = {};
  for (const name of Object.keys(files)) checksums[name] = sha256(out[name]);
  checksums['schema.json'] = sha256(fs.readFileSync(path.join(SUITE_DIR, 'schema.json'), 'utf8'));
  const manifest = {
    $schema: './schema.json',
    suite: 'urigram-conformance',
    version: SUITE_VERSION,
    protocol: PROTOCOL_VERSION,
    files: Object.keys(files),
    counts,
    total: Object.values(files).reduce((a, f) => a + f.cases.length, 0),
    sha256: checksums,
  };
  return { 'suite.json': JSON.stringify(manifest, null, 2) + '\n', ...out };
}

/**
 * conformance/package.json: the suite as a package of its own (`npm pack ./conformance` makes a
 * tarball of it alone, for a project that vendors it), at the suite's version.
 */
export function suitePackageJson(files: readonly string[]): string {
  const pkg = {
    name: 'urigram-conformance',
    version: SUITE_VERSION,
    description: 'The urigram conformance suite alone: test cases for any implementation of RFC 3986, RFC 3987, RFC 2396, RFC 6570 (URI Templates) and the validity of the WHATWG URL Standard, as JSON, with their schema and example adapters in other languages (no code to install)',
    license: 'MIT',
    files: [...files, 'CHANGELOG.md', 'adapters/'],
  };
  return JSON.stringify(pkg, null, 2) + '\n';
}

function main(argv: string[]): number {
  const check = argv.includes('--check');
  const suite = suiteFiles();
  const out: Record<string, string> = { ...suite, 'package.json': suitePackageJson([...Object.keys(suite), 'schema.json']) };
  // The version follows the cases, compared with the suite as it is now, before it is written. When
  // the version was already raised for changes not yet released, the step is the one from the
  // version before it (the changelog's entry below its own).
  const versions = changelogVersions(fs.readFileSync(path.join(SUITE_DIR, 'CHANGELOG.md'), 'utf8'));
  if (versions[0] !== SUITE_VERSION) {
    console.error(`conformance/CHANGELOG.md's newest entry is ${versions[0] ?? 'none'}, not SUITE_VERSION ${SUITE_VERSION}: add "## ${SUITE_VERSION} (date)" and say what changed`);
    return 1;
  }
  const now = suiteIn(SUITE_DIR);
  if (now !== undefined) {
    const from = now.version === SUITE_VERSION ? versions[1] : now.version;
    const change = requiredBump(now.cases, caseTexts(Object.entries(suite).filter(([name]) => name !== 'suite.json').map(([, text]) => text)));
    if (from === undefined ? change.bump !== 'none' : !bumped(from, SUITE_VERSION, change.bump)) {
      console.error(`the cases changed (${change.added} added, ${change.corrected} corrected, ${change.removedOrMoved} removed or renumbered): a ${change.bump} version step is due from ${from ?? now.version}, and SUITE_VERSION is ${SUITE_VERSION} (scripts/conformance/generate-suite.ts; say why in conformance/CHANGELOG.md)`);
      return 1;
    }
  }
  let stale = 0;
  for (const [name, text] of Object.entries(out)) {
    const target = path.join(SUITE_DIR, name);
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
    if (current === text) continue;
    if (check) {
      console.error(`conformance/${name} is stale: run npm run conformance:generate`);
      stale++;
    } else {
      fs.mkdirSync(SUITE_DIR, { recursive: true });
      fs.writeFileSync(target, text);
      console.log(`wrote conformance/${name}`);
    }
  }
  const manifest = JSON.parse(out['suite.json']) as { total: number; counts: Record<string, number> };
  console.log(`${manifest.total} cases: ${Object.entries(manifest.counts).map(([c, n]) => `${c} ${n}`).join(', ')}`);
  return stale ? 1 : 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
