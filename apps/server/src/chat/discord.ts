import { DiscordAPIError, REST } from '@discordjs/rest';
import { MY_ID_COMMAND } from '@floordesk/protocol';
import { type ChatBot, ChatRefusal } from './chat-bot';

/** Discord's JSON error codes the adapter turns into refusals (Discord's "JSON Error Codes" table). */
const UNKNOWN_CHANNEL = 10003;
const UNKNOWN_USER = 10013;
const CANNOT_MESSAGE_USER = 50007;
const INVALID_RECIPIENT = 50033;
/** Invalid Form Body: on Create DM its one field is the recipient, an id Discord cannot read as a user id. */
const INVALID_FORM_BODY = 50035;

/** Discord asks bots to stay under 50 requests a second across all routes. */
const GLOBAL_REQUESTS_PER_SECOND = 50;
/** Tries after a 5xx or a timeout (rate limits are waited out and retried without counting). */
const RETRIES = 3;
const TIMEOUT_MS = 15_000;

export type DiscordBotOptions = {
  /** The REST API's base without the version, e.g. https://discord.com/api (or the devnet's chat server). */
  apiUrl: string;
  botToken: string;
};

/**
 * The chat bot over Discord's REST API v10, through @discordjs/rest: it queues calls per rate-limit bucket from
 * Discord's headers, keeps under the global limit, waits out a 429's Retry-After and tries again (its
 * `rejectOnRateLimit` is unset by default, so a 429 is never thrown), and retries a 5xx or a timeout `RETRIES`
 * times. A retried post cannot post twice: each carries the caller's nonce with `enforce_nonce`, and Discord
 * answers a repeat within a few minutes with the message it already created.
 *
 * A 401 (a wrong token) makes @discordjs/rest forget the token, so every later call fails at once instead of
 * spending Discord's invalid-request allowance (10,000 per 10 minutes before an IP ban); fixing the token takes a
 * restart.
 */
export function discordBot({ apiUrl, botToken }: DiscordBotOptions): ChatBot {
  const rest = new REST({
    api: apiUrl,
    version: '10',
    globalRequestsPerSecond: GLOBAL_REQUESTS_PER_SECOND,
    retries: RETRIES,
    timeout: TIMEOUT_MS,
  }).setToken(botToken);

  return {
    async openDm(userId) {
      try {
        const channel = (await rest.post('/users/@me/channels', { body: { recipient_id: userId } })) as { id: string };
        return channel.id;
      } catch (error) {
        throw refusal(error, { [INVALID_FORM_BODY]: 'unknown_user' }) ?? error;
      }
    },
    async sendMessage(channelId, content, nonce) {
      try {
        const message = (await rest.post(`/channels/${channelId}/messages`, {
          body: {
            content,
            nonce,
            enforce_nonce: true,
            // Alert texts quote names people chose (alert titles, nicknames): none of them may ping anyone.
            allowed_mentions: { parse: [] },
          },
        })) as { id: string };
        return { id: message.id };
      } catch (error) {
        throw refusal(error) ?? error;
      }
    },
    async registerCommands() {
      // The bot's user and its application share an id, but only the application call says so for certain.
      const application = (await rest.get('/applications/@me')) as { id: string };
      await rest.put(`/applications/${application.id}/commands`, { body: COMMANDS });
    },
  };
}

/** The bot's slash commands, as Discord's "Bulk Overwrite Global Application Commands" takes them. */
const COMMANDS = [
  {
    name: MY_ID_COMMAND,
    type: 1,
    description: 'Your chat user ID, to paste into FloorDesk so alerts can DM you',
    description_localizations: { 'zh-CN': '你的聊天用户 ID：粘贴到 FloorDesk，提醒即可私信你' },
    // Usable in the community server and in a DM with the bot.
    contexts: [0, 1],
  },
];

const REASONS: Record<number, ChatRefusal['reason']> = {
  [CANNOT_MESSAGE_USER]: 'unreachable',
  [UNKNOWN_USER]: 'unknown_user',
  [INVALID_RECIPIENT]: 'unknown_user',
  [UNKNOWN_CHANNEL]: 'unknown_channel',
};

/** The refusal a Discord error stands for, or undefined for a failure that may pass (thrown as is). */
function refusal(error: unknown, extra: Record<number, ChatRefusal['reason']> = {}): ChatRefusal | undefined {
  if (!(error instanceof DiscordAPIError) || typeof error.code !== 'number') return undefined;
  const reason = extra[error.code] ?? REASONS[error.code];
  return reason && new ChatRefusal(reason, `Discord ${error.code}: ${error.message}`);
}
