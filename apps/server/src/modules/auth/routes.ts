import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { issueNotice, login, logout } from './service';
import { checkNoticeOrigin } from './siwe';

/** The sign-in domain is the configured origin's, whatever Host a request names (a phishing site relays its own). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  checkNoticeOrigin(ctx.config.origin);
  const perIp = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };

  registerEndpoint(app, endpoints.authNotice, ({ body }) => issueNotice(ctx, body.address), perIp);
  registerEndpoint(app, endpoints.authLogin, ({ body }) => login(ctx, body), perIp);
  registerEndpoint(app, endpoints.authLogout, async ({ session }) => {
    await logout(ctx, session);
    return ok(null);
  });
}
