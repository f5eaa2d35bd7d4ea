import { ADDRESS_PATTERN } from './address';
import type { AlertInput, AlertWallet } from './alerts';
import { Status, type Lang } from './status';

// The alert types, their limits and rules: no schema here, so the web app runs them without zod (the schemas are
// in alerts.ts).

/**
 * Chat-DM alerts: the original app's nine types by menu code. The first digit is the family the list labels
 * (ALERT_FAMILY_LABELS); what each type watches is documented in docs/architecture.md, "Alerts".
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
