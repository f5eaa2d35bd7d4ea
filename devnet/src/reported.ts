import type { Address } from 'viem';
import type { DevnetManifest } from './deploy';

/**
 * Tokens "reported" on the devnet, the way a marketplace flags stolen or suspicious items, by collection slug. All
 * are preminted, so they exist from the first block. Kept out of the catalog: the catalog is part of the snapshot's
 * key, and flags are not part of the chain.
 */
export const REPORTED_TOKEN_IDS: Readonly<Record<string, readonly number[]>> = {
  'moonlit-foxes': [137, 1042],
  'rust-choir': [88],
  'static-saints': [404, 777],
  'drowsy-bears': [12],
  'glass-orbits': [256, 513],
  'paper-peaks': [61],
  'hollow-moons': [300],
  'quiet-grids': [9, 210],
  'velvet-whiskers': [33],
  'dune-drifters': [101],
  'marble-monks': [7],
  'ember-alchemy': [13],
};

/** The reported tokens at the addresses this devnet deployed them to. */
export function reportedTokens(manifest: DevnetManifest): { collection: Address; tokenId: bigint }[] {
  return manifest.collections.flatMap(({ slug, address }) =>
    (REPORTED_TOKEN_IDS[slug] ?? []).map((id) => ({ collection: address, tokenId: BigInt(id) })),
  );
}
