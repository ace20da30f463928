/**
 * What urigram adds to a browser bundle (scripts/size.ts, `npm run size`):
 * the budgets, what a bundle must not hold, and that the ES module build
 * works once bundled. Sizes are deterministic (esbuild and gzip), so they
 * are asserted; they need the build (dist/esm), which `npm test` runs first.
 */
import * as vm from 'node:vm';
import { useGrammar, useTr46, RFC3987_GRAMMAR } from '../src';
import { bundle, CASES, hasTr46, measure, errorPathModules, type SizeRow } from '../scripts/size';

jest.setTimeout(60_000); // esbuild bundles tr46's tables in one case: slow on a busy machine, never timed

const rows = new Map<string, SizeRow>();
const row = (name: string): SizeRow => {
  const sizeCase = CASES.find((c) => c.name === name);
  if (sizeCase === undefined) throw new Error(`no size case ${name}`);
  let measured = rows.get(name);
  if (measured === undefined) rows.set(name, (measured = measure(sizeCase)));
  return measured;
};

describe('bundle sizes (esbuild, browser, minified, gzipped)', () => {
  it('isValid alone is at most 15 KB, and holds no traced parser', () => {
    const r = row('isValid');
    expect(r.gzipped).toBeLessThanOrEqual(15 * 1024);
    expect(r.gzipped).toBeGreaterThan(1024); // the automata are in it: a bundle that lost them would be near empty
    expect(errorPathModules(r)).toEqual([]);
    // isValid runs RFC 3986's automata: the recognizer, which it no longer needs, stays out.
    expect(r.inputs.filter((f) => /rfc3986\.(dfa|recognizer)\.js$/.test(f)).map((f) => f.replace(/^.*\//, ''))).toEqual(['rfc3986.dfa.js']);
  });

  it('parse, resolve and normalize together are at most 60 KB, with RFC 3986 only', () => {
    const r = row('parse, resolve, normalize');
    expect(r.gzipped).toBeLessThanOrEqual(60 * 1024);
    expect(errorPathModules(r)).toEqual(['rfc3986.diagnose']); // parse explains a rejection (its diagnostic back end; never peggy's traced parser)
    expect(r.inputs.filter((f) => /rfc(3987|2396)/.test(f))).toEqual([]);
  });

  it('every budget of scripts/size.ts holds', () => {
    for (const c of CASES.filter((x) => x.budget !== undefined)) expect([c.name, row(c.name).gzipped <= (c.budget as number)]).toEqual([c.name, true]);
  });

  it('tr46 is in a bundle only when the program passes it to useTr46', () => {
    for (const c of CASES) expect([c.name, hasTr46(row(c.name))]).toEqual([c.name, c.code.includes('useTr46')]);
  });

  it('a grammar other than RFC 3986 is in a bundle only when the program imports it', () => {
    expect(errorPathModules(row('parse with RFC 3987 (useGrammar)'))).toEqual(['rfc3986.diagnose', 'rfc3987.diagnose']);
    for (const c of CASES) expect([c.name, row(c.name).inputs.some((f) => /rfc2396\./.test(f))]).toEqual([c.name, c.name === 'the whole API']);
  });
});

describe('the ES module build, bundled for a browser, works', () => {
  /** Bundles `code` (which exports `run`) and returns what run() returns, the bundle run in a fresh context without Node's globals. */
  function runBundled(code: string): unknown {
    const out = bundle(`${code}\nexport { run };`, 'iife', 'bundled').outputFiles[0].text;
    const context = vm.createContext({});
    vm.runInContext(`${out}\nglobalThis.result = JSON.stringify(bundled.run());`, context);
    return JSON.parse((context as { result: string }).result);
  }

  it('parses, explains a rejection, resolves and normalizes (RFC 3986)', () => {
    expect(
      runBundled(`import { parse, tryParse, resolve, normalize, isValid } from 'urigram';
        const run = () => [parse('http://a/b?c').query, tryParse('a b').error.offset, tryParse('a b').error.expected.length > 0, resolve('http://a/b/c', '../d'), normalize('HTTP://A/%7e'), isValid('%zz')];`),
    ).toEqual(['c', 1, true, 'http://a/d', 'http://a/~', false]);
  });

  it('names useGrammar in the error when a grammar was not given, and uses it once given', () => {
    expect(
      runBundled(`import { isValid, tryParse, useGrammar, RFC3987_GRAMMAR } from 'urigram';
        const run = () => {
          let before;
          try { isValid('http://\\u00e9/', { grammar: 'rfc3987' }); } catch (e) { before = e.message; }
          useGrammar(RFC3987_GRAMMAR);
          return [/useGrammar\\(RFC3987_GRAMMAR\\)/.test(before), isValid('http://\\u00e9/', { grammar: 'rfc3987' }), tryParse('http://\\u00e9 /', { grammar: 'rfc3987' }).error.offset];
        };`),
    ).toEqual([true, true, 8]);
  });

  it("names useTr46 in the error for host: 'idna' until tr46 is given", () => {
    expect(
      runBundled(`import * as tr46 from 'tr46'; import { iriToUri, useGrammar, useTr46, RFC3987_GRAMMAR } from 'urigram';
        const run = () => {
          useGrammar(RFC3987_GRAMMAR);
          let before;
          try { iriToUri('http://\\u00e9/', { host: 'idna' }); } catch (e) { before = e.message; }
          useTr46(tr46);
          return [/useTr46/.test(before), iriToUri('http://\\u00e9/', { host: 'idna' }), iriToUri('http://\\u00e9/')];
        };`),
    ).toEqual([true, 'http://xn--9ca/', 'http://%C3%A9/']);
  });

  it("checks { grammar: 'whatwg-url' } with its writing checks once the grammar is given (the kernel holds them: src/core/writing.ts)", () => {
    expect(
      runBundled(`import grammar from 'urigram/grammars/whatwg-url'; import { check, isValid, useGrammar } from 'urigram';
        const run = () => {
          useGrammar(grammar);
          return [isValid('https://a/', { grammar: 'whatwg-url' }), isValid('https://-a/', { grammar: 'whatwg-url' }), check('https://a b/', { grammar: 'whatwg-url' }).offset];
        };`),
    ).toEqual([true, false, 9]);
  });
});

describe('useGrammar and useTr46', () => {
  it('reject what is not a grammar or tr46 with a TypeError, and take what is', () => {
    expect(() => useGrammar({ grammar: 'rfc3986' } as never)).toThrow(/useGrammar expects the modules of a grammar \(RFC3987_GRAMMAR, RFC2396_GRAMMAR, RFC6874_GRAMMAR, or the default export of urigram\/grammars\/NAME/);
    expect(() => useGrammar(null as never)).toThrow(TypeError);
    expect(() => useTr46({ toASCII: () => null } as never)).toThrow(/useTr46 expects the tr46 package/);
    expect(() => useGrammar(RFC3987_GRAMMAR)).not.toThrow();
  });
});
