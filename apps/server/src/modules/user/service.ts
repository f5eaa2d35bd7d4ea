import type { UserCheckData } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/pool';
import { unixSeconds } from '../../time';
import { findUser, upsertLogin } from './store';

/** 9999-12-31T23:59:59Z: the end of premium for PREMIUM_ADDRESSES, which never lapse. */
export const PREMIUM_FOREVER = 253_402_300_799;

/** Called by sign-in inside its transaction, so a refused login leaves no user behind. */
export function recordLogin(db: Executor, address: string, at: Date): Promise<void> {
  return upsertLogin(db, address, at);
}

export async function checkUser(ctx: AppContext, address: string): Promise<UserCheckData> {
  const user = await findUser(ctx.db, address);
  const paidUntil = user?.premiumUntil ? unixSeconds(user.premiumUntil) : 0;
  const grantedUntil = ctx.config.premiumAddresses.has(address) ? PREMIUM_FOREVER : 0;
  const premiumUntil = Math.max(paidUntil, grantedUntil);
  return {
    user_address: address,
    end_flag: premiumUntil > unixSeconds(ctx.now()) ? premiumUntil : 0,
    identity: user?.identity ?? '0',
    before_ens: user?.ens ?? null,
  };
}
