/**
 * Link integrity for `urigram lint --extract` (../lint/links judges; this
 * module reads the files): on by default when a directory is among the paths
 * (--links for files, --no-links, or "links": { "check" } in the
 * configuration). Each relative link of a Markdown or HTML document is
 * checked against the file system: what a directory holds is read once (its
 * listing, so that a name in another case is found on any file system), and
 * a target's anchors once, when a fragment first names one.
 *
 * A part of a run (--jobs, --shard) reads the targets it needs, in its share
 * or not: the findings are a whole run's. The tree a document is in is the
 * git work tree around it (the nearest directory above it that holds .git);
 * outside one, the directory named on the command line that it was found in,
 * else the working directory (if the document is in it), else its own
 * directory. A link that leaves the tree is not checked (link-outside-tree).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { checkLink, type DocumentAnchors, type EntryKind, type LinkOptions, type LinkTree } from '../lint/links';
import { ruleSetting, type Diagnostic, type LintOptions } from '../lint/lint';
import type { LintCode } from '../lint/registry';
import { SLUG_STYLES, type SlugStyle } from '../lint/slugs';
import { isTemplateFile, kindOfFile, type DocumentKind, type DocumentUri } from '../documents/index';
import { baseHrefOf, htmlDocumentAnchors, markdownAnchors } from '../documents/anchors';
import { readFile, UsageError } from './io';
import type { LinksConfig } from './config';
import type { Context } from './command';

/** The index files a directory needs one of, when the configuration names none (docs/lint.md). */
export const DEFAULT_INDEX_FILES: readonly string[] = ['README.md', 'index.md', 'index.html'];

/** The attributes of HTML whose relative values are files of the site: links, images, media (not a form's action, a cite or an identifier). */
const LINKED_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'imagesrcset', 'poster', 'data', 'longdesc', 'background', 'xlink:href']);

/**
 * The elements whose files a page loads rather than links to: its scripts and the links of its head (style
 * sheets, icons, preloads), most often what a build or a package manager writes beside it (dist/, js/,
 * node_modules/: of the 46 relative ones in the HTML of Debian's source trees of webpack 5.75.0, babel 7.20.15,
 * eslint 6.4.0, markdown-it 10.0.0, TypeScript 4.8.4 and yargs 16.2.0, 45 named such a file, not there). Not judged.
 */
const LOADED_ELEMENTS = new Set(['script', 'link']);

/** What a run checks links with: read off the command line and the configuration once. */
export interface LinkSettings {
  readonly cwd: string;
  /** The directories named on the command line, absolute. */
  readonly directories: readonly string[];
  readonly siteRoot?: string;
  readonly indexFiles: readonly string[];
  readonly slugStyles: readonly SlugStyle[];
  readonly fallbackExtensions: readonly string[];
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Link integrity's settings, or none when it is off: --links and --no-links, else the configuration's
 * "check", else on when a directory is among the paths.
 */
export function linkSettings(ctx: Context, extract: boolean, config: LinksConfig, cwd: string): LinkSettings | undefined {
  const on = ctx.has('--links');
  const off = ctx.has('--no-links');
  if (on && off) throw new UsageError('--links and --no-links together');
  for (const option of ['--links', '--no-links', '--site-root']) if (!extract && ctx.has(option)) throw new UsageError(`${option} is for files: it needs --extract`);
  if (!extract) return undefined;
  const directories = ctx.args.filter((a) => a !== '-').map((a) => path.resolve(cwd, a)).filter(isDirectory);
  const check = on || (!off && (config.check ?? directories.length > 0));
  if (!check) return undefined;
  const given = ctx.value('--site-root');
  let siteRoot = config.siteRoot;
  if (given !== undefined) {
    siteRoot = path.resolve(cwd, given);
    if (!isDirectory(siteRoot)) throw new UsageError(`--site-root needs a directory, got ${JSON.stringify(given)}`);
  }
  return { cwd, directories, siteRoot, indexFiles: config.indexFiles ?? DEFAULT_INDEX_FILES, slugStyles: config.slugStyles ?? [SLUG_STYLES[0]], fallbackExtensions: config.fallbackExtensions ?? [] };
}

/** A path of this system as link integrity's "/"-path ("C:\\docs" is "/C:/docs"), and back. */
const WINDOWS = path.sep === '\\';
const treePath = (file: string): string => (WINDOWS ? `/${file.split('\\').join('/')}` : file);
const systemPath = (p: string): string => (WINDOWS ? p.slice(1).split('/').join('\\') : p);

/** The files of the tree, read when first asked for and kept: directory listings, and the anchors of Markdown and HTML files. */
export class FileTree implements LinkTree {
  private readonly listings = new Map<string, ReadonlyMap<string, EntryKind> | undefined>();
  private readonly anchorsOf = new Map<string, DocumentAnchors | undefined>();
  /** The document being linted, whose text is at hand (its own fragments are judged against it without reading it again). */
  private current?: { readonly path: string; readonly text: string };
  /** Per directory, the git work tree it is in ('' for none). */
  private readonly gitTops = new Map<string, string>();
  /** Per directory, its .gitignore (null for none). */
  private readonly gitignores = new Map<string, Ignore | null>();

  entries(dir: string): ReadonlyMap<string, EntryKind> | undefined {
    if (this.listings.has(dir)) return this.listings.get(dir);
    let listing: Map<string, EntryKind> | undefined;
    try {
      const system = systemPath(dir);
      listing = new Map();
      for (const entry of fs.readdirSync(system, { withFileTypes: true })) {
        let kind: EntryKind = entry.isDirectory() ? 'directory' : 'file';
        if (entry.isSymbolicLink()) {
          try {
            kind = fs.statSync(path.join(system, entry.name)).isDirectory() ? 'directory' : 'file';
          } catch {
            kind = 'other';
          }
        }
        listing.set(entry.name, kind);
      }
    } catch {
      listing = undefined;
    }
    this.listings.set(dir, listing);
    return listing;
  }

  anchors(file: string): DocumentAnchors | undefined {
    if (this.anchorsOf.has(file)) return this.anchorsOf.get(file);
    const kind = kindOfFile(file);
    let anchors: DocumentAnchors | undefined;
    if (kind === 'markdown' || kind === 'html') {
      let text: string | undefined;
      if (this.current?.path === file) text = this.current.text;
      else {
        try {
          text = readFile(systemPath(file)).text;
        } catch {
          text = undefined;
        }
      }
      if (text !== undefined) anchors = kind === 'markdown' ? markdownAnchors(text) : htmlDocumentAnchors(text);
    }
    this.anchorsOf.set(file, anchors);
    return anchors;
  }

  /**
   * Whether the .gitignore files of the directories from `root` down to `file` (those that are there) ignore it:
   * a file a build or a machine makes, not judged.
   */
  ignored(file: string, root: string): boolean {
    const prefix = root.endsWith('/') ? root : `${root}/`;
    if (!file.startsWith(prefix)) return false;
    const names = file.slice(prefix.length).split('/');
    let dir = root;
    for (let i = 0; i < names.length; i++) {
      if (this.gitignore(dir)?.ignores(names.slice(i).join('/')) === true) return true;
      if (this.entries(dir)?.get(names[i]) !== 'directory') return false;
      dir = `${prefix.slice(0, -1)}/${names.slice(0, i + 1).join('/')}`;
    }
    return false;
  }

  private gitignore(dir: string): Ignore | null {
    let ig = this.gitignores.get(dir);
    if (ig === undefined) {
      try {
        ig = ignore().add(fs.readFileSync(path.join(systemPath(dir), '.gitignore'), 'utf8'));
      } catch {
        ig = null;
      }
      this.gitignores.set(dir, ig);
    }
    return ig;
  }

  /** The document whose links are checked next, with its text. */
  reading(file: string, text: string): void {
    this.current = { path: file, text };
  }

  /** The git work tree a directory is in, or '' outside one (each directory on the way up looked at once). */
  gitTop(dir: string): string {
    const asked: string[] = [];
    let top: string | undefined;
    for (let d = dir; top === undefined; ) {
      top = this.gitTops.get(d);
      if (top !== undefined) break;
      asked.push(d);
      if (fs.existsSync(path.join(d, '.git'))) top = d;
      else {
        const up = path.dirname(d);
        if (up === d) top = '';
        d = up;
      }
    }
    for (const d of asked) this.gitTops.set(d, top);
    return top;
  }
}

function contains(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The links of the documents of one run (or one part of it): the tree is kept across documents (and a worker's parts). */
export class LinkChecker {
  private readonly options: Omit<LinkOptions, 'root'>;

  constructor(
    private readonly settings: LinkSettings,
    private readonly tree: FileTree,
    lintOptions: LintOptions,
  ) {
    const { cwd } = settings;
    this.options = {
      siteRoot: settings.siteRoot === undefined ? undefined : treePath(settings.siteRoot),
      indexFiles: settings.indexFiles,
      slugStyles: settings.slugStyles,
      fallbackExtensions: settings.fallbackExtensions,
      display: (p) => {
        const rel = path.relative(cwd, systemPath(p)).split(path.sep).join('/');
        return rel === '' ? '.' : rel;
      },
      setting: (code: LintCode) => ruleSetting(lintOptions, code),
    };
  }

  /** The root of the tree a file is in (see above). */
  private rootOf(file: string): string {
    const dir = path.dirname(file);
    const top = this.tree.gitTop(dir);
    if (top !== '') return top;
    let named = '';
    for (const d of this.settings.directories) if (contains(d, file) && d.length > named.length) named = d;
    if (named !== '') return named;
    return contains(this.settings.cwd, file) ? this.settings.cwd : dir;
  }

  /**
   * The check of each link of a document, or none when its links are not checked: a Markdown or HTML document
   * that is no template (a template's relative links are its pages').
   */
  forDocument(file: string, text: string, kind: DocumentKind): ((found: DocumentUri) => Diagnostic[]) | undefined {
    if (file === '-' || (kind !== 'markdown' && kind !== 'html') || isTemplateFile(file)) return undefined;
    const absolute = path.resolve(this.settings.cwd, file);
    const doc = treePath(absolute);
    this.tree.reading(doc, text);
    const options: LinkOptions = { ...this.options, root: treePath(this.rootOf(absolute)) };
    const base = kind === 'html' ? baseHrefOf(text) : undefined;
    const linking = { path: doc, ...(base !== undefined ? { baseHref: base.href } : {}) };
    return (found) => {
      if (found.code || found.cut === true) return [];
      if (found.kind === 'attribute' ? !LINKED_ATTRIBUTES.has(found.attribute ?? '') || LOADED_ELEMENTS.has(found.element ?? '') || (base !== undefined && found.start >= base.start && found.start <= base.end) : found.kind !== 'link' && found.kind !== 'image' && found.kind !== 'definition') return [];
      return checkLink(found.uri, linking, this.tree, options);
    };
  }
}
