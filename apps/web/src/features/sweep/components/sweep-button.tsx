import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatEth } from '../../../lib/format';
import { isSweepBusy, useSweepRun } from '../sweep-run-store';
import type { UseSweep } from '../use-sweep';

/** "SWEEP 5" with what the preview would cost; busy while the server or the wallet has the last sweep. */
export function SweepButton({ sweep: { count, preview, sweep }, className }: { sweep: UseSweep; className?: string }) {
  const { t } = useTranslation();
  const busy = isSweepBusy(useSweepRun());
  return (
    <button
      type="button"
      data-testid="sweep-button"
      onClick={sweep}
      className={clsx('button-primary h-6 shrink-0 gap-1.5 px-2 text-[11px]', className)}
    >
      {busy && <LoaderCircle size={12} className="animate-spin" aria-hidden />}
      <span>{t('sweep.button', { count })}</span>
      <span className="font-mono font-medium opacity-80" data-testid="sweep-preview-total">
        {t('sweep.preview_total', { total: formatEth(preview.total) })}
      </span>
    </button>
  );
}
