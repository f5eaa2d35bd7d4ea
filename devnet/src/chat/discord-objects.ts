import { randomInt } from 'node:crypto';

/**
 * The objects of Discord's API v10 that the devnet's chat server answers with, shaped as Discord documents them
 * (user, DM channel, message, error and rate-limit bodies). Only the fields a bot library reads are filled in; the
 * rest carry Discord's values for an ordinary account (no avatar, no flags).
 */

/** Discord's epoch (2015-01-01 UTC): snowflakes count milliseconds from it. */
const DISCORD_EPOCH = 1_420_070_400_000n;
const SNOWFLAKE_MAX = 2n ** 64n - 1n;
let increment = 0n;

/**
 * A new snowflake: the time in its top bits, as Discord's are, so ids made now have 19 digits. The worker bits are
 * random so ids made in another run (a restarted server) do not repeat those of an earlier one.
 */
export function snowflake(at = Date.now()): string {
  increment = (increment + 1n) & 0xfffn;
  const worker = BigInt(randomInt(0, 1024));
  return (((BigInt(at) - DISCORD_EPOCH) << 22n) | (worker << 12n) | increment).toString();
}

/** Whether Discord would read `value` as a snowflake: an unsigned 64-bit integer, written in decimal. */
export function isSnowflake(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[0-9]{1,20}$/.test(value)) return false;
  return BigInt(value) <= SNOWFLAKE_MAX;
}

export type ChatPerson = { id: string; username: string; dms_open: boolean };

/** A user object as Discord serialises another account (discriminator '0': the unique-username system). */
export function userObject(person: { id: string; username: string }, bot = false) {
  return {
    id: person.id,
    username: person.username,
    global_name: bot ? null : person.username,
    discriminator: '0',
    avatar: null,
    public_flags: 0,
    ...(bot && { bot: true }),
  };
}

/** A DM channel (type 1, DM) between the bot and one person. */
export function dmChannelObject(channelId: string, recipient: ChatPerson, lastMessageId: string | null) {
  return { id: channelId, type: 1, last_message_id: lastMessageId, flags: 0, recipients: [userObject(recipient)] };
}

export type StoredMessage = {
  id: string;
  channel_id: string;
  content: string;
  /** What the bot sent as `nonce`, kept to answer a repeat with `enforce_nonce`. */
  nonce?: string | number;
  /** Unix milliseconds. */
  created_at: number;
};

/** A message object (type 0, DEFAULT) the bot posted. */
export function messageObject(message: StoredMessage, author: { id: string; username: string }) {
  return {
    id: message.id,
    channel_id: message.channel_id,
    type: 0,
    author: userObject(author, true),
    content: message.content,
    timestamp: new Date(message.created_at).toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    components: [],
    pinned: false,
    flags: 0,
    ...(message.nonce !== undefined && { nonce: message.nonce }),
  };
}

/** Discord's JSON error body: an error code and its message. */
export type DiscordError = { status: number; body: { message: string; code: number; errors?: unknown } };

export const ERRORS = {
  unauthorized: { status: 401, body: { message: '401: Unauthorized', code: 0 } },
  notFound: { status: 404, body: { message: '404: Not Found', code: 0 } },
  methodNotAllowed: { status: 405, body: { message: '405: Method Not Allowed', code: 0 } },
  unknownChannel: { status: 404, body: { message: 'Unknown Channel', code: 10003 } },
  /** Create DM with an id no user has (Discord answers 400 here, not 404). */
  invalidRecipient: { status: 400, body: { message: 'Invalid Recipient(s)', code: 50033 } },
  cannotMessageUser: { status: 403, body: { message: 'Cannot send messages to this user', code: 50007 } },
  emptyMessage: { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } },
  invalidJson: { status: 400, body: { message: 'The request body contains invalid JSON.', code: 50109 } },
  internal: { status: 500, body: { message: '500: Internal Server Error', code: 0 } },
} as const satisfies Record<string, DiscordError>;

/** 50035 Invalid Form Body, naming the field and why, in Discord's nested `errors` shape. */
export function invalidFormBody(field: string, code: string, message: string): DiscordError {
  return {
    status: 400,
    body: { message: 'Invalid Form Body', code: 50035, errors: { [field]: { _errors: [{ code, message }] } } },
  };
}
