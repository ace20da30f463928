/**
 * The tr46 package (UTS 46), held once for every module that needs it: the
 * one useTr46() gave (an ES module bundle), or in Node the installed one,
 * loaded on first use. iriToUri's and uriToIri's `host: 'idna'`, and the URL
 * Standard's valid domain (src/whatwg/writing.ts).
 */
import { loadTr46 } from './load';

export interface Tr46 {
  toASCII(domain: string, options: Record<string, boolean>): string | null;
  toUnicode(domain: string, options: Record<string, boolean>): { domain: string; error: boolean };
}

let lib: Tr46 | undefined;

/** Sets the package (useTr46 checks it first). */
export function setUts46(tr46: Tr46): void {
  lib = tr46;
}

/** The package: the one set, or the one loadTr46 loads (in an ES module bundle, an error that says to call useTr46). */
export function uts46(): Tr46 {
  lib ??= loadTr46() as Tr46;
  return lib;
}
