/**
 * `lint --format sarif`: a SARIF 2.1.0 log ready for code scanning, written
 * as the results come (the run's head, each result, the close), so that it
 * streams like the other formats.
 *
 * - each rule with its name, descriptions and help from docs/lint-rules.md,
 *   and a helpUri to its section there; the security rules (RFC 3986
 *   section 7) with a security-severity and the "security" tag;
 * - paths relative to the working directory under %SRCROOT% (the run's
 *   originalUriBaseIds says where that is), others as file: URIs, standard
 *   input as "stdin" with its line numbers;
 * - regions mapped back over line breaks, escapes and character references
 *   (./positions), columns in UTF-16 code units (columnKind says so);
 * - partialFingerprints that do not change when lines move, so that a new
 *   upload does not duplicate alerts;
 * - a fix that can be applied in the file as a SARIF fix; a suggestion (what
 *   the author probably meant, which no tool should apply unasked) in the
 *   result's properties, never among its fixes;
 * - a file that cannot be read as a tool execution notification, the rest
 *   of the run going on.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from '../lint/diagnostic';
import { LINT_RULES, ruleOf, type LintCode, type Severity } from '../lint/registry';
import { openObject, type Output } from './output';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/** The security rules (RFC 3986 section 7 and its kin), with code scanning's security-severity (0-10). */
export const SECURITY_SEVERITY: Readonly<Record<string, string>> = {
  'password-in-userinfo': '7.5',
  'userinfo-looks-like-host': '6.5',
  'encoded-control': '6.0',
  'encoded-slash': '5.0',
  'ambiguous-ip-form': '5.0',
  'unusual-port': '3.0',
  'long-reg-name': '3.0',
  'zone-identifier': '2.0',
  'disallowed-scheme': '5.0',
  // Where browsers read the host otherwise (server-side request forgery, open redirects): a high score; the rest, low.
  'whatwg-host-differs': '8.1',
  'whatwg-differs': '3.1',
};

export interface Region {
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** A suggestion of a result: its offsets in the URI and, where the URI is in the file as written, the region it replaces. */
export interface SarifSuggestion {
  readonly message: string;
  readonly replacement: string;
  readonly start: number;
  readonly end: number;
  readonly region?: Region;
}

/** What a result is about and where. */
export interface SarifFinding extends Pick<Diagnostic, 'code' | 'severity' | 'message'> {
  readonly section?: string;
  readonly uri: string;
  /** The file ("-": standard input), when the URI came from one or from a line of standard input. */
  readonly file?: string;
  readonly region?: Region;
  /** A replacement of the region `fix.region` in the file. */
  readonly fix?: { readonly region: Region; readonly replacement: string };
  /** What the author probably meant: in the result's properties (`suggestions`), not its fixes, which tools apply. */
  readonly suggestions?: readonly SarifSuggestion[];
  /** Stable across runs: the rule, the file, the URI, where in the URI, and which occurrence of that URI in the file. */
  readonly fingerprint: string;
  /** The diagnostic's [start, end) in the URI. */
  readonly start?: number;
  readonly end?: number;
}

/** The docs of each rule: its section of docs/lint-rules.md, when the file is there (in the package, or the repository). */
export function ruleDocs(): Map<string, { description: string; markdown: string }> {
  const docs = new Map<string, { description: string; markdown: string }>();
  let text: string | undefined;
  for (const candidate of [path.join(__dirname, '..', '..', 'docs', 'lint-rules.md'), path.join(__dirname, '..', '..', '..', 'docs', 'lint-rules.md')]) {
    try {
      text = fs.readFileSync(candidate, 'utf8');
      break;
    } catch {
      // the next place
    }
  }
  if (text === undefined) return docs;
  const sections = text.split(/^## /m).slice(1);
  for (const section of sections) {
    const m = /^`([a-z0-9-]+)`[^\n]*\n([\s\S]*)$/.exec(section);
    if (!m) continue;
    const body = m[2].trim();
    // redos-bound: body is a section of the package's own docs/lint-rules.md, fixed when it is released, never a user's input
    const first = body.split(/\n\s*\n/)[0].replace(/\s*\n\s*/g, ' ');
    docs.set(m[1], { description: first, markdown: body });
  }
  return docs;
}

/** Where the rules are documented: the repository's docs when package.json names a GitHub repository, else the published package's file. */
export function helpBase(version: string): string {
  let repository: unknown;
  for (const candidate of [path.join(__dirname, '..', '..', 'package.json'), path.join(__dirname, '..', '..', '..', 'package.json')]) {
    try {
      const pkg = JSON.parse(fs.readFileSync(candidate, 'utf8')) as { name?: string; repository?: unknown };
      if (pkg.name !== 'urigram') continue;
      repository = pkg.repository;
      break;
    } catch {
      // the next place
    }
  }
  const url = typeof repository === 'string' ? repository : typeof repository === 'object' && repository !== null ? (repository as { url?: unknown }).url : undefined;
  // redos-bound: url is the repository field of the package's own package.json (name urigram), fixed when it is released
  const github = typeof url === 'string' ? /github\.com[/:]([^/]+\/[^/.]+)/.exec(url) : null;
  if (github) return `https://github.com/${github[1]}/blob/v${version}/docs/lint-rules.md`;
  return `https://unpkg.com/urigram@${version}/docs/lint-rules.md`;
}

/** "password-in-userinfo" as a rule name: "PasswordInUserinfo". */
function ruleName(code: string): string {
  return code.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase());
}

/** A path as a SARIF artifact location: relative (under %SRCROOT%) when inside the working directory, else a file: URI. */
export function artifactLocation(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  if (file === '-') return { uri: 'stdin' };
  const abs = path.resolve(cwd, file);
  const rel = path.relative(cwd, abs);
  const encode = (p: string) => p.split(/[\\/]/).map(encodeURIComponent).join('/');
  if (rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)) return { uri: encode(rel), uriBaseId: '%SRCROOT%' };
  const posix = abs.split(path.sep).join('/');
  return { uri: `file://${posix.startsWith('/') ? '' : '/'}${encode(posix)}` };
}

/** Each rule's index in the log's rules (LINT_RULES' order), for results. */
const RULE_INDEX: ReadonlyMap<string, number> = new Map(Object.keys(LINT_RULES).map((code, i) => [code, i]));

/** A toolExecutionNotification of the log: its level (error, warning, note), message and locations. */
export type SarifNotification = { readonly level: string; readonly [key: string]: unknown };

export class SarifWriter {
  private first = true;
  private readonly notifications: SarifNotification[] = [];
  /** The artifact location of the last file a result named: results come file by file, thousands for one long URI. */
  private lastFile: string | undefined;
  private lastArtifact: { uri: string; uriBaseId?: string } | undefined;
  private lastArtifactJson: string | undefined;
  /** The last URI a result named, as JSON (elided), and the head of its last result (rule, level, message) with what it was made of. */
  private lastUri: string | undefined;
  private lastUriJson = '';
  private lastHead: string | undefined;
  private lastCode = '';
  private lastSeverity = '';
  private lastSection: string | undefined;
  private lastMessage = '';
  /** The last file's location up to its region (`,"locations":[{"physicalLocation":{"artifactLocation":...`), and the last URI's properties up to its offsets. */
  private lastLocationHead = '';
  private lastProperties = '';

  constructor(
    private readonly out: Output,
    private readonly version: string,
    private readonly cwd: string,
  ) {}

  /** Writes the log's head, up to the opening of the results. */
  open(): void {
    const docs = ruleDocs();
    const base = helpBase(this.version);
    // Each rule of the registry, in its order (RULE_INDEX), linked to its section of docs/lint-rules.md by its anchor there.
    const rules = (Object.keys(LINT_RULES) as LintCode[]).map((id) => {
      const r = ruleOf(id);
      const doc = docs.get(id);
      const security = SECURITY_SEVERITY[id];
      const description = doc?.description ?? `${id} (${r.section})`;
      return {
        id,
        name: ruleName(id),
        shortDescription: { text: `${id} (${r.section})` },
        fullDescription: { text: description },
        help: { text: doc ? doc.markdown.replace(/`/g, '') : description, markdown: doc?.markdown ?? description },
        helpUri: `${base}#${r.anchor}`,
        defaultConfiguration: { level: LEVEL[r.severity], ...(r.defaultOff === true ? { enabled: false } : {}) },
        properties: {
          section: r.section,
          tags: security ? ['security', 'uri'] : ['correctness', 'uri'],
          precision: 'very-high',
          ...(security ? { 'security-severity': security } : {}),
        },
      };
    });
    const head = { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0' };
    const cwd = this.cwd.split(path.sep).join('/');
    const run = {
      tool: { driver: { name: 'urigram', semanticVersion: this.version, version: this.version, informationUri: base, rules } },
      originalUriBaseIds: { '%SRCROOT%': { uri: `file://${cwd.startsWith('/') ? '' : '/'}${cwd.split('/').map(encodeURIComponent).join('/')}/` } },
      columnKind: 'utf16CodeUnits',
    };
    openObject(this.out, head);
    this.out.write('"runs":[');
    openObject(this.out, run);
    this.out.write('"results":[\n');
  }

  result(finding: SarifFinding): void {
    this.out.write(`${this.first ? '' : ',\n'}${this.resultJson(finding)}`);
    this.first = false;
  }

  /** A file that could not be read, or another failure of the tool: said in the run's invocation. */
  notification(message: string, file?: string, level: 'error' | 'warning' | 'note' = 'error'): void {
    this.notifications.push({
      level,
      message: { text: message },
      ...(file !== undefined ? { locations: [{ physicalLocation: { artifactLocation: artifactLocation(file, this.cwd) } }] } : {}),
    });
  }

  /** --jobs (./jobs): results were written for this log by a part's writer; its notifications are taken here, in order. */
  joined(wroteResults: boolean, notifications: readonly SarifNotification[]): void {
    if (wroteResults) this.first = false;
    this.notifications.push(...notifications);
  }

  /** The notifications so far (a part's, for the main thread's log). */
  get notificationsSaid(): readonly SarifNotification[] {
    return this.notifications;
  }

  /**
   * Closes the results, writes the invocation (its notifications, and the exit code of a run that ended: 0, 1 or
   * 66, which merge-sarif takes from each shard), and closes the run and the log.
   */
  close(exitCode?: number): void {
    // A note (a file read in another encoding) or a warning (a file that could not be read, the run going on) is no failure of the run.
    const invocation = { executionSuccessful: !this.notifications.some((n) => n.level === 'error'), toolExecutionNotifications: this.notifications, ...(exitCode !== undefined ? { exitCode } : {}) };
    this.out.write(`${this.first ? '' : '\n'}],"invocations":[${JSON.stringify(invocation)}]}]}\n`);
  }

  /**
   * One result as JSON, member by member in the order SARIF readers show them, written as text rather than
   * stringified whole (a result object and its stringify cost more than the rest of `lint --format sarif` on
   * many short lines): the parts that repeat from one result to
   * the next (the file's artifact location; the URI; the rule, its level and the message, the same for every
   * "&amp;" of a URI) are made once and kept, and only the region, the fingerprint and the offsets are made
   * per result. A URI of a million characters with a finding every six had 166,000 results, each stringified
   * with its copy of the URI: 1.3 s per MB of input, past the limit of 1 s. The keys and their order are
   * those of the object form (test/lint-cli.test.ts reads the log as SARIF).
   */
  private resultJson(d: SarifFinding): string {
    if (d.file !== this.lastFile || this.lastArtifact === undefined) {
      this.lastFile = d.file;
      this.lastArtifact = d.file !== undefined ? artifactLocation(d.file, this.cwd) : undefined;
      this.lastArtifactJson = this.lastArtifact !== undefined ? JSON.stringify(this.lastArtifact) : undefined;
      this.lastLocationHead = this.lastArtifactJson !== undefined ? `,"locations":[{"physicalLocation":{"artifactLocation":${this.lastArtifactJson}` : '';
    }
    const artifact = d.file !== undefined ? this.lastArtifactJson : undefined;
    if (d.uri !== this.lastUri) {
      this.lastUri = d.uri;
      this.lastUriJson = JSON.stringify(elided(d.uri));
      this.lastProperties = `,"properties":{"uri":${this.lastUriJson}`;
      this.lastHead = undefined;
    }
    // Compared field by field: a key joined of them was a new string (and its comparison a copy) per result.
    if (this.lastHead === undefined || d.code !== this.lastCode || d.severity !== this.lastSeverity || d.section !== this.lastSection || d.message !== this.lastMessage) {
      const ruleIndex = RULE_INDEX.get(d.code);
      const text = `${d.message}${d.section ? ` (${d.section})` : ''} in ${this.lastUriJson}`;
      this.lastHead = `{"ruleId":${JSON.stringify(d.code)},${ruleIndex !== undefined ? `"ruleIndex":${ruleIndex},` : ''}"level":"${LEVEL[d.severity]}","message":{"text":${JSON.stringify(text)}}`;
      this.lastCode = d.code;
      this.lastSeverity = d.severity;
      this.lastSection = d.section;
      this.lastMessage = d.message;
    }
    const r = d.region;
    const location = artifact === undefined ? '' : r === undefined ? `${this.lastLocationHead}}}]` : `${this.lastLocationHead},"region":${regionJson(r)}}}]`;
    const fix =
      d.fix && artifact !== undefined
        ? `,"fixes":[{"description":{"text":${JSON.stringify(`replace with ${JSON.stringify(elided(d.fix.replacement))}`)}},"artifactChanges":[{"artifactLocation":${artifact},"replacements":[{"deletedRegion":${regionJson(d.fix.region)},"insertedContent":{"text":${JSON.stringify(d.fix.replacement)}}}]}]}]`
        : '';
    const offsets = d.start !== undefined ? `,"start":${d.start},"end":${d.end}` : '';
    const suggestions = d.suggestions !== undefined ? `,"suggestions":${JSON.stringify(d.suggestions)}` : '';
    return `${this.lastHead}${location},"partialFingerprints":{"urigramFinding/v1":"${d.fingerprint}"}${fix}${this.lastProperties}${offsets}${suggestions}}}`;
  }
}

/** A region as JSON, its members in SARIF's order. */
function regionJson(r: Region): string {
  return `{"startLine":${r.startLine},"startColumn":${r.startColumn},"endLine":${r.endLine},"endColumn":${r.endColumn}}`;
}

/** A SARIF result names its URI; one this long is cut (with "…"), so that many results on one long URI stay linear in size. */
const URI_LIMIT = 256;

function elided(uri: string): string {
  if (uri.length <= URI_LIMIT) return uri;
  const cut = /[\ud800-\udbff]/.test(uri[URI_LIMIT - 1]) ? URI_LIMIT - 1 : URI_LIMIT;
  return `${uri.slice(0, cut)}\u2026`;
}
