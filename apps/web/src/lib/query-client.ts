import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already retries timeouts (spec §9); a second layer of retries would multiply them.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
