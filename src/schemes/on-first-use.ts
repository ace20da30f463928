/**
 * Node and the CommonJS build: the scheme checks (./check) registered with the
 * core (src/core/scheme-checks.ts), which requires them on the first call that
 * asks for the option `scheme` or a lint rule or normalize step of a scheme: a
 * program that parses URIs never loads them. The core never names them
 * (docs/architecture.md: the kernel imports nothing above it); src/index.ts
 * imports this module for its effect, and the CommonJS entry that
 * scripts/finish-build.ts writes does the same.
 *
 * The ES module build, which bundlers tree-shake, has neither this module nor
 * that import (scripts/finish-build.ts takes them out): a bundle cannot
 * require a module on first use, and holds the checks only when the program
 * calls useSchemes() (./use).
 */
import { loadSchemeChecksOnFirstUse, type SchemeChecks } from '../core/scheme-checks';

/** CommonJS's own require, declared here so that the library needs no Node types. */
declare const require: (id: string) => unknown;

/** The scheme checks, required (the loader registered below). */
export function loadSchemeChecks(): SchemeChecks {
  return require('./check') as SchemeChecks;
}

loadSchemeChecksOnFirstUse(loadSchemeChecks);
