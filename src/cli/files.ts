/**
 * The files a `lint --extract` or `extract` run reads: each argument a file,
 * a directory (searched, for the configured extensions) or a glob
 * ("docs/**\/*.md"); "-" is standard input. Directories and globs skip
 * node_modules and .git, and what the .gitignore files (of the repository
 * around the working directory, and of each directory searched) ignore; the
 * configuration's ignorePatterns apply to every path. In order, each once.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';
import { withoutTrailingSlashes } from './trailing-slashes';

const GLOB = /[*?[\]{}]/;
const SKIPPED = new Set(['node_modules', '.git']);

interface GitIgnore {
  readonly base: string;
  readonly ig: Ignore;
}

/** The .gitignore of `dir`, if any. */
function gitignoreOf(dir: string): GitIgnore | undefined {
  const file = path.join(dir, '.gitignore');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return { base: dir, ig: ignore().add(text) };
}

/** The .gitignore files that apply in `dir`: those of its directories from the repository's top (where .git is) down. */
function gitignoresAbove(dir: string): GitIgnore[] {
  const chain: string[] = [];
  let top: string | undefined;
  for (let d = path.resolve(dir); ; ) {
    chain.unshift(d);
    if (fs.existsSync(path.join(d, '.git'))) {
      top = d;
      break;
    }
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
  // Outside a repository, only the directory's own .gitignore.
  const dirs = top === undefined ? [path.resolve(dir)] : chain;
  return dirs.map(gitignoreOf).filter((g): g is GitIgnore => g !== undefined);
}

function ignoredBy(list: readonly GitIgnore[], abs: string, isDir: boolean): boolean {
  for (const g of list) {
    const rel = path.relative(g.base, abs).split(path.sep).join('/');
    if (rel === '' || rel.startsWith('../')) continue;
    if (g.ig.ignores(isDir ? `${rel}/` : rel)) return true;
  }
  return false;
}

export interface FileListOptions {
  readonly cwd: string;
  readonly extensions: readonly string[];
  /** The configuration's ignorePatterns. */
  readonly ignored: (file: string) => boolean;
  /** Say something on standard error (a file that does not exist is still passed on, for the reader to report). */
  readonly warn: (message: string) => void;
  /**
   * Told of each directory that cannot be read (given as an argument or met in a search): an input that
   * cannot be read, as a file is (../inputs' fileProblems). Without it, said with `warn`.
   */
  readonly unreadable?: (dir: string, message: string) => void;
  /**
   * Whether a file that a directory search meets, whose extension is not among `extensions`, is read all the same
   * (given its absolute path): the API descriptions in JSON and YAML (./api-files), by default.
   */
  readonly recognized?: (file: string) => boolean;
}

/**
 * The files to read, for the arguments: a named file as it is, a directory
 * searched, a glob matched under its fixed prefix. Paths are given as the
 * arguments gave them. An argument that yields no file (a path that is not
 * there or cannot be read, a directory with no file to read, a glob that
 * matches none) is told to `unreadable` under its own name (the run fails,
 * ./inputs' fileProblems); a named file that the ignore patterns ignore is
 * said with `warn`, as ESLint says it.
 */
export function* listFiles(args: readonly string[], options: FileListOptions): Generator<string> {
  const seen = new Set<string>();
  const once = function* (file: string): Generator<string> {
    const key = file === '-' ? '-' : path.resolve(options.cwd, file);
    if (seen.has(key)) return;
    seen.add(key);
    yield file;
  };
  const wanted = (name: string) => {
    const m = /\.([^./]+)$/.exec(name);
    return m !== null && options.extensions.includes(m[1].toLowerCase());
  };
  const unreadable = (file: string, message: string): void => {
    if (options.unreadable) options.unreadable(file, message);
    else options.warn(message);
  };
  // Depth first, in name order, with a stack (a deep tree is no deep recursion). Whether the root could be read: `rootRead`.
  let rootRead = true;
  const walk = function* (root: string, accept: (rel: string) => boolean): Generator<string> {
    const stack: Array<{ dir: string; ignores: GitIgnore[] }> = [{ dir: root, ignores: gitignoresAbove(path.resolve(options.cwd, root)) }];
    rootRead = true;
    while (stack.length > 0) {
      const { dir, ignores } = stack.pop()!;
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(path.resolve(options.cwd, dir), { withFileTypes: true });
      } catch (e) {
        if (dir === root) rootRead = false;
        unreadable(dir, `cannot read the directory ${dir}: ${(e as Error).message}`);
        continue;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const subdirs: Array<{ dir: string; ignores: GitIgnore[] }> = [];
      for (const entry of entries) {
        const rel = dir === '.' ? entry.name : path.join(dir, entry.name);
        const abs = path.resolve(options.cwd, rel);
        if (entry.isDirectory()) {
          if (SKIPPED.has(entry.name) || ignoredBy(ignores, abs, true) || options.ignored(rel)) continue;
          const own = gitignoreOf(abs);
          subdirs.push({ dir: rel, ignores: own ? [...ignores, own] : ignores });
        } else if (entry.isFile() && !ignoredBy(ignores, abs, false) && !options.ignored(rel) && accept(rel)) {
          yield* once(rel);
        } else if (entry.isSymbolicLink() && !ignoredBy(ignores, abs, false) && !options.ignored(rel) && accept(rel)) {
          // A link to a file is read as the file; a link to a directory is not followed (no loop to guard); a
          // link that leads nowhere (dangling, or a loop) is an input that cannot be read, said as one.
          let target: fs.Stats | undefined;
          try {
            target = fs.statSync(abs);
          } catch (e) {
            unreadable(rel, `cannot read ${rel}: ${(e as Error).message}`);
          }
          if (target?.isFile()) yield* once(rel);
        }
      }
      for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]);
    }
  };
  for (const arg of args) {
    if (arg === '-') {
      yield* once(arg);
      continue;
    }
    if (GLOB.test(arg) && !fs.existsSync(path.resolve(options.cwd, arg))) {
      // The fixed directories before the first part with a glob character are where the search starts.
      const parts = arg.split('/');
      const fixed: string[] = [];
      while (parts.length > 1 && !GLOB.test(parts[0])) fixed.push(parts.shift()!);
      const root = fixed.length === 0 ? '.' : fixed.join('/');
      const match = picomatch(arg.replace(/^\.\//, ''), { dot: false });
      let any = false;
      for (const file of walk(root, (rel) => match(rel.split(path.sep).join('/')))) {
        any = true;
        yield file;
      }
      if (!any) unreadable(arg, `no file matches ${arg}`);
      continue;
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(path.resolve(options.cwd, arg));
    } catch (e) {
      unreadable(arg, `cannot read ${arg}: ${(e as Error).message}`);
      continue;
    }
    if (stat.isDirectory()) {
      const dir = withoutTrailingSlashes(arg) || '/';
      let any = false;
      const recognized = options.recognized;
      const accept = recognized === undefined ? wanted : (rel: string) => wanted(rel) || recognized(path.resolve(options.cwd, rel));
      for (const file of walk(dir, accept)) {
        any = true;
        yield file;
      }
      if (!any && rootRead) unreadable(dir, `no file to read in the directory ${dir} (none with the extensions ${options.extensions.join(', ')}${recognized !== undefined ? ', nor an OpenAPI, AsyncAPI or JSON Schema document in JSON or YAML,' : ''} that .gitignore and the ignore patterns leave)`);
      continue;
    }
    if (options.ignored(arg)) {
      options.warn(`${arg} is not read: the ignore patterns ignore it`);
      continue;
    }
    yield* once(arg);
  }
}
