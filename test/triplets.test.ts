/**
 * src/encoding/triplets.ts, the one percent-triplet scanner: its hex test against the
 * grammar's HEXDIG, every octet both ways of writing it, and the scans.
 */
import { matches } from '../src';
import { forEachTriplet, hasLowerHex, isHexDigit, isTripletAt, isUnreservedOctet, lowerOutsideTriplets, readTripletRun, tripletOctet, tripletText } from '../src/encoding/triplets';

describe('triplets', () => {
  it('isHexDigit is the grammar\'s HEXDIG on every ASCII code unit, and false past the end or beyond ASCII', () => {
    for (let c = 0; c < 128; c++) expect([c, isHexDigit(c)]).toEqual([c, matches('HEXDIG', String.fromCharCode(c))]);
    expect(isHexDigit(NaN)).toBe(false);
    for (const c of [0x130, 0x141, 0x161, 0xff10, 0xff21]) expect(isHexDigit(c)).toBe(false);
  });

  it('tripletOctet reads every octet, in upper- and lower-case hex', () => {
    for (let octet = 0; octet < 256; octet++) {
      const hex = octet.toString(16).padStart(2, '0');
      expect(tripletOctet(`x%${hex.toUpperCase()}`, 1)).toBe(octet);
      expect(tripletOctet(`x%${hex}`, 1)).toBe(octet);
      expect(hasLowerHex(`%${hex}`, 0)).toBe(/[a-f]/.test(hex));
    }
  });

  it('isUnreservedOctet is the grammar\'s unreserved, for ASCII octets only', () => {
    for (let octet = 0; octet < 256; octet++) expect([octet, isUnreservedOctet(octet)]).toEqual([octet, octet < 0x80 && matches('unreserved', String.fromCharCode(octet))]);
  });

  it('lowerOutsideTriplets lowers ASCII letters but a triplet\'s hex digits, wherever the first letter is', () => {
    const cases: Array<[string, string]> = [
      ['EXAMPLE.com', 'example.com'],
      ['a%4Ab', 'a%4Ab'], // the first upper-case letter is a triplet's second digit
      ['%A4B', '%A4b'], // ... its first digit
      ['%C3%A9X%c3', '%C3%A9x%c3'],
      ['A%%41%4G%', 'a%%41%4g%'], // a "%" that begins no triplet is a character like another
      ['ÉA%41', 'Éa%41'], // non-ASCII letters kept (RFC 3987 5.3.2.1)
      ['lower%41', 'lower%41'],
    ];
    expect(cases.map(([s]) => lowerOutsideTriplets(s))).toEqual(cases.map(([, lowered]) => lowered));
  });

  it('isTripletAt needs "%" and two HEXDIG', () => {
    expect(['%41', '%4', '%4g', '%%41', 'A41', '%'].map((s) => isTripletAt(s, 0))).toEqual([true, false, false, false, false, false]);
  });

  it('forEachTriplet gives the triplets that begin in the range, with their octets', () => {
    const seen: [number, number][] = [];
    forEachTriplet('%41a%2f%7E/%00', 1, 11, (start, octet) => seen.push([start, octet]));
    expect(seen).toEqual([
      [4, 0x2f],
      [7, 0x7e],
    ]);
  });

  it('readTripletRun reads consecutive triplets, at most as many as it has room for', () => {
    const octets = new Uint8Array(4);
    expect(readTripletRun('%C3%A9x%41', 0, octets)).toBe(2);
    expect([...octets.slice(0, 2)]).toEqual([0xc3, 0xa9]);
    expect(readTripletRun('%41%42%43%44%45', 0, octets)).toBe(4);
    expect(readTripletRun('%41%4', 0, octets)).toBe(1);
    expect(readTripletRun('a%41', 0, octets)).toBe(0);
  });

  it('tripletText is the triplet as written, or with upper-case hex, for every way of writing every octet, at the start of a text or inside it', () => {
    const hex = '0123456789abcdefABCDEF';
    for (const a of hex) {
      for (const b of hex) {
        const text = `x/%${a}${b}`;
        expect(tripletText(text, 2)).toBe(`%${a}${b}`);
        expect(tripletText(text, 2, true)).toBe(`%${a}${b}`.toUpperCase());
        // Asked again from another text: that triplet's string, never one made for another triplet.
        expect(tripletText(`%${a}${b}`, 0)).toBe(`%${a}${b}`);
      }
    }
  });
});
