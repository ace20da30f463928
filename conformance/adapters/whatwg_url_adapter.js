#!/usr/bin/env node
/*
 * whatwg-url (npm, 17.3 or later: the first with isValidURLString and
 * parseURLWithValidationErrors; by the URL Standard's editors) as a
 * conformance adapter: the JSON-lines protocol of urigram's conformance suite
 * (conformance/README.md), one request per line on standard input, one answer
 * per line on standard output.
 *
 *     npm install whatwg-url@17.3
 *     node conformance/adapters/whatwg_url_adapter.js
 *
 * It answers the category whatwg-validity, what the library can answer:
 *
 * - whatwg-validate: isValidURLString(input, { baseURL }), a boolean. It
 *   does not say where an invalid string stops being valid: no offset, so the
 *   report counts those passes as not judged on their offset.
 * - whatwg-validation-errors: parseURLWithValidationErrors(input, { baseURL })
 *   gives the names of the validation errors, in order, and the URL or null
 *   (failure); it gives no offsets, so the errors are answered as names alone
 *   and only the names and failure are judged.
 *
 * Every other operation is answered "unsupported": the library implements
 * the URL Standard, not the RFCs the other categories ask about (and protocol
 * 2's reading, the WHATWG parser's, is urigram readings' built-in reader
 * `whatwg`, the runtime's URL).
 */
'use strict';
const readline = require('node:readline');
const whatwgUrl = require('whatwg-url');
const { version } = require('whatwg-url/package.json');

/** The base URL record, parsed once per base string (a base that does not parse is an error answer). */
const bases = new Map();
function baseOf(request) {
  if (typeof request.base !== 'string') return undefined;
  if (!bases.has(request.base)) bases.set(request.base, whatwgUrl.parseURL(request.base));
  const base = bases.get(request.base);
  if (base === null) throw new Error(`the base ${JSON.stringify(request.base)} is not a URL`);
  return base;
}

function answer(request) {
  switch (request.op) {
    case 'whatwg-validate':
      return { result: whatwgUrl.isValidURLString(request.input, { baseURL: baseOf(request) }) };
    case 'whatwg-validation-errors': {
      const parsed = whatwgUrl.parseURLWithValidationErrors(request.input, { baseURL: baseOf(request) });
      return { result: { errors: parsed.validationErrors, failure: parsed.url === null } };
    }
    default:
      return { unsupported: true };
  }
}

// First, the protocol this adapter speaks and what it runs: {"protocol": 2, "implementation": "whatwg-url 17.3.0 (Node.js 20.20.2)"}.
process.stdout.write(`${JSON.stringify({ protocol: 2, implementation: `whatwg-url ${version} (Node.js ${process.versions.node})` })}\n`);
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  const request = JSON.parse(line);
  let response;
  try {
    response = answer(request);
  } catch (e) {
    // A failure on one case is that case's answer.
    response = { error: e instanceof Error ? e.message : String(e) };
  }
  response.id = request.id;
  process.stdout.write(`${JSON.stringify(response)}\n`);
});
