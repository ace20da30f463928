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

/** The notes, one object each (frozen: every comparison that gives a note gives that object). */
const NOTES: { readonly [C in GrammarNote['code']]: GrammarNote } = {
  'non-ascii': {
    code: 'non-ascii',
    section: 'RFC 3987 2.2; RFC 3986 2.1, 2.5',
    message: 'non-ASCII characters are allowed as themselves only in an IRI (ucschar; iprivate in the query only); a URI carries them percent-encoded as UTF-8 (iriToUri)',
  },
  'square-brackets': {
    code: 'square-brackets',
    section: 'RFC 3986 2.2, 3.2.2; RFC 2732 3',
    message: '"[" and "]" are allowed only around an IP literal in the host by RFC 3986 and RFC 3987; RFC 2732 added them to RFC 2396\'s reserved set, so RFC 2396 also allows them in the query and the fragment',
  },
  'mark-characters': {
    code: 'mark-characters',
    section: 'RFC 3986 2.2, 2.3, D.2; RFC 2396 2.3',
    message: '"!", "*", "\'", "(" and ")" were unreserved marks in RFC 2396 and are sub-delims (reserved) in RFC 3986: percent-encoding or decoding them no longer gives an equivalent URI',
  },
  'empty-path': {
    code: 'empty-path',
    section: 'RFC 3986 D.2, 3.3; RFC 2396 3',
    message: 'RFC 3986 allows an empty path after "scheme:" ("about:", "dav:") and before a query ("?y"); RFC 2396 needed a path there',
  },
  'opaque-query': {
    code: 'opaque-query',
    section: 'RFC 2396 3; RFC 3986 3.4, D.2',
    message: 'after "scheme:" without "/", RFC 2396 reads the rest (its "?" included) as one opaque part; RFC 3986 reads a path and a query',
  },
  ipvfuture: {
    code: 'ipvfuture',
    section: 'RFC 3986 3.2.2',
    message: 'IPvFuture ("[v1.x]") is new in RFC 3986; RFC 2396 with RFC 2732 has IPv6 literals only',
  },
  'ipv6-grammar': {
    code: 'ipv6-grammar',
    section: 'RFC 3986 3.2.2, D.1; RFC 2732 3; RFC 2373 2.2',
    message: 'RFC 2732 takes IPv6address from RFC 2373, whose text forms (2.2) say that each d of d.d.d.d is an 8-bit value but not how many digits it has: RFC 2396 mode allows one to three, leading zeros included ("[::01.2.3.4]"), as RFC 2373\'s IPv4address does; RFC 3986\'s dec-octet has no leading zeros',
  },
};
for (const note of Object.values(NOTES)) Object.freeze(note);

/**
 * Per ASCII code: 1 for a mark character of RFC 2396 that RFC 3986 made a
 * sub-delim ("!", "*", "'", "(", ")"): asked of the two grammars, once.
 */
let markCodes: Uint8Array | undefined;

function markCodesOf(): Uint8Array {
  if (markCodes === undefined) {
    markCodes = new Uint8Array(0x80);
    for (let c = 0x21; c < 0x7f; c++) {
      const ch = String.fromCharCode(c);
      if (matches('mark', ch, { grammar: 'rfc2396' }) && matches('sub-delims', ch)) markCodes[c] = 1;
    }
  }
  return markCodes;
}

/** The value of an ASCII hex digit, either case, or -1. */
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x57 : -1;
}

/** What the notes that need no record ask of the input, found in one pass: bits of ScanFlag. */
const NON_ASCII = 1;
const BRACKETS = 2;
const MARKS = 4;

/**
 * One pass over the input: a code unit over 0x7F (NON_ASCII), "[" or "]"
 * (BRACKETS), a mark character that became a sub-delim, as itself or as "%"
 * and its two hex digits in either case (MARKS).
 */
function scan(input: string): number {
  const marks = markCodesOf();
  let flags = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c > 0x7f) flags |= NON_ASCII;
    else if (c === 0x5b || c === 0x5d) flags |= BRACKETS;
    else if (marks[c] === 1) flags |= MARKS;
    else if (c === 0x25 && i + 2 < input.length) {
      const hi = hexValue(input.charCodeAt(i + 1));
      const lo = hexValue(input.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0 && marks[hi * 16 + lo] === 1) flags |= MARKS;
    }
  }
  return flags;
}

/** Per URI reference grammar (those with a record), its reference rule and the rule's PEG name: worked out on the first comparison. */
let referenceStarts: ReadonlyArray<readonly [GrammarName, string, string]> | undefined;
let startRules: Partial<Record<GrammarName, string>> = {};
/** The URL Standard's rule without a base, read once (a property of a module the CommonJS build loads on first use). */
let whatwgNoBaseRule = '';

function referenceStartsOf(): ReadonlyArray<readonly [GrammarName, string, string]> {
  if (referenceStarts === undefined) {
    referenceStarts = PARSED_GRAMMARS.map((grammar) => [grammar, REFERENCE_RULES[grammar][0], startRuleOf({ grammar }, 'compareGrammars')[1]] as const);
    startRules = Object.fromEntries(referenceStarts.map(([grammar, , start]) => [grammar, start]));
    whatwgNoBaseRule = WHATWG_BASE_RULES.none;
  }
  return referenceStarts;
}

/**
 * What a verdict's accessor reads, kept on the verdict by this key, not enumerable (JSON, spreading, Object.keys
 * and equality do not see it): the input, until the record or error is worked out from it, then that.
 */
const STATE = Symbol('state');

type PendingVerdict = { readonly grammar: GrammarName; [STATE]: unknown };

/** The URL Standard's start rule without a base (absolute-URL-with-fragment-string). */
const whatwgStart = (): string => whatwgStartRule(undefined);

/**
 * A verdict's record and error, worked out when first read, then kept: two
 * accessors shared by all verdicts, which find the input, then the result,
 * under STATE. An accessor made per verdict (a closure, or a getter in an
 * object literal) cost about a microsecond each, more than the four automata
 * together on a short line; and turning it into a data property once read,
 * half as much again.
 */
const RECORD: PropertyDescriptor = {
  enumerable: true,
  configurable: false,
  get(this: PendingVerdict): AnyUriRecord | WhatwgWritingRecord | undefined {
    const input = this[STATE];
    if (typeof input !== 'string') return input as AnyUriRecord | WhatwgWritingRecord | undefined;
    const grammar = this.grammar;
    const record = grammar === WHATWG_URL ? (whatwgRecord(input, whatwgStart(), undefined) as WhatwgWritingRecord) : recognizerRecord(input, startRules[grammar] as string, grammar as GeneratedGrammar);
    keep(this, record);
    return record;
  },
};

const ERROR: PropertyDescriptor = {
  enumerable: true,
  configurable: false,
  get(this: PendingVerdict): UriSyntaxError {
    const input = this[STATE];
    if (typeof input !== 'string') return input as UriSyntaxError;
    const grammar = this.grammar;
    const error = grammar === WHATWG_URL ? (whatwgCheck(input, whatwgStart(), undefined) as UriSyntaxError) : diagnose(input, startRules[grammar] as string, grammar);
    keep(this, error);
    return error;
  },
};

/** Keeps what a verdict's accessor worked out; a verdict frozen by its caller (Object.freeze, Immer) works it out at each read instead of throwing. */
function keep(verdict: PendingVerdict, value: unknown): void {
  if (!Object.isFrozen(verdict)) verdict[STATE] = value;
}

/** A verdict whose record (valid) or error (not) is worked out when first read. */
function verdictOf(input: string, grammar: GrammarName, rule: string, valid: boolean): GrammarVerdict {
  const verdict = { grammar, rule, valid };
  Object.defineProperty(verdict, STATE, { value: input, writable: true });
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
 * The notes that apply to `input`, given its verdicts (RFC 3986, RFC 3987,
 * RFC 2396, in that order) and a way to its record by each: asked only where
 * a note can apply, since making one costs a run of the recognizer.
 */
function notesOf(input: string, verdicts: readonly GrammarVerdict[], recordOf: (i: 0 | 1 | 2) => AnyUriRecord | undefined): GrammarNote[] {
  const notes: GrammarNote[] = [];
  const flags = scan(input);
  if ((flags & NON_ASCII) !== 0) notes.push(NOTES['non-ascii']);
  if ((flags & BRACKETS) !== 0) notes.push(NOTES['square-brackets']);
  if ((flags & MARKS) !== 0) notes.push(NOTES['mark-characters']);
  const [uri, iri, old] = verdicts;
  // Where the path can be empty after a scheme or before a query, where an opaque part can hold a "?", and
  // (below) where there is an IP literal, which only an input with "[" has.
  const after = afterScheme(input);
  if (!old.valid && (uri.valid || iri.valid) && (after === input.length || input.charCodeAt(after) === 0x3f || input.charCodeAt(after) === 0x23)) {
    const r = recordOf(uri.valid ? 0 : 1);
    if (r && r.path === '' && r.authority === undefined && (r.scheme !== undefined || r.query !== undefined)) notes.push(NOTES['empty-path']);
  }
  if (old.valid && after > 0 && input.charCodeAt(after) !== 0x2f && input.includes('?', after)) {
    const r = recordOf(2);
    if (r !== undefined && isRfc2396Record(r) && r.opaque?.includes('?')) notes.push(NOTES['opaque-query']);
  }
  if ((flags & BRACKETS) === 0) return notes;
  const records = [uri.valid ? recordOf(0) : undefined, iri.valid ? recordOf(1) : undefined, old.valid ? recordOf(2) : undefined];
  if (records[0]?.hostKind === 'IPvFuture' || records[1]?.hostKind === 'IPvFuture') notes.push(NOTES.ipvfuture);
  // The note is about the two IPv6address rules, so it is given only when one grammar read an
  // IPv6 literal that the other's IPv6address rejects (not when the rest of the input differs).
  const literal = (r: AnyUriRecord | undefined): string | undefined => (r?.hostKind === 'IPv6address' ? r.host?.slice(1, -1) : undefined);
  const by3986 = literal(records[0]) ?? literal(records[1]);
  const by2396 = literal(records[2]);
  if ((by3986 !== undefined && !matches('IPv6address', by3986, { grammar: 'rfc2396' })) || (by2396 !== undefined && !matches('IPv6address', by2396))) notes.push(NOTES['ipv6-grammar']);
  return notes;
}

function checkString(input: unknown): asserts input is string {
  if (typeof input !== 'string') throw new TypeError(`expected the URI as a string, got ${input === null ? 'null' : typeof input}`);
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
  checkString(input);
  // The URI reference grammars (those with a record): a scheme grammar narrows a URI, it is no reading of one.
  // The verdict by the automaton (as isValid's); the record, and the error, only when read (runGrammars prints no
  // record, and building three was a sixth of its time on many short lines).
  const verdicts = referenceStartsOf().map(([grammar, rule, start]) => verdictOf(input, grammar, rule, accepts(input, start, grammar as GeneratedGrammar)));
  // The URL Standard's: a valid URL string without a base, that is an absolute-URL-with-fragment string
  // (grammar/whatwg-url.abnf), its host a valid domain where it is one (src/core/writing.ts).
  verdicts.push(verdictOf(input, WHATWG_URL as GrammarName, whatwgNoBaseRule, whatwgValid(input, whatwgStart(), undefined)));
  return { input, verdicts, notes: notesOf(input, verdicts, (i) => verdicts[i].record as AnyUriRecord | undefined) };
}

/**
 * compareGrammars with every error worked out now, and no record kept: what
 * `urigram grammars` prints (each verdict a plain object, where an accessor
 * cost more than the automata).
 */
export function explainGrammars(input: string): GrammarComparison {
  checkString(input);
  const starts = referenceStartsOf();
  const verdicts: GrammarVerdict[] = [];
  for (const [grammar, rule, start] of starts) {
    verdicts.push(accepts(input, start, grammar as GeneratedGrammar) ? { grammar, rule, valid: true } : { grammar, rule, valid: false, error: diagnose(input, start, grammar) });
  }
  const whatwg = whatwgStart();
  const rule = whatwgNoBaseRule;
  verdicts.push(whatwgValid(input, whatwg, undefined) ? { grammar: WHATWG_URL as GrammarName, rule, valid: true } : { grammar: WHATWG_URL as GrammarName, rule, valid: false, error: whatwgCheck(input, whatwg, undefined) });
  const records: Array<AnyUriRecord | undefined> = [];
  const recordOf = (i: 0 | 1 | 2): AnyUriRecord | undefined => (i in records ? records[i] : (records[i] = recognizerRecord(input, starts[i][2], starts[i][0] as GeneratedGrammar)));
  return { input, verdicts, notes: notesOf(input, verdicts, recordOf) };
}
