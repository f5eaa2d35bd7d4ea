import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import { listen } from './listen';
import { tryAdvisoryLock } from './pool';

const database = useTestDatabase();
const CHANNEL = 'floordesk_listen_test';
const LOCK_KEY = 0x7465737431n;

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** What PostgreSQL does to every session when it shuts down (57P01), done to the sessions `where` picks. */
async function terminateSessions(where: string): Promise<number> {
  const { rows } = await database().pool.query<{ pid: number }>(
    `select pg_terminate_backend(pid) as pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and ${where}`,
  );
  return rows.length;
}

describe('a connection PostgreSQL terminates (57P01, as when it shuts down)', () => {
  it('costs a listener its connection, not the process: it listens again, and stops cleanly', async () => {
    const received: string[] = [];
    const errors: Error[] = [];
    const listener = await listen(
      database().pool,
      CHANNEL,
      (payload) => received.push(payload),
      (error) => errors.push(error),
    );
    expect(await terminateSessions(`query like 'LISTEN%'`)).toBe(1);
    await until(() => errors.length > 0, 'the listener to see its connection end');
    await until(async () => {
      await database().pool.query('select pg_notify($1, $2)', [CHANNEL, 'after']);
      return received.includes('after');
    }, 'a notification after listening again');
    await listener.stop();
    await listener.stop();
  });

  it('costs a listener that is stopping nothing: its connection goes back to the pool once', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const listener = await listen(
        database().pool,
        CHANNEL,
        () => {},
        () => {},
      );
      await Promise.all([terminateSessions(`query like 'LISTEN%'`), listener.stop()]);
    }
    // A client released twice would have thrown out of the pool above; the pool still lends and takes back.
    const { rows } = await database().pool.query<{ one: number }>('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('costs a held advisory lock its connection, not the process: released once, and then again, quietly', async () => {
    const lock = await tryAdvisoryLock(database().pool, LOCK_KEY);
    expect(lock).toBeDefined();
    expect(
      await terminateSessions(
        `pid in (select pid from pg_locks where locktype = 'advisory' and objid = ${Number(LOCK_KEY & 0xffffffffn)})`,
      ),
    ).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    lock?.release();
    lock?.discard();
    const again = await tryAdvisoryLock(database().pool, LOCK_KEY);
    expect(again).toBeDefined();
    again?.release();
  });
});
