import { randomUUID } from 'node:crypto';
import {
  type AnnouncementRequest,
  NOTIFICATION_TYPE,
  type NotificationItem,
  type NotificationsData,
  type NotificationsQuery,
} from '@floordesk/protocol';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/pool';
import { ensNames } from '../ens/service';
import {
  insertNotifications,
  type NewNotification,
  notificationPage,
  type NotificationRow,
  notificationsById,
} from '../../live/notifications';

/** An operator's announcement (type 1000) to every user (the route admits operators only). */
export async function postAnnouncement(ctx: AppContext, request: AnnouncementRequest): Promise<{ id: string }> {
  const [written] = await insertNotifications(ctx.db, [
    notice(null, { title: request.title, body: request.des, source: `announcement:${randomUUID()}`, at: ctx.now() }),
  ]);
  if (!written) throw new Error('an announcement with a fresh source was not written');
  return { id: written.id };
}

export async function notificationHistory(
  ctx: AppContext,
  user: string,
  query: NotificationsQuery,
): Promise<NotificationsData> {
  const { rows, total } = await notificationPage(ctx.db, user, {
    offset: (query.page - 1) * query.size,
    limit: query.size,
    type: query.type,
  });
  return { list: await toItems(ctx, rows), total, page: query.page, size: query.size };
}

/** The notifications of these ids as the wire shows them, by user (null: a general notice), oldest first. */
export async function notificationItems(
  ctx: Pick<AppContext, 'db' | 'chain' | 'now'>,
  ids: readonly string[],
): Promise<Array<{ userAddress: string | null; item: NotificationItem }>> {
  const rows = await notificationsById(ctx.db, ids);
  const items = await toItems(ctx, rows);
  return rows.map((row, index) => ({ userAddress: row.user_address, item: items[index] as NotificationItem }));
}

async function toItems(ctx: Pick<AppContext, 'db' | 'chain' | 'now'>, rows: readonly NotificationRow[]) {
  const names = await ensNames(ctx, [...new Set(rows.flatMap((row) => (row.wallet ? [row.wallet] : [])))]);
  return rows.map((row): NotificationItem => ({
    id: row.id,
    type: row.type as NotificationItem['type'],
    title: row.title,
    des: row.body,
    qb_address: row.wallet,
    ens: row.wallet ? (names.get(row.wallet) ?? null) : null,
    c_address: row.collection,
    c_name: row.collection_name,
    img: row.image_url,
    token_id: row.token_id,
    price: row.price_wei,
    profit: row.profit_wei,
    tx_hash: row.tx_hash,
    create_time: Number(row.created_at),
  }));
}

/**
 * A notice (type 1000) to one user, shown live and in their history: what FloorDesk itself has to tell them (their
 * alert DMs stopped reaching them). `source` names the occasion, so telling twice writes once.
 */
export async function postUserNotice(
  db: Executor,
  user: string,
  text: { title: string; body: string; source: string; at: Date },
): Promise<void> {
  await insertNotifications(db, [notice(user, text)]);
}

/** A type-1000 notice: to one user, or to everyone (`user` null). */
function notice(user: string | null, text: { title: string; body: string; source: string; at: Date }): NewNotification {
  return {
    userAddress: user,
    type: NOTIFICATION_TYPE.announcement,
    wallet: null,
    collection: null,
    tokenId: null,
    priceWei: null,
    profitWei: null,
    title: text.title,
    body: text.body,
    txHash: null,
    blockNumber: null,
    source: text.source,
    createdAt: text.at,
  };
}
