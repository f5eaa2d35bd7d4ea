import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { runMigrations } from '../db/migrate';
import { connectDatabase, type DatabaseConnection } from '../db/pool';

/**
 * Gives the calling test file a fresh, migrated database of its own, dropped after its last test. The
 * connection is available from `beforeAll` on.
 */
export function useTestDatabase(): () => DatabaseConnection {
  const serverUrl = inject('databaseUrl');
  const name = `floordesk_test_${randomBytes(6).toString('hex')}`;
  let connection: DatabaseConnection | undefined;

  beforeAll(async () => {
    await administer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    connection = connectDatabase(url.toString(), (error) => {
      throw error;
    });
    await runMigrations(connection.pool);
  });

  afterAll(async () => {
    await connection?.pool.end();
    await administer(serverUrl, `drop database if exists ${name} with (force)`);
  });

  return () => {
    if (!connection) throw new Error('useTestDatabase: the database is ready from beforeAll on');
    return connection;
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
