/**
 * The examples of the README and of docs/*.md run, and say what they give.
 *
 * Every ```ts or ```js block is run as a script (its imports of 'urigram' and
 * 'urigram/...' taken from src/), and each statement followed by a comment
 * that states its value is checked:
 *
 *   resolve('http://a/b/c/d;p?q', '../g?x#y'); // 'http://a/b/g?x#y'
 *   isValid('a:b', { rule: 'relative-ref' }); // false: a relative path's first segment has no ":"
 *   normalize('a:b', null); // UriOptionError: normalize: the options must be a plain object or undefined, got null
 *   parse('foo://h/p');
 *   // { scheme: 'foo', ... }      (a comment of several lines)
 *
 * The value is the longest start of the comment that is a JavaScript literal
 * (what follows it, after a space or a colon, is prose); `Name: message` is an
 * error the statement throws, with that class name and message. A comment that
 * is neither (the printed output of console.log, prose) is not checked. A
 * block marked ```ts no-check is not run (a sketch with placeholders).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import * as ts from 'typescript';
import * as urigram from '../src';
import * as documents from '../src/documents';
import * as formats from '../src/formats';
import * as eslint from '../src/eslint';
import * as node from '../src/node';

const root = path.join(__dirname, '..');

/** The Markdown files whose examples are checked. */
function pages(): string[] {
  const docs = fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f));
  return ['README.md', 'CONTRIBUTING.md', ...docs].filter((f) => fs.existsSync(path.join(root, f)));
}

interface Block {
  readonly file: string;
  readonly line: number;
  readonly code: string;
}

function blocks(file: string): Block[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const out: Block[] = [];
  for (const m of text.matchAll(/^```(ts|js|typescript|javascript)( no-check)?\n([\s\S]*?)^```$/gm)) {
    if (m[2] !== undefined) continue;
    out.push({ file, line: text.slice(0, m.index).split('\n').length + 1, code: m[3] });
  }
  return out;
}

/** The longest start of `comment` that is a literal, with only prose after it; undefined when there is none. */
export function literalPrefix(comment: string): { source: string } | undefined {
  const c = comment.trim();
  if (!/^['"`[{\-\d]|^(true|false|null|undefined|NaN)\b/.test(c)) return undefined;
  for (let i = c.length; i > 0; i--) {
    const rest = c.slice(i);
    if (rest !== '' && !/^[\s:,;(—]/.test(rest)) continue;
    const candidate = c.slice(0, i).trim();
    try {
      vm.runInNewContext(`(${candidate})`, {}, { timeout: 100 });
      return { source: candidate };
    } catch {
      // not a literal: a shorter start
    }
  }
  return undefined;
}

interface Check {
  readonly at: number;
  readonly expected: { kind: 'value'; source: string } | { kind: 'error'; name: string; message: string };
}

/**
 * The block as a script (its imports become requires of the modules under
 * test when it is compiled), each checked statement wrapped so that its value (or what it throws) is
 * recorded.
 */
function instrument(code: string): { script: string; checks: Check[] } {
  const lines = code.split('\n');
  const out: string[] = [];
  const checks: Check[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // A statement and its comment on one line, or a statement that ends its line followed by comment lines.
    const inline = /^(\s*)(?!\/\/)(.*?);\s*\/\/ (.*)$/.exec(line);
    let statement: string | undefined;
    let comment: string | undefined;
    let indent = '';
    if (inline && !/^(const|let|var|import|if|for|while|return)\b/.test(inline[2].trim())) {
      [, indent, statement, comment] = inline;
    } else if (/^\s*(?!\/\/)(?!(const|let|var|import|if|for|while|return)\b)\S.*;\s*$/.test(line) && /^\s*\/\/ /.test(lines[i + 1] ?? '')) {
      const following: string[] = [];
      let j = i + 1;
      while (j < lines.length && /^\s*\/\/( |$)/.test(lines[j])) following.push(lines[j++].replace(/^\s*\/\/ ?/, ''));
      const joined = following.join('\n');
      const value = literalPrefix(joined);
      const isError = /^[A-Z]\w*Error: /.test(joined.trim());
      if (isError || (value !== undefined && value.source.length >= joined.trim().length - 1)) {
        indent = /^\s*/.exec(line)![0];
        statement = line.trim().replace(/;$/, '');
        comment = isError ? following.join(' ') : joined;
        i = j - 1;
      }
    }
    if (statement === undefined || comment === undefined) {
      out.push(line);
      continue;
    }
    const error = /^([A-Z]\w*Error): ([\s\S]*)$/.exec(comment.trim());
    const value = error ? undefined : literalPrefix(comment);
    if (!error && !value) {
      out.push(line);
      continue;
    }
    const at = checks.length;
    checks.push({ at: i + 1, expected: error ? { kind: 'error', name: error[1], message: error[2] } : { kind: 'value', source: (value as { source: string }).source } });
    out.push(`${indent}__record(${at}, () => (${statement}));`);
  }
  return { script: out.join('\n'), checks };
}

const modules: Record<string, unknown> = { urigram, 'urigram/documents': documents, 'urigram/formats': formats, 'urigram/eslint': eslint, 'urigram/node': node };

const all = pages().flatMap(blocks);

describe('the examples of the README and docs/', () => {
  it('there are examples to check, and each page with code has at least one checked statement', () => {
    expect(all.length).toBeGreaterThan(20);
    const checked = all.reduce((n, b) => n + instrument(b.code).checks.length, 0);
    expect(checked).toBeGreaterThan(60);
  });

  it.each(all.map((b) => [`${b.file}:${b.line}`, b] as const))('%s', (_where, block) => {
    const { script, checks } = instrument(block.code);
    const results: Array<{ value?: unknown; thrown?: unknown } | undefined> = [];
    const record = (at: number, run: () => unknown): void => {
      try {
        results[at] = { value: run() };
      } catch (e) {
        results[at] = { thrown: e };
      }
    };
    // Run in this realm (urigram's checks of plain-object options would refuse another realm's objects), as JavaScript.
    const js = ts.transpile(script, { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS, esModuleInterop: true });
    // Every export of urigram is in scope, as the pages' examples assume after their first import.
    const names = Object.keys(urigram).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && !new RegExp(`\\b(const|let|var|function|class)\\s+${k}\\b|\\{[^}]*\\b${k}\\b[^}]*\\}\\s*=`).test(js));
    // The package's names are the modules under test; anything else (ajv, eslint) is the repository's own.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- what a page's example imports besides urigram (ajv, ajv-formats)
    const load = (id: string): unknown => (id in modules ? modules[id] : require(id));
    const module = { exports: {} };
    new Function('require', 'module', 'exports', '__record', 'console', ...names, js)(load, module, module.exports, record, { log: () => undefined, error: () => undefined }, ...names.map((k) => (urigram as Record<string, unknown>)[k]));
    for (const [i, check] of checks.entries()) {
      const got = results[i];
      const where = `${block.file}:${block.line + check.at - 1}`;
      expect({ where, ran: got !== undefined }).toEqual({ where, ran: true });
      if (check.expected.kind === 'error') {
        const e = got?.thrown as Error | undefined;
        // "..." in the page stands for a part of the message left out.
        const message = new RegExp(`^${check.expected.message.split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*')}$`);
        expect({ where, error: e === undefined ? 'no error' : e.name }).toEqual({ where, error: check.expected.name });
        expect({ where, message: (e as Error).message }).toEqual({ where, message: expect.stringMatching(message) });
      } else {
        expect({ where, threw: got?.thrown === undefined ? undefined : String(got.thrown) }).toEqual({ where, threw: undefined });
        expect({ where, value: got?.value }).toEqual({ where, value: new Function(`return (${check.expected.source});`)() });
      }
    }
  });
});
