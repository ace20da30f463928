/**
 * npm run iana-schemes [-- --check]
 *
 * Writes src/lint/iana-schemes.ts, the names of the IANA URI scheme registry (permanent, provisional and
 * historical; RFC 7595 3) that the `scheme-typo` lint rule reads, from the npm package
 * @silverbucket/iana-schemes (a devDependency, at the exact version package.json names: these machines
 * reach the npm registry, not iana.org). The package's "unofficial" list is not the registry's and is
 * left out. The date written is the version's publication date on the npm registry, which the script
 * asks `npm view` for (the package itself carries none); with --check it writes nothing, asks nothing,
 * and fails when the file's names or version are not what the installed package gives
 * (test/iana-schemes.test.ts runs the check).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..');
const OUT = path.join(root, 'src', 'lint', 'iana-schemes.ts');
const PACKAGE = '@silverbucket/iana-schemes';

interface SchemeEntry {
  readonly scheme: string;
}

/** The registry's names in the installed package (lower case, sorted, each once), and the package's version. */
export function registryFromPackage(): { version: string; names: string[] } {
  // The package exports no package.json: its folder is found from its entry (script/index.js).
  const dir = path.dirname(path.dirname(require.resolve(PACKAGE, { paths: [root] })));
  const version = (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's CommonJS build, read once
  const data = (require(path.join(dir, 'script', 'index.js')) as { default: Record<string, SchemeEntry[]> }).default;
  const names = new Set<string>();
  for (const list of ['permanent', 'provisional', 'historical']) for (const s of data[list]) names.add(s.scheme.toLowerCase());
  return { version, names: [...names].sort() };
}

/** The module's text: the names as one string (a space between names), with where and when they are from. */
export function moduleText(version: string, date: string, names: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const n of names) {
    if (line.length + n.length + 1 > 100) {
      lines.push(line);
      line = '';
    }
    line += `${line === '' ? '' : ' '}${n}`;
  }
  if (line !== '') lines.push(line);
  return [
    '/**',
    ' * The names of the IANA URI scheme registry (https://www.iana.org/assignments/uri-schemes/): permanent, provisional and',
    ` * historical, ${names.length} names, lower case. Written by scripts/iana-schemes.ts (npm run iana-schemes) from the npm package`,
    ` * ${PACKAGE} ${version} (MIT; its lists copy the registry's), published ${date}; not edited by hand.`,
    ' * The lint rule scheme-typo reads it (./rules/scheme-typo).',
    ' */',
    `export const IANA_SCHEMES_SOURCE = '${PACKAGE} ${version}, published ${date}';`,
    '',
    'export const IANA_SCHEME_NAMES: readonly string[] = [',
    // Names are letters, digits, "+", "-" and "." (RFC 3986 3.1): nothing to escape in a quoted string.
    ...lines.map((l) => `  '${l}',`),
    "].join(' ').split(' ');",
    '',
  ].join('\n');
}

/** The version and the names the file holds now. */
function current(): { version: string; names: string[]; date: string } | undefined {
  if (!fs.existsSync(OUT)) return undefined;
  const text = fs.readFileSync(OUT, 'utf8');
  const source = /IANA_SCHEMES_SOURCE = '[^ ']+ ([^,']+), published ([^']+)'/.exec(text);
  const names = [...text.matchAll(/^ {2}'([^']*)',$/gm)].flatMap((m) => m[1].split(' '));
  return source === null ? undefined : { version: source[1], date: source[2], names };
}

function main(): void {
  const check = process.argv.includes('--check');
  const { version, names } = registryFromPackage();
  const now = current();
  if (check) {
    const same = now !== undefined && now.version === version && now.names.join(' ') === names.join(' ');
    if (!same) {
      console.error(`src/lint/iana-schemes.ts is not what ${PACKAGE} ${version} gives: run npm run iana-schemes`);
      process.exit(1);
    }
    console.log(`src/lint/iana-schemes.ts is ${PACKAGE} ${version}'s ${names.length} names`);
    return;
  }
  const view = spawnSync('npm', ['view', `${PACKAGE}@${version}`, 'time', '--json'], { encoding: 'utf8' });
  const time = view.status === 0 ? (JSON.parse(view.stdout) as Record<string, string>)[version] : undefined;
  if (time === undefined) throw new Error(`npm view ${PACKAGE}@${version} time gave no date: ${view.stderr}`);
  fs.writeFileSync(OUT, moduleText(version, time.slice(0, 10), names));
  console.log(`wrote src/lint/iana-schemes.ts: ${names.length} names of ${PACKAGE} ${version} (${time.slice(0, 10)})`);
}

if (require.main === module) main();
