import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type DevnetChatServer, signatureHeaders, startDevnetChatServer } from '@floordesk/devnet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveChat } from '../../chat/resolve';
import { buildServer } from '../../http/server';
import { useTestDatabase } from '../../testing/database';
import { buildTestServer, testConfig } from '../../testing/server';
import { INTERACTIONS_PATH } from './routes';

const database = useTestDatabase();
const { privateKey: signingKey, publicKey } = generateKeyPairSync('ed25519');
const publicKeyHex = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('hex');
const RATE_LIMIT = 3;
const CALLER = '123456789012345678';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildServer({
    config: testConfig({ authRateLimit: RATE_LIMIT }),
    db: database().db,
    chat: { bot: undefined, publicKey: publicKeyHex, inviteUrl: '' },
  });
});
afterAll(() => app.close());

const nowSeconds = () => Math.floor(Date.now() / 1000);

function command(name: string, extra: object = {}) {
  return {
    id: '1190000000000000001',
    application_id: '1190000000000000000',
    type: 2,
    data: { id: '1190000000000000002', name, type: 1 },
    guild_id: '1190000000000000003',
    channel_id: '1190000000000000004',
    member: { user: { id: CALLER, username: 'trader_5678' }, roles: [] },
    token: 'interaction-token',
    version: 1,
    locale: 'en-US',
    ...extra,
  };
}

type Delivery = { body?: string; key?: KeyObject; timestamp?: number; headers?: Record<string, string>; ip?: string };

/** Posts an interaction as Discord would: signed over the timestamp and the exact body. */
function deliver(interaction: object | string, { key = signingKey, timestamp, headers, ip }: Delivery = {}) {
  const body = typeof interaction === 'string' ? interaction : JSON.stringify(interaction);
  return app.inject({
    method: 'POST',
    url: INTERACTIONS_PATH,
    headers: { 'content-type': 'application/json', ...signatureHeaders(key, body, timestamp), ...headers },
    payload: body,
    ...(ip && { remoteAddress: ip }),
  });
}

/** A request exactly as given, headers and body untouched. */
function raw(ip: string, headers: Record<string, string>, payload?: string) {
  return app.inject({
    method: 'POST',
    url: INTERACTIONS_PATH,
    headers,
    remoteAddress: ip,
    ...(payload && { payload }),
  });
}

describe("Discord's interactions endpoint", () => {
  it("answers /my-id ephemerally with the caller's id, in the caller's language", async () => {
    const english = await deliver(command('my-id'));
    expect(english.statusCode).toBe(200);
    expect(english.json()).toEqual({
      type: 4,
      data: { content: expect.stringContaining(CALLER), flags: 64 },
    });
    expect(english.json().data.content).toMatch(/^Your chat user ID: 123456789012345678/);

    const chinese = await deliver(command('my-id', { locale: 'zh-CN' }));
    expect(chinese.json().data.content).toContain('你的聊天用户 ID：123456789012345678');
  });

  it('reads the caller from `user` when the command ran in a DM with the bot', async () => {
    const { member: _member, guild_id: _guild, ...dm } = command('my-id');
    const answer = await deliver({ ...dm, user: { id: '223456789012345678', username: 'dm_person' } });
    expect(answer.json().data.content).toContain('223456789012345678');
  });

  it("answers Discord's PING with a PONG", async () => {
    const answer = await deliver({ id: '1', application_id: '1190000000000000000', type: 1, token: 't', version: 1 });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ type: 1 });
  });

  it('answers a command it does not know ephemerally', async () => {
    const answer = await deliver(command('sweep'));
    expect(answer.json()).toEqual({ type: 4, data: { content: 'Unknown command.', flags: 64 } });
  });

  it('refuses a signed body that is no interaction, and interaction types it does not serve', async () => {
    expect((await deliver('{not json')).statusCode).toBe(400);
    expect((await deliver({ type: 'two' })).statusCode).toBe(400);
    expect((await deliver({ ...command('my-id'), type: 3 })).statusCode).toBe(400);
  });

  describe('refuses with 401 what Discord did not sign, just now', () => {
    const signed = JSON.stringify(command('my-id'));
    const refusals: Array<[string, (ip: string) => ReturnType<typeof deliver>]> = [
      [
        'signed by another key',
        (ip) => deliver(command('my-id'), { key: generateKeyPairSync('ed25519').privateKey, ip }),
      ],
      [
        'a body altered after signing',
        (ip) =>
          raw(
            ip,
            { 'content-type': 'application/json', ...signatureHeaders(signingKey, signed) },
            signed.replace(CALLER, '999999999999999999'),
          ),
      ],
      [
        'a timestamp other than the signed one',
        (ip) => deliver(command('my-id'), { headers: { 'X-Signature-Timestamp': String(nowSeconds() - 1) }, ip }),
      ],
      ['a signature older than five minutes', (ip) => deliver(command('my-id'), { timestamp: nowSeconds() - 301, ip })],
      ['a signature from the future', (ip) => deliver(command('my-id'), { timestamp: nowSeconds() + 301, ip })],
      ['no signature', (ip) => deliver(command('my-id'), { headers: { 'X-Signature-Ed25519': '' }, ip })],
      [
        'a signature that is no hex',
        (ip) => deliver(command('my-id'), { headers: { 'X-Signature-Ed25519': 'zz'.repeat(64) }, ip }),
      ],
      ['no timestamp', (ip) => deliver(command('my-id'), { headers: { 'X-Signature-Timestamp': '' }, ip })],
      ['no headers and no body', (ip) => raw(ip, {})],
    ];
    it.each(refusals.map(([name, send], index) => [name, send, `198.51.100.${index + 1}`] as const))(
      '%s',
      async (_name, send, ip) => {
        // Each from an address of its own, so the limit on failures is not what answers.
        const answer = await send(ip);
        expect(answer.statusCode).toBe(401);
        expect(answer.body).toBe('invalid request signature');
      },
    );
  });

  it('verifies whatever the content type says: the signature decides', async () => {
    const body = JSON.stringify(command('my-id'));
    const answer = await app.inject({
      method: 'POST',
      url: INTERACTIONS_PATH,
      headers: { 'content-type': 'text/plain', ...signatureHeaders(signingKey, body) },
      payload: body,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.content).toContain(CALLER);
  });

  it('limits the failures of one address, never the requests Discord signed', async () => {
    const ip = '203.0.113.9';
    const forged = () => deliver(command('my-id'), { key: generateKeyPairSync('ed25519').privateKey, ip });
    for (let i = 0; i < RATE_LIMIT; i++) expect((await forged()).statusCode).toBe(401);
    expect((await forged()).statusCode).toBe(429);
    for (let i = 0; i < RATE_LIMIT + 2; i++) expect((await deliver(command('my-id'), { ip })).statusCode).toBe(200);
  });

  it('keeps the JSON parser of every other route', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/notice',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ address: 'not an address' }),
    });
    // Parsed as JSON and validated field by field, not handed on as text.
    expect(answer.json().data.fields[0].path).toBe('address');
  });

  it('is documented in the OpenAPI description', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths[INTERACTIONS_PATH].post.summary).toMatch(/interactions/);
  });

  it('answers 401 to everything when no public key is configured', async () => {
    const keyless = await buildTestServer(database());
    try {
      const body = JSON.stringify(command('my-id'));
      const answer = await keyless.inject({
        method: 'POST',
        url: INTERACTIONS_PATH,
        headers: { 'content-type': 'application/json', ...signatureHeaders(signingKey, body) },
        payload: body,
      });
      expect(answer.statusCode).toBe(401);
    } finally {
      await keyless.close();
    }
  });
});

describe('the whole loop on one machine', () => {
  let chat: DevnetChatServer;
  let looped: FastifyInstance;

  beforeAll(async () => {
    let origin = '';
    chat = await startDevnetChatServer({ interactionsUrl: () => `${origin}${INTERACTIONS_PATH}` });
    looped = await buildServer({
      config: testConfig(),
      db: database().db,
      chat: resolveChat(testConfig(), chat),
    });
    await looped.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(looped.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await looped.close();
    await chat.stop();
  });

  it("a person runs /my-id on the chat server and reads FloorDesk's ephemeral answer with their id", async () => {
    const person = chat.createUser();
    const reply = await chat.runCommand(person.id, 'my-id');
    expect(reply).toBe(`Your chat user ID: ${person.id} — paste it into FloorDesk's chat-bot settings.`);
    expect(await chat.runCommand(person.id, 'my-id', 'zh-CN')).toContain(person.id);
  });
});
