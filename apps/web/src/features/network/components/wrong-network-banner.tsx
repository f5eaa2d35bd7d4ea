import { MAINNET_CHAIN_ID } from '@floordesk/protocol';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useConnection, useSwitchChain } from 'wagmi';
import { isSupportedChainId } from '../../../lib/wallet/config';
import { handleWalletError } from '../../../lib/wallet/errors';
import { useAppConfig } from '../api/get-app-config';

/** Shown while the wallet is on another chain than the one FloorDesk trades on (spec §2). */
export function WrongNetworkBanner() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const connection = useConnection();
  const switchChain = useSwitchChain();

  if (!config || connection.status !== 'connected' || connection.chainId === config.chain_id) return null;
  const chainName = config.chain_id === MAINNET_CHAIN_ID ? t('wallet.mainnet') : config.chain_name;
  const { connector } = connection;

  function onSwitch(chainId: number) {
    if (!isSupportedChainId(chainId)) return;
    switchChain.mutate(
      { chainId },
      { onError: (error) => handleWalletError(error, { signing: false, connector }) },
    );
  }

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
        onClick={() => onSwitch(config.chain_id)}
      >
        {t('wallet.switch_network')}
      </button>
    </div>
  );
}
