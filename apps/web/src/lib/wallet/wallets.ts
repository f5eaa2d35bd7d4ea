/** The part of EIP-1193 FloorDesk reads itself; actions go through wagmi (wallet-actions). */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on?(event: string, listener: (payload: never) => void): unknown;
  removeListener?(event: string, listener: (payload: never) => void): unknown;
};

/**
 * A browser wallet the user can sign in with. `id` is the EIP-6963 rdns, or PLAIN_INJECTED_ID for
 * window.ethereum: the ids wagmi gives the matching connectors.
 */
export type Wallet = {
  id: string;
  name: string;
  icon: string | undefined;
  provider: Eip1193Provider;
};

/** Where wallets live: the window, or a stand-in in tests. */
export type WalletHost = Pick<EventTarget, 'addEventListener' | 'dispatchEvent'> & { ethereum?: unknown };

export const PLAIN_INJECTED_ID = 'injected';

type Announcement = { info: { uuid: string; name: string; icon: string; rdns: string }; provider: Eip1193Provider };

/**
 * EIP-6963: every extension that announces itself is a wallet of its own, named and with its icon. Calls
 * `onWallet` once per wallet (a wallet answers every request, so repeats are dropped), announced ones at once.
 */
export function discoverWallets(host: WalletHost, onWallet: (wallet: Wallet) => void): void {
  const seen = new Set<string>();
  host.addEventListener('eip6963:announceProvider', (event) => {
    const { info, provider } = (event as CustomEvent<Announcement>).detail;
    if (seen.has(info.uuid)) return;
    seen.add(info.uuid);
    onWallet({ id: info.rdns, name: info.name, icon: info.icon, provider });
  });
  host.dispatchEvent(new Event('eip6963:requestProvider'));
}

/** The window.ethereum wallet, when a page script or an older extension provides one. */
export function plainInjectedWallet(host: WalletHost): Wallet | undefined {
  const provider = host.ethereum as Eip1193Provider | undefined;
  return provider ? { id: PLAIN_INJECTED_ID, name: 'Injected', icon: undefined, provider } : undefined;
}

declare global {
  interface Window {
    ethereum?: unknown;
  }
}
