import {
  chatIdProblem,
  type DevnetChatMessage,
  type DevnetChatUser,
  endpoints,
  MY_ID_COMMAND,
  Status,
} from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { registerEndpoint } from '../../http/routes';
import { requestLang } from '../../http/lang';
import { ok, refuse } from '../../result';

/** What the devnet chat page needs of the devnet's chat server (devnet.ts provides it). */
export type DevnetChat = {
  createUser(id?: string): DevnetChatUser;
  user(id: string): DevnetChatUser | undefined;
  setDmsOpen(id: string, open: boolean): DevnetChatUser | undefined;
  messages(id: string): DevnetChatMessage[] | undefined;
  runCommand(userId: string, command: string, locale?: string): Promise<string>;
};

/**
 * The devnet chat page's calls: be a person of the devnet's chat service, run the bot's `/my-id` as them, read the
 * DMs the bot sent them, and close or open their DMs. Registered only when the server runs its own devnet.
 */
export function registerDevnetChatRoutes(app: FastifyInstance, chat: DevnetChat, config: Config): void {
  // Each new person and each command (a signed request back to this server) costs work: limited as sign-in is.
  const perIp = { rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };

  registerEndpoint(
    app,
    endpoints.devnetChatUser,
    async ({ body }) => {
      // An id kept from before stays that person (made again after the chat server lost them); anything that is no
      // chat id gets a new person rather than a refusal, so a page with a damaged stored id recovers by itself.
      const kept = body.user_id?.trim();
      return ok(chat.createUser(kept !== undefined && isChatUserId(kept) ? kept : undefined));
    },
    perIp,
  );

  registerEndpoint(app, endpoints.devnetChatMessages, async ({ query }) => {
    const user = chat.user(query.user_id);
    const list = chat.messages(query.user_id);
    return user && list ? ok({ user, list }) : refuse(Status.NotFound);
  });

  registerEndpoint(
    app,
    endpoints.devnetChatMyId,
    async ({ body, request }) => {
      if (!chat.user(body.user_id)) return refuse(Status.NotFound);
      // The person's chat client speaks the language they read FloorDesk in.
      const locale = requestLang(request) === 'zh' ? 'zh-CN' : 'en-US';
      try {
        return ok({ reply: await chat.runCommand(body.user_id, MY_ID_COMMAND, locale) });
      } catch (error) {
        request.log.warn({ err: error }, 'the devnet chat could not run /my-id');
        return refuse(Status.ChatUnavailable);
      }
    },
    perIp,
  );

  registerEndpoint(app, endpoints.devnetChatDms, async ({ body }) => {
    const user = chat.setDmsOpen(body.user_id, body.open);
    return user ? ok(user) : refuse(Status.NotFound);
  });
}

/** A chat id as people type them (17–20 digits) that is also a snowflake, an unsigned 64-bit number. */
function isChatUserId(id: string): boolean {
  return chatIdProblem(id) === undefined && BigInt(id) < 2n ** 64n;
}
