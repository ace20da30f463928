/**
 * `scheme-typo`: a scheme that is not in the IANA URI scheme registry
 * (permanent, provisional or historical: ../iana-schemes, RFC 7595) and is
 * one edit from a scheme people type in documents (http, https, mailto, ftp,
 * file, ws, wss, ssh, git, tel, data), two for those of six letters or more:
 * "htps:", "htttp:", "hhtp:", "mailo:". An edit is a letter inserted,
 * deleted, replaced, or two side by side swapped (Damerau's four single
 * errors). Only where the rest of the URI has the shape of the scheme meant
 * ("//" for the schemes of hosts, an "@" for mailto, a number for tel, a
 * media type or "," for data), and never for a name of one or two letters
 * (s3:, gs:, an app's own): short unregistered schemes stay silent.
 */
import type { LintContext, RuleFamily, Suggestion } from '../diagnostic';
import { IANA_SCHEME_NAMES } from '../iana-schemes';
import { quoted } from '../mistakes';

export const schemeTypoRules: RuleFamily = {
  codes: ['scheme-typo'],
  runs: 'any',
  check(ctx: LintContext): void {
    schemeTypo(ctx);
  },
};

/** The schemes a typo is read as, in the order a tie is offered in; with the shape each one's rest has (after ":"). */
const MEANT: ReadonlyArray<readonly [string, (rest: string) => boolean]> = (() => {
  const slashes = (rest: string) => rest.startsWith('//');
  return [
    ['https', slashes],
    ['http', slashes],
    ['mailto', (rest: string) => rest.includes('@')],
    ['ftp', slashes],
    ['file', slashes],
    ['wss', slashes],
    ['ws', slashes],
    ['ssh', slashes],
    ['git', slashes],
    ['tel', (rest: string) => /^\+?[0-9]/.test(rest)],
    // A media type ("image/png;base64,", "text/plain,") or none (","): type "/" subtype, each a token.
    ['data', (rest: string) => /^(?:[A-Za-z0-9!#$&^_.+-]{1,127}\/[A-Za-z0-9!#$&^_.+-]{1,127})?[;,]/.test(rest)],
  ] as const;
})();

/**
 * Schemes that are not registered but are in wide use, each one edit from a scheme of MEANT: not typos.
 * ftps (FTP over TLS, RFC 4217: curl, FileZilla), ssl (PHP's and others' TLS sockets), mailbox (mail
 * clients' folders, Thunderbird).
 */
const IN_USE: readonly string[] = ['ftps', 'ssl', 'mailbox'];

let known: ReadonlySet<string> | undefined;

/** The longest scheme looked at: the longest of MEANT and two edits. */
const LONGEST = 8;

/** A scheme, then ":" (RFC 3986 3.1), at the start of the input; read so for an input that does not parse as well. Bounded (LONGEST + 1 characters before the ":"). */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]{0,8}):/;

/**
 * The optimal string alignment distance of a and b (Damerau-Levenshtein, each substring edited once), or
 * `limit + 1` when it is more than `limit`. The strings are at most LONGEST + 1 characters: a table of their
 * lengths.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const w = b.length + 1;
  const d = new Array<number>((a.length + 1) * w);
  for (let i = 0; i <= a.length; i++) d[i * w] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[(i - 2) * w + j - 2] + 1);
      d[i * w + j] = v;
    }
  }
  return Math.min(d[a.length * w + b.length], limit + 1);
}

function schemeTypo(ctx: LintContext): void {
  const { input } = ctx;
  const m = SCHEME.exec(input);
  if (m === null) return;
  const written = m[1];
  const scheme = written.toLowerCase();
  if (scheme.length < 3 || scheme.length > LONGEST) return;
  known ??= new Set([...IANA_SCHEME_NAMES, ...IN_USE]);
  if (known.has(scheme)) return;
  const rest = input.slice(m[0].length);
  let best = 3;
  let meant: string[] = [];
  for (const [target, shaped] of MEANT) {
    const limit = target.length >= 6 ? 2 : 1;
    const distance = editDistance(scheme, target, limit);
    if (distance > limit || distance > best || !shaped(rest)) continue;
    if (distance < best) meant = [];
    best = distance;
    meant.push(target);
  }
  if (meant.length === 0) return;
  const suggestions: Suggestion[] = meant.map((s) => ({ message: `write "${s}"`, replacement: s, start: 0, end: written.length }));
  const edits = best === 1 ? 'one edit' : 'two edits';
  const from = meant.map((s) => `"${s}"`).join(' or ');
  ctx.suggest('scheme-typo', `the scheme "${written}" is not registered (IANA URI schemes, RFC 7595) and is ${edits} from ${from}; probably meant ${quoted(`${meant[0]}:${rest}`)}`, 0, written.length, suggestions);
}
