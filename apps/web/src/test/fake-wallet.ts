import type { Eip1193Provider, Wallet } from '../lib/wallet/wallets';

/** A wallet whose provider answers nothing: for flows that only hand it to a mocked send or sign. */
export const silentWallet: Wallet = {
  id: 'io.test',
  name: 'Test',
  icon: undefined,
  provider: { request: async () => null },
};

type Listener = (payload: never) => void;

export type FakeProvider = Eip1193Provider & {
  /** The accounts the wallet grants this site; empty until it does. */
  accounts: `0x${string}`[];
  chainId: number;
  /** Fail this many requests before answering, as some wallets do right after page load. */
  failures: number;
  /** The wallet keeps granting accounts when asked to revoke them, as some do. */
  ignoresRevoke: boolean;
  emit(event: string, payload?: unknown): void;
};

/** An EIP-1193 wallet that answers what wagmi and the wallet store ask, and emits events on demand. */
export function fakeProvider(accounts: `0x${string}`[] = [], chainId = 31337): FakeProvider {
  const listeners = new Map<string, Set<Listener>>();
  const provider: FakeProvider = {
    accounts,
    chainId,
    failures: 0,
    ignoresRevoke: false,
    async request({ method, params }) {
      if (provider.failures > 0) {
        provider.failures--;
        throw Object.assign(new Error('not ready'), { code: -32603 });
      }
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return provider.accounts;
        case 'eth_chainId':
          return `0x${provider.chainId.toString(16)}`;
        case 'wallet_requestPermissions':
          return [{ parentCapability: 'eth_accounts' }];
        case 'wallet_switchEthereumChain':
          // Without a chainChanged event, as MetaMask sometimes switches.
          provider.chainId = Number((params as [{ chainId: string }])[0].chainId);
          return null;
        case 'wallet_revokePermissions':
          if (!provider.ignoresRevoke) provider.accounts = [];
          return null;
        default:
          throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) (listener as (payload: unknown) => void)(payload);
    },
  };
  return provider;
}

/** Makes `provider` answer EIP-6963 requests on `host` as an extension called `name`; returns the undo. */
export function announce(host: EventTarget, provider: FakeProvider, name: string, rdns: string): () => void {
  const info = { uuid: `uuid-${rdns}`, name, icon: `data:image/svg+xml,<svg id="${rdns}"/>`, rdns };
  const onRequest = () =>
    host.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } }));
  host.addEventListener('eip6963:requestProvider', onRequest);
  onRequest();
  return () => host.removeEventListener('eip6963:requestProvider', onRequest);
}

/** A window stand-in: its own event target, and window.ethereum when given. */
export function fakeHost(ethereum?: FakeProvider): EventTarget & { ethereum?: FakeProvider } {
  return Object.assign(new EventTarget(), { ethereum });
}
