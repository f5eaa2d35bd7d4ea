import { createStore } from 'zustand';

export type StoredChoice<T> = { value: T; set: (value: T) => void };

/**
 * One choice of the user remembered in storage under `key`, as text: `parse` turns what is stored (or nothing, or
 * something unreadable) back into a valid choice, falling back to its default.
 */
export function createStoredChoice<T extends string | number>(
  storage: Storage,
  key: string,
  parse: (stored: string | null) => T,
) {
  return createStore<StoredChoice<T>>()((set) => ({
    value: parse(storage.getItem(key)),
    set: (value) => {
      storage.setItem(key, String(value));
      set({ value });
    },
  }));
}
