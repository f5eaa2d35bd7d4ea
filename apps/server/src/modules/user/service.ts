import { ONLINE_WINDOW_MS, type UserCheckData } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/pool';
import { unixSeconds } from '../../time';
import { ensName } from '../ens/service';
import { findUser, touchUser, upsertLogin, type UserRow, usersSeenSince } from './store';

/** 9999-12-31T23:59:59Z: the end of premium for PREMIUM_ADDRESSES, which never lapse. */
export const PREMIUM_FOREVER = 253_402_300_799;

/** Called by sign-in inside its transaction, so a refused login leaves no user behind. */
export function recordLogin(db: Executor, address: string, at: Date): Promise<void> {
  return upsertLogin(db, address, at);
}

/** When the address's premium ends (unix seconds): a paid subscription or a PREMIUM_ADDRESSES grant; 0 if not now. */
function premiumEnd(ctx: AppContext, address: string, user: UserRow | undefined): number {
  const paidUntil = user?.premiumUntil ? unixSeconds(user.premiumUntil) : 0;
  const grantedUntil = ctx.config.premiumAddresses?.has(address) ? PREMIUM_FOREVER : 0;
  const premiumUntil = Math.max(paidUntil, grantedUntil);
  return premiumUntil > unixSeconds(ctx.now()) ? premiumUntil : 0;
}

/** Whether the address (lowercased) is premium now: what sweeps and owned-NFT lookups require. */
export async function isPremium(ctx: AppContext, address: string): Promise<boolean> {
  return premiumEnd(ctx, address, await findUser(ctx.db, address)) > 0;
}

export async function checkUser(ctx: AppContext, address: string): Promise<UserCheckData> {
  const user = await findUser(ctx.db, address);
  return {
    user_address: address,
    end_flag: premiumEnd(ctx, address, user),
    identity: user?.identity ?? '0',
    before_ens: await ensName(ctx, address),
  };
}

/** Other modules' list changes (watchlist, wallets) hold the user's row while they decide. */
export { lockUser } from './store';

/** The heartbeat (the original app's setqbform): the user is online. */
export function recordHeartbeat(ctx: AppContext, address: string): Promise<void> {
  return touchUser(ctx.db, address, ctx.now());
}

/** Users online now: a heartbeat or sign-in within ONLINE_WINDOW_MS. */
export function onlineUsers(ctx: { db: Executor; now: () => Date }): Promise<string[]> {
  return usersSeenSince(ctx.db, new Date(ctx.now().getTime() - ONLINE_WINDOW_MS));
}
