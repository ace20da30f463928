/**
 * The URIs of files: each file read (./inputs' readText), its URIs found by
 * its kind (../documents) and located (./positions). Apart from ./inputs so
 * that a command reading lines, and a worker of --jobs running one, does not
 * load the document extractors.
 */
import { InputError } from './io';
import type { DecodedText } from './encoding';
import { errorMessage } from './output';
import { LineMap, locate, type LocatedUri } from './positions';
import { extractDocument, kindOfFile } from '../documents/index';
import { fileProblems, readText, type ReadOptions } from './inputs';
import type { Context } from './command';

/** A file read, and its URIs located. */
export interface ReadDocument {
  readonly file: string;
  readonly text: string;
  /** How it was read (../encoding), to write it back the same way. */
  readonly encoding: string;
  readonly bom: boolean;
  readonly lines: LineMap;
  readonly uris: LocatedUri[];
}

/** Finds and locates the URIs of a text, by its kind. */
export function readDocument(file: string, decoded: DecodedText, options: ReadOptions): ReadDocument {
  const { text, encoding, bom } = decoded;
  const kind = options.kind ?? (file === '-' ? 'text' : kindOfFile(file));
  const lines = new LineMap(text);
  const uris = extractDocument(text, { kind, code: options.code, templates: options.templates, name: file }).map((found) => locate(text, lines, found));
  return { file, text, encoding, bom, lines, uris };
}

/**
 * Each file read, with its URIs. A file that cannot be read goes to options.unreadable, one whose URIs
 * cannot be found (a bug) to options.failed (fileProblems: said, and the run goes on); how a file that
 * is not UTF-8 was read, to options.note. Standard input that cannot be read is an InputError (exit 2).
 */
export async function* documents(ctx: Context, files: Iterable<string>, options: ReadOptions = {}): AsyncGenerator<ReadDocument> {
  const problems = options.unreadable && options.note && options.failed ? { unreadable: options.unreadable, note: options.note, failed: options.failed } : fileProblems(ctx);
  for (const file of files) {
    let decoded: DecodedText;
    try {
      decoded = await readText(ctx, file);
    } catch (e) {
      if (!(e instanceof InputError) || file === '-') throw e;
      problems.unreadable(file, e.message);
      continue;
    }
    if (decoded.note !== undefined) problems.note(file, decoded.note);
    ctx.filesRead++;
    ctx.progress?.add(1);
    let doc: ReadDocument;
    try {
      doc = readDocument(file, decoded, options);
    } catch (e) {
      // Extraction failed on this file: a bug, reported as an error on it; the next file is read.
      ctx.fail();
      problems.failed(file, `${file}: ${errorMessage(e)}`);
      continue;
    }
    yield doc;
  }
}
