import {
  DEFAULT_GAS_ENTRIES,
  effectiveGasEntry,
  GAS_PRESET_TYPES,
  type GasEntry,
  gasListProblem,
} from '@floordesk/protocol';
import { useStore } from 'zustand';
import { createPerWalletStore, type PerWalletState } from '../lib/per-wallet-storage';
import { useSession } from './session-store';

/** The presets of every wallet used here, keyed by the lowercased address. */
export const GAS_ITEM_KEY = 'gas_item';

const isAmount = (value: unknown) => value === null || typeof value === 'number';

function isGasEntry(value: unknown): value is GasEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { type, status, prio, fee, base } = value as Record<string, unknown>;
  return (
    GAS_PRESET_TYPES.includes(type as GasEntry['type']) &&
    (status === 0 || status === 1) &&
    isAmount(prio) &&
    isAmount(fee) &&
    typeof base === 'number'
  );
}

/** A list as stored or served: the six presets in order, exactly one selected, each obeying the preset rules. */
export function isGasList(value: unknown): value is GasEntry[] {
  return Array.isArray(value) && value.every(isGasEntry) && gasListProblem(value) === null;
}

export function createGasStore(storage: Storage) {
  return createPerWalletStore<readonly GasEntry[]>(storage, GAS_ITEM_KEY, isGasList);
}

export const gasStore = createGasStore(window.localStorage);

/** `address`'s presets, or the defaults (a visitor, or a wallet that never chose). */
export function gasEntriesOf(
  byWallet: PerWalletState<readonly GasEntry[]>['byWallet'],
  address: string | null,
): readonly GasEntry[] {
  return (address === null ? undefined : byWallet[address]) ?? DEFAULT_GAS_ENTRIES;
}

/** The signed-in wallet's presets. */
export function useGasEntries(): readonly GasEntry[] {
  const token = useSession((state) => state.token);
  const byWallet = useStore(gasStore, (state) => state.byWallet);
  return gasEntriesOf(byWallet, token);
}

/** The preset a transaction of the signed-in wallet uses now (an incomplete one falls back). */
export function useEffectiveGasEntry(): GasEntry {
  return effectiveGasEntry(useGasEntries());
}
