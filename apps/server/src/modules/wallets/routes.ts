import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { addWallet, removeWallet, walletList } from './service';

export function registerWalletRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.wallets, async ({ session }) => ok(await walletList(ctx, session.address)));
  registerEndpoint(app, endpoints.addWallet, ({ body, session }) => addWallet(ctx, session.address, body.address));
  registerEndpoint(app, endpoints.deleteWallet, ({ body, session }) =>
    removeWallet(ctx, session.address, body.address),
  );
}
