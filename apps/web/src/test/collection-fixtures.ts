import type { CollectionDetail, ListingRow, TradeRow } from '@floordesk/protocol';
import { TRENDING_WINDOWS } from '@floordesk/protocol';
import { type Listing, listingOf } from '../lib/api/collection-listings';

/** Fixtures for the collection page's tests. */
export const APES = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
export const NOW = new Date('2025-03-01T12:00:00Z');
export const NOW_SECONDS = NOW.getTime() / 1000;

const ETH = 10n ** 18n;

/** Wei of `milli` thousandths of an ETH. */
export function milliEth(milli: number): string {
  return ((BigInt(milli) * ETH) / 1000n).toString();
}

export function collectionDetail(overrides: Partial<CollectionDetail> = {}): CollectionDetail {
  return {
    address: APES,
    name: 'Devnet Apes',
    symbol: 'DAPE',
    img: null,
    type: '721',
    sr_status: 1,
    count: 10_000,
    owners: 4321,
    listed: 250,
    listing_rate: 2.5,
    floor_value: milliEth(1234),
    stats: TRENDING_WINDOWS.map((window) => ({
      window,
      all_count: window,
      volume: milliEth(window * 1000),
      floor_change: window === 1440 ? -3.5 : 1.25,
    })),
    ...overrides,
  };
}

/** A listing as the API answers it. */
export function listingRow(tokenId: number, overrides: Partial<ListingRow> = {}): ListingRow {
  return {
    order_id: `order-${tokenId}`,
    token_id: String(tokenId),
    price: milliEth(1000 + tokenId),
    marketplace: 'opensea',
    order_way: 1,
    from_address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    rank: tokenId,
    flag: 1,
    pending_count: 0,
    risk_flag: 0,
    img: null,
    listed_at: NOW_SECONDS - 60,
    expires_at: NOW_SECONDS + 86_400,
    ...overrides,
  };
}

/** A listing as the app reads it (ordinary tier, not flagged, unless `overrides` say otherwise). */
export function listing(tokenId: number, overrides: Partial<Listing> = {}): Listing {
  return { ...listingOf(listingRow(tokenId)), ...overrides };
}

export function trade(block: number, overrides: Partial<TradeRow> = {}): TradeRow {
  return {
    tx_hash: `0x${block.toString(16).padStart(64, '0')}`,
    log_index: 0,
    item_index: 0,
    block_number: block,
    time: NOW_SECONDS - 30,
    token_id: String(block),
    price: milliEth(1500),
    marketplace: 'blur',
    buyer: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    seller: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    buyer_ens: null,
    seller_ens: null,
    buyer_flipper: false,
    seller_flipper: false,
    img: null,
    rank: null,
    ...overrides,
  };
}
