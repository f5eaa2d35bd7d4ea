import { openPostgres, temporaryDataDir } from '../apps/server/src/db/embedded';
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/src/db/scratch-database';

/**
 * A PostgreSQL server for a bench (DATABASE_URL's, else an embedded one in a temporary directory), on which each
 * run gets a database of its own, freshly migrated and dropped afterwards, so runs do not see each other's rows.
 */
export type BenchServer = {
  freshDatabase(prefix: string): Promise<ScratchDatabase>;
  stop(): Promise<void>;
};

export async function openBenchServer(): Promise<BenchServer> {
  const dataDir = await temporaryDataDir();
  const postgres = await openPostgres(process.env.DATABASE_URL, dataDir.path, () => {});
  return {
    freshDatabase: (prefix) => createScratchDatabase(postgres.url, prefix, (error) => console.error(error)),
    async stop() {
      await postgres.stop();
      await dataDir.remove();
    },
  };
}
