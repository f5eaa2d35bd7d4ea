import type { Wallet } from '../../lib/wallet/wallets';
import { askUser } from './confirm-store';
import type { DevnetAccount } from './devnet-accounts';
import { type ConfirmRequest, createDevnetProvider, type DevnetProvider } from './provider';
import { ProviderCode, ProviderRpcError } from './provider-error';
import { httpRpc } from './rpc';
import { type DevnetWalletState, rememberDevnetWallet } from './remembered-wallet';
import { DEVNET_WALLET } from './wallet-info';

/** The devnet node through the app's own /rpc, which serves a wallet's reads and eth_sendRawTransaction. */
export const devnetRpc = httpRpc('/rpc');

let running: DevnetProvider | undefined;
let windowOpened: Promise<void> | undefined;

/**
 * Asks the user in the wallet's window, which (with Radix's dialog) loads with the first request rather than with
 * the wallet: a reload restores the wallet within the second the navigation guard gives it.
 */
async function confirmInWindow(request: ConfirmRequest): Promise<boolean> {
  windowOpened ??= import('./components/wallet-window').then(({ openWalletWindow }) => openWalletWindow());
  try {
    await windowOpened;
  } catch {
    windowOpened = undefined;
    throw new ProviderRpcError(ProviderCode.Internal, 'The devnet wallet could not open its window.');
  }
  return askUser(request);
}

function announce(provider: DevnetProvider): void {
  const { uuid, name, icon, rdns } = DEVNET_WALLET;
  const detail = Object.freeze({ info: { uuid, name, icon, rdns }, provider });
  const onRequest = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', onRequest);
  onRequest();
}

/**
 * Starts the built-in wallet, once per page: its provider announces itself over EIP-6963 as an extension does, so
 * the wallet store and wagmi find and use it like any other wallet.
 */
export function startDevnetWallet(chainId: number, state: DevnetWalletState): DevnetProvider {
  if (running) return running;
  const provider = createDevnetProvider({
    chainId,
    rpc: devnetRpc,
    confirm: confirmInWindow,
    state,
    onStateChange: (next) => rememberDevnetWallet(localStorage, next),
  });
  running = provider;
  rememberDevnetWallet(localStorage, state);
  announce(provider);
  return provider;
}

/** The user picked `account` in the wallet's chooser: the wallet runs with it, connected to this site. */
export function chooseDevnetAccount(chainId: number, account: DevnetAccount): Wallet {
  const provider = startDevnetWallet(chainId, { ...account, connected: true });
  provider.choose(account);
  return { id: DEVNET_WALLET.rdns, name: DEVNET_WALLET.name, icon: DEVNET_WALLET.icon, provider };
}
