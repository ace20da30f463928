/**
 * `npm run bench:output`: how much of lint's growth in cost per character, from 10 k to 1 M
 * characters of "%XX", is the cost of keeping its output alive. Side by side in one process, at
 * each size: lint() on the fuzz family "many valid %XX", and a loop that does nothing but make
 * the objects lint returns for that input (one diagnostic and one fix per triplet, of the same
 * shapes) and return them. Prints the best ms per million characters of each over several calls,
 * and each one's growth from the smallest size: when the loop grows as lint does, the growth is
 * the garbage collector's, not lint's own work. (Issue 13; BENCHMARKS.md "Fuzz".)
 */
import { hostileFamily } from '../test/support/hostile';
import { lint, type Diagnostic } from '../src';

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** lint's own diagnostic of one "%41": the strings every copy below shares, as lint shares them. */
const [model] = lint('http://h/%41');

/** The objects lint returns for a URI of `triplets` "%41" ("http://h/" and then those): one diagnostic and one fix each. */
function outputOnly(triplets: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { code, severity, message, section } = model;
  const replacement = model.fix!.replacement;
  for (let k = 0, at = 9; k < triplets; k++, at += 3) {
    out.push({ code, severity, message, start: at, end: at + 3, section, fix: { replacement, start: at, end: at + 3 } });
  }
  return out;
}

function best(run: () => unknown, calls: number): number {
  let min = Infinity;
  for (let i = 0; i < calls; i++) {
    const t = cpuMs();
    run();
    min = Math.min(min, cpuMs() - t);
  }
  return min;
}

const family = hostileFamily('many valid %XX');
const sizes = [10_000, 100_000, 1_000_000, 4_000_000];
for (let i = 0; i < 30; i++) {
  lint(family.make(1000));
  outputOnly(333);
}
const rows: Array<{ size: number; lint: number; output: number; count: number }> = [];
for (const size of sizes) {
  const s = family.make(size);
  const count = lint(s).length;
  const calls = size <= 100_000 ? 20 : 3;
  // Alternating, so that both see the machine in the same state.
  let l = Infinity;
  let o = Infinity;
  for (let round = 0; round < 2; round++) {
    l = Math.min(l, best(() => lint(s), calls));
    o = Math.min(o, best(() => outputOnly(count), calls));
  }
  rows.push({ size, lint: (l / s.length) * 1e6, output: (o / s.length) * 1e6, count });
}
console.log(`Node ${process.version}; best ms of CPU per million characters; growth over ${sizes[0] / 1000} k`);
console.log('| characters | diagnostics | lint | growth | the output alone | growth | the output alone, ns per diagnostic |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  const fmt = (x: number): string => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
  console.log(`| ${r.size.toLocaleString('en')} | ${r.count.toLocaleString('en')} | ${fmt(r.lint)} | ${(r.lint / rows[0].lint).toFixed(2)}x | ${fmt(r.output)} | ${(r.output / rows[0].output).toFixed(2)}x | ${((r.output * r.size) / 1e6 / r.count * 1e6).toFixed(0)} |`);
}
