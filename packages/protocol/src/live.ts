import { z } from 'zod';
import { LIVE_MESSAGE, NOTIFICATION_TYPES, NOTIFICATIONS_PAGE_SIZE } from './constants';
import { UintString } from './market';
import { boundedIntQuery, intCode } from './primitives';

/** Signed wei (a profit can be a loss). */
export const IntString = z.string().regex(/^-?(0|[1-9][0-9]{0,77})$/);

/** A notification item in the original app's field names. */
export const NotificationItem = z.object({
  id: z.string(),
  type: z.union(NOTIFICATION_TYPES.map((type) => z.literal(type))),
  /**
   * 1000: the operator's headline and text. 1001: `des` is a COLLECTION_NEWS_KINDS value (the web words it) and
   * `title` null. Null for wallet events.
   */
  title: z.string().nullable(),
  des: z.string().nullable(),
  /** The own wallet the event happened on; null for general notices. */
  qb_address: z.string().nullable(),
  /** That wallet's verified ENS name, if any. */
  ens: z.string().nullable(),
  c_address: z.string().nullable(),
  c_name: z.string().nullable(),
  img: z.string().nullable(),
  token_id: UintString.nullable(),
  /** Wei: the sale, purchase or listing price, or what the mint cost. */
  price: UintString.nullable(),
  /** Sold only, wei: proceeds after marketplace fee and royalty minus the token's cost; null when the cost is unknown. */
  profit: IntString.nullable(),
  tx_hash: z.string().nullable(),
  /** Unix seconds: the block's time for chain events, else when it was written. */
  create_time: z.number().int(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/** A message on a user's topic (LIVE_MESSAGE says which kinds). */
export const LiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal(LIVE_MESSAGE.events), data: z.array(NotificationItem) }),
  z.object({ type: z.literal(LIVE_MESSAGE.drop), ids: z.array(z.string()) }),
]);
export type LiveMessage = z.infer<typeof LiveMessage>;

/** `GET /api/live/connection` (the original app's getwebsokect), with the credential the broker checks. */
export const LiveConnectionData = z.object({
  instanceId: z.string(),
  /** The broker's WebSocket URL (ws:// or wss://). */
  host: z.string(),
  groupId: z.string(),
  /** Unique per connection and bound to the user: another user's client cannot take it over. */
  clientId: z.string(),
  topic: z.string(),
  username: z.string(),
  /** A short-lived credential: good for connecting until `expires_at`; an open connection outlives it. */
  password: z.string(),
  /** Unix seconds. */
  expires_at: z.number().int(),
});
export type LiveConnectionData = z.infer<typeof LiveConnectionData>;

/** `GET /api/live/check` (the original app's checkmqtt): flag 1 while the client is connected, 0: reconnect. */
export const LiveCheckQuery = z.object({ clientid: z.string().max(200) });
export const LiveCheckData = z.object({ flag: z.union([z.literal(0), z.literal(1)]) });
export type LiveCheckData = z.infer<typeof LiveCheckData>;

export const NotificationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
  /** One type only; all when absent. */
  type: intCode(NOTIFICATION_TYPES, 'unknown notification type', boundedIntQuery).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;
export const NotificationsData = z.object({
  /** Newest first. */
  list: z.array(NotificationItem),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type NotificationsData = z.infer<typeof NotificationsData>;

/** An operator's announcement (type 1000): to every user's history, and live to everyone online. */
export const AnnouncementRequest = z.object({
  title: z.string().trim().min(1).max(120),
  des: z.string().trim().min(1).max(2000),
});
export type AnnouncementRequest = z.infer<typeof AnnouncementRequest>;
export const AnnouncementData = z.object({ id: z.string() });
