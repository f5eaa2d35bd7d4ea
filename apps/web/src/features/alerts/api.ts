import {
  type AlertDetail,
  type AlertInput,
  type ChatSettingsData,
  type SearchResult,
  Status,
  statusMessages,
} from '@floordesk/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useSession } from '../../stores/session-store';

const ALERTS_KEY = ['alerts'] as const;
const CHAT_KEY = ['alert-chat'] as const;

/** The user's alerts, newest first; only fetched while signed in (a visitor has none to list). */
export function useAlertList() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...ALERTS_KEY, token],
    queryFn: () => apiClient.call('alerts'),
    enabled: token !== null,
  });
}

/** One alert with every field of its type, always fresh: it is opened to be edited. */
export function useFetchAlertDetail(): (id: number) => Promise<AlertDetail> {
  const queryClient = useQueryClient();
  const token = useSession((state) => state.token);
  return async (id) => {
    const { info } = await queryClient.fetchQuery({
      queryKey: ['alert-detail', token, id],
      queryFn: () => apiClient.call('alertDetail', { query: { id } }),
      staleTime: 0,
    });
    return info;
  };
}

/** Saves (creates or replaces) an alert; the answer's `msg` is what the user is told. */
export function useSaveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertInput) => apiClient.callWithMessage('saveAlert', { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.callWithMessage('deleteAlert', { body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

/** The user's chat link (chat id, last passed test, whether DMs reach them) and the community's invite. */
export function useChatSettings() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...CHAT_KEY, token],
    queryFn: () => apiClient.call('chatSettings'),
    enabled: token !== null,
  });
}

/** Saves the chat id or sends the test DM; either answers with the new chat settings, which replace the cached ones. */
export function useChatAction(action: 'save' | 'test') {
  const queryClient = useQueryClient();
  const token = useSession((state) => state.token);
  return useMutation({
    mutationFn: (chatId: string) =>
      action === 'save'
        ? apiClient.callWithMessage('saveChatId', { body: { chat_id: chatId } })
        : apiClient.callWithMessage('testChat'),
    onSuccess: ({ data }: { data: ChatSettingsData; msg: string }) =>
      queryClient.setQueryData([...CHAT_KEY, token], data),
  });
}

/** Collections matching a name or address, for picking one in a form (the public search). */
export async function searchCollections(keyword: string, signal: AbortSignal): Promise<SearchResult[]> {
  const { list } = await apiClient.call('search', { query: { q: keyword }, signal, hideErr: true });
  return list;
}

/**
 * The server's words for a success, unless it only said the generic "OK" (then `fallback`, ours): the original
 * app shows the server's message after a save, a test or a delete.
 */
export function successText(msg: string, fallback: string): string {
  const generic = Object.values(statusMessages[Status.Ok]);
  return msg.trim() === '' || generic.includes(msg.trim()) ? fallback : msg;
}
