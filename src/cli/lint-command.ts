/**
 * `urigram lint`: URIs given as arguments or lines of standard input, or
 * (--extract) found in files, directories and globs; the configuration
 * (./config), the inline directives, the URI and path ignore lists; output as
 * text (file:line:col  severity  message  code, and a summary line), one JSON
 * document, JSON lines or SARIF (./sarif); --max-warnings, --quiet, and --fix,
 * which writes the safe fixes back to the files.
 */
import * as crypto from 'node:crypto';
import { createHash, type Hash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lint, type Diagnostic, type LintCode, type LintOptions } from '../lint/lint';
import type { Suggestion } from '../lint/diagnostic';
import { isLintCode } from '../lint/registry';
import type { DocumentKind, DocumentUri } from '../documents/types';
import { OutputClosed, OutputFailed, UsageError, InputError, version, say } from './io';
import { errorMessage, jsonWith, openObject, writeJsonArray } from './output';
import { SarifWriter, type Region, type SarifNotification, type SarifSuggestion } from './sarif';
import { fileProblems, inputBatches, type ReadOptions } from './inputs';
import type { ReadDocument } from './read-documents';
import { inParts, jobsOf, type Joins } from './jobs';
import { DEFAULT_EXTENSIONS, loadConfig, pathIgnorer, type LintConfig } from './config';
import type { Position } from './positions';
import { LintFailure, writableFix, type Target } from './lint-target';
import type { JsonTemplate } from '../template/json';
import { DEFAULT_TEMPLATE_PROPERTIES } from '../template/places';
import type { Context } from './command';
import type { FileTree, LinkChecker, LinkSettings } from './lint-links';

/**
 * What only a run that reads files (--extract) needs, loaded when one starts (./lint-files): the document readers
 * (Markdown, HTML, source), the file listing, shards, link integrity, --fix. A run on arguments or standard input
 * loads none of it (about 50 ms of a run's start-up).
 */
type FileParts = typeof import('./lint-files');
const loadFileParts = (): Promise<FileParts> => import('./lint-files');

/** The options that need link integrity's settings read (./lint-links: each says that it needs --extract without it). */
const LINK_OPTIONS: readonly string[] = ['--links', '--no-links', '--site-root'];
/** How many distinct URIs' diagnostics a run keeps, to lint a URI that comes again once. */
const LINTED_KEPT = 10_000;

interface Counts {
  errors: number;
  warnings: number;
  infos: number;
  fixable: number;
  uris: number;
  files: number;
}

/** A diagnostic's place: the start and end positions (line and column from 1). */
function placeOf(t: Target, d: Pick<Diagnostic, 'start' | 'end'>): { start: Position; end: Position } {
  // An empty span (a missing host: "https://") is shown on the character after it, where there is one; at the
  // end of the URI it stays empty, so that a region never ends past its line (or its file).
  const end = Math.max(d.end, Math.min(d.start + 1, t.uri.length));
  if (t.located) return t.located.range(d.start, end);
  const line = t.line ?? 1;
  return { start: { line, column: d.start + 1 }, end: { line, column: end + 1 } };
}

function regionOf(p: { start: Position; end: Position }): Region {
  return { startLine: p.start.line, startColumn: p.start.column, endLine: p.end.line, endColumn: p.end.column };
}

/**
 * A diagnostic's suggestions as SARIF gives them (in the result's properties, never as fixes): each with its
 * offsets in the URI and, where the URI is in the file as written there, the region of the file it replaces.
 */
function sarifSuggestions(t: Target, d: Diagnostic): SarifSuggestion[] | undefined {
  if (d.suggestions === undefined) return undefined;
  return d.suggestions.map((s) => {
    const inFile = t.located !== undefined && t.file !== '-' && t.located.verbatim(s.start, s.end);
    return { message: s.message, replacement: s.replacement, start: s.start, end: s.end, ...(inFile ? { region: regionOf(t.located!.range(s.start, s.end)) } : {}) };
  });
}

/** A suggestion as the text format writes it, on a line of its own under its finding: what it does, and the change. */
function suggestionLine(uri: string, s: Suggestion): string {
  const quoted = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, /[\ud800-\udbff]/.test(text[79]) ? 79 : 80)}\u2026` : text);
  return `    suggestion: ${s.message}: replace ${quoted(uri.slice(s.start, s.end))} with ${quoted(s.replacement)} (not applied by --fix)\n`;
}

/**
 * Per target and rule code, the SHA-256 state after `code NUL file NUL uri NUL`: a URI with
 * thousands of diagnostics is hashed once per code, not once per diagnostic (a 100 KB URI with
 * 33,000 of them took seconds per 100 KB, hashed whole each time). The state is made at a code's
 * second diagnostic: most URIs have one per code, hashed at once (a state and its copy cost two
 * more hash objects per diagnostic, most of `lint --format sarif`'s time on many short lines).
 */
const fingerprintStates = new WeakMap<Target, Map<string, Hash | null>>();

/** SHA-256 in hex: crypto.hash (Node 20.12) makes no Hash object, a third of the cost of createHash for a short text. */
const sha256Hex: (text: string) => string = typeof crypto.hash === 'function' ? (text) => crypto.hash('sha256', text, 'hex') : (text) => createHash('sha256').update(text).digest('hex');

/** SHA-256 of `code NUL file NUL uri NUL start NUL occurrence`, hex, first 32 digits: SARIF's partialFingerprints. */
function fingerprint(t: Target, d: Diagnostic): string {
  let states = fingerprintStates.get(t);
  if (states === undefined) {
    states = new Map();
    fingerprintStates.set(t, states);
  }
  const state = states.get(d.code);
  const tail = `${d.start}\0${t.occurrence}`;
  if (state === undefined) {
    states.set(d.code, null);
    return sha256Hex(`${d.code}\0${t.file ?? ''}\0${t.uri}\0${tail}`).slice(0, 32);
  }
  let kept = state;
  if (kept === null) {
    kept = createHash('sha256').update(`${d.code}\0${t.file ?? ''}\0${t.uri}\0`);
    states.set(d.code, kept);
  }
  return kept.copy().update(tail).digest('hex').slice(0, 32);
}

/** The kinds of URI found that are a link's destination as the document wrote it (lint's `linkDestination`). */
const DESTINATIONS: ReadonlySet<DocumentUri['kind']> = new Set(['link', 'image', 'definition', 'autolink', 'attribute']);

/** Whether a URI found in a document is a link's destination as written (lint's `linkDestination`). */
export function isDestination(found: DocumentUri): boolean {
  return DESTINATIONS.has(found.kind);
}

/** What a run is asked to do, read off the command line and the configuration, and checked, once. */
interface LintSettings {
  readonly format: string;
  readonly extract: boolean;
  readonly maxWarnings?: number;
  readonly fix: boolean;
  readonly quiet: boolean;
  readonly cwd: string;
  readonly config: LintConfig;
  /** lint()'s options: one object for the run (lint() works out its settings once per object); and those for a link's destination. */
  readonly lintOptions: LintOptions;
  readonly destinationOptions: LintOptions;
  /** The member names whose string values in a JSON file are URI Templates (--template-property and the default). */
  readonly templateProperties: ReadonlySet<string>;
  /** --jobs (./jobs) and --shard (./shard). */
  readonly jobs: number;
  readonly shard?: [number, number];
  /** Link integrity (./lint-links), when it is on. */
  readonly links?: LinkSettings;
}

/** `files`: the file parts (./lint-files), loaded for --extract and the options of link integrity (which need it). */
function lintSettings(ctx: Context, files: FileParts | undefined): LintSettings {
  const format = ctx.value('--format') ?? 'text';
  const extract = ctx.has('--extract');
  if (extract && ctx.args.length === 0) throw new UsageError('--extract needs at least one FILE, directory or glob ("-" for standard input)');
  const maxText = ctx.value('--max-warnings');
  let maxWarnings: number | undefined;
  if (maxText !== undefined) {
    if (!/^\d+$/.test(maxText)) throw new UsageError(`--max-warnings needs a whole number of 0 or more, got ${JSON.stringify(maxText)}`);
    maxWarnings = Number(maxText);
  }
  const fix = ctx.has('--fix');
  if (fix && !extract) throw new UsageError('--fix writes fixes back to files: it needs --extract');
  for (const option of ['--type', '--code', '--ext', '--ignore', '--strict-files', '--template-property', '--shard']) {
    if (!extract && ctx.has(option)) throw new UsageError(`${option} is for files: it needs --extract`);
  }
  const templateProperties = new Set([...DEFAULT_TEMPLATE_PROPERTIES, ...ctx.all('--template-property')]);
  const cwd = process.cwd();
  const config = loadConfig({ config: ctx.value('--config'), noConfig: ctx.has('--no-config'), rules: ctx.all('--rule'), cwd, preset: ctx.value('--preset'), standard: ctx.value('--standard'), extensions: ctx.all('--ext'), ignore: ctx.all('--ignore') });
  const jobs = jobsOf(ctx);
  // --shard needs --extract (above), and the file parts are loaded for it.
  const shard = files?.shardOf(ctx, ctx.args);
  const links = files?.linkSettings(ctx, extract, config.links, cwd);
  const lintOptions: LintOptions = { preset: config.preset, rules: config.rules, ...(config.standard === 'rfc3986' ? {} : { standard: config.standard }) };
  return { format, extract, maxWarnings, fix, quiet: ctx.has('--quiet'), cwd, config, lintOptions, destinationOptions: { ...lintOptions, linkDestination: true }, templateProperties, jobs, shard, ...(links ? { links } : {}) };
}

/** One run of `urigram lint`: the targets linted, counted and written as they come. */
class LintRun {
  private readonly out: Context['out'];
  private readonly counts: Counts = { errors: 0, warnings: 0, infos: 0, fixable: 0, uris: 0, files: 0 };
  private readonly sarif: SarifWriter | undefined;
  private firstJson = true;
  /**
   * A URI that comes again (a badge, a link repeated) is linted once: its diagnostics are in terms of the URI alone.
   * The most recent LINTED_KEPT distinct URIs: memory stays bounded however many distinct URIs a run reads (kept
   * all, 300,000 lines of standard input held 440 MB).
   */
  private readonly linted: Map<string, Diagnostic[]>;
  /** The same, for the URIs that are links' destinations (linted with `linkDestination`). */
  private readonly lintedDestinations: Map<string, Diagnostic[]>;
  /** Whether a URI without diagnostics writes nothing: in text and SARIF (JSON and JSON lines list every URI). */
  private readonly silentWhenClean: boolean;
  private readonly readOptions: ReadOptions;
  /** Link integrity's checks, when it is on: its tree kept as long as the worker (a part reads what earlier ones read once). */
  private readonly links: LinkChecker | undefined;

  get extracting(): boolean {
    return this.settings.extract;
  }

  /** The file parts, which a run that reads files has loaded (runLint). */
  private filesParts(): FileParts {
    if (this.files === undefined) throw new Error('internal error: the file parts of lint (./lint-files) are not loaded');
    return this.files;
  }

  constructor(
    private readonly ctx: Context,
    private readonly settings: LintSettings,
    /** The file parts (./lint-files): loaded for a run that reads files. */
    private readonly files: FileParts | undefined,
  ) {
    this.out = ctx.out;
    // A worker's parts share one: a URI that comes again in a later part is not linted again.
    this.linted = (ctx.state?.get('linted') as Map<string, Diagnostic[]> | undefined) ?? new Map();
    ctx.state?.set('linted', this.linted);
    this.lintedDestinations = (ctx.state?.get('lintedDestinations') as Map<string, Diagnostic[]> | undefined) ?? new Map();
    ctx.state?.set('lintedDestinations', this.lintedDestinations);
    if (settings.links !== undefined) {
      const tree = (ctx.state?.get('linkTree') as FileTree | undefined) ?? new (this.filesParts().FileTree)();
      ctx.state?.set('linkTree', tree);
      this.links = new (this.filesParts().LinkChecker)(settings.links, tree, settings.lintOptions);
    }
    const { format, config } = settings;
    this.sarif = format === 'sarif' ? new SarifWriter(this.out, version(), settings.cwd) : undefined;
    this.silentWhenClean = format !== 'json' && format !== 'ndjson';
    const type = ctx.value('--type');
    this.readOptions = {
      kind: type === undefined || type === 'auto' ? undefined : (type as DocumentKind),
      code: ctx.has('--code') || config.code,
      templates: config.templates,
      ...fileProblems(ctx, (file, message, level) => this.sarif?.notification(message, file, level)),
    };
  }

  /** The diagnostics of a URI (`found`: where a document has it, for a link's destination's options). */
  lintOf(uri: string, found?: DocumentUri): Diagnostic[] {
    const destination = found !== undefined && isDestination(found);
    const linted = destination ? this.lintedDestinations : this.linted;
    let diagnostics = linted.get(uri);
    if (diagnostics === undefined) {
      diagnostics = lint(uri, destination ? this.settings.destinationOptions : this.settings.lintOptions);
      if (uri.length <= 4096) {
        if (linted.size >= LINTED_KEPT) linted.clear();
        linted.set(uri, diagnostics);
      }
    }
    return diagnostics;
  }

  /** The head of the output. */
  open(): void {
    this.sarif?.open();
    if (this.settings.format === 'json') this.out.write('{"results":[\n');
  }

  /** URIs given as arguments, or one per line of standard input. */
  async lintArguments(): Promise<void> {
    const { ctx, out } = this;
    if (await inParts(ctx, this.joins(), true)) return;
    let line = ctx.part?.kind === 'lines' ? ctx.part.line0 : 0;
    const fromStdin = ctx.args.length === 0;
    // A chunk of lines at a time, with nothing set up for a URI that writes nothing (as for the URIs of a file).
    for await (const batch of inputBatches(ctx)) {
      for (const uri of batch) {
        line++;
        if (typeof uri !== 'string') {
          // A line over --max-input-bytes: an error on that line, as a URI lint cannot read.
          this.counts.uris++;
          await this.reportFailure(fromStdin ? { uri: uri.head, file: '-', line, occurrence: 0 } : { uri: uri.head, occurrence: 0 }, uri, 'input-too-long');
          continue;
        }
        if (this.ignored(uri)) continue;
        const diagnostics = this.lintOrFailure(uri, (d) => d);
        const t: Target = fromStdin ? { uri, file: '-', line, occurrence: 0 } : { uri, occurrence: 0 };
        if (!(diagnostics instanceof LintFailure) && diagnostics.length === 0 && !out.full) {
          this.counts.uris++;
          if (!this.silentWhenClean) this.writeClean(t);
          continue;
        }
        await this.report(t, diagnostics);
      }
      await out.flushSoon();
    }
  }

  /** lintOf(uri, found), through `within`; what it throws (a bug) as a LintFailure, for report() to say. */
  private lintOrFailure(uri: string, within: (d: Diagnostic[]) => Diagnostic[], found?: DocumentUri): Diagnostic[] | LintFailure {
    try {
      return within(this.lintOf(uri, found));
    } catch (e) {
      return new LintFailure(e);
    }
  }

  private ignored(uri: string): boolean {
    const { ignoreUris } = this.settings.config;
    return ignoreUris.length > 0 && ignoreUris.some((re) => re.test(uri));
  }

  /** The URIs of the files, directories and globs given (--extract), each file fixed first with --fix. */
  async lintFiles(): Promise<void> {
    const { ctx, settings } = this;
    const { documents, filesChosen, listFiles, removeStaleTemporaries, replayItems, withTemplates, isApiDocumentFile } = this.filesParts();
    const { config, cwd } = settings;
    const part = ctx.part;
    let files: Iterable<string>;
    if (part?.kind === 'files') files = replayItems(ctx, part.items, this.readOptions.unreadable!);
    else {
      // The API descriptions in JSON and YAML, by their content, unless the extensions to search for are the configuration's or --ext's.
      const listing = { cwd, extensions: config.extensions, ignored: pathIgnorer(config, cwd), ...(config.extensions === DEFAULT_EXTENSIONS ? { recognized: isApiDocumentFile } : {}) };
      const chosen = await filesChosen(ctx, ctx.args, listing, this.joins(), this.readOptions.unreadable);
      if (chosen === true) return;
      files = chosen ?? listFiles(ctx.args, { ...listing, warn: (m) => say(ctx.io, `urigram lint: ${m}\n`), unreadable: this.readOptions.unreadable });
    }
    for await (const read of documents(ctx, files, this.readOptions)) {
      this.counts.files++;
      // A JSON file's URI Templates (src/template/places.ts) are checked as templates, and what extraction found in them is no URI.
      let [doc, templates] = withTemplates(read, settings.templateProperties);
      if (settings.fix && doc.file !== '-') {
        // What a run killed while writing left beside the files it fixed goes, whether or not this one writes there.
        removeStaleTemporaries(path.dirname(doc.file));
        const fixed = this.fixFile(doc);
        if (fixed !== doc) [doc, templates] = withTemplates(fixed, settings.templateProperties);
      }
      await this.lintDocument(doc, templates);
    }
  }

  /** Writes the safe fixes of a file back to it, in the encoding it was read in; the file as it is now. */
  private fixFile(doc: ReadDocument): ReadDocument {
    const { encodeText, fixedText, readDocument, writeFixes } = this.filesParts();
    const fixed = fixedText(doc, this.settings.config, (uri, found) => this.lintOf(uri, found));
    if (fixed === doc.text) return doc;
    const bytes = encodeText(fixed, doc.encoding, doc.bom);
    // Written only when the file read back as the same bytes: its other characters are then written as they were.
    let before: Buffer;
    try {
      before = fs.readFileSync(doc.file);
    } catch (e) {
      throw new InputError(`cannot write the fixes to ${doc.file}: ${(e as Error).message}`);
    }
    const same = encodeText(doc.text, doc.encoding, doc.bom);
    if (bytes === undefined || same === undefined || !same.equals(before)) {
      this.readOptions.note!(doc.file, `not fixed: written back in ${doc.encoding}, its text would not be the bytes it was read from`);
      return doc;
    }
    writeFixes(doc.file, bytes);
    return readDocument(doc.file, { text: fixed, encoding: doc.encoding, bom: doc.bom }, this.readOptions);
  }

  private async lintDocument(doc: ReadDocument, templates: readonly JsonTemplate[]): Promise<void> {
    const { ctx, out } = this;
    const { directives, inContext, kindOfFile, suppressedBy, withLinks } = this.filesParts();
    const found = directives(doc.text, doc.uris.map((u) => u.found));
    // A code that names no rule switches nothing off: said, so that a misspelling does not pass for a directive that works.
    for (const d of found) {
      for (const code of d.codes) {
        if (!isLintCode(code)) say(ctx.io, `urigram lint: ${doc.file}:${d.line}: urigram-${d.kind} names no rule "${code}" (the codes are in docs/lint-rules.md); it switches nothing off\n`);
      }
    }
    // No directive (most files): nothing to ask per diagnostic, whose line would be worked out for it.
    const suppressed = found.length === 0 ? undefined : suppressedBy(found);
    // Which occurrence of its URI in the file a target is: for SARIF's fingerprints, the one place it is read.
    const seen = this.sarif ? new Map<string, number>() : undefined;
    // Link integrity: the relative links of a Markdown or HTML document, against the files of its tree.
    const linkCheck = this.links?.forDocument(doc.file, doc.text, this.readOptions.kind ?? kindOfFile(doc.file));
    // A JSON file's templates and its URIs, in the order they come in the file.
    let next = 0;
    const templatesBefore = async (offset: number): Promise<void> => {
      while (next < templates.length && templates[next].start < offset) await this.lintTemplate(doc, templates[next++], suppressed);
    };
    for (const located of doc.uris) {
      await templatesBefore(located.found.start);
      const uri = located.found.uri;
      if (this.ignored(uri)) continue;
      let occurrence = 0;
      if (seen) {
        occurrence = seen.get(uri) ?? 0;
        seen.set(uri, occurrence + 1);
      }
      let diagnostics = this.lintOrFailure(uri, (d) => inContext(doc, located.found, d), located.found);
      if (linkCheck !== undefined && !(diagnostics instanceof LintFailure)) diagnostics = withLinks(diagnostics, located.found, linkCheck);
      // Most URIs have nothing to report: counted, with no target built and nothing to wait for (JSON lists every URI).
      if (this.silentWhenClean && !(diagnostics instanceof LintFailure) && diagnostics.length === 0 && !out.full) {
        this.counts.uris++;
        continue;
      }
      await this.report({ uri, file: doc.file, located, occurrence, suppressed }, diagnostics);
    }
    await templatesBefore(Infinity);
    await out.flush();
  }

  /** A URI Template of a JSON file (src/template/places.ts), checked as a template (lint's `template: true`). */
  private async lintTemplate(doc: ReadDocument, t: JsonTemplate, suppressed: Target['suppressed']): Promise<void> {
    const { locate } = this.filesParts();
    const diagnostics = lint(t.template, { ...this.settings.lintOptions, template: true });
    if (this.silentWhenClean && diagnostics.length === 0 && !this.out.full) {
      this.counts.uris++;
      return;
    }
    const found: DocumentUri = { uri: t.template, start: t.start, end: t.end, ...(t.offsets === undefined ? {} : { offsets: t.offsets }), kind: 'string', code: false, valid: false };
    await this.report({ uri: t.template, file: doc.file, located: locate(doc.text, doc.lines, found), occurrence: 0, suppressed }, diagnostics);
  }

  private label(t: Target): string {
    return t.file ?? JSON.stringify(t.uri);
  }

  private where(t: Target): object {
    if (t.located) return { file: t.file, line: t.located.position.line, column: t.located.position.column };
    if (t.line !== undefined) return { file: t.file, line: t.line, column: 1 };
    return {};
  }

  /**
   * Not a lint finding: the linter failed on this input (`lint-failed`), or it was a line over --max-input-bytes
   * (`input-too-long`: t.uri is its first characters, and the JSON formats give its uri as null). Reported as an
   * error, and on to the next.
   */
  private async reportFailure(t: Target, e: unknown, code: 'lint-failed' | 'input-too-long' = 'lint-failed'): Promise<void> {
    const { ctx, out, sarif, settings } = this;
    ctx.fail();
    this.counts.errors++;
    const message = code === 'lint-failed' ? `lint failed: ${errorMessage(e)}` : (e as Error).message;
    const place = placeOf(t, { start: 0, end: 0 });
    if (sarif) sarif.result({ code: code as LintCode, severity: 'error', message, uri: t.uri, file: t.file, region: regionOf(place), fingerprint: fingerprint(t, { code, start: 0 } as unknown as Diagnostic) });
    else if (settings.format === 'json' || settings.format === 'ndjson') {
      const body = JSON.stringify({ ...this.where(t), uri: code === 'lint-failed' ? t.uri : null, error: message });
      out.write(settings.format === 'json' ? `${this.firstJson ? '' : ',\n'}${body}` : `${body}\n`);
      this.firstJson = false;
    } else out.write(`${this.label(t)}:${place.start.line}:${place.start.column}  error  ${message}  ${code}\n`);
    await out.flush();
  }

  /** Lints one target and writes what it finds (`linted`: its diagnostics, when the caller has them already). */
  private async report(t: Target, linted?: Diagnostic[] | LintFailure): Promise<void> {
    const { ctx, out, sarif, settings, counts } = this;
    counts.uris++;
    let diagnostics: Diagnostic[];
    try {
      if (linted instanceof LintFailure) throw linted.error;
      diagnostics = linted ?? this.lintOf(t.uri);
    } catch (e) {
      await this.reportFailure(t, e);
      return;
    }
    // The diagnostics shown, by index: a place is worked out again when it is written, not kept (a URI of a
    // million characters can have half a million diagnostics, and four objects each kept alive cost more than
    // working a place out twice).
    const shown: number[] = [];
    let failed = false;
    for (const [k, d] of diagnostics.entries()) {
      if (t.suppressed !== undefined && t.suppressed(placeOf(t, d).start.line, d.code)) continue;
      if (d.severity === 'error') counts.errors++;
      else if (d.severity === 'warning') counts.warnings++;
      else counts.infos++;
      if (writableFix(t, d)) counts.fixable++;
      if (settings.quiet && d.severity !== 'error') continue;
      if (d.severity === 'error') failed = true;
      shown.push(k);
    }
    if (failed) ctx.fail();
    const each = function* (): Generator<{ d: Diagnostic; place: { start: Position; end: Position } }> {
      for (const k of shown) yield { d: diagnostics[k], place: placeOf(t, diagnostics[k]) };
    };
    if (sarif) {
      // One finding object each, written out (no spread of an empty object per result: a long URI has thousands).
      for (const k of shown) {
        const d = diagnostics[k];
        const fixRegion = d.fix !== undefined && writableFix(t, d) ? regionOf(t.located!.range(d.fix.start, d.fix.end)) : undefined;
        sarif.result({
          code: d.code,
          severity: d.severity,
          message: d.message,
          section: d.section,
          uri: t.uri,
          file: t.file,
          region: t.file !== undefined ? regionOf(placeOf(t, d)) : undefined,
          fingerprint: fingerprint(t, d),
          start: d.start,
          end: d.end,
          fix: fixRegion !== undefined ? { region: fixRegion, replacement: d.fix!.replacement } : undefined,
          suggestions: sarifSuggestions(t, d),
        });
        if (out.full) await out.flush();
      }
    } else if (shown.length === 0 && (settings.format === 'json' || settings.format === 'ndjson')) {
      this.writeClean(t);
    } else if (settings.format === 'json' || settings.format === 'ndjson') {
      if (settings.format === 'json') out.write(this.firstJson ? '' : ',\n');
      this.firstJson = false;
      openObject(out, { ...this.where(t), uri: t.uri });
      out.write('"diagnostics":');
      await writeJsonArray(out, each(), ({ d, place }) => jsonWith(d, `"line":${place.start.line},"column":${place.start.column},"endLine":${place.end.line},"endColumn":${place.end.column}`));
      out.write(settings.format === 'json' ? '}' : '}\n');
    } else {
      for (const { d, place } of each()) {
        out.write(`${this.label(t)}:${place.start.line}:${place.start.column}  ${d.severity}  ${d.message} (${d.section})  ${d.code}\n`);
        if (d.suggestions !== undefined) for (const s of d.suggestions) out.write(suggestionLine(t.uri, s));
        if (out.full) await out.flush();
      }
    }
    // The URIs of standard input are answered a chunk of input at a time, before more is waited for (lintArguments);
    // the URIs of a file, when the file is done; either sooner when a chunk of output is full.
    if (out.full) await out.flush();
  }

  /**
   * --jobs: how the parts' outputs join (",\n" between JSON and SARIF results), and their counts and notifications
   * added to this run's, for its summary and its log's invocation.
   */
  private joins(): Joins {
    const { format } = this.settings;
    return {
      separator: format === 'json' || format === 'sarif' ? ',\n' : '',
      merge: (result) => {
        const extra = result.extra as { counts: Counts; notifications: SarifNotification[] } | undefined;
        if (extra === undefined) return;
        for (const key of Object.keys(this.counts) as Array<keyof Counts>) this.counts[key] += extra.counts[key];
        this.sarif?.joined(result.wrote === true, extra.notifications);
        if (result.wrote === true) this.firstJson = false;
      },
    };
  }

  /** A part's counts and notifications, for the main thread (joins). */
  partExtra(): Record<string, unknown> {
    return { counts: this.counts, notifications: this.sarif?.notificationsSaid ?? [] };
  }

  /** JSON and JSON lines: a URI with no diagnostic to show, in one write. */
  private writeClean(t: Target): void {
    const { format } = this.settings;
    const head = JSON.stringify({ ...this.where(t), uri: t.uri });
    this.out.write(`${format === 'json' && !this.firstJson ? ',\n' : ''}${head.slice(0, -1)},"diagnostics":[]}${format === 'json' ? '' : '\n'}`);
    this.firstJson = false;
  }

  /** An input that cannot be read still leaves a whole SARIF log or JSON document behind; a failed output cannot. */
  async abort(e: unknown): Promise<void> {
    if (e instanceof OutputClosed || e instanceof OutputFailed) return;
    if (this.sarif) {
      this.sarif.notification(errorMessage(e));
      this.sarif.close();
    } else if (this.settings.format === 'json') this.out.write(`\n],"summary":${JSON.stringify(summary(this.counts, this.settings.maxWarnings))}}\n`);
    await this.out.flush();
  }

  /** The tail of the output: the summary, and what --max-warnings says. */
  async finish(): Promise<void> {
    const { ctx, out, counts, settings } = this;
    const { maxWarnings, format } = settings;
    const tooMany = maxWarnings !== undefined && counts.warnings > maxWarnings;
    if (tooMany) ctx.fail();
    // The exit code so far is the run's (the output's own failure, 74, comes after): the logs record it, for merge-sarif and merge-json.
    if (this.sarif) this.sarif.close(ctx.status);
    else if (format === 'json') out.write(`\n],"summary":${JSON.stringify(summary(counts, maxWarnings, ctx.status))}}\n`);
    else if (format === 'text') {
      const problems = counts.errors + counts.warnings + counts.infos;
      const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
      const scope = settings.extract ? ` in ${plural(counts.uris, 'URI')} in ${plural(counts.files, 'file')}` : ` in ${plural(counts.uris, 'URI')}`;
      if (problems === 0) out.write(`no problems${scope}\n`);
      else out.write(`${plural(problems, 'problem')} (${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}, ${plural(counts.infos, 'info')})${scope}${counts.fixable > 0 ? `; ${counts.fixable} fixable with --fix` : ''}\n`);
    }
    if (tooMany) {
      const message = `urigram lint found too many warnings (${counts.warnings}; maximum: ${maxWarnings})\n`;
      if (format === 'text') out.write(message);
      else say(ctx.io, message);
    }
    await out.flush();
  }
}

export async function runLint(ctx: Context): Promise<void> {
  const files = ctx.has('--extract') || LINK_OPTIONS.some((o) => ctx.has(o)) ? await loadFileParts() : undefined;
  if (ctx.part !== undefined) {
    // A part of a run with --jobs (./jobs): its results only; the head, the summary and the tail are the main thread's.
    let settings = ctx.state?.get('lint') as LintSettings | undefined;
    if (settings === undefined) {
      settings = lintSettings(ctx, files);
      ctx.state?.set('lint', settings);
    }
    const run = new LintRun(ctx, settings, files);
    if (run.extracting) await run.lintFiles();
    else await run.lintArguments();
    ctx.extra = run.partExtra();
    return;
  }
  const run = new LintRun(ctx, lintSettings(ctx, files), files);
  run.open();
  try {
    if (run.extracting) await run.lintFiles();
    else await run.lintArguments();
  } catch (e) {
    await run.abort(e);
    throw e;
  }
  await run.finish();
}

/** The JSON document's summary; the exit code of a run that ended (none for one that stopped: ./io's errors say theirs). */
function summary(c: Counts, maxWarnings: number | undefined, exitCode?: number): object {
  return { errors: c.errors, warnings: c.warnings, infos: c.infos, fixable: c.fixable, uris: c.uris, files: c.files, ...(maxWarnings !== undefined ? { maxWarnings, tooManyWarnings: c.warnings > maxWarnings } : {}), ...(exitCode !== undefined ? { exitCode } : {}) };
}

