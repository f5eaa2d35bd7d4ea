import {
  type MyListing,
  type MyListingsData,
  type MyListingState,
  MY_LISTINGS_ENDED_DAYS,
  type PortfolioSale,
} from '@floordesk/protocol';
import type { AppContext } from '../../context';
import { walletsPortfolio } from '../portfolio/service';
import { type MyListingRow, myListingRows } from './store';

const DAY_MS = 86_400_000;

/**
 * How a listing stands for its seller. Open ones are active, or superseded by a cheaper one of theirs made later.
 * Of the ended ones, by the order book's status and reason: 'filled' sold; 'expired' (and an open status past its end
 * time, which the expiry job has not reached yet) expired; 'cancelled' (Seaport's `cancel`, LooksRare's cancelled
 * order or subset nonces) and a bumped counter or ask nonce ('invalid' for 'counter': either exchange's cancel-all)
 * are what the seller did, cancelled; anything else ended it without them asking for it: the NFT moved, an approval
 * revoked, its LooksRare order nonce spent by another of their trades, a re-check that refused it.
 */
function stateOf(row: MyListingRow): MyListingState {
  if (row.open) return row.superseded_by === null ? 'active' : 'superseded';
  switch (row.status) {
    case 'filled':
      return 'sold';
    case 'active':
    case 'unverified':
    case 'expired':
      return 'expired';
    case 'cancelled':
      return 'cancelled';
    default:
      return row.status_reason === 'counter' ? 'cancelled' : 'ended';
  }
}

/** A sale of the portfolio by its transaction, token and seller: a listing's fill finds its realised profit there. */
const saleKey = (txHash: string, collection: string, tokenId: string, wallet: string) =>
  `${txHash}:${collection}:${tokenId}:${wallet}`;

/**
 * The caller's listings (of `offerers`, among their own `wallets`): every open one and those ended in the last
 * MY_LISTINGS_ENDED_DAYS, at most MY_LISTINGS_MAX. A sold one's profit is the portfolio's realised profit of that
 * sale, folded only when something was sold: the fold reads the wallets' whole history.
 */
export async function myListings(
  ctx: AppContext,
  wallets: readonly string[],
  offerers: readonly string[],
): Promise<MyListingsData> {
  const now = ctx.now();
  const rows = await myListingRows(ctx.db, {
    offerers,
    own: wallets,
    now,
    endedSince: new Date(now.getTime() - MY_LISTINGS_ENDED_DAYS * DAY_MS),
  });
  const profits = new Map<string, string>();
  if (rows.some((row) => row.sale_tx !== null)) {
    const { portfolio } = await walletsPortfolio(ctx, wallets);
    for (const sale of portfolio.sold) profits.set(saleKeyOf(sale), sale.realised_wei);
  }
  return { wallets: [...wallets], list: rows.map((row) => myListing(row, profits)) };
}

const saleKeyOf = (sale: PortfolioSale) => saleKey(sale.sold_tx, sale.collection, sale.token_id, sale.wallet);

function myListing(row: MyListingRow, profits: ReadonlyMap<string, string>): MyListing {
  const state = stateOf(row);
  return {
    order_hash: row.order_hash,
    wallet: row.offerer,
    collection: row.collection,
    collection_name: row.collection_name,
    token_id: row.token_id,
    token_name: row.token_name,
    image_url: row.image_url,
    marketplace: row.marketplace,
    price_wei: row.price_wei,
    floor_wei: row.floor_wei,
    undercut: row.undercut,
    state,
    superseded_by: state === 'superseded' ? row.superseded_by : null,
    listed_at: Number(row.listed_at),
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    ended_at: row.ended_at === null ? null : Number(row.ended_at),
    profit_wei:
      state === 'sold' && row.sale_tx !== null
        ? (profits.get(saleKey(row.sale_tx, row.collection, row.token_id, row.offerer)) ?? null)
        : null,
  };
}
