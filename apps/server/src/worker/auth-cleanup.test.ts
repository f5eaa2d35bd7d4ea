import { describe, expect, it } from 'vitest';
import { authNonces, sessions, users } from '../db/schema';
import { insertNonce, insertSession } from '../modules/auth/store';
import { useTestDatabase } from '../testing/database';
import { authCleanupJob } from './auth-cleanup';

const database = useTestDatabase();
const now = new Date('2030-01-01T00:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const DAY = 24 * 60 * 60 * 1000;
const address = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

async function nonce(name: string, fields: { expiresAt: Date; usedAt?: Date }) {
  await insertNonce(database().db, {
    nonce: name,
    address,
    message: 'the issued notice',
    issuedAt: ago(DAY),
    ...fields,
  });
}

async function session(name: string, fields: { expiresAt: Date; revokedAt?: Date }) {
  await insertSession(database().db, {
    address,
    secretHash: name,
    createdAt: ago(30 * DAY),
    expiresAt: fields.expiresAt,
  });
  if (fields.revokedAt)
    await database().pool.query('update sessions set revoked_at = $2 where secret_hash = $1', [name, fields.revokedAt]);
}

describe('the auth cleanup job', () => {
  it('deletes spent and expired nonces and sessions that ended over a week ago, and keeps the rest', async () => {
    const { db } = database();
    await db.insert(users).values({ address, createdAt: ago(30 * DAY), lastLoginAt: ago(DAY) });
    await nonce('spent', { expiresAt: new Date(now.getTime() + 60_000), usedAt: ago(1000) });
    await nonce('expired', { expiresAt: ago(1) });
    await nonce('open', { expiresAt: new Date(now.getTime() + 60_000) });
    await session('expired-long-ago', { expiresAt: ago(8 * DAY) });
    await session('revoked-long-ago', { expiresAt: new Date(now.getTime() + DAY), revokedAt: ago(8 * DAY) });
    await session('expired-yesterday', { expiresAt: ago(DAY) });
    await session('live', { expiresAt: new Date(now.getTime() + DAY) });

    const deleted = await authCleanupJob.run({ db: database().db, now: () => now });

    expect(deleted).toBe(4);
    expect((await db.select({ nonce: authNonces.nonce }).from(authNonces)).map((row) => row.nonce)).toEqual(['open']);
    const kept = (await db.select({ name: sessions.secretHash }).from(sessions)).map((row) => row.name);
    expect(kept.toSorted()).toEqual(['expired-yesterday', 'live']);
  });
});
