import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Executor, TimestampsAsText } from '../../db/pool';
import { communities, invitationCodes, invitations, promotions, trialCodes, trials } from '../../db/schema';

// The billing module's tables: trials, codes, communities and sales. Payments (subscription_payments) are the
// indexer's, read here.

export type PaymentRow = {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockTime: Date;
  plan: number;
  priceWei: bigint;
  quoteId: string;
};

/** The payer's payments, oldest first. */
export async function paymentsOf(db: Executor, payer: string): Promise<PaymentRow[]> {
  const { rows } = await db.execute<
    TimestampsAsText<
      { tx_hash: string; log_index: number; block_number: string; block_time: Date; plan: number; price_wei: string },
      'block_time'
    > & { quote_id: string }
  >(sql`
    select tx_hash, log_index, block_number, block_time, plan, price_wei, quote_id
      from subscription_payments where payer = ${payer} order by block_number, log_index`);
  return rows.map((row) => ({
    txHash: row.tx_hash,
    logIndex: row.log_index,
    blockNumber: Number(row.block_number),
    blockTime: new Date(row.block_time),
    plan: row.plan,
    priceWei: BigInt(row.price_wei),
    quoteId: row.quote_id,
  }));
}

/** Whether the address has any payment indexed, credited or not: invitations and renewals depend on it. */
export async function hasPaid(db: Executor, payer: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from subscription_payments where payer = ${payer} limit 1`);
  return rows.length > 0;
}

/**
 * The first credited payment of each person the inviter invited (at most one per invitee): each earns the inviter
 * their bonus, at that payment's time.
 */
export async function rewardedInvitations(db: Executor, inviter: string, creditedTo: number): Promise<Date[]> {
  const { rows } = await db.execute<{ at: string }>(sql`
    select first.block_time as at
      from invitations i
      join lateral (select p.block_time from subscription_payments p
                     where p.payer = i.invitee and p.block_number <= ${creditedTo}
                     order by p.block_number, p.log_index limit 1) first on true
     where i.inviter = ${inviter}`);
  return rows.map((row) => new Date(row.at));
}

export type TrialRow = typeof trials.$inferSelect;

export async function trialOf(db: Executor, address: string): Promise<TrialRow | undefined> {
  const [row] = await db.select().from(trials).where(eq(trials.address, address));
  return row;
}

/** False when the person already had a trial (one per person, ever). */
export async function insertTrial(db: Executor, trial: TrialRow): Promise<boolean> {
  const inserted = await db.insert(trials).values(trial).onConflictDoNothing().returning({ address: trials.address });
  return inserted.length > 0;
}

export type TrialCodeRow = typeof trialCodes.$inferSelect & {
  /** When the redeemer's trial started, and whether they paid after redeeming. */
  trialStartedAt: Date | null;
  subscribed: boolean;
};

/** The member's codes, newest first, with what became of their redeemers. */
export async function trialCodesOf(db: Executor, owner: string): Promise<TrialCodeRow[]> {
  const { rows } = await db.execute<
    TimestampsAsText<
      {
        code: string;
        owner: string;
        created_at: Date;
        redeemed_by: string | null;
        redeemed_at: Date | null;
        trial_started_at: Date | null;
        subscribed: boolean;
      },
      'created_at' | 'redeemed_at' | 'trial_started_at'
    >
  >(sql`
    select c.code, c.owner, c.created_at, c.redeemed_by, c.redeemed_at, t.started_at as trial_started_at,
           exists (select 1 from subscription_payments p
                    where p.payer = c.redeemed_by and p.block_time >= c.redeemed_at) as subscribed
      from trial_codes c left join trials t on t.address = c.redeemed_by
     where c.owner = ${owner}
     order by c.created_at desc, c.code`);
  return rows.map((row) => ({
    code: row.code,
    owner: row.owner,
    createdAt: new Date(row.created_at),
    redeemedBy: row.redeemed_by,
    redeemedAt: dateOrNull(row.redeemed_at),
    trialStartedAt: dateOrNull(row.trial_started_at),
    subscribed: row.subscribed,
  }));
}

export async function countTrialCodesSince(db: Executor, owner: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trialCodes)
    .where(and(eq(trialCodes.owner, owner), gte(trialCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** False on a clash with an existing code (the caller draws another). */
export async function insertTrialCode(db: Executor, code: string, owner: string, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(trialCodes)
    .values({ code, owner, createdAt: at })
    .onConflictDoNothing()
    .returning({ code: trialCodes.code });
  return inserted.length > 0;
}

export async function findTrialCode(db: Executor, code: string): Promise<typeof trialCodes.$inferSelect | undefined> {
  const [row] = await db.select().from(trialCodes).where(eq(trialCodes.code, code));
  return row;
}

/**
 * Takes the code for the redeemer if nobody has: of any number of concurrent redemptions, exactly one updates the
 * row. False when it was already taken.
 */
export async function claimTrialCode(db: Executor, code: string, redeemer: string, at: Date): Promise<boolean> {
  const claimed = await db
    .update(trialCodes)
    .set({ redeemedBy: redeemer, redeemedAt: at })
    .where(and(eq(trialCodes.code, code), isNull(trialCodes.redeemedBy)))
    .returning({ code: trialCodes.code });
  return claimed.length > 0;
}

export async function invitationCodeOf(db: Executor, address: string): Promise<string | undefined> {
  const [row] = await db.select().from(invitationCodes).where(eq(invitationCodes.address, address));
  return row?.code;
}

/** The owner of an invitation code, compared without case. */
export async function invitationCodeOwner(db: Executor, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ address: invitationCodes.address })
    .from(invitationCodes)
    .where(sql`lower(${invitationCodes.code}) = lower(${code})`);
  return row?.address;
}

/**
 * Gives the address this code (replacing its previous one). False when someone else holds it, in any case; a
 * concurrent claim of the same code loses on the unique index and reads as taken too.
 */
export async function upsertInvitationCode(db: Executor, address: string, code: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    insert into invitation_codes (address, code) values (${address}, ${code})
    on conflict (address) do update set code = excluded.code
    where not exists (select 1 from invitation_codes o where lower(o.code) = lower(excluded.code) and o.address <> ${address})
    returning address`);
  return rows.length > 0;
}

/** Inserts the code unless the address already has one; false when the code is someone else's. */
export async function insertInvitationCode(db: Executor, address: string, code: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    insert into invitation_codes (address, code) values (${address}, ${code})
    on conflict do nothing returning address`);
  return rows.length > 0;
}

export async function inviterOf(db: Executor, invitee: string): Promise<string | undefined> {
  const [row] = await db.select().from(invitations).where(eq(invitations.invitee, invitee));
  return row?.inviter;
}

export async function countInvitees(db: Executor, inviter: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invitations).where(eq(invitations.inviter, inviter));
  return row?.n ?? 0;
}

/** False when the invitee already used a code. */
export async function insertInvitation(db: Executor, invitee: string, inviter: string, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(invitations)
    .values({ invitee, inviter, createdAt: at })
    .onConflictDoNothing()
    .returning({ invitee: invitations.invitee });
  return inserted.length > 0;
}

export type CommunityRow = typeof communities.$inferSelect;

export async function communityById(db: Executor, id: number): Promise<CommunityRow | undefined> {
  const [row] = await db.select().from(communities).where(eq(communities.id, id));
  return row;
}

export async function communityByCode(db: Executor, code: string): Promise<CommunityRow | undefined> {
  const [row] = await db
    .select()
    .from(communities)
    .where(sql`lower(${communities.code}) = lower(${code})`);
  return row;
}

/** Creates the community of this code, or renames and reprices it. */
export async function upsertCommunity(
  db: Executor,
  community: { name: string; code: string; halfYearPriceWei: bigint },
): Promise<void> {
  await db.execute(sql`
    insert into communities (name, code, half_year_price_wei)
    values (${community.name}, ${community.code}, ${community.halfYearPriceWei.toString()})
    on conflict (lower(code)) do update set name = excluded.name, half_year_price_wei = excluded.half_year_price_wei`);
}

export type PromotionRow = typeof promotions.$inferSelect;

export async function promotionBySlug(db: Executor, slug: string): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.slug, slug));
  return row;
}

export async function upsertPromotion(db: Executor, row: PromotionRow): Promise<void> {
  const { slug: _slug, ...changes } = row;
  await db.insert(promotions).values(row).onConflictDoUpdate({ target: promotions.slug, set: changes });
}

function dateOrNull(text: string | Date | null): Date | null {
  return text === null ? null : new Date(text);
}
