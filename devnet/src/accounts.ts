import { type HDAccount, mnemonicToAccount } from 'viem/accounts';

/** anvil's well-known development mnemonic: every key below is public and worthless off the devnet. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';

/** How the devnet's funded accounts are shared out. */
export const ACCOUNT_PLAN = {
  /** 0–4: people and tests (the e2e test wallet signs with these). */
  people: { from: 0, count: 5 },
  /** Deploys and owns the contracts, feeds the price oracle and reveals. */
  deployer: 5,
  /** Signs subscription quotes: the devnet server's quote signer, its key public like every other here. */
  quoteSigner: 6,
  /** Receives subscription payments. */
  treasury: 7,
  /** Receives LooksRare's protocol fee, kept apart from FloorDesk's own revenue (the treasury). */
  looksRareFeeRecipient: 8,
  /** The simulated traders. */
  bots: { from: 10, count: 20 },
} as const;

/** Accounts anvil funds (10,000 ETH each). */
export const DEVNET_ACCOUNT_COUNT = ACCOUNT_PLAN.bots.from + ACCOUNT_PLAN.bots.count;

export function devnetAccount(index: number): HDAccount {
  return mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index });
}

export function botAccounts(): HDAccount[] {
  return Array.from({ length: ACCOUNT_PLAN.bots.count }, (_, i) => devnetAccount(ACCOUNT_PLAN.bots.from + i));
}
