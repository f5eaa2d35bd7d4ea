import { apiClient } from '../../../lib/api-client';

/** Revokes the session on the server; callers sign out locally whatever the answer. */
export function logout(): Promise<null> {
  return apiClient.call('authLogout', { hideErr: true });
}
