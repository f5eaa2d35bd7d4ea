import { useStore } from 'zustand';
import { createPerWalletStore } from '../../lib/per-wallet-storage';
import { useSession } from '../../stores/session-store';

/** 'SKIP PENDING AND FLAGGED' per wallet, keyed by the lowercased address. */
export const SKIP_PENDING_KEY = 'is_skipping_pending';

/** Ticked unless the wallet's user unticked it. */
export const SKIP_PENDING_DEFAULT = true;

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

export function createSkipStore(storage: Storage) {
  return createPerWalletStore(storage, SKIP_PENDING_KEY, isBoolean);
}

export const skipStore = createSkipStore(window.localStorage);

/** Whether the signed-in wallet's sweeps skip pending and flagged listings. */
export function useSkipPendingFlagged(): boolean {
  const token = useSession((state) => state.token);
  return useStore(skipStore, (state) => (token ? state.byWallet[token] : undefined) ?? SKIP_PENDING_DEFAULT);
}
