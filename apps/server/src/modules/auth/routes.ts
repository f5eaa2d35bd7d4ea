import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { issueNotice, login, logout, type SiweOrigin } from './service';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const perIp = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };

  registerEndpoint(
    app,
    endpoints.authNotice,
    ({ body, request }) => issueNotice(ctx, body.address, siweOrigin(ctx, request)),
    perIp,
  );
  registerEndpoint(
    app,
    endpoints.authLogin,
    ({ body, request }) => login(ctx, body, siweOrigin(ctx, request).domain),
    perIp,
  );
  registerEndpoint(app, endpoints.authLogout, async ({ session }) => {
    await logout(ctx, session);
    return ok(null);
  });
}

/** The site the user signs in to: PUBLIC_ORIGIN when set, else the origin the request was addressed to. */
function siweOrigin({ config }: AppContext, request: FastifyRequest): SiweOrigin {
  if (config.publicOrigin) return { domain: config.publicOrigin.host, uri: config.publicOrigin.origin };
  return { domain: request.host, uri: `${request.protocol}://${request.host}` };
}
