import { z } from 'zod';
import { ALERT_LIMITS } from './alert-rules';
import { boundedInt, boundedIntQuery, fieldRuleMessages, ROW_ID_MAX, RowId, UnixSeconds } from './primitives';

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

/** A number of an alert's form: whole, from 0 (what an empty field sends) to the most its rule allows. */
const formCount = (limit: { max: number }) => boundedInt(0, limit.max);

/**
 * What every alert has. Fields are loose on purpose (any text, a number from 0 up): the rules live in
 * `alertProblems`, so a wrong value is answered with its own message (the original app's where it has one) rather
 * than a schema error. What no form sends (a fraction, a negative, beyond the rule's most, no date) is a 400.
 */
const common = {
  /** Absent to create; an alert of the caller's to edit. */
  id: RowId.optional(),
  title: lineText(1000),
  enabled: z.boolean(),
  /** At most this many DMs an hour. */
  dm_limit: formCount(ALERT_LIMITS.dmPerHour),
};
const windowed = { interval: formCount(ALERT_LIMITS.intervalMinutes), threshold: formCount(ALERT_LIMITS.threshold) };
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
    interval: formCount(ALERT_LIMITS.intervalMinutes),
    owned_count: formCount(ALERT_LIMITS.ownedCount),
    listing_count: formCount(ALERT_LIMITS.listingCount),
  }),
  /** `custom_time_value`: the event's time in unix seconds; the reminder comes `lead_minutes` before it. */
  z.object({
    type: z.literal(401),
    ...common,
    custom_time_value: UnixSeconds,
    lead_minutes: formCount(ALERT_LIMITS.leadMinutes),
  }),
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
export const AlertIdQuery = z.object({ id: boundedIntQuery(1, ROW_ID_MAX) });
export const AlertIdRequest = z.object({ id: RowId });
export type AlertIdRequest = z.infer<typeof AlertIdRequest>;
export const AlertSavedData = z.object({ id: z.number().int() });

/**
 * A row of the list (the original app's alert list item), newest first: the whole alert, so that a row can show the
 * collection and the trigger it watches.
 */
export const AlertListItem = z.intersection(
  AlertDetail,
  z.object({
    /** The family's label in the caller's language. */
    txt: z.string(),
  }),
);
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
