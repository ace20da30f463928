/**
 * The line starts of a text (lines end at LF), found once per text: Markdown
 * extraction (./documents), the inline directives and the command line's
 * positions (./cli/positions) all ask for those of the same file, one after
 * the other. The last text's are kept (one entry), and compared by identity
 * first, so that asking again costs nothing; a different text is scanned.
 */
let lastText: string | undefined;
let lastStarts: readonly number[] = [0];

/** The offsets where the lines of `text` start, ascending, from 0. Not to be changed by the caller. */
export function lineStarts(text: string): readonly number[] {
  if (text === lastText) return lastStarts;
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  lastText = text;
  lastStarts = starts;
  return starts;
}
