import type { LooksRareMaker, OrderComponents } from '@floordesk/contracts';
import type { Address, Hex } from 'viem';
import type { ChainView } from './chain-view';
import { holdingKey, type SimCollection } from './collections';

type ListingFields = {
  /** Seaport's order hash, or LooksRare's maker hash. */
  orderHash: Hex;
  collection: SimCollection;
  seller: Address;
  tokenId: bigint;
  amount: bigint;
  /** What the buyer pays in all. */
  priceWei: bigint;
  signature: Hex;
};

/** A listing the simulator posted on OpenSea: a Seaport order, ended by a cancel or a counter bump. */
export type SeaportListing = ListingFields & { protocol: 'seaport'; order: OrderComponents };

/** A listing the simulator posted on LooksRare: a maker ask, ended by any of its three nonces. */
export type LooksRareListing = ListingFields & { protocol: 'looksrare-v2'; maker: LooksRareMaker };

/** A listing the simulator posted. */
export type SimListing = SeaportListing | LooksRareListing;

/** Bounds memory on a devnet left running for days; the oldest listings stay valid, the bots just forget them. */
const MAX_LISTINGS = 5_000;
/** A listing this close to its end is not bought: the fill could land after it. */
const EXPIRY_MARGIN_SECONDS = 60n;

/** The simulator's own listings that their exchange would still fill. */
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

  /** Forgets the signer's LooksRare listings carrying one of these cancelled order or subset nonces. */
  removeNonces(signer: Address, kind: 'order' | 'subset', nonces: readonly bigint[]): void {
    for (const [key, listing] of this.listings) {
      if (listing.protocol !== 'looksrare-v2' || !sameAddress(listing.seller, signer)) continue;
      if (nonces.includes(kind === 'order' ? listing.maker.orderNonce : listing.maker.subsetNonce)) {
        this.listings.delete(key);
      }
    }
  }

  get size(): number {
    return this.listings.size;
  }

  /** Drops listings that expired, whose seller bumped the counter or ask nonce, or whose NFT left the seller. */
  prune(view: ChainView, nowSeconds: bigint): void {
    for (const [key, listing] of this.listings) {
      const [endTime, outbumped] =
        listing.protocol === 'seaport'
          ? [listing.order.endTime, listing.order.counter < view.counter(listing.seller)]
          : [listing.maker.endTime, listing.maker.globalNonce < view.askNonce(listing.seller)];
      const dead =
        endTime <= nowSeconds + EXPIRY_MARGIN_SECONDS ||
        outbumped ||
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

  /** Token ids the seller has listed in the collection, on either marketplace. */
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
