import {
  DEFAULT_GAS_ENTRIES,
  effectiveGasEntry,
  GAS_PRESET_TYPES,
  type GasEntry,
  gasListProblem,
} from '@floordesk/protocol';
import { createStore, useStore } from 'zustand';
import { readPerWallet, writePerWallet } from '../../lib/per-wallet-storage';
import { useSession } from '../../stores/session-store';

/** Spec §3: the presets of every wallet used here, keyed by the lowercased address. */
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

/** A list as stored or served: the six presets in order, exactly one selected, each obeying spec §5. */
export function isGasList(value: unknown): value is GasEntry[] {
  return Array.isArray(value) && value.every(isGasEntry) && gasListProblem(value) === null;
}

export type GasState = {
  /** Each wallet's presets; a wallet without any uses DEFAULT_GAS_ENTRIES. */
  lists: Readonly<Record<string, readonly GasEntry[]>>;
  /** Keeps `entries` as `address`'s presets, here and in storage. */
  save: (address: string, entries: readonly GasEntry[]) => void;
};

export function createGasStore(storage: Storage) {
  return createStore<GasState>()((set) => ({
    lists: readPerWallet(storage, GAS_ITEM_KEY, isGasList),
    save: (address, entries) => set({ lists: writePerWallet(storage, GAS_ITEM_KEY, isGasList, address, [...entries]) }),
  }));
}

export const gasStore = createGasStore(window.localStorage);

/** `address`'s presets, or the defaults (a visitor, or a wallet that never chose). */
export function gasEntriesOf(lists: GasState['lists'], address: string | null): readonly GasEntry[] {
  return (address === null ? undefined : lists[address]) ?? DEFAULT_GAS_ENTRIES;
}

/** The signed-in wallet's presets. */
export function useGasEntries(): readonly GasEntry[] {
  const token = useSession((state) => state.token);
  const lists = useStore(gasStore, (state) => state.lists);
  return gasEntriesOf(lists, token);
}

/** The preset a transaction of the signed-in wallet uses now (spec §5: an incomplete one falls back). */
export function useEffectiveGasEntry(): GasEntry {
  return effectiveGasEntry(useGasEntries());
}
