/**
 * Offline link integrity, as lychee --offline and remark-validate-links check
 * it: a relative reference of a document, resolved by RFC 3986 5.2 against
 * the document's location (or its HTML base URL), must name a file or a
 * directory of the tree, and its fragment an anchor of the target.
 *
 * The file system is not read here (the library uses no Node built-in): a
 * LinkTree answers what a directory holds and what anchors a file has
 * (../cli/link-tree reads them, each once). Paths are absolute, "/"-separated
 * ("/home/a/docs/x.md"; a Windows drive is its first segment, "/C:/docs").
 *
 * What is judged, and how (docs/lint.md, "Link integrity"):
 * - a reference with a scheme or an authority is no file of the tree, and is
 *   not judged; an absolute path ("/docs/x") only against a site root, when
 *   one is given; a path that leaves the tree is said (link-outside-tree);
 * - the path is read as a browser reads a file URL: each segment
 *   percent-decoded as UTF-8 (non-ASCII characters and the characters a
 *   browser encodes, such as a space, first encoded); the query is ignored;
 * - each segment is looked up in its directory's listing: a name that is
 *   there but in another case is a link-case-mismatch on every file system
 *   (a case-insensitive one finds the file, a server or a checkout on Linux
 *   does not); one that is not there at all is a dead-link, with the one
 *   close name of the directory where there is one;
 * - a directory needs one of the index files (default README.md, index.md,
 *   index.html; "." in the list: the directory itself will do);
 * - a fragment must name an anchor of a Markdown or HTML target (the heading
 *   slugs of the styles asked for, ids, names of `a` elements), percent-decoded
 *   as HTML does when the raw one names none; "top" and "" name the top of the
 *   document; into any other kind of file it is not judged;
 * - a relative reference whose first segment is shaped like a domain name
 *   ("example.com/docs") and names nothing in the document's directory is
 *   path-looks-like-host (no scheme), not a dead-link.
 */
import { tryParse } from '../core/parse';
import type { UriRecord } from '../core/records';
import { resolveRecord } from '../operations/resolve';
import { removeDotSegments } from '../operations/remove-dot-segments';
import { percentEncode, percentEncodeExcept, tryPercentDecode } from '../encoding/percent-encoding';
import type { Diagnostic, Suggestion } from './diagnostic';
import { ruleOf, type LintCode, type RuleSetting } from './registry';
import { closest } from './near';
import { Slugger, caseInsensitiveHeadings, type SlugStyle } from './slugs';
import { TOP_LEVEL_DOMAINS } from './tlds';

/** The rules link integrity reports (each a line of LINT_RULES with `tree: true`). */
export const LINK_CODES = ['dead-link', 'dead-anchor', 'link-case-mismatch', 'link-outside-tree', 'path-looks-like-host'] as const satisfies readonly LintCode[];
export type LinkCode = (typeof LINK_CODES)[number];

/** What a fragment can name in a document (../documents/anchors finds them). */
export interface DocumentAnchors {
  /** The text of each heading, in order, as it renders. */
  readonly headings: readonly string[];
  /** The explicit anchors: id attributes, and the names of `a` elements. */
  readonly ids: readonly string[];
}

/** What a name of a directory is. 'other': there, but neither (a symbolic link that leads nowhere). */
export type EntryKind = 'file' | 'directory' | 'other';

/** The files of the tree, as the link checks read them. */
export interface LinkTree {
  /** What a directory holds, by name; undefined when it cannot be read. */
  entries(dir: string): ReadonlyMap<string, EntryKind> | undefined;
  /** A Markdown or HTML file's anchors; undefined for any other file, or one that cannot be read. */
  anchors(file: string): DocumentAnchors | undefined;
  /**
   * Whether a path of the tree under `root` is one its ignore files (.gitignore) ignore: a file a build or a
   * machine makes (dist/, node_modules/), which a link may name before it is made. Such a link is not judged.
   */
  ignored?(path: string, root: string): boolean;
}

export interface LinkOptions {
  /** The tree's root: a link that leaves it is not checked. */
  readonly root: string;
  /** What an absolute path ("/docs/x") is resolved against; without one, such a link is not checked. */
  readonly siteRoot?: string;
  /** The index files a directory must have one of, in order ("." for the directory itself). */
  readonly indexFiles: readonly string[];
  /**
   * The extensions tried, in order, for a last segment that names nothing ("guide" for "guide.md"), as a site
   * generator serves a page without its extension (lychee's --fallback-extensions); default none.
   */
  readonly fallbackExtensions?: readonly string[];
  /** The styles of heading anchors (one or more). */
  readonly slugStyles: readonly SlugStyle[];
  /** A path as a message shows it (relative to the working directory). */
  readonly display: (path: string) => string;
  /** Each rule's setting (severity or off). */
  readonly setting: (code: LintCode) => RuleSetting;
}

/** The document a link is in: its path, and the href of its HTML `<base>`, if any. */
export interface LinkingDocument {
  readonly path: string;
  readonly baseHref?: string;
}

/** The characters a browser percent-encodes in a path (and "[", "]", "%" not followed by two hex digits): encoded before the reference is read. */
const KEEP_IN_REFERENCE = Uint8Array.from({ length: 128 }, (_, c) => (c > 0x20 && c < 0x7f && !'"<>\\^`{|}[]'.includes(String.fromCharCode(c)) ? 1 : 0));

/** The reference as RFC 3986 reads it after a browser's encoding; undefined when it is no URI reference even so. */
function asUriReference(reference: string): { readonly text: string; readonly record: UriRecord } | undefined {
  let text: string;
  try {
    text = percentEncodeExcept(reference.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'), KEEP_IN_REFERENCE);
  } catch {
    return undefined; // a lone surrogate has no UTF-8
  }
  const parsed = tryParse(text);
  return parsed.ok ? { text, record: parsed.value } : undefined;
}

/** A reference with a scheme or an authority (most links of a document: "https://..."), known before it is read. */
const ELSEWHERE = /^(?:[A-Za-z][A-Za-z0-9+.-]*:|\/\/)/;

/** A "/"-path as a file URI (each segment percent-encoded). */
function fileUri(path: string): string {
  return `file://${path
    .split('/')
    .map((s) => percentEncode(s, 'segment'))
    .join('/')}`;
}

/** The segments of an encoded absolute path, each decoded as a browser decodes a file URL's (kept as written where it is not UTF-8). */
function decodedSegments(path: string): string[] {
  return path
    .split('/')
    .slice(1)
    .map((s) => tryPercentDecode(s) ?? s);
}

function within(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`);
}

function joined(dir: string, name: string): string {
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** A label of a host name: letters, digits and "-", not at either end (RFC 1123 2.1). */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** The kinds of file whose extension is also a top-level domain, most often written as a file: ".md" is a file, "docs.rs/" a site. */
const FILE_EXTENSIONS = new Set(['md', 'py', 'sh', 'rs', 'pl', 'pm', 'cc', 'so', 'in', 'ml', 'mk', 'ps', 'ai', 'zip', 'mov', 'tf', 'ms', 'mm', 'ma', 'cx', 'hs', 'je', 'fm', 'sc', 'lua', 'ts', 'rb', 'ps1', 'nu', 'jl', 'do', 'bz', 'gz', 'xz', 'lz', 'json', 'java', 'cs', 'fs', 'vb', 'am', 'ac', 'ad', 'ae', 'ag', 'al', 'as', 'at', 'bat', 'cat', 'dat', 'ini', 'inc', 'info', 'log', 'sql', 'bin', 'img', 'iso', 'tar', 'dev', 'app', 'pro', 'lib', 'red', 'ink', 'run', 'page', 'new', 'mp', 'ci', 'es', 'st', 'pt', 'ro', 'el']);

/**
 * Whether the first segment of a relative reference is shaped like a domain name: two labels or more, the last a
 * top-level domain; when that is also a common file extension ("setup.py", "README.md"), only with a path after it
 * ("docs.rs/serde", not "formatters.md/"), as a file name is far more often what it is.
 */
export function domainShaped(segment: string, asDirectory: boolean): boolean {
  if (segment.length > 253) return false;
  const labels = segment.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  const tld = labels[labels.length - 1].toLowerCase();
  if (!TOP_LEVEL_DOMAINS.has(tld)) return false;
  return asDirectory || !FILE_EXTENSIONS.has(tld);
}

/** A fragment that GitHub's source view gives a line or a range of lines ("L12", "L12-L20", "L3C5-L4C9"). */
const LINE_ANCHOR = /^L\d+(?:C\d+)?(?:-L\d+(?:C\d+)?)?$/;

/** The anchors of a document in the styles asked for: exact, and (GitHub) headings lower-cased. */
interface AnchorSet {
  readonly exact: ReadonlySet<string>;
  readonly folded: ReadonlySet<string>;
  /** Every anchor, for "did you mean". */
  readonly all: readonly string[];
}

/** The explicit identifier at a heading's end, as pandoc and Python-Markdown's attr_list read it: "Title {#id .class}" has "id". */
function explicitId(heading: string): string | undefined {
  const text = heading.trimEnd();
  if (!text.endsWith('}')) return undefined;
  const open = text.lastIndexOf('{');
  if (open < 0) return undefined;
  for (const part of text.slice(open + 1, -1).split(/[ \t]+/)) if (part.length > 1 && part.startsWith('#')) return part.slice(1);
  return undefined;
}

const anchorSets = new WeakMap<DocumentAnchors, Map<string, AnchorSet>>();

function anchorSet(anchors: DocumentAnchors, styles: readonly SlugStyle[]): AnchorSet {
  const key = styles.length === 1 ? styles[0] : styles.join();
  let byStyles = anchorSets.get(anchors);
  const cached = byStyles?.get(key);
  if (cached !== undefined) return cached;
  const exact = new Set<string>(anchors.ids);
  const folded = new Set<string>();
  for (const style of styles) {
    const slugger = new Slugger(style);
    for (const heading of anchors.headings) {
      const explicit = style === 'pandoc' || style === 'python-markdown' ? explicitId(heading) : undefined;
      if (explicit !== undefined) {
        exact.add(explicit);
        continue;
      }
      const slug = slugger.slug(heading);
      exact.add(slug);
      if (caseInsensitiveHeadings(style)) folded.add(slug.toLowerCase());
    }
  }
  const set = { exact, folded, all: [...exact] };
  if (byStyles === undefined) anchorSets.set(anchors, (byStyles = new Map()));
  byStyles.set(key, set);
  return set;
}

/** Whether a fragment names an anchor: as written, else percent-decoded (HTML's "indicated part"); GitHub's headings in any case, and with its "user-content-" prefix. */
function names(set: AnchorSet, fragment: string, styles: readonly SlugStyle[]): boolean {
  const decoded = tryPercentDecode(fragment) ?? fragment;
  if (set.exact.has(fragment) || set.exact.has(decoded)) return true;
  if (!styles.includes('github')) return false;
  const plain = decoded.startsWith('user-content-') ? decoded.slice('user-content-'.length) : decoded;
  return set.exact.has(plain) || set.folded.has(plain.toLowerCase());
}

/** Where the parts of the reference as written are: its path's end (before "?" or "#") and its fragment's start (after "#"), -1 for none. */
function partsOf(reference: string): { pathEnd: number; fragmentStart: number } {
  const hash = reference.indexOf('#');
  const q = reference.indexOf('?');
  const pathEnd = Math.min(q < 0 ? reference.length : q, hash < 0 ? reference.length : hash);
  return { pathEnd, fragmentStart: hash < 0 ? -1 : hash + 1 };
}

/** The [start, end) of the last segment of the written path that decodes to `name`, for a suggestion to replace. */
function segmentSpan(reference: string, pathEnd: number, name: string): [number, number] | undefined {
  let found: [number, number] | undefined;
  for (let start = 0; start <= pathEnd; ) {
    let end = reference.indexOf('/', start);
    if (end < 0 || end > pathEnd) end = pathEnd;
    const written = reference.slice(start, end);
    if (written === name || tryPercentDecode(written) === name) found = [start, end];
    start = end + 1;
  }
  return found;
}

/** A name as a path segment of a reference: what no segment may hold percent-encoded. */
function asSegment(name: string): string {
  try {
    return percentEncode(name, 'segment');
  } catch {
    return name;
  }
}

type Finding = { code: LinkCode; message: string; start: number; end: number; suggestions?: Suggestion[] };

/** The outcome of looking a path up in the tree, segment by segment from the root. */
type Lookup =
  | { readonly found: 'file' | 'directory' | 'other'; readonly path: string; readonly mismatch?: { readonly given: string; readonly real: string; readonly path: string } }
  | { readonly found: 'missing'; readonly dir: string; readonly name: string; readonly names: Iterable<string> }
  | { readonly found: 'not-a-directory'; readonly path: string }
  | { readonly found: 'unknown' };

/** The name of a directory's listing that is `name` but for case, when there is exactly one. */
function otherCase(entries: ReadonlyMap<string, EntryKind>, name: string): string | undefined {
  const lower = name.toLowerCase();
  let match: string | undefined;
  for (const key of entries.keys()) {
    if (key.toLowerCase() !== lower) continue;
    if (match !== undefined) return undefined;
    match = key;
  }
  return match;
}

function lookUp(tree: LinkTree, root: string, segments: readonly string[]): Lookup {
  let dir = root;
  let mismatch: { given: string; real: string; path: string } | undefined;
  let kind: EntryKind = 'directory';
  for (let i = 0; i < segments.length; i++) {
    const name = segments[i];
    if (kind !== 'directory') return { found: 'not-a-directory', path: dir };
    const entries = tree.entries(dir);
    if (entries === undefined) return { found: 'unknown' };
    let real = name;
    let k = entries.get(name);
    if (k === undefined) {
      const other = otherCase(entries, name);
      if (other === undefined) return { found: 'missing', dir, name, names: entries.keys() };
      real = other;
      k = entries.get(other)!;
      mismatch ??= { given: name, real, path: joined(dir, real) };
    }
    kind = k;
    dir = joined(dir, real);
  }
  return { found: kind, path: dir, ...(mismatch ? { mismatch } : {}) };
}

/**
 * The findings of link integrity for one reference of a document (none for most), as diagnostics whose ranges
 * are in the reference as written, at the severities the options set (a rule set off reports nothing).
 */
export function checkLink(reference: string, doc: LinkingDocument, tree: LinkTree, options: LinkOptions): Diagnostic[] {
  const findings = linkFindings(reference, doc, tree, options);
  const out: Diagnostic[] = [];
  for (const f of findings) {
    const setting = options.setting(f.code);
    if (setting === 'off') continue;
    const d: Diagnostic = { code: f.code, severity: setting, message: f.message, start: f.start, end: f.end, section: ruleOf(f.code).section };
    out.push(f.suggestions === undefined ? d : { ...d, suggestions: f.suggestions });
  }
  return out;
}

/** The base a document's references resolve against: its own file URI, or its `<base href>` read against it; none when that is no file of the tree's. */
function baseOf(doc: LinkingDocument, options: LinkOptions): string | undefined {
  const own = fileUri(doc.path);
  if (doc.baseHref === undefined) return own;
  const href = asUriReference(doc.baseHref);
  if (href === undefined) return undefined;
  const r = href.record;
  if (r.authority !== undefined || (r.scheme !== undefined && r.scheme.toLowerCase() !== 'file')) return undefined;
  if (r.scheme === undefined && r.path.startsWith('/')) {
    if (options.siteRoot === undefined) return undefined;
    return fileUri(joined(options.siteRoot, removeDotSegments(r.path).slice(1)));
  }
  const t = resolveRecord(own, href.text);
  return `file://${t.path}`;
}

/** Each document's base (baseOf), worked out at its first link (null for none), with the site root it was worked out with. */
const bases = new WeakMap<LinkingDocument, { readonly siteRoot: string | undefined; readonly base: string | null }>();

function linkFindings(reference: string, doc: LinkingDocument, tree: LinkTree, options: LinkOptions): Finding[] {
  if (reference === '' || ELSEWHERE.test(reference)) return [];
  const read = asUriReference(reference);
  if (read === undefined || read.record.scheme !== undefined || read.record.authority !== undefined) return [];
  const ref = read.record;
  const uri = read.text;
  let known = bases.get(doc);
  if (known === undefined || known.siteRoot !== options.siteRoot) {
    known = { siteRoot: options.siteRoot, base: baseOf(doc, options) ?? null };
    bases.set(doc, known);
  }
  const base = known.base;
  if (base === null) return [];
  const { pathEnd, fragmentStart } = partsOf(reference);
  let target: string;
  if (ref.path.startsWith('/')) {
    if (options.siteRoot === undefined) return [];
    target = joined(options.siteRoot, removeDotSegments(ref.path).slice(1));
  } else target = resolveRecord(base, uri).path;
  const segments = decodedSegments(target);
  const directoryWanted = target.endsWith('/') && target !== '/';
  const path = `/${segments.filter((s) => s !== '').join('/')}`;
  const pathSpan: [number, number] = [0, pathEnd];
  const show = options.display;
  const inSite = options.siteRoot !== undefined && within(path, options.siteRoot);
  if (!within(path, options.root) && !inSite) {
    if (pathEnd === 0) return [];
    return [{ code: 'link-outside-tree', message: `links to ${show(path)}, outside the tree checked (${show(options.root)}): not checked`, start: 0, end: pathEnd }];
  }
  const root = inSite && !within(path, options.root) ? options.siteRoot! : options.root;
  const rel = path === root ? [] : path.slice(root.length + (root.endsWith('/') ? 0 : 1)).split('/');
  // A first segment shaped like a domain name that names nothing beside the document: no scheme, rather than a dead link.
  const host = pathEnd > 0 && ref.path !== '' && !ref.path.startsWith('/') && !ref.path.startsWith('.') ? hostLike(reference, pathEnd, tree, parentOf(decodedPath(base))) : undefined;
  if (host !== undefined) return [host];
  const found = lookUp(tree, root, rel);
  const out: Finding[] = [];
  let file: string | undefined;
  switch (found.found) {
    case 'unknown':
      return [];
    case 'missing': {
      if (tree.ignored?.(path, root) === true) return [];
      const fallback = joined(found.dir, found.name) === path && !directoryWanted ? withExtension(tree, found.dir, found.name, options.fallbackExtensions) : undefined;
      if (fallback === undefined) return [missingFinding(reference, pathEnd, path, found, parentOf(decodedPath(base)), tree, show)];
      file = fallback;
      break;
    }
    case 'not-a-directory':
      return [{ code: 'dead-link', message: `links to ${show(path)}, but ${show(found.path)} is a file, not a directory`, start: pathSpan[0], end: pathSpan[1] }];
    case 'other':
      return [{ code: 'dead-link', message: `links to ${show(found.path)}, a symbolic link that leads nowhere`, start: pathSpan[0], end: pathSpan[1] }];
    case 'file':
      if (directoryWanted) return [{ code: 'dead-link', message: `links to the directory ${show(found.path)}/, but ${show(found.path)} is a file`, start: pathSpan[0], end: pathSpan[1] }];
      file = found.path;
      break;
    case 'directory': {
      const index = indexOf(tree, found.path, options.indexFiles);
      if (index === undefined) {
        return [{ code: 'dead-link', message: `links to the directory ${show(found.path)}/, which has none of the index files ${options.indexFiles.join(', ')}`, start: pathSpan[0], end: pathSpan[1] }];
      }
      file = index === '.' ? undefined : joined(found.path, index);
      break;
    }
  }
  if (found.found !== 'missing' && found.mismatch !== undefined && pathEnd > 0) {
    const m = found.mismatch;
    const span = segmentSpan(reference, pathEnd, m.given);
    const message = `links to ${show(joined(parentOf(m.path), m.given))}, which is ${show(m.path)} but for case: a case-sensitive file system or web server finds no such file`;
    out.push({ code: 'link-case-mismatch', message, start: 0, end: pathEnd, ...(span !== undefined ? { suggestions: [{ message: `write ${JSON.stringify(m.real)}`, replacement: asSegment(m.real), start: span[0], end: span[1] }] } : {}) });
  }
  if (fragmentStart >= 0 && file !== undefined) {
    const anchor = anchorFinding(reference, fragmentStart, file !== doc.path, file, tree, options);
    if (anchor !== undefined) out.push(anchor);
  }
  return out;
}

/**
 * dead-link for a name that is not in its directory, with what was probably meant: the one close name of that
 * directory; else, when the name is the link's last segment and is a file or directory beside the document
 * (a link that goes up a directory too far, or not far enough), that one.
 */
function missingFinding(reference: string, pathEnd: number, target: string, found: { dir: string; name: string; names: Iterable<string> }, docDir: string, tree: LinkTree, show: (path: string) => string): Finding {
  const missing = joined(found.dir, found.name);
  const near = closest(found.name, found.names, true);
  let meant: string | undefined;
  let suggestion: Suggestion | undefined;
  if (near !== undefined) {
    meant = joined(found.dir, near);
    const span = segmentSpan(reference, pathEnd, found.name);
    if (span !== undefined) suggestion = { message: `link to ${show(meant)}`, replacement: asSegment(near), start: span[0], end: span[1] };
  } else if (found.dir !== docDir && tree.entries(docDir)?.has(found.name) === true) {
    const span = segmentSpan(reference, pathEnd, found.name);
    if (span !== undefined && span[1] === pathEnd) {
      meant = joined(docDir, found.name);
      suggestion = { message: `link to ${show(meant)}`, replacement: reference.slice(span[0], span[1]), start: 0, end: pathEnd };
    }
  }
  const what = missing === target ? `${show(target)}, which does not exist` : `${show(target)}, which does not exist: there is no ${show(missing)}`;
  const message = `links to ${what}${meant === undefined ? '' : `; did you mean ${show(meant)}?`}`;
  return { code: 'dead-link', message, start: 0, end: pathEnd, ...(suggestion !== undefined ? { suggestions: [suggestion] } : {}) };
}

/** The file a name names with one of the fallback extensions added, the first that is a file of the directory; none without. */
function withExtension(tree: LinkTree, dir: string, name: string, extensions: readonly string[] | undefined): string | undefined {
  if (extensions === undefined || extensions.length === 0) return undefined;
  const entries = tree.entries(dir);
  for (const ext of extensions) if (entries?.get(`${name}.${ext}`) === 'file') return joined(dir, `${name}.${ext}`);
  return undefined;
}

/** The decoded path of a file URI. */
function decodedPath(uri: string): string {
  return `/${decodedSegments(uri.slice('file://'.length)).join('/')}`;
}

/** The first index file of a directory by the list (".": the directory itself), matched without regard to case; none when it has none. */
function indexOf(tree: LinkTree, dir: string, list: readonly string[]): string | undefined {
  if (list.length === 0) return '.';
  const entries = tree.entries(dir);
  for (const name of list) {
    if (name === '.') return '.';
    if (entries === undefined) continue;
    if (entries.get(name) === 'file') return name;
    const other = otherCase(entries, name);
    if (other !== undefined && entries.get(other) === 'file') return other;
  }
  return undefined;
}

/** path-looks-like-host: the reference's first segment is shaped like a domain name and names nothing in `dir` (the document's directory). */
function hostLike(reference: string, pathEnd: number, tree: LinkTree, dir: string): Finding | undefined {
  const slash = reference.indexOf('/');
  const end = slash < 0 || slash > pathEnd ? pathEnd : slash;
  const first = reference.slice(0, end);
  if (!domainShaped(first, end + 1 < pathEnd)) return undefined;
  const entries = tree.entries(dir);
  if (entries === undefined || entries.has(first) || otherCase(entries, first) !== undefined) return undefined;
  const meant = `https://${reference}`;
  return {
    code: 'path-looks-like-host',
    message: `no scheme: ${JSON.stringify(reference.slice(0, pathEnd))} is a path relative to the document, and ${JSON.stringify(first)} names no file or directory beside it; did you mean ${meant}?`,
    start: 0,
    end,
    suggestions: [{ message: `write ${JSON.stringify(`https://${first}`)}`, replacement: `https://${first}`, start: 0, end }],
  };
}

/** The one anchor that is the fragment and more words ("equivalence" for "equivalence-by-scheme"), if there is exactly one. */
function onlyLonger(fragment: string, anchors: readonly string[]): string | undefined {
  const head = `${fragment.toLowerCase()}-`;
  let found: string | undefined;
  for (const a of anchors) {
    if (!a.toLowerCase().startsWith(head)) continue;
    if (found !== undefined) return undefined;
    found = a;
  }
  return found;
}

function anchorFinding(reference: string, fragmentStart: number, elsewhere: boolean, file: string, tree: LinkTree, options: LinkOptions): Finding | undefined {
  const fragment = reference.slice(fragmentStart);
  // "" and "top" are the top of the document (HTML, "scroll to the fragment").
  if (fragment === '' || fragment.toLowerCase() === 'top') return undefined;
  // With a query, a line of GitHub's source view (?plain=1#L12): not an anchor of the rendered document.
  if (reference.lastIndexOf('?', fragmentStart) >= 0 && LINE_ANCHOR.test(fragment)) return undefined;
  const anchors = tree.anchors(file);
  if (anchors === undefined) return undefined;
  const set = anchorSet(anchors, options.slugStyles);
  if (names(set, fragment, options.slugStyles)) return undefined;
  const decoded = tryPercentDecode(fragment) ?? fragment;
  const near = closest(decoded, set.all) ?? onlyLonger(decoded, set.all);
  const where = elsewhere ? options.display(file) : 'this document';
  const styles = options.slugStyles.map((s) => (s === 'github' ? "GitHub's" : s === 'gitlab' ? "GitLab's" : s === 'pandoc' ? "pandoc's" : "Python-Markdown's")).join(' or ');
  const message = `${where} has no anchor ${JSON.stringify(decoded)} (its headings by ${styles} slugs, its ids and names)${near === undefined ? '' : `; did you mean #${near}?`}`;
  let replacement: string | undefined;
  if (near !== undefined) {
    try {
      replacement = percentEncode(near, 'fragment');
    } catch {
      replacement = undefined;
    }
  }
  return { code: 'dead-anchor', message, start: fragmentStart, end: reference.length, ...(replacement !== undefined ? { suggestions: [{ message: `link to #${near}`, replacement, start: fragmentStart, end: reference.length }] } : {}) };
}
