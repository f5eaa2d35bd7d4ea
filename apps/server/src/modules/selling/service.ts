import {
  type CancelListingsData,
  type CancelListingsRequest,
  type MyListingsData,
  normalizeAddress,
  type SellPrepareData,
  type SellPrepareRequest,
  Status,
} from '@floordesk/protocol';
import type { AppContext } from '../../context';
import { ok, refuse, type Result } from '../../result';
import { premiumRefusal } from '../billing/service';
import { ownWallets } from '../wallets/service';
import { cancelTransactions } from './cancel';
import { myListings } from './my-listings';
import { prepareListing } from './prepare';

/**
 * The caller's own wallets, when they may sell from FloorDesk: listing, cancelling and My listings are premium, as
 * the portfolio is (2101; 1919 once a trial ran out, which tells them why).
 */
async function sellerWallets(ctx: AppContext, user: string): Promise<Result<string[]>> {
  const [notPremium, wallets] = await Promise.all([premiumRefusal(ctx, user), ownWallets(ctx.db, user)]);
  if (notPremium === Status.TrialEnded) return refuse(notPremium);
  if (notPremium) return refuse(Status.SellPremiumRequired);
  return ok(wallets);
}

/** `POST /api/sell/prepare`: the terms, nonces, approvals and facts listing the caller's tokens needs. */
export async function prepareSale(
  ctx: AppContext,
  user: string,
  request: SellPrepareRequest,
): Promise<Result<SellPrepareData>> {
  const wallets = await sellerWallets(ctx, user);
  if (!wallets.ok) return wallets;
  if (!ctx.chain) return refuse(Status.ChainUnavailable);
  return prepareListing(ctx, ctx.chain, wallets.value, request);
}

/** `GET /api/sell/listings`: the caller's listings, of all their wallets or of `wallet` (2105 if not theirs). */
export async function listingsOfSeller(
  ctx: AppContext,
  user: string,
  wallet: string | undefined,
): Promise<Result<MyListingsData>> {
  const wallets = await sellerWallets(ctx, user);
  if (!wallets.ok) return wallets;
  const only = wallet === undefined ? undefined : normalizeAddress(wallet);
  if (only !== undefined && !wallets.value.includes(only)) return refuse(Status.SellWalletNotOwn);
  return ok(await myListings(ctx, wallets.value, only === undefined ? wallets.value : [only]));
}

/** `POST /api/sell/cancel`: the transactions that cancel some of the caller's listings, or all of one wallet's. */
export async function cancelSale(
  ctx: AppContext,
  user: string,
  request: CancelListingsRequest,
): Promise<Result<CancelListingsData>> {
  const wallets = await sellerWallets(ctx, user);
  if (!wallets.ok) return wallets;
  if (!ctx.chain) return refuse(Status.ChainUnavailable);
  return cancelTransactions(ctx, ctx.chain, user, wallets.value, request);
}
