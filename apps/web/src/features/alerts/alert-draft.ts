import {
  ALERT_DEFAULTS,
  ALERT_LIMITS,
  type AlertDetail,
  type AlertInput,
  type AlertProblem,
  type AlertProblemStatus,
  alertProblems,
  type AlertType,
} from '@floordesk/protocol';

export type WalletRow = { key: number; address: string; nickname: string };
export type PriceRow = { key: number; value: string };

/**
 * An alert form's values as typed: numbers stay text until saving, so a half-typed value is shown as it is and the
 * protocol's checker words what is wrong with it. One shape for every type; each form shows the fields its type has.
 */
export type AlertDraft = {
  type: AlertType;
  /** Set when editing a saved alert: saving replaces it. */
  id: number | null;
  title: string;
  enabled: boolean;
  dm_limit: string;
  /** Minutes (101–103, 302, 303). */
  interval: string;
  /** Trades, listings or pending buys (101–103, 302). */
  threshold: string;
  watchlist_only: boolean;
  /** Tracked wallets (201, 202). */
  wallets: WalletRow[];
  /** The collection (301–303), and its name and image once it was picked from a search or loaded with the alert. */
  address: string;
  collection: { name: string | null; img: string | null } | null;
  /** Trigger prices in ETH (301). */
  prices: PriceRow[];
  owned_count: string;
  listing_count: string;
  /** The custom event's start (401) as a `datetime-local` value, in the browser's time zone. */
  event_time: string;
  lead_minutes: string;
};

let lastKey = 0;
/** A key for a new wallet or price row, unique for the page's lifetime. */
export function rowKey(): number {
  lastKey += 1;
  return lastKey;
}

export const emptyWallet = (): WalletRow => ({ key: rowKey(), address: '', nickname: '' });
export const emptyPrice = (): PriceRow => ({ key: rowKey(), value: '' });

/** A new alert of `type`: the protocol's defaults, one empty wallet or price row to fill in. */
export function newDraft(type: AlertType): AlertDraft {
  return {
    type,
    id: null,
    title: '',
    enabled: true,
    dm_limit: String(ALERT_DEFAULTS.dmPerHour),
    interval: String(ALERT_DEFAULTS.intervalMinutes),
    threshold: String(ALERT_DEFAULTS.threshold),
    watchlist_only: false,
    wallets: type === 201 || type === 202 ? [emptyWallet()] : [],
    address: '',
    collection: null,
    prices: type === 301 ? [emptyPrice()] : [],
    owned_count: '',
    listing_count: '',
    event_time: '',
    lead_minutes: String(ALERT_DEFAULTS.leadMinutes),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A `datetime-local` value (local time, minutes) of unix seconds. */
export function localInputOf(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Unix seconds of a `datetime-local` value read in the browser's time zone; 0 when empty or not a time. */
export function unixOfLocalInput(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return 0;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const time = new Date(year!, month! - 1, day, hours, minutes, seconds).getTime();
  return Number.isFinite(time) ? Math.floor(time / 1000) : 0;
}

/** The collection a saved alert (301–303) watches, as the form shows it. */
function collectionOf(detail: AlertDetail & { address: string }): Pick<AlertDraft, 'address' | 'collection'> {
  return { address: detail.address, collection: { name: detail.coll_name, img: detail.coll_img } };
}

/** The form of a saved alert: its values, ready to edit and save back under its id. */
export function draftOfDetail(detail: AlertDetail): AlertDraft {
  const draft: AlertDraft = {
    ...newDraft(detail.type),
    id: detail.id,
    title: detail.title,
    enabled: detail.enabled,
    dm_limit: String(detail.dm_limit),
    wallets: [],
    prices: [],
  };
  switch (detail.type) {
    case 101:
    case 102:
    case 103:
      return {
        ...draft,
        interval: String(detail.interval),
        threshold: String(detail.threshold),
        watchlist_only: detail.watchlist_only,
      };
    case 201:
    case 202:
      return {
        ...draft,
        wallets: detail.qb_address2.map((wallet) => ({ key: rowKey(), ...wallet })),
      };
    case 301:
      return {
        ...draft,
        ...collectionOf(detail),
        prices: detail.price_list.map((value) => ({ key: rowKey(), value })),
      };
    case 302:
      return {
        ...draft,
        ...collectionOf(detail),
        interval: String(detail.interval),
        threshold: String(detail.threshold),
      };
    case 303:
      return {
        ...draft,
        ...collectionOf(detail),
        interval: String(detail.interval),
        owned_count: String(detail.owned_count),
        listing_count: String(detail.listing_count),
      };
    case 401:
      return {
        ...draft,
        event_time: localInputOf(detail.custom_time_value),
        lead_minutes: String(detail.lead_minutes),
      };
  }
}

/** A typed number; empty is not a number (NaN), so it fails the checker's range instead of reading as 0. */
function numberOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** One line of text as saved: control characters (a pasted tab or line break) become spaces, ends trimmed. */
function lineOf(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ').trim();
}

/** What a save sends for `draft`: the fields of its type only, text trimmed, numbers parsed. */
export function inputOf(draft: AlertDraft): AlertInput {
  const common = {
    ...(draft.id === null ? {} : { id: draft.id }),
    title: lineOf(draft.title),
    enabled: draft.enabled,
    dm_limit: numberOf(draft.dm_limit),
  };
  const address = draft.address.trim();
  switch (draft.type) {
    case 101:
    case 102:
    case 103:
      return {
        type: draft.type,
        ...common,
        interval: numberOf(draft.interval),
        threshold: numberOf(draft.threshold),
        watchlist_only: draft.watchlist_only,
      };
    case 201:
    case 202:
      return {
        type: draft.type,
        ...common,
        qb_address2: draft.wallets.map((wallet) => ({
          address: wallet.address.trim(),
          nickname: lineOf(wallet.nickname),
        })),
      };
    case 301:
      return { type: 301, ...common, address, price_list: draft.prices.map((price) => price.value.trim()) };
    case 302:
      return {
        type: 302,
        ...common,
        address,
        interval: numberOf(draft.interval),
        threshold: numberOf(draft.threshold),
      };
    case 303:
      return {
        type: 303,
        ...common,
        address,
        interval: numberOf(draft.interval),
        owned_count: numberOf(draft.owned_count),
        listing_count: numberOf(draft.listing_count),
      };
    case 401:
      return {
        type: 401,
        ...common,
        custom_time_value: unixOfLocalInput(draft.event_time),
        lead_minutes: numberOf(draft.lead_minutes),
      };
  }
}

/** Each field's first problem (the checker may find two for one field, e.g. a custom event's time). */
export type ProblemsByField = ReadonlyMap<string, AlertProblemStatus>;

export function problemsByField(problems: readonly AlertProblem[]): ProblemsByField {
  const byField = new Map<string, AlertProblemStatus>();
  for (const { field, status } of problems) if (!byField.has(field)) byField.set(field, status);
  return byField;
}

/** The draft's problems by the same rules the server applies; none means it can be saved. */
export function draftProblems(draft: AlertDraft, nowSeconds: number): ProblemsByField {
  return problemsByField(alertProblems(inputOf(draft), nowSeconds));
}

/** A title as lists show it: its first 100 characters (not UTF-16 units), and an ellipsis when there was more. */
export function shownTitle(title: string): string {
  const characters = Array.from(title);
  if (characters.length <= ALERT_LIMITS.titleShown) return title;
  return `${characters.slice(0, ALERT_LIMITS.titleShown).join('')}…`;
}
