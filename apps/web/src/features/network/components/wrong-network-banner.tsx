import { useMutation } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { handleWalletError } from '../../../lib/wallet/errors';
import { loadWalletActions, usePreloadWalletActions } from '../../../lib/wallet/load-wallet-actions';
import { useWallet } from '../../../lib/wallet/wallet-store';
import type { Wallet } from '../../../lib/wallet/wallets';
import { useAppConfig } from '../../../lib/api/app-config';
import { wrongNetworkMessage } from '../../../lib/wrong-network-message';

/** Shown while the wallet is on another chain than the one FloorDesk trades on. */
export function WrongNetworkBanner() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const wallet = useWallet((state) => state.wallet);
  const walletChainId = useWallet((state) => state.chainId);
  const switchChain = useMutation({
    mutationFn: async (request: { wallet: Wallet; chainId: number }) =>
      (await loadWalletActions()).switchWalletChain(request.wallet, request.chainId),
    onError: (error, request) => handleWalletError(error, { signing: false, wallet: request.wallet }),
  });
  const wrongChain = config !== undefined && wallet !== null && walletChainId !== config.chain_id;
  // Switching needs the wallet SDK: fetch it while the banner asks.
  usePreloadWalletActions(wrongChain);

  if (!wrongChain) return null;

  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1.5 border-b border-warn/30 bg-warn/10 px-3 py-1.5 text-warn"
    >
      <span className="flex items-center gap-1.5">
        <TriangleAlert size={14} aria-hidden />
        {wrongNetworkMessage(config)}
      </span>
      <button
        type="button"
        className="h-6 rounded border border-warn/50 px-2 font-medium hover:bg-warn/15 disabled:opacity-60"
        disabled={switchChain.isPending}
        onClick={() => switchChain.mutate({ wallet, chainId: config.chain_id })}
      >
        {t('wallet.switch_network')}
      </button>
    </div>
  );
}
