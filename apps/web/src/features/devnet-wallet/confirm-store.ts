import { createStore, useStore } from 'zustand';
import type { ConfirmRequest } from './provider';

type Pending = { id: number; request: ConfirmRequest; answer: (confirmed: boolean) => void };

/** Requests waiting for the user, oldest first: the wallet's window shows one at a time, as a wallet's pop-up does. */
const confirmStore = createStore<{ queue: readonly Pending[] }>()(() => ({ queue: [] }));
let lastId = 0;

/** Shows `request` in the wallet's window; resolves true when the user confirms, false when they reject it. */
export function askUser(request: ConfirmRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const id = ++lastId;
    const answer = (confirmed: boolean) => {
      confirmStore.setState(({ queue }) => ({ queue: queue.filter((pending) => pending.id !== id) }));
      resolve(confirmed);
    };
    confirmStore.setState(({ queue }) => ({ queue: [...queue, { id, request, answer }] }));
  });
}

/** The request the user is asked about now, if any. */
export function usePendingRequest(): Pending | undefined {
  return useStore(confirmStore, ({ queue }) => queue[0]);
}
