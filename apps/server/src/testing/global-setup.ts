import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, temporaryDataDir } from '../db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server on which each test file creates its own database (see createTestDatabase). */
    databaseUrl: string;
  }
}

/** Uses DATABASE_URL when set, else starts an embedded PostgreSQL in a temporary directory for this run. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL) {
    project.provide('databaseUrl', process.env.DATABASE_URL);
    return undefined;
  }
  const dataDir = await temporaryDataDir();
  const postgres = await startEmbeddedPostgres(dataDir.path, () => {});
  project.provide('databaseUrl', postgres.url);
  return async () => {
    await postgres.stop();
    await dataDir.remove();
  };
}
