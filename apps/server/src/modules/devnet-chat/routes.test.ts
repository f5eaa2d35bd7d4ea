import type { AddressInfo } from 'node:net';
import { type DevnetChatServer, startDevnetChatServer } from '@floordesk/devnet';
import { Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatRefusal } from '../../chat/chat-bot';
import { resolveChat, type ResolvedChat } from '../../chat/resolve';
import { buildServer } from '../../http/server';
import { useTestDatabase } from '../../testing/database';
import { buildTestServer, testConfig, testDevnetOptions } from '../../testing/server';

const database = useTestDatabase();
const RATE_LIMIT = 4;
const config = testConfig({ authRateLimit: RATE_LIMIT });
let chat: DevnetChatServer;
let resolved: ResolvedChat;
let app: FastifyInstance;

beforeAll(async () => {
  let origin = '';
  chat = await startDevnetChatServer({
    interactionsUrl: () => `${origin}/api/discord/interactions`,
    inviteUrl: `${config.origin.origin}/devnet-chat`,
  });
  resolved = resolveChat(config, chat);
  app = await buildServer({
    config,
    db: database().db,
    chat: resolved,
    // No chain: the devnet's node is not what these calls reach.
    devnet: { ...testDevnetOptions(config, 'http://127.0.0.1:1'), chat },
  });
  // /my-id goes from the chat server back to this server, as over the network.
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await chat.stop();
});

let nextIp = 1;
/** Each call from an address of its own unless a test says, so the per-address limits answer only where tested. */
function call(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    headers,
    remoteAddress: headers['x-test-ip'] ?? `192.0.2.${nextIp++}`,
    ...(payload && { payload }),
  });
}

const newUser = async () => (await call('POST', '/api/devnet/chat/users', {})).json().data as { id: string };

describe('the devnet chat calls', () => {
  it('makes a new person, keeps a person by the id the page kept, and makes a new one for what is no id', async () => {
    const created = await call('POST', '/api/devnet/chat/users', {});
    expect(created.json()).toMatchObject({ status: Status.Ok, data: { id: expect.stringMatching(/^[0-9]{18,19}$/) } });
    const person = created.json().data;
    expect(person).toMatchObject({ dms_open: true, username: expect.any(String) });

    const again = await call('POST', '/api/devnet/chat/users', { user_id: person.id });
    expect(again.json().data).toEqual(person);
    // An id from before the chat server forgot it: the same person again.
    const remembered = await call('POST', '/api/devnet/chat/users', { user_id: '123456789012345678' });
    expect(remembered.json().data.id).toBe('123456789012345678');
    for (const damaged of ['alice', '99999999999999999999', '']) {
      const fresh = await call('POST', '/api/devnet/chat/users', { user_id: damaged });
      expect(fresh.json().data.id).not.toBe(damaged);
      expect(chat.user(fresh.json().data.id)).toBeDefined();
    }
  });

  it('runs /my-id as the person and answers with the reply FloorDesk gave them, in their language', async () => {
    const person = await newUser();
    const english = await call('POST', '/api/devnet/chat/my-id', { user_id: person.id });
    expect(english.json()).toMatchObject({ status: Status.Ok, data: { reply: expect.stringContaining(person.id) } });
    expect(english.json().data.reply).toMatch(/^Your chat user ID/);
    const chinese = await call('POST', '/api/devnet/chat/my-id', { user_id: person.id }, { 'x-lang': 'zh' });
    expect(chinese.json().data.reply).toMatch(/^你的聊天用户 ID：/);
  });

  it('lists the DMs the bot sent the person, newest first', async () => {
    const person = await newUser();
    const empty = await call('GET', `/api/devnet/chat/messages?user_id=${person.id}`);
    expect(empty.json().data).toEqual({ user: expect.objectContaining({ id: person.id }), list: [] });

    const bot = resolved.bot;
    if (!bot) throw new Error('the devnet chat gives a bot');
    const channel = await bot.openDm(person.id);
    await bot.sendMessage(channel, 'first alert', 'a1-1');
    await bot.sendMessage(channel, 'second alert', 'a1-2');
    const listed = await call('GET', `/api/devnet/chat/messages?user_id=${person.id}`);
    expect(listed.json().data.list.map((message: { content: string }) => message.content)).toEqual([
      'second alert',
      'first alert',
    ]);
  });

  it("closes and opens the person's DMs: closed, the bot's DMs are refused as unreachable", async () => {
    const person = await newUser();
    const bot = resolved.bot;
    if (!bot) throw new Error('the devnet chat gives a bot');
    const channel = await bot.openDm(person.id);
    const closed = await call('POST', '/api/devnet/chat/dms', { user_id: person.id, open: false });
    expect(closed.json().data).toMatchObject({ id: person.id, dms_open: false });
    await expect(bot.sendMessage(channel, 'alert', 'a2-1')).rejects.toBeInstanceOf(ChatRefusal);
    await call('POST', '/api/devnet/chat/dms', { user_id: person.id, open: true });
    await expect(bot.sendMessage(channel, 'alert', 'a2-1')).resolves.toHaveProperty('id');
  });

  it('answers 404 for an id the chat server does not know', async () => {
    const unknown = '223456789012345678';
    for (const answer of [
      await call('GET', `/api/devnet/chat/messages?user_id=${unknown}`),
      await call('POST', '/api/devnet/chat/my-id', { user_id: unknown }),
      await call('POST', '/api/devnet/chat/dms', { user_id: unknown, open: false }),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().status).toBe(Status.NotFound);
    }
    expect(chat.user(unknown)).toBeUndefined();
  });

  it('limits how many people and commands one address asks for', async () => {
    const ip = { 'x-test-ip': '203.0.113.7' };
    for (let i = 0; i < RATE_LIMIT; i++) {
      expect((await call('POST', '/api/devnet/chat/users', {}, ip)).statusCode).toBe(200);
    }
    expect((await call('POST', '/api/devnet/chat/users', {}, ip)).statusCode).toBe(429);
  });

  it('says the chat service is unavailable when the command cannot reach FloorDesk', async () => {
    const unreachable = await startDevnetChatServer({ interactionsUrl: 'http://127.0.0.1:1/api/discord/interactions' });
    const other = await buildServer({
      config,
      db: database().db,
      chat: resolveChat(config, unreachable),
      devnet: { ...testDevnetOptions(config, 'http://127.0.0.1:1'), chat: unreachable },
    });
    try {
      const person = unreachable.createUser();
      const answer = await other.inject({
        method: 'POST',
        url: '/api/devnet/chat/my-id',
        payload: { user_id: person.id },
      });
      expect(answer.json().status).toBe(Status.ChatUnavailable);
    } finally {
      await other.close();
      await unreachable.stop();
    }
  });

  it('is served only by a server running the devnet chat', async () => {
    const plain = await buildTestServer(database());
    try {
      const answer = await plain.inject({ method: 'POST', url: '/api/devnet/chat/users', payload: {} });
      expect(answer.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
