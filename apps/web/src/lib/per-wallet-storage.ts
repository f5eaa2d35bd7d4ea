import { createStore } from 'zustand';

/**
 * Choices the spec keeps per wallet (`gas_item`, `is_skipping_pending`): one storage key holding a JSON
 * object keyed by the lowercased address. What is read passes `isValue` or is dropped, address by address, so one
 * damaged entry costs only that wallet its choice.
 */
function readPerWallet<T>(storage: Storage, key: string, isValue: (value: unknown) => value is T): Record<string, T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(key) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const values: Record<string, T> = {};
  for (const [address, value] of Object.entries(parsed)) if (isValue(value)) values[address.toLowerCase()] = value;
  return values;
}

/**
 * Stores `value` for `address`, re-reading the key first: another tab may have written another wallet's choice
 * since this one last read it. Answers every wallet's value as now stored.
 */
function writePerWallet<T>(
  storage: Storage,
  key: string,
  isValue: (value: unknown) => value is T,
  address: string,
  value: T,
): Record<string, T> {
  const values = { ...readPerWallet(storage, key, isValue), [address.toLowerCase()]: value };
  storage.setItem(key, JSON.stringify(values));
  return values;
}

/** Each wallet's value of one such choice, and the way to change one wallet's. */
export type PerWalletState<T> = {
  byWallet: Readonly<Record<string, T>>;
  /** Keeps `value` as `address`'s, here and in storage. */
  set: (address: string, value: T) => void;
};

/** A store of one per-wallet choice kept under `key`. */
export function createPerWalletStore<T>(storage: Storage, key: string, isValue: (value: unknown) => value is T) {
  return createStore<PerWalletState<T>>()((set) => ({
    byWallet: readPerWallet(storage, key, isValue),
    set: (address, value) => set({ byWallet: writePerWallet(storage, key, isValue, address, value) }),
  }));
}
