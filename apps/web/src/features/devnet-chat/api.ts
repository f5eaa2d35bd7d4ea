import type { DevnetChatMessagesData, DevnetChatUser } from '@floordesk/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../lib/api-client';
import { forgetChatPerson, rememberChatPerson, rememberedChatPerson } from './chat-person';

/** DMs are looked for this often while the page is open. */
export const DEVNET_CHAT_POLL_MS = 2000;

const PERSON_KEY = ['devnet-chat', 'person'] as const;
const messagesKey = (userId: string) => ['devnet-chat', 'messages', userId] as const;

/**
 * Who this browser is on the devnet's chat server: the person it was before (kept in storage), or a new one on the
 * first visit, or when the server no longer knows the kept one (a devnet reset).
 */
async function joinChat(): Promise<DevnetChatUser> {
  const kept = rememberedChatPerson();
  if (kept) {
    try {
      return await apiClient.call('devnetChatUser', { body: { user_id: kept }, hideErr: true });
    } catch (error) {
      // Only a refusal means the person is gone; a server that cannot be reached now keeps them for later.
      const refused =
        error instanceof ApiError && (error.kind === 'status' || (error.kind === 'http' && error.status < 500));
      if (!refused) throw error;
      forgetChatPerson();
    }
  }
  const person = await apiClient.call('devnetChatUser', { body: {} });
  rememberChatPerson(person.id);
  return person;
}

export function useChatPerson(enabled: boolean) {
  return useQuery({ queryKey: PERSON_KEY, queryFn: joinChat, enabled, staleTime: Number.POSITIVE_INFINITY });
}

/** The bot's DMs to the person, newest first, polled. */
export function useChatMessages(userId: string | undefined) {
  return useQuery({
    queryKey: messagesKey(userId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.call('devnetChatMessages', { query: { user_id: userId ?? '' }, signal, hideErr: true }),
    enabled: userId !== undefined,
    refetchInterval: DEVNET_CHAT_POLL_MS,
  });
}

/** Runs `/my-id` as the person: the bot's answer is shown to them alone. */
export function useMyIdCommand() {
  return useMutation({
    mutationFn: (userId: string) => apiClient.call('devnetChatMyId', { body: { user_id: userId } }),
  });
}

/** Opens or closes the person's DMs; the answer is the person as they are now. */
export function useDmsSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, open }: { userId: string; open: boolean }) =>
      apiClient.call('devnetChatDms', { body: { user_id: userId, open } }),
    onSuccess: (person) => {
      queryClient.setQueryData(PERSON_KEY, person);
      // The polled DMs carry the person too, and the page reads them from there: no wait for the next poll.
      queryClient.setQueryData<DevnetChatMessagesData>(
        messagesKey(person.id),
        (data) => data && { ...data, user: person },
      );
    },
  });
}
