import { createStore, useStore } from 'zustand';

/** A reminder the Alert dialog opens its custom-event form with: a calendar item's name and time (unix seconds). */
export type ReminderPrefill = { title: string; at: number };

/**
 * Whether the Alert dialog is open, and with what: the account menu opens it on its list, a calendar item on a
 * custom-event form already filled in. Shared because the calendar and the dialog are different features.
 */
export const alertDialogStore = createStore<{ open: boolean; reminder: ReminderPrefill | null }>()(() => ({
  open: false,
  reminder: null,
}));

export function useAlertDialog(): { open: boolean; reminder: ReminderPrefill | null } {
  return useStore(alertDialogStore);
}

export function openAlertDialog(reminder: ReminderPrefill | null = null): void {
  alertDialogStore.setState({ open: true, reminder });
}

export function closeAlertDialog(): void {
  alertDialogStore.setState({ open: false, reminder: null });
}
