/**
 * URI Templates (RFC 6570): parseTemplate, expandTemplate, matchTemplate and
 * compileTemplate. Expected values are RFC 6570's own examples
 * (test/vectors/templates/expansion.json, and the RFC's tables read here from
 * grammar/rfc6570.txt), cases worked out by hand from its sentences, and the
 * syntax and match vectors beside them; property tests state the laws:
 * an expansion is a URI reference (an IRI reference with `iri`), matching an
 * expansion gives values that expand to it again, and, where expansion is
 * injective, the very values.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import {
  compileTemplate,
  expandTemplate,
  isValid,
  matches,
  matchTemplate,
  parse,
  parseTemplate,
  TemplateExpansionError,
  TemplateMatchError,
  TEMPLATE_MATCH_LIMITS,
  tryParse,
  tryParseTemplate,
  UriOptionError,
  UriSyntaxError,
  type MatchedVariables,
  type TemplateVariables,
} from '../src';
import { isUcschar, unreservedOrReservedTable, unreservedTable } from '../src/template/encode';
import { compileMatcher } from '../src/template/match';
import { isCachedTemplate } from '../src/template/compile';
import { templateSyntaxVectors, TEMPLATE_VECTORS_DIR } from './support/vectors';

const root = path.join(__dirname, '..');
const vectorFile = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(TEMPLATE_VECTORS_DIR, name), 'utf8')) as T;

interface ExpansionGroup {
  source: string;
  why?: string;
  variables: Record<string, unknown>;
  cases: Array<[string, string] | [string, string, { iri?: boolean }]>;
}
const expansion = vectorFile<{ groups: ExpansionGroup[] }>('expansion.json').groups;

interface MatchCase {
  template: string;
  uri: string;
  variables: Record<string, unknown> | null;
  why: string;
  options?: { iri?: boolean };
}
const matchCases = vectorFile<{ cases: MatchCase[] }>('match.json').cases;

/** A URI reference's URI form: an IRI's characters above ASCII as the triplets of their UTF-8 (RFC 3987 3.1). */
const uriForm = (s: string): string => s.replace(/[^\x00-\x7f]/gu, (c) => encodeURIComponent(c));

function syntaxError(template: string): UriSyntaxError {
  try {
    parseTemplate(template);
  } catch (e) {
    expect(e).toBeInstanceOf(UriSyntaxError);
    return e as UriSyntaxError;
  }
  throw new Error(`${JSON.stringify(template)} was accepted`);
}

function expansionError(template: string, variables: TemplateVariables): TemplateExpansionError {
  try {
    expandTemplate(template, variables);
  } catch (e) {
    expect(e).toBeInstanceOf(TemplateExpansionError);
    return e as TemplateExpansionError;
  }
  throw new Error(`${template} expanded`);
}

describe('parseTemplate (RFC 6570 2)', () => {
  it('gives literals and expressions, each with its span; varspecs with name, prefix, explode', () => {
    const t = parseTemplate('/a{+x,y:3}{?z*}b');
    expect(t.parts).toEqual([
      { type: 'literal', text: '/a', start: 0, end: 2 },
      {
        type: 'expression',
        operator: '+',
        variables: [
          { name: 'x', explode: false, start: 4, end: 5 },
          { name: 'y', prefix: 3, explode: false, start: 6, end: 9 },
        ],
        start: 2,
        end: 10,
      },
      { type: 'expression', operator: '?', variables: [{ name: 'z', explode: true, start: 12, end: 14 }], start: 10, end: 15 },
      { type: 'literal', text: 'b', start: 15, end: 16 },
    ]);
    expect(t.variableNames).toEqual(['x', 'y', 'z']);
    expect(t.template).toBe('/a{+x,y:3}{?z*}b');
  });

  it("keeps a varname's triplets and dots as written, and every operator", () => {
    const t = parseTemplate('{a%2Fb.c}{#d}{.e}{/f}{;g}{&h}{i:9999}');
    expect(t.parts.map((p) => (p.type === 'expression' ? [p.operator, p.variables.map((v) => v.name), p.variables.map((v) => v.prefix ?? null)] : null))).toEqual([
      ['', ['a%2Fb.c'], [null]],
      ['#', ['d'], [null]],
      ['.', ['e'], [null]],
      ['/', ['f'], [null]],
      [';', ['g'], [null]],
      ['&', ['h'], [null]],
      ['', ['i'], [9999]],
    ]);
  });

  it.each([
    ['', 1, 'no expression'],
    ['http://example.com/', 1, 'literals only'],
    ['{var}', 1, '1.2: the default operator, one variable'],
    ['{+var}', 2, '1.2: "+"'],
    ['X{#var}', 2, '1.2: "#"'],
    ['{x,y}', 3, '1.2: several variables'],
    ['{/var}', 3, '1.2: a Level 3 operator'],
    ['{var:3}', 4, '1.2: a prefix'],
    ['{+list*}', 4, '1.2: an explode'],
    ['{x}{+y}{?z}', 3, 'the highest of its expressions'],
  ] as const)('%j is a Level %d template (%s)', (template, level, _why) => {
    expect(parseTemplate(template).level).toBe(level);
  });

  it.each(templateSyntaxVectors().map((v) => [v.template, v] as const))('syntax vector %j', (_t, v) => {
    expect(isValid(v.template, { grammar: 'rfc6570' })).toBe(v.valid);
    const r = tryParseTemplate(v.template);
    expect(r.ok).toBe(v.valid);
    if (v.valid) {
      expect(parseTemplate(v.template).template).toBe(v.template);
      return;
    }
    const e = syntaxError(v.template);
    expect(e.offset).toBe(v.offset);
    expect(e.grammar).toBe('rfc6570');
    expect(e.rule).toBe('URI-Template');
    if (v.found !== undefined) expect(e.found).toBe(v.found);
    if (v.expected !== undefined) expect(e.expected).toEqual(v.expected);
    if (v.rulePath !== undefined) expect(e.rulePath).toEqual(v.rulePath);
    if (!r.ok) expect(r.error.offset).toBe(v.offset);
  });

  it('explains a rejection as parse does: message, caret, rule path, JSON', () => {
    const e = syntaxError('/people/{~thing}');
    expect(e.message).toBe('invalid URI-Template at offset 9: expected ALPHA, DIGIT, op-level2, op-level3, "%" or "_" in expression, found "~"');
    expect(e.format()).toBe(['invalid URI-Template at offset 9: expected ALPHA, DIGIT, op-level2, op-level3, "%" or "_" in expression, found "~"', '  /people/{~thing}', '           ^', '  rule path: URI-Template > expression'].join('\n'));
    expect(e.toJSON()).toMatchObject({ grammar: 'rfc6570', rule: 'URI-Template', offset: 9, found: '~' });
  });

  it('refuses a reserved operator at the operator, saying it is reserved (2.2) and refused (Appendix A)', () => {
    const e = syntaxError('a{=path}');
    expect([e.offset, e.found, e.rulePath]).toEqual([2, '=', ['URI-Template', 'expression', 'operator', 'op-reserve']]);
    expect(e.hint).toMatch(/reserved for future extensions \(RFC 6570 2\.2/);
    expect(e.message).toMatch(/^invalid URI-Template at offset 2: expected ALPHA, DIGIT, op-level2, op-level3, "%" or "_" in op-reserve, found "="; the operator "=" is reserved/);
    // The grammar alone has it.
    expect(matches('URI-Template', 'a{=path}', { grammar: 'rfc6570' })).toBe(true);
  });

  it('counts offsets in UTF-16 code units, and code points beside them', () => {
    const e = syntaxError('\u{1F600}{ x}');
    expect([e.offset, e.codePointOffset]).toEqual([3, 2]);
  });

  it('takes only a string', () => {
    expect(() => parseTemplate(42 as never)).toThrow(TypeError);
    expect(() => tryParseTemplate(null as never)).toThrow(TypeError);
  });

  it('is not a URI grammar: parse and tryParse refuse it (its registry line has no records)', () => {
    expect(() => parse('{x}', { grammar: 'rfc6570' as never })).toThrow(UriOptionError);
    expect(() => tryParse('{x}', { grammar: 'rfc6570' as never })).toThrow(/no URI record to parse into/);
    expect(() => isValid('{x}', { grammar: 'rfc6570', rule: 'URI-reference' as never })).toThrow(UriOptionError);
    expect(isValid('{x}', { grammar: 'rfc6570', rule: 'URI-Template' })).toBe(true);
  });
});

describe('expandTemplate (RFC 6570 3)', () => {
  const cases = expansion.flatMap((g) => g.cases.map((c) => [g.source, c[0], c[1], c[2] ?? {}, g.variables] as const));

  it('has every example of the RFC, read from its text (1.2, 2.4.1, 2.4.2, 3.2.1 to 3.2.9)', () => {
    const text = fs.readFileSync(path.join(root, 'grammar', 'rfc6570.txt'), 'utf8');
    const lines = text.split('\n').filter((l) => !l.includes('\f') && !/^Gregorio, et al\./.test(l) && !/^RFC 6570 {2,}URI Template/.test(l));
    const examples: Array<[string, string]> = [];
    let section = '';
    for (const line of lines) {
      const heading = /^(\d+(?:\.\d+)*)\.\s/.exec(line);
      if (heading) section = heading[1];
      const row = section === '1.2' ? /^ {3}\|\s+(?:\S\s+)?\|\s{4}(\S+)\s{2,}(\S+)\s+\|$/.exec(line) : /^ {6,8}(\S*\{\S*)\s{2,}(\S+)\s*$/.exec(line);
      if (row && (section === '1.2' || section.startsWith('2.4') || section.startsWith('3.2'))) examples.push([row[1], row[2]]);
    }
    expect(examples.length).toBe(188);
    const ours = new Set(cases.map(([, t, e]) => `${t} ${e}`));
    expect(examples.filter(([t, e]) => !ours.has(`${t} ${e}`))).toEqual([]);
  });

  it.each(cases)('%s: %j expands to %j', (_source, template, expected, options, variables) => {
    expect(expandTemplate(template, variables as TemplateVariables, options)).toBe(expected);
  });

  it('takes a Map of variables, a Map as an associative array (string and number keys), in its order', () => {
    const vars = new Map<string, unknown>([
      ['keys', new Map<string | number, unknown>([['semi', ';'], [2, 'two'], ['none', null]])],
      ['x', 'y'],
    ]);
    expect(expandTemplate('{?keys*}{&x}', vars as TemplateVariables)).toBe('?semi=%3B&2=two&x=y');
    expect(expandTemplate('{keys}', { keys: new Map([['b', '1'], ['a', '2']]) })).toBe('b,1,a,2');
  });

  it('looks a variable up as an own property only, never on the prototype', () => {
    expect(expandTemplate('{toString}{constructor}', {})).toBe('');
    expect(expandTemplate('{__proto__}', JSON.parse('{"__proto__": "p"}') as TemplateVariables)).toBe('p');
    expect(expandTemplate('{x}', Object.assign(Object.create(null) as object, { x: 'n' }) as TemplateVariables)).toBe('n');
  });

  it.each([
    ['{b}', { b: true }, 'b', 1, /"b" is boolean true/],
    ['{/d}', { d: new Date(0) }, 'd', 2, /is an object \(Date\)/],
    ['{n}', { n: Number.NaN }, 'n', 1, /NaN, which is no number/],
    ['{n}', { n: Infinity }, 'n', 1, /Infinity/],
    ['{x,l}', { l: ['a', ['b']] }, 'l', 3, /member \(index 1\) that is an array/],
    ['{m}', { m: { a: { b: 'c' } } }, 'm', 1, /pair \("a"\) whose value is an object/],
    ['{m}', { m: new Map([[{}, 'v']]) }, 'm', 1, /a key that is an object/],
    ['{s}', { s: Symbol('s') }, 's', 1, /a symbol/],
    ['{big}', { big: 10n }, 'big', 1, /bigint 10n/],
    ['{f}', { f: () => 1 }, 'f', 1, /a function/],
    ['{keys:1}', { keys: { a: 'b' } }, 'keys', 1, /prefix modifier :1 cannot apply to "keys", whose value is an associative array.*2\.4\.1/],
    ['{+keys:1}', { keys: { a: 'b' } }, 'keys', 2, /associative array/],
    ['{?list:2}', { list: ['a'] }, 'list', 2, /whose value is a list/],
    ['{s}', { s: 'a\ud800' }, 's', 1, /lone surrogate at offset 1/],
  ] as const)('refuses %j with %p: a TemplateExpansionError naming the variable and where its varspec is', (template, variables, variable, offset, message) => {
    const e = expansionError(template, variables as unknown as TemplateVariables);
    expect([e.variable, e.offset, e.template]).toEqual([variable, offset, template]);
    expect(e.message).toMatch(message);
  });

  it('skips an undefined composite before it would refuse a prefix on it (Appendix A: undefined first)', () => {
    expect(expandTemplate('{keys:1}', { keys: {} })).toBe('');
    expect(expandTemplate('{list:1}', { list: [] })).toBe('');
  });

  it('refuses a template that is not one with its UriSyntaxError, and arguments of the wrong kind with a TypeError', () => {
    expect(() => expandTemplate('{=x}', {})).toThrow(UriSyntaxError);
    expect(() => expandTemplate('{x', {})).toThrow(UriSyntaxError);
    expect(() => expandTemplate(42 as never, {})).toThrow(TypeError);
    expect(() => expandTemplate('{x}', [] as never)).toThrow(/plain object or a Map, got an array/);
    expect(() => expandTemplate('{x}', 'x' as never)).toThrow(TypeError);
    expect(() => expandTemplate('{x}', {}, { iri: 'yes' } as never)).toThrow(UriOptionError);
    expect(() => expandTemplate('{x}', {}, { bogus: true } as never)).toThrow(UriOptionError);
    expect(expandTemplate('{x}a')).toBe('a');
  });

  it('takes a ParsedTemplate or a CompiledTemplate in place of the text', () => {
    expect(expandTemplate(parseTemplate('{/x}'), { x: 'a' })).toBe('/a');
    const c = compileTemplate('{?x,y}');
    expect(c.expand({ x: 1, y: 'b c' })).toBe('?x=1&y=b%20c');
    expect(expandTemplate(c, { x: 2 })).toBe('?x=2');
    expect([c.level, c.variableNames, c.template]).toEqual([3, ['x', 'y'], '{?x,y}']);
  });
});

describe('a prefix over pct-encoded triplets (RFC 6570 2.4.1, 3.2.1): where three common implementations read otherwise (docs/deviations.md)', () => {
  /**
   * [template, value of p, urigram's expansion, the three peers' expansion]. urigram's, by hand from the RFC: 3.2.1
   * limits a prefix to "the first max-length characters of the decoded value", counting "each Unicode code point as
   * one character", and 2.4.1 counts characters "in order to avoid splitting ... within a pct-encoded triplet". The
   * peers count the value's characters as written, "%" "4" "1" three of them, and encode a "%" they cut from its triplet.
   */
  const cases = [
    ['{+p:3}', '%41BC', '%41BC', '%41'],
    ['{#p:3}', '%41BC', '#%41BC', '#%41'],
    ['{+p:2}', 'a%41BC', 'a%41', 'a%25'],
    ['{+p:1}', '%C3%A9x', '%C3%A9', '%25'],
    // Under (U) a "%" is data, "%25" for urigram and the peers alike: no departure.
    ['{p:3}', '%41BC', '%2541', '%2541'],
  ] as const;
  const peers = ['url-template', '@hyperjump/uri-template', '@std-uritemplate/std-uritemplate'] as const;

  /** Each peer's expansions of the cases, in a child Node: url-template is an ES module, which Jest's CommonJS runtime cannot load. */
  function peerExpansions(): Record<(typeof peers)[number], string[]> {
    const url = (specifier: string) => JSON.stringify(pathToFileURL(require.resolve(specifier, { paths: [root] })).href);
    const script = `
      const { parseTemplate } = await import(${url('url-template')});
      const hyperjump = await import(${url('@hyperjump/uri-template')});
      const { StdUriTemplate } = await import(${url('@std-uritemplate/std-uritemplate')});
      const cases = ${JSON.stringify(cases.map(([t, p]) => [t, p]))};
      process.stdout.write(JSON.stringify({
        'url-template': cases.map(([t, p]) => parseTemplate(t).expand({ p })),
        '@hyperjump/uri-template': cases.map(([t, p]) => hyperjump.expand(hyperjump.parse(t), { p })),
        '@std-uritemplate/std-uritemplate': cases.map(([t, p]) => StdUriTemplate.expand(t, { p })),
      }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: root });
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as Record<(typeof peers)[number], string[]>;
  }

  it('urigram counts a triplet, or the triplets of one UTF-8 character, as one character; the peers count "%" and two digits as three, and all three agree', () => {
    expect(cases.map(([t, p]) => expandTemplate(t, { p }))).toEqual(cases.map((c) => c[2]));
    const found = peerExpansions();
    for (const peer of peers) expect([peer, found[peer]]).toEqual([peer, cases.map((c) => c[3])]);
  });

  it('is named in docs/deviations.md with these very outputs', () => {
    const doc = fs.readFileSync(path.join(root, 'docs', 'deviations.md'), 'utf8');
    for (const [t, p, ours, theirs] of cases.slice(0, 4)) expect(doc).toContain(`\`${t}\` of \`${p}\`: urigram \`${ours}\`, the three \`${theirs}\``);
    for (const peer of peers) expect(doc).toContain(peer);
  });
});

describe('the character sets of expansion are the grammar\'s', () => {
  it('unreserved and unreserved/reserved, per ASCII character, as RFC 6570\'s grammar (1.5) has them', () => {
    for (let c = 0; c < 128; c++) {
      const ch = String.fromCharCode(c);
      expect([ch, unreservedTable()[c]]).toEqual([ch, matches('unreserved', ch, { grammar: 'rfc6570' }) ? 1 : 0]);
      expect([ch, unreservedOrReservedTable()[c]]).toEqual([ch, matches('unreserved', ch, { grammar: 'rfc6570' }) || matches('reserved', ch, { grammar: 'rfc6570' }) ? 1 : 0]);
    }
  });

  it('ucschar, code point by code point in the BMP and at every edge above it, as the grammar has it', () => {
    const check = (cp: number) => expect([cp.toString(16), isUcschar(cp)]).toEqual([cp.toString(16), matches('ucschar', String.fromCodePoint(cp), { grammar: 'rfc6570' })]);
    for (let cp = 0; cp < 0x10000; cp++) if (cp < 0xd800 || cp > 0xdfff) check(cp);
    for (let plane = 1; plane <= 16; plane++) for (const low of [0, 1, 0xfffd, 0xfffe, 0xffff, 0x1000, 0xfff, 0x8000]) check(plane * 0x10000 + low);
  });
});

describe('matchTemplate (the inverse of expansion)', () => {
  it.each(matchCases.map((c) => [c.template, c.uri, c] as const))('%j on %j', (_t, _u, c) => {
    expect(matchTemplate(c.template, c.uri, c.options)).toEqual(c.variables);
    // Whatever it finds expands to the URI again (an IRI, to its URI form: RFC 3987 3.1).
    if (c.variables !== null) expect(uriForm(expandTemplate(c.template, c.variables as TemplateVariables, c.options))).toBe(uriForm(c.uri));
  });

  it("finds, for every example, values that expand to the example's expansion; a variable written twice whole, as documented, not", () => {
    // docs/templates.md, "Matching": each place of a variable is matched on its own; "{var}{var}" reads "valuevalue" whole first.
    const twice = new Set(['{var}{var}']);
    for (const g of expansion) {
      for (const [template, expected, options] of g.cases) {
        const found = matchTemplate(template, expected, options);
        expect([template, found === null ? null : expandTemplate(template, found, options)]).toEqual([template, twice.has(template) ? null : expected]);
      }
    }
  });

  it('gives the RFC\'s values back where expansion is injective (one variable, strings; named operators)', () => {
    const vars = expansion.find((g) => g.source === 'RFC 6570 3.2.2')?.variables as Record<string, unknown>;
    expect(vars.hello).toBe('Hello World!');
    for (const [template, name] of [['{hello}', 'hello'], ['{+base}index', 'base'], ['{;half}', 'half'], ['{?who}', 'who'], ['{/dub}', 'dub'], ['{.half}', 'half'], ['{#hello}', 'hello']] as const) {
      expect(matchTemplate(template, expandTemplate(template, vars as TemplateVariables))).toEqual({ [name]: vars[name] });
    }
    expect(matchTemplate('{?x,y,empty}', '?x=1024&y=768&empty=')).toEqual({ x: '1024', y: '768', empty: '' });
    expect(matchTemplate('{?list*}', '?list=red&list=green&list=blue')).toEqual({ list: ['red', 'green', 'blue'] });
  });

  it('compileTemplate keeps the automaton for many URIs, and refuses what is not a string', () => {
    const route = compileTemplate('/repos/{owner}/{repo}/issues{/number}{?state,labels}');
    expect(route.match('/repos/a/b/issues/7?state=open')).toEqual({ owner: 'a', repo: 'b', number: '7', state: 'open' });
    expect(route.match('/repos/a/b/issues?labels=x,y')).toEqual({ owner: 'a', repo: 'b', labels: ['x', 'y'] });
    expect(route.match('/repos/a/b/pulls')).toBeNull();
    expect(() => route.match(7 as never)).toThrow(TypeError);
    expect(() => route.match('/', { iri: 1 } as never)).toThrow(UriOptionError);
    expect(() => compileTemplate(null as never)).toThrow(TypeError);
    expect(() => compileTemplate('{x')).toThrow(UriSyntaxError);
  });

  it('gives an associative array as a plain object, in JavaScript\'s key order: integer-like keys first (documented)', () => {
    const found = matchTemplate('{?keys*}', '?b=1&2=x') as { keys: Record<string, string> };
    expect(found).toEqual({ keys: { b: '1', 2: 'x' } });
    expect(Object.keys(found.keys)).toEqual(['2', 'b']);
    expect(expandTemplate('{?keys*}', found)).toBe('?2=x&b=1');
  });

  it('returns null for a lone surrogate, even as an IRI', () => {
    expect(matchTemplate('{x}', 'a\ud800', { iri: true })).toBeNull();
    expect(matchTemplate('{x}', '\u00e9', { iri: true })).toEqual({ x: '\u00e9' });
  });

  it('returns variables named as the template names them, "__proto__" and "constructor" as plain data', () => {
    const m = matchTemplate('{__proto__}/{constructor}', 'a/b') as Record<string, unknown>;
    expect(Object.keys(m)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(m)).toBe(Object.prototype);
    expect(m.constructor).toBe('b');
  });
});

/** Arbitrary text: any code point but lone surrogates, with the characters that matter to templates often. */
const text = (maxLength = 6) =>
  fc.array(fc.oneof(fc.constantFrom('a', 'Z', '0', '-', '.', '_', '~', '%', '%41', '%zz', '/', '?', '#', ',', ';', '=', '&', '+', ':', '@', '!', "'", '*', ' ', '"', '<', '\u00e9', '\u65e5', '\ue000', '\u{1F600}', '\u{10FFFD}'), fc.string({ unit: 'binary', maxLength: 2 })), { maxLength }).map((a) => a.join('')).filter((s) => !/[\ud800-\udfff]/u.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')));

type Op = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** A literal chunk that keeps a URI reference valid wherever it stands after "/": path characters, triplets, non-ASCII (which expansion encodes). */
const literal = fc.array(fc.constantFrom('a', 'b', '0', '-', '.', '_', '~', '!', '$', '&', '(', ')', '*', '+', ',', ';', '=', ':', '@', '/', '%2F', '%c3', '\u00e9', '\u{1F600}'), { maxLength: 4 }).map((a) => a.join(''));

interface Generated {
  template: string;
  variables: Record<string, unknown>;
}

/**
 * A template after "/", of literals and expressions with distinct variable
 * names, "?" and "#" expressions last as a URI wants them, and values of every
 * kind for it; "+" and "#" values leave out "#", "[" and "]", which they would
 * write as themselves and which no URI has there.
 */
const generated: fc.Arbitrary<Generated> = fc
  .array(
    fc.record({
      literal,
      op: fc.constantFrom<Op>('', '+', '.', '/', ';', '&'),
      vars: fc.array(fc.record({ modifier: fc.constantFrom('', '*', ':1', ':3', ':9999'), kind: fc.constantFrom('string', 'list', 'map', 'undefined', 'number', 'empty') }), { minLength: 1, maxLength: 3 }),
      values: fc.array(text(), { minLength: 4, maxLength: 4 }),
    }),
    { maxLength: 4 },
  )
  .chain((exprs) => fc.record({ exprs: fc.constant(exprs), tail: fc.constantFrom('', '{?q}', '{?q*}', '{#f}', '{?q}{#f}', '{&q,f:2}') }))
  .map(({ exprs, tail }) => {
    let template = '/';
    const variables: Record<string, unknown> = {};
    let n = 0;
    for (const e of exprs) {
      const names: string[] = [];
      for (const v of e.vars) {
        const name = `v${n++}`;
        const composite = v.kind === 'list' || v.kind === 'map';
        names.push(name + (composite && v.modifier.startsWith(':') ? '' : v.modifier));
        const clean = (s: string) => (e.op === '+' ? s.replace(/[#[\]]/g, '') : s);
        const vals = e.values.map(clean);
        if (v.kind === 'string') variables[name] = vals[0];
        if (v.kind === 'empty') variables[name] = '';
        if (v.kind === 'number') variables[name] = vals[0].length - 2.5;
        if (v.kind === 'list') variables[name] = vals.slice(0, 1 + (vals[0].length % 4));
        if (v.kind === 'map') variables[name] = Object.fromEntries(vals.map((x, i) => [`${x}k${i}`, vals[(i + 1) % 4]]));
      }
      template += `${e.literal.replace(/^\/*/, '')}{${e.op}${names.join(',')}}`;
    }
    template += tail;
    variables.q = 'a b';
    variables.f = 'x y%/?';
    return { template, variables };
  });

describe('laws of expansion and matching (fast-check)', () => {
  it('a template parses, and its expansion is a URI reference; with iri, an IRI reference', () => {
    fc.assert(
      fc.property(generated, ({ template, variables }) => {
        expect(isValid(template, { grammar: 'rfc6570' })).toBe(true);
        const uri = expandTemplate(template, variables as TemplateVariables);
        expect([template, uri, isValid(uri)]).toEqual([template, uri, true]);
        const iri = expandTemplate(template, variables as TemplateVariables, { iri: true });
        expect([template, iri, isValid(iri, { grammar: 'rfc3987' })]).toEqual([template, iri, true]);
      }),
      { numRuns: 1500, seed: 6570 },
    );
  });

  /** Whether a matched associative array has a key that JavaScript orders first (an array index). */
  const hasIndexKey = (found: MatchedVariables | null): boolean =>
    found !== null && Object.values(found).some((v) => typeof v === 'object' && !Array.isArray(v) && Object.keys(v).some((k) => /^(0|[1-9]\d*)$/.test(k)));

  /**
   * docs/templates.md, "Matching": values are read in one pass, and an associative array that has then read a
   * name twice makes the result null, though another reading may exist. That takes an exploded variable with a
   * variable after it, in its expression or a later one: the text of one can be read as pairs of the other.
   */
  const explodedBeforeOthers = (template: string): boolean => {
    const specs = parseTemplate(template).parts.flatMap((p) => (p.type === 'expression' ? p.variables : []));
    return specs.some((v, k) => v.explode && k < specs.length - 1);
  };

  it('matching an expansion finds values, and they expand to it again (null only where the documented limit applies, and rarely)', () => {
    let limited = 0;
    let reordered = 0;
    let runs = 0;
    fc.assert(
      fc.property(generated, fc.boolean(), ({ template, variables }, iri) => {
        runs++;
        const uri = expandTemplate(template, variables as TemplateVariables, { iri });
        const found = matchTemplate(template, uri, { iri });
        if (found === null && explodedBeforeOthers(template)) {
          limited++;
          return;
        }
        expect([template, uri, found === null ? 'null' : 'found']).toEqual([template, uri, 'found']);
        // A plain object orders integer-like keys first (documented, and tested above): then the pairs expand in another order.
        if (hasIndexKey(found)) {
          reordered++;
          return;
        }
        expect([template, expandTemplate(template, found as MatchedVariables, { iri })]).toEqual([template, uri]);
      }),
      { numRuns: 3000, seed: 6571 },
    );
    expect(limited / runs).toBeLessThan(0.02);
    expect(reordered / runs).toBeLessThan(0.02);
  });

  /**
   * Templates whose expansion is injective, by the matching rules of docs/templates.md:
   * expressions of the operators that encode reserved characters, one variable each,
   * between "!" literals (which none of them writes); values in the shape matching gives
   * back (a string for a plain or prefixed variable; for an exploded one a list, or an
   * associative array that shows itself as one).
   */
  const injective = fc
    .array(
      fc.record({
        op: fc.constantFrom<Op>('', '.', '/', ';', '?', '&'),
        shape: fc.constantFrom('string', 'prefix', 'list', 'exploded list', 'exploded map'),
        values: fc.array(text(4), { minLength: 2, maxLength: 3 }),
        defined: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .map((exprs) => {
      const parts: string[] = [];
      const variables: Record<string, unknown> = {};
      exprs.forEach((e, k) => {
        const name = `v${k}`;
        const noDot = (s: string) => (e.op === '.' ? s.replace(/\./g, '') : s);
        const values = e.values.map(noDot);
        let spec = name;
        let value: unknown;
        if (e.shape === 'string') value = e.op === '' ? `${values[0]}x` : values[0];
        if (e.shape === 'prefix') {
          spec = `${name}:3`;
          value = [...`${values[0]}y`].slice(0, 3).join('');
        }
        if (e.shape === 'list') value = values; // two or more members
        if (e.shape === 'exploded list') {
          spec = `${name}*`;
          value = e.op === '' ? values.map((v) => `${v}l`) : values;
        }
        if (e.shape === 'exploded map') {
          spec = `${name}*`;
          // Distinct keys, none the variable's own name; a value that is not empty shows the "=" of a pair.
          value = Object.fromEntries(values.map((v, i) => [`k${i}${v}`, i === 0 ? `${v}w` : v]));
        }
        parts.push(`{${e.op}${spec}}`);
        if (e.defined) variables[name] = value;
      });
      return { template: parts.join('!'), variables };
    });

  it('where expansion is injective, matching gives the values back', () => {
    fc.assert(
      fc.property(injective, ({ template, variables }) => {
        const uri = expandTemplate(template, variables as TemplateVariables);
        expect([template, uri, matchTemplate(template, uri)]).toEqual([template, uri, variables]);
      }),
      { numRuns: 2000, seed: 6572 },
    );
  });

  it('matching never throws on arbitrary URIs, and what it finds expands to the URI', () => {
    const templates = ['{x}', '{x,y}', '{/list*}{/x}', '{x:2}{y}', '{?q,lang}', '{+x}{#y}', 'X{.keys*}', '{;a,b*}', '{x}{x}', '{/var:1,var}'];
    fc.assert(
      fc.property(fc.constantFrom(...templates), fc.array(fc.constantFrom('a', '1', ',', '.', '/', '=', '&', ';', '?', '#', '%', '%41', '%C3%A9', '%2C', 'X', ' '), { maxLength: 12 }), (template, pieces) => {
        const uri = pieces.join('');
        const found = matchTemplate(template, uri);
        if (found !== null) expect([template, uri, expandTemplate(template, found)]).toEqual([template, uri, uri]);
      }),
      { numRuns: 3000, seed: 6573 },
    );
  });
});

describe('a variable that appears more than once (issue 44 item 1)', () => {
  /** Templates of two names, each in one to four places, every operator and modifier, between literals. */
  const twoNames = fc
    .array(
      fc.oneof(
        fc.record({ op: fc.constantFrom<Op>('', '+', '#', '.', '/', ';', '?', '&'), specs: fc.array(fc.record({ name: fc.constantFrom('x', 'y'), mod: fc.constantFrom('', '*', ':1', ':3') }), { minLength: 1, maxLength: 2 }) }),
        fc.constantFrom('a', '/'),
      ),
      { minLength: 2, maxLength: 4 },
    )
    .map((parts) => parts.map((p) => (typeof p === 'string' ? p : `{${p.op}${p.specs.map((v) => v.name + v.mod).join(',')}}`)).join(''));
  const value = fc.oneof(fc.constantFrom(undefined, '', 'a', 'a,b', '.', '%41'), fc.array(fc.constantFrom('', 'a', '='), { maxLength: 2 }), fc.dictionary(fc.constantFrom('k', 'x'), fc.constantFrom('', 'v'), { maxKeys: 2 }));
  const piece = fc.constantFrom('', 'a', '.', '/', '#', '?', '&', '=', ',', ';', 'x', 'y', '%41');

  it('every match that is not null expands to the URI again: an expression that wrote nothing expands to nothing with the values found', () => {
    let found = 0;
    fc.assert(
      fc.property(twoNames, fc.record({ x: value, y: value }), fc.array(piece, { maxLength: 6 }), fc.boolean(), (template, variables, pieces, expanded) => {
        let uri = pieces.join('');
        if (expanded) {
          try {
            uri = expandTemplate(template, variables as TemplateVariables);
          } catch {
            return; // a prefix on a list or an associative array
          }
        }
        const match = matchTemplate(template, uri);
        // A plain object orders integer-like keys first (documented): then the pairs expand in another order. None here.
        if (match === null) return;
        found++;
        expect([template, uri, expandTemplate(template, match)]).toEqual([template, uri, uri]);
      }),
      { numRuns: 5000, seed: 44 },
    );
    // Most of the expanded URIs match: the property is about matches, and there are many.
    expect(found).toBeGreaterThan(1000);
  });

  it('with an IRI too: the match expands to the IRI\'s URI form', () => {
    fc.assert(
      fc.property(twoNames, fc.record({ x: value, y: value }), fc.constantFrom('\u00e9', '%C3%A9', 'a\u{1F600}'), (template, variables, extra) => {
        let uri: string;
        try {
          uri = expandTemplate(template, { ...(variables as Record<string, unknown>), x: typeof variables.x === 'string' ? variables.x + extra : variables.x } as TemplateVariables, { iri: true });
        } catch {
          return;
        }
        const match = matchTemplate(template, uri, { iri: true });
        if (match !== null) expect([template, uri, uriForm(expandTemplate(template, match))]).toEqual([template, uri, uriForm(uri)]);
      }),
      { numRuns: 2000, seed: 45 },
    );
  });
});

describe('long templates (issue 44 item 5): a run of literal text is one node, found in the URI in one scan', () => {
  jest.setTimeout(120_000);

  it('compiles a template of any literal length into as many nodes as one of a single character', () => {
    const nodes = (t: string) => compileMatcher(parseTemplate(t)).kind.length;
    expect(nodes(`${'a'.repeat(100_000)}{x}${'b/'.repeat(50_000)}`)).toBe(nodes('a{x}bb'));
    expect(nodes(`{?${'v'.repeat(100_000)}}`)).toBe(nodes('{?vv}'));
    expect(nodes('\u00e9'.repeat(100_000))).toBe(nodes('ab'));
  });

  it('matches a literal template of half a million characters (it threw RangeError: Invalid typed array length)', () => {
    const a = 'a'.repeat(500_000);
    expect(matchTemplate(a, a)).toEqual({});
    expect(matchTemplate(a, `${a.slice(1)}b`)).toBeNull();
    expect(matchTemplate(a, a.slice(1))).toBeNull();
    expect(compileTemplate(`${a}{x}${a}`).match(`${a}1${a}`)).toEqual({ x: '1' });
  });

  it('finds a text that can begin at every offset without comparing it again at each (a value before a run of its own characters)', () => {
    const n = 400_000;
    const found = matchTemplate(`{x}${'a'.repeat(n / 2)}`, 'a'.repeat(n)) as { x: string };
    expect(found.x).toBe('a'.repeat(n / 2));
    expect(matchTemplate(`{x}${'ab'.repeat(n / 4)}{y}`, `${'ab'.repeat(n / 2)}c`)).toEqual({ x: 'ab'.repeat(n / 4), y: 'c' });
  });

  it(`refuses a template of more than ${TEMPLATE_MATCH_LIMITS.varspecs} varspecs with a TemplateMatchError before any work; it still expands`, () => {
    expect(TEMPLATE_MATCH_LIMITS).toEqual({ varspecs: 1024, memoryBytes: 2 ** 30 });
    const template = '{a}'.repeat(1025);
    const c = compileTemplate(template);
    expect(c.expand({ a: 'x' })).toBe('x'.repeat(1025));
    let error: unknown;
    try {
      c.match('x');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TemplateMatchError);
    const e = error as TemplateMatchError;
    expect([e.name, e.reason, e.limit, e.needed, e.offset, e.template === template]).toEqual(['TemplateMatchError', 'varspecs', 1024, 1025, 3 * 1024 + 1, true]);
    expect(e.message).toMatch(/^matchTemplate: the template has 1025 varspecs, and a template is matched with at most 1024 \(the varspec at offset 3073 is the 1025th\)/);
    // Counted where they appear: one expression of many varspecs too; at the limit, it matches.
    expect(() => matchTemplate(`{${Array.from({ length: 1025 }, (_, k) => `v${k}`).join(',')}}`, '')).toThrow(TemplateMatchError);
    expect(matchTemplate(Array.from({ length: 1024 }, (_, k) => `{v${k}}`).join(''), 'xyz')).toEqual({ v0: 'xyz' });
  });

  it(`refuses a match whose tables would take more than ${TEMPLATE_MATCH_LIMITS.memoryBytes / 2 ** 20} MiB, before any work`, () => {
    // 1024 exploded path lists, each of which may write nothing: about 2.4 KB of tables per character.
    const template = Array.from({ length: 1024 }, (_, k) => `{/v${k}*}`).join('');
    let error: unknown;
    try {
      matchTemplate(template, '/a'.repeat(300_000));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TemplateMatchError);
    const e = error as TemplateMatchError;
    expect([e.reason, e.limit, e.needed > e.limit, e.offset]).toEqual(['memory', 2 ** 30, true, undefined]);
    expect(e.message).toMatch(/^matchTemplate: a match of a URI of 600000 characters against this template would take \d+ MiB of tables, and a match takes at most 1024 MiB/);
    expect(matchTemplate(template, '/a/b')).toEqual({ v0: ['a', 'b'] });
  });
});

describe('matching in linear time, on the templates and URIs that make backtracking matchers exponential', () => {
  /**
   * No time is measured (a benchmark's job: npm run fuzz has these families, per MB): each runs a
   * few hundred thousand characters through the automaton and yields, so that jest's timeout fails a
   * test whose work outlasted it. A backtracking matcher takes exponential time on each.
   */
  jest.setTimeout(120_000);
  const finishes = async <T>(work: () => T): Promise<T> => {
    const result = work();
    await new Promise((done) => setTimeout(done, 0));
    return result;
  };
  const N = 200_000;

  it.each([
    ['eight adjacent variables, a URI that fails at its last character', '{a}{b}{c}{d}{e}{f}{g}{h}', `${'a'.repeat(N)}!`, null],
    ['adjacent exploded lists', '{/x*}{/y*}{/z*}', `${'/a'.repeat(N / 2)}/!`, null],
    ['a comma-separated run for three variables', '{x,y,z}', `${'a,'.repeat(N / 2)}!`, null],
    ['prefixes of the largest length, side by side', '{x:9999}{y:9999}{z}', `${'a'.repeat(N)}!`, null],
    ['exploded pairs, then a bad pair', '{?k*,j*}', `?${'a=b&'.repeat(N / 4)}=`, null],
    ['triplets for a prefix', '{x:3}{y}', '%C3%A9'.repeat(N / 6), 'ok'],
    ['label expansion, a run of dots', '{.x*}{.y}', '.'.repeat(N), 'ok'],
  ] as const)('%s', async (_name, template, uri, expected) => {
    const found = await finishes(() => matchTemplate(template, uri));
    if (expected === null) expect(found).toBeNull();
    else expect(found !== null && expandTemplate(template, found) === uri).toBe(true);
  });
});

describe('the cache of compiled templates', () => {
  test('keeps a short template and not a long one (a cache of 512 texts of any length could keep gigabytes)', () => {
    // 4,096 code units and 4,097: the bound.
    const short = '/short/{x}' + 'a'.repeat(4096 - 10);
    const long = '/long/{x}' + 'a'.repeat(4097 - 9);
    expect(short.length).toBe(4096);
    expect(long.length).toBe(4097);
    expect(expandTemplate(short, { x: '1' })).toBe('/short/1' + 'a'.repeat(4086));
    expect(expandTemplate(long, { x: '1' })).toBe('/long/1' + 'a'.repeat(4088));
    expect(matchTemplate(long, '/long/2' + 'a'.repeat(4088))).toEqual({ x: '2' });
    expect(isCachedTemplate(short)).toBe(true);
    expect(isCachedTemplate(long)).toBe(false);
  });
});
