import { TRENDING_WINDOWS, type TrendingWindow } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChange, formatCount, formatEth, formatPercent, NO_VALUE } from '../../../lib/format';
import { Segmented } from '../../../components/ui/segmented';
import type { Collection } from '../../../lib/api/collection';

/** The page opens on the day's figures: a collection page is a longer look than the 15-minute trending panel. */
export const DEFAULT_STATS_WINDOW: TrendingWindow = 1440;

type CollectionStatsProps = { collection: Collection; className?: string };

/** Floor, listings, owners and supply now, and trades, volume and floor change over a chosen window. */
export function CollectionStats({ collection, className }: CollectionStatsProps) {
  const { t } = useTranslation();
  const [statsWindow, setStatsWindow] = useState<TrendingWindow>(DEFAULT_STATS_WINDOW);
  const windowStats = collection.stats.find((stats) => stats.window === statsWindow);
  const change = windowStats?.floor_change ?? null;

  return (
    <div className={clsx('@container', className)}>
      <div className="flex flex-col gap-2 @3xl:flex-row">
        <dl className="grid flex-1 grid-cols-2 gap-px overflow-hidden rounded-md border border-line bg-line @md:grid-cols-4">
          <Stat label={t('collection.stats.floor')}>
            {collection.floor_value === null ? (
              NO_VALUE
            ) : (
              <>
                {formatEth(collection.floor_value)} <span className="text-[11px] text-faint">ETH</span>
              </>
            )}
          </Stat>
          <Stat label={t('collection.stats.listed')}>
            {formatCount(collection.listed)}{' '}
            {collection.listing_rate !== null && (
              <span className="text-[11px] text-muted">{formatPercent(collection.listing_rate)}</span>
            )}
          </Stat>
          <Stat label={t('collection.stats.owners')}>{formatCount(collection.owners)}</Stat>
          <Stat label={t('collection.stats.supply')}>
            {collection.count === null ? NO_VALUE : formatCount(collection.count)}
          </Stat>
        </dl>
        <div className="flex-1 overflow-hidden rounded-md border border-line bg-panel">
          <div className="flex flex-wrap items-center justify-between gap-x-2 border-b border-line px-3 py-0.5">
            <span className="text-[11px] text-faint">{t('collection.stats.window')}</span>
            <Segmented
              label={t('collection.stats.window')}
              options={TRENDING_WINDOWS}
              value={statsWindow}
              onChange={setStatsWindow}
              labelOf={(minutes) => t(`market.window.${minutes}`)}
            />
          </div>
          <dl className="grid grid-cols-1 gap-px bg-line @xs:grid-cols-3">
            <Stat label={t('collection.stats.trades')}>
              {windowStats ? formatCount(windowStats.all_count) : NO_VALUE}
            </Stat>
            <Stat label={t('collection.stats.volume')}>
              {windowStats ? formatEth(windowStats.volume, 2) : NO_VALUE}
            </Stat>
            <Stat label={t('collection.stats.floor_change')}>
              <span
                className={clsx(
                  change !== null && change > 0 && 'text-accent',
                  change !== null && change < 0 && 'text-danger',
                )}
              >
                {change === null ? NO_VALUE : formatChange(change)}
              </span>
            </Stat>
          </dl>
        </div>
      </div>
    </div>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 bg-panel px-3 py-1.5">
      <dt className="truncate text-[11px] text-faint">{label}</dt>
      <dd className="truncate font-mono text-[14px] text-fg">{children}</dd>
    </div>
  );
}
