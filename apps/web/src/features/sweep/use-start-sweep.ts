import { BREAKPOINTS, effectiveGasEntry } from '@floordesk/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { setPanelOpen } from '../../stores/panels-store';
import { showToast } from '../../components/ui/toast/toast-store';
import { handleWalletError } from '../../lib/wallet/errors';
import { loadWalletActions } from '../../lib/wallet/load-wallet-actions';
import { walletStore } from '../../lib/wallet/wallet-store';
import { sessionStore } from '../../stores/session-store';
import { requireLogin } from '../../stores/login-prompt-store';
import { gasEntriesOf, gasStore } from '../../stores/gas-store';
import { appConfigQueryOptions } from '../../lib/api/app-config';
import { quoteSweep } from './api/quote-sweep';
import { recordSweep } from './api/record-sweep';
import { settleSweep } from './api/settle-sweep';
import { runSweep, type SweepDeps, type SweepRequest } from './sweep-flow';

/** The flow's parts that are the same for every sweep; `appConfig` comes from the page's query cache. */
export const liveSweepDeps: Omit<SweepDeps, 'appConfig'> = {
  requireLogin,
  wallet: () => walletStore.getState(),
  gas: () => effectiveGasEntry(gasEntriesOf(gasStore.getState().byWallet, sessionStore.getState().token)),
  quote: quoteSweep,
  record: recordSweep,
  settle: settleSweep,
  send: async (wallet, account, tx) => (await loadWalletActions()).sendWalletTransaction(wallet, account, tx),
  reauthorize: (wallet, error) => handleWalletError(error, { signing: false, wallet }),
  openModal: () => setPanelOpen('sweep', true),
  notify: showToast,
  mobile: () => !window.matchMedia(`(min-width: ${BREAKPOINTS.desktopBar + 1}px)`).matches,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
};

/** Starts a sweep (or a single buy) the way the original app buys; the sweep modal shows how it goes. */
export function useStartSweep(): (request: SweepRequest) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (request) =>
      void runSweep(request, { ...liveSweepDeps, appConfig: () => queryClient.fetchQuery(appConfigQueryOptions) }),
    [queryClient],
  );
}
