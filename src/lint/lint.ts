/**
 * Linting: every problem in a URI reference, with its range, a stable code,
 * a severity, the RFC section behind it and, where there is one, the fix.
 * The rules are documented, with a bad and a good example each, in
 * docs/lint-rules.md (which the tests run).
 *
 * The normalization rules are explainNormalize's steps seen from the input:
 * each step's changes, in input coordinates, are its diagnostics, and each
 * region of the input that normalization replaces is one fix. So the fixes
 * never overlap, and applied together they give exactly normalize()'s result;
 * a change that an earlier step made inside a region a later step rewrites
 * (a "%7e" in a path whose dot segments are removed) is part of that later
 * fix. Fixes of other rules that would overlap one of those (or one another)
 * are left off their diagnostics: lint() never returns overlapping fixes.
 */
import { explainNormalizeWithRegions, SCHEME_DEFAULTS, type NormalizeStepName } from '../operations/normalize';
import { isValid, matches, tryParse, type UriRecord } from '../core/parse';
import type { UriRuleName } from '../core/rules';
import { grammarEntry, REFERENCE_RULES, RFC3986_AUTOMATA, type GeneratedGrammar } from '../core/grammars';
import { toPegName } from '../core/rule-names';
import { percentEncode, percentEncodeExcept } from '../encoding/percent-encoding';
import { PercentEncodingError, UriSyntaxError } from '../core/errors';
import { diagnose } from '../core/diagnose';
import { replaceSpans } from '../encoding/code-units';
import { located } from '../core/records';
import { DEFAULT_MASK } from '../operations/redact';
import { forEachTriplet, tripletOctet } from '../encoding/triplets';
import { boolean, checkOptions, describeValue, oneOf, recordOf, type OptionCheck, type OptionSpec } from '../core/options';
import { whatwgDiagnostics } from '../whatwg/lint-rules';
import { templateDiagnostics } from '../template/places';
import { availableSchemeCheck } from '../core/scheme-checks';
import type { SchemeComponents } from '../schemes/types';

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

/**
 * What a rule's fix is (for the rules that have one): 'safe', the same URI
 * written as normalization writes it (RFC 3986 6.2.2, 6.2.3), which a tool may
 * apply unasked; 'suggestion', a different string that is probably what was
 * meant, which a person should confirm (ESLint's suggestions).
 */
export type FixKind = 'safe' | 'suggestion';

/**
 * The presets, each a superset of the one before: 'recommended', what an author should act on (the errors and
 * warnings: a URI that is wrong, unsafe, or written in a form that only browsers accept; but encoded-slash), the
 * command line's and ESLint's default; 'normalize', those and the normalization rules (cosmetic: the same URI
 * written as RFC 3986 section 6 writes it, with safe fixes); 'strict', every rule (also encoded-slash, the infos
 * that are only context: an IPv6 zone identifier, another protocol's port; and the opt-in rules, whatwg-differs).
 * lint() without a preset runs every rule but the opt-in ones. A rule says the first preset that has it
 * (`preset`), so that a new rule is one line of LINT_RULES.
 */
export const LINT_PRESET_NAMES = ['recommended', 'normalize', 'strict'] as const;
export type LintPreset = (typeof LINT_PRESET_NAMES)[number];

interface RuleMetadata {
  readonly severity: Severity;
  readonly section: string;
  readonly fix?: FixKind;
  /** The first preset that turns the rule on (and every later one does too). */
  readonly preset: LintPreset;
  /** A group whose severity can be set at once (`rules: { 'browser-accepted': 'error' }`). */
  readonly group?: LintGroup;
  /** Off in lint() without a preset, unless `rules` switches it on: an opt-in rule (on in the presets that have it). */
  readonly defaultOff?: true;
}

/**
 * The groups of rules that a setting can name at once: 'browser-accepted', the forms that browsers accept
 * but RFC 3986 does not (non-ASCII characters, and characters such as "|", "^" or a second "#" that a
 * browser sends as written or encodes itself); 'normalization', the rules whose fixes write the URI as
 * normalize() does. A setting of a rule wins over one of its group.
 */
export const LINT_GROUPS = ['browser-accepted', 'normalization'] as const;
export type LintGroup = (typeof LINT_GROUPS)[number];

export const LINT_RULES = {
  syntax: { severity: 'error', section: 'RFC 3986 3, 4', fix: 'suggestion', preset: 'recommended' },
  'non-ascii': { severity: 'warning', section: 'RFC 3987 3.1', fix: 'suggestion', preset: 'recommended', group: 'browser-accepted' },
  'unencoded-character': { severity: 'warning', section: 'RFC 3986 2, 2.1', fix: 'suggestion', preset: 'recommended', group: 'browser-accepted' },
  'url-prefix': { severity: 'warning', section: 'RFC 3986 Appendix C', fix: 'suggestion', preset: 'recommended' },
  'zone-identifier': { severity: 'info', section: 'RFC 6874', preset: 'strict' },
  'html-character-reference': { severity: 'warning', section: 'RFC 3986 2; HTML 13.1.4', fix: 'suggestion', preset: 'recommended' },
  'disallowed-scheme': { severity: 'error', section: 'RFC 3986 3.1, 7.1', preset: 'recommended' },
  'empty-host': { severity: 'error', section: 'RFC 9110 4.2.1, 4.2.2; RFC 6455 3; RFC 1738 3.1', preset: 'recommended' },
  'port-out-of-range': { severity: 'error', section: 'RFC 3986 3.2.3; RFC 9293 3.1', preset: 'recommended' },
  'invalid-dns-name': { severity: 'warning', section: 'RFC 1035 2.3.1, 2.3.4; RFC 1123 2.1; RFC 3986 3.2.2', preset: 'recommended' },
  'password-in-userinfo': { severity: 'warning', section: 'RFC 3986 3.2.1, 7.5', fix: 'suggestion', preset: 'recommended' },
  'userinfo-looks-like-host': { severity: 'warning', section: 'RFC 3986 7.6', preset: 'recommended' },
  'ambiguous-ip-form': { severity: 'warning', section: 'RFC 3986 7.4', preset: 'recommended' },
  'encoded-control': { severity: 'warning', section: 'RFC 3986 7.3', preset: 'recommended' },
  // A warning for a server's URIs, but in documents almost always deliberate (a URL encoded in a path, a package
  // scope: 64 of 72 findings on a node_modules, docs/lint-signal.md): on in 'strict' only.
  'encoded-slash': { severity: 'warning', section: 'RFC 3986 7.3', preset: 'strict' },
  'unusual-port': { severity: 'info', section: 'RFC 3986 7.2', preset: 'strict' },
  'long-reg-name': { severity: 'warning', section: 'RFC 3986 3.2.2', preset: 'recommended' },
  'lowercase-percent-encoding': { severity: 'info', section: 'RFC 3986 2.1, 6.2.2.1', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'percent-encoded-unreserved': { severity: 'info', section: 'RFC 3986 2.3, 6.2.2.2', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'uppercase-scheme': { severity: 'info', section: 'RFC 3986 3.1, 6.2.2.1', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'uppercase-host': { severity: 'info', section: 'RFC 3986 3.2.2, 6.2.2.1', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'dot-segments': { severity: 'info', section: 'RFC 3986 5.2.4, 6.2.2.3', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'empty-port': { severity: 'info', section: 'RFC 3986 3.2.3, 6.2.3', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'default-port': { severity: 'info', section: 'RFC 3986 3.2.3, 6.2.3', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'empty-path': { severity: 'info', section: 'RFC 3986 6.2.3', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'whatwg-host-differs': { severity: 'error', section: 'WHATWG URL (Host parsing, URL parsing); RFC 3986 3.2, 7', preset: 'recommended' },
  'whatwg-differs': { severity: 'warning', section: 'WHATWG URL (URL parsing); RFC 3986 3, 6.2', preset: 'strict', defaultOff: true },
  // Only where a document says a string is a URI Template (lint(t, { template: true })): RFC 6570's syntax.
  'uri-template': { severity: 'error', section: 'RFC 6570 2', preset: 'recommended' },
  // A URI of a scheme urigram has a grammar for (src/schemes/): its RFC's syntax, its recommendations, its normal case.
  'scheme-syntax': { severity: 'error', section: 'RFC 6068 2, 5; RFC 8141 2, 2.3.1; RFC 2397 3; RFC 8089 2; RFC 9110 4.2', fix: 'suggestion', preset: 'recommended' },
  'scheme-recommendation': { severity: 'warning', section: 'RFC 6068 2, 5; RFC 8141 2.3.1, 5.1, 5.2; RFC 9110 4.2.4', preset: 'recommended' },
  'uppercase-nid': { severity: 'info', section: 'RFC 8141 2.1, 3', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'uppercase-mail-domain': { severity: 'info', section: 'RFC 6068 2; RFC 5321 2.4', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'uppercase-hfname': { severity: 'info', section: 'RFC 6068 2', fix: 'safe', preset: 'normalize', group: 'normalization' },
} as const satisfies Record<string, RuleMetadata>;

export type LintCode = keyof typeof LINT_RULES;

/** Whether a preset turns a rule on (every preset from the rule's own on). */
export function presetHas(preset: LintPreset, code: LintCode): boolean {
  return LINT_PRESET_NAMES.indexOf(preset) >= LINT_PRESET_NAMES.indexOf((LINT_RULES[code] as RuleMetadata).preset);
}

/**
 * Each preset as the setting of every rule: its severity where the preset has the rule, else 'off'. Read off
 * LINT_RULES (each rule's `preset`); a `rules` option or an ESLint `codes` option can start from one
 * (`{ ...LINT_PRESETS.strict }`).
 */
export const LINT_PRESETS: Readonly<Record<LintPreset, Readonly<Record<LintCode, RuleSetting>>>> = Object.fromEntries(
  LINT_PRESET_NAMES.map((preset) => [preset, Object.fromEntries((Object.keys(LINT_RULES) as LintCode[]).map((code) => [code, presetHas(preset, code) ? LINT_RULES[code].severity : 'off']))]),
) as Record<LintPreset, Record<LintCode, RuleSetting>>;

/** Named scheme lists for the `schemes` option. */
export const SCHEME_PRESETS = {
  /** Only https: no http, ftp, ws or anything else. */
  'https-only': ['https'],
} as const satisfies Record<string, readonly string[]>;

/** A setting of a rule: off, or the severity it is reported with. */
export type RuleSetting = 'off' | Severity;

export interface LintOptions {
  /** The rule the input must match (default URI-reference). */
  readonly rule?: UriRuleName;
  /**
   * The rules on, by preset (LINT_PRESETS): 'recommended', 'normalize' or 'strict'. Default: every rule but
   * the opt-in ones (whatwg-differs); the command line and ESLint default to 'recommended'.
   */
  readonly preset?: LintPreset;
  /**
   * Switch a rule or a group of rules (LINT_GROUPS) on or off, or give it another severity; a rule's own setting
   * wins over its group's, and both over the preset. A rule the preset leaves off is on when given a severity.
   */
  readonly rules?: Partial<Readonly<Record<LintCode | LintGroup, RuleSetting>>>;
  /**
   * The schemes a URI may have (compared case-insensitively), or the name of
   * a preset of SCHEME_PRESETS ('https-only'); any other scheme is a
   * `disallowed-scheme`. Relative references have no scheme and pass.
   */
  readonly schemes?: readonly string[] | keyof typeof SCHEME_PRESETS;
  /**
   * true: the input is a URI Template (RFC 6570), where a document says a
   * string is one (urigram lint --extract, the ESLint rule
   * valid-uri-template): it is checked as a template (code `uri-template`),
   * and the rules of URIs do not apply to it. Default false.
   */
  readonly template?: boolean;
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

/**
 * Schemes whose authority names a host looked up in the DNS and a TCP port
 * (coap and coaps: a UDP port, of the same 16 bits): the schemes of
 * SCHEME_DEFAULTS and other common ones. For port-out-of-range and
 * invalid-dns-name; other schemes' authorities are left alone.
 */
const DNS_PORT_SCHEMES: ReadonlySet<string> = new Set([
  ...Object.keys(SCHEME_DEFAULTS),
  'ftps', 'sftp', 'ssh', 'git', 'irc', 'ircs', 'imap', 'imaps', 'pop', 'pops', 'smtp', 'nntp', 'rtsp', 'ldaps',
  'redis', 'rediss', 'mysql', 'postgres', 'postgresql', 'mongodb', 'amqp', 'amqps', 'mqtt', 'mqtts',
]);

/** Schemes whose specifications forbid an empty host (RFC 9110 4.2.1 and 4.2.2, RFC 6455 3, RFC 1738 3.1). */
const HOST_REQUIRED_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ws', 'wss', 'ftp']);

/** lint's code for each normalization step. */
const STEP_CODES: Readonly<Record<NormalizeStepName, LintCode>> = {
  'decode-unreserved': 'percent-encoded-unreserved',
  'uppercase-percent-encoding': 'lowercase-percent-encoding',
  'lowercase-scheme': 'uppercase-scheme',
  'lowercase-host': 'uppercase-host',
  'remove-dot-segments': 'dot-segments',
  'remove-empty-port': 'empty-port',
  'remove-default-port': 'default-port',
  'empty-path-to-slash': 'empty-path',
  'lowercase-urn-nid': 'uppercase-nid',
  'lowercase-mailto-domain': 'uppercase-mail-domain',
  'lowercase-mailto-hfname': 'uppercase-hfname',
};

type Fix = NonNullable<Diagnostic['fix']>;
/** Adds a diagnostic, made once in its final form (a URI of many "%XX" has one per triplet). */
/** `section`: the finding's own section, where a rule's findings cite different ones (a scheme's problems); default the rule's. */
type Report = (code: LintCode, message: string, start: number, end: number, fix?: Fix, section?: string) => void;

/**
 * The normalization rules: explainNormalize's changes, in input coordinates.
 * A change inside a region that a later step rewrote (a "%7e" in a host that
 * is then lower-cased) is part of that step's change and is not reported on
 * its own; each replaced region is one fix, on the diagnostic of the step
 * that wrote it last.
 */
function normalizationDiagnostics(input: string, r: UriRecord, report: Report, sameRule: boolean, schemeComponents: SchemeComponents | undefined): void {
  // The record is normalization's own (rfc3986, URI-reference) when lint parsed by that rule: not parsed twice; so
  // are the scheme's components, which scheme-syntax read.
  const { result, changes, regions } = explainNormalizeWithRegions(input, undefined, sameRule ? r : undefined, schemeComponents);
  const scheme = r.scheme?.toLowerCase();
  const emptyHost = scheme !== undefined && HOST_REQUIRED_SCHEMES.has(scheme) && r.host === '';
  // A URI of many percent-encodings has one diagnostic per triplet, and most triplets repeat: each message is
  // written once per distinct triplet and shared (a 1 MB URI of "%7e" had 333,000 copies of one message).
  let messages: Map<string, string> | undefined;
  const tripletMessage = (name: NormalizeStepName, before: string, make: () => string): string => {
    messages ??= new Map();
    const key = name === 'decode-unreserved' ? before : `${before}\u0000`;
    let m = messages.get(key);
    if (m === undefined) messages.set(key, (m = make()));
    return m;
  };
  for (let k = 0; k < regions.count; k++) {
    // The change that wrote the region last, read from normalization's columns (no step object per triplet).
    const c = regions.step[k];
    const name = changes.stepName(c);
    const before = changes.before(c);
    const fix: Fix = { replacement: result.slice(regions.start[k], regions.end[k]), start: regions.inputStart[k], end: regions.inputEnd[k] };
    let message: string;
    switch (name) {
      case 'decode-unreserved':
        message = tripletMessage(name, before, () => `${before} is the unreserved character ${JSON.stringify(changes.after[c])}: write it as itself`);
        break;
      case 'uppercase-percent-encoding':
        message = tripletMessage(name, before, () => `${before}: percent-encodings are written with upper-case hex digits`);
        break;
      case 'lowercase-scheme':
        message = `the scheme is case-insensitive and normally lower case: ${JSON.stringify(fix.replacement)}`;
        break;
      case 'lowercase-host':
        message = `the host is case-insensitive and normally lower case: ${JSON.stringify(fix.replacement)}`;
        break;
      case 'remove-dot-segments':
        message = `dot segments in the path of a URI: ${JSON.stringify(fix.replacement)} once they are removed`;
        break;
      case 'remove-empty-port':
        message = 'an empty port: the ":" can go';
        break;
      case 'remove-default-port':
        message = `${before.slice(1)} is the default port of ${scheme}: it can go`;
        break;
      case 'empty-path-to-slash':
        // "https://" is not fixed by writing "https:///": the host is what is missing (empty-host).
        if (emptyHost) continue;
        message = `an empty path means "/" for ${scheme}`;
        break;
      case 'lowercase-urn-nid':
        message = `a URN's NID is case-insensitive and compared in lower case: ${JSON.stringify(fix.replacement)}`;
        break;
      case 'lowercase-mailto-domain':
        message = `the domain of an address is case-insensitive and normally lower case: ${JSON.stringify(fix.replacement)}`;
        break;
      case 'lowercase-mailto-hfname':
        message = `a header field name is case-insensitive: ${JSON.stringify(fix.replacement)}`;
        break;
    }
    report(STEP_CODES[name], message, changes.inputStart[c], changes.inputEnd[c], fix);
  }
}

/**
 * A mailto URI whose one address has its "@" percent-encoded ("mailto:joe%40example.com", common in pages that
 * hide addresses from harvesters): the fix that writes the "@", when the URI is then a valid mailto URI; undefined
 * otherwise. Only for an address with no "@" of its own, so that a "%40" inside a quoted local part stays.
 */
function encodedAtFix(input: string, r: UriRecord): Fix | undefined {
  const path = r.spans.path;
  const to = input.slice(path[0], path[1]);
  if (to.includes('@') || to.includes(',')) return undefined;
  const m = /%40/i.exec(to);
  if (m === null || /%40/i.test(to.slice(m.index + 3))) return undefined;
  const start = path[0] + m.index;
  const candidate = `${input.slice(0, start)}@${input.slice(start + 3)}`;
  const parsed = tryParse(candidate);
  if (!parsed.ok) return undefined;
  return availableSchemeCheck(candidate, parsed.value)?.valid === true ? { replacement: '@', start, end: start + 3 } : undefined;
}

/**
 * scheme-syntax and scheme-recommendation: the scheme's grammar and the
 * constraints its RFC states in prose (src/schemes/check.ts), for the schemes
 * urigram has a grammar for (in an ES module bundle, those given to
 * useSchemes()). An http URI's empty host is empty-host's, and its userinfo with
 * a password password-in-userinfo's (while that rule is on): one cause, reported once.
 */
function schemeSyntaxDiagnostics(input: string, r: UriRecord, report: Report, on: (code: LintCode) => boolean): SchemeComponents | undefined {
  const c = availableSchemeCheck(input, r);
  if (c === undefined || c.grammar === undefined) return undefined;
  const e = c.error;
  if (e !== undefined && c.components === undefined) {
    // The scheme grammar refused it: the error says where and what was expected.
    const section = grammarEntry(c.grammar as GeneratedGrammar).section;
    const message = `not a ${c.scheme} URI as ${section} has it: ${e.message}`;
    const at = c.scheme === 'mailto' ? encodedAtFix(input, r) : undefined;
    if (at !== undefined) report('scheme-syntax', `${message}; its "@" is percent-encoded ("%40" is data in an address, RFC 3986 2.2), though mail programs decode it`, at.start, at.end, at, section);
    else report('scheme-syntax', message, e.offset, Math.min(input.length, e.offset + (e.found?.length ?? 0)), undefined, section);
    return undefined;
  }
  // Each problem with its own section (the rule's lists every scheme's).
  for (const p of c.problems) {
    if (p.code === 'http-empty-host' || (p.code === 'http-userinfo' && r.userinfo?.includes(':') === true && on('password-in-userinfo'))) continue;
    report(p.severity === 'error' ? 'scheme-syntax' : 'scheme-recommendation', p.message, p.start, p.end, p.fix, p.section);
  }
  return c.components;
}

/** Calls `each` for every triplet of the components that can hold one (not the scheme or the port). */
function componentTriplets(input: string, r: UriRecord, each: (start: number, octet: number) => void): void {
  for (const name of ['userinfo', 'host', 'path', 'query', 'fragment'] as const) {
    const c = located(r, name);
    if (c !== undefined) forEachTriplet(input, c.start, c.end, each);
  }
}

function securityDiagnostics(input: string, r: UriRecord, report: Report): void {
  const userinfo = r.userinfo === undefined ? undefined : located(r, 'userinfo');
  if (userinfo !== undefined) {
    const { text, start: s, end: e } = userinfo;
    const colon = text.indexOf(':');
    if (colon >= 0) {
      // The fix masks the password as redact() does (its mask, without a second parse): a different URI, so a suggestion.
      const fix: Fix | undefined = colon + 1 < text.length ? { replacement: DEFAULT_MASK, start: s + colon + 1, end: e } : undefined;
      report('password-in-userinfo', 'a password in the userinfo: "user:password" is deprecated and shows the password to anyone who sees the URI', s + colon + 1, e, fix);
    }
    const user = colon >= 0 ? text.slice(0, colon) : text;
    // A label, ".", and a letter, digit or "-": what /^[a-z0-9-]+(\.[a-z0-9-]+)+/i finds, without a group repeated as often as the userinfo has dots (V8 kept a frame for each, and 8 M of them overflowed its stack).
    if (/^[a-z0-9-]+\.[a-z0-9-]/i.test(user)) {
      report('userinfo-looks-like-host', `the userinfo ${JSON.stringify(user)} looks like a host name: the host is ${JSON.stringify(r.host)}`, s, e);
    }
  }
  const host = located(r, 'host');
  if (r.hostKind === 'reg-name' && host !== undefined) {
    if (/^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+)){0,3}\.?$/i.test(host.text)) {
      report('ambiguous-ip-form', `${JSON.stringify(host.text)} is a reg-name to RFC 3986, but many resolvers read it as an IPv4 address`, host.start, host.end);
    }
    if (host.text.length > 255) {
      report('long-reg-name', `a host name of ${host.text.length} characters: DNS allows 255`, host.start, host.end);
    }
  }
  // Without a "%", no triplet: neither the components nor the callbacks are looked at (most URIs).
  if (input.includes('%')) {
    componentTriplets(input, r, (i, octet) => {
      if (octet < 0x20 || octet === 0x7f) {
        report('encoded-control', `${input.slice(i, i + 3)} encodes a control character, which a back end may decode into a different request`, i, i + 3);
      }
    });
    const [ps, pe] = r.spans.path;
    forEachTriplet(input, ps, pe, (i, octet) => {
      if (octet === 0x2f) {
        report('encoded-slash', '%2F in a path segment: some servers decode it into a "/" and read another path', i, i + 3);
      }
    });
  }
  const port = r.port === undefined || r.port === '' ? undefined : located(r, 'port');
  if (port !== undefined) {
    const value = port.text.replace(/^0+(?=\d)/, '');
    const other = OTHER_PROTOCOL_PORTS[value];
    const scheme = r.scheme?.toLowerCase();
    if (other && !(scheme && SCHEME_DEFAULTS[scheme]?.port === value)) {
      report('unusual-port', `port ${value} is where ${other} listens by default, not ${scheme ?? 'this scheme'}`, port.start, port.end);
    }
  }
}

/** The rules about what the scheme says the authority must be. */
function schemeDiagnostics(r: UriRecord, schemes: ReadonlySet<string> | undefined, report: Report): void {
  const scheme = located(r, 'scheme');
  if (scheme === undefined) return;
  const name = scheme.text.toLowerCase();
  if (schemes !== undefined && !schemes.has(name)) {
    const why = schemes.size === 0 ? 'is not allowed: the list of allowed schemes is empty' : `is not one of the allowed schemes: ${[...schemes].join(', ')}`;
    report('disallowed-scheme', `the scheme ${JSON.stringify(scheme.text)} ${why}`, scheme.start, scheme.end);
  }
  const host = located(r, 'host');
  if (host !== undefined && host.text === '' && HOST_REQUIRED_SCHEMES.has(name)) {
    report('empty-host', `an empty host: a ${name} URI must name one (RFC 9110 4.2.1 for http)`, host.start, host.end);
  }
  if (!DNS_PORT_SCHEMES.has(name)) return;
  const port = located(r, 'port');
  // Compared as digits, not as a number: a port of a thousand digits is out of range too.
  const digits = port?.text.replace(/^0+(?=\d)/, '') ?? '';
  if (port !== undefined && (digits.length > 5 || (digits.length === 5 && digits > '65535'))) {
    report('port-out-of-range', `port ${digits.length > 12 ? `${digits.slice(0, 12)}…` : digits} is out of range: TCP ports are 0 to 65535`, port.start, port.end);
  }
  if (host !== undefined && r.hostKind === 'reg-name' && host.text !== '') {
    const problem = dnsNameProblem(host.text);
    if (problem !== undefined) report('invalid-dns-name', `${JSON.stringify(host.text.length > 64 ? `${host.text.slice(0, 64)}…` : host.text)} is not a DNS host name: ${problem}`, host.start, host.end);
  }
}

/**
 * What makes a reg-name not a DNS host name (RFC 1035 2.3.1 as relaxed by RFC
 * 1123 2.1: labels of letters, digits and hyphens, not beginning or ending
 * with a hyphen, at most 63 octets; 2.3.4: at most 253 characters written
 * out, without the final "." of a fully qualified name), or undefined when it
 * is one. Triplets of ASCII are read as their characters; a name with
 * non-ASCII octets is an internationalized name, for IDNA, and not judged.
 */
/** A DNS name as most hosts write it: letter-digit-hyphen labels of 1 to 63, no hyphen at either end, an optional final dot. */
const PLAIN_DNS_NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.?$/;

function dnsNameProblem(host: string): string | undefined {
  // The common case in one test; anything else is looked at label by label below.
  if (host.length <= 253 && PLAIN_DNS_NAME.test(host)) return undefined;
  let name = host;
  if (host.includes('%')) {
    let ascii = true;
    forEachTriplet(host, 0, host.length, (_i, octet) => {
      ascii &&= octet < 0x80;
    });
    if (!ascii) return undefined;
    name = host.replace(/%[0-9A-Fa-f]{2}/g, (t) => String.fromCharCode(tripletOctet(t, 0)));
  }
  if (/[^\x00-\x7f]/.test(name)) return undefined;
  const written = name.endsWith('.') ? name.slice(0, -1) : name;
  // long-reg-name already says so past 255.
  if (written.length > 253 && host.length <= 255) return `${written.length} characters, where DNS allows 253`;
  let at = 0;
  for (const label of written.split('.')) {
    if (label === '') return `an empty label at offset ${at}`;
    if (label.length > 63) return `a label of ${label.length} characters, where DNS allows 63`;
    const bad = /[^A-Za-z0-9-]/.exec(label);
    if (bad) return `${JSON.stringify(bad[0])} in a label, where DNS names have letters, digits and "-"`;
    if (label.startsWith('-') || label.endsWith('-')) return `the label ${JSON.stringify(label)} begins or ends with "-"`;
    at += label.length + 1;
  }
  return undefined;
}

/**
 * HTML character references left in a URI copied from HTML source: the named
 * ones that turn up in URIs, and numeric ones. Bounded repetitions: one pass.
 */
const CHARACTER_REFERENCE = /&(?:(amp|lt|gt|quot|apos|nbsp)|#([0-9]{1,7})|#[xX]([0-9A-Fa-f]{1,6}));/g;
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

/**
 * ASCII characters no rule takes as themselves, whose percent-encoding is the one cure when they are in the path,
 * query or fragment. (That no rule of grammar/rfc3986.abnf has them is checked against the ABNF in test/lint.test.ts.)
 */
export const ENCODABLE_ILLEGAL_CHARACTERS = ' {}|^`';
const ENCODABLE_ILLEGAL = new RegExp(`[${ENCODABLE_ILLEGAL_CHARACTERS.replace(/[\\\]^-]/g, '\\$&')}]`);

/** For each ASCII character, 1 when it is kept as it is: every one but `encoded`. */
function keepAsciiBut(encoded: string): Uint8Array {
  const keep = new Uint8Array(128).fill(1);
  for (const c of encoded) keep[c.charCodeAt(0)] = 0;
  return keep;
}

/** RFC 3987 3.1's mapping: every non-ASCII character percent-encoded as UTF-8, every ASCII one kept. */
const KEEP_ASCII = keepAsciiBut('');
/** The syntax fix: that, and the characters of ENCODABLE_ILLEGAL encoded too. */
const KEEP_LEGAL_ASCII = keepAsciiBut(ENCODABLE_ILLEGAL_CHARACTERS);

/**
 * The text with those characters percent-encoded (one pass into one typed array, with no string per run:
 * a line of a million spaces and letters), or undefined when there is no such text: a lone surrogate has
 * no UTF-8, and an encoding longer than the engine's longest string is a RangeError.
 */
function encodeAllBut(text: string, keep: Uint8Array): string | undefined {
  try {
    return percentEncodeExcept(text, keep);
  } catch (e) {
    if (e instanceof PercentEncodingError || e instanceof RangeError) return undefined;
    throw e;
  }
}

/** A drive letter of RFC 8089 E.2.2 with its "|": "c|" at the start of a file URI's path, after "file:", "file:/" or "//authority/". */
const OLD_DRIVE_LETTER = /^file:(?:\/\/[^/?#]*)?\/?[A-Za-z]\|/i;

/**
 * The fix of a file URI's old drive letter, "file:///c|/path" (RFC 8089
 * E.2.2: "To update such an old URI, replace the vertical line "|" with a
 * colon ":""), when the parser stopped at its "|" and the URI with a ":" is
 * valid; undefined otherwise. The "|" would otherwise be an
 * unencoded-character with the fix %7C, which is not what RFC 8089 says.
 */
function driveLetterFix(uri: string, rule: UriRuleName, offset: number): Fix | undefined {
  const m = OLD_DRIVE_LETTER.exec(uri);
  if (m === null || m[0].length - 1 !== offset) return undefined;
  const replaced = `${uri.slice(0, offset)}:${uri.slice(offset + 1)}`;
  return isValid(replaced, { rule }) ? { replacement: ':', start: offset, end: offset + 1 } : undefined;
}

/**
 * The fix of a syntax error: the characters of ENCODABLE_ILLEGAL percent-encoded as UTF-8 (from the first to
 * the last of them, with any non-ASCII characters between, as RFC 3987 3.1 maps them), when that makes the
 * input valid (its non-ASCII characters encoded too: those are non-ascii's to report) and every one of them
 * is in the path, the query or the fragment (a space in a host is no typo that "%20" cures). Only tried when
 * the parser stopped at one of them or at a non-ASCII character: on any other error there is no one cure,
 * and no second parse is spent.
 */
function syntaxFix(uri: string, rule: UriRuleName, offset: number): Fix | undefined {
  const stopped = uri.charCodeAt(offset);
  if (!(stopped > 0x7f || (offset < uri.length && ENCODABLE_ILLEGAL.test(uri[offset])))) return undefined;
  let start = 0;
  while (start < uri.length && !ENCODABLE_ILLEGAL.test(uri[start])) start++;
  if (start === uri.length || start < BEFORE_PATH.exec(uri)![0].length) return undefined;
  let end = uri.length;
  while (end > start && !ENCODABLE_ILLEGAL.test(uri[end - 1])) end--;
  const whole = encodeAllBut(uri, KEEP_LEGAL_ASCII);
  // isValid: the recognizer, without the traced run that explains a rejection.
  if (whole === undefined || !isValid(whole, { rule })) return undefined;
  const replacement = encodeAllBut(uri.slice(start, end), KEEP_LEGAL_ASCII);
  return replacement === undefined ? undefined : { replacement, start, end };
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

/** The `schemes` option: a preset's name, or an array of scheme names. */
const schemeList: OptionCheck = (value) => {
  if (typeof value === 'string') return Object.prototype.hasOwnProperty.call(SCHEME_PRESETS, value) ? undefined : `must be an array of schemes or ${Object.keys(SCHEME_PRESETS).map((k) => JSON.stringify(k)).join(', ')}, got ${describeValue(value)}`;
  if (!Array.isArray(value)) return `must be an array of schemes or the name of a preset, got ${describeValue(value)}`;
  const bad = value.find((v) => typeof v !== 'string' || !matches('scheme', v));
  return bad === undefined ? undefined : `must hold schemes (RFC 3986 3.1), got ${describeValue(bad)}`;
};

const LINT_OPTIONS: OptionSpec = {
  rule: oneOf(REFERENCE_RULES.rfc3986),
  preset: oneOf(LINT_PRESET_NAMES),
  rules: recordOf([...Object.keys(LINT_RULES), ...LINT_GROUPS], 'lint rules', oneOf(['off', 'error', 'warning', 'info'])),
  schemes: schemeList,
  template: boolean,
};

/** The rules of a group. */
export function rulesOfGroup(group: LintGroup): LintCode[] {
  return (Object.keys(LINT_RULES) as LintCode[]).filter((code) => (LINT_RULES[code] as RuleMetadata).group === group);
}

/**
 * Each rule's setting by a preset and a `rules` map: the preset's (a rule it leaves off is 'off', one it has on
 * its own severity; without a preset, every rule on but the opt-in ones), then a group's setting, then the
 * rule's own. Undefined without a preset or settings (then only the opt-in rules are off). Kept per options
 * object: a linter that passes one object for each of a file's URIs works it out once.
 */
function resolvedSettings(options: LintOptions): Readonly<Record<LintCode, RuleSetting>> | undefined {
  if (options.preset === undefined && options.rules === undefined) return undefined;
  const cached = settingsCache.get(options);
  if (cached !== undefined) return cached;
  const rules = options.rules ?? {};
  const out = {} as Record<LintCode, RuleSetting>;
  for (const code of Object.keys(LINT_RULES) as LintCode[]) {
    const meta = LINT_RULES[code] as RuleMetadata;
    const own = rules[code] ?? (meta.group !== undefined ? rules[meta.group] : undefined);
    const inPreset = options.preset === undefined ? meta.defaultOff !== true : presetHas(options.preset, code);
    out[code] = own ?? (inPreset ? meta.severity : 'off');
  }
  settingsCache.set(options, out);
  return out;
}

const settingsCache = new WeakMap<LintOptions, Readonly<Record<LintCode, RuleSetting>>>();

/** Whether two fixes cannot both be applied: they share a character, or begin at the same offset (an insertion there would go on either side). */
function conflicts(x: Fix, y: Fix): boolean {
  if (x.start === y.start) return true;
  return x.start < y.start ? y.start < x.end : x.start < y.end;
}

/**
 * Leaves off the fixes that would overlap: the safe ones (normalization's,
 * which never overlap one another) all stay; a suggestion stays when it
 * overlaps none of them and no suggestion before it. One sort and a binary
 * search per suggestion.
 */
function dropOverlappingFixes(out: Diagnostic[]): Diagnostic[] {
  const suggested: number[] = [];
  out.forEach((d, k) => {
    if (d.fix !== undefined && (LINT_RULES[d.code] as RuleMetadata).fix !== 'safe') suggested.push(k);
  });
  // None (a URI of many "%XX" has only safe fixes): no list of the safe ones either.
  if (suggested.length === 0) return out;
  const safe: Fix[] = [];
  for (const d of out) if (d.fix !== undefined && (LINT_RULES[d.code] as RuleMetadata).fix === 'safe') safe.push(d.fix);
  safe.sort((a, b) => a.start - b.start);
  suggested.sort((a, b) => (out[a].fix as Fix).start - (out[b].fix as Fix).start || a - b);
  let last: Fix | undefined;
  const result = out.slice();
  for (const k of suggested) {
    const f = out[k].fix as Fix;
    // The first safe fix that ends at or after f begins: only it and the two after it can touch f.
    let lo = 0;
    let hi = safe.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (safe[mid].end < f.start) lo = mid + 1;
      else hi = mid;
    }
    let clash = last !== undefined && conflicts(last, f);
    for (let j = lo; !clash && j < safe.length && j < lo + 3; j++) clash = conflicts(safe[j], f);
    if (clash) result[k] = withoutFix(out[k]);
    else last = f;
  }
  return result;
}

const RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, error: 2 };

/**
 * Without a WHATWG rule's diagnostic over exactly the range of another rule's
 * (but `syntax`) of the same or a higher severity: one cause, already
 * reported (an empty host, a port out of range).
 */
function withoutRepeatedCauses(out: Diagnostic[]): Diagnostic[] {
  const whatwg = (d: Diagnostic) => d.code === 'whatwg-host-differs' || d.code === 'whatwg-differs';
  if (!out.some(whatwg)) return out;
  const ranges = new Map<string, number>();
  // Not syntax: that one says RFC 3986 refuses the URI, a WHATWG rule where a browser goes with it.
  for (const d of out) if (!whatwg(d) && d.code !== 'syntax') ranges.set(`${d.start}:${d.end}`, Math.max(ranges.get(`${d.start}:${d.end}`) ?? -1, RANK[d.severity]));
  return out.filter((d) => !whatwg(d) || (ranges.get(`${d.start}:${d.end}`) ?? -1) < RANK[d.severity]);
}

/** The diagnostic without its fix (no `fix` key, as a diagnostic that never had one). */
export function withoutFix(d: Diagnostic): Diagnostic {
  const { code, severity, message, start, end, section } = d;
  return { code, severity, message, start, end, section };
}

/** Any code unit outside ASCII (without the "u" flag: a quick test, before the exact look). */
const NOT_ASCII = /[^\x00-\x7f]/;

/** Lints one URI reference. */
export function lint(uri: string, options: LintOptions = {}): Diagnostic[] {
  if (typeof uri !== 'string') throw new TypeError(`expected the URI as a string, got ${typeof uri}`);
  checkOptions('lint', options, LINT_OPTIONS);
  if (options.template === true) {
    const setting = options.rules?.['uri-template'];
    if (setting === 'off') return [];
    return templateDiagnostics(uri).map((d) => (setting === undefined ? d : { ...d, severity: setting }));
  }
  const rule = options.rule ?? 'URI-reference';
  const allowed = options.schemes === undefined ? undefined : new Set((typeof options.schemes === 'string' ? SCHEME_PRESETS[options.schemes] : options.schemes).map((x) => x.toLowerCase()));
  const settings = resolvedSettings(options);
  /** Whether a rule reports: on in the settings, or, without any, not an opt-in rule. */
  const on = (code: LintCode): boolean => (settings !== undefined ? settings[code] !== 'off' : (LINT_RULES[code] as RuleMetadata).defaultOff !== true);
  let out: Diagnostic[] = [];
  // Each diagnostic is made once, with its severity and section: a URI of many "%XX" has one per triplet.
  // A rule that is off is still made here and left out at the end: its fixes still keep others' from overlapping them.
  const report: Report = (code, message, start, end, fix, section = LINT_RULES[code].section) => {
    const setting = settings?.[code];
    const severity = setting === undefined || setting === 'off' ? LINT_RULES[code].severity : setting;
    out.push(fix === undefined ? { code, severity, message, start, end, section } : { code, severity, message, start, end, section, fix });
  };
  const parsed = tryParse(uri, { rule });
  if (!parsed.ok) {
    syntaxDiagnostics(uri, rule, parsed.error, report);
    const zone = zoneIdentifier(uri);
    if (zone) {
      report('zone-identifier', 'an IPv6 zone identifier (RFC 6874, since obsoleted by RFC 9844) is not part of RFC 3986 and is meaningful only on one host', zone[0], zone[1]);
    }
  }
  characterReferenceDiagnostics(uri, rule, parsed.ok, report);
  // Where browsers read it otherwise (src/whatwg/): for URI references only (the rule's parse is the comparison's).
  if (rule === 'URI-reference' && (on('whatwg-host-differs') || on('whatwg-differs'))) whatwgDiagnostics(uri, parsed, report);
  if (parsed.ok) {
    const r = parsed.value;
    const scheme = located(r, 'scheme');
    if (scheme?.text.toLowerCase() === 'url') {
      const rest = uri.slice(scheme.end + 1).replace(/^\s+/, '');
      if (isValid(rest, { rule: 'URI' })) {
        report('url-prefix', 'the "URL:" prefix is not part of the URI (RFC 3986 Appendix C)', 0, uri.length - rest.length, { replacement: '', start: 0, end: uri.length - rest.length });
      }
    }
    schemeDiagnostics(r, allowed, report);
    const schemeComponents = schemeSyntaxDiagnostics(uri, r, report, on);
    securityDiagnostics(uri, r, report);
    normalizationDiagnostics(uri, r, report, rule === 'URI-reference', schemeComponents);
    // "URL:" there is a prefix, not a scheme to lower-case: keep the two fixes from overlapping.
    if (out.length > 0 && out.some((d) => d.code === 'url-prefix')) {
      const i = out.findIndex((d) => d.code === 'uppercase-scheme');
      if (i >= 0) out.splice(i, 1);
    }
  }
  // Nothing to report (most URIs): no fixes to weigh, nothing to grade or sort.
  if (out.length === 0) return [];
  if (out.length > 1) out = withoutRepeatedCauses(out);
  out = dropOverlappingFixes(out);
  if (out.some((d) => !on(d.code))) out = out.filter((d) => on(d.code));
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * The findings of a URI that does not parse, one per cause (issue 37): a URI that only its non-ASCII characters
 * keep from being one is an IRI, one `non-ascii` finding (not a syntax error as well); one that characters
 * browsers accept keep from being one (a "|", "^", "{", "}", "`", "[" or "]" in the path, query or fragment, a
 * second "#") is an `unencoded-character` finding, with the encoded form as its fix; any other is a `syntax`
 * error, where the URI with its non-ASCII characters percent-encoded fails (those are a `non-ascii` finding of
 * their own), named by the component the user sees there (see userViewError).
 */
function syntaxDiagnostics(uri: string, rule: UriRuleName, error: UriSyntaxError, report: Report): void {
  // A file URI's old drive letter ("file:///c|/path"): a syntax error whose fix is RFC 8089 E.2.2's ":", not the
  // "%7C" of a "|" that browsers accept elsewhere.
  const drive = driveLetterFix(uri, rule, error.offset);
  if (drive !== undefined) {
    const e = userViewError(uri, rule, error);
    report('syntax', e.message, e.offset, e.offset + (e.found?.length ?? 0), drive);
    return;
  }
  const browser = browserAcceptedForm(uri, rule);
  if (browser !== undefined) {
    // One finding per cause: non-ascii's fix is the IRI's whole URI mapping (RFC 3987 3.1), the other characters
    // encoded too; unencoded-character is one finding, on the first such character, its fix the span from the first
    // to the last encoded. (With HTML character references in the URI, another cause whose fixes lie in that span,
    // it comes without one: those are fixed first, and the next run offers it.)
    const { mapped, nonAscii, ascii } = browser;
    if (nonAscii >= 0) report('non-ascii', nonAsciiMessage(uri, nonAscii), nonAscii, nonAscii + codePointLength(uri, nonAscii), { replacement: mapped, start: 0, end: uri.length });
    if (ascii.length > 0) {
      const first = ascii[0];
      const last = ascii[ascii.length - 1] + 1;
      let fix: Fix | undefined;
      if (nonAscii < 0 && !CHARACTER_REFERENCE_START.test(uri)) {
        let replacement = '';
        for (let i = first, k = 0; i < last; i++) replacement += i === ascii[k] ? (k++, tripletOf(uri.charCodeAt(i))) : uri[i];
        fix = { replacement, start: first, end: last };
      }
      report('unencoded-character', unencodedMessage(uri, ascii), first, first + 1, fix);
    }
    return;
  }
  // With the "u" flag: a character outside the BMP is one match, both of its surrogates.
  const nonAscii = NOT_ASCII.test(uri) ? /[^\x00-\x7f]/u.exec(uri) : null;
  let e = error;
  if (nonAscii) {
    report('non-ascii', nonAsciiMessage(uri, nonAscii.index), nonAscii.index, nonAscii.index + nonAscii[0].length);
    // Where the URI fails once its non-ASCII characters are what a URI makes of them (a lone surrogate has no UTF-8: as it is).
    const mapped = encodeAllBut(uri, KEEP_ASCII);
    const again = mapped === undefined ? undefined : tryParse(mapped, { rule });
    if (mapped !== undefined && again !== undefined && !again.ok) e = inInput(uri, userViewError(mapped, rule, again.error));
  } else {
    e = userViewError(uri, rule, e);
  }
  report('syntax', e.message, e.offset, e.offset + (e.found?.length ?? 0), syntaxFix(uri, rule, e.offset));
}

/** The length in code units of the code point at `i`. */
function codePointLength(text: string, i: number): number {
  return (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
}

function nonAsciiMessage(uri: string, at: number): string {
  const ch = String.fromCodePoint(uri.codePointAt(at) ?? 0);
  const encoded = encodeAllBut(ch, KEEP_ASCII);
  return `non-ASCII characters: an IRI (RFC 3987), which browsers accept; a URI has them percent-encoded as UTF-8${encoded === undefined ? '' : ` (${JSON.stringify(ch)} is ${JSON.stringify(encoded)})`}`;
}

/** A numeric or named HTML character reference, as CHARACTER_REFERENCE finds them: whether the URI has one. */
const CHARACTER_REFERENCE_START = /&(?:amp|lt|gt|quot|apos|nbsp|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});/;

function unencodedMessage(uri: string, ascii: readonly number[]): string {
  const ch = uri[ascii[0]];
  const what = ch === '#' ? 'a second "#"' : JSON.stringify(ch);
  const section = ch === '#' ? 'RFC 3986 3.5' : 'RFC 3986 2';
  if (ascii.length === 1) return `${what} is not allowed in a URI (${section}); browsers accept it; percent-encoded, it is "${tripletOf(ch.charCodeAt(0))}"`;
  const others = [...new Set(ascii.slice(1).map((i) => uri[i]))].filter((c) => c !== ch || ch === '#');
  const list = others.length === 0 ? '' : ` (${others.map((c) => JSON.stringify(c)).join(', ')})`;
  return `${what} and ${ascii.length - 1} more${list} are not allowed in a URI (${section}); browsers accept them; percent-encoded, ${JSON.stringify(ch)} is "${tripletOf(ch.charCodeAt(0))}"`;
}

/**
 * ASCII characters that no rule of RFC 3986 has but that browsers accept in a path, query or fragment (the
 * WHATWG URL parser keeps them as written or percent-encodes them itself). A second "#" is one too.
 */
const BROWSER_ACCEPTED = new Set(['{', '}', '|', '^', '`', '[', ']']);

/** A scheme and an authority, as RFC 3986 Appendix B reads them: what is before the path. */
const BEFORE_PATH = /^(?:[^:/?#]+:)?(?:\/\/[^/?#]*)?/;

/** The triplet of an ASCII character ("|": "%7C"). */
function tripletOf(c: number): string {
  return `%${c.toString(16).toUpperCase().padStart(2, '0')}`;
}

/**
 * The URI with what keeps it from being one percent-encoded, when that is only forms browsers accept: its
 * non-ASCII characters (anywhere: an IRI), and the characters of BROWSER_ACCEPTED and any "#" after the first
 * (not one of a numeric character reference, "&#38;": html-character-reference's), in the path, the query or
 * the fragment. Undefined when there are none, or when the URI is still not valid with them encoded (another
 * cause). `nonAscii` is where the first non-ASCII character is, or -1; `ascii`, where each ASCII one is.
 */
function browserAcceptedForm(uri: string, rule: UriRuleName): { mapped: string; nonAscii: number; ascii: number[] } | undefined {
  const pathStart = BEFORE_PATH.exec(uri)![0].length;
  const parts: string[] = [];
  let from = 0;
  const ascii: number[] = [];
  let nonAscii = -1;
  let hash = false;
  let delimited = false;
  const references = new Set<number>();
  if (uri.includes('&#')) for (const m of uri.matchAll(CHARACTER_REFERENCE)) if (m[0][1] === '#') references.add(m.index + 1);
  for (let i = 0; i < uri.length; i++) {
    const c = uri.charCodeAt(i);
    if (c >= 0x80) {
      if (nonAscii < 0) nonAscii = i;
      continue;
    }
    if (i < pathStart) continue;
    const ch = uri[i];
    if (ch === '#' && references.has(i)) continue;
    // A "[" or "]" is a path's only after a scheme, an authority or a "/", "?" or "#": one that begins a reference
    // ("[::1]:80", "[1%25...") is an IP literal's without its "//", a syntax error.
    if ((ch === '[' || ch === ']') && pathStart === 0 && !delimited) continue;
    const encode = BROWSER_ACCEPTED.has(ch) || (ch === '#' && hash);
    if (ch === '#') hash = true;
    if (ch === '/' || ch === '?' || ch === '#') delimited = true;
    if (!encode) continue;
    ascii.push(i);
    parts.push(uri.slice(from, i), tripletOf(c));
    from = i + 1;
  }
  if (ascii.length === 0 && nonAscii < 0) return undefined;
  parts.push(uri.slice(from));
  const asciiEncoded = parts.join('');
  const mapped = nonAscii < 0 ? asciiEncoded : encodeAllBut(asciiEncoded, KEEP_ASCII);
  if (mapped === undefined || !isValid(mapped, { rule })) return undefined;
  return { mapped, nonAscii, ascii };
}

/** An error found in the URI with its non-ASCII characters percent-encoded, placed in the URI itself. */
function inInput(uri: string, e: UriSyntaxError): UriSyntaxError {
  // Walk the URI by code points, counting what each is once encoded (one unit, or three per UTF-8 octet).
  let mapped = 0;
  let i = 0;
  while (i < uri.length && mapped < e.offset) {
    const cp = uri.codePointAt(i) ?? 0;
    mapped += cp < 0x80 ? 1 : 3 * (cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);
    i += cp > 0xffff ? 2 : 1;
  }
  const found = i < uri.length ? String.fromCodePoint(uri.codePointAt(i) ?? 0) : null;
  return new UriSyntaxError({ input: uri, rule: e.rule, offset: i, found, expected: e.expected, rulePath: e.rulePath });
}

/** The components as a user reads them: RFC 3986 Appendix B, then the authority's userinfo (to the last "@"), host and port (after the last ":", past an IP literal). */
const APPENDIX_B = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

/** Where each component the user sees is, with the rule it must match, in order. */
function userComponents(uri: string): Array<{ rule: string; start: number; end: number }> {
  const m = APPENDIX_B.exec(uri);
  if (m === null) return [];
  const out: Array<{ rule: string; start: number; end: number }> = [];
  let at = 0;
  const [, scheme, authority, path, query] = m;
  if (scheme !== undefined) {
    out.push({ rule: 'scheme', start: 0, end: scheme.length });
    at = scheme.length + 1;
  }
  if (authority !== undefined) {
    at += 2;
    const atSign = authority.lastIndexOf('@');
    if (atSign >= 0) out.push({ rule: 'userinfo', start: at, end: at + atSign });
    const hostStart = at + atSign + 1;
    const rest = authority.slice(atSign + 1);
    // An IP literal's colons are its own; one that is not closed is all host.
    const close = rest.startsWith('[') ? rest.indexOf(']') : -1;
    const colon = rest.startsWith('[') && close < 0 ? -1 : rest.indexOf(':', close < 0 ? 0 : close);
    const hostEnd = colon < 0 ? hostStart + rest.length : hostStart + colon;
    out.push({ rule: 'host', start: hostStart, end: hostEnd });
    if (colon >= 0) out.push({ rule: 'port', start: hostEnd + 1, end: hostStart + rest.length });
    at += authority.length;
  }
  out.push({ rule: authority !== undefined ? 'path-abempty' : 'path', start: at, end: at + path.length });
  at += path.length;
  if (query !== undefined) {
    out.push({ rule: 'query', start: at + 1, end: at + 1 + query.length });
    at += 1 + query.length;
  }
  if (m[5] !== undefined) out.push({ rule: 'fragment', start: at + 1, end: uri.length });
  return out;
}

/**
 * The error as the user would name it: where the first component that the user sees (userComponents) fails its
 * own rule, when that is before where the parser failed. The parser reads "http://h:port/" as a userinfo "h:port"
 * cut short, because an "@" could still follow, and fails at the "/" in userinfo; the user sees a host "h" and
 * a port "port", which fails at the "p". The parser's own error, with its rule path, stays the better one
 * whenever it is at or before that place.
 */
function userViewError(uri: string, rule: UriRuleName, e: UriSyntaxError): UriSyntaxError {
  if (rule !== 'URI-reference' && rule !== 'URI' && rule !== 'absolute-URI' && rule !== 'relative-ref') return e;
  for (const c of userComponents(uri)) {
    if (c.start > e.offset || (c.start === e.offset && c.rule !== 'port')) return e;
    const text = uri.slice(c.start, c.end);
    if (matches(c.rule as UriRuleName, text)) continue;
    const inner = diagnose(text, toPegName(c.rule));
    const offset = c.start + inner.offset;
    // At the same place, a port is named as the user sees it ("http://[::1]:port/", "http://u@h:port/": the parser,
    // past an IP literal or a userinfo, says "in authority"); any other component keeps the parser's fuller error.
    if (offset > e.offset || (offset === e.offset && c.rule !== 'port')) return e;
    const expected = inner.expected.filter((x) => x !== 'end of input');
    return new UriSyntaxError({ input: uri, rule: e.rule, offset, found: inner.found, expected: expected.length > 0 ? expected : inner.expected, rulePath: [e.rule, ...inner.rulePath] });
  }
  return e;
}

/**
 * The fixes of `diagnostics`, checked (applyFixes takes diagnostics from anywhere: a file, a tool), as
 * parallel columns, each value read once: a TypeError for a diagnostic that is not an object or a fix
 * that is not { replacement: string, start, end }, a RangeError for offsets that are not integers with
 * 0 <= start <= end <= the URI's length. Never clamped: such a fix was made for another text.
 */
function checkedFixes(diagnostics: readonly unknown[], length: number): { start: Int32Array; end: Int32Array; replacement: string[] } {
  // Typed columns sized once (at most a fix per diagnostic): nothing per fix for the collector but its replacement.
  const starts = new Int32Array(diagnostics.length);
  const ends = new Int32Array(diagnostics.length);
  const replacements: string[] = [];
  for (let k = 0; k < diagnostics.length; k++) {
    const d = diagnostics[k];
    if (typeof d !== 'object' || d === null) throw new TypeError(`applyFixes: diagnostic ${k} is ${describeValue(d)}, not a diagnostic`);
    const fix = (d as { fix?: unknown }).fix;
    if (fix === undefined) continue;
    if (typeof fix !== 'object' || fix === null) throw new TypeError(`applyFixes: the fix of diagnostic ${k} is ${describeValue(fix)}, not { replacement, start, end }`);
    const { replacement, start, end } = fix as Record<string, unknown>;
    if (typeof replacement !== 'string') throw new TypeError(`applyFixes: the fix of diagnostic ${k} has a replacement that is ${describeValue(replacement)}, not a string`);
    if (typeof start !== 'number' || typeof end !== 'number' || !Number.isInteger(start) || !Number.isInteger(end) || start < 0 || start > end || end > length) {
      const spans = `applyFixes: the fix of diagnostic ${k} spans ${typeof start === 'number' ? start : describeValue(start)} to ${typeof end === 'number' ? end : describeValue(end)}, not offsets 0 <= start <= end <= ${length} into the URI`;
      throw typeof start !== 'number' || typeof end !== 'number' ? new TypeError(spans) : new RangeError(spans);
    }
    starts[replacements.length] = start;
    ends[replacements.length] = end;
    replacements.push(replacement);
  }
  return { start: starts.subarray(0, replacements.length), end: ends.subarray(0, replacements.length), replacement: replacements };
}

/**
 * Applies the fixes of `diagnostics` to `uri`. An Error when two of them overlap or begin at the
 * same offset (an insertion there could go on either side), which those of one lint() call never
 * do; a TypeError or a RangeError for a fix that is not one for this URI (see checkedFixes).
 */
export function applyFixes(uri: string, diagnostics: readonly Diagnostic[]): string {
  if (typeof uri !== 'string') throw new TypeError(`applyFixes: expected the URI as a string, got ${describeValue(uri)}`);
  if (!Array.isArray(diagnostics)) throw new TypeError(`applyFixes: expected the diagnostics as an array, got ${describeValue(diagnostics)}`);
  const { start: starts, end: ends, replacement: replacements } = checkedFixes(diagnostics, uri.length);
  const n = starts.length;
  // In order of start: lint's own are already (no sort, no list of indices).
  let order: number[] | undefined;
  for (let k = 1; k < n; k++) {
    if (starts[k] < starts[k - 1]) {
      order = Array.from({ length: n }, (_, i) => i).sort((a, b) => starts[a] - starts[b] || a - b);
      break;
    }
  }
  // Checked before anything is written: overlapping, or two at one offset (an insertion there could go on either side).
  let at = 0;
  let previous = -1;
  for (let i = 0; i < n; i++) {
    const k = order === undefined ? i : order[i];
    if (starts[k] < at || starts[k] === previous) throw new Error(`overlapping fixes at offset ${starts[k]}`);
    previous = starts[k];
    at = ends[k];
  }
  return replaceSpans(uri, starts, ends, replacements, order);
}
