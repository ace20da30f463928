/**
 * npm run generate proves what changed (issue 47 items 1 and 2): in a copy of
 * the repository's grammar pieces (grammar/ is never touched), an unchanged
 * grammar generates with no check run; a dec-octet with its alternatives in
 * the ABNF's order is refused, nothing written, its counterexample and the
 * cause in the first lines; an edit the ABNF agrees with updates
 * generated/proven.json.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as peggy from 'peggy';

import { changedRules, readProofGrammar, readProven } from '../scripts/grammar-check/proven';
import { readRegistry } from '../scripts/registry';

const root = path.join(__dirname, '..');
const LONG = 15 * 60 * 1000;

/** The longest-first dec-octet of grammar/rfc3986.peggy, and the same in the ABNF's order (the classic PEG mistake). */
const LONGEST_FIRST = '  = "25" [\\x30-\\x35]       // 250-255\n  / "2" [\\x30-\\x34] DIGIT  // 200-249\n  / "1" DIGIT|2|           // 100-199\n  / [\\x31-\\x39] DIGIT      // 10-99\n  / DIGIT                  // 0-9';
const ABNF_ORDER = '  = DIGIT\n  / [\\x31-\\x39] DIGIT\n  / "1" DIGIT|2|\n  / "2" [\\x30-\\x34] DIGIT\n  / "25" [\\x30-\\x35]';

let work: string;
const peggyFile = () => path.join(work, 'grammar', 'rfc3986.peggy');
const original = fs.readFileSync(path.join(root, 'grammar', 'rfc3986.peggy'), 'utf8');

/** Runs scripts/generate.ts in the copy under /usr/bin/time (when there is one), for its CPU seconds. */
function generate(...args: string[]): { status: number | null; stdout: string; stderr: string; cpu?: number } {
  const command = [process.execPath, '-r', require.resolve('ts-node/register/transpile-only'), path.join('scripts', 'generate.ts'), ...args];
  const timed = fs.existsSync('/usr/bin/time');
  const r = spawnSync(timed ? '/usr/bin/time' : command[0], timed ? ['-f', 'CPU %U %S', ...command] : command.slice(1), { cwd: work, encoding: 'utf8' });
  const cpuLine = /^CPU ([\d.]+) ([\d.]+)\n(?![^]*\n)/m.exec(r.stderr);
  return {
    status: r.status,
    stdout: r.stdout,
    stderr: cpuLine ? r.stderr.slice(0, cpuLine.index).replace(/Command exited with non-zero status \d+\n$/, '') : r.stderr,
    cpu: cpuLine ? Number(cpuLine[1]) + Number(cpuLine[2]) : undefined,
  };
}

/** Every file of generated/ and docs/grammars/ in the copy, hashed: what "nothing written" is checked against. */
function snapshot(): string {
  const hash = createHash('sha256');
  for (const dir of ['generated', path.join('docs', 'grammars')]) {
    for (const f of fs.readdirSync(path.join(work, dir)).sort()) hash.update(`${dir}/${f}\0`).update(fs.readFileSync(path.join(work, dir, f))).update('\0');
  }
  return hash.digest('hex');
}

const proven = () => JSON.parse(fs.readFileSync(path.join(work, 'generated', 'proven.json'), 'utf8')).grammars as Record<string, Record<string, string>>;

/** A copy of the pieces generate and check:grammar read. */
function copyRepository(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const entry of ['grammar', 'generated', 'scripts', 'src', 'package.json', 'tsconfig.json']) fs.cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  fs.cpSync(path.join(root, 'docs', 'grammars'), path.join(dir, 'docs', 'grammars'), { recursive: true });
  // node_modules by its entries, without .cache: generate's stamp (node_modules/.cache/urigram) stays the copy's own.
  fs.mkdirSync(path.join(dir, 'node_modules', '.cache'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '.cache') fs.symlinkSync(path.join(root, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  return dir;
}

beforeAll(() => {
  work = copyRepository('urigram-proof-');
});

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
  // The repository's own grammar is as it was.
  expect(fs.readFileSync(path.join(root, 'grammar', 'rfc3986.peggy'), 'utf8')).toBe(original);
});

describe('npm run generate proves the rules that changed', () => {
  it('an unchanged grammar generates with no check run, and --check passes', () => {
    const r = generate('--check', '--full');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('proof: no rule changed since generated/proven.json (no check run)');
    expect(r.stdout).not.toContain('proof: checking');
  }, LONG);

  it('refuses dec-octet in the ABNF order: nothing written, the counterexample, both lines and the cause in the first 5 lines', () => {
    expect(original).toContain(LONGEST_FIRST);
    fs.writeFileSync(peggyFile(), original.replace(LONGEST_FIRST, ABNF_ORDER));
    const before = snapshot();
    const peggyLine = original.split('\n').indexOf('dec_octet') + 1;
    expect(peggyLine).toBeGreaterThan(0);
    for (const args of [[], ['--check']]) {
      const r = generate(...args);
      expect(r.status).toBe(1);
      expect(snapshot()).toBe(before);
      const first = r.stderr.split('\n').slice(0, 5).join('\n');
      // A two-digit number 10-99: RFC 3986 3.2.2's dec-octet has it (%x31-39 DIGIT); DIGIT first takes its first digit and stops.
      expect(first).toMatch(/^generate: refused: grammar\/rfc3986\.peggy and grammar\/rfc3986\.abnf disagree in dec-octet on "[1-9]\d"\n/);
      expect(first).toMatch(/the ABNF accepts "[1-9]\d", the PEG rejects it/);
      expect(first).toContain(`PEG  grammar/rfc3986.peggy:${peggyLine}: dec_octet`);
      expect(first).toContain('ABNF grammar/rfc3986.abnf:48: dec-octet     = DIGIT');
      expect(first).toMatch(/usual cause: an earlier alternative is a prefix of a later one: PEG's ordered choice commits to it \(alternative 1, DIGIT, matches "[1-9]"/);
      // the full list after
      expect(r.stderr).toMatch(/\nrfc3986: 1 disagreement in 1 changed rule checked/);
      expect(r.stderr).toContain('Nothing was written.');
      if (r.cpu !== undefined) expect(r.cpu).toBeLessThan(60);
    }
  }, LONG);

  // The other mutations of issue 47: each refused, its rule and which side accepts in the first lines.
  it.each([
    ['a dropped IPv6address alternative', '  / ((h16 ":" !":")|..5|               h16)? ":" ":" h16\n', '', 'IPv6address', 'the ABNF accepts'],
    ['h16 of 1*5HEXDIG', 'h16\n  = HEXDIG|1..4|', 'h16\n  = HEXDIG|1..5|', 'h16', 'the ABNF rejects'],
    ['pct-encoded with one HEXDIG', 'pct_encoded\n  = "%" HEXDIG HEXDIG\n', 'pct_encoded\n  = "%" HEXDIG\n', 'pct-encoded', 'the ABNF rejects'],
  ])('refuses %s', (_what, from, to, rule, side) => {
    expect(original).toContain(from);
    fs.writeFileSync(peggyFile(), original.replace(from, to));
    const r = generate();
    expect(r.status).toBe(1);
    const first = r.stderr.split('\n').slice(0, 5);
    expect(first[0]).toMatch(new RegExp(`^generate: refused: grammar/rfc3986\\.peggy and grammar/rfc3986\\.abnf disagree in ${rule} on "[^"]+"$`));
    expect(first[1]).toContain(side);
    expect(first[2]).toMatch(new RegExp(`^  PEG  grammar/rfc3986\\.peggy:\\d+: ${rule.replace('-', '_')}$`));
    expect(first[3]).toMatch(new RegExp(`^  ABNF grammar/rfc3986\\.abnf:\\d+: ${rule} +=`));
    expect(first[4]).toMatch(/^ {2}possible cause: the PEG accepts (more|less) than the ABNF/);
    if (r.cpu !== undefined) expect(r.cpu).toBeLessThan(60);
  }, LONG);

  it('an edit the ABNF agrees with is proven, and generated/proven.json records it', () => {
    const before = proven();
    fs.writeFileSync(peggyFile(), original.replace('  / "1" DIGIT|2|           // 100-199', '  / "1" DIGIT DIGIT        // 100-199'));
    const r = generate();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/proof: checking \d+ edited rules and \d+ that use them \(rfc3986, /);
    expect(r.stdout).toContain('wrote generated/proven.json');
    const after = proven();
    expect(after.rfc3986['dec-octet']).not.toBe(before.rfc3986['dec-octet']);
    expect(after.rfc3986.IPv4address).not.toBe(before.rfc3986.IPv4address);
    expect(after.rfc3986.scheme).toBe(before.rfc3986.scheme);
    expect(after.rfc2396).toEqual(before.rfc2396);
    const again = generate('--check', '--full');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('proof: no rule changed since generated/proven.json (no check run)');
  }, LONG);
});

describe('what counts as changed (scripts/grammar-check/proven.ts)', () => {
  let copy: string;
  const changes = () => {
    const entry = readRegistry(copy).find((e) => e.name === 'rfc3986');
    if (!entry) throw new Error('no rfc3986 in the registry');
    return changedRules(readProofGrammar(copy, entry), readProven(root));
  };
  const edit = (from: string, to: string) => {
    expect(original).toContain(from);
    fs.writeFileSync(path.join(copy, 'grammar', 'rfc3986.peggy'), original.replace(from, to));
  };

  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-proof-hash-'));
    fs.cpSync(path.join(root, 'grammar'), path.join(copy, 'grammar'), { recursive: true });
  });
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('the committed generated/proven.json is the grammar as it is: nothing changed', () => {
    expect(changes()).toEqual({ own: [], reaching: [] });
  });

  it('a comment between rules changes nothing', () => {
    edit('// h16           = 1*4HEXDIG\n', '// h16           = 1*4HEXDIG\n// (a note)\n');
    expect(changes()).toEqual({ own: [], reaching: [] });
  });

  it('an edit of h16 changes h16, and the rules that reach it (RFC 3986 3.2.2: ls32, IPv6address, IP-literal, host, ...), not the others', () => {
    edit('h16\n  = HEXDIG|1..4|', 'h16\n  = HEXDIG|1..4| ');
    expect(changes()).toEqual({ own: [], reaching: [] }); // a space after the rule: its text as peggy reads it is the same
    edit('h16\n  = HEXDIG|1..4|', 'h16\n  = HEXDIG HEXDIG|0..3|');
    const { own, reaching } = changes();
    expect(own).toEqual(['h16']);
    expect(reaching).toEqual(expect.arrayContaining(['ls32', 'IPv6address', 'IP-literal', 'host', 'authority', 'URI', 'URI-reference']));
    for (const other of ['scheme', 'IPv4address', 'dec-octet', 'path-abempty', 'query', 'HEXDIG']) expect(reaching).not.toContain(other);
  });
});

describe('npm run check:grammar says first what is wrong too', () => {
  let copy: string;
  beforeAll(() => {
    copy = copyRepository('urigram-proof-check-');
    // A parser generate would refuse, compiled by hand into the copy's generated/: what check:grammar reads.
    const mutated = original.replace(LONGEST_FIRST, ABNF_ORDER);
    fs.writeFileSync(path.join(copy, 'grammar', 'rfc3986.peggy'), mutated);
    fs.writeFileSync(path.join(copy, 'generated', 'rfc3986.js'), peggy.generate(mutated, { output: 'source', format: 'commonjs', allowedStartRules: ['*'] }));
  });
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('the shortest counterexample of a grammar, its lines and the cause lead its report, before the list', () => {
    const r = spawnSync(process.execPath, ['-r', require.resolve('ts-node/register/transpile-only'), path.join('scripts', 'check-grammar.ts'), '--grammar', 'rfc3986', '--rule', 'dec-octet', '--rule', 'IPv4address', '--count', '200', '--seed', '1'], { cwd: copy, encoding: 'utf8' });
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('check:grammar: FIRST: grammar/rfc3986.peggy and grammar/rfc3986.abnf disagree in dec-octet on '));
    expect(at).toBeGreaterThan(0);
    expect(lines[at]).toMatch(/ on "[1-9]\d"$/);
    expect(lines[at + 1]).toMatch(/^ {2}the ABNF accepts "[1-9]\d", the PEG rejects it/);
    expect(lines[at + 4]).toMatch(/^ {2}usual cause: an earlier alternative is a prefix of a later one/);
    expect(lines.findIndex((l) => l.includes('DISAGREEMENT in'))).toBeGreaterThan(at);
  }, LONG);
});
