import type { UserCheckData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USER_CHECK_KEY } from '../../../lib/user-check-key';

export function checkUser(): Promise<UserCheckData> {
  // Failures surface as the 'Oops' dialog, not as a toast.
  return apiClient.call('userCheck', { hideErr: true });
}

/** One check per session: the key carries the session so a new sign-in checks again. */
export function userCheckQueryOptions(token: string | null, signNum: string | null) {
  return queryOptions({
    queryKey: [...USER_CHECK_KEY, token, signNum],
    queryFn: checkUser,
    enabled: token !== null && signNum !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUserCheck(token: string | null, signNum: string | null) {
  return useQuery(userCheckQueryOptions(token, signNum));
}
