/**
 * urigram/node: what only Node has (issue 46). The library (urigram) imports
 * no Node built-in; this entry adds the `node-legacy` reader, Node's legacy
 * `url.parse` (`url.resolve` against a base), and a compareReadings that
 * knows it by name. The CLI's `urigram readings` uses it. Everything else is
 * urigram's (the main entry): this one holds only what needs Node.
 */
import * as url from 'node:url';
import type { Reader } from './whatwg/reader';
import { compareReadingsWith, type ReadingsComparison, type ReadingsOptions } from './whatwg/readers/compare';
import { nodeLegacyReader as legacyReaderOver, type LegacyUrl } from './whatwg/readers/node-legacy';

export type { LegacyUrl, LegacyUrlModule } from './whatwg/readers/node-legacy';
export type { ReadingsComparison, ReadingsOptions, ReadersPair, ReadingDifference, PairVerdict, ReadingDifferenceClass } from './whatwg/readers/compare';
export type { Reader, ReaderResult, ParserReading } from './whatwg/reader';

/** url.parse without its deprecation warnings (DEP0169, DEP0170 for a port that is no number): a reading is asked for, not a warning on stderr. */
function quietParse(input: string): LegacyUrl {
  const before = process.noDeprecation;
  process.noDeprecation = true;
  try {
    return url.parse(input);
  } finally {
    process.noDeprecation = before;
  }
}

/** The `node-legacy` reader: Node's legacy `url.parse`, and `url.resolve` against a base. */
export const nodeLegacyReader: Reader = legacyReaderOver({ parse: quietParse, resolve: (from, to) => url.resolve(from, to) });

/** The readers urigram/node adds to the library's built-ins. */
export const NODE_READERS: Readonly<Record<string, Reader>> = Object.freeze({ 'node-legacy': nodeLegacyReader });

/** compareReadings (urigram) with `node-legacy` among the built-in names. */
export function compareReadings(input: string, options?: ReadingsOptions): ReadingsComparison {
  return compareReadingsWith('compareReadings', input, options, NODE_READERS);
}
