import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openPostgres, temporaryDataDir } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { connectDatabase, type DatabaseConnection } from '../apps/server/src/db/pool';

/**
 * A PostgreSQL server for a bench (DATABASE_URL's, else an embedded one in a temporary directory), on which each
 * run gets a database of its own, freshly migrated and dropped afterwards, so runs do not see each other's rows.
 */
export type BenchServer = {
  freshDatabase(prefix: string): Promise<DatabaseConnection & { drop(): Promise<void> }>;
  stop(): Promise<void>;
};

export async function openBenchServer(): Promise<BenchServer> {
  const dataDir = await temporaryDataDir();
  const postgres = await openPostgres(process.env.DATABASE_URL, dataDir.path, () => {});
  return {
    async freshDatabase(prefix) {
      const name = `${prefix}_${randomBytes(4).toString('hex')}`;
      await administer(postgres.url, `create database ${name}`);
      const url = new URL(postgres.url);
      url.pathname = `/${name}`;
      const connection = connectDatabase(url.toString(), (error) => console.error(error));
      await runMigrations(connection.pool);
      return {
        ...connection,
        async drop() {
          await connection.pool.end();
          await administer(postgres.url, `drop database if exists ${name} with (force)`);
        },
      };
    },
    async stop() {
      await postgres.stop();
      await dataDir.remove();
    },
  };
}

async function administer(serverUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
