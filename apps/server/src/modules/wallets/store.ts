import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import { userWallets } from '../../db/schema';

/** The wallets the user added, oldest first. */
export async function addedWallets(db: Executor, user: string): Promise<string[]> {
  const rows = await db
    .select({ address: userWallets.address })
    .from(userWallets)
    .where(eq(userWallets.userAddress, user))
    .orderBy(asc(userWallets.createdAt), asc(userWallets.address));
  return rows.map((row) => row.address);
}

export async function countAdded(db: Executor, user: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userWallets).where(eq(userWallets.userAddress, user));
  return row?.n ?? 0;
}

/** False when the user already has it. */
export async function insertWallet(db: Executor, user: string, address: string, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(userWallets)
    .values({ userAddress: user, address, createdAt: at })
    .onConflictDoNothing()
    .returning({ address: userWallets.address });
  return inserted.length > 0;
}

/** False when the user has no such wallet. */
export async function deleteWallet(db: Executor, user: string, address: string): Promise<boolean> {
  const deleted = await db
    .delete(userWallets)
    .where(and(eq(userWallets.userAddress, user), eq(userWallets.address, address)))
    .returning({ address: userWallets.address });
  return deleted.length > 0;
}
