import { QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../stores/session-store';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries timeouts; a second layer of retries would multiply them.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Cached answers belong to the account that asked (a watchlist, trending's watchlist tab): when the signed-in
 * address changes — sign-out, an invalid session, another tab — none of them may show for the next one.
 */
export function forgetOnAccountChange(client: QueryClient, session: typeof sessionStore): () => void {
  return session.subscribe((state, previous) => {
    if (state.token !== previous.token) client.removeQueries();
  });
}

export const queryClient = createQueryClient();
forgetOnAccountChange(queryClient, sessionStore);
