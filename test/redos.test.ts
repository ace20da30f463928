/**
 * Issue 44 item 7: every regular expression written in src/ is checked by a ReDoS checker (recheck, through
 * scripts/redos.ts, `npm run check:redos`), and none may be polynomial or exponential unless a
 * `// redos-bound:` comment says why its input is bounded. The verdicts come from scripts/redos-verdicts.json
 * where it has them, from recheck for the rest (a new or changed expression).
 */
import { checkRedos, problemOf, recheckVerdict, regexesOf } from '../scripts/redos';

describe('npm run check:redos', () => {
  it('finds no expression in src/ that can backtrack polynomially or exponentially without a bound, and no RegExp built at run time unexplained', async () => {
    const report = await checkRedos();
    expect(report.problems).toEqual([]);
    // It read src/: the expressions are there (some 280 when this was written), among them the ones issue 44 named.
    expect(report.found.length).toBeGreaterThan(200);
    expect(report.found.filter((r) => r.bound !== undefined).map((r) => r.file)).toContain('src/cli/encoding.ts');
  }, 300_000);
});

describe('the check can fail', () => {
  const text = [
    'const a = /^(a+)+$/;',
    "const b = new RegExp('\\\\s*\\n\\\\s*', 'g');",
    '// redos-bound: at most 64 characters, checked before',
    'const c = /\\s*x\\s*/;',
    'const d = new RegExp(userText, "u");',
    '// redos-dynamic: the user\'s expression',
    'const e = RegExp(`[${chars}]`);',
    'const f = `not /a regex/`; // a template, not an expression',
    "const g = '/(a|a)*/'; // a string",
    'const h = /[/]x/gi; // redos-bound: on its own line too',
  ].join('\n');

  it('finds each expression with the TypeScript parser: literals, RegExp of constant text, RegExp of text built at run time', () => {
    const found = regexesOf('x.ts', text);
    expect(found.map((r) => [r.line, r.source, r.flags, r.bound, r.dynamic])).toEqual([
      [1, '^(a+)+$', '', undefined, undefined],
      [2, '\\s*\n\\s*', 'g', undefined, undefined],
      [4, '\\s*x\\s*', '', 'at most 64 characters, checked before', undefined],
      [5, undefined, undefined, undefined, undefined],
      [7, undefined, undefined, undefined, "the user's expression"],
      [10, '[/]x', 'gi', 'on its own line too', undefined],
    ]);
  });

  it("takes recheck's verdicts: exponential, polynomial, linear", async () => {
    expect((await recheckVerdict('^(a+)+$', '')).complexity).toBe('exponential');
    expect((await recheckVerdict('\\s*\\n\\s*', 'g')).complexity).toBe('polynomial');
    expect((await recheckVerdict('^a+$', '')).status).toBe('safe');
  }, 60_000);

  it('fails a polynomial or exponential verdict without a bound, an unknown one, and a RegExp of run-time text without a reason', () => {
    const [a, b, c, d, e] = regexesOf('x.ts', text);
    const polynomial = { status: 'vulnerable', complexity: 'polynomial', detail: '2nd degree polynomial' } as const;
    expect(problemOf(a, { status: 'vulnerable', complexity: 'exponential' })).toMatch(/^\/\^\(a\+\)\+\$\/ is exponential .*redos-bound/);
    expect(problemOf(b, polynomial)).toMatch(/is polynomial \(2nd degree polynomial\)/);
    expect(problemOf(b, { status: 'unknown', complexity: 'timeout' })).toMatch(/is not checked: timeout/);
    expect(problemOf(b, { status: 'safe', complexity: 'linear' })).toBeUndefined();
    expect(problemOf(c, polynomial)).toBeUndefined();
    expect(problemOf(d, undefined)).toMatch(/not constant .*redos-dynamic/);
    expect(problemOf(e, undefined)).toBeUndefined();
  });
});
