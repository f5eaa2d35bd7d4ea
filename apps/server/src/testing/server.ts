import { tmpdir } from 'node:os';
import path from 'node:path';
import { Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Config, loadConfig } from '../config';
import type { DatabaseConnection } from '../db/pool';
import { devnetAssets } from '../devnet';
import { buildServer, type ServerOptions } from '../http/server';
import { SIMULATOR_OFF } from '../modules/diagnostics/service';

/** The default configuration, minus the web app (tests that serve one say so). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), webDist: path.join(tmpdir(), 'floordesk-no-web-app'), ...overrides };
}

/** A clock that stands still until a test moves it. */
export function testClock(start = new Date('2030-01-01T00:00:00Z')) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}

export function buildTestServer(
  database: DatabaseConnection,
  options: {
    config?: Partial<Config>;
    now?: () => Date;
    live?: ServerOptions['live'];
    chat?: ServerOptions['chat'];
  } = {},
): Promise<FastifyInstance> {
  return buildServer({
    config: testConfig(options.config),
    db: database.db,
    ...(options.now && { now: options.now }),
    ...(options.live && { live: options.live }),
    ...(options.chat && { chat: options.chat }),
  });
}

/** A GET on the test server: its HTTP code and its JSON body. */
export async function getJson(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { http: response.statusCode, body: response.json() };
}

/** The data of a GET that has to be answered with HTTP 200 and status Ok. */
export async function getData(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const { http, body } = await getJson(app, url, headers);
  expect({ http, status: body.status }).toEqual({ http: 200, status: Status.Ok });
  return body.data;
}

/** What a server running its own devnet is given, the simulator off; `rpcUrl` is the node /rpc forwards to. */
export function testDevnetOptions(config: Config, rpcUrl: string): NonNullable<ServerOptions['devnet']> {
  return { simulatorState: () => SIMULATOR_OFF, rpcUrl, assets: devnetAssets(config.origin.origin) };
}
