import { createStore, useStore } from 'zustand';
import { sessionStore } from './session-store';

/** Whether the 'err.login' modal is showing. */
export const loginPromptStore = createStore<{ open: boolean }>()(() => ({ open: false }));

export function useLoginPromptOpen(): boolean {
  return useStore(loginPromptStore, (state) => state.open);
}

export function closeLoginPrompt(): void {
  loginPromptStore.setState({ open: false });
}

/**
 * Guards an action that needs a signed-in user (trending, watchlist, gas presets, alerts, sweep): true when
 * there is a session, otherwise it shows the 'err.login' modal and answers false.
 */
export function requireLogin(): boolean {
  if (sessionStore.getState().token) return true;
  loginPromptStore.setState({ open: true });
  return false;
}
