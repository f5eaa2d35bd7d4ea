import { z } from 'zod';

export const UserCheckData = z.object({
  user_address: z.string(),
  /** Unix seconds at which premium ends; 0 when the user is not subscribed (any other value means subscribed). */
  end_flag: z.number().int().nonnegative(),
  /** The user's identity code (beta tester, community manager, mod…; not mapped yet); '0' is an ordinary user. */
  identity: z.string(),
  /** The ENS name the address resolved to, or null. */
  before_ens: z.string().nullable(),
});
export type UserCheckData = z.infer<typeof UserCheckData>;

/** An own wallet (the original app's wallet list item). */
export const WalletItem = z.object({
  address: z.string(),
  /** Its ENS name when the reverse record names one whose forward record points back. */
  ens: z.string().nullable(),
  /** The signed-in address: always on the list, never deleted. */
  primary: z.boolean(),
});
export type WalletItem = z.infer<typeof WalletItem>;
/** The signed-in address first, then the added wallets, oldest first. */
export const WalletsData = z.object({ list: z.array(WalletItem) });
export type WalletsData = z.infer<typeof WalletsData>;
/**
 * A wallet to add or delete. Any text up to 100 characters: a wrong one is answered with the original app's
 * 'Invalid address' rather than a field error.
 */
export const WalletRequest = z.object({ address: z.string().max(100) });
export type WalletRequest = z.infer<typeof WalletRequest>;
