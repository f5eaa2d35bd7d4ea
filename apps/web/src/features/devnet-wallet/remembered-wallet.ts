import type { Address, Hex } from 'viem';

// Loaded with the first page (a reload looks for a remembered wallet): nothing here may pull in wallet code.

/**
 * The account chosen in the wallet, and whether this site is connected to it. The address is kept beside its key:
 * deriving it takes the page's first secp256k1 work, too slow for the second a reload gives the wallet.
 */
export type DevnetWalletState = { privateKey: Hex; address: Address; connected: boolean };

const STORAGE_KEY = 'devnet_wallet';

/** The wallet remembered on this browser, as an installed extension is: null when never chosen or unreadable. */
export function readDevnetWallet(storage: Storage): DevnetWalletState | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { privateKey, address, connected } = value as Record<string, unknown>;
    if (
      typeof privateKey !== 'string' ||
      !/^0x[0-9a-fA-F]{64}$/.test(privateKey) ||
      typeof address !== 'string' ||
      !/^0x[0-9a-fA-F]{40}$/.test(address) ||
      typeof connected !== 'boolean'
    ) {
      return null;
    }
    return { privateKey: privateKey as Hex, address: address as Address, connected };
  } catch {
    return null;
  }
}

export function rememberDevnetWallet(storage: Storage, state: DevnetWalletState): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(state));
}
