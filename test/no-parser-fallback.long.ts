/**
 * The long half of test/no-parser-fallback.test.ts (issue 47 item 5: not in `npm test`, run by `npm run test:long`
 * and CI): no report from urigram/no-parser-fallback on the real code of node_modules that calls a URL parser
 * (every .js, .cjs and .mjs file there that names one: the packages of package-lock.json, so the same files in every
 * clone). A survey of other projects' code, not of an edit: ESLint parses every such file up to 2 MB. In
 * no-parser-fallback.test.ts it took that file's jest process to 1,369 MiB (VmHWM, 2026-12-07), near the 1.5 GB a
 * worker of npm test may reach; this file alone peaks at 893 MiB, and 24 s of CPU.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Linter } from 'eslint';
import plugin from '../src/eslint';

describe('the real code of node_modules', () => {
  const root = path.join(__dirname, '..', 'node_modules');
  // The files that call a URL parser or a request function (issue 46: fetch, http(s), axios, got, undici, node-fetch, superagent), or test a URL's prefix.
  const PARSER = /new URL\(|URL\.(?:parse|canParse)\(|url\.parse\(|require\(['"](?:node:)?url['"]\)|from ['"](?:node:)?url['"]|url-parse|uri-js|fast-uri|urijs|\bfetch\(|new Request\(|require\(['"](?:node:)?https?['"]\)|from ['"](?:node:)?https?['"]|axios|\bgot\b|undici|node-fetch|superagent|\.startsWith\(['"`]https?:/;
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.[cm]?js$/.test(e.name) && !e.name.endsWith('.min.js')) files.push(p);
    }
  };
  walk(root);

  it('gets no report on any file that calls a URL parser or a request function (and there are over two hundred)', () => {
    const linter = new Linter({ configType: 'flat' });
    const config = (sourceType: 'module' | 'script') => [
      { files: ['**/*.js'], plugins: { urigram: plugin }, rules: { 'urigram/no-parser-fallback': 'error' as const }, linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' as const }, languageOptions: { ecmaVersion: 'latest' as const, sourceType } },
    ];
    let scanned = 0;
    const reports: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      if (text.length > 2_000_000 || !PARSER.test(text)) continue;
      let messages = linter.verify(text, config('module'), 'file.js');
      if (messages.some((m) => m.fatal)) messages = linter.verify(text, config('script'), 'file.js');
      if (messages.some((m) => m.fatal)) continue;
      scanned++;
      for (const m of messages.filter((x) => x.ruleId === 'urigram/no-parser-fallback')) reports.push(`${path.relative(root, file)}:${m.line} ${m.message}`);
    }
    expect(scanned).toBeGreaterThan(200);
    expect(reports).toEqual([]);
  }, 120_000);
});
