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
