import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { showToast } from '../../components/ui/toast/toast-store';
import { appConfigQueryOptions } from '../../lib/api/app-config';
import { collectionListingsQueryOptions } from '../../lib/api/collection-listings';
import { PORTFOLIO_QUERY_KEY } from '../../lib/api/portfolio';
import { handleWalletError } from '../../lib/wallet/errors';
import { loadWalletActions } from '../../lib/wallet/load-wallet-actions';
import { readWalletReceipt } from '../../lib/wallet/wallet-receipt';
import { walletStore } from '../../lib/wallet/wallet-store';
import { wrongNetworkMessage } from '../../lib/wrong-network-message';
import { closeSellDialog } from '../../stores/sell-dialog-store';
import { liveCancelDeps, planCancel, sendCancel } from './cancel-flow';
import { MY_LISTINGS_QUERY_KEY } from './my-listings-api';
import { postListings, prepareSell } from './sell-api';
import type { SellDeps } from './sell-flow';
import { sellText } from './sell-texts';

/** A random 64-bit number from the browser's CSPRNG: salts and order nonces nobody can guess or collide with. */
function random64(): bigint {
  return crypto.getRandomValues(new BigUint64Array(1))[0]!;
}

/** The flow's parts that are the same for every listing; the query client's come from the dialog. */
export const liveSellDeps: Omit<SellDeps, 'wrongNetwork' | 'listed'> = {
  wallet: () => walletStore.getState(),
  prepare: prepareSell,
  planCancel: (request) => planCancel(request),
  sendCancel: (plan, onProgress) => sendCancel(plan, liveCancelDeps, onProgress),
  post: postListings,
  send: async (wallet, account, tx) => (await loadWalletActions()).sendWalletTransaction(wallet, account, tx),
  receipt: readWalletReceipt,
  sign: async (wallet, account, payload) => (await loadWalletActions()).signWalletTypedData(wallet, account, payload),
  reauthorize: (wallet, error) => handleWalletError(error, { signing: true, wallet }),
  random: random64,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
};

/** The listing flow as the dialog runs it: listed tokens refresh the tables that show them. */
export function useListingDeps(): SellDeps {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      ...liveSellDeps,
      wrongNetwork: async () => wrongNetworkMessage(await queryClient.fetchQuery(appConfigQueryOptions)),
      listed: (result, listings) => {
        const collections = new Set(listings.map((listing) => listing.token.collection.toLowerCase()));
        for (const collection of collections) {
          void queryClient.invalidateQueries({ queryKey: collectionListingsQueryOptions(collection).queryKey });
        }
        void queryClient.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: MY_LISTINGS_QUERY_KEY });
        showToast(sellText('sell.listed', { count: result.listings.length }));
        closeSellDialog();
      },
    }),
    [queryClient],
  );
}
