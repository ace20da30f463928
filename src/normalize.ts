/**
 * Normalization (RFC 3986 6.2.2 syntax-based, 6.2.3 scheme-based). Each step
 * is one function of the record and the text, returning the edits it makes;
 * steps run in the order of 6.2.2 (case and percent-encoding, then path
 * segments), then 6.2.3. Every step can be switched off. The input must be a
 * valid URI reference: it is never repaired.
 */
import { matches, parse, type UriRecord } from './parse';
import { removeDotSegments } from './remove-dot-segments';
import { CodeUnitBuilder } from './code-units';
import { tripletValue } from './percent-encoding';
import { boolean, checkOptions, oneOf, recordOf, type OptionSpec } from './options';

export type NormalizeStepName =
  | 'decode-unreserved'
  | 'uppercase-percent-encoding'
  | 'lowercase-scheme'
  | 'lowercase-host'
  | 'remove-dot-segments'
  | 'remove-empty-port'
  | 'remove-default-port'
  | 'empty-path-to-slash';

export type NormalizeLevel = 'syntax' | 'scheme';

export interface NormalizeOptions {
  /** 'scheme' (the default) is 6.2.2 and 6.2.3; 'syntax' is 6.2.2 alone. */
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
}

/** One change a step made: where, in the text as it stood before that step. */
export interface NormalizeStep {
  readonly step: NormalizeStepName;
  /** The RFC 3986 section behind the step. */
  readonly section: string;
  readonly start: number;
  readonly end: number;
  readonly before: string;
  readonly after: string;
  /** The whole text after this step's changes. */
  readonly result: string;
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
}

/** Calls `each` with the offset and the octet of every "%XX" of `text` (a parsed URI: every "%" begins one). */
function percentTriplets(text: string, each: (start: number, octet: number) => void): void {
  for (let i = text.indexOf('%'); i >= 0; i = text.indexOf('%', i + 3)) each(i, tripletValue(text, i));
}

let unreservedTable: Uint8Array | undefined;

/** Whether the octet is an unreserved ASCII character: the grammar's answer, asked once per character. */
function isUnreservedOctet(octet: number): boolean {
  unreservedTable ??= Uint8Array.from({ length: 128 }, (_, k) => (matches('unreserved', String.fromCharCode(k)) ? 1 : 0));
  return octet < 0x80 && unreservedTable[octet] === 1;
}

/** Whether code unit `c` is a lower-case hex digit. */
const isLowerHex = (c: number): boolean => c >= 0x61 && c <= 0x66;

/**
 * Lower-cases ASCII letters, except the hex digits of "%XX" (which 6.2.2.1 wants
 * upper-case). `s` is a parsed host, so every "%" begins a percent-encoding.
 */
function lowerOutsideTriplets(s: string): string {
  return s.replace(/%..|[^%]+/g, (part) => (part.startsWith('%') ? part : part.toLowerCase()));
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
  return record.scheme === undefined ? undefined : SCHEME_DEFAULTS[record.scheme.toLowerCase()];
}

const STEPS: readonly StepDefinition[] = [
  {
    name: 'decode-unreserved',
    section: '6.2.2.2',
    level: 'syntax',
    edits: (text, _r, emit) =>
      percentTriplets(text, (start, octet) => {
        if (isUnreservedOctet(octet)) emit(start, start + 3, String.fromCharCode(octet));
      }),
  },
  {
    name: 'uppercase-percent-encoding',
    section: '6.2.2.1',
    level: 'syntax',
    edits: (text, _r, emit) =>
      percentTriplets(text, (start) => {
        if (isLowerHex(text.charCodeAt(start + 1)) || isLowerHex(text.charCodeAt(start + 2))) emit(start, start + 3, text.slice(start, start + 3).toUpperCase());
      }),
  },
  {
    name: 'lowercase-scheme',
    section: '6.2.2.1',
    level: 'syntax',
    edits: (_text, r, emit) => {
      if (r.scheme !== undefined && r.scheme !== r.scheme.toLowerCase()) emit(r.spans.scheme![0], r.spans.scheme![1], r.scheme.toLowerCase());
    },
  },
  {
    name: 'lowercase-host',
    section: '6.2.2.1',
    level: 'syntax',
    edits: (_text, r, emit) => {
      // RFC 3987 5.3.2.1: only a host that is all US-ASCII (never otherwise in a URI).
      if (r.host === undefined || !/[A-Z]/.test(r.host) || /[^\x00-\x7f]/.test(r.host)) return;
      const lower = lowerOutsideTriplets(r.host);
      if (lower !== r.host) emit(r.spans.host![0], r.spans.host![1], lower);
    },
  },
  {
    name: 'remove-dot-segments',
    section: '6.2.2.3',
    level: 'syntax',
    edits: (_text, r, emit) => {
      // Only in a URI (in a relative reference, dot segments carry meaning until it is resolved),
      // and only when the path has a "." or ".." segment (5.2.4) to remove, written with "%2E" or not.
      if (r.scheme === undefined || !/(^|\/)(\.|%2e)(\.|%2e)?(\/|$)/i.test(r.path)) return;
      let path = removeDotSegments(literalDotSegments(r.path));
      // Deviation, as in resolve(): a path that would begin with "//" without an
      // authority is written "/.//", which reads back as the same path.
      if (r.authority === undefined && path.startsWith('//')) path = `/.${path}`;
      if (path !== r.path) emit(r.spans.path[0], r.spans.path[1], path);
    },
  },
  {
    name: 'remove-empty-port',
    section: '3.2.3, 6.2.3',
    level: 'scheme',
    edits: (_text, r, emit) => {
      if (r.port === '') emit(r.spans.port![0] - 1, r.spans.port![1], '');
    },
  },
  {
    name: 'remove-default-port',
    section: '3.2.3, 6.2.3',
    level: 'scheme',
    edits: (_text, r, emit) => {
      const defaults = schemeDefaults(r);
      if (!defaults || r.port === undefined || r.port === '') return;
      // The port's value, not its spelling: "080" is port 80.
      if (r.port.replace(/^0+(?=\d)/, '') === defaults.port) emit(r.spans.port![0] - 1, r.spans.port![1], '');
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
];

export const NORMALIZE_STEPS: readonly NormalizeStepName[] = STEPS.map((s) => s.name);

/** The `grammar` option of the functions that take URIs and IRIs only. */
export const URI_OR_IRI_GRAMMAR = oneOf(['rfc3986', 'rfc3987']);

const NORMALIZE_OPTIONS: OptionSpec = {
  level: oneOf(['syntax', 'scheme']),
  steps: recordOf(NORMALIZE_STEPS, 'steps', boolean),
  grammar: URI_OR_IRI_GRAMMAR,
};

/** Normalizes `uri` and lists every change, step by step. */
export function explainNormalize(uri: string, options?: NormalizeOptions): { result: string; steps: NormalizeStep[] } {
  return explain(uri, options, 'explainNormalize');
}

function explain(uri: string, options: NormalizeOptions = {}, fn: string, steps = true): { result: string; steps: NormalizeStep[] } {
  checkOptions(fn, options, NORMALIZE_OPTIONS);
  const level = options.level ?? 'scheme';
  let text = uri;
  const grammar = options.grammar ?? 'rfc3986';
  let record = parse(text, { grammar }); // a UriSyntaxError (or a TypeError) for anything else
  const applied: NormalizeStep[] = [];
  for (const step of STEPS) {
    const wanted = options.steps?.[step.name] ?? true;
    if (!wanted || (step.level === 'scheme' && level === 'syntax')) continue;
    // The new text is written as code units as the edits come (code-units.ts): no object per
    // edit, unless the steps are asked for; a URI of many "%XX" has one edit per triplet.
    const current = text;
    let out: CodeUnitBuilder | undefined;
    let at = 0;
    const first = applied.length;
    step.edits(current, record, (start, end, replacement) => {
      out ??= new CodeUnitBuilder(current.length + 16);
      out.pushRange(current, at, start);
      out.pushString(replacement);
      at = end;
      // The step's result is known only once all its edits are in: filled in below.
      if (steps) applied.push({ step: step.name, section: step.section, start, end, before: current.slice(start, end), after: replacement, result: '' });
    });
    if (out === undefined) continue;
    out.pushRange(current, at, current.length);
    const next = out.toString();
    for (let i = first; i < applied.length; i++) (applied[i] as { result: string }).result = next;
    text = next;
    record = parse(text, { grammar });
  }
  return { result: text, steps: applied };
}

/**
 * Normalizes `uri` by RFC 3986 6.2.2 (level 'syntax': case, percent-encoding,
 * dot segments in a URI with a scheme) and 6.2.3 (level 'scheme', the
 * default: the empty port, the default port and an empty path, for the
 * schemes of SCHEME_DEFAULTS).
 */
export function normalize(uri: string, options?: NormalizeOptions): string {
  return explain(uri, options, 'normalize', false).result;
}
