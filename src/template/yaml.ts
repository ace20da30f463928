/**
 * The string scalars of a YAML document's block structure (YAML 1.2.2,
 * chapter 8: block mappings and sequences, with plain, quoted, literal and
 * folded scalars), each with its path from the root and where each code unit
 * of its value is in the text: what `urigram lint --extract` needs of an
 * OpenAPI or AsyncAPI document written in YAML (its `servers[].url`, URI
 * Templates; its `description`s, CommonMark), as ./json gives them for JSON.
 *
 * Not a YAML parser: one pass over the lines, no recursion (a document nested
 * deeper than MAX_DEPTH, or of a form it does not read, gives what was read up
 * to there). Flow collections (`{a: 1}`, `[a, b]`) are stepped over, not read;
 * anchors and tags are skipped, aliases not followed; a key is a plain or
 * quoted scalar on one line. Linear in the text: each line is read once, and
 * the path of a scalar, built only for the scalars kept, is no longer than
 * its line's indentation.
 */
import type { JsonStep } from './places';

/** A string scalar of a document: its value, and where it is. */
export interface StructuredString {
  readonly path: readonly JsonStep[];
  readonly value: string;
  /** [start, end) of its text (its first and one past its last code unit of the value, quotes left out). */
  readonly start: number;
  readonly end: number;
  /** The text offset of each code unit of `value`, when it is not text.slice(start, end). */
  readonly offsets?: Uint32Array;
}

/** The root mapping's keys, and the string scalars `keep` asked for. */
export interface StructuredStrings {
  readonly rootKeys: ReadonlySet<string>;
  readonly strings: StructuredString[];
}

/** Nesting deeper than this is not read. */
const MAX_DEPTH = 512;

interface Level {
  /** The column of the key, or of the "-" of a sequence's items. */
  readonly indent: number;
  /** A key's name, or the index of a sequence's item under way. */
  step: JsonStep;
  readonly seq: boolean;
  /** A key whose value is on the lines below (so that a sequence at its own column is its value). */
  open: boolean;
}

/** A value read: its code units and their offsets; `end` is where the text the scalar took ends (the reading goes on from the next line). */
class Builder {
  /** The value's pieces (joined once, at the end) and the offset of each code unit. */
  private readonly pieces: string[] = [];
  readonly at: number[] = [];
  push(s: string, offset: number): void {
    this.pieces.push(s);
    for (let k = 0; k < s.length; k++) this.at.push(offset + k);
  }
  /** Drops the trailing spaces and tabs (a folded line's end): pieces of one code unit, as the quoted scalars push them. */
  trimEnd(): void {
    for (;;) {
      const last = this.pieces[this.pieces.length - 1];
      if (last !== ' ' && last !== '\t') return;
      this.pieces.pop();
      this.at.pop();
    }
  }
  get value(): string {
    return this.pieces.join('');
  }
}

const DOUBLE_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029',
};

class YamlReader {
  private readonly levels: Level[] = [];
  readonly rootKeys = new Set<string>();
  readonly strings: StructuredString[] = [];
  private tooDeep = false;
  /** A double- or single-quoted scalar that ran to the text's end unclosed: no later one of its kind closes either (its quotes were that one's text). */
  private unclosed = { '"': false, "'": false };

  constructor(
    private readonly text: string,
    private readonly keep: (path: readonly JsonStep[]) => boolean,
  ) {}

  /** Where the line that holds `at` ends (before its CR LF or LF). */
  private lineEnd(at: number): number {
    let e = this.text.indexOf('\n', at);
    if (e < 0) e = this.text.length;
    return e > at && this.text[e - 1] === '\r' ? e - 1 : e;
  }

  /** The start of the line after the one that holds `at`. */
  private nextLine(at: number): number {
    const e = this.text.indexOf('\n', at);
    return e < 0 ? this.text.length : e + 1;
  }

  read(): void {
    const t = this.text;
    let pos = t.charCodeAt(0) === 0xfeff ? 1 : 0;
    while (pos < t.length && !this.tooDeep) {
      const le = this.lineEnd(pos);
      let c = pos;
      while (c < le && t[c] === ' ') c++;
      if (c === le || t[c] === '#') {
        pos = this.nextLine(pos);
        continue;
      }
      if (c === pos && (t.startsWith('---', c) || t.startsWith('...', c)) && (c + 3 === le || t[c + 3] === ' ' || t[c + 3] === '\t')) {
        // A new document: its structure starts again.
        this.levels.length = 0;
        pos = this.nextLine(pos);
        continue;
      }
      if (c === pos && t[c] === '%') {
        pos = this.nextLine(pos);
        continue;
      }
      pos = this.node(c, le, c - pos);
    }
  }

  /** The content of a line from column `c` (at `col`): items, a key and its value, or a scalar; where the reading goes on. */
  private node(c: number, le: number, col: number): number {
    const t = this.text;
    for (;;) {
      if (this.tooDeep) return t.length;
      if (t[c] === '-' && (c + 1 === le || t[c + 1] === ' ' || t[c + 1] === '\t')) {
        this.item(col);
        let d = c + 1;
        while (d < le && (t[d] === ' ' || t[d] === '\t')) d++;
        if (d === le || t[d] === '#') return this.nextLine(c);
        col += d - c;
        c = d;
        continue;
      }
      const key = this.key(c, le);
      if (key === undefined) {
        // A scalar alone: a sequence's item ("- https://a.example/"), or what this reading does not take.
        // Or the value of a key above ("description:" and its text on the lines below).
        const top = this.levels[this.levels.length - 1];
        if (top === undefined || top.indent >= col || !(top.seq || top.open)) return this.nextLine(c);
        top.open = false;
        return this.value(c, le, top.indent, this.path());
      }
      this.enter(col, key.name);
      if (this.tooDeep) return t.length;
      let v = key.end;
      while (v < le && (t[v] === ' ' || t[v] === '\t')) v++;
      if (v === le || t[v] === '#') {
        this.levels[this.levels.length - 1].open = true;
        return this.nextLine(c);
      }
      return this.value(v, le, col, this.path());
    }
  }

  /** A "-" at column `col`: the next item of the sequence there, or its first. */
  private item(col: number): void {
    const levels = this.levels;
    while (levels.length > 0 && levels[levels.length - 1].indent > col) levels.pop();
    for (;;) {
      const top = levels[levels.length - 1];
      if (top === undefined || top.indent < col) break;
      if (top.seq) {
        top.step = (top.step as number) + 1;
        return;
      }
      if (top.open) break;
      levels.pop();
    }
    this.push({ indent: col, step: 0, seq: true, open: false });
  }

  /** A key at column `col`: the levels at its column or deeper end. */
  private enter(col: number, name: string): void {
    const levels = this.levels;
    while (levels.length > 0 && levels[levels.length - 1].indent >= col) levels.pop();
    const top = levels[levels.length - 1];
    if (top !== undefined) top.open = false;
    if (levels.length === 0) this.rootKeys.add(name);
    this.push({ indent: col, step: name, seq: false, open: false });
  }

  private push(level: Level): void {
    if (this.levels.length >= MAX_DEPTH) this.tooDeep = true;
    else this.levels.push(level);
  }

  private path(): JsonStep[] {
    return this.levels.map((l) => l.step);
  }

  /** A key at `c` ("name:", '"name":', "'name':", followed by a space or the line's end): its name and where its ":" ends; undefined when there is none. */
  private key(c: number, le: number): { name: string; end: number } | undefined {
    const t = this.text;
    const first = t[c];
    if (first === '"' || first === "'") {
      const b = new Builder();
      const e = first === '"' ? this.doubleQuoted(c, b, le) : this.singleQuoted(c, b, le);
      if (e < 0) return undefined;
      let k = e;
      while (k < le && (t[k] === ' ' || t[k] === '\t')) k++;
      return t[k] === ':' && (k + 1 === le || t[k + 1] === ' ' || t[k + 1] === '\t') ? { name: b.value, end: k + 1 } : undefined;
    }
    if ('[]{},#&*!|>%@`?'.includes(first)) return undefined;
    for (let k = c; k < le; k++) {
      const ch = t[k];
      if (ch === '#' && (t[k - 1] === ' ' || t[k - 1] === '\t')) return undefined;
      if (ch === ':' && (k + 1 === le || t[k + 1] === ' ' || t[k + 1] === '\t')) {
        let n = k;
        while (n > c && (t[n - 1] === ' ' || t[n - 1] === '\t')) n--;
        return n > c ? { name: t.slice(c, n), end: k + 1 } : undefined;
      }
    }
    return undefined;
  }

  /**
   * The value at `v` of a node whose column is `col` (on a line that ends at `le`), kept when `keep` says so:
   * a block scalar, a quoted or a plain one; a flow collection is stepped over. Where the reading goes on.
   */
  private value(v: number, le: number, col: number, path: JsonStep[]): number {
    const t = this.text;
    const want = this.keep(path);
    // Anchors and tags before the value.
    while ((t[v] === '&' || t[v] === '!') && v < le) {
      while (v < le && t[v] !== ' ' && t[v] !== '\t') v++;
      while (v < le && (t[v] === ' ' || t[v] === '\t')) v++;
    }
    if (v === le || t[v] === '#') return this.nextLine(v);
    const ch = t[v];
    if (ch === '*') return this.nextLine(v);
    if (ch === '[' || ch === '{') return this.nextLine(this.flowEnd(v));
    const b = new Builder();
    let end: number;
    let next: number;
    if (ch === '|' || ch === '>') {
      const r = this.blockScalar(v, le, col, b);
      if (r.end < 0) return r.next;
      end = r.end;
      next = r.next;
    } else if (ch === '"' || ch === "'") {
      end = this.unclosed[ch] ? -1 : ch === '"' ? this.doubleQuoted(v, b, t.length) : this.singleQuoted(v, b, t.length);
      if (end < 0) {
        if (end === -2) this.unclosed[ch] = true;
        return this.nextLine(v);
      }
      next = this.nextLine(end);
      end--; // the closing quote is not the value's
    } else {
      const r = this.plain(v, le, col, b);
      end = r.end;
      next = r.next;
    }
    if (want && end >= 0) this.keepString(path, b);
    return next;
  }

  private keepString(path: JsonStep[], b: Builder): void {
    if (b.value === '') return;
    const start = b.at[0];
    const end = b.at[b.at.length - 1] + 1;
    let contiguous = end - start === b.value.length;
    for (let k = 0; contiguous && k < b.at.length; k++) if (b.at[k] !== start + k || this.text.charCodeAt(start + k) !== b.value.charCodeAt(k)) contiguous = false;
    this.strings.push(contiguous ? { path, value: b.value, start, end } : { path, value: b.value, start, end, offsets: Uint32Array.from(b.at) });
  }

  /** Where a flow collection that opens at `v` closes (quotes and nesting followed), or the text's end. */
  private flowEnd(v: number): number {
    const t = this.text;
    let depth = 0;
    for (let k = v; k < t.length; k++) {
      const ch = t[k];
      if (ch === '"') {
        k++;
        while (k < t.length && t[k] !== '"') k += t[k] === '\\' ? 2 : 1;
      } else if (ch === "'") {
        k++;
        while (k < t.length && !(t[k] === "'" && t[k + 1] !== "'")) k += t[k] === "'" ? 2 : 1;
      } else if (ch === '#' && (t[k - 1] === ' ' || t[k - 1] === '\n')) {
        const e = t.indexOf('\n', k);
        k = e < 0 ? t.length : e;
      } else if (ch === '[' || ch === '{') depth++;
      else if ((ch === ']' || ch === '}') && --depth === 0) return k;
    }
    return t.length;
  }

  /**
   * A literal ("|") or folded (">") block scalar whose header is at `v`: its lines, indented more than `col`, at
   * the indentation of its first line that is not empty (or its header's indicator); literal lines joined by
   * line breaks, folded ones by a space where both are text and not more indented (each joiner placed at the
   * line break it stands for). end: one past its last code unit, -1 when it is empty.
   */
  private blockScalar(v: number, le: number, col: number, b: Builder): { end: number; next: number } {
    const t = this.text;
    const folded = t[v] === '>';
    const indicator = /^[|>][+-]?([1-9])?/.exec(t.slice(v, v + 3));
    const explicit = indicator?.[1] !== undefined ? col + Number(indicator[1]) : -1;
    let indent = explicit;
    let pos = this.nextLine(le);
    let last = -1;
    let pendingBreaks: number[] = [];
    let previousText = false;
    while (pos < t.length) {
      const e = this.lineEnd(pos);
      let c = pos;
      while (c < e && t[c] === ' ') c++;
      if (c === e) {
        // An empty line (or one of spaces only): a line break in the value.
        pendingBreaks.push(e);
        pos = this.nextLine(pos);
        continue;
      }
      const spaces = c - pos;
      if (indent < 0) {
        if (spaces <= col) break;
        indent = spaces;
      }
      if (spaces < indent) break;
      const from = pos + indent;
      const moreIndented = t[from] === ' ' || t[from] === '\t';
      if (last >= 0) {
        if (folded && previousText && !moreIndented && pendingBreaks.length === 0) b.push(' ', last);
        else if (folded && previousText && !moreIndented) for (const k of pendingBreaks) b.push('\n', k);
        else {
          b.push('\n', last);
          for (const k of pendingBreaks) b.push('\n', k);
        }
      }
      pendingBreaks = [];
      b.push(t.slice(from, e), from);
      last = e;
      previousText = !moreIndented;
      pos = this.nextLine(pos);
    }
    return { end: last, next: pos };
  }

  /**
   * A plain scalar at `v`: to its line's end or a comment, and on over the next lines indented more than `col` that
   * hold no key (": ") and no comment, each line break a space (an empty line a line break).
   */
  private plain(v: number, le: number, col: number, b: Builder): { end: number; next: number } {
    const t = this.text;
    const lineOf = (from: number, e: number): number => {
      let k = from;
      for (; k < e; k++) {
        if (t[k] === '#' && (t[k - 1] === ' ' || t[k - 1] === '\t')) break;
        if (t[k] === ':' && (k + 1 === e || t[k + 1] === ' ' || t[k + 1] === '\t')) return -1;
      }
      while (k > from && (t[k - 1] === ' ' || t[k - 1] === '\t')) k--;
      return k;
    };
    let e = lineOf(v, le);
    if (e < 0) e = le; // "a: b: c" is no YAML; read to the line's end
    b.push(t.slice(v, e), v);
    let end = e;
    let pos = this.nextLine(le);
    const breaks: number[] = [];
    while (pos < t.length) {
      const l = this.lineEnd(pos);
      let c = pos;
      while (c < l && (t[c] === ' ' || t[c] === '\t')) c++;
      if (c === l) {
        breaks.push(l);
        pos = this.nextLine(pos);
        continue;
      }
      if (c - pos <= col || t[c] === '#' || (t[c] === '-' && (t[c + 1] === ' ' || c + 1 === l))) break;
      const stop = lineOf(c, l);
      if (stop < 0) break;
      if (breaks.length === 0) b.push(' ', end);
      else for (const k of breaks) b.push('\n', k);
      breaks.length = 0;
      b.push(t.slice(c, stop), c);
      end = stop;
      pos = this.nextLine(pos);
    }
    return { end, next: pos };
  }

  /** A double-quoted scalar at `q` (escapes decoded, line breaks folded): one past its closing quote; -1 at an escape YAML has not, -2 when no quote closes it before `limit`. */
  private doubleQuoted(q: number, b: Builder, limit: number): number {
    const t = this.text;
    for (let k = q + 1; k < limit; ) {
      const ch = t[k];
      if (ch === '"') return k + 1;
      if (ch === '\\') {
        const n = t[k + 1];
        if (n === 'x' || n === 'u' || n === 'U') {
          const len = n === 'x' ? 2 : n === 'u' ? 4 : 8;
          const hex = t.slice(k + 2, k + 2 + len);
          if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== len) return -1;
          const s = String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff));
          for (let j = 0; j < s.length; j++) b.push(s[j], k);
          k += 2 + len;
        } else if (n === '\n' || n === '\r') {
          // An escaped line break: the value goes on with the next line's text, its indentation left out.
          k = this.nextLine(k);
          while (k < limit && (t[k] === ' ' || t[k] === '\t')) k++;
        } else if (n !== undefined && n in DOUBLE_ESCAPES) {
          b.push(DOUBLE_ESCAPES[n], k);
          k += 2;
        } else return -1;
        continue;
      }
      if (ch === '\n' || ch === '\r') {
        k = this.fold(k, b, limit);
        continue;
      }
      b.push(ch, k);
      k++;
    }
    return -2;
  }

  /** A single-quoted scalar at `q` ("''" is a quote, line breaks folded): one past its closing quote, -2 when no quote closes it before `limit`. */
  private singleQuoted(q: number, b: Builder, limit: number): number {
    const t = this.text;
    for (let k = q + 1; k < limit; ) {
      const ch = t[k];
      if (ch === "'") {
        if (t[k + 1] !== "'") return k + 1;
        b.push("'", k);
        k += 2;
        continue;
      }
      if (ch === '\n' || ch === '\r') {
        k = this.fold(k, b, limit);
        continue;
      }
      b.push(ch, k);
      k++;
    }
    return -2;
  }

  /** A line break inside a quoted scalar at `k`: the spaces before it dropped, a space (or a line break per empty line) for it; where the text goes on. */
  private fold(k: number, b: Builder, limit: number): number {
    const t = this.text;
    b.trimEnd();
    const at = k;
    let breaks = 0;
    for (;;) {
      k = this.nextLine(k);
      while (k < limit && (t[k] === ' ' || t[k] === '\t')) k++;
      if (k < limit && (t[k] === '\n' || t[k] === '\r')) {
        breaks++;
        continue;
      }
      break;
    }
    if (breaks === 0) b.push(' ', at);
    else for (let j = 0; j < breaks; j++) b.push('\n', at);
    return k;
  }
}

/**
 * The string scalars of a YAML text's block structure that `keep` asks for (by their path from the root), and the
 * root mapping's keys. A text that is no YAML gives what could be read of it.
 */
export function yamlStrings(text: string, keep: (path: readonly JsonStep[]) => boolean): StructuredStrings {
  const reader = new YamlReader(text, keep);
  reader.read();
  return { rootKeys: reader.rootKeys, strings: reader.strings };
}
