import { type KeyObject, randomBytes, sign } from 'node:crypto';
import { type ChatPerson, snowflake, userObject } from './discord-objects';

/** Interaction types and the response FloorDesk's endpoint must give a command (Discord's numbering). */
const APPLICATION_COMMAND = 2;
const CHAT_INPUT = 1;
const CHANNEL_MESSAGE_WITH_SOURCE = 4;
const EPHEMERAL = 1 << 6;

/**
 * Discord gives an app 3 s to answer an interaction. The devnet waits longer: a busy machine running the whole
 * stack (and tests) may be slower than a deployed server, and a person should not see a failure for that.
 */
const RESPONSE_TIMEOUT_MS = 10_000;

/** The devnet's community server, where people run the bot's commands (fixed ids: one server, one channel). */
export const DEVNET_GUILD_ID = '1180000000000000001';
const COMMANDS_CHANNEL_ID = '1180000000000000002';

export type InteractionTarget = {
  url: () => string;
  applicationId: string;
  signingKey: KeyObject;
};

/**
 * A slash command as Discord delivers it to an app's interactions endpoint: a type-2 interaction from a member of
 * the community server, in the channel they ran it in.
 */
export function commandInteraction(
  applicationId: string,
  commandId: string,
  person: ChatPerson,
  command: string,
  locale: string,
) {
  return {
    id: snowflake(),
    application_id: applicationId,
    type: APPLICATION_COMMAND,
    data: { id: commandId, name: command, type: CHAT_INPUT },
    guild_id: DEVNET_GUILD_ID,
    channel_id: COMMANDS_CHANNEL_ID,
    channel: { id: COMMANDS_CHANNEL_ID, type: 0, guild_id: DEVNET_GUILD_ID, name: 'general' },
    member: {
      user: userObject(person),
      roles: [],
      joined_at: new Date(0).toISOString(),
      nick: null,
      avatar: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      permissions: '0',
    },
    // Answers to this interaction would be sent with it (follow-ups); FloorDesk answers in its response instead.
    token: randomBytes(48).toString('base64url'),
    version: 1,
    locale,
    guild_locale: 'en-US',
    app_permissions: '0',
    entitlements: [],
    authorizing_integration_owners: { '0': DEVNET_GUILD_ID },
    context: 0,
  };
}

/**
 * The headers Discord signs an interaction with: Ed25519 over the timestamp (unix seconds, as text) followed by the
 * exact body, in hex.
 */
export function signatureHeaders(signingKey: KeyObject, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signed = Buffer.from(`${timestamp}${body}`);
  return {
    'X-Signature-Ed25519': sign(null, signed, signingKey).toString('hex'),
    'X-Signature-Timestamp': String(timestamp),
  };
}

/** Posts a signed interaction to the app and returns its JSON response; throws on anything but an HTTP 200. */
export async function deliverInteraction(target: InteractionTarget, interaction: object): Promise<unknown> {
  const body = JSON.stringify(interaction);
  const response = await fetch(target.url(), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'Discord-Interactions/1.0 (+https://discord.com)',
      ...signatureHeaders(target.signingKey, body),
    },
    body,
    signal: AbortSignal.timeout(RESPONSE_TIMEOUT_MS),
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`the app answered the interaction with HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`the app answered the interaction with no JSON: ${text.slice(0, 200)}`);
  }
}

/** The text of an ephemeral message response (type 4, flag 64); throws for any other answer. */
export function ephemeralReply(response: unknown): string {
  const answer = response as { type?: unknown; data?: { content?: unknown; flags?: unknown } } | null;
  const content = answer?.data?.content;
  const flags = answer?.data?.flags;
  if (
    answer?.type !== CHANNEL_MESSAGE_WITH_SOURCE ||
    typeof content !== 'string' ||
    typeof flags !== 'number' ||
    (flags & EPHEMERAL) === 0
  ) {
    throw new Error(`the app's answer is not an ephemeral message: ${JSON.stringify(response).slice(0, 200)}`);
  }
  return content;
}
