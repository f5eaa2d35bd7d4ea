import { Info, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/api/app-config';

/** Remembered for the tab: the banner says once per visit why the book is empty, not on every page. */
const DISMISSED_KEY = 'no-listings-banner-dismissed';

/**
 * Shown on a chain whose server reads no marketplace's listings (no API key set): trades and trending still come from
 * the chain, but there is nothing to sweep or buy, and the trader should know why rather than see empty tables.
 */
export function NoListingsBanner() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  if (config?.listings_source !== 'none' || dismissed) return null;
  return (
    <aside
      data-testid="no-listings-banner"
      className="flex items-start justify-center gap-2 border-b border-line bg-raised px-3 py-1.5 text-[12px] text-muted"
    >
      <Info size={14} aria-hidden className="mt-0.5 shrink-0" />
      <span className="min-w-0">{t('listings_source.no_listings')}</span>
      <button
        type="button"
        aria-label={t('listings_source.dismiss')}
        className="shrink-0 rounded p-0.5 hover:bg-fg/10"
        onClick={() => {
          sessionStorage.setItem(DISMISSED_KEY, '1');
          setDismissed(true);
        }}
      >
        <X size={14} aria-hidden />
      </button>
    </aside>
  );
}
