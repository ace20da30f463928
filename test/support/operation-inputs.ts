/**
 * Inputs for the differential tests of resolve() and normalize() (test/resolve-fast.test.ts,
 * test/normalize-fast.test.ts): the corpora's lines, references generated from each grammar's
 * ABNF (valid by construction), and hostile ones made of the pieces that decide a split, a
 * dot-segment removal or a case change (delimiters, dots, triplets, brackets, case), most of them
 * invalid. Seeded: the same strings on every run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readAbnf } from '../../scripts/grammar-check/abnf';
import { Generator, Random } from '../../scripts/grammar-check/generate';
import { loadConfig } from '../../scripts/grammar-check/config';

const root = path.join(__dirname, '..', '..');

/** The lines of test/corpus/NAME, every `step`-th (1: all of them). */
export function corpusLines(name: string, step = 1): string[] {
  const lines = fs.readFileSync(path.join(root, 'test', 'corpus', name), 'utf8').split(/\r?\n/).filter((l) => l !== '');
  return lines.filter((_, i) => i % step === 0);
}

/** `count` strings that the ABNF's rule of the grammar matches (grammar/NAME.abnf). */
export function generated(grammar: 'rfc3986' | 'rfc3987' | 'rfc2396' | 'rfc6874', rule: string, count: number, seed: number): string[] {
  const abnf = readAbnf(path.join(root, 'grammar', `${grammar}.abnf`));
  const config = loadConfig(grammar);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(new Generator(abnf, new Random(seed + i), config).generate(rule));
  return out;
}

const PIECES = [
  'a', 'B', 'x', 'é', '~', '-', '_', '!', '$', "'", '(', ';', '=', '&', ',', '*', '+',
  '.', '.', '..', '..', '/', '/', '//', '/./', '/../', './', '../', ':', ':', '?', '#', '@', '[', ']',
  '%', '%2e', '%2E', '%2e%2E', '%41', '%7e', '%7E', '%3a', '%zz', '%25', '%c3%a9',
  '::1', '1.2.3.4', 'v1.x', '[::1]', '[v1.x]', '[fe80::a%25en1]', ':80', ':', '80', ':080', ':443',
  'http:', 'HTTP:', 'https:', 'Ws:', 'urn:', 'mailto:', 'file:', 'a:', '//H', '//h:', '//u@h',
  ' ', '\\', '"', '|', '\ud800', '\u{1F600}', '\ue000',
];

/** `count` hostile strings: 0 to 11 random pieces of PIECES; a valid one now and then. */
export function hostile(count: number, seed: number): string[] {
  const random = new Random(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = '';
    for (let n = random.int(12); n > 0; n--) s += random.pick(PIECES);
    out.push(s);
  }
  return out;
}

/** Each of `valid`, with a piece of PIECES inserted at a random place: near misses of valid references. */
export function mutated(valid: readonly string[], seed: number): string[] {
  const random = new Random(seed);
  return valid.map((s) => {
    const at = random.int(s.length + 1);
    return s.slice(0, at) + random.pick(PIECES) + s.slice(at);
  });
}

/**
 * Every reference made of: a scheme or none ("a:", "HTTP:"), an authority or none ("//h",
 * "//", "//H:80"), a path of up to three segments among dot segments and their near misses
 * (".", "..", "%2e", ".a", "", "a"), rooted or not, a query or none and a fragment or
 * none (each empty, or with dots and slashes): where dot-segment removal, case and the
 * delimiters around the path meet.
 */
export function dotted(): string[] {
  const segments = ['.', '..', '%2e', '.a', '', 'a'];
  const paths: string[] = [''];
  let level = [''];
  for (let depth = 1; depth <= 3; depth++) {
    level = level.flatMap((p) => segments.map((s) => (p === '' && depth === 1 ? s : `${p}/${s}`)));
    paths.push(...level, ...level.map((p) => `/${p}`));
  }
  const out: string[] = [];
  for (const scheme of ['', 'a:', 'HTTP:']) {
    for (const authority of ['', '//h', '//', '//H:80']) {
      for (const p of paths) {
        if (authority !== '' && p !== '' && !p.startsWith('/')) continue;
        for (const rest of ['', '?', '?./', '#', '#..', '?q#/.']) out.push(`${scheme}${authority}${p}${rest}`);
      }
    }
  }
  return out;
}

/** What an operation gave: its string, or its error's class, message and every field (the two fast paths' tests compare these). */
export type Outcome = { value: string } | { error: string; fields: string };

export function outcome(f: () => string): Outcome {
  try {
    return { value: f() };
  } catch (e) {
    const error = e as Error;
    return { error: `${error.constructor.name}: ${error.message}`, fields: JSON.stringify({ ...error, stack: undefined }) };
  }
}
