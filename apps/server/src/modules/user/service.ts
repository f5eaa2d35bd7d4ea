import { ONLINE_WINDOW_MS } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/pool';
import { findUser, touchUser, updateIdentity, upsertLogin, usersSeenSince } from './store';

/** Called by sign-in inside its transaction, so a refused login leaves no user behind. */
export function recordLogin(db: Executor, address: string, at: Date): Promise<void> {
  return upsertLogin(db, address, at);
}

/** Who the user is to FloorDesk (billing-rules.ts IDENTITY) and their partner community; '0' for a stranger. */
export async function identityOf(
  db: Executor,
  address: string,
): Promise<{ identity: string; communityId: number | null }> {
  const user = await findUser(db, address);
  return { identity: user?.identity ?? '0', communityId: user?.communityId ?? null };
}

/** Sets a user's identity (the billing module decides who may); false when they have never signed in. */
export function setIdentity(
  db: Executor,
  address: string,
  identity: string,
  communityId: number | null,
): Promise<boolean> {
  return updateIdentity(db, address, identity, communityId);
}

/** Other modules' list changes (watchlist, wallets, codes) hold the user's row while they decide. */
export { lockUser } from './store';

/** The heartbeat (the original app's setqbform): the user is online. */
export function recordHeartbeat(ctx: AppContext, address: string): Promise<void> {
  return touchUser(ctx.db, address, ctx.now());
}

/** Users online now: a heartbeat or sign-in within ONLINE_WINDOW_MS. */
export function onlineUsers(ctx: { db: Executor; now: () => Date }): Promise<string[]> {
  return usersSeenSince(ctx.db, new Date(ctx.now().getTime() - ONLINE_WINDOW_MS));
}
