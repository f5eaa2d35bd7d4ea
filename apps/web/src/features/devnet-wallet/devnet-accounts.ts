import type { Address, Hex } from 'viem';

export type DevnetAccount = { privateKey: Hex; address: Address };

/**
 * anvil's public test mnemonic ("test test … junk"), accounts 0–4: the devnet's people accounts, which the server
 * makes premium and the e2e journeys sign in with (devnet/src/accounts.ts, ACCOUNT_PLAN.people), 10,000 ETH each.
 * Keys and addresses as they are rather than derived here: the mnemonic's PBKDF2 (2,048 rounds) and secp256k1 cost
 * the page hundreds of milliseconds, and a test derives them all again. Public and worthless anywhere but a devnet.
 */
export const PEOPLE_ACCOUNTS: readonly DevnetAccount[] = [
  {
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  },
  {
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  },
  {
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  },
  {
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  },
  {
    privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
    address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  },
];

/** The account's index among the people accounts, or null for a fresh key. */
export function peopleIndexOf(address: Address): number | null {
  const index = PEOPLE_ACCOUNTS.findIndex((account) => account.address === address);
  return index < 0 ? null : index;
}
