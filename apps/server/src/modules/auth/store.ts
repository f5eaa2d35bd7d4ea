import { and, eq, gt, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
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

/** last_seen_at is kept to the minute: writing it on every authenticated call would cost a WAL flush each. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** A live session, with when it expires and when it was last marked seen. */
export type LiveSession = Session & { expiresAt: Date; seenAt: Date };

/** The live session with this secret hash and address, undefined if there is none; marks it seen. */
export async function findLiveSession(
  db: Executor,
  secretHash: string,
  address: string,
  at: Date,
): Promise<LiveSession | undefined> {
  const [live] = await db
    .select({
      id: sessions.id,
      address: sessions.address,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.secretHash, secretHash),
        eq(sessions.address, address),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
      ),
    );
  if (!live) return undefined;
  let seenAt = live.lastSeenAt;
  if (at.getTime() - seenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, live.id));
    seenAt = at;
  }
  return { id: live.id, address: live.address, expiresAt: live.expiresAt, seenAt };
}

export async function revokeSession(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/**
 * Forgets what can no longer sign anyone in: nonces spent or expired at `at`, and sessions that expired or were
 * revoked before `endedBefore`. A replayed notice then reads as unknown instead of used: refused all the same.
 */
export async function deleteEndedAuth(db: Executor, at: Date, endedBefore: Date): Promise<number> {
  const nonces = await db.delete(authNonces).where(or(isNotNull(authNonces.usedAt), lte(authNonces.expiresAt, at)));
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, endedBefore), lt(sessions.revokedAt, endedBefore)));
  return (nonces.rowCount ?? 0) + (ended.rowCount ?? 0);
}
