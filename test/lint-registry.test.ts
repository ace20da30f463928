/**
 * The registry of lint rules (src/lint/registry.ts) against what finds the rules (the families of
 * src/lint/rules/) and what documents them (docs/lint-rules.md): every rule found by exactly one
 * family, every family run, every rule documented at its anchor with its severity, no section
 * without a rule.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lint, LINT_RULES, type Diagnostic, type LintCode } from '../src';
import { RULE_FAMILIES } from '../src/lint/rules';
import { ruleOf } from '../src/lint/registry';
import { LINK_CODES } from '../src/lint/links';

const codes = Object.keys(LINT_RULES) as LintCode[];
const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'lint-rules.md'), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation but "-" and "_" dropped, spaces as "-". */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Each heading of the page by its anchor, with the text up to the next heading. */
const sections = new Map([...doc.matchAll(/^#{1,6} (.*)\n([\s\S]*?)(?=^#{1,6} |$(?![\s\S]))/gm)].map((m) => [slug(m[1]), { heading: m[1], body: m[2].trim() }]));

describe('the registry of lint rules', () => {
  it('each rule is found by exactly one family, or by link integrity (the rules marked tree), and each finds only rules of the registry', () => {
    const owner = new Map<string, number>();
    RULE_FAMILIES.forEach((family, k) => {
      for (const code of family.codes) {
        expect(LINT_RULES).toHaveProperty([code]);
        expect([code, owner.get(code)]).toEqual([code, undefined]);
        owner.set(code, k);
      }
    });
    for (const code of LINK_CODES) {
      expect([code, owner.get(code)]).toEqual([code, undefined]);
      owner.set(code, -1);
    }
    expect([...owner.keys()].sort()).toEqual([...codes].sort());
    expect(codes.filter((c) => ruleOf(c).tree === true).sort()).toEqual([...LINK_CODES].sort());
  });

  it('each module of src/lint/rules/ is a family lint() runs', () => {
    const dir = path.join(__dirname, '..', 'src', 'lint', 'rules');
    const modules = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    const families = new Set(RULE_FAMILIES);
    for (const file of modules) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- each module of the folder, to find its family
      const exported = Object.values(require(path.join(dir, file)) as Record<string, unknown>).filter((v) => families.has(v as never));
      expect([file, exported.length]).toEqual([file, 1]);
    }
    expect(modules.length).toBe(RULE_FAMILIES.length);
  });

  it('each rule is documented in docs/lint-rules.md at its anchor, headed by its code, with its severity first', () => {
    for (const code of codes) {
      const rule = ruleOf(code);
      const section = sections.get(rule.anchor);
      expect([code, section?.heading]).toEqual([code, `\`${code}\``]);
      const severity = /^(Error|Warning|Info)\b/.exec(section!.body)?.[1].toLowerCase();
      expect([code, severity]).toEqual([code, rule.severity]);
      // An opt-in rule says so where its severity is.
      expect([code, /^[^.]*off unless switched on/.test(section!.body)]).toEqual([code, rule.defaultOff === true]);
    }
  });

  it('each section of docs/lint-rules.md headed by a code is a rule of the registry', () => {
    const anchors = new Set(codes.map((c) => ruleOf(c).anchor));
    const coded = [...sections.entries()].filter(([, s]) => /^`[^`]+`$/.test(s.heading));
    expect(coded.length).toBeGreaterThan(0);
    for (const [anchor] of coded) expect([anchor, anchors.has(anchor)]).toEqual([anchor, true]);
  });

  it('a finding carries a fix only when its rule has one, and suggestions only when its rule hasSuggestions', () => {
    const examples = [...doc.matchAll(/^- (?:bad|good): `(.*)`$/gm)].map((m) => m[1]);
    expect(examples.length).toBeGreaterThan(2 * codes.length - 2);
    const seen: Diagnostic[] = examples.flatMap((u) => [...lint(u, { preset: 'strict' }), ...lint(u, { template: true })]);
    for (const d of seen) {
      const rule = ruleOf(d.code);
      if (d.fix !== undefined) expect([d.code, rule.fix !== undefined]).toEqual([d.code, true]);
      if (d.suggestions !== undefined) expect([d.code, rule.hasSuggestions]).toEqual([d.code, true]);
    }
    // The examples hold fixes of both kinds.
    expect(new Set(seen.filter((d) => d.fix !== undefined).map((d) => ruleOf(d.code).fix))).toEqual(new Set(['safe', 'suggestion']));
  });
});
