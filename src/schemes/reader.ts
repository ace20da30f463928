/**
 * What each scheme's module is given and gives back (src/schemes/check.ts
 * calls them): a URI that the generic grammar and the scheme's grammar
 * accept, and its components and the problems its RFC states in prose.
 */
import type { GeneratedGrammar } from '../core/grammars';
import type { UriRecord } from '../core/records';
import type { SchemeComponents, SchemeOptions, SchemeProblem } from '../core/scheme-types';

export interface SchemeInput {
  /** The whole input. */
  readonly input: string;
  /** What the scheme's rule matched: the input, or the input up to its "#". */
  readonly text: string;
  /** The generic grammar's record of the whole input. */
  readonly record: UriRecord;
  /** The scheme, lower-cased. */
  readonly scheme: string;
  readonly grammar: GeneratedGrammar;
  /** The PEG start rule the text matched. */
  readonly rule: string;
  readonly options: SchemeOptions;
  /** true: the components alone, none of the prose's checks (normalize's scheme steps want the spans only). */
  readonly componentsOnly?: boolean;
}

export interface SchemeReading {
  readonly components: SchemeComponents;
  readonly problems: SchemeProblem[];
}

export type SchemeReader = (s: SchemeInput) => SchemeReading;

/** A problem, its fields in order. */
export function problem(code: SchemeProblem['code'], severity: SchemeProblem['severity'], section: string, message: string, start: number, end: number, fix?: SchemeProblem['fix']): SchemeProblem {
  return fix === undefined ? { code, severity, message, start, end, section } : { code, severity, message, start, end, section, fix };
}
