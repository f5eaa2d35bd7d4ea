import { type Address, type Hex, isAddressEqual, namehash, parseAbi, zeroAddress } from 'viem';
import { normalize } from 'viem/ens';
import type { ChainAccess } from './client';

const REGISTRY_ABI = parseAbi(['function resolver(bytes32 node) view returns (address)']);
const RESOLVER_ABI = parseAbi([
  'function name(bytes32 node) view returns (string)',
  'function addr(bytes32 node) view returns (address)',
]);

/**
 * The ENS name of each address, verified both ways: the reverse record (`<address>.addr.reverse`) names it, and the
 * name's forward record points back at the address; anything else (no record, a name that does not normalise, a
 * forward record elsewhere: anyone can claim any name in reverse) reads as null. Straight from the registry and
 * the resolvers, as mainnet's and the devnet's ENS both answer, since viem's getEnsName needs a Universal
 * Resolver. Chain failures reject; the caller decides what a missing answer means.
 */
export async function lookupEnsNames(
  chain: ChainAccess,
  addresses: readonly string[],
): Promise<Map<string, string | null>> {
  const registry = chain.contracts.ensRegistry;
  const names = new Map<string, string | null>();
  if (!registry) {
    for (const address of addresses) names.set(address, null);
    return names;
  }
  await Promise.all(
    addresses.map(async (address) => {
      names.set(address, await verifiedName(chain, registry, address as Address));
    }),
  );
  return names;
}

async function verifiedName(chain: ChainAccess, registry: Hex, address: Address): Promise<string | null> {
  const reverseNode = namehash(`${address.slice(2).toLowerCase()}.addr.reverse`);
  const claimed = await recordOf(chain, registry, reverseNode, 'name');
  if (!claimed) return null;
  let name: string;
  try {
    name = normalize(claimed);
  } catch {
    return null;
  }
  // A name that normalises to something else is not the name its owner set.
  if (name !== claimed) return null;
  const target = await recordOf(chain, registry, namehash(name), 'addr');
  return target && isAddressEqual(target as Address, address) ? name : null;
}

/** A node's record on its resolver; undefined when the node has no resolver or the resolver has no such record. */
async function recordOf(
  chain: ChainAccess,
  registry: Hex,
  node: Hex,
  record: 'name' | 'addr',
): Promise<string | undefined> {
  const resolver = await chain.client.readContract({
    address: registry,
    abi: REGISTRY_ABI,
    functionName: 'resolver',
    args: [node],
  });
  if (isAddressEqual(resolver, zeroAddress)) return undefined;
  const read =
    record === 'name'
      ? chain.client.readContract({ address: resolver, abi: RESOLVER_ABI, functionName: 'name', args: [node] })
      : chain.client.readContract({ address: resolver, abi: RESOLVER_ABI, functionName: 'addr', args: [node] });
  // A resolver without this record reverts or answers empty: no name.
  const value = await read.catch(() => undefined);
  return value === undefined || value === '' || value === zeroAddress ? undefined : value;
}
