import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DevnetChatServer, type DevnetChatServerOptions, startDevnetChatServer } from './chat-server';

/** What the app's interactions endpoint received, and what it answers next. */
type Received = { headers: IncomingMessage['headers']; body: string };
let received: Received[] = [];
let nextAnswer: { status: number; body: unknown } = { status: 200, body: {} };
let app: Server;
let appUrl: string;

const servers: DevnetChatServer[] = [];
async function start(options: Partial<DevnetChatServerOptions> = {}): Promise<DevnetChatServer> {
  const chat = await startDevnetChatServer({ interactionsUrl: () => appUrl, ...options });
  servers.push(chat);
  return chat;
}

beforeAll(async () => {
  app = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(nextAnswer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(nextAnswer.body));
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/discord/interactions`;
});
afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  received = [];
});

type Call = { status: number; body: Record<string, unknown>; headers: Headers };
async function call(
  chat: DevnetChatServer,
  route: string,
  body: unknown,
  token: string | null = chat.botToken,
): Promise<Call> {
  const response = await fetch(`${chat.apiUrl}/v10${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token !== null && { authorization: `Bot ${token}` }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

const openDm = (chat: DevnetChatServer, recipient: unknown) =>
  call(chat, '/users/@me/channels', { recipient_id: recipient });
const post = (chat: DevnetChatServer, channel: string, body: object) =>
  call(chat, `/channels/${channel}/messages`, body);

async function channelOf(chat: DevnetChatServer, userId: string): Promise<string> {
  const { status, body } = await openDm(chat, userId);
  expect(status).toBe(200);
  return body.id as string;
}

describe('people', () => {
  it('gives each new person a fresh snowflake id of 18 or 19 digits, DMs open', async () => {
    const chat = await start();
    const first = chat.createUser();
    const second = chat.createUser();
    expect(first.id).toMatch(/^[1-9][0-9]{17,18}$/);
    expect(second.id).not.toBe(first.id);
    expect(first).toMatchObject({ dms_open: true });
    expect(chat.user(first.id)).toEqual(first);
  });

  it('keeps a person with the id asked for, and refuses what is no id', async () => {
    const chat = await start();
    const person = chat.createUser('123456789012345678');
    expect(person.id).toBe('123456789012345678');
    expect(chat.createUser('123456789012345678')).toEqual(person);
    expect(() => chat.createUser('alice')).toThrow(/not a chat user id/);
    expect(chat.user('223456789012345678')).toBeUndefined();
    expect(chat.setDmsOpen('223456789012345678', false)).toBeUndefined();
    expect(chat.messages('223456789012345678')).toBeUndefined();
    expect(chat.messages(person.id)).toEqual([]);
  });

  it('keeps people, their DM channels and messages across a restart when given a file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'devnet-chat-'));
    try {
      const statePath = path.join(dir, 'chat.json');
      const before = await start({ statePath });
      const person = before.createUser();
      const channel = await channelOf(before, person.id);
      await post(before, channel, { content: 'floor alert' });
      before.setDmsOpen(person.id, false);
      await before.stop();
      servers.splice(servers.indexOf(before), 1);

      const after = await start({ statePath });
      expect(after.user(person.id)).toEqual({ ...person, dms_open: false });
      expect(await channelOf(after, person.id)).toBe(channel);
      expect(after.messages(person.id)?.map((message) => message.content)).toEqual(['floor alert']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('Create DM (POST /users/@me/channels)', () => {
  it('answers the same DM channel object for the same person every time', async () => {
    const chat = await start();
    const person = chat.createUser();
    const first = await openDm(chat, person.id);
    const second = await openDm(chat, person.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ type: 1, recipients: [{ id: person.id, username: person.username }] });
    expect(first.body.id).toMatch(/^[0-9]{17,20}$/);
    expect(second.body.id).toBe(first.body.id);
    expect(await channelOf(chat, chat.createUser().id)).not.toBe(first.body.id);
  });

  it("answers Discord's errors: an id nobody has, no snowflake, no recipient", async () => {
    const chat = await start();
    expect(await openDm(chat, '123456789012345678')).toMatchObject({
      status: 400,
      body: { code: 50033, message: 'Invalid Recipient(s)' },
    });
    const notSnowflake = await openDm(chat, 'alice');
    expect(notSnowflake).toMatchObject({ status: 400, body: { code: 50035, message: 'Invalid Form Body' } });
    expect(notSnowflake.body.errors).toHaveProperty('recipient_id._errors.0.code', 'NUMBER_TYPE_COERCE');
    const tooLarge = await openDm(chat, '18446744073709551616');
    expect(tooLarge.body.code).toBe(50035);
    const missing = await call(chat, '/users/@me/channels', {});
    expect(missing.body.errors).toHaveProperty('recipient_id._errors.0.code', 'BASE_TYPE_REQUIRED');
    expect(await call(chat, '/users/@me/channels', '{not json')).toMatchObject({ status: 400, body: { code: 50109 } });
  });

  it("refuses a call without the bot's token with Discord's 401", async () => {
    const chat = await start();
    const person = chat.createUser();
    const unauthorized = { status: 401, body: { code: 0, message: '401: Unauthorized' } };
    expect(await call(chat, '/users/@me/channels', { recipient_id: person.id }, null)).toMatchObject(unauthorized);
    expect(await call(chat, '/users/@me/channels', { recipient_id: person.id }, 'wrong')).toMatchObject(unauthorized);
    const bearer = await fetch(`${chat.apiUrl}/v10/users/@me/channels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${chat.botToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ recipient_id: person.id }),
    });
    expect(bearer.status).toBe(401);
  });

  it('answers 404 and 405 for calls it does not speak', async () => {
    const chat = await start();
    expect((await call(chat, '/users/@me', {})).status).toBe(404);
    const get = await fetch(`${chat.apiUrl}/v10/users/@me/channels`, {
      headers: { authorization: `Bot ${chat.botToken}` },
    });
    expect(get.status).toBe(405);
  });
});

describe('Create Message (POST /channels/{id}/messages)', () => {
  it("posts the message and answers Discord's message object; the person's messages list it newest first", async () => {
    const chat = await start({ applicationId: '1190000000000000000' });
    const person = chat.createUser();
    const channel = await channelOf(chat, person.id);
    const first = await post(chat, channel, { content: 'first', allowed_mentions: { parse: [] } });
    const second = await post(chat, channel, { content: 'second' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      channel_id: channel,
      content: 'first',
      type: 0,
      author: { id: '1190000000000000000', bot: true },
    });
    expect(Date.parse(first.body.timestamp as string)).toBeGreaterThan(0);
    expect(chat.messages(person.id)).toEqual([
      { id: second.body.id, content: 'second', created_at: expect.any(Number) },
      { id: first.body.id, content: 'first', created_at: expect.any(Number) },
    ]);
    const reopened = await openDm(chat, person.id);
    expect(reopened.body.last_message_id).toBe(second.body.id);
  });

  it('answers a repeated nonce with enforce_nonce by the first message, creating none', async () => {
    const chat = await start();
    const person = chat.createUser();
    const channel = await channelOf(chat, person.id);
    const first = await post(chat, channel, { content: 'alert 1', nonce: 'a1-42', enforce_nonce: true });
    const again = await post(chat, channel, { content: 'alert 1', nonce: 'a1-42', enforce_nonce: true });
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id, nonce: 'a1-42' } });
    expect(chat.messages(person.id)).toHaveLength(1);

    // Without enforce_nonce the nonce is only echoed, as Discord's.
    await post(chat, channel, { content: 'alert 2', nonce: 'b2' });
    await post(chat, channel, { content: 'alert 2', nonce: 'b2' });
    expect(chat.messages(person.id)).toHaveLength(3);
    // A nonce is the bot's in one channel: another person's channel takes it anew.
    const other = chat.createUser();
    const otherChannel = await channelOf(chat, other.id);
    const elsewhere = await post(chat, otherChannel, { content: 'alert 1', nonce: 'a1-42', enforce_nonce: true });
    expect(elsewhere.body.id).not.toBe(first.body.id);
  });

  it('answers 50007 with 403 to a person whose DMs are closed, and posts nothing', async () => {
    const chat = await start();
    const person = chat.createUser();
    const channel = await channelOf(chat, person.id);
    expect(chat.setDmsOpen(person.id, false)).toMatchObject({ dms_open: false });
    expect(await post(chat, channel, { content: 'hello' })).toMatchObject({
      status: 403,
      body: { code: 50007, message: 'Cannot send messages to this user' },
    });
    expect(chat.messages(person.id)).toEqual([]);
    chat.setDmsOpen(person.id, true);
    expect((await post(chat, channel, { content: 'hello' })).status).toBe(200);
  });

  it('answers 10003 for a channel it does not know, and form errors for bad messages', async () => {
    const chat = await start();
    expect(await post(chat, '123456789012345678', { content: 'x' })).toMatchObject({
      status: 404,
      body: { code: 10003, message: 'Unknown Channel' },
    });
    const channel = await channelOf(chat, chat.createUser().id);
    expect(await post(chat, channel, { content: '' })).toMatchObject({ status: 400, body: { code: 50006 } });
    expect(await post(chat, channel, {})).toMatchObject({ status: 400, body: { code: 50006 } });
    expect(await post(chat, channel, { content: 'x'.repeat(2001) })).toMatchObject({ body: { code: 50035 } });
    expect(await post(chat, channel, { content: 'x', nonce: 'n'.repeat(26) })).toMatchObject({
      body: { code: 50035 },
    });
  });
});

describe('rate limits', () => {
  it("sends Discord's rate-limit headers and answers a call beyond the channel's bucket with a 429", async () => {
    const chat = await start();
    const channel = await channelOf(chat, chat.createUser().id);
    const answers: Call[] = [];
    for (let i = 0; i < 6; i++) answers.push(await post(chat, channel, { content: `m${i}` }));
    const first = answers[0]?.headers;
    expect(first?.get('x-ratelimit-limit')).toBe('5');
    expect(first?.get('x-ratelimit-remaining')).toBe('4');
    expect(first?.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]+$/);
    expect(Number(first?.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
    expect(Number(first?.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
    expect(answers[4]?.headers.get('x-ratelimit-remaining')).toBe('0');
    const limited = answers[5];
    expect(limited?.status).toBe(429);
    expect(limited?.body).toMatchObject({ message: 'You are being rate limited.', global: false });
    expect(limited?.body.retry_after).toBeGreaterThan(0);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited?.headers.get('x-ratelimit-scope')).toBe('user');
  });

  it('answers queued faults in order, to the route they name, and records every call', async () => {
    const chat = await start();
    const person = chat.createUser();
    chat.queueFaults(
      { status: 429, retryAfter: 1.5, route: 'create_message' },
      { status: 500 },
      { status: 503, applied: true, route: 'create_message' },
      { status: 429, retryAfter: 2, global: true, route: 'create_message' },
    );
    // The 500 is the first fault for any route; the 429 waits for a message.
    expect((await openDm(chat, person.id)).status).toBe(500);
    const channel = await channelOf(chat, person.id);
    const limited = await post(chat, channel, { content: 'one' });
    expect(limited).toMatchObject({ status: 429, body: { retry_after: 1.5, global: false } });
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(chat.messages(person.id)).toEqual([]);
    // Applied: the message is posted, then the call fails.
    expect((await post(chat, channel, { content: 'one' })).status).toBe(503);
    expect(chat.messages(person.id)?.map((message) => message.content)).toEqual(['one']);
    const global = await post(chat, channel, { content: 'two' });
    expect(global).toMatchObject({ status: 429, body: { global: true } });
    expect(global.headers.get('x-ratelimit-global')).toBe('true');
    expect((await post(chat, channel, { content: 'two' })).status).toBe(200);
    expect(chat.requests().map((request) => [request.route, request.status])).toEqual([
      ['create_dm', 500],
      ['create_dm', 200],
      ['create_message', 429],
      ['create_message', 503],
      ['create_message', 429],
      ['create_message', 200],
    ]);
  });
});

describe('slash commands', () => {
  it('delivers a signed type-2 interaction from the person and returns the ephemeral reply', async () => {
    const chat = await start({ applicationId: '1190000000000000000' });
    const person = chat.createUser();
    nextAnswer = { status: 200, body: { type: 4, data: { content: `Your id: ${person.id}`, flags: 64 } } };
    expect(await chat.runCommand(person.id, 'my-id', 'zh-CN')).toBe(`Your id: ${person.id}`);

    const [delivered] = received;
    if (!delivered) throw new Error('no interaction delivered');
    const signature = delivered.headers['x-signature-ed25519'] as string;
    const timestamp = delivered.headers['x-signature-timestamp'] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(chat.publicKeyHex, 'hex').toString('base64url') },
      format: 'jwk',
    });
    expect(chat.publicKeyHex).toMatch(/^[0-9a-f]{64}$/);
    expect(verify(null, Buffer.from(timestamp + delivered.body), publicKey, Buffer.from(signature, 'hex'))).toBe(true);
    expect(verify(null, Buffer.from(`${timestamp}${delivered.body} `), publicKey, Buffer.from(signature, 'hex'))).toBe(
      false,
    );
    expect(JSON.parse(delivered.body)).toMatchObject({
      type: 2,
      application_id: '1190000000000000000',
      data: { name: 'my-id', type: 1 },
      member: { user: { id: person.id, username: person.username } },
      guild_id: expect.any(String),
      channel_id: expect.any(String),
      token: expect.any(String),
      locale: 'zh-CN',
      version: 1,
    });
  });

  it('signs with the key it is given', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const chat = await start({ signingKey: privateKey });
    const x = publicKey.export({ format: 'jwk' }).x as string;
    expect(chat.publicKeyHex).toBe(Buffer.from(x, 'base64url').toString('hex'));
  });

  it('throws when the app answers anything but an ephemeral message, or for an unknown person', async () => {
    const chat = await start();
    const person = chat.createUser();
    nextAnswer = { status: 200, body: { type: 4, data: { content: 'public', flags: 0 } } };
    await expect(chat.runCommand(person.id, 'my-id')).rejects.toThrow(/not an ephemeral message/);
    nextAnswer = { status: 200, body: { type: 1 } };
    await expect(chat.runCommand(person.id, 'my-id')).rejects.toThrow(/not an ephemeral message/);
    nextAnswer = { status: 401, body: 'invalid request signature' };
    await expect(chat.runCommand(person.id, 'my-id')).rejects.toThrow(/HTTP 401/);
    await expect(chat.runCommand('123456789012345678', 'my-id')).rejects.toThrow(/no chat user/);
  });
});
