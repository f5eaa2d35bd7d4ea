import { afterAll, beforeAll, inject } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database';

/**
 * Gives the calling test file a fresh, migrated database of its own, dropped after its last test. The
 * connection is available from `beforeAll` on.
 */
export function useTestDatabase(): () => ScratchDatabase {
  let database: ScratchDatabase | undefined;

  beforeAll(async () => {
    database = await createScratchDatabase(inject('databaseUrl'), 'floordesk_test', (error) => {
      throw error;
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  return () => {
    if (!database) throw new Error('useTestDatabase: the database is ready from beforeAll on');
    return database;
  };
}
