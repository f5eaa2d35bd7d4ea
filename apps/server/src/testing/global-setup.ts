import { startDevnet } from '@floordesk/devnet';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, temporaryDataDir } from '../db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server on which each test file creates its own database (see createTestDatabase). */
    databaseUrl: string;
    /** A data dir holding a deployed devnet snapshot; each chain test starts anvil from a copy (useTestDevnet). */
    devnetSnapshotDir: string;
  }
}

/**
 * Uses DATABASE_URL when set, else starts an embedded PostgreSQL in a temporary directory for this run; and deploys
 * the devnet once (compiling on a cold artifact cache) for the chain tests to copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const devnetDir = await temporaryDataDir();
  const devnet = await startDevnet({ dataDir: devnetDir.path, origin: 'http://127.0.0.1:1', blockTimeSeconds: 0 });
  await devnet.stop();
  project.provide('devnetSnapshotDir', devnetDir.path);

  if (process.env.DATABASE_URL) {
    project.provide('databaseUrl', process.env.DATABASE_URL);
    return () => devnetDir.remove();
  }
  const dataDir = await temporaryDataDir();
  const postgres = await startEmbeddedPostgres(dataDir.path, () => {});
  project.provide('databaseUrl', postgres.url);
  return async () => {
    await postgres.stop();
    await dataDir.remove();
    await devnetDir.remove();
  };
}
