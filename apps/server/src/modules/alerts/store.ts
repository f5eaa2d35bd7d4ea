import type { AlertRule, AlertType, Lang } from '@floordesk/protocol';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import { alerts, alertStates, chatLinks } from '../../db/schema';

export type AlertRow = typeof alerts.$inferSelect;
export type ChatLinkRow = typeof chatLinks.$inferSelect;

/** The fields every alert has, and the type's own. */
export type AlertValues = {
  type: AlertType;
  title: string;
  enabled: boolean;
  dmLimit: number;
  collection: string | null;
  rule: AlertRule;
};

export function userAlerts(db: Executor, user: string): Promise<AlertRow[]> {
  return db.select().from(alerts).where(eq(alerts.userAddress, user)).orderBy(desc(alerts.createdAt), desc(alerts.id));
}

/** One of the user's alerts; another user's id reads as absent. */
export async function userAlert(db: Executor, user: string, id: number): Promise<AlertRow | undefined> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userAddress, user)));
  return row;
}

export async function countAlerts(db: Executor, user: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alerts).where(eq(alerts.userAddress, user));
  return row?.n ?? 0;
}

export async function insertAlert(db: Executor, user: string, values: AlertValues, at: Date): Promise<number> {
  const [row] = await db
    .insert(alerts)
    .values({ userAddress: user, ...values, createdAt: at, updatedAt: at })
    .returning({ id: alerts.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Replaces one of the user's alerts; false when they have none with that id. What it had seen is forgotten: a new
 * threshold or price means its crossings start over.
 */
export async function updateAlert(
  db: Executor,
  user: string,
  id: number,
  values: AlertValues,
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(alerts)
    .set({ ...values, updatedAt: at })
    .where(and(eq(alerts.id, id), eq(alerts.userAddress, user)))
    .returning({ id: alerts.id });
  if (updated.length === 0) return false;
  await db.delete(alertStates).where(eq(alertStates.alertId, id));
  return true;
}

/** False when the user has no alert with that id. Its states and firings go with it (ON DELETE CASCADE). */
export async function deleteAlert(db: Executor, user: string, id: number): Promise<boolean> {
  const deleted = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userAddress, user)))
    .returning({ id: alerts.id });
  return deleted.length > 0;
}

export async function chatLink(db: Executor, user: string): Promise<ChatLinkRow | undefined> {
  const [row] = await db.select().from(chatLinks).where(eq(chatLinks.userAddress, user));
  return row;
}

/**
 * Links a chat id. A different id than before starts afresh: its DM channel is unknown, it is untested, and it is
 * taken as reachable until the service says otherwise.
 */
export async function saveChatLink(db: Executor, user: string, chatId: string, lang: Lang, at: Date): Promise<void> {
  await db
    .insert(chatLinks)
    .values({ userAddress: user, chatId, lang, updatedAt: at })
    .onConflictDoUpdate({
      target: chatLinks.userAddress,
      set: {
        lang,
        updatedAt: at,
        dmChannelId: sql`case when ${chatLinks.chatId} = ${chatId} then ${chatLinks.dmChannelId} end`,
        testedAt: sql`case when ${chatLinks.chatId} = ${chatId} then ${chatLinks.testedAt} end`,
        reachable: sql`${chatLinks.reachable} and ${chatLinks.chatId} = ${chatId} or ${chatLinks.chatId} <> ${chatId}`,
        chatId,
      },
    });
}

/** Changes a user's link, unless its chat id changed meanwhile (a save between reading it and this write). */
export async function updateChatLink(
  db: Executor,
  user: string,
  chatId: string,
  changes: Partial<Pick<ChatLinkRow, 'dmChannelId' | 'lang' | 'testedAt' | 'reachable'>>,
): Promise<void> {
  await db
    .update(chatLinks)
    .set(changes)
    .where(and(eq(chatLinks.userAddress, user), eq(chatLinks.chatId, chatId)));
}

/** DMs follow the language the user last used FloorDesk in. */
export async function setChatLanguage(db: Executor, user: string, lang: Lang): Promise<void> {
  await db
    .update(chatLinks)
    .set({ lang })
    // Only a change is written: the worker keeps links in memory until one of them changes.
    .where(and(eq(chatLinks.userAddress, user), sql`${chatLinks.lang} <> ${lang}`));
}
