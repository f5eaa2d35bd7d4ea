import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * anvil's public test mnemonic ("test test … junk"), accounts 0–4: the devnet's people accounts, which the server
 * makes premium and the e2e journeys sign in with (devnet/src/accounts.ts, ACCOUNT_PLAN.people), 10,000 ETH each.
 * The keys themselves rather than the mnemonic: deriving them (PBKDF2, 2048 rounds) takes hundreds of milliseconds
 * in the page, on every reload. Public and worthless anywhere but a devnet.
 */
export const DEVNET_PEOPLE_KEYS: readonly Hex[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
];

export type DevnetAccount = { privateKey: Hex; address: Address };

/** The people accounts 0–4, their addresses derived once. */
export const PEOPLE_ACCOUNTS: readonly DevnetAccount[] = DEVNET_PEOPLE_KEYS.map((privateKey) => ({
  privateKey,
  address: privateKeyToAccount(privateKey).address,
}));

/** The account's index among the people accounts, or null for a fresh key. */
export function peopleIndexOf(address: Address): number | null {
  const index = PEOPLE_ACCOUNTS.findIndex((account) => account.address === address);
  return index < 0 ? null : index;
}
