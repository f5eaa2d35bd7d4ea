import type { PostListingsRequest, SellPrepareRequest } from '@floordesk/protocol';
import { apiClient } from '../../lib/api-client';

// The dialog shows every refusal itself, beside what it refuses: none of these raises a toast.

/** What listing these tokens needs: each marketplace's terms, the wallets' nonces and approvals, the price hints. */
export function prepareSell(body: SellPrepareRequest) {
  return apiClient.call('sellPrepare', { body, hideErr: true });
}

/** The signed listings, all accepted or none. */
export function postListings(body: PostListingsRequest) {
  return apiClient.call('postListings', { body, hideErr: true });
}
