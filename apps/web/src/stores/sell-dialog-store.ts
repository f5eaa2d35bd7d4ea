import { createStore, useStore } from 'zustand';

/** A token to list: its collection and id. */
export type SellTokenRef = { collection: string; token_id: string };

/** The trader's listing a reprice replaces: the dialog lists again below it, or cancels it first to list above. */
export type ReplacedListing = { order_hash: string; marketplace: string; price_wei: string };

export type SellDialogState = { open: boolean; tokens: SellTokenRef[]; replacing: ReplacedListing | null };

/**
 * Whether the List dialog is open, and for what: the portfolio, the rarity token panel and the collection page open
 * it on the trader's own tokens, My listings on one listing to reprice. Shared because they are different features.
 */
export const sellDialogStore = createStore<SellDialogState>()(() => ({ open: false, tokens: [], replacing: null }));

export function useSellDialog(): SellDialogState {
  return useStore(sellDialogStore);
}

export function openSellDialog(tokens: SellTokenRef[], replacing: ReplacedListing | null = null): void {
  sellDialogStore.setState({ open: true, tokens, replacing });
}

export function closeSellDialog(): void {
  sellDialogStore.setState({ open: false, tokens: [], replacing: null });
}
