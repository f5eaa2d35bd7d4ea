import { isHexAddress, normalizeAddress, OWN_WALLETS_MAX_ADDED, Status, type WalletsData } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/pool';
import { ok, refuse, type Result } from '../../result';
import { ensNames } from '../ens/service';
import { lockUser } from '../user/service';
import { addedWallets, countAdded, deleteWallet, insertWallet } from './store';

/**
 * A user's own wallets: the address they sign in with, then the ones they added (at most OWN_WALLETS_MAX_ADDED).
 * Every feature that means "the user's own wallets" reads this one list: notifications follow their events, and
 * sweeps never buy from them.
 */
export async function ownWallets(db: Executor, user: string): Promise<string[]> {
  return [user, ...(await addedWallets(db, user))];
}

export async function walletList(ctx: AppContext, user: string): Promise<WalletsData> {
  const wallets = await ownWallets(ctx.db, user);
  const names = await ensNames(ctx, wallets);
  return { list: wallets.map((address) => ({ address, ens: names.get(address) ?? null, primary: address === user })) };
}

/** Refusals: 1601 not an address, 1603 already on the list (the signed-in one included), 1602 ten added already. */
export async function addWallet(ctx: AppContext, user: string, text: string): Promise<Result<WalletsData>> {
  const address = parseAddress(text);
  if (!address) return refuse(Status.WalletInvalid);
  if (address === user) return refuse(Status.WalletDuplicate);
  const added = await ctx.db.transaction(async (tx): Promise<Result<null>> => {
    // Two adds at the limit would otherwise both count 9 and both insert.
    await lockUser(tx, user);
    if ((await countAdded(tx, user)) >= OWN_WALLETS_MAX_ADDED) return refuse(Status.WalletLimit);
    if (!(await insertWallet(tx, user, address, ctx.now()))) return refuse(Status.WalletDuplicate);
    return ok(null);
  });
  if (!added.ok) return added;
  return ok(await walletList(ctx, user));
}

/** Refusals: 1601 not an address, 1605 the signed-in address, 1604 not on the caller's list. */
export async function removeWallet(ctx: AppContext, user: string, text: string): Promise<Result<WalletsData>> {
  const address = parseAddress(text);
  if (!address) return refuse(Status.WalletInvalid);
  if (address === user) return refuse(Status.WalletPrimary);
  if (!(await deleteWallet(ctx.db, user, address))) return refuse(Status.WalletUnknown);
  return ok(await walletList(ctx, user));
}

/** A 20-byte hex address, any case, spaces around it forgiven; the zero address is nobody's wallet. */
function parseAddress(text: string): string | undefined {
  const trimmed = text.trim();
  if (!isHexAddress(trimmed)) return undefined;
  const address = normalizeAddress(trimmed);
  return /^0x0{40}$/.test(address) ? undefined : address;
}
