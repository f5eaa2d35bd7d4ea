import type { WalletsData } from '@floordesk/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { getWalletsQueryKey, WALLETS_QUERY_KEY } from '../../lib/api/wallets';
import { useSession } from '../../stores/session-store';

/** Adds or removes a wallet; the answer is the new list, which replaces the cached one. */
export function useWalletChange(action: 'add' | 'delete') {
  const queryClient = useQueryClient();
  const token = useSession((state) => state.token);
  return useMutation({
    mutationFn: (address: string): Promise<WalletsData> =>
      apiClient.call(action === 'add' ? 'addWallet' : 'deleteWallet', { body: { address } }),
    onSuccess: (data) => queryClient.setQueryData(getWalletsQueryKey(token), data),
    // A refusal (a duplicate, a wallet removed in another tab) means our copy may be stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY }),
  });
}

/** The caller's subscription, for /my: asked again on each visit, so a payment or trial elsewhere shows. */
export function useSubscription() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['profile-subscription', token],
    queryFn: () => apiClient.call('subscription'),
    enabled: token !== null,
  });
}
