import { z } from 'zod';
import { ADDRESS_PATTERN } from './address';
import { fieldRuleMessages } from './primitives';
import { Status, type Lang } from './status';

/**
 * Chat-DM alerts: the original app's nine types by menu code. The first digit is the family the list labels
 * (ALERT_FAMILY_LABELS); what each type watches is documented in docs/features.md.
 */
export const ALERT_TYPE = {
  /** Any collection (or the watchlist's) reaches a number of trades within an interval. */
  tradeTrending: 101,
  /** … a number of new listings within an interval (a dump starting). */
  listingTrending: 102,
  /** … a number of pending buys in the mempool within an interval (a sweep coming). */
  pendingTrending: 103,
  /** Tracked wallets buy, sell or mint. */
  walletTrades: 201,
  /** Tracked wallets list. */
  walletListings: 202,
  /** A collection's floor crosses a trigger price, either way. */
  floorPrice: 301,
  /** One collection reaches a number of trades within an interval. */
  collectionTrending: 302,
  /** In one collection, a holder of many items lists several of them within an interval (a whale leaving). */
  whaleListings: 303,
  /** A reminder some minutes before a time the user chose (a mint, a reveal). */
  custom: 401,
} as const;
export type AlertType = (typeof ALERT_TYPE)[keyof typeof ALERT_TYPE];
export const ALERT_TYPES = Object.values(ALERT_TYPE) as AlertType[];

/** The types watching market-wide activity over an interval (101–103): the same fields, another measure. */
export const TRENDING_ALERT_TYPES = [
  ALERT_TYPE.tradeTrending,
  ALERT_TYPE.listingTrending,
  ALERT_TYPE.pendingTrending,
] as const;
export const WALLET_ALERT_TYPES = [ALERT_TYPE.walletTrades, ALERT_TYPE.walletListings] as const;

/** The alert family of a type, its first digit: 1 trending, 2 wallet, 3 collection, 4 custom. */
export type AlertFamily = 1 | 2 | 3 | 4;
export function alertFamily(type: AlertType): AlertFamily {
  return Math.floor(type / 100) as AlertFamily;
}

/** The list's `txt`: the family's label in the caller's language. */
export const ALERT_FAMILY_LABELS: Record<AlertFamily, Record<Lang, string>> = {
  1: { en: 'Trending', zh: '趋势' },
  2: { en: 'Wallet', zh: '钱包' },
  3: { en: 'Collection', zh: '合集' },
  4: { en: 'Custom', zh: '自定义' },
};

/** Limits (the original app's where it names them, ours otherwise; docs/features.md lists them). */
export const ALERT_LIMITS = {
  /** Alerts a user may keep. */
  perUser: 50,
  /** Trigger prices of a floor alert, and the least one (ETH). */
  prices: 5,
  minPriceEth: '0.0001',
  /** Tracked wallets of a wallet alert. */
  wallets: 10,
  /** Alert names: stored up to this many characters; lists cut them to `titleShown`. */
  titleMax: 200,
  titleShown: 100,
  nicknameMax: 40,
  /** Interval of the trending types, in minutes (one minute to one day). */
  intervalMinutes: { min: 1, max: 1440 },
  /** Trades, listings or pending buys that make a trend. */
  threshold: { min: 1, max: 10_000 },
  /** DMs one alert may send per hour; firings beyond it are recorded as skipped, not sent late. */
  dmPerHour: { min: 1, max: 60 },
  /** A whale: items held, and items listed within the interval. */
  ownedCount: { min: 1, max: 100_000 },
  listingCount: { min: 1, max: 10_000 },
  /** How long before a custom event its reminder comes, in minutes (up to a week). */
  leadMinutes: { min: 0, max: 10_080 },
} as const;

/** Defaults a new form starts from. */
export const ALERT_DEFAULTS = { dmPerHour: 10, intervalMinutes: 15, threshold: 10, leadMinutes: 15 } as const;

/** Text a person typed in one line: no control characters (PostgreSQL cannot even store a NUL). */
const lineText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !/\p{Cc}/u.test(text), { error: fieldRuleMessages.plainText.en });

/** A tracked wallet of a 201/202 alert: the original app's `qb_address2` pair. */
export const AlertWallet = z.object({
  address: lineText(100),
  nickname: lineText(100),
});
export type AlertWallet = z.infer<typeof AlertWallet>;

/**
 * What every alert has. Fields are loose on purpose (any text, any number): the rules live in `alertProblems`, so a
 * wrong value is answered with its own message (the original app's where it has one) rather than a schema error.
 */
const common = {
  /** Absent to create; an alert of the caller's to edit. */
  id: z.number().int().positive().optional(),
  title: lineText(1000),
  enabled: z.boolean(),
  /** At most this many DMs an hour. */
  dm_limit: z.number(),
};
const windowed = { interval: z.number(), threshold: z.number() };
const collection = { address: lineText(100) };

/** The body of a save: one shape per type. */
export const AlertInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal(101), ...common, ...windowed, watchlist_only: z.boolean() }),
  z.object({ type: z.literal(102), ...common, ...windowed, watchlist_only: z.boolean() }),
  z.object({ type: z.literal(103), ...common, ...windowed, watchlist_only: z.boolean() }),
  z.object({ type: z.literal(201), ...common, qb_address2: z.array(AlertWallet).max(100) }),
  z.object({ type: z.literal(202), ...common, qb_address2: z.array(AlertWallet).max(100) }),
  /** Prices in ETH as typed, e.g. "0.25". */
  z.object({ type: z.literal(301), ...common, ...collection, price_list: z.array(lineText(100)).max(100) }),
  z.object({ type: z.literal(302), ...common, ...collection, ...windowed }),
  z.object({
    type: z.literal(303),
    ...common,
    ...collection,
    interval: z.number(),
    owned_count: z.number(),
    listing_count: z.number(),
  }),
  /** `custom_time_value`: the event's time in unix seconds; the reminder comes `lead_minutes` before it. */
  z.object({ type: z.literal(401), ...common, custom_time_value: z.number(), lead_minutes: z.number() }),
]);
export type AlertInput = z.infer<typeof AlertInput>;
/** What an alert watches: its input but the fields every type has (how the server stores it). */
export type AlertRule = AlertInput extends infer A
  ? A extends AlertInput
    ? Omit<A, 'id' | 'title' | 'enabled' | 'dm_limit'>
    : never
  : never;

/** A saved alert as the edit form reads it: the input's fields, and the collection's name and image (the original app's coll_name, coll_img). */
export const AlertDetail = z.intersection(
  AlertInput,
  z.object({
    id: z.number().int(),
    coll_name: z.string().nullable(),
    coll_img: z.string().nullable(),
    create_time: z.number().int(),
  }),
);
export type AlertDetail = z.infer<typeof AlertDetail>;
export const AlertDetailData = z.object({ info: AlertDetail });
export type AlertDetailData = z.infer<typeof AlertDetailData>;
export const AlertIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const AlertIdRequest = z.object({ id: z.number().int().positive() });
export type AlertIdRequest = z.infer<typeof AlertIdRequest>;
export const AlertSavedData = z.object({ id: z.number().int() });

/** A row of the list (the original app's alert list item), newest first. */
export const AlertListItem = z.object({
  id: z.number().int(),
  type: z.union(ALERT_TYPES.map((type) => z.literal(type))),
  title: z.string(),
  /** Unix seconds. */
  create_time: z.number().int(),
  /** The family's label in the caller's language. */
  txt: z.string(),
  enabled: z.boolean(),
});
export type AlertListItem = z.infer<typeof AlertListItem>;
export const AlertListData = z.object({ list: z.array(AlertListItem), limit: z.number().int() });
export type AlertListData = z.infer<typeof AlertListData>;

/**
 * The caller's chat link (the original app's getchartid and getsetting in one): `chat_id` '' until set, `test_time`
 * unix seconds of the last successful test (0: never since the id was saved), `reachable` false after the chat
 * service said the user's DMs are closed (alerts wait until a test passes again).
 */
export const ChatSettingsData = z.object({
  chat_id: z.string(),
  test_time: z.number().int(),
  reachable: z.boolean(),
  /** The community server's invite (the original app's `discord_url`); '' when none is configured. */
  discord_url: z.string(),
  /** The bot's slash command that answers with the user's id. */
  command: z.string(),
});
export type ChatSettingsData = z.infer<typeof ChatSettingsData>;
/** Loose on purpose, like the alert input: `chatIdProblem` words what is wrong with it. */
export const ChatIdRequest = z.object({ chat_id: z.string().max(200) });
export type ChatIdRequest = z.infer<typeof ChatIdRequest>;

/** The bot's command for `/my-id`. */
export const MY_ID_COMMAND = 'my-id';

/** A Discord user id (a snowflake): 17 to 20 digits. */
const CHAT_ID_PATTERN = /^[1-9][0-9]{16,19}$/;

export type AlertProblemStatus =
  | typeof Status.FieldEmpty
  | typeof Status.AlertPriceFormat
  | typeof Status.AlertPriceMin
  | typeof Status.AlertPriceDuplicate
  | typeof Status.AlertPriceLimit
  | typeof Status.WalletInvalid
  | typeof Status.WalletLimit
  | typeof Status.WalletDuplicate
  | typeof Status.AlertIntervalInvalid
  | typeof Status.AlertNumberInvalid
  | typeof Status.AlertDmLimitInvalid
  | typeof Status.TextTooLong
  | typeof Status.AlertTimePast
  | typeof Status.ChatIdRequired
  | typeof Status.ChatIdInvalid;

/**
 * What is wrong with a field: `field` names it as the form does (`price_list.2`, `qb_address2.0.address`), `status`
 * carries the message in both languages.
 */
export type AlertProblem = { field: string; status: AlertProblemStatus };

/** The chat id's problem, if any: 'Please input your chat user ID', or not an id. */
export function chatIdProblem(chatId: string): AlertProblemStatus | undefined {
  const trimmed = chatId.trim();
  if (trimmed === '') return Status.ChatIdRequired;
  return CHAT_ID_PATTERN.test(trimmed) ? undefined : Status.ChatIdInvalid;
}

/** An ETH amount as typed: digits with an optional fraction of at most 18 digits (wei). */
const PRICE_PATTERN = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/;

/** Wei of a typed ETH price, or undefined when it is not one (see PRICE_PATTERN). */
export function ethTextToWei(text: string): bigint | undefined {
  const trimmed = text.trim();
  if (!PRICE_PATTERN.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'));
}

/**
 * Every problem of an alert, in form order; none means it can be saved. The web form shows each under its field
 * and the server refuses with the first, so both say the same thing. `nowSeconds` decides whether a custom event's
 * reminder is still ahead.
 */
export function alertProblems(input: AlertInput, nowSeconds: number): AlertProblem[] {
  const problems: AlertProblem[] = [];
  const add = (field: string, status: AlertProblemStatus | undefined) => {
    if (status !== undefined) problems.push({ field, status });
  };
  const title = input.title.trim();
  add(
    'title',
    title === '' ? Status.FieldEmpty : title.length > ALERT_LIMITS.titleMax ? Status.TextTooLong : undefined,
  );
  add('dm_limit', wholeIn(input.dm_limit, ALERT_LIMITS.dmPerHour) ? undefined : Status.AlertDmLimitInvalid);
  switch (input.type) {
    case 101:
    case 102:
    case 103:
    case 302:
      if (input.type === 302) add('address', collectionProblem(input.address));
      add('interval', intervalProblem(input.interval));
      add('threshold', wholeIn(input.threshold, ALERT_LIMITS.threshold) ? undefined : Status.AlertNumberInvalid);
      break;
    case 201:
    case 202:
      problems.push(...walletProblems(input.qb_address2));
      break;
    case 301:
      add('address', collectionProblem(input.address));
      problems.push(...priceProblems(input.price_list));
      break;
    case 303:
      add('address', collectionProblem(input.address));
      add('interval', intervalProblem(input.interval));
      add('owned_count', wholeIn(input.owned_count, ALERT_LIMITS.ownedCount) ? undefined : Status.AlertNumberInvalid);
      add(
        'listing_count',
        wholeIn(input.listing_count, ALERT_LIMITS.listingCount) ? undefined : Status.AlertNumberInvalid,
      );
      break;
    case 401: {
      const validTime = Number.isInteger(input.custom_time_value) && input.custom_time_value > 0;
      add('custom_time_value', validTime ? undefined : Status.FieldEmpty);
      const validLead = wholeIn(input.lead_minutes, ALERT_LIMITS.leadMinutes);
      add('lead_minutes', validLead ? undefined : Status.AlertNumberInvalid);
      // A reminder already due would fire at once: the time must leave the lead ahead.
      if (validTime && validLead && input.custom_time_value - input.lead_minutes * 60 <= nowSeconds) {
        add('custom_time_value', Status.AlertTimePast);
      }
      break;
    }
  }
  return problems;
}

/** The floor alert's prices (the original app's rules and messages, in its order). */
export function priceProblems(prices: readonly string[]): AlertProblem[] {
  if (prices.length === 0) return [{ field: 'price_list', status: Status.FieldEmpty }];
  const problems: AlertProblem[] = [];
  const seen = new Set<bigint>();
  const minWei = ethTextToWei(ALERT_LIMITS.minPriceEth) ?? 0n;
  prices.forEach((price, index) => {
    const field = `price_list.${index}`;
    if (price.trim() === '') return problems.push({ field, status: Status.FieldEmpty });
    const wei = ethTextToWei(price);
    if (wei === undefined) return problems.push({ field, status: Status.AlertPriceFormat });
    if (wei < minWei) return problems.push({ field, status: Status.AlertPriceMin });
    if (seen.has(wei)) return problems.push({ field, status: Status.AlertPriceDuplicate });
    seen.add(wei);
    return undefined;
  });
  if (prices.length > ALERT_LIMITS.prices) problems.push({ field: 'price_list', status: Status.AlertPriceLimit });
  return problems;
}

/** The tracked wallets: each an address (no twice), at most ALERT_LIMITS.wallets. */
export function walletProblems(wallets: readonly AlertWallet[]): AlertProblem[] {
  if (wallets.length === 0) return [{ field: 'qb_address2', status: Status.FieldEmpty }];
  const problems: AlertProblem[] = [];
  const seen = new Set<string>();
  wallets.forEach((wallet, index) => {
    const field = `qb_address2.${index}.address`;
    const address = wallet.address.trim().toLowerCase();
    if (address === '') return problems.push({ field, status: Status.FieldEmpty });
    if (!ADDRESS_PATTERN.test(address)) return problems.push({ field, status: Status.WalletInvalid });
    if (seen.has(address)) return problems.push({ field, status: Status.WalletDuplicate });
    seen.add(address);
    if (wallet.nickname.trim().length > ALERT_LIMITS.nicknameMax) {
      problems.push({ field: `qb_address2.${index}.nickname`, status: Status.TextTooLong });
    }
    return undefined;
  });
  if (wallets.length > ALERT_LIMITS.wallets) problems.push({ field: 'qb_address2', status: Status.WalletLimit });
  return problems;
}

function collectionProblem(address: string): AlertProblemStatus | undefined {
  const trimmed = address.trim();
  if (trimmed === '') return Status.FieldEmpty;
  return ADDRESS_PATTERN.test(trimmed) ? undefined : Status.WalletInvalid;
}

function intervalProblem(minutes: number): AlertProblemStatus | undefined {
  return wholeIn(minutes, ALERT_LIMITS.intervalMinutes) ? undefined : Status.AlertIntervalInvalid;
}

function wholeIn(value: number, range: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max;
}

// ---- The devnet's chat (a local server speaking Discord's API; devnet only) ----

/** A person on the devnet's chat server; their id is what `/my-id` answers. */
export const DevnetChatUser = z.object({
  id: z.string(),
  username: z.string(),
  /** Whether they accept DMs from the bot; closed makes every DM fail as Discord's 50007 does. */
  dms_open: z.boolean(),
});
export type DevnetChatUser = z.infer<typeof DevnetChatUser>;
/** Who to be: an id the page kept from before (stays the same person), or none for a new one. */
export const DevnetChatUserRequest = z.object({ user_id: z.string().max(32).optional() });
export const DevnetChatUserQuery = z.object({ user_id: z.string().max(32) });

/** A DM the bot sent, as the chat server received it. */
export const DevnetChatMessage = z.object({
  id: z.string(),
  content: z.string(),
  /** Unix milliseconds. */
  created_at: z.number().int(),
});
export type DevnetChatMessage = z.infer<typeof DevnetChatMessage>;
export const DevnetChatMessagesData = z.object({ user: DevnetChatUser, list: z.array(DevnetChatMessage) });
export type DevnetChatMessagesData = z.infer<typeof DevnetChatMessagesData>;

/** The bot's ephemeral answer to `/my-id` (only the person who ran it sees it). */
export const DevnetChatCommandData = z.object({ reply: z.string() });
export type DevnetChatCommandData = z.infer<typeof DevnetChatCommandData>;
export const DevnetChatDmsRequest = z.object({ user_id: z.string().max(32), open: z.boolean() });
