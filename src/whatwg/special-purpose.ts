/**
 * The special-purpose address blocks, written from the IANA IPv4 and IPv6
 * Special-Purpose Address Registries (iana-ipv4-special-registry,
 * iana-ipv6-special-registry), whose form and first entries RFC 6890 set
 * out (RFC 6890 2.2.2, 2.2.3; updated by RFC 8190), each block with the RFC
 * the registry names for it and the registry's "Globally Reachable" column.
 * The multicast blocks are not in those registries; they are added from
 * RFC 5771 (IPv4, the IANA IPv4 Multicast Address Space Registry) and RFC
 * 4291 2.7 (IPv6), marked so. The registries are the authority: a block
 * added after this table was written is not here (docs/whatwg.md says when).
 */

export interface SpecialPurpose {
  /** The block, as the registry writes it: "127.0.0.0/8". */
  readonly block: string;
  /** The registry's name for it: "Loopback", "Private-Use", ... */
  readonly name: string;
  /** The RFCs the registry names. */
  readonly rfc: string;
  /**
   * The registry's "Globally Reachable": false for an address no request
   * from outside should reach (loopback, private, link-local, documentation,
   * ...), true for a special block that is reachable (anycast services),
   * null where the registry says N/A (deprecated blocks).
   */
  readonly globallyReachable: boolean | null;
  /** Where the entry comes from when it is not the special-purpose registry of its family. */
  readonly source?: string;
}

type Entry = readonly [block: string, name: string, rfc: string, globallyReachable: boolean | null, source?: string];

const IPV4: readonly Entry[] = [
  ['0.0.0.0/8', '"This network"', 'RFC 791 3.2', false],
  ['0.0.0.0/32', '"This host on this network"', 'RFC 1122 3.2.1.3', false],
  ['10.0.0.0/8', 'Private-Use', 'RFC 1918', false],
  ['100.64.0.0/10', 'Shared Address Space', 'RFC 6598', false],
  ['127.0.0.0/8', 'Loopback', 'RFC 1122 3.2.1.3', false],
  ['169.254.0.0/16', 'Link Local', 'RFC 3927', false],
  ['172.16.0.0/12', 'Private-Use', 'RFC 1918', false],
  ['192.0.0.0/24', 'IETF Protocol Assignments', 'RFC 6890 2.1', false],
  ['192.0.0.0/29', 'IPv4 Service Continuity Prefix', 'RFC 7335', false],
  ['192.0.0.8/32', 'IPv4 dummy address', 'RFC 7600', false],
  ['192.0.0.9/32', 'Port Control Protocol Anycast', 'RFC 7723', true],
  ['192.0.0.10/32', 'Traversal Using Relays around NAT Anycast', 'RFC 8155', true],
  ['192.0.0.170/32', 'NAT64/DNS64 Discovery', 'RFC 8880; RFC 7050 2.2', false],
  ['192.0.0.171/32', 'NAT64/DNS64 Discovery', 'RFC 8880; RFC 7050 2.2', false],
  ['192.0.2.0/24', 'Documentation (TEST-NET-1)', 'RFC 5737', false],
  ['192.31.196.0/24', 'AS112-v4', 'RFC 7535', true],
  ['192.52.193.0/24', 'AMT', 'RFC 7450', true],
  ['192.88.99.0/24', 'Deprecated (6to4 Relay Anycast)', 'RFC 7526', null],
  ['192.168.0.0/16', 'Private-Use', 'RFC 1918', false],
  ['192.175.48.0/24', 'Direct Delegation AS112 Service', 'RFC 7534', true],
  ['198.18.0.0/15', 'Benchmarking', 'RFC 2544', false],
  ['198.51.100.0/24', 'Documentation (TEST-NET-2)', 'RFC 5737', false],
  ['203.0.113.0/24', 'Documentation (TEST-NET-3)', 'RFC 5737', false],
  ['224.0.0.0/4', 'Multicast', 'RFC 5771', false, 'IANA IPv4 Multicast Address Space Registry (RFC 5771), not the special-purpose registry'],
  ['240.0.0.0/4', 'Reserved', 'RFC 1112 4', false],
  ['255.255.255.255/32', 'Limited Broadcast', 'RFC 8190; RFC 919 7', false],
];

const IPV6: readonly Entry[] = [
  ['::1/128', 'Loopback Address', 'RFC 4291', false],
  ['::/128', 'Unspecified Address', 'RFC 4291', false],
  ['::ffff:0:0/96', 'IPv4-mapped Address', 'RFC 4291', false],
  ['64:ff9b::/96', 'IPv4-IPv6 Translat.', 'RFC 6052', true],
  ['64:ff9b:1::/48', 'IPv4-IPv6 Translat.', 'RFC 8215', false],
  ['100::/64', 'Discard-Only Address Block', 'RFC 6666', false],
  ['2001::/23', 'IETF Protocol Assignments', 'RFC 2928', false],
  ['2001::/32', 'TEREDO', 'RFC 4380; RFC 8190', null],
  ['2001:1::1/128', 'Port Control Protocol Anycast', 'RFC 7723', true],
  ['2001:1::2/128', 'Traversal Using Relays around NAT Anycast', 'RFC 8155', true],
  ['2001:2::/48', 'Benchmarking', 'RFC 5180', false],
  ['2001:3::/32', 'AMT', 'RFC 7450', true],
  ['2001:4:112::/48', 'AS112-v6', 'RFC 7535', true],
  ['2001:10::/28', 'Deprecated (previously ORCHID)', 'RFC 4843', null],
  ['2001:20::/28', 'ORCHIDv2', 'RFC 7343', true],
  ['2001:30::/28', 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', 'RFC 9374', true],
  ['2001:db8::/32', 'Documentation', 'RFC 3849', false],
  ['2002::/16', '6to4', 'RFC 3056', null],
  ['2620:4f:8000::/48', 'Direct Delegation AS112 Service', 'RFC 7534', true],
  ['3fff::/20', 'Documentation', 'RFC 9637', false],
  ['5f00::/16', 'Segment Routing (SRv6) SIDs', 'RFC 9602', false],
  ['fc00::/7', 'Unique-Local', 'RFC 4193; RFC 8190', false],
  ['fe80::/10', 'Link-Local Unicast', 'RFC 4291', false],
  ['ff00::/8', 'Multicast', 'RFC 4291 2.7', false, 'RFC 4291 2.7 (the IPv6 multicast prefix), not the special-purpose registry'],
];

function purpose([block, name, rfc, globallyReachable, source]: Entry): SpecialPurpose {
  return source === undefined ? { block, name, rfc, globallyReachable } : { block, name, rfc, globallyReachable, source };
}

/** The IPv4 blocks, as data (docs/whatwg.md prints them). */
export const IPV4_SPECIAL_PURPOSE: readonly SpecialPurpose[] = IPV4.map(purpose);
/** The IPv6 blocks, as data. */
export const IPV6_SPECIAL_PURPOSE: readonly SpecialPurpose[] = IPV6.map(purpose);

/** An address as 16 or 4 bytes, and a block's prefix bytes and length: a block holds an address when the first `length` bits agree. */
function inBlock(address: readonly number[], prefix: readonly number[], length: number): boolean {
  for (let bit = 0; bit < length; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((address[byte] & mask) !== (prefix[byte] & mask)) return false;
  }
  return true;
}

/** Each table's blocks as [prefix bytes, prefix length, entry], read on first use. */
const parsedTables = new Map<readonly SpecialPurpose[], Array<[readonly number[], number, SpecialPurpose]>>();

/**
 * The blocks that hold an address given as bytes (4 for IPv4, 16 for IPv6),
 * most specific first (the longest prefix: 192.0.0.9 is "Port Control
 * Protocol Anycast" before "IETF Protocol Assignments"). `parse` reads a
 * block's address into bytes (once per table).
 */
export function specialPurposes(bytes: readonly number[], table: readonly SpecialPurpose[], parse: (address: string) => readonly number[]): SpecialPurpose[] {
  let blocks = parsedTables.get(table);
  if (blocks === undefined) {
    blocks = table.map((p) => {
      const [address, bits] = p.block.split('/');
      return [parse(address), Number(bits), p];
    });
    parsedTables.set(table, blocks);
  }
  return blocks
    .filter(([prefix, length]) => inBlock(bytes, prefix, length))
    .sort((a, b) => b[1] - a[1])
    .map(([, , p]) => p);
}
