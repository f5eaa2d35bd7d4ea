import {
  DEFAULT_HISTORIC_RANGE,
  type CollectionFloorHistory,
  HISTORIC_MAX_COLLECTIONS,
  HISTORIC_RANGES,
  type HistoricRange,
} from '@floordesk/protocol';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CollectionImage } from '../../../components/ui/collection-image';
import { Loading, LoadingOrFailed } from '../../../components/ui/load-state';
import { Segmented } from '../../../components/ui/segmented';
import { collectionPath } from '../../../lib/collection-path';
import { changeColour, formatChange, formatEth, NO_VALUE, shortAddress } from '../../../lib/format';
import { useMarketPulseTexts } from '../../../lib/market-pulse-texts';
import { useFloorHistories } from '../api/get-floor-histories';
import type { ChartLine, ChartScale } from './historic-chart';
import { LINE_COLOURS } from './line-colours';

// lightweight-charts loads with the chart, never with the app's first page.
const HistoricChart = lazy(() => import('./historic-chart'));

const SCALES: readonly ChartScale[] = ['eth', 'percent'];

type HistoricViewProps = {
  /** The signed-in user's followed collections, most traded first; undefined for a visitor. */
  watchlist: readonly string[] | undefined;
  /** The watchlist is still on its way: nothing is asked for until it has arrived. */
  waiting: boolean;
  /** The search that adds a collection, calling `add` with its address; `full` once the chart holds all it can. */
  renderPicker: (add: (address: string) => void, full: boolean) => ReactNode;
};

/**
 * /historic: the floors of several collections on one chart over a chosen range, with the volume beneath and a
 * legend of latest floors and changes. It starts from the watchlist (or, for a visitor or an empty watchlist, the
 * range's most traded collections); adding or removing one makes the list the user's own until reset.
 */
export function HistoricView({ watchlist, waiting, renderPicker }: HistoricViewProps) {
  const { t: common } = useTranslation();
  const { t } = useMarketPulseTexts();
  const [range, setRange] = useState<HistoricRange>(DEFAULT_HISTORIC_RANGE);
  const [scale, setScale] = useState<ChartScale>('eth');
  const [chosen, setChosen] = useState<readonly string[] | null>(null);
  const watched = watchlist && watchlist.length > 0 ? watchlist.slice(0, HISTORIC_MAX_COLLECTIONS) : undefined;
  const histories = useFloorHistories(chosen ?? watched, range, !waiting);
  const { data, isPlaceholderData } = histories;

  const shown = useMemo(() => data?.list ?? [], [data]);
  const current = chosen ?? shown.map((line) => line.address);
  const full = current.length >= HISTORIC_MAX_COLLECTIONS;
  const add = (address: string) => {
    if (!full && !current.includes(address)) setChosen([...current, address]);
  };
  const remove = (address: string) => setChosen(current.filter((other) => other !== address));
  const lines = useMemo<ChartLine[]>(
    () =>
      shown.map((line, i) => ({
        address: line.address,
        colour: LINE_COLOURS[i % LINE_COLOURS.length]!,
        points: line.list,
      })),
    [shown],
  );

  let source = t('pulse.historic.from_trending');
  if (chosen) source = t('pulse.historic.chosen');
  else if (watched) source = t('pulse.historic.from_watchlist');

  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Segmented
          label={t('pulse.historic.range')}
          options={HISTORIC_RANGES}
          value={range}
          onChange={setRange}
          labelOf={(option) => common(`collection.range.${option}`)}
        />
        <Segmented
          label={t('pulse.historic.scale')}
          options={SCALES}
          value={scale}
          onChange={setScale}
          labelOf={(option) => t(option === 'eth' ? 'pulse.historic.scale_eth' : 'pulse.historic.scale_percent')}
        />
        <div className="w-full sm:ml-auto sm:w-72">{renderPicker(add, full)}</div>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-[12px] text-faint">
        <span>{source}</span>
        {chosen && (
          <button type="button" className="text-accent hover:underline" onClick={() => setChosen(null)}>
            {t('pulse.historic.reset')}
          </button>
        )}
        {full && <span>{t('pulse.historic.full', { max: HISTORIC_MAX_COLLECTIONS })}</span>}
      </p>
      {!data ? (
        <LoadingOrFailed
          query={histories}
          message={t('pulse.historic.load_error')}
          retry={t('pulse.retry')}
          className="justify-center py-16"
        />
      ) : shown.length === 0 ? (
        <p className="rounded-md border border-dashed border-line py-16 text-center text-faint">
          {t('pulse.historic.empty')}
        </p>
      ) : (
        <div className={clsx('flex flex-col gap-3 lg:flex-row', isPlaceholderData && 'opacity-60')}>
          <section className="min-w-0 flex-1 rounded-md border border-line bg-panel p-1">
            <Suspense fallback={<Loading className="h-80 justify-center" />}>
              <HistoricChart
                lines={lines}
                scale={scale}
                label={t('pulse.historic.chart_label', { count: lines.length })}
              />
            </Suspense>
            {scale === 'percent' && (
              <p className="px-2 pb-1 text-[11px] text-faint">{t('pulse.historic.percent_hint')}</p>
            )}
          </section>
          <Legend shown={shown} colours={lines.map((line) => line.colour)} onRemove={remove} />
        </div>
      )}
    </div>
  );
}

type LegendProps = {
  shown: readonly CollectionFloorHistory[];
  colours: readonly string[];
  onRemove: (address: string) => void;
};

function Legend({ shown, colours, onRemove }: LegendProps) {
  const { t } = useMarketPulseTexts();
  return (
    <ul
      aria-label={t('pulse.historic.legend')}
      className="flex flex-col divide-y divide-line self-start rounded-md border border-line bg-panel max-lg:w-full lg:w-80"
    >
      {shown.map((line, i) => {
        const name = line.name ?? shortAddress(line.address);
        const hasFloor = line.list.some((point) => point.floor !== null);
        return (
          <li key={line.address} className="flex items-center gap-2 px-2 py-1.5">
            <span className="h-3 w-1 shrink-0 rounded-full" style={{ background: colours[i] }} aria-hidden />
            <CollectionImage src={line.img} name={line.name} className="size-7 text-[12px]" />
            <div className="min-w-0 flex-1">
              <Link to={collectionPath(line.address, false)} className="block truncate text-fg hover:text-accent">
                {name}
              </Link>
              {hasFloor ? (
                <dl className="flex flex-wrap gap-x-3 text-[11px]">
                  <div className="flex gap-1">
                    <dt className="text-faint">{t('pulse.historic.floor')}</dt>
                    <dd className="font-mono text-fg">{line.floor === null ? NO_VALUE : formatEth(line.floor)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-faint">{t('pulse.historic.change')}</dt>
                    <dd className={clsx('font-mono', changeColour(line.floor_change))}>
                      {formatChange(line.floor_change)}
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-faint">{t('pulse.historic.volume')}</dt>
                    <dd className="font-mono text-fg">{formatEth(line.volume, 2)}</dd>
                  </div>
                </dl>
              ) : (
                <p className="text-[11px] text-faint">{t('pulse.historic.no_history')}</p>
              )}
            </div>
            <button
              type="button"
              className="icon-button size-6 shrink-0"
              aria-label={t('pulse.historic.remove', { name })}
              onClick={() => onRemove(line.address)}
            >
              <X size={12} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
