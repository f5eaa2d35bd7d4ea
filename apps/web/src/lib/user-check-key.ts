/**
 * The user check's key, by its first part (features/auth adds the session): whatever changes the user's standing (a
 * payment credited, a trial redeemed, a community joined) invalidates it, so premium applies at once. A module of
 * its own: importing it from lib/query-client in the billing and trial chunks split the first page's code into one
 * more file (+0.3 kB, `npm run bench -- bundle`).
 */
export const USER_CHECK_KEY = ['user-check'] as const;
