/**
 * A reader: one URL parser of a stack, as urigram is given it (issue 46). The
 * library names no parser of its own here and imports no Node built-in
 * (docs/architecture.md): `rfc3986` and `whatwg` (the runtime's `URL`) are
 * built in; a Node-only entry adds Node's legacy `url.parse`; other languages'
 * parsers come through the conformance protocol's `reading` operation.
 */

/**
 * One parser's reading of a string: its components as that parser reports
 * them, `null` where it says the component is absent (or cannot say it is
 * present). The host as the parser gives it (a WHATWG host serialized, an
 * IP literal with its brackets); the port as written, without its colon.
 */
export interface ParserReading {
  readonly scheme: string | null;
  readonly userinfo: string | null;
  readonly host: string | null;
  readonly port: string | null;
  readonly path: string;
  readonly query: string | null;
  readonly fragment: string | null;
}

/** What a reader made of a string: its reading, or its refusal with the parser's message. */
export type ReaderResult = { readonly ok: true; readonly reading: ParserReading } | { readonly ok: false; readonly error: string };

/** A parser, as urigram is given it: a string (and a base, for a relative reference) in, a reading out. */
export type Reader = (input: string, base?: string) => ReaderResult;
