/**
 * The short form of a finding's message that the ESLint plugin reports: long quoted values cut, and a syntax
 * error's list of what was expected kept to three. Its own module so that a test can reach it (the plugin's
 * module exports the plugin alone).
 */

/** A quoted value in a message longer than this is cut (with "…"): the value is in the source, the message is for reading. */
const QUOTED_LIMIT = 40;

/** The first `n` code units of `s`, one fewer where the last would be half of a surrogate pair. */
function headOf(s: string, n: number): string {
  const c = s.charCodeAt(n - 1);
  return s.slice(0, c >= 0xd800 && c <= 0xdbff ? n - 1 : n);
}

/** Whether a code unit is a line terminator: what a regular expression's "." does not match. */
function isLineTerminator(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

/**
 * `s` with each quoted value ("..." in which a backslash escapes the next character, though not a line
 * terminator) replaced by `replace(whole, inner)`: exactly what `s.replace(/"((?:[^"\\]|\\.)*)"/g, replace)`
 * gives, without that expression's stack frame per character (which overflows the stack near 16 M).
 *
 * Why it is the same. From a quote at q the expression's loop is deterministic: a character other than `"`
 * and `\` is taken alone, a `\` only with the character after it (when that is no line terminator), and the
 * two alternatives never both apply; giving an iteration back leaves a non-quote next, so backtracking finds
 * no other match. So from q there is a match exactly when this scan meets an unescaped `"` (ending there),
 * and none when it stops at a `\` before a line terminator or at the end, at `stop`. When it fails, the
 * expression tries q + 1, q + 2, ...: every quote between q and `stop` is the escaped second character of a
 * pair of the scan from q (an unescaped one would have ended the match), so the scan from it goes on in step
 * with the scan from q and fails at `stop` too; the next quote that can start a match is past `stop`. After
 * a match the expression goes on at its end, as this does. Linear: each character is scanned once.
 */
export function replaceQuoted(s: string, replace: (whole: string, inner: string) => string): string {
  let out = '';
  let copied = 0; // s[0, copied) is in out
  let from = 0; // where the next quote is looked for
  for (;;) {
    const q = s.indexOf('"', from);
    if (q < 0) break;
    let i = q + 1;
    let end = -1;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === 0x22) {
        end = i + 1;
        break;
      }
      if (c === 0x5c) {
        if (i + 1 >= s.length || isLineTerminator(s.charCodeAt(i + 1))) break;
        i += 2;
      } else i++;
    }
    if (end < 0) {
      from = i;
      continue;
    }
    out += s.slice(copied, q) + replace(s.slice(q, end), s.slice(q + 1, end - 1));
    copied = from = end;
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/**
 * The first `n` code units of `s` or fewer, cut at a word's end: before the last space that the cut leaves in, without
 * the punctuation before it ("…expected a, b,": "…expected a, b"). Mid-word only where the last space is in the first
 * half (a long quoted value or a URI, which has none).
 */
export function headAtWord(s: string, n: number): string {
  if (s.length <= n) return s;
  const space = s[n] === ' ' ? n : s.lastIndexOf(' ', n - 1);
  if (space < n / 2) return headOf(s, n);
  let end = space;
  while (end > 0 && (s[end - 1] === ',' || s[end - 1] === ';' || s[end - 1] === ':' || s[end - 1] === ' ')) end--;
  return s.slice(0, end);
}

const isSpace = (c: string): boolean => /\s/.test(c);
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** The syntax error of `m` from `start`: what the expression below captures when its optional prefix ends before `start`. */
function syntaxFrom(m: string, start: number): [head: string, expected: string, rule: string, found: string] | null {
  if (!m.startsWith('invalid ', start)) return null;
  // "\S+ at offset ": the space ends the run, so the run is all of it.
  let j = start + 8;
  while (j < m.length && !isSpace(m[j])) j++;
  if (j === start + 8 || !m.startsWith(' at offset ', j)) return null;
  let d = j + 11;
  while (d < m.length && isDigit(m.charCodeAt(d))) d++;
  if (d === j + 11 || !m.startsWith(': expected ', d)) return null;
  const from = d + 11;
  // The rest is read by ".", "\S" and text without line breaks: none may be in it.
  for (let k = from; k < m.length; k++) if (isLineTerminator(m.charCodeAt(k))) return null;
  // "(.*) in (\S+), found ": the greedy "(.*)" takes the last " in " after which a run of \S ends in "," before " found ".
  for (let i = m.lastIndexOf(' in '); i >= from; i = i === 0 ? -1 : m.lastIndexOf(' in ', i - 1)) {
    let e = i + 4;
    while (e < m.length && !isSpace(m[e])) e++;
    if (e - 1 > i + 4 && m[e - 1] === ',' && m.startsWith(' found ', e)) {
      // "(.*?)(; .*)?$": the lazy "(.*?)" ends at the first "; ", or at the end.
      const f = m.indexOf('; ', e + 7);
      return [m.slice(start, d), m.slice(from, i), m.slice(i + 4, e - 1), f < 0 ? m.slice(e + 7) : m.slice(e + 7, f)];
    }
  }
  return null;
}

/**
 * A syntax error's message in parts: what /^(?:[^:]+: )?(invalid \S+ at offset \d+): expected (.*) in (\S+), found (.*?)(; .*)?$/
 * captures in its groups 1 to 4, or null where it does not match, without that expression's backtracking (polynomial, of
 * the third degree, on " in t, found " repeated: issue 44 item 7). "[^:]+: " can only end at the first ":"; from there,
 * or from the start, each part is found once (syntaxFrom).
 */
export function syntaxMessageParts(m: string): [head: string, expected: string, rule: string, found: string] | null {
  const colon = m.indexOf(':');
  return (colon > 0 && m[colon + 1] === ' ' ? syntaxFrom(m, colon + 2) : null) ?? syntaxFrom(m, 0);
}

/** A message of at most `limit` characters: long quoted values cut, and a syntax error's list of what was expected kept to three. */
export function shortMessage(message: string, limit: number): string {
  let m = replaceQuoted(message, (whole, inner) => (inner.length > QUOTED_LIMIT ? `"${headOf(inner, QUOTED_LIMIT - 1)}…"` : whole));
  // A syntax error's message, or a template's without its "not a URI Template: " (the code, uri-template, says it).
  const syntax = syntaxMessageParts(m);
  if (syntax !== null) {
    const [head, expected, rule, found] = syntax;
    const items = expected.split(/, | or /);
    const list = items.length <= 3 ? expected : `${items.slice(0, 3).join(', ')}, …`;
    m = `${head}: expected ${list} in ${rule}, found ${found}`;
  }
  return m.length > limit ? `${headAtWord(m, limit - 1)}…` : m;
}
