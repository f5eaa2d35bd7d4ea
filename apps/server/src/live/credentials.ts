import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/pool';

/** How long a credential from `GET /api/live/connection` lets its client connect. */
export const CREDENTIAL_LIFETIME_MS = 5 * 60_000;

export function hashPassword(password: string): string {
  return createHash('sha256').update(password).digest('hex');
}

/** A fresh random password: 32 bytes, URL-safe. */
export function newPassword(): string {
  return randomBytes(32).toString('base64url');
}

/** The embedded broker's credentials, in PostgreSQL so that any API process can check what another issued. */
export type CredentialStore = {
  issue(address: string, clientId: string, expiresAt: Date): Promise<string>;
  check(address: string, clientId: string, passwordHash: string): Promise<boolean>;
};

export function credentialStore(db: Executor, now: () => Date): CredentialStore {
  return {
    issue: async (address, clientId, expiresAt) => {
      const password = newPassword();
      await db.execute(sql`
        insert into live_credentials (password_hash, address, client_id, expires_at)
        values (${hashPassword(password)}, ${address}, ${clientId}, ${expiresAt})`);
      return password;
    },
    check: async (address, clientId, passwordHash) => {
      const { rows } = await db.execute(sql`
        select 1 from live_credentials
         where password_hash = ${passwordHash} and address = ${address} and client_id = ${clientId}
           and expires_at > ${now()}`);
      return rows.length > 0;
    },
  };
}

/** Forgets expired credentials (a worker chore). */
export async function deleteExpiredCredentials(db: Executor, now: Date): Promise<number> {
  const result = await db.execute(sql`delete from live_credentials where expires_at <= ${now}`);
  return result.rowCount ?? 0;
}
