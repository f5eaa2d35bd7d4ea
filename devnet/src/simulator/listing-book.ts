import type { Address, Hex } from 'viem';
import type { ChainView } from './chain-view';
import { holdingKey, type SimCollection } from './collections';
import type { SignedOrder } from '@floordesk/contracts';
import type { SimMarketplace } from './types';

/** A listing the simulator posted. */
export type SimListing = SignedOrder & {
  orderHash: Hex;
  marketplace: SimMarketplace;
  collection: SimCollection;
  seller: Address;
  tokenId: bigint;
  amount: bigint;
  priceWei: bigint;
};

/** Bounds memory on a devnet left running for days; the oldest listings stay valid, the bots just forget them. */
const MAX_LISTINGS = 5_000;
/** A listing this close to its end is not bought: the fill could land after it. */
const EXPIRY_MARGIN_SECONDS = 60n;

/** The simulator's own listings that Seaport would still fill. */
export class ListingBook {
  private listings = new Map<string, SimListing>();

  add(listing: SimListing): void {
    this.listings.set(listing.orderHash.toLowerCase(), listing);
    if (this.listings.size > MAX_LISTINGS) {
      const [oldest] = this.listings.keys();
      if (oldest !== undefined) this.listings.delete(oldest);
    }
  }

  remove(orderHash: Hex): void {
    this.listings.delete(orderHash.toLowerCase());
  }

  get size(): number {
    return this.listings.size;
  }

  /** Drops listings that expired, whose seller bumped the counter, or whose NFT left the seller. */
  prune(view: ChainView, nowSeconds: bigint): void {
    for (const [key, listing] of this.listings) {
      const dead =
        listing.order.endTime <= nowSeconds + EXPIRY_MARGIN_SECONDS ||
        listing.order.counter < view.counter(listing.seller) ||
        view.balance(listing.seller, listing.collection.address, listing.tokenId) < listing.amount;
      if (dead) this.listings.delete(key);
    }
  }

  /** Listings no transaction in flight is filling, cancelling or moving the NFT of. */
  available(isClaimed: (key: string) => boolean, isOrderClaimed: (orderHash: Hex) => boolean): SimListing[] {
    return [...this.listings.values()].filter(
      (listing) =>
        !isOrderClaimed(listing.orderHash) &&
        !isClaimed(holdingKey(listing.seller, listing.collection.address, listing.tokenId)),
    );
  }

  /** Token ids the seller has listed in the collection. */
  listedBy(seller: Address, collection: Address): Set<bigint> {
    const ids = new Set<bigint>();
    for (const listing of this.listings.values()) {
      if (sameAddress(listing.seller, seller) && sameAddress(listing.collection.address, collection)) {
        ids.add(listing.tokenId);
      }
    }
    return ids;
  }
}

function sameAddress(a: Address, b: Address): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
