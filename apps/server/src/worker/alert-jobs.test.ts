import { type DevnetChatServer, startDevnetChatServer } from '@floordesk/devnet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { discordBot } from '../chat/discord';
import { useTestDatabase } from '../testing/database';
import { crossingTrendAlert } from '../testing/alert-rows';
import { type Worker } from './worker';
import { startAlertWorker } from '../testing/alert-worker';

const database = useTestDatabase();
const USER = '0x00000000000000000000000000000000000000a3';
const CATS = '0x0000000000000000000000000000000000ca7501';
let chat: DevnetChatServer;
let worker: Worker | undefined;

beforeAll(async () => {
  chat = await startDevnetChatServer({ interactionsUrl: 'http://127.0.0.1:9/unused' });
});
afterAll(async () => {
  await worker?.stop();
  await chat.stop();
});

async function waitFor<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('the worker evaluates alerts and its DM task sends each firing once, through the job queue', async () => {
  const { pool, db } = database();
  const person = chat.createUser();
  await crossingTrendAlert(pool, {
    user: USER,
    chatId: person.id,
    collection: CATS,
    collectionName: 'Queue Cats',
    title: 'Cats moving',
    threshold: 3,
  });

  worker = await startAlertWorker({
    pool,
    db,
    bot: discordBot({ apiUrl: chat.apiUrl, botToken: chat.botToken }),
    origin: 'http://floordesk.test',
  });
  const [dm] = await waitFor(() => {
    const messages = chat.messages(person.id);
    return messages && messages.length > 0 ? messages : undefined;
  });
  expect(dm?.content).toBe(
    '**Cats moving**\n[Queue Cats](http://floordesk.test/collection/' + CATS + '): 3 trades in the last 5 min.',
  );
  // Passes go on every second; the crossing has fired, so nothing more is sent.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(chat.messages(person.id)).toHaveLength(1);
  const { rows } = await pool.query(`select status from alert_deliveries`);
  expect(rows).toEqual([{ status: 'sent' }]);
});
