import { type PostListingRequest, statusMessages } from '@floordesk/protocol';
import pino from 'pino';
import type { ChainAccess } from './chain/client';
import { resolveChat } from './chat/resolve';
import { INDEXER_LOCK_KEY, startIndexer } from './chain/indexer';
import { startMempoolWatcher } from './chain/mempool';
import { openChain } from './chain/open-chain';
import { type Config, ConfigError, loadConfig, originWarning } from './config';
import type { AppContext, RoleContext } from './context';
import {
  devnetPromotions,
  type RunningSimulator,
  type ServerDevnet,
  startServerDevnet,
  withDevnetSubscriptions,
} from './devnet';
import { writePromotion } from './modules/billing/service';
import { upsertCalendarEvents } from './modules/calendar/store';
import { startGasPriceWatcher } from './modules/gas-price/watcher';
import { openPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { listen } from './db/listen';
import { connectDatabase, type Database, tryAdvisoryLock } from './db/pool';
import type { StartLiveBroker } from './live/broker';
import { credentialStore } from './live/credentials';
import { embeddedBrokerUrl, startEmbeddedBroker } from './live/embedded-broker';
import { connectMosquitto } from './live/mosquitto-broker';
import { buildServer } from './http/server';
import { createGuardedFetch } from './net/guarded-fetch';
import { listingConnectors } from './market/connectors/connectors';
import { importListingHistory } from './market/listings/listing-history';
import { submitListing } from './market/listings/submit';
import { SIMULATOR_OFF, watchMarketLive } from './modules/diagnostics/service';
import { JOBS, TASKS } from './worker/jobs';
import { startWorker } from './worker/worker';
import { CHAIN_CONSUMERS } from './chain-consumers';

/** One line per entry (errors keep their stack below), an API call as `GET /api/… → 200 in 7 ms`. */
const PRETTY = {
  ignore: 'pid,hostname,method,url,status,ms',
  singleLine: true,
  messageFormat: '{msg}{if method} {method} {url} → {status} in {ms} ms{end}',
};

/** What has been started so far, stopped in reverse order: the server before the pool before the database. */
const running: Array<() => Promise<unknown>> = [];

async function stopAll(): Promise<void> {
  for (const stop of running.toReversed()) await stop();
}

async function main(): Promise<void> {
  const config = loadConfig();
  // JSON lines for log collectors; readable lines for the person who ran `npm start` in a terminal.
  const logger = pino({
    level: config.logLevel,
    ...(process.stdout.isTTY && { transport: { target: 'pino-pretty', options: PRETTY } }),
  });
  stopOnSignals(logger);
  const warning = originWarning(config);
  if (warning) logger.warn(warning);

  if (config.databaseUrl === undefined) logger.info({ dataDir: config.dataDir }, 'starting the embedded PostgreSQL');
  const postgres = await openPostgres(config.databaseUrl, config.dataDir, (message) =>
    logger.debug({ postgres: message.trim() }),
  );
  running.push(postgres.stop);
  const database = connectDatabase(postgres.url, (error) =>
    logger.error({ err: error }, 'idle database client failed'),
  );
  running.push(() => database.pool.end());
  await runMigrations(database.pool);

  const { origin } = config.origin;
  // RPC_URL names the node to follow; without it FloorDesk runs its own devnet, and composes it in below.
  let devnet: ServerDevnet | undefined;
  let chain: ChainAccess;
  if (config.rpcUrl === undefined) {
    devnet = await startServerDevnet(config, (message) => process.stdout.write(`${message}\n`));
    running.push(devnet.stop);
    chain = devnet.chain;
    await upsertCalendarEvents(database.db, devnet.calendar);
    await importListingHistory(database.db, devnet.listingHistory);
    for (const promotion of devnetPromotions(new Date())) await writePromotion(database.db, promotion);
  } else {
    chain = await openChain(config.rpcUrl, config.chainId, config.subscriptions.contract);
  }
  // DISCORD_BOT_TOKEN's Discord, else the devnet's own chat service, else no bot.
  const chat = resolveChat(config, devnet?.chat);
  const devnetChat = devnet?.chat;
  if (devnetChat) running.push(devnetChat.stop);

  let simulator: RunningSimulator | undefined;
  if (config.roles.has('api')) {
    const gasPrice = startGasPriceWatcher({ chain, log: logger.child({ role: 'gas-price' }) });
    running.push(gasPrice.stop);
    const app = await buildServer({
      config: devnet ? withDevnetSubscriptions(config) : config,
      db: database.db,
      logger,
      chain,
      gasPrice: gasPrice.latest,
      chat,
      live: {
        broker: liveBroker(config, database.db, logger.child({ role: 'live' })),
        listen: (channel, onPayload) =>
          listen(database.pool, channel, onPayload, (error) => logger.warn({ err: error }, 'notification listener')),
      },
      ...(devnet && {
        devnet: {
          simulatorState: () => simulator?.state() ?? SIMULATOR_OFF,
          rpcUrl: devnet.rpcUrl,
          assets: devnet.assets,
          ...(devnet.chat && { chat: devnet.chat }),
        },
      }),
    });
    running.push(() => app.close());
    await app.listen({ port: config.port, host: config.host });
    // The API answers the bot's commands, so it declares them; a chat service down now only delays that to a restart.
    chat.bot?.registerCommands().catch((error: unknown) => {
      logger.warn({ err: error }, "could not declare the chat bot's commands (/my-id)");
    });
  }
  const roleContext = (role: string): RoleContext => ({
    db: database.db,
    chain,
    now: () => new Date(),
    log: logger.child({ role }),
  });
  if (config.roles.has('indexer')) {
    const startBlock = config.indexerStartBlock ?? (devnet ? 0 : Number(await chain.client.getBlockNumber()));
    const indexer = startIndexer({
      ...roleContext('indexer'),
      startBlock,
      consumers: CHAIN_CONSUMERS,
      writerLock: () => tryAdvisoryLock(database.pool, INDEXER_LOCK_KEY),
    });
    running.push(indexer.stop);
    const mempool = startMempoolWatcher(roleContext('mempool'));
    running.push(mempool.stop);
  }
  if (config.roles.has('worker')) {
    const worker = await startWorker({
      pool: database.pool,
      jobs: JOBS,
      tasks: TASKS,
      context: {
        ...roleContext('worker'),
        flagged: devnet?.reported ?? [],
        // The devnet's token URIs point at this server, on loopback: the one address the fetcher may reach there.
        fetchUri: createGuardedFetch({ ipfsGateway: config.ipfsGateway, allowedOrigins: devnet ? [origin] : [] }),
        alerts: { origin, bot: chat.bot },
        listingConnectors: listingConnectors(config, chain.contracts),
      },
    });
    running.push(worker.stop);
  }
  if (devnet && config.simulator.enabled) {
    const log = logger.child({ role: 'simulator' });
    const connector: AppContext = { config, db: database.db, now: () => new Date(), chain };
    const started = devnet.startSimulator({
      ratePerMinute: config.simulator.ratePerMinute,
      postListing: (listing) => postListing(connector, listing),
      log: (message, details) => log.debug(details ?? {}, message),
    });
    simulator = started;
    running.push(() => started.stop());
  }

  // The address last, where the terminal leaves it; again once the devnet's market has something to show.
  if (devnet) process.stdout.write(`Devnet JSON-RPC for your wallet: ${origin}/rpc  (chain id ${config.chainId})\n`);
  process.stdout.write(`FloorDesk is running at ${origin}  (API docs: ${origin}/api/docs)\n`);
  if (devnet && config.simulator.enabled) {
    const context: AppContext = { config, db: database.db, now: () => new Date(), chain };
    const marketLive = watchMarketLive(context, ({ listings, sales }) =>
      process.stdout.write(`The market is live: ${listings} listings, ${sales} sales indexed. Open ${origin}\n`),
    );
    running.push(marketLive.stop);
  }
}

/** The embedded broker on the API's own port, unless MQTT_URL names an external one. */
function liveBroker(config: Config, db: Database, log: pino.Logger): StartLiveBroker {
  const external = config.mqtt;
  if (external) {
    return () => connectMosquitto({ url: external.url, publicUrl: external.publicUrl.toString(), log });
  }
  return (server) =>
    startEmbeddedBroker({
      server,
      publicUrl: embeddedBrokerUrl(config.origin),
      credentials: credentialStore(db, () => new Date()),
    });
}

/**
 * The simulator is a marketplace connector, and connectors run in-process: it hands its listings to the order book
 * directly, not through the public endpoint and its per-client limit.
 */
async function postListing(ctx: AppContext, listing: PostListingRequest): Promise<void> {
  const accepted = await submitListing(ctx, listing);
  if (!accepted.ok) throw new Error(`order book refused the listing: ${statusMessages[accepted.status].en}`);
}

function stopOnSignals(logger: pino.Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // A second Ctrl-C means the person at the keyboard will not wait for a clean stop.
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'stopping');
    stopAll().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'could not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch(async (error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  // The start failure above is the one worth reporting; a failure to clean up after it adds nothing.
  await stopAll().catch(() => {});
  process.exit(1);
});
