import { DefaultRestOptions } from '@discordjs/rest';
import { type DevnetChatServer, startDevnetChatServer } from '@floordesk/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatBot, ChatRefusal } from './chat-bot';
import { discordBot } from './discord';

let chat: DevnetChatServer;
let bot: ChatBot;

beforeAll(async () => {
  chat = await startDevnetChatServer({ interactionsUrl: 'http://127.0.0.1:1/unused' });
  bot = discordBot({ apiUrl: chat.apiUrl, botToken: chat.botToken });
});
afterAll(() => chat.stop());

/** The calls the chat server received from `from` on, by route and status. */
const callsSince = (from: number) => chat.requests().slice(from);

async function refusalOf(promise: Promise<unknown>): Promise<ChatRefusal['reason'] | 'resolved' | 'other'> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof ChatRefusal ? error.reason : 'other';
  }
}

describe('the Discord adapter against the devnet chat server', () => {
  it('opens the same DM channel for a person every time and posts into it', async () => {
    const person = chat.createUser();
    const channel = await bot.openDm(person.id);
    expect(await bot.openDm(person.id)).toBe(channel);
    const sent = await bot.sendMessage(channel, 'Floor of Mfers fell below 0.5 ETH', 'a1-1');
    expect(chat.messages(person.id)).toEqual([
      { id: sent.id, content: 'Floor of Mfers fell below 0.5 ETH', created_at: expect.any(Number) },
    ]);
  });

  it("declares /my-id as the application's command, the same command on every start", async () => {
    await bot.registerCommands();
    const [first] = chat.commands();
    expect(chat.commands()).toEqual([expect.objectContaining({ name: 'my-id', type: 1 })]);
    await bot.registerCommands();
    expect(chat.commands()).toEqual([expect.objectContaining({ name: 'my-id', id: first?.id })]);
  });

  it('posts once for a nonce sent twice', async () => {
    const person = chat.createUser();
    const channel = await bot.openDm(person.id);
    const first = await bot.sendMessage(channel, 'once', 'a1-2');
    const again = await bot.sendMessage(channel, 'once', 'a1-2');
    expect(again.id).toBe(first.id);
    expect(chat.messages(person.id)).toHaveLength(1);
  });

  it('refuses as unreachable a person whose DMs are closed (50007), and posts nothing', async () => {
    const person = chat.createUser();
    const channel = await bot.openDm(person.id);
    chat.setDmsOpen(person.id, false);
    expect(await refusalOf(bot.sendMessage(channel, 'hello', 'a1-3'))).toBe('unreachable');
    expect(chat.messages(person.id)).toEqual([]);
  });

  it('refuses an id nobody has (50033) or that is no user id (50035) as an unknown user', async () => {
    expect(await refusalOf(bot.openDm('123456789012345678'))).toBe('unknown_user');
    // 20 digits, as a chat id may be typed, but beyond a snowflake's 64 bits.
    expect(await refusalOf(bot.openDm('99999999999999999999'))).toBe('unknown_user');
  });

  it('refuses a channel the service does not know (10003) as an unknown channel', async () => {
    expect(await refusalOf(bot.sendMessage('123456789012345678', 'hello', 'a1-4'))).toBe('unknown_channel');
  });

  it("waits out a 429's Retry-After and posts exactly once", async () => {
    // @discordjs/rest rejects on a rate limit only when `rejectOnRateLimit` is set; unset, it waits and retries.
    expect(DefaultRestOptions.rejectOnRateLimit).toBeNull();
    const person = chat.createUser();
    const channel = await bot.openDm(person.id);
    const from = chat.requests().length;
    chat.queueFaults({ status: 429, retryAfter: 1, route: 'create_message' });
    const started = Date.now();
    const sent = await bot.sendMessage(channel, 'after the limit', 'a1-5');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(callsSince(from).map((call) => call.status)).toEqual([429, 200]);
    expect(chat.messages(person.id)).toEqual([
      { id: sent.id, content: 'after the limit', created_at: expect.any(Number) },
    ]);
  });

  it('retries a 500 and posts exactly once, also when the failed call had posted (the nonce answers the retry)', async () => {
    const person = chat.createUser();
    const channel = await bot.openDm(person.id);
    const from = chat.requests().length;
    chat.queueFaults({ status: 500, route: 'create_message' }, { status: 502, applied: true, route: 'create_message' });
    const sent = await bot.sendMessage(channel, 'despite the errors', 'a1-6');
    expect(callsSince(from).map((call) => call.status)).toEqual([500, 502, 200]);
    expect(chat.messages(person.id)).toEqual([
      { id: sent.id, content: 'despite the errors', created_at: expect.any(Number) },
    ]);
  });

  it('gives up after its retries with an error to retry later, not a refusal', async () => {
    const person = chat.createUser();
    const channel = await bot.openDm(person.id);
    const from = chat.requests().length;
    chat.queueFaults(...Array.from({ length: 4 }, () => ({ status: 503 as const, route: 'create_message' as const })));
    expect(await refusalOf(bot.sendMessage(channel, 'never', 'a1-7'))).toBe('other');
    expect(callsSince(from)).toHaveLength(4);
    expect(chat.messages(person.id)).toEqual([]);
  });

  it('keeps to the global 50 requests a second', async () => {
    // A bot of its own: the global second starts with its first call here, not with an earlier test's.
    const fresh = discordBot({ apiUrl: chat.apiUrl, botToken: chat.botToken });
    const person = chat.createUser();
    const from = chat.requests().length;
    await Promise.all(Array.from({ length: 60 }, () => fresh.openDm(person.id)));
    const calls = callsSince(from);
    expect(calls.map((call) => call.status)).toEqual(Array.from({ length: 60 }, () => 200));
    // The 51st call waits for the second that began with the first one to end.
    const first = calls[0]?.at ?? 0;
    expect((calls[50]?.at ?? 0) - first).toBeGreaterThanOrEqual(950);
  });

  it('fails with a wrong token, as an error and not a refusal', async () => {
    const wrong = discordBot({ apiUrl: chat.apiUrl, botToken: 'not-the-token' });
    const person = chat.createUser();
    const from = chat.requests().length;
    expect(await refusalOf(wrong.openDm(person.id))).toBe('other');
    expect(callsSince(from).map((call) => call.status)).toEqual([401]);
  });
});
