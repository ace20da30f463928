/**
 * Issue 13, item 8: every option of every exported function is checked once
 * (src/core/options.ts), and anything wrong is a UriOptionError (a TypeError)
 * that names the function and the option. `undefined` means the defaults;
 * `null`, like any other non-object, is an error.
 */
import {
  compare,
  expandTemplate,
  matchTemplate,
  equivalent,
  explainNormalize,
  extract,
  iriToUri,
  isValid,
  lint,
  matches,
  normalize,
  parse,
  parseUtf8,
  percentDecode,
  percentEncode,
  recompose,
  resolve,
  resolveRecord,
  rulesOf,
  tryParse,
  uriToIri,
  UriOptionError,
  UriSyntaxError,
} from '../src';

import * as fs from 'node:fs';
import * as path from 'node:path';

type Call = (options: unknown) => unknown;
const o = (x: unknown) => x as never;
const components = { scheme: 's', authority: undefined, path: 'p', query: undefined, fragment: undefined };

/** Each export that takes options, called with the options given, and a valid option to show the rest works. */
const EXPORTS: Record<string, { call: Call; valid: Record<string, unknown> }> = {
  parse: { call: (x) => parse('a:b', o(x)), valid: { grammar: 'rfc3987' } },
  tryParse: { call: (x) => tryParse('a:b', o(x)), valid: { rule: 'URI' } },
  isValid: { call: (x) => isValid('a:b', o(x)), valid: { grammar: 'rfc2396' } },
  matches: { call: (x) => matches('scheme', 'a', o(x)), valid: { grammar: 'rfc3986' } },
  parseUtf8: { call: (x) => parseUtf8(new TextEncoder().encode('a:b'), o(x)), valid: { rule: 'IRI' } },
  resolve: { call: (x) => resolve('a:/b', 'c', o(x)), valid: { strict: false } },
  resolveRecord: { call: (x) => resolveRecord('a:/b', 'c', o(x)), valid: { algorithm: 'rfc2396' } },
  recompose: { call: (x) => recompose(components, o(x)), valid: { grammar: 'rfc2396' } },
  normalize: { call: (x) => normalize('a:b', o(x)), valid: { level: 'syntax' } },
  explainNormalize: { call: (x) => explainNormalize('a:b', o(x)), valid: { steps: { 'lowercase-scheme': false } } },
  equivalent: { call: (x) => equivalent('a:b', 'a:b', o(x)), valid: { level: 'simple' } },
  compare: { call: (x) => compare('a:b', 'a:b', o(x)), valid: { grammar: 'rfc3987' } },
  percentEncode: { call: (x) => percentEncode('a', 'path', o(x)), valid: { keepPercentEncoded: true } },
  percentDecode: { call: (x) => percentDecode('a', o(x)), valid: { only: 'unreserved' } },
  iriToUri: { call: (x) => iriToUri('a:b', o(x)), valid: { normalize: 'NFC' } },
  uriToIri: { call: (x) => uriToIri('a:b', o(x)), valid: { host: 'idna' } },
  lint: { call: (x) => lint('a:b', o(x)), valid: { rules: { 'uppercase-scheme': 'off' } } },
  extract: { call: (x) => extract('a:b', o(x)), valid: { schemes: ['a'] } },
  expandTemplate: { call: (x) => expandTemplate('{a}', { a: '\u00e9' }, o(x)), valid: { iri: true } },
  matchTemplate: { call: (x) => matchTemplate('{a}', 'b', o(x)), valid: { iri: true } },
  format: { call: (x) => (tryParse(' ') as { error: UriSyntaxError }).error.format(o(x)), valid: { width: 40 } },
};

/** What `call(options)` throws, which must be a UriOptionError. */
function optionError(call: Call, options: unknown): UriOptionError {
  try {
    call(options);
  } catch (e) {
    expect(e).toBeInstanceOf(UriOptionError);
    expect(e).toBeInstanceOf(TypeError);
    return e as UriOptionError;
  }
  throw new Error(`accepted ${JSON.stringify(options)}`);
}

describe.each(Object.entries(EXPORTS))('%s', (name, { call, valid }) => {
  it('takes no options, undefined, {} and a valid option', () => {
    expect(() => call(undefined)).not.toThrow();
    expect(() => call({})).not.toThrow();
    expect(() => call(valid)).not.toThrow();
    // An option set to undefined means its default.
    expect(() => call(Object.fromEntries(Object.keys(valid).map((k) => [k, undefined])))).not.toThrow();
  });

  it.each([[null], ['rfc3987'], [42], [true], [['grammar']], [new Map([['grammar', 'bogus']])], [new Date(0)], [Object.create({ grammar: 'rfc1738' })]])('options %p are a UriOptionError about the options, not a crash', (options) => {
    const e = optionError(call, options);
    expect(e.function).toBe(name);
    expect(e.option).toBe('');
    expect(e.message).toMatch(new RegExp(`^${name}: the options must be a plain object or undefined`));
  });

  it('says what it got instead, by class for an object that is not a plain one, and never fails while saying it', () => {
    const throwing = Object.create({
      get constructor() {
        throw new Error('a getter that throws');
      },
    });
    for (const [options, got] of [[new Map(), 'an object (Map)'], [new Date(0), 'an object (Date)'], [new (class Settings {})(), 'an object (Settings)'], [Object.create({ grammar: 'rfc1738' }), 'an object'], [throwing, 'an object'], [['grammar'], 'an array'], [() => 1, 'a function'], [null, 'null']] as const) {
      expect(optionError(call, options).message).toMatch(new RegExp(`got ${got.replace(/[()]/g, '\\$&')}$`));
    }
  });

  it('an unknown option (a misspelling, or one inherited by every object) is a UriOptionError naming it', () => {
    for (const key of ['grammer', 'toString', 'constructor']) {
      const e = optionError(call, { [key]: 'x' });
      expect(e).toMatchObject({ function: name, option: key, value: 'x' });
      expect(e.message).toContain(`unknown option "${key}"`);
    }
  });

  it('a known option with a value of the wrong type is a UriOptionError naming it', () => {
    for (const key of Object.keys(valid)) {
      const e = optionError(call, { [key]: Symbol.for('wrong') });
      expect(e).toMatchObject({ function: name, option: key });
      expect(e.message).toContain(`option ${key} must be`);
    }
  });
});

describe('the cases of issue 13', () => {
  it('strict: "false" is not true or false', () => {
    expect(optionError((x) => resolve('http://a/b', 'http:g', o(x)), { strict: 'false' }).message).toBe('resolve: option strict must be true or false, got "false"');
  });

  it('recompose checks its grammar', () => {
    expect(optionError((x) => recompose(components, o(x)), { grammar: 'rfc1738' }).option).toBe('grammar');
  });

  it("lint's rules: an unknown severity, and a rule named after an Object method", () => {
    const bogus = optionError((x) => lint('HTTP://a', o(x)), { rules: { 'uppercase-scheme': 'bogus' } });
    expect(bogus).toMatchObject({ option: 'rules.uppercase-scheme', value: 'bogus' });
    expect(bogus.message).toBe('lint: option rules.uppercase-scheme must be "off", "error", "warning" or "info", got "bogus"');
    expect(optionError((x) => lint('HTTP://a', o(x)), { rules: { toString: 'off' } }).message).toMatch(/^lint: unknown lint rule "toString" in option rules/);
    expect(optionError((x) => lint('HTTP://a', o(x)), { rule: 'IRI' }).option).toBe('rule');
  });

  it('extract: schemes must be "any" or a list of schemes', () => {
    expect(optionError((x) => extract('http://a', o(x)), { schemes: 'bogus' }).message).toBe('extract: option schemes must be "any" or a list of schemes, got "bogus"');
    expect(optionError((x) => extract('http://a', o(x)), { schemes: ['http:'] }).message).toContain('got "http:" at index 0');
    expect(extract('x http://a mailto:b', { schemes: ['MAILTO'] }).map((f) => f.uri)).toEqual(['mailto:b']);
  });

  it('rulesOf names the grammar it does not know', () => {
    const e = optionError((x) => rulesOf(o(x)), 'bogus');
    expect(e).toMatchObject({ function: 'rulesOf', option: 'grammar', value: 'bogus' });
    // Every grammar the option selects, in grammar/registry.json's order (read here from the file, so that a grammar added by
    // docs/adding-a-grammar.md is among them).
    const lines = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'grammar', 'registry.json'), 'utf8')).grammars as Array<{ name: string; select: string }>;
    const names = lines.filter((l) => l.select === 'grammar').map((l) => `"${l.name}"`);
    expect(names[0]).toBe('"rfc3986"');
    expect(e.message).toBe(`rulesOf: grammar must be ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}, got "bogus"`);
  });

  it('the steps of normalize: unknown ones named, values true or false', () => {
    expect(optionError((x) => normalize('a:b', o(x)), { steps: { 'lowercase-path': true } }).message).toMatch(/^normalize: unknown step "lowercase-path" in option steps/);
    expect(optionError((x) => normalize('a:b', o(x)), { steps: { 'lowercase-scheme': 0 } }).option).toBe('steps.lowercase-scheme');
    expect(optionError((x) => normalize('a:b', o(x)), { grammar: 'rfc2396' }).message).toBe('normalize: option grammar must be "rfc3986" or "rfc3987", got "rfc2396"');
  });

  it('a rule the grammar does not have', () => {
    const e = optionError((x) => parse('a:b', o(x)), { grammar: 'rfc3987', rule: 'URI' });
    expect(e).toMatchObject({ function: 'parse', option: 'rule', value: 'URI' });
    expect(e.message).toMatch(/^parse: unknown rule "URI" for rfc3987 in option rule: expected one of IRI-reference/);
  });

  it('format: a width that is no integer of at least 20 (never widened in silence)', () => {
    const error = (tryParse(' ') as { error: UriSyntaxError }).error;
    expect(optionError((x) => error.format(o(x)), { width: '40' }).option).toBe('width');
    expect(optionError((x) => error.format(o(x)), { width: 0 }).option).toBe('width');
    for (const width of [1, 19, 20.5]) expect(optionError((x) => error.format(o(x)), { width }).message).toMatch(/must be an integer of at least 20/);
    expect(error.format({ width: 20 })).toContain('^');
  });
});

describe("isValid's shortcut for { grammar: 'whatwg-url' } alone (hasOnlyOption) lets through only what checkOptions does", () => {
  const call: Call = (x) => isValid('https://a/', o(x));
  it('that shape, also without a prototype, is taken', () => {
    expect(call({ grammar: 'whatwg-url' })).toBe(true);
    expect(call(Object.assign(Object.create(null), { grammar: 'whatwg-url' }))).toBe(true);
    expect(call({ grammar: 'whatwg-url', base: undefined })).toBe(true);
  });

  it('another key beside it, before or after, or an object that is not a plain one, is still the UriOptionError it was', () => {
    expect(optionError(call, { grammar: 'whatwg-url', grammer: 1 })).toMatchObject({ function: 'isValid', option: 'grammer', value: 1 });
    expect(optionError(call, { toString: 'x', grammar: 'whatwg-url' })).toMatchObject({ function: 'isValid', option: 'toString' });
    expect(optionError(call, { grammar: 'whatwg-url', zoneId: 'yes' })).toMatchObject({ function: 'isValid', option: 'zoneId' });
    expect(optionError(call, new (class Options { grammar = 'whatwg-url' })())).toMatchObject({ function: 'isValid', option: '' });
    expect(optionError(call, Object.create({ grammar: 'whatwg-url' }))).toMatchObject({ function: 'isValid', option: '' });
  });

  it('an option every object inherits is read as before (zoneId: true refused)', () => {
    Object.defineProperty(Object.prototype, 'zoneId', { value: true, configurable: true, enumerable: false, writable: true });
    try {
      expect(optionError(call, { grammar: 'whatwg-url' })).toMatchObject({ function: 'isValid', option: 'zoneId' });
    } finally {
      delete (Object.prototype as { zoneId?: unknown }).zoneId;
    }
    expect(call({ grammar: 'whatwg-url' })).toBe(true);
  });
});
