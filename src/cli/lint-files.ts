/**
 * The parts of `urigram lint` (./lint-command) that only a run reading files (--extract) needs, in a module of their
 * own that such a run loads: a run on arguments or standard input loads none of it, nor what it loads (the document
 * readers, Markdown, HTML and source; the file listing; shards; link integrity; --fix's writing). The diagnostics of
 * a URI in its place in a document (withinKnown, inContext), the safe fixes of a file (fixedText), link findings
 * (withLinks), a JSON or YAML file's URI Templates (withTemplates).
 */
import { withoutFix, withSuggestions } from '../lint/diagnostic';
import type { Diagnostic } from '../lint/lint';
import { directives, suppressedBy, type DocumentUri } from '../documents/index';
import { writtenAsIs } from '../documents/found';
import { replaceSpans } from '../encoding/code-units';
import { jsonTemplates, yamlTemplates, type JsonTemplate } from '../template/json';
import { InputError } from './io';
import type { LintConfig } from './config';
import type { LocatedUri } from './positions';
import type { ReadDocument } from './read-documents';
import { writeFileAtomic } from './write-file';
import { isPathBase } from './base-values';
import { LintFailure, writableFix, type Target } from './lint-target';

export { directives, kindOfFile, suppressedBy } from '../documents/index';
export { encodeText } from './encoding';
export { documents, readDocument } from './read-documents';
export { listFiles } from './files';
export { filesChosen, replayItems, shardOf } from './shard';
export { removeStaleTemporaries } from './write-file';
export { isApiDocumentFile } from './api-files';
export { locate } from './positions';
export { FileTree, LinkChecker, linkSettings } from './lint-links';

/**
 * The diagnostics of a URI that reach no further than what is known of it: a URI of source code cut at
 * an interpolation, a placeholder or an escape (`cut`) may go on past its end, so what reaches its end
 * (an empty path, a default port, an empty host: "https://{host}/") is left out, and so is a fix or a
 * suggestion that does.
 */
export function withinKnown(found: DocumentUri, diagnostics: Diagnostic[]): Diagnostic[] {
  if (!found.cut) return diagnostics;
  const length = found.uri.length;
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.end >= length) continue;
    const fixed = d.fix !== undefined && d.fix.end >= length ? withoutFix(d) : d;
    out.push(withSuggestions(fixed, (s) => s.end < length));
  }
  return out;
}

/**
 * The diagnostics of a URI found in `text` with the fixes and suggestions that replace a span of it that is not the
 * text as written left out: a decoded escape of a string literal ("\\\\" for one backslash, "\\u0040" for "@") or a
 * character reference; an edit of the value there is no edit of the text.
 */
function asWritten(text: string, found: DocumentUri, diagnostics: Diagnostic[]): Diagnostic[] {
  if (found.offsets === undefined) return diagnostics;
  return diagnostics.map((d) => {
    const fixed = d.fix !== undefined && !writtenAsIs(text, found, d.fix.start, d.fix.end) ? withoutFix(d) : d;
    return withSuggestions(fixed, (s) => writtenAsIs(text, found, s.start, s.end));
  });
}

/**
 * The diagnostics of a URI of a document, for its place there: withinKnown, and no `empty-path` fix on a value that
 * programs append paths to (./base-values: "https://api.example.com" as a base URL is not "https://api.example.com/").
 */
export function inContext(doc: Pick<ReadDocument, 'file' | 'text'>, found: DocumentUri, diagnostics: Diagnostic[]): Diagnostic[] {
  const known = asWritten(doc.text, found, withinKnown(found, diagnostics));
  if (!known.some((d) => d.code === 'empty-path' && d.fix !== undefined) || !isPathBase(doc.file, doc.text, found)) return known;
  return known.map((d) => (d.code === 'empty-path' ? withoutFix(d) : d));
}

/** The text with the safe fixes of its URIs applied (none overlap: each URI's fixes are disjoint, and URIs are). */
export function fixedText(doc: ReadDocument, config: LintConfig, lintOf: (uri: string, found?: DocumentUri) => Diagnostic[]): string {
  const suppressed = suppressedBy(directives(doc.text, doc.uris.map((u) => u.found)));
  const edits: Array<{ start: number; end: number; replacement: string }> = [];
  for (const located of doc.uris) {
    if (located.found.code || config.ignoreUris.some((re) => re.test(located.found.uri))) continue;
    let diagnostics: Diagnostic[];
    try {
      diagnostics = inContext(doc, located.found, lintOf(located.found.uri, located.found));
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

/** Writes a file's fixed bytes atomically (./write-file): a kill or a full disk leaves the file as it was. */
export function writeFixes(file: string, bytes: Buffer): void {
  try {
    writeFileAtomic(file, bytes);
  } catch (e) {
    throw new InputError(`cannot write the fixes: ${(e as Error).message}`);
  }
}

/**
 * A URI's diagnostics with its link's (in order of place); what the link check threw (a bug), as a LintFailure.
 * One finding per cause: where lint() already says what the reference probably meant from its start (a finding
 * with suggestions at offset 0: a scheme missing, mistyped or doubled), the link is not checked as a path.
 */
export function withLinks(diagnostics: Diagnostic[], found: DocumentUri, check: (found: DocumentUri) => Diagnostic[]): Diagnostic[] | LintFailure {
  if (diagnostics.some((d) => d.start === 0 && d.suggestions !== undefined && d.severity !== 'info')) return diagnostics;
  let linked: Diagnostic[];
  try {
    linked = check(found);
  } catch (e) {
    return new LintFailure(e);
  }
  if (linked.length === 0) return diagnostics;
  return [...diagnostics, ...linked].sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * The URI Templates of a JSON or YAML file (by its name), and the document without the URIs found inside them: a
 * template is not a URI (RFC 6570 1.4). Other files have none.
 */
export function withTemplates(doc: ReadDocument, properties: ReadonlySet<string>): [ReadDocument, JsonTemplate[]] {
  const json = /\.json$/i.test(doc.file);
  if (!json && !/\.ya?ml$/i.test(doc.file)) return [doc, []];
  const templates = json ? jsonTemplates(doc.text, properties) : yamlTemplates(doc.text, properties);
  if (templates.length === 0) return [doc, templates];
  const inside = (u: LocatedUri): boolean => templates.some((t) => u.found.start >= t.start && u.found.end <= t.end);
  return [{ ...doc, uris: doc.uris.filter((u) => !inside(u)) }, templates];
}

