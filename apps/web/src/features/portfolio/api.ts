import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useSession } from '../../stores/session-store';

/** The portfolio query's key: a change of premium (a payment, a trial) asks again. */
export function getPortfolioQueryKey(token: string | null, premium: boolean, wallet: string | null) {
  return ['portfolio', token, premium, wallet] as const;
}

/**
 * The caller's portfolio over all their wallets, or over `wallet`. A refusal (not premium) is shown on the page
 * instead of a toast.
 */
export function usePortfolio(wallet: string | null) {
  const token = useSession((state) => state.token);
  const premium = useSession((state) => state.premium);
  return useQuery({
    queryKey: getPortfolioQueryKey(token, premium, wallet),
    queryFn: () => apiClient.call('portfolio', { query: wallet ? { wallet } : {}, hideErr: true }),
    enabled: token !== null,
    // Switching the wallet filter keeps the page (and the filter) up while the other wallet's figures load.
    placeholderData: keepPreviousData,
  });
}
