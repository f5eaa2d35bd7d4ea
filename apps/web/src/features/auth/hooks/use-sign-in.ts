import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import { redirectTarget } from '../../../lib/redirect';
import { handleWalletError } from '../../../lib/wallet/errors';
import { loadWalletActions } from '../../../lib/wallet/load-wallet-actions';
import type { Wallet } from '../../../lib/wallet/wallets';
import { sessionStore } from '../../../stores/session-store';
import { login } from '../api/login';
import { requestNotice } from '../api/request-notice';
import { userCheckQueryOptions } from '../api/check-user';

function report(error: unknown, signing: boolean, wallet: Wallet): void {
  if (!(error instanceof ApiError)) {
    handleWalletError(error, { signing, wallet });
    return;
  }
  // Network and server failures were already announced by the API client; a refused login is told here.
  if (error.kind === 'status' || error.kind === 'http') showToast(error.message);
}

/**
 * The wallet login: connect, fetch the notice, have the wallet sign it, open the session, check the user,
 * then continue to the `redirect` target.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: async (wallet: Wallet) => {
      let signing = false;
      try {
        const { accountOf, signWalletMessage } = await loadWalletActions();
        const address = await accountOf(wallet);
        const { notice } = await requestNotice(address);
        signing = true;
        const signature = await signWalletMessage(wallet, address, notice);
        signing = false;
        const session = await login({ address, message: notice, signature });
        sessionStore.getState().signIn(session);
      } catch (error) {
        report(error, signing, wallet);
        return;
      }
      const { token, signNum } = sessionStore.getState();
      try {
        await queryClient.fetchQuery(userCheckQueryOptions(token, signNum));
      } catch {
        return; // The session monitor shows the failed check as the 'Oops' dialog.
      }
      navigate(redirectTarget(search), { replace: true });
    },
  });
}
