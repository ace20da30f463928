/**
 * Values that programs append paths to: the value of a JSON or YAML key that
 * names a base URL or a host (`baseUrl`, `base_url`, `apiHost`, `site_url`,
 * `origin`, `endpoint`), and an OpenAPI Server Object's `url` in YAML
 * (`servers:` then `- url: ...`), where it is not read as a URI Template (in
 * JSON and in YAML's block structure it is: ../template/json). There
 * `https://api.example.com` and `https://api.example.com/` are not the same
 * value: a client that writes base + "/v1/users" gets "//v1/users" from the
 * second. So `urigram lint --fix` does not write `empty-path`'s fix ("/")
 * there (issue 45, item 5); the finding stays, without its fix.
 */
import type { DocumentUri } from '../documents/index';

/** Whether a key (its letters and digits, lower case) names a base URL or a host. */
function namesBase(key: string): boolean {
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (k.includes('base')) return true;
  if (/(?:host|hostname|origin|endpoint)$/.test(k)) return true;
  return /(?:api|server|site|root|service|backend|registry|proxy|upstream)(?:url|uri)$/.test(k);
}

/** The longest key looked for (a key of JSON or YAML that names a base URL is short). */
const KEY_MAX = 100;

const KEY_CHARACTER = /[\w$.-]/;
const KEY_START = /[A-Za-z_$]/;

/**
 * The key right before `at` on its line: `"key": "` or `'key': '` (JSON, YAML's quoted keys) or `key: ` (YAML's
 * plain keys, with an optional quote before the value). Read backwards, character by character, at most
 * KEY_MAX characters of key: no expression that could try each start of the line.
 */
function keyBefore(text: string, at: number): string | undefined {
  let k = at;
  if (text[k - 1] === '"' || text[k - 1] === "'") k--;
  while (text[k - 1] === ' ' || text[k - 1] === '\t') k--;
  if (text[k - 1] !== ':') return undefined;
  k--;
  while (text[k - 1] === ' ' || text[k - 1] === '\t') k--;
  const end = k;
  const quote = text[k - 1];
  if (quote === '"' || quote === "'") {
    let open = k - 2;
    while (open >= 0 && open >= k - 2 - KEY_MAX && text[open] !== quote && text[open] !== '\n') open--;
    if (open < 0 || text[open] !== quote || open === k - 2) return undefined;
    return text.slice(open + 1, k - 1);
  }
  while (k > 0 && end - k < KEY_MAX && KEY_CHARACTER.test(text[k - 1])) k--;
  return k < end && KEY_START.test(text[k]) ? text.slice(k, end) : undefined;
}

/** How many lines above a YAML list item its list's key is looked for. */
const PARENT_REACH = 400;

/** The lines above the line that begins at `lineStart`, nearest first (at most PARENT_REACH), each with its indentation; blank and comment lines left out. */
function* linesAbove(text: string, lineStart: number): Generator<{ lead: number; body: string }> {
  let start = lineStart;
  for (let k = 0; k < PARENT_REACH && start > 0; k++) {
    const end = start - 1;
    start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end).replace(/\r$/, '');
    const body = line.trimStart();
    if (body === '' || body.startsWith('#')) continue;
    yield { lead: line.length - body.length, body };
  }
}

/** Whether the YAML line of `at` is "- url: ..." (or a "url:" of such an item) in the list of a `servers:` key. */
function inYamlServers(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const item = /^([ \t]*)(- +)?url[ \t]*:/.exec(text.slice(lineStart, at));
  if (item === null) return false;
  // The list item's "-": on this line, or the first line above that is indented less.
  let dash = item[2] === undefined ? -1 : item[1].length;
  for (const { lead, body } of linesAbove(text, lineStart)) {
    if (dash < 0) {
      if (lead >= item[1].length) continue;
      if (!body.startsWith('-')) return false;
      dash = lead;
      continue;
    }
    if (lead >= dash) continue;
    return /^["']?servers["']?[ \t]*:[ \t]*$/.test(body);
  }
  return false;
}

/** Whether a URI found in a file is a value programs append paths to (a base URL's or a host's key, an OpenAPI server's url in YAML). */
export function isPathBase(file: string, text: string, found: DocumentUri): boolean {
  const yaml = /\.ya?ml$/i.test(file);
  if (!yaml && !/\.json[c5]?$/i.test(file)) return false;
  const key = keyBefore(text, found.start);
  if (key === undefined) return false;
  return namesBase(key) || (yaml && key === 'url' && inYamlServers(text, found.start));
}
