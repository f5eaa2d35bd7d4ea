import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Addresses are stored lowercased (the spec's identity); see normalizeAddress. */
export const users = pgTable('users', {
  address: text('address').primaryKey(),
  createdAt: timestamptz('created_at').notNull(),
  lastLoginAt: timestamptz('last_login_at').notNull(),
  premiumUntil: timestamptz('premium_until'),
  /** The identity code of spec §6; '0' is an ordinary user. */
  identity: text('identity').notNull().default('0'),
  ens: text('ens'),
});

/** Sign-in nonces: each is issued for one address and domain, and consumed by one successful login. */
export const authNonces = pgTable('auth_nonces', {
  nonce: text('nonce').primaryKey(),
  address: text('address').notNull(),
  domain: text('domain').notNull(),
  chainId: integer('chain_id').notNull(),
  issuedAt: timestamptz('issued_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    address: text('address')
      .notNull()
      .references(() => users.address),
    /** sha256 (hex) of the session secret `sign_num`; the secret itself is never stored. */
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  // Backs the foreign key and "sessions of this user" (sign out everywhere).
  (table) => [index('sessions_address_idx').on(table.address)],
);
