import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { connectDatabase } from './db/pool';
import { buildServer } from './http/server';

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
    ...(process.stdout.isTTY && { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }),
  });
  stopOnSignals(logger);

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

  const app = await buildServer({ config, database, logger });
  running.push(() => app.close());
  await app.listen({ port: config.port, host: config.host });

  const origin = `http://${config.host}:${config.port}`;
  process.stdout.write(`FloorDesk is running at ${origin}  (API docs: ${origin}/api/docs)\n`);
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
