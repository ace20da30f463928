/**
 * npx ts-node --transpile-only scripts/state-diagnosis.ts [--quick] [--write]
 * (also run by `npm run bench`, which writes its report into BENCHMARKS.md)
 *
 * Issue 36, item 2, asks for a rejection's expected items and rule path "from
 * the automaton's state and tables built at generate time". Before building
 * such tables this measures whether the automaton's state can hold them at
 * all, and what a rejection would still cost if diagnosis were free:
 *
 * - Whether the state decides the diagnosis. Over rejected inputs (the
 *   corpora's invalid lines, and valid lines of both corpora with a space,
 *   `\`, `"`, `|`, `%` or `[` inserted at a seeded random position, as
 *   scripts/bench-real-errors.ts makes them), the minimal automaton of RFC
 *   3986's URI-reference (compiled here from grammar/rfc3986.abnf, as
 *   scripts/compile-dfa.ts compiles it for generated/rfc3986.dfa.js) is run to
 *   where it dies; the key is the state it was in and the class of the
 *   character it died on (or the end of the input). The diagnosis is the
 *   error urigram reports (check(): offset, expected items, rule path). A
 *   table keyed by (state, class) could give each key one answer; the inputs
 *   it would get wrong even with each key's commonest answer are counted, per
 *   field, with an example pair.
 * - What a rejection costs besides the diagnosis, per inserted-error line:
 *   the automaton's rejection (isValid), V8's making of an Error object
 *   without a stack (what tryParse's UriSyntaxError is, at the least), against
 *   a valid parse of the same line and tryParse's rejection as it is.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compileAutomata, deathIn } from './compile-dfa';
import { insertedErrors, insertedSample, lines } from './bench-real-errors';
import { time } from './bench-errors';
import { median } from './cold-start';
import { replaceSection } from './report';

const root = path.resolve(__dirname, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built package, typed by its sources
const urigram = require(path.join(root, 'dist', 'src', 'index.js')) as typeof import('../src');

type Field = 'offset' | 'expected' | 'rulePath';
const FIELDS: readonly Field[] = ['offset', 'expected', 'rulePath'];

export interface StateReport {
  readonly inputs: number;
  readonly keys: number;
  /** Inputs whose reported offset is where the automaton died. */
  readonly offsetAtDeath: number;
  /** Per field: inputs a (state, class) table would get wrong with each key's commonest value, keys with more than one value, an example pair. */
  readonly wrong: Readonly<Record<Field, { inputs: number; keys: number; example?: readonly [string, string, string, string] }>>;
  /** All three fields at once. */
  readonly wrongAny: number;
  /** The same with the class of the character before the one the automaton died on in the key as well. */
  readonly finerKeys: number;
  readonly finerWrongAny: number;
  readonly finerExample?: readonly [string, string, string, string];
}

export function measureStates(quick: boolean): StateReport {
  const a = compileAutomata(fs.readFileSync(path.join(root, 'grammar', 'rfc3986.abnf'), 'utf8'), 'grammar/rfc3986.abnf');
  const d = a.rules.get('URI-reference');
  if (d === undefined) throw new Error('grammar/rfc3986.abnf has no URI-reference');
  const inputs: string[] = [];
  for (const file of ['web-urls.txt', 'file-urls.txt']) {
    const all = lines(file);
    inputs.push(...all.filter((l) => !urigram.isValid(l)));
    const valid = all.filter((l) => urigram.isValid(l));
    inputs.push(...insertedErrors(quick ? valid.slice(0, 3000) : valid, 36).map((v) => v.invalid));
  }
  const records: Diagnosed[] = [];
  let offsetAtDeath = 0;
  for (const input of inputs) {
    const error = urigram.check(input);
    if (error === undefined) throw new Error(`check accepts ${JSON.stringify(input)}, which isValid rejects`);
    const death = deathIn(a, d, input);
    if (error.offset === death.at) offsetAtDeath++;
    records.push({
      input,
      key: `${death.state}/${death.cls}`,
      finerKey: `${death.state}/${death.cls}/${death.before}`,
      // The offset as a table would give it: relative to where the automaton died.
      offset: String(error.offset - death.at),
      expected: error.expected.join(' | '),
      rulePath: error.rulePath.join(' > '),
    });
  }
  const coarse = tableErrors(records, (r) => r.key);
  const finer = tableErrors(records, (r) => r.finerKey);
  return { inputs: inputs.length, keys: coarse.keys, offsetAtDeath, wrong: coarse.wrong, wrongAny: coarse.wrongAny, finerKeys: finer.keys, finerWrongAny: finer.wrongAny, finerExample: FIELDS.map((f) => finer.wrong[f].example).find((e) => e !== undefined) };
}

interface Diagnosed extends Record<Field, string> {
  readonly input: string;
  readonly key: string;
  readonly finerKey: string;
}

/** What a table from `keyOf` to each key's commonest answer would get wrong, per field and in all. */
function tableErrors(records: readonly Diagnosed[], keyOf: (r: Diagnosed) => string): Pick<StateReport, 'keys' | 'wrong' | 'wrongAny'> {
  const byKey = new Map<string, Diagnosed[]>();
  for (const r of records) {
    const list = byKey.get(keyOf(r));
    if (list === undefined) byKey.set(keyOf(r), [r]);
    else list.push(r);
  }
  /** The inputs of `list` whose answer (`answerOf`) is not the list's commonest. */
  const outliers = (list: readonly Diagnosed[], answerOf: (r: Diagnosed) => string): number => {
    const counts = new Map<string, number>();
    for (const r of list) counts.set(answerOf(r), (counts.get(answerOf(r)) ?? 0) + 1);
    return list.length - Math.max(...counts.values());
  };
  const wrong = {} as Record<Field, { inputs: number; keys: number; example?: readonly [string, string, string, string] }>;
  for (const field of FIELDS) {
    let inputs = 0;
    let keys = 0;
    let example: readonly [string, string, string, string] | undefined;
    for (const list of byKey.values()) {
      const n = outliers(list, (r) => r[field]);
      if (n === 0) continue;
      inputs += n;
      keys++;
      const other = list.find((r) => r[field] !== list[0][field]);
      if (example === undefined && other !== undefined) example = [list[0].input, list[0][field], other.input, other[field]];
    }
    wrong[field] = { inputs, keys, example };
  }
  let wrongAny = 0;
  for (const list of byKey.values()) wrongAny += outliers(list, (r) => `${r.offset}\n${r.expected}\n${r.rulePath}`);
  return { keys: byKey.size, wrong, wrongAny };
}

export interface FloorReport {
  readonly lines: number;
  /** ns per call, medians of interleaved rounds. */
  readonly valid: number;
  readonly rejection: number;
  readonly errorObject: number;
  readonly tryParse: number;
}

export function measureFloor(quick: boolean): FloorReport {
  // The lines scripts/bench-real-errors.ts times.
  const variants = insertedSample(quick);
  const valid = variants.map((v) => v.valid);
  const invalid = variants.map((v) => v.invalid);
  const errorClass = Error as { stackTraceLimit?: number };
  const messages = invalid.map((s) => `invalid URI-reference at offset ${s.length >> 1}: expected something, found "x"`);
  let m = 0;
  const errorObject = (): unknown => {
    const limit = errorClass.stackTraceLimit;
    errorClass.stackTraceLimit = 0;
    try {
      return new SyntaxError(messages[m++ % messages.length]);
    } finally {
      errorClass.stackTraceLimit = limit;
    }
  };
  const runs: ReadonlyArray<readonly [(s: string) => unknown, readonly string[]]> = [
    [(s) => urigram.tryParse(s), valid],
    [(s) => urigram.isValid(s), invalid],
    [errorObject, invalid],
    [(s) => urigram.tryParse(s), invalid],
  ];
  for (const [f, xs] of runs) time(f, xs, 50);
  const samples: number[][] = runs.map(() => []);
  for (let r = 0; r < (quick ? 3 : 9); r++) runs.forEach(([f, xs], i) => samples[i].push(time(f, xs, 100)));
  const [v, rej, err, tp] = samples.map(median);
  return { lines: variants.length, valid: v, rejection: rej, errorObject: err, tryParse: tp };
}

const ns = (x: number): string => (x >= 1000 ? `${(x / 1000).toFixed(2)} µs` : `${x.toFixed(0)} ns`);
const pct = (n: number, of: number): string => `${((100 * n) / of).toFixed(1)}%`;

export function stateReport(states: StateReport, floor: FloorReport, quick: boolean): string[] {
  const [cpu] = os.cpus();
  const out = [
    `Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpu?.model.split(' ').slice(0, 2).join(' ') ?? 'unknown CPU'} (${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}) with scripts/state-diagnosis.ts${quick ? ' --quick' : ''}.`,
    '',
    `**Does the automaton's state decide the diagnosis?** ${states.inputs.toLocaleString('en')} rejected inputs (the corpora's invalid lines and`,
    `their valid lines with one character inserted), keyed by the state of RFC 3986's minimal URI-reference automaton where it`,
    `dies and the class of the character it dies on: ${states.keys} keys. The offset urigram reports is where the automaton died for`,
    `${states.offsetAtDeath.toLocaleString('en')} of them (${pct(states.offsetAtDeath, states.inputs)}). A table from (state, class) to the error, holding each key's`,
    `commonest answer, would still get these wrong:`,
    '',
    '| field | inputs wrong | keys with more than one answer | for example |',
    '| --- | ---: | ---: | --- |',
  ];
  const cell = (s: string): string => `\`${s.replace(/\|/g, '\\|').replace(/`/g, "'")}\``;
  for (const field of FIELDS) {
    const w = states.wrong[field];
    const ex = w.example === undefined ? '' : `${cell(w.example[0])} gives ${cell(w.example[1])}, ${cell(w.example[2])} gives ${cell(w.example[3])}`;
    out.push(`| ${field === 'offset' ? 'offset (from where the automaton died)' : field} | ${w.inputs.toLocaleString('en')} (${pct(w.inputs, states.inputs)}) | ${w.keys} | ${ex} |`);
  }
  out.push(`| any of the three | ${states.wrongAny.toLocaleString('en')} (${pct(states.wrongAny, states.inputs)}) | | |`);
  out.push(
    '',
    `With the class of the character before it in the key as well (${states.finerKeys} keys), a table would get ${states.finerWrongAny.toLocaleString('en')}`,
    `(${pct(states.finerWrongAny, states.inputs)}) wrong${states.finerExample === undefined ? '' : ` (${cell(states.finerExample[0])} gives ${cell(states.finerExample[1])}, ${cell(states.finerExample[2])} gives ${cell(states.finerExample[3])})`}. A sample agreeing is not a proof: two inputs of one key that differ prove that no table of that`,
    'key can give both their errors, but no number of agreeing inputs proves that one can.',
  );
  const ratio = (x: number): string => `${(x / floor.valid).toFixed(2)}x`;
  out.push(
    '',
    `**What a rejection costs besides its diagnosis** (${floor.lines} web-urls.txt lines with a character inserted, medians of interleaved`,
    'rounds, against `tryParse` of the same lines valid):',
    '',
    '| per line | time | against a valid parse |',
    '| --- | ---: | ---: |',
    `| \`tryParse\`, valid | ${ns(floor.valid)} | 1.00x |`,
    `| the automaton's rejection (\`isValid\`) | ${ns(floor.rejection)} | ${ratio(floor.rejection)} |`,
    `| V8 making a \`SyntaxError\` without a stack (\`Error.stackTraceLimit\` set to 0 and back, as \`tryParse\` does) | ${ns(floor.errorObject)} | ${ratio(floor.errorObject)} |`,
    `| the two: tryParse's floor with a diagnosis that costs nothing | ${ns(floor.rejection + floor.errorObject)} | ${ratio(floor.rejection + floor.errorObject)} |`,
    `| \`tryParse\`, invalid, as it is | ${ns(floor.tryParse)} | ${ratio(floor.tryParse)} |`,
  );
  return out;
}

if (require.main === module) {
  const quick = process.argv.includes('--quick');
  const lines = stateReport(measureStates(quick), measureFloor(quick), quick);
  console.log(lines.join('\n'));
  if (process.argv.includes('--write')) replaceSection(path.join(root, 'BENCHMARKS.md'), 'state-diagnosis', lines.join('\n'));
}
