/**
 * The URL Standard's two definitions of validity side by side (issue 49 item 4): the writing grammar
 * (isValid with { grammar: 'whatwg-url' }, "URL writing") against "the parser reports no validation error"
 * (our whatwgValidationErrors) and against whatwg-url 17.3's isValidURLString, over the differential's fixture
 * (test/fixtures/whatwg-validity/whatwg-url-17.3.json, written by npm run whatwg:diff). Each class of disagreement
 * is named with its minimal string, worked out from the Standard's text (docs/whatwg-validity.md, "The two
 * definitions").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isValid, whatwgValidationErrors } from '../src';

type Case = [input: string, base: string | null, names: string, failure: 0 | 1, writingValid: 0 | 1];
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'whatwg-validity', 'whatwg-url-17.3.json'), 'utf8')) as { cases: Case[] };

const grammar = (input: string, base: string | null) => isValid(input, base === null ? { grammar: 'whatwg-url' } : { grammar: 'whatwg-url', base });
const noError = (input: string, base: string | null) => whatwgValidationErrors(input, base === null ? {} : { base }).length === 0;
/** A host (after "//") with an ASCII-digit-like code point that is not ASCII: the full-width digits U+FF10 to U+FF19. */
const FULL_WIDTH_DIGIT = /[\uff10-\uff19]/;

describe("the Standard's two definitions of a valid URL string", () => {
  it('in our copy they differ on one class: a host of full-width digits that maps to an IPv4 address', () => {
    // "http://１.1.1.1/": the host parser maps "１" to "1" (UTS 46), the result ends in a number, and the IPv4 parser
    // reads 1.1.1.1 with no validation error (our copy, 2026-07-02, has no error for non-ASCII input here). The writing
    // section's valid host string is a valid domain (which must not end in a number) or a valid IPv4-address string
    // (ASCII digits): neither. So the parser reports nothing, and the string is no valid URL string.
    expect(whatwgValidationErrors('http://１.1.1.1/')).toEqual([]);
    expect(whatwgValidationErrors('http://１.1.1.1/').href).toBe('http://1.1.1.1/');
    expect(isValid('http://１.1.1.1/', { grammar: 'whatwg-url' })).toBe(false);
    expect(isValid('http://1.1.1.1/', { grammar: 'whatwg-url' })).toBe(true);
    const differ = fixture.cases.filter(([input, base]) => grammar(input, base) !== noError(input, base));
    expect(differ.length).toBeGreaterThan(0);
    expect(differ.filter(([input]) => !FULL_WIDTH_DIGIT.test(input))).toEqual([]);
    // In every one the grammar says invalid and the parser no error.
    expect(differ.every(([input, base]) => !grammar(input, base) && noError(input, base))).toBe(true);
  });

  it("the writing grammar and whatwg-url 17.3's isValidURLString differ only where the IDNA tables do (U+0558: Unicode 18, not 17)", () => {
    // tr46 6 (ours: Unicode 17) fails ToASCII on U+0558, unassigned there; tr46 7 (whatwg-url's: Unicode 18) maps it.
    expect(isValid('http://a\u0558/', { grammar: 'whatwg-url' })).toBe(false);
    const differ = fixture.cases.filter(([input, base, , , writingValid]) => grammar(input, base) !== (writingValid === 1));
    expect(differ.filter(([input]) => !input.includes('\u0558'))).toEqual([]);
  });
});
