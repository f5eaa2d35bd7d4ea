/** Business constants of spec §9 that the code relies on; each lives here once. */

/** The navigation guard's first run waits this long for the wallet to restore its connection. */
export const ROUTE_GUARD_DELAY_MS = 1000;

/** HTTP: a call times out after 60 s and is retried up to 4 times, 1000 ms apart. */
export const HTTP_TIMEOUT_MS = 60_000;
export const HTTP_TIMEOUT_RETRIES = 4;
export const HTTP_RETRY_DELAY_MS = 1000;

/** Error toasts last 2 s and at most one shows at a time. */
export const TOAST_DURATION_MS = 2000;
/** Server-error notices and other wallet errors: at most once per 3 s. */
export const ERROR_NOTICE_THROTTLE_MS = 3000;

/** Header and token addresses: first 5 and last 4 characters. */
export const SHORT_ADDRESS = { head: 5, tail: 4 } as const;
/** Long addresses (18 characters or more): first 7 and last 5. */
export const LONG_ADDRESS = { head: 7, tail: 5, minLength: 18 } as const;

/** Layout breakpoints (px) of spec §9. */
export const BREAKPOINTS = {
  topMenuInline: 800,
  desktopBar: 850,
  searchBox: 950,
  trendingToggle: 1015,
  calendarToggle: 1100,
} as const;

export const MAINNET_CHAIN_ID = 1;
/** The local devnet (anvil's default id), which FloorDesk runs on when CHAIN_ID is unset. */
export const DEVNET_CHAIN_ID = 31337;
