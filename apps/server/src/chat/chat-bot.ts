/**
 * What alerts need of a chat service: a DM channel with a user, and a message in it. Discord's REST API implements
 * it (discord.ts); on the devnet that API is served by the devnet's own chat server.
 */
export type ChatBot = {
  /** The DM channel with a chat user (the service returns the same one each time; callers cache it). */
  openDm(userId: string): Promise<string>;
  /**
   * Posts `content` in a channel. `nonce` (at most 25 characters) makes the service return the message it already
   * created with that nonce instead of a second one, so a retry after a failure or a crash never posts twice.
   */
  sendMessage(channelId: string, content: string, nonce: string): Promise<{ id: string }>;
  /**
   * Declares the bot's slash commands (`/my-id`) to the service, replacing what it had: the command people run to
   * learn their chat user id exists wherever the bot does, with no setup step by hand.
   */
  registerCommands(): Promise<void>;
};

/**
 * Why a chat call failed, when retrying cannot help: the user does not accept DMs from the bot (Discord 50007), no
 * user has the id (10013, 50033), or the cached DM channel is gone (10003). Any other failure (the service down, a
 * 5xx after the client's own retries) is thrown as is and may be retried.
 */
export class ChatRefusal extends Error {
  override name = 'ChatRefusal';
  constructor(
    readonly reason: 'unreachable' | 'unknown_user' | 'unknown_channel',
    message: string,
  ) {
    super(message);
  }
}
