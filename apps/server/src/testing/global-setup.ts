import { inspect } from 'node:util';
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
  await step(
    'deploying the devnet',
    async () => {
      const devnet = await startDevnet({
        dataDir: devnetDir.path,
        origin: 'http://127.0.0.1:1',
        blockTimeSeconds: 0,
        onProgress: (message) => process.stderr.write(`server tests' global setup: ${message}\n`),
      });
      await devnet.stop();
    },
    devnetDir.remove,
  );
  project.provide('devnetSnapshotDir', devnetDir.path);

  if (process.env.DATABASE_URL) {
    project.provide('databaseUrl', process.env.DATABASE_URL);
    return () => devnetDir.remove();
  }
  const dataDir = await temporaryDataDir();
  const removeDirs = async () => {
    await dataDir.remove();
    await devnetDir.remove();
  };
  const postgres = await step(
    'starting the embedded PostgreSQL',
    () => startEmbeddedPostgres(dataDir.path, () => {}),
    removeDirs,
  );
  project.provide('databaseUrl', postgres.url);
  return async () => {
    await postgres.stop();
    await removeDirs();
  };
}

/**
 * When a global setup throws, vitest runs no test of any project and first reports "No test files found"; this says
 * what failed, with its cause, before that.
 */
async function step<T>(what: string, run: () => Promise<T>, undo: () => Promise<void>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    await undo();
    process.stderr.write(
      `\nThe server tests' global setup failed while ${what}, so vitest runs no tests` +
        ` (it will say "No test files found"). The cause:\n${inspect(error, { depth: 4 })}\n\n`,
    );
    throw error;
  }
}
