import { CHAT_TEST_PASSED_KEY } from './constants';

/**
 * The chat id whose test last passed in this browser: the original app hides Test after a successful test and
 * remembers that locally. Storage that cannot be used (private mode) simply remembers nothing.
 */
export function testedChatId(storage: Storage = window.localStorage): string | null {
  try {
    return storage.getItem(CHAT_TEST_PASSED_KEY);
  } catch {
    return null;
  }
}

export function rememberTestedChatId(chatId: string, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(CHAT_TEST_PASSED_KEY, chatId);
  } catch {
    // Nothing to remember it in: Test stays offered, which is harmless.
  }
}
