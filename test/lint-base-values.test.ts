/**
 * Issue 45, item 5: no `empty-path` fix on a value that programs append paths to (an OpenAPI server's url in
 * YAML, a JSON or YAML key that names a base URL or a host): "https://api.example.com" + "/v1" is what the
 * author wrote it for, and "https://api.example.com/" + "/v1" is not. The finding stays; --fix leaves it.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lint } from '../src';
import { isPathBase } from '../src/cli/base-values';
import { fixedText, inContext } from '../src/cli/lint-files';
import { readDocument } from '../src/cli/read-documents';
import { loadConfig } from '../src/cli/config';
import { extractDocument } from '../src/documents';

const config = loadConfig({ noConfig: true, cwd: os.tmpdir(), preset: 'normalize', rules: [], extensions: [], ignore: [] });
const lintOf = (uri: string) => lint(uri, { preset: config.preset, rules: config.rules });

/** Whether the URI `uri` of `text` (a file named `file`) is a base: the first URI found there. */
function base(file: string, text: string, uri: string): boolean {
  const found = extractDocument(text, { kind: 'source', name: file }).find((u) => u.uri === uri);
  if (found === undefined) throw new Error(`${uri} not found in ${text}`);
  return isPathBase(file, text, found);
}

describe('values programs append paths to', () => {
  it('the keys that name a base URL or a host, in JSON and YAML', () => {
    for (const key of ['baseUrl', 'baseURL', 'base_url', 'BASE_URL', 'apiBase', 'apiHost', 'host', 'hostname', 'origin', 'endpoint', 'site_url', 'serverUrl', 'api-url', 'registryUrl']) {
      expect([key, base('a.json', `{"${key}": "https://api.example.com"}`, 'https://api.example.com')]).toEqual([key, true]);
      expect([key, base('a.yaml', `${key}: https://api.example.com\n`, 'https://api.example.com')]).toEqual([key, true]);
      expect([key, base('a.yml', `x:\n  '${key}': 'https://api.example.com'\n`, 'https://api.example.com')]).toEqual([key, true]);
    }
    for (const key of ['homepage', 'url', 'repository', 'docs', 'link', 'image', 'hosted']) {
      expect([key, base('a.json', `{"${key}": "https://api.example.com"}`, 'https://api.example.com')]).toEqual([key, false]);
    }
  });

  it("an OpenAPI server's url in YAML, the item's first key or not; not a url of another list", () => {
    const yaml = 'openapi: 3.1.0\nservers:\n  - url: https://a.example.com\n  # a comment\n  - description: staging\n    url: https://b.example.com\nexternalDocs:\n  - url: https://c.example.com\n';
    expect(base('api.yaml', yaml, 'https://a.example.com')).toBe(true);
    expect(base('api.yaml', yaml, 'https://b.example.com')).toBe(true);
    expect(base('api.yaml', yaml, 'https://c.example.com')).toBe(false);
  });

  it('only in JSON and YAML: a JavaScript or Markdown file keeps its fix', () => {
    expect(base('a.js', 'const baseUrl = "https://api.example.com";', 'https://api.example.com')).toBe(false);
  });

  it('--fix writes no "/" there, and still writes it elsewhere; the finding stays, without its fix', () => {
    const text = 'base_url: https://api.example.com\nhomepage: https://www.example.com\n';
    const doc = readDocument('site.yaml', { text, encoding: 'utf-8', bom: false }, {});
    expect(fixedText(doc, config, lintOf)).toBe(text.replace('https://www.example.com', 'https://www.example.com/'));
    const [first] = doc.uris;
    const d = inContext(doc, first.found, lintOf(first.found.uri));
    expect(d.map((x) => [x.code, x.fix])).toEqual([['empty-path', undefined]]);
  });

  it("an OpenAPI file read from the disk: the server's url keeps its form, another URI gets its '/'", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-base-'));
    const file = path.join(dir, 'openapi.yaml');
    fs.writeFileSync(file, 'openapi: 3.0.0\nservers:\n  - url: https://api.example.com\ninfo:\n  termsOfService: https://example.com\n');
    const fixed = fixedText(readDocument(file, { text: fs.readFileSync(file, 'utf8'), encoding: 'utf-8', bom: false }, {}), config, lintOf);
    expect(fixed).toContain('- url: https://api.example.com\n');
    expect(fixed).toContain('termsOfService: https://example.com/\n');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
