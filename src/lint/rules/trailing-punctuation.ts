/**
 * `trailing-punctuation`: a URI whose text ends in something its author did
 * not mean: a closing typographic quote (”, ’, », ›: a word processor's quotes
 * around a URI, or an attribute written href=”…”), anywhere; and, in a link's
 * destination as a document wrote it (lint's `linkDestination`), a ".", ","
 * or a ")" that opens nowhere in the URI ("[docs](https://example.com/a.)"):
 * the sentence's, typed inside the parentheses. The suggestion removes them
 * (and the opening quote before a quoted URI).
 */
import type { LintContext, RuleFamily } from '../diagnostic';
import { isValid } from '../../core/parse';
import { quoted, subsume, subsumeSyntaxWhenCured } from '../mistakes';

export const trailingPunctuationRules: RuleFamily = {
  codes: ['trailing-punctuation'],
  runs: 'any',
  check(ctx: LintContext): void {
    trailingPunctuation(ctx);
  },
};

/** Closing typographic quotes: right double and single quotation marks, right-pointing guillemets. */
const CLOSING_QUOTES = '\u201d\u2019\u00bb\u203a';
/** Opening ones (and the closing ones, which word processors also put first: href=”…”), before a quoted URI. */
const OPENING_QUOTES = '\u201c\u2018\u00ab\u2039\u201d\u2019\u201e\u00bb\u203a';

/** How many of the ")" of `text` close no "(" before them. */
function unbalancedClosers(text: string): number {
  let open = 0;
  let unbalanced = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28) open++;
    else if (c === 0x29) {
      if (open > 0) open--;
      else unbalanced++;
    }
  }
  return unbalanced;
}

const LETTER = /[A-Za-z]/;
const LETTER_OR_DIGIT = /[A-Za-z0-9]/;

/** Whether text[0, n) ends in an initialism's last letter and dot ("Washington,_D.C.", "U.S."): a "." a name has, not a sentence's. */
function endsInInitialism(text: string, n: number): boolean {
  return n >= 4 && text[n - 1] === '.' && LETTER.test(text[n - 2]) && text[n - 3] === '.' && LETTER.test(text[n - 4]) && (n === 4 || !LETTER_OR_DIGIT.test(text[n - 5]));
}

/** A scheme at the start (RFC 3986 3.1): a URI, whose "/." ends no relative path. Bounded to the longest registered scheme name and more. */
const HAS_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]{0,63}:/;

/** Where the URI's unmeant end begins (its length when it has none). */
function meantEnd(input: string, destination: boolean): number {
  const absolute = HAS_SCHEME.test(input);
  let end = input.length;
  let closers = destination ? unbalancedClosers(input) : 0;
  while (end > 0) {
    const c = input[end - 1];
    if (CLOSING_QUOTES.includes(c)) end--;
    else if (!destination) break;
    else if (c === ',') end--;
    else if (c === ')' && closers > 0) {
      closers--;
      end--;
    } else if (c === '.') {
      // In a relative reference ".", "..", "x/." and "x/.." are dot-segments (RFC 3986 3.3), meant; after a URI's "/"
      // the "." is removed when it is resolved (5.2.4), a sentence's all the same. An initialism's "." is the name's.
      const before = input[end - 2];
      if (end === 1 || before === '.' || (before === '/' && !absolute) || endsInInitialism(input, end)) break;
      end--;
    } else break;
  }
  return end;
}

function trailingPunctuation(ctx: LintContext): void {
  const { input } = ctx;
  const last = input[input.length - 1];
  if (last === undefined || !(CLOSING_QUOTES.includes(last) || (ctx.linkDestination && (last === '.' || last === ',' || last === ')')))) return;
  const end = meantEnd(input, ctx.linkDestination);
  if (end === input.length || end === 0) return;
  const stray = input.slice(end);
  // A quoted URI's opening quote goes with its closing one. (Each stray character looked at once, with no array of them.)
  const distinct = new Set<string>();
  for (let i = 0; i < stray.length && distinct.size < CLOSING_QUOTES.length + 3; i++) distinct.add(stray[i]);
  const quotedUri = [...distinct].some((c) => CLOSING_QUOTES.includes(c));
  const start = quotedUri && OPENING_QUOTES.includes(input[0]) && end > 1 ? 1 : 0;
  const meant = input.slice(start, end);
  // What the URI's own scheme needs is meant: the "," of "data:," (RFC 2397 3: the data follows a ",", even when empty).
  if (ctx.parsed.ok && !isValid(meant, { rule: ctx.rule, scheme: true }) && isValid(input, { rule: ctx.rule, scheme: true })) return;
  const what = [...distinct].map((c) => JSON.stringify(c)).join(', ');
  const message = `the URI ends in ${what}${start === 1 ? ` and begins with ${JSON.stringify(input[0])}` : ''}, which ${stray.length + start === 1 ? 'is' : 'are'} probably not part of it${ctx.linkDestination && !quotedUri ? " but the sentence's, typed inside the link" : ''}; probably meant ${quoted(meant)}`;
  const remove = start === 1 ? { message: 'remove the quotes', replacement: meant, start: 0, end: input.length } : { message: `remove ${quoted(stray)}`, replacement: '', start: end, end: input.length };
  ctx.suggest('trailing-punctuation', message, start === 1 ? 0 : end, input.length, [remove]);
  // The quotes are the non-ASCII characters non-ascii would report (and, before a scheme, a syntax error): one cause.
  if (!/[^\x00-\x7f]/.test(meant)) subsume(ctx, 'non-ascii');
  subsumeSyntaxWhenCured(ctx, meant);
}
