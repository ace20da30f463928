/**
 * Inputs for the differential tests of resolve() and normalize() (test/resolve-fast.long.ts,
 * test/normalize-fast.long.ts): the corpora's lines, references generated from each grammar's
 * ABNF (valid by construction), and hostile ones made of the pieces that decide a split, a
 * dot-segment removal or a case change (delimiters, dots, triplets, brackets, case), most of them
 * invalid. Seeded: the same strings on every run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readAbnf } from '../../scripts/grammar-check/abnf';
import { Generator, Random } from '../../scripts/grammar-check/generate';
import { loadConfig } from '../../scripts/grammar-check/config';
import { grammarFileOf } from '../../scripts/registry';

const root = path.join(__dirname, '..', '..');

/** The lines of test/corpus/NAME, every `step`-th (1: all of them). */
export function corpusLines(name: string, step = 1): string[] {
  const lines = fs.readFileSync(path.join(root, 'test', 'corpus', name), 'utf8').split(/\r?\n/).filter((l) => l !== '');
  return lines.filter((_, i) => i % step === 0);
}

/** `count` strings that the ABNF's rule of the grammar matches (grammar/NAME.abnf, or grammar/schemes/NAME.abnf for a scheme's). */
export function generated(grammar: 'rfc3986' | 'rfc3987' | 'rfc2396' | 'rfc6874' | 'rfc8141' | 'rfc6068', rule: string, count: number, seed: number): string[] {
  const abnf = readAbnf(path.join(root, grammarFileOf(root, grammar, 'abnf')));
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

/**
 * URNs and mailto URIs built to meet their schemes' steps and the fast paths' edges (normalizedUrn,
 * PLAINLY_NORMAL_URN, PLAINLY_NORMAL_MAILTO): "urn" and NIDs in every case, NIDs the grammar refuses
 * (too short, too long, a "%", a "/" or a "."), triplets of upper- and lower-case hex, dot segments,
 * r-, q- and f-components ("?+", "?=", "#"); addresses with and without upper-case domains, encoded
 * "@", quoted local parts, domain literals, empty domains and parts of them, header fields of every
 * case (and a "?" that begins a domain, where the domain runs on over it), "to" twice, fragments.
 */
export function schemeCased(): string[] {
  const out: string[] = [];
  const nids = ['isbn', 'ISBN', 'Ex', 'x-a', 'urn-7', 'a', 'ab', 'a'.repeat(32), 'A'.repeat(32), 'a'.repeat(33), '', 'ex%41', 'ex%2e', 'ex/a', 'e.x', 'a-', 'é1'];
  const nss = ['0-395', 'A:b', 'a%2fb', 'a%2Fb', '%7e%7E', 'a/./b', 'a/../b', 'a/%2e%2E/b', '/x', '', 'a//b', '.', 'a/.', 'é'];
  const rq = ['', '?+r', '?=q', '?+r?=q', '?+R%aa?=Q', '?+', '?=', '?+r?=', '?+a?=b?=c', '?x', '?'];
  const fragments = ['', '#f', '#%aa', '#', '#F/./'];
  for (const scheme of ['urn:', 'URN:', 'Urn:', 'urn://', 'urn:/']) {
    // Each NID and NSS with three of the r- and q-components, in turn, and a fragment.
    nids.forEach((nid, i) => nss.forEach((n, j) => [0, 4, 7].forEach((k) => out.push(`${scheme}${nid}:${n}${rq[(i + j + k) % rq.length]}${fragments[(i + j + k) % fragments.length]}`))));
    for (const f of fragments) out.push(`${scheme}ex:a${f}`, `${scheme}ex${f}`, `${scheme}${f}`);
  }
  const addresses = ['', 'a@b.c', 'John.Doe@example.com', 'John.Doe@Example.COM', 'a@b,c@D', 'a@B,John@C', 'Ab@c,De@f', 'a@b,c@d', 'a@b,', ',a@b', 'a%40b@c', '%22a@b%22@c.d', '%22A%22@B', 'a@%5B1.2.3.4%5D', 'a@%5BA%5D', 'a..b@c', '@', 'a@', '@b', 'a@b@c', 'a/b@c', './a@b', '.', '..', 'A@b.C', 'a@b.c%2e', 'a@%62', 'é@b', 'a@é', 'a@b.c?x', 'a@B/x', '//a@B', '//a@b', 'a@b.', 'a@.b', 'a@b..c', 'a?b@c', 'a@b&c=d'];
  const hfields = ['', '?subject=Hi', '?Subject=Hi&BODY=x%0d%0A', '?to=a@B.c', '?=', '?a=b/c', '?a=B/c', '?x=Y&', '?%41=b', '?body=a?b', '?A=1&a=2', '?s=%7e', '?S', '?c=D', '?c=D&e=F', '?c=D?x', '?c=D=', '?c=D&', '?=D', '?c=é'];
  for (const scheme of ['mailto:', 'MAILTO:', 'Mailto:']) {
    for (const a of addresses) for (const h of hfields) out.push(`${scheme}${a}${h}`, `${scheme}${a}${h}#F`);
  }
  return out;
}

/** URNs and mailto URIs generated from RFC 8141's and RFC 6068's ABNF (every case of "urn" and "mailto"), and variants of each (its scheme lower-cased, all of it lower-cased, without its triplets): so that the fast paths meet them too. */
export function schemeGenerated(): string[] {
  const out: string[] = [];
  for (const g of [...generated('rfc8141', 'namestring', 400, 31), ...generated('rfc6068', 'mailtoURI', 400, 32)]) {
    const lower = g.toLowerCase();
    const colon = g.indexOf(':');
    const plain = g.slice(0, colon).toLowerCase() + g.slice(colon).replace(/%[\da-f]{2}/gi, '');
    // Also without triplets, the scheme lower-cased and what comes before each "@" (a mailto URI's local parts keep their case), or all the rest,
    // upper-cased; and lower-cased without triplets but what follows each "=" (a header field's value keeps its case).
    out.push(g, g.slice(0, colon).toLowerCase() + g.slice(colon), lower, lower.replace(/%[\da-f]{2}/g, ''), plain.slice(0, colon + 1) + plain.slice(colon + 1).replace(/[^@,]*@/g, (m) => m.toUpperCase()), plain.slice(0, colon + 1) + plain.slice(colon + 1).toUpperCase(), lower.replace(/%[\da-f]{2}/g, '').replace(/=[^&]*/g, (m) => m.toUpperCase()));
  }
  return out;
}
