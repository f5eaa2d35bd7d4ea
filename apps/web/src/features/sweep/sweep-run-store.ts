import { createStore, useStore } from 'zustand';
import type { SweepRow } from './api/sweep-order';

/**
 * Where a sweep stands: the server plans it ('quoting'), the wallet is asked ('signing'), the transaction is on its
 * way ('confirming'), then it is over either way.
 */
export type SweepPhase = 'quoting' | 'signing' | 'confirming' | 'done' | 'failed';

export type SweepRun = {
  /** Tells a newer sweep's updates from a superseded one's. */
  id: number;
  phase: SweepPhase;
  rows: SweepRow[];
  /** Wei: what the listings being bought cost together. */
  total: string;
  /** What went wrong, in the user's language (the server's msg, the wallet's error, ours). */
  message: string | null;
  /** The transactions sent so far, in the order the wallet sent them. */
  txHashes: string[];
  /**
   * How many transactions the plan takes: 2 when it buys on both Seaport and LooksRare, neither of whose exchanges
   * fills the other's orders, so the wallet asks twice.
   */
  transactions: number;
  chainId: number;
  /** The server refused because the user has no premium: the modal says what premium gives and links to the plans. */
  needsPremium?: boolean;
};

/** The sweep the modal shows: the latest one started. */
export const sweepRunStore = createStore<{ run: SweepRun | null }>()(() => ({ run: null }));

export function useSweepRun(): SweepRun | null {
  return useStore(sweepRunStore, (state) => state.run);
}

/** A sweep the user is still waiting on before the next may start: the server or the wallet has it. */
export function isSweepBusy(run: SweepRun | null): boolean {
  return run?.phase === 'quoting' || run?.phase === 'signing';
}
