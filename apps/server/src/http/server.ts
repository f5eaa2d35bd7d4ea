import fastifyRateLimit from '@fastify/rate-limit';
import { BODY_LIMIT_BYTES } from '@floordesk/protocol';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { GasPriceData, SimulatorState } from '@floordesk/protocol';
import type { ChainAccess } from '../chain/client';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Database } from '../db/pool';
import type { LiveBroker, StartLiveBroker } from '../live/broker';
import { type Listen, startLivePublisher } from '../live/publisher';
import type { ResolvedChat } from '../chat/resolve';
import { registerAlertRoutes } from '../modules/alerts/routes';
import { registerAppRoutes } from '../modules/app/routes';
import { registerBillingRoutes } from '../modules/billing/routes';
import { registerAuthRoutes } from '../modules/auth/routes';
import { registerCalendarRoutes } from '../modules/calendar/routes';
import { registerClientErrorRoutes } from '../modules/client-errors/routes';
import { registerCollectionRoutes } from '../modules/collection/routes';
import { registerFlipperRoutes } from '../modules/flippers/routes';
import { registerMetadataRoutes } from '../modules/metadata/routes';
import { notificationItems } from '../modules/notifications/service';
import { onlineUsers } from '../modules/user/service';
import { registerRarityRoutes } from '../modules/rarity/routes';
import { registerMarketPulseRoutes } from '../modules/market-pulse/routes';
import { type DevnetAssets, devnetAssetRoutes } from '../modules/devnet-assets/routes';
import { type DevnetChat, registerDevnetChatRoutes } from '../modules/devnet-chat/routes';
import { registerDevnetRpc } from '../modules/devnet-rpc/routes';
import { registerDiagnosticsRoutes } from '../modules/diagnostics/routes';
import { discordInteractionRoutes } from '../modules/discord-interactions/routes';
import { SIMULATOR_OFF } from '../modules/diagnostics/service';
import { registerGasPriceRoutes } from '../modules/gas-price/routes';
import { registerGasSettingsRoutes } from '../modules/gas-settings/routes';
import { registerOrderRoutes } from '../modules/orders/routes';
import { registerSearchRoutes } from '../modules/search/routes';
import { registerSweepRoutes } from '../modules/sweep/routes';
import { registerPortfolioRoutes } from '../modules/portfolio/routes';
import { registerSellingRoutes } from '../modules/selling/routes';
import { registerTrendingRoutes } from '../modules/trending/routes';
import { registerUserRoutes } from '../modules/user/routes';
import { registerLiveRoutes } from '../modules/live/routes';
import { registerWalletRoutes } from '../modules/wallets/routes';
import { registerWatchlistRoutes } from '../modules/watchlist/routes';
import { followed } from '../modules/watchlist/service';
import { sessionPlugin } from './auth';
import { frameworkError, registerErrorHandler } from './errors';
import { registerHealth } from './health';
import { registerJsonBodyParser } from './json-body';
import { registerMetrics } from './metrics';
import { registerOpenApi } from './openapi';
import { registerRequestLog, RequestLogController } from './request-log';
import { registerWebApp } from './static';

/**
 * Every connection ends in bounded time. A client has this long from connecting (or from its previous response)
 * to send a request's headers, checked every CONNECTIONS_CHECK_MS; that covers one that connects and says nothing.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
const CONNECTIONS_CHECK_MS = 1000;
/** ...and this long to send the whole request (our bodies are a few kB). */
const REQUEST_TIMEOUT_MS = 30_000;
/** A closing server lets requests in flight finish for this long, then closes their connections. */
export const CLOSE_GRACE_MS = 2000;

export type ServerOptions = {
  config: Config;
  db: Database;
  /** The clock of every service; tests move it to expire notices and sessions without sleeping. */
  now?: () => Date;
  /** Without one the server does not log (tests). */
  logger?: FastifyBaseLogger;
  chain?: ChainAccess;
  /** Base fee and ETH price of the latest block (the api role's watcher); absent without a chain. */
  gasPrice?: () => GasPriceData | undefined;
  /**
   * Live notifications: the broker (started on this server, or connected to) and how to listen for notifications
   * as they are committed. Without it the live calls answer 1701 (tests of other features).
   */
  live?: { broker: StartLiveBroker; listen: Listen };
  /** The chat bot alerts DM through, and what verifies its interactions; absent: no bot (tests of other features). */
  chat?: ResolvedChat;
  /**
   * The devnet serves its token metadata and images from here, and its chat page's calls when it runs its own chat
   * service (`chat`); absent on other chains.
   */
  devnet?: { simulatorState: () => SimulatorState; rpcUrl: string; assets: DevnetAssets; chat?: DevnetChat };
};

/** A ready server: `listen()` to serve, or `inject()` to test. */
export async function buildServer({
  config,
  db,
  now = () => new Date(),
  logger,
  chain,
  gasPrice = () => undefined,
  live,
  devnet,
  chat,
}: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: frameworkError,
    trustProxy: config.trustProxy,
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    logController: new RequestLogController(),
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
    requestTimeout: REQUEST_TIMEOUT_MS,
  });
  closeConnectionsAfterGrace(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerMetrics(app);
  registerRequestLog(app);
  registerHealth(app, db);
  // Both document or limit the routes registered after them.
  await registerOpenApi(app, config.version);
  await app.register(fastifyRateLimit, { global: false });

  const ctx: AppContext = { config, db, now, ...(chain && { chain }) };
  await app.register(sessionPlugin, { ctx });
  registerAppRoutes(app, ctx, { devnet: devnet !== undefined, chat });
  registerAuthRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerWalletRoutes(app, ctx);
  registerAlertRoutes(app, ctx, chat);
  let broker: LiveBroker | undefined;
  if (live) {
    const started = await live.broker(app.server);
    broker = started;
    const readers = {
      notificationItems: (ids: readonly string[]) => notificationItems(ctx, ids),
      onlineUsers: () => onlineUsers(ctx),
    };
    const publisher = await startLivePublisher({ readers, broker: started, listen: live.listen, log: app.log });
    // Before the HTTP server closes, which waits for every connection, the broker's WebSockets among them.
    app.addHook('preClose', async () => {
      await publisher.stop();
      await started.close();
    });
  }
  registerLiveRoutes(app, ctx, broker);
  registerGasSettingsRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerTrendingRoutes(app, ctx, (user) => followed(ctx, user));
  registerWatchlistRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerCalendarRoutes(app, ctx);
  registerGasPriceRoutes(app, gasPrice);
  registerCollectionRoutes(app, ctx);
  registerFlipperRoutes(app, ctx);
  registerMetadataRoutes(app, ctx);
  registerRarityRoutes(app, ctx);
  registerMarketPulseRoutes(app, ctx);
  registerSweepRoutes(app, ctx);
  registerPortfolioRoutes(app, ctx);
  registerSellingRoutes(app, ctx);
  registerClientErrorRoutes(app);
  registerDiagnosticsRoutes(app, ctx, devnet?.simulatorState ?? (() => SIMULATOR_OFF));
  // Always there, so Discord's check of the URL gets an answer; without a public key that answer is a 401.
  await app.register(discordInteractionRoutes, { publicKey: chat?.publicKey, now, rateLimit: config.authRateLimit });
  if (devnet) {
    await app.register(devnetAssetRoutes, { assets: devnet.assets });
    registerDevnetRpc(app, { nodeUrl: devnet.rpcUrl, config });
    if (devnet.chat) registerDevnetChatRoutes(app, devnet.chat, config);
  }
  await registerWebApp(app, config.webDist);

  await app.ready();
  return app;
}

/**
 * Node's close() ends idle connections and waits for the others: requests in flight, and clients that are still
 * sending one. Those get CLOSE_GRACE_MS to finish, so a stop is not held up by a slow or silent client.
 */
function closeConnectionsAfterGrace(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    if (app.server.listening) {
      const timer = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      app.server.once('close', () => clearTimeout(timer));
    }
    done();
  });
}
