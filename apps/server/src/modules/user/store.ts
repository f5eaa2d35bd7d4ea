import { eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Creates the user on first sign-in and records the time of every sign-in. */
export async function upsertLogin(db: Executor, address: string, at: Date): Promise<void> {
  await db
    .insert(users)
    .values({ address, createdAt: at, lastLoginAt: at, lastSeenAt: at })
    .onConflictDoUpdate({ target: users.address, set: { lastLoginAt: at, lastSeenAt: at } });
}

export async function findUser(db: Executor, address: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.address, address));
  return user;
}

/**
 * Holds the user's row until the transaction ends: one user's list changes (follows, wallets) are decided one at a
 * time, so two at a limit cannot both pass it.
 */
export async function lockUser(tx: Executor, address: string): Promise<void> {
  await tx.select({ address: users.address }).from(users).where(eq(users.address, address)).for('update');
}

/** Records a heartbeat. */
export async function touchUser(db: Executor, address: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSeenAt: at }).where(eq(users.address, address));
}

/** Users whose last heartbeat or sign-in is at or after `since`. */
export async function usersSeenSince(db: Executor, since: Date): Promise<string[]> {
  const rows = await db.select({ address: users.address }).from(users).where(gte(users.lastSeenAt, since));
  return rows.map((row) => row.address);
}

/** Sets the user's identity and community; false when no such user (they have never signed in). */
export async function updateIdentity(
  db: Executor,
  address: string,
  identity: string,
  communityId: number | null,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ identity, communityId })
    .where(eq(users.address, address))
    .returning({ address: users.address });
  return updated.length > 0;
}
