import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../stores/session-store';

/** Every window lists every followed collection; a day's trades order them. */
const ORDER_WINDOW = 1440;

export async function getFollowedAddresses(): Promise<string[]> {
  const { list } = await apiClient.call('watchlist', { query: { window: String(ORDER_WINDOW) } });
  return list.map((row) => row.address);
}

/*
 * Apart from get-watchlist.ts on purpose: the first page loads that module (the follow star), and a lazily loaded
 * page importing it alone made the bundler split the first page into four more files (+1.5 kB gzipped).
 */
export const followedAddressesQueryOptions = (signedIn: boolean) =>
  queryOptions({ queryKey: ['followedAddresses'], queryFn: getFollowedAddresses, enabled: signedIn });

/** The signed-in user's followed collections, most traded over the last day first; idle for a visitor. */
export function useFollowedAddresses() {
  const signedIn = useSession((state) => state.token !== null);
  return useQuery(followedAddressesQueryOptions(signedIn));
}
