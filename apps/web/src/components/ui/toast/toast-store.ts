import { TOAST_DURATION_MS } from '@floordesk/protocol';
import { createStore, useStore } from 'zustand';

export type Toast = { id: number; message: string };

type ToastState = {
  toast: Toast | null;
  show: (message: string) => void;
  dismiss: () => void;
};

/** A toast lasts TOAST_DURATION_MS and at most one shows, so a new one replaces the old. */
export function createToastStore() {
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return createStore<ToastState>()((set) => ({
    toast: null,
    show: (message) => {
      clearTimeout(timer);
      set({ toast: { id: nextId++, message } });
      timer = setTimeout(() => set({ toast: null }), TOAST_DURATION_MS);
    },
    dismiss: () => {
      clearTimeout(timer);
      set({ toast: null });
    },
  }));
}

export const toastStore = createToastStore();

export function showToast(message: string): void {
  toastStore.getState().show(message);
}

export function useToast<T>(selector: (state: ToastState) => T): T {
  return useStore(toastStore, selector);
}
