import { normalizeAddress } from '@floordesk/protocol';
import { createStore, type StoreApi, useStore } from 'zustand';
import { discoverWallets, PLAIN_INJECTED_ID, plainInjectedWallet, type Wallet, type WalletHost } from './wallets';

type Address = `0x${string}`;

export type WalletStatus = 'connecting' | 'connected' | 'disconnected';

/**
 * Which wallet is connected, with which account, on which chain: read straight from the wallet over EIP-1193, so
 * the guard and the first page need no wallet SDK. Connecting, signing and switching chains go through wagmi,
 * loaded when needed (wallet-actions), which reports back here.
 */
export type WalletState = {
  /** EIP-6963 wallets, in the order they announced themselves. */
  announced: readonly Wallet[];
  /** 'connecting' until the wallet connected last time is restored or found gone. */
  status: WalletStatus;
  /** The connected wallet, its selected account (lowercased) and its chain; null and undefined unless connected. */
  wallet: Wallet | null;
  account: Address | undefined;
  chainId: number | undefined;
  /** Reconnects the wallet connected last time if it still grants this site an account (no prompt). */
  restore: () => Promise<void>;
  /** `wallet` granted `accounts` and is now the connected one. */
  connected: (wallet: Wallet, accounts: readonly Address[], chainId: number) => void;
  /** `wallet` was disconnected; nothing changes if another wallet is the connected one. */
  disconnected: (wallet: Wallet) => void;
  /** `wallet` switched chains (some wallets switch without emitting chainChanged). */
  chainSwitched: (wallet: Wallet, chainId: number) => void;
};

/**
 * wagmi, which connects wallets, keeps these marks (JSON values) in localStorage: the wallet it connected last,
 * each wallet it disconnected, and whether window.ethereum was connected through its plain connector. Restoring
 * by the same marks in the same order picks the wallet wagmi's own reconnect would.
 */
export const WAGMI_MARKS = {
  recent: 'wagmi.recentConnectorId',
  disconnected: (walletId: string) => `wagmi.${walletId}.disconnected`,
  plainConnected: `wagmi.${PLAIN_INJECTED_ID}.connected`,
};

/** MetaMask's "disconnected, reconnecting" code: the wallet comes back by itself (EIP-1193 `disconnect`). */
const RECONNECTING = 1013;
/** Some wallets (MetaMask) fail their first requests on page load; wagmi retries twice, 100 ms apart. */
const ACCOUNT_RETRIES = 2;
const ACCOUNT_RETRY_DELAY_MS = 100;

function readMark(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

async function accountsOf(wallet: Wallet): Promise<Address[]> {
  for (let retry = 0; ; retry++) {
    try {
      return (await wallet.provider.request({ method: 'eth_accounts' })) as Address[];
    } catch (error) {
      if (retry === ACCOUNT_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, ACCOUNT_RETRY_DELAY_MS));
    }
  }
}

/** The wallet's accounts and chain if it grants this site an account, else null. */
async function grantOf(wallet: Wallet): Promise<{ accounts: Address[]; chainId: number } | null> {
  const accounts = await accountsOf(wallet);
  if (accounts.length === 0) return null;
  return { accounts, chainId: Number(await wallet.provider.request({ method: 'eth_chainId' })) };
}

export function createWalletStore(host: WalletHost, storage: Storage) {
  const store = createStore<WalletState>()(() => ({
    announced: [],
    status: 'connecting',
    wallet: null,
    account: undefined,
    chainId: undefined,
    restore,
    connected,
    disconnected,
    chainSwitched,
  }));
  const isConnected = (wallet: Wallet) => store.getState().wallet?.id === wallet.id;
  let unfollow: (() => void) | undefined;

  function drop() {
    unfollow?.();
    unfollow = undefined;
    store.setState({ status: 'disconnected', wallet: null, account: undefined, chainId: undefined });
  }

  /** Listens to the connected wallet the way wagmi's connector does. */
  function follow(wallet: Wallet) {
    unfollow?.();
    const { provider } = wallet;
    const onAccounts = (accounts: readonly Address[]) => {
      if (!isConnected(wallet)) return;
      if (accounts[0]) store.setState({ account: normalizeAddress(accounts[0]) });
      else drop();
    };
    const onChain = (chainId: string) => {
      if (isConnected(wallet)) store.setState({ chainId: Number(chainId) });
    };
    const onDisconnect = async (error?: { code?: unknown }) => {
      if (error?.code === RECONNECTING && (await accountsOf(wallet).catch(() => [])).length > 0) return;
      if (isConnected(wallet)) drop();
    };
    provider.on?.('accountsChanged', onAccounts);
    provider.on?.('chainChanged', onChain);
    provider.on?.('disconnect', onDisconnect);
    unfollow = () => {
      provider.removeListener?.('accountsChanged', onAccounts);
      provider.removeListener?.('chainChanged', onChain);
      provider.removeListener?.('disconnect', onDisconnect);
    };
  }

  function mayRestore(wallet: Wallet): boolean {
    if (readMark(storage, WAGMI_MARKS.disconnected(wallet.id)) === true) return false;
    return wallet.id !== PLAIN_INJECTED_ID || readMark(storage, WAGMI_MARKS.plainConnected) === true;
  }

  async function restore() {
    const recent = readMark(storage, WAGMI_MARKS.recent);
    const plain = plainInjectedWallet(host);
    const wallets = [...(plain ? [plain] : []), ...store.getState().announced].filter(mayRestore);
    for (const wallet of [...wallets.filter(({ id }) => id === recent), ...wallets.filter(({ id }) => id !== recent)]) {
      const grant = await grantOf(wallet).catch(() => null);
      // A sign-in that connected a wallet meanwhile wins over the restore.
      if (store.getState().status !== 'connecting') return;
      if (grant) {
        connected(wallet, grant.accounts, grant.chainId);
        return;
      }
    }
    drop();
  }

  function connected(wallet: Wallet, accounts: readonly Address[], chainId: number) {
    if (!accounts[0]) return drop();
    follow(wallet);
    store.setState({ status: 'connected', wallet, account: normalizeAddress(accounts[0]), chainId });
  }

  function disconnected(wallet: Wallet) {
    if (isConnected(wallet)) drop();
  }

  function chainSwitched(wallet: Wallet, chainId: number) {
    if (isConnected(wallet)) store.setState({ chainId });
  }

  discoverWallets(host, (wallet) => {
    store.setState((state) => ({ announced: [...state.announced, wallet] }));
    // A wallet connected from its own window while none is connected becomes the connected one, as with wagmi.
    wallet.provider.on?.('accountsChanged', (accounts: readonly Address[]) => {
      if (store.getState().status !== 'disconnected' || accounts.length === 0) return;
      void grantOf(wallet)
        .then((grant) => {
          if (grant && store.getState().status === 'disconnected') connected(wallet, grant.accounts, grant.chainId);
        })
        .catch(() => undefined);
    });
  });

  return store;
}

export const walletStore = createWalletStore(window, window.localStorage);

/**
 * Resolves once the restore has settled (the wallet connected last time is back, or found gone), or after
 * `limitMs` if a wallet never answers. Waiting for the answer rather than a fixed delay keeps a slow wallet (a busy
 * machine, an extension waking up) from being taken for a missing one.
 */
export function restoreSettled(store: StoreApi<WalletState>, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (store.getState().status !== 'connecting') return resolve();
    const settle = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(settle, limitMs);
    const unsubscribe = store.subscribe(({ status }) => {
      if (status !== 'connecting') settle();
    });
  });
}

export function useWallet<T>(selector: (state: WalletState) => T): T {
  return useStore(walletStore, selector);
}
