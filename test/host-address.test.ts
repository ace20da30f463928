/**
 * hostAddress (issue 31): the 2026 SSRF spellings; generated spellings of
 * IPv4 addresses (every radix, one to four parts, leading zeros, a trailing
 * dot) and of IPv6 addresses, each reading checked against an oracle outside
 * urigram: the WHATWG reading against Node's URL, the RFC 3986 reading
 * against net.isIP, the inet_aton reading against the C library
 * (dns.lookup, which answers a numeric host without asking the DNS); and
 * the special-purpose blocks, which docs/whatwg.md prints.
 */
import * as dns from 'node:dns';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import fc from 'fast-check';
import { hostAddress, IPV4_SPECIAL_PURPOSE, IPV6_SPECIAL_PURPOSE } from '../src';
import { formatIpv4, inetAton, whatwgIpv4 } from '../src/whatwg/ipv4';

const reading = (host: string, name: string) => hostAddress(host).readings.find((r) => r.reading === name)!;

describe('the 2026 SSRF spellings', () => {
  it.each([
    ['0x7f.1', '127.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1', '127.0.0.1'],
    ['10.1000', '10.0.3.232', '10.0.3.232'],
    ['0x7F000001', '127.0.0.1', '127.0.0.1'],
    // A trailing dot: the URL parser drops it (IPv4 parser); inet_aton refuses it, and a resolver asks the DNS for the name.
    ['127.0.0.1.', '127.0.0.1', undefined],
    // "0x" alone is 0 to the IPv4 number parser, no number to inet_aton.
    ['0x', '0.0.0.0', undefined],
  ])('%s: a name to RFC 3986, %s to the URL parser, %s to inet_aton: ambiguous', (host, whatwg, aton) => {
    const h = hostAddress(host);
    expect(reading(host, 'rfc3986')).toMatchObject({ result: 'name', detail: 'reg-name' });
    expect(reading(host, 'whatwg')).toMatchObject({ result: 'address', addresses: [whatwg] });
    expect(reading(host, 'inet-aton')).toMatchObject(aton === undefined ? { result: 'name' } : { result: 'address', addresses: [aton] });
    expect(h.ambiguous).toBe(true);
    expect(h.addresses[0]).toMatchObject({ address: whatwg, family: 4, globallyReachable: false });
  });

  it('a dotted-decimal address, an IPv6 literal and a name are not ambiguous', () => {
    expect(hostAddress('127.0.0.1')).toMatchObject({ ambiguous: false, addresses: [{ address: '127.0.0.1', readings: ['rfc3986', 'whatwg', 'inet-aton'] }] });
    expect(hostAddress('[::1]')).toMatchObject({ ambiguous: false, addresses: [{ address: '::1', family: 6, readings: ['rfc3986', 'whatwg'] }] });
    expect(hostAddress('example.com')).toMatchObject({ ambiguous: false, addresses: [] });
  });

  it('reads percent-encoded and full-width spellings as the URL parser does', () => {
    expect(reading('%31%32%37.1', 'whatwg')).toMatchObject({ result: 'address', addresses: ['127.0.0.1'] });
    expect(reading('\uff11\uff12\uff17.\uff10.\uff10.\uff11', 'whatwg')).toMatchObject({ result: 'address', addresses: ['127.0.0.1'] });
    expect(reading('a%2fb', 'whatwg')).toMatchObject({ result: 'failure' });
    expect(reading('1.2.3.4.5', 'whatwg')).toMatchObject({ result: 'failure' });
    expect(hostAddress('1.2.3.4.5').ambiguous).toBe(false);
  });

  it('gives localhost its loopback addresses (RFC 6761 6.3), and the IPv4 address inside an IPv4-mapped or NAT64 one', () => {
    expect(hostAddress('LOCALHOST.').addresses.map((a) => a.address)).toEqual(['127.0.0.1', '::1']);
    expect(hostAddress('api.localhost').addresses.map((a) => a.address)).toEqual(['127.0.0.1', '::1']);
    expect(hostAddress('[::ffff:169.254.169.254]').addresses.map((a) => [a.address, a.readings, a.purposes[0].name])).toEqual([
      ['::ffff:a9fe:a9fe', ['rfc3986', 'whatwg'], 'IPv4-mapped Address'],
      ['169.254.169.254', ['embedded-ipv4'], 'Link Local'],
    ]);
    expect(hostAddress('[64:ff9b::a00:1]').addresses.map((a) => a.address)).toEqual(['64:ff9b::a00:1', '10.0.0.1']);
    expect(hostAddress('[fe80::1%25en1]').readings.map((r) => r.result)).toEqual(['address', 'failure', 'not-applicable', 'not-applicable']);
  });

  it('refuses what is no string', () => {
    expect(() => hostAddress(5 as never)).toThrow(TypeError);
  });
});

describe('special-purpose blocks (IANA registries, RFC 6890)', () => {
  it.each([
    ['127.0.0.1', 'Loopback', false],
    ['10.20.30.40', 'Private-Use', false],
    ['172.31.255.255', 'Private-Use', false],
    ['192.168.1.1', 'Private-Use', false],
    ['169.254.169.254', 'Link Local', false],
    ['100.64.0.1', 'Shared Address Space', false],
    ['0.0.0.0', '"This host on this network"', false],
    ['192.0.2.1', 'Documentation (TEST-NET-1)', false],
    ['192.0.0.9', 'Port Control Protocol Anycast', true],
    ['255.255.255.255', 'Limited Broadcast', false],
    ['224.0.0.251', 'Multicast', false],
    ['[::1]', 'Loopback Address', false],
    ['[::]', 'Unspecified Address', false],
    ['[fe80::1]', 'Link-Local Unicast', false],
    ['[fd00::1]', 'Unique-Local', false],
    ['[2001:db8::1]', 'Documentation', false],
    ['[2001:1::1]', 'Port Control Protocol Anycast', true],
  ] as const)('%s: %s, globally reachable %s', (host, name, reachable) => {
    const a = hostAddress(host).addresses[0];
    expect([a.purposes[0].name, a.globallyReachable]).toEqual([name, reachable]);
  });

  it('a global unicast address is in no block', () => {
    expect(hostAddress('8.8.8.8').addresses[0]).toMatchObject({ purposes: [], globallyReachable: true });
    expect(hostAddress('[2606:4700::1111]').addresses[0]).toMatchObject({ purposes: [], globallyReachable: true });
    expect(hostAddress('172.32.0.1').addresses[0].purposes).toEqual([]);
  });

  it('docs/whatwg.md prints every block as the data has it', () => {
    const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'whatwg.md'), 'utf8');
    for (const p of [...IPV4_SPECIAL_PURPOSE, ...IPV6_SPECIAL_PURPOSE]) {
      const reachable = p.globallyReachable === null ? 'N/A' : p.globallyReachable ? 'yes' : 'no';
      expect(doc).toContain(`| \`${p.block}\` | ${p.name} | ${p.rfc} | ${reachable}${p.source ? ' (*)' : ''} |`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Generated spellings against the oracles.

/** An IPv4 address written in `parts` parts, each in a radix, maybe with leading zeros, maybe a trailing dot. */
const spelling = fc
  .record({
    value: fc.nat({ max: 0xffffffff }),
    parts: fc.integer({ min: 1, max: 4 }),
    radixes: fc.array(fc.constantFrom<8 | 10 | 16>(8, 10, 16), { minLength: 4, maxLength: 4 }),
    zeros: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }),
    upper: fc.boolean(),
    trailingDot: fc.boolean(),
  })
  .map(({ value, parts, radixes, zeros, upper, trailingDot }) => {
    const bytes = [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
    const numbers = [...bytes.slice(0, parts - 1), bytes.slice(parts - 1).reduce((a, b) => a * 256 + b, 0)];
    const text = numbers.map((n, k) => {
      const r = radixes[k];
      if (r === 10) return String(n);
      if (r === 8) return `0${'0'.repeat(zeros[k])}${n.toString(8)}`;
      return `${upper ? '0X' : '0x'}${'0'.repeat(zeros[k])}${upper ? n.toString(16).toUpperCase() : n.toString(16)}`;
    });
    return { host: `${text.join('.')}${trailingDot ? '.' : ''}`, address: formatIpv4(value), trailingDot };
  });

/** Strings of digits, dots and x: spellings that are numbers, almost numbers, or no numbers. */
const nearNumbers = fc.array(fc.constantFrom('0', '1', '7', '8', '9', '25', '256', '0x', 'ff', 'f', '.', '.', 'x', '4294967295', '4294967296'), { minLength: 1, maxLength: 9 }).map((a) => a.join(''));

/** What Node's URL makes of a host: its IPv4 address, 'name', or 'failure'. */
function urlReads(host: string): string {
  try {
    const h = new URL(`http://${host}/`).hostname;
    return /^\d+\.\d+\.\d+\.\d+$/.test(h) ? h : 'name';
  } catch {
    return 'failure';
  }
}

describe('generated IPv4 spellings against the oracles', () => {
  it("the WHATWG reading is Node's URL's, for every spelling", () => {
    fc.assert(
      fc.property(spelling, ({ host, address }) => {
        expect(urlReads(host)).toBe(address);
        expect(reading(host, 'whatwg').addresses).toEqual([address]);
      }),
      { numRuns: 2000, seed: 2026 },
    );
    fc.assert(
      fc.property(nearNumbers, (host) => {
        const r = reading(host, 'whatwg');
        expect(r.result === 'address' ? r.addresses[0] : r.result).toBe(urlReads(host));
      }),
      { numRuns: 2000, seed: 31 },
    );
  });

  it('the RFC 3986 reading is an address exactly when net.isIP says IPv4', () => {
    fc.assert(
      fc.property(fc.oneof(spelling.map((s) => s.host), nearNumbers), (host) => {
        expect(reading(host, 'rfc3986').result === 'address').toBe(net.isIP(host) === 4);
      }),
      { numRuns: 2000, seed: 3986 },
    );
  });

  it('ambiguous exactly when the readings say different things', () => {
    fc.assert(
      fc.property(fc.oneof(spelling.map((s) => s.host), nearNumbers), (host) => {
        const url = urlReads(host);
        const outcomes = new Set([net.isIP(host) === 4 ? host : 'name', inetAton(host) === undefined ? 'name' : formatIpv4(inetAton(host) as number)]);
        if (url !== 'failure') outcomes.add(url);
        expect(hostAddress(host).ambiguous).toBe(outcomes.size > 1);
      }),
      { numRuns: 2000, seed: 6890 },
    );
  });

  it("the inet_aton reading is the C library's, for every spelling without a trailing dot (dns.lookup answers a number without the DNS)", async () => {
    const lookup = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`dns.lookup(${host}) asked the DNS: the C library read no number`)), 5000);
        dns.lookup(host, { family: 4 }, (e, address) => {
          clearTimeout(timer);
          if (e) reject(e);
          else resolve(address);
        });
      });
    await fc.assert(
      fc.asyncProperty(
        spelling.filter((s) => !s.trailingDot),
        async ({ host, address }) => {
          expect(inetAton(host)).toBe(Number(address.split('.').reduce((a, b) => a * 256 + Number(b), 0)));
          expect(await lookup(host)).toBe(address);
          expect(reading(host, 'inet-aton')).toMatchObject({ result: 'address', addresses: [address] });
        },
      ),
      { numRuns: 300, seed: 1122 },
    );
  }, 60_000);

  it('inet_aton(3) refuses what its manual page does not describe: a trailing dot, a bare 0x, an 8 in octal, five parts, a part too large', () => {
    for (const host of ['127.0.0.1.', '0x', '08', '1.2.3.4.5', '256.1', '1.16777216', '4294967296', '1..1', '.1', '1.', '0xg', '']) expect([host, inetAton(host)]).toEqual([host, undefined]);
    expect(inetAton('0')).toBe(0);
    expect(inetAton('00')).toBe(0);
    expect(inetAton('4294967295')).toBe(0xffffffff);
  });

  it('the WHATWG IPv4 parser names the part it fails at', () => {
    expect(whatwgIpv4('1.2.3.4.5')).toMatchObject({ ok: false, reason: 'too-many-parts', offset: 8 });
    expect(whatwgIpv4('1.08')).toMatchObject({ ok: false, reason: 'non-numeric-part', offset: 2 });
    expect(whatwgIpv4('256.1')).toMatchObject({ ok: false, reason: 'out-of-range-part', offset: 0 });
    expect(whatwgIpv4('1.16777216')).toMatchObject({ ok: false, reason: 'out-of-range-part', offset: 2 });
  });
});

describe('generated IPv6 spellings', () => {
  const pieces = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff })), { minLength: 8, maxLength: 8 });
  const written = fc.record({ p: pieces, compress: fc.boolean(), upper: fc.boolean(), dotted: fc.boolean() }).map(({ p, compress, upper, dotted }) => {
    let groups = p.map((x) => x.toString(16));
    if (dotted) groups = [...groups.slice(0, 6), `${p[6] >> 8}.${p[6] & 0xff}.${p[7] >> 8}.${p[7] & 0xff}`];
    let text = groups.join(':');
    if (compress) text = text.replace(/(^|:)0(:0)+(:|$)/, '::');
    return { text: upper ? text.toUpperCase() : text, p };
  });

  it('read alike by RFC 3986 and the URL parser, as Node reads it, and net.isIP says IPv6', () => {
    fc.assert(
      fc.property(written, ({ text }) => {
        expect(net.isIP(text)).toBe(6);
        const h = hostAddress(`[${text}]`);
        expect(h.ambiguous).toBe(false);
        expect(h.addresses[0].address).toBe(new URL(`http://[${text}]/`).hostname.slice(1, -1));
        expect(h.addresses[0].readings).toEqual(['rfc3986', 'whatwg']);
      }),
      { numRuns: 1000, seed: 4291 },
    );
  });
});

describe('hostAddress(host, { scheme }) (issue 46, item 5)', () => {
  const whatwgOf = (host: string, scheme?: string) => hostAddress(host, scheme === undefined ? undefined : { scheme }).readings.find((r) => r.reading === 'whatwg')!;

  it('gopher://0x7f.1/: the opaque-host parser, no WHATWG address; the inet_aton reading (what C resolvers do) stays', () => {
    const h = hostAddress('0x7f.1', { scheme: 'gopher' });
    expect(h.scheme).toBe('gopher');
    expect(whatwgOf('0x7f.1', 'gopher')).toMatchObject({ result: 'name', addresses: [] });
    expect(whatwgOf('0x7f.1', 'gopher').detail).toMatch(/^opaque host "0x7f\.1"/);
    expect(h.readings.find((r) => r.reading === 'inet-aton')).toMatchObject({ result: 'address', addresses: ['127.0.0.1'] });
    expect(h.addresses.map((a) => [a.address, a.readings])).toEqual([['127.0.0.1', ['inet-aton']]]);
    expect(h.ambiguous).toBe(true);
  });

  it('a special scheme, in any case, is the host parser as without a scheme', () => {
    for (const scheme of ['http', 'HTTPS', 'ws', 'wss', 'ftp']) expect(whatwgOf('0x7f.1', scheme)).toEqual(whatwgOf('0x7f.1'));
  });

  it('xn--a: refused, as the runtime\'s URL (Node 20: UTS 46) refuses http://xn--a/; a valid A-label is a name', () => {
    expect(() => new URL('http://xn--a/')).toThrow();
    for (const host of ['xn--a', 'XN--A.com', 'a.xn--a']) expect(whatwgOf(host)).toMatchObject({ result: 'failure', detail: expect.stringMatching(/xn--/) });
    expect(whatwgOf('xn--nxasmq6b')).toMatchObject({ result: 'name', detail: 'domain "xn--nxasmq6b"' });
    // Not special: the opaque host takes it as written.
    expect(whatwgOf('xn--a', 'gopher')).toMatchObject({ result: 'name' });
  });

  it('reads as the runtime\'s URL does, for special and other schemes: an address, a name (the URL\'s host), or a failure', () => {
    const hosts = ['0x7f.1', '127.1', 'A.B', 'xn--a', 'b\u00fccher', 'a%2fb', 'a%zz', 'a^b', 'a<b', '[::1]', 'localhost', 'evil\u3002com', '1.2.3.4.5'];
    for (const scheme of ['http', 'gopher', 'foo']) {
      for (const host of hosts) {
        let expected: string | undefined;
        try {
          expected = new URL(`${scheme}://${host}/`).hostname;
        } catch {
          expected = undefined;
        }
        const r = whatwgOf(host, scheme);
        const got = r.result === 'failure' ? undefined : r.result === 'address' ? (r.addresses[0].includes(':') ? `[${r.addresses[0]}]` : r.addresses[0]) : /"(.*)"/.exec(r.detail)![1];
        expect({ scheme, host, got }).toEqual({ scheme, host, got: expected });
      }
    }
  });

  it('refuses a scheme that is no scheme, by name', () => {
    expect(() => hostAddress('a', { scheme: '1x' })).toThrow(/hostAddress: option scheme must be a scheme/);
    expect(() => hostAddress('a', { scheme: 3 as unknown as string })).toThrow(/option scheme must be a string/);
    expect(() => hostAddress('a', { colour: 'red' } as never)).toThrow(/colour/);
  });
});
