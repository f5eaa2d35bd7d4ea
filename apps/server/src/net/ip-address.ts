import { isIPv4, isIPv6 } from 'node:net';

/**
 * What an IP address reaches. Only `public` addresses are fetched for URLs that users or contracts choose; every other
 * kind is the operator's own network, the machine itself, or nowhere a server should go.
 */
export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'metadata'
  | 'multicast'
  | 'reserved';

/** A prefix, and what it reaches: a kind, or the IPv4 address embedded at a byte offset. */
type Range = { prefix: Uint8Array; bits: number; kind: AddressKind | { ipv4At: number } };

const range = (address: string, bits: number, kind: Range['kind']): Range => {
  const prefix = ipBytes(address);
  if (!prefix) throw new Error(`not an address: ${address}`);
  return { prefix, bits, kind };
};

// Most specific first: the first range that holds an address names it.
const IPV4: readonly Range[] = [
  // Cloud instance metadata: AWS, GCP and Azure (169.254.169.254), AWS ECS tasks, Alibaba, Azure's host endpoint.
  range('169.254.169.254', 32, 'metadata'),
  range('169.254.170.2', 32, 'metadata'),
  range('100.100.100.200', 32, 'metadata'),
  range('168.63.129.16', 32, 'metadata'),
  range('0.0.0.0', 8, 'unspecified'),
  range('10.0.0.0', 8, 'private'),
  range('100.64.0.0', 10, 'shared'),
  range('127.0.0.0', 8, 'loopback'),
  range('169.254.0.0', 16, 'link-local'),
  range('172.16.0.0', 12, 'private'),
  range('192.0.0.0', 24, 'reserved'),
  range('192.0.2.0', 24, 'reserved'),
  range('192.88.99.0', 24, 'reserved'),
  range('192.168.0.0', 16, 'private'),
  range('198.18.0.0', 15, 'reserved'),
  range('198.51.100.0', 24, 'reserved'),
  range('203.0.113.0', 24, 'reserved'),
  range('224.0.0.0', 4, 'multicast'),
  range('240.0.0.0', 4, 'reserved'),
];

const IPV6: readonly Range[] = [
  range('::', 128, 'unspecified'),
  range('::1', 128, 'loopback'),
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address in their last 32 bits.
  range('::ffff:0:0', 96, { ipv4At: 12 }),
  range('64:ff9b::', 96, { ipv4At: 12 }),
  range('fd00:ec2::254', 128, 'metadata'),
  range('fc00::', 7, 'unique-local'),
  range('fe80::', 10, 'link-local'),
  range('ff00::', 8, 'multicast'),
  // Teredo, ORCHID, documentation and the other IETF assignments.
  range('2001::', 23, 'reserved'),
  range('2001:db8::', 32, 'reserved'),
  // 6to4 reaches the IPv4 address in bits 16–47.
  range('2002::', 16, { ipv4At: 2 }),
  // Global unicast; everything outside it (IPv4-compatible, site-local, discard, unassigned) is reserved.
  range('2000::', 3, 'public'),
];

/** Classifies an IPv4 or IPv6 address (a zone index is ignored); anything that is not one counts as reserved. */
export function addressKind(address: string): AddressKind {
  const bytes = ipBytes(address.replace(/%.*$/, ''));
  if (!bytes) return 'reserved';
  return bytes.length === 4 ? kindOf(bytes, IPV4, 'public') : kindOf(bytes, IPV6, 'reserved');
}

function kindOf(bytes: Uint8Array, ranges: readonly Range[], otherwise: AddressKind): AddressKind {
  const match = ranges.find((candidate) => inRange(bytes, candidate));
  if (!match) return otherwise;
  if (typeof match.kind === 'string') return match.kind;
  const { ipv4At } = match.kind;
  return kindOf(bytes.subarray(ipv4At, ipv4At + 4), IPV4, 'public');
}

function inRange(bytes: Uint8Array, { prefix, bits }: Range): boolean {
  if (bytes.length !== prefix.length) return false;
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/** The address's 4 or 16 bytes, or undefined when it is not an address in standard notation. */
function ipBytes(address: string): Uint8Array | undefined {
  if (isIPv4(address)) return Uint8Array.from(address.split('.').map(Number));
  if (!isIPv6(address)) return undefined;
  const [head = '', tail] = address.split('::');
  const first = ipv6Words(head);
  const last = tail === undefined ? [] : ipv6Words(tail);
  const words = [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
  return Uint8Array.from(words.flatMap((word) => [word >> 8, word & 0xff]));
}

/** The 16-bit words of one side of `::`, a trailing dotted IPv4 counting as two. */
function ipv6Words(part: string): number[] {
  if (part === '') return [];
  return part.split(':').flatMap((group) => {
    if (!group.includes('.')) return [Number.parseInt(group, 16)];
    const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
    return [(a << 8) | b, (c << 8) | d];
  });
}
