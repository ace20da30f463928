/**
 * The example adapters of conformance/adapters/, for other languages and for
 * whatwg-url (the URL Standard's validity): what each needs (a toolchain on
 * the PATH, a library), how it is built, and the
 * command line that runs it, as conformance/README.md gives it (a test checks
 * that the README shows each). Used by npm run conformance:adapters (CI) and
 * npm run scorecard.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface ForeignAdapter {
  /** What it runs, as the scorecard names it until the adapter states its own name. */
  readonly name: string;
  readonly file: string;
  /** The Debian packages that give its toolchain. */
  readonly packages: readonly string[];
  /** Why it cannot run on this machine, or undefined when it can. */
  missing(): string | undefined;
  /** The commands that build it, run in the repository's folder (none: it runs from source). */
  readonly build: readonly string[];
  /** The command line --exec is given, run in the repository's folder. */
  readonly exec: string;
  /** Its name as `urigram readings --readers` gives it (src/cli/external-readers.ts); none: it answers no `reading`. */
  readonly reader?: string;
  /** Folders of the repository linked into the folder it runs in (a Node.js adapter's node_modules, where npm ci put its library). */
  readonly links?: readonly string[];
}

const ROOT = path.resolve(__dirname, '..', '..');

/** Why whatwg-url 17.3 or later (the first with isValidURLString) cannot be loaded from the repository, or undefined. */
function whatwgUrlMissing(): string | undefined {
  let version: string;
  try {
    version = (JSON.parse(fs.readFileSync(require.resolve('whatwg-url/package.json', { paths: [ROOT] }), 'utf8')) as { version: string }).version;
  } catch {
    return 'whatwg-url is not installed (npm ci installs it, a devDependency)';
  }
  const [major, minor] = version.split('.').map(Number);
  if (!(major > 17 || (major === 17 && minor >= 3))) return `whatwg-url ${version} is installed, and the adapter needs 17.3 or later (isValidURLString, parseURLWithValidationErrors): npm ci`;
  // It declares Node.js 22.14 or later, and loads in 20.19 or later, which can require its ES module dependency.
  const loads = spawnSync(process.execPath, ['-e', 'process.exit(typeof require("whatwg-url").isValidURLString === "function" ? 0 : 1)'], { cwd: ROOT, stdio: 'ignore' });
  return loads.status === 0 ? undefined : `whatwg-url ${version} does not load in Node.js ${process.versions.node} (it needs require() of ES modules, Node.js 20.19 or later)`;
}

/** Whether `command args` runs (exit 0). */
const runs = (command: string, args: readonly string[]): boolean => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** The first of `checks` that fails, as a reason: [command, args, what is missing]. */
function firstMissing(checks: ReadonlyArray<readonly [string, readonly string[], string]>): string | undefined {
  return checks.find(([command, args]) => !runs(command, args))?.[2];
}

export const FOREIGN_ADAPTERS: readonly ForeignAdapter[] = [
  {
    name: 'Python urllib.parse',
    file: 'conformance/adapters/urllib_adapter.py',
    packages: ['python3'],
    missing: () => firstMissing([['python3', ['--version'], 'no python3 on the PATH']]),
    build: [],
    exec: 'python3 conformance/adapters/urllib_adapter.py',
    reader: 'python',
  },
  {
    name: 'Go net/url',
    file: 'conformance/adapters/net_url_adapter.go',
    packages: ['golang-go'],
    missing: () => firstMissing([['go', ['version'], 'no go on the PATH']]),
    build: [],
    exec: 'go run conformance/adapters/net_url_adapter.go',
    reader: 'go',
  },
  {
    name: 'Java java.net.URI',
    file: 'conformance/adapters/UriAdapter.java',
    packages: ['default-jdk-headless'],
    // The source launcher compiles the file: a JDK, not a runtime alone.
    missing: () => firstMissing([['java', ['-version'], 'no java on the PATH'], ['javac', ['-version'], 'no javac on the PATH (a Java runtime without a JDK cannot run a source file)']]),
    build: [],
    exec: 'java conformance/adapters/UriAdapter.java',
    reader: 'java',
  },
  {
    name: 'uriparser (C)',
    file: 'conformance/adapters/uriparser_adapter.c',
    packages: ['gcc', 'libc6-dev', 'liburiparser-dev'],
    missing: () =>
      firstMissing([['cc', ['--version'], 'no C compiler (cc) on the PATH']]) ??
      (['/usr/include/uriparser/Uri.h', '/usr/local/include/uriparser/Uri.h'].some((f) => fs.existsSync(f)) ? undefined : 'no uriparser headers (uriparser/Uri.h)'),
    build: ['cc -O2 -o uriparser_adapter conformance/adapters/uriparser_adapter.c -luriparser'],
    exec: './uriparser_adapter',
    reader: 'uriparser',
  },
  {
    name: 'whatwg-url',
    file: 'conformance/adapters/whatwg_url_adapter.js',
    packages: ['nodejs'],
    missing: whatwgUrlMissing,
    build: [],
    exec: 'node conformance/adapters/whatwg_url_adapter.js',
    links: ['node_modules'],
  },
];

/**
 * Builds an adapter in `dir`, a copy of its file under the same relative path (so that its command
 * lines run there as the README gives them): the folder to run its command in, or an Error with the
 * build's output.
 */
export function buildIn(adapter: ForeignAdapter, root: string, dir: string): string {
  fs.mkdirSync(path.join(dir, path.dirname(adapter.file)), { recursive: true });
  fs.copyFileSync(path.join(root, adapter.file), path.join(dir, adapter.file));
  for (const link of adapter.links ?? []) fs.symlinkSync(path.join(root, link), path.join(dir, link));
  for (const command of adapter.build) {
    const r = spawnSync(command, { shell: true, cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${command}: exit ${r.status}\n${r.stdout}${r.stderr}`);
  }
  return dir;
}

/**
 * Readings each example adapter must give (protocol 2's `reading`), worked out by hand from each
 * library's documented behaviour: the host it reads, or 'error' where it refuses the input. npm run
 * conformance:adapters and test/external-readers.test.ts ask them.
 */
export const READING_CHECKS: ReadonlyArray<{ readonly input: string; readonly base?: string; readonly host: Readonly<Record<string, string | null | 'error'>> }> = [
  // A backslash before "@": urlsplit cuts the netloc at its last "@" and takes the rest as the host;
  // Go's userinfo, Java's authority and RFC 3986's userinfo have no backslash: refused.
  { input: 'http://a.example\\@b.example/', host: { python: 'b.example', go: 'error', java: 'error', uriparser: 'error' } },
  // ";" is a sub-delim, allowed in a reg-name (RFC 3986 3.2.2); Java's server-based authority takes
  // only a hostname's characters, so it reads the authority as registry-based: getHost() is null.
  { input: 'http://api.good.example;.evil.example/', host: { python: 'api.good.example;.evil.example', go: 'api.good.example;.evil.example', java: null, uriparser: 'api.good.example;.evil.example' } },
  // An IP literal keeps its brackets; the port is apart.
  { input: 'HTTP://u@[::1]:8080/p?q#f', host: { python: '[::1]', go: '[::1]', java: '[::1]', uriparser: '[::1]' } },
  // A network-path reference against a base: the reference's host.
  { input: '//evil.example/x', base: 'http://good.example/a', host: { python: 'evil.example', go: 'evil.example', java: 'evil.example', uriparser: 'evil.example' } },
  // A "[" never closed: every parser refuses it.
  { input: 'http://[::1/', host: { python: 'error', go: 'error', java: 'error', uriparser: 'error' } },
];
