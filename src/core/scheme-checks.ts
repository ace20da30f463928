/**
 * The core's door to the scheme checks, for the option `scheme` of isValid,
 * check, parse and tryParse. The core never names them: the schemes register
 * with it (the kernel imports nothing above it, docs/architecture.md). In
 * Node and the CommonJS build, src/schemes/on-first-use.ts, which src/index.ts
 * imports, gives a loader that requires src/schemes/check.ts on the first call
 * that needs it, so that a program that parses URIs never loads them; an ES
 * module bundle, which has no such loader (scripts/finish-build.ts), holds them
 * only when the program calls useSchemes() (src/schemes/use.ts), which gives
 * them here.
 */
import type { UriSyntaxError } from './errors';
import type { UriRecord } from './records';
import { grammarAvailable, type GeneratedGrammar } from './grammars';
import type { SchemeCheck, SchemeOptions } from './scheme-types';

/** What the core calls: src/schemes/check.ts's checkRecord. */
export interface SchemeChecks {
  checkRecord(input: string, record: UriRecord, options?: SchemeOptions): SchemeCheck;
  /** The check of a reference, parsed by the rule and zoneId (RFC 3986) first: for isValid and check, whose own path never builds a record. */
  checkReference(input: string, rule: string | undefined, zoneId: boolean | undefined, options: SchemeOptions): SchemeCheck;
  /** checkRecord (with componentsOnly: the components alone, no check of the prose), or undefined when the scheme's grammar is not in this bundle (grammarAvailable). */
  checkRecordIfAvailable(input: string, record: UriRecord, options?: SchemeOptions, componentsOnly?: boolean): SchemeCheck | undefined;
}

let provided: SchemeChecks | undefined;
let onFirstUse: (() => SchemeChecks) | undefined;

/** Gives the core the scheme checks (useSchemes does, in an ES module bundle). */
export function provideSchemeChecks(checks: SchemeChecks): void {
  provided = checks;
}

/** Gives the core a loader of the scheme checks, run on the first call that needs them (src/schemes/on-first-use.ts does, in Node and the CommonJS build). */
export function loadSchemeChecksOnFirstUse(load: () => SchemeChecks): void {
  onFirstUse = load;
}

/** The scheme checks, for a call that asks for them: an error when this program has neither them nor a loader of them (an ES module bundle without useSchemes()). */
function schemeChecks(): SchemeChecks {
  if (provided !== undefined) return provided;
  if (onFirstUse === undefined) {
    throw new Error(
      "urigram: the option scheme needs urigram's scheme checks, which the ES module build does not load by itself: import { useSchemes } from 'urigram' and call useSchemes() once, with the grammars of the schemes to check (import mailto from 'urigram/grammars/rfc6068'; useSchemes(mailto)); checkScheme() needs them too (Node loads them by itself)",
    );
  }
  provided = onFirstUse();
  return provided;
}

/** The scheme check of a record, loading the checks on first use (for a call that asks for it: an error when a bundle has not the checks or the grammar). */
export function schemeCheckOf(input: string, record: UriRecord, options: SchemeOptions): SchemeCheck {
  return schemeChecks().checkRecord(input, record, options);
}

/** The scheme check of a reference, which the checks parse themselves (isValid and check: see SchemeChecks.checkReference). */
export function schemeReferenceCheck(input: string, rule: string | undefined, zoneId: boolean | undefined, options: SchemeOptions): SchemeCheck {
  return schemeChecks().checkReference(input, rule, zoneId, options);
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
  if (provided === undefined && onFirstUse !== undefined) provided = onFirstUse();
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
