/**
 * RFC 6874 zone identifiers, opt-in (`{ zoneId: true }`): the grammar
 * (grammar/rfc6874.abnf and .peggy, checked like the others), what parse()
 * accepts and rejects with the option and without it, the record's `zone`,
 * and the operations that must keep the zone as written. Expected values come
 * from RFC 6874 2 (grammar/rfc6874.txt), read by hand.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import fc from 'fast-check';
import * as peggy from 'peggy';
import {
  compare,
  equivalent,
  explainNormalize,
  isValid,
  lint,
  matches,
  normalize,
  parse,
  percentDecode,
  recompose,
  resolve,
  resolveRecord,
  tryParse,
  UriComposeError,
  UriOptionError,
  UriSyntaxError,
  type Rfc6874Record,
} from '../src';
import { recognizerRecord } from '../src/core/backends';
import { peggyRecord } from './support/peggy-oracle';
import { readAbnf } from '../scripts/grammar-check/abnf';
import { checkGrammar } from '../scripts/grammar-check/check';
import { Generator, nearMiss, Random } from '../scripts/grammar-check/generate';
import { loadConfig } from '../scripts/grammar-check/config';
import { pegRuleNames } from '../scripts/grammar-check/peggy';
import { checkSources, ruleTexts, withoutPageBreaks } from '../scripts/grammar-check/verbatim';
import { readPeggySource } from '../scripts/grammar-source';
import { bundle } from '../scripts/size';

const root = path.join(__dirname, '..');
const grammarFile = (f: string): string => fs.readFileSync(path.join(root, 'grammar', f), 'utf8');
const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();
const Z = { zoneId: true } as const;

function syntaxError(input: string, options?: { zoneId?: boolean }): UriSyntaxError {
  const r = tryParse(input, options);
  if (r.ok) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return r.error;
}

describe('grammar/rfc6874.abnf: RFC 3986 Appendix A with RFC 6874 2', () => {
  const ours = new Map(ruleTexts(grammarFile('rfc6874.abnf')).map((r) => [r.name, collapse(r.text)]));

  it("has RFC 6874 2's three rules, as that section writes them", () => {
    // RFC 6874 2: "The rule quoted above from the previous URI syntax specification [RFC3986] is replaced by three rules:"
    expect(ours.get('IP-literal')).toBe('IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"');
    expect(ours.get('ZoneID')).toBe('ZoneID = 1*( unreserved / pct-encoded )');
    expect(ours.get('IPv6addrz')).toBe('IPv6addrz = IPv6address "%25" ZoneID');
    const section2 = withoutPageBreaks(grammarFile('rfc6874.txt'));
    for (const name of ['IP-literal', 'ZoneID', 'IPv6addrz']) {
      const theirs = ruleTexts(section2).filter((r) => r.name === name).map((r) => collapse(r.text));
      expect(theirs).toContain(ours.get(name));
    }
  });

  it("is otherwise RFC 3986's grammar/rfc3986.abnf, rule for rule", () => {
    const rfc3986 = new Map(ruleTexts(grammarFile('rfc3986.abnf')).map((r) => [r.name, collapse(r.text)]));
    expect([...ours.keys()].filter((n) => n !== 'ZoneID' && n !== 'IPv6addrz').sort()).toEqual([...rfc3986.keys()].sort());
    for (const [name, text] of rfc3986) if (name !== 'IP-literal') expect([name, ours.get(name)]).toEqual([name, text]);
  });

  it('passes the drift check against its RFC texts, and the check catches a changed ZoneID', () => {
    expect(checkSources(root, 'rfc6874')).toEqual([]);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-zone-'));
    try {
      fs.mkdirSync(path.join(tmp, 'grammar'));
      for (const f of ['registry.json', 'rfc6874.txt', 'rfc3986.txt', 'rfc5234.txt']) fs.copyFileSync(path.join(root, 'grammar', f), path.join(tmp, 'grammar', f));
      fs.writeFileSync(path.join(tmp, 'grammar', 'rfc6874.abnf'), grammarFile('rfc6874.abnf').replace('ZoneID = 1*( unreserved / pct-encoded )', 'ZoneID = 1*( unreserved / pct-encoded / sub-delims )'));
      expect(checkSources(tmp, 'rfc6874')).toEqual([expect.stringMatching(/^ZoneID: not verbatim from its RFC/)]);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('comes with its RFC text, under its terms, listed in NOTICE.md', () => {
    expect(grammarFile('rfc6874.txt')).toMatch(/Request for Comments: 6874[\s\S]*Copyright \(c\) 2013 IETF Trust/);
    expect(fs.readFileSync(path.join(root, 'NOTICE.md'), 'utf8')).toMatch(/RFC 6874/);
  });
});

describe('grammar/rfc6874.peggy against its ABNF (the check of npm run check:grammar)', () => {
  const abnf = readAbnf(path.join(root, 'grammar', 'rfc6874.abnf'));
  const source = readPeggySource(root, 'rfc6874').text;
  const settings = loadConfig('rfc6874');
  const SEED = 20261203;
  const run = (text: string, count: number, rules?: string[]) =>
    checkGrammar(abnf, peggy.generate(text, { allowedStartRules: ['*'] }), pegRuleNames(text), settings, { count, seed: SEED, rules });
  const mutate = (from: string, to: string): string => {
    expect(source).toContain(from);
    return source.replace(from, to);
  };
  /** The deviations of rfc6874.peggy's own rules, each with a test below named after it. */
  const DEVIATIONS = ['zone-before-address', 'zone-delimiter-split'];

  it('no disagreement in any rule, every alternative covered', () => {
    const report = run(source, 30);
    expect(report.disagreements).toEqual([]);
    expect(report.generatorErrors).toEqual([]);
    expect(report.uncovered).toEqual([]);
    expect(report.ruleSetErrors).toEqual([]);
    expect(report.summaries).toHaveLength(abnf.names.length);
  });

  it('takes every rule but IP-literal from rfc3986.peggy, by its @include line', () => {
    const own = grammarFile('rfc6874.peggy');
    expect(pegRuleNames(own).sort()).toEqual(['IP_literal', 'IPv6addrz', 'ZoneID']);
    expect(pegRuleNames(source)).toEqual(expect.arrayContaining(['IPv6address', 'host', 'URI_reference']));
  });

  it('names each PEG: deviation of its own rules, and this file tests each', () => {
    const own = grammarFile('rfc6874.peggy');
    expect([...new Set([...own.matchAll(/^\/\/ PEG: \[([a-z0-9-]+)\]/gm)].map((m) => m[1]))].sort()).toEqual(DEVIATIONS);
  });

  it('PEG: zone-before-address: with IPv6address tried first, "[fe80::a%25en1]" is rejected, and the check says so', () => {
    const broken = mutate('IPv6addrz { return "IPv6addrz"; } / IPv6address { return "IPv6address"; }', 'IPv6address { return "IPv6address"; } / IPv6addrz { return "IPv6addrz"; }');
    expect(() => peggy.generate(broken, { allowedStartRules: ['*'] }).parse('[fe80::a%25en1]', { startRule: 'IP_literal' })).toThrow();
    const report = run(broken, 100, ['IP-literal']);
    expect(report.ok).toBe(false);
    // A generated IP-literal with a zone (in the ABNF's language by construction) that the PEG rejected.
    expect(report.disagreements.some((d) => d.rule === 'IP-literal' && d.source === 'generated' && d.original.includes('%25'))).toBe(true);
    // The grammar as written: the address with a zone and without.
    expect(matches('IP-literal', '[fe80::a%25en1]', Z)).toBe(true);
    expect(matches('IP-literal', '[fe80::a]', Z)).toBe(true);
  });

  it('PEG: zone-delimiter-split: with "%25" one literal, "[fe80::a%en1]" fails at the "%", not at the "e"; the check compares the offsets', () => {
    const broken = mutate('IPv6address "%" "2" "5" @ZoneID', 'IPv6address "%25" @ZoneID');
    let offset = -1;
    try {
      peggy.generate(broken, { allowedStartRules: ['*'] }).parse('[fe80::a%en1]', { startRule: 'IP_literal' });
    } catch (e) {
      offset = (e as { location: { start: { offset: number } } }).location.start.offset;
    }
    expect(offset).toBe(8);
    expect(run(broken, 100, ['IPv6addrz']).ok).toBe(false);
    // The grammar as written: the "%" could begin "%25"; the "e" is what no IP-literal has there.
    const e = syntaxError('http://[fe80::a%en1]', Z);
    expect([e.offset, e.found, e.expected]).toEqual([16, 'e', ['"2"']]);
  });
});

describe('parse with { zoneId: true }: RFC 6874 2', () => {
  it('the example of RFC 6874 2: "fe80::a%en1 would appear in a URI as http://[fe80::a%25en1]"', () => {
    const r = parse('http://[fe80::a%25en1]', Z);
    expect(r).toEqual({
      scheme: 'http',
      authority: '[fe80::a%25en1]',
      userinfo: undefined,
      host: '[fe80::a%25en1]',
      port: undefined,
      path: '',
      query: undefined,
      fragment: undefined,
      hostKind: 'IPv6address',
      pathKind: 'path-abempty',
      spans: { scheme: [0, 4], authority: [7, 22], host: [7, 22], path: [22, 22] },
      zone: 'en1',
    });
  });

  it.each([
    ['http://[fe80::1%25eth0]:8080/a?b#c', 'eth0', 'an interface name, with a port, path, query and fragment'],
    ['//[fe80::1%250]/', '0', 'a numeric zone (RFC 6874 2: "%0, %1, %en1, %eth0"), in a relative reference'],
    ['http://[fe80::1%25%30]/', '%30', 'a zone written wholly percent-encoded'],
    ['http://[fe80::1%25en%2F1]/', 'en%2F1', 'a "/" in the zone, percent-encoded as RFC 6874 2 requires ("they MUST be represented using percent encoding")'],
    ['http://[fe80::1%25%25]/', '%25', 'a "%" in the zone, percent-encoded: the first "%25" is the delimiter'],
    ['http://[::ffff:192.0.2.1%25eth0]/', 'eth0', 'an IPv4-embedded address: the zone follows any IPv6address form'],
    ['http://[1:2:3:4:5:6:7:8%25a~b-c.d_e]/', 'a~b-c.d_e', 'every unreserved punctuation character'],
  ])('%s has zone %p: %s', (input, zone) => {
    const r = parse(input, Z);
    expect([r.hostKind, r.zone]).toEqual(['IPv6address', zone]);
  });

  it('the zone is kept as written; percentDecode gives the zone itself', () => {
    expect(percentDecode(parse('http://[fe80::1%25en%2F1]/', Z).zone as string)).toBe('en/1');
  });

  it('without a zone the record has zone undefined, and the other host kinds are as in RFC 3986', () => {
    for (const [input, kind] of [
      ['http://[fe80::a]/', 'IPv6address'],
      ['http://[v1.x]/', 'IPvFuture'],
      ['http://192.0.2.1/', 'IPv4address'],
      ['http://example.com/', 'reg-name'],
    ] as const) {
      const r: Rfc6874Record = parse(input, Z);
      expect([r.hostKind, 'zone' in r, r.zone]).toEqual([kind, true, undefined]);
    }
    expect('zone' in parse('http://[fe80::a]/')).toBe(false);
  });

  it.each([
    ['http://[fe80::a%en1]', 16, 'e', ['"2"'], 'IPv6addrz', 'a "%" not followed by "25" (RFC 6874 2: literal "%" MUST be "%25")'],
    ['http://[fe80::a%]', 16, ']', ['"2"'], 'IPv6addrz', 'a "%" alone'],
    ['http://[fe80::a%2]', 17, ']', ['"5"'], 'IPv6addrz', 'half of "%25"'],
    ['http://[fe80::a%25]', 18, ']', ['unreserved', '"%"'], 'IPv6addrz', 'an empty zone: ZoneID is 1*( unreserved / pct-encoded )'],
    ['http://[fe80::a%25en/1]', 20, '/', ['unreserved', '"%"', '"]"'], 'ZoneID', 'a "/" in the zone, not percent-encoded'],
    ['http://[fe80::a%25e]n1]', 20, 'n', ['"#"', '"/"', '":"', '"?"', 'end of input'], 'authority', 'a "]" ends the literal: the zone cannot hold one'],
    ['http://[fe80::a%25e:n]', 19, ':', ['unreserved', '"%"', '"]"'], 'ZoneID', 'a ":" in the zone'],
    ['http://[fe80::a%25%zz]', 19, 'z', ['HEXDIG'], 'pct-encoded', 'a "%" in the zone that is no percent-encoding'],
    ['http://[fe80::a%25\u00e9]', 18, '\u00e9', ['unreserved', '"%"'], 'IPv6addrz', 'a non-ASCII zone'],
    ['http://[fe80::a%25en1', 21, null, ['unreserved', '"%"', '"]"'], 'ZoneID', 'no "]"'],
  ] as Array<[string, number, string | null, string[], string, string]>)('rejects %s at offset %d (found %p, expected %p, in %s): %s', (input, offset, found, expected, innermost) => {
    const e = syntaxError(input, Z);
    expect(e).toBeInstanceOf(UriSyntaxError);
    expect([e.offset, e.found, e.expected, e.rulePath[e.rulePath.length - 1]]).toEqual([offset, found, expected, innermost]);
    const outer = ['URI-reference', 'URI', 'hier-part', 'authority', ...(innermost === 'authority' ? [] : ['host', 'IP-literal'])];
    expect(e.rulePath.slice(0, outer.length)).toEqual(outer);
    expect(e.grammar).toBe('rfc3986');
    expect(isValid(input, Z)).toBe(false);
    expect(() => parse(input, Z)).toThrow(UriSyntaxError);
  });

  it('a zone only on an IPv6address: not on an IPvFuture, not outside brackets', () => {
    expect(syntaxError('http://[v1.x%25eth0]/', Z).offset).toBe(12);
    // Without brackets it is no host: "fe80" then port "" stops at the second ":"; read as userinfo, it goes furthest and wants its "@".
    const e = syntaxError('http://fe80::1%25eth0/', Z);
    expect([e.offset, e.found, e.expected]).toEqual([21, '/', expect.arrayContaining(['"@"'])]);
  });

  it('the rules RFC 6874 adds, by matches()', () => {
    expect(matches('ZoneID', 'en1', Z)).toBe(true);
    expect(matches('ZoneID', 'en%2F1', Z)).toBe(true);
    expect(matches('ZoneID', '', Z)).toBe(false);
    expect(matches('ZoneID', 'en/1', Z)).toBe(false);
    expect(matches('IPv6addrz', 'fe80::a%25en1', Z)).toBe(true);
    expect(matches('IPv6addrz', 'fe80::a', Z)).toBe(false);
    expect(matches('host', '[fe80::a%25en1]', Z)).toBe(true);
    expect(() => matches('ZoneID' as never, 'en1')).toThrow(/unknown RFC 3986 rule "ZoneID"/);
  });

  it('the recognizer and peggy\'s parser give the same record, zone included', () => {
    for (const input of ['http://[fe80::a%25en1]', 'http://[fe80::1%25en%2F1]:80/p', '//[::1%25x]', 'http://[fe80::a]/', 'a:b', 'http://[v7.z]']) {
      const a = recognizerRecord(input, 'URI_reference', 'rfc6874');
      expect(a).toBeDefined();
      expect(peggyRecord(input, 'URI_reference', 'rfc6874')).toEqual(a);
    }
  });

  it('the two back ends agree on strings generated from grammar/rfc6874.abnf and their near misses: acceptance, record, zone', () => {
    const abnf = readAbnf(path.join(root, 'grammar', 'rfc6874.abnf'));
    const random = new Random(6874);
    const generator = new Generator(abnf, random, loadConfig('rfc6874'));
    let zones = 0;
    for (const rule of ['URI-reference', 'URI', 'relative-ref', 'absolute-URI']) {
      const peg = rule.replace(/-/g, '_');
      for (let i = 0; i < 150; i++) {
        const s = generator.generate(rule);
        for (const candidate of [s, nearMiss(s, random), nearMiss(s, random)]) {
          const a = recognizerRecord(candidate, peg, 'rfc6874') as Rfc6874Record | undefined;
          expect([candidate, peggyRecord(candidate, peg, 'rfc6874')]).toEqual([candidate, a]);
          if (candidate === s) expect([s, a !== undefined]).toEqual([s, true]);
          if (a?.zone !== undefined) zones++;
        }
      }
    }
    expect(zones).toBeGreaterThan(20);
  });

  it('takes the other options of parse(), and refuses zoneId with another grammar', () => {
    expect(parse('http://[fe80::a%25en1]', { zoneId: true, rule: 'absolute-URI' }).zone).toBe('en1');
    expect(tryParse('//[fe80::a%25en1]', { zoneId: true, rule: 'URI' }).ok).toBe(false);
    expect(() => parse('x', { zoneId: true, grammar: 'rfc3987' } as never)).toThrow(UriOptionError);
    expect(() => parse('x', { zoneId: true, grammar: 'rfc3987' } as never)).toThrow(/zoneId .* takes the grammar 'rfc3986'/);
    expect(() => parse('x', { zoneId: 'yes' } as never)).toThrow(/option zoneId must be true or false/);
    expect(parse('http://[fe80::a]', { zoneId: false })).toEqual(parse('http://[fe80::a]'));
  });
});

describe('the default (strict RFC 3986) still rejects zone identifiers', () => {
  it.each(['http://[fe80::a%25en1]', 'http://[fe80::1%25eth0]/'])('%s: an error at the "%%", where RFC 3986\'s IP-literal wants "]"', (input) => {
    const e = syntaxError(input);
    expect([e.offset, e.found, e.rulePath.slice(4, 7)]).toEqual([input.indexOf('%'), '%', ['host', 'IP-literal', 'IPv6address']]);
    expect(e.expected).toContain('"]"');
    expect(isValid(input)).toBe(false);
    expect(isValid(input, { zoneId: false })).toBe(false);
    expect(matches('IP-literal', input.slice(7, input.indexOf(']') + 1))).toBe(false);
  });

  it("lint's zone-identifier rule still names the zone in the default mode", () => {
    expect(lint('http://[fe80::1%25eth0]/').map((d) => d.code)).toContain('zone-identifier');
  });
});

describe('the operations keep the zone as written', () => {
  it('recompose: the record read back is the input; without zoneId it is refused', () => {
    const input = 'http://u@[fe80::1%25En%2f1]:80/a?q#f';
    expect(recompose(parse(input, Z), Z)).toBe(input);
    expect(() => recompose(parse(input, Z))).toThrow(UriComposeError);
  });

  it('resolve (RFC 3986 5.2): the base\'s authority, zone and all, goes to the target; a reference may carry one', () => {
    expect(resolve('http://[fe80::a%25en1]/b/c/d', '../g?x', Z)).toBe('http://[fe80::a%25en1]/b/g?x');
    expect(resolve('http://h/b', '//[fe80::a%25En1]/./g', Z)).toBe('http://[fe80::a%25En1]/g');
    expect(() => resolve('http://[fe80::a%25en1]/b', 'g')).toThrow(/not a valid URI reference/);
    expect(() => resolve('http://h/', 'g', { zoneId: true, grammar: 'rfc2396' })).toThrow(UriOptionError);
  });

  it('normalize (RFC 3986 6.2.2): the address is lower-cased, the zone keeps its case; its percent-encodings are normalized as everywhere', () => {
    expect(normalize('HTTP://[FE80::A%25EN1]:80/%7e', Z)).toBe('http://[fe80::a%25EN1]/~');
    expect(normalize('http://[fe80::a%25en%2f1%7E]/', Z)).toBe('http://[fe80::a%25en%2F1~]/');
    expect(normalize('http://[FE80::A]/', Z)).toBe('http://[fe80::a]/');
    expect(() => normalize('http://[fe80::a%25en1]/')).toThrow(UriSyntaxError);
  });

  it('explainNormalize names the host step, zone kept; resolveRecord keeps the authority as written', () => {
    const { result, steps } = explainNormalize('http://[FE80::A%25EN1]/', Z);
    expect(result).toBe('http://[fe80::a%25EN1]/');
    expect(steps.map((x) => [x.step, x.before, x.after])).toEqual([['lowercase-host', '[FE80::A%25EN1]', '[fe80::a%25EN1]']]);
    expect(resolveRecord('http://[fe80::a%25En1]/a', 'b', Z)).toEqual({ scheme: 'http', authority: '[fe80::a%25En1]', path: '/b', query: undefined, fragment: undefined });
  });

  it('equivalent and compare: the address by its case-insensitive text, the zone by its case-sensitive one', () => {
    expect(equivalent('http://[FE80::A%25en1]', 'http://[fe80::a%25en1]/', Z)).toBe(true);
    expect(equivalent('http://[fe80::a%25en1]/', 'http://[fe80::a%25EN1]/', Z)).toBe(false);
    expect(compare('http://[fe80::a%25en1]/', 'http://[fe80::a%25EN1]/', Z)).toEqual({ equivalent: false, level: undefined, difference: { component: 'host', a: '[fe80::a%25en1]', b: '[fe80::a%25EN1]' } });
    expect(() => equivalent('http://[fe80::a%25en1]/', 'http://h/')).toThrow(UriSyntaxError);
  });

  it('laws over generated zones: parse then recompose is the identity; normalize is idempotent and keeps the zone\'s letters', () => {
    const unreserved = fc.constantFrom(...'aZ09-._~'.split(''));
    const triplet = fc.tuple(fc.constantFrom(...'0123456789abcdefABCDEF'.split('')), fc.constantFrom(...'0123456789abcdefABCDEF'.split(''))).map(([a, b]) => `%${a}${b}`);
    const zone = fc.array(fc.oneof(unreserved, triplet), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
    const address = fc.constantFrom('fe80::1', 'FE80::A', '::', '1:2:3:4:5:6:7:8', '::ffff:192.0.2.1', '1::');
    fc.assert(
      fc.property(address, zone, fc.constantFrom('', ':8080', ':'), (a, z, port) => {
        const input = `http://[${a}%25${z}]${port}/p`;
        const r = parse(input, Z);
        expect(r.zone).toBe(z);
        expect(recompose(r, Z)).toBe(input);
        const n = normalize(input, Z);
        expect(normalize(n, Z)).toBe(n);
        // RFC 3986 6.2.2.2 and 6.2.2.1 on the zone alone: unreserved triplets decoded, the others upper-cased, no letter's case changed.
        const expected = z.replace(/%([0-9a-fA-F]{2})/g, (t, hex: string) => {
          const c = String.fromCharCode(parseInt(hex, 16));
          return /^[A-Za-z0-9\-._~]$/.test(c) ? c : t.toUpperCase();
        });
        expect(parse(n, Z).zone).toBe(expected);
      }),
      { seed: 6874, numRuns: 300 },
    );
  });
});

describe('loaded on first use; in an ES module bundle, by useGrammar(RFC6874_GRAMMAR)', () => {
  jest.setTimeout(60_000);
  function runBundled(code: string): unknown {
    const out = bundle(`${code}\nexport { run };`, 'iife', 'bundled').outputFiles[0].text;
    const context = vm.createContext({});
    vm.runInContext(`${out}\nglobalThis.result = JSON.stringify(bundled.run());`, context);
    return JSON.parse((context as { result: string }).result);
  }

  it('a bundle of parse() alone holds no part of the RFC 6874 grammar', () => {
    const text = bundle(`import { parse } from 'urigram';\nexport const run = () => parse('a:b');`, 'iife', 'bundled').outputFiles[0].text;
    // Its recognizer decides IP-literal among three alternatives; its recognizer and traced parser list their rules in file order.
    expect(text).toContain('alternatives:["IPv6address","IPvFuture"]');
    expect(text).not.toContain('alternatives:["IPv6addrz"');
    expect(text).toContain('"IP_literal","IPvFuture","IPv6address"');
    expect(text).not.toContain('"IP_literal","ZoneID","IPv6addrz"');
  });

  it('names useGrammar(RFC6874_GRAMMAR) until it is given, then parses and explains', () => {
    expect(
      runBundled(`import { parse, tryParse, useGrammar, RFC6874_GRAMMAR } from 'urigram';
        const run = () => {
          let before;
          try { parse('http://[fe80::a%25en1]', { zoneId: true }); } catch (e) { before = e.message; }
          useGrammar(RFC6874_GRAMMAR);
          const e = tryParse('http://[fe80::a%en1]', { zoneId: true }).error;
          return [/useGrammar\\(RFC6874_GRAMMAR\\)/.test(before), parse('http://[fe80::a%25en1]', { zoneId: true }).zone, e.offset, e.rulePath[e.rulePath.length - 1]];
        };`),
    ).toEqual([true, 'en1', 16, 'IPv6addrz']);
  });
});
