/** Where the devnet chat page keeps who this browser is on the devnet's chat server (our key). */
export const CHAT_PERSON_KEY = 'devnet_chat_user';

export function rememberedChatPerson(storage: Storage = window.localStorage): string | null {
  try {
    return storage.getItem(CHAT_PERSON_KEY);
  } catch {
    return null;
  }
}

export function rememberChatPerson(userId: string, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(CHAT_PERSON_KEY, userId);
  } catch {
    // Private mode: the next visit is a new person, which the devnet does not mind.
  }
}

export function forgetChatPerson(storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(CHAT_PERSON_KEY);
  } catch {
    // Nothing was kept.
  }
}
