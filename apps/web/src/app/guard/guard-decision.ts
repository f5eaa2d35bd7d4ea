import { normalizeAddress } from '@floordesk/protocol';
import { redirectTarget, SIGN_IN_PATH, signInPath, signOutPath } from '../../lib/redirect';

export type GuardInput = {
  pathname: string;
  search: string;
  requiresAuth: boolean;
  token: string | null;
  signNum: string | null;
  /** The wallet's connected account, if any. */
  account: string | undefined;
};

/** The navigation guard: where to send the user instead, or null to let the navigation proceed. */
export function guardDecision({ pathname, search, requiresAuth, token, signNum, account }: GuardInput): string | null {
  if (pathname === SIGN_IN_PATH) return token && signNum ? redirectTarget(search) : null;
  if (!requiresAuth) return null;
  const target = pathname + search;
  if (!token) return signInPath(target);
  if (!account || normalizeAddress(account) !== normalizeAddress(token) || !signNum) return signOutPath(target);
  return null;
}
