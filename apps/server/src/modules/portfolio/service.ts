import { type PortfolioData, Status } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import { ok, refuse, type Result } from '../../result';
import { premiumRefusal } from '../billing/service';
import { ownWallets } from '../wallets/service';
import { type Catalog, foldPortfolio, type Portfolio } from './fold';
import { walletCatalog, walletMoves } from './store';

export { catalogNames } from './fold';

/**
 * The caller's portfolio over their own wallets (or the one of them `wallet` names): holdings at cost against the
 * floor, sales with realised profit, totals. Owned-NFT lookups are premium, as the spec makes them: 2021 to a
 * non-premium caller (1919 once a trial ran out, as for sweeps); 2022 for a wallet that is not the caller's.
 */
export async function portfolioOf(
  ctx: AppContext,
  user: string,
  wallet: string | undefined,
): Promise<Result<PortfolioData>> {
  const [notPremium, wallets] = await Promise.all([premiumRefusal(ctx, user), ownWallets(ctx.db, user)]);
  if (notPremium === Status.TrialEnded) return refuse(notPremium);
  if (notPremium) return refuse(Status.PortfolioPremiumRequired);
  const only = wallet?.toLowerCase() ?? null;
  if (only !== null && !wallets.includes(only)) return refuse(Status.PortfolioWalletNotOwn);

  const { portfolio } = await walletsPortfolio(ctx, wallets, only);
  return ok({ wallets, wallet: only, ...portfolio });
}

/**
 * The portfolio of `wallets` (limited to `only` as `portfolioOf` limits it), with the catalog it was folded with:
 * selling counts a listed token's cost and a sale's profit, and names tokens, with the portfolio's own figures.
 */
export async function walletsPortfolio(
  ctx: AppContext,
  wallets: readonly string[],
  only: string | null = null,
): Promise<{ portfolio: Portfolio; catalog: Catalog }> {
  const [moves, catalog] = await Promise.all([walletMoves(ctx.db, wallets), walletCatalog(ctx.db, wallets, ctx.now())]);
  return { portfolio: foldPortfolio(moves, wallets, catalog, only), catalog };
}
