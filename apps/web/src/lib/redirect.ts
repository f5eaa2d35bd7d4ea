/** Where a signed-in user lands when no (usable) redirect target was given. */
export const DEFAULT_SIGNED_IN_PATH = '/trending';
export const SIGN_IN_PATH = '/';
export const SIGN_OUT_PATH = '/signout';
const REDIRECT_PARAM = 'redirect';

export function signInPath(target: string): string {
  return `${SIGN_IN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

export function signOutPath(target: string): string {
  return `${SIGN_OUT_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** The raw `redirect` query parameter, as /signout forwards it unchanged to sign-in. */
export function redirectParam(search: string): string | null {
  return new URLSearchParams(search).get(REDIRECT_PARAM);
}

/**
 * The page to open after sign-in. Only same-origin paths are honoured (no open redirect), and never the sign-in
 * or sign-out pages themselves, which would loop.
 */
export function redirectTarget(search: string): string {
  const target = redirectParam(search);
  if (!target?.startsWith('/') || target.startsWith('//')) return DEFAULT_SIGNED_IN_PATH;
  const path = target.split(/[?#]/, 1)[0];
  return path === SIGN_IN_PATH || path === SIGN_OUT_PATH ? DEFAULT_SIGNED_IN_PATH : target;
}
