import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import { authNonces, sessions } from '../../db/schema';

export type NonceRow = typeof authNonces.$inferSelect;
export type Session = { id: string; address: string };

export async function insertNonce(db: Executor, row: typeof authNonces.$inferInsert): Promise<void> {
  await db.insert(authNonces).values(row);
}

export async function findNonce(db: Executor, nonce: string): Promise<NonceRow | undefined> {
  const [row] = await db.select().from(authNonces).where(eq(authNonces.nonce, nonce));
  return row;
}

/** Marks the nonce used; false when another login consumed it first, which makes a nonce single-use under races. */
export async function consumeNonce(db: Executor, nonce: string, at: Date): Promise<boolean> {
  const consumed = await db
    .update(authNonces)
    .set({ usedAt: at })
    .where(and(eq(authNonces.nonce, nonce), isNull(authNonces.usedAt)))
    .returning({ nonce: authNonces.nonce });
  return consumed.length === 1;
}

export async function insertSession(
  db: Executor,
  session: { address: string; secretHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({ ...session, lastSeenAt: session.createdAt });
}

/** The live session with this secret hash and address, marked as seen now; undefined if there is none. */
export async function touchLiveSession(
  db: Executor,
  secretHash: string,
  address: string,
  at: Date,
): Promise<Session | undefined> {
  const [session] = await db
    .update(sessions)
    .set({ lastSeenAt: at })
    .where(
      and(
        eq(sessions.secretHash, secretHash),
        eq(sessions.address, address),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
      ),
    )
    .returning({ id: sessions.id, address: sessions.address });
  return session;
}

export async function revokeSession(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}
