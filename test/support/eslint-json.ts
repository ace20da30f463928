/**
 * ESLint's JSON language (@eslint/json) is an ES module that Jest's CommonJS
 * runtime cannot load: RuleTester runs on the build (dist/src/eslint.js) in a
 * child Node, once per ESLint version, with the cases sent as JSON (a RegExp
 * as its source).
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

interface Cases {
  readonly valid: readonly unknown[];
  readonly invalid: readonly unknown[];
}

/**
 * Runs `rule` of the built plugin through the RuleTester of `eslint` ('eslint' or 'eslint10') in
 * the JSON language on `cases`; returns the failures ("name: message"), none when every case
 * passes, and throws when the child does not answer for each case.
 */
export function jsonRuleTesterFailures(eslint: string, rule: string, cases: Cases): string[] {
  const sent = JSON.stringify(cases, (_k, v) => (v instanceof RegExp ? { regexp: v.source } : v));
  const url = (file: string) => JSON.stringify(pathToFileURL(file).href);
  const script = `
    const { RuleTester } = await import(${url(require.resolve(eslint))});
    const json = (await import(${url(require.resolve('@eslint/json'))})).default;
    const plugin = (await import(${url(require.resolve('../../dist/src/eslint.js'))})).default;
    const results = [];
    RuleTester.describe = (name, fn) => fn();
    RuleTester.it = (name, fn) => { try { fn(); results.push(null); } catch (e) { results.push(name + ': ' + e.message); } };
    const cases = JSON.parse(${JSON.stringify(sent)}, (k, v) => (v && typeof v === 'object' && 'regexp' in v ? new RegExp(v.regexp) : v));
    new RuleTester({ plugins: { json }, language: 'json/json' }).run(${JSON.stringify(rule)}, plugin.rules[${JSON.stringify(rule)}], cases);
    process.stdout.write(JSON.stringify(results));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (r.stderr !== '') throw new Error(r.stderr);
  const results = JSON.parse(r.stdout) as Array<string | null>;
  if (results.length !== cases.valid.length + cases.invalid.length) throw new Error(`RuleTester ran ${results.length} of ${cases.valid.length + cases.invalid.length} cases`);
  return results.filter((x): x is string => x !== null);
}
