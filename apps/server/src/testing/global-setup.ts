import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';

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
  const dataDir = await mkdtemp(path.join(tmpdir(), 'floordesk-test-'));
  // When we are root, postgres runs as its own user and must be able to enter the directory.
  await chmod(dataDir, 0o755);
  const postgres = await startEmbeddedPostgres(dataDir, () => {});
  project.provide('databaseUrl', postgres.url);
  return async () => {
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
