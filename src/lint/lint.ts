/**
 * Linting: every problem in a URI reference, with its range, a stable code,
 * a severity, the RFC section behind it and, where there is one, the fix or
 * the suggestions. The rules are listed, with what each is, in ./registry.ts
 * (LINT_RULES, one line per rule), found by the families of ./rules/ (one
 * module per family, run in the order of ./rules/index.ts), and documented,
 * with a bad and a good example each, in docs/lint-rules.md (which the tests
 * run).
 *
 * The normalization rules are explainNormalize's steps seen from the input
 * (./rules/normalization): each region of the input that normalization
 * replaces is one fix, so the fixes never overlap, and applied together they
 * give exactly normalize()'s result. Fixes of other rules that would overlap
 * one of those (or one another) are left off their diagnostics (./fixes):
 * lint() never returns overlapping fixes.
 */
import { matches, tryParse } from '../core/parse';
import type { UriRuleName } from '../core/rules';
import { REFERENCE_RULES } from '../core/grammars';
import { boolean, checkOptions, describeValue, oneOf, recordOf, type OptionCheck, type OptionSpec } from '../core/options';
import { LINT_GROUPS, LINT_PRESET_NAMES, LINT_RULES, presetHas, ruleOf, type LintCode, type LintGroup, type LintPreset, type RuleSetting } from './registry';
import type { Diagnostic, InvalidContext, LintContext, ParsedContext, Report, Suggest } from './diagnostic';
import { dropOverlappingFixes, withEncodedHost, withoutRepeatedCauses } from './fixes';
import { RULE_FAMILIES } from './rules';

export { LINT_GROUPS, LINT_PRESET_NAMES, LINT_PRESETS, LINT_RULES, presetHas, rulesOfGroup } from './registry';
export type { FixKind, LintCode, LintGroup, LintPreset, RuleMetadata, RuleSetting, Severity } from './registry';
export type { Diagnostic, DiagnosticData, Fix, Suggestion } from './diagnostic';
export { applyFixes } from './fixes';
export { withoutFix } from './diagnostic';
export { ENCODABLE_ILLEGAL_CHARACTERS } from './rules/syntax';

/** Named scheme lists for the `schemes` option. */
export const SCHEME_PRESETS = {
  /** Only https: no http, ftp, ws or anything else. */
  'https-only': ['https'],
} as const satisfies Record<string, readonly string[]>;

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
  /**
   * true: the URI is a link's destination as a document wrote it (a Markdown link, image or reference
   * definition, an autolink, an HTML href or src), so that its last character is where the author ended it:
   * a trailing ".", "," or unbalanced ")" there is probably the sentence's, not the URI's
   * (`trailing-punctuation`). urigram lint --extract says so for the destinations it reads. Default false.
   */
  readonly linkDestination?: boolean;
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
  linkDestination: boolean,
};

/**
 * Each rule's setting by a preset and a `rules` map: the preset's (a rule it leaves off is 'off', one it has on
 * its own severity; without a preset, every rule on but the opt-in ones), then a group's setting, then the
 * rule's own. Undefined without a preset or settings (then only the opt-in rules are off). Kept per options
 * object, and by what decides it (the preset's name and the `rules` object), so that a caller who writes a new
 * options object for each URI (`lint(u, { preset: 'recommended' })`) does not work it out again each time.
 */
function resolvedSettings(options: LintOptions): Settings | undefined {
  if (options.preset === undefined && options.rules === undefined) return undefined;
  const cached = settingsCache.get(options);
  if (cached !== undefined) return cached;
  const key = settingsKey(options);
  const shared = settingsByKey.get(key);
  if (shared !== undefined) {
    settingsCache.set(options, shared);
    return shared;
  }
  const rules = options.rules ?? {};
  const out = {} as Record<LintCode, RuleSetting>;
  for (const code of Object.keys(LINT_RULES) as LintCode[]) {
    const meta = ruleOf(code);
    const own = rules[code] ?? (meta.group !== undefined ? rules[meta.group] : undefined);
    const inPreset = options.preset === undefined ? meta.defaultOff !== true : presetHas(options.preset, code);
    out[code] = own ?? (inPreset ? meta.severity : 'off');
  }
  settingsCache.set(options, out);
  if (settingsByKey.size >= SETTINGS_KEPT) settingsByKey.clear();
  settingsByKey.set(key, out);
  return out;
}

/** What decides the settings, as a string: the preset and each `rules` entry, in a fixed order. */
function settingsKey(options: LintOptions): string {
  const rules = options.rules === undefined ? [] : Object.entries(options.rules).map(([k, v]) => `${k}=${String(v)}`).sort();
  return `${options.preset ?? ''};${rules.join(';')}`;
}

type Settings = Readonly<Record<LintCode, RuleSetting>>;
const settingsCache = new WeakMap<LintOptions, Settings>();
/** By settingsKey: a program uses a few settings, so a few entries; emptied past SETTINGS_KEPT so that one that makes them up as it goes stays bounded. */
const settingsByKey = new Map<string, Settings>();
const SETTINGS_KEPT = 64;

/** A rule's setting under lint()'s options: 'off', or the severity it reports with (for the rules found outside lint(), ./links). */
export function ruleSetting(options: LintOptions, code: LintCode): RuleSetting {
  const settings = resolvedSettings(options);
  if (settings !== undefined) return settings[code];
  return ruleOf(code).defaultOff === true ? 'off' : LINT_RULES[code].severity;
}

/** Lints one URI reference. */
export function lint(uri: string, options: LintOptions = {}): Diagnostic[] {
  if (typeof uri !== 'string') throw new TypeError(`expected the URI as a string, got ${typeof uri}`);
  checkOptions('lint', options, LINT_OPTIONS);
  if (options.template === true) {
    const setting = options.rules?.['uri-template'];
    if (setting === 'off') return [];
    const out: Diagnostic[] = [];
    for (const family of RULE_FAMILIES) if (family.runs === 'template') out.push(...family.find(uri));
    return setting === undefined ? out : out.map((d) => ({ ...d, severity: setting }));
  }
  const rule = options.rule ?? 'URI-reference';
  const allowedSchemes = options.schemes === undefined ? undefined : new Set((typeof options.schemes === 'string' ? SCHEME_PRESETS[options.schemes] : options.schemes).map((x) => x.toLowerCase()));
  const settings = resolvedSettings(options);
  /** Whether a rule reports: on in the settings, or, without any, not an opt-in rule. */
  const on = (code: LintCode): boolean => (settings !== undefined ? settings[code] !== 'off' : ruleOf(code).defaultOff !== true);
  let out: Diagnostic[] = [];
  const severityOf = (code: LintCode): Diagnostic['severity'] => {
    const setting = settings?.[code];
    return setting === undefined || setting === 'off' ? LINT_RULES[code].severity : setting;
  };
  // Each diagnostic is made once, with its severity and section: a URI of many "%XX" has one per triplet.
  // A rule that is off is still made here and left out at the end: its fixes still keep others' from overlapping them.
  const report: Report = (code, message, start, end, fix, section = LINT_RULES[code].section, data) => {
    const severity = severityOf(code);
    const d: Diagnostic = fix === undefined ? { code, severity, message, start, end, section } : { code, severity, message, start, end, section, fix };
    out.push(data === undefined ? d : { ...d, data });
  };
  const suggest: Suggest = (code, message, start, end, suggestions, section = ruleOf(code).section, data) => {
    out.push(data === undefined ? { code, severity: severityOf(code), message, start, end, section, suggestions } : { code, severity: severityOf(code), message, start, end, section, suggestions, data });
  };
  const parsed = tryParse(uri, { rule });
  // One context for every family: what one leaves in it (LintContext) a later one reads.
  const ctx: LintContext = { input: uri, rule, parsed, allowedSchemes, linkDestination: options.linkDestination === true, on, report, suggest };
  const valid: ParsedContext | undefined = parsed.ok ? Object.assign(ctx, { record: parsed.value }) : undefined;
  const invalid: InvalidContext | undefined = parsed.ok ? undefined : Object.assign(ctx, { error: parsed.error });
  for (const family of RULE_FAMILIES) {
    if (family.runs === 'any') family.check(ctx);
    else if (family.runs === 'valid') {
      if (valid !== undefined) family.check(valid);
    } else if (family.runs === 'invalid') {
      if (invalid !== undefined) family.check(invalid);
    }
  }
  // Nothing to report (most URIs): no fixes to weigh, nothing to grade or sort.
  if (out.length === 0) return [];
  // An author's mistake ("http:/host": ./rules/scheme-delimiter) is one finding, not also the other rules' with its cause.
  const subsumed = ctx.subsumed;
  if (subsumed !== undefined) out = out.filter((d) => !subsumed.has(d.code));
  if (ctx.encodedHost !== undefined) out = withEncodedHost(out, ctx.encodedHost);
  if (out.length > 1) out = withoutRepeatedCauses(out, on);
  out = dropOverlappingFixes(out);
  if (out.some((d) => !on(d.code))) out = out.filter((d) => on(d.code));
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
