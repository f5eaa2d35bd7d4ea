import { queryClient } from '../../lib/query-client';
import { appConfigQueryOptions } from '../../lib/api/app-config';
import { readDevnetWallet } from './remembered-wallet';

/**
 * A built-in wallet chosen on this browser starts before the wallet store looks for the wallet connected last, as
 * an installed extension is already there: a reload keeps the user signed in. It starts only where the server still
 * offers it, and its code loads only for those who chose it (beside the config, not after it: the navigation guard
 * gives the wallet a second).
 */
export async function restoreDevnetWallet(): Promise<void> {
  const state = readDevnetWallet(localStorage);
  if (!state) return;
  const [config, { startDevnetWallet }] = await Promise.all([
    queryClient.fetchQuery(appConfigQueryOptions),
    import('./devnet-wallet'),
  ]);
  if (config.devnet_wallet) startDevnetWallet(config.chain_id, state);
}
