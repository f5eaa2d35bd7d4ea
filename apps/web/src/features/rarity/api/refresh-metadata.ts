import { useMutation } from '@tanstack/react-query';
import { showToast } from '../../../components/ui/toast/toast-store';
import { apiClient } from '../../../lib/api-client';

/** Asks the worker to read a token's (or, without `token_id`, the whole collection's) metadata again. */
export function useRefreshMetadata() {
  return useMutation({
    mutationFn: (body: { address: string; token_id?: string }) => apiClient.call('refreshMetadata', { body }),
    // The server's own words ('Metadata refreshing is running in the background.'); refusals are toasted by the client.
    onSuccess: ({ message }) => showToast(message),
  });
}
