import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Creates the user on first sign-in and records the time of every sign-in. */
export async function upsertLogin(db: Executor, address: string, at: Date): Promise<void> {
  await db
    .insert(users)
    .values({ address, createdAt: at, lastLoginAt: at })
    .onConflictDoUpdate({ target: users.address, set: { lastLoginAt: at } });
}

export async function findUser(db: Executor, address: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.address, address));
  return user;
}
