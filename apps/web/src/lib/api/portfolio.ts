import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { useSession } from '../../stores/session-store';

/** Every portfolio query, whatever its wallet: what a new listing or sale makes out of date. */
export const PORTFOLIO_QUERY_KEY = ['portfolio'] as const;

/** The portfolio query's key: a change of premium (a payment, a trial) asks again. */
export function getPortfolioQueryKey(token: string | null, premium: boolean, wallet: string | null) {
  return [...PORTFOLIO_QUERY_KEY, token, premium, wallet] as const;
}

/**
 * The caller's portfolio over all their wallets, or over `wallet`: the portfolio page, and a collection page's own
 * tokens (List yours), share one answer under one key. A refusal (not premium) is shown on the page, not as a toast.
 */
export function portfolioQueryOptions(token: string | null, premium: boolean, wallet: string | null) {
  return queryOptions({
    queryKey: getPortfolioQueryKey(token, premium, wallet),
    queryFn: () => apiClient.call('portfolio', { query: wallet ? { wallet } : {}, hideErr: true }),
  });
}

/** The caller's portfolio over all their wallets, or over `wallet`, as the portfolio page shows it. */
export function usePortfolio(wallet: string | null) {
  const token = useSession((state) => state.token);
  const premium = useSession((state) => state.premium);
  return useQuery({
    ...portfolioQueryOptions(token, premium, wallet),
    enabled: token !== null,
    // Switching the wallet filter keeps the page (and the filter) up while the other wallet's figures load.
    placeholderData: keepPreviousData,
  });
}
