import { normalizeAddress } from '@floordesk/protocol';
import { redirectTarget, SIGN_IN_PATH, SIGN_OUT_PATH, signInPath, signOutPath } from '../../lib/redirect';

export type AccountChange = {
  /** The wallet's account after the change, undefined once disconnected. */
  account: string | undefined;
  token: string | null;
  pathname: string;
  search: string;
};

/** Where a signed-in user goes when the wallet's account changes, or null to stay. */
export function accountChangeTarget({ account, token, pathname, search }: AccountChange): string | null {
  if (!token) return null;
  const onSessionPage = pathname === SIGN_IN_PATH || pathname === SIGN_OUT_PATH;
  const sameAccount = account !== undefined && normalizeAddress(account) === normalizeAddress(token);
  if (onSessionPage) return sameAccount ? redirectTarget(search) : null;
  if (!account) return signInPath(pathname + search);
  return sameAccount ? null : signOutPath(pathname + search);
}
