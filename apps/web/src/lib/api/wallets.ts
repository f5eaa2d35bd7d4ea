import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { shortAddress } from '../format';
import { useSession } from '../../stores/session-store';

/** The user's own wallets with their ENS names: /my edits them, the portfolio names its wallet filter by them. */
export const WALLETS_QUERY_KEY = ['wallets'] as const;

export function getWalletsQueryKey(token: string | null) {
  return [...WALLETS_QUERY_KEY, token] as const;
}

export function useWallets({ enabled = true }: { enabled?: boolean } = {}) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: getWalletsQueryKey(token),
    queryFn: () => apiClient.call('wallets'),
    enabled: enabled && token !== null,
  });
}

/**
 * How a page over the trader's own wallets names one: its ENS name from /my's list, else its short address. The
 * list is asked for only when `enabled` (a page with more than one wallet to tell apart).
 */
export function useWalletName(enabled: boolean): (address: string) => string {
  const wallets = useWallets({ enabled });
  return (address) =>
    wallets.data?.list?.find((item) => item.address.toLowerCase() === address.toLowerCase())?.ens ??
    shortAddress(address);
}
