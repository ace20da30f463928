/**
 * The URL Standard's valid URL string as the grammar 'whatwg-url'
 * (grammar/whatwg-url.abnf, src/core/writing.ts): the Standard's own
 * examples, a valid and an invalid string per writing rule
 * (test/fixtures/whatwg-validity/, written by hand from the prose), the
 * valid-domain constraint and its ASCII fast path against tr46, the options
 * (base and its kinds), the record, and the web-platform-tests inputs the URL
 * parser rejects, which no valid URL string is.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { check, compareGrammars, isValid, parse, tryParse, UriOptionError, UriSyntaxError } from '../src';
import { isValidDomain, baseKindOf } from '../src/core/writing';
import { uts46 } from '../src/core/uts46';

/** The tr46 package, as urigram loads it (typed by src/core/uts46.ts). */
const tr46 = uts46();

const FIXTURES = path.join(__dirname, 'fixtures', 'whatwg-validity');
const G = { grammar: 'whatwg-url' } as const;
const opts = (base: string | null) => (base === null ? G : { ...G, base });

interface RuleCase {
  readonly rule: string;
  readonly base: string | null;
  readonly valid: readonly string[];
  readonly invalid: ReadonlyArray<{ readonly input: string; readonly offset: number; readonly rule?: string }>;
}
const RULES = (JSON.parse(fs.readFileSync(path.join(FIXTURES, 'writing-rules.json'), 'utf8')) as { cases: RuleCase[] }).cases;
const PROSE = (JSON.parse(fs.readFileSync(path.join(FIXTURES, 'prose-examples.json'), 'utf8')) as { examples: Array<{ input: string; base: string | null; valid: boolean; where: string }> }).examples;

describe("the URL Standard's own examples (test/fixtures/whatwg-validity/prose-examples.json)", () => {
  it.each(PROSE.map((e) => [e.where, e.input, e.base, e.valid] as const))('%s: %j (base %j) is valid: %s', (_where, input, base, valid) => {
    expect(isValid(input, opts(base))).toBe(valid);
    expect(check(input, opts(base)) === undefined).toBe(valid);
  });
});

describe('a valid and an invalid string per writing rule (test/fixtures/whatwg-validity/writing-rules.json)', () => {
  for (const c of RULES) {
    it(`${c.rule}${c.base === null ? '' : ` (base ${c.base})`}`, () => {
      for (const v of c.valid) expect([v, isValid(v, opts(c.base))]).toEqual([v, true]);
      for (const v of c.invalid) {
        expect([v.input, isValid(v.input, opts(c.base))]).toEqual([v.input, false]);
        const e = check(v.input, opts(c.base)) as UriSyntaxError;
        expect(e).toBeInstanceOf(UriSyntaxError);
        expect([v.input, e.offset, e.grammar]).toEqual([v.input, v.offset, 'whatwg-url']);
        if (v.rule !== undefined) expect(e.rule).toBe(v.rule);
        else expect(e.rule).not.toBe('valid-domain');
        expect(e.rulePath.length).toBeGreaterThan(0);
        expect(e.expected.length).toBeGreaterThan(0);
      }
    });
  }
});

describe('the base URL', () => {
  it('without a base only an absolute-URL-with-fragment string is valid', () => {
    for (const relative of ['', '/a', '//h/a', 'a', '?q', '#f']) expect([relative, isValid(relative, G)]).toEqual([relative, false]);
    expect(isValid('a:b', G)).toBe(true);
  });

  it('its kind picks the rule: special, file, another scheme, an opaque path', () => {
    expect(['https://a/', 'WS://a', 'file:///x', 'FILE:///x', 'sc://a', 'sc:/a', 'sc:', 'mailto:a', 'sc:a/b'].map((b) => baseKindOf(b, 'isValid'))).toEqual(['special', 'special', 'file', 'file', 'other', 'other', 'opaque', 'opaque', 'opaque']);
    // "//h:1" is a scheme-relative-special-URL string, a scheme-relative-URL string, but no scheme-relative-file-URL string (no port).
    expect([isValid('//h:1', { ...G, base: 'https://a/' }), isValid('//h:1', { ...G, base: 'sc://a/' }), isValid('//h:1', { ...G, base: 'file:///' })]).toEqual([true, true, false]);
    // "//" alone: an empty host is valid for file and for other schemes, not for a special one.
    expect([isValid('//', { ...G, base: 'https://a/' }), isValid('//', { ...G, base: 'sc://a/' }), isValid('//', { ...G, base: 'file:///' })]).toEqual([false, true, true]);
    // A base with an opaque path takes a fragment alone (and any absolute URL).
    expect([isValid('#x', { ...G, base: 'mailto:a' }), isValid('x', { ...G, base: 'mailto:a' }), isValid('/x', { ...G, base: 'mailto:a' }), isValid('a:b', { ...G, base: 'mailto:a' })]).toEqual([true, false, false, true]);
  });

  it('a base that is not a URL, base with another grammar, and base with rule are UriOptionErrors naming the option', () => {
    const attempts: Array<[() => unknown, string]> = [
      [() => isValid('a', { ...G, base: 'not a url' }), 'base'],
      [() => isValid('a', { ...G, base: '/relative' }), 'base'],
      [() => isValid('a', { ...G, base: 1 as unknown as string }), 'base'],
      [() => isValid('a', { base: 'https://a/' }), 'base'],
      [() => parse('a', { grammar: 'rfc3987', base: 'https://a/' }), 'base'],
      [() => isValid('a', { ...G, base: 'https://a/', rule: 'valid-URL-string-file-base' } as never), 'rule'],
      [() => isValid('a', { ...G, rule: 'URI-reference' } as never), 'rule'],
      [() => isValid('a', { ...G, zoneId: true }), 'zoneId'],
    ];
    for (const [f, option] of attempts) {
      let thrown: unknown;
      try {
        f();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(UriOptionError);
      expect((thrown as UriOptionError).option).toBe(option);
    }
  });

  it('rule names a writing rule directly, as base does', () => {
    expect(isValid('/x', { ...G, rule: 'valid-URL-string-special-base' } as never)).toBe(true);
    expect(isValid('/x', { ...G, rule: 'absolute-URL-with-fragment-string' } as never)).toBe(false);
  });
});

describe('the valid-domain constraint', () => {
  const STRICT = { checkHyphens: true, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: true, transitionalProcessing: false, verifyDNSLength: true };
  /** The Standard's steps with tr46 alone: the domain parser with beStrict true, then the ends-in-a-number checker (3.5), written here from the prose. */
  const byTr46 = (host: string): boolean => {
    const r = tr46.toASCII(host, STRICT);
    if (r === null || r === '') return false;
    const parts = r.split('.');
    if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
    const last = parts[parts.length - 1];
    return !(/^[0-9]+$/.test(last) || /^0x[0-9a-f]*$/i.test(last));
  };

  it('the ASCII fast path agrees with tr46 on generated letter-digit-hyphen-dot hosts', () => {
    const label = fc.stringMatching(/^(?:[a-zA-Z0-9-]{0,6}|xn--[a-z0-9-]{0,8}|[a-z]{60,66}|0x[0-9a-f]{0,3}|[0-9]{1,3})$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 6 }), fc.boolean(), (labels, dot) => {
        const host = labels.join('.') + (dot ? '.' : '');
        expect([host, isValidDomain(host)]).toEqual([host, byTr46(host)]);
      }),
      { seed: 49, numRuns: 800 },
    );
    const long = `${'a'.repeat(63)}.`.repeat(4).slice(0, 253);
    for (const host of [long, `${long}b`, `${'a'.repeat(63)}`, `${'a'.repeat(64)}`, 'xn--53h.example', 'XN--53H.example', 'xn--a.com', 'ab--cd', 'ab-cd', 'a-', '-a', 'a.-b', '1.2', 'a.09', 'a.0X']) expect([host, isValidDomain(host)]).toEqual([host, byTr46(host)]);
  });

  it('agrees with tr46 on non-ASCII hosts', () => {
    for (const host of ['b\u00fccher.de', '\u2615.example', 'fa\u00df.de', '\uff57\uff57\uff57', 'a\u200db', '\u0625\u062e\u062a\u0628\u0627\u0631', 'a\u3002b', '\u0301a', 'x\u00ad']) expect([host, isValidDomain(host)]).toEqual([host, byTr46(host)]);
  });

  it('a host far over 253 characters is refused without UTS 46 (linear time), and a valid domain of 253 is taken', () => {
    const t = Date.now();
    expect(isValid(`https://${'\u00e9'.repeat(1_000_000)}/`, G)).toBe(false);
    expect(Date.now() - t).toBeLessThan(2000);
    expect(isValid(`https://${`${'a'.repeat(62)}.`.repeat(4)}a/`, G)).toBe(true);
  });

  it('isValid, check and tryParse take under a second a megabyte: a long path, an error at the end, many labels, a long IPv6 literal', () => {
    const inputs = [`https://a/${'x/'.repeat(500_000)}`, `https://a/${'x'.repeat(1_000_000)} `, `https://${'a.'.repeat(400_000)}a/`, `https://[${'1:'.repeat(300_000)}]`];
    for (const input of inputs) {
      const t = Date.now();
      isValid(input, G);
      check(input, G);
      tryParse(input, G);
      expect([input.length, Date.now() - t < 1000 * Math.max(1, input.length / 1e6) * 2]).toEqual([input.length, true]);
    }
    expect((check(`https://a/${'x'.repeat(1_000_000)} `, G) as UriSyntaxError).offset).toBe(1_000_010);
  });

  it('the error is at the host, in the rule valid-domain, with the rule path and a hint', () => {
    const e = check('https://a-.example/', G) as UriSyntaxError;
    expect([e.offset, e.rule, e.rulePath, e.found]).toEqual([8, 'valid-domain', ['absolute-URL-with-fragment-string', 'valid-host-string', 'valid-domain-string', 'valid-domain'], 'a-.example']);
    expect(e.hint).toMatch(/not a valid domain/);
    expect((check('https://1.2.3.999/', G) as UriSyntaxError).hint).toMatch(/ends in a number/);
  });
});

describe("the grammar's errors", () => {
  it('name the code points a host or a segment may have, not character ranges, with the rule path', () => {
    const host = check('https://a b/', G) as UriSyntaxError;
    expect([host.offset, host.expected.includes('domain code point'), host.rulePath[host.rulePath.length - 1]]).toEqual([9, true, 'valid-domain']);
    const segment = check('https://h/a b', G) as UriSyntaxError;
    expect([segment.offset, segment.expected.includes('URL code point other than / and ?'), segment.rulePath[segment.rulePath.length - 1]]).toEqual([11, true, 'URL-path-segment-string']);
    const opaque = check('sc://a b', G) as UriSyntaxError;
    expect([opaque.offset, opaque.expected.includes('URL code point that is no forbidden host code point')]).toEqual([6, true]);
    for (const e of [host, segment, opaque]) expect(e.expected.filter((x) => x.includes('%x'))).toEqual([]);
  });
});

describe('parse and tryParse', () => {
  it('give each component as written, undefined when absent and "" when empty, with spans', () => {
    expect(parse('HTTPS://Example.com:08080/a/b?q=1#frag', G)).toEqual({
      scheme: 'HTTPS',
      host: 'Example.com',
      hostKind: 'domain',
      port: '08080',
      path: '/a/b',
      query: 'q=1',
      fragment: 'frag',
      base: 'none',
      spans: { scheme: [0, 5], host: [8, 19], port: [20, 25], path: [25, 29], query: [30, 33], fragment: [34, 38] },
    });
    expect(parse('//h:/p?#', { ...G, base: 'sc://a/' })).toMatchObject({ scheme: undefined, host: 'h', hostKind: 'opaque', port: '', path: '/p', query: '', fragment: '', base: 'other' });
    expect(parse('file:///x', G)).toMatchObject({ host: '', hostKind: 'empty', path: '/x', port: undefined });
    expect(parse('https://[::1]/', G)).toMatchObject({ host: '[::1]', hostKind: 'IPv6' });
    expect(parse('https://10.0.0.1', G)).toMatchObject({ host: '10.0.0.1', hostKind: 'IPv4', path: '' });
    expect(parse('mailto:a@b?c', G)).toMatchObject({ scheme: 'mailto', host: undefined, path: 'a@b', query: 'c' });
    expect(parse('#x', { ...G, base: 'mailto:a' })).toMatchObject({ path: '', fragment: 'x', base: 'opaque' });
  });

  it('parse throws the error tryParse returns', () => {
    const r = tryParse('https://a b/', G);
    expect(r.ok).toBe(false);
    expect(() => parse('https://a b/', G)).toThrow(UriSyntaxError);
    expect(!r.ok && r.error.offset).toBe(9);
  });
});

describe('compareGrammars', () => {
  it('gives the writing grammar its verdict last, without a base', () => {
    const c = compareGrammars('https://a_b.example/');
    const last = c.verdicts[c.verdicts.length - 1];
    expect([last.grammar, last.rule, last.valid, last.error?.offset]).toEqual(['whatwg-url', 'absolute-URL-with-fragment-string', false, 9]);
    expect(compareGrammars('/a').verdicts.map((v) => v.valid)).toEqual([true, true, true, false]);
  });
});

describe('the web-platform-tests URL data (test/wpt/urltestdata.json): what the URL parser rejects is no valid URL string', () => {
  type Test = { input: string; base: string | null; failure?: true };
  const tests = (JSON.parse(fs.readFileSync(path.join(__dirname, 'wpt', 'urltestdata.json'), 'utf8')) as Array<string | Test>).filter((t): t is Test => typeof t !== 'string');
  const canParse = (base: string): boolean => {
    try {
      baseKindOf(base, 'isValid');
      return true;
    } catch {
      return false;
    }
  };

  it('every input the data expects to fail is invalid by the grammar, with its base', () => {
    const failures = tests.filter((t) => t.failure && (t.base === null || canParse(t.base)));
    expect(failures.length).toBeGreaterThan(150);
    const valid = failures.filter((t) => isValid(t.input, opts(t.base))).map((t) => `${JSON.stringify(t.input)} base ${JSON.stringify(t.base)}`);
    expect(valid).toEqual([]);
  });

  it('every input is judged without a crash, isValid, check and tryParse agree on it, and some are valid', () => {
    let n = 0;
    const disagree: string[] = [];
    for (const t of tests) {
      if (t.base !== null && !canParse(t.base)) continue;
      const valid = isValid(t.input, opts(t.base));
      if (valid) n++;
      if ((check(t.input, opts(t.base)) === undefined) !== valid || tryParse(t.input, opts(t.base)).ok !== valid) disagree.push(JSON.stringify(t.input));
    }
    expect(disagree).toEqual([]);
    expect(n).toBeGreaterThan(100);
  });
});

describe('urigram validate --grammar whatwg-url', () => {
  it('says valid or invalid with the offset, and exits 1 when one input is invalid', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
    const cli = path.join(__dirname, '..', 'dist', 'src', 'cli.js');
    const r = spawnSync(process.execPath, [cli, 'validate', '--grammar', 'whatwg-url', 'https://example.com/', 'https://a b/'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^valid +"https:\/\/example\.com\/"$/m);
    expect(r.stdout).toMatch(/invalid absolute-URL-with-fragment-string at offset 9/);
    const d = spawnSync(process.execPath, [cli, 'validate', '--grammar', 'whatwg-url', 'https://-a.example/'], { encoding: 'utf8' });
    expect([d.status, /invalid valid-domain at offset 8/.test(d.stdout)]).toEqual([1, true]);
  });
});
