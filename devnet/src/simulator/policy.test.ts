import { EXCHANGE_PROTOCOLS, type ExchangeProtocol } from '@floordesk/protocol';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS, PREMINT_CHUNK } from '../catalog';
import { type Random, seededRandom } from '../random';
import { getOrCreate, type SimCollection } from './collections';
import { SUBSETS_PER_BOT } from './looksrare-sellers';
import { Market } from './market';
import {
  BOOK_DEPTH,
  BookShape,
  listingDuration,
  pickProtocol,
  RAISE_SHARE,
  SUBSET_CANCEL_SHARE,
  transferWeight,
} from './policy';

const MINUTE = 60_000;
const BOTS = Array.from({ length: 20 }, (_, i): Address => `0x${(i + 1).toString(16).padStart(40, 'b')}`);
const collections: SimCollection[] = COLLECTIONS.map((spec, i) => ({
  slug: spec.slug,
  address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
  standard: spec.standard,
  spec,
}));

type PaperListing = {
  collection: SimCollection;
  seller: Address;
  tokenId: bigint;
  protocol: ExchangeProtocol;
  /** A LooksRare ask's subset, one of its seller's. */
  subset: number | null;
  priceWei: bigint;
  endsAt: number;
};

/**
 * The simulator's choices (policy.ts and the market's mood, exactly as actions.ts makes them) played on paper
 * instead of the chain: a listing is an entry, a trade moves a token between bots at once. What the chain adds
 * (signatures, conduits, receipts) cannot make the book deeper, so a book that thins here thins on the devnet.
 */
class PaperMarket {
  /** slug → bot → token ids held. */
  private holdings = new Map<string, Map<Address, Set<bigint>>>();
  private nextTokenId = new Map<string, bigint>();
  /** bot → the subsets its LooksRare asks are in; a cancelled one is replaced by a new one. */
  private subsets = new Map<Address, number[]>();
  private nextSubset = 0;
  book: PaperListing[] = [];
  now = 0;
  private readonly market: Market;

  constructor(private readonly random: Random) {
    this.market = new Market(collections, random, seededRandom('paper:bursts'), 0);
    for (const collection of collections) {
      const held = new Map<Address, Set<bigint>>(BOTS.map((bot) => [bot, new Set<bigint>()]));
      // As the deploy mints: ERC-721 in chunks, chunk k to bot k, so a small collection starts with one holder;
      // ERC-1155 id k to bot k.
      const tokens = collection.standard === 'erc721' ? collection.spec.premint : collection.spec.supply;
      for (let id = 1; id <= tokens; id++) {
        const bot = collection.standard === 'erc721' ? Math.floor((id - 1) / PREMINT_CHUNK) : id;
        held.get(BOTS[bot % BOTS.length] as Address)?.add(BigInt(id));
      }
      this.holdings.set(collection.slug, held);
      this.nextTokenId.set(collection.slug, BigInt(tokens + 1));
    }
  }

  shape(): BookShape {
    return new BookShape(this.book, collections.length);
  }

  /** One action a second: the simulator's default rate. */
  act(kind?: string): void {
    this.now += 1_000;
    this.market.tick(this.now);
    // ListingBook.prune: gone a minute before its end, or once the seller no longer holds the token.
    this.book = this.book.filter(
      (l) => l.endsAt > this.now + MINUTE && this.held(l.collection, l.seller).has(l.tokenId),
    );
    // Nothing changes the book between the draw and the action, so one shape serves both.
    const shape = this.shape();
    const action = kind ?? this.random.weighted(shape.actionWeights()).kind;
    const acted = this.attempt(action, shape);
    if (!acted && action !== 'list') this.list(shape);
  }

  private attempt(kind: string, shape: BookShape): boolean {
    switch (kind) {
      case 'list':
        return this.list(shape);
      case 'buy':
        return this.buy(shape);
      case 'sweep':
        return this.sweep(shape);
      case 'reprice':
        return this.reprice();
      case 'cancel':
        return this.cancel(shape);
      case 'transfer':
        return this.transfer(shape);
      case 'mint':
        return this.mint();
      case 'counter':
        return this.counter(shape);
      default:
        return true;
    }
  }

  private list(shape: BookShape): boolean {
    const protocol = pickProtocol(this.random);
    const collection = this.market.pick(
      collections.filter((c) => this.holders(c).length > 0),
      (c) => shape.listingWeight(c.slug),
    );
    if (!collection) return false;
    const holders = this.holders(collection);
    const newcomers = holders.filter((holder) => !shape.isSelling(collection.slug, holder));
    const seller = this.random.pick(
      shape.wantsNewSeller(collection.slug) && newcomers.length > 0 ? newcomers : holders,
    );
    const listed = new Set(this.book.filter((l) => l.seller === seller).map((l) => l.tokenId));
    const holdings = [...this.held(collection, seller)];
    const unlisted = holdings.filter((id) => !listed.has(id));
    const tokenId = this.random.pick(unlisted.length > 0 && this.random.next() < 0.85 ? unlisted : holdings);
    this.market.walk(collection);
    this.book.push({
      collection,
      seller,
      tokenId,
      protocol,
      subset: this.subsetFor(protocol, seller),
      priceWei: this.market.listPriceWei(collection, 1n),
      endsAt: this.now + listingDuration(this.random) * 1000,
    });
    return true;
  }

  private buy(shape: BookShape): boolean {
    const buyer = this.random.pick(BOTS);
    const offers = shape.takeable(this.book.filter((l) => l.seller !== buyer));
    const collection = this.market.pick(distinct(offers));
    if (!collection) return false;
    const inCollection = byPrice(offers.filter((l) => l.collection === collection));
    const listing = this.random.pick(this.random.next() < 0.75 ? inCollection.slice(0, 3) : inCollection);
    this.market.walk(collection);
    this.move(listing.collection, listing.seller, buyer, listing.tokenId);
    return true;
  }

  /** One exchange per sweep: each collection's floor on each exchange is a sweep of its own. */
  private sweep(shape: BookShape): boolean {
    const buyer = this.random.pick(BOTS);
    const sweepable: PaperListing[][] = [];
    for (const collection of collections) {
      for (const protocol of EXCHANGE_PROTOCOLS) {
        const floor: PaperListing[] = [];
        const offers = this.book.filter(
          (l) => l.collection === collection && l.protocol === protocol && l.seller !== buyer,
        );
        for (const listing of byPrice(offers)) {
          if (!floor.some((f) => f.tokenId === listing.tokenId)) floor.push(listing);
        }
        const picked = shape.sweepable(floor, 6);
        if (picked.length >= 2) sweepable.push(picked);
      }
    }
    const collection = this.market.pick(distinct(sweepable.flat()));
    if (!collection) return false;
    const floor = this.random.pick(sweepable.filter((f) => f[0]?.collection === collection));
    for (const l of floor.slice(0, this.random.int(2, 6))) this.move(collection, l.seller, buyer, l.tokenId);
    this.market.walk(collection);
    return true;
  }

  /** A lower price lists beside the old listing; a higher one cancels it first. */
  private reprice(): boolean {
    const listing = this.pickListing(this.book);
    if (!listing) return false;
    const raise = this.random.next() < RAISE_SHARE;
    if (raise) this.book = this.book.filter((l) => l !== listing);
    this.book.push({
      ...listing,
      subset: this.subsetFor(listing.protocol, listing.seller),
      priceWei: raise ? this.market.dearerPriceWei(listing.priceWei) : this.market.cheaperPriceWei(listing.priceWei),
    });
    return true;
  }

  /** One listing, or now and then on LooksRare its seller's whole subset when the book can spare it. */
  private cancel(shape: BookShape): boolean {
    const listing = this.pickListing(shape.takeable(this.book));
    if (!listing) return false;
    let gone = [listing];
    if (listing.protocol === 'looksrare-v2' && this.random.next() < SUBSET_CANCEL_SHARE) {
      const group = this.book.filter(
        (l) => l.protocol === 'looksrare-v2' && l.seller === listing.seller && l.subset === listing.subset,
      );
      if (shape.allowsRemoving(group)) {
        gone = group;
        // A cancelled subset never fills again: the seller's next asks go in a new one.
        const subsets = this.subsetsOf(listing.seller);
        const index = subsets.findIndex((subset) => subset === listing.subset);
        if (index >= 0) subsets[index] = this.nextSubset++;
      }
    }
    this.book = this.book.filter((l) => !gone.includes(l));
    return true;
  }

  private transfer(shape: BookShape): boolean {
    const collection = this.market.pick(
      collections.filter((c) => this.holders(c).length > 0),
      (c) => transferWeight(this.holders(c).length),
    );
    if (!collection) return false;
    const from = this.random.pick(this.holders(collection));
    const movable = [...this.held(collection, from)].filter((tokenId) =>
      shape.allowsRemoving([{ collection, seller: from, tokenId }]),
    );
    if (movable.length === 0) return false;
    const others = BOTS.filter((bot) => bot !== from);
    const newcomers = others.filter((bot) => this.held(collection, bot).size === 0);
    const to = this.random.pick(newcomers.length > 0 && this.random.next() < 0.75 ? newcomers : others);
    this.move(collection, from, to, this.random.pick(movable));
    return true;
  }

  private mint(): boolean {
    const collection = this.market.pick(collections);
    if (!collection) return false;
    const id = this.nextTokenId.get(collection.slug) ?? 1n;
    this.nextTokenId.set(collection.slug, id + 1n);
    this.held(collection, this.random.pick(BOTS)).add(id);
    return true;
  }

  /** A bot's "cancel all" on one exchange. */
  private counter(shape: BookShape): boolean {
    const protocol = pickProtocol(this.random);
    const listings = this.book.filter((l) => l.protocol === protocol);
    const sellers = shape.bumpableSellers(listings);
    const idle = BOTS.filter((bot) => !listings.some((l) => l.seller === bot));
    const candidates = [...sellers, ...idle];
    if (candidates.length === 0) return false;
    const bot = this.random.pick(candidates);
    this.book = this.book.filter((l) => l.seller !== bot || l.protocol !== protocol);
    return true;
  }

  private subsetFor(protocol: ExchangeProtocol, seller: Address): number | null {
    return protocol === 'looksrare-v2' ? this.random.pick(this.subsetsOf(seller)) : null;
  }

  private subsetsOf(seller: Address): number[] {
    return getOrCreate(this.subsets, seller, () => Array.from({ length: SUBSETS_PER_BOT }, () => this.nextSubset++));
  }

  private pickListing(listings: readonly PaperListing[]): PaperListing | null {
    const collection = this.market.pick(distinct(listings));
    if (!collection) return null;
    return this.random.pick(listings.filter((l) => l.collection === collection));
  }

  private move(collection: SimCollection, from: Address, to: Address, tokenId: bigint): void {
    this.held(collection, from).delete(tokenId);
    this.held(collection, to).add(tokenId);
  }

  private held(collection: SimCollection, bot: Address): Set<bigint> {
    return this.holdings.get(collection.slug)?.get(bot) ?? new Set();
  }

  private holders(collection: SimCollection): Address[] {
    return BOTS.filter((bot) => this.held(collection, bot).size > 0);
  }
}

function listWeight(shape: BookShape): number {
  return shape.actionWeights().find((w) => w.kind === 'list')?.weight ?? 0;
}

function distinct(listings: readonly PaperListing[]): SimCollection[] {
  return [...new Set(listings.map((l) => l.collection))];
}

function byPrice(listings: readonly PaperListing[]): PaperListing[] {
  return listings.toSorted((a, b) => (a.priceWei < b.priceWei ? -1 : a.priceWei > b.priceWei ? 1 : 0));
}

describe('the market policy over hours', () => {
  it('keeps every collection listed by several sellers and the book near its opening depth for three hours', () => {
    const paper = new PaperMarket(seededRandom('three hours'));
    // The opening, as openBook does it: listings until every collection is at its target depth.
    while (paper.shape().total < BOOK_DEPTH.target * collections.length) paper.act('list');
    const opening = paper.shape().total;
    const thinnest = { tokens: Infinity, sellers: Infinity };
    const totals: number[] = [];
    for (let minute = 1; minute <= 3 * 60; minute++) {
      for (let second = 0; second < 60; second++) paper.act();
      const shape = paper.shape();
      totals.push(shape.total);
      for (const collection of collections) {
        thinnest.tokens = Math.min(thinnest.tokens, shape.tokens(collection.slug));
        // The smallest collections start in one bot's hands; trades and transfers spread them within minutes.
        if (minute > 5) thinnest.sellers = Math.min(thinnest.sellers, shape.sellers(collection.slug));
      }
    }
    expect(thinnest.tokens).toBeGreaterThanOrEqual(BOOK_DEPTH.floorTokens);
    expect(thinnest.sellers).toBeGreaterThanOrEqual(BOOK_DEPTH.floorSellers);

    expect(Math.min(...totals)).toBeGreaterThanOrEqual(0.8 * opening);
    // It lives rather than freezing: the book is traded through many times over.
    expect(Math.max(...totals) - Math.min(...totals)).toBeGreaterThan(10);
  });

  it('refills a collection whose book emptied within minutes', () => {
    const paper = new PaperMarket(seededRandom('refill'));
    while (paper.shape().total < BOOK_DEPTH.target * collections.length) paper.act('list');
    const [emptied] = collections;
    if (!emptied) throw new Error('no collections');
    paper.book = paper.book.filter((l) => l.collection !== emptied);
    for (let second = 0; second < 5 * 60; second++) paper.act();
    const shape = paper.shape();
    expect(shape.tokens(emptied.slug)).toBeGreaterThanOrEqual(BOOK_DEPTH.target / 2);
    expect(shape.sellers(emptied.slug)).toBeGreaterThanOrEqual(BOOK_DEPTH.floorSellers);
  });
});

describe('BookShape', () => {
  const [foxes] = collections;
  if (!foxes) throw new Error('no collections');
  const entry = (seller: number, tokenId: number) => ({
    collection: foxes,
    seller: BOTS[seller] as Address,
    tokenId: BigInt(tokenId),
  });

  it('counts a token listed twice once, and refuses what would leave fewer than the floor tokens or sellers', () => {
    const shape = new BookShape([entry(0, 1), entry(0, 1), entry(1, 2), entry(2, 3), entry(2, 4), entry(3, 5)], 1);
    expect(shape.tokens(foxes.slug)).toBe(5);
    expect(shape.sellers(foxes.slug)).toBe(4);
    expect(shape.allowsRemoving([entry(0, 1)])).toBe(true);
    expect(shape.allowsRemoving([entry(0, 1), entry(1, 2)])).toBe(false);
    // Seller 2's counter bump would take two tokens at once, leaving three.
    expect(shape.bumpableSellers([entry(0, 1), entry(2, 3), entry(2, 4)])).toEqual([BOTS[0]]);
    // A token not in the book takes nothing away.
    expect(shape.allowsRemoving([entry(5, 99)])).toBe(true);
  });

  it('lists harder the thinner the book, and sweeps only down to the floor', () => {
    const thin = new BookShape([entry(0, 1)], 1);
    const full = new BookShape(
      Array.from({ length: BOOK_DEPTH.target }, (_, i) => entry(i % 4, i)),
      1,
    );
    expect(listWeight(thin)).toBeGreaterThan(4 * listWeight(full));
    expect(thin.listingWeight(foxes.slug)).toBeGreaterThan(full.listingWeight(foxes.slug));
    expect(
      full.sweepable(
        Array.from({ length: BOOK_DEPTH.target }, (_, i) => entry(i % 4, i)),
        20,
      ),
    ).toHaveLength(BOOK_DEPTH.target - BOOK_DEPTH.floorTokens);
  });
});
