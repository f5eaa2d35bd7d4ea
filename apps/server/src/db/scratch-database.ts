import { randomBytes } from 'node:crypto';
import { Client, type Pool } from 'pg';
import { runMigrations } from './migrate';
import { connectDatabase, type DatabaseConnection } from './pool';

export type ScratchDatabase = DatabaseConnection & { drop(): Promise<void> };

/**
 * A freshly migrated database of its own on the server at `serverUrl` (a test file's, a bench run's), so nothing
 * sees another's rows; `drop()` closes it and removes it. `migrate` is every migration unless told otherwise (a
 * migration's test stops before the one it tests).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  onIdleError: (error: Error) => void,
  migrate: (pool: Pool) => Promise<void> = runMigrations,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await administer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connection = connectDatabase(url.toString(), onIdleError);
  await migrate(connection.pool);
  return {
    ...connection,
    async drop() {
      await connection.pool.end();
      await administer(serverUrl, `drop database if exists ${name} with (force)`);
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
