import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { type DevnetChatServer, startDevnetChatServer } from '@floordesk/devnet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import { crossingTrendAlert } from '../testing/alert-rows';

const database = useTestDatabase();
const USER = '0x00000000000000000000000000000000000000a4';
const CATS = '0x0000000000000000000000000000000000ca7502';
let chat: DevnetChatServer;
const children: ChildProcess[] = [];

beforeAll(async () => {
  chat = await startDevnetChatServer({ interactionsUrl: 'http://127.0.0.1:9/unused' });
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await chat.stop();
});

function spawnWorker(): ChildProcess {
  const script = path.resolve(import.meta.dirname, '../testing/worker-process.ts');
  const url = database().pool.options.connectionString;
  if (!url) throw new Error('the test database has no connection string');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: url, CHAT_API_URL: chat.apiUrl, CHAT_BOT_TOKEN: chat.botToken },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('a worker killed between posting a DM and recording it: after a restart the DM is sent exactly once', async () => {
  const { pool } = database();
  const person = chat.createUser();
  // The chat service posts the DM, then takes 10 s to answer: the worker is killed while it waits.
  chat.queueFaults({ status: 503, applied: true, delayMs: 10_000, route: 'create_message' });
  await crossingTrendAlert(pool, {
    user: USER,
    chatId: person.id,
    collection: CATS,
    collectionName: 'Crash Cats',
    title: 'Cats moving',
    threshold: 2,
  });

  const first = spawnWorker();
  await waitFor(() => (chat.messages(person.id)?.length ?? 0) > 0, 60_000);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const { rows: atCrash } = await pool.query(`select status from alert_deliveries`);
  expect(atCrash).toEqual([{ status: 'queued' }]);

  // The restarted worker retries the dead one's run once it expires; the nonce brings back the message posted.
  const second = spawnWorker();
  await waitFor(async () => {
    const { rows } = await pool.query(`select status from alert_deliveries`);
    return rows[0]?.status === 'sent';
  }, 60_000);
  second.kill('SIGTERM');
  expect(chat.messages(person.id)?.map((m) => m.content)).toEqual([
    `**Cats moving**\n[Crash Cats](http://floordesk.test/collection/${CATS}): 2 trades in the last 5 min.`,
  ]);
  // The second worker did post again (its answer came back at once, with the first post's message).
  expect(chat.requests().filter((r) => r.route === 'create_message' && r.status === 200)).toHaveLength(1);
}, 120_000);
