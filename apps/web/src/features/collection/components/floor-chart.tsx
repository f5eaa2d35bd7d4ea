import type { FloorPoint } from '@floordesk/protocol';
import {
  type ISeriesApi,
  LastPriceAnimationMode,
  LineSeries,
  type MouseEventParams,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartEth, createVolumeChart, ETH_LINE_OPTIONS, type VolumeChart } from '../../../lib/chart';
import { formatDate } from '../../../lib/dates';
import { formatCount, formatEth } from '../../../lib/format';
import { EmptyState } from '../../../components/ui/section-panel';

type FloorChartProps = { points: readonly FloorPoint[] };

/** Floor line and volume histogram (lightweight-charts); follows the theme and its container's size. */
export default function FloorChart({ points }: FloorChartProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<VolumeChart<ISeriesApi<'Line'>> | null>(null);
  const [hoveredTime, setHoveredTime] = useState<number | null>(null);

  // The chart draws points in time order and refuses anything else.
  const sorted = useMemo(() => points.toSorted((a, b) => a.time - b.time), [points]);
  const empty = sorted.every((point) => point.floor === null && point.trades === 0);

  useEffect(() => {
    const created = createVolumeChart(container.current!, {
      series: (api) =>
        api.addSeries(LineSeries, {
          lineWidth: 2,
          priceLineVisible: false,
          // Screenshots and e2e runs compare still frames.
          lastPriceAnimation: LastPriceAnimationMode.Disabled,
          ...ETH_LINE_OPTIONS,
        }),
      paintSeries: (floor, colours) => floor.applyOptions({ color: colours.accent }),
    });
    const onCrosshairMove = (event: MouseEventParams) =>
      setHoveredTime(typeof event.time === 'number' ? event.time : null);
    created.api.subscribeCrosshairMove(onCrosshairMove);
    chart.current = created;
    return () => {
      created.api.unsubscribeCrosshairMove(onCrosshairMove);
      created.remove();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!chart.current) return;
    chart.current.series.setData(
      sorted.map((point) =>
        point.floor === null
          ? { time: point.time as UTCTimestamp }
          : { time: point.time as UTCTimestamp, value: chartEth(point.floor) },
      ),
    );
    chart.current.volume.setData(
      sorted.map((point) => ({ time: point.time as UTCTimestamp, value: chartEth(point.volume) })),
    );
    chart.current.api.timeScale().fitContent();
  }, [sorted]);

  const shown = sorted.find((point) => point.time === hoveredTime) ?? sorted.at(-1);
  return (
    <div className="relative flex min-h-64 flex-1 flex-col">
      {shown && (
        <dl className="flex flex-wrap gap-x-4 gap-y-0.5 px-3 py-1.5 text-[11px]">
          <div className="flex gap-1.5">
            <dt className="sr-only">{t('collection.chart.time')}</dt>
            <dd className="text-faint">{formatDate(shown.time, 'MM-DD HH:mm')}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-faint">{t('collection.chart.floor')}</dt>
            <dd className="font-mono text-accent">{shown.floor === null ? '—' : formatEth(shown.floor)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-faint">{t('collection.chart.trades')}</dt>
            <dd className="font-mono text-fg">{formatCount(shown.trades)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-faint">{t('collection.chart.volume')}</dt>
            <dd className="font-mono text-fg">{formatEth(shown.volume, 2)}</dd>
          </div>
        </dl>
      )}
      <div ref={container} className="min-h-0 flex-1" />
      {empty && (
        <div className="absolute inset-0 grid place-items-center">
          <EmptyState>{t('collection.chart.empty')}</EmptyState>
        </div>
      )}
    </div>
  );
}
