/**
 * wagmi and viem are most of the wallet code and no page needs them to render: they load when the user signs
 * in, switches chains or re-grants access, and the pages that offer those start the download when they show.
 */
export function loadWalletActions() {
  return import('./wallet-actions');
}
