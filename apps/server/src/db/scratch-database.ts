import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as applyMigrations } from 'drizzle-orm/node-postgres/migrator';
import { Client, type Pool } from 'pg';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate';
import { connectDatabase, type DatabaseConnection } from './pool';

/** `url` connects another process to the same database. */
export type ScratchDatabase = DatabaseConnection & { url: string; drop(): Promise<void> };

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
    url: url.toString(),
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

/**
 * Runs every migration before the one tagged `tag` (a migration's test fills the tables as they were before it), from
 * a copy of the folder whose journal ends there.
 */
export function migrationsBefore(tag: string): (pool: Pool) => Promise<void> {
  return async (pool) => {
    const folder = await mkdtemp(path.join(tmpdir(), 'floordesk-migrations-'));
    try {
      await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalPath = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const tested = journal.entries.findIndex((entry) => entry.tag === tag);
      if (tested <= 0) throw new Error(`no migration tagged ${tag} after the first`);
      await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, tested) }));
      await applyMigrations(drizzle(pool), { migrationsFolder: folder });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  };
}
