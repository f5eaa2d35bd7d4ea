import { normalizeAddress, Status } from '@floordesk/protocol';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { currentPath } from '../../../lib/navigation';
import { sessionStore, useSession } from '../../../stores/session-store';
import { useUserCheck } from '../api/check-user';
import { signOut } from '../sign-out';

/**
 * Checks the signed-in user once per session: another address means the session is not this wallet's
 * and ends; otherwise premium, identity and ENS are taken. Returns the message of a failed check, for 'Oops'.
 */
export function useVerifySession(): string | null {
  const token = useSession((state) => state.token);
  const signNum = useSession((state) => state.signNum);
  const { data, error } = useUserCheck(token, signNum);

  useEffect(() => {
    if (!data || !token) return;
    if (normalizeAddress(data.user_address) === token) sessionStore.getState().setProfile(data);
    else void signOut(currentPath());
  }, [data, token]);

  const failed = error instanceof ApiError && error.kind === 'status' && error.status !== Status.SessionInvalid;
  return failed ? error.message : null;
}
