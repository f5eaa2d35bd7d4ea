import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { Connector } from 'wagmi';
import { connect, getConnection, signMessage } from 'wagmi/actions';
import { showToast } from '../../../components/ui/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import { redirectTarget } from '../../../lib/redirect';
import { wagmiConfig } from '../../../lib/wallet/config';
import { handleWalletError } from '../../../lib/wallet/errors';
import { sessionStore } from '../../../stores/session-store';
import { login } from '../api/login';
import { requestNotice } from '../api/request-notice';
import { userCheckQueryOptions } from '../api/check-user';

async function accountOf(connector: Connector): Promise<`0x${string}`> {
  const current = getConnection(wagmiConfig);
  if (current.status === 'connected' && current.connector.uid === connector.uid) return current.address;
  const { accounts } = await connect(wagmiConfig, { connector });
  return accounts[0];
}

function report(error: unknown, signing: boolean, connector: Connector): void {
  if (!(error instanceof ApiError)) {
    handleWalletError(error, { signing, connector });
    return;
  }
  // Network and server failures were already announced by the API client; a refused login is told here.
  if (error.kind === 'status' || error.kind === 'http') showToast(error.message);
}

/**
 * Spec §4's wallet login: connect, fetch the notice, have the wallet sign it, open the session, check the user,
 * then continue to the `redirect` target.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: async (connector: Connector) => {
      let signing = false;
      try {
        const address = await accountOf(connector);
        const { notice } = await requestNotice(address);
        signing = true;
        const signature = await signMessage(wagmiConfig, { connector, account: address, message: notice });
        signing = false;
        const session = await login({ address, message: notice, signature });
        sessionStore.getState().signIn(session);
      } catch (error) {
        report(error, signing, connector);
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

