#!/usr/bin/env node
// A deliberately partial adapter over the conformance protocol, for
// test/conformance.test.ts: it states protocol 1 (or, given "protocol N",
// protocol N); validates only RFC 3986's URI-reference; reports components
// without authority, hostKind and pathKind, with the scheme and the host
// lower-cased as a case-normalizing parser does; resolves in the strict mode
// only, writing the target's scheme lower-cased; and says "unsupported" to
// everything else. Its answers come from urigram's built package.
const readline = require('node:readline');
const { isValid, parse, resolve } = require('../../dist/src');

const protocol = process.argv[2] === 'protocol' ? Number(process.argv[3]) : 1;
const write = (x) => process.stdout.write(JSON.stringify(x) + '\n');
write({ protocol, implementation: 'a partial adapter' });

const lower = (s) => (s === undefined ? null : s.toLowerCase());
function answer(r) {
  if (r.op === 'validate' && r.grammar === 'rfc3986' && r.rule === 'URI-reference') return { result: isValid(r.input, { grammar: 'rfc3986', rule: 'URI-reference' }) };
  if (r.op === 'components' && r.grammar === 'rfc3986') {
    const c = parse(r.input, { grammar: 'rfc3986', rule: r.rule });
    const or = (x) => (x === undefined ? null : x);
    return { result: { scheme: lower(c.scheme), userinfo: or(c.userinfo), host: lower(c.host), port: or(c.port), path: c.path, query: or(c.query), fragment: or(c.fragment) } };
  }
  if (r.op === 'resolve' && r.mode === 'strict') return { result: resolve(r.base, r.reference).replace(/^[^:/?#]+:/, (s) => s.toLowerCase()) };
  return { unsupported: true };
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const r = JSON.parse(line);
  let a;
  try {
    a = answer(r);
  } catch (e) {
    a = { error: String(e.message) };
  }
  write({ id: r.id, ...a });
});
