import type { Config } from '../config';
import type { ChatBot } from './chat-bot';
import { discordBot } from './discord';

/** What the server takes from the devnet's own chat server (devnet.ts starts it). */
export type LocalChatService = {
  apiUrl: string;
  botToken: string;
  publicKeyHex: string;
  inviteUrl: string | undefined;
};

/** The chat this server runs with. */
export type ResolvedChat = {
  /** Sends alert DMs; undefined when no bot is configured (alerts are then not sent). */
  bot: ChatBot | undefined;
  /** Verifies `/my-id` interactions (hex Ed25519); undefined: the interactions endpoint answers 401 to everything. */
  publicKey: string | undefined;
  /** The community to join, where the bot's commands run; '' when none is configured. */
  inviteUrl: string;
};

/**
 * The chat service, by what the environment gives: a bot token means Discord (or whatever DISCORD_API_URL names)
 * with the configured key and invite; without one, the devnet's local chat server when the devnet runs; otherwise
 * no bot, though a configured public key still lets the interactions endpoint answer `/my-id`.
 */
export function resolveChat(config: Config, local?: LocalChatService): ResolvedChat {
  const { apiUrl, botToken, publicKey, inviteUrl } = config.chat;
  if (botToken !== undefined) return { bot: discordBot({ apiUrl, botToken }), publicKey, inviteUrl };
  if (local) {
    return {
      bot: discordBot({ apiUrl: local.apiUrl, botToken: local.botToken }),
      publicKey: local.publicKeyHex,
      inviteUrl: local.inviteUrl ?? inviteUrl,
    };
  }
  return { bot: undefined, publicKey, inviteUrl };
}
