import type { ReactNode } from 'react';
import { Dialog } from './dialog';

/**
 * Asks before something is undone for good (deleting an alert, removing a wallet): OK and Cancel, OK disabled while
 * the action runs. Closing it any way is Cancel.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  ok,
  cancel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  ok: string;
  cancel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()} title={title} description={description}>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="button-secondary" onClick={onCancel}>
          {cancel}
        </button>
        <button type="button" className="button-primary" disabled={busy} onClick={onConfirm}>
          {ok}
        </button>
      </div>
    </Dialog>
  );
}
