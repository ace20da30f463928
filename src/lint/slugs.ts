/**
 * The anchors that Markdown renderers make of headings ("slugs"), by style,
 * each as its renderer documents it (our own code; the facts are theirs):
 *
 * - 'github': GitHub's, as github-slugger reproduces it (its script and test
 *   cases): the text lower-cased; removed, every character of the Unicode
 *   general categories No, Pd (but "-"), Ps, Pe, Pi, Pf, Po, S, Cc, Cf, Co,
 *   Cn and Z (but " ") that is not Alphabetic; each " " a "-". A heading whose
 *   slug came before gets "-1", "-2", ... (the first free one).
 * - 'gitlab': GitLab's (its documentation, "Heading IDs and links"): lower
 *   case; removed, what is not a word character (a letter, a mark, a decimal
 *   digit, a connector), "-" or " "; each " " a "-"; runs of "-" as one; a
 *   repeated slug gets "-1", "-2", ...
 * - 'pandoc': pandoc's auto_identifiers (its manual): removed, what is not
 *   alphanumeric, "_", "-" or "."; each white space a "-"; lower case; removed,
 *   everything before the first letter; "section" when nothing is left; a
 *   repeated one gets "-1", "-2", ...
 * - 'python-markdown': Python-Markdown's toc extension (MkDocs' default): the
 *   text decomposed (NFKD) and kept to ASCII; removed, what is not a word
 *   character, white space or "-"; trimmed, lower case; each run of "-" and
 *   white space one "-"; a repeated one gets "_1", "_2", ...
 *
 * No expression here backtracks: each is a character class, or a class and a
 * lookahead of one character, tried once per position.
 */

export const SLUG_STYLES = ['github', 'gitlab', 'pandoc', 'python-markdown'] as const;
export type SlugStyle = (typeof SLUG_STYLES)[number];

/** What github-slugger removes: the categories its script lists, less the Alphabetic code points, " " and "-". */
const GITHUB_REMOVED = /(?![\p{Alphabetic} -])[\p{No}\p{Pd}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}\p{S}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Z}]/gu;
/** What GitLab removes: not a word character (Ruby's \p{Word}: letters, marks, decimal digits, connectors), "-" or " ". */
const GITLAB_REMOVED = /[^\p{L}\p{M}\p{Nd}\p{Pc} -]/gu;
/** What pandoc removes: not alphanumeric, "_", "-", "." or white space (which becomes "-"). */
const PANDOC_REMOVED = /[^\p{L}\p{M}\p{N}_.\s-]/gu;

/** The slug of one heading's text, before repeats are numbered. */
function baseSlug(style: SlugStyle, text: string): string {
  switch (style) {
    case 'github':
      return text.toLowerCase().replace(GITHUB_REMOVED, '').replace(/ /g, '-');
    case 'gitlab':
      return text.toLowerCase().replace(GITLAB_REMOVED, '').replace(/ /g, '-').replace(/-+/g, '-');
    case 'pandoc': {
      const s = text.replace(PANDOC_REMOVED, '').replace(/\s/gu, '-').toLowerCase();
      const first = s.search(/\p{L}/u);
      return first < 0 ? 'section' : s.slice(first);
    }
    case 'python-markdown': {
      const ascii = text.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
      return ascii.replace(/[^\w\s-]/g, '').trim().toLowerCase().replace(/[-\s]+/g, '-');
    }
  }
}

/**
 * The slugs of a document's headings in one style, in order, each repeat numbered as its renderer numbers it
 * (a Slugger per document: ask it each heading's text in the order of the document).
 */
export class Slugger {
  private readonly taken = new Map<string, number>();

  constructor(private readonly style: SlugStyle) {}

  slug(text: string): string {
    const base = baseSlug(this.style, text);
    if (this.style === 'python-markdown') return this.pythonMarkdown(base);
    let result = base;
    // github-slugger: the next number of this base that no heading has taken (a heading "a-1" takes "a-1" from a third "a").
    while (this.taken.has(result)) {
      const n = (this.taken.get(base) ?? 0) + 1;
      this.taken.set(base, n);
      result = `${base}-${n}`;
    }
    this.taken.set(result, 0);
    return result;
  }

  /** Python-Markdown's unique(): "x" taken, "x_1"; "x_1" taken, "x_2"; an empty id is "_1". */
  private pythonMarkdown(base: string): string {
    let id = base;
    while (id === '' || this.taken.has(id)) {
      const u = id.lastIndexOf('_');
      const count = u >= 0 ? id.slice(u + 1) : '';
      id = /^[0-9]+$/.test(count) ? `${id.slice(0, u)}_${Number(count) + 1}` : `${id}_1`;
    }
    this.taken.set(id, 0);
    return id;
  }
}

/** Whether a style's heading anchors are matched without regard to case: GitHub's are (it finds "#Usage" for "usage"). */
export function caseInsensitiveHeadings(style: SlugStyle): boolean {
  return style === 'github';
}
