import { type PortfolioData, Status } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import { ok, refuse, type Result } from '../../result';
import { premiumRefusal } from '../billing/service';
import { ownWallets } from '../wallets/service';
import { foldPortfolio } from './fold';
import { walletCatalog, walletMoves } from './store';

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

  const [moves, catalog] = await Promise.all([walletMoves(ctx.db, wallets), walletCatalog(ctx.db, wallets, ctx.now())]);
  return ok({ wallets, wallet: only, ...foldPortfolio(moves, wallets, catalog, only) });
}
