import {
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type Time,
  TickMarkType,
  type UTCTimestamp,
} from 'lightweight-charts';
import { settingsStore } from '../stores/settings-store';
import { formatDate } from './dates';
import { formatEth } from './format';

/*
 * What the app's lightweight-charts charts share (the collection page's floor history, /historic): imported by
 * charts only, which load lazily with the library.
 */

const VOLUME_SCALE = 'volume';

/** The chart's colours from the theme's CSS variables, read after the theme attribute has changed. */
export function chartThemeColours() {
  const style = getComputedStyle(document.documentElement);
  const colour = (name: string) => style.getPropertyValue(name).trim();
  return {
    background: colour('--panel'),
    text: colour('--muted'),
    grid: colour('--line'),
    accent: colour('--accent'),
    faint: colour('--faint'),
  };
}
export type ChartColours = ReturnType<typeof chartThemeColours>;

/** Axis labels: the chart draws Unix seconds as UTC; these show them in the user's own timezone instead. */
export function chartTickMark(time: Time, type: TickMarkType): string {
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

/** The crosshair's time label, in the user's timezone. */
export function chartCrosshairTime(time: Time): string {
  return formatDate(time as UTCTimestamp, 'YYYY-MM-DD HH:mm');
}

/** An ETH series' axis and crosshair labels: 4 decimals, as floors show elsewhere. */
export const CHART_ETH_FORMAT = { type: 'price', precision: 4, minMove: 0.0001 } as const;

/** Wei as the chart's ETH number, 6 decimals. */
export function chartEth(wei: string): number {
  return Number(formatEth(wei, 6));
}

export type VolumeChart<S> = {
  api: IChartApi;
  volume: ISeriesApi<'Histogram'>;
  /** What `series` added. */
  series: S;
  remove: () => void;
};

type VolumeChartOptions<S> = {
  priceFormatter?: (price: number) => string;
  /** Adds the caller's own series (drawn above the volume) before the first paint. */
  series?: (api: IChartApi) => S;
  /** Colours the caller's series, at the first paint and on every theme change. */
  paintSeries?: (series: S, colours: ChartColours) => void;
};

/**
 * A time chart sized by its container, with a volume histogram along its bottom quarter and room above it for price
 * lines, painted in the theme's colours and again whenever the theme changes. `remove` stops following the theme
 * and removes the chart.
 */
export function createVolumeChart<S = undefined>(
  container: HTMLElement,
  { priceFormatter, series: addSeries, paintSeries }: VolumeChartOptions<S> = {},
): VolumeChart<S> {
  const api = createChart(container, {
    autoSize: true,
    localization: { timeFormatter: chartCrosshairTime, ...(priceFormatter && { priceFormatter }) },
    timeScale: { timeVisible: true, secondsVisible: false, tickMarkFormatter: chartTickMark },
    rightPriceScale: { scaleMargins: { top: 0.1, bottom: 0.3 } },
  });
  const series = addSeries?.(api) as S;
  const volume = api.addSeries(HistogramSeries, {
    priceScaleId: VOLUME_SCALE,
    priceLineVisible: false,
    lastValueVisible: false,
    priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
  });
  api.priceScale(VOLUME_SCALE).applyOptions({ scaleMargins: { top: 0.75, bottom: 0 } });

  function paint() {
    const colours = chartThemeColours();
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
    volume.applyOptions({ color: colours.faint });
    paintSeries?.(series, colours);
  }
  paint();
  // The app's own settings listener subscribed first, so the theme attribute and the date locale have switched by
  // the time this repaints (the axis's month names follow the language).
  const stopPainting = settingsStore.subscribe(paint);
  return {
    api,
    volume,
    series,
    remove() {
      stopPainting();
      api.remove();
    },
  };
}
