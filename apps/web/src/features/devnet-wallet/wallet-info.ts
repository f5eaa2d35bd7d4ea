import type { Address, Hex } from 'viem';

/**
 * How the built-in devnet wallet introduces itself over EIP-6963, and what it keeps in this browser. Loaded with
 * the first page, so nothing here may pull in wallet code.
 */
export const DEVNET_WALLET = {
  uuid: '5b0f3a52-58c1-4d1e-8f3e-6a1f2f0c9d47',
  rdns: 'app.floordesk.devnetwallet',
  name: 'FloorDesk Devnet Wallet',
  icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%232ee6a6'/%3E%3Cpath d='M8 11h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H8z' fill='none' stroke='%2304140e' stroke-width='2.2'/%3E%3Cpath d='M8 11l11-4v4' fill='none' stroke='%2304140e' stroke-width='2.2' stroke-linejoin='round'/%3E%3Ccircle cx='20' cy='17.5' r='1.6' fill='%2304140e'/%3E%3C/svg%3E",
} as const;

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
