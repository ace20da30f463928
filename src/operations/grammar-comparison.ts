/**
 * The three grammars side by side: what RFC 3986 Appendix D.2 says became of
 * each RFC 2396 rule, and compareGrammars(), which says whether one input is
 * valid under RFC 3986, RFC 3987 and RFC 2396, and why they differ on it.
 */
import { accepts, recognizerRecord } from '../core/backends';
import { diagnose } from '../core/diagnose';
import { matches, startRuleOf, type AnyUriRecord } from '../core/parse';
import type { GeneratedGrammar } from '../core/grammars';
import { isRfc2396Record } from '../core/records';
import type { UriSyntaxError } from '../core/errors';
import { PARSED_GRAMMARS, REFERENCE_RULES, type GrammarName } from '../core/grammars';
import { WHATWG_BASE_RULES, WHATWG_URL, whatwgCheck, whatwgRecord, whatwgStartRule, whatwgValid, type WhatwgWritingRecord } from '../core/writing';

/**
 * RFC 3986 Appendix D.2: the obsolete RFC 2396 rules and their translation
 * into RFC 3986 rules, as the table in D.2 gives them (multi-line cells joined
 * with one space).
 */
export const RFC2396_TO_RFC3986: ReadonlyArray<{ readonly obsolete: string; readonly translation: string }> = [
  { obsolete: 'absoluteURI', translation: 'absolute-URI' },
  { obsolete: 'relativeURI', translation: 'relative-part [ "?" query ]' },
  { obsolete: 'hier_part', translation: '( "//" authority path-abempty / path-absolute ) [ "?" query ]' },
  { obsolete: 'opaque_part', translation: 'path-rootless [ "?" query ]' },
  { obsolete: 'net_path', translation: '"//" authority path-abempty' },
  { obsolete: 'abs_path', translation: 'path-absolute' },
  { obsolete: 'rel_path', translation: 'path-rootless' },
  { obsolete: 'rel_segment', translation: 'segment-nz-nc' },
  { obsolete: 'reg_name', translation: 'reg-name' },
  { obsolete: 'server', translation: 'authority' },
  { obsolete: 'hostport', translation: 'host [ ":" port ]' },
  { obsolete: 'hostname', translation: 'reg-name' },
  { obsolete: 'path_segments', translation: 'path-abempty' },
  { obsolete: 'param', translation: '*<pchar excluding ";">' },
  { obsolete: 'uric', translation: 'unreserved / pct-encoded / ";" / "?" / ":" / "@" / "&" / "=" / "+" / "$" / "," / "/"' },
  { obsolete: 'uric_no_slash', translation: 'unreserved / pct-encoded / ";" / "?" / ":" / "@" / "&" / "=" / "+" / "$" / ","' },
  { obsolete: 'mark', translation: '"-" / "_" / "." / "!" / "~" / "*" / "\'" / "(" / ")"' },
  { obsolete: 'escaped', translation: 'pct-encoded' },
  { obsolete: 'hex', translation: 'HEXDIG' },
  { obsolete: 'alphanum', translation: 'ALPHA / DIGIT' },
];

/** One grammar's verdict on the input, by its reference rule. */
export interface GrammarVerdict {
  readonly grammar: GrammarName;
  /** The rule the input was parsed as: URI-reference, or IRI-reference for RFC 3987. */
  readonly rule: string;
  readonly valid: boolean;
  /** The record, when valid (for RFC 2396 an Rfc2396Record; for the URL Standard's writing grammar, 'whatwg-url', a WhatwgWritingRecord). */
  readonly record?: AnyUriRecord | WhatwgWritingRecord;
  /**
   * The error (offset, expected, rule path), when not. Worked out when it is
   * first read (then kept), as the record is: explaining a rejection costs a
   * run of the diagnostic back end over the input, which a caller that wants
   * only the verdicts should not pay three times. Both are own, enumerable
   * properties (getters) like any other: JSON, spreading and equality see them.
   */
  readonly error?: UriSyntaxError;
}

/** A difference between the grammars that the RFCs name, and that bears on this input. */
export interface GrammarNote {
  readonly code: 'non-ascii' | 'square-brackets' | 'mark-characters' | 'empty-path' | 'opaque-query' | 'ipvfuture' | 'ipv6-grammar';
  /** Where the RFCs say it. */
  readonly section: string;
  readonly message: string;
}

export interface GrammarComparison {
  readonly input: string;
  /** RFC 3986, RFC 3987, RFC 2396, in that order. */
  readonly verdicts: readonly GrammarVerdict[];
  readonly notes: readonly GrammarNote[];
}

let marksPattern: RegExp | undefined;

/**
 * The mark characters of RFC 2396 that RFC 3986 made sub-delims ("!", "*",
 * "'", "(", ")"), as themselves or percent-encoded: asked of the two grammars.
 */
function marksNowReserved(): RegExp {
  if (marksPattern === undefined) {
    const hex: string[] = [];
    for (let c = 0x21; c < 0x7f; c++) {
      const ch = String.fromCharCode(c);
      if (matches('mark', ch, { grammar: 'rfc2396' }) && matches('sub-delims', ch)) hex.push(c.toString(16));
    }
    // redos-dynamic: a class of fixed characters, or "%" and one of their fixed two-digit codes: no repetition
    marksPattern = new RegExp(`[${hex.map((h) => `\\x${h}`).join('')}]|%(?:${hex.join('|')})`, 'i');
  }
  return marksPattern;
}

/** Per URI reference grammar (those with a record), its reference rule and the rule's PEG name: worked out on the first comparison. */
let referenceStarts: ReadonlyArray<readonly [GrammarName, string, string]> | undefined;
let startRules: Partial<Record<GrammarName, string>> = {};

function referenceStartsOf(): ReadonlyArray<readonly [GrammarName, string, string]> {
  if (referenceStarts === undefined) {
    referenceStarts = PARSED_GRAMMARS.map((grammar) => [grammar, REFERENCE_RULES[grammar][0], startRuleOf({ grammar }, 'compareGrammars')[1]] as const);
    startRules = Object.fromEntries(referenceStarts.map(([grammar, , start]) => [grammar, start]));
  }
  return referenceStarts;
}

/** The input of a verdict, kept on it by this key, not enumerable: JSON, spreading, Object.keys and equality do not see it. */
const INPUT = Symbol('input');

type PendingVerdict = { readonly grammar: GrammarName; readonly [INPUT]: string };

/** The URL Standard's start rule without a base (absolute-URL-with-fragment-string). */
const whatwgStart = (): string => whatwgStartRule(undefined);

/** `value` as the verdict's own, enumerable, read-only property `key`, in place of the accessor that worked it out. */
function keep<T>(verdict: object, key: 'record' | 'error', value: T): T {
  Object.defineProperty(verdict, key, { value, enumerable: true, writable: false, configurable: false });
  return value;
}

/**
 * A verdict's record and error, worked out when first read (then kept): two
 * accessors shared by all verdicts, which find the input under INPUT. An
 * accessor made per verdict (a closure, or a getter in an object literal) cost
 * about a microsecond each: more than the four automata together on a short line.
 */
const RECORD: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: PendingVerdict): AnyUriRecord | WhatwgWritingRecord | undefined {
    const input = this[INPUT];
    const grammar = this.grammar;
    if (grammar === WHATWG_URL) return keep(this, 'record', whatwgRecord(input, whatwgStart(), undefined) as WhatwgWritingRecord);
    return keep(this, 'record', recognizerRecord(input, startRules[grammar] as string, grammar as GeneratedGrammar));
  },
};

const ERROR: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: PendingVerdict): UriSyntaxError {
    const input = this[INPUT];
    const grammar = this.grammar;
    if (grammar === WHATWG_URL) return keep(this, 'error', whatwgCheck(input, whatwgStart(), undefined) as UriSyntaxError);
    return keep(this, 'error', diagnose(input, startRules[grammar] as string, grammar));
  },
};

/** A verdict whose record (valid) or error (not) is worked out when first read. */
function verdictOf(input: string, grammar: GrammarName, rule: string, valid: boolean): GrammarVerdict {
  const verdict = { grammar, rule, valid };
  Object.defineProperty(verdict, INPUT, { value: input });
  return Object.defineProperty(verdict, valid ? 'record' : 'error', valid ? RECORD : ERROR);
}

/**
 * Where a scheme would end, past its ":": after the first ":" when no "/",
 * "?" or "#" comes before it, else 0. A record of the three grammars has a
 * scheme only there (a relative reference has no ":" before the first of
 * those), so a record whose path is empty and has no authority has it at this
 * offset, followed by "?", "#" or the end; and an opaque part starts here.
 */
function afterScheme(input: string): number {
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c === 0x3a) return i + 1;
    if (c === 0x2f || c === 0x3f || c === 0x23) return 0;
  }
  return 0;
}

/**
 * Parses `input` as a URI reference by RFC 3986 and by RFC 2396, as an IRI
 * reference by RFC 3987, and as a valid URL string of the URL Standard without
 * a base (its last verdict), and names the differences between the grammars that
 * apply to it: non-ASCII characters, "[" and "]", the mark characters that
 * became sub-delims, the empty path, the opaque part's "?", IPvFuture, and
 * the two IPv6address grammars.
 */
export function compareGrammars(input: string): GrammarComparison {
  if (typeof input !== 'string') throw new TypeError(`expected the URI as a string, got ${input === null ? 'null' : typeof input}`);
  // The URI reference grammars (those with a record): a scheme grammar narrows a URI, it is no reading of one.
  // The verdict by the automaton (as isValid's); the record, and the error, only when read (runGrammars prints no
  // record, and building three was a sixth of its time on many short lines).
  const verdicts = referenceStartsOf().map(([grammar, rule, start]) => verdictOf(input, grammar, rule, accepts(input, start, grammar as GeneratedGrammar)));
  const [uri, iri, old] = verdicts as Array<GrammarVerdict & { readonly record?: AnyUriRecord }>;
  // The URL Standard's: a valid URL string without a base, that is an absolute-URL-with-fragment string
  // (grammar/whatwg-url.abnf), its host a valid domain where it is one (src/core/writing.ts).
  verdicts.push(verdictOf(input, WHATWG_URL as GrammarName, WHATWG_BASE_RULES.none, whatwgValid(input, whatwgStart(), undefined)));
  const notes: GrammarNote[] = [];
  if (/[^\x00-\x7f]/.test(input)) {
    notes.push({
      code: 'non-ascii',
      section: 'RFC 3987 2.2; RFC 3986 2.1, 2.5',
      message: 'non-ASCII characters are allowed as themselves only in an IRI (ucschar; iprivate in the query only); a URI carries them percent-encoded as UTF-8 (iriToUri)',
    });
  }
  // Only an input with "[" can have an IP literal (its records are read for the last two notes only then).
  const brackets = /[[\]]/.test(input);
  if (brackets) {
    notes.push({
      code: 'square-brackets',
      section: 'RFC 3986 2.2, 3.2.2; RFC 2732 3',
      message: '"[" and "]" are allowed only around an IP literal in the host by RFC 3986 and RFC 3987; RFC 2732 added them to RFC 2396\'s reserved set, so RFC 2396 also allows them in the query and the fragment',
    });
  }
  if (marksNowReserved().test(input)) {
    notes.push({
      code: 'mark-characters',
      section: 'RFC 3986 2.2, 2.3, D.2; RFC 2396 2.3',
      message: '"!", "*", "\'", "(" and ")" were unreserved marks in RFC 2396 and are sub-delims (reserved) in RFC 3986: percent-encoding or decoding them no longer gives an equivalent URI',
    });
  }
  // Each record read only where its note can apply (reading one builds it): where the path can be empty after
  // a scheme or before a query, where an opaque part can hold a "?", and (below) where there is an IP literal.
  const after = afterScheme(input);
  const emptyPath = old.valid || !(after === input.length || input.charCodeAt(after) === 0x3f || input.charCodeAt(after) === 0x23) ? undefined : uri.valid ? uri.record : iri.valid ? iri.record : undefined;
  if (emptyPath && emptyPath.path === '' && emptyPath.authority === undefined && !old.valid && (emptyPath.scheme !== undefined || emptyPath.query !== undefined)) {
    notes.push({
      code: 'empty-path',
      section: 'RFC 3986 D.2, 3.3; RFC 2396 3',
      message: 'RFC 3986 allows an empty path after "scheme:" ("about:", "dav:") and before a query ("?y"); RFC 2396 needed a path there',
    });
  }
  const opaque = old.valid && after > 0 && input.charCodeAt(after) !== 0x2f && input.includes('?', after) && old.record !== undefined && isRfc2396Record(old.record) ? old.record.opaque : undefined;
  if (opaque !== undefined && opaque.includes('?')) {
    notes.push({
      code: 'opaque-query',
      section: 'RFC 2396 3; RFC 3986 3.4, D.2',
      message: 'after "scheme:" without "/", RFC 2396 reads the rest (its "?" included) as one opaque part; RFC 3986 reads a path and a query',
    });
  }
  if (!brackets) return { input, verdicts, notes };
  if (uri.record?.hostKind === 'IPvFuture' || iri.record?.hostKind === 'IPvFuture') {
    notes.push({
      code: 'ipvfuture',
      section: 'RFC 3986 3.2.2',
      message: 'IPvFuture ("[v1.x]") is new in RFC 3986; RFC 2396 with RFC 2732 has IPv6 literals only',
    });
  }
  // The note is about the two IPv6address rules, so it is given only when one grammar read an
  // IPv6 literal that the other's IPv6address rejects (not when the rest of the input differs).
  const literal = (v: GrammarVerdict): string | undefined => (v.record?.hostKind === 'IPv6address' ? v.record.host?.slice(1, -1) : undefined);
  const by3986 = literal(uri) ?? literal(iri);
  const by2396 = literal(old);
  if ((by3986 !== undefined && !matches('IPv6address', by3986, { grammar: 'rfc2396' })) || (by2396 !== undefined && !matches('IPv6address', by2396))) {
    notes.push({
      code: 'ipv6-grammar',
      section: 'RFC 3986 3.2.2, D.1; RFC 2732 3; RFC 2373 2.2',
      message: 'RFC 2732 takes IPv6address from RFC 2373, whose text forms (2.2) say that each d of d.d.d.d is an 8-bit value but not how many digits it has: RFC 2396 mode allows one to three, leading zeros included ("[::01.2.3.4]"), as RFC 2373\'s IPv4address does; RFC 3986\'s dec-octet has no leading zeros',
    });
  }
  return { input, verdicts, notes };
}
