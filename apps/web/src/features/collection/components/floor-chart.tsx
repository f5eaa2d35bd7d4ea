import type { FloorPoint } from '@floordesk/protocol';
import {
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LastPriceAnimationMode,
  LineSeries,
  type MouseEventParams,
  type Time,
  TickMarkType,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { formatEth } from '../../../lib/format';
import { settingsStore } from '../../../stores/settings-store';
import { formatCount } from '../../../lib/format';
import { EmptyState } from './section-panel';

const VOLUME_SCALE = 'volume';

type Chart = { api: IChartApi; floor: ISeriesApi<'Line'>; volume: ISeriesApi<'Histogram'> };

/** The chart's colours from the theme's CSS variables, read after the theme attribute has changed. */
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const colour = (name: string) => style.getPropertyValue(name).trim();
  return {
    background: colour('--panel'),
    text: colour('--muted'),
    grid: colour('--line'),
    floor: colour('--accent'),
    volume: colour('--faint'),
  };
}

/** The chart draws Unix seconds as UTC; these show them in the user's own timezone instead. */
function tickMark(time: Time, type: TickMarkType): string {
  const seconds = time as UTCTimestamp;
  switch (type) {
    case TickMarkType.Year:
      return formatDate(seconds, 'YYYY');
    case TickMarkType.Month:
      return formatDate(seconds, 'MMM');
    case TickMarkType.DayOfMonth:
      return formatDate(seconds, 'MM-DD');
    case TickMarkType.Time:
      return formatDate(seconds, 'HH:mm');
    case TickMarkType.TimeWithSeconds:
      return formatDate(seconds, 'HH:mm:ss');
  }
}

function crosshairTime(time: Time) {
  return formatDate(time as UTCTimestamp, 'YYYY-MM-DD HH:mm');
}

function weiToEth(wei: string): number {
  return Number(formatEth(wei, 6));
}

type FloorChartProps = { points: readonly FloorPoint[] };

/** Floor line and volume histogram (lightweight-charts); follows the theme and its container's size. */
export default function FloorChart({ points }: FloorChartProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [hoveredTime, setHoveredTime] = useState<number | null>(null);

  // The chart draws points in time order and refuses anything else.
  const sorted = useMemo(() => points.toSorted((a, b) => a.time - b.time), [points]);
  const empty = sorted.every((point) => point.floor === null && point.trades === 0);

  useEffect(() => {
    const api = createChart(container.current!, {
      autoSize: true,
      localization: { timeFormatter: crosshairTime, priceFormatter: (price: number) => price.toFixed(4) },
      timeScale: { timeVisible: true, secondsVisible: false, tickMarkFormatter: tickMark },
      rightPriceScale: { scaleMargins: { top: 0.1, bottom: 0.3 } },
    });
    const floor = api.addSeries(LineSeries, {
      lineWidth: 2,
      priceLineVisible: false,
      // Screenshots and e2e runs compare still frames.
      lastPriceAnimation: LastPriceAnimationMode.Disabled,
      priceFormat: { type: 'price', precision: 4, minMove: 0.0001 },
    });
    const volume = api.addSeries(HistogramSeries, {
      priceScaleId: VOLUME_SCALE,
      priceLineVisible: false,
      lastValueVisible: false,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    api.priceScale(VOLUME_SCALE).applyOptions({ scaleMargins: { top: 0.75, bottom: 0 } });

    function paint() {
      const colours = themeColours();
      api.applyOptions({
        layout: {
          background: { type: ColorType.Solid, color: colours.background },
          textColor: colours.text,
          fontSize: 11,
        },
        grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
        rightPriceScale: { borderColor: colours.grid },
        timeScale: { borderColor: colours.grid },
      });
      floor.applyOptions({ color: colours.floor });
      volume.applyOptions({ color: colours.volume });
    }
    paint();
    // The app's own settings listener subscribed first, so the theme attribute and the date locale have switched
    // by the time this repaints (the axis's month names follow the language).
    const stopPainting = settingsStore.subscribe(paint);

    const onCrosshairMove = (event: MouseEventParams) =>
      setHoveredTime(typeof event.time === 'number' ? event.time : null);
    api.subscribeCrosshairMove(onCrosshairMove);
    chart.current = { api, floor, volume };
    return () => {
      stopPainting();
      api.unsubscribeCrosshairMove(onCrosshairMove);
      api.remove();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!chart.current) return;
    chart.current.floor.setData(
      sorted.map((point) =>
        point.floor === null
          ? { time: point.time as UTCTimestamp }
          : { time: point.time as UTCTimestamp, value: weiToEth(point.floor) },
      ),
    );
    chart.current.volume.setData(
      sorted.map((point) => ({ time: point.time as UTCTimestamp, value: weiToEth(point.volume) })),
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
