/**
 * The classes of difference that only readers other than RFC 3986 and the
 * URL Standard show (compareReadings, ./compare): both standards read these
 * strings alike, or both refuse them, and a third parser reads them otherwise.
 * Every other difference between two readers has one of WHATWG_CLASSES
 * (../classes), the classes compareWithWhatwg gives.
 */
import type { WhatwgDifferenceClass } from '../classes';

export interface ReaderClass {
  /** What the class is about. */
  readonly description: string;
  /** An input that shows it, and the readers that read it otherwise. */
  readonly example: string;
  readonly readers: readonly [string, string];
}

export const READER_CLASSES = {
  'host-delimiter': {
    description: 'one reader ends the host at a character the other keeps in it (Node\'s url.parse ends it at ";", "{", "}", a space, "\\"", "%"..., reading the rest as the path; RFC 3986 3.2.2 and the URL Standard\'s host parser keep ";" in the host)',
    example: 'http://api.good.example;.evil.example/',
    readers: ['node-legacy', 'whatwg'],
  },
  refused: {
    description: 'one reader refuses the string and the other reads it, for no cause urigram can place in the text',
    example: 'http://a b/',
    readers: ['node-legacy', 'whatwg'],
  },
} as const satisfies Record<string, ReaderClass>;

/** The class of a difference between two readers: a WHATWG_CLASSES class, or one of READER_CLASSES. */
export type ReadingDifferenceClass = WhatwgDifferenceClass | keyof typeof READER_CLASSES;
