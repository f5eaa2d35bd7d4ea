import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatEth } from '../../../lib/format';
import { isSweepBusy, useSweepRun } from '../sweep-run-store';
import type { UseSweep } from '../use-sweep';

/**
 * "SWEEP 5" with what the preview would cost; busy while the server or the wallet has the last sweep, and disabled,
 * saying so, while there is nothing to buy.
 */
export function SweepButton({
  sweep: { count, preview, loading, sweep },
  className,
}: {
  sweep: UseSweep;
  className?: string;
}) {
  const { t } = useTranslation();
  const busy = isSweepBusy(useSweepRun());
  const nothing = !busy && preview.buy.length === 0;
  return (
    <button
      type="button"
      data-testid="sweep-button"
      onClick={sweep}
      disabled={nothing}
      title={nothing && !loading ? t('sweep.nothing_hint') : undefined}
      className={clsx('button-primary h-6 shrink-0 gap-1.5 px-2 text-[11px]', className)}
    >
      {busy && <LoaderCircle size={12} className="animate-spin" aria-hidden />}
      <span>{t('sweep.button', { count })}</span>
      <span className="font-mono font-medium opacity-80" data-testid="sweep-preview-total">
        {nothing && !loading ? t('sweep.nothing') : t('sweep.preview_total', { total: formatEth(preview.total) })}
      </span>
    </button>
  );
}
