/**
 * The public URI Template test suite, uri-templates/uritemplate-test
 * (test/vectors/templates/uritemplate-test/, verbatim, with its README and
 * licence): every case of its four files through the public API as a user
 * calls it, expandTemplate(template, variables) and
 * compileTemplate(template).expand(variables).
 *
 * A case is [template, expected]: a string is the expansion; a list, the
 * acceptable expansions (an associative array's pairs in any order); false,
 * a template whose expansion must fail, here with urigram's documented errors
 * (a UriSyntaxError at the offset written by hand in REFUSALS below, or a
 * TemplateExpansionError naming the variable), never anything else.
 *
 * Where urigram and the suite disagree, RFC 6570's text decides, and each case
 * is listed in DEPARTURES with what urigram gives and the section that says
 * so: the test fails if urigram's result changes, if the suite's expectation
 * changes, and if the case stops disagreeing. docs/templates.md, "The
 * uritemplate-test suite", lists the same cases.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compileTemplate, expandTemplate, TemplateExpansionError, UriSyntaxError, type TemplateVariables } from '../src';
import { TEMPLATE_VECTORS_DIR } from './support/vectors';

const SUITE_DIR = path.join(TEMPLATE_VECTORS_DIR, 'uritemplate-test');
const root = path.join(__dirname, '..');

type Expected = string | string[] | false;
interface Group {
  level?: number;
  variables: Record<string, unknown>;
  testcases: Array<[string, Expected]>;
}
interface SuiteCase {
  file: string;
  group: string;
  template: string;
  expected: Expected;
  variables: TemplateVariables;
}

/** The four files, with the number of cases each holds and the SHA-256 of the copy (its README's table). */
const FILES: ReadonlyArray<readonly [string, number, string]> = [
  ['spec-examples.json', 63, '777275f6be81ce4f851ac403299f31bb66b88096f8c3cc69d7f7aab2b4ee273d'],
  ['spec-examples-by-section.json', 114, '1979631a9688a4a294c13b825bdc3458c49ab0775e04207330ea4654b0aaa11c'],
  ['extended-tests.json', 42, '4c1371e76adcacac406e96b9e40a99304a00e80036808ddfd0eb2a19ef160100'],
  ['negative-tests.json', 22, '01bce82f11ed1e14a416433f55b6f8da7a749760d07130b42f990871bc19b650'],
];

const cases: SuiteCase[] = FILES.flatMap(([file]) =>
  Object.entries(JSON.parse(fs.readFileSync(path.join(SUITE_DIR, file), 'utf8')) as Record<string, Group>).flatMap(([group, g]) =>
    g.testcases.map(([template, expected]) => ({ file, group, template, expected, variables: g.variables as TemplateVariables })),
  ),
);

/**
 * The three cases the later negative-tests.json (commit
 * 0f8a51fc7716282ec01625b7781ccc5251dc7ee8) adds, which are not in the copy:
 * that version is not valid JSON (no comma after its last two cases). Its
 * variables for them, as it gives them.
 */
const LATER_NEGATIVE: SuiteCase[] = ['/people/{~thing}', '/sparql{?query){&default-graph-uri*}', '/resolution{?x, y}'].map((template) => ({
  file: 'negative-tests.json at 0f8a51f',
  group: 'Failure Tests',
  template,
  expected: false,
  variables: {
    '~thing': 'some-user',
    'default-graph-uri': ['http://www.example/book/', 'http://www.example/papers/'],
    query: 'PREFIX dc: <http://purl.org/dc/elements/1.1/> SELECT ?book ?who WHERE { ?book dc:creator ?who }',
  },
}));

/**
 * Where a `false` case is refused, worked out by hand from RFC 6570 2's ABNF
 * (the first character no rule can take), and the operators 2.2 reserves,
 * which Appendix A has a processor refuse; or the variable a
 * TemplateExpansionError names and where its varspec begins.
 */
const REFUSALS: Record<string, { syntax: number } | { variable: string; at: number }> = {
  '{/id*': { syntax: 5 }, // the expression is not closed: "," or "}" after the explode
  '/id*}': { syntax: 4 }, // "}" is no literal (2.1)
  '{/?id}': { syntax: 2 }, // one operator only
  '{var:prefix}': { syntax: 5 }, // max-length is digits, the first %x31-39
  '{hello:2*}': { syntax: 8 }, // a prefix or an explode, not both (modifier-level4)
  '{??hello}': { syntax: 2 },
  '{!hello}': { syntax: 1 }, // op-reserve (2.2)
  '{=path}': { syntax: 1 }, // op-reserve
  '{$var}': { syntax: 1 }, // no operator, no varchar
  '{|var*}': { syntax: 1 }, // op-reserve
  '{*keys?}': { syntax: 1 },
  '{?empty=default,var}': { syntax: 7 }, // no default values in RFC 6570
  '{var}{-prefix|/-/|var}': { syntax: 6 }, // the drafts' operators are gone
  '?q={searchTerms}&amp;c={example:color?}': { syntax: 32 }, // ":" then "c": not a prefix
  'x{?empty|foo=none}': { syntax: 8 },
  '/h{#hello+}': { syntax: 9 }, // "+" only as an operator
  '/h#{hello+}': { syntax: 9 },
  '{keys:1}': { variable: 'keys', at: 1 }, // 2.4.1: no prefix of an associative array
  '{+keys:1}': { variable: 'keys', at: 2 },
  '{;keys:1*}': { syntax: 8 }, // a prefix or an explode, not both
  '?{-join|&|var,list}': { syntax: 2 },
  '/people/{~thing}': { syntax: 9 }, // "~" is no varchar (2.3)
  '/sparql{?query){&default-graph-uri*}': { syntax: 14 }, // ")" in a varname
  '/resolution{?x, y}': { syntax: 15 }, // no space in a variable-list
};

/**
 * The cases where urigram does not give what the suite expects, each with
 * urigram's result and RFC 6570's reason. Keyed by file and template.
 */
interface Departure {
  /** What the suite expects, as its file says: the entry must be looked at again when it changes. */
  readonly suite: Expected;
  /** What urigram gives instead. */
  readonly urigram: string;
  readonly section: string;
  readonly why: string;
}

/**
 * spec-examples.json transcribes 1.2's table, whose variables give
 * keys := [("semi",";"),("dot","."),("comma",",")], in that order; the file
 * gives them in the same order ({"semi": ";", "dot": ".", "comma": ","}) but
 * expects most of the expansions with the pairs sorted by name, where 1.2's
 * table has them in the array's order. urigram expands an associative array
 * in its order (3.2.1: "a comma-separated concatenation of each (name, value)
 * pair that has a defined value"), which gives 1.2's table exactly (tested
 * below against grammar/rfc6570.txt). The suite's other file,
 * spec-examples-by-section.json, accepts every order for the same cases, and
 * this file's own X{.keys} and {?keys*} expect the array's order.
 */
const KEYS_ORDER = 'the associative array keys := [("semi",";"),("dot","."),("comma",",")] expands in its order, as RFC 6570 1.2\'s table shows it; the suite sorts the pairs by name';
const keysOrder = (suite: string, urigram: string): Departure => ({ suite, urigram, section: '1.2, 3.2.1', why: KEYS_ORDER });

const DEPARTURES: Record<string, Departure> = {
  'spec-examples.json {keys}': keysOrder('comma,%2C,dot,.,semi,%3B', 'semi,%3B,dot,.,comma,%2C'),
  'spec-examples.json {keys*}': keysOrder('comma=%2C,dot=.,semi=%3B', 'semi=%3B,dot=.,comma=%2C'),
  'spec-examples.json {+keys}': keysOrder('comma,,,dot,.,semi,;', 'semi,;,dot,.,comma,,'),
  'spec-examples.json {+keys*}': keysOrder('comma=,,dot=.,semi=;', 'semi=;,dot=.,comma=,'),
  'spec-examples.json {#keys}': keysOrder('#comma,,,dot,.,semi,;', '#semi,;,dot,.,comma,,'),
  'spec-examples.json {#keys*}': keysOrder('#comma=,,dot=.,semi=;', '#semi=;,dot=.,comma=,'),
  'spec-examples.json {/keys}': keysOrder('/comma,%2C,dot,.,semi,%3B', '/semi,%3B,dot,.,comma,%2C'),
  'spec-examples.json {/keys*}': keysOrder('/comma=%2C/dot=./semi=%3B', '/semi=%3B/dot=./comma=%2C'),
  'spec-examples.json {;keys}': keysOrder(';keys=comma,%2C,dot,.,semi,%3B', ';keys=semi,%3B,dot,.,comma,%2C'),
  'spec-examples.json {;keys*}': keysOrder(';comma=%2C;dot=.;semi=%3B', ';semi=%3B;dot=.;comma=%2C'),
  'spec-examples.json {?keys}': keysOrder('?keys=comma,%2C,dot,.,semi,%3B', '?keys=semi,%3B,dot,.,comma,%2C'),
  'spec-examples.json {&keys}': keysOrder('&keys=comma,%2C,dot,.,semi,%3B', '&keys=semi,%3B,dot,.,comma,%2C'),
  'spec-examples.json {&keys*}': keysOrder('&comma=%2C&dot=.&semi=%3B', '&semi=%3B&dot=.&comma=%2C'),
  // 2.1: literals = %x21 / %x23-24 / %x26 / %x28-3B / ...: ":" (%x3A) is a literal, and 3.1 copies a
  // literal that a URI allows as it is. The suite refuses it as a placeholder of another syntax
  // (Rails' "/vars/:var"), which RFC 6570 does not.
  'negative-tests.json /vars/:var': {
    suite: false,
    urigram: '/vars/:var',
    section: '2.1, 3.1',
    why: '":" is in 2.1\'s literals (%x28-3B), and 3.1 copies a literal a URI allows as it is: a template with no expression, which expands to itself',
  },
};

const key = (c: SuiteCase): string => `${c.file} ${c.template}`;

/** Whether a result is what the suite accepts. */
function acceptable(expected: Expected, result: string): boolean {
  return Array.isArray(expected) ? expected.includes(result) : expected === result;
}

/** The template expanded both ways a user expands it: from its text, and compiled. */
function expansions(c: SuiteCase): [string, string] {
  return [expandTemplate(c.template, c.variables), compileTemplate(c.template).expand(c.variables)];
}

/** What each way throws (a function that returns normally is a failure of the test). */
function refusals(c: SuiteCase): unknown[] {
  const caught: unknown[] = [];
  const attempt = (run: () => unknown, how: string): void => {
    let result: unknown;
    try {
      result = run();
    } catch (e) {
      caught.push(e);
      return;
    }
    throw new Error(`${how} accepted ${JSON.stringify(c.template)}: ${JSON.stringify(result)}`);
  };
  attempt(() => expandTemplate(c.template, c.variables), 'expandTemplate');
  attempt(() => compileTemplate(c.template).expand(c.variables), 'compileTemplate(...).expand');
  return caught;
}

describe('the uritemplate-test suite (test/vectors/templates/uritemplate-test/)', () => {
  it.each(FILES)('%s is the verbatim copy its README names, with %i cases', (file, count, sha256) => {
    const bytes = fs.readFileSync(path.join(SUITE_DIR, file));
    expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(sha256);
    expect(cases.filter((c) => c.file === file).length).toBe(count);
  });

  const agreed = cases.filter((c) => c.expected !== false && DEPARTURES[key(c)] === undefined);
  it.each(agreed.map((c) => [`${c.file} ${c.group}`, c.template, c] as const))('%s: %j expands as the suite expects', (_where, _template, c) => {
    for (const result of expansions(c)) {
      if (Array.isArray(c.expected)) expect(c.expected).toContain(result);
      else expect(result).toBe(c.expected);
    }
  });

  const refused = [...cases, ...LATER_NEGATIVE].filter((c) => c.expected === false && DEPARTURES[key(c)] === undefined);
  it.each(refused.map((c) => [c.file, c.template, c] as const))('%s: %j is refused with its documented error', (_file, template, c) => {
    const where = REFUSALS[template];
    expect(where).toBeDefined();
    for (const e of refusals(c)) {
      if ('syntax' in where) {
        expect(e).toBeInstanceOf(UriSyntaxError);
        const err = e as UriSyntaxError;
        expect([err.grammar, err.rule, err.input, err.offset]).toEqual(['rfc6570', 'URI-Template', template, where.syntax]);
        expect(err.expected.length).toBeGreaterThan(0);
        expect(err.message).toContain(`at offset ${where.syntax}:`);
      } else {
        expect(e).toBeInstanceOf(TemplateExpansionError);
        const err = e as TemplateExpansionError;
        expect([err.template, err.variable, err.offset]).toEqual([template, where.variable, where.at]);
      }
    }
  });

  const departed = cases.filter((c) => DEPARTURES[key(c)] !== undefined);
  it.each(departed.map((c) => [key(c), c] as const))('%s: a named departure, decided by RFC 6570', (_key, c) => {
    const d = DEPARTURES[key(c)];
    expect(c.expected).toEqual(d.suite);
    for (const result of expansions(c)) {
      expect(result).toBe(d.urigram);
      expect(d.suite !== false && acceptable(d.suite, result)).toBe(false); // a result where the suite expects false disagrees too
    }
  });

  it('lists no departure the suite does not have, and covers every case', () => {
    expect(Object.keys(DEPARTURES).filter((k) => !departed.some((c) => key(c) === k))).toEqual([]);
    expect(Object.keys(REFUSALS).filter((t) => !refused.some((c) => c.template === t))).toEqual([]);
    expect(agreed.length + refused.length - LATER_NEGATIVE.length + departed.length).toBe(cases.length);
    const byFile = Object.fromEntries(FILES.map(([file]) => [file, departed.filter((c) => c.file === file).length]));
    expect(byFile).toEqual({ 'spec-examples.json': 13, 'spec-examples-by-section.json': 0, 'extended-tests.json': 0, 'negative-tests.json': 1 });
  });

  it("gives, where it departs on an associative array's order, RFC 6570 1.2's table row for the template", () => {
    const text = fs.readFileSync(path.join(root, 'grammar', 'rfc6570.txt'), 'utf8');
    const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const keyed = Object.entries(DEPARTURES).filter(([, d]) => d.why === KEYS_ORDER);
    expect(keyed.length).toBe(13);
    for (const [k, d] of keyed) {
      const template = k.slice('spec-examples.json '.length);
      expect(text).toMatch(new RegExp(`\\|\\s{4}${escape(template)}\\s{2,}${escape(d.urigram)}\\s+\\|`));
    }
  });
});
