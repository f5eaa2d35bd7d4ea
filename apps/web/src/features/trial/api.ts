import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Status } from '@floordesk/protocol';
import { ApiError, apiClient } from '../../lib/api-client';
import { USER_CHECK_KEY } from '../../lib/user-check-key';
import { useSession } from '../../stores/session-store';

const TRIAL_CODES_KEY = ['trial-codes'] as const;

/** Refusals that mean our copy of the caller's standing is stale: a trial ended or running, or a membership. */
const STANDING_REFUSALS: ReadonlySet<number> = new Set([
  Status.TrialExpired,
  Status.TrialRunning,
  Status.AlreadyMember,
]);

export function useTrialCodes() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...TRIAL_CODES_KEY, token],
    queryFn: () => apiClient.call('trialCodes'),
    enabled: token !== null,
  });
}

/** A new code for a member to hand out; it stays pending until the list shows it. */
export function useIssueTrialCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call('issueTrialCode'),
    // A refusal (the month's allowance, no longer a member) is toasted by the client; the counts may be stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRIAL_CODES_KEY }),
  });
}

/**
 * Redeems a code; the refusals are the caller's to show (no toast). Success refreshes the user check at once, so
 * premium applies without signing in again.
 */
export function useRedeemTrialCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiClient.call('redeemTrialCode', { body: { code }, hideErr: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USER_CHECK_KEY });
      void queryClient.invalidateQueries({ queryKey: TRIAL_CODES_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && STANDING_REFUSALS.has(error.status))
        void queryClient.invalidateQueries({ queryKey: TRIAL_CODES_KEY });
    },
  });
}
