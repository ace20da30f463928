/**
 * The registry of lint rules: one line per rule, with everything that lists
 * rules reads (lint() and its options, the presets and groups, `urigram lint`'s
 * configuration, directives and SARIF rule descriptors, the ESLint plugin's
 * `codes` option, docs/lint-rules.md and the test that holds the page to this
 * table). What finds a rule's problems is a module of ./rules/ (one per family
 * of rules, each naming the codes it reports); its tables are plain data,
 * which the CommonJS build moves into index.data.json (scripts/finish-build.ts):
 * no function in them.
 *
 * A new rule is its check in a module of ./rules/ (a family's, or a new file
 * listed in ./rules/index.ts) and one line here.
 */

export type Severity = 'error' | 'warning' | 'info';

/**
 * What a rule's fix is (for the rules that have one): 'safe', the same URI
 * written as normalization writes it (RFC 3986 6.2.2, 6.2.3), which a tool may
 * apply unasked; 'suggestion', a different string that is probably what was
 * meant, which a person should confirm (ESLint's suggestions). A finding's
 * `suggestions` (hasSuggestions) are never fixes: no tool applies them.
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

/**
 * The groups of rules that a setting can name at once: 'browser-accepted', the forms that browsers accept
 * but RFC 3986 does not (non-ASCII characters, and characters such as "|", "^" or a second "#" that a
 * browser sends as written or encodes itself); 'normalization', the rules whose fixes write the URI as
 * normalize() does. A setting of a rule wins over one of its group.
 */
export const LINT_GROUPS = ['browser-accepted', 'normalization'] as const;
export type LintGroup = (typeof LINT_GROUPS)[number];

/** A line of LINT_RULES. */
export interface RuleMetadata {
  /** The default severity. */
  readonly severity: Severity;
  /** The sections of the RFCs behind the rule (a finding may cite its own, narrower). */
  readonly section: string;
  /** The rule's section of docs/lint-rules.md: its anchor there, the code itself (each section is headed by its code alone). */
  readonly anchor: string;
  /** Whether its findings can carry a fix, and which kind (FixKind). */
  readonly fix?: FixKind;
  /** Whether its findings can carry suggestions (a Diagnostic's `suggestions`: for a person, never applied by a tool). */
  readonly hasSuggestions?: true;
  /** The first preset that turns the rule on (and every later one does too). */
  readonly preset: LintPreset;
  /** A group whose severity can be set at once (`rules: { 'browser-accepted': 'error' }`). */
  readonly group?: LintGroup;
  /** Off in lint() without a preset, unless `rules` switches it on: an opt-in rule (on in the presets that have it). */
  readonly defaultOff?: true;
  /**
   * Found by link integrity (./links), which reads the files of the tree a document is in (`urigram lint --extract`
   * of a directory, or --links), not by lint(), which sees a URI alone.
   */
  readonly tree?: true;
}

export const LINT_RULES = {
  syntax: { severity: 'error', section: 'RFC 3986 3, 4', anchor: 'syntax', fix: 'suggestion', hasSuggestions: true, preset: 'recommended' },
  'non-ascii': { severity: 'warning', section: 'RFC 3987 3.1', anchor: 'non-ascii', fix: 'suggestion', preset: 'recommended', group: 'browser-accepted' },
  'unencoded-character': { severity: 'warning', section: 'RFC 3986 2, 2.1', anchor: 'unencoded-character', fix: 'suggestion', preset: 'recommended', group: 'browser-accepted' },
  'url-prefix': { severity: 'warning', section: 'RFC 3986 Appendix C', anchor: 'url-prefix', fix: 'suggestion', preset: 'recommended' },
  'url-writing': { severity: 'error', section: 'URL Standard 4.3 (URL writing); HTML 2.4.4 (valid URL potentially surrounded by spaces)', anchor: 'url-writing', preset: 'recommended' },
  'zone-identifier': { severity: 'info', section: 'RFC 6874', anchor: 'zone-identifier', preset: 'strict' },
  'html-character-reference': { severity: 'warning', section: 'RFC 3986 2; HTML 13.1.4', anchor: 'html-character-reference', fix: 'suggestion', preset: 'recommended' },
  'disallowed-scheme': { severity: 'error', section: 'RFC 3986 3.1, 7.1', anchor: 'disallowed-scheme', preset: 'recommended' },
  'empty-host': { severity: 'error', section: 'RFC 9110 4.2.1, 4.2.2; RFC 6455 3; RFC 1738 3.1', anchor: 'empty-host', preset: 'recommended' },
  'port-out-of-range': { severity: 'error', section: 'RFC 3986 3.2.3; RFC 9293 3.1', anchor: 'port-out-of-range', preset: 'recommended' },
  'invalid-dns-name': { severity: 'warning', section: 'RFC 1035 2.3.1, 2.3.4; RFC 1123 2.1; RFC 3986 3.2.2', anchor: 'invalid-dns-name', preset: 'recommended' },
  'password-in-userinfo': { severity: 'warning', section: 'RFC 3986 3.2.1, 7.5', anchor: 'password-in-userinfo', fix: 'suggestion', preset: 'recommended' },
  'userinfo-looks-like-host': { severity: 'warning', section: 'RFC 3986 7.6', anchor: 'userinfo-looks-like-host', preset: 'recommended' },
  'ambiguous-ip-form': { severity: 'warning', section: 'RFC 3986 7.4', anchor: 'ambiguous-ip-form', preset: 'recommended' },
  'encoded-control': { severity: 'warning', section: 'RFC 3986 7.3', anchor: 'encoded-control', preset: 'recommended' },
  // A warning for a server's URIs, but in documents almost always deliberate (a URL encoded in a path, a package
  // scope: 64 of 72 findings on a node_modules, docs/lint-signal.md): on in 'strict' only.
  'encoded-slash': { severity: 'warning', section: 'RFC 3986 7.3', anchor: 'encoded-slash', preset: 'strict' },
  'unusual-port': { severity: 'info', section: 'RFC 3986 7.2', anchor: 'unusual-port', preset: 'strict' },
  'long-reg-name': { severity: 'warning', section: 'RFC 3986 3.2.2', anchor: 'long-reg-name', preset: 'recommended' },
  'lowercase-percent-encoding': { severity: 'info', section: 'RFC 3986 2.1, 6.2.2.1', anchor: 'lowercase-percent-encoding', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'percent-encoded-unreserved': { severity: 'info', section: 'RFC 3986 2.3, 6.2.2.2', anchor: 'percent-encoded-unreserved', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'uppercase-scheme': { severity: 'info', section: 'RFC 3986 3.1, 6.2.2.1', anchor: 'uppercase-scheme', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'uppercase-host': { severity: 'info', section: 'RFC 3986 3.2.2, 6.2.2.1', anchor: 'uppercase-host', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'dot-segments': { severity: 'info', section: 'RFC 3986 5.2.4, 6.2.2.3', anchor: 'dot-segments', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'empty-port': { severity: 'info', section: 'RFC 3986 3.2.3, 6.2.3', anchor: 'empty-port', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'default-port': { severity: 'info', section: 'RFC 3986 3.2.3, 6.2.3', anchor: 'default-port', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'empty-path': { severity: 'info', section: 'RFC 3986 6.2.3', anchor: 'empty-path', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'whatwg-host-differs': { severity: 'error', section: 'WHATWG URL (Host parsing, URL parsing); RFC 3986 3.2, 7', anchor: 'whatwg-host-differs', preset: 'recommended' },
  'whatwg-differs': { severity: 'warning', section: 'WHATWG URL (URL parsing); RFC 3986 3, 6.2', anchor: 'whatwg-differs', preset: 'strict', defaultOff: true },
  // Only where a document says a string is a URI Template (lint(t, { template: true })): RFC 6570's syntax.
  'uri-template': { severity: 'error', section: 'RFC 6570 2', anchor: 'uri-template', preset: 'recommended' },
  // A URI of a scheme urigram has a grammar for (src/schemes/): its RFC's syntax, its recommendations, its normal case.
  'scheme-syntax': { severity: 'error', section: 'RFC 6068 2, 5; RFC 8141 2, 2.3.1; RFC 2397 3; RFC 8089 2; RFC 9110 4.2', anchor: 'scheme-syntax', fix: 'suggestion', hasSuggestions: true, preset: 'recommended' },
  'scheme-recommendation': { severity: 'warning', section: 'RFC 6068 2, 5; RFC 8141 2.3.1, 5.1, 5.2; RFC 9110 4.2.4', anchor: 'scheme-recommendation', preset: 'recommended' },
  // Authors' mistakes (issue 45): what was probably meant, as suggestions, never fixes.
  'missing-colon': { severity: 'error', section: 'RFC 3986 3.1, 4.2', anchor: 'missing-colon', hasSuggestions: true, preset: 'recommended' },
  'missing-slash': { severity: 'error', section: 'RFC 3986 3, 3.2; RFC 9110 4.2', anchor: 'missing-slash', hasSuggestions: true, preset: 'recommended' },
  'missing-scheme': { severity: 'error', section: 'RFC 3986 3.1, 4.2', anchor: 'missing-scheme', hasSuggestions: true, preset: 'recommended' },
  'doubled-scheme': { severity: 'error', section: 'RFC 3986 3.1, 3.2', anchor: 'doubled-scheme', hasSuggestions: true, preset: 'recommended' },
  'scheme-typo': { severity: 'warning', section: 'RFC 3986 3.1; RFC 7595 3', anchor: 'scheme-typo', hasSuggestions: true, preset: 'recommended' },
  'trailing-punctuation': { severity: 'warning', section: 'RFC 3986 Appendix C', anchor: 'trailing-punctuation', hasSuggestions: true, preset: 'recommended' },
  'uppercase-nid': { severity: 'info', section: 'RFC 8141 2.1, 3', anchor: 'uppercase-nid', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'uppercase-mail-domain': { severity: 'info', section: 'RFC 6068 2; RFC 5321 2.4', anchor: 'uppercase-mail-domain', fix: 'safe', preset: 'normalize', group: 'normalization' },
  'uppercase-hfname': { severity: 'info', section: 'RFC 6068 2', anchor: 'uppercase-hfname', fix: 'safe', preset: 'normalize', group: 'normalization' },
  // Link integrity (./links): a relative reference of a document against the files of its tree.
  'dead-link': { severity: 'error', section: 'RFC 3986 5.2; RFC 8089 2', anchor: 'dead-link', hasSuggestions: true, preset: 'recommended', tree: true },
  'dead-anchor': { severity: 'error', section: 'RFC 3986 3.5; HTML (the indicated part of the document)', anchor: 'dead-anchor', hasSuggestions: true, preset: 'recommended', tree: true },
  'link-case-mismatch': { severity: 'error', section: 'RFC 3986 6.2.2.1; RFC 8089 2', anchor: 'link-case-mismatch', hasSuggestions: true, preset: 'recommended', tree: true },
  'path-looks-like-host': { severity: 'error', section: 'RFC 3986 4.2, 5.2', anchor: 'path-looks-like-host', hasSuggestions: true, preset: 'recommended', tree: true },
  // Context, as the other infos: a link that leaves the tree is not checked.
  'link-outside-tree': { severity: 'info', section: 'RFC 3986 5.2', anchor: 'link-outside-tree', preset: 'strict', tree: true },
} as const satisfies Record<string, RuleMetadata>;

export type LintCode = keyof typeof LINT_RULES;

/** The codes of the rules whose findings can carry suggestions (`hasSuggestions`): only they are given to LintContext.suggest. */
export type SuggestingCode = { [K in LintCode]: (typeof LINT_RULES)[K] extends { readonly hasSuggestions: true } ? K : never }[LintCode];

/** A setting of a rule: off, or the severity it is reported with. */
export type RuleSetting = 'off' | Severity;

/** A rule's line of LINT_RULES, as its interface (the table's literal types have no optional members). */
export function ruleOf(code: LintCode): RuleMetadata {
  return LINT_RULES[code];
}

/** Whether a preset turns a rule on (every preset from the rule's own on). */
export function presetHas(preset: LintPreset, code: LintCode): boolean {
  return LINT_PRESET_NAMES.indexOf(preset) >= LINT_PRESET_NAMES.indexOf(ruleOf(code).preset);
}

/**
 * Each preset as the setting of every rule: its severity where the preset has the rule, else 'off'. Read off
 * LINT_RULES (each rule's `preset`); a `rules` option or an ESLint `codes` option can start from one
 * (`{ ...LINT_PRESETS.strict }`).
 */
export const LINT_PRESETS: Readonly<Record<LintPreset, Readonly<Record<LintCode, RuleSetting>>>> = Object.fromEntries(
  LINT_PRESET_NAMES.map((preset) => [preset, Object.fromEntries((Object.keys(LINT_RULES) as LintCode[]).map((code) => [code, presetHas(preset, code) ? LINT_RULES[code].severity : 'off']))]),
) as Record<LintPreset, Record<LintCode, RuleSetting>>;

/** The rules of a group. */
export function rulesOfGroup(group: LintGroup): LintCode[] {
  return (Object.keys(LINT_RULES) as LintCode[]).filter((code) => ruleOf(code).group === group);
}

/** Whether a string is the code of a rule (a directive's, a configuration's). */
export function isLintCode(code: string): code is LintCode {
  return Object.prototype.hasOwnProperty.call(LINT_RULES, code);
}

/** The codes whose fixes are safe (FixKind): the fixes `--fix` writes and ESLint applies; any other fix is a suggestion. */
export function safeFixCodes(): Set<LintCode> {
  return new Set((Object.keys(LINT_RULES) as LintCode[]).filter((code) => ruleOf(code).fix === 'safe'));
}

/** lint's `standard`: the standard that decides whether a URI is valid (docs/lint.md, "Which standard"). */
export type LintStandard = 'rfc3986' | 'whatwg-url' | 'auto';
export const LINT_STANDARDS: readonly LintStandard[] = ['rfc3986', 'whatwg-url', 'auto'];
