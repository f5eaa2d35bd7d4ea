import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requestLang } from '../../http/lang';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import {
  communityCode,
  invitation,
  issueTrialCode,
  redeemTrialCode,
  saveCommunity,
  setIdentityByOperator,
  setInvitationCode,
  trialCodes,
  useCommunityCode,
  useInvitationCode,
} from './codes';
import { savePromotion } from './promotions';
import { checkUser, plansFor, quote, subscriptionOf } from './service';

export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.userCheck, async ({ session }) => ok(await checkUser(ctx, session.address)));
  registerEndpoint(app, endpoints.subscriptionPlans, async ({ query, request }) => {
    // Open to visitors, who see the ordinary prices; a signed-in caller sees their own.
    const session = await app.readSession(request);
    return ok(await plansFor(ctx, session?.address, query, requestLang(request)));
  });
  registerEndpoint(app, endpoints.subscriptionQuote, ({ body, session }) => quote(ctx, session.address, body));
  registerEndpoint(app, endpoints.subscription, async ({ session }) => ok(await subscriptionOf(ctx, session.address)));

  registerEndpoint(app, endpoints.trialCodes, async ({ session }) => ok(await trialCodes(ctx, session.address)));
  registerEndpoint(app, endpoints.issueTrialCode, ({ session }) => issueTrialCode(ctx, session.address));
  registerEndpoint(app, endpoints.redeemTrialCode, ({ body, session }) =>
    redeemTrialCode(ctx, session.address, body.code),
  );
  registerEndpoint(app, endpoints.invitation, async ({ session }) => ok(await invitation(ctx, session.address)));
  registerEndpoint(app, endpoints.setInvitation, ({ body, session }) =>
    setInvitationCode(ctx, session.address, body.code),
  );
  registerEndpoint(app, endpoints.useInvitation, ({ body, session }) =>
    useInvitationCode(ctx, session.address, body.code),
  );
  registerEndpoint(app, endpoints.communityCode, ({ session }) => communityCode(ctx, session.address));
  registerEndpoint(app, endpoints.useCommunityCode, ({ body, session }) =>
    useCommunityCode(ctx, session.address, body.code),
  );

  // Operators only: the routes refuse anyone else (1702) before these run.
  registerEndpoint(app, endpoints.setIdentity, ({ body }) => setIdentityByOperator(ctx, body));
  registerEndpoint(app, endpoints.saveCommunity, ({ body }) => saveCommunity(ctx, body));
  registerEndpoint(app, endpoints.savePromotion, ({ body }) => savePromotion(ctx, body));
}
