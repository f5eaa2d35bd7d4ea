import { SWEEP_MAX_ITEMS, SWEEP_MIN_ITEMS } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { setSweepCount, useSweepCount } from '../sweep-count-store';

/** Quick counts (which ones depends on the screen); the chosen one is pressed. */
export function CountButtons({ options }: { options: readonly number[] }) {
  const { t } = useTranslation();
  const count = useSweepCount();
  return (
    <fieldset aria-label={t('sweep.count')} className="flex shrink-0 flex-wrap gap-0.5">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === count}
          data-testid={`sweep-count-${option}`}
          onClick={() => setSweepCount(option)}
          className={clsx(
            'h-6 min-w-6 rounded px-1 font-mono text-[11px] font-semibold transition-colors',
            option === count ? 'bg-accent/15 text-accent' : 'text-muted hover:bg-raised hover:text-fg',
          )}
        >
          {option}
        </button>
      ))}
    </fieldset>
  );
}

/** Any count from 1 to 30. */
export function CountSlider({ className }: { className?: string }) {
  const { t } = useTranslation();
  const count = useSweepCount();
  return (
    <input
      type="range"
      min={SWEEP_MIN_ITEMS}
      max={SWEEP_MAX_ITEMS}
      step={1}
      value={count}
      aria-label={t('sweep.slider')}
      data-testid="sweep-slider"
      onChange={(event) => setSweepCount(Number(event.target.value))}
      className={clsx('h-1 cursor-pointer accent-[var(--accent)]', className)}
    />
  );
}
