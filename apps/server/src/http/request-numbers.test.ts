import { Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import { testConfig, testDevnetOptions } from '../testing/server';
import { alice, sessionHeaders, signIn } from '../testing/wallets';
import { buildServer } from './server';

const database = useTestDatabase();
let app: FastifyInstance;
let headers: Record<string, string>;

beforeAll(async () => {
  const config = testConfig();
  // The devnet's own calls (its chat page) take numbers too; /rpc is not called here.
  app = await buildServer({ config, db: database().db, devnet: testDevnetOptions(config, 'http://127.0.0.1:9') });
  headers = sessionHeaders(await signIn(app, alice));
});
afterAll(async () => {
  await app.close();
});

type Schema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

/** Every number a schema admits, by its path, with its bounds. */
function numbersIn(schema: Schema, path: string): { path: string; schema: Schema }[] {
  const found: { path: string; schema: Schema }[] = [];
  if (schema.type === 'integer' || schema.type === 'number') found.push({ path, schema });
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    found.push(...numbersIn(branch, path));
  }
  for (const [key, value] of Object.entries(schema.properties ?? {})) found.push(...numbersIn(value, `${path}.${key}`));
  if (schema.items) found.push(...numbersIn(schema.items, `${path}[]`));
  if (typeof schema.additionalProperties === 'object')
    found.push(...numbersIn(schema.additionalProperties, `${path}.*`));
  return found;
}

/** Whether a number's bounds say what it is: both ends given, and an integer's inside the safe range, not at its ends. */
function meaningfullyBounded({ type, ...bounds }: Schema): boolean {
  if (bounds.const !== undefined || bounds.enum !== undefined) return true;
  const low = bounds.minimum ?? bounds.exclusiveMinimum;
  const high = bounds.maximum ?? bounds.exclusiveMaximum;
  if (low === undefined || high === undefined || !Number.isFinite(low) || !Number.isFinite(high)) return false;
  if (type !== 'integer') return true;
  return low > Number.MIN_SAFE_INTEGER && high < Number.MAX_SAFE_INTEGER;
}

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers, ...(payload !== undefined && { payload }) });
  return { http: response.statusCode, body: response.json() };
}

/** The fields a 400 names (a value can break more than one rule of its field). */
const fieldsNamed = (body: { data: { fields: { path: string }[] } }) => [
  ...new Set(body.data.fields.map((field) => field.path)),
];

const reminder = { type: 401, title: 'Mint', enabled: true, dm_limit: 1, lead_minutes: 10 };
const inAWeek = () => Math.floor(Date.now() / 1000) + 7 * 86_400;

describe('numbers in requests', () => {
  it('are all bounded: every integer a safe one within limits of its own, every other number within limits', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const unbounded = Object.entries(doc.paths).flatMap(([url, byMethod]) =>
      Object.entries(byMethod).flatMap(([method, operation]) => {
        const query = (operation.parameters ?? []).flatMap((parameter) =>
          numbersIn(parameter.schema, `${parameter.in}.${parameter.name}`),
        );
        const body = Object.values(operation.requestBody?.content ?? {}).flatMap(({ schema }) =>
          numbersIn(schema, 'body'),
        );
        return [...query, ...body]
          .filter(({ schema }) => !meaningfullyBounded(schema))
          .map(({ path }) => `${method.toUpperCase()} ${url} ${path}`);
      }),
    );
    expect(unbounded).toEqual([]);
  });

  it('refuses a reminder at 1e308 seconds, as at any time no date has, with 400 and the field', async () => {
    for (const time of [1e308, 2 ** 53, -1, 1.5, 1e11]) {
      const { http, body } = await call('POST', '/api/alerts', { ...reminder, custom_time_value: time });
      expect({ time, http, status: body.status }).toEqual({ time, http: 400, status: Status.BadRequest });
      expect(fieldsNamed(body)).toEqual(['custom_time_value']);
    }
    const { body } = await call('POST', '/api/alerts', { ...reminder, custom_time_value: inAWeek() });
    expect(body.status).toBe(Status.Ok);
  });

  it.each([
    [
      'an alert reminder lead',
      'POST',
      '/api/alerts',
      'lead_minutes',
      (n: number) => ({ ...reminder, custom_time_value: inAWeek(), lead_minutes: n }),
    ],
    [
      'an alert DM limit',
      'POST',
      '/api/alerts',
      'dm_limit',
      (n: number) => ({ ...reminder, custom_time_value: inAWeek(), dm_limit: n }),
    ],
    ['an alert id', 'POST', '/api/alerts/delete', 'id', (n: number) => ({ id: n })],
  ] as const)('refuses %s that is no count of it with 400 and the field', async (_what, method, url, field, body) => {
    for (const value of [1e308, 2 ** 53, -1, 1.5]) {
      const answer = await call(method, url, body(value));
      expect({ value, http: answer.http, status: answer.body.status }).toEqual({
        value,
        http: 400,
        status: Status.BadRequest,
      });
      expect(fieldsNamed(answer.body)).toEqual([field]);
    }
  });

  it.each([
    ['/api/notifications', 'page'],
    ['/api/notifications', 'size'],
  ])('refuses a query %s?%s that is no count of it with 400', async (url, name) => {
    for (const value of ['1e308', String(2 ** 53), '-1', '1.5']) {
      const answer = await call('GET', `${url}?${name}=${value}`);
      expect({ value, http: answer.http }).toEqual({ value, http: 400 });
    }
  });
});
