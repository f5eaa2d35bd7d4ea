import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** What a section shows before its first answer: a spinner, or that the call failed (the next poll retries). */
export function Awaiting({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <p role="alert" className="px-3 py-8 text-center text-danger">
        {t('collection.section_failed')}
      </p>
    );
  }
  return (
    <div className="flex items-center justify-center gap-2 py-8 text-faint">
      <LoaderCircle size={14} className="animate-spin" aria-hidden />
      <span>{t('app.loading')}</span>
    </div>
  );
}
