import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseConnection } from '../db/pool';
import { buildTestServer } from './server';
import { alice, bob, sessionHeaders, signIn } from './wallets';

export type SignedInServer = {
  app: FastifyInstance;
  aliceHeaders: Record<string, string>;
  bobHeaders: Record<string, string>;
};

/**
 * A test server on `clock` with alice and bob signed in, built in `beforeAll` and closed after the file's last test.
 * The fields are filled in from `beforeAll` on.
 */
export function useSignedInServer(database: () => DatabaseConnection, clock: { now: () => Date }): SignedInServer {
  const server = {} as SignedInServer;
  beforeAll(async () => {
    server.app = await buildTestServer(database(), { now: clock.now });
    server.aliceHeaders = sessionHeaders(await signIn(server.app, alice));
    server.bobHeaders = sessionHeaders(await signIn(server.app, bob));
  });
  afterAll(() => server.app.close());
  return server;
}
