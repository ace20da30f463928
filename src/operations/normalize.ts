/**
 * Normalization (RFC 3986 6.2.2 syntax-based, 6.2.3 scheme-based). Each step
 * is one function of the record and the text, returning the edits it makes;
 * steps run in the order of 6.2.2 (case and percent-encoding, then path
 * segments), then 6.2.3. Every step can be switched off. The input must be a
 * valid URI reference: it is never repaired.
 */
import { parse, referenceStartRule, zoneGrammar, type Rfc6874Record, type UriRecord } from '../core/parse';
import { hasDotSegmentIn, removeDotSegments } from './remove-dot-segments';
import { CodeUnitBuilder } from '../encoding/code-units';
import { forEachTriplet, hasLowerHex, isUnreservedOctet, lowerOutsideTriplets, tripletOctet, tripletText } from '../encoding/triplets';
import { accepts } from '../core/backends';
import { splitOffsets } from '../core/split';
import { noComponents, type ComponentOffsets } from '../core/records';
import { boolean, checkOptions, oneOf, recordOf, type OptionSpec } from '../core/options';
import { availableSchemeCheck, schemeChecksAvailable } from '../core/scheme-checks';
import type { MailtoComponents, SchemeComponents, UrnComponents } from '../core/scheme-types';

import { Changes, NO_ORIGINS, type NormalizeStep, type NormalizeStepName, type Origins, type ReplacedRegions } from './normalize-changes';

export type { Changes, NormalizeStepName, NormalizeStep, ReplacedRegions } from './normalize-changes';

export type NormalizeLevel = 'syntax' | 'scheme';

export interface NormalizeOptions {
  /**
   * 'scheme' (the default) is 6.2.2 and 6.2.3; 'syntax' is 6.2.2 alone. At the
   * 'scheme' level, a URN (one RFC 8141's grammar accepts) is normalized as
   * RFC 8141 3 says, not by 6.2.2's decoding of unreserved characters nor its
   * removal of dot segments ("Percent-encoded characters MUST NOT be
   * decoded"): its "urn" and NID lower-cased, its percent-encodings'
   * hex digits upper-cased. A mailto URI (one RFC 6068's grammar accepts) has
   * its addresses' domains and its header field names lower-cased (RFC 5321
   * 2.4, RFC 6068 2), its local parts kept as they are.
   */
  readonly level?: NormalizeLevel;
  /** Switch single steps off (false) or on (true, only within the level). */
  readonly steps?: Partial<Readonly<Record<NormalizeStepName, boolean>>>;
  /**
   * 'rfc3986' (the default) or 'rfc3987': normalize an IRI by RFC 3987 5.3.2
   * (the same steps: "%XX" of unreserved ASCII decoded, hex upper-cased,
   * scheme lower-cased, dot segments removed; a host is lower-cased only when
   * it is all ASCII, 5.3.2.1). Character normalization (NFC, 5.3.2.2) is not a
   * step: it is not equivalence-preserving for every scheme.
   */
  readonly grammar?: 'rfc3986' | 'rfc3987';
  /**
   * true: accept an IPv6 zone identifier (RFC 6874 2, `[fe80::a%25en1]`), as
   * parse() does. The zone keeps its case (lowercase-host lower-cases the
   * address only): RFC 6874 does not make zone identifiers case-insensitive,
   * and the names they stand for (RFC 4007 11, interface names) are the
   * system's, often case-sensitive. Its percent-encodings are normalized as
   * everywhere (6.2.2.1, 6.2.2.2), which leaves the octets it names as they are.
   */
  readonly zoneId?: boolean;
}

/**
 * Schemes whose specifications give a default port, and say whether an empty
 * path means "/". Only these get the scheme-based steps; other schemes are
 * left alone, as RFC 3986 6.2.3 asks.
 */
export const SCHEME_DEFAULTS: Readonly<Record<string, { readonly port: string; readonly emptyPathIsSlash: boolean; readonly source: string }>> = {
  http: { port: '80', emptyPathIsSlash: true, source: 'RFC 9110 4.2.1, 4.2.3' },
  https: { port: '443', emptyPathIsSlash: true, source: 'RFC 9110 4.2.2, 4.2.3' },
  ws: { port: '80', emptyPathIsSlash: true, source: 'RFC 6455 3' },
  wss: { port: '443', emptyPathIsSlash: true, source: 'RFC 6455 3' },
  ftp: { port: '21', emptyPathIsSlash: false, source: 'RFC 1738 3.2' },
  telnet: { port: '23', emptyPathIsSlash: false, source: 'RFC 4248 2' },
  gopher: { port: '70', emptyPathIsSlash: false, source: 'RFC 4266 2.1' },
  ldap: { port: '389', emptyPathIsSlash: false, source: 'RFC 4516 2' },
  coap: { port: '5683', emptyPathIsSlash: false, source: 'RFC 7252 6.1' },
  coaps: { port: '5684', emptyPathIsSlash: false, source: 'RFC 7252 6.2' },
};

/** One change of a step: the text from `start` to `end` becomes `replacement`. Edits come in order and never overlap. */
type Emit = (start: number, end: number, replacement: string) => void;

interface StepDefinition {
  readonly name: NormalizeStepName;
  readonly section: string;
  readonly level: NormalizeLevel;
  /** Calls `emit` for each change the step makes (none when it has nothing to change). */
  readonly edits: (text: string, record: UriRecord, emit: Emit) => void;
  /** A step of 6.2.2 that RFC 8141 3 rules out for a URN at the 'scheme' level. */
  readonly notForUrn?: true;
}

/**
 * The components of a URN or mailto URI that its scheme's grammar accepts
 * (src/schemes/check.ts), for the scheme-based steps; undefined for any other
 * URI (only these two schemes have steps of their own), one the grammar
 * refuses, or, in an ES module bundle, one whose grammar the program has not
 * given useSchemes().
 */
function schemeComponentsOf(text: string, r: UriRecord): UrnComponents | MailtoComponents | undefined {
  const scheme = r.scheme?.toLowerCase();
  if (scheme !== 'urn' && scheme !== 'mailto') return undefined;
  // The steps ask of the same text in turn, until one changes it: read once per text.
  if (lastComponents?.text !== text) lastComponents = { text, components: availableSchemeCheck(text, r, {}, true)?.components as UrnComponents | MailtoComponents | undefined };
  return lastComponents.components;
}

/** The components schemeComponentsOf read last, and of which text. */
let lastComponents: { readonly text: string; readonly components: UrnComponents | MailtoComponents | undefined } | undefined;

/** Emits `lowered` for [start, end) of `text` when it differs: ASCII letters lower-cased outside triplets. */
function lowerSpan(text: string, start: number, end: number, emit: Emit): void {
  const s = text.slice(start, end);
  const lower = /[A-Z]/.test(s) ? lowerOutsideTriplets(s) : s;
  if (lower !== s) emit(start, end, lower);
}

/**
 * The path with each segment that is "." or ".." once "%2E" is decoded written
 * as that dot segment, and every other segment as it is. "%2E" is the
 * unreserved "." (RFC 3986 2.3: equivalent to it), so "/a/%2E%2E/b" is
 * "/a/../b": removing dot segments without this, when decode-unreserved is
 * off, would keep "%2E%2E" as a plain segment and change what the path means.
 */
function literalDotSegments(path: string): string {
  if (!path.includes('%')) return path;
  return path
    .split('/')
    .map((segment) => (segment.length <= 6 && /^(?:\.|%2e){1,2}$/i.test(segment) ? segment.replace(/%2e/gi, '.') : segment))
    .join('/');
}

function schemeDefaults(record: UriRecord) {
  return defaultsOf(record.scheme);
}

function defaultsOf(scheme: string | undefined) {
  return scheme === undefined ? undefined : SCHEME_DEFAULTS[scheme.toLowerCase()];
}

/**
 * lowercase-host's host: ASCII letters lower-cased outside triplets, when it
 * has one and is all US-ASCII (RFC 3987 5.3.2.1: never otherwise in a URI);
 * the last `kept` code units (an RFC 6874 zone, "%25" ZoneID "]") keep their
 * case: see NormalizeOptions.zoneId. The host itself when nothing changes.
 */
function loweredHost(host: string, kept: number): string {
  if (!/[A-Z]/.test(host) || /[^\x00-\x7f]/.test(host)) return host;
  return lowerOutsideTriplets(host.slice(0, host.length - kept)) + host.slice(host.length - kept);
}

/**
 * remove-dot-segments' path, in a URI (a `scheme`): dot segments removed,
 * written with "%2E" or not; the path itself when it has none (5.2.4), or in
 * a relative reference, where dot segments carry meaning until it is resolved.
 */
function pathWithoutDots(scheme: string | undefined, authority: string | undefined, path: string): string {
  if (scheme === undefined || !/(^|\/)(\.|%2e)(\.|%2e)?(\/|$)/i.test(path)) return path;
  const removed = removeDotSegments(literalDotSegments(path));
  // Deviation, as in resolve(): a path that would begin with "//" without an
  // authority is written "/.//", which reads back as the same path.
  return authority === undefined && removed.startsWith('//') ? `/.${removed}` : removed;
}

/** Whether remove-default-port removes `port` (not empty) of a URI of `scheme`: by its value, not its spelling ("080" is port 80). */
function isDefaultPort(scheme: string | undefined, port: string): boolean {
  return isDefaultPortOf(defaultsOf(scheme), port);
}

/** isDefaultPort, by the scheme's defaults (defaultsOf). */
function isDefaultPortOf(defaults: ReturnType<typeof defaultsOf>, port: string): boolean {
  return defaults !== undefined && port.replace(/^0+(?=\d)/, '') === defaults.port;
}

const STEPS: readonly StepDefinition[] = [
  {
    name: 'decode-unreserved',
    section: '6.2.2.2',
    level: 'syntax',
    notForUrn: true,
    edits: (text, _r, emit) =>
      forEachTriplet(text, 0, text.length, (start, octet) => {
        if (isUnreservedOctet(octet)) emit(start, start + 3, String.fromCharCode(octet));
      }),
  },
  {
    name: 'uppercase-percent-encoding',
    section: '6.2.2.1',
    level: 'syntax',
    edits: (text, _r, emit) =>
      forEachTriplet(text, 0, text.length, (start) => {
        if (hasLowerHex(text, start)) emit(start, start + 3, tripletText(text, start, true));
      }),
  },
  {
    name: 'lowercase-scheme',
    section: '6.2.2.1',
    level: 'syntax',
    edits: (_text, r, emit) => {
      const scheme = r.scheme;
      const span = r.spans.scheme;
      if (scheme !== undefined && span !== undefined && scheme !== scheme.toLowerCase()) emit(span[0], span[1], scheme.toLowerCase());
    },
  },
  {
    name: 'lowercase-host',
    section: '6.2.2.1',
    level: 'syntax',
    edits: (_text, r, emit) => {
      // RFC 3987 5.3.2.1: only a host that is all US-ASCII (never otherwise in a URI).
      const host = r.host;
      const span = r.spans.host;
      if (host === undefined || span === undefined) return;
      // An RFC 6874 zone ("%25" ZoneID "]" at the end of the literal) keeps its case: see NormalizeOptions.zoneId.
      const zone = (r as Partial<Rfc6874Record>).zone;
      const lower = loweredHost(host, zone === undefined ? 0 : zone.length + 4);
      if (lower !== host) emit(span[0], span[1], lower);
    },
  },
  {
    name: 'remove-dot-segments',
    section: '6.2.2.3',
    level: 'syntax',
    notForUrn: true,
    edits: (_text, r, emit) => {
      const path = pathWithoutDots(r.scheme, r.authority, r.path);
      if (path !== r.path) emit(r.spans.path[0], r.spans.path[1], path);
    },
  },
  {
    name: 'remove-empty-port',
    section: '3.2.3, 6.2.3',
    level: 'scheme',
    edits: (_text, r, emit) => {
      const span = r.spans.port;
      if (r.port === '' && span !== undefined) emit(span[0] - 1, span[1], '');
    },
  },
  {
    name: 'remove-default-port',
    section: '3.2.3, 6.2.3',
    level: 'scheme',
    edits: (_text, r, emit) => {
      const port = r.port;
      const span = r.spans.port;
      if (port !== undefined && span !== undefined && port !== '' && isDefaultPort(r.scheme, port)) emit(span[0] - 1, span[1], '');
    },
  },
  {
    name: 'empty-path-to-slash',
    section: '6.2.3',
    level: 'scheme',
    edits: (_text, r, emit) => {
      const defaults = schemeDefaults(r);
      if (defaults?.emptyPathIsSlash && r.authority !== undefined && r.path === '') emit(r.spans.path[0], r.spans.path[1], '/');
    },
  },
  {
    name: 'lowercase-urn-nid',
    section: 'RFC 8141 3',
    level: 'scheme',
    edits: (text, r, emit) => {
      // RFC 8141 3 (2): "the NID, by conversion to lower case" (NIDs are case-insensitive, 2.1).
      const c = schemeComponentsOf(text, r);
      if (c?.scheme === 'urn') lowerSpan(text, c.spans.nid[0], c.spans.nid[1], emit);
    },
  },
  {
    name: 'lowercase-mailto-domain',
    section: 'RFC 6068 2; RFC 5321 2.4',
    level: 'scheme',
    edits: (text, r, emit) => {
      // The domain of an address is case-insensitive (RFC 5321 2.4, as DNS names are); its local part is not,
      // and stays as it is.
      const c = schemeComponentsOf(text, r);
      if (c?.scheme !== 'mailto') return;
      for (const a of c.to) lowerSpan(text, a.span[1] - a.domain.length, a.span[1], emit);
    },
  },
  {
    name: 'lowercase-mailto-hfname',
    section: 'RFC 6068 2',
    level: 'scheme',
    edits: (text, r, emit) => {
      // RFC 6068 2: "<hfname> is case-insensitive, but <hfvalue> in general is case-sensitive".
      const c = schemeComponentsOf(text, r);
      if (c?.scheme !== 'mailto') return;
      for (const h of c.headers) lowerSpan(text, h.span[0], h.span[0] + h.name.length, emit);
    },
  },
];

export const NORMALIZE_STEPS: readonly NormalizeStepName[] = STEPS.map((s) => s.name);

/** The `grammar` option of the functions that take URIs and IRIs only. */
export const URI_OR_IRI_GRAMMAR = oneOf(['rfc3986', 'rfc3987']);

const NORMALIZE_OPTIONS: OptionSpec = {
  level: oneOf(['syntax', 'scheme']),
  steps: recordOf(NORMALIZE_STEPS, 'steps', boolean),
  grammar: URI_OR_IRI_GRAMMAR,
  zoneId: boolean,
};

/** Normalizes `uri` and lists every change, step by step. */
export function explainNormalize(uri: string, options?: NormalizeOptions): { result: string; steps: NormalizeStep[] } {
  const { result, changes } = explain(uri, options, 'explainNormalize');
  return { result, steps: (changes as Changes).toSteps() };
}

/** Up to this length (UTF-16 code units), a step's result is built by concatenation. */
const SHORT_TEXT = 4096;

interface Explained {
  result: string;
  /** With steps: the changes, and where the normalized text comes from in the input. */
  changes: Changes | undefined;
  origins: Origins;
}

function explain(uri: string, options: NormalizeOptions = {}, fn: string, steps = true, parsed?: UriRecord): Explained {
  try {
    return explainSteps(uri, options, fn, steps, parsed);
  } finally {
    // Not kept past the call: the text may be large.
    lastComponents = undefined;
  }
}

function explainSteps(uri: string, options: NormalizeOptions, fn: string, steps: boolean, parsed: UriRecord | undefined): Explained {
  checkOptions(fn, options, NORMALIZE_OPTIONS);
  const level = options.level ?? 'scheme';
  let text = uri;
  const grammar = options.grammar ?? 'rfc3986';
  const zoneId = options.zoneId;
  zoneGrammar(grammar, zoneId, fn);
  // A UriSyntaxError (or a TypeError) for anything else; a record the caller has already is not parsed again.
  let record = parsed ?? parse(text, { grammar, zoneId });
  const changes = steps ? new Changes(STEPS) : undefined;
  // One shared empty set of origins, never written to (apply() returns a new one): five typed arrays per call
  // cost more than the rest of a short URI's normalization. normalize() asks for no steps and never applies any.
  // Applying changes to the empty set of origins writes a new one; until a step changes something, none is needed.
  let origins = NO_ORIGINS;
  // RFC 8141 3: a URN is compared without decoding or removing dot segments (at the 'scheme' level).
  const urn = level === 'scheme' && schemeComponentsOf(text, record)?.scheme === 'urn';
  for (const [index, step] of STEPS.entries()) {
    const wanted = options.steps?.[step.name] ?? true;
    if (!wanted || (step.level === 'scheme' && level === 'syntax') || (urn && step.notForUrn)) continue;
    // The new text is written as code units as the edits come (code-units.ts): no object per
    // edit, unless the steps are asked for; a URI of many "%XX" has one edit per triplet.
    const current = text;
    // A short text is built by concatenation, which is cheaper than a typed array there; a long one
    // (many edits) in a CodeUnitBuilder, whose cost per character stays flat.
    const long = current.length > SHORT_TEXT;
    let out: CodeUnitBuilder | undefined;
    let built: string | undefined;
    let at = 0;
    const first = changes?.length ?? 0;
    step.edits(current, record, (start, end, replacement) => {
      if (long) {
        out ??= new CodeUnitBuilder(current.length + 16);
        out.pushRange(current, at, start);
        out.pushString(replacement);
      } else {
        built = (built ?? '') + current.slice(at, start) + replacement;
      }
      at = end;
      // The step's result and input span are known only once all its edits are in: filled in below.
      changes?.push(index, start, end, replacement);
    });
    let next: string;
    if (out !== undefined) {
      out.pushRange(current, at, current.length);
      next = out.toString();
    } else if (built !== undefined) {
      next = built + current.slice(at);
    } else {
      continue;
    }
    if (changes !== undefined) {
      changes.texts[index] = current;
      changes.results[index] = next;
      origins = origins.apply(changes, first);
    }
    text = next;
    record = parse(text, { grammar, zoneId });
  }
  return { result: text, changes, origins };
}

/**
 * explainNormalize, with the regions of the result that replaced regions of
 * the input: lint's normalization fixes, one per region (they never overlap,
 * and applied together give the result). `parsed`: the URI's record by the
 * rfc3986 grammar's URI-reference rule, and `schemeComponents`, its scheme's
 * components (checkScheme's), when the caller (lint) has them.
 */
export function explainNormalizeWithRegions(uri: string, options?: NormalizeOptions, parsed?: UriRecord, schemeComponents?: SchemeComponents): { result: string; changes: Changes; regions: ReplacedRegions } {
  // The scheme's components of the input, when the caller (lint) has read them: not read again.
  if (schemeComponents?.scheme === 'urn' || schemeComponents?.scheme === 'mailto') lastComponents = { text: uri, components: schemeComponents };
  const { result, changes, origins: o } = explain(uri, options, 'explainNormalize', true, parsed);
  return { result, changes: changes as Changes, regions: { count: o.length, start: o.textStart, end: o.textEnd, inputStart: o.inputStart, inputEnd: o.inputEnd, step: o.owner } };
}

/**
 * Normalizes `uri` by RFC 3986 6.2.2 (level 'syntax': case, percent-encoding,
 * dot segments in a URI with a scheme) and 6.2.3 (level 'scheme', the
 * default: the empty port, the default port and an empty path, for the
 * schemes of SCHEME_DEFAULTS; a URN as RFC 8141 3 says, a mailto URI's
 * domains and header field names: see NormalizeOptions.level).
 */
export function normalize(uri: string, options?: NormalizeOptions): string {
  checkOptions('normalize', options, NORMALIZE_OPTIONS);
  if (typeof uri === 'string' && options?.steps === undefined && options?.zoneId !== true) {
    const result = normalizeComponents(uri, options?.level ?? 'scheme', options?.grammar ?? 'rfc3986');
    if (result !== undefined) return result;
  }
  return explain(uri, options, 'normalize', false).result;
}

/**
 * normalize() with every step of `level` of iriToUri's result, a valid URI reference (RFC 3987 3.1 maps every IRI
 * reference to one; test/iri.test.ts checks that iriToUri does): not accepted by the automaton again. On a long
 * IRI's mapping (six times its length for a non-ASCII ireg-name of two-octet characters) that was the larger part
 * of compare's time (`npm run fuzz`, compare with grammar rfc3987). Internal: for compare and equivalent (RFC 3987
 * 5.3.2.3).
 */
export function normalizeMappedIri(uri: string, level: NormalizeLevel): string {
  return normalizeComponents(uri, level, 'rfc3986', true) ?? explain(uri, { level }, 'normalize', false).result;
}

/**
 * The one-look expressions below are tried on inputs of at most this many code units; longer ones go through
 * the steps, which are linear. V8's backtracking engine keeps a frame for each repetition of a group it may have
 * to go back into, on a stack of its own: a path of 4 M "/" (a group with a lookahead, repeated 4 M times)
 * overflowed it, and normalize threw a RangeError (`npm run fuzz`, family "run of /"); a mailto URI of 4 M
 * addresses did at 16 M characters. At this length the expression is still a small part of the work.
 */
const ONE_LOOK_MAX = 4096;

/**
 * The commonest URI that no step changes, in one look by the engine (a valid
 * one: the automaton has accepted it): a lower-case scheme, neither urn nor
 * mailto, and "//"; an authority of no upper-case letter, "%", "@" or ":"
 * (no userinfo, no port, no IP-literal); a path of one segment or more, none
 * "." or "..", and no "%" anywhere. Anything else is looked at component by
 * component (isNormal).
 */
const PLAINLY_NORMAL = /^(?!urn:|mailto:)[a-z][a-z\d+.-]*:\/\/[^A-Z/?#:@%]*(?:\/(?!\.\.?(?:[/?#]|$))[^/?#%]*)+(?:[?#][^%]*)?$/;

/**
 * A URN (its scheme written "urn") that no step changes at the 'scheme' level,
 * whether RFC 8141's grammar accepts it or not, in one look (the generic
 * automaton has accepted it): an NID (up to the second ":") of no upper-case
 * letter, no "%" anywhere, no "/" before the second ":" (no authority), and no
 * path segment "." or "..". Accepted, its NID is already lower-case and no
 * triplet is left to upper-case; refused, it has nothing for the steps of
 * 6.2.2 and 6.2.3 (no triplet, no host, no dot segment, no default port or
 * path for urn). test/normalize-fast.long.ts compares it with the steps one by one.
 */
const PLAINLY_NORMAL_URN = /^urn:[^A-Z:/?#%]*:[^/?#%]*(?:\/(?!\.\.?(?:[/?#]|$))[^/?#%]*)*(?:[?#][^%]*)?$/;

/**
 * A mailto URI that no step changes at the 'scheme' level, whether RFC 6068's
 * grammar accepts it or not, in one look (the generic automaton has accepted
 * it): "mailto:" written so; addresses (or none) with no "%", "/", "?" or "#"
 * (no triplet, authority or dot segment), each domain a run of parts
 * separated by "." (none empty) of no upper-case letter; header fields (or
 * none) of qchars but "%", each with one "=", each name of no upper-case
 * letter; no fragment. Without "%" an address has no quoted string and no
 * domain literal (DQUOTE, "[" and "]" are percent-encoded in a URI), so where
 * RFC 6068's grammar accepts it, its local parts and domains are
 * dot-atom-texts, which hold neither "@" nor ","; and a domain ends before a
 * "?" whose header fields run to the end (rfc6068.peggy,
 * domain_before_hfields) unless the "?" begins one of its parts, which the
 * parts here never do. The local parts and the header fields' values keep
 * their case (lowercase-mailto-domain, lowercase-mailto-hfname).
 * test/normalize-fast.long.ts compares it with the steps one by one.
 */
const PLAINLY_NORMAL_MAILTO =
  /^mailto:(?:[^@,/?#%]*@[^@,./?#%A-Z]+(?:\.[^@,./?#%A-Z]+)*(?:,[^@,/?#%]*@[^@,./?#%A-Z]+(?:\.[^@,./?#%A-Z]+)*)*)?(?:\?[a-z\d\-._~!$'()*+,;:@]*=[A-Za-z\d\-._~!$'()*+,;:@]*(?:&[a-z\d\-._~!$'()*+,;:@]*=[A-Za-z\d\-._~!$'()*+,;:@]*)*)?$/;

/**
 * PLAINLY_NORMAL_MAILTO with its letters in any case ("mailto", the domains,
 * the header fields' names): a mailto URI that only lowercase-scheme,
 * lowercase-mailto-domain and lowercase-mailto-hfname can change.
 */
const MAILTO_OF_CASES =
  /^[Mm][Aa][Ii][Ll][Tt][Oo]:(?:[^@,/?#%]*@[^@,./?#%]+(?:\.[^@,./?#%]+)*(?:,[^@,/?#%]*@[^@,./?#%]+(?:\.[^@,./?#%]+)*)*)?(?:\?[A-Za-z\d\-._~!$'()*+,;:@]*=[A-Za-z\d\-._~!$'()*+,;:@]*(?:&[A-Za-z\d\-._~!$'()*+,;:@]*=[A-Za-z\d\-._~!$'()*+,;:@]*)*)?$/;

/**
 * normalize() at the 'scheme' level of a mailto URI that the generic
 * automaton has accepted: the input itself when PLAINLY_NORMAL_MAILTO says no
 * step changes it; else, when MAILTO_OF_CASES says only case can change, its
 * steps at once: "mailto" lower-cased (lowercase-scheme), and each domain
 * (lowercase-mailto-domain) and header field's name (lowercase-mailto-hfname)
 * where RFC 6068's grammar finds them, read as those steps read them
 * (schemeComponentsOf: none when the grammar refuses it, or the program has
 * not that grammar). Undefined for any other mailto URI, and for one longer
 * than ONE_LOOK_MAX: explainSteps decides.
 */
function normalizedMailto(uri: string, grammar: 'rfc3986' | 'rfc3987'): string | undefined {
  if (uri.length > ONE_LOOK_MAX) return undefined;
  if (PLAINLY_NORMAL_MAILTO.test(uri)) return uri;
  if (!MAILTO_OF_CASES.test(uri)) return undefined;
  const c = schemeComponentsOf(uri, parse(uri, { grammar }));
  let out = 'mailto';
  let from = 6;
  if (c?.scheme === 'mailto') {
    // In the order of the text: the addresses (before any "?"), then the header fields. MAILTO_OF_CASES holds no "%": no triplet to keep upper-case.
    const spans = [...c.to.map((a) => [a.span[1] - a.domain.length, a.span[1]]), ...c.headers.map((h) => [h.span[0], h.span[0] + h.name.length])];
    for (const [start, end] of spans) {
      out += uri.slice(from, start) + uri.slice(start, end).toLowerCase();
      from = end;
    }
  }
  return out + uri.slice(from);
}

/** The grammar and rule RFC 8141's steps read a URN by (grammar/registry.json's `schemes`: urn, with its fragment). */
const URN_GRAMMAR = 'rfc8141' as const;
const URN_RULE = 'namestring';

/**
 * normalize() at the 'scheme' level of a URN that the generic automaton has
 * accepted: the input itself when PLAINLY_NORMAL_URN says no step changes it;
 * else, when RFC 8141's grammar accepts it (and the program has that grammar
 * and the scheme checks: availableSchemeCheck), its steps at once: "urn"
 * lower-cased (lowercase-scheme), the NID, which runs to the second ":" (RFC
 * 8141 2: "urn" ":" NID ":" NSS, an NID of letters, digits and "-"),
 * lower-cased (lowercase-urn-nid), and the hex digits of every triplet
 * upper-cased (uppercase-percent-encoding). No other step changes such a URN:
 * it has no authority (an NID begins with a letter or digit) and is not
 * decoded nor rid of dot segments (RFC 8141 3); neither change moves the NID
 * nor changes the grammar's verdict (its "urn" and HEXDIG are
 * case-insensitive). Undefined for any other URN: explainSteps decides.
 */
function normalizedUrn(uri: string): string | undefined {
  if (uri.length <= ONE_LOOK_MAX && PLAINLY_NORMAL_URN.test(uri)) return uri;
  if (!schemeChecksAvailable(URN_GRAMMAR) || !accepts(uri, URN_RULE, URN_GRAMMAR)) return undefined;
  const nidEnd = uri.indexOf(':', 4);
  let out = `urn:${uri.slice(4, nidEnd).toLowerCase()}`;
  let from = nidEnd;
  for (let i = uri.indexOf('%', nidEnd); i >= 0; i = uri.indexOf('%', i + 3)) {
    if (hasLowerHex(uri, i)) {
      out += uri.slice(from, i) + tripletText(uri, i, true);
      from = i + 3;
    }
  }
  return out + uri.slice(from);
}

/** The offsets of the URI being normalized, reused from call to call (records.ts's slots). */
const PARTS = noComponents();

/**
 * normalize() with every step of the level, of a URI reference valid in RFC
 * 3986 or RFC 3987 (no zoneId), at the 'scheme' level one whose scheme is
 * neither urn nor mailto (those: normalizedUrn, normalizedMailto): each
 * step done to the component it changes, all at once, from one acceptance by
 * the automaton and one split by the delimiters (split.ts, splitOffsets), where
 * explainSteps writes the whole text and parses it again after each step that
 * changes something. Undefined when the automaton rejects the input (explain()
 * then throws parse()'s error), or, at the 'scheme' level, for a URN or a
 * mailto URI that neither normalizedUrn nor normalizedMailto settles:
 * its scheme's steps read its own grammar.
 *
 * The same as explainSteps, because no step moves a component's boundary or
 * changes what a later step sees elsewhere: decode-unreserved writes an
 * unreserved character (never a delimiter, nor a "%") and
 * uppercase-percent-encoding a triplet, each where a triplet was; the
 * scheme, the host and the path are changed only within themselves, the path
 * into one that reads back as a path (pathWithoutDots); a port is removed
 * with its ":"; and every step reads only its own component (the scheme's
 * defaults by the scheme, lower-cased or not). test/normalize-fast.long.ts
 * compares it with explainNormalize() over the corpora, generated and hostile
 * references, for both levels and grammars.
 */
function normalizeComponents(uri: string, level: NormalizeLevel, grammar: 'rfc3986' | 'rfc3987', accepted = false): string | undefined {
  if (!accepted && !accepts(uri, referenceStartRule(grammar), grammar)) return undefined;
  if (uri.length <= ONE_LOOK_MAX && PLAINLY_NORMAL.test(uri)) return uri;
  const at = splitOffsets(uri, PARTS);
  const schemeEnd = at[0] >= 0 ? at[1] : -1;
  const schemeLevel = level === 'scheme';
  // The scheme lower-cased (lowercase-scheme) and its defaults, read once.
  const scheme = schemeEnd < 0 ? undefined : uri.slice(0, schemeEnd).toLowerCase();
  // At the 'syntax' level a URN or a mailto URI has the steps of any URI (explainSteps reads its scheme's grammar only at 'scheme').
  if (schemeLevel && (scheme === 'urn' || scheme === 'mailto')) return scheme === 'urn' ? normalizedUrn(uri) : normalizedMailto(uri, grammar);
  const defaults = defaultsOf(scheme);
  if (isNormal(uri, at, schemeLevel, defaults)) return uri;
  // No "%" before `percent`: there the triplet steps have nothing to do.
  const percent = uri.indexOf('%') < 0 ? uri.length : 0;
  const triplets = (start: number, end: number): string => (end <= percent ? uri.slice(start, end) : normalizedTriplets(uri, start, end));
  let out = scheme === undefined ? '' : `${scheme}:`;
  let authority: string | undefined;
  if (at[2] >= 0) {
    authority = at[4] >= 0 ? `${triplets(at[4], at[5])}@` : '';
    authority += loweredHost(triplets(at[6], at[7]), 0);
    if (at[8] >= 0) {
      const port = uri.slice(at[8], at[9]);
      // remove-empty-port, remove-default-port
      if (!schemeLevel || (port !== '' && !isDefaultPortOf(defaults, port))) authority += `:${port}`;
    }
    out += `//${authority}`;
  }
  let path = pathWithoutDots(scheme, authority, triplets(at[10], at[11]));
  if (schemeLevel && path === '' && authority !== undefined && defaults?.emptyPathIsSlash === true) path = '/'; // empty-path-to-slash
  out += path;
  if (at[12] >= 0) out += `?${triplets(at[12], at[13])}`;
  if (at[14] >= 0) out += `#${triplets(at[14], at[15])}`;
  return out;
}

/**
 * Whether no step of normalizeComponents would change the URI (split into
 * `at`): no triplet to decode or upper-case, no upper-case letter in the
 * scheme or the host, no dot segment in a URI's path (a "%2E" one is a
 * triplet to decode), and at the 'scheme' level no port to remove and no
 * empty path to make "/" (by `defaults`, the scheme's: defaultsOf). Looked
 * at in place, without a string made.
 */
function isNormal(uri: string, at: ComponentOffsets, schemeLevel: boolean, defaults: ReturnType<typeof defaultsOf>): boolean {
  for (let i = uri.indexOf('%'); i >= 0; i = uri.indexOf('%', i + 3)) {
    if (hasLowerHex(uri, i) || isUnreservedOctet(tripletOctet(uri, i))) return false;
  }
  const schemeEnd = at[0] >= 0 ? at[1] : -1;
  const pathStart = at[10];
  const pathEnd = at[11];
  // The scheme and the authority: an upper-case letter outside a triplet (whose hex digits are upper-case by now).
  // A letter in a userinfo, which no step changes, is looked at more closely.
  if (firstUpperCaseOutsideTriplets(uri, pathStart) < pathStart) return false;
  if (schemeEnd >= 0 && hasDotSegmentIn(uri, pathStart, pathEnd)) return false;
  if (at[2] < 0 || !schemeLevel) return true;
  // A port: empty, or the scheme's default.
  if (at[8] >= 0 && (at[8] === at[9] || isDefaultPortOf(defaults, uri.slice(at[8], at[9])))) return false;
  return pathStart < pathEnd || defaults?.emptyPathIsSlash !== true;
}

/** The run of characters from the start that holds no ASCII upper-case letter (sticky: lastIndex is where it ends). */
const NO_UPPER_CASE = /[^A-Z]*/y;

/**
 * The offset of the first ASCII upper-case letter of `text` before `end` that
 * is not a hex digit of a triplet (`text` a valid URI reference: every "%"
 * begins one), or `end` when there is none. The engine's scan finds the first
 * upper-case letter, where a loop here cost more; only from a triplet's digit
 * on are the code units looked at one by one, so that a host of a million
 * "%C3%A9" (an IRI's non-ASCII ireg-name, mapped by iriToUri) is not taken
 * for one to lower-case (`npm run fuzz`, compare with grammar rfc3987).
 */
function firstUpperCaseOutsideTriplets(text: string, end: number): number {
  NO_UPPER_CASE.lastIndex = 0;
  NO_UPPER_CASE.test(text);
  const first = NO_UPPER_CASE.lastIndex;
  if (first >= end) return end;
  // From the "%" of the triplet holding `first`, if any (no "%" ends a component: a valid "%" begins a triplet).
  let i = text.charCodeAt(first - 1) === 0x25 ? first - 1 : first >= 2 && text.charCodeAt(first - 2) === 0x25 ? first - 2 : first;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25) i += 2;
    else if (c >= 0x41 && c <= 0x5a) return i;
  }
  return end;
}

/**
 * decode-unreserved and then uppercase-percent-encoding on [start, end) of a
 * valid URI reference, where every "%" begins a triplet: the triplet of an
 * unreserved octet (2.3) decoded, every other one's hex digits upper-cased.
 */
function normalizedTriplets(text: string, start: number, end: number): string {
  let i = text.indexOf('%', start);
  if (i < 0 || i >= end) return text.slice(start, end);
  const out = new CodeUnitBuilder(end - start);
  let from = start;
  for (; i >= 0 && i < end; i = text.indexOf('%', i + 3)) {
    out.pushRange(text, from, i);
    const octet = tripletOctet(text, i);
    if (isUnreservedOctet(octet)) out.push(octet);
    else out.pushTriplet(octet);
    from = i + 3;
  }
  out.pushRange(text, from, end);
  return out.toString();
}

/**
 * normalize() of a URI whose record the caller has already (its parse with the
 * same grammar and zoneId): not parsed again. Internal: for the WHATWG
 * comparison, which lint reaches with its own parse of the URI.
 */
export function normalizeParsed(uri: string, record: UriRecord, options?: NormalizeOptions): string {
  return explain(uri, options, 'normalize', false, record).result;
}
