/**
 * Business constants the code relies on, most of them the original app's figures; each lives here once. No zod
 * here: the web app imports these at run time and must not load the schemas.
 */

/** HTTP: a call times out after 60 s and is retried up to 4 times, 1000 ms apart. */
export const HTTP_TIMEOUT_MS = 60_000;
export const HTTP_TIMEOUT_RETRIES = 4;
export const HTTP_RETRY_DELAY_MS = 1000;

/** Error toasts last 2 s and at most one shows at a time. */
export const TOAST_DURATION_MS = 2000;
/** Server-error notices and other wallet errors: at most once per 3 s. */
export const ERROR_NOTICE_THROTTLE_MS = 3000;

/**
 * What the web app reports to the server of the errors it meets, as the original app did: a wallet error, or a
 * failed API call as the client saw it (a refusal status, an HTTP error, no answer, a timeout).
 */
export const CLIENT_ERROR_KINDS = ['wallet', 'status', 'http', 'network', 'timeout'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];
/** The longest texts an error report carries; the client cuts longer ones rather than lose the report. */
export const CLIENT_ERROR_LIMITS = { message: 500, route: 200, version: 40 } as const;

/** Header and token addresses: first 5 and last 4 characters. */
export const SHORT_ADDRESS = { head: 5, tail: 4 } as const;
/** Long addresses (18 characters or more): first 7 and last 5. */
export const LONG_ADDRESS = { head: 7, tail: 5, minLength: 18 } as const;

/** Layout breakpoints (px): widths at which the header and the bottom bar change. */
export const BREAKPOINTS = {
  topMenuInline: 800,
  desktopBar: 850,
  searchBox: 950,
  trendingToggle: 1015,
  calendarToggle: 1100,
  /** Sweep count buttons: 2 to 5 on desktop, plus 10 from here up. */
  wideSweepButtons: 1600,
} as const;

/**
 * Trending windows in minutes (1, 5, 15, 30 min, 1, 4, 12 h, 1 day). The original app names them by index,
 * which the web app stores under `smalltime`; the API takes minutes.
 */
export const TRENDING_WINDOWS = [1, 5, 15, 30, 60, 240, 720, 1440] as const;
export type TrendingWindow = (typeof TRENDING_WINDOWS)[number];
/** The default trending window: id 2, 15 minutes. */
export const DEFAULT_TRENDING_WINDOW_ID = 2;
/** The trending panel refreshes this often while open and the page is visible. */
export const TRENDING_REFRESH_MS = 10_000;
/** Rows a trending window answers with. */
export const TRENDING_LIMIT = 50;

/** Watchlist panel windows in minutes (5, 10, 30 min, 1 h, 4 h, 1 d). */
export const WATCHLIST_WINDOWS = [5, 10, 30, 60, 240, 1440] as const;
export type WatchlistWindow = (typeof WATCHLIST_WINDOWS)[number];
/** Ours: a watchlist holds at most this many collections. */
export const WATCHLIST_MAX = 500;

/** Recent searches kept in the browser. */
export const RECENT_SEARCHES_MAX = 10;
/** Longest search text the API accepts. */
export const SEARCH_QUERY_MAX = 100;
/** Results a search answers with. */
export const SEARCH_LIMIT = 20;

/** Floor-history ranges and the bucket each is drawn in. */
export const FLOOR_HISTORY_RANGES = {
  '1h': { minutes: 60, bucketMinutes: 1 },
  '6h': { minutes: 360, bucketMinutes: 5 },
  '1d': { minutes: 1440, bucketMinutes: 15 },
  '7d': { minutes: 10_080, bucketMinutes: 60 },
  '30d': { minutes: 43_200, bucketMinutes: 240 },
  '90d': { minutes: 129_600, bucketMinutes: 1440 },
} as const;
export type FloorHistoryRange = keyof typeof FLOOR_HISTORY_RANGES;

/** /historic: the ranges it offers, the one it opens on, and how many collections one chart overlays. */
export const HISTORIC_RANGES = ['1d', '7d', '30d', '90d'] as const satisfies readonly FloorHistoryRange[];
export type HistoricRange = (typeof HISTORIC_RANGES)[number];
export const DEFAULT_HISTORIC_RANGE: HistoricRange = '7d';
export const HISTORIC_MAX_COLLECTIONS = 8;
/** A visitor's /historic (or a signed-in user with an empty watchlist) starts from this many most-traded collections. */
export const HISTORIC_DEFAULT_COLLECTIONS = 4;

/**
 * /discover's minting-now list: collections with mints from the zero address in the last 30 minutes, at most 50,
 * most mints per minute first; refreshed every 10 s like the other live figures.
 */
export const MINTING_WINDOW_MINUTES = 30;
export const MINTING_LIMIT = 50;
/** /home's market figures: refreshed this often while the page is visible; volume and sales over the last day. */
export const MARKET_SUMMARY_REFRESH_MS = 10_000;
export const MARKET_SUMMARY_WINDOW_MINUTES = 1440;

/** Holders above this share of the supply (percent) are highlighted as big holders. */
export const BIG_HOLDER_PERCENT = 1;

/** Calendar modal: its width and its timeline's scroll step (px). */
export const CALENDAR_MODAL_WIDTH = 1100;
export const CALENDAR_SCROLL_STEP_PX = 81;

export const MAINNET_CHAIN_ID = 1;
/** The local devnet (anvil's default id), which FloorDesk runs on when CHAIN_ID is unset. */
export const DEVNET_CHAIN_ID = 31337;

// ---- Live notifications ----

/**
 * Notification types of the original app: wallet events 1–7 on the user's own wallets, and the general notices
 * 1000 (an operator's announcement) and 1001 (collection news: a reveal, a mint-out).
 */
export const NOTIFICATION_TYPE = {
  listed: 1,
  /** A listing ended by the wallet: cancelled, its counter bumped, or the NFT moved or its approval revoked. */
  cancel: 2,
  bought: 3,
  sold: 4,
  minted: 5,
  transferIn: 6,
  transferOut: 7,
  announcement: 1000,
  collectionNews: 1001,
} as const;
export type NotificationTypeName = keyof typeof NOTIFICATION_TYPE;
export type NotificationType = (typeof NOTIFICATION_TYPE)[NotificationTypeName];
export const NOTIFICATION_TYPES = Object.values(NOTIFICATION_TYPE) as NotificationType[];
/** The general notices, shown even when the feeds setting is off. */
export const GENERAL_NOTICE_TYPES: readonly NotificationType[] = [
  NOTIFICATION_TYPE.announcement,
  NOTIFICATION_TYPE.collectionNews,
];

/**
 * What a collection-news notice (1001) reports: its `des` holds one of these, and the web words it in the reader's
 * language with the collection's name.
 */
export const COLLECTION_NEWS_KINDS = ['reveal', 'mint_out'] as const;
export type CollectionNewsKind = (typeof COLLECTION_NEWS_KINDS)[number];

/** The notification area: at most 5 items, none older than 3600 s, relative times refreshed every 10 s. */
export const NOTIFICATION_AREA_MAX = 5;
export const NOTIFICATION_MAX_AGE_S = 3600;
export const NOTIFICATION_REFRESH_MS = 10_000;
/** Profit is shown in ETH to 6 decimals. */
export const PROFIT_DECIMALS = 6;
/** A cost price is shown in ETH to 4 decimals. */
export const COST_DECIMALS = 4;
/** The portfolio lists this many of the latest sales; its totals count them all. */
export const PORTFOLIO_SOLD_MAX = 500;
/** The heartbeat (the original app's setqbform) while signed in; a user is online within two of them. */
export const HEARTBEAT_MS = 300_000;
export const ONLINE_WINDOW_MS = 2 * HEARTBEAT_MS;
/** A failed connection-info fetch is retried after 1 s. */
export const LIVE_INFO_RETRY_MS = 1000;
/** The live-message client's options in the original app. */
export const LIVE_CLIENT_OPTIONS = { qos: 0, clean: true, keepaliveS: 60, connectTimeoutMs: 30_000 } as const;
/** Own wallets: the signed-in address plus up to 10 more. */
export const OWN_WALLETS_MAX_ADDED = 10;
/** /notice: items per page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The topic a user's events arrive on; the broker lets only that user subscribe and nobody but the server publish. */
export function userTopic(address: string): string {
  return `users/${address.toLowerCase()}/events`;
}

/**
 * What the server publishes on `users/<address>/events`: type 66 (the original app's wallet-event message) carries
 * new notifications, newest last; type 67 (ours) names notifications to drop, whose block a reorg orphaned.
 */
export const LIVE_MESSAGE = { events: 66, drop: 67 } as const;
