import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { ResolvedChat } from '../../chat/resolve';
import type { AppContext } from '../../context';
import { requestLang } from '../../http/lang';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { alertDetail, alertList, chatSettings, removeAlert, saveAlert, saveChatId, testChat } from './service';

/** The chat-DM alerts and the chat link; `chat`'s bot sends the test DM (absent: no bot on this server). */
export function registerAlertRoutes(app: FastifyInstance, ctx: AppContext, chat: ResolvedChat | undefined): void {
  registerEndpoint(app, endpoints.alerts, async ({ session, request }) =>
    ok(await alertList(ctx, session.address, requestLang(request))),
  );
  registerEndpoint(app, endpoints.alertDetail, ({ query, session }) => alertDetail(ctx, session.address, query.id));
  registerEndpoint(app, endpoints.saveAlert, ({ body, session, request }) =>
    saveAlert(ctx, session.address, body, requestLang(request)),
  );
  registerEndpoint(app, endpoints.deleteAlert, ({ body, session }) => removeAlert(ctx, session.address, body.id));
  registerEndpoint(app, endpoints.chatSettings, async ({ session }) =>
    ok(await chatSettings(ctx, chat, session.address)),
  );
  registerEndpoint(app, endpoints.saveChatId, ({ body, session, request }) =>
    saveChatId(ctx, chat, session.address, body.chat_id, requestLang(request)),
  );
  registerEndpoint(app, endpoints.testChat, ({ session, request }) =>
    testChat(ctx, chat, session.address, requestLang(request)),
  );
}
