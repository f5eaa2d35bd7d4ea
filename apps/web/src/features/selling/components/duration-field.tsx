import { LISTING_DURATION_MAX_S, LISTING_DURATION_PRESETS_S } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { Segmented } from '../../../components/ui/segmented';
import { dayjs, formatDate } from '../../../lib/dates';
import type { Duration, DurationError } from '../sell-rows';
import { useSellTexts } from '../sell-texts';

type Choice = (typeof LISTING_DURATION_PRESETS_S)[number] | 'date';

const CHOICES: readonly Choice[] = [...LISTING_DURATION_PRESETS_S, 'date'];
/** The format of a datetime-local input's value, in the browser's local time. */
const LOCAL = 'YYYY-MM-DDTHH:mm';
/** A date picked starts a week out, as the default preset does. */
const DATE_START_DAYS = 7;

type DurationFieldProps = {
  duration: Duration;
  /** When the listings would end, or why they cannot. */
  end: { ok: true; endTime: bigint } | { ok: false; error: DurationError };
  onChange: (duration: Duration) => void;
};

/** How long the listings live: a preset, or a date and time up to 180 days ahead. */
export function DurationField({ duration, end, onChange }: DurationFieldProps) {
  const { t } = useSellTexts();
  const value: Choice = duration.kind === 'date' ? 'date' : (duration.seconds as Choice);
  return (
    <div className="flex flex-col gap-1" data-testid="sell-duration">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-[11px] text-faint">{t('sell.duration.label')}</span>
        <Segmented
          label={t('sell.duration.label')}
          options={CHOICES}
          value={value}
          onChange={(choice) =>
            onChange(
              choice === 'date'
                ? { kind: 'date', text: dayjs().add(DATE_START_DAYS, 'day').format(LOCAL) }
                : { kind: 'preset', seconds: choice },
            )
          }
          labelOf={(choice) => (choice === 'date' ? t('sell.duration.date') : t(`sell.presets.${choice}`))}
        />
        {duration.kind === 'date' && (
          <input
            type="datetime-local"
            aria-label={t('sell.duration.date_label')}
            value={duration.text}
            min={dayjs().format(LOCAL)}
            max={dayjs().add(LISTING_DURATION_MAX_S, 'second').format(LOCAL)}
            onChange={(event) => onChange({ kind: 'date', text: event.target.value })}
            className={clsx(
              'h-6 rounded border border-line bg-panel px-1.5',
              'font-mono text-[12px] text-fg outline-none focus:border-accent/60 disabled:opacity-60',
            )}
          />
        )}
      </div>
      {end.ok ? (
        <p data-testid="sell-ends" className="text-[11px] text-muted">
          {t('sell.duration.ends', { date: formatDate(Number(end.endTime), 'YYYY-MM-DD HH:mm') })}
        </p>
      ) : (
        <p data-testid="sell-ends" className="text-[11px] text-danger">
          {t(`sell.duration.${end.error}`)}
        </p>
      )}
    </div>
  );
}
