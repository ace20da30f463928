/**
 * Normalization (RFC 3986 6.2.2 syntax-based, 6.2.3 scheme-based). Each step
 * is one function of the record and the text, returning the edits it makes;
 * steps run in the order of 6.2.2 (case and percent-encoding, then path
 * segments), then 6.2.3. Every step can be switched off. The input must be a
 * valid URI reference: it is never repaired.
 */
import { matches, parse, type UriRecord } from './parse';
import { removeDotSegments } from './remove-dot-segments';
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

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
}

interface StepDefinition {
  readonly name: NormalizeStepName;
  readonly section: string;
  readonly level: NormalizeLevel;
  readonly edits: (text: string, record: UriRecord) => Edit[];
}

function percentTriplets(text: string, from: number, to: number, each: (start: number, hex: string) => Edit | undefined): Edit[] {
  const edits: Edit[] = [];
  for (let i = text.indexOf('%', from); i >= 0 && i < to; i = text.indexOf('%', i + 3)) {
    const edit = each(i, text.slice(i + 1, i + 3));
    if (edit) edits.push(edit);
  }
  return edits;
}

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
    edits: (text) =>
      percentTriplets(text, 0, text.length, (start, hex) => {
        const c = String.fromCharCode(parseInt(hex, 16));
        return matches('unreserved', c) ? { start, end: start + 3, replacement: c } : undefined;
      }),
  },
  {
    name: 'uppercase-percent-encoding',
    section: '6.2.2.1',
    level: 'syntax',
    edits: (text) =>
      percentTriplets(text, 0, text.length, (start, hex) =>
        hex !== hex.toUpperCase() ? { start, end: start + 3, replacement: `%${hex.toUpperCase()}` } : undefined,
      ),
  },
  {
    name: 'lowercase-scheme',
    section: '6.2.2.1',
    level: 'syntax',
    edits: (_text, r) =>
      r.scheme !== undefined && r.scheme !== r.scheme.toLowerCase()
        ? [{ start: r.spans.scheme![0], end: r.spans.scheme![1], replacement: r.scheme.toLowerCase() }]
        : [],
  },
  {
    name: 'lowercase-host',
    section: '6.2.2.1',
    level: 'syntax',
    edits: (_text, r) => {
      // RFC 3987 5.3.2.1: only a host that is all US-ASCII (never otherwise in a URI).
      if (r.host === undefined || !/[A-Z]/.test(r.host) || /[^\x00-\x7f]/.test(r.host)) return [];
      const lower = lowerOutsideTriplets(r.host);
      return lower !== r.host ? [{ start: r.spans.host![0], end: r.spans.host![1], replacement: lower }] : [];
    },
  },
  {
    name: 'remove-dot-segments',
    section: '6.2.2.3',
    level: 'syntax',
    edits: (_text, r) => {
      // Only in a URI (in a relative reference, dot segments carry meaning until it is resolved),
      // and only when the path has a "." or ".." segment (5.2.4) to remove, written with "%2E" or not.
      if (r.scheme === undefined || !/(^|\/)(\.|%2e)(\.|%2e)?(\/|$)/i.test(r.path)) return [];
      let path = removeDotSegments(literalDotSegments(r.path));
      // Deviation, as in resolve(): a path that would begin with "//" without an
      // authority is written "/.//", which reads back as the same path.
      if (r.authority === undefined && path.startsWith('//')) path = `/.${path}`;
      return path !== r.path ? [{ start: r.spans.path[0], end: r.spans.path[1], replacement: path }] : [];
    },
  },
  {
    name: 'remove-empty-port',
    section: '3.2.3, 6.2.3',
    level: 'scheme',
    edits: (_text, r) => (r.port === '' ? [{ start: r.spans.port![0] - 1, end: r.spans.port![1], replacement: '' }] : []),
  },
  {
    name: 'remove-default-port',
    section: '3.2.3, 6.2.3',
    level: 'scheme',
    edits: (_text, r) => {
      const defaults = schemeDefaults(r);
      if (!defaults || r.port === undefined || r.port === '') return [];
      // The port's value, not its spelling: "080" is port 80.
      return r.port.replace(/^0+(?=\d)/, '') === defaults.port ? [{ start: r.spans.port![0] - 1, end: r.spans.port![1], replacement: '' }] : [];
    },
  },
  {
    name: 'empty-path-to-slash',
    section: '6.2.3',
    level: 'scheme',
    edits: (_text, r) => {
      const defaults = schemeDefaults(r);
      return defaults?.emptyPathIsSlash && r.authority !== undefined && r.path === ''
        ? [{ start: r.spans.path[0], end: r.spans.path[1], replacement: '/' }]
        : [];
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

function explain(uri: string, options: NormalizeOptions = {}, fn: string): { result: string; steps: NormalizeStep[] } {
  checkOptions(fn, options, NORMALIZE_OPTIONS);
  const level = options.level ?? 'scheme';
  let text = uri;
  const grammar = options.grammar ?? 'rfc3986';
  let record = parse(text, { grammar }); // a UriSyntaxError (or a TypeError) for anything else
  const applied: NormalizeStep[] = [];
  for (const step of STEPS) {
    const wanted = options.steps?.[step.name] ?? true;
    if (!wanted || (step.level === 'scheme' && level === 'syntax')) continue;
    const edits = step.edits(text, record);
    if (edits.length === 0) continue;
    let next = '';
    let at = 0;
    for (const e of edits) {
      next += text.slice(at, e.start) + e.replacement;
      at = e.end;
    }
    next += text.slice(at);
    for (const e of edits) {
      applied.push({ step: step.name, section: step.section, start: e.start, end: e.end, before: text.slice(e.start, e.end), after: e.replacement, result: next });
    }
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
  return explain(uri, options, 'normalize').result;
}
