/**
 * Suggestions (issue 45): what the author probably meant, carried by a finding beside (never as) its fix. At
 * the library: lint() gives them, applyFixes and --fix (fixedText) never apply them, and the filters that take
 * a fix off a diagnostic (overlapping fixes, a URI cut at an interpolation) keep them, or drop only those that
 * reach past what is known of the URI. The outputs (text, JSON, SARIF, ESLint) are test/lint-cli.test.ts's and
 * test/eslint.test.ts's.
 */
import { applyFixes, lint, type Diagnostic } from '../src';
import { withoutFix, withSuggestions } from '../src/lint/diagnostic';
import { fixedText, withinKnown } from '../src/cli/lint-files';
import { readDocument } from '../src/cli/read-documents';
import { loadConfig } from '../src/cli/config';
import { make } from '../src/documents/found';

const suggestion = { message: 'write "@" for "%40"', replacement: '@', start: 10, end: 13 };

describe('suggestions', () => {
  it('a finding carries them apart from its fix, and applyFixes leaves them alone', () => {
    const [d] = lint('mailto:joe%40example.org');
    expect(d).toMatchObject({ code: 'scheme-syntax', suggestions: [suggestion] });
    expect(d).not.toHaveProperty('fix');
    expect(applyFixes('mailto:joe%40example.org', [d])).toBe('mailto:joe%40example.org');
  });

  it('--fix writes the safe fixes of a document and none of its suggestions', () => {
    const config = loadConfig({ noConfig: true, rules: [], cwd: process.cwd(), preset: 'normalize' });
    const text = 'Mail [me](mailto:joe%40example.org) at HTTP://a.example/.\n';
    const doc = readDocument('a.md', { text, encoding: 'utf-8', bom: false }, {});
    expect(fixedText(doc, config, (uri) => lint(uri, { preset: config.preset, rules: config.rules }))).toBe(text.replace('HTTP://', 'http://'));
  });

  it('a diagnostic whose fix is taken off keeps its suggestions', () => {
    const d: Diagnostic = { code: 'scheme-syntax', severity: 'error', message: 'm', start: 10, end: 13, section: 's', fix: { replacement: 'x', start: 0, end: 1 }, suggestions: [suggestion] };
    expect(withoutFix(d)).toEqual({ code: 'scheme-syntax', severity: 'error', message: 'm', start: 10, end: 13, section: 's', suggestions: [suggestion] });
    expect(withSuggestions(d, () => false)).not.toHaveProperty('suggestions');
    expect(withSuggestions(d, () => true)).toBe(d);
  });

  it('in a URI cut at an interpolation, a suggestion that reaches its end is dropped, the finding kept', () => {
    const uri = 'mailto:joe%40example.org';
    const found = { ...make(uri, 0, uri.length, 'string'), cut: true };
    const reaching = { ...suggestion, start: 10, end: uri.length, replacement: '@example.org' };
    const d: Diagnostic = { code: 'scheme-syntax', severity: 'error', message: 'm', start: 10, end: 13, section: 's', suggestions: [suggestion, reaching] };
    expect(withinKnown(found, [d])).toEqual([{ ...d, suggestions: [suggestion] }]);
    expect(withinKnown(found, [{ ...d, suggestions: [reaching] }])).toEqual([{ code: 'scheme-syntax', severity: 'error', message: 'm', start: 10, end: 13, section: 's' }]);
    // Not cut: all kept.
    expect(withinKnown({ ...found, cut: false }, [d])).toEqual([d]);
  });
});
