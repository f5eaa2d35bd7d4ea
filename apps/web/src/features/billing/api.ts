import { IDENTITY, type InvitationData, type PromotionSlug } from '@floordesk/protocol';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { USER_CHECK_KEY } from '../../lib/user-check-key';
import { useSession } from '../../stores/session-store';

/** Every billing query starts with this key: a payment, an invitation or a community code may change any of them. */
export const BILLING_KEY = ['billing'] as const;

/** A payment, a code or a community changed what the user pays or holds: everything billing shows is asked again. */
export function refreshBilling(queryClient: QueryClient, { userCheck = false } = {}): void {
  void queryClient.invalidateQueries({ queryKey: BILLING_KEY });
  if (userCheck) void queryClient.invalidateQueries({ queryKey: USER_CHECK_KEY });
}

/** The plans at the caller's prices (a visitor's are the ordinary ones), and the sale of `promotion`'s page. */
export function usePlans(promotion?: PromotionSlug) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...BILLING_KEY, 'plans', token, promotion ?? null],
    queryFn: () => apiClient.call('subscriptionPlans', { query: promotion ? { promotion } : {} }),
  });
}

export function useSubscription() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...BILLING_KEY, 'subscription', token],
    queryFn: () => apiClient.call('subscription'),
    enabled: token !== null,
  });
}

export function useInvitation() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...BILLING_KEY, 'invitation', token],
    queryFn: () => apiClient.call('invitation'),
    enabled: token !== null,
  });
}

/** A community manager's community (code and price); nobody else has one, so nobody else asks. */
export function useCommunity(identity: string | undefined) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...BILLING_KEY, 'community', token],
    queryFn: () => apiClient.call('communityCode', { hideErr: true }),
    enabled: token !== null && identity === IDENTITY.communityManager,
  });
}

/**
 * Sets the caller's own invitation code (`set`) or uses someone else's (`use`). Refusals are shown next to the field
 * (the server's message), so the API client's toast is held back.
 */
export function useInvitationChange(action: 'set' | 'use') {
  const queryClient = useQueryClient();
  const token = useSession((state) => state.token);
  return useMutation({
    mutationFn: (code: string): Promise<InvitationData> =>
      apiClient.call(action === 'set' ? 'setInvitation' : 'useInvitation', { body: { code }, hideErr: true }),
    onSuccess: (data) => {
      queryClient.setQueryData([...BILLING_KEY, 'invitation', token], data);
      // An invitation lowers the first subscription's price.
      if (action === 'use') void queryClient.invalidateQueries({ queryKey: [...BILLING_KEY, 'plans'] });
    },
  });
}

/** Enters a partner community's code: the identity (and so every price) changes. */
export function useJoinCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiClient.call('useCommunityCode', { body: { code }, hideErr: true }),
    onSuccess: () => refreshBilling(queryClient, { userCheck: true }),
  });
}
