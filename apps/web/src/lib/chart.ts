import {
  type AutoscaleInfoProvider,
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

/** An ETH axis label: 4 decimals, as floors show elsewhere; a price is never negative, nor "-0.0000". */
export function chartEthLabel(price: number): string {
  return Math.max(price, 0).toFixed(4);
}

/** An ETH series' axis and crosshair labels. */
export const CHART_ETH_FORMAT = { type: 'custom', formatter: chartEthLabel, minMove: 0.0001 } as const;

/** An ETH axis spans at least this share of its highest value, so a flat floor is drawn with distinct labels. */
const MIN_ETH_SPAN_SHARE = 0.1;
/** …and at least this much ETH (10 ticks of 0.0001), for a floor near zero. */
const MIN_ETH_SPAN = 0.001;

/**
 * The ETH range an axis shows for a line's range: widened to the minimum span around it, and never below zero. The
 * price pane has no margin below its range (`createVolumeChart`), so the lowest label is the range's own bottom.
 */
export function ethAxisRange({ minValue, maxValue }: { minValue: number; maxValue: number }) {
  const span = Math.max(MIN_ETH_SPAN, maxValue * MIN_ETH_SPAN_SHARE);
  const pad = Math.max(0, span - (maxValue - minValue)) / 2;
  const bottom = Math.max(0, minValue - pad);
  return { minValue: bottom, maxValue: Math.max(maxValue + pad, bottom + span) };
}

/** Autoscales an ETH series by `ethAxisRange`. */
export const ethAutoscale: AutoscaleInfoProvider = (base) => {
  const info = base();
  return info?.priceRange == null ? info : { ...info, priceRange: ethAxisRange(info.priceRange) };
};

/** An ETH line's options on these charts: its labels and range, and no price tag over the axis labels. */
export const ETH_LINE_OPTIONS = {
  priceFormat: CHART_ETH_FORMAT,
  autoscaleInfoProvider: ethAutoscale,
  lastValueVisible: false,
} as const;

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
  /** Adds the caller's own series (drawn above the volume) before the first paint. */
  series?: (api: IChartApi) => S;
  /** Colours the caller's series, at the first paint and on every theme change. */
  paintSeries?: (series: S, colours: ChartColours) => void;
};

/** The price pane over the volume pane: three to one. */
const PRICE_PANE_STRETCH = 3;

/**
 * A time chart sized by its container: price lines in the top pane, a volume histogram in a quarter-height pane below
 * (its own pane, so the price axis needs no room below its lowest value and never labels a price under zero), painted
 * in the theme's colours and again whenever the theme changes. `remove` stops following the theme and removes the
 * chart.
 */
export function createVolumeChart<S = undefined>(
  container: HTMLElement,
  { series: addSeries, paintSeries }: VolumeChartOptions<S> = {},
): VolumeChart<S> {
  const api = createChart(container, {
    autoSize: true,
    localization: { timeFormatter: chartCrosshairTime },
    // Edges fixed to the data: nothing to scroll to beyond it, and the chart then draws the first and last time labels
    // inside the pane instead of cut in half at its edges.
    timeScale: {
      timeVisible: true,
      secondsVisible: false,
      tickMarkFormatter: chartTickMark,
      fixLeftEdge: true,
      fixRightEdge: true,
    },
    // A label the pane's edge would cut is left out rather than drawn in half.
    rightPriceScale: { scaleMargins: { top: 0.1, bottom: 0 }, entireTextOnly: true },
  });
  const series = addSeries?.(api) as S;
  const volume = api.addSeries(
    HistogramSeries,
    {
      priceScaleId: VOLUME_SCALE,
      priceLineVisible: false,
      lastValueVisible: false,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    },
    1,
  );
  api.priceScale(VOLUME_SCALE, 1).applyOptions({ scaleMargins: { top: 0.1, bottom: 0 } });
  api.panes()[0]?.setStretchFactor(PRICE_PANE_STRETCH);

  function paint() {
    const colours = chartThemeColours();
    api.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: colours.background },
        textColor: colours.text,
        fontSize: 11,
        panes: { separatorColor: colours.grid },
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
