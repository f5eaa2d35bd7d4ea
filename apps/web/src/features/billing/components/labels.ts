import { INVITEE_DISCOUNT_BPS, isIdentity, isPlanId, type PriceReason } from '@floordesk/protocol';
import type { BillingT } from '../../../lib/billing-texts';

/** A plan's name ("Half year"), by its id. */
export function planName(plan: number, t: BillingT): string {
  return isPlanId(plan) ? t(`billing.plan.${plan}`) : String(plan);
}

/** An identity's name ("Genesis"), by its code. */
export function identityName(identity: string, t: BillingT): string {
  return isIdentity(identity) ? t(`billing.identity.${identity}`) : identity;
}

/** Why a price is what it is, as its tag says it ("Invitation −10%"). */
export function reasonName(reason: PriceReason, t: BillingT): string {
  return t(`billing.reason.${reason}`, { percent: INVITEE_DISCOUNT_BPS / 100 });
}
