/**
 * npm run check:grammar [-- --grammar NAME] [--rule RULE ...] [--count N] [--seed S] [--fuzz]
 *
 * Checks that each grammar/NAME.abnf is its RFC's text (the drift check of
 * scripts/grammar-check/verbatim.ts, against grammar/rfcNNNN.txt), and that
 * each grammar's PEG parser (peggy's, the tests' oracle: scripts/peggy-oracle.ts)
 * accepts exactly what its ABNF accepts (see scripts/grammar-check/check.ts), for
 * every grammar NAME that has grammar/NAME.abnf and grammar/NAME.peggy, with the
 * settings in grammar/NAME.check.json.
 *
 *   --grammar NAME  only this grammar (e.g. rfc3986)
 *   --rule RULE     only this ABNF rule; may be repeated
 *   --count N       strings generated per rule, and as many near misses (default 2000)
 *   --seed S        the seed (default: a new one, printed, so that a failure can be replayed)
 *   --fuzz          the long run: the rules listed as fuzzRules in NAME.check.json (without them, the registry's rules)
 *
 * A grammar's report starts with its shortest disagreement explained
 * (scripts/grammar-check/explain.ts: its PEG and ABNF lines, the usual cause),
 * then lists them all.
 *
 * Exit codes: 0 no disagreement, 1 a disagreement or a rule-set error, 2 usage error.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readAbnf } from './grammar-check/abnf';
import { readPeggySource } from './grammar-source';
import { checkSources } from './grammar-check/verbatim';
import { checkGrammar, formatDisagreement, type CheckReport, type PegParser, type RuleSummary } from './grammar-check/check';
import { grammarNames, loadConfig } from './grammar-check/config';
import { pegRuleNames } from './grammar-check/peggy';
import { explainShortest } from './grammar-check/explain';
import { readProofGrammar } from './grammar-check/proven';
import { grammarFileOf, readRegistry, type RegistryEntry } from './registry';
import { peggyOracle } from './peggy-oracle';

const root = path.resolve(__dirname, '..');
const REPRODUCERS_PER_RULE = 3;

interface Args {
  grammar?: string;
  rules: string[];
  count: number;
  seed: number;
  fuzz: boolean;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Args {
  const args: Args = { rules: [], count: 2000, seed: Math.floor(Math.random() * 2 ** 31), fuzz: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    const integer = (): number => {
      const v = value();
      if (!/^\d+$/.test(v)) throw new UsageError(`${flag} needs a non-negative integer, got ${JSON.stringify(v)}`);
      return Number(v);
    };
    if (flag === '--grammar') args.grammar = value();
    else if (flag === '--rule') args.rules.push(value());
    else if (flag === '--count') args.count = integer();
    else if (flag === '--seed') args.seed = integer();
    else if (flag === '--fuzz') args.fuzz = true;
    else throw new UsageError(`unknown argument ${flag}`);
  }
  return args;
}

function summaryLine(s: RuleSummary): string {
  return `  ${s.rule.padEnd(16)} generated ${String(s.generated).padStart(8)}   near misses ${String(s.nearMisses).padStart(8)} (ABNF accepts ${String(s.nearMissesAccepted).padStart(8)})   disagreements ${s.disagreements}`;
}

function report(name: string, r: CheckReport): void {
  for (const e of r.ruleSetErrors) console.log(`  RULE SET: ${e}`);
  for (const n of r.notes) console.log(`  note: ${n}`);
  for (const e of r.generatorErrors) console.log(`  GENERATOR: ${e}`);
  for (const u of r.uncovered) console.log(`  NOT COVERED: ${u}`);
  const shown = new Map<string, number>();
  for (const d of r.disagreements) {
    const n = shown.get(d.rule) ?? 0;
    shown.set(d.rule, n + 1);
    if (n < REPRODUCERS_PER_RULE) console.log(formatDisagreement(d).replace(/^/gm, '  '));
  }
  for (const [rule, n] of shown) {
    if (n > REPRODUCERS_PER_RULE) console.log(`  ... and ${n - REPRODUCERS_PER_RULE} more distinct reproducers for ${rule}`);
  }
  const generated = r.summaries.reduce((a, s) => a + s.generated, 0);
  const nearMisses = r.summaries.reduce((a, s) => a + s.nearMisses, 0);
  console.log(
    `${name}: ${r.ok ? 'OK' : 'FAILED'}: ${r.summaries.length} rules, ${generated} generated, ${nearMisses} near misses, ` +
      `${r.disagreements.length} disagreements, ${r.ruleSetErrors.length} rule-set errors (seed ${r.seed})`,
  );
}

function entryOf(name: string): RegistryEntry {
  const entry = readRegistry(root).find((e) => e.name === name);
  if (!entry) throw new Error(`grammar/registry.json has no grammar ${name}`);
  return entry;
}

function main(argv: string[]): number {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`check:grammar: ${e.message}\nusage: npm run check:grammar -- [--grammar NAME] [--rule RULE ...] [--count N] [--seed S] [--fuzz]`);
      return 2;
    }
    throw e;
  }
  const names = args.grammar ? [args.grammar] : grammarNames(root);
  let ok = true;
  for (const name of names) {
    let abnfFile: string;
    let peggyFile: string;
    try {
      abnfFile = path.join(root, grammarFileOf(root, name, 'abnf'));
      peggyFile = path.join(root, grammarFileOf(root, name, 'peggy'));
    } catch (e) {
      console.error(`check:grammar: ${(e as Error).message}`);
      return 2;
    }
    for (const f of [abnfFile, peggyFile]) {
      if (!fs.existsSync(f)) {
        console.error(`check:grammar: ${path.relative(root, f)} is missing`);
        return 2;
      }
    }
    const abnf = readAbnf(abnfFile);
    const config = loadConfig(name, root);
    const peg = peggyOracle(name) as PegParser;
    const rules = args.rules.length > 0 ? args.rules : args.fuzz ? config.fuzzRules : undefined;
    for (const rule of rules ?? []) {
      if (abnf.canonical(rule) === undefined) {
        console.error(`check:grammar: ${name}.abnf has no rule ${rule}`);
        return 2;
      }
    }
    const drift = checkSources(root, name);
    for (const d of drift) console.log(`  SOURCE: ${d}`);
    const abnfName = path.relative(root, abnfFile).split(path.sep).join('/');
    console.log(`${name}: ${abnfName} against its RFC text: ${drift.length === 0 ? 'OK' : `${drift.length} rules drifted`}`);
    ok &&= drift.length === 0;
    console.log(`${name}: checking ${path.relative(root, peggyFile).split(path.sep).join('/')} (as peggy's parser) against ${abnfName}, seed ${args.seed}, ${args.count} per rule`);
    const started = Date.now();
    const result = checkGrammar(abnf, peg, pegRuleNames(readPeggySource(root, name).text), config, {
      rules,
      count: args.count,
      seed: args.seed,
      onRule: (s) => console.log(summaryLine(s)),
    });
    // The shortest counterexample first, explained (its PEG and ABNF lines, the usual cause); report() lists them all.
    const explained = result.disagreements.length > 0 ? explainShortest(root, [{ grammar: readProofGrammar(root, entryOf(name)), report: result, own: [] }], 'check:grammar: FIRST') : undefined;
    if (explained) console.log(explained.join('\n'));
    report(name, result);
    console.log(`${name}: took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    ok &&= result.ok;
  }
  return ok ? 0 : 1;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
