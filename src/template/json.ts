/**
 * The URI Templates of a JSON document (RFC 8259), where src/template/places.ts
 * says a document marks a string as one: a scan of the text, one pass, that
 * keeps the path to each string value and where each code unit of the
 * string's value is in the text (its escapes decoded). For `urigram lint
 * --extract` on .json files. Text that is not JSON has none (the document's
 * URIs are still found as in any other file).
 */
import { isTemplatePlace, type JsonStep } from './places';
import { yamlStrings, type StructuredString, type StructuredStrings } from './yaml';

/** A string of a JSON document that is a URI Template by its place. */
export interface JsonTemplate {
  /** The string's value. */
  readonly template: string;
  /** Its [start, end) in the text: inside the quotes. */
  readonly start: number;
  readonly end: number;
  /** The text offset of each code unit of `template`, when the string has escapes. */
  readonly offsets?: Uint32Array;
  /** Where it is: "servers[0].url". */
  readonly path: string;
}

class NotJson extends Error {}

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The path written as in JavaScript: a.b[0].c. */
function pathText(path: readonly JsonStep[]): string {
  return path.map((s, k) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? (k === 0 ? s : `.${s}`) : `[${JSON.stringify(s)}]`)).join('');
}

/** Reads JSON values, noting each string value with its path. */
class Scanner {
  i = 0;
  readonly strings: StructuredString[] = [];
  readonly rootKeys = new Set<string>();

  constructor(private readonly text: string) {}

  private space(): void {
    const t = this.text;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      this.i++;
    }
  }

  private string(): { value: string; start: number; end: number; offsets?: Uint32Array } {
    const t = this.text;
    if (t[this.i] !== '"') throw new NotJson();
    const start = ++this.i;
    let value = '';
    const offsets: number[] = [];
    let escaped = false;
    while (this.i < t.length && t[this.i] !== '"') {
      const c = t[this.i];
      if (c.charCodeAt(0) < 0x20) throw new NotJson();
      if (c !== '\\') {
        value += c;
        offsets.push(this.i++);
        continue;
      }
      escaped = true;
      const n = t[this.i + 1];
      if (n === 'u') {
        const hex = t.slice(this.i + 2, this.i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new NotJson();
        value += String.fromCharCode(parseInt(hex, 16));
        offsets.push(this.i);
        this.i += 6;
      } else if (n !== undefined && n in ESCAPES) {
        value += ESCAPES[n];
        offsets.push(this.i);
        this.i += 2;
      } else throw new NotJson();
    }
    if (this.i >= t.length) throw new NotJson();
    const end = this.i++;
    return escaped ? { value, start, end, offsets: Uint32Array.from(offsets) } : { value, start, end };
  }

  value(path: JsonStep[]): void {
    this.space();
    const t = this.text;
    const c = t[this.i];
    if (c === '"') {
      this.strings.push({ path, ...this.string() });
    } else if (c === '{') {
      this.i++;
      this.space();
      if (t[this.i] === '}') {
        this.i++;
        return;
      }
      for (;;) {
        this.space();
        const key = this.string().value;
        if (path.length === 0) this.rootKeys.add(key);
        this.space();
        if (t[this.i++] !== ':') throw new NotJson();
        this.value([...path, key]);
        this.space();
        const d = t[this.i++];
        if (d === '}') return;
        if (d !== ',') throw new NotJson();
      }
    } else if (c === '[') {
      this.i++;
      this.space();
      if (t[this.i] === ']') {
        this.i++;
        return;
      }
      for (let k = 0; ; k++) {
        this.value([...path, k]);
        this.space();
        const d = t[this.i++];
        if (d === ']') return;
        if (d !== ',') throw new NotJson();
      }
    } else {
      const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(t.slice(this.i, this.i + 400));
      if (m === null) throw new NotJson();
      this.i += m[0].length;
    }
  }
}

/** Nesting deeper than this is not read (a document built to exhaust the stack has none found). */
const MAX_DEPTH = 512;

/**
 * The string values of a JSON text, each with its path and place, and the root object's member names; undefined
 * for a text that is not JSON (or nests deeper than MAX_DEPTH).
 */
export function jsonStrings(text: string): StructuredStrings | undefined {
  const scanner = new Scanner(text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text);
  try {
    if (depthOf(text) > MAX_DEPTH) return undefined;
    scanner.value([]);
  } catch (e) {
    if (e instanceof NotJson) return undefined;
    throw e;
  }
  return { rootKeys: scanner.rootKeys, strings: scanner.strings };
}

/**
 * The strings of a JSON text that are URI Templates by their place (see
 * src/template/places.ts), with `properties` the member names that hold one;
 * [] for a text that is not JSON.
 */
export function jsonTemplates(text: string, properties: ReadonlySet<string>): JsonTemplate[] {
  const read = jsonStrings(text);
  return read === undefined ? [] : templatesOf(read, properties);
}

/** The YAML counterpart of jsonTemplates: the string scalars of a YAML text's block structure that are URI Templates by their place. */
export function yamlTemplates(text: string, properties: ReadonlySet<string>): JsonTemplate[] {
  // Kept when it would be a template in an OpenAPI document; whether the text is one is known at its end.
  return templatesOf(yamlStrings(text, (path) => isTemplatePlace(path, properties, true)), properties);
}

function templatesOf(read: StructuredStrings, properties: ReadonlySet<string>): JsonTemplate[] {
  const openApi = read.rootKeys.has('openapi') || read.rootKeys.has('swagger');
  return read.strings
    .filter((s) => isTemplatePlace(s.path, properties, openApi))
    .map((s) => ({ template: s.value, start: s.start, end: s.end, ...(s.offsets === undefined ? {} : { offsets: s.offsets }), path: pathText(s.path) }));
}

/** The deepest nesting of brackets and braces, outside strings: a bound checked before the recursive read. */
function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') max = Math.max(max, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return max;
}
