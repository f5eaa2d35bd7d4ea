import type { SellMarketplace, SellPrepareData } from '@floordesk/protocol';
import { createStore, useStore } from 'zustand';

/** What the server said of the tokens when the dialog opened. */
export type Prepared =
  | { status: 'loading' }
  | { status: 'ready'; data: SellPrepareData }
  /** Refused: the message, the token it names (its index among those asked), and whether premium is the reason. */
  | { status: 'refused'; message: string; token: number | null; premium: boolean };

/**
 * A step of listing, in the order the flow takes them; the dialog explains each before the wallet opens. `cancel`
 * ends the listing a higher reprice replaces, `approve` lets a marketplace's operator move a collection, `grant`
 * lets the LooksRare exchange use its TransferManager, `sign` is one signature over a marketplace's listings.
 */
export type SellStep =
  | { kind: 'cancel'; marketplace: SellMarketplace; priceWei: string }
  | { kind: 'approve'; marketplace: SellMarketplace; collection: string; name: string | null }
  | { kind: 'grant'; wallet: string }
  | { kind: 'sign'; marketplace: SellMarketplace; count: number };

/** Where a run waits: on the trader's wallet, on a transaction's receipt, or on the server. */
export type Waiting = 'wallet' | 'receipt' | 'server';

/** A listing the order book refused: the token (its key) and marketplace, and why. */
export type Refused = { token: string; marketplace: SellMarketplace; message: string };

export type SellRun = {
  /** Tells a newer run's updates from an abandoned one's. */
  id: number;
  status: 'running' | 'failed';
  steps: SellStep[];
  /** The step being taken, an index of `steps`; `steps.length` while the listings are being posted. */
  current: number;
  waiting: Waiting;
  /** The cancelling transaction's gas as the node estimates it, wei, once the server has priced it. */
  cancelFeeWei: string | null;
  /** Why it stopped, in the trader's language. */
  message: string | null;
  refused: Refused | null;
};

export type SellState = {
  /** The dialog's opening it belongs to: a reopened dialog starts afresh, and late answers for an old one drop. */
  session: number;
  prepared: Prepared;
  run: SellRun | null;
  /**
   * The old listing of a reprice is cancelled: a retry lists without cancelling again (the server would refuse,
   * and the trader would pay gas twice).
   */
  replacedCancelled: boolean;
};

export const sellStore = createStore<SellState>()(() => ({
  session: 0,
  prepared: { status: 'loading' },
  run: null,
  replacedCancelled: false,
}));

export function useSellState<T>(select: (state: SellState) => T): T {
  return useStore(sellStore, select);
}

/** Whether a run is under way: the dialog's inputs and its List button wait for it. */
export function isSellBusy(run: SellRun | null): boolean {
  return run?.status === 'running';
}
