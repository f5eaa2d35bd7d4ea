import type { GasEntry, GasSettingsData } from '@floordesk/protocol';
import { sessionStore } from '../../stores/session-store';
import { getGasSettings } from './api/get-gas-settings';
import { saveGasSettings } from './api/save-gas-settings';
import { gasStore, isGasList } from '../../stores/gas-store';

/** A burst of changes (clicks, keys 1–6) reaches the server once, this long after the last. */
export const GAS_SAVE_DEBOUNCE_MS = 500;

export type GasSyncDeps = {
  store: typeof gasStore;
  fetch: () => Promise<GasSettingsData>;
  save: (entries: readonly GasEntry[]) => Promise<unknown>;
  /** The signed-in address: saves go to the server only for it. */
  currentAddress: () => string | null;
  debounceMs?: number;
};

/** Keeps each wallet's presets in step between this browser and the server (the original app's getgas / setgas). */
export function createGasSync({ store, fetch, save, currentAddress, debounceMs = GAS_SAVE_DEBOUNCE_MS }: GasSyncDeps) {
  /** Bumped by every change the user makes, per address. */
  const edits = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  function push(address: string) {
    timers.delete(address);
    const entries = store.getState().byWallet[address];
    // Signed out, or another wallet signed in, meanwhile: the change stays in this browser, for the next sign-in.
    if (!entries || currentAddress() !== address) return;
    // A refused save is reported by the API client; the local list stays as chosen.
    void save(entries).catch(() => undefined);
  }

  return {
    /**
     * After sign-in: the server's list replaces the local one; when the server has none yet, the local
     * one (if any) is sent up instead.
     */
    async pull(address: string): Promise<void> {
      const before = edits.get(address) ?? 0;
      const { gas } = await fetch();
      // The user changed something while the answer was on its way: that change is newer, and already queued.
      if ((edits.get(address) ?? 0) !== before || currentAddress() !== address) return;
      const local = store.getState().byWallet[address];
      if (Array.isArray(gas) && gas.length === 0) {
        if (local) await save(local);
      } else if (isGasList(gas)) {
        store.getState().set(address, gas);
      }
    },

    /** A change by the user: kept locally at once, sent to the server once the changes settle. */
    change(address: string, entries: readonly GasEntry[]): void {
      edits.set(address, (edits.get(address) ?? 0) + 1);
      store.getState().set(address, entries);
      clearTimeout(timers.get(address));
      timers.set(
        address,
        setTimeout(() => push(address), debounceMs),
      );
    },
  };
}

export const gasSync = createGasSync({
  store: gasStore,
  fetch: getGasSettings,
  save: saveGasSettings,
  currentAddress: () => sessionStore.getState().token,
});
