import { createStore, useStore } from 'zustand';

/**
 * The panels, popovers and modals that close each other: the gas settings ('gas'), the mobile
 * bar's sweep popover ('sweepPop') and the sweep batch modal ('sweep') among them.
 */
export type Panel = 'trending' | 'calendar' | 'mobileMenu' | 'gas' | 'sweepPop' | 'sweep';

/** At most one is open: opening one closes the others, and a route change closes them all (app-layout). */
export const panelsStore = createStore<{ open: Panel | null }>()(() => ({ open: null }));

export function usePanelOpen(panel: Panel): boolean {
  return useStore(panelsStore, (state) => state.open === panel);
}

export function setPanelOpen(panel: Panel, open: boolean): void {
  panelsStore.setState((state) => ({ open: open ? panel : state.open === panel ? null : state.open }));
}

export function closePanels(): void {
  panelsStore.setState({ open: null });
}
