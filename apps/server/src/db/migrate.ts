import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Pool } from 'pg';
import { withAdvisoryLock } from './pool';

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');
/** Any fixed 64-bit key; every process that migrates this database takes the same one. */
const MIGRATION_LOCK_KEY = 4_661_726_465_733_001n;

/** Applies pending migrations; an advisory lock makes concurrent starts wait instead of racing. */
export async function runMigrations(pool: Pool): Promise<void> {
  await withAdvisoryLock(pool, MIGRATION_LOCK_KEY, (client) =>
    migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER }),
  );
}
