import type { Pool } from 'pg';
import { currentMinute } from '../chain/rollup-windows';
import { insertCollection, insertRollup } from './market-rows';

/**
 * A user linked to a chat person, with a collection-trade-trending alert (302) on `collection` and, in the current
 * minute, exactly enough trades to cross its threshold: the next evaluation pass fires once.
 */
export async function crossingTrendAlert(
  pool: Pool,
  alert: { user: string; chatId: string; collection: string; collectionName: string; title: string; threshold: number },
): Promise<void> {
  const { user, collection, threshold } = alert;
  await pool.query(`insert into users (address, created_at, last_login_at) values ($1, now(), now())`, [user]);
  await pool.query(`insert into chat_links (user_address, chat_id, lang, updated_at) values ($1, $2, 'en', now())`, [
    user,
    alert.chatId,
  ]);
  await insertCollection(pool, collection, { name: alert.collectionName });
  await pool.query(
    `insert into alerts (user_address, type, title, enabled, dm_limit, collection, rule, created_at, updated_at)
     values ($1, 302, $2, true, 10, $3, $4, now(), now())`,
    [user, alert.title, collection, { type: 302, address: collection, interval: 5, threshold }],
  );
  await insertRollup(pool, collection, currentMinute(new Date()).toISOString(), { trades: threshold });
}
