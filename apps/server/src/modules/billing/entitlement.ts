import {
  type GrantItem,
  INVITER_BONUS_DAYS,
  isPlanId,
  PLAN_TERMS,
  SECONDS_PER_DAY,
  TRIAL_DAYS,
} from '@floordesk/protocol';
import { indexedHead } from '../../chain/store';
import type { AppContext } from '../../context';
import { unixSeconds } from '../../time';
import { type PaymentRow, paymentsOf, rewardedInvitations, type TrialRow, trialOf } from './store';

/** 9999-12-31T23:59:59Z: the end of premium for PREMIUM_ADDRESSES, which never lapse. */
export const PREMIUM_FOREVER = 253_402_300_799;

export type Grant = { kind: GrantItem['kind']; at: number; days: number };

/**
 * The subscription's end from its grants: each extends it by its days from the later of its own time and the end so
 * far (time accrues from the end of the current or trial period). Derived every time, never stored: a payment a
 * reorg removed, or a trial, simply stops being a grant.
 */
export function foldGrants(grants: readonly Grant[]): { endsAt: number; steps: GrantItem[] } {
  let endsAt = 0;
  const steps: GrantItem[] = [];
  for (const grant of grants.toSorted((a, b) => a.at - b.at)) {
    endsAt = Math.max(grant.at, endsAt) + grant.days * SECONDS_PER_DAY;
    steps.push({ kind: grant.kind, at: grant.at, days: grant.days, ends_at: endsAt });
  }
  return { endsAt, steps };
}

export type Entitlement = {
  /** Unix seconds premium ends at; 0 when not premium now. */
  endFlag: number;
  /** Premium now without the trial: a paid (or invited-bonus) subscription, or the operator's grant. */
  member: boolean;
  /** PREMIUM_ADDRESSES names the address. */
  granted: boolean;
  trial: TrialRow | undefined;
  payments: PaymentRow[];
  /** Payments at or below this block are credited. */
  creditedTo: number;
  head: number;
  grants: GrantItem[];
};

/** The highest block whose payments count: a payment needs `confirmations` blocks, its own included. */
export function creditedTo(head: number, confirmations: number): number {
  return head - confirmations + 1;
}

/** Everything the address's premium stands on, and what it adds up to now. */
export async function entitlementOf(ctx: AppContext, address: string): Promise<Entitlement> {
  const { db } = ctx;
  const head = await indexedHead(db);
  const credited = creditedTo(head, ctx.config.subscriptions.confirmations);
  const [payments, trial, rewards] = await Promise.all([
    paymentsOf(db, address),
    trialOf(db, address),
    rewardedInvitations(db, address, credited),
  ]);
  // A plan id this build does not know (a newer contract's) grants nothing rather than a guess.
  const paid: Grant[] = payments.flatMap((payment) =>
    payment.blockNumber <= credited && isPlanId(payment.plan)
      ? [{ kind: 'payment' as const, at: unixSeconds(payment.blockTime), days: PLAN_TERMS[payment.plan].days }]
      : [],
  );
  const bonuses: Grant[] = rewards.map((at) => ({ kind: 'invitation', at: unixSeconds(at), days: INVITER_BONUS_DAYS }));
  const trialGrant: Grant[] = trial ? [{ kind: 'trial', at: unixSeconds(trial.startedAt), days: TRIAL_DAYS }] : [];

  const now = unixSeconds(ctx.now());
  const granted = ctx.config.premiumAddresses?.has(address) ?? false;
  const all = foldGrants([...paid, ...bonuses, ...trialGrant]);
  const withoutTrial = foldGrants([...paid, ...bonuses]);
  const endsAt = Math.max(all.endsAt, granted ? PREMIUM_FOREVER : 0);
  return {
    endFlag: endsAt > now ? endsAt : 0,
    member: granted || withoutTrial.endsAt > now,
    granted,
    trial,
    payments,
    creditedTo: credited,
    head,
    grants: all.steps,
  };
}

/** When a trial started and ends (unix seconds): TRIAL_DAYS from its redemption. */
export function trialTimes(trial: Pick<TrialRow, 'startedAt'>): { started_at: number; ends_at: number } {
  const started = unixSeconds(trial.startedAt);
  return { started_at: started, ends_at: started + TRIAL_DAYS * SECONDS_PER_DAY };
}
