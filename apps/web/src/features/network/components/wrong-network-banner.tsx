import { MAINNET_CHAIN_ID } from '@floordesk/protocol';
import { useMutation } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { handleWalletError } from '../../../lib/wallet/errors';
import { loadWalletActions } from '../../../lib/wallet/load-wallet-actions';
import { useWallet } from '../../../lib/wallet/wallet-store';
import type { Wallet } from '../../../lib/wallet/wallets';
import { useAppConfig } from '../api/get-app-config';

/** Shown while the wallet is on another chain than the one FloorDesk trades on (spec §2). */
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
  useEffect(() => {
    if (wrongChain) void loadWalletActions().catch(() => undefined);
  }, [wrongChain]);

  if (!wrongChain) return null;
  const chainName = config.chain_id === MAINNET_CHAIN_ID ? t('wallet.mainnet') : config.chain_name;

  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1.5 border-b border-warn/30 bg-warn/10 px-3 py-1.5 text-warn"
    >
      <span className="flex items-center gap-1.5">
        <TriangleAlert size={14} aria-hidden />
        {t('wallet.wrong_network', { chain: chainName })}
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
