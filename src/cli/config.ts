/**
 * `urigram lint`'s configuration, in ESLint's manner: a JSON file named
 * .urigramrc.json, found in the working directory or the nearest directory
 * above it (or given with --config), then --rule CODE=SEVERITY on the command
 * line, which wins. A file may say:
 *
 *   {
 *     "preset": "recommended",
 *     "rules": { "uppercase-scheme": "off", "encoded-slash": "error", "browser-accepted": "error" },
 *     "ignoreUris": ["^https?://localhost[:/]", "^https://example\\.com/"],
 *     "ignorePatterns": ["dist/**", "vendor/**"],
 *     "extensions": ["md", "html"],
 *     "code": false,
 *     "preset": "strict",
 *     "templates": ["mustache", "jinja", "erb", "php", "interpolation"],
 *     "links": { "check": true, "indexFiles": ["README.md", "index.md", "index.html"], "slugStyles": ["github"], "siteRoot": "site", "fallbackExtensions": ["md"] }
 *   }
 *
 * preset is lint's (recommended, the default; normalize; strict); rules switch
 * rules, or the groups browser-accepted and normalization, off or re-grade
 * them. ignoreUris are regular expressions: a URI that one matches is not linted.
 * ignorePatterns are globs of paths relative to the file's directory: a file
 * that one matches is not read. templates are the placeholder syntaxes read as
 * holes (../documents/templates; default all, [] none). links is link integrity (./lint-links): check
 * (default: on for a directory), the index files a directory needs one of, the heading slug styles, the
 * root of site-absolute paths (relative to the file's directory), the extensions tried for a page written
 * without its own. Anything else in the file is an error
 * that names the file and the key.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch';
import { isLintCode, LINT_GROUPS, LINT_PRESET_NAMES, LINT_RULES, LINT_STANDARDS, type LintCode, type LintGroup, type LintPreset, type LintStandard, type RuleSetting } from '../lint/registry';
import { TEMPLATE_SYNTAXES, type TemplateSyntax } from '../documents/types';
import { SLUG_STYLES, type SlugStyle } from '../lint/slugs';
import { InputError, UsageError } from './io';

export const CONFIG_NAME = '.urigramrc.json';

export const RULE_SETTINGS: readonly RuleSetting[] = ['off', 'info', 'warning', 'error'];

/** The preset when neither the configuration nor --preset names one: what an author should act on (docs/lint-rules.md). */
export const DEFAULT_PRESET: LintPreset = 'recommended';

export interface LintConfig {
  /** The file it was read from, when there was one. */
  readonly file?: string;
  /** The directory its path patterns are relative to. */
  readonly base: string;
  readonly preset: LintPreset;
  /** The standard that decides validity (lint's `standard`): rfc3986 (the default), whatwg-url or auto. */
  readonly standard: LintStandard;
  /** Rules and groups switched off or re-graded. */
  readonly rules: Partial<Record<LintCode | LintGroup, RuleSetting>>;
  readonly ignoreUris: readonly RegExp[];
  readonly ignorePatterns: readonly string[];
  /** The extensions a directory is searched for. */
  readonly extensions: readonly string[];
  readonly code: boolean;
  /** The template placeholder syntaxes read as holes. */
  readonly templates: readonly TemplateSyntax[];
  /** --ignore: globs of paths relative to the working directory (the file's are relative to its directory). */
  readonly commandLineIgnores?: readonly string[];
  /** Link integrity, as the file sets it ("links"). */
  readonly links: LinksConfig;
}

/** The "links" of a configuration file: each key absent when the file does not set it. */
export interface LinksConfig {
  /** Whether relative links are checked (default: when a directory is among the paths). */
  readonly check?: boolean;
  /** The index files a directory must have one of, in order ("." for the directory itself). */
  readonly indexFiles?: readonly string[];
  /** The heading anchor styles. */
  readonly slugStyles?: readonly SlugStyle[];
  /** The root site-absolute paths resolve against, absolute. */
  readonly siteRoot?: string;
  /** The extensions tried for a link's last segment that names nothing ("guide" for "guide.md"). */
  readonly fallbackExtensions?: readonly string[];
}

const LINKS_KEYS = ['check', 'indexFiles', 'slugStyles', 'siteRoot', 'fallbackExtensions'];

/** What a directory is searched for when the configuration does not say: Markdown, HTML, text, and the templates of HTML and Markdown. */
export const DEFAULT_EXTENSIONS: readonly string[] = ['md', 'markdown', 'mdx', 'html', 'htm', 'txt', 'j2', 'jinja', 'jinja2', 'njk', 'liquid', 'hbs', 'handlebars', 'mustache', 'twig', 'erb', 'ejs'];

/** The nearest .urigramrc.json: in `dir` or a directory above it. */
export function findConfig(dir: string): string | undefined {
  for (let d = path.resolve(dir); ; ) {
    const candidate = path.join(d, CONFIG_NAME);
    if (fs.existsSync(candidate)) return candidate;
    const up = path.dirname(d);
    if (up === d) return undefined;
    d = up;
  }
}

/** A rule's code or a group's name: what a setting can name. */
function isRule(code: string): code is LintCode | LintGroup {
  return isLintCode(code) || (LINT_GROUPS as readonly string[]).includes(code);
}

function ruleList(): string {
  return `${Object.keys(LINT_RULES).join(', ')}; the groups ${LINT_GROUPS.join(', ')}`;
}

function isPreset(name: unknown): name is LintPreset {
  return typeof name === 'string' && (LINT_PRESET_NAMES as readonly string[]).includes(name);
}

/** One CODE=SEVERITY of --rule. */
export function parseRuleOption(text: string): [LintCode | LintGroup, RuleSetting] {
  const eq = text.indexOf('=');
  if (eq < 0) throw new UsageError(`--rule needs CODE=SEVERITY (off, info, warning or error), got ${JSON.stringify(text)}`);
  const code = text.slice(0, eq).trim();
  const setting = text.slice(eq + 1).trim();
  if (!isRule(code)) throw new UsageError(`--rule: unknown rule ${JSON.stringify(code)} (the rules: ${ruleList()})`);
  if (!(RULE_SETTINGS as readonly string[]).includes(setting)) throw new UsageError(`--rule ${code}: the severity must be off, info, warning or error, got ${JSON.stringify(setting)}`);
  return [code, setting as RuleSetting];
}

const KEYS = ['preset', 'standard', 'rules', 'ignoreUris', 'ignorePatterns', 'extensions', 'code', 'templates', 'links', '$schema'];

/** The "links" object of a configuration file, checked. */
function readLinks(value: unknown, base: string, bad: (what: string) => InputError): LinksConfig {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('"links" must be an object of check, indexFiles, slugStyles, siteRoot, fallbackExtensions');
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!LINKS_KEYS.includes(key)) throw bad(`"links": unknown key ${JSON.stringify(key)} (the keys: ${LINKS_KEYS.join(', ')})`);
  const names = (key: string): string[] | undefined => {
    const v = o[key];
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x === '' || (x !== '.' && /[/\\]/.test(x)))) throw bad(`"links"."${key}" must be a list of names (no "/")`);
    return v as string[];
  };
  if (o.check !== undefined && typeof o.check !== 'boolean') throw bad('"links"."check" must be true or false');
  const slugStyles = names('slugStyles');
  const unknownStyle = slugStyles?.find((x) => !(SLUG_STYLES as readonly string[]).includes(x));
  if (unknownStyle !== undefined) throw bad(`"links"."slugStyles": unknown style ${JSON.stringify(unknownStyle)} (the styles: ${SLUG_STYLES.join(', ')})`);
  if (slugStyles !== undefined && slugStyles.length === 0) throw bad('"links"."slugStyles" needs at least one style');
  if (o.siteRoot !== undefined && (typeof o.siteRoot !== 'string' || o.siteRoot === '')) throw bad('"links"."siteRoot" must be a path');
  const indexFiles = names('indexFiles');
  const fallbackExtensions = names('fallbackExtensions')?.map((e) => e.replace(/^\./, ''));
  return {
    ...(fallbackExtensions !== undefined ? { fallbackExtensions } : {}),
    ...(o.check !== undefined ? { check: o.check as boolean } : {}),
    ...(indexFiles !== undefined ? { indexFiles } : {}),
    ...(slugStyles !== undefined ? { slugStyles: slugStyles as SlugStyle[] } : {}),
    ...(o.siteRoot !== undefined ? { siteRoot: path.resolve(base, o.siteRoot as string) } : {}),
  };
}

/** Reads and checks a configuration file; every mistake is an InputError naming the file and the key. */
export function readConfig(file: string): LintConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read the configuration ${file}: ${(e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (e) {
    throw new InputError(`${file}: not JSON: ${(e as Error).message}`);
  }
  const bad = (what: string) => new InputError(`${file}: ${what}`);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw bad('must be a JSON object');
  const o = data as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!KEYS.includes(key)) throw bad(`unknown key ${JSON.stringify(key)} (the keys: ${KEYS.filter((k) => k !== '$schema').join(', ')})`);
  if (o.preset !== undefined && !isPreset(o.preset)) throw bad(`"preset" must be ${LINT_PRESET_NAMES.map((p) => JSON.stringify(p)).join(', ')}, got ${JSON.stringify(o.preset)}`);
  if (o.standard !== undefined && !isStandard(o.standard)) throw bad(`"standard" must be ${LINT_STANDARDS.map((p) => JSON.stringify(p)).join(', ')}, got ${JSON.stringify(o.standard)}`);
  const rules: Partial<Record<LintCode | LintGroup, RuleSetting>> = {};
  if (o.rules !== undefined) {
    if (typeof o.rules !== 'object' || o.rules === null || Array.isArray(o.rules)) throw bad('"rules" must be an object of CODE: SEVERITY');
    for (const [code, setting] of Object.entries(o.rules)) {
      if (!isRule(code)) throw bad(`"rules": unknown rule ${JSON.stringify(code)} (the rules: ${ruleList()})`);
      if (typeof setting !== 'string' || !(RULE_SETTINGS as readonly string[]).includes(setting)) throw bad(`"rules"."${code}" must be "off", "info", "warning" or "error", got ${JSON.stringify(setting)}`);
      rules[code] = setting as RuleSetting;
    }
  }
  const strings = (key: string): string[] => {
    const v = o[key];
    if (v === undefined) return [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw bad(`"${key}" must be a list of strings`);
    return v as string[];
  };
  const ignoreUris = strings('ignoreUris').map((source, i) => {
    try {
      // redos-dynamic: the user's ignoreUris, the user's expressions (docs/lint.md says so)
      return new RegExp(source, 'u');
    } catch (e) {
      throw bad(`"ignoreUris"[${i}] is no regular expression: ${(e as Error).message}`);
    }
  });
  const ignorePatterns = strings('ignorePatterns');
  const extensions = o.extensions === undefined ? DEFAULT_EXTENSIONS : strings('extensions').map((e) => e.replace(/^\./, '').toLowerCase());
  if (o.code !== undefined && typeof o.code !== 'boolean') throw bad('"code" must be true or false');
  const templates = o.templates === undefined ? TEMPLATE_SYNTAXES : strings('templates');
  const unknown = templates.find((t) => !(TEMPLATE_SYNTAXES as readonly string[]).includes(t));
  if (unknown !== undefined) throw bad(`"templates": unknown placeholder syntax ${JSON.stringify(unknown)} (the syntaxes: ${TEMPLATE_SYNTAXES.join(', ')})`);
  const base = path.dirname(path.resolve(file));
  const links = readLinks(o.links, base, bad);
  return { file, base, preset: isPreset(o.preset) ? o.preset : DEFAULT_PRESET, standard: isStandard(o.standard) ? o.standard : 'rfc3986', rules, ignoreUris, ignorePatterns, extensions, code: o.code === true, templates: templates as TemplateSyntax[], links };
}

/** What the command line says besides the configuration file: it wins over the file. */
export interface CommandLineConfig {
  readonly config?: string;
  readonly noConfig: boolean;
  /** --rule CODE=S, in order. */
  readonly rules: readonly string[];
  readonly cwd: string;
  /** --preset. */
  readonly preset?: string;
  /** --standard. */
  readonly standard?: string;
  /** --ext, each a list of extensions separated by commas: the extensions a directory is searched for, instead of the configuration's. */
  readonly extensions?: readonly string[];
  /** --ignore: globs of paths (relative to the working directory) not to read, besides the configuration's. */
  readonly ignore?: readonly string[];
}

/** The configuration in force: --config FILE, else the nearest file (unless --no-config), else none; then the command line's options. */
export function loadConfig(options: CommandLineConfig): LintConfig {
  if (options.config !== undefined && options.noConfig) throw new UsageError('--config and --no-config together');
  const file = options.config ?? (options.noConfig ? undefined : findConfig(options.cwd));
  const config: LintConfig = file ? readConfig(file) : { base: options.cwd, preset: DEFAULT_PRESET, standard: 'rfc3986', rules: {}, ignoreUris: [], ignorePatterns: [], extensions: DEFAULT_EXTENSIONS, code: false, templates: TEMPLATE_SYNTAXES, links: {} };
  const rules = { ...config.rules };
  for (const r of options.rules) {
    const [code, setting] = parseRuleOption(r);
    rules[code] = setting;
  }
  if (options.preset !== undefined && !isPreset(options.preset)) throw new UsageError(`--preset needs ${LINT_PRESET_NAMES.join(', ')}, got ${JSON.stringify(options.preset)}`);
  if (options.standard !== undefined && !isStandard(options.standard)) throw new UsageError(`--standard needs ${LINT_STANDARDS.join(', ')}, got ${JSON.stringify(options.standard)}`);
  const extensions = options.extensions !== undefined && options.extensions.length > 0 ? options.extensions.flatMap((e) => e.split(',')).map((e) => e.trim().replace(/^\./, '').toLowerCase()).filter((e) => e !== '') : config.extensions;
  if (extensions.length === 0) throw new UsageError('--ext needs at least one extension (md, html, ...)');
  const extra = options.ignore ?? [];
  return { ...config, preset: isPreset(options.preset) ? options.preset : config.preset, standard: isStandard(options.standard) ? options.standard : config.standard, rules, extensions, ignorePatterns: config.ignorePatterns, commandLineIgnores: extra };
}

/** A test of paths (as given, relative to the working directory) against the configuration's ignorePatterns and --ignore's. */
export function pathIgnorer(config: LintConfig, cwd: string): (file: string) => boolean {
  const tests = [
    { base: config.base, patterns: config.ignorePatterns },
    { base: cwd, patterns: config.commandLineIgnores ?? [] },
  ]
    .filter((t) => t.patterns.length > 0)
    .map(({ base, patterns }) => {
      const match = picomatch(patterns as string[], { dot: true });
      return (file: string): boolean => {
        const rel = path.relative(base, path.resolve(cwd, file)).split(path.sep).join('/');
        if (rel.startsWith('../')) return false;
        // A pattern for a directory ("dist" or "dist/") covers what is in it.
        const parts = rel.split('/');
        for (let i = 1; i <= parts.length; i++) if (match(parts.slice(0, i).join('/')) || match(`${parts.slice(0, i).join('/')}/`)) return true;
        return false;
      };
    });
  if (tests.length === 0) return () => false;
  return (file) => tests.some((t) => t(file));
}

function isStandard(value: unknown): value is LintStandard {
  return typeof value === 'string' && (LINT_STANDARDS as readonly string[]).includes(value);
}
