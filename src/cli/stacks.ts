/**
 * Per-input work without stack traces. The commands print an error thrown for one input by its message (and a
 * syntax error with its caret), never by its stack; capturing one costs more than the parse (V8 walks and formats
 * the frames): on a megabyte of short invalid lines, 14% of `normalize --explain` and of `to-iri` went to
 * `captureStackTrace` (a profile of 2026-12-07). An internal error outside this work (exit 70) keeps its stack.
 */
export function withoutStacks<T>(f: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return f();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
