import type { ExchangeProtocol } from '@floordesk/protocol';
import type { Address } from 'viem';
import type { Random } from '../random';
import { getOrCreate } from './collections';
import type { ActionKind } from './types';

/**
 * How deep the bots keep every collection's book. Buys, sweeps, cancels, counter bumps, transfers and expiries all
 * take listings away; only listing adds them. A fixed mix of actions therefore drains the book whenever the takers
 * outweigh the listers (they did: 22 buys, 4 sweeps of ~4, 7 cancels and a counter bump of ~15 listings against 35
 * lists per 100 actions emptied it within a quarter of an hour). So the mix steers: the thinner the book, the more
 * the bots list, and they list where the book is thinnest; and no action but an expiry takes a collection below its
 * floor depth.
 */
export const BOOK_DEPTH = {
  /** Tokens listed per collection that listing steers towards; the market opens at it. */
  target: 12,
  /** No trade, cancel, transfer or counter bump leaves a collection with fewer tokens listed ... */
  floorTokens: 4,
  /** ... or with fewer distinct sellers. */
  floorSellers: 3,
  /** While a collection's book has fewer sellers than this, a new listing comes from a holder not yet in it. */
  wantedSellers: 6,
  /** Only a seller with at most this many tokens listed bumps the counter: a big book is cancelled one by one. */
  bumpTokens: 6,
} as const;

/** How often each action is drawn, in percent, while the book is at its target depth. */
export const ACTION_WEIGHTS: readonly { kind: ActionKind; weight: number }[] = [
  { kind: 'list', weight: 46 },
  { kind: 'buy', weight: 18 },
  { kind: 'sweep', weight: 4 },
  { kind: 'reprice', weight: 9 },
  { kind: 'cancel', weight: 6 },
  { kind: 'transfer', weight: 4 },
  { kind: 'mint', weight: 6 },
  { kind: 'counter', weight: 1 },
  { kind: 'idle', weight: 6 },
];

/** The share of new listings, and of "cancel all"s, on OpenSea (Seaport); the others are on LooksRare. */
export const OPENSEA_SHARE = 0.6;

/**
 * How often a cancelled LooksRare listing goes with its whole subset (the seller's asks sharing its subset nonce),
 * when the book can spare them all; otherwise it goes alone, by its order nonce.
 */
export const SUBSET_CANCEL_SHARE = 0.3;

/**
 * How many repricings ask more rather than less. A lower price is listed beside the old one, which stays valid, as on
 * mainnet: a buyer takes the cheaper. A higher one would leave the old one to be bought, so it is cancelled first.
 */
export const RAISE_SHARE = 0.2;

/** Bounds of the factor on the listing weight: a full book still lists, an empty one still trades what it can. */
const LISTING_PRESSURE = [0.25, 6] as const;

/** The actions that take listings from the book. */
const TAKERS: ReadonlySet<ActionKind> = new Set(['buy', 'sweep', 'cancel', 'transfer', 'counter']);

const MINUTE_S = 60;
const HOUR_S = 3_600;

/** What the depth of a book is made of: one token of one seller, however many listings it has. */
export type BookEntry = { collection: { slug: string }; seller: Address; tokenId: bigint };

/** The book's depth per collection: distinct tokens listed and distinct sellers. */
export class BookShape {
  /** slug → seller → token ids listed. */
  private book = new Map<string, Map<string, Set<bigint>>>();
  private tokenCounts = new Map<string, number>();
  readonly total: number;

  constructor(
    entries: Iterable<BookEntry>,
    /** How many collections the book should cover. */
    private readonly collections: number,
  ) {
    let total = 0;
    for (const { collection, seller, tokenId } of entries) {
      const sellers = getOrCreate(this.book, collection.slug, () => new Map<string, Set<bigint>>());
      const tokens = getOrCreate(sellers, seller.toLowerCase(), () => new Set<bigint>());
      if (tokens.has(tokenId)) continue;
      tokens.add(tokenId);
      this.tokenCounts.set(collection.slug, (this.tokenCounts.get(collection.slug) ?? 0) + 1);
      total++;
    }
    this.total = total;
  }

  tokens(slug: string): number {
    return this.tokenCounts.get(slug) ?? 0;
  }

  sellers(slug: string): number {
    return this.book.get(slug)?.size ?? 0;
  }

  isSelling(slug: string, seller: Address): boolean {
    return this.book.get(slug)?.has(seller.toLowerCase()) ?? false;
  }

  /**
   * Whether every collection keeps its floor depth once these tokens leave the book (bought, moved, cancelled): a
   * token's other listings by the same seller go with it. Tokens not in the book take nothing away.
   */
  allowsRemoving(entries: readonly BookEntry[]): boolean {
    const removed = new Map<string, Map<string, Set<bigint>>>();
    for (const { collection, seller, tokenId } of entries) {
      if (!this.book.get(collection.slug)?.get(seller.toLowerCase())?.has(tokenId)) continue;
      const sellers = getOrCreate(removed, collection.slug, () => new Map<string, Set<bigint>>());
      getOrCreate(sellers, seller.toLowerCase(), () => new Set<bigint>()).add(tokenId);
    }
    for (const [slug, removedBySeller] of removed) {
      let tokens = this.tokens(slug);
      let sellers = this.sellers(slug);
      for (const [seller, gone] of removedBySeller) {
        tokens -= gone.size;
        if (gone.size === this.book.get(slug)?.get(seller)?.size) sellers--;
      }
      // A collection held by too few bots to reach the floor's sellers may still trade, as long as none drops out.
      if (tokens < BOOK_DEPTH.floorTokens) return false;
      if (sellers < BOOK_DEPTH.floorSellers && sellers < this.sellers(slug)) return false;
    }
    return true;
  }

  /** The listings a trade, cancel or transfer may take one at a time. */
  takeable<T extends BookEntry>(listings: readonly T[]): T[] {
    return listings.filter((listing) => this.allowsRemoving([listing]));
  }

  /** Up to `size` of these listings (one collection's, cheapest first, one per token) that one sweep may take. */
  sweepable<T extends BookEntry>(cheapestFirst: readonly T[], size: number): T[] {
    const picked: T[] = [];
    for (const listing of cheapestFirst) {
      if (picked.length === size) break;
      if (this.allowsRemoving([...picked, listing])) picked.push(listing);
    }
    return picked;
  }

  /** The sellers whose counter bump (every listing of theirs gone at once) takes little and keeps every floor. */
  bumpableSellers(listings: readonly BookEntry[]): Address[] {
    const bySeller = new Map<string, BookEntry[]>();
    for (const listing of listings) getOrCreate(bySeller, listing.seller.toLowerCase(), () => []).push(listing);
    return [...bySeller.values()]
      .filter((own) => new BookShape(own, 1).total <= BOOK_DEPTH.bumpTokens && this.allowsRemoving(own))
      .map((own) => own[0]?.seller)
      .filter((seller) => seller !== undefined);
  }

  /** The action mix at this depth: the listing weight grows with the fourth power of how far the book is below target. */
  actionWeights(): { kind: ActionKind; weight: number }[] {
    const fill = this.total / (BOOK_DEPTH.target * this.collections);
    const pressure = clamp(fill > 0 ? 1 / fill ** 4 : Infinity, ...LISTING_PRESSURE);
    return ACTION_WEIGHTS.map((entry) =>
      entry.kind === 'list'
        ? { ...entry, weight: entry.weight * pressure }
        : TAKERS.has(entry.kind)
          ? { ...entry, weight: entry.weight / Math.max(1, pressure) }
          : entry,
    );
  }

  /** How much more a collection is listed in than one at its target depth. */
  listingWeight(slug: string): number {
    return (BOOK_DEPTH.target / (this.tokens(slug) + 1)) ** 2;
  }

  /** Whether the next listing in this collection should come from a seller not yet in its book. */
  wantsNewSeller(slug: string): boolean {
    return this.sellers(slug) < BOOK_DEPTH.wantedSellers;
  }
}

/** The exchange a new listing, or a "cancel all", is for. */
export function pickProtocol(random: Random): ExchangeProtocol {
  return random.next() < OPENSEA_SHARE ? 'seaport' : 'looksrare-v2';
}

/**
 * How much more often a collection held by few bots is the one a transfer moves a token of (mostly to a bot holding
 * none of it): the deploy leaves the smallest collections in one or two bots' hands, and sellers need holders.
 */
export function transferWeight(holders: number): number {
  return holders < BOOK_DEPTH.wantedSellers ? 6 : 1;
}

/** Mostly hours to a week; one in ten lasts under half an hour, so expiry is seen too. */
export function listingDuration(random: Random): number {
  if (random.next() < 0.1) return random.int(10 * MINUTE_S, 30 * MINUTE_S);
  return Math.round(HOUR_S * Math.exp(random.next() * Math.log(7 * 24)));
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
