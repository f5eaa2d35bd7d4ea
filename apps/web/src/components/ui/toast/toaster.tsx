import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useToast } from './toast-store';

export function Toaster() {
  const { t } = useTranslation();
  const toast = useToast((state) => state.toast);
  const dismiss = useToast((state) => state.dismiss);
  return (
    <output aria-live="polite" className="pointer-events-none fixed inset-x-0 top-14 z-[60] flex justify-center px-3">
      {toast && (
        <div
          key={toast.id}
          className="pointer-events-auto flex max-w-md items-start gap-2 rounded-md border border-line bg-raised px-3 py-2 text-fg shadow-xl"
        >
          <span className="min-w-0 break-words">{toast.message}</span>
          <button
            type="button"
            className="icon-button -my-0.5 -mr-1 size-5"
            aria-label={t('toast.dismiss')}
            onClick={dismiss}
          >
            <X size={14} />
          </button>
        </div>
      )}
    </output>
  );
}
