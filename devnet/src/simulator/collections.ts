import type { ExchangeProtocol } from '@floordesk/protocol';
import type { Address } from 'viem';
import { type CollectionSpec, collectionBySlug } from '../catalog';
import type { DevnetManifest } from '../deploy';

/** A deployed collection with the catalog entry it was deployed from. */
export type SimCollection = {
  slug: string;
  address: Address;
  standard: CollectionSpec['standard'];
  spec: CollectionSpec;
};

export function simCollections(manifest: DevnetManifest): SimCollection[] {
  return manifest.collections.map((collection) => {
    const spec = collectionBySlug(collection.slug);
    if (!spec) throw new Error(`the manifest's collection ${collection.slug} is not in the catalog`);
    return { ...collection, spec };
  });
}

/** The key of one token of one owner, as the simulator's maps use it (addresses lowercased). */
export function holdingKey(owner: Address, collection: Address, tokenId: bigint): string {
  return `${owner.toLowerCase()}:${collection.toLowerCase()}:${tokenId}`;
}

/**
 * The key a bump of the account's global nonce on one exchange claims (Seaport's counter, LooksRare's ask nonce): the
 * account signs no listing for that exchange until it lands.
 */
export function counterKey(owner: Address, protocol: ExchangeProtocol): string {
  return `${owner.toLowerCase()}:${protocol}:counter`;
}

/** The key a seller's LooksRare approvals in flight claim: it neither asks there nor approves again until they land. */
export function looksRareApprovalKey(owner: Address): string {
  return `${owner.toLowerCase()}:looksrare-approval`;
}

export function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}
