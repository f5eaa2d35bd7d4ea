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

/** The key a counter bump claims: the account signs no listing until it lands. */
export function counterKey(owner: Address): string {
  return `${owner.toLowerCase()}:counter`;
}

export function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}
