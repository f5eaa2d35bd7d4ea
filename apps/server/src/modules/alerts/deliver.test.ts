import { type DevnetChatServer, startDevnetChatServer } from '@floordesk/devnet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatBot } from '../../chat/chat-bot';
import { discordBot } from '../../chat/discord';
import { useTestDatabase } from '../../testing/database';
import { testClock } from '../../testing/server';
import { deliverFiring } from './deliver';

const database = useTestDatabase();
const clock = testClock();
const USER = '0x00000000000000000000000000000000000000a2';
let chat: DevnetChatServer;
let bot: ChatBot;
let person: string;

beforeAll(async () => {
  chat = await startDevnetChatServer({ interactionsUrl: 'http://127.0.0.1:9/unused' });
  bot = discordBot({ apiUrl: chat.apiUrl, botToken: chat.botToken });
});
afterAll(() => chat.stop());

async function query(text: string, values: unknown[] = []) {
  return database().pool.query(text, values);
}

/** A queued firing of a fresh alert of USER's, as an evaluation pass writes it. */
async function queuedFiring(content: string, block?: { number: number; hash: string }): Promise<number> {
  const { rows: alerts } = await query(
    `insert into alerts (user_address, type, title, enabled, dm_limit, rule, created_at, updated_at)
     values ($1, 401, 'Reminder', true, 10, '{"type":401,"custom_time_value":1,"lead_minutes":0}', now(), now())
     returning id`,
    [USER],
  );
  const { rows } = await query(
    `insert into alert_deliveries (alert_id, user_address, source, content, status, block_number, block_hash, event_at, fired_at)
     values ($1, $2, 'test', $3, 'queued', $4, $5, now(), now()) returning id`,
    [alerts[0].id, USER, content, block?.number ?? null, block?.hash ?? null],
  );
  return Number(rows[0].id);
}

async function status(id: number): Promise<string> {
  const { rows } = await query('select status from alert_deliveries where id = $1', [id]);
  return rows[0]?.status;
}

beforeEach(async () => {
  await query('truncate alerts, alert_deliveries, chat_links, notifications, chain_blocks cascade');
  await query(
    `insert into users (address, created_at, last_login_at) values ($1, now(), now()) on conflict do nothing`,
    [USER],
  );
  person = chat.createUser().id;
  await query(`insert into chat_links (user_address, chat_id, lang, updated_at) values ($1, $2, 'en', now())`, [
    USER,
    person,
  ]);
});

describe('delivering a firing', () => {
  it('sends it once over a DM channel opened once, however often its job runs', async () => {
    const first = await queuedFiring('first');
    const second = await queuedFiring('second');
    expect(await deliverFiring(database().db, bot, first, clock.now())).toBe('sent');
    expect(await deliverFiring(database().db, bot, first, clock.now())).toBe('already done');
    expect(await deliverFiring(database().db, bot, second, clock.now())).toBe('sent');
    expect(chat.messages(person)?.map((m) => m.content)).toEqual(['second', 'first']);
    const opened = chat.requests().filter((r) => r.route === 'create_dm' && r.status === 200);
    expect(opened).toHaveLength(1);
    expect(await status(first)).toBe('sent');
  });

  it('is sent exactly once when the worker died after sending and before recording it', async () => {
    const id = await queuedFiring('once');
    const dying: ChatBot = {
      openDm: (user) => bot.openDm(user),
      registerCommands: () => bot.registerCommands(),
      async sendMessage(channel, content, nonce) {
        await bot.sendMessage(channel, content, nonce);
        throw new Error('worker killed');
      },
    };
    await expect(deliverFiring(database().db, dying, id, clock.now())).rejects.toThrow('worker killed');
    expect(await status(id)).toBe('queued');
    // The job runs again after the restart: the same nonce brings back the message already posted.
    expect(await deliverFiring(database().db, bot, id, clock.now())).toBe('sent');
    expect(chat.messages(person)?.map((m) => m.content)).toEqual(['once']);
  });

  it('survives a 429 and a 500 that had already posted, without a duplicate', async () => {
    const id = await queuedFiring('through faults');
    chat.queueFaults(
      { status: 429, retryAfter: 0.2, route: 'create_message' },
      { status: 500, applied: true, route: 'create_message' },
    );
    expect(await deliverFiring(database().db, bot, id, clock.now())).toBe('sent');
    expect(chat.messages(person)?.map((m) => m.content)).toEqual(['through faults']);
    const tries = chat
      .requests()
      .filter((r) => r.route === 'create_message')
      .slice(-3);
    expect(tries.map((r) => r.status)).toEqual([429, 500, 200]);
  });

  it('pauses the user when their DMs are closed, and tells them in the app once', async () => {
    chat.setDmsOpen(person, false);
    const first = await queuedFiring('blocked');
    const second = await queuedFiring('blocked too');
    expect(await deliverFiring(database().db, bot, first, clock.now())).toBe('unreachable');
    // Paused: what was queued meanwhile is dropped, not sent once the user opens their DMs hours later.
    expect(await deliverFiring(database().db, bot, second, clock.now())).toBe('dropped');
    const { rows: links } = await query('select reachable from chat_links where user_address = $1', [USER]);
    expect(links[0].reachable).toBe(false);
    const { rows: notices } = await query('select type, title from notifications where user_address = $1', [USER]);
    expect(notices).toEqual([{ type: 1000, title: 'Alert DMs paused' }]);
    expect(chat.messages(person)).toEqual([]);
  });

  it('drops a firing whose block left the chain', async () => {
    await query(`insert into chain_blocks (number, hash, parent_hash, timestamp) values (7, '0xnew', '0x', now())`);
    const orphaned = await queuedFiring('orphaned', { number: 7, hash: '0xold' });
    const kept = await queuedFiring('kept', { number: 7, hash: '0xnew' });
    expect(await deliverFiring(database().db, bot, orphaned, clock.now())).toBe('dropped');
    expect(await deliverFiring(database().db, bot, kept, clock.now())).toBe('sent');
    expect(chat.messages(person)?.map((m) => m.content)).toEqual(['kept']);
  });

  it('does nothing for a firing whose alert was deleted', async () => {
    const id = await queuedFiring('deleted');
    await query('delete from alerts');
    expect(await deliverFiring(database().db, bot, id, clock.now())).toBe('gone');
    expect(chat.messages(person)).toEqual([]);
  });
});
