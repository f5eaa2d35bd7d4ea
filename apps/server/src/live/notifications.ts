import { type CollectionNewsKind, NOTIFICATION_TYPE } from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/pool';

/** A notification to write; `userAddress` null is a general notice for everyone. */
export type NewNotification = {
  userAddress: string | null;
  type: number;
  wallet: string | null;
  collection: string | null;
  tokenId: string | null;
  priceWei: string | null;
  profitWei: string | null;
  title: string | null;
  body: string | null;
  txHash: string | null;
  blockNumber: number | null;
  source: string;
  createdAt: Date;
};

export type WrittenNotification = { id: string; userAddress: string | null };

/** The channel that tells the live publisher about written and dropped notifications (see publishChanges). */
export const NOTIFICATIONS_CHANNEL = 'floordesk_notifications';

/** What a NOTIFICATIONS_CHANNEL payload says: rows written (by id), or rows dropped (by id, with their user). */
export type NotificationChange = { written: string[] } | { dropped: WrittenNotification[] };

/** pg_notify payloads stay under PostgreSQL's 8000-byte limit at this many ids. */
const IDS_PER_PAYLOAD = 200;

/**
 * Writes notifications, skipping any whose source event is already written for that user (deriving twice writes
 * once), and announces the new ones on NOTIFICATIONS_CHANNEL, delivered when the transaction commits.
 */
export async function insertNotifications(
  db: Executor,
  rows: readonly NewNotification[],
): Promise<WrittenNotification[]> {
  if (rows.length === 0) return [];
  const column = <T>(value: (row: NewNotification) => T) => sql.param(rows.map(value));
  const { rows: written } = await db.execute<{ id: string; user_address: string | null }>(sql`
    insert into notifications (user_address, type, wallet, collection, token_id, price_wei, profit_wei, title, body,
                               tx_hash, block_number, source, created_at)
    select * from unnest(${column((r) => r.userAddress)}::text[], ${column((r) => r.type)}::int[],
                         ${column((r) => r.wallet)}::text[], ${column((r) => r.collection)}::text[],
                         ${column((r) => r.tokenId)}::numeric[], ${column((r) => r.priceWei)}::numeric[],
                         ${column((r) => r.profitWei)}::numeric[], ${column((r) => r.title)}::text[],
                         ${column((r) => r.body)}::text[], ${column((r) => r.txHash)}::text[],
                         ${column((r) => r.blockNumber)}::bigint[], ${column((r) => r.source)}::text[],
                         ${column((r) => r.createdAt)}::timestamptz[])
    on conflict on constraint notifications_source_key do nothing
    returning id::text, user_address`);
  const result = written.map((row) => ({ id: row.id, userAddress: row.user_address }));
  await announce(
    db,
    result.map((row) => row.id),
    (ids) => ({ written: ids }),
  );
  return result;
}

/**
 * A reorg orphaned every block above `ancestor`: deletes the chain events they held, announces the drops, and
 * derives from the ancestor again.
 */
export async function dropNotificationsAbove(db: Executor, ancestor: number): Promise<WrittenNotification[]> {
  const { rows } = await db.execute<{ id: string; user_address: string | null }>(sql`
    delete from notifications where block_number > ${ancestor} returning id::text, user_address`);
  const dropped = rows.map((row) => ({ id: row.id, userAddress: row.user_address }));
  await announce(db, dropped, (chunk) => ({ dropped: chunk }));
  await db.execute(sql`update notification_cursor set block_number = least(block_number, ${ancestor})`);
  return dropped;
}

async function announce<T>(db: Executor, items: readonly T[], payload: (chunk: T[]) => NotificationChange) {
  for (let at = 0; at < items.length; at += IDS_PER_PAYLOAD) {
    const message = JSON.stringify(payload(items.slice(at, at + IDS_PER_PAYLOAD)));
    await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${message})`);
  }
}

/** The block wallet events are derived up to; undefined before the first derivation. */
export async function derivedUpTo(db: Executor): Promise<number | undefined> {
  const { rows } = await db.execute<{ block_number: string }>(sql`select block_number from notification_cursor`);
  return rows[0] ? Number(rows[0].block_number) : undefined;
}

export async function setDerivedUpTo(db: Executor, block: number): Promise<void> {
  await db.execute(sql`
    insert into notification_cursor (id, block_number) values (true, ${block})
    on conflict (id) do update set block_number = excluded.block_number`);
}

/** The users who count `wallet` as their own: its own user, and whoever added it. */
async function usersOwning(db: Executor, wallet: string): Promise<string[]> {
  const { rows } = await db.execute<{ user_address: string }>(
    sql`select user_address from own_wallets where wallet = ${wallet}`,
  );
  return rows.map((row) => row.user_address);
}

/** A listing the order book accepted: a Listed event for every user whose own wallet listed it. */
export async function recordListed(
  db: Executor,
  listing: { orderHash: string; offerer: string; collection: string; tokenId: string; priceWei: string },
  at: Date,
): Promise<void> {
  const users = await usersOwning(db, listing.offerer);
  await insertNotifications(
    db,
    users.map((user) => ({
      userAddress: user,
      type: NOTIFICATION_TYPE.listed,
      wallet: listing.offerer,
      collection: listing.collection,
      tokenId: listing.tokenId,
      priceWei: listing.priceWei,
      profitWei: null,
      title: null,
      body: null,
      txHash: null,
      blockNumber: null,
      source: `listing:${listing.orderHash}`,
      createdAt: at,
    })),
  );
}

export type CollectionNews = {
  collection: string;
  kind: CollectionNewsKind;
  source: string;
  blockNumber: number;
  at: Date;
};

/** A collection-news notice (1001): for everyone, its kind in `des` for the web to word. */
export function collectionNews(news: CollectionNews): NewNotification {
  return {
    userAddress: null,
    type: NOTIFICATION_TYPE.collectionNews,
    wallet: null,
    collection: news.collection,
    tokenId: null,
    priceWei: null,
    profitWei: null,
    title: null,
    body: news.kind,
    txHash: null,
    blockNumber: news.blockNumber,
    source: news.source,
    createdAt: news.at,
  };
}

/** Collection news (type 1001) the system writes, such as a reveal: for everyone, once per `source`. */
export async function recordCollectionNews(db: Executor, news: CollectionNews): Promise<void> {
  await insertNotifications(db, [collectionNews(news)]);
}

/** A notification as the API and the live messages show it, with its collection's name and the token's image. */
export type NotificationRow = {
  id: string;
  user_address: string | null;
  type: number;
  wallet: string | null;
  collection: string | null;
  collection_name: string | null;
  image_url: string | null;
  token_id: string | null;
  price_wei: string | null;
  profit_wei: string | null;
  title: string | null;
  body: string | null;
  tx_hash: string | null;
  created_at: string;
};

const ROW_COLUMNS = sql`
  n.id::text, n.user_address, n.type, n.wallet, n.collection, c.name as collection_name,
  coalesce(t.image_url, c.image_url) as image_url, n.token_id::text, n.price_wei::text, n.profit_wei::text, n.title,
  n.body, n.tx_hash, extract(epoch from n.created_at)::bigint::text as created_at`;
const ROW_JOINS = sql`
  left join collections c on c.address = n.collection
  left join tokens t on t.collection = n.collection and t.token_id = n.token_id`;

export async function notificationsById(db: Executor, ids: readonly string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<NotificationRow>(sql`
    select ${ROW_COLUMNS} from notifications n ${ROW_JOINS}
     where n.id = any(${sql.param(ids)}::bigint[]) order by n.id`);
  return rows;
}

/** A user's history (their wallet events and the general notices), newest first. */
export async function notificationPage(
  db: Executor,
  user: string,
  { offset, limit, type }: { offset: number; limit: number; type: number | undefined },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const mine = sql`(n.user_address = ${user} or n.user_address is null)${type === undefined ? sql`` : sql` and n.type = ${type}`}`;
  const [page, counted] = await Promise.all([
    db.execute<NotificationRow>(sql`
      select ${ROW_COLUMNS} from notifications n ${ROW_JOINS}
       where ${mine} order by n.created_at desc, n.id desc offset ${offset} limit ${limit}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from notifications n where ${mine}`),
  ]);
  return { rows: page.rows, total: counted.rows[0]?.total ?? 0 };
}
