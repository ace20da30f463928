/**
 * Readers outside the process: other languages' parsers answering the conformance
 * protocol's `reading` operation (issue 46, item 4). Filled in by that work; until
 * then every name is reported missing.
 */
import type { Reader } from '../whatwg/reader';

/** A reader the CLI could not start, and why (its toolchain is not installed, it does not answer `reading`, ...). */
export interface MissingReader {
  readonly name: string;
  readonly why: string;
}

/** The external reader names the CLI knows. */
export const EXTERNAL_READERS: readonly string[] = [];

/**
 * The readers named, for these inputs: each adapter is asked once for every input (one process per
 * adapter, the protocol's batch), and its reader answers from those readings.
 */
export async function externalReaders(names: readonly string[], inputs: readonly string[], base?: string): Promise<{ readers: Record<string, Reader>; missing: MissingReader[] }> {
  void inputs;
  void base;
  return { readers: {}, missing: names.map((name) => ({ name, why: 'no external reader is known by this name' })) };
}
