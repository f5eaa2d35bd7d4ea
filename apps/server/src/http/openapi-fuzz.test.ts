import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listingOrder, orderFromJson, SEAPORT_ABI, seaportTypedData } from '@floordesk/contracts';
import { botAccounts, type Random, seededRandom, toPostListing } from '@floordesk/devnet';
import {
  DEFAULT_GAS_ENTRIES,
  DEVNET_CHAIN_ID,
  type PostListingRequest,
  type SeaportListingRequest,
  Status,
} from '@floordesk/protocol';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type Address, erc721Abi, parseEther, toHex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capturedLog } from '../testing/captured-log';
import { useTestDatabase } from '../testing/database';
import { useTestDevnet } from '../testing/devnet';
import { sweepQuoteRequest } from '../testing/market';
import { insertCollection } from '../testing/market-rows';
import { testConfig, testDevnetOptions } from '../testing/server';
import { alice, bob, sessionHeaders, signIn } from '../testing/wallets';
import { buildServer } from './server';

/**
 * Every operation /api/openapi.json documents, and /rpc and the static files besides, is sent malformed input: wrong
 * types, huge, negative and fractional numbers, NUL and other control characters, long strings, deep nesting,
 * missing and extra fields, wrong content types and broken JSON, with and without a valid session. Whatever the
 * answer, it must not be a 5xx. The inputs are drawn from a fixed seed, so a failure repeats.
 */

const SEED = 'openapi-fuzz-1';
/** Requests of random combined damage per operation, on top of the exhaustive one-field ones. */
const COMBINED_PER_OPERATION = 40;

const database = useTestDatabase();
const devnet = useTestDevnet();
const log = capturedLog('error');

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maxLength?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
};
type Operation = {
  method: 'GET' | 'POST';
  url: string;
  auth: boolean;
  query?: Record<string, Schema>;
  body?: Schema;
};
type Headers = Record<string, string>;
/** A request answered with a 5xx, and what the server logged as errors while it ran. */
type Failure = { request: InjectOptions; code: number; answer: string; logged: unknown[] };

let app: FastifyInstance;
// Rate limits lifted: every malformed request must reach the validation it aims at, not stop at 429 after the first few.
const config = testConfig({
  premiumAddresses: new Set([alice.address.toLowerCase()]),
  authRateLimit: 1_000_000,
  listingRateLimit: 1_000_000,
});
/** /rpc answers requests addressed to the server itself only. */
const RPC_HOST = `127.0.0.1:${config.port}`;
let webDist: string;
let operations: Operation[];
let collection: Address;
let listing: PostListingRequest;
const bots = botAccounts();
let seller: (typeof bots)[number];
const sessions: Record<'alice' | 'bob', Headers> = { alice: {}, bob: {} };
const failures: Failure[] = [];
let sent = 0;

beforeAll(async () => {
  const { chain, manifest, rpcUrl } = devnet();
  webDist = await mkdtemp(path.join(tmpdir(), 'floordesk-fuzz-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
  app = await buildServer({
    config: { ...config, webDist },
    db: database().db,
    chain,
    devnet: testDevnetOptions(config, rpcUrl),
    logger: log.logger,
  });
  await refreshSession('alice');
  await refreshSession('bob');

  collection = manifest.collections.find((c) => c.standard === 'erc721')?.address as Address;
  await insertCollection(database().pool, collection.toLowerCase(), { standard: 'erc721' });
  listing = await aListing(collection);
  operations = documentedOperations((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
}, 120_000);

beforeEach(() => {
  failures.length = 0;
});

afterAll(async () => {
  await app.close();
  await rm(webDist, { recursive: true, force: true });
});

/** A real listing of a bot's token, signed, as a marketplace would post it: the listing endpoint's starting point. */
async function aListing(token: Address): Promise<PostListingRequest> {
  const { chain, manifest } = devnet();
  const ids = Array.from({ length: 100 }, (_, i) => BigInt(i + 1));
  const owners = await Promise.all(
    ids.map((id) =>
      chain.client
        .readContract({ address: token, abi: erc721Abi, functionName: 'ownerOf', args: [id] })
        .catch(() => undefined),
    ),
  );
  const index = owners.findIndex((owner) => bots.some((bot) => bot.address === owner));
  seller = bots.find((bot) => bot.address === owners[index]) as (typeof bots)[number];
  const now = BigInt(Math.floor(Date.now() / 1000));
  const counter = await chain.client.readContract({
    address: manifest.seaport,
    abi: SEAPORT_ABI,
    functionName: 'getCounter',
    args: [seller.address],
  });
  const order = listingOrder({
    offerer: seller.address,
    token: { address: token, standard: 'erc721', royaltyBps: 500 },
    tokenId: ids[index] as bigint,
    amount: 1n,
    priceWei: parseEther('0.01'),
    marketplace: { conduitKey: manifest.conduit.key, ...manifest.marketplaces.opensea },
    royaltyRecipient: manifest.deployer,
    startTime: now - 60n,
    endTime: now + 3600n,
    salt: 1n,
    counter,
  });
  return toPostListing({ order, signature: await signOrder(order) }, DEVNET_CHAIN_ID, manifest.seaport);
}

function signOrder(order: ReturnType<typeof orderFromJson>) {
  return seller.signTypedData(seaportTypedData(order, DEVNET_CHAIN_ID, devnet().manifest.seaport));
}

async function refreshSession(who: 'alice' | 'bob'): Promise<void> {
  sessions[who] = sessionHeaders(await signIn(app, who === 'alice' ? alice : bob));
}

/** The operations of an OpenAPI document, with their query parameters and JSON body. */
function documentedOperations(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: Schema }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        security?: unknown[];
      }
    >
  >;
}): Operation[] {
  return Object.entries(doc.paths).flatMap(([url, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => {
      const query = operation.parameters?.filter((parameter) => parameter.in === 'query');
      const body = operation.requestBody?.content['application/json']?.schema;
      return {
        method: method.toUpperCase() as Operation['method'],
        url,
        auth: (operation.security?.length ?? 0) > 0,
        ...(query?.length && {
          query: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
        }),
        ...(body && { body }),
      };
    }),
  );
}

// ---- Inputs -------------------------------------------------------------------------------------------------------

function nested(levels: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Values no field should take, and every field must refuse without falling over. */
const HOSTILE: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -0.5,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  '',
  ' ',
  '\u0000',
  'moon\u0000',
  '\u0001\u0007\u001b\u007f\u0085',
  '\ud800',
  '🦄'.repeat(200),
  'x'.repeat(10_000),
  '9'.repeat(78),
  '9'.repeat(400),
  (2n ** 256n).toString(),
  '-1',
  '1e400',
  'NaN',
  '0x',
  `0x${'f'.repeat(64)}`,
  `0x${'ff'.repeat(3000)}`,
  '../../etc/passwd',
  '%00',
  "'; drop table users; --",
  '2030-01-01T00:00:00Z',
  [],
  [null],
  {},
  nested(40, 'array'),
  nested(40, 'object'),
  Array.from({ length: 5000 }, (_, i) => i),
];

/** Raw bodies, sent as they are. */
const RAW_BODIES: readonly string[] = [
  '',
  '{',
  '}',
  'null',
  '[]',
  '"text"',
  '1e999',
  'true',
  '\u0000',
  '{"a":"\\u0000"}',
  '\ufeff{}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
  `${'{"a":'.repeat(30_000)}1${'}'.repeat(30_000)}`,
  `{"a":${'1'.repeat(60_000)}}`,
  'x'.repeat(70_000),
];

const CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/JSON',
  'application/json-patch+json',
  'application/octet-stream',
  'application/json, text/plain',
];

/** Headers of every kind of caller: none, valid sessions, broken ones, odd languages. */
function sessionVariants(): Headers[] {
  return [
    {},
    sessions.alice,
    sessions.bob,
    { ...sessions.alice, 'x-address': sessions.bob['x-address'] as string },
    { authorization: `Bearer ${'z'.repeat(5000)}`, 'x-address': 'not-an-address' },
    { authorization: 'Bearer', 'x-address': '' },
    { authorization: 'Basic Zm9vOmJhcg==', 'x-lang': 'x'.repeat(3000) },
    { ...sessions.alice, 'x-lang': 'zh', 'accept-language': 'zh-CN;q=abc,,,' },
  ];
}

/** A value the schema describes, as plausible as a generator can make it without knowing the business rules. */
function sample(schema: Schema, random: Random): unknown {
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sample(branches.find((branch) => branch.type !== 'null') ?? branches[0] ?? {}, random);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part, random)));
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, random)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}, random));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return sampleString(schema, random);
  }
}

function sampleString(schema: Schema, random: Random): string {
  if (schema.format === 'uuid') {
    const hex = () => random.int(0, 15).toString(16);
    const part = (n: number) => Array.from({ length: n }, hex).join('');
    return `${part(8)}-${part(4)}-4${part(3)}-8${part(3)}-${part(12)}`;
  }
  if (schema.format === 'date-time') return new Date(0).toISOString();
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const candidates = [collection.toLowerCase(), '1', `0x${'ab'.repeat(32)}`, `0x${'11'.repeat(65)}`, '0x'];
    const fitting = candidates.find((candidate) => pattern.test(candidate));
    if (fitting) return fitting;
  }
  return typeof schema.default === 'string' ? schema.default : 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** Inputs that pass the business rules where a generator cannot guess them, so the damage reaches deeper. */
function startingBody(operation: Operation, random: Random): unknown {
  switch (`${operation.method} ${operation.url}`) {
    case 'POST /api/orders/listings':
      return listing;
    case 'POST /api/user/gas':
      return { gas: DEFAULT_GAS_ENTRIES };
    case 'POST /api/sweep/quote':
      return sweepQuoteRequest(collection, { gas: DEFAULT_GAS_ENTRIES[1] });
    default:
      return operation.body && sample(operation.body, random);
  }
}

function startingQuery(operation: Operation, random: Random): Record<string, unknown> {
  const known: Record<string, Record<string, unknown>> = {
    '/api/trending': { window: '15' },
    '/api/watchlist': { window: '5' },
    '/api/search': { q: 'moon' },
  };
  const sampled = Object.fromEntries(
    Object.entries(operation.query ?? {}).map(([name, schema]) => [name, sample(schema, random)]),
  );
  return { ...sampled, ...known[operation.url] };
}

type Path = (string | number)[];

/** Every place in a JSON value, containers included, the root excepted. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => {
    const here = [...prefix, key];
    return [here, ...pathsOf((value as Record<string | number, unknown>)[key], here)];
  });
}

/** A copy of `value` with `replacement` at `at` (`undefined` removes it). */
function withValue(value: unknown, at: Path, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = at.at(-1) as string | number;
  if (replacement === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else {
    parent[last] = replacement;
  }
  return copy;
}

/** Damaged listings are signed again when they still can be, so the order book's checks past the signature run too. */
async function signedAgain(operation: Operation, body: unknown): Promise<unknown> {
  if (operation.url !== '/api/orders/listings') return body;
  try {
    const parameters = (body as SeaportListingRequest).parameters;
    return { ...(body as object), signature: await signOrder(orderFromJson(parameters)) };
  } catch {
    return body;
  }
}

/** Every byte of the text's UTF-8 percent-encoded: unlike encodeURIComponent, it takes a lone surrogate too. */
function percentEncoded(text: string): string {
  return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

const asText = (item: unknown) => (typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));

function queryString(query: Record<string, unknown>): string {
  return Object.entries(query)
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${name}=${percentEncoded(asText(item))}`),
    )
    .join('&');
}

const call = (method: unknown, params: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params });

// ---- Sending ------------------------------------------------------------------------------------------------------

async function send(request: InjectOptions): Promise<void> {
  // Each from its own address, so the per-client rate limits leave the fuzzing alone.
  const n = ++sent;
  const logged = log.lines.length;
  const response = await app.inject({
    ...request,
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  });
  if (response.statusCode >= 500) {
    failures.push({
      request,
      code: response.statusCode,
      answer: response.body.slice(0, 300),
      logged: log.lines.slice(logged),
    });
  }
  // A fuzzed logout ends the session it was sent with: sign in again for what follows.
  const headers = (request.headers ?? {}) as Headers;
  for (const who of ['alice', 'bob'] as const) {
    const own = sessions[who];
    const sentOwn = headers.authorization === own.authorization && headers['x-address'] === own['x-address'];
    if (sentOwn && isSessionInvalid(response.body)) await refreshSession(who);
  }
}

function isSessionInvalid(body: string): boolean {
  try {
    return JSON.parse(body)?.status === Status.SessionInvalid;
  } catch {
    return false;
  }
}

function jsonRequest(operation: Operation, body: unknown, headers: Headers): InjectOptions {
  return {
    method: operation.method,
    url: operation.url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body) ?? 'null',
  };
}

function queryRequest(operation: Operation, query: string, headers: Headers): InjectOptions {
  return { method: operation.method, url: query ? `${operation.url}?${query}` : operation.url, headers };
}

/** The 5xx answers so far, each with its request (long texts cut) and the stack the server logged. */
function failed() {
  return failures.map(({ request, code, answer, logged }) => ({
    code,
    method: request.method,
    url: String(request.url).slice(0, 200),
    headers: request.headers,
    payload: typeof request.payload === 'string' ? request.payload.slice(0, 300) : request.payload,
    answer,
    logged,
  }));
}

async function fuzzBody(operation: Operation, random: Random, ownHeaders: Headers): Promise<void> {
  const start = startingBody(operation, random);
  for (const headers of sessionVariants()) await send(jsonRequest(operation, start, headers));
  for (const at of pathsOf(start)) {
    await send(jsonRequest(operation, await signedAgain(operation, withValue(start, at, undefined)), ownHeaders));
    for (const value of HOSTILE) {
      await send(jsonRequest(operation, await signedAgain(operation, withValue(start, at, value)), ownHeaders));
    }
  }
  await send(jsonRequest(operation, { ...(start as object), unexpected: 'field' }, ownHeaders));
  for (const value of HOSTILE) await send(jsonRequest(operation, value, random.pick(sessionVariants())));
  for (const payload of RAW_BODIES) {
    await send({
      method: operation.method,
      url: operation.url,
      headers: { ...ownHeaders, 'content-type': 'application/json' },
      payload,
    });
  }
  for (const type of CONTENT_TYPES) {
    await send({
      method: operation.method,
      url: operation.url,
      headers: { ...ownHeaders, ...(type && { 'content-type': type }) },
      payload: type?.includes('form') ? 'a=1&b=%00' : JSON.stringify(start),
    });
  }
  for (let i = 0; i < COMBINED_PER_OPERATION && pathsOf(start).length > 0; i++) {
    let body = start;
    for (let damage = random.int(2, 4); damage > 0 && pathsOf(body).length > 0; damage--) {
      body = withValue(body, random.pick(pathsOf(body)), random.next() < 0.1 ? undefined : random.pick(HOSTILE));
    }
    await send(jsonRequest(operation, await signedAgain(operation, body), random.pick(sessionVariants())));
  }
}

const QUERY_DAMAGE: readonly string[] = [
  '%',
  '%zz',
  '%00',
  '%C0%AE',
  '%ED%A0%80',
  '%FF%FE',
  '&&&',
  '==',
  'x'.repeat(8000),
];

async function fuzzQuery(operation: Operation, random: Random, ownHeaders: Headers): Promise<void> {
  const start = startingQuery(operation, random);
  for (const headers of sessionVariants()) await send(queryRequest(operation, queryString(start), headers));
  for (const name of Object.keys(start)) {
    await send(
      queryRequest(operation, queryString(withValue(start, [name], undefined) as Record<string, unknown>), ownHeaders),
    );
    await send(queryRequest(operation, queryString({ ...start, [name]: ['1', '2'] }), ownHeaders));
    for (const value of HOSTILE) {
      await send(
        queryRequest(
          operation,
          queryString({ ...start, [name]: typeof value === 'string' ? value : JSON.stringify(value) }),
          ownHeaders,
        ),
      );
    }
    for (const raw of QUERY_DAMAGE) await send(queryRequest(operation, `${name}=${raw}`, ownHeaders));
  }
  for (const raw of [...QUERY_DAMAGE, 'a[b]=1', 'a[]=1&a[]=2', '__proto__[x]=1', 'constructor[prototype][x]=1']) {
    await send(queryRequest(operation, `${queryString(start)}&${raw}`, ownHeaders));
  }
  // A body where none belongs.
  await send({ ...queryRequest(operation, queryString(start), ownHeaders), payload: RAW_BODIES.at(-4) as string });
}

describe('every operation of /api/openapi.json, fuzzed', () => {
  it('starts from requests the server accepts, so the damage done to them is what it refuses', async () => {
    const random = seededRandom(SEED);
    for (const [url, headers] of [
      ['/api/orders/listings', {}],
      ['/api/sweep/quote', sessions.alice],
    ] as const) {
      const body = startingBody({ method: 'POST', url, auth: false }, random);
      expect((await app.inject(jsonRequest({ method: 'POST', url, auth: false }, body, headers))).json()).toMatchObject(
        {
          status: Status.Ok,
        },
      );
    }
    const chainId = await app.inject({
      method: 'POST',
      url: '/rpc',
      headers: { 'content-type': 'application/json', host: RPC_HOST },
      payload: call('eth_chainId', []),
    });
    expect(chainId.json()).toMatchObject({ result: toHex(DEVNET_CHAIN_ID) });
  });

  it('answers malformed input of every kind without a 5xx', { timeout: 900_000 }, async () => {
    expect(operations.length).toBeGreaterThan(20);
    const random = seededRandom(SEED);
    for (const operation of operations) {
      const ownHeaders = operation.auth ? sessions.alice : {};
      if (operation.method === 'GET') await fuzzQuery(operation, random, ownHeaders);
      else await fuzzBody(operation, random, ownHeaders);
      for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) await send({ method, url: operation.url });
    }
    expect(failed()).toEqual([]);
  });
});

describe('beyond the OpenAPI document', () => {
  it('answers /rpc without a 5xx, whatever the JSON-RPC call looks like', { timeout: 300_000 }, async () => {
    const random = seededRandom(`${SEED}-rpc`);
    const bodies: unknown[] = [
      call('eth_chainId', []),
      call('eth_blockNumber', []),
      [],
      [1, 2],
      Array.from({ length: 1000 }, (_, i) => call('eth_chainId', [], i)),
      ...HOSTILE.flatMap((value) => [
        call(value, []),
        call('eth_getBalance', [value, 'latest']),
        call('eth_call', [{ to: value, data: value }, 'latest']),
        call('eth_sendRawTransaction', [value]),
        call('eth_chainId', value),
        call('eth_chainId', [], value),
        value,
      ]),
    ];
    const json = { 'content-type': 'application/json', host: RPC_HOST };
    for (const body of bodies)
      await send({ method: 'POST', url: '/rpc', headers: json, payload: JSON.stringify(body) ?? 'null' });
    for (const payload of RAW_BODIES) await send({ method: 'POST', url: '/rpc', headers: json, payload });
    for (const type of CONTENT_TYPES) {
      const headers = { host: RPC_HOST, ...(type && { 'content-type': type }) };
      await send({ method: 'POST', url: '/rpc', headers, payload: JSON.stringify(call('eth_chainId', [])) });
    }
    for (const host of ['evil.example', '127.0.0.1.nip.io', 'x'.repeat(3000)]) {
      await send({
        method: 'POST',
        url: '/rpc',
        headers: { host, 'content-type': 'application/json' },
        payload: JSON.stringify(random.pick(bodies)),
      });
    }
    for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS'] as const)
      await send({ method, url: '/rpc', headers: { host: RPC_HOST } });
    expect(failed()).toEqual([]);
  });

  it('answers the static files and the operational endpoints without a 5xx', { timeout: 300_000 }, async () => {
    const urls = [
      '/',
      '/index.html',
      '/assets/app-1.js',
      '/trending',
      '/../../etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%5c..%5cindex.html',
      '/assets/%00',
      '/%00',
      '/index.html%00.js',
      '/.env',
      '/assets/.hidden',
      '/%',
      '/%zz',
      '/assets/',
      '/assets',
      `/${'a'.repeat(5000)}`,
      '/%C0%AE%C0%AE/%C0%AE%C0%AE/etc/passwd',
      '//etc/passwd',
      '/index.html/',
      '/assets%2fapp-1.js',
      '/healthz',
      '/metrics',
      '/api/docs',
      '/api/docs/static/..%2f..%2f..%2fpackage.json',
      '/api/docs/static/%00',
      '/api/diagnostics?x=%00',
    ];
    const conditions: Headers[] = [
      {},
      { range: 'bytes=1000-2000' },
      { range: 'bytes=-0' },
      { range: 'bytes=0-0,5-6,10-' },
      { range: 'bytes=abc' },
      { range: 'items=0-1' },
      { range: 'bytes=99999999999999999999999-' },
      { range: `bytes=${'0-1,'.repeat(1000)}0-1` },
      { 'if-match': '"some-other-version"' },
      { 'if-match': '*' },
      { 'if-none-match': '*' },
      { 'if-none-match': '"x", W/"y"' },
      { 'if-modified-since': 'garbage' },
      { 'if-modified-since': 'Fri, 31 Dec 9999 23:59:59 GMT' },
      { 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
      { 'if-unmodified-since': 'garbage' },
      { 'if-range': 'garbage', range: 'bytes=0-1' },
      { 'accept-encoding': 'br;q=abc, gzip;q=-1, *' },
    ];
    for (const url of urls) {
      for (const headers of conditions) {
        for (const method of ['GET', 'HEAD'] as const) await send({ method, url, headers });
      }
    }
    expect(failed()).toEqual([]);
  });
});
