/**
 * The oracle: peggy's parser of a grammar, built with --trace, which the tests,
 * check:grammar, the fuzzers and the benchmark hold urigram's own back ends to.
 * Nothing at run time loads it, so it is not in generated/ nor in the package:
 * it is built here from grammar/NAME.peggy (its @include lines expanded, the
 * options of grammar/NAME.config.json) on first use, and kept in
 * node_modules/.cache/urigram/oracle/ under a hash of everything it is made of
 * (the expanded grammar, its options, peggy's version, this file), so that it
 * can never be stale and costs peggy's compile once per change of a grammar.
 * Not committed: it is a function of the grammar and of peggy, and its diff
 * would repeat the grammar's (CONTRIBUTING.md, "The oracle").
 *
 * One build per grammar: with a tracer that does nothing (the default here)
 * the traced parser is the plain parser, at the cost of a call per rule.
 * Two changes to peggy's code, both for test/support/peggy-oracle.ts's TracedRun:
 * - peggy's tracer reports rules entered and left, but not the literals tried
 *   inside a rule, so peg$fail (where peggy records an expected item) first
 *   calls options.peg$onFail(offset, expected) when the caller gives one; that
 *   names the rule each expected item came from;
 * - trace events carry offsets only ({ start: { offset }, end: { offset } }),
 *   not peggy's line and column, which cost a lookup per event.
 * The build stops if peggy's code is not shaped as these changes expect.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as peggy from 'peggy';
import { readPeggySource } from './grammar-source';
import { grammarFileOf } from './registry';

const root = path.resolve(__dirname, '..');

const FAIL_FUNCTION = '  function peg$fail(expected) {\n';

function addFailHook(js: string, file: string): string {
  const at = js.indexOf(FAIL_FUNCTION);
  if (at < 0 || js.indexOf(FAIL_FUNCTION, at + 1) >= 0) {
    throw new Error(`${file}: peggy's peg$fail is not where scripts/peggy-oracle.ts expects it; update addFailHook`);
  }
  const hook = '    if (options.peg$onFail) options.peg$onFail(peg$currPos, expected); // added by scripts/peggy-oracle.ts\n';
  return js.slice(0, at + FAIL_FUNCTION.length) + hook + js.slice(at + FAIL_FUNCTION.length);
}

const TRACE_LOCATIONS: ReadonlyArray<readonly [string, string]> = [
  ['location: peg$computeLocation(startPos, startPos, true)', 'location: { start: { offset: startPos }, end: { offset: startPos } }'],
  ['location: peg$computeLocation(startPos, peg$currPos, true)', 'location: { start: { offset: startPos }, end: { offset: peg$currPos } }'],
];

function offsetsOnlyInTrace(js: string, file: string): string {
  const rules = js.split('\n  function peg$parse').length - 1;
  let out = js;
  for (const [from, to] of TRACE_LOCATIONS) {
    const count = out.split(from).length - 1;
    if (count === 0 || count % rules !== 0) {
      throw new Error(`${file}: peggy's trace calls are not shaped as scripts/peggy-oracle.ts expects (${count} of ${JSON.stringify(from)} for ${rules} rules)`);
    }
    out = out.split(from).join(to);
  }
  return out;
}

/** peggy's expectations (its own type, as its generated .d.ts has it). */
export type PeggyOracleExpectation =
  | { readonly type: 'literal'; readonly text: string; readonly ignoreCase: boolean }
  | { readonly type: 'class'; readonly parts: ReadonlyArray<string | [string, string]>; readonly inverted: boolean; readonly ignoreCase: boolean }
  | { readonly type: 'any' }
  | { readonly type: 'end' }
  | { readonly type: 'other'; readonly description: string };

/** peggy's SyntaxError, as the oracle throws it. */
export interface PeggyOracleSyntaxError extends Error {
  readonly expected: PeggyOracleExpectation[] | null;
  readonly found: string | null;
  readonly location: { start: { offset: number; line: number; column: number }; end: { offset: number; line: number; column: number } };
}

/** An oracle: peggy's parser module (traced), with the options it takes. */
export interface PeggyOracle {
  parse(input: string, options?: { startRule?: string; tracer?: { trace(event: unknown): void }; [option: string]: unknown }): unknown;
  readonly SyntaxError: new (...args: never[]) => PeggyOracleSyntaxError;
  readonly StartRules: readonly string[];
}

/** The oracle's source (CommonJS) for the grammar `name` of grammar/registry.json. */
export function oracleSource(name: string): string {
  const peggyFile = grammarFileOf(root, name, 'peggy');
  const config = JSON.parse(fs.readFileSync(path.join(root, grammarFileOf(root, name, 'config.json')), 'utf8')) as { allowedStartRules?: string[] };
  const js = peggy.generate(readPeggySource(root, name).text, { output: 'source', format: 'commonjs', trace: true, allowedStartRules: config.allowedStartRules, grammarSource: peggyFile });
  const head = `// The oracle of ${peggyFile}: peggy ${peggyVersion()} --trace, by scripts/peggy-oracle.ts (not committed; rebuilt when the grammar changes).\n`;
  return head + offsetsOnlyInTrace(addFailHook(js, `${name} (oracle)`), `${name} (oracle)`);
}

function peggyVersion(): string {
  return (JSON.parse(fs.readFileSync(require.resolve('peggy/package.json', { paths: [root] }), 'utf8')) as { version: string }).version;
}

/** Where the oracles are kept: node_modules/.cache/urigram/oracle/, or the system's temporary folder when node_modules is read-only. */
function cacheDir(): string {
  const dir = path.join(root, 'node_modules', '.cache', 'urigram', 'oracle');
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    return dir;
  } catch {
    const tmp = path.join(os.tmpdir(), 'urigram-oracle');
    fs.mkdirSync(tmp, { recursive: true });
    return tmp;
  }
}

/** The cheap part of the key: the inputs' hash without compiling; the file is named by it. */
function inputsKey(name: string): string {
  const configText = fs.readFileSync(path.join(root, grammarFileOf(root, name, 'config.json')), 'utf8');
  const text = readPeggySource(root, name).text;
  return createHash('sha256').update(text).update('\0').update(configText).update('\0').update(peggyVersion()).update('\0').update(fs.readFileSync(__filename)).digest('hex').slice(0, 16);
}

/** The file of the oracle of grammar `name`, built (written atomically, so that parallel test workers can share it) if it is not there yet. */
export function peggyOracleFile(name: string): string {
  const file = path.join(cacheDir(), `${name}.${inputsKey(name)}.trace.js`);
  if (!fs.existsSync(file)) {
    const source = oracleSource(name);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, source);
    fs.renameSync(tmp, file);
  }
  return file;
}

const NO_TRACE = { trace(): void {} };
const oracles = new Map<string, PeggyOracle>();

/**
 * peggy's parser of grammar `name` (the oracle), loaded once. Its parse()
 * traces nothing unless the options give a tracer (peggy's own default
 * tracer would print every rule).
 */
export function peggyOracle(name: string): PeggyOracle {
  let o = oracles.get(name);
  if (o === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the oracle's file is built on first use (above)
    const traced = require(peggyOracleFile(name)) as PeggyOracle;
    o = {
      parse: (input, options) => traced.parse(input, options?.tracer === undefined ? { ...options, tracer: NO_TRACE } : options),
      SyntaxError: traced.SyntaxError,
      StartRules: traced.StartRules,
    };
    oracles.set(name, o);
  }
  return o;
}
