/**
 * The core's door to the scheme checks (src/schemes/check.ts), for the
 * option `scheme` of isValid, check, parse and tryParse. The checks are loaded
 * on first use (src/core/load.ts), so that a program that parses URIs never
 * loads them, and an ES module bundle that does not ask for them does not
 * hold them: there, useSchemes() (src/schemes/use.ts) provides them.
 */
import type { UriSyntaxError } from './errors';
import type { UriRecord } from './records';
import { loadSchemeChecks, loadsOnFirstUse } from './load';
import { grammarAvailable, type GeneratedGrammar } from './grammars';
import type { SchemeCheck, SchemeOptions } from '../schemes/types';

/** What the core calls: src/schemes/check.ts's checkRecord. */
export interface SchemeChecks {
  checkRecord(input: string, record: UriRecord, options?: SchemeOptions): SchemeCheck;
  /** The check of a reference, parsed by the rule and zoneId (RFC 3986) first: for isValid and check, whose own path never builds a record. */
  checkReference(input: string, rule: string | undefined, zoneId: boolean | undefined, options: SchemeOptions): SchemeCheck;
  /** checkRecord (with componentsOnly: the components alone, no check of the prose), or undefined when the scheme's grammar is not in this bundle (grammarAvailable). */
  checkRecordIfAvailable(input: string, record: UriRecord, options?: SchemeOptions, componentsOnly?: boolean): SchemeCheck | undefined;
}

let provided: SchemeChecks | undefined;

/** Gives the core the scheme checks (useSchemes does, in an ES module bundle). */
export function provideSchemeChecks(checks: SchemeChecks): void {
  provided = checks;
}

/** The scheme check of a record, loading the checks on first use (for a call that asks for it: an error when a bundle has not the checks or the grammar). */
export function schemeCheckOf(input: string, record: UriRecord, options: SchemeOptions): SchemeCheck {
  provided ??= loadSchemeChecks() as SchemeChecks;
  return provided.checkRecord(input, record, options);
}

/** The scheme check of a reference, which the checks parse themselves (isValid and check: see SchemeChecks.checkReference). */
export function schemeReferenceCheck(input: string, rule: string | undefined, zoneId: boolean | undefined, options: SchemeOptions): SchemeCheck {
  provided ??= loadSchemeChecks() as SchemeChecks;
  return provided.checkReference(input, rule, zoneId, options);
}

/**
 * The scheme check of a record where the program has the checks and the
 * scheme's grammar: always in Node; in an ES module bundle, after
 * useSchemes() with that grammar. Undefined otherwise. For lint's
 * scheme-syntax and normalize's scheme steps, which apply to the schemes a
 * program has (docs/schemes.md), never by surprise a throw.
 */
export function availableSchemeCheck(input: string, record: UriRecord, options: SchemeOptions = {}, componentsOnly = false): SchemeCheck | undefined {
  return availableChecks()?.checkRecordIfAvailable(input, record, options, componentsOnly);
}

/** The scheme checks where the program has them: loaded on first use in Node; in an ES module bundle, those useSchemes() gave, or none. */
function availableChecks(): SchemeChecks | undefined {
  if (provided === undefined && loadsOnFirstUse()) provided = loadSchemeChecks() as SchemeChecks;
  return provided;
}

/**
 * Whether availableSchemeCheck reads the URIs that `grammar` checks (the
 * program has the scheme checks and that grammar), without reading one: for
 * normalize(), whose scheme steps apply where it does.
 */
export function schemeChecksAvailable(grammar: GeneratedGrammar): boolean {
  return availableChecks() !== undefined && grammarAvailable(grammar);
}

export type { SchemeCheck, SchemeOptions, UriSyntaxError };
