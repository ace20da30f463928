/**
 * Linting: every problem in a URI reference, with its range, a stable code,
 * a severity, the RFC section behind it and, where there is one, the fix.
 * The rules are documented, with a bad and a good example each, in
 * docs/lint-rules.md (which the tests run).
 *
 * The normalization rules' fixes never overlap, and applied together they
 * give exactly normalize()'s result: a path or host that needs more than
 * per-triplet changes gets one fix for the whole component.
 */
import { normalize, SCHEME_DEFAULTS } from './normalize';
import { isValid, matches, parse, tryParse, type UriRecord } from './parse';
import type { UriRuleName } from './rules';
import { REFERENCE_RULES } from './grammars';
import { percentEncode } from './percent-encoding';
import { checkOptions, oneOf, recordOf, type OptionSpec } from './options';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  readonly code: LintCode;
  readonly severity: Severity;
  readonly message: string;
  /** The [start, end) range of the input the diagnostic is about, in UTF-16 code units. */
  readonly start: number;
  readonly end: number;
  /** The section of the RFC behind the rule. */
  readonly section: string;
  /** Replace [start, end) of the input with `replacement`. */
  readonly fix?: { readonly replacement: string; readonly start: number; readonly end: number };
}

export const LINT_RULES = {
  syntax: { severity: 'error', section: 'RFC 3986 3, 4' },
  'non-ascii': { severity: 'warning', section: 'RFC 3987 3.1' },
  'url-prefix': { severity: 'warning', section: 'RFC 3986 Appendix C' },
  'zone-identifier': { severity: 'info', section: 'RFC 6874' },
  'password-in-userinfo': { severity: 'warning', section: 'RFC 3986 3.2.1, 7.5' },
  'userinfo-looks-like-host': { severity: 'warning', section: 'RFC 3986 7.6' },
  'ambiguous-ip-form': { severity: 'warning', section: 'RFC 3986 7.4' },
  'encoded-control': { severity: 'warning', section: 'RFC 3986 7.3' },
  'encoded-slash': { severity: 'warning', section: 'RFC 3986 7.3' },
  'unusual-port': { severity: 'info', section: 'RFC 3986 7.2' },
  'long-reg-name': { severity: 'warning', section: 'RFC 3986 3.2.2' },
  'lowercase-percent-encoding': { severity: 'info', section: 'RFC 3986 2.1, 6.2.2.1' },
  'percent-encoded-unreserved': { severity: 'info', section: 'RFC 3986 2.3, 6.2.2.2' },
  'uppercase-scheme': { severity: 'info', section: 'RFC 3986 3.1, 6.2.2.1' },
  'uppercase-host': { severity: 'info', section: 'RFC 3986 3.2.2, 6.2.2.1' },
  'dot-segments': { severity: 'info', section: 'RFC 3986 5.2.4, 6.2.2.3' },
  'empty-port': { severity: 'info', section: 'RFC 3986 3.2.3, 6.2.3' },
  'default-port': { severity: 'info', section: 'RFC 3986 3.2.3, 6.2.3' },
  'empty-path': { severity: 'info', section: 'RFC 3986 6.2.3' },
} as const satisfies Record<string, { severity: Severity; section: string }>;

export type LintCode = keyof typeof LINT_RULES;

export interface LintOptions {
  /** The rule the input must match (default URI-reference). */
  readonly rule?: UriRuleName;
  /** Switch a rule off, or give it another severity. */
  readonly rules?: Partial<Readonly<Record<LintCode, 'off' | Severity>>>;
}

/** Ports where other protocols listen by default (IANA service names), for unusual-port. */
const OTHER_PROTOCOL_PORTS: Readonly<Record<string, string>> = {
  '21': 'FTP',
  '22': 'SSH',
  '23': 'Telnet',
  '25': 'SMTP',
  '53': 'DNS',
  '110': 'POP3',
  '143': 'IMAP',
  '389': 'LDAP',
  '445': 'SMB',
  '587': 'SMTP submission',
  '3306': 'MySQL',
  '5432': 'PostgreSQL',
  '6379': 'Redis',
};

type Raw = Omit<Diagnostic, 'severity' | 'section'>;

function hexValue(triplet: string): number {
  return parseInt(triplet.slice(1, 3), 16);
}

/** Diagnostics for each "%XX" in [from, to): the unreserved decoded, the rest upper-cased. */
function triplets(input: string, from: number, to: number, inHost: boolean, out: Raw[]): void {
  for (let i = input.indexOf('%', from); i >= 0 && i < to; i = input.indexOf('%', i + 3)) {
    const triplet = input.slice(i, i + 3);
    const byte = hexValue(triplet);
    const ch = String.fromCharCode(byte);
    if (byte < 0x80 && matches('unreserved', ch)) {
      const replacement = inHost ? ch.toLowerCase() : ch;
      out.push({ code: 'percent-encoded-unreserved', message: `${triplet} is the unreserved character ${JSON.stringify(ch)}: write it as itself`, start: i, end: i + 3, fix: { replacement, start: i, end: i + 3 } });
    } else if (triplet !== triplet.toUpperCase()) {
      out.push({ code: 'lowercase-percent-encoding', message: `${triplet}: percent-encodings are written with upper-case hex digits`, start: i, end: i + 3, fix: { replacement: triplet.toUpperCase(), start: i, end: i + 3 } });
    }
    if (byte < 0x20 || byte === 0x7f) {
      out.push({ code: 'encoded-control', message: `${triplet} encodes a control character, which a back end may decode into a different request`, start: i, end: i + 3 });
    }
  }
}

function normalizationDiagnostics(input: string, r: UriRecord, out: Raw[]): void {
  const n = parse(normalize(input));
  if (r.scheme !== undefined && r.scheme !== r.scheme.toLowerCase()) {
    const [s, e] = r.spans.scheme!;
    out.push({ code: 'uppercase-scheme', message: `the scheme is case-insensitive and normally lower case: ${JSON.stringify(n.scheme)}`, start: s, end: e, fix: { replacement: n.scheme!, start: s, end: e } });
  }
  if (r.userinfo !== undefined) triplets(input, r.spans.userinfo![0], r.spans.userinfo![1], false, out);
  if (r.host !== undefined) {
    const [s, e] = r.spans.host!;
    const letters = r.host.replace(/%../g, '');
    if (letters !== letters.toLowerCase()) {
      out.push({ code: 'uppercase-host', message: `the host is case-insensitive and normally lower case: ${JSON.stringify(n.host)}`, start: s, end: e, fix: { replacement: n.host!, start: s, end: e } });
    } else {
      triplets(input, s, e, true, out);
    }
  }
  if (r.port !== undefined) {
    const [s, e] = r.spans.port!;
    if (r.port === '') {
      out.push({ code: 'empty-port', message: 'an empty port: the ":" can go', start: s - 1, end: e, fix: { replacement: '', start: s - 1, end: e } });
    } else if (n.port === undefined) {
      out.push({ code: 'default-port', message: `${r.port} is the default port of ${r.scheme?.toLowerCase()}: it can go`, start: s - 1, end: e, fix: { replacement: '', start: s - 1, end: e } });
    }
  }
  const [ps, pe] = r.spans.path;
  // The path as normalize() writes it, but for what only triplets change.
  const tripletsOnly = r.path.replace(/%../g, (t) => {
    const ch = String.fromCharCode(hexValue(t));
    return hexValue(t) < 0x80 && matches('unreserved', ch) ? ch : t.toUpperCase();
  });
  if (r.path === '' && n.path === '/') {
    out.push({ code: 'empty-path', message: `an empty path means "/" for ${r.scheme?.toLowerCase()}`, start: ps, end: pe, fix: { replacement: '/', start: ps, end: pe } });
  } else if (n.path !== tripletsOnly) {
    out.push({ code: 'dot-segments', message: `dot segments in the path of a URI: ${JSON.stringify(n.path)} once they are removed`, start: ps, end: pe, fix: { replacement: n.path, start: ps, end: pe } });
  } else {
    triplets(input, ps, pe, false, out);
  }
  if (r.query !== undefined) triplets(input, r.spans.query![0], r.spans.query![1], false, out);
  if (r.fragment !== undefined) triplets(input, r.spans.fragment![0], r.spans.fragment![1], false, out);
}

function securityDiagnostics(input: string, r: UriRecord, out: Raw[]): void {
  if (r.userinfo !== undefined) {
    const [s, e] = r.spans.userinfo!;
    const colon = r.userinfo.indexOf(':');
    if (colon >= 0) {
      out.push({ code: 'password-in-userinfo', message: 'a password in the userinfo: "user:password" is deprecated and shows the password to anyone who sees the URI', start: s + colon + 1, end: e });
    }
    const user = colon >= 0 ? r.userinfo.slice(0, colon) : r.userinfo;
    if (/^[a-z0-9-]+(\.[a-z0-9-]+)+/i.test(user)) {
      out.push({ code: 'userinfo-looks-like-host', message: `the userinfo ${JSON.stringify(user)} looks like a host name: the host is ${JSON.stringify(r.host)}`, start: s, end: e });
    }
  }
  if (r.hostKind === 'reg-name' && r.host !== undefined) {
    const [s, e] = r.spans.host!;
    if (/^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+)){0,3}\.?$/i.test(r.host)) {
      out.push({ code: 'ambiguous-ip-form', message: `${JSON.stringify(r.host)} is a reg-name to RFC 3986, but many resolvers read it as an IPv4 address`, start: s, end: e });
    }
    if (r.host.length > 255) {
      out.push({ code: 'long-reg-name', message: `a host name of ${r.host.length} characters: DNS allows 255`, start: s, end: e });
    }
  }
  const [ps, pe] = r.spans.path;
  for (let i = input.indexOf('%', ps); i >= 0 && i < pe; i = input.indexOf('%', i + 3)) {
    if (hexValue(input.slice(i, i + 3)) === 0x2f) {
      out.push({ code: 'encoded-slash', message: '%2F in a path segment: some servers decode it into a "/" and read another path', start: i, end: i + 3 });
    }
  }
  if (r.port !== undefined && r.port !== '') {
    const port = r.port.replace(/^0+(?=\d)/, '');
    const other = OTHER_PROTOCOL_PORTS[port];
    const scheme = r.scheme?.toLowerCase();
    if (other && !(scheme && SCHEME_DEFAULTS[scheme]?.port === port)) {
      out.push({ code: 'unusual-port', message: `port ${port} is where ${other} listens by default, not ${scheme ?? 'this scheme'}`, start: r.spans.port![0], end: r.spans.port![1] });
    }
  }
}

const ADDRESS_CHARACTER = /[0-9A-Fa-f:.]/;

/**
 * The [start, end) of the first IPv6 zone identifier (RFC 6874: "[" address "%25" zone "]"), from the
 * "%25" up to the "]": what the regular expression /\[[0-9A-Fa-f:.]+(%25[^\]]*)\]/ finds, in one
 * pass. (That expression itself backtracks: on "[1%25" repeated, each "[" searched to the end of the
 * input for a "]", a quadratic time.) The address characters after one "[" stop at the next "[", so
 * the runs never overlap; and when no "]" follows the first "%25" found, none follows a later one.
 */
function zoneIdentifier(uri: string): [number, number] | undefined {
  for (let open = uri.indexOf('['); open >= 0; open = uri.indexOf('[', open + 1)) {
    let at = open + 1;
    while (at < uri.length && ADDRESS_CHARACTER.test(uri[at])) at++;
    if (at === open + 1 || !uri.startsWith('%25', at)) continue;
    const close = uri.indexOf(']', at + 3);
    return close < 0 ? undefined : [at, close];
  }
  return undefined;
}

const LINT_OPTIONS: OptionSpec = {
  rule: oneOf(REFERENCE_RULES.rfc3986),
  rules: recordOf(Object.keys(LINT_RULES), 'lint rules', oneOf(['off', 'error', 'warning', 'info'])),
};

/** Lints one URI reference. */
export function lint(uri: string, options: LintOptions = {}): Diagnostic[] {
  if (typeof uri !== 'string') throw new TypeError(`expected the URI as a string, got ${typeof uri}`);
  checkOptions('lint', options, LINT_OPTIONS);
  const rule = options.rule ?? 'URI-reference';
  const out: Raw[] = [];
  const parsed = tryParse(uri, { rule });
  if (!parsed.ok) {
    const e = parsed.error;
    out.push({ code: 'syntax', message: e.message, start: e.offset, end: e.offset + (e.found?.length ?? 0) });
    const zone = zoneIdentifier(uri);
    if (zone) {
      out.push({ code: 'zone-identifier', message: 'an IPv6 zone identifier (RFC 6874, since obsoleted by RFC 9844) is not part of RFC 3986 and is meaningful only on one host', start: zone[0], end: zone[1] });
    }
  }
  const nonAscii = /[^\x00-\x7f]/.exec(uri);
  if (nonAscii) {
    let mapped: string | undefined;
    try {
      mapped = uri.replace(/[^\x00-\x7f]+/g, (run) => percentEncode(run, 'fragment'));
    } catch {
      mapped = undefined; // a lone surrogate: no UTF-8, so no mapping
    }
    const fix = mapped !== undefined && isValid(mapped, { rule }) ? { replacement: mapped, start: 0, end: uri.length } : undefined;
    out.push({ code: 'non-ascii', message: 'non-ASCII characters: an IRI, not a URI; map it to a URI by percent-encoding them as UTF-8 (RFC 3987 3.1)', start: nonAscii.index, end: nonAscii.index + nonAscii[0].length, fix });
  }
  if (parsed.ok) {
    const r = parsed.value;
    if (r.scheme?.toLowerCase() === 'url') {
      const rest = uri.slice(r.spans.scheme![1] + 1).replace(/^\s+/, '');
      if (isValid(rest, { rule: 'URI' })) {
        out.push({ code: 'url-prefix', message: 'the "URL:" prefix is not part of the URI (RFC 3986 Appendix C)', start: 0, end: uri.length - rest.length, fix: { replacement: '', start: 0, end: uri.length - rest.length } });
      }
    }
    securityDiagnostics(uri, r, out);
    normalizationDiagnostics(uri, r, out);
    // "URL:" there is a prefix, not a scheme to lower-case: keep the two fixes from overlapping.
    if (out.some((d) => d.code === 'url-prefix')) {
      const i = out.findIndex((d) => d.code === 'uppercase-scheme');
      if (i >= 0) out.splice(i, 1);
    }
  }
  const result: Diagnostic[] = [];
  for (const d of out) {
    const setting = options.rules?.[d.code];
    if (setting === 'off') continue;
    const defaults = LINT_RULES[d.code];
    result.push({ ...d, severity: setting ?? defaults.severity, section: defaults.section });
  }
  return result.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Applies the fixes of `diagnostics` to `uri` (they do not overlap). */
export function applyFixes(uri: string, diagnostics: readonly Diagnostic[]): string {
  const fixes = diagnostics
    .map((d) => d.fix)
    .filter((f): f is NonNullable<Diagnostic['fix']> => f !== undefined)
    .sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const f of fixes) {
    if (f.start < at) throw new Error(`overlapping fixes at offset ${f.start}`);
    out += uri.slice(at, f.start) + f.replacement;
    at = f.end;
  }
  return out + uri.slice(at);
}
