import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useSession } from '../../stores/session-store';

/** Every My listings query starts with this, so a cancel can refresh them all. */
export const MY_LISTINGS_QUERY_KEY = ['my-listings'] as const;

/** A change of premium (a payment, a trial) asks again, as the portfolio does. */
export function getMyListingsQueryKey(token: string | null, premium: boolean, wallet: string | null) {
  return [...MY_LISTINGS_QUERY_KEY, token, premium, wallet] as const;
}

/**
 * The trader's listings over all their wallets, or over `wallet`. A refusal (not premium) is shown on the page
 * instead of a toast.
 */
export function useMyListings(wallet: string | null) {
  const token = useSession((state) => state.token);
  const premium = useSession((state) => state.premium);
  return useQuery({
    queryKey: getMyListingsQueryKey(token, premium, wallet),
    queryFn: () => apiClient.call('myListings', { query: wallet ? { wallet } : {}, hideErr: true }),
    enabled: token !== null,
  });
}
