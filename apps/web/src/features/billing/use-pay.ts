import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showToast } from '../../components/ui/toast/toast-store';
import { apiClient } from '../../lib/api-client';
import { appConfigQueryOptions } from '../../lib/api/app-config';
import { handleWalletError } from '../../lib/wallet/errors';
import { loadWalletActions } from '../../lib/wallet/load-wallet-actions';
import { readWalletReceipt } from '../../lib/wallet/wallet-receipt';
import { walletStore } from '../../lib/wallet/wallet-store';
import { wrongNetworkMessage } from '../../lib/wrong-network-message';
import { requireLogin } from '../../stores/login-prompt-store';
import { sessionStore } from '../../stores/session-store';
import { refreshBilling } from './api';
import { type PayDeps, type PayRequest, runPayment } from './pay-flow';

/** The flow's parts that are the same for every payment; the query client's come from the page. */
export const livePayDeps: Omit<PayDeps, 'wrongNetwork' | 'credited'> = {
  requireLogin,
  signedIn: () => sessionStore.getState().token !== null,
  wallet: () => walletStore.getState(),
  quote: (body) => apiClient.call('subscriptionQuote', { body }),
  // Polled every 2 s: a failed poll is tried again at the next, without a toast each time.
  subscription: () => apiClient.call('subscription', { hideErr: true }),
  send: async (wallet, account, tx) => (await loadWalletActions()).sendWalletTransaction(wallet, account, tx),
  receipt: readWalletReceipt,
  reauthorize: (wallet, error) => handleWalletError(error, { signing: false, wallet }),
  notify: showToast,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
};

/** Starts paying for a plan; the plans' progress panel shows how it goes. */
export function usePay(): (request: PayRequest) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (request) =>
      void runPayment(request, {
        ...livePayDeps,
        wrongNetwork: async (chainId) => {
          const config = await queryClient.fetchQuery(appConfigQueryOptions);
          // The chain's name is the app config's when payments go to the chain FloorDesk trades on (they do).
          return wrongNetworkMessage(
            config.chain_id === chainId ? config : { ...config, chain_id: chainId, chain_name: `#${chainId}` },
          );
        },
        credited: () => refreshBilling(queryClient, { userCheck: true }),
      }).catch(() => undefined),
    [queryClient],
  );
}
