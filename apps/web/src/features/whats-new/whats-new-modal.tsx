import type { WhatsNewData } from '@floordesk/protocol';
import { useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { useWhatsNewTexts } from '../../lib/whats-new-texts';
import { seenKey } from './seen';

/** The notes of a build as a list; closing it any way (OK, Esc, the overlay, ×) marks the build as seen. */
export function WhatsNewModal({ notes }: { notes: WhatsNewData }) {
  const { t } = useWhatsNewTexts();
  const [open, setOpen] = useState(true);
  const close = () => {
    localStorage.setItem(seenKey(notes.code), '1');
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={notes.title}
      description={t('whats_new.changes', { count: notes.items.length, code: notes.code })}
      className="max-w-lg"
    >
      <ul className="mt-3 max-h-[60vh] list-disc space-y-1.5 overflow-y-auto pl-5 text-fg marker:text-accent">
        {notes.items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
      <div className="mt-4 flex justify-end">
        <button type="button" className="button-primary" onClick={close}>
          {t('whats_new.ok')}
        </button>
      </div>
    </Dialog>
  );
}
