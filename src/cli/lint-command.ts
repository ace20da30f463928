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
import { lint, LINT_RULES, withoutFix, type Diagnostic, type LintCode } from '../lint/lint';
import { directives, suppressedBy, type DocumentKind, type DocumentUri } from '../documents';
import { replaceSpans } from '../encoding/code-units';
import { OutputClosed, OutputFailed, UsageError, InputError, hasUtf8Bom, version, say } from './io';
import { errorMessage, jsonWith, openObject, writeJsonArray } from './output';
import { SarifWriter, type Region } from './sarif';
import { documents, inputBatches, readDocument, type ReadDocument, type ReadOptions } from './inputs';
import { listFiles } from './files';
import { writeFileAtomic } from './write-file';
import { loadConfig, pathIgnorer, type LintConfig } from './config';
import { locate, type LocatedUri, type Position } from './positions';
import { jsonTemplates, type JsonTemplate } from '../template/json';
import { DEFAULT_TEMPLATE_PROPERTIES } from '../template/places';
import type { Context } from './command';

/**
 * The fixes --fix writes: those LINT_RULES calls safe, which keep the URI
 * equivalent (RFC 3986 6.2.2 and 6.2.3). A fix that changes what the URI
 * identifies or how it reads (a suggestion: non-ascii, an IRI as its URI;
 * password-in-userinfo) is reported, not written.
 */
export const SAFE_FIXES: ReadonlySet<string> = new Set(Object.entries(LINT_RULES).filter(([, rule]) => (rule as { readonly fix?: string }).fix === 'safe').map(([code]) => code));

/** What lint threw for a URI (a bug), carried to where the URI is reported. */
class LintFailure {
  constructor(readonly error: unknown) {}
}

/** How many distinct URIs' diagnostics a run keeps, to lint a URI that comes again once. */
const LINTED_KEPT = 10_000;

/** One URI to lint, and where it is. */
interface Target {
  readonly uri: string;
  /** The file ("-": standard input); none for a URI given as an argument. */
  readonly file?: string;
  /** For a URI in a file: where it was found. */
  readonly located?: LocatedUri;
  /** For a URI read as a line of standard input: the line. */
  readonly line?: number;
  /** The n-th time this URI occurs in its file (for stable fingerprints). */
  readonly occurrence: number;
  /** Diagnostics on these lines are switched off by inline directives. */
  readonly suppressed?: (line: number, code: string) => boolean;
}

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

/** A fix that can be written in the file: a safe one, outside code, where the URI is in the file as written. */
function writableFix(t: Target, d: Diagnostic): boolean {
  return d.fix !== undefined && SAFE_FIXES.has(d.code) && t.located !== undefined && t.file !== '-' && !t.located.found.code && t.located.verbatim(d.fix.start, d.fix.end);
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
  const head = (): string => `${d.code}\0${t.file ?? ''}\0${t.uri}\0`;
  const tail = `${d.start}\0${t.occurrence}`;
  if (state === undefined) {
    states.set(d.code, null);
    return sha256Hex(`${head()}${tail}`).slice(0, 32);
  }
  let kept = state;
  if (kept === null) {
    kept = createHash('sha256').update(head());
    states.set(d.code, kept);
  }
  return kept.copy().update(tail).digest('hex').slice(0, 32);
}

/**
 * The diagnostics of a URI that reach no further than what is known of it: a URI of source code cut at
 * an interpolation, a placeholder or an escape (`cut`) may go on past its end, so what reaches its end
 * (an empty path, a default port, an empty host: "https://{host}/") is left out, and so is a fix that does.
 */
function withinKnown(found: DocumentUri, diagnostics: Diagnostic[]): Diagnostic[] {
  if (!found.cut) return diagnostics;
  const length = found.uri.length;
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.end >= length) continue;
    out.push(d.fix !== undefined && d.fix.end >= length ? withoutFix(d) : d);
  }
  return out;
}

/** The text with the safe fixes of its URIs applied (none overlap: each URI's fixes are disjoint, and URIs are). */
function fixedText(doc: ReadDocument, config: LintConfig, lintOf: (uri: string) => Diagnostic[]): string {
  const suppressed = suppressedBy(directives(doc.text, doc.uris.map((u) => u.found)));
  const edits: Array<{ start: number; end: number; replacement: string }> = [];
  for (const located of doc.uris) {
    if (located.found.code || config.ignoreUris.some((re) => re.test(located.found.uri))) continue;
    let diagnostics: Diagnostic[];
    try {
      diagnostics = withinKnown(located.found, lintOf(located.found.uri));
    } catch {
      continue;
    }
    const target: Target = { uri: located.found.uri, file: doc.file, located, occurrence: 0 };
    for (const d of diagnostics) {
      if (!writableFix(target, d) || suppressed(located.range(d.start, d.end).start.line, d.code)) continue;
      const o = located.offsets(d.fix!.start, d.fix!.end);
      edits.push({ ...o, replacement: d.fix!.replacement });
    }
  }
  if (edits.length === 0) return doc.text;
  edits.sort((a, b) => a.start - b.start);
  const starts: number[] = [];
  const ends: number[] = [];
  const texts: string[] = [];
  let at = 0;
  for (const e of edits) {
    // Overlapping, or at the offset of the one before (as applyFixes refuses): left for the next run.
    if (e.start < at || e.start === starts[starts.length - 1]) continue;
    starts.push(e.start);
    ends.push(e.end);
    texts.push(e.replacement);
    at = e.end;
  }
  return replaceSpans(doc.text, starts, ends, texts);
}

export async function runLint(ctx: Context): Promise<void> {
  const format = ctx.value('--format') ?? 'text';
  const out = ctx.out;
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
  const type = ctx.value('--type');
  if (!extract && (type !== undefined || ctx.has('--code'))) throw new UsageError(`${type !== undefined ? '--type' : '--code'} is for files: it needs --extract`);
  const quiet = ctx.has('--quiet');
  if (!extract && ctx.has('--template-property')) throw new UsageError('--template-property is for files: it needs --extract');
  const templateProperties = new Set([...DEFAULT_TEMPLATE_PROPERTIES, ...ctx.all('--template-property')]);
  const cwd = process.cwd();
  const config = loadConfig({ config: ctx.value('--config'), noConfig: ctx.has('--no-config'), rules: ctx.all('--rule'), cwd });
  const lintOptions = { rules: config.rules as Partial<Record<LintCode, 'off' | Diagnostic['severity']>>, ...(config.preset === undefined ? {} : { preset: config.preset }) };
  // A URI that comes again (a badge, a link repeated) is linted once: its diagnostics are in terms of the URI alone.
  // The most recent LINTED_KEPT distinct URIs: memory stays bounded however many distinct URIs a run reads (kept
  // all, 300,000 lines of standard input held 440 MB).
  const linted = new Map<string, Diagnostic[]>();
  const lintOf = (uri: string): Diagnostic[] => {
    let diagnostics = linted.get(uri);
    if (diagnostics === undefined) {
      diagnostics = lint(uri, lintOptions);
      if (uri.length <= 4096) {
        if (linted.size >= LINTED_KEPT) linted.clear();
        linted.set(uri, diagnostics);
      }
    }
    return diagnostics;
  };
  const counts: Counts = { errors: 0, warnings: 0, infos: 0, fixable: 0, uris: 0, files: 0 };
  const sarif = format === 'sarif' ? new SarifWriter(out, version(), cwd) : undefined;
  let firstJson = true;
  const readOptions: ReadOptions = {
    kind: type === undefined || type === 'auto' ? undefined : (type as DocumentKind),
    code: ctx.has('--code') || config.code,
    unreadable: (file, message) => sarif?.notification(message, file),
  };

  const label = (t: Target): string => t.file ?? JSON.stringify(t.uri);
  /** Whether a URI without diagnostics writes nothing: in text and SARIF (JSON and JSON lines list every URI). */
  const silentWhenClean = format !== 'json' && format !== 'ndjson';

  /** Lints one target and writes what it finds (`linted`: its diagnostics, when the caller has them already). */
  const report = async (t: Target, linted?: Diagnostic[] | LintFailure): Promise<void> => {
    counts.uris++;
    let diagnostics: Diagnostic[];
    try {
      if (linted instanceof LintFailure) throw linted.error;
      diagnostics = linted ?? lintOf(t.uri);
    } catch (e) {
      // Not a lint finding: the linter failed on this input. Reported as an error, and on to the next.
      ctx.fail();
      counts.errors++;
      const message = `lint failed: ${errorMessage(e)}`;
      const place = placeOf(t, { start: 0, end: 0 });
      if (sarif) sarif.result({ code: 'lint-failed' as LintCode, severity: 'error', message, uri: t.uri, file: t.file, region: regionOf(place), fingerprint: fingerprint(t, { code: 'lint-failed', start: 0 } as unknown as Diagnostic) });
      else if (format === 'json' || format === 'ndjson') {
        const body = JSON.stringify({ ...where(t), uri: t.uri, error: message });
        out.write(format === 'json' ? `${firstJson ? '' : ',\n'}${body}` : `${body}\n`);
        firstJson = false;
      } else out.write(`${label(t)}:${place.start.line}:${place.start.column}  error  ${message}  lint-failed\n`);
      await out.flush();
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
      if (quiet && d.severity !== 'error') continue;
      if (d.severity === 'error') failed = true;
      shown.push(k);
    }
    if (failed) ctx.fail();
    const each = function* (): Generator<{ d: Diagnostic; place: { start: Position; end: Position } }> {
      for (const k of shown) yield { d: diagnostics[k], place: placeOf(t, diagnostics[k]) };
    };
    if (sarif) {
      for (const { d, place } of each()) {
        const fixRegion = writableFix(t, d) ? regionOf(t.located!.range(d.fix!.start, d.fix!.end)) : undefined;
        sarif.result({ code: d.code, severity: d.severity, message: d.message, section: d.section, uri: t.uri, file: t.file, region: t.file !== undefined ? regionOf(place) : undefined, fingerprint: fingerprint(t, d), start: d.start, end: d.end, ...(fixRegion ? { fix: { region: fixRegion, replacement: d.fix!.replacement } } : {}) });
        if (out.full) await out.flush();
      }
    } else if (shown.length === 0 && (format === 'json' || format === 'ndjson')) {
      writeClean(t);
    } else if (format === 'json' || format === 'ndjson') {
      if (format === 'json') out.write(firstJson ? '' : ',\n');
      firstJson = false;
      openObject(out, { ...where(t), uri: t.uri });
      out.write('"diagnostics":');
      await writeJsonArray(out, each(), ({ d, place }) => jsonWith(d, `"line":${place.start.line},"column":${place.start.column},"endLine":${place.end.line},"endColumn":${place.end.column}`));
      out.write(format === 'json' ? '}' : '}\n');
    } else {
      for (const { d, place } of each()) {
        out.write(`${label(t)}:${place.start.line}:${place.start.column}  ${d.severity}  ${d.message} (${d.section})  ${d.code}\n`);
        if (out.full) await out.flush();
      }
    }
    // The URIs of standard input are answered a chunk of input at a time, before more is waited for (below); the
    // URIs of a file, when the file is done; either sooner when a chunk of output is full.
    if (out.full) await out.flush();
  };

  /** JSON and JSON lines: a URI with no diagnostic to show, in one write. */
  const writeClean = (t: Target): void => {
    const head = JSON.stringify({ ...where(t), uri: t.uri });
    out.write(`${format === 'json' && !firstJson ? ',\n' : ''}${head.slice(0, -1)},"diagnostics":[]}${format === 'json' ? '' : '\n'}`);
    firstJson = false;
  };

  const where = (t: Target) => {
    if (t.located) return { file: t.file, line: t.located.position.line, column: t.located.position.column };
    if (t.line !== undefined) return { file: t.file, line: t.line, column: 1 };
    return {};
  };

  sarif?.open();
  if (format === 'json') out.write('{"results":[\n');
  try {
    if (!extract) {
      let line = 0;
      const fromStdin = ctx.args.length === 0;
      // A chunk of lines at a time, with nothing set up for a URI that writes nothing (as for the URIs of a file, below).
      for await (const batch of inputBatches(ctx)) {
        for (const uri of batch) {
          line++;
          if (config.ignoreUris.length > 0 && config.ignoreUris.some((re) => re.test(uri))) continue;
          let diagnostics: Diagnostic[] | LintFailure;
          try {
            diagnostics = lintOf(uri);
          } catch (e) {
            diagnostics = new LintFailure(e); // reported by report()
          }
          const t: Target = fromStdin ? { uri, file: '-', line, occurrence: 0 } : { uri, occurrence: 0 };
          if (!(diagnostics instanceof LintFailure) && diagnostics.length === 0 && !out.full) {
            counts.uris++;
            if (!silentWhenClean) writeClean(t);
            continue;
          }
          await report(t, diagnostics);
        }
        await out.flushSoon();
      }
    } else {
      const files = listFiles(ctx.args, { cwd, extensions: config.extensions, ignored: pathIgnorer(config, cwd), warn: (m) => say(ctx.io, `urigram lint: ${m}\n`) });
      for await (let doc of documents(ctx, files, readOptions)) {
        counts.files++;
        // A JSON file's URI Templates (src/template/places.ts) are checked as templates, and what extraction found in them is no URI.
        let templates: JsonTemplate[];
        [doc, templates] = withTemplates(doc, templateProperties);
        if (fix && doc.file !== '-') {
          const fixed = fixedText(doc, config, lintOf);
          if (fixed !== doc.text) {
            try {
              // The byte-order mark readFile left out of the text goes back where it was. Written
              // atomically: a kill or a full disk leaves the file as it was (./write-file).
              writeFileAtomic(doc.file, hasUtf8Bom(doc.file) ? `\ufeff${fixed}` : fixed);
            } catch (e) {
              throw new InputError(`cannot write the fixes: ${(e as Error).message}`);
            }
            [doc, templates] = withTemplates(readDocument(doc.file, fixed, readOptions), templateProperties);
          }
        }
        const found = directives(doc.text, doc.uris.map((u) => u.found));
        // A code that names no rule switches nothing off: said, so that a misspelling does not pass for a directive that works.
        for (const d of found) {
          for (const code of d.codes) {
            if (!Object.prototype.hasOwnProperty.call(LINT_RULES, code)) say(ctx.io, `urigram lint: ${doc.file}:${d.line}: urigram-${d.kind} names no rule "${code}" (the codes are in docs/lint-rules.md); it switches nothing off\n`);
          }
        }
        const suppressed = suppressedBy(found);
        // Which occurrence of its URI in the file a target is: for SARIF's fingerprints, the one place it is read.
        const seen = sarif ? new Map<string, number>() : undefined;
        const ignoreUris = config.ignoreUris;
        for (const located of doc.uris) {
          const uri = located.found.uri;
          if (ignoreUris.length > 0 && ignoreUris.some((re) => re.test(uri))) continue;
          let occurrence = 0;
          if (seen) {
            occurrence = seen.get(uri) ?? 0;
            seen.set(uri, occurrence + 1);
          }
          let diagnostics: Diagnostic[] | LintFailure;
          try {
            diagnostics = withinKnown(located.found, lintOf(uri));
          } catch (e) {
            diagnostics = new LintFailure(e); // reported by report()
          }
          // Most URIs have nothing to report: counted, with no target built and nothing to wait for (JSON lists every URI).
          if (silentWhenClean && !(diagnostics instanceof LintFailure) && diagnostics.length === 0 && !out.full) {
            counts.uris++;
            continue;
          }
          await report({ uri, file: doc.file, located, occurrence, suppressed }, diagnostics);
        }
        for (const t of templates) {
          const diagnostics = lint(t.template, { ...lintOptions, template: true });
          if (silentWhenClean && diagnostics.length === 0 && !out.full) {
            counts.uris++;
            continue;
          }
          const found: DocumentUri = { uri: t.template, start: t.start, end: t.end, ...(t.offsets === undefined ? {} : { offsets: t.offsets }), kind: 'string', code: false, valid: false };
          await report({ uri: t.template, file: doc.file, located: locate(doc.text, doc.lines, found), occurrence: 0, suppressed }, diagnostics);
        }
        await out.flush();
      }
    }
  } catch (e) {
    // An input that cannot be read still leaves a whole SARIF log or JSON document behind; a failed output cannot.
    if (!(e instanceof OutputClosed || e instanceof OutputFailed)) {
      if (sarif) {
        sarif.notification(errorMessage(e));
        sarif.close();
      } else if (format === 'json') out.write(`\n],"summary":${JSON.stringify(summary(counts, maxWarnings))}}\n`);
      await out.flush();
    }
    throw e;
  }
  const tooMany = maxWarnings !== undefined && counts.warnings > maxWarnings;
  if (tooMany) ctx.fail();
  if (sarif) sarif.close();
  else if (format === 'json') out.write(`\n],"summary":${JSON.stringify(summary(counts, maxWarnings))}}\n`);
  else if (format === 'text') {
    const problems = counts.errors + counts.warnings + counts.infos;
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const scope = extract ? ` in ${plural(counts.uris, 'URI')} in ${plural(counts.files, 'file')}` : ` in ${plural(counts.uris, 'URI')}`;
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

/**
 * The URI Templates of a JSON file (by its name), and the document without the URIs found inside them: a
 * template is not a URI (RFC 6570 1.4). Other files have none.
 */
function withTemplates(doc: ReadDocument, properties: ReadonlySet<string>): [ReadDocument, JsonTemplate[]] {
  if (!/\.json$/i.test(doc.file)) return [doc, []];
  const templates = jsonTemplates(doc.text, properties);
  if (templates.length === 0) return [doc, templates];
  const inside = (u: LocatedUri): boolean => templates.some((t) => u.found.start >= t.start && u.found.end <= t.end);
  return [{ ...doc, uris: doc.uris.filter((u) => !inside(u)) }, templates];
}

function summary(c: Counts, maxWarnings: number | undefined): object {
  return { errors: c.errors, warnings: c.warnings, infos: c.infos, fixable: c.fixable, uris: c.uris, files: c.files, ...(maxWarnings !== undefined ? { maxWarnings, tooManyWarnings: c.warnings > maxWarnings } : {}) };
}

