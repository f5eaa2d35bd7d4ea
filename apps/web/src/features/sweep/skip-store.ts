import { createStore, useStore } from 'zustand';
import { readPerWallet, writePerWallet } from '../../lib/per-wallet-storage';
import { useSession } from '../../stores/session-store';

/** Spec §3: 'SKIP PENDING AND FLAGGED' per wallet, keyed by the lowercased address. */
export const SKIP_PENDING_KEY = 'is_skipping_pending';

/** Spec §5: ticked unless the wallet's user unticked it. */
export const SKIP_PENDING_DEFAULT = true;

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

export type SkipState = {
  byWallet: Readonly<Record<string, boolean>>;
  set: (address: string, skip: boolean) => void;
};

export function createSkipStore(storage: Storage) {
  return createStore<SkipState>()((set) => ({
    byWallet: readPerWallet(storage, SKIP_PENDING_KEY, isBoolean),
    set: (address, skip) => set({ byWallet: writePerWallet(storage, SKIP_PENDING_KEY, isBoolean, address, skip) }),
  }));
}

export const skipStore = createSkipStore(window.localStorage);

/** Whether the signed-in wallet's sweeps skip pending and flagged listings. */
export function useSkipPendingFlagged(): boolean {
  const token = useSession((state) => state.token);
  return useStore(skipStore, (state) => (token ? state.byWallet[token] : undefined) ?? SKIP_PENDING_DEFAULT);
}
